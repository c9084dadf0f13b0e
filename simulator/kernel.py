"""The battle kernel: whole Battles played out in numba, one generator per Battle.

``play_battles`` plays Battles ``first .. first + n - 1`` of a request in
parallel (``prange``); ``play_traced`` plays one Battle on one thread and
records every move and strike with the position it was made in. Both run
``_battle``, which takes only arrays, scalars and the table bundles of
``simulator.tables`` (numba named tuples). Rules come from those tables; what
is decided here is the order of the Battle the contract fixes (phases, entry,
summoning, reinforcement, the end) and the choices of the tactic.

Slots: the attacker's characters ``0 .. A-1``, the summoned Lord ``A``, the
defender's characters ``A+1 .. A+D``, the reinforcement ``A+D+1``; S slots.
A step is ``(turn - 1) * 4 + k`` with k one of the PHASE codes below; the time
runs out at step 28 (10.5).

numba's cache keys a compiled function on its own file only: after editing
``simulator/rng.py`` remove the ``__pycache__/*.nb*`` files of this module.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np
from numba import njit, prange

from simulator.rng import battle_key, count_hits

# --- integer codes (mirrored by IntEnums in simulator.battles / simulator.tactics) ---
ATTACKER_WINS, DEFENDER_WINS, MUTUAL, TIME_LOSS = 0, 1, 2, 3  # Outcome
DEFENDER_MANEUVER, DEFENDER_STRIKE, ATTACKER_MANEUVER, ATTACKER_STRIKE = 0, 1, 2, 3  # Phase
MOVE, STRIKE, RANGESTRIKE = 0, 1, 2  # trace event kinds
ATTACKER, DEFENDER = 0, 1
PHASES_PER_ROUND = 4
STEPS = 7 * PHASES_PER_ROUND  # 10.5: seven Battle-Rounds
OFF = 27  # not on the Battleland
HEXES = 27
NOBODY = -1

# Tactic weights: index into a side's parameter row (simulator.tactics.Weight mirrors these).
W_DEALT = 0  # expected damage dealt, in points of the target's value
W_KILL = 1  # chance to kill x the target's value
W_TAKEN = 2  # expected damage taken, in points of own value
W_DEATH = 3  # chance to be slain x own value
W_APPROACH = 4  # per hex away from the preferred distance to the nearest enemy (<0: keep away)
W_RANGED = 5  # expected rangestrike damage from the hex
W_KEEP_RANGE = 6  # a rangestriker ending in contact: this x own value
W_HEIGHT = 7  # per level of elevation
W_TITAN = 8  # factor on a Titan's value, own and enemy (19.3: its death ends the Battle)
W_URGENCY = 9  # the attacker's caution fades toward round 7 (10.5)
W_CARRY = 10  # 1: declare higher Strike-numbers for carry-over (12.4)
W_RANGE_DISTANCE = 11  # a rangestriker's preferred distance to the nearest enemy
W_STAY = 12  # bonus for staying put (a character already well placed)
W_THREAT = 13  # share of the blows of enemies that could close in next phase
WEIGHTS = 14

BLOCKING = 1000.0  # an entering character that would stop others from entering

# Trace columns
T_KIND, T_STEP, T_SLOT, T_A, T_B, T_DICE, T_FORGO, T_CARRY, T_HITS, T_CARRIED = range(10)
T_COLUMNS = 10

MAX_DICE = 48
MAX_RUN = MAX_DICE + 1


def _binomial_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """pmf[d, n, k] = P(k hits of d dice at Strike-number n), tail[d, n, r] = P(hits >= r),
    capped[d, n, r] = E[min(hits, r)]."""
    pmf = np.zeros((MAX_DICE + 1, 7, MAX_RUN + 1))
    for n in range(1, 7):
        p = (7 - n) / 6
        for d in range(MAX_DICE + 1):
            for k in range(d + 1):
                pmf[d, n, k] = math.comb(d, k) * p**k * (1 - p) ** (d - k)
    tail = np.zeros_like(pmf)
    tail[:, :, :] = np.flip(np.cumsum(np.flip(pmf, axis=2), axis=2), axis=2)
    capped = np.zeros_like(pmf)
    capped[:, :, 1:] = np.cumsum(tail[:, :, 1:], axis=2)
    return pmf, tail, capped


Z_STEPS = 64  # normal_tail samples per unit of z
Z_MAX = 5.0  # beyond this the tail is 0 (or 1) to within 1e-12


def _normal_tail_table() -> np.ndarray:
    """P(Z >= z) of a standard normal for z = -Z_MAX .. Z_MAX in steps of 1 / Z_STEPS."""
    z = np.linspace(-Z_MAX, Z_MAX, int(2 * Z_MAX * Z_STEPS) + 1)
    return np.array([0.5 * math.erfc(x / math.sqrt(2.0)) for x in z])


class Odds(NamedTuple):
    pmf: np.ndarray  # float64[49, 7, 50]
    tail: np.ndarray  # float64[49, 7, 50]
    capped: np.ndarray  # float64[49, 7, 50]
    normal_tail: np.ndarray  # float64[641]: see _normal_tail_table


ODDS = Odds(*_binomial_tables(), _normal_tail_table())


class Start(NamedTuple):
    """The position a Battle starts from (S slots)."""

    kind: np.ndarray  # int16[S]: type of each slot, -1 none (yet)
    side: np.ndarray  # int8[S]
    hexes: np.ndarray  # int8[S]: 0..26, 27 off the Battleland
    hits: np.ndarray  # int16[S]
    alive: np.ndarray  # bool[S]: in the Battle and not slain
    deadline: np.ndarray  # int8[S]: step of the Maneuver Phase it must enter in; -1 none
    scalars: np.ndarray  # int64[SCALARS]: see the S_ indices


S_STEP, S_SUMMON_SLOT, S_REINFORCE_SLOT, S_SUMMON_TYPE, S_SUMMON_USED = 0, 1, 2, 3, 4
S_REINFORCE_USED, S_DEFENDERS, S_REINFORCE_TURN, S_SUMMON_PENDING = 5, 6, 7, 8
SCALARS = 9


# --- compilation ---------------------------------------------------------------

# Everything a Battle runs once its state exists allocates nothing, so it is compiled
# without numba's reference counting: otherwise every read of a table out of a named
# tuple costs an atomic increment and decrement, which made the kernel ~3.5x slower.
# Only _new_state, _empty_trace and the two entry points allocate (and keep counting).
# No division there can be by zero (Power-factors are at least 1), so NumPy's error model
# spares a check per division. No fastmath: the same seed must give the same Battles on
# every machine, and fused or reordered arithmetic could break a tie differently.
in_battle = njit(cache=True, _nrt=False, error_model="numpy")
in_battle_inline = njit(cache=True, _nrt=False, inline="always", error_model="numpy")


# --- small helpers -------------------------------------------------------------


@in_battle_inline
def _dice_index(d):
    return min(max(d, 0), MAX_DICE)


@in_battle_inline
def _run_index(r):
    return min(max(r, 0), MAX_RUN)


@in_battle_inline
def _worth(kinds, params, t):
    """What a type is worth to the tactic: its value, a Titan's multiplied."""
    v = kinds.value[t]
    if kinds.titan[t]:
        v *= params[W_TITAN]
    return v


