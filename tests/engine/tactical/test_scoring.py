"""Scoring in Tactical Titan: 11.0's points, the Titan's value and Power-factor (8.2), Angels and
Archangels by 200 and 1000 (8.3), and half points for a slain Titan's characters (2.2.2)."""

from __future__ import annotations

import pytest

from engine.errors import RuleError, UnknownName
from engine.tactical.scoring import (
    ScoreChange,
    angels_due,
    eliminated_player_points,
    point_value,
    score_change,
    slain_points,
    titan_power,
)


@pytest.mark.parametrize(
    ("names", "points"),
    [
        pytest.param(["Ogre"], 10, id="11.0-ogre-10-not-power-x-skill"),
        pytest.param(["Ranger"], 50, id="11.0-ranger-50"),
        pytest.param(["Guardian", "Serpent"], 70, id="11.0-sum"),
        pytest.param(["Demon 1", "Demon 2", "Demon 5"], 80 + 90 + 100, id="11.0-demons-by-skill"),
        pytest.param(["sea king"], 90, id="11.0-names-any-case"),
        pytest.param([], 0, id="8.2-nothing-slain"),
    ],
)
def test_slain_points_8_2_11_0(names, points):
    assert slain_points(names) == points


@pytest.mark.parametrize(
    ("score", "power", "value"),
    [
        pytest.param(0, 6, 60, id="8.2-titan-6-at-0"),
        pytest.param(99, 6, 60, id="8.2-not-yet-100"),
        pytest.param(100, 7, 70, id="8.2-plus-1-at-100"),
        pytest.param(450, 10, 100, id="8.2-every-multiple-of-100"),
    ],
)
def test_titan_power_and_value_8_2(score, power, value):
    assert titan_power(score) == power
    assert point_value("Titan", score) == value  # ruling: 10 per Power-factor
    assert slain_points(["Titan", "Ogre"], titan_score=score) == value + 10


@pytest.mark.parametrize(
    ("old", "new", "due"),
    [
        pytest.param(0, 199, [], id="8.3-below-200"),
        pytest.param(190, 200, ["Angel"], id="8.3-reaches-200"),
        pytest.param(200, 399, [], id="8.3-already-at-200"),
        pytest.param(150, 450, ["Angel", "Angel"], id="8.3-two-multiples-two-angels"),
        pytest.param(950, 1000, ["Archangel"], id="8.3-archangel-at-1000-instead"),
        pytest.param(790, 1210, ["Angel", "Archangel", "Angel"], id="8.3-several-at-once"),
        pytest.param(1990, 2000, ["Archangel"], id="8.3-every-multiple-of-1000"),
        pytest.param(0, 0, [], id="8.3-nothing-scored"),
    ],
)
def test_angels_due_8_3(old, new, due):
    assert angels_due(old, new) == due


def test_half_points_for_a_slain_titans_characters_2_2_2():
    """2.2.2: half points for the characters removed with their Titan; ruling: half the total,
    rounded down (15 + 10 = 25 -> 12)."""
    assert eliminated_player_points(["Lion", "Ogre"]) == 12
    assert eliminated_player_points(["Lion", "Lion"]) == 15
    assert eliminated_player_points([]) == 0
    with pytest.raises(RuleError):
        eliminated_player_points(["Titan", "Ogre"])


def test_score_change_of_a_strike_phase_8_2_8_3_2_2_2():
    change = score_change(180, ["Titan", "Ogre"], titan_score=320, eliminated=["Dragon", "Lion"])
    # the Titan of a 320-point player: 9 x 10; an Ogre 10; half of 55 + 15
    assert change == ScoreChange(180, 90 + 10 + 35, ("Angel",))
    assert change.new_score == 315 and change.titan_power == 9
    assert change.to_dict() == {
        "old_score": 180,
        "points": 135,
        "new_score": 315,
        "titan_power": 9,
        "angels": ["Angel"],
    }


@pytest.mark.parametrize("bad", [-1, True, 2.5, "100"])
def test_scores_are_whole_and_not_negative_8_2(bad):
    with pytest.raises(RuleError):
        titan_power(bad)
    with pytest.raises(RuleError):
        angels_due(bad, 300)


def test_unknown_character_is_refused_11_0():
    with pytest.raises(UnknownName):
        slain_points(["Orc"])
