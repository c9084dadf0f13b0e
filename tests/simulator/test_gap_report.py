"""make bench-tactics' report of the gaps: what the Battles' noise alone would show."""

from __future__ import annotations

import math

import numpy as np

from bench.tactics import (
    ANY,
    CONFIRM_ERRORS,
    NOISE_DRAWS,
    STRONG,
    STYLE_GOAL,
    candidates,
    contested_report,
    noise_alone,
    report,
)
from simulator.tactics import STYLES


def gains(errors: dict[str, float]) -> dict[str, tuple[float, float]]:
    """One Engagement's gains as bench.tactics keeps them: each style's (gain, error) per side,
    every style measured exactly but those in ``errors``."""
    return {f"{side}|{s}": (0.0, errors.get(s, 0.0)) for side in (0, 1) for s in STYLES}


def test_noise_alone_is_nothing_where_nothing_was_uncertain():
    floor = noise_alone([gains({})] * 5, 0, ANY, np.random.default_rng(0))
    assert floor == {"mean": 0.0, "p95": 0.0, "max": 0.0}


def test_noise_alone_is_the_expected_largest_of_the_styles_errors():
    """One uncertain style with error s: a tie shows max(0, N(0, s)), whose mean is s over
    sqrt(2 pi); the mean over 100 Engagements and NOISE_DRAWS draws is within a few of its own
    standard errors of that. Two such styles show more (the larger of two draws)."""
    s, engagements = 0.02, 100
    one = noise_alone([gains({"balanced": s})] * engagements, 1, ANY, np.random.default_rng(1))
    expected = s / math.sqrt(2 * math.pi)
    spread = s * math.sqrt(0.5 - 1 / (2 * math.pi)) / math.sqrt(engagements * NOISE_DRAWS)
    assert abs(one["mean"] - expected) < 5 * spread
    assert one["mean"] < one["p95"] < one["max"] < 4 * s
    two = noise_alone(
        [gains({"balanced": s, "steadfast": s})] * engagements, 1, ANY, np.random.default_rng(1)
    )
    assert two["mean"] > one["mean"] + 10 * spread


def test_noise_alone_for_the_search_is_its_own_error_unclipped():
    """The search's row reads one gain an Engagement, negative ones too: a tie shows N(0, s),
    whose mean over the Engagements is 0, and whose 95th percentile and largest of 100 lie
    near 1.6 s and 2.5 s (the normal's quantile, and the expected largest of 100 draws)."""
    s, engagements = 0.03, 100
    measured = [{**gains({}), f"0|{STRONG}": (0.0, s), f"1|{STRONG}": (0.0, 0.0)}] * engagements
    floor = noise_alone(measured, 0, STRONG, np.random.default_rng(2))
    assert abs(floor["mean"]) < 5 * s / math.sqrt(engagements * NOISE_DRAWS)
    assert 1.45 * s < floor["p95"] < 1.8 * s
    assert 2.35 * s < floor["max"] < 2.65 * s
    assert noise_alone(measured, 1, STRONG, np.random.default_rng(2))["max"] == 0.0


def test_the_gains_confirmed_are_those_within_reach_of_the_goal():
    """A fixed style's gain is played again when its first measure lies within CONFIRM_ERRORS
    of its errors of the goal or above it: not one further below, nor the search's."""
    near = STYLE_GOAL - CONFIRM_ERRORS * 0.01 + 0.001  # just within reach at an error of 0.01
    far = STYLE_GOAL - CONFIRM_ERRORS * 0.01 - 0.001
    first = {**gains({}), "0|measured": (near, 0.01), "1|biding": (far, 0.01)}
    second = {
        **gains({}),
        "1|patient": (STYLE_GOAL + 0.02, 0.0),
        f"0|{STRONG}": (0.3, 0.01),
        "0|balanced": (STYLE_GOAL - 0.001, 0.0),  # measured exactly, below the goal
    }
    assert candidates([first, second]) == [(0, 0, "measured"), (1, 1, "patient")]


def test_the_search_alone_reports_no_row_for_the_fixed_styles(capsys):
    """With --trials 0 only the search plays: its row is reported, the fixed styles' is not
    (an empty row would read as a gap of nothing)."""
    searched = [{f"0|{STRONG}": (0.1, 0.02), f"1|{STRONG}": (0.0, 0.02)}] * 3
    rows = report(searched, "search alone", "training")
    shown = capsys.readouterr().out
    assert math.isclose(rows[STRONG]["attacker"]["mean"], 0.1) and not rows[ANY]
    assert "3 training Engagements" in shown and ANY not in shown and STRONG in shown


def test_the_contested_engagements_are_those_each_side_comes_out_well_in(capsys):
    """An Engagement is contested when each side's good endings (the attacker's wins; the
    defender's wins and time losses, 10.5) reach a tenth of the default's Battles: a defender
    holding out by the clock alone counts as coming out well."""
    battles = 100
    clock = np.array([0] * 10 + [3] * 90, dtype=np.int8)  # 10% attacker wins, 90% time losses
    lopsided = np.array([0] * 91 + [1] * 9, dtype=np.int8)  # the defender wins 9%
    measured = [
        {f"0|{STRONG}": (0.2, 0.03), f"1|{STRONG}": (0.1, 0.03)},
        {f"0|{STRONG}": (0.0, 0.01), f"1|{STRONG}": (0.02, 0.01)},
    ]
    assert len(clock) == len(lopsided) == battles
    contested_report(measured, [clock, lopsided])
    shown = capsys.readouterr().out
    assert "contested (1) and not (1)" in shown
    assert "attacker  contested +0.200   the rest +0.000" in shown
    assert "defender  contested +0.100   the rest +0.020" in shown
