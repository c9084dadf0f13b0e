"""POST /api/v1/validate, /api/v1/rules/masterboard/moves and /api/v1/rules/recruits."""

from __future__ import annotations

import pytest

from tests.helpers.game_states import midgame, opening


def test_validate_a_valid_state(client):
    r = client.post("/api/v1/validate", json={"state": opening()})
    assert r.status_code == 200
    assert r.json == {"valid": True, "violations": []}


def test_validate_reports_violations_with_path_and_rule_4_1(client):
    state = midgame()
    state["legions"][0]["characters"] = ["Titan"] + ["Ogre"] * 7
    r = client.post("/api/v1/validate", json={"state": state})
    assert r.status_code == 200
    assert r.json["valid"] is False
    assert {
        "code": "legion_too_large",
        "path": "state.legions[0].characters",
        "rule": "4.1",
    }.items() <= r.json["violations"][0].items()


def test_validate_an_action_5_2(client):
    state = {**opening(), "phase": "split", "movement_roll": None}
    action = {
        "type": "split",
        "legion": "Rd01",
        "new_marker": "Rd03",
        "characters": ["Ogre", "Centaur"],
    }
    r = client.post("/api/v1/validate", json={"state": state, "action": action})
    assert r.status_code == 200
    assert [v["rule"] for v in r.json["violations"]] == ["5.2"]


def test_validate_the_designs_example_shape(client):
    """The DESIGN's example body is read (it is not a whole game, so it has violations)."""
    body = {
        "state": {
            "variant": "default",
            "turn": 3,
            "mover": "Red",
            "phase": "move",
            "movement_roll": 4,
            "players": [
                {
                    "color": "Red",
                    "score": 120,
                    "tower": 100,
                    "eliminated": False,
                    "markers_available": ["Rd03", "Rd04"],
                }
            ],
            "legions": [
                {
                    "marker": "Rd01",
                    "player": "Red",
                    "land": 100,
                    "characters": ["Titan", "Ogre", "Ogre"],
                    "moved": False,
                    "entry_side": None,
                }
            ],
            "caretaker": {"Angel": 16, "Ogre": 20},
            "dead": {"Lion": 1},
        },
        "action": {"type": "move", "legion": "Rd01", "to": 5, "entry_side": 1, "teleport": None},
    }
    r = client.post("/api/v1/validate", json=body)
    assert r.status_code == 200
    assert r.json["valid"] is False
    assert all(set(v) == {"code", "message", "path", "rule"} for v in r.json["violations"])


@pytest.mark.parametrize(
    "body",
    [
        pytest.param({}, id="no-state"),
        pytest.param({"state": {"players": "x", "legions": []}}, id="players-not-a-list"),
        pytest.param({"state": {"players": [], "legions": [{"marker": 1}]}}, id="bad-legion"),
        pytest.param({"state": {"players": [], "legions": [], "phase": "lunch"}}, id="bad-phase"),
        pytest.param(
            {"state": {"players": [], "legions": []}, "action": {"type": "dance"}}, id="bad-action"
        ),
        pytest.param({"state": {"players": [], "legions": [], "turn": "3"}}, id="turn-as-text"),
    ],
)
def test_malformed_is_400(client, body):
    r = client.post("/api/v1/validate", json=body)
    assert r.status_code == 400
    assert r.json["error"]["code"] == "malformed"


def test_moves_short_form_7_4(client):
    r = client.post(
        "/api/v1/rules/masterboard/moves", json={"land": 4, "characters": ["Ogre"], "roll": 2}
    )
    assert r.status_code == 200
    assert r.json == {"moves": [{"land": 102, "entry_side": 1, "teleport": None}]}


def test_moves_short_form_with_legions_7_1(client):
    body = {"land": 1, "characters": ["Ogre"], "roll": 1, "friendly": [2]}
    r = client.post("/api/v1/rules/masterboard/moves", json=body)
    assert [m["land"] for m in r.json["moves"]] == [1000]


def test_moves_over_a_state_8_2(client):
    state = midgame(movement_roll=6, scores={"Red": 450})
    r = client.post("/api/v1/rules/masterboard/moves", json={"state": state, "legion": "Rd01"})
    assert r.status_code == 200
    titan = {(m["land"], m["entry_side"]) for m in r.json["moves"] if m["teleport"] == "titan"}
    assert titan == {(30, 1), (30, 3), (30, 5), (41, 1), (41, 3), (41, 5)}


@pytest.mark.parametrize(
    ("body", "status"),
    [
        pytest.param({"land": 43, "characters": [], "roll": 1}, 422, id="2.1-unknown-land"),
        pytest.param(
            {"land": 1, "characters": ["Orc"], "roll": 1}, 422, id="3.5-unknown-character"
        ),
        pytest.param({"land": 1, "characters": [], "roll": 7}, 400, id="roll-off-the-die"),
        pytest.param({"land": 1, "characters": []}, 422, id="6.2-no-roll"),
        pytest.param({"characters": []}, 400, id="no-land"),
        pytest.param({"state": midgame(), "legion": "Rd09"}, 422, id="4.2-unknown-legion"),
    ],
)
def test_moves_refused(client, body, status):
    r = client.post("/api/v1/rules/masterboard/moves", json=body)
    assert r.status_code == status
    assert "error" in r.json


