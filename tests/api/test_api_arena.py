"""POST /api/v1/arena/validate (and, below, odds and advice): shapes, problems, paths."""

from __future__ import annotations

import copy

import pytest

from api.routes.arena import EXAMPLE_STATE


def state(**changes):
    s = copy.deepcopy(EXAMPLE_STATE)
    s.update(changes)
    return s


def validate(client, s, action=None):
    r = client.post("/api/v1/arena/validate", json={"state": s, "action": action})
    assert r.status_code == 200, r.get_json()
    return r.get_json()


def test_the_example_is_valid(client):
    assert validate(client, state()) == {"valid": True, "violations": []}


BAD_STATES = [
    ("2-unknown-card", {"hand": ["Cyclop 8"]}, "unknown_card", "state.hand[0]", "2"),
    ("1-unknown-player", {"to_move": "Zed"}, "unknown_player", "state.to_move", "1"),
    ("2-card-twice", {"hand": ["Cyclops 8", "Hydra 2", "Troll 7", "Warlock 0", "Spectator 4",
                               "Ranger 6", "Dragon 9", "Unicorn 5"]},
     "card_twice", "state.columns[0].Cyclops[0]", "2"),
    ("2-card-count", {"draw_pile": 70}, "card_count", "state", "2"),
    ("8-columns", {"round": 2, "eliminated": ["Troll"]}, "columns", "state.columns", "8"),
    ("4-wrong-row", {"columns": [{"Cyclops": ["Cyclops 8"], "Troll": ["Hydra 3"]}]},
     "wrong_row", "state.columns[0].Troll", "4"),
]  # fmt: skip


@pytest.mark.parametrize(
    "changes, code, path, rule", [r[1:] for r in BAD_STATES], ids=[r[0] for r in BAD_STATES]
)
def test_bad_states(client, changes, code, path, rule):
    found = validate(client, state(**changes))
    assert not found["valid"]
    assert {"code": code, "path": path, "rule": rule} in [
        {k: v[k] for k in ("code", "path", "rule")} for v in found["violations"]
    ]


ACTIONS = [
    ("7-bet-and-cyclops-power", {"wager": {"type": "bet", "creature": "Hydra"},
     "play": {"card": "Cyclops 10", "creature": "Cyclops", "power": {"target": "Bob"}}}, None),
    ("7-one-chip-per-creature-a-round", {"wager": {"type": "bet", "creature": "Ranger"},
     "play": {"card": "Troll 7", "creature": "Troll"}}, ("bet_refused", "7")),
    ("8-own-row", {"play": {"card": "Troll 7", "creature": "Hydra"}}, ("wrong_row", "8")),
    ("6-card-in-hand", {"play": {"card": "Troll 9", "creature": "Troll"}},
     ("card_not_in_hand", "6")),
    ("15-not-the-backer", {"play": {"card": "Troll 7", "creature": "Troll",
                                    "power": {"place": {"place": "discard"}}}},
     ("no_power", "15")),
    ("7-secret-bet", {"wager": {"type": "secret", "card": "Hydra 2"}}, None),
    ("7-secret-is-the-play", {"wager": {"type": "secret", "card": "Hydra 2"},
     "play": {"card": "Troll 7", "creature": "Troll"}}, ("secret_is_the_play", "7")),
    ("11-no-living-discards", {"play": {"card": "Troll 7", "creature": "Troll"},
     "discards": ["Warlock 0"]}, ("bad_discard", "11")),
]  # fmt: skip


@pytest.mark.parametrize("action, problem", [r[1:] for r in ACTIONS], ids=[r[0] for r in ACTIONS])
def test_turns(client, action, problem):
    found = validate(client, state(), action)
    if problem is None:
        assert found == {"valid": True, "violations": []}
    else:
        assert [(v["code"], v["rule"]) for v in found["violations"]] == [problem]


def test_another_players_turn_names_unseen_cards(client):
    s = state(to_move="Bob")
    assert validate(client, s, {"play": {"card": "Hydra 5", "creature": "Hydra"}})["valid"]
    found = validate(client, s, {"play": {"card": "Hydra 2", "creature": "Hydra"}})
    assert found["violations"][0]["code"] == "card_not_in_hand"  # Ann holds it


def test_malformed_is_400(client):
    r = client.post("/api/v1/arena/validate", json={"state": {"players": "x"}})
    assert r.status_code == 400 and r.get_json()["error"]["code"] == "malformed"


def test_openapi_examples(client):
    doc = client.get("/api/v1/openapi.json").get_json()
    for path, ops in doc["paths"].items():
        if path.startswith("/api/v1/arena/"):
            body = ops["post"]["requestBody"]["content"]["application/json"]
            assert "example" in body, path
            r = client.post(path, json=body["example"])
            assert r.status_code == 200, (path, r.get_json())


# POST /api/v1/arena/odds and /advice ------------------------------------------------------------


def test_odds_answer_shape(client):
    r = client.post("/api/v1/arena/odds", json={"state": state(), "games": 400, "seed": 5})
    assert r.status_code == 200, r.get_json()
    body = r.get_json()
    assert body["games"] == 400 and body["seed"] == 5
    assert set(body["creatures"]) == {
        "Cyclops", "Dragon", "Hydra", "Ranger", "Titan", "Troll", "Unicorn", "Warlock"
    }  # fmt: skip
    cyclops = body["creatures"]["Cyclops"]
    assert len(cyclops["dies_in_round"]) == 5 and set(cyclops["survives"]) == {"p", "ci95"}
    assert set(body["players"]) == {"Ann", "Bob", "Cat"}
    assert set(body["players"]["Ann"]) >= {"expected_ducats", "wins"}
    again = client.post("/api/v1/arena/odds", json={"state": state(), "games": 400, "seed": 5})
    assert again.get_json()["creatures"] == body["creatures"]  # a seed repeats its games


def test_odds_refuses_a_table_against_the_rules(client):
    r = client.post("/api/v1/arena/odds", json={"state": state(draw_pile=3)})
    assert r.status_code == 422
    assert r.get_json()["error"]["details"][0]["rule"] == "2"


def test_odds_unknown_policy_is_400(client):
    r = client.post("/api/v1/arena/odds", json={"state": state(), "policies": {"Bob": "wild"}})
    assert r.status_code == 400


def test_advice_ranks_legal_plays(client):
    r = client.post(
        "/api/v1/arena/advice", json={"state": state(), "games": 600, "seed": 2, "max_plays": 6}
    )
    assert r.status_code == 200, r.get_json()
    body = r.get_json()
    assert body["considered"] == 6 and len(body["plays"]) == 6
    ducats = [p["expected_ducats"] for p in body["plays"]]
    assert ducats == sorted(ducats, reverse=True)
    for p in body["plays"]:  # every play advised is legal per the rules
        assert validate(client, state(), p["action"])["valid"], p


def test_advice_only_for_the_player_to_move(client):
    r = client.post("/api/v1/arena/advice", json={"state": state(to_move="Bob"), "games": 10})
    assert r.status_code == 422 and r.get_json()["error"]["details"][0]["rule"] == "6"


def test_the_page_is_linked_from_the_battle_page(client):
    assert 'href="/arena"' in client.get("/").get_data(as_text=True)
    page = client.get("/arena")
    assert page.status_code == 200 and "Titan: The Arena" in page.get_data(as_text=True)
    assert client.get("/static/arena.js").status_code == 200
