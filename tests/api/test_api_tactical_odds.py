"""POST /api/v1/tactical/odds: a Tactical Titan fight's odds over HTTP, its limits and refusals."""

from __future__ import annotations

import copy

import pytest

from api import create_app
from api.routes.tactical_odds import EXAMPLE

PATH = "/api/v1/tactical/odds"


def body(**changes):
    found = copy.deepcopy(EXAMPLE)
    found.update({"fights": 200, **changes})
    return found


def test_the_example_is_answered_with_every_players_odds(client):
    r = client.post(PATH, json=body())
    assert r.status_code == 200, r.get_json()
    found = r.get_json()
    assert [p["name"] for p in found["players"]] == ["Red", "Blue"]
    assert found["fights"] == 200 and found["seed"] == 1 and not found["truncated"]
    for p in found["players"]:
        for key in ("titan_falls", "holds_field"):
            lo, hi = p[key]["ci95"]
            assert 0 <= lo <= p[key]["p"] <= hi <= 1
        assert p["points"]["mean"] >= 0 and p["healing"]["mean"] >= 0
    fell = sum(p["titan_falls"]["p"] for p in found["players"])
    assert fell + found["undecided"]["p"] >= 0.999  # a fight stops on a fallen Titan or runs out
    assert len(found["characters"]) == len(EXAMPLE["state"]["characters"])
    assert sum(found["turns"]["distribution"].values()) == pytest.approx(1.0)
    assert 1 <= found["turns"]["mean"] <= found["max_turns"] == 20


def test_the_same_seed_plays_the_same_fights(client):
    first = client.post(PATH, json=body(seed=5)).get_json()
    again = client.post(PATH, json=body(seed=5)).get_json()
    for answer in (first, again):
        answer.pop("fights_per_second")
    assert first == again


@pytest.mark.parametrize(
    ("change", "path"),
    [
        ({"fights": 0}, "fights"),
        ({"fights": "many"}, "fights"),
        ({"turns": 0}, "turns"),
        ({"until": "forever"}, "until"),
        ({"state": "two_shores"}, "state"),
        ({"seed": -1}, "seed"),
    ],
)
def test_a_malformed_request_is_a_400_naming_the_field(client, change, path):
    r = client.post(PATH, json=body(**change))
    assert r.status_code == 400, r.get_json()
    assert any(d["path"] == path for d in r.get_json()["error"]["details"])


def test_a_state_against_the_rules_is_a_422_naming_the_rule(client):
    bad = body()
    bad["state"]["characters"][1]["hex"] = bad["state"]["characters"][0]["hex"]  # two in a hex
    r = client.post(PATH, json=bad)
    assert r.status_code == 422
    details = r.get_json()["error"]["details"]
    assert any(d["rule"] == "TITAN 11.5" or d["rule"] == "7.3" for d in details), details


def test_a_state_that_cannot_be_read_is_a_422_at_its_path(client):
    bad = body()
    bad["state"]["characters"][0]["hex"] = "ZZ99"
    r = client.post(PATH, json=bad)
    assert r.status_code == 422
    assert r.get_json()["error"]["details"][0]["path"].startswith("state.characters[0]")


def test_a_game_already_over_is_refused_with_2_2_2(client):
    over = body()
    over["state"]["characters"] = [c for c in over["state"]["characters"] if c["player"] == "Red"]
    over["state"]["players"][1]["eliminated"] = True
    r = client.post(PATH, json=over)
    assert r.status_code == 422, r.get_json()
    assert r.get_json()["error"]["details"][0]["rule"] == "2.2.2"


@pytest.mark.parametrize(
    ("setting", "value", "change", "path"),
    [
        ("TACTICAL_MAX_FIGHTS", 100, {"fights": 101}, "fights"),
        ("TACTICAL_MAX_TURNS", 10, {"turns": 11}, "turns"),
        ("TACTICAL_MAX_CHARACTERS", 13, {}, "state.characters"),
    ],
)
def test_the_service_limits_are_settings(setting, value, change, path):
    client = create_app({"TESTING": True, setting: value}).test_client()
    r = client.post(PATH, json=body(**change))
    assert r.status_code == 422, r.get_json()
    detail = r.get_json()["error"]["details"][0]
    assert detail["path"] == path and f"TITAN_{setting}" in detail["message"]


