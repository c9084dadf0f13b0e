"""Scoring Engagements (9.2, 9.4, 16.x), acquiring Angels (17.x) and Titans' deaths (19.3-19.4)."""

from __future__ import annotations

import pytest

from engine.errors import UnknownName
from engine.scoring import (
    LegionResult,
    angels_due,
    angels_gained,
    battle_points,
    concession_points,
    flee_points,
    legion_value,
    may_flee,
    remnant_points,
)


@pytest.mark.parametrize(
    ("characters", "score", "value"),
    [
        pytest.param(["Lion"], 0, 15, id="16.0-lion-5x3"),
        pytest.param(["Ogre", "Ogre", "Troll"], 0, 12 + 12 + 16, id="16.0-sum"),
        pytest.param(["Titan"], 0, 24, id="19.1-titan-6x4"),
        pytest.param(["Titan"], 327, 36, id="19.1-titan-9x4"),
        pytest.param(["Titan", "Angel"], 1163, 17 * 4 + 24, id="19.1-titan-17x4"),
        pytest.param([], 0, 0, id="16.0-empty"),
    ],
)
def test_legion_value(characters, score, value):
    assert legion_value(characters, score) == value


def test_unknown_character_is_refused_3_5():
    with pytest.raises(UnknownName):
        legion_value(["Orc"], 0)


@pytest.mark.parametrize(
    ("characters", "points"),
    [
        pytest.param(["Lion"], 7, id="9.2-half-of-15-rounded-down"),
        pytest.param(["Ogre", "Troll"], 14, id="9.2-half-of-28"),
        pytest.param(["Centaur", "Gargoyle", "Ogre"], 18, id="9.2-half-of-36"),
    ],
)
def test_flee_points_half_rounded_down_9_2(characters, points):
    assert flee_points(characters, 0) == points
    assert concession_points(characters, 0) == 2 * points + legion_value(characters, 0) % 2


@pytest.mark.parametrize(
    ("characters", "can"),
    [
        pytest.param(["Ogre", "Troll"], True, id="9.2-creatures"),
        pytest.param(["Warlock", "Ogre"], True, id="9.2-demilord-may-flee"),
        pytest.param(["Guardian"], True, id="9.2-guardian-demilord"),
        pytest.param(["Titan", "Ogre"], False, id="9.2-titan-is-a-lord"),
        pytest.param(["Angel", "Ogre"], False, id="9.2-angel-is-a-lord"),
        pytest.param(["Archangel"], False, id="9.2-archangel-is-a-lord"),
    ],
)
def test_a_legion_with_a_lord_cannot_flee_9_2(characters, can):
    assert may_flee(characters) is can


def test_concession_scores_full_value_9_4():
    assert concession_points(["Titan", "Dragon"], 250) == 8 * 4 + 27


def test_remnants_score_half_19_4():
    assert remnant_points(["Lion", "Lion", "Ogre"], 0) == (15 + 15 + 12) // 2
    assert remnant_points(["Lion"], 0) == 7


@pytest.mark.parametrize(
    ("old", "new", "due"),
    [
        pytest.param(0, 99, [], id="17.0-no-multiple"),
        pytest.param(90, 100, ["Angel"], id="17.0-attains-100"),
        pytest.param(100, 199, [], id="17.0-already-at-100"),
        pytest.param(90, 210, ["Angel", "Angel"], id="17.2-two-multiples"),
        pytest.param(480, 520, ["Archangel"], id="17.3-archangel-at-500"),
        pytest.param(450, 620, ["Archangel", "Angel"], id="17.3-instead-not-in-addition"),
        pytest.param(390, 1010, ["Angel", "Archangel"] + ["Angel"] * 4 + ["Archangel"],
                     id="17.3-1000-is-a-multiple-of-500"),
        pytest.param(50, 50, [], id="17.0-nothing-scored"),
    ],
)  # fmt: skip
def test_angels_due_17(old, new, due):
    assert angels_due(old, new) == due


@pytest.mark.parametrize(
    ("old", "points", "size", "gained"),
    [
        pytest.param(90, 30, 6, ["Angel"], id="17.1-room-for-one"),
        pytest.param(90, 30, 7, [], id="17.1-legion-of-seven-takes-none"),
        pytest.param(90, 130, 6, ["Angel"], id="17.2-room-limits"),
        pytest.param(90, 130, 3, ["Angel", "Angel"], id="17.2-both"),
        pytest.param(450, 170, 6, ["Archangel"], id="17.4-archangel-first-when-room-is-short"),
        pytest.param(90, 0, 1, [], id="17.0-no-points"),
    ],
)
def test_angels_gained_17(old, points, size, gained):
    assert angels_gained(old, points, size) == gained


def _side(score=0, slain=(), survivors=0, titan_slain=False):
    return LegionResult(score, tuple(slain), survivors, titan_slain)


@pytest.mark.parametrize(
    ("attacker", "defender", "time_loss", "points"),
    [
        pytest.param(
            _side(slain=["Ogre"], survivors=2),
            _side(slain=["Troll", "Troll"]),
            False,
            (32, 0),
            id="16.1-attacker-wins-full-value-losses-ignored",
        ),
        pytest.param(
            _side(slain=["Ogre", "Angel"]),
            _side(slain=["Lion"], survivors=1),
            False,
            (0, 12 + 24),
            id="16.0-defender-wins-summoned-angel-counts",
        ),
        pytest.param(
            _side(slain=["Ogre"]),
            _side(slain=["Troll"]),
            False,
            (0, 0),
            id="16.1-mutual-elimination-scores-nothing",
        ),
        pytest.param(
            _side(slain=["Ogre"], survivors=2),
            _side(slain=["Troll"], survivors=1),
            True,
            (0, 0),
            id="10.5-time-loss-defender-scores-nothing",
        ),
        pytest.param(
            _side(score=0, slain=[], survivors=3),
            _side(score=200, slain=["Titan", "Ogre"], survivors=2, titan_slain=True),
            False,
            (8 * 4 + 12, 0),
            id="19.3-titan-and-slain-so-far-only",
        ),
        pytest.param(
            _side(score=0, slain=["Ogre", "Ogre"], survivors=0),
            _side(score=0, slain=["Titan"], survivors=2, titan_slain=True),
            False,
            (0, 0),
            id="19.3-slayer-eliminated-and-fallen-titan-score-nothing",
        ),
        pytest.param(
            _side(score=100, slain=["Titan"], survivors=2, titan_slain=True),
            _side(score=0, slain=["Gorgon"], survivors=1),
            False,
            (0, 28),
            id="19.3-defender-slays-attacking-titan",
        ),
        pytest.param(
            _side(score=0, slain=["Titan"], survivors=1, titan_slain=True),
            _side(score=0, slain=["Titan"], survivors=1, titan_slain=True),
            False,
            (0, 0),
            id="19.3-both-titans-fall-nobody-scores",
        ),
    ],
)
def test_battle_points_16_19(attacker, defender, time_loss, points):
    assert battle_points(attacker, defender, time_loss=time_loss) == points
