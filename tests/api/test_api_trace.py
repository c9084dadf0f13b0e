"""POST /api/v1/odds/trace: one Battle of an odds request, told phase by phase.

Every move and strike the endpoint tells is checked against the engine from the answer
alone: each phase's published position, the moves applied in order (11.0-11.7, 10.1-10.2,
14.0, 15.1) and each strike's target, Strike-number, dice and carry-over as
``engine.strikes.legal_strikes`` gives them (12.0-12.5, 13.0-13.5), on random Legions over
every Battleland (the kernel's differential test's setups, tests/helpers/battles.py).
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import replace

import pytest

from engine.battlelands import TERRAINS, battleland
from engine.hexes import ENTRY_SIDES, HEX_COUNT, parse_hex
from engine.movement import legal_moves
from engine.position import BattlePosition, Side
from engine.strikes import StrikeKind, legal_strikes
from simulator.battles import BattleSpec
from tests.helpers.battles import random_battles, styled

MOVES = {"enter", "deploy", "move"}
STRIKES = {"strike", "rangestrike"}


def _body(spec: BattleSpec, index: int) -> dict:
    """The odds request (with its half-fought position) of a random Battle, and its index."""
    return {
        "position": spec.position.to_dict(),
        "summonable": spec.summonable,
        "reinforce": spec.reinforce,
        "tactics": {"attacker": spec.attacker_tactic, "defender": spec.defender_tactic},
        "seed": 13,
        "battle": index,
    }


def _ref(phase: dict, position: BattlePosition, piece: str):
    for side in Side:
        if piece in phase["ids"][side.value]:
            return side, phase["ids"][side.value].index(piece)
    raise AssertionError(f"{piece} is not in the phase's position {position.to_dict()}")


def _check_strike(position: BattlePosition, ref, event: dict) -> None:
    """A told strike is one the engine allows in the phase's position (12.0-12.5, 13.0)."""
    target = parse_hex(event["to"])
    assert event["from"] is not None and parse_hex(event["from"]) == position.figure(ref).hex
    enemy = position.find(ref[0].enemy, target)
    assert enemy is not None and event["target"] is not None
    options = [o for o in legal_strikes(position, ref) if o.target == target]
    assert len(options) == 1, event
    option = options[0]
    told = (event["strike_number"], event["dice"])
    if event["kind"] == "rangestrike":
        assert option.kind is StrikeKind.RANGESTRIKE and told == (option.strike_number,
                                                                   option.dice), event  # fmt: skip
        assert event["carried"] is None
        return
    assert option.kind is StrikeKind.STRIKE, event
    declared = [c for c in option.carry_over
                if (c.strike_number, c.dice, c.forgo_benefits)
                == (*told, event["forgo_benefits"])]  # fmt: skip
    plain = (*told, event["forgo_benefits"]) == (option.strike_number, option.dice, False)
    assert plain or declared, event
    if event["carried"] is not None:
        assert declared and parse_hex(event["carried"]["hex"]) in declared[0].targets, event
        assert event["carried"]["hits"] <= event["hits"], event
    assert 0 <= event["hits"] <= event["dice"], event


def _check_story(story: dict, tally: Counter) -> None:
    """Each phase from its published position: moves in order, strikes in the position the
    Strike Phase began in, and where the pieces stand at the end of a Maneuver Phase."""
    for phase in story["phases"]:
        position = BattlePosition.from_dict(phase["position"])
        assert position.turn == phase["turn"] and position.phase.value == phase["phase"]
        for event in phase["events"]:
            kind = event["kind"]
            tally[kind] += 1
            if kind in MOVES:
                ref = _ref(phase, position, event["piece"])
                figure = position.figure(ref)
                assert (None if figure.hex is None else figure.hex) == (
                    None if event["from"] is None else parse_hex(event["from"])
                ), event
                to = parse_hex(event["to"])
                assert to in legal_moves(position, ref), (phase["position"], event)
                if kind == "deploy":
                    assert to in position.land.deploy  # 10.2
                position = position.with_figure(ref, replace(figure, hex=to))
            elif kind in STRIKES:
                _check_strike(position, _ref(phase, position, event["piece"]), event)
        if phase["phase"] == "maneuver":
            where = {
                piece: position.figure((side, i)).hex
                for side in Side
                for i, piece in enumerate(phase["ids"][side.value])
            }
            shown = {p["id"]: p["hex"] for p in phase["pieces"]}
            for piece, hex_ in shown.items():
                if piece in where:
                    assert hex_ == (None if where[piece] is None else _label(where[piece]))


def _label(index: int) -> str:
    from engine.hexes import hex_name

    return hex_name(index)