def test_a_request_without_fights_plays_the_default(monkeypatch):
    client = create_app({"TESTING": True, "TACTICAL_DEFAULT_FIGHTS": 150}).test_client()
    plain = body()
    del plain["fights"]
    found = client.post(PATH, json=plain).get_json()
    assert found["fights"] == 150


def test_the_odds_are_documented_with_their_example(client):
    doc = client.get("/api/v1/openapi.json").get_json()
    post = doc["paths"][PATH]["post"]
    assert post["requestBody"]["content"]["application/json"]["example"] == EXAMPLE
    assert "200" in post["responses"] and "422" in post["responses"]


def test_the_default_fights_may_not_exceed_the_most():
    from api.config import check

    _, problems = check(
        {"TITAN_TACTICAL_DEFAULT_FIGHTS": "300", "TITAN_TACTICAL_MAX_FIGHTS": "200"}
    )
    assert any(p.startswith("TITAN_TACTICAL_DEFAULT_FIGHTS=300 is above") for p in problems)


def test_a_kraken_out_of_water_is_refused_9_2(client):
    """9.2: the Kraken and the Sea King live only in Water; the state check says so."""
    bad = body()
    bad["state"]["characters"][1]["name"] = "Kraken"
    r = client.post(PATH, json=bad)
    assert r.status_code == 422
    detail = r.get_json()["error"]["details"][0]
    assert detail["rule"] == "TITAN 11.5" and "Kraken may not be in" in detail["message"]


# --- an Engagement under Tactical Titan's rules: POST /api/v1/odds with "variant": "tactical" ---

ENGAGEMENT = {
    "terrain": "Woods",
    "variant": "tactical",
    "attacker": {"score": 120, "characters": ["Titan", "Druid", "Troll", "Colossus"]},
    "defender": {"characters": ["Hydra", "Cleric", "Ogre", "Venemous Wyrm"]},
    "trials": 300,
    "seed": 2,
}


def test_an_engagement_is_answered_under_tactical_titans_rules(client):
    from api.schemas.odds import OddsResponseSchema

    r = client.post("/api/v1/odds", json=ENGAGEMENT)
    assert r.status_code == 200, r.get_json()
    found = r.get_json()
    assert OddsResponseSchema().validate(found) == {}
    assert found["variant"] == "tactical" and found["trials"] == 300
    assert found["alternatives"] is None and found["style_mix"] is None
    assert found["attacker"]["healing"]["mean"] > 0  # the Druid heals (5.2)
    names = [c["name"] for c in found["defender"]["survival"]]
    assert names == ["Hydra", "Cleric", "Ogre", "Venemous Wyrm"]


def test_a_tactical_titan_character_in_a_titan_battle_is_refused_by_name(client):
    r = client.post("/api/v1/odds", json={**ENGAGEMENT, "variant": "default"})
    assert r.status_code == 422
    details = r.get_json()["error"]["details"]
    druid = next(d for d in details if d["path"] == "attacker.characters[1]")
    assert '"variant": "tactical"' in druid["message"]  # a Druid is Tactical Titan's


@pytest.mark.parametrize(
    ("change", "path", "rule"),
    [
        ({"defender": {"characters": ["Kraken"]}}, "defender.characters[0]", "9.2"),
        ({"summonable": "Angel"}, "summonable", "15.0"),
        ({"tactics": {"defender": "aggressive"}}, "tactics.defender", "4.0"),
    ],
)
def test_what_the_variant_does_not_play_is_refused_at_its_field(client, change, path, rule):
    r = client.post("/api/v1/odds", json={**ENGAGEMENT, **change})
    assert r.status_code == 422, r.get_json()
    (detail,) = r.get_json()["error"]["details"]
    assert detail["path"] == path and detail["rule"] == rule


