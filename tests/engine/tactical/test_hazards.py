"""Tactical Titan's hazards: Water (12.1.2), River (12.1.1), slowed twice (7.1), abilities that
change hazards (12.2, 9.2, 10.1), and TITAN's hazard chart kept as it was (11.7, 12.0)."""

from __future__ import annotations

from dataclasses import fields, replace

import pytest

from engine.battlelands import BATTLELANDS
from engine.characters import CHARACTERS as TITAN_CHARACTERS
from engine.errors import UnknownName
from engine.hazards import HEX_HAZARDS as TITAN_HEX_HAZARDS
from engine.hazards import HEXSIDE_HAZARDS as TITAN_HEXSIDE_HAZARDS
from engine.hazards import HexsideHazard
from engine.hexes import NEIGHBOURS
from engine.movement import in_contact, landing_cost, step_cost
from engine.movement import may_fly_over as titan_may_fly_over
from engine.strikes import StrikeChanges, strike_terms
from engine.tactical.characters import CHARACTERS, Abilities, character
from engine.tactical.hazards import (
    HEX_HAZARDS,
    HEXSIDE_HAZARDS,
    RIVER,
    SLOWED_TWICE,
    WATER,
    TacticalHexsideHazard,
    crossing_damage,
    entry_cost,
    hazard_damage,
    hazard_to_dict,
    hex_hazard,
    hexside_hazard,
    in_contact_across,
    is_clear,
    may_end_move_in,
    may_enter,
    may_fly_over,
    may_land,
    may_strike_across,
    may_walk_into,
    slowings,
    strike_changes,
    within_move,
)
from engine.tactical.hex_facts import HexFacts, SideFact

PLAIN, BRAMBLE, BOG, DRIFT, VOLCANO, TREE, SAND = (
    HEX_HAZARDS[n] for n in ("Plain", "Bramble", "Bog", "Drift", "Volcano", "Tree", "Sand")
)
SLOPE, CLIFF, DUNE, WALL = (HEXSIDE_HAZARDS[n] for n in ("Slope", "Cliff", "Dune", "Wall"))


# --- 12.1.2 Water ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "walk", "fly_over", "land", "end_move"),
    [
        pytest.param("Behemoth", True, False, False, True, id="12.1.2-native-walker-enters"),
        pytest.param("Serpent", True, False, False, True, id="12.1.2-serpent-native"),
        pytest.param("Kraken", True, False, False, True, id="12.1.2-kraken-native"),
        pytest.param("Sea King", True, False, False, True, id="12.1.2-sea-king-native"),
        pytest.param("Water Elemental", True, False, False, True, id="12.1.2-water-elemental"),
        pytest.param("Ogre", False, False, False, False, id="12.1.2-non-native-walker-may-not"),
        pytest.param("Colossus", False, False, False, False, id="12.1.2-colossus-ignores-not-it"),
        pytest.param("Gargoyle", False, True, False, False,
                     id="12.1.2-non-native-flier-crosses-may-not-end-there"),
        pytest.param("Dragon", False, True, False, False, id="12.1.2-dragon-flier-may-not-land"),
    ],
)  # fmt: skip
def test_water_12_1_2(name, walk, fly_over, land, end_move):
    kind = character(name)
    assert may_walk_into(kind, WATER) is walk
    if kind.flies:
        assert may_fly_over(kind, WATER) is fly_over
        assert may_land(kind, WATER) is land
        assert may_enter(kind, WATER) is True  # it may fly across
    assert may_end_move_in(kind, WATER) is end_move


def test_water_changes_no_strike_12_1_2():
    for striker in ("Ogre", "Behemoth", "Gargoyle"):
        kind = character(striker)
        for target in ("Behemoth", "Kraken"):
            assert strike_changes(kind, PLAIN, character(target), WATER) == StrikeChanges()
            assert strike_changes(character(target), WATER, kind, PLAIN) == StrikeChanges()


