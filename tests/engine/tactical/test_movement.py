"""Moving on a Tactical Titan map (7.0-7.3, 12.1; TITAN 11.2-11.7): hexes slowed twice (7.1),
teleportation (7.2), overstacking (7.3), the River's contact (12.1.1), Water (12.1.2) and the
Fire Elemental's River crossings (10.1), each built from the book's statement."""

from __future__ import annotations

import pytest

from engine.errors import Violations
from engine.tactical.actions import EndPhase, Move, Teleport
from engine.tactical.maneuver_phase import legal_moves
from engine.tactical.movement import TELEPORT_REACH, reachable, teleports
from engine.tactical.referee import apply, check
from engine.tactical.state import Deed, Phase
from tests.helpers.tactical_games import at, field_map, game, labels


def destinations(state, where):
    return labels(state, reachable(state, at(state, where)))


def codes(state, action):
    return [p.code for p in check(state, action)]


# --- 7.1 slowed twice ------------------------------------------------------------------------

# E5 -> E6 crosses a River (slows non-native walkers, 12.1.1) into Bramble (slows non-natives):
# slowed twice, the step counts three (7.1). Trees on either side make column E a corridor.
CORRIDOR = {h: "Tree" for c in "DF" for h in (f"{c}{r}" for r in range(2, 11))}
SLOWED_TWICE = field_map(hazards={**CORRIDOR, "E6": "Bramble"}, sides=[("E5", "E6", "River")])


@pytest.mark.parametrize(
    ("name", "start", "reaches", "not_reached"),
    [
        pytest.param("Centaur", "E5", {"E6", "E7"}, {"E8"},
                     id="7.1-counts-three-then-one-more-at-skill-4"),
        pytest.param("Ogre", "E5", {"E6"}, {"E7"},
                     id="7.1-skill-2-may-make-the-step-as-its-whole-move"),
        pytest.param("Ogre", "E4", {"E5"}, {"E6"}, id="7.1-not-after-another-hex"),
        pytest.param("Lion", "E5", {"E6"}, {"E7"}, id="7.1-skill-3-counts-three"),
        pytest.param("Lion", "E4", {"E5"}, {"E6"}, id="7.1-skill-3-not-after-another-hex"),
    ],
)  # fmt: skip
def test_slowed_twice_counts_three_7_1(name, start, reaches, not_reached):
    state = game(SLOWED_TWICE, [("Red", name, start)])
    found = destinations(state, start)
    assert reaches <= found
    assert not (not_reached & found)
    if "E6" in reaches:
        assert reachable(state, at(state, start))[state.map.parse("E6")].cost == 3


def test_a_flier_is_slowed_once_landing_in_bramble_7_1():
    """A flier crosses no hexside on the ground (TITAN 11.4): landing in the Bramble counts two."""
    state = game(SLOWED_TWICE, [("Red", "Griffon", "E5")])
    assert reachable(state, at(state, "E5"))[state.map.parse("E6")].cost == 2


def test_a_skill_2_character_with_a_step_behind_it_may_not_enter_7_1():
    state = game(SLOWED_TWICE, [("Red", "Ogre", "E4")])
    assert codes(state, Move(1, "E6")) == ["may_not_move_there"]
    assert codes(state, Move(1, "E6", ("E5", "E6"))) == ["bad_path"]


# --- 7.2 teleportation ------------------------------------------------------------------------


def test_lords_teleport_from_a_tower_hex_up_to_six_hexes_7_2():
    """7.2: 'to any other hex on the map up to six hexes away, providing that hex is not
    occupied by a character or a tree'."""
    m = field_map(hazards={"G4": "Tree"})
    state = game(m, [("Red", "Ogre", "F5"), ("Blue", "Troll", "H3")])
    titan = state.titan_of("Red")
    landings = teleports(state, titan)
    within = set(m.grid.within(titan.hex, TELEPORT_REACH)) - {titan.hex}
    occupied = {f.hex for f in state.figures}
    expected = within - occupied - {m.parse("G4")}
    assert set(landings) == expected
    assert max(m.distance(titan.hex, h) for h in landings) == TELEPORT_REACH
    assert all(m.distance(titan.hex, h) <= TELEPORT_REACH for h in landings)


