"""The Strike Phase on a Tactical Titan map (8.0, 8.1; TITAN 12.0-13.5): the active player strikes
first, carry-over (TITAN 12.4) and overstacked hexes (8.1), striking across a River (12.1.1),
rangestrikes, each built from the book's statements."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from engine.battlelands import BATTLELANDS
from engine.characters import CHARACTERS as TITAN_CHARACTERS
from engine.errors import Violations
from engine.hexes import HEXES, hex_name
from engine.rangestrikes import line_ways
from engine.tactical.actions import EndPhase, Rangestrike, Strike
from engine.tactical.maps import Map, MapHex, MapHexside, Region
from engine.tactical.mosaic import BATTLELAND_POINTS
from engine.tactical.referee import apply, check, legal_actions, roll
from engine.tactical.state import Phase
from engine.tactical.strike_phase import carry_recipients, legal_strikes
from engine.tactical.strikes import strike_terms
from tests.helpers.tactical_games import at, field_map, game

STRIKE = Phase.STRIKE


def codes(state, action):
    return [p.code for p in check(state, action)]


# --- TITAN 12.4: the Ogre, the Lion and the Centaur ------------------------------------------


def ogre_lion_centaur():
    """12.4's example: an Ogre beside a Lion with three hits (5 to hit) and a Centaur (6)."""
    return game(
        field_map(),
        [("Red", "Ogre", "E5"), ("Blue", "Lion", "E6", 3), ("Blue", "Centaur", "F5")],
        phase=STRIKE,
    )


def test_strike_numbers_of_the_example_12_4():
    state = ogre_lion_centaur()
    ogre, lion, centaur = (at(state, h) for h in ("E5", "E6", "F5"))
    assert strike_terms(state, ogre, lion).strike_number == 5
    assert strike_terms(state, ogre, centaur).strike_number == 6


def test_the_sixes_of_a_strike_at_5_do_not_reach_the_centaur_12_4():
    state = ogre_lion_centaur()
    at_five = Strike(1, 2, dice=(6, 6, 6, 5, 1, 1), carry_to=(3,))
    assert codes(state, at_five) == ["may_not_carry_to_it"]
    after = apply(state, replace(at_five, carry_to=()))
    assert after.figure(2).damage == 5 and after.slain(after.figure(2))
    assert after.figure(3).damage == 0


def test_declaring_6_carries_the_extra_sixes_to_the_centaur_12_4():
    state = ogre_lion_centaur()
    at_six = Strike(1, 2, strike_number=6, dice=(6, 6, 6, 5, 5, 1), carry_to=(3,))
    assert check(state, at_six) == []
    after = apply(state, at_six)
    assert (after.figure(2).damage, after.figure(3).damage) == (5, 1)  # 5s no longer hit
    assert after.figure(2).slain_by == "Red"


def test_legal_strikes_offer_the_number_that_carries_12_4():
    state = ogre_lion_centaur()
    found = legal_strikes(state, at(state, "E5"))
    assert Strike(1, 2) in found and Strike(1, 3) in found
    assert Strike(1, 2, 6) in found
    assert carry_recipients(state, Strike(1, 2, 6)) == [at(state, "F5")]
    assert carry_recipients(state, Strike(1, 2)) == []


# --- 8.1 overstacked hexes ---------------------------------------------------------------------


def overstacked(**kw):
    """A Red Titan (skill 4) beside a Lion (3 to hit) and an overstacked hex: a Ranger (4) and
    an Ogre (2) in the clear hex F5 (7.3)."""
    pieces = [
        ("Red", "Titan", "E5"),
        ("Blue", "Lion", "E6", kw.get("lion", 0)),
        ("Blue", "Ranger", "F5", kw.get("ranger", 0)),
        ("Blue", "Ogre", "F5", kw.get("ogre", 0)),
    ]
    return game(field_map(), pieces, phase=STRIKE)


def test_the_defender_declares_which_of_the_two_is_struck_8_1():
    state = overstacked()
    found = legal_strikes(state, at(state, "E5"))
    assert {Strike(1, 3), Strike(1, 4)} <= set(found)  # either of the hex, as its player says
    assert strike_terms(state, state.figure(1), state.figure(3)).strike_number == 4
    assert strike_terms(state, state.figure(1), state.figure(4)).strike_number == 2


