"""The adaptive rule: the style a side plays each phase, chosen from the Battle's state.

A strong player changes plan as the Battle turns: it keeps away while its
Legion enters or its reinforcement is to come (14.0), closes in when it is the
stronger or the clock runs against it (10.5), hangs its rangestrikers back
while the enemy comes on. The adaptive rule (the ``adaptive`` tactic of
``simulator.tactics``, measured in docs/tactics.md) does so by a small decision tree per
side, learned from the search tactic's choices (``bench/distill.py``) and
shipped as data (``simulator/data/default_rule.json``): before each phase it
reads a few facts of the Battle (``features``), walks its side's tree
(``walk``) to a style, and plays the phase with that style's weights
(``adapt``). A style may also be forced for a Battle-Round (the distillation's
trials of each style).

The tree is arrays (``Play.rule_*``, per side): node ``n`` tests feature
``rule_feature[n]`` against ``rule_threshold[n]`` (the feature as a float32 at
most the threshold: left) and goes on to ``rule_left[n]`` or ``rule_right[n]``;
a leaf (``rule_left[n] < 0``) names the style ``rule_leaf[n]``, an index into
``Play.styles``. The walk compares as scikit-learn's trees predict, so the
learned tree's choices are replayed bit for bit (tests/simulator/test_rule.py).
"""

from __future__ import annotations

import numpy as np

from simulator.battle_state import (
    ATTACKER,
    ATTACKER_MANEUVER,
    F_REINFORCE_USED,
    F_SUMMON_USED,
    OFF,
    PHASES_PER_ROUND,
    S_REINFORCE_SLOT,
    S_REINFORCE_TURN,
    S_SUMMON_TYPE,
    in_battle,
    unsigned,
)
from simulator.policy import outpaces, strengths

# The facts the rule reads, for the side choosing (``features``)
F_SHARE = 0  # its share of both Legions' strength (policy.strengths), 0 to 1
F_ROUND = 1  # the Battle-Round, 1 to 7 (10.5: the attacker loses when the seventh ends)
F_PHASE = 2  # the phase within the round (10.3): 0, 1 the defender's, 2, 3 the attacker's
F_DISTANCE = 3  # the fewest hexes between a character of its and an enemy, 9 when none stand
F_HEIGHT = 4  # its characters' mean elevation less the enemies' (on the Battleland)
F_OWN_RANGED = 5  # its rangestrikers standing (13.0)
F_ENEMY_RANGED = 6  # the enemy's rangestrikers standing
F_TITAN = 7  # its Titan's share of its Power-factor lost to hits; -1 without a Titan (19.3)
F_PACE = 8  # 1 when it outpaces every enemy, 0.5 when matched, 0 (policy.outpaces)
F_OWN = 9  # its characters standing
F_ENEMY = 10  # the enemy's characters standing
F_WAITING = 11  # its characters still to enter the Battleland (10.1)
F_HELP = 12  # 1 while a Lord may still be summoned (15.0) or a reinforcement come (14.0)
FEATURE_NAMES = (
    "strength share", "Battle-Round", "phase", "distance to the enemy", "height over the enemy",
    "own rangestrikers", "enemy rangestrikers", "Titan's wounds", "outpaces the enemy",
    "own characters", "enemy characters", "own characters to enter", "help to come",
)  # fmt: skip
NO_ENEMY_IN_SIGHT = 9.0


