"""Each rule and each limit declared once: a Legion is judged by one set of checks whichever
way it is given, the request schemas load the simulator's own request values, and the
OpenAPI document publishes the bounds the simulator enforces (one seed bound for the odds
and the Arena)."""

from __future__ import annotations

import dataclasses

import pytest
from marshmallow import ValidationError

from api import create_app
from api.config import DEFAULTS
from api.schemas.arena import ArenaAdviceRequestSchema, ArenaOddsRequestSchema
from api.schemas.odds import CompareRequestSchema, OddsRequestSchema
from engine.arena.state import EXAMPLE_STATE
from engine.battle_checks import check_position
from engine.errors import TitanError, Violations
from engine.position import Army, BattlePosition, Figure
from simulator import limits
from simulator.arena import advice as arena_advice
from simulator.arena import odds as arena_odds
from simulator.compare import CompareRequest, compare
from simulator.odds import LegionRequest, OddsRequest, check_precision, odds
from tests.helpers.bodies import ODDS

COMPARE = {
    "terrain": "Plains",
    "legion": {"score": 0, "characters": ["Ogre"]},
    "opponent": {"score": 0, "characters": ["Troll"]},
    "trials": 20,
    "seed": 1,
}
ARENA = {"state": EXAMPLE_STATE, "games": 20, "seed": 1}


def properties(app, name: str) -> dict:
    """The published properties of a request schema of ``app``'s OpenAPI document."""
    doc = app.test_client().get("/api/v1/openapi.json").get_json()
    return doc["components"]["schemas"][name]["properties"]


def refusal(call) -> list[tuple[str | None, str | None, str]]:
    """(rule, path, message) of each problem ``call`` is refused for."""
    with pytest.raises(TitanError) as caught:
        call()
    problems = caught.value.problems if isinstance(caught.value, Violations) else [caught.value]
    return [(p.rule, p.path, p.message) for p in problems]


def api_refusal(client, path: str, body: dict) -> list[tuple[str | None, str | None, str]]:
    response = client.post(f"/api/v1/{path}", json=body)
    assert response.status_code == 422, response.get_json()
    return [(d["rule"], d["path"], d["message"]) for d in response.get_json()["error"]["details"]]


# --- one set of Legion checks --------------------------------------------------------------


def test_eight_characters_are_refused_alike_by_the_api_and_the_simulator_4_1(client):
    body = {**ODDS, "defender": {"score": 0, "characters": ["Ogre"] * 8}}
    expected = [("4.1", "defender.characters", "the defender holds 8 characters; a Legion "
                 "holds at most 7")]  # fmt: skip
    assert api_refusal(client, "odds", body) == expected
    assert refusal(lambda: odds(body)) == expected
    assert refusal(lambda: odds(OddsRequestSchema().load(body))) == expected


def test_a_battle_position_reads_the_same_rule_and_words_4_1_3_1():
    legion = Army(0, tuple(Figure(name) for name in ["Titan", "Titan"] + ["Ogre"] * 6))
    position = BattlePosition("Plains", attacker=legion, defender=Army(0, (Figure("Troll"),)))
    found = [(p.rule, p.path, p.message) for p in check_position(position)]
    assert ("4.1", "attacker.characters", "the attacker holds 8 characters; a Legion holds at "
            "most 7") in found  # fmt: skip
    titan = ("3.1", "attacker.characters[1].name", "the attacker holds 2 Titans; a player has "
             "only one")  # fmt: skip
    assert titan in found
    # an odds request's Legion of names: the same problem at the name itself
    body = {**ODDS, "attacker": {"score": 0, "characters": ["Titan", "Titan", "Ogre"]}}
    assert refusal(lambda: odds(body)) == [("3.1", "attacker.characters[1]", titan[2])]


def test_a_compare_candidate_names_its_own_field_4_1(client):
    body = {**COMPARE, "candidates": [["Ogre"], ["Ogre"] * 8]}
    expected = [("4.1", "candidates[1]", "the attacker holds 8 characters; a Legion holds at "
                 "most 7")]  # fmt: skip
    assert api_refusal(client, "compare", body) == expected
    assert refusal(lambda: compare(body)) == expected


# --- the schemas load the simulator's values -----------------------------------------------


def test_the_odds_schema_loads_the_simulators_request():
    body = {**ODDS, "tactics": {"attacker": "default", "defender": "balanced"}}
    loaded = OddsRequestSchema().load(body)
    assert isinstance(loaded, OddsRequest)
    assert loaded.attacker == LegionRequest(0, ("Ogre",))
    assert loaded == OddsRequest.from_dict(body)  # the dict entry point reads it alike
    declared = {f.name for f in dataclasses.fields(OddsRequest)}
    assert set(OddsRequestSchema().fields) == declared


def test_the_compare_schema_loads_the_simulators_request():
    tactics = {"attacker": "default", "defender": "default"}
    body = {**COMPARE, "candidates": [["Ogre"], ["Ogre", "Lion"]], "tactics": tactics}
    loaded = CompareRequestSchema().load(body)
    assert isinstance(loaded, CompareRequest)
    assert loaded.candidates == (("Ogre",), ("Ogre", "Lion"))
    assert loaded == CompareRequest.from_dict(body)
    declared = {f.name for f in dataclasses.fields(CompareRequest)}
    assert set(CompareRequestSchema().fields) == declared


