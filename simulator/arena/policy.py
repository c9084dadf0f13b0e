"""The scripted players: how a player chooses his wager, his play and his powers' targets.

One parametrised policy; a player's policy is a row of the parameters below
(``simulator.arena.policies`` names the presets). Every function here only reads the table
and chooses: the referee (``simulator.arena.referee``) applies the choice. The random player
chooses with the game's generator (``rng``, uint64[1]); the others draw nothing from it.

A player's judgement starts from his interest in each creature (``interest_in``: float64[8]):
his own ducats on it less a share of his rivals' revealed ones. A play is worth the change of value
it makes on a creature times that interest, more where the creature is in danger, less what
the card spent was worth.
"""

from __future__ import annotations

from engine.arena.cards import (
    FIRST_SPECTATOR,
    N_CREATURES,
    N_STRENGTH,
    SECRET_DUCATS,
    STRENGTHS,
    TITAN,
    TROLL,
)
from simulator.arena.moves import (
    ABOVE_ANY_VALUE,
    backer,
    card_value,
    may_bet,
    may_bet_secretly,
    may_burn,
    may_reveal,
    open_to_bets,
    revealed_ducats,
    top_value,
    visible,
)
from simulator.arena.state import (
    G_PLAYER,
    G_PLAYERS,
    G_ROUND,
    O_A,
    O_B,
    O_C,
    O_CARD,
    O_KIND,
    P_CARD,
    P_HEAD,
    PL_COLUMN,
    PL_DISCARD,
    PL_SECRET,
    PLACE_KINDS,
    SECRET_CREATURE,
    W_BET,
    W_PASS,
    W_REVEAL,
    W_SECRET,
    below,
    in_game,
    in_game_inline,
)

# A policy's parameters: a row float64[N_PARAMS] (simulator.arena.policies: the presets)
PARAM_RIVAL = 0  # weight of a rival's revealed ducats on a creature against one's own
PARAM_CARD_COST = 1  # what spending a card costs, per point of its value
PARAM_SECRET = 2  # > 0: makes a secret bet when it may
PARAM_RANDOM = 3  # > 0: every choice at random among the legal ones
PARAM_REVEAL_ROUND = 4  # reveals its secret bet from this round on (or once out of chips)
N_PARAMS = 5

# The policy's judgement (not rules: any other numbers would play by the rules too)
VALUE_SCALE = 10.0  # a point of a card's value, in units of interest
MAX_VALUE = STRENGTHS - 1  # the highest value a card shows
UNKNOWN_VALUE = 4.5  # what a row without a card is taken to show
IN_DANGER, OUT_OF_DANGER = 1.5, 0.6  # a play's weight on a creature lowest (or bare), or not
VICTIM_SHARE = 0.6  # share of the interest in the creature a play would eliminate
SPECTATOR_COST = 0.15  # a spectator spent costs this beyond its value
AGAINST_SHARE = 0.3  # a card played against a creature costs its lowness times this
HEAD_REFEREE_WORTH, HEAD_REFEREE_PER_INTEREST = -0.4, 0.01  # the Head Referee on a creature
CLAIM_COST = 0.45  # a Referee spent to claim a card
SPECTATOR_USEFULNESS = 6.0  # a spectator kept in the Hand, in points of value
STAKE_WEIGHT = 0.1  # a creature's strength to a bettor, per unit of interest
HELD_SCALE = 20.0  # ... and per point of value of each of its cards he holds
BURN_LEVEL = 4.0  # the Dragon's target: interest times how far its top is below this
KEEP_LEVEL = 2.5  # the Warlock discards only cards less useful than this
NONE_YET = -1e9  # below any score

# The random player's draws
RANDOM_SCORES = 100  # a target's score: 1 .. 100 (a snatched card's: 0 .. 99)
RANDOM_DISCARD_SCORES, RANDOM_DISCARD_SHIFT = 10, 3.0  # -3 .. 6: six in ten under KEEP_LEVEL
POWER_LEFT_ONE_IN = 5  # leaves a power unused one time in five
COIN = 2


# --- judgement -------------------------------------------------------------------------------