def test_a_teleport_is_refused_by_name():
    m = field_map(hazards={"G4": "Tree", "H4": "Bog"})
    state = game(m, [("Red", "Ogre", "F5"), ("Red", "Ogre", "C2")])
    titan = state.titan_of("Red").id
    assert codes(state, Teleport(titan, "G4")) == ["may_not_teleport_there"]  # a tree
    assert codes(state, Teleport(titan, "H4")) == [
        "may_not_teleport_there"
    ]  # a Bog it may not enter
    assert codes(state, Teleport(titan, "F5")) == ["may_not_teleport_there"]  # occupied
    assert codes(state, Teleport(titan, "J3")) == ["may_not_teleport_there"]  # 7 hexes away
    assert codes(state, Teleport(2, "F3")) == ["may_not_teleport"]  # not a Lord
    assert check(state, Teleport(titan, "I3")) == []


def test_only_from_a_hex_in_a_tower_7_2():
    state = game(field_map(), [("Red", "Titan", "F6")])
    assert codes(state, Teleport(1, "F9")) == ["may_not_teleport"]
    assert not [a for a in legal_moves(state, at(state, "F6")) if isinstance(a, Teleport)]


def test_a_lord_locked_in_contact_does_not_teleport_11_3():
    state = game(field_map(), [("Red", "Titan", "C2"), ("Blue", "Troll", "C1")])
    assert codes(state, Teleport(1, "F6")) == ["may_not_teleport"]


def test_hazards_that_slow_walkers_slow_a_walking_lord_7_2():
    """A Bramble hex teleported into counts two for the Titan, one for a flying Angel; the
    teleport is one hex of the move and the Lord may go on (docs/rulings.md)."""
    m = field_map(hazards={"H3": "Bramble"})
    state = game(m, [("Red", "Angel", "C4")])
    titan, angel = state.titan_of("Red"), at(state, "C4")
    assert teleports(state, titan)[m.parse("H3")] == 2
    assert teleports(state, titan)[m.parse("H5")] == 1
    assert teleports(state, angel)[m.parse("H3")] == 1
    two_on = Teleport(titan.id, "H3", "J3")  # Bramble (2) and two more (4)
    three_on = Teleport(titan.id, "H3", "K3")
    assert check(state, two_on) == []
    assert codes(state, three_on) == ["may_not_go_on_there"]
    assert check(state, Teleport(titan.id, "H5", "K5")) == []  # 1 + 3
    after = apply(state, two_on)
    assert after.titan_of("Red").hex == m.parse("J3")
    assert Deed.MOVED in after.titan_of("Red").did
    assert codes(after, Move(titan.id, "J4")) == ["may_not_move"]  # once a phase (11.0)


def test_legal_teleports_list_each_reachable_hex_once_7_2():
    state = game(field_map(), [])
    titan = state.titan_of("Red")
    found = [a for a in legal_moves(state, titan) if isinstance(a, Teleport)]
    finals = [a.then or a.to for a in found]
    assert len(finals) == len(set(finals))
    far = [a for a in found if a.then is not None]
    assert far and all(state.map.distance(titan.hex, state.map.parse(a.then)) > 6 for a in far)
    assert all(check(state, a) == [] for a in found)


# --- 7.3 overstacking -------------------------------------------------------------------------

STACKS = field_map(hazards={"G6": "Bramble", "G8": "Bog"})


