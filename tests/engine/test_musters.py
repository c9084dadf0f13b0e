"""Mustering (18.0-18.5) and its worked examples; TITANplus Tower Creatures (21.3)."""

from __future__ import annotations

import pytest

from engine.errors import UnknownName
from engine.musters import Recruit, legal_recruits


def offered(characters, terrain, **kw) -> set[str]:
    return {r.character for r in legal_recruits(characters, terrain, **kw)}


def ways(characters, terrain, name, **kw) -> set[tuple[str, ...]]:
    return {r.reveal for r in legal_recruits(characters, terrain, **kw) if r.character == name}


@pytest.mark.parametrize(
    ("characters", "terrain", "expected"),
    [
        # The worked examples of 18.3.
        pytest.param(["Ogre"], "Marsh", {"Ogre"}, id="18.3-ogre-musters-ogre-in-marsh"),
        pytest.param(["Troll"], "Marsh", {"Troll", "Ogre"}, id="18.3-troll-musters-troll-or-ogre"),
        pytest.param(["Ogre", "Ogre"], "Marsh", {"Ogre", "Troll"}, id="18.3-two-ogres-a-troll"),
        pytest.param(
            ["Lion", "Lion"], "Mountains", {"Lion", "Minotaur"}, id="18.3-two-lions-a-minotaur"
        ),
        pytest.param(
            ["Lion", "Lion", "Lion"],
            "Mountains",
            {"Lion", "Minotaur"},
            id="18.3-lions-never-a-dragon-no-skipping",
        ),
        pytest.param(
            ["Minotaur", "Minotaur"],
            "Mountains",
            {"Lion", "Minotaur", "Dragon"},
            id="18.3-two-minotaurs-a-dragon",
        ),
        pytest.param(
            ["Dragon"], "Mountains", {"Lion", "Minotaur", "Dragon"}, id="18.3-dragon-a-dragon"
        ),
        pytest.param(
            ["Colossus"],
            "Mountains",
            {"Lion", "Minotaur", "Dragon", "Colossus"},
            id="18.3-colossus-anything-in-mountains",
        ),
        pytest.param(["Lion"], "Marsh", set(), id="18.3-creature-not-on-the-column"),
        pytest.param(["Titan", "Angel"], "Plains", set(), id="18.3-lords-qualify-nothing"),
        pytest.param(
            ["Gargoyle", "Gargoyle"],
            "Jungle",
            {"Gargoyle", "Cyclops"},
            id="18.2-jungle-2-gargoyles",
        ),
        pytest.param(
            ["Cyclops", "Cyclops"],
            "Jungle",
            {"Gargoyle", "Cyclops"},
            id="18.2-jungle-needs-3-cyclops",
        ),
        pytest.param(
            ["Cyclops"] * 3,
            "Jungle",
            {"Gargoyle", "Cyclops", "Behemoth"},
            id="18.2-jungle-3-cyclops-a-behemoth",
        ),
        pytest.param(["Troll"] * 2, "Swamp", {"Troll"}, id="18.2-swamp-needs-3-trolls"),
        pytest.param(["Troll"] * 3, "Swamp", {"Troll", "Wyvern"}, id="18.2-swamp-3-trolls"),
        pytest.param(
            ["Centaur", "Centaur"], "Plains", {"Centaur", "Lion"}, id="18.2-plains-2-centaurs"
        ),
        pytest.param(
            ["Centaur", "Centaur"], "Woods", {"Centaur"}, id="18.2-woods-needs-3-centaurs"
        ),
        pytest.param(
            ["Giant", "Giant"],
            "Tundra",
            {"Troll", "Warbear", "Giant", "Colossus"},
            id="18.2-tundra-2-giants-a-colossus",
        ),
        pytest.param(
            ["Ogre", "Troll", "Lion", "Ranger"],
            "Plains",
            {"Centaur", "Lion", "Ranger"},
            id="18.3-ranger-qualifies-all-of-plains",
        ),
    ],
)
def test_chart_recruits_18_2_18_3(characters, terrain, expected):
    assert offered(characters, terrain) == expected


def test_two_ways_to_muster_a_troll_18_4():
    """18.4: two Ogres and a Troll muster a Troll by showing both Ogres or one Troll."""
    assert ways(["Ogre", "Ogre", "Troll"], "Marsh", "Troll") == {("Ogre", "Ogre"), ("Troll",)}


