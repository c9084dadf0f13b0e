"""The published contract, case by case: what users found the service doing against its own
OpenAPI document, each now answered as the document says (tests/api/test_fuzz.py checks the
same both ways on generated requests)."""

from __future__ import annotations

import copy
import io
import logging

import pytest
from openapi_schema_validator import OAS30Validator

from api import create_app
from api.openapi import NULL, build_document
from engine.arena.state import EXAMPLE_STATE
from engine.scoring import LEGION_LIMIT
from simulator.limits import JSON_SAFE_INTEGER, MAX_HITS, MAX_SCORE, SEED_MAX
from simulator.tactics import STYLES
from tests.helpers.bodies import ODDS
from tests.helpers.positions import POSITION

SMALL = {"TESTING": True, "MAX_TRIALS": 40, "DEFAULT_TRIALS": 10, "TIME_BUDGET_SECONDS": 0.5}


@pytest.fixture
def small():
    return create_app(SMALL).test_client()


@pytest.fixture(scope="module")
def doc():
    return build_document(create_app(SMALL))


def allowed(doc: dict, component: str, value: object) -> bool:
    root = {"$ref": f"#/components/schemas/{component}", "components": doc["components"]}
    return OAS30Validator({"allOf": [root], "components": doc["components"]}).is_valid(value)


@pytest.fixture
def tracebacks(caplog):
    """What the service logs with a traceback or as an error: none for a client's mistake."""
    caplog.set_level(logging.WARNING)
    yield lambda: [r.getMessage() for r in caplog.records if r.exc_info or r.levelno >= 40]


def details(response) -> list[tuple[str | None, str | None]]:
    return [(d["path"], d["rule"]) for d in response.get_json()["error"]["details"]]


# --- names and labels: one grammar, ASCII digits only ---------------------------------------


def arena_state_with_hand_card(card: str) -> dict:
    state = copy.deepcopy(EXAMPLE_STATE)
    state["hand"] = [card, *state["hand"][1:]]
    return state


@pytest.mark.parametrize("path", ["arena/validate", "arena/odds", "arena/advice"])
def test_a_card_with_a_superscript_digit_is_an_unknown_card_not_a_500_2(small, tracebacks, path):
    body = {"state": arena_state_with_hand_card("Troll ²")}
    if path != "arena/validate":
        body["games"] = 5
    response = small.post(f"/api/v1/{path}", json=body)
    if path == "arena/validate":
        assert response.status_code == 200
        (violation,) = response.get_json()["violations"]
        assert (violation["code"], violation["path"], violation["rule"]) == (
            "unknown_card", "state.hand[0]", "2")  # fmt: skip
    else:
        assert response.status_code == 422
        assert details(response) == [("state.hand[0]", "2")]
    assert not tracebacks()


# --- bodies read exactly ------------------------------------------------------------------


RECRUITS = b'{"land": 8, "characters": ["Ogre", "Ogre"]}'


def test_a_body_shorter_than_its_content_length_is_400_not_a_request(small):
    """gunicorn hands over what arrived before the client closed its side (tests/service has
    the same through a real gunicorn and a socket)."""
    response = small.post(
        "/api/v1/rules/recruits",
        input_stream=io.BytesIO(RECRUITS),
        content_type="application/json",
        environ_overrides={
            "wsgi.input_terminated": True,  # as gunicorn says: it ends the stream itself
            "CONTENT_LENGTH": str(len(RECRUITS) + 10),
        },
    )
    assert response.status_code == 400
    error = response.get_json()["error"]
    assert error["code"] == "malformed" and "Content-Length" in error["message"]
    assert (
        error["details"][0]["message"] == f"{len(RECRUITS)} of {len(RECRUITS) + 10} bytes arrived"
    )


@pytest.mark.parametrize(
    ("body", "content_type"),
    [
        pytest.param(RECRUITS.decode().encode("utf-16"), "application/json", id="utf-16"),
        pytest.param(RECRUITS.decode().encode("utf-32"), "application/json", id="utf-32"),
        pytest.param(
            b'{"land": 8, "characters": ["Ogre"], "variant": "d\xe9faut"}',
            "application/json",
            id="latin-1",
        ),
        pytest.param(RECRUITS, "application/json; charset=iso-8859-1", id="charset-latin-1"),
    ],
)
def test_a_body_is_utf_8_json(small, body, content_type):
    response = small.post("/api/v1/rules/recruits", data=body, content_type=content_type)
    assert response.status_code == 400
    assert "UTF-8" in str(response.get_json()["error"])
    declared = small.post(
        "/api/v1/rules/recruits", data=RECRUITS, content_type="application/json; charset=utf-8"
    )
    assert declared.status_code == 200


def test_options_is_204_with_allow(small):
    response = small.options("/api/v1/odds")
    assert response.status_code == 204 and response.data == b""
    assert "Content-Type" not in response.headers
    assert set(response.headers["Allow"].split(", ")) == {"POST", "OPTIONS"}


# --- sizes, Legions and positions the rules refuse, by their rule ----------------------------