@pytest.mark.parametrize(
    ("name", "hazard", "allowed"),
    [
        pytest.param("Kraken", "Water", True, id="9.2-kraken-in-water"),
        pytest.param("Kraken", "Plain", False, id="9.2-kraken-not-out-of-water"),
        pytest.param("Kraken", "Bog", False, id="9.2-kraken-not-bog"),
        pytest.param("Sea King", "Plain", False, id="9.2-sea-king-not-out-of-water"),
        pytest.param("Behemoth", "Plain", True, id="12.1.2-behemoth-leaves-water"),
    ],
)
def test_only_in_water_9_2(name, hazard, allowed):
    assert may_walk_into(character(name), HEX_HAZARDS[hazard]) is allowed
    assert (entry_cost(character(name), HEX_HAZARDS[hazard]) is not None) is allowed


# --- 12.1.1 River ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "into", "flying", "cost"),
    [
        pytest.param("Ogre", "Plain", False, 2, id="12.1.1-non-native-walker-slowed"),
        pytest.param("Behemoth", "Plain", False, 1, id="12.1.1-native-not-slowed"),
        pytest.param("Water Elemental", "Plain", False, 1, id="12.1.1-water-elemental-native"),
        pytest.param("Gargoyle", "Plain", True, 1, id="12.1.1-flier-not-slowed"),
        pytest.param("Ogre", "Bramble", False, SLOWED_TWICE, id="7.1-river-and-bramble-three"),
        pytest.param("Behemoth", "Drift", False, 2, id="7.1-native-river-non-native-drift-two"),
        pytest.param("Serpent", "Water", False, 1, id="12.1-serpent-river-into-water"),
        pytest.param("Ogre", "Water", False, None, id="12.1-ogre-never-into-water"),
    ],
)
def test_crossing_a_river_12_1_1(name, into, flying, cost):
    kind = character(name)
    assert entry_cost(kind, HEX_HAZARDS[into], RIVER, flying=flying) == cost


def test_a_river_slows_either_way_12_1_1():
    ogre = character("Ogre")
    assert slowings(ogre, PLAIN, RIVER, up=True) == slowings(ogre, PLAIN, RIVER, up=False) == 1


@pytest.mark.parametrize(
    ("side", "contact", "strike"),
    [
        pytest.param(None, True, True, id="11.3-no-hexside"),
        pytest.param(RIVER, False, True, id="12.1.1-river-no-contact-may-strike"),
        pytest.param(CLIFF, False, False, id="11.7-cliff-neither"),
        pytest.param(TITAN_HEXSIDE_HAZARDS["Cliff"], False, False, id="11.7-titan-cliff-record"),
        pytest.param(SLOPE, True, True, id="11.7-slope-both"),
        pytest.param(DUNE, True, True, id="11.7-dune-both"),
        pytest.param(WALL, True, True, id="11.7-wall-both"),
    ],
)
def test_contact_and_striking_are_two_facts(side, contact, strike):
    assert in_contact_across(side) is contact
    assert may_strike_across(side) is strike


@pytest.mark.parametrize(
    ("striker", "target", "skill"),
    [
        pytest.param("Ogre", "Lion", -1, id="12.1.1-non-native-loses-skill"),
        pytest.param("Gargoyle", "Lion", -1, id="12.1.1-non-native-flier-loses-skill"),
        pytest.param("Behemoth", "Lion", 0, id="12.1.1-native-behemoth-does-not"),
        pytest.param("Water Elemental", "Ogre", 0, id="12.1.1-native-elemental-does-not"),
        pytest.param("Lion", "Behemoth", -1, id="12.1.1-at-a-native-still-loses"),
    ],
)
def test_striking_across_a_river_12_1_1(striker, target, skill):
    for up in (False, True):  # a River has no top: either way alike
        changes = strike_changes(character(striker), PLAIN, character(target), PLAIN, RIVER, up=up)
        assert changes == StrikeChanges(skill=skill)


def test_river_strike_terms_12_1_1():
    ogre, lion = character("Ogre"), character("Lion")
    terms = strike_changes(ogre, PLAIN, lion, PLAIN, RIVER).terms(ogre.power, ogre.skill, 3)
    assert (terms.dice, terms.strike_number) == (6, 6)  # skill 2-1 against 3: 4+3-1
    assert not terms.has_benefits