@pytest.mark.parametrize("terrain", TERRAINS)
def test_every_told_move_and_strike_is_legal_11_12_13(client, terrain):
    """About ten Battles per Battleland (110 in all), from the start and half-fought (these
    played by every style in turn), with a Lord to summon or not: every move and strike the
    endpoint tells is the engine's."""
    tally: Counter = Counter()
    chosen = itertools.islice(random_battles(terrain, seed=7), 0, None, 10)
    battles = [(styled(spec, index), index) for spec, index in chosen]
    assert len(battles) >= 9
    for spec, index in battles:
        response = client.post("/api/v1/odds/trace", json=_body(spec, index))
        assert response.status_code == 200, response.json
        story = response.json
        assert story["complete"] and story["battle"] == index and story["terrain"] == terrain
        _check_story(story, tally)
        tally["battles"] += 1
    assert tally["battles"] == len(battles)
    assert tally["move"] + tally["enter"] > 30 and tally["strike"] > 20, tally


def test_the_battleland_is_the_engines_with_its_walls_and_entry_sides_2_2_10_1_10_2(client):
    """The answer's Battleland: every hex with its label, hazard, elevation and place to draw
    it; the hexsides (the Tower's walls among them), the walled hexes and the entry sides."""
    body = {
        "terrain": "Tower",
        "attacker": {"score": 0, "characters": ["Ogre", "Troll"]},
        "defender": {"score": 0, "characters": ["Centaur", "Gargoyle"]},
        "tactics": {"attacker": "aggressive", "defender": "defensive"},
        "seed": 2,
    }
    story = client.post("/api/v1/odds/trace", json=body).json
    land = battleland("Tower")
    drawn = story["battleland"]
    assert len(drawn["hexes"]) == len(drawn["layout"]) == HEX_COUNT
    for label, facts in drawn["hexes"].items():
        assert facts["hazard"] == land.hazard(parse_hex(label)).name
        assert facts["elevation"] == land.elevations[parse_hex(label)]
    walls = {(s["hex"], s["toward"]) for s in drawn["hexsides"] if s["hazard"] == "Wall"}
    assert len(walls) > 6
    assert sorted(drawn["defender_deploy_hexes"]) == sorted(_label(h) for h in land.deploy)
    assert set(drawn["entry_sides"]) == {str(s) for s in ENTRY_SIDES}
    assert story["entry_side"] == 5  # 10.2
    deployed = [e for e in story["phases"][0]["events"] if e["kind"] == "deploy"]
    assert len(deployed) == 2 and all(e["rule"] == "10.2" for e in deployed)


def test_the_summoned_lord_and_the_reinforcement_arrive_in_the_story_14_0_15_0(client):
    """The Marsh run of the page's example: the Angel is summoned after a defender is slain
    (15.0) and enters from the attacker's side (15.1); the defender's reinforcement is
    mustered in its fourth Maneuver Phase (14.0); each has an id after its Legion's."""
    body = {
        "terrain": "Marsh",
        "entry_side": 3,
        "attacker": {"score": 0, "characters": ["Titan", "Ogre", "Ogre", "Troll"]},
        "defender": {"score": 0, "characters": ["Ogre", "Troll", "Ranger"]},
        "summonable": "Angel",
        "seed": 1,
    }
    seen = Counter()
    for battle in range(6):
        story = client.post("/api/v1/odds/trace", json={**body, "battle": battle}).json
        arrivals = {c["arrives"]: c for c in story["characters"] if c["arrives"] != "start"}
        for phase in story["phases"]:
            for event in phase["events"]:
                if event["kind"] == "summoned":
                    assert event["piece"] == arrivals["summoned"]["id"] == "a4"
                    assert (phase["phase"], phase["side"]) == ("maneuver", "attacker")
                    seen["summoned"] += 1
                if event["kind"] == "mustered":
                    assert event["piece"] == arrivals["reinforcement"]["id"] == "d3"
                    assert (phase["turn"], phase["side"]) == (4, "defender")  # 14.0
                    seen["mustered"] += 1
                if event["kind"] == "enter" and event["piece"] == "a4":
                    assert event["rule"] == "15.1"
                    seen["lord entered"] += 1
    assert seen["summoned"] >= 3 and seen["mustered"] >= 1 and seen["lord entered"] >= 3, seen


@pytest.mark.parametrize(
    ("change", "path"),
    [
        pytest.param({"battle": 400, "trials": 400}, "battle", id="battle-beyond-the-trials"),
        pytest.param({"battle": "1"}, "battle", id="400-battle-not-an-integer"),
        pytest.param({"terrain": "Ocean"}, "terrain", id="2.2-unknown-terrain"),
    ],
)
def test_a_bad_trace_request_names_its_field(client, change, path):
    body = {
        "terrain": "Plains",
        "attacker": {"characters": ["Ogre"]},
        "defender": {"characters": ["Troll"]},
        "seed": 1,
        **change,
    }
    response = client.post("/api/v1/odds/trace", json=body)
    assert response.status_code in (400, 422)
    assert [d["path"] for d in response.json["error"]["details"]] == [path]