def test_recruits_short_form_18_4(client):
    r = client.post(
        "/api/v1/rules/recruits", json={"land": 41, "characters": ["Ogre", "Ogre", "Troll"]}
    )
    assert r.status_code == 200
    trolls = [x["reveal"] for x in r.json["recruits"] if x["character"] == "Troll"]
    assert sorted(trolls) == [["Ogre", "Ogre"], ["Troll"]]


def test_recruits_over_a_state_use_the_caretaker_18_0(client):
    state = midgame(caretaker={"Ogre": 0}, dead={"Ogre": 24})
    state["legions"][0]["land"] = 41  # a Marsh
    r = client.post("/api/v1/rules/recruits", json={"state": state, "legion": "Rd01"})
    assert r.status_code == 200
    assert {x["character"] for x in r.json["recruits"]} == {"Troll"}


def test_recruits_tower_18_5(client):
    r = client.post(
        "/api/v1/rules/recruits",
        json={"land": 300, "characters": ["Titan"], "variant": "titanplus"},
    )
    assert {x["character"] for x in r.json["recruits"]} == {"Cyclops", "Lion", "Troll", "Warlock"}


@pytest.mark.parametrize(
    "body",
    [
        pytest.param({"land": 41}, id="no-characters"),
        pytest.param({"state": midgame()}, id="no-legion"),
        pytest.param({"land": "41", "characters": []}, id="land-as-text"),
    ],
)
def test_recruits_malformed_is_400(client, body):
    assert client.post("/api/v1/rules/recruits", json=body).status_code == 400


def test_state_with_unknown_names_is_422_for_queries(client):
    state = midgame()
    state["legions"][0]["characters"] = ["Orc"]
    r = client.post("/api/v1/rules/recruits", json={"state": state, "legion": "Rd01"})
    assert r.status_code == 422
    assert r.json["error"]["details"][0]["path"] == "state.legions[0].characters[0]"


def _eight_high():
    state = midgame()
    state["legions"][1]["characters"] = ["Angel"] + ["Lion"] * 7
    return state


def _two_titans():
    state = midgame(movement_roll=6)
    state["legions"][1]["characters"] = ["Titan", "Lion", "Lion"]
    return state


@pytest.mark.parametrize(
    ("path", "body", "rule", "where"),
    [
        pytest.param(
            "rules/recruits",
            {"state": _eight_high(), "legion": "Rd01"},
            "4.1",
            "state.legions[1].characters",
            id="4.1-recruits-in-a-state-with-a-legion-of-eight",
        ),
        pytest.param(
            "rules/masterboard/moves",
            {"state": _two_titans(), "legion": "Rd01"},
            "3.1",
            "state.legions[1].characters",
            id="3.1-moves-in-a-state-with-two-titans",
        ),
        pytest.param(
            "rules/masterboard/moves",
            {"state": midgame(phase="split"), "legion": "Rd01", "roll": 3},
            "6.2",
            "state.movement_roll",
            id="6.2-moves-in-a-state-rolled-before-splitting",
        ),
    ],
)
def test_queries_refuse_a_state_the_rules_do_not_allow(client, path, body, rule, where):
    """A state query answers only about a state of the game: the state's problems are the
    422's details, each with its rule, as /validate would list them (docs/rulings.md)."""
    r = client.post(f"/api/v1/{path}", json=body)
    assert r.status_code == 422, r.json
    details = r.json["error"]["details"]
    assert {"rule": rule, "path": where}.items() <= details[0].items()
    valid = client.post("/api/v1/validate", json={"state": body["state"]}).json
    assert [(v["rule"], v["path"]) for v in valid["violations"]] == [
        (d["rule"], d["path"]) for d in details
    ]


def _move_from_42_into_1(entry_side: int) -> dict:
    return {
        "state": {
            "turn": 3,
            "mover": "Red",
            "phase": "move",
            "movement_roll": 1,
            "players": [{"color": "Red", "score": 120, "tower": 100}],
            "legions": [
                {"marker": "Rd01", "player": "Red", "land": 42, "characters": ["Titan", "Ogre"]}
            ],
        },
        "action": {"type": "move", "legion": "Rd01", "to": 1, "entry_side": entry_side},
    }


def test_validate_judges_the_entry_side_as_the_clients_number_it_10_1(client):
    """From land 42 into land 1 a Legion crosses side 1 of land 1 (its label side is 0)."""
    r = client.post("/api/v1/validate", json=_move_from_42_into_1(1))
    assert r.json == {"valid": True, "violations": []}
    r = client.post("/api/v1/validate", json=_move_from_42_into_1(5))
    assert [(v["code"], v["rule"], v["path"]) for v in r.json["violations"]] == [
        ("wrong_entry_side", "10.1", "action.entry_side")
    ]
    r = client.post(
        "/api/v1/rules/masterboard/moves", json={"land": 42, "characters": ["Ogre"], "roll": 1}
    )
    assert {"land": 1, "entry_side": 1, "teleport": None} in r.json["moves"]