@in_battle_inline
def _per_hit(kinds, t):
    """What one hit on a type is worth: its value over its Power-factor. A Titan's is not
    multiplied (only its death is, _worth): hits that leave it standing are worth what they
    would be on any character of its value, so a likely kill beats chipping at a Titan."""
    return kinds.value[t] / kinds.power[t]


@in_battle_inline
def _strike_worth(odds, params, dice, number, rem, per_hit, worth):
    """Expected worth of one strike: damage in points of value plus the chance to kill."""
    d = _dice_index(dice)
    r = _run_index(rem)
    return (
        params[W_DEALT] * odds.capped[d, number, r] * per_hit
        + params[W_KILL] * odds.tail[d, number, r] * worth
    )


@in_battle_inline
def _hits_worth(params, hits, rem, per_hit, worth):
    """Worth of landing ``hits`` on a character ``rem`` hits from death."""
    if hits <= 0:
        return 0.0
    if hits >= rem:
        return params[W_DEALT] * rem * per_hit + params[W_KILL] * worth
    return params[W_DEALT] * hits * per_hit


@in_battle_inline
def _death_chance(odds, mean, variance, rem):
    """P(total hits >= rem) for a sum of binomials, by a normal approximation
    (with continuity correction), read from the tabulated tail."""
    if variance <= 1e-12:
        return 1.0 if mean >= rem else 0.0
    x = ((rem - 0.5 - mean) / math.sqrt(variance) + Z_MAX) * Z_STEPS
    if x <= 0.0:
        return 1.0
    last = odds.normal_tail.shape[0] - 1
    if x >= last:
        return 0.0
    i = int(x)
    f = x - i
    return odds.normal_tail[i] * (1.0 - f) + odds.normal_tail[i + 1] * f


# --- movement ------------------------------------------------------------------


@in_battle
def _destinations(board, kinds, t, here, side, turn, occ, dests, best, queue):
    """Hexes where a character of type ``t`` at ``here`` (27: entering) may end its move.

    Walkers pay the step costs along empty hexes; fliers count hexes flown
    over and pay the landing cost (engine.movement.legal_moves). Returns the
    count written to ``dests``.
    """
    n = 0
    skill = kinds.skill[t]
    if here == OFF and board.deploys[side, turn]:
        for i in range(board.entry_count[side, turn]):
            h = board.entry[side, turn, i]
            if occ[h] < 0:
                dests[n] = h
                n += 1
        return n
    for h in range(HEXES):
        best[h] = 127
    head = 0
    tail = 0
    if kinds.flies[t]:
        if here == OFF:
            for i in range(board.entry_count[side, turn]):
                h = board.entry[side, turn, i]
                if kinds.fly_over[t, h] and best[h] == 127:
                    best[h] = 1
                    queue[tail] = h
                    tail += 1
        else:
            best[here] = 0
            queue[tail] = here
            tail += 1
        while head < tail:
            h = queue[head]
            head += 1
            if best[h] >= skill:
                continue
            for k in range(6):
                b = board.neighbours[h, k]
                if b < 0 or best[b] != 127 or not kinds.fly_over[t, b]:
                    continue
                best[b] = best[h] + 1
                queue[tail] = b
                tail += 1
        for h in range(HEXES):
            if best[h] == 127 or h == here or occ[h] >= 0:
                continue
            cost = kinds.landing[t, h]
            if cost > 0 and best[h] - 1 + cost <= skill:
                dests[n] = h
                n += 1
        return n
    # walkers: costs of 1 or 2, settled level by level
    if here == OFF:
        for i in range(board.entry_count[side, turn]):
            h = board.entry[side, turn, i]
            cost = kinds.step[t, OFF, h]
            if occ[h] < 0 and cost > 0 and cost <= skill and cost < best[h]:
                best[h] = cost
    else:
        best[here] = 0
    for level in range(skill + 1):
        for h in range(HEXES):
            if best[h] != level:
                continue
            for k in range(6):
                b = board.neighbours[h, k]
                if b < 0 or occ[b] >= 0:
                    continue
                cost = kinds.step[t, h, b]
                if cost > 0 and level + cost <= skill and level + cost < best[b]:
                    best[b] = level + cost
    for h in range(HEXES):
        if best[h] <= skill and h != here:
            dests[n] = h
            n += 1
    return n