@pytest.mark.parametrize(
    ("name", "damage"),
    [
        pytest.param("Fire Elemental", 2, id="10.1-fire-elemental-two-crossing-a-river"),
        pytest.param("Ogre", 0, id="10.1-others-nothing"),
        pytest.param("Water Elemental", 0, id="10.1-water-elemental-nothing"),
    ],
)
def test_damage_crossing_a_river_10_1(name, damage):
    assert crossing_damage(character(name), RIVER) == damage
    assert crossing_damage(character(name), SLOPE) == 0
    assert crossing_damage(character(name), None) == 0


# --- 7.1 slowed twice ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "hazard", "side", "up", "cost"),
    [
        pytest.param("Centaur", "Bramble", "Slope", True, 3, id="7.1-up-a-slope-into-bramble"),
        pytest.param("Centaur", "Bramble", "Slope", False, 2, id="7.1-down-a-slope-once"),
        pytest.param("Centaur", "Sand", "Wall", True, 3, id="7.1-up-a-wall-into-sand"),
        pytest.param("Lion", "Sand", "Slope", True, 1, id="7.1-lion-native-to-both"),
        pytest.param("Ogre", "Drift", "Slope", True, 2, id="7.1-ogre-slope-native"),
        pytest.param("Troll", "Drift", "Slope", True, 2, id="7.1-troll-drift-native-slope-not"),
    ],
)
def test_slowed_twice_counts_three_7_1(name, hazard, side, up, cost):
    kind = character(name)
    assert entry_cost(kind, HEX_HAZARDS[hazard], HEXSIDE_HAZARDS[side], up=up) == cost


@pytest.mark.parametrize(
    ("spent", "cost", "skill", "allowed"),
    [
        pytest.param(0, 3, 2, True, id="7.1-skill-2-first-step-slowed-twice"),
        pytest.param(1, 3, 2, False, id="7.1-only-as-the-whole-move"),
        pytest.param(0, 2, 2, True, id="11.4-slowed-once-within-skill"),
        pytest.param(1, 2, 2, False, id="11.4-beyond-skill"),
        pytest.param(0, 3, 3, True, id="7.1-skill-3"),
        pytest.param(1, 3, 3, False, id="7.1-skill-3-after-a-step"),
        pytest.param(1, 3, 4, True, id="7.1-skill-4-after-a-step"),
    ],
)
def test_within_move_7_1(spent, cost, skill, allowed):
    assert within_move(spent, cost, skill) is allowed


# --- 12.2 and the charts' abilities ------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "hazard", "walk", "cost"),
    [
        pytest.param("Colossus", "Bog", True, 1, id="12.2-colossus-enters-bog"),
        pytest.param("Colossus", "Bramble", True, 1, id="12.2-colossus-not-slowed-by-bramble"),
        pytest.param("Colossus", "Sand", True, 2, id="12.2-colossus-sand-still-slows"),
        pytest.param("Lion", "Bog", False, None, id="11.7-bog-non-native-may-not"),
        pytest.param("Ogre", "Bramble", True, 2, id="11.7-bramble-slows-non-native"),
        pytest.param("Druid", "Tree", True, 1, id="9.2-druid-moves-in-trees-as-clear"),
        pytest.param("Ogre", "Tree", False, None, id="11.7-tree-nobody"),
        pytest.param("Fire Elemental", "Volcano", True, 1, id="10.1-fire-elemental-enters-volcano"),
        pytest.param("Salamander", "Volcano", True, 1, id="ruling-9.2-salamander-enters-volcano"),
        pytest.param("Ogre", "Volcano", False, None, id="11.7-volcano-non-native"),
        pytest.param("Ice Witch", "Drift", True, 1, id="9.2-ice-witch-drift-native"),
        pytest.param("Healer", "Plain", True, 1, id="9.2-healer"),
    ],
)
def test_abilities_that_change_movement(name, hazard, walk, cost):
    kind = character(name)
    assert may_walk_into(kind, HEX_HAZARDS[hazard]) is walk
    assert entry_cost(kind, HEX_HAZARDS[hazard]) == cost


def test_healer_native_to_slopes_9_2():
    healer, druid = character("Healer"), character("Druid")
    assert entry_cost(healer, PLAIN, SLOPE, up=True) == 1
    assert entry_cost(druid, PLAIN, SLOPE, up=True) == 2