@pytest.mark.parametrize(
    ("pieces", "mover", "to", "allowed"),
    [
        pytest.param([("Red", "Ranger", "E6"), ("Red", "Ogre", "F6")], "E6", "F6", True,
                     id="7.3-ranger-joins-a-friend-in-a-clear-hex"),
        pytest.param([("Red", "Ogre", "E6"), ("Red", "Ranger", "F6")], "E6", "F6", True,
                     id="7.3-a-friend-joins-a-ranger"),
        pytest.param([("Red", "Ranger", "F7"), ("Red", "Gargoyle", "G6")], "F7", "G6", False,
                     id="7.3-not-in-bramble"),
        pytest.param([("Red", "Ranger", "F8"), ("Red", "Troll", "G8")], "F8", "G8", True,
                     id="7.3-in-bog"),
        pytest.param([("Red", "Ranger", "E6"), ("Blue", "Ogre", "F6")], "E6", "F6", False,
                     id="11.5-never-with-an-enemy"),
        pytest.param([("Red", "Ogre", "E6"), ("Red", "Ogre", "F6")], "E6", "F6", False,
                     id="11.5-no-overstacker-no-sharing"),
        pytest.param([("Red", "Ranger", "E6"), ("Red", "Ranger", "F6"), ("Red", "Ogre", "F6")],
                     "E6", "F6", False, id="7.3-never-three"),
    ],
)  # fmt: skip
def test_overstacking_7_3(pieces, mover, to, allowed):
    state = game(STACKS, pieces)
    assert (to in destinations(state, mover)) is allowed
    if allowed:
        after = apply(state, Move(at(state, mover).id, to))
        assert len(after.at(after.map.parse(to))) == 2


def test_a_walker_passes_through_a_friend_it_may_overstack_with_7_3():
    """docs/rulings.md: 7.3 lets it enter the hex, so it may walk on through it."""
    walled_in = field_map(hazards={h: "Tree" for h in ("F4", "F5", "E4", "D4", "D5")})
    state = game(walled_in, [("Red", "Ranger", "E5"), ("Red", "Ogre", "E6")])
    assert {"E6", "E7", "E8"} <= destinations(state, "E5")
    lone = game(walled_in, [("Red", "Centaur", "E5"), ("Red", "Ogre", "E6")])
    assert destinations(lone, "E5") == set()


# --- TITAN 11.3 and the River's contact (12.1.1) ---------------------------------------------


def test_locked_in_contact_may_not_move_11_3():
    state = game(field_map(), [("Red", "Ogre", "E5"), ("Blue", "Troll", "E6")])
    assert destinations(state, "E5") and codes(state, Move(1, "E4")) == ["may_not_move"]
    assert legal_moves(state, at(state, "E5")) == []


def test_across_a_river_not_locked_in_contact_12_1_1():
    """12.1.1: 'Adjacent characters separated by a river hex side are not locked in contact':
    each may move away."""
    m = field_map(sides=[("E5", "E6", "River")])
    state = game(m, [("Red", "Ogre", "E5"), ("Blue", "Troll", "E6")])
    assert check(state, Move(1, "E4")) == []


def test_passing_beside_enemies_11_3():
    """11.3: moving through hexes beside enemies is not contact."""
    state = game(field_map(), [("Red", "Centaur", "E3"), ("Blue", "Troll", "F5")])
    assert "E7" in destinations(state, "E3")  # by E4, E5, E6: beside the Troll


@pytest.mark.parametrize(
    ("name", "reaches"),
    [
        pytest.param("Ogre", {"E6"}, id="12.1.1-slows-non-native-walkers"),
        pytest.param("Behemoth", {"E6", "E7"}, id="12.1.1-natives-not-slowed"),
        pytest.param("Gargoyle", {"E6", "E7"}, id="12.1.1-fliers-not-slowed"),
    ],
)
def test_river_slows_crossing_12_1_1(name, reaches):
    m = field_map(sides=[("E5", "E6", "River")])
    state = game(m, [("Red", name, "E5")])
    found = destinations(state, "E5")
    assert reaches <= found
    assert ("E7" in found) is ("E7" in reaches)


# --- Water (12.1.2) ------------------------------------------------------------------------

