"""A precision instead of a number of trials: the schedule of looks, where play stops, the same
Battles as without it, and the 95% coverage of the intervals it reports after stopping.

The coverage test plays the locked 1-on-1 Battles of ``tests.helpers.exact_odds``, whose odds
are exact, ``REPEATS`` times each with a precision (a schedule of several looks). Each repeat
uses its own Battles (Battle ``i`` of a seed depends only on ``(seed, i)``, so repeat ``r``
takes Battles ``r * N .. r * N + N - 1`` of one fixed seed, ``N`` the last look), stops where
``play_plan`` stops, and its reported interval of each outcome either covers the exact
probability or misses it. If the intervals are 95% intervals, the misses of an outcome over
the independent repeats are at most Binomial(REPEATS, 0.05); the test fails when they exceed
its mean by ``SIGMAS`` standard deviations (a fixed seed: the same verdict on every run; a
true 95% rule fails it with a probability under 0.3%, a 91% one passes it with about 1%).
"""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest

from simulator.battles import Outcome, play
from simulator.odds import (
    STOPPED_PRECISION,
    STOPPED_TIME,
    STOPPED_TRIALS,
    concatenate,
    odds,
    play_plan,
)
from simulator.precision import MIN_LOOK, Plan, half_width, outcome_counts, sure_after, z_for
from simulator.statistics import Z95, wilson_interval
from tests.helpers.exact_odds import CASES, exact_duel, locked_spec

REPEATS = 1_000
SIGMAS = 3.0
SEED = 20260101
# Per case a precision and smallest look giving a plan of four looks whose next-to-last is
# near where the case's intervals reach the precision, so that where play stops depends on
# the dice (a case with an outcome near one half has its widest interval near the worst
# case, and stops at the last look whatever the dice: a fixed size, tested all the same).
COVERAGE = {
    "drift-ogre-against-native-warbear": (0.074, 20),  # a rare outcome (0.16%); stops vary
    "12.2-ogre-against-troll-from-round-2": (0.08, 30),
    "10.5-trolls-in-round-7": (0.077, 20),  # four outcomes, none rare
    "19.1-titan-of-120-points-against-behemoth": (0.077, 20),
}
VARYING = ("drift-ogre-against-native-warbear",)
# the plan of the tests of where play stops
PRECISION, SMALLEST_LOOK = 0.05, 50


def test_without_a_precision_there_is_one_look_with_the_plain_interval():
    plan = Plan.of(10_000, None)
    assert plan.looks == (10_000,) and plan.z == Z95


