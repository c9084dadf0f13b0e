"""The battle kernel's vocabulary: integer codes, the dice tables, and the state of a Battle.

Slots: the attacker's characters ``0 .. A-1``, the summoned Lord ``A``, the
defender's characters ``A+1 .. A+D``, the reinforcement ``A+D+1``; S slots.
A step is ``(turn - 1) * 4 + k`` with k one of the PHASE codes below; the time
runs out at step 28 (10.5). The codes are mirrored by IntEnums on the Python
side (``simulator.battles``, ``simulator.tactics``).
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np
from numba import njit

from simulator import numba_inlining
from simulator.mind import Mind, new_mind
from simulator.rng import battle_key

# --- integer codes ---------------------------------------------------------------
ATTACKER_WINS, DEFENDER_WINS, MUTUAL, TIME_LOSS = 0, 1, 2, 3  # Outcome
DEFENDER_MANEUVER, DEFENDER_STRIKE, ATTACKER_MANEUVER, ATTACKER_STRIKE = 0, 1, 2, 3  # Phase
MOVE, STRIKE, RANGESTRIKE = 0, 1, 2  # trace event kinds
ATTACKER, DEFENDER = 0, 1
PHASES_PER_ROUND = 4
ROUNDS = 7  # 10.5: seven Battle-Rounds
STEPS = ROUNDS * PHASES_PER_ROUND
OFF = 27  # not on the Battleland
HEXES = 27
WITHIN = 8  # distances of the Board's within_mask: 0 .. 7 (a Skill-factor of 4 reaches 5)
NOBODY = -1

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
# Only new_state, empty_trace and the entry points allocate (and keep counting).
# No division there can be by zero (Power-factors are at least 1), so NumPy's error model
# spares a check per division. No fastmath: the same seed must give the same Battles on
# every machine, and fused or reordered arithmetic could break a tie differently.
numba_inlining.install()  # the inlining below compiled in a third of the time
in_battle = njit(cache=True, _nrt=False, error_model="numpy")
in_battle_inline = njit(cache=True, _nrt=False, inline="always", error_model="numpy")


class State(NamedTuple):
    """One Battle's changing state, the referee's scratch and the tactic's (``mind``, which
    the referee never reads), built inside the kernel."""

    kind: np.ndarray  # int16[S]
    side: np.ndarray  # int8[S]
    hexes: np.ndarray  # int8[S]
    hits: np.ndarray  # int16[S]
    alive: np.ndarray  # bool[S]
    slain: np.ndarray  # bool[S]: slain in this Strike Phase, not yet removed (10.6)
    deadline: np.ndarray  # int8[S]
    occ: np.ndarray  # int8[27]: slot on each hex, -1 empty
    order: np.ndarray  # int8[S]: scratch (the movers in order)
    flags: np.ndarray  # int64[F_COUNT]
    rng: np.ndarray  # uint64[1]
    snap_hexes: np.ndarray  # int8[S]: a traced Strike Phase's position before its strikes
    snap_hits: np.ndarray  # int16[S]
    snap_alive: np.ndarray  # bool[S]
    mind: Mind  # the tactic's scratch (simulator.mind)


F_SUMMON_USED, F_REINFORCE_USED, F_SUMMON_PENDING, F_SUMMONED, F_RECRUIT = 0, 1, 2, 3, 4
F_TITAN_ATTACKER, F_TITAN_DEFENDER, F_EVENTS, F_STEP = 5, 6, 7, 8
F_COUNT = 9


class Trace(NamedTuple):
    """Every move and strike of a traced Battle, with the position it was made in."""

    events: np.ndarray  # int32[E, 10]: T_ columns
    hexes: np.ndarray  # int8[E, S]
    hits: np.ndarray  # int16[E, S]
    alive: np.ndarray  # bool[E, S]
    kind: np.ndarray  # int16[E, S]
    flags: np.ndarray  # bool[E, 2]: summon used, reinforcement used (as the position says)


@njit(cache=True)
def new_state(start, seed, index):
    """A state for Battles of ``start``'s slots, set to Battle ``index`` of a request with
    ``seed`` (reset_state sets it to another)."""
    n = start.kind.shape[0]
    state = State(
        np.empty(n, dtype=np.int16), np.empty(n, dtype=np.int8), np.empty(n, dtype=np.int8),
        np.empty(n, dtype=np.int16), np.empty(n, dtype=np.bool_), np.empty(n, dtype=np.bool_),
        np.empty(n, dtype=np.int8), np.empty(HEXES, dtype=np.int8), np.empty(n, dtype=np.int8),
        np.empty(F_COUNT, dtype=np.int64), np.empty(1, dtype=np.uint64),
        np.empty(n, dtype=np.int8), np.empty(n, dtype=np.int16), np.empty(n, dtype=np.bool_),
        new_mind(n),
    )  # fmt: skip
    reset_state(state, start, seed, index)
    return state


@in_battle_inline
def copy_figures(src, dst):
    """Each slot's character, side, hex, hits, life and deadline from ``src`` (a Start or a
    State) to the State ``dst``."""
    for s in range(src.kind.shape[0]):
        dst.kind[s] = src.kind[s]
        dst.side[s] = src.side[s]
        dst.hexes[s] = src.hexes[s]
        dst.hits[s] = src.hits[s]
        dst.alive[s] = src.alive[s]
        dst.deadline[s] = src.deadline[s]


@in_battle
def copy_whole(src, dst):
    """Every array of the State ``src`` into the State ``dst``, the dice included: the Battle
    goes on in ``dst`` exactly as it would have in ``src`` (the tactic's scratch, written
    afresh in each phase, needs no copy)."""
    copy_figures(src, dst)
    for s in range(src.kind.shape[0]):
        dst.slain[s] = src.slain[s]
        dst.order[s] = src.order[s]
        dst.snap_hexes[s] = src.snap_hexes[s]
        dst.snap_hits[s] = src.snap_hits[s]
        dst.snap_alive[s] = src.snap_alive[s]
    for h in range(HEXES):
        dst.occ[h] = src.occ[h]
    for f in range(F_COUNT):
        dst.flags[f] = src.flags[f]
    dst.rng[0] = src.rng[0]


@in_battle
def reset_state(st, start, seed, index):
    """Set ``st`` to the start of Battle ``index`` of a request with ``seed``, its scratch
    cleared: a thread plays Battle after Battle on one state rather than allocating one
    for each (some thirty small arrays: a few per cent of a 7v7 Battle's time)."""
    copy_figures(start, st)
    for s in range(start.kind.shape[0]):
        st.slain[s] = False
        st.order[s] = 0
        st.snap_hexes[s] = 0
        st.snap_hits[s] = 0
        st.snap_alive[s] = False
    for h in range(HEXES):
        st.occ[h] = NOBODY
    for f in range(F_COUNT):
        st.flags[f] = 0
    st.flags[F_SUMMON_USED] = start.scalars[S_SUMMON_USED]
    st.flags[F_REINFORCE_USED] = start.scalars[S_REINFORCE_USED]
    st.flags[F_RECRUIT] = -1
    st.flags[F_SUMMON_PENDING] = start.scalars[S_SUMMON_PENDING]
    st.rng[0] = battle_key(np.uint64(seed), np.uint64(index))
    for s in range(start.kind.shape[0]):
        if st.alive[s] and st.hexes[s] != OFF:
            st.occ[st.hexes[s]] = s


@njit(cache=True)
def empty_trace(slots):
    return Trace(
        np.zeros((0, T_COLUMNS), dtype=np.int32), np.zeros((0, slots), dtype=np.int8),
        np.zeros((0, slots), dtype=np.int16), np.zeros((0, slots), dtype=np.bool_),
        np.zeros((0, slots), dtype=np.int16), np.zeros((0, 2), dtype=np.bool_),
    )  # fmt: skip


@in_battle_inline
def records(trace):
    """Whether the Battle played with ``trace`` is recorded: one from ``empty_trace`` records
    nothing. Asked of the trace as the Battle runs rather than passed as a literal True or
    False, for which numba would compile the whole kernel once each."""
    return trace.events.shape[0] > 0


@in_battle
def record(trace, st, snapshot_hexes, snapshot_hits, snapshot_alive, kind, slot, a, b, dice,
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


# Bit masks of hexes (bit h: hex h, 27 bits). A mask's lowest set bit, by De Bruijn's
# multiplication: popping bits this way visits hexes in increasing order. The table is
# unsigned, so the bits found index arrays unchecked (see ``unsigned``).
_DE_BRUIJN = 0x077CB531
_BIT_OF_PRODUCT = np.array(
    [0, 1, 28, 2, 29, 14, 24, 3, 30, 22, 20, 15, 25, 17, 4, 8,
     31, 27, 13, 23, 21, 19, 16, 7, 26, 12, 18, 6, 11, 5, 10, 9], dtype=np.uint8,
)  # fmt: skip


@in_battle_inline
def unsigned(i):
    """An index known not to be negative, as an unsigned integer: numba then skips the check
    for an index counted from the end (a compare and a select at every array read)."""
    return np.uint32(i)


@in_battle_inline
def lowest_bit(mask):
    """The index of the lowest set bit of a nonzero mask below 2**32."""
    return _BIT_OF_PRODUCT[(((mask & -mask) * _DE_BRUIJN) & 0xFFFFFFFF) >> 27]


@in_battle_inline
def side_mask(st, side):
    """The hexes held by ``side`` on the Battleland (this Strike Phase's slain among them
    until its end, 10.6)."""
    mask = 0
    for s in range(st.kind.shape[0]):
        if st.alive[s] and st.side[s] == side and st.hexes[s] != OFF:
            mask |= 1 << st.hexes[s]
    return mask


@in_battle
def occupancy_mask(st):
    mask = 0
    for s in range(st.kind.shape[0]):
        if st.alive[s] and st.hexes[s] != OFF:
            mask |= 1 << st.hexes[s]
    return mask
