"""Movement and contact (11.1-11.7 and the hazard chart's movement lines), on each Battleland."""

from __future__ import annotations

import pytest

from engine.battlelands import battleland
from engine.characters import character
from engine.hexes import NEIGHBOURS, distance, hex_name, parse_hex
from engine.movement import (
    engaged,
    in_contact,
    landing_cost,
    legal_moves,
    may_fly_over,
    step_cost,
)
from engine.position import Army, BattlePosition, Figure, Phase, Side


def labels(hexes) -> set[str]:
    return {hex_name(h) for h in hexes}


def position(
    terrain: str,
    attacker: list[tuple[str, str | None]] = (),
    defender: list[tuple[str, str | None]] = (),
    *,
    turn: int = 2,
    active: Side = Side.ATTACKER,
    entry_side: int = 1,
    phase: Phase = Phase.MANEUVER,
) -> BattlePosition:
    def army(chars):
        return Army(0, tuple(Figure(n, None if h is None else parse_hex(h)) for n, h in chars))

    return BattlePosition(
        terrain,
        entry_side=entry_side,
        turn=turn,
        phase=phase,
        active=active,
        attacker=army(attacker),
        defender=army(defender),
    )


# --- step_cost: one row per hazard on each land where it stands -------------------

STEP_COSTS = [
    # (rule, terrain, character, from, to, cost)
    ("11.2-plain", "Plains", "Ogre", "D3", "D4", 1),
    ("11.4-bramble-slows-non-native-Brush", "Brush", "Ogre", "B1", "B2", 2),
    ("11.4-bramble-native-not-slowed-Brush", "Brush", "Behemoth", "B1", "B2", 1),
    ("11.4-bramble-slows-non-native-Jungle", "Jungle", "Troll", "B3", "C3", 2),
    ("11.4-bramble-native-not-slowed-Jungle", "Jungle", "Cyclops", "B3", "C3", 1),
    ("11.4-drift-slows-non-native-Tundra", "Tundra", "Ogre", "C1", "C2", 2),
    ("11.4-drift-native-not-slowed-Tundra", "Tundra", "Warbear", "C1", "C2", 1),
    ("11.4-sand-slows-non-native-Desert", "Desert", "Ogre", "B1", "A1", 2),
    ("11.4-sand-native-not-slowed-Desert", "Desert", "Lion", "B1", "A1", 1),
    ("11.4-sand-slows-a-flier-on-foot-Desert", "Desert", "Wyvern", "B1", "A1", 2),
    ("11.7-dune-no-effect-down-Desert", "Desert", "Ogre", "D1", "D2", 1),
    ("11.7-dune-no-effect-up-is-the-sand-Desert", "Desert", "Ogre", "D2", "D1", 2),
    ("11.7-dune-no-effect-native-Desert", "Desert", "Lion", "D2", "D1", 1),
    ("11.7-cliff-up-forbidden-Desert", "Desert", "Lion", "E2", "E1", None),
    ("11.7-cliff-down-forbidden-Desert", "Desert", "Lion", "E1", "E2", None),
    ("11.7-slope-up-slows-non-native-Mountains", "Mountains", "Troll", "B2", "B1", 2),
    ("11.7-slope-up-native-not-slowed-Mountains", "Mountains", "Ogre", "B2", "B1", 1),
    ("11.4-slope-down-not-slowed-Mountains", "Mountains", "Troll", "B1", "B2", 1),
    ("11.7-cliff-forbidden-Mountains", "Mountains", "Troll", "C2", "B1", None),
    ("11.7-cliff-forbidden-down-Mountains", "Mountains", "Troll", "B1", "C2", None),
    ("11.4-volcano-forbidden-Mountains", "Mountains", "Colossus", "D5", "D4", None),
    ("11.4-volcano-dragon-up-slope-native-Mountains", "Mountains", "Dragon", "D5", "D4", 1),
    ("11.7-slope-up-slows-non-native-Hills", "Hills", "Troll", "D3", "D2", 2),
    ("11.7-slope-up-native-not-slowed-Hills", "Hills", "Minotaur", "D3", "D2", 1),
    ("11.7-tree-forbidden-Hills", "Hills", "Ogre", "B2", "C2", None),
    ("11.7-tree-forbidden-Woods", "Woods", "Ogre", "B3", "C3", None),
    ("11.7-tree-forbidden-Jungle", "Jungle", "Cyclops", "D4", "D3", None),
    ("11.7-tree-forbidden-Swamp", "Swamp", "Troll", "C3", "C2", None),
    ("11.7-bog-forbidden-non-native-Marsh", "Marsh", "Centaur", "B3", "C3", None),
    ("11.7-bog-native-Marsh", "Marsh", "Troll", "B3", "C3", 1),
    ("11.7-bog-forbidden-non-native-Swamp", "Swamp", "Lion", "B1", "B2", None),
    ("11.7-bog-native-Swamp", "Swamp", "Ogre", "B1", "B2", 1),
    ("11.7-wall-up-slows-everyone-Tower", "Tower", "Ogre", "C2", "C3", 2),
    ("11.7-wall-down-not-slowed-Tower", "Tower", "Ogre", "C3", "C2", 1),
    ("11.7-inner-wall-up-slows-Tower", "Tower", "Colossus", "D3", "D4", 2),
    ("11.1-entering-crosses-no-hexside-Tower", "Tower", "Ogre", None, "C3", 1),
    ("11.1-entering-a-slowing-hex-Tundra", "Tundra", "Ogre", None, "E1", 2),
]