def test_enemy_still_suffers_the_hazard_a_colossus_ignores_12_2():
    """12.2's examples: a Colossus striking a Bramble native in Bramble has no higher
    Strike-number, and a non-native striking out of Bramble at a Colossus loses a Skill-factor."""
    colossus, gorgon, ogre = character("Colossus"), character("Gorgon"), character("Ogre")
    assert strike_changes(colossus, PLAIN, gorgon, BRAMBLE) == StrikeChanges()
    assert strike_changes(ogre, PLAIN, gorgon, BRAMBLE) == StrikeChanges(strike_number=1)
    assert strike_changes(colossus, BRAMBLE, ogre, PLAIN) == StrikeChanges()
    assert strike_changes(ogre, BRAMBLE, colossus, PLAIN) == StrikeChanges(skill=-1)
    # not native: a Gorgon out of Bramble at a Colossus in Bramble keeps its skill, and
    # the Colossus gains no defence there
    assert strike_changes(gorgon, BRAMBLE, colossus, BRAMBLE) == StrikeChanges()


def test_a_volcano_enterer_is_not_a_native_9_2_10_1():
    """Entering is not being native: no Volcano dice from the hazard itself (its own are in
    engine.tactical.abilities)."""
    for name in ("Fire Elemental", "Salamander"):
        assert strike_changes(character(name), VOLCANO, character("Ogre"), PLAIN).dice == 0
    assert strike_changes(character("Dragon"), VOLCANO, character("Ogre"), PLAIN).dice == 2


@pytest.mark.parametrize(
    ("name", "damage"),
    [
        pytest.param("Ogre", 1, id="11.7-drift-non-native-one"),
        pytest.param("Troll", 0, id="11.7-drift-native-none"),
        pytest.param("Ice Witch", 0, id="9.2-ice-witch-native"),
        pytest.param("Gargoyle", 1, id="11.7-drift-flier-too"),
    ],
)
def test_drift_damage(name, damage):
    assert hazard_damage(character(name), DRIFT) == damage
    assert hazard_damage(character(name), PLAIN) == 0


def test_a_cliff_stops_walkers():
    assert entry_cost(character("Ogre"), PLAIN, CLIFF, up=True) is None
    assert entry_cost(character("Ogre"), PLAIN, CLIFF, up=False) is None
    assert entry_cost(character("Gargoyle"), PLAIN, CLIFF, flying=True) == 1


# --- TITAN's chart unchanged ---------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(TITAN_HEXSIDE_HAZARDS))
def test_titan_hexsides_kept_field_for_field(name):
    titan, tactical = TITAN_HEXSIDE_HAZARDS[name], HEXSIDE_HAZARDS[name]
    for f in fields(HexsideHazard):
        assert getattr(tactical, f.name) == getattr(titan, f.name), f.name
    assert tactical.strikes_across is not titan.breaks_contact
    assert isinstance(tactical, TacticalHexsideHazard)


def test_titan_hex_hazards_are_the_same_records():
    for name, hazard in TITAN_HEX_HAZARDS.items():
        assert HEX_HAZARDS[name] is hazard
    assert set(HEX_HAZARDS) == {*TITAN_HEX_HAZARDS, "Water"}
    assert set(HEXSIDE_HAZARDS) == {*TITAN_HEXSIDE_HAZARDS, "River"}


def _plain(name):
    """The TITAN character with none of the variant's abilities."""
    return replace(CHARACTERS[name], abilities=Abilities(), natives=TITAN_CHARACTERS[name].natives)


def _pairs():
    for terrain, land in sorted(BATTLELANDS.items()):
        for a in range(len(land.hazards)):
            for b in NEIGHBOURS[a]:
                yield terrain, land, a, b


@pytest.mark.parametrize("name", sorted(TITAN_CHARACTERS))
def test_movement_agrees_with_titan_on_every_battleland(name):
    """Without the variant's abilities, the records give TITAN's costs on every step of
    every Battleland; where TITAN counts a step slowed twice as two, 7.1 counts three."""
    titan, kind = TITAN_CHARACTERS[name], _plain(name)
    for terrain, land, a, b in _pairs():
        side = land.hexside(a, b)
        hazard = land.hazard(b)
        cost = entry_cost(kind, hazard, side and side.hazard, up=bool(side and side.going_up(b)))
        expected = step_cost(titan, land, a, b)
        if cost == SLOWED_TWICE:
            assert expected == 2, (terrain, a, b)
        else:
            assert cost == expected, (terrain, a, b)
        if titan.flies:
            assert entry_cost(kind, hazard, flying=True) == landing_cost(titan, land, b)
            assert may_fly_over(kind, hazard) is titan_may_fly_over(titan, land, b)


