"""Statistics over many Battles: Wilson intervals, distributions, the odds answer's numbers."""

from __future__ import annotations

import numpy as np
import pytest

from simulator.battles import BattleRecords, Outcome
from simulator.engagement import Engagement, Legion, score_battles
from simulator.statistics import distribution, proportion, summarise, wilson_interval


@pytest.mark.parametrize(
    ("k", "n", "lo", "hi"),
    [
        # Published values of the Wilson score interval at 95% (Newcombe 1998, table I).
        pytest.param(81, 263, 0.2553, 0.3662, id="newcombe-81-of-263"),
        pytest.param(15, 148, 0.0624, 0.1605, id="newcombe-15-of-148"),
        pytest.param(0, 20, 0.0, 0.1611, id="newcombe-0-of-20"),
        pytest.param(1, 29, 0.0061, 0.1718, id="newcombe-1-of-29"),
    ],
)
def test_wilson_interval_matches_published_values(k, n, lo, hi):
    got = wilson_interval(k, n)
    assert got == pytest.approx((lo, hi), abs=6e-5)


@pytest.mark.parametrize("n", [1, 7, 300, 10_000])
def test_wilson_interval_ends_are_exact_when_nothing_or_everything_happened(n):
    assert wilson_interval(0, n)[0] == 0.0
    assert wilson_interval(n, n)[1] == 1.0
    assert 0.0 < wilson_interval(0, n)[1] < 1.0


def test_wilson_interval_covers_about_95_percent():
    """Over 4000 samples of 200 Bernoulli(0.3) trials the interval holds 0.3 about 95% of
    the time; the binomial sd of the coverage is sqrt(.95*.05/4000) = 0.0034, so +-0.015."""
    rng = np.random.default_rng(1982)
    hits = rng.binomial(200, 0.3, size=4000)
    covered = [lo <= 0.3 <= hi for lo, hi in (wilson_interval(int(k), 200) for k in hits)]
    assert np.mean(covered) == pytest.approx(0.95, abs=0.015)


def test_proportion_and_distribution():
    mask = np.array([True, False, False, True])
    assert proportion(mask)["p"] == 0.5
    lo, hi = proportion(mask)["ci95"]
    assert 0 < lo < 0.5 < hi < 1
    assert distribution(np.array([0, 12, 12, 40])) == {"0": 0.25, "12": 0.5, "40": 0.25}
    assert distribution(np.array([], dtype=int)) == {}


def _records(outcome, att, dfd, rounds, summoned=None, reinforcement=None, titans=None):
    n = len(outcome)
    return BattleRecords(
        outcome=np.asarray(outcome, dtype=np.int8),
        rounds=np.asarray(rounds, dtype=np.int8),
        attacker_alive=np.asarray(att, dtype=bool),
        defender_alive=np.asarray(dfd, dtype=bool),
        summoned=np.zeros(n, bool) if summoned is None else np.asarray(summoned, bool),
        reinforcement=np.full(n, -1, np.int16)
        if reinforcement is None
        else np.asarray(reinforcement, np.int16),
        reinforcement_names=("Troll",),
        titan_slain=np.zeros((n, 2), bool) if titans is None else np.asarray(titans, bool),
    )


def test_summary_of_four_battles():
    engagement = Engagement(
        "Marsh", Legion(0, ("Ogre", "Lion")), Legion(0, ("Troll",)), summonable="Angel"
    )
    W, L, T = Outcome.ATTACKER_WINS, Outcome.DEFENDER_WINS, Outcome.TIME_LOSS
    recs = _records(
        outcome=[W, W, L, T],
        att=[[1, 0, 1], [1, 1, 0], [0, 0, 0], [0, 1, 0]],
        dfd=[[0, 0], [0, 0], [1, 1], [1, 0]],
        rounds=[2, 3, 5, 7],
        summoned=[1, 0, 0, 0],
        reinforcement=[-1, -1, 0, -1],
    )
    answer = summarise(engagement, score_battles(engagement, recs))
    outcomes = answer["outcomes"]
    assert outcomes["attacker_wins"]["p"] == 0.5
    assert outcomes["defender_wins"]["p"] == 0.25
    assert outcomes["mutual_elimination"]["p"] == 0.0
    assert outcomes["time_loss"]["p"] == 0.25
    assert sum(o["p"] for o in outcomes.values()) == pytest.approx(1.0)
    attacker = answer["attacker"]
    # 10.5: the Lion alive at the time loss is eliminated with its Legion.
    assert attacker["survival"] == [{"name": "Ogre", "p": 0.5}, {"name": "Lion", "p": 0.25}]
    assert attacker["expected_survivors"] == pytest.approx((2 + 2 + 0 + 0) / 4)
    assert attacker["points_distribution"] == {"0": 0.5, "16": 0.5}  # the Troll, 16.0
    assert attacker["expected_points"] == 8.0
    assert attacker["summoned"]["p"] == 0.25
    defender = answer["defender"]
    assert defender["survival"] == [{"name": "Troll", "p": 0.5}]
    # 16.0: the defender scores Ogre 12 + Lion 15 in the one Battle it won (its
    # reinforcement does not count against it), nothing for the time loss (10.5).
    assert defender["points_distribution"] == {"0": 0.75, "27": 0.25}
    assert defender["reinforcement"]["by_name"] == {"Troll": 0.25}
    assert answer["rounds"] == {"2": 0.25, "3": 0.25, "5": 0.25, "7": 0.25}