@in_game
def interest_in(t, p, rival_weight, out):
    """How much p wants each living creature to survive, into ``out`` (float64[8]): his ducats
    on it (his secret bet included), less ``rival_weight`` times the most another player has
    revealed on it; 0 for an eliminated creature."""
    for c in range(N_CREATURES):
        mine = t.ducats[p, c] + (SECRET_DUCATS if t.secret[p, SECRET_CREATURE] == c else 0)
        most = 0
        for q in range(t.game[G_PLAYERS]):
            if q != p:
                d = revealed_ducats(t, q, c)
                if d > most:
                    most = d
        out[c] = (mine - rival_weight * most) if t.alive[c] == 1 else 0.0


@in_game
def play_score(t, card, c, interest, card_cost):
    """The worth of playing ``card`` on c's row (8): the interest in c times the change of its
    value, more where c is in danger (lowest, or without a card); less the interest in the
    creature it would eliminate if the round ended, and the card's cost."""
    alive = t.alive
    old = top_value(t, c)
    v = card_value(card)
    least = ABOVE_ANY_VALUE
    for x in range(N_CREATURES):
        if alive[x] == 1:
            tx = top_value(t, x)
            if tx >= 0 and tx < least:
                least = tx
    danger = IN_DANGER if old < 0 or old <= least else OUT_OF_DANGER
    base = UNKNOWN_VALUE if old < 0 else old
    score = interest[c] * (v - base) * danger / VALUE_SCALE
    # would the round end, and whom would it eliminate?
    low = ABOVE_ANY_VALUE
    who = -1
    count = 0
    full = True
    for x in range(N_CREATURES):
        if alive[x] == 0:
            continue
        tx = v if x == c else top_value(t, x)
        if tx < 0:
            full = False
            break
        if tx < low:
            low, who, count = tx, x, 1
        elif tx == low:
            count += 1
    if full and count == 1:
        score -= interest[who] * VICTIM_SHARE
    cost = card_cost * v / VALUE_SCALE
    if card >= FIRST_SPECTATOR:
        cost += SPECTATOR_COST
    if interest[c] < 0:  # played against c: a low card is the one spent
        cost = card_cost * (MAX_VALUE - v) / VALUE_SCALE * AGAINST_SHARE
    return score - cost


@in_game
def usefulness(card, interest, alive):
    """How much a player wants to keep a card, in points of value: a strength card of a
    creature he backs its value, of one he opposes its lowness, of an eliminated one -1."""
    if card >= FIRST_SPECTATOR:
        return SPECTATOR_USEFULNESS
    c = card // STRENGTHS
    if alive[c] == 0:
        return -1.0
    v = card % STRENGTHS
    return float(v) if interest[c] >= 0 else float(MAX_VALUE - v)


@in_game
def option_score(t, opts, k, interest, params):
    """The worth of the play in row k of ``opts`` (``moves.legal_plays``)."""
    kind, card = opts[k, O_KIND], opts[k, O_CARD]
    if kind == P_CARD:
        return play_score(t, card, opts[k, O_C], interest, params[PARAM_CARD_COST])
    if kind == P_HEAD:
        return HEAD_REFEREE_WORTH + HEAD_REFEREE_PER_INTEREST * interest[opts[k, O_C]]
    claimed = visible(t, opts[k, O_C], opts[k, O_A], opts[k, O_B])
    return usefulness(claimed, interest, t.alive) / VALUE_SCALE - CLAIM_COST


@in_game
def pick(t, rng, opts, m, interest, params):
    """The index of the chosen one of the m plays in ``opts``: at random, or the best by its
    worth (the first of equals)."""
    if params[PARAM_RANDOM] > 0:
        return below(rng, m)
    best = NONE_YET
    who = 0
    for k in range(m):
        s = option_score(t, opts, k, interest, params)
        if s > best:
            best, who = s, k
    return who


# --- the wager (7) -------------------------------------------------------------------------------