def test_reveal_is_only_what_qualifies_18_4():
    """18.4: the player shows a sufficient character, not all of them."""
    recruits = legal_recruits(["Ogre", "Ogre", "Troll", "Lion", "Titan"], "Marsh")
    assert Recruit("Ogre", ("Ogre",)) in recruits
    assert all("Lion" not in r.reveal and "Titan" not in r.reveal for r in recruits)


def test_recruits_are_listed_lesser_first_18_2():
    names = [r.character for r in legal_recruits(["Colossus"], "Mountains")]
    assert names == ["Lion", "Minotaur", "Dragon", "Colossus"]


@pytest.mark.parametrize(
    ("characters", "expected"),
    [
        pytest.param([], {"Centaur", "Gargoyle", "Ogre"}, id="18.5-tower-creatures-to-anyone"),
        pytest.param(
            ["Troll", "Troll", "Troll"],
            {"Centaur", "Gargoyle", "Ogre", "Guardian"},
            id="18.5-three-identical-creatures-a-guardian",
        ),
        pytest.param(
            ["Troll", "Troll", "Ogre"],
            {"Centaur", "Gargoyle", "Ogre"},
            id="18.5-two-identical-no-guardian",
        ),
        pytest.param(
            ["Angel", "Angel", "Angel"],
            {"Centaur", "Gargoyle", "Ogre"},
            id="18.5-three-lords-are-not-creatures",
        ),
        pytest.param(
            ["Guardian"], {"Centaur", "Gargoyle", "Ogre", "Guardian"}, id="18.5-guardian-a-guardian"
        ),
        pytest.param(
            ["Titan"], {"Centaur", "Gargoyle", "Ogre", "Warlock"}, id="18.5-titan-a-warlock"
        ),
        pytest.param(
            ["Warlock"], {"Centaur", "Gargoyle", "Ogre", "Warlock"}, id="18.5-warlock-a-warlock"
        ),
        pytest.param(
            ["Dragon", "Colossus"],
            {"Centaur", "Gargoyle", "Ogre"},
            id="18.5-no-chart-creatures-in-the-tower",
        ),
    ],
)
def test_tower_recruits_18_5(characters, expected):
    assert offered(characters, "Tower") == expected


def test_tower_reveals_18_5():
    recruits = legal_recruits(["Titan", "Ogre", "Ogre", "Ogre"], "Tower")
    assert Recruit("Ogre", ()) in recruits
    assert Recruit("Guardian", ("Ogre", "Ogre", "Ogre")) in recruits
    assert Recruit("Warlock", ("Titan",)) in recruits


def test_titanplus_tower_creatures_21_3():
    assert offered([], "Tower", variant="titanplus") == {"Cyclops", "Lion", "Troll"}


def test_titanplus_unused_creatures_are_never_offered_21_3():
    """21.3: Centaurs, Gargoyles and Ogres are not used in TITANplus."""
    assert offered(["Lion"], "Plains", variant="titanplus") == {"Lion"}
    assert offered(["Lion"], "Plains") == {"Centaur", "Lion"}


@pytest.mark.parametrize(
    "terrain", [pytest.param("Marsh", id="18.1-marsh"), pytest.param("Tower", id="18.1-tower")]
)
def test_seven_high_musters_nothing_18_1(terrain):
    assert legal_recruits(["Ogre"] * 7, terrain) == []
    assert legal_recruits(["Ogre"] * 6, terrain) != []


def test_caretaker_empty_stack_is_not_offered_18_0():
    stacks = {"Ogre": 3, "Troll": 0}
    assert offered(["Ogre", "Ogre", "Troll"], "Marsh", caretaker=stacks) == {"Ogre"}
    assert offered(["Ogre", "Ogre"], "Marsh", caretaker={}) == set()


@pytest.mark.parametrize(
    ("characters", "terrain"),
    [
        pytest.param(["Orc"], "Marsh", id="3.5-unknown-character"),
        pytest.param(["Ogre"], "Moon", id="2.1-unknown-terrain"),
    ],
)
def test_unknown_names_are_refused(characters, terrain):
    with pytest.raises(UnknownName):
        legal_recruits(characters, terrain)
