"""The search tactic: each phase played by whichever plan wins most in rollouts.

A searching side, at each phase where it has something to decide (its
Maneuver Phases and every Strike Phase in which it strikes), tries each of its
plans (rows of weights: the default and the other presets) for that phase and
plays the rest of the Battle out ``rollouts`` times after each, with the
default tactic on both sides. Every plan meets the same dice in its rollouts
(common random numbers), so the comparison is fair even with few rollouts; the
plan with the best mean result plays the phase for real. The real Battle's dice
are not touched by the rollouts. A Maneuver Phase has no dice: plans that move
alike are rolled out once; in a Strike Phase, plans whose rows for the Battle-Round
are the same strike alike and are rolled out once too.

A side's result of a rollout: 1 for a win (for the defender, also the time
running out, 10.5), 0 otherwise, plus a small share for the value it keeps
and the enemy loses, so that between equally hopeless plans the less costly
one is chosen.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from simulator.battle_state import (
    ATTACKER,
    ATTACKER_MANEUVER,
    ATTACKER_WINS,
    DEFENDER,
    DEFENDER_WINS,
    OFF,
    PHASES_PER_ROUND,
    STEPS,
    TIME_LOSS,
    copy_figures,
    in_battle,
    in_battle_inline,
)
from simulator.moves import engaged
from simulator.referee import play_out, play_to
from simulator.rng import GOLDEN, mix
from simulator.rule import adapt, carry_styles, pick, play_style

MATERIAL = 0.05  # weight of the value kept, beside a win's 1


class Play(NamedTuple):
    """How each side plays: its own weights or the default's rule (``simulator.rule``), and
    for a searching side its plans."""

    rows: np.ndarray  # float64[ROUNDS, 2, WEIGHTS]: each side's tactic in each Battle-Round
    plans: np.ndarray  # float64[2, P, ROUNDS, WEIGHTS]: a searching side's candidate plays
    rollouts: np.ndarray  # int64[2]: rollouts per plan and decision; 0 = no search
    rollout_rows: np.ndarray  # float64[ROUNDS, 2, WEIGHTS]: how the rest is played in rollouts
    ruled: np.ndarray  # int64[2]: 1 where a side plays the default's rule, not ``rows``
    rollout_ruled: np.ndarray  # int64[2]: 1 where the rule plays a side in rollouts, and
    # plays a searching side's plan 0 (its own default play)
    styles: np.ndarray  # float64[2, K, ROUNDS, WEIGHTS]: the styles the rule chooses among
    forced: np.ndarray  # int64[2, ROUNDS]: a style the rule plays in a Battle-Round, -1 none
    rule_feature: np.ndarray  # int64[2, N]: each side's tree (simulator.rule)
    rule_threshold: np.ndarray  # float64[2, N]
    rule_left: np.ndarray  # int64[2, N]: -1 at a leaf
    rule_right: np.ndarray  # int64[2, N]
    rule_leaf: np.ndarray  # int64[2, N]: a leaf's style, an index into ``styles``


@in_battle
def copy_state(src, dst):
    """The Battle's position and flags (not the tactic's scratch) from ``src`` to ``dst``."""
    copy_figures(src, dst)
    for s in range(src.kind.shape[0]):
        dst.slain[s] = src.slain[s]
    for h in range(src.occ.shape[0]):
        dst.occ[h] = src.occ[h]
    for f in range(src.flags.shape[0]):
        dst.flags[f] = src.flags[f]


@in_battle
def result_for(kinds, st, result, side):
    """What a finished rollout is worth to ``side`` (see the module's docstring)."""
    won = result == ATTACKER_WINS if side == ATTACKER else result in (DEFENDER_WINS, TIME_LOSS)
    kept = 0.0
    lost = 0.0
    total = 0.0
    for s in range(st.kind.shape[0]):
        if st.kind[s] < 0:
            continue
        v = kinds.value[st.kind[s]]
        total += v
        if st.side[s] == side:
            kept += v if st.alive[s] else 0.0
        else:
            lost += 0.0 if st.alive[s] else v
    return (1.0 if won else 0.0) + MATERIAL * (kept + lost) / max(total, 1.0)


@in_battle
def decides(board, kinds, st, side, step):
    """Whether ``side`` has a choice to make in step ``step``."""
    code = step % PHASES_PER_ROUND
    phasing = DEFENDER if code < ATTACKER_MANEUVER else ATTACKER
    if code % 2 == 0:
        return phasing == side
    for s in range(st.kind.shape[0]):
        if st.side[s] != side or not st.alive[s] or st.hexes[s] == OFF:
            continue
        if engaged(board, st, s) or (phasing == side and kinds.rangestrikes[st.kind[s]]):
            return True
    return False


@in_battle
def rollout_row(board, kinds, strikes, start, play, st, rows, side, step):
    """``side``'s row of step ``step``'s Battle-Round in ``rows`` as rollouts play it: the
    rule's pick, or the rollout rows."""
    if play.rollout_ruled[side] != 0:
        play_style(play, st, rows, side, step, pick(board, kinds, strikes, start, play, st,
                                                    side, step))  # fmt: skip
    else:
        r = step // PHASES_PER_ROUND
        for w in range(rows.shape[2]):
            rows[r, side, w] = play.rollout_rows[r, side, w]


@in_battle
def set_rows(board, kinds, strikes, start, play, st, rows, side, p, step):
    """The row of step ``step``'s Battle-Round in ``rows`` (float64[ROUNDS, 2, WEIGHTS], what
    ``referee.play_to`` reads): ``side`` on plan ``p`` (plan 0 its own default play), the
    other side as in rollouts."""
    r = step // PHASES_PER_ROUND
    if p == 0:
        rollout_row(board, kinds, strikes, start, play, st, rows, side, step)
    else:
        for w in range(rows.shape[2]):
            rows[r, side, w] = play.plans[side, p, r, w]
    rollout_row(board, kinds, strikes, start, play, st, rows, 1 - side, step)


@in_battle
def roll_out(board, kinds, strikes, musters, start, odds, play, sim, rows, step, quiet):
    """Play the rest of a rollout from step ``step`` as rollouts play it: the outcome."""
    if play.rollout_ruled[0] == 0 and play.rollout_ruled[1] == 0:
        result, _ = play_out(
            board, kinds, strikes, musters, start, odds, play.rollout_rows, sim, step, quiet
        )
        return result
    result = -1
    while result < 0:
        for side in range(2):
            rollout_row(board, kinds, strikes, start, play, sim, rows, side, step)
        result, step = play_to(
            board, kinds, strikes, musters, start, odds, rows, sim, step, step + 1, quiet
        )
    return result


@in_battle
def strike_plans(play, moved, side, r, slots):
    """In a Strike Phase of Battle-Round ``r``, which plans strike alike: a plan whose row for
    the Battle-Round is an earlier plan's is a repeat of it (``moved[p, slots]`` 0; the
    rollouts after the phase play the rollout rows, the same for every plan). Plan 0, the
    side's own play, is the rule's when the rule plays it, and never a repeat. The number of
    plans that differ."""
    distinct = 0
    for p in range(play.plans.shape[1]):
        moved[p, slots] = 1
        for q in range(1 if play.rollout_ruled[side] != 0 else 0, p):
            if moved[q, slots] == 0:
                continue
            alike = True
            for w in range(play.plans.shape[3]):
                if play.plans[side, p, r, w] != play.plans[side, q, r, w]:
                    alike = False
                    break
            if alike:
                moved[p, slots] = 0
                break
        distinct += moved[p, slots]
    return distinct


@in_battle_inline
def choose_plan(board, kinds, strikes, musters, start, odds, play, st, sim, rows, moved,
                side, step, quiet):  # fmt: skip
    """The index of the plan ``side`` plays step ``step`` with (its trials of the plans
    played with the empty trace ``quiet``: not recorded)."""
    plans = play.plans.shape[1]
    slots = st.kind.shape[0]
    # a Maneuver Phase has no dice: plans that move alike need one set of rollouts
    distinct = plans
    if step % 2 == 0:
        distinct = 0
        for p in range(plans):
            copy_state(st, sim)  # the rows read the Battle from the copy: ``st`` keeps its count
            carry_styles(st, sim)
            set_rows(board, kinds, strikes, start, play, sim, rows, side, p, step)
            play_to(board, kinds, strikes, musters, start, odds, rows, sim, step, step + 1, quiet)
            for s in range(slots):
                moved[p, s] = sim.hexes[s]
            moved[p, slots] = 1
            for q in range(p):
                alike = moved[q, slots] == 1
                for s in range(slots):
                    if moved[q, s] != moved[p, s]:
                        alike = False
                        break
                if alike:
                    moved[p, slots] = 0  # a repeat of plan q
                    break
            distinct += moved[p, slots]
        if distinct <= 1:
            return 0
    else:
        distinct = strike_plans(play, moved, side, step // PHASES_PER_ROUND, slots)
        if distinct <= 1:
            return 0
    key = mix(st.rng[0] ^ mix(np.uint64(step) + GOLDEN))
    best = 0
    best_score = -1.0
    for p in range(plans):
        if distinct < plans and moved[p, slots] == 0:
            continue
        total = 0.0
        for r in range(play.rollouts[side]):
            copy_state(st, sim)
            carry_styles(st, sim)
            set_rows(board, kinds, strikes, start, play, sim, rows, side, p, step)
            sim.rng[0] = mix(key + np.uint64(r + 1) * GOLDEN)
            result, _ = play_to(
                board, kinds, strikes, musters, start, odds, rows, sim, step, step + 1, quiet
            )
            if result < 0:
                result = roll_out(
                    board, kinds, strikes, musters, start, odds, play, sim, rows, step + 1,
                    quiet,
                )  # fmt: skip
            total += result_for(kinds, sim, result, side)
        if total > best_score:
            best_score = total
            best = p
    return best


@in_battle_inline
def choose_rows(board, kinds, strikes, musters, start, odds, play, st, sim, rows, moved, step,
                quiet):  # fmt: skip
    """What the tactics play from step ``step`` on, asked by the loop of a Battle
    (``kernel._play_one``): each side's row of ``rows`` for the step's Battle-Round, a
    searching side's from the plan that wins most in rollouts (``choose_plan``, its trials
    with the empty trace ``quiet``); returns the step until which those rows hold: the end
    for fixed styles, the next step while a side searches."""
    searching = play.rollouts[0] > 0 or play.rollouts[1] > 0
    if not searching and play.ruled[0] == 0 and play.ruled[1] == 0:
        return STEPS
    attacker_plan = -1
    defender_plan = -1
    for side in range(2):
        if play.rollouts[side] > 0 and decides(board, kinds, st, side, step):
            plan = choose_plan(
                board, kinds, strikes, musters, start, odds, play, st, sim, rows, moved, side,
                step, quiet,
            )  # fmt: skip
            if side == ATTACKER:
                attacker_plan = plan
            else:
                defender_plan = plan
    r = step // PHASES_PER_ROUND
    for w in range(rows.shape[2]):
        if attacker_plan >= 0:
            rows[r, ATTACKER, w] = play.plans[ATTACKER, attacker_plan, r, w]
        else:
            rows[r, ATTACKER, w] = play.rows[r, ATTACKER, w]
        if defender_plan >= 0:
            rows[r, DEFENDER, w] = play.plans[DEFENDER, defender_plan, r, w]
        else:
            rows[r, DEFENDER, w] = play.rows[r, DEFENDER, w]
    # a searching side's plan 0 is its own default play: the rule's, where the rule plays it
    for side in range(2):
        plan = attacker_plan if side == ATTACKER else defender_plan
        if plan == 0 and play.rollout_ruled[side] != 0:
            play_style(play, st, rows, side, step, pick(board, kinds, strikes, start, play,
                                                        st, side, step))  # fmt: skip
    adapt(board, kinds, strikes, start, play, st, rows, step, play.ruled)
    return step + 1
