"""Exact odds of locked Battles, fought by dice alone, and the cases the tests play.

When every character is locked in contact (11.3) on flat ground and neither a
reinforcement (14.0) nor a summoned Lord (15.0) can come, nobody can move
again and the Battle is the dice of its remaining Strike Phases. Its exact
odds then follow from the rules by dynamic programming over the hits taken:

- the Strike Phases left are the odd steps of the 28 phases (10.3), from the
  position's phase to the attacker's seventh (10.5); after it, a time loss;
- at the start of each, a non-native in a Drift hex takes one hit (Hazards
  Chart);
- in each, every character in contact rolls its Power-factor in dice (a
  Titan 6 + score // 100, 19.1) hitting on the Strike Chart's number (12.2,
  12.7): the phasing side first, then the other, the slain still striking
  (10.6), so the two sides' hits are independent binomials and the order does
  not matter; hits beyond the Power-factor are wasted, except that a strike
  slaying one of two equal enemies carries its excess to the other (12.4);
- at its end the slain are removed: no one left on a side (or a slain Titan,
  19.3) ends the Battle; both sides at once is a mutual elimination.
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass

from engine.battle_checks import check_position
from engine.battle_turns import LAST_TURN, step_index, step_of
from engine.hexes import parse_hex
from engine.position import Army, BattlePosition, Figure, Phase, Side
from engine.strike_chart import strike_number
from simulator.battles import BattleSpec, Outcome

STEPS = 4 * LAST_TURN  # 10.3, 10.5


def _binomial(dice: int, number: int) -> list[float]:
    """P(k hits) of ``dice`` dice each hitting on ``number`` or more (12.0)."""
    p = (7 - number) / 6
    return [math.comb(dice, k) * p**k * (1 - p) ** (dice - k) for k in range(dice + 1)]


@dataclass(frozen=True)
class Fighter:
    """One locked character as the model sees it, read from the rules."""

    power: int
    skill: int
    hits: int
    drift: int  # hits at the start of each Strike Phase


def fighter(position: BattlePosition, side: Side, index: int) -> Fighter:
    """The ``index``-th character of ``side`` as the model sees it."""
    army = position.army(side)
    figure = army.characters[index]
    kind = figure.kind
    power = 6 + army.score // 100 if kind.power is None else kind.power  # 19.1
    hazard = position.land.hazard(figure.hex).name
    drift = int(hazard == "Drift" and not kind.is_native("Drift"))  # Hazards Chart
    return Fighter(power, kind.skill, figure.hits, drift)


def _strike_phases(position: BattlePosition) -> list[int]:
    """Turns of the Strike Phases still to come, the position's own included (10.3)."""
    first = step_index(step_of(position))
    return [step // 4 + 1 for step in range(first, STEPS) if step % 2 == 1]


def _end(a_out: bool, d_out: bool) -> Outcome | None:
    if a_out and d_out:
        return Outcome.MUTUAL
    if d_out:
        return Outcome.ATTACKER_WINS
    if a_out:
        return Outcome.DEFENDER_WINS
    return None


def exact_duel(position: BattlePosition):
    """One attacker against one defender, in contact: (outcome -> p, final round -> p)."""
    a = fighter(position, Side.ATTACKER, 0)
    d = fighter(position, Side.DEFENDER, 0)
    a_strikes = _binomial(a.power, strike_number(a.skill, d.skill))
    d_strikes = _binomial(d.power, strike_number(d.skill, a.skill))
    outcomes: dict[Outcome, float] = defaultdict(float)
    rounds: dict[int, float] = defaultdict(float)
    state = {(a.hits, d.hits): 1.0}
    for turn in _strike_phases(position):
        following: dict[tuple[int, int], float] = defaultdict(float)
        for (ah, dh), p in state.items():
            ah, dh = ah + a.drift, dh + d.drift
            for x, px in enumerate(a_strikes):
                for y, py in enumerate(d_strikes):
                    q = p * px * py
                    hit_a, hit_d = min(ah + y, a.power), min(dh + x, d.power)
                    end = _end(hit_a >= a.power, hit_d >= d.power)
                    if end is None:
                        following[(hit_a, hit_d)] += q
                    else:
                        outcomes[end] += q
                        rounds[turn] += q
        state = following
    outcomes[Outcome.TIME_LOSS] += sum(state.values())
    rounds[LAST_TURN] += sum(state.values())
    return outcomes, rounds


def exact_two_on_one(position: BattlePosition, lone: Side):
    """Two equal characters, each one hit from death, in contact with one enemy.

    Any hit of the lone one slays the character it strikes and a second hit
    carries over to the other (12.4: the same Strike-number), so which of the
    two it strikes does not matter; the pair's strikes add up to one binomial.
    """
    pair = lone.enemy
    one = fighter(position, lone, 0)
    twins = [fighter(position, pair, i) for i in range(2)]
    assert twins[0] == twins[1] and twins[0].hits == twins[0].power - 1
    assert one.drift == twins[0].drift == 0
    lone_strikes = _binomial(one.power, strike_number(one.skill, twins[0].skill))
    number = strike_number(twins[0].skill, one.skill)
    outcomes: dict[Outcome, float] = defaultdict(float)
    rounds: dict[int, float] = defaultdict(float)
    state = {(one.hits, 2): 1.0}
    for turn in _strike_phases(position):
        following: dict[tuple[int, int], float] = defaultdict(float)
        for (hits, standing), p in state.items():
            pair_strikes = _binomial(standing * twins[0].power, number)
            for x, px in enumerate(lone_strikes):
                for y, py in enumerate(pair_strikes):
                    q = p * px * py
                    hits_after = min(hits + y, one.power)
                    left = standing - min(x, standing)
                    out = {lone: hits_after >= one.power, pair: left == 0}
                    end = _end(out[Side.ATTACKER], out[Side.DEFENDER])
                    if end is None:
                        following[(hits_after, left)] += q
                    else:
                        outcomes[end] += q
                        rounds[turn] += q
        state = following
    outcomes[Outcome.TIME_LOSS] += sum(state.values())
    rounds[LAST_TURN] += sum(state.values())
    return outcomes, rounds


def _position(terrain, turn, phase, active, attacker, defender) -> BattlePosition:
    def army(score, figures):
        return Army(score, tuple(Figure(n, parse_hex(h), x) for n, h, x in figures))

    position = BattlePosition(
        terrain=terrain,
        entry_side=1,
        turn=turn,
        phase=phase,
        active=active,
        attacker=army(*attacker),
        defender=army(*defender),
        summon_used=True,
        reinforcement_used=turn > 4,
    )
    assert check_position(position) == [], position
    return position


M, S = Phase.MANEUVER, Phase.STRIKE
A, D = Side.ATTACKER, Side.DEFENDER

# name -> (position, None for one against one or the lone side of two against one)
CASES = {
    # equal skills, six Strike Phases and more to go
    "12.2-ogre-against-troll-from-round-2": (
        _position("Plains", 2, M, D, (0, [("Ogre", "D3", 0)]), (0, [("Troll", "D4", 0)])), None),
    # skills 4 against 3: the Centaur hits on 3, the Lion on 5
    "12.7-centaur-against-wounded-lion": (
        _position("Plains", 2, S, A, (0, [("Centaur", "C3", 0)]), (0, [("Lion", "D4", 2)])),
        None),
    # a Titan of 120 points: Power-factor 7 (19.1)
    "19.1-titan-of-120-points-against-behemoth": (
        _position("Plains", 3, M, A, (120, [("Titan", "D3", 0)]), (0, [("Behemoth", "E3", 0)])),
        None),
    # the last two Strike Phases: a time loss if neither Troll falls (10.5)
    "10.5-trolls-in-round-7": (
        _position("Plains", 7, M, D, (0, [("Troll", "D3", 0)]), (0, [("Troll", "D4", 0)])),
        None),
    "10.5-only-the-attackers-last-strike-phase": (
        _position("Plains", 7, S, A, (0, [("Troll", "D3", 3)]), (0, [("Troll", "D4", 5)])), None),
    # Drift: the Ogre (not native) takes a hit at the start of every Strike Phase
    "drift-ogre-against-native-warbear": (
        _position("Tundra", 2, M, D, (0, [("Ogre", "D3", 0)]), (0, [("Warbear", "D4", 0)])),
        None),
    # 12.4: two Centaurs one hit from death around a Troll
    "12.4-two-wounded-centaurs-against-troll": (
        _position(
            "Plains", 2, M, D,
            (0, [("Centaur", "C2", 2), ("Centaur", "E3", 2)]),
            (0, [("Troll", "D3", 0)]),
        ),
        D),
}  # fmt: skip


def locked_spec(case: str) -> BattleSpec:
    """The Battle of a case of ``CASES``, without a reinforcement (14.0)."""
    return BattleSpec(CASES[case][0], reinforce=False)
