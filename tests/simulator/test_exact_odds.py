"""Exact odds of Battles fought by dice alone, against the kernel's.

Where every character is locked in contact (11.3) on flat ground, the Battle is the dice of its
remaining Strike Phases and its exact odds follow from the rules (``tests.helpers.exact_odds``
says how).

The position is checked to be what the model assumes (no legal move, the
engine's strike terms equal to the chart's). Each outcome's and each final
round's frequency over ``TRIALS`` Battles must lie within 4 standard errors,
4 * sqrt(p (1 - p) / TRIALS), of the exact probability p (an impossible
result must never occur).
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from engine.battle_turns import LAST_TURN
from engine.movement import legal_moves
from engine.position import BattlePosition
from engine.strike_chart import strike_number
from engine.strikes import StrikeKind, legal_strikes
from simulator.battles import BattleSpec, Outcome, play
from tests.helpers.exact_odds import CASES, exact_duel, exact_two_on_one, fighter

TRIALS = 20_000
SIGMAS = 4.0


def _check_locked(position: BattlePosition) -> None:
    """No move is possible, and the engine's strike terms are the chart's (flat ground)."""
    for ref in position.refs():
        assert legal_moves(position, ref) == frozenset(), ref
        me = fighter(position, *ref)
        for option in legal_strikes(position, ref):
            assert option.kind is StrikeKind.STRIKE
            target = position.find(ref[0].enemy, option.target)
            them = fighter(position, *target)
            assert (option.dice, option.strike_number) == (
                me.power,
                strike_number(me.skill, them.skill),
            )


def _within(observed: np.ndarray, p: float, what) -> None:
    freq = observed.mean()
    tolerance = SIGMAS * math.sqrt(p * (1 - p) / observed.size)
    assert abs(freq - p) <= tolerance, (what, freq, p, tolerance)


@pytest.mark.parametrize("case", CASES, ids=list(CASES))
def test_locked_battle_matches_the_exact_odds(case):
    position, lone = CASES[case]
    _check_locked(position)
    outcomes, rounds = exact_duel(position) if lone is None else exact_two_on_one(position, lone)
    assert sum(outcomes.values()) == pytest.approx(1.0)
    r = play(BattleSpec(position, reinforce=False), TRIALS, seed=20240607)
    for outcome in Outcome:
        _within(r.outcome == outcome, outcomes.get(outcome, 0.0), outcome)
    for turn in range(1, LAST_TURN + 1):
        _within(r.rounds == turn, rounds.get(turn, 0.0), f"round {turn}")
    assert not r.summoned.any() and (r.reinforcement == -1).all()
