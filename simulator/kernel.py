"""The battle kernel's entry points: whole Battles played out in numba.

``play_battles`` plays any Battles of a request, each with its own generator
(seed, index) and its own pair of tactics; ``play_fixed`` the same Battles when every one
plays fixed styles, without the search's code (which a fresh install then compiles after
the default's, ``simulator.kernel_cache.SEARCH``);
``play_alike`` plays the same Battles for many pairs of styles (the pilot
tournament), the Battle-Rounds that pairs play alike played once; both play
once for all the Battles of a pair the opening before the first die falls
(``opening``), which is the same for each of them. ``play_traced`` plays one
Battle whole on one thread and records every move and strike with the
position it was made in. The first two play a part of a request each: threads
of ``simulator.battles`` play the parts side by side (the functions release
Python's lock). All hand the Battle to the referee
(``simulator.referee``), which asks each side's tactic (``simulator.policy``)
for its choices. They take only arrays, scalars and the table bundles of
``simulator.tables`` (numba named tuples).

Few compiled functions reach the loop of the phases (``referee.play_to``):
numba optimises again everything a compiled function calls for each function
that calls it, so each of them costs the compile seconds. ``opening`` and
``_play_one`` stay functions of their own all the same: inlined into
``play_battles``, they made its Battles 4-6% slower.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from simulator.battle_state import (
    F_EVENTS,
    F_RECRUIT,
    F_SUMMONED,
    F_TITAN_ATTACKER,
    F_TITAN_DEFENDER,
    PHASES_PER_ROUND,
    ROUNDS,
    S_STEP,
    STEPS,
    copy_whole,
    empty_trace,
    in_battle_inline,
    new_state,
    reset_state,
)
from simulator.mind import FEATURES
from simulator.referee import outcome, play_to, rounds_played
from simulator.rng import battle_key
from simulator.rule import features, reset_counts, walk
from simulator.search import Play, choose_rows


@njit(cache=True)
def _play_one(board, kinds, strikes, musters, start, odds, play, seed, index, st, trace):
    """One Battle from the start (``st`` set to it) to its end: (outcome, rounds). The one
    loop of a Battle: the tactics say what they play and for how long (``search.choose_rows``:
    fixed styles their rows to the end, a searching side its plan for the next step), and
    the referee plays it (``referee.play_to``)."""
    first = start.scalars[S_STEP]
    sim = new_state(start, seed, index)  # the search's trials of its plans are played here
    rows = play.rows.copy()  # each round's rows, as each side's plan has it
    moved = np.zeros((play.plans.shape[1], start.kind.shape[0] + 1), dtype=np.int8)
    quiet = empty_trace(start.kind.shape[0])  # the search's trials: not recorded
    step = first
    reset_counts(st)
    result = outcome(st)
    while result < 0:
        until = choose_rows(
            board, kinds, strikes, musters, start, odds, play, st, sim, rows, moved, step, quiet
        )
        result, step = play_to(
            board, kinds, strikes, musters, start, odds, rows, st, step, until, trace
        )
    return result, rounds_played(first, step)


@njit(cache=True)
def opening(board, kinds, strikes, musters, start, odds, rows, st, kept, trace):
    """Play a Battle set to its start (``st``) phase by phase until a die is rolled, and
    keep in ``kept`` its state at the start of that phase (or at the end, if the Battle
    ends with no die rolled); returns that phase's step. Up to there every Battle of a
    pair of fixed styles is the same whatever its dice (``from_opening``)."""
    key = st.rng[0]
    step = start.scalars[S_STEP]
    copy_whole(st, kept)
    while True:
        result, after = play_to(
            board, kinds, strikes, musters, start, odds, rows, st, step, step + 1, trace
        )
        if st.rng[0] != key:
            return step
        copy_whole(st, kept)
        step = after
        if result >= 0:
            return step


@in_battle_inline
def from_opening(kept, st, seed, index):
    """Set ``st`` to Battle ``index`` of ``seed`` at the end of its opening ``kept``: the
    opening's state with the Battle's own generator, untouched so far."""
    copy_whole(kept, st)
    st.rng[0] = battle_key(np.uint64(seed), np.uint64(index))


@in_battle_inline
def _fixed_battle(board, kinds, strikes, musters, start, odds, rows, st, kept, kept_at, opened,
                  seed, index, trace):  # fmt: skip
    """Battle ``index`` of a pair of fixed styles ``rows``, ``st`` set to its start: its
    opening before the first die played into ``kept`` unless ``opened`` (then it is there
    already, up to step ``kept_at``), and on from it. (outcome, rounds, kept_at)."""
    if not opened:
        kept_at = opening(board, kinds, strikes, musters, start, odds, rows, st, kept, trace)
    from_opening(kept, st, seed, index)
    result, end = play_to(  # a typed stop (see referee.play_out)
        board, kinds, strikes, musters, start, odds, rows, st, kept_at, np.int64(STEPS), trace
    )
    return result, rounds_played(start.scalars[S_STEP], end), kept_at


@in_battle_inline
def _record(st, i, result, played, outcome, rounds, alive, summoned, recruit, titan_slain,
            style_steps, changes):  # fmt: skip
    """Battle ``i``'s outputs (``play_battles``) from its end ``st``."""
    outcome[i] = result
    rounds[i] = played
    for s in range(alive.shape[1]):
        alive[i, s] = st.alive[s]
    summoned[i] = st.flags[F_SUMMONED] != 0
    recruit[i] = st.flags[F_RECRUIT]
    titan_slain[i, 0] = st.flags[F_TITAN_ATTACKER] != 0
    titan_slain[i, 1] = st.flags[F_TITAN_DEFENDER] != 0
    for side in range(2):
        changes[i, side] = st.mind.changes[side]
        for k in range(style_steps.shape[2]):
            style_steps[i, side, k] = st.mind.style_steps[side, k]