class State(NamedTuple):
    """One Battle's changing state and scratch (built inside the kernel)."""

    kind: np.ndarray  # int16[S]
    side: np.ndarray  # int8[S]
    hexes: np.ndarray  # int8[S]
    hits: np.ndarray  # int16[S]
    alive: np.ndarray  # bool[S]
    slain: np.ndarray  # bool[S]: slain in this Strike Phase, not yet removed (10.6)
    engaged: np.ndarray  # bool[S]: in contact at the start of the phase
    deadline: np.ndarray  # int8[S]
    occ: np.ndarray  # int8[27]: slot on each hex, -1 empty
    order: np.ndarray  # int8[S]: scratch (movers in order; in a Strike Phase, single-target)
    dests: np.ndarray  # int8[27]: scratch
    best: np.ndarray  # int8[27]: scratch
    queue: np.ndarray  # int8[27]: scratch
    flags: np.ndarray  # int64[F_COUNT]
    rng: np.ndarray  # uint64[1]
    foes: np.ndarray  # int8[S]: scratch of the tactic (see _survey)
    foe_free: np.ndarray  # bool[S]
    foe_hex: np.ndarray  # int8[S]
    foe_reach: np.ndarray  # int8[S]: skill + 1, the farthest it may strike from next
    foe_blows: np.ndarray  # float64[S]: its expected hits on the mover, x W_THREAT
    foe_spread: np.ndarray  # float64[S]: their variance, x W_THREAT
    near: np.ndarray  # int8[27]
    entry_mask: np.ndarray  # bool[27]
    snap_hexes: np.ndarray  # int8[S]: a traced Strike Phase's position before its strikes
    snap_hits: np.ndarray  # int16[S]
    snap_alive: np.ndarray  # bool[S]


F_SUMMON_USED, F_REINFORCE_USED, F_SUMMON_PENDING, F_SUMMONED, F_RECRUIT = 0, 1, 2, 3, 4
F_TITAN_ATTACKER, F_TITAN_DEFENDER, F_EVENTS, F_STEP, F_FOES = 5, 6, 7, 8, 9
F_WAITING = 10  # walkers of the moving side to enter in this Maneuver Phase (see _survey)
F_COUNT = 11


class Trace(NamedTuple):
    """Every move and strike of a traced Battle, with the position it was made in."""

    events: np.ndarray  # int32[E, 10]: T_ columns
    hexes: np.ndarray  # int8[E, S]
    hits: np.ndarray  # int16[E, S]
    alive: np.ndarray  # bool[E, S]
    kind: np.ndarray  # int16[E, S]
    flags: np.ndarray  # bool[E, 2]: summon used, reinforcement used (as the position says)


@njit(cache=True)
def _new_state(start, seed, index):
    n = start.kind.shape[0]
    flags = np.zeros(F_COUNT, dtype=np.int64)
    flags[F_SUMMON_USED] = start.scalars[S_SUMMON_USED]
    flags[F_REINFORCE_USED] = start.scalars[S_REINFORCE_USED]
    flags[F_RECRUIT] = -1
    flags[F_SUMMON_PENDING] = start.scalars[S_SUMMON_PENDING]
    rng = np.empty(1, dtype=np.uint64)
    rng[0] = battle_key(np.uint64(seed), np.uint64(index))
    state = State(
        start.kind.copy(), start.side.copy(), start.hexes.copy(), start.hits.copy(),
        start.alive.copy(), np.zeros(n, dtype=np.bool_), np.zeros(n, dtype=np.bool_),
        start.deadline.copy(), np.full(HEXES, -1, dtype=np.int8), np.zeros(n, dtype=np.int8),
        np.zeros(HEXES, dtype=np.int8), np.zeros(HEXES, dtype=np.int8),
        np.zeros(HEXES, dtype=np.int8), flags, rng, np.zeros(n, dtype=np.int8),
        np.zeros(n, dtype=np.bool_), np.zeros(n, dtype=np.int8), np.zeros(n, dtype=np.int8),
        np.zeros(n), np.zeros(n), np.zeros(HEXES, dtype=np.int8),
        np.zeros(HEXES, dtype=np.bool_), np.zeros(n, dtype=np.int8),
        np.zeros(n, dtype=np.int16), np.zeros(n, dtype=np.bool_),
    )  # fmt: skip
    for s in range(n):
        if state.alive[s] and state.hexes[s] != OFF:
            state.occ[state.hexes[s]] = s
    return state


@in_battle
def _record(trace, st, snapshot_hexes, snapshot_hits, snapshot_alive, kind, slot, a, b, dice,
            forgo, carry, hits, carried):  # fmt: skip
    e = st.flags[F_EVENTS]
    if e >= trace.events.shape[0]:
        return
    st.flags[F_EVENTS] = e + 1
    row = trace.events[e]
    row[T_KIND] = kind
    row[T_STEP] = st.flags[F_STEP]
    row[T_SLOT] = slot
    row[T_A] = a
    row[T_B] = b
    row[T_DICE] = dice
    row[T_FORGO] = forgo
    row[T_CARRY] = carry
    row[T_HITS] = hits
    row[T_CARRIED] = carried
    for s in range(st.kind.shape[0]):
        trace.hexes[e, s] = snapshot_hexes[s]
        trace.hits[e, s] = snapshot_hits[s]
        trace.alive[e, s] = snapshot_alive[s]
        trace.kind[e, s] = st.kind[s]
    trace.flags[e, 0] = st.flags[F_SUMMON_USED] != 0
    trace.flags[e, 1] = st.flags[F_REINFORCE_USED] != 0


# --- the tactic's view of a hex ---------------------------------------------------