@in_game
def choose_wager(t, rng, p, interest, params, strength):
    """p's wager (7): (W_* kind, the creature of a bet or the card of a secret bet, else -1).
    ``strength`` (float64[8]) is scratch: how strong each creature looks to p."""
    hands, hand_n, alive, secret = t.hands, t.hand_n, t.alive, t.secret
    r = t.game[G_ROUND]
    bets = may_bet(t, p)
    secretly = may_bet_secretly(t, p)
    reveals = may_reveal(t, p)
    if params[PARAM_RANDOM] > 0:  # one of the legal wagers, a secret bet's card at random
        m = 1
        for c in range(N_CREATURES):
            if bets and open_to_bets(t, c):
                m += 1
        n_strength = 0
        if secretly:
            for i in range(hand_n[p]):
                if hands[p, i] < N_STRENGTH:
                    n_strength += 1
        m += 1 if n_strength > 0 else 0
        m += 1 if reveals else 0
        k = below(rng, m)
        if k == 0:
            return W_PASS, -1
        k -= 1
        for c in range(N_CREATURES):
            if bets and open_to_bets(t, c):
                if k == 0:
                    return W_BET, c
                k -= 1
        if n_strength > 0:
            if k == 0:
                j = below(rng, n_strength)
                for i in range(hand_n[p]):
                    if hands[p, i] < N_STRENGTH:
                        if j == 0:
                            return W_SECRET, hands[p, i]
                        j -= 1
            k -= 1
        return W_REVEAL, -1
    # how strong each creature looks to p: its value now, his stake, his cards of it
    for c in range(N_CREATURES):
        strength[c] = NONE_YET
        if alive[c] == 0:
            continue
        top = top_value(t, c)
        s = (UNKNOWN_VALUE if top < 0 else top) / VALUE_SCALE + STAKE_WEIGHT * interest[c]
        for i in range(hand_n[p]):
            card = hands[p, i]
            if card < N_STRENGTH and card // STRENGTHS == c:
                s += (card % STRENGTHS) / HELD_SCALE
        strength[c] = s
    mine = secret[p, SECRET_CREATURE]
    if (
        reveals
        and alive[mine] == 1
        and (r >= params[PARAM_REVEAL_ROUND] or not bets)
        and backer(t, mine, p) == p  # revealed, it would make him the backer (15)
    ):
        return W_REVEAL, -1
    if secretly and params[PARAM_SECRET] > 0:  # on his strongest creature, its lowest card
        best, who = NONE_YET, -1
        for c in range(N_CREATURES):
            has = False
            for i in range(hand_n[p]):
                if hands[p, i] < N_STRENGTH and hands[p, i] // STRENGTHS == c:
                    has = True
            if has and strength[c] > best:
                best, who = strength[c], c
        if who >= 0:
            low, card = ABOVE_ANY_VALUE, -1
            for i in range(hand_n[p]):
                x = hands[p, i]
                if x < N_STRENGTH and x // STRENGTHS == who and x % STRENGTHS < low:
                    low, card = x % STRENGTHS, x
            return W_SECRET, card
    if bets:
        best, who = NONE_YET, -1
        for c in range(N_CREATURES):
            if open_to_bets(t, c) and strength[c] > best:
                best, who = strength[c], c
        if who >= 0:
            return W_BET, who
    return W_PASS, -1


# --- the play's second card and the end of the turn ----------------------------------------------


@in_game_inline
def choose_second(t, rng, opts, m, interest, params):
    """The Hydra's second card (15.3): the index of one of the m plays in ``opts``, -1 to
    play none."""
    if params[PARAM_RANDOM] > 0:
        k = below(rng, m)
        use = below(rng, COIN) == 0
    else:
        k = pick(t, rng, opts, m, interest, params)
        use = option_score(t, opts, k, interest, params) > 0.0
    return k if use else -1


@in_game_inline
def leaves_power_unused(rng, params):
    """Whether the player leaves a power he holds unused (the random player, now and then)."""
    return params[PARAM_RANDOM] > 0 and below(rng, POWER_LEFT_ONE_IN) == 0


@in_game_inline
def discards(rng, params):
    """Whether the player discards a strength card of an eliminated creature he may discard
    (11): always; the random player on the toss of a coin."""
    return params[PARAM_RANDOM] == 0 or below(rng, COIN) == 0


# --- the powers' choices (15) --------------------------------------------------------------------


@in_game_inline
def choose_victim(t, rng, params, c):
    """The player the Cyclops stares at (15.1: the next to play) or the Titan snatches from
    (15.5: the one holding most cards)."""
    g = t.game
    p = g[G_PLAYER]
    players = g[G_PLAYERS]
    if params[PARAM_RANDOM] > 0:
        return (p + 1 + below(rng, players - 1)) % players
    v = (p + 1) % players
    if c == TITAN:
        for q in range(players):
            if q != p and t.hand_n[q] > t.hand_n[v]:
                v = q
    return v


