"""A Tactical Titan game state (4.0): its JSON, its named problems, and the starting states of the
stored maps (3.1.1, 3.3)."""

from __future__ import annotations

import json
from dataclasses import replace
from types import MappingProxyType

import pytest

from engine.characters import TITAN
from engine.errors import RuleError, TitanError
from engine.tactical.actions import Muster
from engine.tactical.maps import map_names, stored_map
from engine.tactical.referee import legal_actions
from engine.tactical.setup import DEFAULT_CREATURES, starting_state
from engine.tactical.state import AngelDue, Deed, GameState, Phase
from engine.tactical.state_checks import validate
from tests.helpers.tactical_games import at, field_map, game

MAPS = map_names()


def players_of(name):
    return [f"Player {i + 1}" for i in range(stored_map(name).players)]


# --- starting states (3.1.1, 3.3) ------------------------------------------------------------


@pytest.mark.parametrize("name", MAPS)
def test_starting_state_3_1_1(name):
    """3.1.1: a Titan and six Tower Creatures of the player's choice in its starting tower; the
    rest in the muster pile (2.2); the first player begins with its Healing Phase (3.3, 4.0)."""
    m = stored_map(name)
    players = players_of(name)
    state = starting_state(name, players)
    assert validate(state) == []
    assert (state.active, state.phase, state.turn) == (players[0], Phase.HEALING, 1)
    for i, player in enumerate(players):
        own = list(state.figures_of(player))
        tower = m.tower_hexes(m.starting_towers[i])
        assert sorted(f.hex for f in own) == sorted(tower)
        assert state.titan_of(player).hex == m.starting_towers[i].centre
        assert sorted(f.name for f in own if f.name != TITAN) == sorted(DEFAULT_CREATURES)
    ogres = sum(1 for f in state.figures if f.name == "Ogre")
    assert state.muster_pile["Ogre"] == 25 - ogres  # TITAN's 25 Ogres, less those in play


def test_starting_creatures_of_the_players_choice_3_1_1():
    chosen = [["Ogre"] * 6, ["gargoyle", "Centaur"] * 3]
    state = starting_state("two_shores", ["North", "South"], chosen, towers=[1, 0])
    south = stored_map("two_shores").starting_towers[0]
    assert state.titan_of("South").hex == south.centre
    assert sorted(f.name for f in state.figures_of("South"))[:3] == ["Centaur"] * 3
    assert state.muster_pile["Ogre"] == 25 - 6


@pytest.mark.parametrize(
    ("kwargs", "path"),
    [
        pytest.param({"creatures": [["Troll"] * 6, ["Ogre"] * 6]}, "creatures[0]",
                     id="3.1.1-tower-creatures-only"),
        pytest.param({"creatures": [["Ogre"] * 5, ["Ogre"] * 6]}, "creatures[0]",
                     id="3.1.1-six-creatures"),
        pytest.param({"towers": [0, 0]}, "towers", id="3.1-a-tower-each"),
        pytest.param({"towers": [0, 2]}, "towers", id="3.1-towers-of-the-map"),
        pytest.param({"sets": 0}, "sets", id="2.0-sets"),
    ],
)  # fmt: skip
def test_starting_state_refusals(kwargs, path):
    with pytest.raises(RuleError) as refused:
        starting_state("two_shores", ["North", "South"], **kwargs)
    assert refused.value.path == path


@pytest.mark.parametrize("name", MAPS)
def test_no_muster_on_the_first_turn_3_1_1(name):
    """3.1.1: 'it is not possible to muster on the first turn, since the tower is full'."""
    state = replace(starting_state(name, players_of(name)), phase=Phase.MUSTER)
    assert not [a for a in legal_actions(state) if isinstance(a, Muster)]


# --- JSON ------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", MAPS)
def test_json_round_trip_names_a_stored_map(name):
    state = starting_state(name, players_of(name))
    d = json.loads(json.dumps(state.to_dict()))
    assert d["map"] == name
    assert GameState.from_dict(d) == state