@pytest.mark.parametrize(
    ("terrain", "name", "frm", "to", "cost"),
    [pytest.param(*row[1:], id=row[0]) for row in STEP_COSTS],
)
def test_step_cost(terrain, name, frm, to, cost):
    frm_hex = None if frm is None else parse_hex(frm)
    if frm_hex is not None:
        assert parse_hex(to) in NEIGHBOURS[frm_hex]
    assert step_cost(character(name), battleland(terrain), frm_hex, parse_hex(to)) == cost


@pytest.mark.parametrize(
    ("terrain", "hazard", "non_native", "native"),
    [
        pytest.param("Brush", "Bramble", "Ogre", "Gargoyle", id="11.4-every-bramble-Brush"),
        pytest.param("Jungle", "Bramble", "Lion", "Serpent", id="11.4-every-bramble-Jungle"),
        pytest.param("Tundra", "Drift", "Lion", "Giant", id="11.4-every-drift-Tundra"),
        pytest.param("Desert", "Sand", "Troll", "Hydra", id="11.4-every-sand-Desert"),
    ],
)
def test_every_slowing_hex_of_a_land(terrain, hazard, non_native, native):
    """11.4: each hex of the hazard costs a non-native two, a native one, from any side
    that has no hexside hazard."""
    land = battleland(terrain)
    hexes = [h for h in range(27) if land.hazard(h).name == hazard]
    assert hexes
    for to in hexes:
        for frm in NEIGHBOURS[to]:
            if land.hexside(frm, to) is None:
                assert step_cost(character(non_native), land, frm, to) == 2, hex_name(to)
                assert step_cost(character(native), land, frm, to) == 1, hex_name(to)


# --- fliers ----------------------------------------------------------------------

LANDINGS = [
    ("11.4-flier-slowed-landing-bramble-Brush", "Brush", "Griffon", "B2", 2),
    ("11.4-native-flier-bramble-Jungle", "Jungle", "Gargoyle", "C3", 1),
    ("11.4-flier-slowed-landing-drift-Tundra", "Tundra", "Griffon", "C2", 2),
    ("11.4-sand-does-not-slow-fliers-Desert", "Desert", "Wyvern", "A1", 1),
    ("11.5-tree-no-landing-Woods", "Woods", "Griffon", "C3", None),
    ("11.5-tree-no-landing-Hills", "Hills", "Dragon", "C2", None),
    ("11.5-tree-no-landing-Jungle", "Jungle", "Gargoyle", "D3", None),
    ("11.5-tree-no-landing-Swamp", "Swamp", "Wyvern", "C2", None),
    ("11.5-bog-no-landing-non-native-Marsh", "Marsh", "Griffon", "C3", None),
    ("11.5-bog-native-flier-lands-Marsh", "Marsh", "Wyvern", "C3", 1),
    ("11.5-bog-no-landing-non-native-Swamp", "Swamp", "Angel", "B2", None),
    ("11.4-volcano-no-landing-Mountains", "Mountains", "Griffon", "D4", None),
    ("11.4-volcano-dragon-lands-Mountains", "Mountains", "Dragon", "D4", 1),
    ("11.4-wall-ignored-by-fliers-Tower", "Tower", "Angel", "D4", 1),
]


@pytest.mark.parametrize(
    ("terrain", "name", "hex_", "cost"),
    [pytest.param(*row[1:], id=row[0]) for row in LANDINGS],
)
def test_landing_cost(terrain, name, hex_, cost):
    assert landing_cost(character(name), battleland(terrain), parse_hex(hex_)) == cost