def test_a_legion_of_30000_characters_is_refused_by_4_1(small):
    response = small.post(
        "/api/v1/rules/recruits", json={"land": 8, "characters": ["Ogre"] * 30000}
    )
    assert response.status_code == 422
    assert details(response) == [("characters", "4.1")]


def test_odds_of_two_empty_legions_in_an_unknown_variant_are_refused_16_0_21_3(small):
    position = {**POSITION, "attacker": {"score": 0, "characters": []},
                "defender": {"score": 0, "characters": []}}  # fmt: skip
    response = small.post(
        "/api/v1/odds", json={"position": position, "variant": "nonesuch", "trials": 5}
    )
    assert response.status_code == 422
    found = details(response)
    assert ("variant", "21.3") in found
    assert ("position.attacker.characters", "16.0") in found
    assert ("position.defender.characters", "16.0") in found


# --- every number within what the kernel holds, refused in the service's own words ---------


def test_a_score_beyond_the_bound_is_refused_at_its_path_without_a_traceback(small, tracebacks):
    body = {**ODDS, "attacker": {"score": 2**50, "characters": ["Titan"]}}
    response = small.post("/api/v1/odds", json=body)
    assert response.status_code == 400
    assert [p for p, _ in details(response)] == ["attacker.score"]
    assert "int16" not in response.get_data(as_text=True)
    assert not tracebacks()
    highest = {**ODDS, "attacker": {"score": MAX_SCORE, "characters": ["Titan"]}, "trials": 5}
    assert small.post("/api/v1/odds", json=highest).status_code == 200


@pytest.mark.parametrize("precision", [1e-300, 5e-324])
def test_a_precision_finer_than_any_number_of_battles_plays_to_the_cap(
    small, tracebacks, precision
):
    response = small.post("/api/v1/odds", json={**ODDS, "trials": 30, "precision": precision})
    assert response.status_code == 200, response.get_json()
    answer = response.get_json()
    assert answer["trials"] == 30 and answer["stopped"] == "trials"
    assert not tracebacks()


def test_an_integer_the_schema_allows_up_to_2_53_is_read(small, doc):
    state_turn = doc["components"]["schemas"]["GameState"]["properties"]["turn"]
    assert state_turn["maximum"] == JSON_SAFE_INTEGER  # the reader's bound, published
    body = {"state": {"turn": JSON_SAFE_INTEGER, "players": [], "legions": []}}
    assert small.post("/api/v1/validate", json=body).status_code == 200
    assert small.post("/api/v1/odds", json={**ODDS, "seed": SEED_MAX}).status_code == 200


@pytest.mark.parametrize(
    ("change", "path"),
    [
        pytest.param({"reinforce": 1}, "reinforce", id="1-is-no-boolean"),
        pytest.param({"precision": "0.01"}, "precision", id="a-string-is-no-number"),
        pytest.param({"attacker": {"score": "120", "characters": ["Ogre"]}}, "attacker.score",
                     id="a-string-is-no-integer"),
    ],
)  # fmt: skip
def test_a_value_of_another_json_type_is_400(small, change, path):
    response = small.post("/api/v1/odds", json={**ODDS, **change})
    assert response.status_code == 400
    assert [p for p, _ in details(response)] == [path]


def test_an_unknown_field_is_400_naming_the_fields_its_object_takes(small):
    """At any depth, in a batch's engagement too: the fields the object takes, and the one a
    misspelt name was likely meant for; none offered where none is near."""
    body = {**ODDS, "trails": 5, "attacker": {**ODDS["attacker"], "scroe": 1}}
    response = small.post("/api/v1/odds", json=body)
    assert response.status_code == 400
    found = {d["path"]: d["message"] for d in response.get_json()["error"]["details"]}
    assert found["trails"].startswith("unknown field 'trails': did you mean trials? It takes ")
    assert "attacker, defender, entry_side" in found["trails"]
    assert found["attacker.scroe"] == (
        "unknown field 'scroe': did you mean score? It takes characters, score"
    )
    response = small.post("/api/v1/tactical/odds", json={"state": {}, "trials": 10})
    (detail,) = [d for d in response.get_json()["error"]["details"] if d["path"] == "trials"]
    assert detail["message"].startswith("unknown field 'trials': it takes fights, ")
    batch = small.post("/api/v1/odds/batch", json={"engagements": [{**ODDS, "seeed": 1}]})
    (answer,) = batch.get_json()["answers"]
    (detail,) = answer["error"]["details"]
    assert detail["path"] == "engagements[0].seeed"
    assert detail["message"].startswith("unknown field 'seeed': did you mean seed? ")


