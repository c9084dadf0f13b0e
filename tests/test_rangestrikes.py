"""Rangestrikes (13.0-13.5) and the hazard chart's rangestriking lines, each hazard on its lands."""

from __future__ import annotations

from engine.battlelands import battleland
from engine.characters import character
from engine.hexes import hex_name, parse_hex
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