STRIKERS = ("Ogre", "Lion", "Dragon", "Gargoyle", "Troll", "Hydra", "Titan", "Colossus")


@pytest.mark.parametrize("striker", STRIKERS)
def test_strikes_agree_with_titan_on_every_battleland(striker):
    """Without the variant's abilities, ``strike_changes`` gives engine.strikes' dice and
    Strike-numbers for every strike between adjacent hexes of every Battleland."""
    titan, kind = TITAN_CHARACTERS[striker], _plain(striker)
    power = titan.power_at(0)
    for terrain, land, a, b in _pairs():
        side = land.hexside(a, b)
        hazard = side and side.hazard
        assert may_strike_across(hazard) is in_contact(land, a, b)
        assert in_contact_across(hazard) is in_contact(land, a, b)
        for name in STRIKERS:
            target = TITAN_CHARACTERS[name]
            expected = strike_terms(titan, power, a, target, b, land)
            if expected is None:
                continue
            changes = strike_changes(
                kind,
                land.hazard(a),
                _plain(name),
                land.hazard(b),
                hazard,
                up=bool(side and side.going_up(b)),
            )
            assert changes.terms(power, kind.skill, target.skill) == expected, (terrain, a, b)


# --- names, records, hexes -----------------------------------------------------------------------


def test_hazards_by_name_in_any_case():
    assert hex_hazard("water") is WATER
    assert hexside_hazard("RIVER") is RIVER
    with pytest.raises(UnknownName) as caught:
        hex_hazard("Watter")
    assert "Water" in caught.value.suggestions
    with pytest.raises(UnknownName):
        hexside_hazard("Rivers edge")


def test_hazard_records_as_dicts():
    river = hazard_to_dict(RIVER)
    assert river["kind"] == "hexside" and river["breaks_contact"] is True
    assert river["strikes_across"] is True and river["slows_crossing"] == "non_native_walkers"
    water = hazard_to_dict(WATER)
    assert water["kind"] == "hex" and water["may_land"] == "natives"


@pytest.mark.parametrize(
    ("hazard", "clear"),
    [
        pytest.param("Plain", True, id="2.1.2-no-hazard-clear"),
        pytest.param("Tower", True, id="ruling-2.1.2-walled-tower-hex-clear"),
        pytest.param("Bramble", False, id="2.1.2-bramble-not-clear"),
        pytest.param("Water", False, id="2.1.2-water-never-clear"),
    ],
)
def test_clear_hexes_2_1_2(hazard, clear):
    assert is_clear(hazard) is clear


def test_hex_facts_read_in_any_case():
    facts = HexFacts.from_dict(
        {"terrain": "mountains", "hazard": "plain", "hexsides": [{"hazard": "cliff", "top": True}]}
    )
    assert facts == HexFacts("Mountains", "Plain", (SideFact("Cliff", True),))
    assert facts.clear and facts.atop("Cliff") and not facts.atop("Slope")
    assert HexFacts.from_dict(facts.to_dict()) == facts
    assert HexFacts("Sea", "Water").has_side("River") is False


@pytest.mark.parametrize(
    ("data", "path"),
    [
        pytest.param({"terrain": "Moutains"}, "terrain", id="2.1.1-unknown-terrain"),
        pytest.param({"terrain": "Sea", "hazard": "Lava"}, "hazard", id="12.1-unknown-hazard"),
        pytest.param({"terrain": "Sea", "hexsides": [{"hazard": "Stream"}]},
                     "hexsides[0].hazard", id="12.1-unknown-hexside"),
    ],
)  # fmt: skip
def test_hex_facts_refuse_unknown_names(data, path):
    with pytest.raises(UnknownName) as caught:
        HexFacts.from_dict(data)
    assert caught.value.path == path