@in_battle
def _hex_worth(board, kinds, strikes, odds, params, st, s, h, turn, occ_mask, entering_left):
    """How much the tactic likes character ``s`` ending its move on hex ``h``.

    Reads the phase's ``near`` (distance to the nearest enemy) and ``foes``
    (enemies on the Battleland, free to move next if ``foe_free``).
    """
    t = st.kind[s]
    side = st.side[s]
    power = kinds.power[t]
    rem = power - st.hits[s]
    own = _worth(kinds, params, t)
    fear = 1.0
    if side == ATTACKER:
        fear = max(0.0, 1.0 - params[W_URGENCY] * (turn - 1) / 6.0)
    score = 0.0
    contacts = 0
    best_strike = 0.0
    mean = 0.0
    variance = 0.0
    for k in range(6):
        b = board.neighbours[h, k]
        if b < 0 or not board.contact[h, b]:
            continue
        e = st.occ[b]
        if e < 0 or st.side[e] == side:
            continue
        te = st.kind[e]
        contacts += 1
        d = strikes.dice[t, h, k, te]
        if d > 0:
            w = _strike_worth(
                odds, params, d, strikes.number[t, h, k, te], kinds.power[te] - st.hits[e],
                _per_hit(kinds, te), _worth(kinds, params, te),
            )  # fmt: skip
            best_strike = max(best_strike, w)
        kb = board.direction[b, h]
        d2 = strikes.dice[te, b, kb, t]
        if d2 > 0:
            p = (7 - strikes.number[te, b, kb, t]) / 6.0
            mean += d2 * p
            variance += d2 * p * (1 - p)
    # enemies free to move may come into contact in their Maneuver Phase
    threat_mean = 0.0
    threat_variance = 0.0
    for i in range(st.flags[F_FOES]):
        gap = board.distance[h, st.foe_hex[i]]
        if st.foe_free[i] and 2 <= gap <= st.foe_reach[i]:
            threat_mean += st.foe_blows[i]
            threat_variance += st.foe_spread[i]
    if contacts > 0:
        score += best_strike
        if kinds.rangestrikes[t]:
            score -= params[W_KEEP_RANGE] * own
    elif kinds.rangestrikes[t] and params[W_RANGED] != 0.0:
        best_range = 0.0
        for i in range(st.flags[F_FOES]):
            e = st.foes[i]
            te = st.kind[e]
            he = st.hexes[e]
            for p in range(strikes.ranged_count[t, h, te, he]):
                if strikes.ranged_clear[t, h, te, he, p] & occ_mask == 0:
                    w = _strike_worth(
                        odds, params, strikes.ranged_dice[t, h, te, he, p],
                        strikes.ranged_number[t, h, te, he, p], kinds.power[te] - st.hits[e],
                        _per_hit(kinds, te), _worth(kinds, params, te),
                    )  # fmt: skip
                    best_range = max(best_range, w)
                    break
        score += params[W_RANGED] * best_range
    taken = mean + threat_mean
    if taken > 0.0:
        score -= fear * params[W_TAKEN] * taken * own / power
        death = _death_chance(odds, taken, variance + threat_variance, rem)
        score -= fear * params[W_DEATH] * death * own
    nearest = st.near[h]
    if nearest < 99:
        approach = params[W_APPROACH]
        if approach >= 0.0:
            prefer = 1.0
            if kinds.rangestrikes[t]:
                prefer = params[W_RANGE_DISTANCE]
            score -= approach * abs(nearest - prefer)
        else:
            score -= approach * nearest
    score += params[W_HEIGHT] * board.elevation[h]
    score -= params[W_TAKEN] * kinds.drift[t, h] * own / power
    if entering_left > 0 and st.entry_mask[h]:
        score -= BLOCKING * entering_left
    return score


@in_battle
def _survey(board, kinds, st, side, turn):
    """Before a Maneuver Phase: the enemies, whether each may move next, the distance
    from every hex to the nearest one, the hexes entered by and how many walkers enter."""
    other = 1 - side
    count = 0
    for e in range(st.kind.shape[0]):
        if st.alive[e] and st.side[e] == other and st.hexes[e] != OFF:
            st.foes[count] = e
            st.foe_free[count] = not _engaged(board, st, e)
            st.foe_hex[count] = st.hexes[e]
            st.foe_reach[count] = kinds.skill[st.kind[e]] + 1
            count += 1
    st.flags[F_FOES] = count
    for h in range(HEXES):
        st.near[h] = 99
        st.entry_mask[h] = False
    for i in range(count):
        he = st.hexes[st.foes[i]]
        for h in range(HEXES):
            st.near[h] = min(st.near[h], board.distance[h, he])
    for e in range(st.kind.shape[0]):
        if st.alive[e] and st.side[e] == other and st.hexes[e] == OFF:
            for i in range(board.entry_count[other, 1]):
                edge = board.entry[other, 1, i]
                for h in range(HEXES):
                    st.near[h] = min(st.near[h], board.distance[h, edge])
            break
    if not board.deploys[side, turn]:
        for i in range(board.entry_count[side, turn]):
            st.entry_mask[board.entry[side, turn, i]] = True
    waiting = 0
    for s in range(st.kind.shape[0]):
        if (
            st.side[s] == side
            and st.alive[s]
            and st.hexes[s] == OFF
            and st.deadline[s] == st.flags[F_STEP]
            and not kinds.flies[st.kind[s]]
        ):
            waiting += 1
    st.flags[F_WAITING] = waiting


@in_battle
def _occupancy_mask(st):
    mask = 0
    for s in range(st.kind.shape[0]):
        if st.alive[s] and st.hexes[s] != OFF:
            mask |= 1 << st.hexes[s]
    return mask


@in_battle
def _engaged(board, st, s):
    """In contact with an enemy on the Battleland (11.3)."""
    h = st.hexes[s]
    if h == OFF:
        return False
    for k in range(6):
        b = board.neighbours[h, k]
        if b < 0 or not board.contact[h, b]:
            continue
        e = st.occ[b]
        if e >= 0 and st.side[e] != st.side[s]:
            return True
    return False