def test_a_traced_battle_is_titans_only(client):
    r = client.post("/api/v1/odds/trace", json={**ENGAGEMENT, "trials": None})
    assert r.status_code == 422
    assert "variant" in [d["path"] for d in r.get_json()["error"]["details"]]


def test_a_batch_mixes_both_books_each_answered_or_refused_on_its_own(client):
    titan = {**ENGAGEMENT, "variant": "default", "attacker": {"characters": ["Troll"]},
             "defender": {"characters": ["Ogre"]}}  # fmt: skip
    kraken = {**ENGAGEMENT, "defender": {"characters": ["Kraken"]}}
    r = client.post("/api/v1/odds/batch", json={"engagements": [ENGAGEMENT, titan, kraken]})
    assert r.status_code == 200, r.get_json()
    first, second, third = r.get_json()["answers"]
    assert first["variant"] == "tactical" and first["attacker"]["healing"]["mean"] > 0
    assert second["variant"] == "default" and "healing" not in second["attacker"]
    assert third["error"]["details"][0]["rule"] == "9.2"


def test_muster_choices_are_compared_under_the_variant(client):
    from api.schemas.odds import CompareResponseSchema

    body = {"terrain": "Woods", "variant": "tactical", "legion": {"characters": ["Troll"]},
            "opponent": {"characters": ["Ogre", "Ogre"]}, "trials": 200, "seed": 1,
            "candidates": [["Troll", "Druid"], ["Troll", "Ogre"]]}  # fmt: skip
    r = client.post("/api/v1/compare", json=body)
    assert r.status_code == 200, r.get_json()
    assert CompareResponseSchema().validate(r.get_json()) == {}
    assert r.get_json()["variant"] == "tactical"
    r = client.post("/api/v1/compare", json={**body, "candidates": None})
    assert r.status_code == 422 and r.get_json()["error"]["details"][0]["path"] == "candidates"


def test_the_state_an_engagement_starts_from_plays_the_same_fights(client):
    """POST /api/v1/tactical/engagement gives the state "variant": "tactical" plays from: the
    Battleland as a map without towers, the defender first, a Legion without its Titan fighting
    without it; played on with /tactical/odds for seven rounds to one side left, on the same
    seed, its fights are the very fights of the odds (docs/rulings.md)."""
    from api.routes.tactical_odds import ENGAGEMENT_EXAMPLE

    r = client.post("/api/v1/tactical/engagement", json=ENGAGEMENT_EXAMPLE)
    assert r.status_code == 200, r.get_json()
    state = r.get_json()["state"]
    defender, attacker = state["players"]
    assert (defender["name"], attacker["name"], state["active"]) == (
        "Defender",
        "Attacker",
        "Defender",
    )
    assert defender["tower"] is None and defender["titan_elsewhere"] and attacker["score"] == 120
    fights = client.post(PATH, json={"state": state, "fights": 300, "turns": 14,
                                     "until": "one_player", "seed": 4}).get_json()  # fmt: skip
    odds = client.post("/api/v1/odds", json={**ENGAGEMENT, "trials": 300, "seed": 4}).get_json()
    by_name = {p["name"]: p for p in fights["players"]}
    assert by_name["Defender"]["holds_field"]["p"] == odds["outcomes"]["defender_wins"]["p"]
    assert by_name["Attacker"]["holds_field"]["p"] == odds["outcomes"]["attacker_wins"]["p"]
    assert by_name["Attacker"]["healing"]["mean"] == odds["attacker"]["healing"]["mean"]
    legal = client.post("/api/v1/tactical/rules/legal", json={"state": state})
    assert legal.status_code == 200
    kraken = {**ENGAGEMENT_EXAMPLE, "defender": {"characters": ["Kraken"]}}
    assert client.post("/api/v1/tactical/engagement", json=kraken).status_code == 422
