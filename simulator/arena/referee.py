"""The referee: it deals, applies the players' choices, draws the chances and runs the game.

A game's turns (6): the wager (7), the play (8-10) and the powers it calls (15), the discards
and the draw at the turn's end (11), the end of a round (8, 12) and a stalemate (14). What a
player decides comes from ``simulator.arena.policy`` with his policy's parameters; what the
rules allow from ``simulator.arena.moves``; this module alone changes the table and draws the
game's chances (the deal, the Cyclops' and the Titan's random cards, a stalemate's shuffle).
``engine.arena.game.apply`` is the same referee in plain Python, and the tests replay the
kernel's games through it turn by turn (``simulator.arena.trace``).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from engine.arena.cards import (
    CYCLOPS,
    DRAGON,
    FIRST_SPECTATOR,
    HYDRA,
    MAX_DISCARDS,
    N_CREATURES,
    N_STRENGTH,
    PENALISED_CAPACITY,
    RANGER,
    ROUNDS,
    SECRET_DUCATS,
    STRENGTHS,
    TITAN,
    TROLL,
    UNICORN,
    WARLOCK,
)
from engine.arena.rules import RANGER_DRAW, TITAN_SNATCH
from engine.arena.state import HIDDEN
from simulator.arena.moves import (
    backer,
    has_play,
    holds_bid,
    legal_plays,
    lowest,
    visible,
    wager_value,
)
from simulator.arena.policy import (
    NONE_YET,
    PARAM_RIVAL,
    choose_burn,
    choose_reclaim,
    choose_second,
    choose_swap,
    choose_victim,
    choose_wager,
    choose_warlock_discard,
    discards,
    interest_in,
    leaves_power_unused,
    pick,
    snatch_worth,
)
from simulator.arena.state import (
    E_ASIDE,
    E_BURN,
    E_CLAIM,
    E_DISCARD,
    E_KEEP,
    E_PILE,
    E_PLAY,
    E_POWER,
    E_SECOND,
    E_SNATCH,
    E_SWAP,
    E_TURN,
    E_VICTIM,
    E_WAGER,
    E_WARLOCK,
    F_PLAY,
    F_WAGER,
    F_WAGER_ARG,
    FORCED,
    G_BID,
    G_COVERED,
    G_DISC_N,
    G_DISCARDED,
    G_DISCVIS,
    G_DRAW_N,
    G_HEAD,
    G_HYDRA,
    G_LAST,
    G_OVER,
    G_PLAYER,
    G_PLAYERS,
    G_ROUND,
    G_STALE,
    G_STARTER,
    G_TURN,
    MAX_TURNS,
    NOT_FORCED,
    O_A,
    O_B,
    O_C,
    O_CARD,
    O_KIND,
    P_CARD,
    P_HEAD,
    P_PASS,
    PL_COLUMN,
    PL_DISCARD,
    SEAT_CAPACITY,
    SEAT_CHIPS,
    SECRET_CARD,
    SECRET_CREATURE,
    SECRET_REVEALED,
    W_BET,
    W_REVEAL,
    W_SECRET,
    below,
    find,
    in_game,
    in_game_inline,
    log_event,
    remove_at,
)

NOBODY = -1

# --- moving cards ---------------------------------------------------------------------------


@in_game
def take(t, kind, a, b):
    """Take the visible card of a place (``moves.visible``) off the table."""
    card = visible(t, kind, a, b)
    if kind == PL_COLUMN:
        t.col_n[a, b] -= 1
    elif kind == PL_DISCARD:
        t.game[G_DISC_N] -= 1
        t.game[G_DISCVIS] = 0
    else:
        t.secret[a, SECRET_CARD] = -1
    return card


@in_game
def put(t, kind, a, b, card):
    """Put ``card`` on top of a place, face up."""
    if kind == PL_COLUMN:
        t.cols[a, b, t.col_n[a, b]] = card
        t.col_n[a, b] += 1
    elif kind == PL_DISCARD:
        t.discard[t.game[G_DISC_N]] = card
        t.game[G_DISC_N] += 1
        t.game[G_DISCVIS] = 1
    else:
        t.secret[a, SECRET_CARD] = card


@in_game
def discard(t, card, face_up):
    """``card`` onto the Discard tray (10, 11: face up; 8: an eliminated creature's cards face
    down)."""
    g = t.game
    t.discard[g[G_DISC_N]] = card
    g[G_DISC_N] += 1
    g[G_DISCVIS] = 1 if face_up else 0


@in_game
def take_from_hand(t, p, card):
    k = find(t.hands[p], t.hand_n[p], card)
    t.hand_n[p] = remove_at(t.hands[p], t.hand_n[p], k)


@in_game_inline
def to_hand(t, p, card):
    t.hands[p, t.hand_n[p]] = card
    t.hand_n[p] += 1


@in_game_inline
def draw_card(t, p):
    """p draws the Draw pile's top card (the pile is not empty)."""
    t.game[G_DRAW_N] -= 1
    to_hand(t, p, t.draw[t.game[G_DRAW_N]])