@pytest.mark.parametrize("precision", [0.05, 0.02, 0.01, 0.005, 0.001])
@pytest.mark.parametrize("cap", [500, 10_000, 200_000])
def test_the_schedule_halves_down_to_the_smallest_look_and_shares_the_error(precision, cap):
    plan = Plan.of(cap, precision)
    looks = plan.looks
    assert looks[-1] <= cap and plan.z == pytest.approx(z_for(len(looks)))
    assert all(b // 2 == a for a, b in itertools.pairwise(looks))
    assert looks[0] // 2 < MIN_LOOK <= looks[0] or len(looks) == 1
    if looks[-1] < cap:  # the last look is where the precision is sure, whatever the dice
        assert looks[-1] == sure_after(precision, plan.z)
        worst = np.array([looks[-1] // 2, looks[-1] - looks[-1] // 2, 0, 0])
        assert half_width(worst, plan.z) <= precision
    assert z_for(1) == Z95 and z_for(4) == pytest.approx(2.4977, abs=1e-4)


def test_coverage_plan_has_several_looks():
    plan = Plan.of(200_000, PRECISION, SMALLEST_LOOK)
    assert plan.looks == (78, 156, 312, 624)


def _stop(plan: Plan, outcome: np.ndarray) -> int:
    """Battles played: the first look whose intervals are within the precision, else the last."""
    for look in plan.looks:
        if plan.reached(outcome_counts(outcome[:look])):
            return look
    return plan.looks[-1]


@pytest.mark.parametrize("case", COVERAGE)
def test_play_stops_at_the_first_look_within_the_precision(case):
    spec = locked_spec(case)
    plan = Plan.of(200_000, PRECISION, SMALLEST_LOOK)
    for seed in range(3):
        (parts,), stopped, _ = play_plan(
            [spec], plan, seed, lambda counts: plan.reached(counts[0]), chunk=100
        )
        played = concatenate(parts).outcome
        everything = play(spec, plan.looks[-1], seed).outcome
        assert played.size == _stop(plan, everything) and stopped == STOPPED_PRECISION
        assert np.array_equal(played, everything[: played.size])  # the same Battles


@pytest.mark.parametrize("case", COVERAGE)
def test_intervals_after_stopping_for_precision_keep_95_percent_coverage(case):
    exact, _ = exact_duel(CASES[case][0])
    precision, smallest = COVERAGE[case]
    plan = Plan.of(200_000, precision, smallest)
    assert len(plan.looks) == 4
    n = plan.looks[-1]
    battles = play(locked_spec(case), REPEATS * n, SEED).outcome.reshape(REPEATS, n)
    misses = dict.fromkeys(Outcome, 0)
    stops = []
    for outcome in battles:
        played = _stop(plan, outcome)
        stops.append(played)
        counts = outcome_counts(outcome[:played])
        for code in Outcome:
            lo, hi = wilson_interval(int(counts[code]), played, plan.z)
            misses[code] += not lo <= exact.get(code, 0.0) <= hi
    early = sum(played < n for played in stops) / REPEATS
    if case in VARYING:  # the stopping rule was exercised, not a fixed size
        assert 0.1 <= early <= 0.9, early
    allowed = REPEATS * 0.05 + SIGMAS * math.sqrt(REPEATS * 0.05 * 0.95)
    assert max(misses.values()) <= allowed, (misses, allowed, early)


# --- the odds answer ----------------------------------------------------------------------

DUEL = {
    "terrain": "Plains",
    "attacker": {"score": 0, "characters": ["Ogre"]},
    "defender": {"score": 0, "characters": ["Troll"]},
    "reinforce": False,
    "seed": 5,
}


def test_a_precision_plays_the_first_battles_of_the_seed_and_says_why_it_stopped():
    full = odds({**DUEL, "trials": 4_000})
    assert full["stopped"] == STOPPED_TRIALS and full["precision"] is None
    coarse = odds({**DUEL, "precision": 0.05})
    assert coarse["stopped"] == STOPPED_PRECISION and coarse["trials"] < 4_000
    assert coarse["half_width"] <= 0.05
    prefix = odds({**DUEL, "trials": coarse["trials"]})
    assert coarse["outcomes"]["attacker_wins"]["p"] == prefix["outcomes"]["attacker_wins"]["p"]
    # the same Battles, a wider interval: it had several chances to stop
    plan = Plan.of(200_000, 0.05)
    assert (len(plan.looks) > 1) == (coarse["half_width"] > prefix["half_width"])


def test_the_trials_cap_and_the_time_budget_stop_a_fine_precision():
    capped = odds({**DUEL, "precision": 0.001, "trials": 3_000})
    assert capped["stopped"] == STOPPED_TRIALS and capped["trials"] == 3_000
    assert capped["half_width"] > 0.001
    timed = odds({**DUEL, "precision": 0.001}, time_budget=0.0, chunk=500)
    assert timed["stopped"] == STOPPED_TIME and timed["truncated"] and timed["trials"] == 500


@pytest.mark.parametrize("precision", [0, -0.1, 0.5, 2])
def test_a_precision_outside_0_to_one_half_is_refused(precision):
    from engine.errors import TitanError

    with pytest.raises(TitanError) as e:
        odds({**DUEL, "precision": precision})
    assert e.value.path == "precision"


def test_the_api_takes_a_precision_instead_of_trials(client):
    answer = client.post("/api/v1/odds", json={**DUEL, "precision": 0.05}).get_json()
    assert answer["stopped"] == "precision" and answer["precision"] == 0.05
    assert answer["half_width"] <= 0.05 and answer["trials"] < 10_000
    refused = client.post("/api/v1/odds", json={**DUEL, "precision": 0.7})
    assert refused.status_code == 400 and refused.get_json()["error"]["details"][0]["path"] == (
        "precision"
    )


def test_compare_stops_when_every_candidate_is_within_the_precision(client):
    body = {
        "terrain": "Plains",
        "legion": {"characters": ["Ogre"]},
        "opponent": {"characters": ["Troll"]},
        "candidates": [["Ogre"], ["Ogre", "Centaur"]],
        "reinforce": False,
        "precision": 0.04,
        "seed": 3,
    }
    answer = client.post("/api/v1/compare", json=body).get_json()
    assert answer["stopped"] == "precision" and answer["half_width"] <= 0.04
    assert answer["trials"] == Plan.of(200_000, 0.04).looks[-1]
    for candidate in answer["candidates"]:
        lo, hi = candidate["win"]["ci95"]
        assert (hi - lo) / 2 <= 0.04
    fixed = client.post("/api/v1/compare", json={**body, "precision": None, "trials": 500})
    assert fixed.get_json()["stopped"] == "trials"


def test_a_batch_engagement_with_a_precision_stops_as_odds_does():
    from simulator.batch import batch

    alone = odds({**DUEL, "precision": 0.02})
    one, two = batch([{**DUEL, "precision": 0.02}, {**DUEL, "trials": 700}], chunk=500)
    assert one["stopped"] == "precision" and one["trials"] == alone["trials"]
    assert one["outcomes"] == alone["outcomes"] and one["half_width"] == alone["half_width"]
    assert two["stopped"] == "trials" and two["trials"] == 700


@pytest.mark.parametrize("precision", [5e-324, 1e-300, 1e-160])
def test_a_precision_finer_than_any_number_of_battles_plays_to_the_cap(precision):
    """Any precision above 0 is a request the API takes: one no number of Battles meets ends
    at the trials cap, never in an overflow."""
    plan = Plan.of(200_000, precision)
    assert plan.looks[-1] == 200_000 and plan.precision == precision
    assert sure_after(precision, plan.z, cap=200_000) == 200_000
