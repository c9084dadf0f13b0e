"""A TITAN Legion's fight on a lone Battleland under Tactical Titan's rules (docs/rulings.md,
"An Engagement under Tactical Titan's rules"): a map without towers, players without one, a
Legion fighting without its Titan and out once none of it is left (2.2.2), Lords beside the Titan
only (8.3)."""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType

import pytest

from engine.characters import TITAN
from engine.tactical import mosaic
from engine.tactical.actions import EndPhase, PlaceAngel
from engine.tactical.characters import CHARACTERS
from engine.tactical.referee import apply, check
from engine.tactical.scoring import point_value
from engine.tactical.state import Figure, GameState, Phase, Player, box_count
from engine.tactical.state_checks import validate

PLAINS = mosaic.build({"name": "Plains", "battlelands": [{"terrain": "Plains", "at": "D3"}]})


def fight(pieces, *, elsewhere=("Blue",), scores=None, phase=Phase.STRIKE) -> GameState:
    """Red and Blue on the lone Plains, no towers; ``elsewhere``: players fighting without
    their Titans."""
    figures = tuple(
        Figure(i + 1, player, name, PLAINS.parse(hex_), damage)
        for i, (player, name, hex_, damage) in enumerate((*p, 0)[:4] for p in pieces)
    )
    scores = scores or {}
    pile = {n: box_count(n, 1) - sum(f.name == n for f in figures) for n in CHARACTERS}
    pile.pop(TITAN)
    return GameState(
        map=PLAINS,
        players=tuple(
            Player(p, None, scores.get(p, 0), titan_elsewhere=p in elsewhere)
            for p in ("Red", "Blue")
        ),
        figures=figures,
        active="Red",
        phase=phase,
        muster_pile=MappingProxyType(pile),
        next_id=len(figures) + 1,
    )


def codes(state):
    return {p.code for p in validate(state)}


def test_a_state_on_a_map_without_towers_has_players_without_them_3_1():
    state = fight([("Red", "Titan", "C3"), ("Blue", "Ogre", "C4")])
    assert not codes(state)
    again = GameState.from_dict(state.to_dict())
    assert again.players == state.players
    assert state.to_dict()["players"][1] == {
        "name": "Blue", "tower": None, "score": 0, "eliminated": False, "titan_elsewhere": True,
    }  # fmt: skip
    assert "titan_elsewhere" not in state.to_dict()["players"][0]  # false is left out


def test_a_player_needs_a_tower_where_the_map_has_them_3_1():
    from tests.helpers.tactical_games import field_map, game

    state = game(field_map(), [("Red", "Ogre", "F6")])
    red = replace(state.players[0], tower=None)
    assert "no_tower" in codes(state.with_player(red))
    beyond = replace(state.players[0], tower=len(state.map.starting_towers))
    assert "no_such_tower" in codes(state.with_player(beyond))


@pytest.mark.parametrize(
    ("pieces", "elsewhere", "code"),
    [
        pytest.param([("Red", "Titan", "C3"), ("Blue", "Titan", "C4")], ("Blue",),
                     "titan_not_elsewhere", id="2.2.2-its-titan-is-here"),
        pytest.param([("Red", "Titan", "C3")], ("Blue",), "nobody_left",
                     id="2.2.2-nothing-left-yet-not-out"),
        pytest.param([("Red", "Ogre", "C3"), ("Blue", "Ogre", "C4")], ("Blue",), "no_titan",
                     id="2.2.2-red-has-its-titan-nowhere"),
    ],
)  # fmt: skip
def test_a_legion_fighting_without_its_titan_is_checked_2_2_2(pieces, elsewhere, code):
    assert code in codes(fight(pieces, elsewhere=elsewhere))


def test_a_legion_without_its_titan_is_out_once_none_of_it_is_left_2_2_2():
    # slain by a rangestrike, say: nobody is locked in contact
    state = fight([("Red", "Titan", "B2"), ("Blue", "Ogre", "G4", 6), ("Blue", "Ogre", "G3")])
    ogre = replace(state.figure(2), slain_by="Red")
    after = apply(state.with_figure(ogre), EndPhase())
    assert not after.player("Blue").eliminated and not after.over  # one Ogre is left
    assert after.active == "Blue"
    last = fight([("Red", "Titan", "B2"), ("Blue", "Ogre", "G4", 6)])
    last = last.with_figure(replace(last.figure(2), slain_by="Red"))
    after = apply(last, EndPhase())
    assert after.player("Blue").eliminated and after.over and after.winner == "Red"
    assert after.player("Red").score == point_value("Ogre")  # 8.2, 11.0


def test_a_lord_comes_beside_the_titan_only_without_a_tower_8_3():
    state = fight([("Red", "Titan", "C3"), ("Blue", "Ogre", "G4", 6), ("Blue", "Ogre", "G5")],
                  scores={"Red": 195})  # fmt: skip
    state = state.with_figure(replace(state.figure(2), slain_by="Red"))
    after = apply(state, EndPhase())
    assert [(d.player, d.name) for d in after.angels_due] == [("Red", "Angel")]
    titan = after.titan_of("Red")
    assert titan is not None
    beside = {PLAINS.name_of(h) for h in PLAINS.neighbours[titan.hex]}
    far = next(PLAINS.name_of(h) for h in PLAINS.grid.hexes if PLAINS.distance(h, titan.hex) > 2)
    assert [p.code for p in check(after, PlaceAngel(far))] == ["not_an_angel_hex"]
    placed = apply(after, PlaceAngel(sorted(beside)[0]))
    assert [f.name for f in placed.figures_of("Red")] == [TITAN, "Angel"]


def test_a_legion_without_its_titan_earns_lords_that_never_come_8_3():
    state = fight([("Red", "Titan", "B2"), ("Red", "Ogre", "G4", 6), ("Blue", "Troll", "E2")],
                  elsewhere=("Blue",), scores={"Blue": 195})  # fmt: skip
    state = state.with_figure(replace(state.figure(2), slain_by="Blue"))
    after = apply(state, EndPhase())
    assert after.player("Blue").score == 195 + point_value("Ogre") >= 200
    assert after.angels_due == ()
