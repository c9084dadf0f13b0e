"""The Arena's kernel: whole games from a table to their end, in numba.

Game ``i`` of a request deals the unseen cards and plays every turn with the generator
``battle_key(seed, i)`` (``simulator.rng``), so games are independent and the same ``i`` deals
the same cards whatever the first turn is: advice compares its plays on common random numbers.

Cards are ``engine.arena.cards``' ints. A table is a bundle of int64 arrays (``Tables``):

- ``hands`` [P, H], ``hand_n`` [P]; ``aside`` [P, H], ``aside_n`` [P] (the Cyclops, 15.1)
- ``draw`` [D], ``disc`` [D] (top last); ``cols`` [5, 8, S], ``col_n`` [5, 8]
- ``vis`` [P, 8] visible ducats; ``chip`` [5, 8] a visible chip in that round (7)
- ``sec`` [P, 3]: secret bet creature (-1 none), its card (-1 claimed), revealed
- ``pl`` [P, 2]: chips left, Hand Capacity; ``alive`` [8], ``died`` [8] (round, 0 alive)
- ``g`` [G]: the scalars (the ``G_*`` indices)
- ``log`` [L, 6]: the game's choices and chances, one event a row (``E_*``), written only by
  ``play_traced`` (``simulator.arena.trace`` reads them; other games get a log of no rows)

``HIDDEN`` (-2) marks a place whose card is dealt from the unseen pool at the start of a game.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from simulator.rng import battle_key, next_word

HIDDEN = -2
N_CARDS = 102
FIRST_SPECTATOR = 88
HEAD_REFEREE = 99
H = 48  # most cards one Hand may hold
S = 24  # most cards in one row of one column (11 strength + 11 spectators)
D = 110

G_ROUND, G_PLAYER, G_STARTER, G_TURN, G_LAST, G_BID, G_STALE, G_OVER = range(8)
G_HEAD, G_DISCVIS, G_DRAW_N, G_DISC_N, G_PLAYERS, G_DISCARDED, G_HYDRA = range(8, 15)
G_COVERED = 15  # bit mask of rows whose spectator was covered this turn (9)
G_LOG = 16  # rows of the log written
G_SIZE = 17

# the log's events: (E_*, then up to five values)
E_TURN = 0  # player
E_WAGER = 1  # wager kind, creature or card
E_PLAY = 2  # play kind, card, creature or place kind, place's round and creature / player
E_SECOND = 3  # the Hydra's second card: card, creature
E_POWER = 4  # the power of creature c used: c
E_VICTIM = 5  # the Cyclops' or the Titan's victim: player
E_ASIDE = 6  # a card the Cyclops set aside
E_SNATCH = 7  # a card the Titan snatched
E_KEEP = 8  # the snatched card the Titan kept
E_BURN = 9  # the creature whose top card the Dragon burnt
E_CLAIM = 10  # the place of the card the Troll reclaimed: kind, a, b
E_SWAP = 11  # the Unicorn's exchange: the current round's row, and a place: kind, a, b
E_WARLOCK = 12  # a card the Warlock discarded
E_DISCARD = 13  # a card discarded at the turn's end (11)
E_PILE = 14  # a card of a stalemate's new Draw pile, from the bottom (14)
LOG_WIDTH = 6

# Inner functions allocate nothing: compiled without reference counting, NumPy's error model.
inner = njit(cache=True, nogil=True, _nrt=False, error_model="numpy")
inline = njit(cache=True, nogil=True, _nrt=False, error_model="numpy", inline="always")


@inline
def _log(t, event, a, b, c, d, e):
    """One event in the game's log, when it has one (``play_traced``)."""
    log, g = t[15], t[12]
    i = g[G_LOG]
    if i < log.shape[0]:
        log[i, 0], log[i, 1], log[i, 2], log[i, 3], log[i, 4], log[i, 5] = event, a, b, c, d, e
        g[G_LOG] = i + 1


# policies (simulator.arena.policies mirrors them)
DEFAULT, RANDOM, AGGRESSIVE = 0, 1, 2
MAX_TURNS = 3000  # a guard: a game of the rules never nears it

# wager kinds, play kinds (a forced first turn, and the trace)
W_PASS, W_BET, W_SECRET, W_REVEAL = 0, 1, 2, 3
P_NONE, P_CARD, P_HEAD, P_REFEREE, P_PASS = 0, 1, 2, 3, 4
PL_COLUMN, PL_DISCARD, PL_SECRET = 0, 1, 2


@inline
def _below(state, n):
    """A uniform int in [0, n)."""
    return np.int64(((next_word(state) >> np.uint64(32)) * np.uint64(n)) >> np.uint64(32))


@inline
def _value(card):
    if card < 88:
        return card % 11
    if card < 99:
        return card - 88
    return -1


@inner
def _remove(arr, n, i):
    """Remove index i of arr[:n] keeping order; the new length."""
    for k in range(i, n - 1):
        arr[k] = arr[k + 1]
    return n - 1