def test_json_round_trip_of_every_field_with_an_inline_map():
    m = field_map(hazards={"F6": "Bog"})
    state = game(m, [("Red", "Ranger", "F6", 2), ("Red", "Ogre", "F6"), ("Blue", "Troll", "G6")],
                 phase=Phase.STRIKE)  # fmt: skip
    ranger, troll = at(state, "F6"), at(state, "G6")
    state = replace(
        state.with_figure(
            replace(troll, poison=2, poisoned_by="Red", did=frozenset({Deed.STRUCK}))
        ).with_figure(replace(ranger, did=frozenset({Deed.MOVED, Deed.RESTED}))),
        mustered_regions=frozenset({0}),
        responding=True,
        angels_due=(AngelDue("Red", "Angel"),),
        dead_pile=MappingProxyType({"Lion": 1}),
        muster_pile=MappingProxyType({**state.muster_pile, "Lion": state.muster_pile["Lion"] - 1}),
    )
    d = json.loads(json.dumps(state.to_dict()))
    assert isinstance(d["map"], dict)
    assert d["characters"][0] == {
        "id": 1, "player": "Red", "name": "Ranger", "hex": "F6", "damage": 2,
        "did": ["moved", "rested"], "poison": 0, "poisoned_by": None, "slain_by": None,
    }  # fmt: skip
    assert d["mustered_regions"] == ["Fields"]
    assert d["players"][1] == {"name": "Blue", "tower": "Tower 2", "score": 0,
                               "eliminated": False}  # fmt: skip
    back = GameState.from_dict(d)
    assert back == state
    assert back.to_dict() == d


def test_a_missing_muster_pile_is_what_the_box_leaves_2_2():
    state = starting_state("two_shores", ["North", "South"])
    d = state.to_dict()
    del d["muster_pile"]
    assert GameState.from_dict(d).muster_pile == state.muster_pile


def base_dict():
    return starting_state("two_shores", ["North", "South"]).to_dict()


@pytest.mark.parametrize(
    ("change", "path"),
    [
        pytest.param(lambda d: d.update(map="atlantis"), "state.map", id="unknown-stored-map"),
        pytest.param(lambda d: d.update(phase="lunch"), "state.phase", id="4.0-unknown-phase"),
        pytest.param(lambda d: d["players"][0].update(tower="Keep"), "state.players[0].tower",
                     id="3.1-unknown-tower"),
        pytest.param(lambda d: d["characters"][2].update(hex="ZZ99"), "state.characters[2].hex",
                     id="2.1-unknown-hex"),
        pytest.param(lambda d: d["characters"][2].update(damage="2"),
                     "state.characters[2].damage", id="damage-not-a-number"),
        pytest.param(lambda d: d["characters"][0].update(did=["dined"]),
                     "state.characters[0].did[0]", id="unknown-deed"),
        pytest.param(lambda d: d.update(mustered_regions=["Atlantis"]),
                     "state.mustered_regions[0]", id="6.2-unknown-region"),
        pytest.param(lambda d: d.update(players={}), "state.players", id="players-a-list"),
        pytest.param(lambda d: d.update(version=2), "state.version", id="unknown-version"),
    ],
)  # fmt: skip
def test_from_dict_refuses_a_malformed_field_by_its_path(change, path):
    d = base_dict()
    change(d)
    with pytest.raises(TitanError) as refused:
        GameState.from_dict(d)
    assert refused.value.path == path


# --- validate: named problems with their sections and paths -------------------------------


def broken(change):
    state = game(
        field_map(hazards={"H8": "Bramble", "J8": "Bog"}),
        [("Red", "Ranger", "F6"), ("Red", "Centaur", "G6"), ("Blue", "Troll", "H6")],
        phase=Phase.HEALING,
    )
    return change(state)


def moved(state, where, **changes):
    return state.with_figure(replace(at(state, where), **changes))


def hex_of(state, where):
    return state.map.parse(where)