@in_battle
def features(board, kinds, strikes, start, st, side, step, out):
    """The facts of the Battle ``side`` chooses its style by, before step ``step``: written
    to ``out`` (float64[FEATURES], the F_ indices)."""
    attacker, defender = strengths(kinds, strikes, st)
    own, theirs = (attacker, defender) if side == ATTACKER else (defender, attacker)
    out[F_SHARE] = 0.5 if own + theirs <= 0.0 else own / (own + theirs)
    out[F_ROUND] = step // PHASES_PER_ROUND + 1
    out[F_PHASE] = step % PHASES_PER_ROUND
    nearest = 99
    heights = 0.0
    enemy_heights = 0.0
    placed = 0
    enemy_placed = 0
    own_ranged = 0
    enemy_ranged = 0
    own_count = 0
    enemy_count = 0
    waiting = 0
    titan = -1.0
    n = st.kind.shape[0]
    for s in range(n):
        if not st.alive[s]:
            continue
        t = unsigned(st.kind[s])
        h = st.hexes[s]
        mine = st.side[s] == side
        if mine:
            own_count += 1
            if kinds.rangestrikes[t]:
                own_ranged += 1
            if kinds.titan[t]:
                titan = st.hits[s] / kinds.power[t]
            if h == OFF:
                waiting += 1
                continue
            placed += 1
            heights += board.elevation[unsigned(h)]
            for e in range(n):
                if st.alive[e] and st.side[e] != side and st.hexes[e] != OFF:
                    nearest = min(nearest, board.distance[unsigned(h), unsigned(st.hexes[e])])
        else:
            enemy_count += 1
            if kinds.rangestrikes[t]:
                enemy_ranged += 1
            if h != OFF:
                enemy_placed += 1
                enemy_heights += board.elevation[unsigned(h)]
    out[F_DISTANCE] = NO_ENEMY_IN_SIGHT if nearest == 99 else nearest
    mean = heights / placed if placed > 0 else 0.0
    enemy_mean = enemy_heights / enemy_placed if enemy_placed > 0 else 0.0
    out[F_HEIGHT] = mean - enemy_mean
    out[F_OWN_RANGED] = own_ranged
    out[F_ENEMY_RANGED] = enemy_ranged
    out[F_TITAN] = titan
    out[F_PACE] = outpaces(kinds, st, side)
    out[F_OWN] = own_count
    out[F_ENEMY] = enemy_count
    out[F_WAITING] = waiting
    if side == ATTACKER:
        help_left = start.scalars[S_SUMMON_TYPE] >= 0 and st.flags[F_SUMMON_USED] == 0
    else:
        help_left = (
            start.scalars[S_REINFORCE_SLOT] >= 0
            and st.flags[F_REINFORCE_USED] == 0
            and step // PHASES_PER_ROUND + 1 <= start.scalars[S_REINFORCE_TURN]
        )
    out[F_HELP] = 1.0 if help_left else 0.0


@in_battle
def walk(play, side, x):
    """The style index ``side``'s tree leads to from the facts ``x`` (float64[FEATURES])."""
    node = 0
    while play.rule_left[side, node] >= 0:
        if np.float32(x[play.rule_feature[side, node]]) <= play.rule_threshold[side, node]:
            node = play.rule_left[side, node]
        else:
            node = play.rule_right[side, node]
    return play.rule_leaf[side, node]


@in_battle
def pick(board, kinds, strikes, start, play, st, side, step):
    """The style ``side`` plays step ``step`` with: the one forced for its Battle-Round, or
    the one its rule reads from the Battle as its Maneuver Phase begins, kept through the
    phases that follow until its next (a plan for the round, as the rule was learned)."""
    forced = play.forced[side, step // PHASES_PER_ROUND]
    if forced >= 0:
        return forced
    own_maneuver = step % PHASES_PER_ROUND == (ATTACKER_MANEUVER if side == ATTACKER else 0)
    if not own_maneuver and st.mind.style_now[side] >= 0:
        return st.mind.style_now[side]
    features(board, kinds, strikes, start, st, side, step, st.mind.features)
    return walk(play, side, st.mind.features)


@in_battle
def carry_styles(src, dst):
    """The styles each side plays now, from the Battle ``src`` to its copy ``dst`` (a
    rollout goes on with them)."""
    for side in range(2):
        dst.mind.style_now[side] = src.mind.style_now[side]


@in_battle
def play_style(play, st, rows, side, step, k):
    """``side`` plays step ``step`` with style ``k``: its row of ``rows`` for the step's
    Battle-Round, and the Battle's count of the styles played (``st.mind``)."""
    r = step // PHASES_PER_ROUND
    for w in range(rows.shape[2]):
        rows[r, side, w] = play.styles[side, k, r, w]
    if st.mind.style_now[side] >= 0 and st.mind.style_now[side] != k:
        st.mind.changes[side] += 1
    st.mind.style_now[side] = k
    st.mind.style_steps[side, k] += 1


@in_battle
def adapt(board, kinds, strikes, start, play, st, rows, step, ruled):
    """Each side for which ``ruled[side]`` (int64[2]) is set plays step ``step`` with the
    style its rule picks (``pick``); the other rows are left as they are."""
    for side in range(2):
        if ruled[side] != 0:
            k = pick(board, kinds, strikes, start, play, st, side, step)
            play_style(play, st, rows, side, step, k)


@in_battle
def reset_counts(st):
    """Clear the count of the styles played, as a Battle starts."""
    for side in range(2):
        st.mind.style_now[side] = -1
        st.mind.changes[side] = 0
        for k in range(st.mind.style_steps.shape[1]):
            st.mind.style_steps[side, k] = 0