@pytest.mark.parametrize(
    ("declared", "carry_to", "ok"),
    [
        pytest.param(3, 4, False, id="8.1-both-in-the-hex-must-be-hit-at-3"),
        pytest.param(4, 4, True, id="8.1-at-4-both-may-be-hit"),
        pytest.param(3, 3, False, id="12.4-the-ranger-needs-4"),
        pytest.param(4, 3, True, id="8.1-the-defender-names-which-takes-it"),
    ],
)
def test_carrying_into_an_overstacked_hex_8_1(declared, carry_to, ok):
    state = overstacked(lion=4)
    strike = Strike(1, 2, declared, dice=(6, 6, 6, 1, 1, 1), carry_to=(carry_to,))
    assert (check(state, strike) == []) is ok
    if ok:
        after = apply(state, strike)
        assert after.figure(2).damage == 5 and after.figure(carry_to).damage == 2


def test_a_slain_character_leaves_the_hex_no_longer_overstacked_8_1():
    state = overstacked(lion=4, ranger=4)  # the Ranger is slain already this phase
    state = state.with_figure(replace(state.figure(3), slain_by="Red"))
    assert check(state, Strike(1, 2, 3, dice=(6, 6, 1, 1, 1, 1), carry_to=(4,))) == []


def test_carrying_to_the_second_character_of_the_hex_8_1():
    state = overstacked(ogre=2)  # four more hits slay the Ogre
    assert codes(state, Strike(1, 4, 2, dice=(6,) * 6, carry_to=(3,))) == ["may_not_carry_to_it"]
    after = apply(state, Strike(1, 4, 4, dice=(6, 6, 6, 6, 6, 1), carry_to=(3,)))
    assert (after.figure(4).damage, after.figure(3).damage) == (6, 1)
    chained = apply(state, Strike(1, 4, 4, dice=(6,) * 6, carry_to=(3, 2)))
    assert (chained.figure(3).damage, chained.figure(2).damage) == (2, 0)  # none left


def test_every_hex_carried_to_is_judged_even_when_nothing_is_left_12_4():
    state = overstacked()
    assert codes(state, Strike(1, 4, 2, dice=(1,) * 6, carry_to=(3,))) == ["may_not_carry_to_it"]


def test_a_lord_guards_its_overstacked_hex_from_rangestrikes_8_1():
    """8.1, 13.5: a hex with a Lord in it is no target of a rangestrike by one that may not
    rangestrike a Lord; a Warlock's may."""
    m = field_map()
    pieces = [("Red", "Ranger", "E3"), ("Red", "Warlock", "G4"),
              ("Blue", "Angel", "E6"), ("Blue", "Ranger", "E6")]  # fmt: skip
    state = game(m, pieces, phase=STRIKE)
    assert codes(state, Rangestrike(1, 4)) == ["may_not_rangestrike_it"]
    assert check(state, Rangestrike(2, 4)) == []
    assert check(state, Rangestrike(2, 3)) == []


# --- 12.1.1 striking across a River ----------------------------------------------------------


def across(side_hazard=None, red="Ogre"):
    sides = [] if side_hazard is None else [("E5", "E6", side_hazard)]
    return game(field_map(sides=sides), [("Red", red, "E5"), ("Blue", "Troll", "E6")],
                phase=STRIKE)  # fmt: skip


def test_characters_across_a_river_may_strike_each_other_12_1_1():
    state = across("River")
    ogre, troll = state.figure(1), state.figure(2)
    assert strike_terms(state, ogre, troll).strike_number == 5  # a Skill-factor lost (2-1 vs 2)
    assert strike_terms(across(), ogre, troll).strike_number == 4
    behemoth, dry = across("River", "Behemoth"), across(None, "Behemoth")
    native = strike_terms(behemoth, behemoth.figure(1), troll).strike_number
    assert native == strike_terms(dry, dry.figure(1), troll).strike_number == 3  # no loss
    assert Strike(1, 2) in legal_strikes(state, ogre)


def test_across_a_river_they_need_not_strike_12_1_1():
    """Not locked in contact (12.1.1), so not bound to strike (TITAN 12.0)."""
    state = across("River")
    assert EndPhase() in legal_actions(state)
    locked = across()
    assert codes(locked, EndPhase()) == ["must_strike"]


def test_across_a_cliff_they_may_not_strike():
    state = across("Cliff")
    assert strike_terms(state, state.figure(1), state.figure(2)) is None
    assert codes(state, Strike(1, 2)) == ["may_not_strike_it"]