def test_a_shape_error_is_at_its_json_path_and_names_what_an_object_takes(small):
    """Paths as docs/api.md writes them (``characters[1]``, never ``characters.1``), and a
    value where an object belongs refused at that value's own path (never under marshmallow's
    ``_schema``) with the fields the object takes."""
    legion = {**ODDS["attacker"], "characters": [*ODDS["attacker"]["characters"], 5]}
    response = small.post("/api/v1/odds", json={**ODDS, "attacker": legion})
    (detail,) = response.get_json()["error"]["details"]
    assert detail["path"] == f"attacker.characters[{len(legion['characters']) - 1}]"
    response = small.post("/api/v1/odds", json={**ODDS, "attacker": ["Troll"], "tactics": "x"})
    found = {d["path"]: d["message"] for d in response.get_json()["error"]["details"]}
    assert found == {
        "attacker": "must be a JSON object; it takes characters, score",
        "tactics": "must be a JSON object; it takes attacker, defender",
    }
    batch = small.post("/api/v1/odds/batch", json={"engagements": [{**ODDS, "defender": 7}]})
    (detail,) = batch.get_json()["answers"][0]["error"]["details"]
    assert detail["path"] == "engagements[0].defender"
    assert detail["message"].startswith("must be a JSON object; it takes characters")


def test_a_value_of_the_wrong_type_out_of_bounds_or_missing_is_said_in_the_services_words(small):
    """What the field takes and what was sent, never marshmallow's own text ("Not a valid
    integer.", "Must be greater than or equal to 1 ...", "Missing data for required field.")."""
    legion = {**ODDS["attacker"], "characters": "Troll"}
    sent = {
        **ODDS, "trials": "many", "terrain": 5, "attacker": legion,
        "search": {"rollouts": 0, "candidates": ["fast"]},
    }  # fmt: skip
    found = _messages(small.post("/api/v1/odds", json=sent))
    assert found == {
        "trials": 'must be a whole number, not "many"',
        "terrain": "must be a string, not 5",
        "attacker.characters": 'must be a JSON list, not "Troll"',
        "search.rollouts": "at least 1 and at most 64, not 0",
        "search.candidates[0]": f'one of {", ".join(STYLES)}; not "fast"',
    }
    found = _messages(small.post("/api/v1/odds", json={**ODDS, "search": {"candidates": []}}))
    assert found == {"search.candidates": "at least 1 entry, not 0"}
    assert _messages(small.post("/api/v1/tactical/odds", json={"state": 5})) == {
        "state": "must be a JSON object, not 5"
    }
    assert _messages(small.post("/api/v1/tactical/odds", json={})) == {
        "state": "missing: this request needs it"
    }


def _messages(response) -> dict[str, str]:
    assert response.status_code == 400, response.get_json()
    return {d["path"]: d["message"] for d in response.get_json()["error"]["details"]}


# --- the document says what the code checks ---------------------------------------------


def test_the_published_bounds_are_the_ones_the_code_checks(doc):
    schemas = doc["components"]["schemas"]
    for component in ("Legion", "Army"):
        score = schemas[component]["properties"]["score"]
        assert (score["minimum"], score["maximum"]) == (0, MAX_SCORE), component
    assert schemas["Figure"]["properties"]["hits"]["maximum"] == MAX_HITS
    characters = schemas["Legion"]["properties"]["characters"]
    assert (characters["minItems"], characters["maxItems"]) == (1, LEGION_LIMIT)  # 4.1
    assert schemas["GameState"]["properties"]["turn"]["minimum"] == -JSON_SAFE_INTEGER


def test_every_operation_publishes_every_status_it_answers(doc):
    for path, operations in doc["paths"].items():
        for method, operation in operations.items():
            assert {"408", "414", "431", "501", "505"} <= set(operation["responses"]), path
            if method == "post":
                assert {"400", "413", "422"} <= set(operation["responses"]), path


def test_fields_that_depend_on_each_other_are_published_9_0(doc):
    odds = doc["components"]["schemas"]["OddsRequest"]
    groups = [[b["required"] for b in rule["anyOf"]] for rule in odds["allOf"]]
    assert [["terrain"], ["land"], ["position"]] in groups
    assert [["attacker"], ["position"]] in groups and [["defender"], ["position"]] in groups
    assert not allowed(doc, "OddsRequest", {"attacker": ODDS["attacker"], "terrain": "Plains"})
    assert allowed(doc, "OddsRequest", ODDS)
    assert allowed(doc, "OddsRequest", {"position": POSITION})
    moves = doc["components"]["schemas"]["MovesRequest"]
    assert {"properties": {"state": NULL}} in moves["allOf"][1]["anyOf"]  # state or short form


def test_a_nullable_legion_is_null_or_a_legion_not_any_object(doc):
    assert allowed(doc, "OddsRequest", {**ODDS, "position": POSITION, "attacker": None})
    assert not allowed(doc, "OddsRequest", {**ODDS, "attacker": {"score": "x"}})


@pytest.mark.parametrize(
    ("body", "path"),
    [
        pytest.param({"position": POSITION, "hex": None}, "hex", id="off-board-side-and-name"),
        pytest.param({"land": 8, "characters": ["Ogre"], "state": {"players": [], "legions": []},
                      "legion": "Rd01"}, "state", id="state-and-short-form-apart"),
    ],
)  # fmt: skip
def test_a_dependency_the_document_states_is_refused_at_its_path(small, body, path):
    endpoint = "battle/moves" if "position" in body else "recruits"
    response = small.post(f"/api/v1/rules/{endpoint}", json=body)
    assert response.status_code == 400
    assert [p for p, _ in details(response)] == [path]