WATERS = [f"F{r}" for r in range(1, 13)]  # column F, from edge to edge
SEA = field_map(hazards={h: "Water" for h in WATERS}, terrains={h: "Sea" for h in WATERS})


@pytest.mark.parametrize(
    ("name", "start", "lands_in_water", "crosses"),
    [
        pytest.param("Centaur", "E6", False, False, id="12.1.2-walkers-stay-out"),
        pytest.param("Serpent", "E6", True, True, id="12.1.2-natives-enter"),
        pytest.param("Griffon", "E6", False, True, id="12.1.2-fliers-cross-not-land"),
        pytest.param("Kraken", "F6", True, False, id="9.2-kraken-only-in-water"),
    ],
)  # fmt: skip
def test_water_12_1_2(name, start, lands_in_water, crosses):
    state = game(SEA, [("Red", name, start)])
    found = destinations(state, start)
    assert (bool({"F5", "F6", "F7"} & found)) is lands_in_water
    assert ("G6" in found) is crosses  # beyond the Water


# --- 10.1 the Fire Elemental's crossings -------------------------------------------------------

RIVERBANK = field_map(sides=[("E5", "E6", "River"), ("E5", "F5", "River")])


def test_fire_elemental_takes_two_crossing_a_river_10_1():
    state = game(RIVERBANK, [("Red", "Fire Elemental", "E5")])
    after = apply(state, Move(1, "E6", ("E6",)))
    assert after.figure(1).damage == 2
    hemmed = game(field_map(hazards=CORRIDOR, sides=[("E5", "E6", "River")]),
                  [("Red", "Fire Elemental", "E5")])  # fmt: skip
    way = reachable(hemmed, at(hemmed, "E5"))[hemmed.map.parse("E6")]
    assert (way.damage, way.cost) == (2, 2)  # slowed crossing it too (12.1.1)
    assert apply(hemmed, Move(1, "E6")).figure(1).damage == 2


def test_the_least_hurtful_way_unless_a_path_is_given_10_1():
    """F6 lies beyond either River; it is reached dry the long way round, and that way is
    taken."""
    state = game(RIVERBANK, [("Red", "Fire Elemental", "E5")])
    ways = reachable(state, at(state, "E5"))
    f6 = state.map.parse("F6")
    assert ways[f6].damage == 0
    assert apply(state, Move(1, "F6")).figure(1).damage == 0
    wet = apply(state, Move(1, "F6", ("E6", "F6")))
    assert wet.figure(1).damage == 2
    assert codes(state, Move(1, "F6", ("E6", "E7"))) == ["path_elsewhere"]
    assert codes(state, Move(1, "F6", ("E6", "G6", "F6"))) == ["bad_path"]


def test_a_fire_elemental_slain_crossing_is_removed_at_once():
    """docs/rulings.md: it goes to the muster pile (a Demi-Lord, 8.0); nobody scores it."""
    state = game(RIVERBANK, [("Red", "Fire Elemental", "E5", 7)])
    pile = state.muster_pile["Fire Elemental"]
    after = apply(state, Move(1, "E6", ("E6",)))
    assert after.figure(1) is None
    assert after.muster_pile["Fire Elemental"] == pile + 1
    assert [p.score for p in after.players] == [0, 0]


# --- the phase --------------------------------------------------------------------------------


def test_only_the_active_players_characters_move_in_its_maneuver_phase_11_0():
    state = game(field_map(), [("Red", "Ogre", "E5"), ("Blue", "Troll", "J5")])
    assert codes(state, Move(2, "J6")) == ["not_the_active_players"]
    healing = game(field_map(), [("Red", "Ogre", "E5")], phase=Phase.HEALING)
    assert codes(healing, Move(1, "E6")) == ["wrong_phase"]
    after = apply(state, Move(1, "E6"))
    assert codes(after, Move(1, "E7")) == ["may_not_move"]
    with pytest.raises(Violations):
        apply(after, Move(1, "E7"))
    assert apply(after, EndPhase()).phase is Phase.STRIKE