@in_battle
def _crowds_entry(board, kinds, st, s, at, turn, waiting):
    """Would ``s`` standing on ``at`` leave one of the ``waiting`` walkers of its side still
    to enter with nowhere to go (10.1, 14.0)? Checked greedily: the others enter in the order
    they move (the most skilful first), each as deep as it can go, until the free hexes of
    the edge of entry are enough for the rest. Only a hex on that edge or next to it can
    crowd them out."""
    near = st.entry_mask[at]
    for k in range(6):
        b = board.neighbours[at, k]
        if b >= 0 and st.entry_mask[b]:
            near = True
    if not near:
        return False
    side = st.side[s]
    step = st.flags[F_STEP]
    st.occ[at] = s
    placed = 0
    stuck = False
    done = False
    for skill in range(8, -1, -1):
        for w in range(st.kind.shape[0]):
            if (
                w == s
                or st.side[w] != side
                or not st.alive[w]
                or st.hexes[w] != OFF
                or st.deadline[w] != step
            ):
                continue
            tw = st.kind[w]
            if kinds.flies[tw] or kinds.skill[tw] != skill:
                continue
            # every walker may stop on the first hex it enters (a slowed hex costs 2, 11.4)
            free = 0
            for i in range(board.entry_count[side, turn]):
                h = board.entry[side, turn, i]
                if st.occ[h] < 0 and kinds.step[tw, OFF, h] > 0:
                    free += 1
            if free >= waiting:
                done = True
                break
            m = _destinations(board, kinds, tw, OFF, side, turn, st.occ, st.dests, st.best,
                              st.queue)  # fmt: skip
            if m == 0:
                stuck = True
                break
            pick = st.dests[0]
            depth = -1
            for i in range(m):
                h = st.dests[i]
                d = 2 * st.best[h] + (0 if st.entry_mask[h] else 1)
                if d > depth:
                    depth = d
                    pick = h
            st.occ[pick] = w
            placed |= 1 << pick
            waiting -= 1
        if stuck or done:
            break
    for h in range(HEXES):
        if (placed >> h) & 1:
            st.occ[h] = -1
    st.occ[at] = -1
    return stuck


@in_battle_inline
def _best_hex(board, kinds, strikes, odds, params, st, s, here, turn, occ_mask, left, n, banned):
    """The best of staying (-1) and the ``n`` destinations in ``st.dests``, leaving out the
    hexes in the bit mask ``banned``; -2 when every one is left out."""
    choice = -2
    best_score = -1e300
    if here != OFF and not (banned >> here) & 1:
        best_score = _hex_worth(board, kinds, strikes, odds, params, st, s, here, turn,
                                occ_mask, left)  # fmt: skip
        best_score += params[W_STAY]
        choice = -1
    for i in range(n):
        h = st.dests[i]
        if (banned >> h) & 1:
            continue
        w = _hex_worth(board, kinds, strikes, odds, params, st, s, h, turn, occ_mask, left)
        if w > best_score:
            best_score = w
            choice = h
    return choice


@in_battle
def _move_one(board, kinds, strikes, odds, params, st, s, turn, entering_left, trace, tracing):
    """Choose and make the move of one character; False if it had nowhere to go."""
    here = st.hexes[s]
    t = st.kind[s]
    side = st.side[s]
    n = _destinations(board, kinds, t, here, side, turn, st.occ, st.dests, st.best, st.queue)
    if n == 0:
        return False
    if here != OFF:
        st.occ[here] = -1
    for i in range(st.flags[F_FOES]):
        te = st.kind[st.foes[i]]
        p = (7 - strikes.open_number[te, t]) / 6.0
        st.foe_blows[i] = params[W_THREAT] * kinds.power[te] * p
        st.foe_spread[i] = params[W_THREAT] * kinds.power[te] * p * (1 - p)
    occ_mask = _occupancy_mask(st)
    if here != OFF:
        occ_mask &= ~(1 << here)
    # a character already on the Battleland must not keep those entering off it either
    left = entering_left if here == OFF else st.flags[F_WAITING]
    choice = _best_hex(board, kinds, strikes, odds, params, st, s, here, turn, occ_mask, left,
                       n, 0)  # fmt: skip
    if left > 0 and not board.deploys[side, turn]:
        first = choice
        banned = 0
        for _ in range(HEXES + 1):
            at = here if choice < 0 else choice
            if not _crowds_entry(board, kinds, st, s, at, turn, left):
                break
            banned |= 1 << at
            n = _destinations(board, kinds, t, here, side, turn, st.occ, st.dests, st.best,
                              st.queue)  # fmt: skip
            choice = _best_hex(board, kinds, strikes, odds, params, st, s, here, turn, occ_mask,
                               left, n, banned)  # fmt: skip
            if choice == -2:
                choice = first  # no hex leaves room for all: the best one after all
                break
    if choice < 0:
        if here != OFF:
            st.occ[here] = s
        return True
    if tracing:
        if here != OFF:
            st.occ[here] = s
        _record(trace, st, st.hexes, st.hits, st.alive, MOVE, s, here, choice, 0, 0, -1, 0, 0)
        if here != OFF:
            st.occ[here] = -1
    st.hexes[s] = choice
    st.occ[choice] = s
    for i in range(st.flags[F_FOES]):
        if board.contact[choice, st.hexes[st.foes[i]]]:
            st.foe_free[i] = False  # locked in contact now (11.3)
    return True