@pytest.mark.parametrize(
    ("terrain", "name", "hex_", "allowed"),
    [
        pytest.param("Mountains", "Griffon", "D4", False, id="11.4-volcano-only-dragons"),
        pytest.param("Mountains", "Dragon", "D4", True, id="11.4-dragon-crosses-volcano"),
        pytest.param("Woods", "Griffon", "C3", True, id="11.4-flier-crosses-tree"),
        pytest.param("Marsh", "Griffon", "C3", True, id="11.4-flier-crosses-bog"),
        pytest.param("Tundra", "Angel", "C2", True, id="11.4-flier-crosses-drift"),
    ],
)
def test_may_fly_over(terrain, name, hex_, allowed):
    assert may_fly_over(character(name), battleland(terrain), parse_hex(hex_)) is allowed


# --- contact (11.3) ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("terrain", "a", "b", "contact"),
    [
        pytest.param("Plains", "D3", "D4", True, id="11.3-adjacent"),
        pytest.param("Plains", "D3", "D5", False, id="11.3-not-adjacent"),
        pytest.param("Desert", "E1", "E2", False, id="11.7-cliff-breaks-contact-Desert"),
        pytest.param("Mountains", "C2", "B1", False, id="11.7-cliff-breaks-contact-Mountains"),
        pytest.param("Desert", "D1", "D2", True, id="11.7-dune-keeps-contact"),
        pytest.param("Mountains", "B2", "B1", True, id="11.7-slope-keeps-contact"),
        pytest.param("Tower", "C3", "C2", True, id="11.7-wall-keeps-contact"),
    ],
)
def test_in_contact(terrain, a, b, contact):
    land = battleland(terrain)
    assert in_contact(land, parse_hex(a), parse_hex(b)) is contact
    assert in_contact(land, parse_hex(b), parse_hex(a)) is contact


def test_engaged_11_3():
    p = position("Desert", [("Ogre", "E2"), ("Troll", "D3")], [("Lion", "E1"), ("Hydra", "C3")])
    assert not engaged(p, (Side.ATTACKER, 0))  # across the Cliff
    assert not engaged(p, (Side.DEFENDER, 0))
    assert engaged(p, (Side.ATTACKER, 1))  # D3-C3: no hexside hazard
    assert engaged(p, (Side.DEFENDER, 1))


# --- legal_moves ------------------------------------------------------------------


def test_walker_reach_plains_11_2():
    """11.2: up to the Skill-factor in hexes; its own hex is not a move."""
    p = position("Plains", [("Ogre", "D3")])
    assert labels(legal_moves(p, (Side.ATTACKER, 0))) == labels(
        h for h in range(27) if 0 < distance(h, parse_hex("D3")) <= 2
    )


def test_contact_locks_11_3():
    p = position("Plains", [("Ogre", "D3")], [("Troll", "D4")])
    assert legal_moves(p, (Side.ATTACKER, 0)) == frozenset()


def test_contact_across_cliff_does_not_lock_11_7():
    p = position("Desert", [("Ogre", "E2")], [("Lion", "E1")])
    assert legal_moves(p, (Side.ATTACKER, 0))


def test_walker_cannot_enter_or_pass_occupied_11_5():
    # Cyclops (skill 2) on Plains at F2: D-column beyond E2 only through E2 or E3
    p = position("Plains", [("Cyclops", "F2"), ("Ogre", "E2")], [])
    moves = labels(legal_moves(p, (Side.ATTACKER, 0)))
    assert "E2" not in moves
    assert "D2" not in moves  # only reachable in 2 through E2
    assert "D3" in moves  # through E3


def test_flier_passes_over_occupied_but_does_not_land_11_5():
    p = position("Plains", [("Angel", "F2"), ("Ogre", "E2"), ("Troll", "E3")], [])
    moves = labels(legal_moves(p, (Side.ATTACKER, 0)))
    assert "E2" not in moves and "E3" not in moves
    assert "C2" in moves  # 3 hexes on, over E2 and D2


def test_slowing_hex_needs_the_allowance_11_4():
    """Tundra: an Ogre (skill 2) enters Drift C2 as its first step, not as its second."""
    land_pos = position("Tundra", [("Ogre", "C1")])
    assert "C2" in labels(legal_moves(land_pos, (Side.ATTACKER, 0)))
    p = position("Tundra", [("Ogre", "B1")])
    moves = labels(legal_moves(p, (Side.ATTACKER, 0)))
    assert "C2" in moves  # B1-C2 adjacent: one step, cost 2
    p = position("Tundra", [("Ogre", "A1")])
    assert "C2" not in labels(legal_moves(p, (Side.ATTACKER, 0)))  # A1-B1/B2-C2: 1 + 2 > 2