# --- the limits, published as enforced ------------------------------------------------------


def test_the_settings_default_to_the_simulators_limits():
    assert DEFAULTS["MAX_TRIALS"] == limits.MAX_TRIALS
    assert DEFAULTS["DEFAULT_TRIALS"] == limits.DEFAULT_TRIALS
    assert DEFAULTS["MAX_BATCH"] == limits.MAX_BATCH
    assert DEFAULTS["ARENA_DEFAULT_GAMES"] == limits.ARENA_DEFAULT_GAMES


def test_the_published_trials_are_the_simulators_limit(app):
    for name in ("OddsRequest", "CompareRequest"):
        trials = properties(app, name)["trials"]
        assert (trials["minimum"], trials["maximum"]) == (limits.MIN_TRIALS, limits.MAX_TRIALS)
    for name in ("ArenaOddsRequest", "ArenaAdviceRequest"):
        assert properties(app, name)["games"]["maximum"] == limits.MAX_TRIALS
    assert properties(app, "BatchRequest")["engagements"]["maxItems"] == limits.MAX_BATCH
    assert properties(app, "CompareRequest")["candidates"]["maxItems"] == limits.MAX_CANDIDATES


def test_a_setting_moves_the_published_bound_with_the_enforced_one():
    app = create_app({"TESTING": True, "MAX_TRIALS": 30, "MAX_BATCH": 2})
    assert properties(app, "OddsRequest")["trials"]["maximum"] == 30
    assert properties(app, "ArenaOddsRequest")["games"]["maximum"] == 30
    assert properties(app, "BatchRequest")["engagements"]["maxItems"] == 2
    client = app.test_client()
    assert client.post("/api/v1/odds", json={**ODDS, "trials": 30}).status_code == 200
    refused = client.post("/api/v1/odds", json={**ODDS, "trials": 31})
    assert refused.status_code == 422
    assert [d["path"] for d in refused.get_json()["error"]["details"]] == ["trials"]
    batch = client.post("/api/v1/odds/batch", json={"engagements": [ODDS] * 3})
    assert batch.status_code == 422


def test_the_published_precision_is_the_simulators(app):
    precision = properties(app, "OddsRequest")["precision"]
    assert precision["minimum"] == limits.PRECISION_ABOVE and precision["exclusiveMinimum"]
    assert precision["maximum"] == limits.PRECISION_BELOW and precision["exclusiveMaximum"]
    for refused in (limits.PRECISION_ABOVE, limits.PRECISION_BELOW):
        with pytest.raises(ValidationError):
            OddsRequestSchema().load({**ODDS, "precision": refused})
        with pytest.raises(TitanError):
            check_precision(refused)
    inside = limits.PRECISION_BELOW - 0.01
    assert OddsRequestSchema().load({**ODDS, "precision": inside}).precision == inside
    assert check_precision(inside) == inside


def test_one_seed_bound_for_the_odds_and_the_arena(app):
    for name in ("OddsRequest", "CompareRequest", "ArenaOddsRequest", "ArenaAdviceRequest"):
        seed = properties(app, name)["seed"]
        assert (seed["minimum"], seed["maximum"]) == (0, limits.SEED_MAX), name
    schemas = [
        (OddsRequestSchema, ODDS),
        (CompareRequestSchema, COMPARE),
        (ArenaOddsRequestSchema, ARENA),
        (ArenaAdviceRequestSchema, ARENA),
    ]
    for schema, body in schemas:
        assert schema().load({**body, "seed": limits.SEED_MAX}) is not None
        with pytest.raises(ValidationError) as caught:
            schema().load({**body, "seed": limits.SEED_MAX + 1})
        assert "seed" in caught.value.messages


def test_a_seed_at_the_bound_is_played_and_one_above_refused_by_odds_and_arena(client):
    for path, body in (("odds", ODDS), ("arena/odds", ARENA)):
        played = client.post(f"/api/v1/{path}", json={**body, "seed": limits.SEED_MAX})
        assert played.status_code == 200, played.get_json()
        assert played.get_json()["seed"] == limits.SEED_MAX
        above = client.post(f"/api/v1/{path}", json={**body, "seed": limits.SEED_MAX + 1})
        assert above.status_code == 400, path
    # without the API's schema (the command line), the simulator holds the same bound
    with pytest.raises(TitanError) as caught:
        odds({**ODDS, "seed": limits.SEED_MAX + 1})
    assert caught.value.path == "seed"
    with pytest.raises(TitanError):
        odds({**ODDS, "seed": -1})
    for ask in (arena_odds.odds, arena_advice.advice):
        with pytest.raises(TitanError) as caught:
            ask({**ARENA, "seed": limits.SEED_MAX + 1}, max_games=20, default_games=20)
        assert caught.value.path == "seed"


def test_the_arena_holds_the_published_games_bounds_without_the_schema():
    for ask in (arena_odds.odds, arena_advice.advice):
        for games in (limits.MIN_TRIALS - 1, 21):
            with pytest.raises(TitanError) as caught:
                ask({**ARENA, "games": games}, max_games=20, default_games=20)
            assert caught.value.path == "games"
