"""The battle kernel's entry points: whole Battles played out in numba.

``play_battles`` plays any Battles of a request in parallel (``prange``),
each with its own generator (seed, index) and its own pair of tactics;
``play_alike`` plays the same Battles for many pairs of styles, each opening
played once for the pairs that open alike (the pilot tournament);
``play_traced`` plays one Battle on one thread and records every move and
strike with the position it was made in. Both hand the Battle to the referee
(``simulator.referee``), which asks each side's tactic (``simulator.policy``)
for its choices. They take only arrays, scalars and the table bundles of
``simulator.tables`` (numba named tuples).
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from simulator.battle_state import (
    F_EVENTS,
    F_RECRUIT,
    F_SUMMONED,
    F_TITAN_ATTACKER,
    F_TITAN_DEFENDER,
    PHASES_PER_ROUND,
    ROUNDS,
    S_STEP,
    copy_whole,
    empty_trace,
    new_state,
    reset_state,
)
from simulator.referee import play_out, play_to, rounds_played
from simulator.search import Play, play_searching

BLOCK = 16  # Battles a thread plays in a row on one state


@njit(cache=True)
def _play_one(board, kinds, strikes, musters, start, odds, play, seed, index, st, trace,
              tracing):  # fmt: skip
    """One Battle from the start (``st`` set to it) to its end: (outcome, rounds)."""
    if play.rollouts[0] == 0 and play.rollouts[1] == 0:
        return play_out(
            board, kinds, strikes, musters, start, odds, play.rows, st, start.scalars[S_STEP],
            trace, tracing,
        )  # fmt: skip
    sim = new_state(start, seed, index)
    rows = play.rows[0].copy()  # the phase's rows, as each side's plan has it
    moved = np.zeros((play.plans.shape[1], start.kind.shape[0] + 1), dtype=np.int8)
    return play_searching(
        board, kinds, strikes, musters, start, odds, play, st, sim, rows, moved, trace, tracing
    )


@njit(cache=True, parallel=True, nogil=True)
def play_battles(board, kinds, strikes, musters, start, odds, plays, cells, seed, indices,
                 outcome, rounds, alive, summoned, recruit, titan_slain):  # fmt: skip
    """Battles ``indices`` (int64[n]) of a request, each with its own generator (seed, index)
    and its own tactics: row ``cells[i]`` of the stacked bundles ``plays`` (a Play whose
    arrays have a first axis more, one row per bundle).

    Outputs, n rows: outcome int8[n], rounds int8[n], alive bool[n, S], summoned bool[n],
    recruit int16[n] (index into the reinforcement names, -1), titan_slain bool[n, 2].
    """
    n = outcome.shape[0]
    slots = start.kind.shape[0]
    for b in prange((n + BLOCK - 1) // BLOCK):
        st = new_state(start, seed, 0)
        trace = empty_trace(slots)
        for i in range(b * BLOCK, min(n, (b + 1) * BLOCK)):
            c = cells[i]
            play = Play(plays.rows[c], plays.plans[c], plays.rollouts[c], plays.rollout_rows[c])
            reset_state(st, start, seed, indices[i])
            result, played = _play_one(
                board, kinds, strikes, musters, start, odds, play, seed, indices[i], st, trace,
                False,
            )  # fmt: skip
            outcome[i] = result
            rounds[i] = played
            for s in range(slots):
                alive[i, s] = st.alive[s]
            summoned[i] = st.flags[F_SUMMONED] != 0
            recruit[i] = st.flags[F_RECRUIT]
            titan_slain[i, 0] = st.flags[F_TITAN_ATTACKER] != 0
            titan_slain[i, 1] = st.flags[F_TITAN_DEFENDER] != 0


@njit(cache=True, parallel=True, nogil=True)
def play_alike(board, kinds, strikes, musters, start, odds, rows, shared, seed, indices,
               outcome, rounds):  # fmt: skip
    """Battles ``indices`` (int64[n]) of ``seed`` for each of the fixed pairs of styles
    ``rows`` (float64[P, ROUNDS, 2, WEIGHTS]), ordered so that ``shared[p]`` leading
    Battle-Rounds of pair ``p``'s rows are those of pair ``p - 1``: those rounds' Battle is
    the same for both, so it is played once and the pair goes on from a copy of its state
    (the same Battles, bit for bit, as ``play_battles`` plays). Outputs int8[P, n]."""
    n = indices.shape[0]
    pairs = rows.shape[0]
    first = start.scalars[S_STEP]
    opening = first // PHASES_PER_ROUND  # the first round played: no state kept before it
    for i in prange(n):
        st = new_state(start, seed, indices[i])
        kept = [new_state(start, seed, indices[i]) for _ in range(ROUNDS)]  # a round's start
        trace = empty_trace(start.kind.shape[0])
        for p in range(pairs):
            level = shared[p]  # rounds played alike with the pair before
            if p > 0 and rounds[p - 1, i] - 1 < level:  # over within them: the same end
                outcome[p, i] = outcome[p - 1, i]
                rounds[p, i] = rounds[p - 1, i]
                continue
            if p == 0 or level <= opening:
                reset_state(st, start, seed, indices[i])
                step = first
                level = opening
            else:
                copy_whole(kept[level], st)
                step = level * PHASES_PER_ROUND
            keep_to = shared[p + 1] if p + 1 < pairs else 0  # the next pair starts there
            result = -1
            while result < 0:
                r = step // PHASES_PER_ROUND
                if level < r <= keep_to and step % PHASES_PER_ROUND == 0:
                    copy_whole(st, kept[r])
                result, step = play_to(
                    board, kinds, strikes, musters, start, odds, rows[p], st, step,
                    (r + 1) * PHASES_PER_ROUND, trace, False,
                )  # fmt: skip
            outcome[p, i] = result
            rounds[p, i] = rounds_played(first, step)


@njit(cache=True, nogil=True)
def play_traced(board, kinds, strikes, musters, start, odds, play, seed, index, trace):
    """One Battle on this thread, every move and strike written to ``trace``.

    Returns (outcome, rounds, events recorded, alive bool[S])."""
    st = new_state(start, seed, index)
    result, played = _play_one(
        board, kinds, strikes, musters, start, odds, play, seed, index, st, trace, True
    )
    return result, played, st.flags[F_EVENTS], st.alive.copy()