@inner
def _find(arr, n, card):
    for k in range(n):
        if arr[k] == card:
            return k
    return -1


@inner
def _revealed(vis, sec, p, c):
    d = vis[p, c]
    if sec[p, 0] == c and sec[p, 2] == 1:
        d += 5
    return d


@inner
def _backer(vis, sec, players, c):
    """15: the one player with the most revealed ducats on c; -1 if tied or none."""
    best = 0
    who = -1
    tied = False
    for p in range(players):
        d = _revealed(vis, sec, p, c)
        if d > best:
            best, who, tied = d, p, False
        elif d == best and d > 0:
            tied = True
    return -1 if tied else who


@inner
def _lowest(cols, col_n, r, alive):
    """8: the creature eliminated if the round ended now, else -1."""
    least = 99
    who = -1
    count = 0
    for c in range(8):
        if alive[c] == 0:
            continue
        n = col_n[r, c]
        if n == 0:
            return -1
        v = _value(cols[r, c, n - 1])
        if v < least:
            least, who, count = v, c, 1
        elif v == least:
            count += 1
    return who if count == 1 else -1


@inner
def _visible(t, kind, a, b):
    """10: the visible card at a place, or -1."""
    cols, col_n, disc, sec, g = t[4], t[5], t[3], t[9], t[12]
    if kind == PL_COLUMN:
        if a < 0 or a > g[G_ROUND] - 1:
            return -1
        n = col_n[a, b]
        return cols[a, b, n - 1] if n > 0 else -1
    if kind == PL_DISCARD:
        n = g[G_DISC_N]
        return disc[n - 1] if n > 0 and g[G_DISCVIS] == 1 else -1
    if sec[a, 2] == 1:
        return sec[a, 1]
    return -1


@inner
def _take(t, kind, a, b):
    col_n, sec, g = t[5], t[9], t[12]
    card = _visible(t, kind, a, b)
    if kind == PL_COLUMN:
        col_n[a, b] -= 1
    elif kind == PL_DISCARD:
        g[G_DISC_N] -= 1
        g[G_DISCVIS] = 0
    else:
        sec[a, 1] = -1
    return card


@inner
def _put(t, kind, a, b, card):
    cols, col_n, disc, sec, g = t[4], t[5], t[3], t[9], t[12]
    if kind == PL_COLUMN:
        cols[a, b, col_n[a, b]] = card
        col_n[a, b] += 1
    elif kind == PL_DISCARD:
        disc[g[G_DISC_N]] = card
        g[G_DISC_N] += 1
        g[G_DISCVIS] = 1
    else:
        sec[a, 1] = card


@inner
def _discard(t, card, face_up):
    disc, g = t[3], t[12]
    disc[g[G_DISC_N]] = card
    g[G_DISC_N] += 1
    g[G_DISCVIS] = 1 if face_up else 0