@njit(cache=True, nogil=True)
def play_battles(board, kinds, strikes, musters, start, odds, plays, cells, seed, indices, lo, hi,
                 outcome, rounds, alive, summoned, recruit, titan_slain, style_steps,
                 changes):  # fmt: skip
    """Battles ``indices[lo:hi]`` (of int64[n]) of a request, each with its own generator
    (seed, index) and its own tactics: row ``cells[i]`` of the stacked bundles ``plays`` (a
    Play whose arrays have a first axis more, one row per bundle). A run of Battles of one
    pair of fixed styles plays their opening before the first die once (``opening``).

    Outputs, rows lo..hi-1 of n: outcome int8[n], rounds int8[n], alive bool[n, S],
    summoned bool[n], recruit int16[n] (index into the reinforcement names, -1),
    titan_slain bool[n, 2], style_steps int32[n, 2, K] (the phases each side played in each
    of the rule's styles, K at most MOST_STYLES), changes int16[n, 2] (how often the rule
    changed a side's style). Threads of ``simulator.battles`` play the parts of a request side
    by side (nogil), each on states of its own.
    """
    st = new_state(start, seed, 0)
    kept = new_state(start, seed, 0)
    kept_of = -1  # the bundle whose opening ``kept`` holds
    kept_at = start.scalars[S_STEP]
    trace = empty_trace(start.kind.shape[0])
    for i in range(lo, hi):
        c = cells[i]
        play = Play(
            plays.rows[c], plays.plans[c], plays.rollouts[c], plays.rollout_rows[c],
            plays.ruled[c], plays.rollout_ruled[c], plays.styles[c], plays.forced[c],
            plays.rule_feature[c], plays.rule_threshold[c], plays.rule_left[c],
            plays.rule_right[c], plays.rule_leaf[c],
        )  # fmt: skip
        reset_state(st, start, seed, indices[i])
        reset_counts(st)
        fixed = play.ruled[0] == 0 and play.ruled[1] == 0
        if fixed and play.rollouts[0] == 0 and play.rollouts[1] == 0:
            result, played, kept_at = _fixed_battle(
                board, kinds, strikes, musters, start, odds, play.rows, st, kept, kept_at,
                c == kept_of, seed, indices[i], trace,
            )  # fmt: skip
            kept_of = c
        else:
            result, played = _play_one(
                board, kinds, strikes, musters, start, odds, play, seed, indices[i], st, trace
            )
        _record(st, i, result, played, outcome, rounds, alive, summoned, recruit, titan_slain,
                style_steps, changes)  # fmt: skip


@njit(cache=True, nogil=True)
def play_fixed(board, kinds, strikes, musters, start, odds, plays, cells, seed, indices, lo, hi,
               outcome, rounds, alive, summoned, recruit, titan_slain, style_steps,
               changes):  # fmt: skip
    """``play_battles`` for Battles whose bundles all play fixed styles on both sides (no
    search, no rule): the same Battles, without the search's code, which is a third of the
    battle kernel's compile. A fresh install's warm-up compiles this one, and the default's
    requests play it."""
    st = new_state(start, seed, 0)
    kept = new_state(start, seed, 0)
    kept_of = -1
    kept_at = start.scalars[S_STEP]
    trace = empty_trace(start.kind.shape[0])
    for i in range(lo, hi):
        c = cells[i]
        reset_state(st, start, seed, indices[i])
        reset_counts(st)
        result, played, kept_at = _fixed_battle(
            board, kinds, strikes, musters, start, odds, plays.rows[c], st, kept, kept_at,
            c == kept_of, seed, indices[i], trace,
        )  # fmt: skip
        kept_of = c
        _record(st, i, result, played, outcome, rounds, alive, summoned, recruit, titan_slain,
                style_steps, changes)  # fmt: skip