@in_battle
def _maneuver(board, kinds, strikes, musters, start, odds, params, st, side, turn, step,
              trace, tracing):  # fmt: skip
    """One Maneuver Phase of ``side`` (11.0), with summoning (15.0-15.3) and the
    reinforcement (14.0-14.1) brought in first."""
    n = st.kind.shape[0]
    sc = start.scalars
    if side == ATTACKER and st.flags[F_SUMMON_PENDING] and not st.flags[F_SUMMON_USED]:
        living = 0
        for s in range(n):
            if st.side[s] == ATTACKER and st.alive[s]:
                living += 1
        if living < 7 and sc[S_SUMMON_TYPE] >= 0:
            lord = sc[S_SUMMON_SLOT]
            st.kind[lord] = sc[S_SUMMON_TYPE]
            st.alive[lord] = True
            st.hexes[lord] = OFF
            st.deadline[lord] = step
            st.flags[F_SUMMONED] = 1
    if (
        side == DEFENDER
        and turn == sc[S_REINFORCE_TURN]
        and not st.flags[F_REINFORCE_USED]
        and sc[S_REINFORCE_SLOT] >= 0
    ):
        mask = 0
        first = sc[S_SUMMON_SLOT] + 1
        for i in range(sc[S_DEFENDERS]):
            if st.alive[first + i]:
                mask |= 1 << i
        recruit = musters.recruit_type[mask]
        if recruit >= 0:
            slot = sc[S_REINFORCE_SLOT]
            st.kind[slot] = recruit
            st.alive[slot] = True
            st.hexes[slot] = OFF
            st.deadline[slot] = step
            st.flags[F_RECRUIT] = musters.recruit_name[mask]
    _survey(board, kinds, st, side, turn)
    # who moves: on the Battleland and not in contact (11.3); then those entering
    movers = 0
    if not board.deploys[side, turn]:
        for s in range(n):
            on_board = st.side[s] == side and st.alive[s] and st.hexes[s] != OFF
            if on_board and not _engaged(board, st, s):
                st.order[movers] = s
                movers += 1
    entering = 0
    for s in range(n):
        if st.side[s] == side and st.alive[s] and st.hexes[s] == OFF and st.deadline[s] == step:
            st.order[movers + entering] = s
            entering += 1
    # entering: walkers before fliers, the most skilful first (they go deepest)
    for i in range(movers + 1, movers + entering):
        j = i
        while j > movers and _entry_rank(kinds, st, st.order[j]) < _entry_rank(
            kinds, st, st.order[j - 1]
        ):
            tmp = st.order[j]
            st.order[j] = st.order[j - 1]
            st.order[j - 1] = tmp
            j -= 1
    for i in range(movers + entering):
        s = st.order[i]
        left = 0
        if i >= movers:
            for j in range(i + 1, movers + entering):
                if not kinds.flies[st.kind[st.order[j]]]:
                    left += 1
        _move_one(board, kinds, strikes, odds, params, st, s, turn, left, trace, tracing)
    # 10.1: not entered in its first Maneuver Phase, it is eliminated; the summoned
    # Lord (15.1) and the reinforcement (14.0) that could not enter are not taken
    for s in range(n):
        if st.side[s] == side and st.alive[s] and st.hexes[s] == OFF and st.deadline[s] == step:
            st.alive[s] = False
            if s == sc[S_SUMMON_SLOT]:
                st.flags[F_SUMMONED] = 0
            if s == sc[S_REINFORCE_SLOT]:
                st.flags[F_RECRUIT] = -1
        if st.deadline[s] == step:
            st.deadline[s] = -1
    if side == ATTACKER and st.flags[F_SUMMON_PENDING]:
        st.flags[F_SUMMON_USED] = 1  # 15.3: the one chance, taken or lost
        st.flags[F_SUMMON_PENDING] = 0
    if side == DEFENDER and turn == sc[S_REINFORCE_TURN]:
        st.flags[F_REINFORCE_USED] = 1


@in_battle_inline
def _entry_rank(kinds, st, s):
    t = st.kind[s]
    if kinds.flies[t]:
        return 100
    return -kinds.skill[t]


# --- strikes ----------------------------------------------------------------------


@in_battle
def _strike_one(board, kinds, strikes, odds, params, st, s, trace, tracing, snap_hexes,
                snap_hits, snap_alive):  # fmt: skip
    """Character ``s`` strikes one enemy in contact (12.0-12.5); False if none is left."""
    t = st.kind[s]
    h = st.hexes[s]
    best = -1.0
    target = -1
    declared = 0
    use_dice = 0
    forgo = 0
    for k in range(6):
        b = board.neighbours[h, k]
        if b < 0 or not board.contact[h, b]:
            continue
        e = st.occ[b]
        if e < 0 or st.side[e] == st.side[s] or st.slain[e]:
            continue
        te = st.kind[e]
        rem = kinds.power[te] - st.hits[e]
        per_hit = _per_hit(kinds, te)
        worth = _worth(kinds, params, te)
        d = strikes.dice[t, h, k, te]
        number = strikes.number[t, h, k, te]
        w = _strike_worth(odds, params, d, number, rem, per_hit, worth)
        w += _carry_worth(board, kinds, strikes, odds, params, st, s, k, d, number, 0, rem)
        if w > best:
            best, target, declared, use_dice, forgo = w, e, number, d, 0
        if params[W_CARRY] == 0.0:
            continue
        # declare a higher Strike-number, or forgo hexside benefits, to carry over (12.4, 12.5)
        for f in range(2):
            fd = strikes.dice[t, h, k, te] if f == 0 else strikes.plain_dice[t, h, k, te]
            fn = strikes.number[t, h, k, te] if f == 0 else strikes.plain_number[t, h, k, te]
            if f == 1 and fd == d and fn == number:
                continue
            for k2 in range(6):
                b2 = board.neighbours[h, k2]
                if k2 == k or b2 < 0 or not board.contact[h, b2]:
                    continue
                e2 = st.occ[b2]
                if e2 < 0 or st.side[e2] == st.side[s] or st.slain[e2]:
                    continue
                if not strikes.carry[t, h, k, k2, f]:
                    continue
                te2 = st.kind[e2]
                need = (
                    strikes.number[t, h, k2, te2] if f == 0 else strikes.plain_number[t, h, k2, te2]
                )
                n2 = max(fn, need)
                if n2 > 6 or (n2 == number and f == 0):
                    continue
                w2 = _strike_worth(odds, params, fd, n2, rem, per_hit, worth)
                w2 += _carry_worth(board, kinds, strikes, odds, params, st, s, k, fd, n2, f, rem)
                if w2 > best:
                    best, target, declared, use_dice, forgo = w2, e, n2, fd, f
    if target < 0:
        return False
    te = st.kind[target]
    rem = kinds.power[te] - st.hits[target]
    rolled = count_hits(st.rng, use_dice, declared)
    landed = min(rolled, rem)
    st.hits[target] += landed
    if st.hits[target] >= kinds.power[te]:
        st.slain[target] = True
    carry_to = -1
    carried = 0
    excess = rolled - landed
    if excess > 0:
        k = board.direction[h, st.hexes[target]]
        best_carry = 0.0
        for k2 in range(6):
            b2 = board.neighbours[h, k2]
            if k2 == k or b2 < 0 or not board.contact[h, b2]:
                continue
            e2 = st.occ[b2]
            if e2 < 0 or st.side[e2] == st.side[s] or st.slain[e2]:
                continue
            if not strikes.carry[t, h, k, k2, forgo]:
                continue
            te2 = st.kind[e2]
            need = (
                strikes.number[t, h, k2, te2] if forgo == 0 else strikes.plain_number[t, h, k2, te2]
            )
            if need > declared:
                continue
            rem2 = kinds.power[te2] - st.hits[e2]
            w = _hits_worth(params, excess, rem2, _per_hit(kinds, te2), _worth(kinds, params, te2))
            if w > best_carry:
                best_carry = w
                carry_to = e2
        if carry_to >= 0:
            te2 = st.kind[carry_to]
            carried = min(excess, kinds.power[te2] - st.hits[carry_to])
            st.hits[carry_to] += carried
            if st.hits[carry_to] >= kinds.power[te2]:
                st.slain[carry_to] = True
    if tracing:
        _record(
            trace, st, snap_hexes, snap_hits, snap_alive, STRIKE, s, target, declared, use_dice,
            forgo, carry_to, rolled, carried,
        )  # fmt: skip
    return True