@inner
def _has_play(t, p, with_aside):
    """6, 10, 14: whether p holds a card he may play."""
    hands, hand_n, aside, aside_n, alive = t[0], t[1], t[13], t[14], t[10]
    visible_any = _any_visible(t)
    for pass_ in range(2 if with_aside else 1):
        arr = hands if pass_ == 0 else aside
        n = hand_n[p] if pass_ == 0 else aside_n[p]
        for k in range(n):
            card = arr[p, k]
            if card >= 88 and card < 100:
                return True
            if card < 88 and alive[card // 11] == 1:
                return True
            if card >= 100 and visible_any:
                return True
    return False


@inner
def _any_visible(t):
    g = t[12]
    for r in range(g[G_ROUND]):
        for c in range(8):
            card = _visible(t, PL_COLUMN, r, c)
            if card >= 0 and card < 88:
                return True
    card = _visible(t, PL_DISCARD, 0, 0)
    if card >= 0 and card < 88:
        return True
    for p in range(g[G_PLAYERS]):
        card = _visible(t, PL_SECRET, p, 0)
        if card >= 0 and card < 88:
            return True
    return False


# The policies' judgement -----------------------------------------------------------------------


@inner
def _interest(t, p, rival_weight, out):
    """How much p wants each living creature to survive: his ducats on it (his secret bet
    included), less ``rival_weight`` times the most another player has revealed on it."""
    vis, sec, g, alive = t[6], t[9], t[12], t[10]
    for c in range(8):
        mine = vis[p, c] + (5 if sec[p, 0] == c else 0)
        most = 0
        for q in range(g[G_PLAYERS]):
            if q != p:
                d = _revealed(vis, sec, q, c)
                if d > most:
                    most = d
        out[c] = (mine - rival_weight * most) if alive[c] == 1 else 0.0


@inner
def _top(t, c):
    """The current combat value of c, -1 without a card."""
    cols, col_n, g = t[4], t[5], t[12]
    r = g[G_ROUND] - 1
    n = col_n[r, c]
    return _value(cols[r, c, n - 1]) if n > 0 else -1


@inner
def _play_score(t, card, c, interest, card_cost):
    """A policy's worth of playing ``card`` on c (8): its interest times the change of value,
    more where c is in danger (lowest or without a card), a round it would end, the card's
    cost."""
    alive = t[10]
    old = _top(t, c)
    v = _value(card)
    least = 99
    for x in range(8):
        if alive[x] == 1:
            tx = _top(t, x)
            if tx >= 0 and tx < least:
                least = tx
    danger = 1.5 if old < 0 or old <= least else 0.6
    base = 4.5 if old < 0 else old
    score = interest[c] * (v - base) * danger / 10.0
    # would the round end, and whom would it kill?
    low = 99
    who = -1
    count = 0
    full = True
    for x in range(8):
        if alive[x] == 0:
            continue
        tx = v if x == c else _top(t, x)
        if tx < 0:
            full = False
            break
        if tx < low:
            low, who, count = tx, x, 1
        elif tx == low:
            count += 1
    if full and count == 1:
        score -= interest[who] * 0.6
    cost = card_cost * v / 10.0
    if card >= 88:
        cost += 0.15
    if interest[c] < 0:
        cost = card_cost * (10 - v) / 10.0 * 0.3
    return score - cost


@inner
def _usefulness(card, interest, alive):
    """How much a policy wants to keep a card (a Warlock's discards are the least useful)."""
    if card >= 88:
        return 6.0
    c = card // 11
    if alive[c] == 0:
        return -1.0
    v = card % 11
    return float(v) if interest[c] >= 0 else float(10 - v)


# Policies' parameters: one row per policy (simulator.arena.policies names them)
PARAM_RIVAL, PARAM_CARD_COST, PARAM_SECRET, PARAM_RANDOM, PARAM_REVEAL_ROUND = range(5)
N_PARAMS = 5


@inner
def _options(t, p, opts, second, bid):
    """The play step's choices (6, 8, 10) into opts[k] = (kind, card, a, b, c); how many."""
    hands, hand_n, alive = t[0], t[1], t[10]
    g = t[12]
    m = 0
    honour = False
    if bid >= 0:
        for k in range(hand_n[p]):
            card = hands[p, k]
            if card < 88 and card % 11 == bid and alive[card // 11] == 1:
                honour = True
    for k in range(hand_n[p]):
        card = hands[p, k]
        if honour and not (card < 88 and card % 11 == bid):
            continue
        if card < 88:
            if alive[card // 11] == 1:
                opts[m, 0], opts[m, 1], opts[m, 2] = P_CARD, card, card // 11
                m += 1
        elif card < 99:
            for c in range(8):
                if alive[c] == 1:
                    opts[m, 0], opts[m, 1], opts[m, 2] = P_CARD, card, c
                    m += 1
        elif second or bid >= 0:
            continue
        elif card == HEAD_REFEREE:
            for c in range(8):
                opts[m, 0], opts[m, 1], opts[m, 2] = P_HEAD, card, c
                m += 1
        else:
            if k > 0 and _find(hands[p], k, 100 if card == 101 else 101) >= 0:
                continue  # the two Referees are one choice
            for r in range(g[G_ROUND]):
                for c in range(8):
                    v = _visible(t, PL_COLUMN, r, c)
                    if v >= 0 and v < 88:
                        opts[m, 0], opts[m, 1], opts[m, 2] = P_REFEREE, card, PL_COLUMN
                        opts[m, 3], opts[m, 4] = r, c
                        m += 1
            v = _visible(t, PL_DISCARD, 0, 0)
            if v >= 0 and v < 88:
                opts[m, 0], opts[m, 1], opts[m, 2] = P_REFEREE, card, PL_DISCARD
                m += 1
            for q in range(g[G_PLAYERS]):
                v = _visible(t, PL_SECRET, q, 0)
                if v >= 0 and v < 88:
                    opts[m, 0], opts[m, 1], opts[m, 2], opts[m, 3] = P_REFEREE, card, PL_SECRET, q
                    m += 1
    return m


@inner
def _option_score(t, opts, k, interest, params):
    kind, card = opts[k, 0], opts[k, 1]
    if kind == P_CARD:
        return _play_score(t, card, opts[k, 2], interest, params[PARAM_CARD_COST])
    if kind == P_HEAD:
        return -0.4 + 0.01 * interest[opts[k, 2]]
    claimed = _visible(t, opts[k, 2], opts[k, 3], opts[k, 4])
    return _usefulness(claimed, interest, t[10]) / 10.0 - 0.45


@inner
def _pick(t, rng, opts, m, interest, params):
    """The index of the chosen option: at random, or the best by the policy's score."""
    if params[PARAM_RANDOM] > 0:
        return _below(rng, m)
    best = -1e9
    who = 0
    for k in range(m):
        s = _option_score(t, opts, k, interest, params)
        if s > best:
            best, who = s, k
    return who


@inner
def _take_from_hand(t, p, card):
    hands, hand_n = t[0], t[1]
    k = _find(hands[p], hand_n[p], card)
    hand_n[p] = _remove(hands[p], hand_n[p], k)


@inner
def _power(t, rng, c, interest, params, opts):
    """Use c's power after its strength card (15.1-15.8), choices by the policy."""
    hands, hand_n, draw, alive, g = t[0], t[1], t[2], t[10], t[12]
    aside, aside_n = t[13], t[14]
    p = g[G_PLAYER]
    players = g[G_PLAYERS]
    rand = params[PARAM_RANDOM] > 0
    if c == 0 or c == 4:  # Cyclops, Titan: a victim
        if rand:
            v = (p + 1 + _below(rng, players - 1)) % players
        elif c == 0:
            v = (p + 1) % players  # the next to play
        else:
            v = (p + 1) % players
            for q in range(players):
                if q != p and hand_n[q] > hand_n[v]:
                    v = q
        n = hand_n[v]
        _log(t, E_VICTIM, v, 0, 0, 0, 0)
        if c == 0:
            k = (n + 1) // 2
            for _ in range(k):  # 15.1: half the Hand, at random, set aside
                i = _below(rng, hand_n[v])
                _log(t, E_ASIDE, hands[v, i], 0, 0, 0, 0)
                aside[v, aside_n[v]] = hands[v, i]
                aside_n[v] += 1
                hand_n[v] = _remove(hands[v], hand_n[v], i)
        else:
            k = min(3, n)  # 15.5: three at random, one kept
            if k == 0:
                return
            best_i = -1
            best = -1e9
            i0, i1 = -1, -1
            for j in range(k):
                i = _below(rng, n)
                while i == i0 or i == i1:  # noqa: SIM109
                    i = _below(rng, n)
                if j == 0:
                    i0 = i
                elif j == 1:
                    i1 = i
                _log(t, E_SNATCH, hands[v, i], 0, 0, 0, 0)
                u = _usefulness(hands[v, i], interest, alive)
                if rand:
                    u = float(_below(rng, 100))
                if u > best:
                    best, best_i = u, i
            card = hands[v, best_i]
            _log(t, E_KEEP, card, 0, 0, 0, 0)
            hand_n[v] = _remove(hands[v], hand_n[v], best_i)
            hands[p, hand_n[p]] = card
            hand_n[p] += 1
    elif c == 1:  # Dragon: burn a card atop another creature's row
        r = g[G_ROUND] - 1
        best = 0.0
        who = -1
        count = 0
        for x in range(8):
            if x == 1 or alive[x] == 0 or t[5][r, x] == 0:
                continue
            count += 1
            s = interest[x] * (4.0 - _top(t, x))
            if rand:
                s = 1.0 + _below(rng, 100)
            if s > best:
                best, who = s, x
        if who >= 0:
            _log(t, E_BURN, who, 0, 0, 0, 0)
            card = _take(t, PL_COLUMN, r, who)
            _discard(t, card, True)
    elif c == 3:  # Ranger: three cards from the Draw pile
        for _ in range(3):
            if g[G_DRAW_N] > 0:
                g[G_DRAW_N] -= 1
                hands[p, hand_n[p]] = draw[g[G_DRAW_N]]
                hand_n[p] += 1
    elif c == 5:  # Troll: a visible Troll card of a former column, secret column, discard
        bk, ba, bb, bv = -1, 0, 0, -1
        for r in range(g[G_ROUND] - 1):
            card = _visible(t, PL_COLUMN, r, 5)
            if card >= 55 and card < 66 and card % 11 > bv:
                bk, ba, bb, bv = PL_COLUMN, r, 5, card % 11
        card = _visible(t, PL_DISCARD, 0, 0)
        if card >= 55 and card < 66 and card % 11 > bv:
            bk, bv = PL_DISCARD, card % 11
        for q in range(players):
            card = _visible(t, PL_SECRET, q, 0)
            if card >= 55 and card < 66 and card % 11 > bv:
                bk, ba, bv = PL_SECRET, q, card % 11
        if bk >= 0:
            _log(t, E_CLAIM, bk, ba, bb, 0, 0)
            card = _take(t, bk, ba, bb)
            hands[p, hand_n[p]] = card
            hand_n[p] += 1
    elif c == 6:  # Unicorn: exchange a current top with another visible card of its creature
        r = g[G_ROUND] - 1
        best = 0.0
        bx, bk, ba, bb = -1, -1, 0, 0
        for x in range(8):
            cur = _visible(t, PL_COLUMN, r, x)
            if cur < 0 or cur >= 88:
                continue
            owner = cur // 11
            for k in range(3):
                top_a = g[G_ROUND] if k == PL_COLUMN else (1 if k == PL_DISCARD else players)
                for a in range(top_a):
                    for b in range(8 if k == PL_COLUMN else 1):
                        if k == PL_COLUMN and a == r:
                            continue
                        other = _visible(t, k, a, b)
                        if other < 0 or other >= 88 or other // 11 != owner:
                            continue
                        s = interest[x] * (other % 11 - cur % 11)
                        if rand:
                            s = 1.0 + _below(rng, 100)
                        if s > best:
                            best, bx, bk, ba, bb = s, x, k, a, b
        if bx >= 0:
            _log(t, E_SWAP, bx, bk, ba, bb, 0)
            one = _take(t, PL_COLUMN, r, bx)
            two = _take(t, bk, ba, bb)
            _put(t, PL_COLUMN, r, bx, two)
            _put(t, bk, ba, bb, one)
    elif c == 7:  # Warlock: up to three strength cards of the Hand discarded
        left = 3 - g[G_DISCARDED]
        done = 0
        while done < left:
            worst = 2.5
            wi = -1
            for i in range(hand_n[p]):
                card = hands[p, i]
                if card >= 88:
                    continue
                u = _usefulness(card, interest, alive)
                if rand:
                    u = float(_below(rng, 10)) - 3.0
                if u < worst:
                    worst, wi = u, i
            if wi < 0:
                break
            card = hands[p, wi]
            _log(t, E_WARLOCK, card, 0, 0, 0, 0)
            hand_n[p] = _remove(hands[p], hand_n[p], wi)
            _discard(t, card, True)
            done += 1
        g[G_DISCARDED] += done


@inner
def _play_card(t, rng, card, c, interest, params, opts, second):
    """A strength card or a spectator on c's row (8, 9), and the power it calls (15)."""
    cols, col_n, g, vis, sec = t[4], t[5], t[12], t[6], t[9]
    p = g[G_PLAYER]
    r = g[G_ROUND] - 1
    n = col_n[r, c]
    voided = (n > 0 and cols[r, c, n - 1] >= 88) or (g[G_COVERED] >> c) & 1 == 1
    if n > 0 and cols[r, c, n - 1] >= 88:
        g[G_COVERED] |= 1 << c
    _take_from_hand(t, p, card)
    cols[r, c, n] = card
    col_n[r, c] = n + 1
    if card >= 88 or voided or _backer(vis, sec, g[G_PLAYERS], c) != p:
        return
    if params[PARAM_RANDOM] > 0 and _below(rng, 5) == 0:
        return  # the random player leaves a power unused now and then
    if c == 2:
        if second:
            return
        _log(t, E_POWER, c, 0, 0, 0, 0)
        g[G_HYDRA] = 1
        return
    _log(t, E_POWER, c, 0, 0, 0, 0)
    _power(t, rng, c, interest, params, opts)


@inner
def _end_of_round(t):
    cols, col_n, alive, died, g = t[4], t[5], t[10], t[11], t[12]
    r = g[G_ROUND] - 1
    loser = _lowest(cols, col_n, r, alive)
    if loser < 0:
        return
    alive[loser] = 0
    died[loser] = g[G_ROUND]
    for k in range(g[G_ROUND]):
        for j in range(col_n[k, loser]):
            _discard(t, cols[k, loser, j], False)
        col_n[k, loser] = 0
    g[G_DISCVIS] = 0
    if g[G_ROUND] == 5:
        g[G_OVER] = 1
        return
    g[G_ROUND] += 1
    g[G_STARTER] = (g[G_PLAYER] + 1) % g[G_PLAYERS]


@inner
def _stalemate(t, rng):
    """14: the first round's cards under the Draw pile, one card each, a bid for the turn."""
    hands, hand_n, draw, cols, col_n, alive, g = t[0], t[1], t[2], t[4], t[5], t[10], t[12]
    count = 0
    for c in range(8):
        count += col_n[0, c]
    if count == 0 and g[G_DRAW_N] == 0:
        g[G_OVER] = 1
        return
    n = g[G_DRAW_N]
    for k in range(n - 1, -1, -1):  # room at the bottom
        draw[k + count] = draw[k]
    k = 0
    for c in range(8):
        for j in range(col_n[0, c]):
            draw[k] = cols[0, c, j]
            k += 1
        col_n[0, c] = 0
    for k in range(count - 1, 0, -1):
        j = _below(rng, k + 1)
        draw[k], draw[j] = draw[j], draw[k]
    for k in range(count):
        _log(t, E_PILE, draw[k], 0, 0, 0, 0)
    g[G_DRAW_N] = n + count
    g[G_STALE] = 1
    players = g[G_PLAYERS]
    first = g[G_PLAYER]
    for q in range(players):
        p = (first + q) % players
        if g[G_DRAW_N] > 0:
            g[G_DRAW_N] -= 1
            hands[p, hand_n[p]] = draw[g[G_DRAW_N]]
            hand_n[p] += 1
    best = -1
    who = first
    for q in range(players):
        p = (first + q) % players
        for i in range(hand_n[p]):
            card = hands[p, i]
            if card < 88 and alive[card // 11] == 1 and card % 11 > best:
                best, who = card % 11, p
    g[G_PLAYER] = who
    g[G_STARTER] = who
    g[G_BID] = best


@inner
def _choose_wager(t, rng, p, interest, params, strength):
    """The wager step's choice (7): (kind, creature or card)."""
    hands, hand_n, vis, chip, pl, sec, alive, g = (
        t[0], t[1], t[6], t[7], t[8], t[9], t[10], t[12]
    )  # fmt: skip
    r = g[G_ROUND]
    chips = pl[p, 0]
    may_bet = chips > 0 and r <= 4
    may_secret = chips > 0 and r == 1 and sec[p, 0] < 0 and g[G_BID] < 0
    may_reveal = sec[p, 0] >= 0 and sec[p, 2] == 0
    if params[PARAM_RANDOM] > 0:
        m = 1
        for c in range(8):
            if may_bet and alive[c] == 1 and chip[r - 1, c] == 0:
                m += 1
        n_strength = 0
        if may_secret:
            for i in range(hand_n[p]):
                if hands[p, i] < 88:
                    n_strength += 1
        m += 1 if n_strength > 0 else 0
        m += 1 if may_reveal else 0
        k = _below(rng, m)
        if k == 0:
            return W_PASS, -1
        k -= 1
        for c in range(8):
            if may_bet and alive[c] == 1 and chip[r - 1, c] == 0:
                if k == 0:
                    return W_BET, c
                k -= 1
        if n_strength > 0:
            if k == 0:
                j = _below(rng, n_strength)
                for i in range(hand_n[p]):
                    if hands[p, i] < 88:
                        if j == 0:
                            return W_SECRET, hands[p, i]
                        j -= 1
            k -= 1
        return W_REVEAL, -1
    # how strong each creature looks to p: his cards of it, its value now, his stake
    for c in range(8):
        strength[c] = -1e9
        if alive[c] == 0:
            continue
        top = _top(t, c)
        s = (4.5 if top < 0 else top) / 10.0 + 0.1 * interest[c]
        for i in range(hand_n[p]):
            card = hands[p, i]
            if card < 88 and card // 11 == c:
                s += (card % 11) / 20.0
        strength[c] = s
    if may_reveal and alive[sec[p, 0]] == 1 and (r >= params[PARAM_REVEAL_ROUND] or not may_bet):
        c = sec[p, 0]
        sec[p, 2] = 1
        becomes = _backer(vis, sec, g[G_PLAYERS], c) == p
        sec[p, 2] = 0
        if becomes:
            return W_REVEAL, -1
    if may_secret and params[PARAM_SECRET] > 0:
        best, who = -1e9, -1
        for c in range(8):
            has = False
            for i in range(hand_n[p]):
                if hands[p, i] < 88 and hands[p, i] // 11 == c:
                    has = True
            if has and strength[c] > best:
                best, who = strength[c], c
        if who >= 0:
            low, card = 99, -1
            for i in range(hand_n[p]):
                x = hands[p, i]
                if x < 88 and x // 11 == who and x % 11 < low:
                    low, card = x % 11, x
            return W_SECRET, card
    if may_bet:
        best, who = -1e9, -1
        for c in range(8):
            if alive[c] == 1 and chip[r - 1, c] == 0 and strength[c] > best:
                best, who = strength[c], c
        if who >= 0:
            return W_BET, who
    return W_PASS, -1


@inner
def _turn(t, rng, params, forced, opts, interest, strength):
    """One player turn (6) of the player to move, by his policy (``forced`` [8]: a first turn
    given instead, kind -1 for none)."""
    hands, hand_n, draw, vis, chip, pl, sec, alive, g = (
        t[0], t[1], t[2], t[6], t[7], t[8], t[9], t[10], t[12]
    )  # fmt: skip
    aside, aside_n = t[13], t[14]
    p = g[G_PLAYER]
    players = g[G_PLAYERS]
    g[G_HYDRA] = 0
    g[G_DISCARDED] = 0
    g[G_COVERED] = 0
    crippled = aside_n[p] > 0
    _interest(t, p, params[PARAM_RIVAL], interest)
    if forced[0] >= 0:
        wk, warg = forced[0], forced[1]
    else:
        wk, warg = _choose_wager(t, rng, p, interest, params, strength)
    _log(t, E_TURN, p, 0, 0, 0, 0)
    _log(t, E_WAGER, wk, warg, 0, 0, 0)
    r = g[G_ROUND]
    if wk == W_BET:
        vis[p, warg] += 5 - r
        chip[r - 1, warg] = 1
        pl[p, 0] -= 1
    elif wk == W_SECRET:
        _take_from_hand(t, p, warg)
        sec[p, 0], sec[p, 1], sec[p, 2] = warg // 11, warg, 0
        pl[p, 0] -= 1
    elif wk == W_REVEAL:
        sec[p, 2] = 1
    passed = False
    if wk != W_SECRET:
        bid = g[G_BID]
        if forced[0] >= 0:  # c: the row, the Head Referee's creature, or a place's kind
            kind, card, c, a, b = forced[2], forced[3], forced[4], forced[5], forced[6]
        else:
            m = _options(t, p, opts, False, bid)
            if m == 0:
                kind, card, c, a, b = P_PASS, -1, 0, 0, 0
            else:
                k = _pick(t, rng, opts, m, interest, params)
                kind, card, c, a, b = opts[k, 0], opts[k, 1], opts[k, 2], opts[k, 3], opts[k, 4]
        _log(t, E_PLAY, kind, card, c, a, b)
        if bid >= 0:
            holds = False
            for i in range(hand_n[p]):
                x = hands[p, i]
                if x < 88 and x % 11 == bid and alive[x // 11] == 1:
                    holds = True
            if not holds:
                pl[p, 1] = 7  # 5: a bid higher than he can play
            g[G_BID] = -1
        if kind == P_PASS:
            passed = True
        elif kind == P_CARD:
            _play_card(t, rng, card, c, interest, params, opts, False)
            if g[G_HYDRA] == 1:  # 15.3: a second card
                m = _options(t, p, opts, True, -1)
                if m > 0:
                    if params[PARAM_RANDOM] > 0:
                        k = _below(rng, m)
                        use = _below(rng, 2) == 0
                    else:
                        k = _pick(t, rng, opts, m, interest, params)
                        use = _option_score(t, opts, k, interest, params) > 0.0
                    if use:
                        _log(t, E_SECOND, opts[k, 1], opts[k, 2], 0, 0, 0)
                        _play_card(t, rng, opts[k, 1], opts[k, 2], interest, params, opts, True)
        elif kind == P_HEAD:
            _take_from_hand(t, p, card)
            for q in range(players):
                if sec[q, 0] == c:
                    sec[q, 2] = 1
            g[G_HEAD] = 1
        else:
            _take_from_hand(t, p, card)
            claimed = _take(t, c, a, b)
            hands[p, hand_n[p]] = claimed
            hand_n[p] += 1
            _discard(t, card, True)
    # 11: discards, strength cards of eliminated creatures, three a turn with the Warlock's
    left = 3 - g[G_DISCARDED]
    i = 0
    while i < hand_n[p] and left > 0:
        x = hands[p, i]
        if x < 88 and alive[x // 11] == 0 and (params[PARAM_RANDOM] == 0 or _below(rng, 2) == 0):
            _log(t, E_DISCARD, x, 0, 0, 0, 0)
            hand_n[p] = _remove(hands[p], hand_n[p], i)
            _discard(t, x, True)
            left -= 1
        else:
            i += 1
    if crippled:  # 15.1: the set-aside cards come back
        for k in range(aside_n[p]):
            hands[p, hand_n[p]] = aside[p, k]
            hand_n[p] += 1
        aside_n[p] = 0
    want = pl[p, 1] - hand_n[p]
    if g[G_STALE] == 1 and want > 1:
        want = 1
    while want > 0 and g[G_DRAW_N] > 0:
        g[G_DRAW_N] -= 1
        hands[p, hand_n[p]] = draw[g[G_DRAW_N]]
        hand_n[p] += 1
        want -= 1
    g[G_LAST] = p
    g[G_TURN] += 1
    _end_of_round(t)
    if g[G_OVER] == 0:
        g[G_PLAYER] = (p + 1) % players
        if passed:
            anyone = False
            for q in range(players):
                if _has_play(t, q, True):
                    anyone = True
            if not anyone:
                _stalemate(t, rng)


@inner
def _deal(t, pool, rng):
    """The unseen cards shuffled into the hidden places (3); a hidden secret bet gets a
    strength card."""
    hands, hand_n, draw, disc, sec, g, aside, aside_n = (
        t[0], t[1], t[2], t[3], t[9], t[12], t[13], t[14]
    )  # fmt: skip
    m = pool.size
    for k in range(m - 1, 0, -1):
        j = _below(rng, k + 1)
        pool[k], pool[j] = pool[j], pool[k]
    for p in range(g[G_PLAYERS]):
        if sec[p, 1] == HIDDEN:
            n_strength = 0
            for k in range(m):
                if pool[k] < 88:
                    n_strength += 1
            j = _below(rng, n_strength)
            for k in range(m):
                if pool[k] < 88:
                    if j == 0:
                        card = pool[k]
                        pool[k] = pool[m - 1]
                        m -= 1
                        sec[p, 0], sec[p, 1] = card // 11, card
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
        if draw[k] == HIDDEN:
            m -= 1
            draw[k] = pool[m]
    for k in range(g[G_DISC_N]):
        if disc[k] == HIDDEN:
            m -= 1
            disc[k] = pool[m]


@njit(cache=True, nogil=True)
def play_games(template, pool, policy_of, params, forced, seed, first, died, ducats, winner,
               turns, census):  # fmt: skip
    """Games first..first+n-1 of ``seed`` (n = winner.size), one after the other; many threads
    may call it at once on their own outputs (nogil).

    template: the table bundle (hidden places ``HIDDEN``); pool int64 [m] the unseen cards;
    policy_of int64 [P]; params float64 [policies, N_PARAMS]; forced int64 [8]: the first
    turn, kind -1 for the policy's own. Outputs: died int64 [n, 8] (the round it died, 0 if it
    survived), ducats int64 [n, P], winner int64 [n], turns int64 [n]; census int64 [n, 102]
    counts where each card is at the end (every count 1) when census.shape[0] == n.
    """
    opts = np.empty((512, 5), np.int64)
    interest = np.empty(8, np.float64)
    strength = np.empty(8, np.float64)
    rng = np.empty(1, np.uint64)
    own_pool = np.empty_like(pool)
    nolog = np.empty((0, LOG_WIDTH), np.int64)
    for i in range(winner.size):
        t = _copy(template, nolog)
        rng[0] = battle_key(np.uint64(seed), np.uint64(first + i))
        own_pool[:] = pool
        _deal(t, own_pool, rng)
        turns[i] = _play_out(t, rng, policy_of, params, forced, opts, interest, strength)
        winner[i] = _score(t, died[i], ducats[i])
        if census.shape[0] == winner.size:
            _census(t, census[i])


@njit(cache=True, nogil=True)
def play_traced(template, pool, policy_of, params, seed, index, log):
    """Game ``index`` of ``seed`` as ``play_games`` plays it, every choice and chance written
    to ``log`` [L, LOG_WIDTH]: (the table as dealt, the table at the end, rows logged)."""
    opts = np.empty((512, 5), np.int64)
    interest = np.empty(8, np.float64)
    strength = np.empty(8, np.float64)
    rng = np.empty(1, np.uint64)
    rng[0] = battle_key(np.uint64(seed), np.uint64(index))
    dealt = _copy(template, log)
    _deal(dealt, pool.copy(), rng)
    t = _copy(dealt, log)
    _play_out(t, rng, policy_of, params, np.full(8, -1, np.int64), opts, interest, strength)
    return dealt, t, t[12][G_LOG]


@njit(cache=True, nogil=True)
def _copy(template, log):
    return (
        template[0].copy(), template[1].copy(), template[2].copy(), template[3].copy(),
        template[4].copy(), template[5].copy(), template[6].copy(), template[7].copy(),
        template[8].copy(), template[9].copy(), template[10].copy(), template[11].copy(),
        template[12].copy(), template[13].copy(), template[14].copy(), log,
    )  # fmt: skip


@njit(cache=True, nogil=True)
def _play_out(t, rng, policy_of, params, forced, opts, interest, strength):
    """Every turn of a dealt game to its end (``forced``: the first turn, kind -1 for the
    policy's own); the number of turns."""
    none = np.full(8, -1, np.int64)
    g = t[12]
    n = 0
    while g[G_OVER] == 0 and n < MAX_TURNS:
        _turn(t, rng, params[policy_of[g[G_PLAYER]]], forced if n == 0 else none, opts,
              interest, strength)  # fmt: skip
        n += 1
    return n


@inner
def _score(t, died, ducats):
    """12: surviving bets; the winner, ties to the one who played last."""
    vis, sec, alive, g = t[6], t[9], t[10], t[12]
    for c in range(8):
        died[c] = t[11][c]
    players = g[G_PLAYERS]
    for p in range(players):
        d = 0
        for c in range(8):
            if alive[c] == 1:
                d += vis[p, c]
                if sec[p, 0] == c:
                    d += 5
        ducats[p] = d
    best = -1
    win = -1
    for back in range(players):
        p = (g[G_LAST] - back + players) % players
        if ducats[p] > best:
            best, win = ducats[p], p
    return win


@inner
def _census(t, count):
    hands, hand_n, draw, disc, cols, col_n, sec, g, aside, aside_n = (
        t[0], t[1], t[2], t[3], t[4], t[5], t[9], t[12], t[13], t[14]
    )  # fmt: skip
    for p in range(g[G_PLAYERS]):
        for k in range(hand_n[p]):
            count[hands[p, k]] += 1
        for k in range(aside_n[p]):
            count[aside[p, k]] += 1
        if sec[p, 1] >= 0:
            count[sec[p, 1]] += 1
    for k in range(g[G_DRAW_N]):
        count[draw[k]] += 1
    for k in range(g[G_DISC_N]):
        count[disc[k]] += 1
    for r in range(5):
        for c in range(8):
            for k in range(col_n[r, c]):
                count[cols[r, c, k]] += 1
    if g[G_HEAD] == 1:
        count[HEAD_REFEREE] += 1
