"""The data checked against what the rules text itself states."""

from __future__ import annotations

import pytest

from engine.characters import CHARACTERS, character
from engine.errors import UnknownName
from engine.mastercharts import MASTERCHARTS
from engine.strike_chart import strike_number
from engine.variants import variant

# Character chart 3.5: name -> (power, skill, range strength or None, flies, value)
CHART_3_5 = {
    "Angel": (6, 4, None, True, 24),
    "Archangel": (9, 4, None, True, 36),
    "Guardian": (12, 2, None, True, 24),
    "Warlock": (5, 4, 2, False, 20),
    "Behemoth": (8, 3, None, False, 24),
    "Centaur": (3, 4, None, False, 12),
    "Colossus": (10, 4, None, False, 40),
    "Cyclops": (9, 2, None, False, 18),
    "Dragon": (9, 3, 4, True, 27),
    "Gargoyle": (4, 3, None, True, 12),
    "Giant": (7, 4, 3, False, 28),
    "Gorgon": (6, 3, 3, True, 18),
    "Griffon": (5, 4, None, True, 20),
    "Hydra": (10, 3, 5, False, 30),
    "Lion": (5, 3, None, False, 15),
    "Minotaur": (4, 4, 2, False, 16),
    "Ogre": (6, 2, None, False, 12),
    "Ranger": (4, 4, 2, True, 16),
    "Serpent": (18, 2, None, False, 36),
    "Troll": (8, 2, None, False, 16),
    "Unicorn": (6, 4, None, False, 24),
    "Warbear": (6, 3, None, False, 18),
    "Wyvern": (7, 3, None, True, 21),
}


@pytest.mark.parametrize("name", sorted(CHART_3_5), ids=lambda n: f"3.5-{n}")
def test_character_chart(name):
    power, skill, range_strength, flies, value = CHART_3_5[name]
    c = character(name)
    assert (c.power, c.skill, c.flies, c.value()) == (power, skill, flies, value)
    assert c.rangestrikes == (range_strength is not None)
    if range_strength is not None:
        assert c.range_strength() == range_strength  # 13.1: half power, rounded down


@pytest.mark.parametrize(("score", "power"), [(0, 6), (99, 6), (327, 9), (1163, 17)])
def test_titan_power_examples_19_1(score, power):
    titan = character("Titan")
    assert titan.power_at(score) == power
    assert titan.value(score) == power * 4


def test_natives_of_the_hazard_chart_11_7():
    natives = {
        "Bramble": {"Gargoyle", "Cyclops", "Gorgon", "Behemoth", "Serpent"},
        "Drift": {"Troll", "Warbear", "Giant", "Colossus"},
        "Bog": {"Ogre", "Troll", "Ranger", "Wyvern", "Hydra"},
        "Sand": {"Lion", "Griffon", "Hydra"},
        "Dune": {"Lion", "Griffon", "Hydra"},
        "Slope": {"Ogre", "Lion", "Minotaur", "Unicorn", "Dragon", "Colossus"},
        "Volcano": {"Dragon"},  # only Dragons may enter it
    }
    for hazard, names in natives.items():
        assert {c.name for c in CHARACTERS.values() if c.is_native(hazard)} == names, hazard


def test_lords_demilords_3_1_3_2():
    lords = {c.name for c in CHARACTERS.values() if c.is_lord}
    assert lords == {"Titan", "Angel", "Archangel"}
    assert {c.name for c in CHARACTERS.values() if c.klass == "demilord"} == {"Guardian", "Warlock"}
    assert character("Warlock").magic_missile  # 13.5


@pytest.mark.parametrize(
    ("attacker", "defender", "number"),
    [(2, 3, 5), (2, 4, 6), (1, 2, 5), (5, 2, 1), (4, 4, 4), (3, 4, 5), (1, 4, 6)],
    ids=lambda v: str(v),
)
def test_strike_chart_12_7(attacker, defender, number):
    assert strike_number(attacker, defender) == number


def test_strike_chart_examples_12_2_and_12_4():
    ogre, lion, centaur = character("Ogre"), character("Lion"), character("Centaur")
    assert strike_number(ogre.skill, lion.skill) == 5
    assert strike_number(ogre.skill, centaur.skill) == 6


def test_strike_number_stays_within_a_die():
    assert strike_number(0, 4) == 6
    assert strike_number(1, 4, bonus=1) == 6
    assert strike_number(6, 2) == 1


def test_mastercharts_examples_18_3():
    marsh = [e.creature for e in MASTERCHARTS["Marsh"]]
    assert marsh == ["Ogre", "Troll", "Ranger"]
    mountains = {e.creature: e.needed_for_next for e in MASTERCHARTS["Mountains"]}
    assert mountains["Lion"] == 2 and mountains["Minotaur"] == 2


def test_variants_21_3():
    assert variant().tower_creatures == ("Centaur", "Gargoyle", "Ogre")
    assert variant().markers == 12
    plus = variant("titanplus")
    assert set(plus.tower_creatures) == {"Cyclops", "Lion", "Troll"}
    assert plus.markers == 8


def test_unknown_character():
    with pytest.raises(UnknownName):
        character("Hobbit")
