"""Normal strikes (12.0-12.2) and the hazard chart's striking lines, each hazard on its lands."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.battlelands import TERRAINS, battleland
from engine.characters import NAMES, character
from engine.hexes import HEXES, NEIGHBOURS, parse_hex
from engine.strikes import StrikeTerms, drift_damage, strike_terms

# (rule, terrain, striker, its hex, target, its hex, dice, Strike-number, plain dice, plain number)
STRIKES = [
    ("12.2-ogre-strikes-lion-Plains", "Plains", "Ogre", "D3", "Lion", "C3", 6, 5, 6, 5),
    ("12.4-ogre-strikes-centaur-Plains", "Plains", "Ogre", "D3", "Centaur", "C2", 6, 6, 6, 6),
    # Bramble: a native defending against a non-native, +1; non-natives striking out, skill -1
    ("11.7-bramble-native-defends-Brush", "Brush", "Ogre", "B1", "Behemoth", "B2", 6, 6, 6, 6),
    ("11.7-bramble-native-vs-native-Brush", "Brush", "Cyclops", "B1", "Behemoth", "B2", 9, 5, 9, 5),
    ("11.7-bramble-non-native-target-Brush", "Brush", "Ogre", "B1", "Lion", "B2", 6, 5, 6, 5),
    ("11.7-bramble-non-native-out-Brush", "Brush", "Troll", "B2", "Ogre", "B1", 8, 5, 8, 5),
    ("11.7-bramble-native-out-Brush", "Brush", "Cyclops", "B2", "Ogre", "B1", 9, 4, 9, 4),
    ("11.7-bramble-native-defends-Jungle", "Jungle", "Ogre", "B3", "Gorgon", "C3", 6, 6, 6, 6),
    ("11.7-bramble-non-native-out-Jungle", "Jungle", "Troll", "C3", "Ogre", "B3", 8, 5, 8, 5),
    # Drift, Bog, Sand, Tree: no effect on striking
    ("11.7-drift-no-strike-effect-Tundra", "Tundra", "Ogre", "A1", "Lion", "A2", 6, 5, 6, 5),
    ("11.7-bog-no-strike-effect-Marsh", "Marsh", "Ogre", "C2", "Lion", "C1", 6, 5, 6, 5),
    ("11.7-sand-no-strike-effect-Desert", "Desert", "Ogre", "B1", "Lion", "A1", 6, 5, 6, 5),
    ("11.7-tree-no-strike-effect-Woods", "Woods", "Ogre", "B3", "Lion", "B2", 6, 5, 6, 5),
    # Volcano: a Dragon adds two dice, and one more striking down a Slope (native)
    ("11.7-volcano-dragon-down-slope-Mountains", "Mountains", "Dragon", "D4", "Ogre", "E3",
     12, 3, 11, 3),
    ("11.7-volcano-struck-from-below-Mountains", "Mountains", "Ogre", "E3", "Dragon", "D4",
     6, 5, 6, 5),
    # Slope: natives +1 die down; non-natives skill -1 up
    ("11.7-slope-native-down-Hills", "Hills", "Ogre", "B1", "Lion", "B2", 7, 5, 6, 5),
    ("11.7-slope-non-native-down-Hills", "Hills", "Centaur", "B1", "Lion", "B2", 3, 3, 3, 3),
    ("11.7-slope-non-native-up-Hills", "Hills", "Centaur", "B2", "Lion", "B1", 3, 4, 3, 4),
    ("11.7-slope-native-up-Hills", "Hills", "Ogre", "B2", "Lion", "B1", 6, 5, 6, 5),
    ("11.7-slope-native-down-Mountains", "Mountains", "Ogre", "A1", "Lion", "A2", 7, 5, 6, 5),
    # Dune: natives +2 dice down; non-natives -1 die up (the Dune's hex is its top)
    ("11.7-dune-native-down-Desert", "Desert", "Lion", "A2", "Ogre", "A3", 7, 3, 5, 3),
    ("11.7-dune-non-native-up-Desert", "Desert", "Ogre", "A3", "Lion", "A2", 5, 5, 5, 5),
    ("11.7-dune-native-up-Desert", "Desert", "Lion", "A3", "Ogre", "A2", 5, 3, 5, 3),
    ("11.7-dune-non-native-down-Desert", "Desert", "Ogre", "A2", "Lion", "A3", 6, 5, 6, 5),
    # Wall: everyone skill +1 down, -1 up
    ("11.7-wall-down-Tower", "Tower", "Ogre", "C3", "Lion", "B2", 6, 4, 6, 5),
    ("11.7-wall-up-Tower", "Tower", "Ogre", "B2", "Lion", "C3", 6, 6, 6, 6),
    ("11.7-wall-up-flier-Tower", "Tower", "Gargoyle", "B2", "Lion", "C3", 4, 5, 4, 5),
]  # fmt: skip


@pytest.mark.parametrize(
    "terrain, striker, at, target, there, dice, number, plain_dice, plain_number",
    [row[1:] for row in STRIKES],
    ids=[row[0] for row in STRIKES],
)
def test_strike_terms(terrain, striker, at, target, there, dice, number, plain_dice, plain_number):
    kind = character(striker)
    terms = strike_terms(
        kind, kind.power, parse_hex(at), character(target), parse_hex(there), battleland(terrain)
    )
    assert terms == StrikeTerms(dice, number, plain_dice, plain_number)


CLIFFS = [
    ("11.7-cliff-Desert", "Desert", "B1", "B2"),
    ("11.7-cliff-Desert-under-dune-hex", "Desert", "C3", "D4"),
    ("11.7-cliff-Mountains", "Mountains", "C2", "B1"),
    ("11.7-cliff-under-volcano-Mountains", "Mountains", "C3", "D4"),
]


@pytest.mark.parametrize("terrain, a, b", [r[1:] for r in CLIFFS], ids=[r[0] for r in CLIFFS])
def test_no_strike_across_a_cliff(terrain, a, b):
    """11.7 Cliff: characters cannot strike across a Cliff, either way."""
    land, ogre, dragon = battleland(terrain), character("Ogre"), character("Dragon")
    assert parse_hex(b) in NEIGHBOURS[parse_hex(a)]
    assert strike_terms(ogre, 6, parse_hex(a), dragon, parse_hex(b), land) is None
    assert strike_terms(dragon, 9, parse_hex(b), ogre, parse_hex(a), land) is None


def test_no_strike_at_a_distance_12_0():
    land, ogre = battleland("Plains"), character("Ogre")
    assert strike_terms(ogre, 6, parse_hex("D3"), ogre, parse_hex("B2"), land) is None


def test_titan_strikes_with_its_power_19_1():
    """19.1: the Titan's dice are its Power-factor, which the caller passes (6 + score // 100)."""
    titan, ogre = character("Titan"), character("Ogre")
    terms = strike_terms(
        titan, titan.power_at(250), parse_hex("D3"), ogre, parse_hex("C3"), battleland("Plains")
    )
    assert terms is not None and terms.dice == 8 and terms.strike_number == 2