@njit(cache=True, nogil=True)
def play_alike(board, kinds, strikes, musters, start, odds, rows, shared, seed, indices, lo, hi,
               outcome, rounds):  # fmt: skip
    """Battles ``indices[lo:hi]`` (of int64[n]) of ``seed`` for each of the fixed pairs of
    styles ``rows`` (float64[P, ROUNDS, 2, WEIGHTS]), ordered so that ``shared[p]`` leading
    Battle-Rounds of pair ``p``'s rows are those of pair ``p - 1``: those rounds' Battle is
    the same for both, so it is played once and the pair goes on from a copy of its state;
    and each pair's opening before the first die is played once for all its Battles
    (``opening``). The same Battles, bit for bit, as ``play_battles`` plays. Outputs
    int8[P, n], columns lo..hi-1."""
    pairs = rows.shape[0]
    slots = start.kind.shape[0]
    first = start.scalars[S_STEP]
    trace = empty_trace(slots)
    st = new_state(start, seed, 0)
    openings = [new_state(start, seed, 0) for _ in range(pairs)]
    opened_at = np.empty(pairs, dtype=np.int64)
    for p in range(pairs):
        reset_state(st, start, seed, 0)
        opened_at[p] = opening(
            board, kinds, strikes, musters, start, odds, rows[p], st, openings[p], trace
        )
    # each Battle sets ``st`` from an opening or a kept round start, and keeps a round's
    # start before it reads it: the Battles use the same states in turn
    kept = [new_state(start, seed, 0) for _ in range(ROUNDS)]  # a round's start
    for i in range(lo, hi):
        for p in range(pairs):
            level = shared[p]  # rounds played alike with the pair before
            if p > 0 and rounds[p - 1, i] - 1 < level:  # over within them: the same end
                outcome[p, i] = outcome[p - 1, i]
                rounds[p, i] = rounds[p - 1, i]
                continue
            # on from the later of its opening and the rounds it shares with the pair
            # before; where a die falls within those rounds, a pair before kept the
            # round's start (had it gone on from an opening past it, this pair's opening
            # would reach as far)
            if opened_at[p] >= level * PHASES_PER_ROUND:
                from_opening(openings[p], st, seed, indices[i])
                step = opened_at[p]
            else:
                copy_whole(kept[level], st)
                step = level * PHASES_PER_ROUND
            keep_to = shared[p + 1] if p + 1 < pairs else 0  # the next pair starts there
            result = -1
            while result < 0:
                r = step // PHASES_PER_ROUND
                if step % PHASES_PER_ROUND == 0 and r <= keep_to:
                    copy_whole(st, kept[r])
                result, step = play_to(
                    board, kinds, strikes, musters, start, odds, rows[p], st, step,
                    (r + 1) * PHASES_PER_ROUND, trace,
                )  # fmt: skip
            outcome[p, i] = result
            rounds[p, i] = rounds_played(first, step)


@njit(cache=True, nogil=True)
def play_traced(board, kinds, strikes, musters, start, odds, play, seed, index, trace):
    """One Battle on this thread, every move and strike written to ``trace``.

    Returns (outcome, rounds, events recorded, alive bool[S])."""
    st = new_state(start, seed, index)
    result, played = _play_one(
        board, kinds, strikes, musters, start, odds, play, seed, index, st, trace
    )
    return result, played, st.flags[F_EVENTS], st.alive.copy()


@njit(cache=True)
def state_features(board, kinds, strikes, start, side):
    """What the default's rule reads of the Battle at ``start`` for ``side`` before its
    phase (``simulator.rule.features``): float64[FEATURES]."""
    st = new_state(start, np.uint64(0), np.uint64(0))
    found = np.zeros(FEATURES)
    features(board, kinds, strikes, start, st, side, start.scalars[S_STEP], found)
    return found


@njit(cache=True)
def rule_choices(play, side, facts):
    """The style index ``side``'s tree in ``play`` leads to from each row of ``facts``
    (float64[n, FEATURES]): int64[n] (``simulator.rule.walk``)."""
    found = np.empty(facts.shape[0], dtype=np.int64)
    for i in range(facts.shape[0]):
        found[i] = walk(play, side, facts[i])
    return found