@in_battle
def _carry_worth(board, kinds, strikes, odds, params, st, s, k, dice, declared, forgo, rem):
    """Expected worth of the hits beyond ``rem`` carried to the best enemy they may reach."""
    t = st.kind[s]
    h = st.hexes[s]
    if dice <= rem:
        return 0.0
    best = 0.0
    d = _dice_index(dice)
    for k2 in range(6):
        b2 = board.neighbours[h, k2]
        if k2 == k or b2 < 0 or not board.contact[h, b2]:
            continue
        e2 = st.occ[b2]
        if e2 < 0 or st.side[e2] == st.side[s] or st.slain[e2]:
            continue
        if not strikes.carry[t, h, k, k2, forgo]:
            continue
        te2 = st.kind[e2]
        need = strikes.number[t, h, k2, te2] if forgo == 0 else strikes.plain_number[t, h, k2, te2]
        if need > declared:
            continue
        rem2 = kinds.power[te2] - st.hits[e2]
        per_hit2 = _per_hit(kinds, te2)
        worth2 = _worth(kinds, params, te2)
        w = 0.0
        for x in range(rem + 1, d + 1):
            w += odds.pmf[d, declared, x] * _hits_worth(params, x - rem, rem2, per_hit2, worth2)
        best = max(best, w)
    return best


@in_battle
def _rangestrike_one(kinds, strikes, odds, params, st, s, occ_mask, trace, tracing, snap_hexes,
                     snap_hits, snap_alive):  # fmt: skip
    """Character ``s`` rangestrikes the enemy it is likeliest to profit from (13.0-13.5)."""
    t = st.kind[s]
    h = st.hexes[s]
    best = 0.0
    target = -1
    use_dice = 0
    number = 0
    for e in range(st.kind.shape[0]):
        if not st.alive[e] or st.slain[e] or st.side[e] == st.side[s] or st.hexes[e] == OFF:
            continue
        te = st.kind[e]
        he = st.hexes[e]
        for p in range(strikes.ranged_count[t, h, te, he]):
            if strikes.ranged_clear[t, h, te, he, p] & occ_mask != 0:
                continue
            d = strikes.ranged_dice[t, h, te, he, p]
            n = strikes.ranged_number[t, h, te, he, p]
            w = _strike_worth(
                odds, params, d, n, kinds.power[te] - st.hits[e], _per_hit(kinds, te),
                _worth(kinds, params, te),
            )  # fmt: skip
            if w > best or target < 0:
                best, target, use_dice, number = w, e, d, n
            break  # paths are stored best first
    if target < 0 or use_dice <= 0:
        return
    te = st.kind[target]
    rolled = count_hits(st.rng, use_dice, number)
    landed = min(rolled, kinds.power[te] - st.hits[target])
    st.hits[target] += landed
    if st.hits[target] >= kinds.power[te]:
        st.slain[target] = True
    if tracing:
        _record(
            trace, st, snap_hexes, snap_hits, snap_alive, RANGESTRIKE, s, target, number,
            use_dice, 0, -1, rolled, 0,
        )  # fmt: skip