@in_game_inline
def snatch_worth(rng, params, interest, alive, card):
    """What a card the Titan snatched is worth to keep (15.5; the best of them is kept)."""
    if params[PARAM_RANDOM] > 0:
        return float(below(rng, RANDOM_SCORES))
    return usefulness(card, interest, alive)


@in_game_inline
def choose_burn(t, rng, params, interest):
    """The creature whose top card the Dragon burns (15.2), -1 none worth it: the row whose
    loss hurts the player least (or helps him most)."""
    best = 0.0
    who = -1
    for x in range(N_CREATURES):
        if not may_burn(t, x):
            continue
        if params[PARAM_RANDOM] > 0:
            s = 1.0 + below(rng, RANDOM_SCORES)
        else:
            s = interest[x] * (BURN_LEVEL - top_value(t, x))
        if s > best:
            best, who = s, x
    return who


@in_game_inline
def choose_reclaim(t):
    """The Troll card the Troll reclaims (15.6): the highest visible one of a former round's
    Troll row, the Discard tray or a revealed secret bet, as a place (kind, a, b); kind -1
    none."""
    g = t.game
    first, last = TROLL * STRENGTHS, (TROLL + 1) * STRENGTHS
    bk, ba, bb, bv = -1, 0, 0, -1
    for r in range(g[G_ROUND] - 1):
        card = visible(t, PL_COLUMN, r, TROLL)
        if card >= first and card < last and card % STRENGTHS > bv:
            bk, ba, bb, bv = PL_COLUMN, r, TROLL, card % STRENGTHS
    card = visible(t, PL_DISCARD, 0, 0)
    if card >= first and card < last and card % STRENGTHS > bv:
        bk, bv = PL_DISCARD, card % STRENGTHS
    for q in range(g[G_PLAYERS]):
        card = visible(t, PL_SECRET, q, 0)
        if card >= first and card < last and card % STRENGTHS > bv:
            bk, ba, bv = PL_SECRET, q, card % STRENGTHS
    return bk, ba, bb


@in_game_inline
def choose_swap(t, rng, params, interest):
    """The Unicorn's exchange (15.7): a current top card and another visible card of the same
    creature, as (the row's creature, the place's kind, a, b); -1 none worth it."""
    g = t.game
    players = g[G_PLAYERS]
    r = g[G_ROUND] - 1
    best = 0.0
    bx, bk, ba, bb = -1, -1, 0, 0
    for x in range(N_CREATURES):
        cur = visible(t, PL_COLUMN, r, x)
        if cur < 0 or cur >= N_STRENGTH:
            continue
        owner = cur // STRENGTHS
        for k in range(PLACE_KINDS):
            top_a = g[G_ROUND] if k == PL_COLUMN else (1 if k == PL_DISCARD else players)
            for a in range(top_a):
                for b in range(N_CREATURES if k == PL_COLUMN else 1):
                    if k == PL_COLUMN and a == r:
                        continue
                    other = visible(t, k, a, b)
                    if other < 0 or other >= N_STRENGTH or other // STRENGTHS != owner:
                        continue
                    if params[PARAM_RANDOM] > 0:
                        s = 1.0 + below(rng, RANDOM_SCORES)
                    else:
                        s = interest[x] * (other % STRENGTHS - cur % STRENGTHS)
                    if s > best:
                        best, bx, bk, ba, bb = s, x, k, a, b
    return bx, bk, ba, bb


@in_game_inline
def choose_warlock_discard(t, rng, params, interest, p):
    """The index in p's Hand of the next strength card the Warlock discards (15.8), -1 to
    stop: the least useful one, if it is useless enough."""
    worst = KEEP_LEVEL
    wi = -1
    for i in range(t.hand_n[p]):
        card = t.hands[p, i]
        if card >= FIRST_SPECTATOR:
            continue
        if params[PARAM_RANDOM] > 0:
            u = float(below(rng, RANDOM_DISCARD_SCORES)) - RANDOM_DISCARD_SHIFT
        else:
            u = usefulness(card, interest, t.alive)
        if u < worst:
            worst, wi = u, i
    return wi
