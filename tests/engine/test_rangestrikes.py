"""Rangestrikes (13.0-13.5) and the hazard chart's rangestriking lines, each hazard on its lands."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.battlelands import TERRAINS, battleland
from engine.characters import NAMES, character
from engine.hexes import HEXES, PATHS, hex_name, parse_hex
from engine.rangestrikes import RangestrikePath, rangestrike_paths, rangestrike_range


def paths(terrain: str, striker: str, at: str, target: str, there: str, score: int = 0):
    """The paths as (clear labels, dice, Strike-number), in a stable order."""
    kind = character(striker)
    found = rangestrike_paths(
        kind,
        kind.power_at(score),
        parse_hex(at),
        character(target),
        parse_hex(there),
        battleland(terrain),
    )
    return sorted(([hex_name(h) for h in p.clear], p.dice, p.strike_number) for p in found)


def test_dragon_range_strength_four_13_1():
    """13.1: a Dragon (Power-factor 9) throws four dice."""
    assert {dice for _, dice, _ in paths("Plains", "Dragon", "D3", "Ogre", "B2")} == {4}


def test_minotaur_at_range_four_uses_skill_three_13_2():
    """13.2: at range 4 the Minotaur's skill 4 counts as 3: against a Centaur (skill 4)
    the Strike-number is 5 (4 + 4 - 3), against 4 at range 3."""
    assert rangestrike_range(parse_hex("F1"), parse_hex("C1")) == 4
    assert paths("Plains", "Minotaur", "F1", "Centaur", "C1") == [(["E1", "D2"], 2, 5)]
    assert rangestrike_range(parse_hex("E1"), parse_hex("C1")) == 3
    assert {number for *_, number in paths("Plains", "Minotaur", "E1", "Centaur", "C1")} == {4}


def test_two_paths_along_a_hexside_13_3():
    """13.3: the line D3-B2 runs along the hexside between C2 and C3: two paths."""
    assert paths("Plains", "Dragon", "D3", "Ogre", "B2") == [(["C2"], 4, 3), (["C3"], 4, 3)]


def test_path_value_type():
    path = RangestrikePath((parse_hex("C3"),), 4, 3)
    assert path.clear == (parse_hex("C3"),) and path.dice == 4 and path.strike_number == 3


def test_range_is_symmetric_13_2():
    for a in HEXES:
        for b in HEXES:
            assert rangestrike_range(a, b) == rangestrike_range(b, a)


# (rule, terrain, striker, its hex, target, its hex, paths as (clear, dice, Strike-number)):
# an empty list is a rangestrike that may not be made at all.
RANGESTRIKES = [
    # 13.0, 13.2, 13.5: who may rangestrike whom
    ("13.0-no-rangestrike-symbol", "Plains", "Centaur", "D3", "Ogre", "B2", []),
    ("13.0-not-adjacent", "Plains", "Dragon", "D3", "Ogre", "C3", []),
    ("13.2-range-beyond-skill", "Plains", "Gorgon", "F1", "Ogre", "C1", []),
    ("13.2-range-five", "Plains", "Warlock", "F1", "Ogre", "B1", []),
    ("13.5-lord-immune-titan", "Plains", "Dragon", "D3", "Titan", "B2", []),
    ("13.5-lord-immune-angel", "Plains", "Dragon", "D3", "Angel", "B2", []),
    ("13.5-warlock-strikes-titan", "Plains", "Warlock", "D3", "Titan", "B2", [([], 2, 4)]),
    ("13.5-warlock-strikes-angel", "Plains", "Warlock", "D3", "Angel", "B2", [([], 2, 4)]),
    ("13.5-warlock-range-4-full-skill", "Plains", "Warlock", "F1", "Centaur", "C1", [([], 2, 4)]),
    ("13.5-warlock-through-tree-Woods", "Woods", "Warlock", "B3", "Ogre", "D3", [([], 2, 2)]),
    ("13.5-warlock-no-bramble-defence-Brush", "Brush", "Warlock", "E2", "Behemoth", "C4",
     [([], 2, 3)]),
    ("13.5-warlock-no-volcano-defence-Mountains", "Mountains", "Warlock", "B4", "Dragon", "D4",
     [([], 2, 3)]),
    ("13.5-warlock-two-walls-Tower", "Tower", "Warlock", "B2", "Ogre", "D4", [([], 2, 2)]),
    # Tree: blocks (Woods, Hills, Jungle, Swamp); of two paths the other may be open (13.3)
    ("11.7-tree-blocks-Woods", "Woods", "Ranger", "B3", "Ogre", "D3", []),
    ("13.3-tree-other-path-open-Woods", "Woods", "Ranger", "B2", "Ogre", "D3", [(["C2"], 2, 2)]),
    ("11.7-tree-blocks-Hills", "Hills", "Ranger", "A1", "Ogre", "D3", []),
    ("11.7-tree-blocks-Jungle", "Jungle", "Ranger", "A3", "Ogre", "C5", []),
    ("11.7-tree-blocks-Swamp", "Swamp", "Ranger", "A1", "Ogre", "D2", []),
    # Bramble: non-natives lose a skill per intervening Bramble; the striker's own does not
    # count; a native target in Bramble +1 against a non-native (Brush, Jungle)
    ("11.7-bramble-intervening-Jungle", "Jungle", "Ranger", "A1", "Ogre", "A3", [(["A2"], 2, 3)]),
    ("11.7-bramble-intervening-native-Jungle", "Jungle", "Gorgon", "A1", "Ogre", "A3",
     [(["A2"], 3, 3)]),
    ("11.7-bramble-intervening-range-4-Jungle", "Jungle", "Ranger", "A1", "Ogre", "D1",
     [(["B1", "C1"], 2, 4)]),
    ("11.7-bramble-two-paths-Brush", "Brush", "Ranger", "E2", "Ogre", "C2",
     [(["D2"], 2, 3), (["D3"], 2, 2)]),
    ("11.7-bramble-in-strikers-hex-Brush", "Brush", "Ranger", "E3", "Ogre", "C3",
     [(["D3"], 2, 2), (["D4"], 2, 2)]),
    ("11.7-bramble-native-target-Brush", "Brush", "Ranger", "E2", "Behemoth", "C4",
     [(["D3", "D4"], 2, 5)]),
    # Drift, Bog, Sand: no effect
    ("11.7-drift-no-effect-Tundra", "Tundra", "Ranger", "E2", "Ogre", "C3", [(["D3"], 2, 2)]),
    ("11.7-bog-no-effect-Marsh", "Marsh", "Ranger", "D3", "Ogre", "B2",
     [(["C2"], 2, 2), (["C3"], 2, 2)]),
    ("11.7-sand-no-effect-Desert", "Desert", "Ranger", "A2", "Ogre", "B1", [(["A1"], 2, 2)]),
    # Volcano: a Dragon in it adds two dice and is +1 to hit by any rangestrike
    ("11.7-volcano-dragon-adds-two-dice-Mountains", "Mountains", "Dragon", "D4", "Ogre", "B4",
     [(["C4"], 6, 3)]),
    ("11.7-volcano-defends-vs-non-native-Mountains", "Mountains", "Minotaur", "B4", "Dragon",
     "D4", [(["C4"], 2, 4)]),
    ("11.7-volcano-defends-vs-dragon-Mountains", "Mountains", "Dragon", "B4", "Dragon", "D4",
     [(["C4"], 4, 5)]),
    # Slope: 1-2 need an end atop one; 3 need the ends atop the first and the third
    ("11.7-slope-one-target-atop-Hills", "Hills", "Minotaur", "C3", "Ogre", "E3",
     [(["D3"], 2, 2), (["D4"], 2, 2)]),
    ("11.7-slope-two-none-atop-Hills", "Hills", "Minotaur", "B2", "Ogre", "B4", []),
    ("11.7-slope-two-both-atop-Hills", "Hills", "Minotaur", "B3", "Ogre", "B1", [([], 2, 2)]),
    ("11.7-slope-three-not-third-Hills", "Hills", "Minotaur", "B1", "Ogre", "B4", []),
    ("11.7-slope-one-none-atop-Mountains", "Mountains", "Minotaur", "A1", "Ogre", "C3", []),
    ("11.7-slope-two-target-atop-Mountains", "Mountains", "Minotaur", "A2", "Ogre", "B1",
     [(["A1"], 2, 2), (["B2"], 2, 2)]),
    ("11.7-slope-three-first-and-third-Mountains", "Mountains", "Minotaur", "B1", "Ogre", "B4",
     [(["B2"], 2, 3)]),
    # Elevation: a character lower than both ends does not block
    ("11.7-lower-than-both-Hills", "Hills", "Minotaur", "B3", "Ogre", "E3", [([], 2, 3)]),
    ("11.7-not-lower-than-the-target-Hills", "Hills", "Minotaur", "D2", "Ogre", "D4",
     [(["D3"], 2, 2)]),
    # Cliff: an end atop it; a character at its base does not block; it lifts the Slopes' limits
    ("11.7-cliff-neither-atop-Mountains", "Mountains", "Minotaur", "B3", "Ogre", "E3", []),
    ("11.7-cliff-striker-atop-then-slope-Mountains", "Mountains", "Minotaur", "B1", "Ogre",
     "D3", [([], 2, 2)]),
    ("11.7-cliff-after-a-slope-none-atop-Mountains", "Mountains", "Minotaur", "E3", "Ogre",
     "B1", [(["D3"], 2, 3)]),
    ("11.7-cliff-volcano-striker-atop-Mountains", "Mountains", "Dragon", "D4", "Ogre", "B2",
     [([], 6, 3)]),
    ("11.7-cliff-base-passed-Desert", "Desert", "Ranger", "B1", "Ogre", "D4", [(["C2"], 2, 3)]),
    ("11.7-cliff-neither-atop-Desert", "Desert", "Ranger", "B1", "Ogre", "B3", []),
    ("11.7-cliff-dune-combination-Desert", "Desert", "Ranger", "A2", "Ogre", "D4",
     [(["B3"], 2, 3)]),
    ("11.7-cliff-dune-base-passed-Desert", "Desert", "Ranger", "B2", "Ogre", "D4", [([], 2, 2)]),
    ("11.7-cliff-dune-neither-in-dune-hex-Desert", "Desert", "Ranger", "A1", "Ogre", "D4", []),
    # Dune: one needs an end in its hex; two need both ends in their hexes
    ("11.7-dune-one-none-atop-Desert", "Desert", "Ranger", "A1", "Ogre", "A3", []),
    ("11.7-dune-one-target-atop-Desert", "Desert", "Ranger", "B4", "Ogre", "B2",
     [(["B3"], 2, 2)]),
    ("11.7-dune-one-striker-atop-Desert", "Desert", "Ranger", "B2", "Ogre", "B4",
     [(["B3"], 2, 2)]),
    ("11.7-dune-two-both-atop-Desert", "Desert", "Ranger", "A2", "Ogre", "D5",
     [(["B3", "C4"], 2, 3)]),
    ("11.7-dune-two-one-atop-Desert", "Desert", "Ranger", "B3", "Ogre", "C1", []),
    # Wall: one needs an end atop; skill -1 per Wall crossed going up, none gained going down;
    # two need an end in the centre and neither beneath an outer Wall
    ("11.7-wall-up-target-atop-Tower", "Tower", "Ranger", "A1", "Ogre", "C3", [(["B2"], 2, 3)]),
    ("11.7-wall-down-striker-atop-Tower", "Tower", "Ranger", "C3", "Ogre", "A1",
     [(["B2"], 2, 2)]),
    ("11.7-wall-neither-atop-Tower", "Tower", "Ranger", "A2", "Ogre", "D3", []),
    ("11.7-wall-two-into-the-centre-Tower", "Tower", "Ranger", "A1", "Ogre", "D4",
     [(["B2", "C3"], 2, 5)]),
    ("11.7-wall-two-beneath-outer-wall-Tower", "Tower", "Ranger", "B2", "Ogre", "D4", []),
    ("11.7-wall-two-not-the-centre-Tower", "Tower", "Ranger", "B3", "Ogre", "E2", []),
]  # fmt: skip


@pytest.mark.parametrize(
    "terrain, striker, at, target, there, expected",
    [row[1:] for row in RANGESTRIKES],
    ids=[row[0] for row in RANGESTRIKES],
)
def test_rangestrike_paths(terrain, striker, at, target, there, expected):
    assert paths(terrain, striker, at, target, there) == sorted(expected)


RANGESTRIKERS = sorted(
    name for name in NAMES if character(name).rangestrikes and not character(name).magic_missile
)


@settings(max_examples=400, deadline=None)
@given(
    terrain=st.sampled_from(TERRAINS),
    name=st.sampled_from(RANGESTRIKERS),
    a=st.sampled_from(list(HEXES)),
    b=st.sampled_from(list(HEXES)),
)
def test_a_rangestrike_goes_both_ways_13_3(terrain, name, a, b):
    """13.3 and the hazard chart: whether a line is open does not depend on its direction
    (the paths from b are those from a reversed, and every crossing rule names both ends
    alike); every Strike-number is a face of a die (12.7) and clear hexes lie on the path."""
    kind, land = character(name), battleland(terrain)
    there = rangestrike_paths(kind, kind.power, a, kind, b, land)
    back = rangestrike_paths(kind, kind.power, b, kind, a, land)
    assert sorted(set(p.clear) for p in there) == sorted(set(p.clear) for p in back)
    for path in there:
        assert 1 <= path.strike_number <= 6
        assert any(set(path.clear) <= set(line) for line in PATHS[a][b])