DRIFT = [
    ("11.7-drift-non-native-walker", "Ogre", "A1", 1),
    ("11.7-drift-non-native-flier", "Gargoyle", "A1", 1),
    ("11.7-drift-native", "Troll", "A1", 0),
    ("11.7-drift-native-giant", "Giant", "B2", 0),
    ("11.7-drift-plain-hex", "Ogre", "A2", 0),
]


@pytest.mark.parametrize("name, at, hits", [r[1:] for r in DRIFT], ids=[r[0] for r in DRIFT])
def test_drift_damage_Tundra(name, at, hits):
    assert drift_damage(character(name), battleland("Tundra"), parse_hex(at)) == hits


@pytest.mark.parametrize("terrain", [t for t in TERRAINS if t != "Tundra"])
def test_no_drift_damage_elsewhere_11_7(terrain):
    land, ogre = battleland(terrain), character("Ogre")
    assert all(drift_damage(ogre, land, h) == 0 for h in HEXES)


@settings(max_examples=300, deadline=None)
@given(
    terrain=st.sampled_from(TERRAINS),
    striker=st.sampled_from(NAMES),
    target=st.sampled_from(NAMES),
    hex_=st.sampled_from(list(HEXES)),
    direction=st.integers(min_value=0, max_value=5),
    score=st.integers(min_value=0, max_value=1500),
)
def test_strike_number_always_1_to_6_12_7(terrain, striker, target, hex_, direction, score):
    """12.7: whatever the hazards, a Strike-number is a face of a die and dice stay positive."""
    neighbours = NEIGHBOURS[hex_]
    there = neighbours[direction % len(neighbours)]
    kind = character(striker)
    terms = strike_terms(
        kind, kind.power_at(score), hex_, character(target), there, battleland(terrain)
    )
    if terms is None:
        return
    for number in (terms.strike_number, terms.plain_strike_number):
        assert 1 <= number <= 6
    assert terms.plain_dice >= 1 and terms.dice >= terms.plain_dice
    assert terms.strike_number <= terms.plain_strike_number  # benefits only help (12.5)