# --- a card on a row and its power (8, 9, 15) --------------------------------------------------


@in_game
def use_power(t, rng, c, interest, params):
    """Use c's power after its strength card (15.1-15.8): the policy chooses its targets, the
    referee draws its random cards."""
    hands, hand_n, alive, g = t.hands, t.hand_n, t.alive, t.game
    p = g[G_PLAYER]
    if c == CYCLOPS or c == TITAN:  # noqa: SIM109
        v = choose_victim(t, rng, params, c)
        n = hand_n[v]
        log_event(t, E_VICTIM, v, 0, 0, 0, 0)
        if c == CYCLOPS:
            for _ in range((n + 1) // 2):  # 15.1: half the Hand, rounded up, at random
                i = below(rng, hand_n[v])
                log_event(t, E_ASIDE, hands[v, i], 0, 0, 0, 0)
                t.aside[v, t.aside_n[v]] = hands[v, i]
                t.aside_n[v] += 1
                hand_n[v] = remove_at(hands[v], hand_n[v], i)
        else:
            k = min(TITAN_SNATCH, n)  # 15.5: three cards at random, one kept
            if k == 0:
                return
            # each card is weighed as it is drawn: the random player's draw for its worth
            # comes between the referee's draws of the cards
            best_i = -1
            best = NONE_YET
            i0, i1 = -1, -1  # the cards drawn before (three at most)
            for j in range(k):
                i = below(rng, n)
                while i == i0 or i == i1:  # noqa: SIM109
                    i = below(rng, n)
                if j == 0:
                    i0 = i
                elif j == 1:
                    i1 = i
                log_event(t, E_SNATCH, hands[v, i], 0, 0, 0, 0)
                u = snatch_worth(rng, params, interest, alive, hands[v, i])
                if u > best:
                    best, best_i = u, i
            card = hands[v, best_i]
            log_event(t, E_KEEP, card, 0, 0, 0, 0)
            hand_n[v] = remove_at(hands[v], hand_n[v], best_i)
            to_hand(t, p, card)
    elif c == DRAGON:
        who = choose_burn(t, rng, params, interest)
        if who >= 0:
            log_event(t, E_BURN, who, 0, 0, 0, 0)
            card = take(t, PL_COLUMN, g[G_ROUND] - 1, who)
            discard(t, card, True)
    elif c == RANGER:  # 15.4: cards from the Draw pile
        for _ in range(RANGER_DRAW):
            if g[G_DRAW_N] > 0:
                draw_card(t, p)
    elif c == TROLL:
        kind, a, b = choose_reclaim(t)
        if kind >= 0:
            log_event(t, E_CLAIM, kind, a, b, 0, 0)
            to_hand(t, p, take(t, kind, a, b))
    elif c == UNICORN:
        x, kind, a, b = choose_swap(t, rng, params, interest)
        if x >= 0:
            r = g[G_ROUND] - 1
            log_event(t, E_SWAP, x, kind, a, b, 0)
            one = take(t, PL_COLUMN, r, x)
            two = take(t, kind, a, b)
            put(t, PL_COLUMN, r, x, two)
            put(t, kind, a, b, one)
    elif c == WARLOCK:  # 15.8: strength cards of the Hand discarded, three a turn in all
        left = MAX_DISCARDS - g[G_DISCARDED]
        done = 0
        while done < left:
            i = choose_warlock_discard(t, rng, params, interest, p)
            if i < 0:
                break
            card = hands[p, i]
            log_event(t, E_WARLOCK, card, 0, 0, 0, 0)
            hand_n[p] = remove_at(hands[p], hand_n[p], i)
            discard(t, card, True)
            done += 1
        g[G_DISCARDED] += done


@in_game
def play_card(t, rng, card, c, interest, params, second):
    """The player to move puts a strength card or a spectator on c's row (8, 9), and uses
    the power it calls if he backs c (15; ``second``: the Hydra's second card calls none of
    the Hydra's)."""
    cols, col_n, g = t.cols, t.col_n, t.game
    p = g[G_PLAYER]
    r = g[G_ROUND] - 1
    n = col_n[r, c]
    # 9: a spectator voids the power of a card played on it, and of any card on its row
    # later in this turn
    on_spectator = n > 0 and cols[r, c, n - 1] >= FIRST_SPECTATOR
    voided = on_spectator or (g[G_COVERED] >> c) & 1 == 1
    if on_spectator:
        g[G_COVERED] |= 1 << c
    take_from_hand(t, p, card)
    cols[r, c, n] = card
    col_n[r, c] = n + 1
    if card >= FIRST_SPECTATOR or voided or backer(t, c, NOBODY) != p:
        return
    if leaves_power_unused(rng, params):
        return
    if c == HYDRA:  # 15.3: the second card is played in the turn (``turn``)
        if second:
            return
        log_event(t, E_POWER, c, 0, 0, 0, 0)
        g[G_HYDRA] = 1
        return
    log_event(t, E_POWER, c, 0, 0, 0, 0)
    use_power(t, rng, c, interest, params)


@in_game
def end_of_round(t):
    """8: once every living creature's row has a card and one shows the lowest value alone,
    it is eliminated, its cards discarded face down, and the next round begins (12: the game
    ends after the fifth)."""
    cols, col_n, g = t.cols, t.col_n, t.game
    r = g[G_ROUND] - 1
    loser = lowest(t, r)
    if loser < 0:
        return
    t.alive[loser] = 0
    t.died[loser] = g[G_ROUND]
    for k in range(g[G_ROUND]):
        for j in range(col_n[k, loser]):
            discard(t, cols[k, loser, j], False)
        col_n[k, loser] = 0
    g[G_DISCVIS] = 0
    if g[G_ROUND] == ROUNDS:
        g[G_OVER] = 1
        return
    g[G_ROUND] += 1
    g[G_STARTER] = (g[G_PLAYER] + 1) % g[G_PLAYERS]


@in_game
def stalemate(t, rng):
    """14: the first round's cards shuffled under the Draw pile, one card each, and a bid for
    the next turn: the highest strength card of a living creature, the first in turn order
    among equals (the game ends when there is nothing left to shuffle or draw)."""
    hands, hand_n, draw, cols, col_n, alive, g = (
        t.hands, t.hand_n, t.draw, t.cols, t.col_n, t.alive, t.game
    )  # fmt: skip
    count = 0
    for c in range(N_CREATURES):
        count += col_n[0, c]
    if count == 0 and g[G_DRAW_N] == 0:
        g[G_OVER] = 1
        return
    n = g[G_DRAW_N]
    for k in range(n - 1, -1, -1):  # room at the bottom
        draw[k + count] = draw[k]
    k = 0
    for c in range(N_CREATURES):
        for j in range(col_n[0, c]):
            draw[k] = cols[0, c, j]
            k += 1
        col_n[0, c] = 0
    for k in range(count - 1, 0, -1):
        j = below(rng, k + 1)
        draw[k], draw[j] = draw[j], draw[k]
    for k in range(count):
        log_event(t, E_PILE, draw[k], 0, 0, 0, 0)
    g[G_DRAW_N] = n + count
    g[G_STALE] = 1
    players = g[G_PLAYERS]
    first = g[G_PLAYER]
    for q in range(players):
        p = (first + q) % players
        if g[G_DRAW_N] > 0:
            draw_card(t, p)
    best = -1
    who = first
    for q in range(players):
        p = (first + q) % players
        for i in range(hand_n[p]):
            card = hands[p, i]
            if card < N_STRENGTH and alive[card // STRENGTHS] == 1 and card % STRENGTHS > best:
                best, who = card % STRENGTHS, p
    g[G_PLAYER] = who
    g[G_STARTER] = who
    g[G_BID] = best


# --- a turn (6) ----------------------------------------------------------------------------------


@in_game_inline
def wager(t, p, kind, arg):
    """7: a visible bet on creature ``arg``, a secret bet with card ``arg``, or a reveal."""
    r = t.game[G_ROUND]
    if kind == W_BET:
        t.ducats[p, arg] += wager_value(r)
        t.chip[r - 1, arg] = 1
        t.seat[p, SEAT_CHIPS] -= 1
    elif kind == W_SECRET:
        take_from_hand(t, p, arg)
        t.secret[p, SECRET_CREATURE] = arg // STRENGTHS
        t.secret[p, SECRET_CARD] = arg
        t.secret[p, SECRET_REVEALED] = 0
        t.seat[p, SEAT_CHIPS] -= 1
    elif kind == W_REVEAL:
        t.secret[p, SECRET_REVEALED] = 1


@in_game_inline
def end_turn(t, rng, params, p, crippled):
    """11: the turn's discards (strength cards of eliminated creatures, three a turn with the
    Warlock's), the Cyclops' set-aside cards back (15.1), the draw up to the Hand Capacity (one
    a turn after a stalemate, 14)."""
    hands, hand_n, g = t.hands, t.hand_n, t.game
    left = MAX_DISCARDS - g[G_DISCARDED]
    i = 0
    while i < hand_n[p] and left > 0:
        x = hands[p, i]
        if x < N_STRENGTH and t.alive[x // STRENGTHS] == 0 and discards(rng, params):
            log_event(t, E_DISCARD, x, 0, 0, 0, 0)
            hand_n[p] = remove_at(hands[p], hand_n[p], i)
            discard(t, x, True)
            left -= 1
        else:
            i += 1
    if crippled:
        for k in range(t.aside_n[p]):
            to_hand(t, p, t.aside[p, k])
        t.aside_n[p] = 0
    want = t.seat[p, SEAT_CAPACITY] - hand_n[p]
    if g[G_STALE] == 1 and want > 1:
        want = 1
    while want > 0 and g[G_DRAW_N] > 0:
        draw_card(t, p)
        want -= 1


@in_game
def turn(t, rng, params, forced, opts, interest, strength):
    """One turn (6) of the player to move, by his policy (``params`` float64[N_PARAMS]), or the
    turn ``forced`` (int64[FORCED]) gives (F_WAGER NOT_FORCED: none). ``opts``, ``interest``
    and ``strength`` are the policy's scratch (``kernel.play_games``)."""
    g = t.game
    p = g[G_PLAYER]
    players = g[G_PLAYERS]
    g[G_HYDRA] = 0
    g[G_DISCARDED] = 0
    g[G_COVERED] = 0
    crippled = t.aside_n[p] > 0
    interest_in(t, p, params[PARAM_RIVAL], interest)
    if forced[F_WAGER] != NOT_FORCED:
        wk, warg = forced[F_WAGER], forced[F_WAGER_ARG]
    else:
        wk, warg = choose_wager(t, rng, p, interest, params, strength)
    log_event(t, E_TURN, p, 0, 0, 0, 0)
    log_event(t, E_WAGER, wk, warg, 0, 0, 0)
    wager(t, p, wk, warg)
    passed = False
    if wk != W_SECRET:  # 7: a secret bet is the whole turn
        bid = g[G_BID]
        if forced[F_WAGER] != NOT_FORCED:  # c: a card's row, the Head Referee's, a place's kind
            kind, card = forced[F_PLAY + O_KIND], forced[F_PLAY + O_CARD]
            c, a, b = forced[F_PLAY + O_C], forced[F_PLAY + O_A], forced[F_PLAY + O_B]
        else:
            m = legal_plays(t, p, opts, False, bid)
            if m == 0:
                kind, card, c, a, b = P_PASS, -1, 0, 0, 0
            else:
                k = pick(t, rng, opts, m, interest, params)
                kind, card = opts[k, O_KIND], opts[k, O_CARD]
                c, a, b = opts[k, O_C], opts[k, O_A], opts[k, O_B]
        log_event(t, E_PLAY, kind, card, c, a, b)
        if bid >= 0:  # 5: a bid higher than he can play costs a card of Hand Capacity
            if not holds_bid(t, p, bid):
                t.seat[p, SEAT_CAPACITY] = PENALISED_CAPACITY
            g[G_BID] = -1
        if kind == P_PASS:
            passed = True
        elif kind == P_CARD:
            play_card(t, rng, card, c, interest, params, False)
            if g[G_HYDRA] == 1:  # 15.3: a second card
                m = legal_plays(t, p, opts, True, -1)
                if m > 0:
                    k = choose_second(t, rng, opts, m, interest, params)
                    if k >= 0:
                        log_event(t, E_SECOND, opts[k, O_CARD], opts[k, O_C], 0, 0, 0)
                        play_card(t, rng, opts[k, O_CARD], opts[k, O_C], interest, params, True)
        elif kind == P_HEAD:  # 10: every secret bet on c revealed
            take_from_hand(t, p, card)
            for q in range(players):
                if t.secret[q, SECRET_CREATURE] == c:
                    t.secret[q, SECRET_REVEALED] = 1
            g[G_HEAD] = 1
        else:  # a Referee claims the card of place (c, a, b) (10)
            take_from_hand(t, p, card)
            to_hand(t, p, take(t, c, a, b))
            discard(t, card, True)
    end_turn(t, rng, params, p, crippled)
    g[G_LAST] = p
    g[G_TURN] += 1
    end_of_round(t)
    if g[G_OVER] == 0:
        g[G_PLAYER] = (p + 1) % players
        if passed:
            anyone = False
            for q in range(players):
                if has_play(t, q, True):
                    anyone = True
            if not anyone:
                stalemate(t, rng)


# --- a game ----------------------------------------------------------------------------------


@in_game
def deal(t, pool, rng):
    """3: the unseen cards ``pool`` (int64[m], shuffled in place) into the table's HIDDEN
    places; a hidden secret bet gets a strength card of the pool."""
    hands, hand_n, secret, g, aside, aside_n = (
        t.hands, t.hand_n, t.secret, t.game, t.aside, t.aside_n
    )  # fmt: skip
    m = pool.size
    for k in range(m - 1, 0, -1):
        j = below(rng, k + 1)
        pool[k], pool[j] = pool[j], pool[k]
    for p in range(g[G_PLAYERS]):
        if secret[p, SECRET_CARD] == HIDDEN:
            n_strength = 0
            for k in range(m):
                if pool[k] < N_STRENGTH:
                    n_strength += 1
            j = below(rng, n_strength)
            for k in range(m):
                if pool[k] < N_STRENGTH:
                    if j == 0:
                        card = pool[k]
                        pool[k] = pool[m - 1]
                        m -= 1
                        secret[p, SECRET_CREATURE] = card // STRENGTHS
                        secret[p, SECRET_CARD] = card
                        break
                    j -= 1
    for p in range(g[G_PLAYERS]):
        for k in range(hand_n[p]):
            if hands[p, k] == HIDDEN:
                m -= 1
                hands[p, k] = pool[m]
        for k in range(aside_n[p]):
            if aside[p, k] == HIDDEN:
                m -= 1
                aside[p, k] = pool[m]
    for k in range(g[G_DRAW_N]):
        if t.draw[k] == HIDDEN:
            m -= 1
            t.draw[k] = pool[m]
    for k in range(g[G_DISC_N]):
        if t.discard[k] == HIDDEN:
            m -= 1
            t.discard[k] = pool[m]


@njit(cache=True, nogil=True)
def play_out(t, rng, policy_of, params, forced, opts, interest, strength):
    """Every turn of a dealt game to its end, each player by his policy (``policy_of``
    int64[P] rows of ``params`` float64[policies, N_PARAMS]), the first turn ``forced``
    (int64[FORCED]; F_WAGER NOT_FORCED: the policy's own); the number of turns."""
    none = np.full(FORCED, NOT_FORCED, np.int64)
    g = t.game
    n = 0
    while g[G_OVER] == 0 and n < MAX_TURNS:
        turn(t, rng, params[policy_of[g[G_PLAYER]]], forced if n == 0 else none, opts,
             interest, strength)  # fmt: skip
        n += 1
    return n


@in_game
def score(t, died, ducats):
    """12: each creature's round of death into ``died`` (int64[8], 0 survived), each player's
    surviving bets into ``ducats`` (int64[P]); the winner, ties to the one who played last."""
    g = t.game
    for c in range(N_CREATURES):
        died[c] = t.died[c]
    players = g[G_PLAYERS]
    for p in range(players):
        d = 0
        for c in range(N_CREATURES):
            if t.alive[c] == 1:
                d += t.ducats[p, c]
                if t.secret[p, SECRET_CREATURE] == c:
                    d += SECRET_DUCATS
        ducats[p] = d
    best = -1
    win = -1
    for back in range(players):
        p = (g[G_LAST] - back + players) % players
        if ducats[p] > best:
            best, win = ducats[p], p
    return win