@in_battle
def _strike_phase(board, kinds, strikes, odds, params_by_side, st, side, trace, tracing):
    """A Strike Phase (12.0): Drift first, then the phasing side strikes and
    rangestrikes, then the other side; the slain are removed at the end (10.6)."""
    n = st.kind.shape[0]
    for s in range(n):
        st.slain[s] = False
        if st.alive[s] and st.hexes[s] != OFF:
            drift = kinds.drift[st.kind[s], st.hexes[s]]
            if drift > 0:
                st.hits[s] += drift
                if st.hits[s] >= kinds.power[st.kind[s]]:
                    st.slain[s] = True  # it may still strike
    for s in range(n):
        st.engaged[s] = st.alive[s] and _engaged(board, st, s)
    snap_hexes, snap_hits, snap_alive = st.hexes, st.hits, st.alive
    if tracing:
        for s in range(n):
            st.snap_hexes[s] = st.hexes[s]
            st.snap_hits[s] = st.hits[s]
            st.snap_alive[s] = st.alive[s]
        snap_hexes, snap_hits, snap_alive = st.snap_hexes, st.snap_hits, st.snap_alive
    occ_mask = _occupancy_mask(st)
    for turn_of in range(2):
        striking = side if turn_of == 0 else 1 - side
        params = params_by_side[striking]
        # those with a single enemy in reach strike first, so the others can pick; who is
        # which is settled before anyone strikes, so that every striker strikes (10.6)
        for s in range(n):
            st.order[s] = st.side[s] == striking and _targets_left(board, st, s) == 1
        for rounds in range(2):
            for s in range(n):
                if st.side[s] != striking or not st.engaged[s]:
                    continue
                if (rounds == 0) == (st.order[s] != 0):
                    _strike_one(
                        board, kinds, strikes, odds, params, st, s, trace, tracing,
                        snap_hexes, snap_hits, snap_alive,
                    )  # fmt: skip
        if striking == side:
            for s in range(n):
                if (
                    st.side[s] == striking
                    and st.alive[s]
                    and st.hexes[s] != OFF
                    and not st.engaged[s]
                    and kinds.rangestrikes[st.kind[s]]
                ):
                    _rangestrike_one(
                        kinds, strikes, odds, params, st, s, occ_mask, trace, tracing,
                        snap_hexes, snap_hits, snap_alive,
                    )  # fmt: skip
    defender_slain = False
    for s in range(n):
        if st.slain[s]:
            if kinds.titan[st.kind[s]]:
                st.flags[F_TITAN_ATTACKER if st.side[s] == ATTACKER else F_TITAN_DEFENDER] = 1
            if st.side[s] == DEFENDER:
                defender_slain = True
            st.alive[s] = False
            st.occ[st.hexes[s]] = -1
            st.hexes[s] = OFF
            st.slain[s] = False
    if defender_slain and not st.flags[F_SUMMON_USED]:
        st.flags[F_SUMMON_PENDING] = 1  # 15.0: summon in the next own Maneuver Phase


@in_battle
def _targets_left(board, st, s):
    h = st.hexes[s]
    count = 0
    for k in range(6):
        b = board.neighbours[h, k]
        if b < 0 or not board.contact[h, b]:
            continue
        e = st.occ[b]
        if e >= 0 and st.side[e] != st.side[s] and not st.slain[e]:
            count += 1
    return count


# --- a whole Battle -------------------------------------------------------------------


@in_battle
def _outcome(st):
    """The Battle's end, if it has ended: -1 while both Legions stand (19.3: a slain Titan
    takes its Legion out of the Battle)."""
    attackers = 0
    defenders = 0
    for s in range(st.kind.shape[0]):
        if st.alive[s]:
            if st.side[s] == ATTACKER:
                attackers += 1
            else:
                defenders += 1
    attacker_out = attackers == 0 or st.flags[F_TITAN_ATTACKER] != 0
    defender_out = defenders == 0 or st.flags[F_TITAN_DEFENDER] != 0
    if attacker_out and defender_out:
        return MUTUAL
    if defender_out:
        return ATTACKER_WINS
    if attacker_out:
        return DEFENDER_WINS
    return -1


@in_battle
def _battle(board, kinds, strikes, musters, start, odds, params, st, trace, tracing):
    """Play one Battle from ``start`` to its end; returns (outcome, rounds)."""
    step = start.scalars[S_STEP]
    rounds = step // PHASES_PER_ROUND + 1
    outcome = _outcome(st)
    while outcome < 0:
        if step >= STEPS:
            outcome = TIME_LOSS  # 10.5
            break
        turn = step // PHASES_PER_ROUND + 1
        phase = step % PHASES_PER_ROUND
        rounds = turn
        st.flags[F_STEP] = step
        side = DEFENDER if phase < ATTACKER_MANEUVER else ATTACKER
        if phase % 2 == 0:  # DEFENDER_MANEUVER, ATTACKER_MANEUVER
            _maneuver(
                board, kinds, strikes, musters, start, odds, params[side], st, side, turn, step,
                trace, tracing,
            )  # fmt: skip
        else:
            _strike_phase(board, kinds, strikes, odds, params, st, side, trace, tracing)
        outcome = _outcome(st)
        step += 1
    return outcome, rounds


@njit(cache=True)
def _empty_trace(slots):
    return Trace(
        np.zeros((0, T_COLUMNS), dtype=np.int32), np.zeros((0, slots), dtype=np.int8),
        np.zeros((0, slots), dtype=np.int16), np.zeros((0, slots), dtype=np.bool_),
        np.zeros((0, slots), dtype=np.int16), np.zeros((0, 2), dtype=np.bool_),
    )  # fmt: skip


@njit(cache=True, parallel=True)
def play_battles(board, kinds, strikes, musters, start, odds, params, seed, first,
                 outcome, rounds, alive, summoned, recruit, titan_slain):  # fmt: skip
    """Battles ``first .. first + n - 1``, each with its own generator (seed, index).

    params: float64[2, WEIGHTS] (attacker's row, defender's row). Outputs, n rows:
    outcome int8[n], rounds int8[n], alive bool[n, S], summoned bool[n],
    recruit int16[n] (index into the reinforcement names, -1), titan_slain bool[n, 2].
    """
    n = outcome.shape[0]
    slots = start.kind.shape[0]
    for i in prange(n):
        st = _new_state(start, seed, first + i)
        trace = _empty_trace(slots)
        result, played = _battle(
            board, kinds, strikes, musters, start, odds, params, st, trace, False
        )
        outcome[i] = result
        rounds[i] = played
        for s in range(slots):
            alive[i, s] = st.alive[s]
        summoned[i] = st.flags[F_SUMMONED] != 0
        recruit[i] = st.flags[F_RECRUIT]
        titan_slain[i, 0] = st.flags[F_TITAN_ATTACKER] != 0
        titan_slain[i, 1] = st.flags[F_TITAN_DEFENDER] != 0


@njit(cache=True)
def play_traced(board, kinds, strikes, musters, start, odds, params, seed, index, trace):
    """One Battle on this thread, every move and strike written to ``trace``.

    Returns (outcome, rounds, events recorded, alive bool[S])."""
    st = _new_state(start, seed, index)
    result, played = _battle(board, kinds, strikes, musters, start, odds, params, st, trace, True)
    return result, played, st.flags[F_EVENTS], st.alive.copy()