@pytest.mark.parametrize(
    ("change", "code", "rule", "path"),
    [
        pytest.param(lambda s: moved(s, "F6", name="Hobbit"), "unknown_character", "11.0",
                     "state.characters[0].name", id="11.0-unknown-character"),
        pytest.param(lambda s: moved(s, "F6", player="Green"), "unknown_player", "3.0",
                     "state.characters[0].player", id="3.0-unknown-player"),
        pytest.param(lambda s: moved(moved(s, "G6", hex=hex_of(s, "H8")), "F6",
                                     hex=hex_of(s, "H8")),
                     "shared_without_overstacking", "7.3", "state.characters[1].hex",
                     id="7.3-rangers-do-not-overstack-in-bramble"),
        pytest.param(lambda s: moved(s, "H6", hex=hex_of(s, "F6")), "enemies_share_a_hex",
                     "TITAN 11.5", "state.characters[2].hex", id="11.5-enemies-share-a-hex"),
        pytest.param(lambda s: moved(s, "G6", hex=hex_of(s, "J8")), "may_not_be_there",
                     "TITAN 11.5", "state.characters[1].hex", id="11.5-centaur-in-bog"),
        pytest.param(lambda s: moved(s, "G6", damage=-1), "negative_damage", "5.0",
                     "state.characters[1].damage", id="5.0-negative-damage"),
        pytest.param(lambda s: moved(s, "G6", damage=3), "slain_in_play", "8.0",
                     "state.characters[1].damage", id="12.6-slain-outside-a-strike-phase"),
        pytest.param(lambda s: moved(moved(s, "F6", hex=hex_of(s, "C3")), "G6",
                                     hex=hex_of(s, "C3")), "hex_overfull", "7.3",
                     "state.characters[3].hex", id="7.3-never-three-in-a-hex"),
        pytest.param(lambda s: moved(s, "G6", did=frozenset({Deed.MOVED})), "deed_out_of_phase",
                     "4.0", "state.characters[1].did", id="4.0-moved-before-the-maneuver-phase"),
        pytest.param(lambda s: moved(s, "H6", did=frozenset({Deed.RESTED})), "deed_out_of_turn",
                     "4.1", "state.characters[2].did", id="4.1-rested-out-of-turn"),
        pytest.param(lambda s: moved(s, "H6", poison=2), "poisoner", "9.2",
                     "state.characters[2].poisoned_by", id="9.2-poison-names-its-wyrm"),
        pytest.param(lambda s: replace(s, figures=(s.figures[0], replace(s.figures[1], id=1),
                                                   *s.figures[2:])), "id_twice", "4.0",
                     "state.characters[1].id", id="ids-unique"),
        pytest.param(lambda s: moved(s, "G6", name="Titan"), "titan_twice", "TITAN 3.1",
                     "state.characters[3].name", id="3.1-one-titan"),
        pytest.param(lambda s: replace(s, figures=s.figures[:-1]), "no_titan", "2.2.2",
                     "state.players[1].eliminated", id="2.2.2-a-player-without-titan-is-out"),
        pytest.param(lambda s: s.with_player(replace(s.players[1], score=-5)), "negative_score",
                     "8.2", "state.players[1].score", id="8.2-negative-score"),
        pytest.param(lambda s: s.with_player(replace(s.players[1], tower=0)), "tower_twice",
                     "3.1", "state.players[1].tower", id="3.1-one-tower-each"),
        pytest.param(lambda s: replace(s, active="Green"), "unknown_player", "4.0",
                     "state.active", id="4.0-active-player-unknown"),
        pytest.param(lambda s: replace(s, muster_pile=MappingProxyType(
                         {**s.muster_pile, "Ogre": 3})), "counters_do_not_add_up", "2.2",
                     "state.muster_pile.Ogre", id="2.2-counters-add-up"),
        pytest.param(lambda s: replace(s, dead_pile=MappingProxyType({"Warlock": 1}),
                                       muster_pile=MappingProxyType(
                                           {**s.muster_pile, "Warlock": 5})),
                     "lord_in_dead_pile", "8.0", "state.dead_pile.Warlock",
                     id="8.0-lords-return-to-the-muster-pile"),
        pytest.param(lambda s: replace(s, responding=True), "responding_out_of_phase", "8.0",
                     "state.responding", id="8.0-striking-back-in-a-strike-phase"),
        pytest.param(lambda s: replace(s, mustered_regions=frozenset({0})), "mustered_too_soon",
                     "6.2", "state.mustered_regions", id="6.2-no-muster-before-the-phase"),
        pytest.param(lambda s: replace(s, angels_due=(AngelDue("Red", "Dragon"),)),
                     "not_an_angel", "8.3", "state.angels_due[0].name", id="8.3-angels-only"),
    ],
)  # fmt: skip
def test_validate_names_each_problem(change, code, rule, path):
    assert validate(broken(lambda s: s)) == []
    problems = validate(broken(change))
    assert (code, rule, path) in [(p.code, p.rule, p.path) for p in problems], problems


def test_rangers_overstack_in_clear_hexes_7_3():
    """7.3: a Ranger and a friend share a clear hex; no problem."""
    state = broken(lambda s: moved(s, "G6", hex=hex_of(s, "F6")))
    assert validate(state) == []


def test_the_slain_stay_until_the_strike_phase_ends_12_6():
    state = broken(lambda s: replace(moved(s, "G6", damage=3, slain_by="Blue"),
                                     phase=Phase.STRIKE))  # fmt: skip
    assert validate(state) == []