def test_beside_an_enemy_only_across_a_river_it_may_rangestrike_13_0():
    m = field_map(sides=[("E5", "E6", "River")])
    pieces = [("Red", "Ranger", "E5"), ("Blue", "Troll", "E6"), ("Blue", "Ogre", "H5")]
    state = game(m, pieces, phase=STRIKE)
    assert check(state, Rangestrike(1, 3)) == []
    plain = game(field_map(), pieces, phase=STRIKE)
    assert codes(plain, Rangestrike(1, 3)) == ["locked"]


# --- TITAN 12.0, 12.1: who strikes, and when --------------------------------------------------


def three_players():
    """Red (active) in contact with Blue; Blue in contact with Green too."""
    pieces = [("Red", "Ogre", "E5"), ("Blue", "Troll", "E6"), ("Green", "Lion", "E7")]
    return game(field_map(), pieces, players=("Red", "Blue", "Green"), phase=STRIKE)


def test_the_active_player_strikes_first_12_1():
    state = three_players()
    assert codes(state, Strike(2, 1)) == ["may_not_strike_now"]
    assert codes(state, EndPhase()) == ["must_strike"]
    after = apply(state, Strike(1, 2, dice=(1,) * 6))
    assert codes(after, EndPhase()) == ["must_strike"]  # the Troll strikes back
    back = apply(after, Strike(2, 1, dice=(1,) * 8))
    assert back.responding
    assert check(back, EndPhase()) == []


def test_the_others_strike_back_at_the_active_players_characters_8_0():
    """docs/rulings.md: Red's Strike Phase is Red's against the others; the Troll strikes at
    Red's Ogre, not at Green's Lion, and the Lion, beside no character of Red's, not at all."""
    state = apply(three_players(), Strike(1, 2, dice=(1,) * 6))
    assert codes(state, Strike(2, 3)) == ["may_not_strike_it"]
    assert legal_strikes(state, state.figure(3)) == []
    assert [a for a in legal_actions(state) if not isinstance(a, EndPhase)] == [Strike(2, 1)]


def test_once_the_others_strike_the_active_player_is_done_12_1():
    pieces = [("Red", "Ogre", "E5"), ("Red", "Ranger", "H3"), ("Blue", "Troll", "E6")]
    state = game(field_map(), pieces, phase=STRIKE)
    state = apply(state, Strike(1, 3, dice=(1,) * 6))
    state = apply(state, Strike(3, 1, dice=(1,) * 8))
    assert codes(state, Rangestrike(2, 3)) == ["may_not_strike_now"]


def test_each_strikes_once_and_the_slain_strike_back_12_0():
    state = game(field_map(), [("Red", "Titan", "E5"), ("Blue", "Ogre", "E6")], phase=STRIKE)
    state = apply(state, Strike(1, 2, dice=(6,) * 6))
    assert state.slain(state.figure(2))
    assert codes(state, Strike(1, 2, dice=(6,) * 6)) == ["may_not_strike_now"]
    assert codes(state, EndPhase()) == ["must_strike"]  # the slain Ogre still strikes
    state = apply(state, Strike(2, 1, dice=(1,) * 6))
    after = apply(state, EndPhase())
    assert after.figure(2) is None and after.dead_pile["Ogre"] == 1


def test_no_strike_back_when_every_enemy_beside_it_is_slain_12_0():
    state = game(field_map(), [("Red", "Ogre", "E5"), ("Blue", "Titan", "E6")], phase=STRIKE)
    state = state.with_figure(replace(state.figure(1), damage=6, slain_by="Blue"))
    state = apply(state, Strike(1, 2, dice=(1,) * 6))
    assert check(state, EndPhase()) == []


# --- dice ---------------------------------------------------------------------------------


def test_dice_are_the_strikes_dice():
    state = ogre_lion_centaur()
    assert codes(state, Strike(1, 2, dice=(6, 6))) == ["bad_dice"]
    assert codes(state, Strike(1, 2, dice=(7, 1, 1, 1, 1, 1))) == ["bad_dice"]
    assert check(state, Strike(1, 2)) == []  # a declaration
    with pytest.raises(Violations) as refused:
        apply(state, Strike(1, 2))
    assert refused.value.problems[0].path == "action.dice"
    rolled = roll(state, Strike(1, 2), random.Random(5))
    assert len(rolled.dice) == 6 and all(1 <= d <= 6 for d in rolled.dice)
    assert roll(state, Strike(1, 2), random.Random(5)) == rolled


# --- rangestrikes (TITAN 13.0-13.5) ----------------------------------------------------------