def test_cliff_forces_a_detour_11_7():
    """Desert: E2-E1 is a Cliff; an Ogre (skill 2) cannot reach the Sand at E1 around it, a
    Lion (skill 3, native to Sand) can by D2."""
    ogre = position("Desert", [("Ogre", "E2")])
    assert "E1" not in labels(legal_moves(ogre, (Side.ATTACKER, 0)))
    lion = position("Desert", [("Lion", "E2")])
    assert "E1" in labels(legal_moves(lion, (Side.ATTACKER, 0)))
    griffon = position("Desert", [("Griffon", "E2")])
    assert "E1" in labels(legal_moves(griffon, (Side.ATTACKER, 0)))  # fliers cross Cliffs


def test_flier_slowed_landing_at_the_limit_11_4():
    """Tundra: a Griffon (skill 4) lands on Drift 4 hexes away only if that were 5: it may not."""
    p = position("Tundra", [("Griffon", "F1")])
    moves = labels(legal_moves(p, (Side.ATTACKER, 0)))
    land = battleland("Tundra")
    for h in range(27):
        d = distance(parse_hex("F1"), h)
        drift = land.hazard(h).name == "Drift"
        if 0 < d <= 3 or (d == 4 and not drift):
            assert hex_name(h) in moves
        else:
            assert hex_name(h) not in moves


def test_volcano_blocks_flight_of_non_dragons_11_4():
    """Mountains: D4 is the Volcano; a Griffon at D5 going to D3 must fly around it."""
    griffon = position("Mountains", [("Gargoyle", "D5")])  # skill 3
    moves = labels(legal_moves(griffon, (Side.ATTACKER, 0)))
    assert "D4" not in moves
    assert "D2" not in moves  # straight over the Volcano would be 3; around it is 4
    dragon = position("Mountains", [("Dragon", "D5")])
    dmoves = labels(legal_moves(dragon, (Side.ATTACKER, 0)))
    assert {"D4", "D2"} <= dmoves


def test_entering_counts_the_entry_hex_11_1():
    """Plains side 1: the attacker's edge is F1-F4; an Ogre (skill 2) reaches the E column."""
    p = position("Plains", [("Ogre", None)], turn=1)
    assert labels(legal_moves(p, (Side.ATTACKER, 0))) == {
        "F1", "F2", "F3", "F4", "E1", "E2", "E3", "E4", "E5",
    }  # fmt: skip


def test_wall_going_up_counts_two_tower_11_7():
    """Tower: an Ogre (skill 2) at C2 climbs a Wall into C3 or D3 (2) and no further; from
    inside it steps down through the outer Wall freely."""
    p = position("Tower", [("Ogre", "C2")], entry_side=5)
    moves = labels(legal_moves(p, (Side.ATTACKER, 0)))
    assert {"C3", "D3"} <= moves
    assert not moves & {"D4", "C4", "E3"}  # a second hex beyond a Wall
    inside = position("Tower", [("Ogre", "C3")], entry_side=5)
    assert {"C2", "B2", "C1"} <= labels(legal_moves(inside, (Side.ATTACKER, 0)))


def test_slope_going_up_hills_11_7():
    """Hills: D2 sits atop Slopes; a Troll (skill 2) at D3 reaches it and stops, an Ogre
    (native to Slope) goes on beyond it."""
    troll = position("Hills", [("Troll", "D3")])
    tmoves = labels(legal_moves(troll, (Side.ATTACKER, 0)))
    assert "D2" in tmoves and "D1" not in tmoves
    ogre = position("Hills", [("Ogre", "D3")])
    assert {"D2", "D1"} <= labels(legal_moves(ogre, (Side.ATTACKER, 0)))


def test_bog_open_to_natives_only_marsh_11_7():
    """Marsh: C3 and C2 are Bog; a Troll walks through them, a Centaur goes around."""
    troll = position("Marsh", [("Troll", "D3")])
    assert {"C3", "C2", "B2"} <= labels(legal_moves(troll, (Side.ATTACKER, 0)))
    centaur = position("Marsh", [("Centaur", "D3")])
    cmoves = labels(legal_moves(centaur, (Side.ATTACKER, 0)))
    assert not cmoves & {"C3", "C2", "A3", "D5", "E1", "E3"}