@pytest.mark.parametrize(
    ("pieces", "ok"),
    [
        pytest.param([("Red", "Ranger", "E3"), ("Blue", "Ogre", "E6")], True,
                     id="13.2-range-four"),
        pytest.param([("Red", "Ranger", "E3"), ("Blue", "Ogre", "E7")], False,
                     id="13.2-not-beyond-four"),
        pytest.param([("Red", "Ranger", "E3"), ("Blue", "Ogre", "E6"), ("Blue", "Troll", "E5")],
                     False, id="13.3-a-character-between-blocks"),
        pytest.param([("Red", "Ranger", "E3"), ("Blue", "Angel", "E6")], False,
                     id="13.5-lords-immune"),
        pytest.param([("Red", "Warlock", "E3"), ("Blue", "Angel", "E6"),
                      ("Blue", "Troll", "E5")], True, id="13.5-the-warlock-reaches-them"),
        pytest.param([("Red", "Ice Witch", "E3"), ("Blue", "Angel", "E6")], True,
                     id="12.2-ice-witch-rangestrikes-like-a-warlock"),
    ],
)  # fmt: skip
def test_rangestrikes_13(pieces, ok):
    state = game(field_map(), pieces, phase=STRIKE)
    assert (check(state, Rangestrike(1, 2)) == []) is ok


def test_only_the_active_player_rangestrikes_13_0():
    pieces = [("Red", "Ogre", "E3"), ("Blue", "Ranger", "E6")]
    state = game(field_map(), pieces, phase=STRIKE)
    assert codes(state, Rangestrike(2, 1)) == ["not_the_active_players"]


def test_a_venemous_wyrm_poisons_what_it_damages_9_2():
    state = game(field_map(), [("Red", "Venemous Wyrm", "E5"), ("Blue", "Troll", "E6")],
                 phase=STRIKE)  # fmt: skip
    after = apply(state, Strike(1, 2, dice=(6, 1, 1, 1, 1, 1, 1, 1, 1)))
    troll = after.figure(2)
    assert (troll.damage, troll.poison, troll.poisoned_by) == (1, 2, "Red")
    missed = apply(state, Strike(1, 2, dice=(1,) * 9))
    assert missed.figure(2).poison == 0


@pytest.mark.parametrize(
    ("target", "ok"),
    [
        pytest.param("C6", True, id="hazard-chart-from-the-centre-across-two-walls"),
        pytest.param("C5", False, id="hazard-chart-not-at-one-beneath-an-outer-wall"),
    ],
)
def test_a_rangestrike_across_a_towers_two_walls(target, ok):
    """From the centre of a starting tower (3.1) across its inner and outer Walls: the tower
    crossed is the one judged, whatever other towers the map has."""
    pieces = [("Red", "Titan", "E9"), ("Red", "Ranger", "C3"), ("Blue", "Ogre", target)]
    state = game(field_map(), pieces, phase=STRIKE)
    assert (check(state, Rangestrike(2, 3)) == []) is ok


# --- one set of line rules for a Battleland and a map ------------------------------------------


def battleland_as_map(land):
    """TITAN's Battleland copied onto a map, hex i of the map at hex i of the Battleland."""
    hexes = tuple(
        MapHex(point, 0, hazard.name, elevation)
        for point, hazard, elevation in zip(
            BATTLELAND_POINTS, land.hazards, land.elevations, strict=True
        )
    )
    sides = {
        (min(a, b), max(a, b)): MapHexside((min(a, b), max(a, b)), side.hazard.name, side.top)
        for (a, b), side in land.hexsides.items()
    }
    return Map(land.terrain, (Region(land.terrain, land.terrain),), hexes, tuple(sides.values()))


@pytest.mark.parametrize("terrain", sorted(BATTLELANDS))
def test_a_battleland_on_a_map_judges_every_line_as_titan_13_3(terrain):
    """The hazard chart's rangestriking lines are TITAN's, read from whichever board they are
    given: on a copy of each Battleland every line of range 3 and 4 (Walls, Slopes, Cliffs,
    Dunes, Trees, Bramble) has the same ways, skill lost and hexes to keep clear."""
    land = BATTLELANDS[terrain]
    copy = battleland_as_map(land)
    kinds = [TITAN_CHARACTERS[n] for n in ("Ranger", "Gorgon", "Dragon", "Centaur", "Lion")]
    compared = 0
    for a in HEXES:
        for b in HEXES:
            if land.distance(a, b) not in (2, 3):
                continue
            assert copy.paths(a, b) == land.paths(a, b)
            for kind in kinds:
                ways = line_ways(kind, a, b, land)
                assert line_ways(kind, a, b, copy) == ways, (hex_name(a), hex_name(b))
                compared += len(ways)
    assert compared > 0
