"""POST /api/v1/rules/battle/moves and /strikes: shape (400), rules (422), answers."""

from __future__ import annotations

import copy

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.hexes import LABELS
from tests.helpers.positions import POSITION


def post(client, what: str, body) -> tuple[int, dict]:
    r = client.post(f"/api/v1/rules/battle/{what}", json=body)
    return r.status_code, r.get_json()


def body(**changes):
    b = {"position": copy.deepcopy(POSITION), "hex": "E2"}
    b.update(changes)
    return b


def test_moves_of_a_character_on_the_board_11_2(client):
    """The Ogre (skill 2) at E2: the Cliff to E1 (11.7) forbids E1, which holds the Hydra
    anyway; the answer is in label order."""
    status, answer = post(client, "moves", body())
    assert status == 200, answer
    moves = answer["moves"]
    assert moves == sorted(moves, key=LABELS.index)
    assert "E2" not in moves and "E1" not in moves
    assert {"D2", "D3", "E3", "F1", "F2", "F3"} <= set(moves)
    assert "D1" not in moves  # Sand: D2 then D1 costs 1 + 2


def test_moves_of_an_off_board_summoned_angel_15_1(client):
    status, answer = post(client, "moves", body(hex=None, side="attacker", name="Angel"))
    assert status == 200, answer
    assert {"F1", "F2", "F3", "F4"} <= set(answer["moves"])
    assert "A1" not in answer["moves"]


def test_moves_of_a_character_in_contact_is_empty_11_3(client):
    b = body(hex="C3")
    b["position"]["attacker"]["characters"][0]["hex"] = "D3"  # D3 touches C3
    status, answer = post(client, "moves", b)
    assert status == 200, answer
    assert answer == {"moves": []}


MALFORMED = [
    ("no-position", {"hex": "E2"}, "position"),
    ("no-hex-key", {"position": POSITION}, "hex"),
    ("hex-null-without-name", {"position": POSITION, "hex": None, "side": "attacker"}, "hex"),
    ("unknown-field", {**body(), "colour": "red"}, "colour"),
    ("unknown-position-field", body(position={**POSITION, "weather": "rain"}), "position.weather"),
    ("turn-as-string", body(position={**POSITION, "turn": "2"}), "position.turn"),
    ("phase-unknown", body(position={**POSITION, "phase": "muster"}), "position.phase"),
    ("side-unknown", body(hex=None, side="neutral", name="Angel"), "side"),
    ("characters-not-a-list", body(position={**POSITION, "attacker": {"characters": 3}}),
     "position.attacker.characters"),
]  # fmt: skip


@pytest.mark.parametrize(("b", "path"), [pytest.param(*m[1:], id=m[0]) for m in MALFORMED])
@pytest.mark.parametrize("what", ["moves", "strikes"])
def test_malformed_is_400(client, what, b, path):
    status, answer = post(client, what, b)
    assert status == 400, answer
    assert answer["error"]["code"] == "malformed"
    assert path in {d["path"] for d in answer["error"]["details"]}


def test_not_json_is_400(client):
    r = client.post("/api/v1/rules/battle/moves", data="D4", content_type="text/plain")
    assert r.status_code == 400


def _two_in_one_hex():
    b = body()
    b["position"]["defender"]["characters"][0]["hex"] = "E2"
    return b


def _unknown_character():
    b = body()
    b["position"]["defender"]["characters"][1]["name"] = "Balrog"
    return b


AGAINST_RULES = [
    ("11.5-two-in-one-hex", _two_in_one_hex(), "11.5", "position.defender.characters[0].hex"),
    ("10.5-turn-9", body(position={**POSITION, "turn": 9}), "10.5", "position.turn"),
    (
        "10.1-entry-side-4",
        body(position={**POSITION, "entry_side": 4}),
        "10.1",
        "position.entry_side",
    ),
    ("2.2-unknown-hex-label", body(hex="G7"), "2.2", "hex"),
    ("11.0-no-character-on-hex", body(hex="A1"), None, "hex"),
    ("11.0-no-such-off-board", body(hex=None, side="defender", name="Angel"), None, "name"),
    ("3.5-unknown-character", _unknown_character(), "3.5", "position.defender.characters[1].name"),
    (
        "2.2-unknown-terrain",
        body(position={**POSITION, "terrain": "Ocean"}),
        "2.2",
        "position.terrain",
    ),
]


@pytest.mark.parametrize(
    ("b", "rule", "path"), [pytest.param(*c[1:], id=c[0]) for c in AGAINST_RULES]
)
@pytest.mark.parametrize("what", ["moves", "strikes"])
def test_against_the_rules_is_422(client, what, b, rule, path):
    status, answer = post(client, what, b)
    assert status == 422, answer
    details = answer["error"]["details"]
    assert path in {d["path"] for d in details}
    assert all(d["rule"] for d in details)
    if rule is not None:
        assert rule in {d["rule"] for d in details}


def test_moves_openapi_marks():
    from api.routes import battle_rules

    for view in (battle_rules.moves, battle_rules.strikes):
        assert view.openapi["request"] is not None and view.openapi["response"] is not None


def test_position_schema_defaults_tower_to_side_5_10_2():
    from api.schemas.position import BattlePositionSchema

    p = BattlePositionSchema().load({"terrain": "Tower"})
    assert p.entry_side == 5
    assert BattlePositionSchema().load({"terrain": "Plains"}).entry_side == 1


def test_strikes_of_a_character_in_contact_12_2(client):
    """The Ogre (skill 2) at D3 strikes the Lion (skill 3) at C3 on the plain: 4 + 3 - 2 = 5
    with its 6 dice (12.2's own example, no hazard between them)."""
    b = body(hex="D3", position={**POSITION, "phase": "strike", "terrain": "Plains"})
    b["position"]["attacker"]["characters"][0]["hex"] = "D3"
    b["position"]["attacker"]["characters"][0]["hits"] = 0
    status, answer = post(client, "strikes", b)
    assert status == 200, answer
    strikes = [s for s in answer["strikes"] if s["kind"] == "strike"]
    assert {(s["target"], s["strike_number"], s["dice"]) for s in strikes} == {("C3", 5, 6)}


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 12) | st.sampled_from(["D4", "Ogre", "x", ""]),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3)
    ),
    max_leaves=8,
)
FIELDS = [
    ("hex",), ("side",), ("name",), ("position", "terrain"), ("position", "turn"),
    ("position", "entry_side"), ("position", "phase"), ("position", "active"),
    ("position", "attacker"), ("position", "defender", "characters"),
    ("position", "summon_used"), ("position", "attacker", "score"),
]  # fmt: skip


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.sampled_from(FIELDS), JSON, st.sampled_from(["moves", "strikes"]))
def test_never_a_500(client, field, value, what):
    """Any value in any field is answered 200, 400 or 422."""
    b = body()
    target = b
    for key in field[:-1]:
        target = target[key]
    target[field[-1]] = value
    status, answer = post(client, what, b)
    assert status in {200, 400, 422}, answer
    if status != 200:
        assert set(answer["error"]) == {"code", "message", "details"}


def test_many_problems_are_all_detailed_but_summarised_in_the_message(client):
    """Every problem of a position is in ``details``; the ``message`` names the first three
    and counts the rest, so a hostile position cannot make it grow without bound."""
    b = body()
    b["position"]["defender"]["characters"] = [
        {"name": "Lion", "hex": label, "hits": 5}  # 5 hits on a Lion of Power 5: slain (12.3)
        for label in ("A1", "A2", "A3", "B1", "B2", "B3")
    ]
    status, answer = post(client, "moves", b)
    assert status == 422, answer
    details = answer["error"]["details"]
    assert len(details) >= 6
    assert answer["error"]["message"].endswith(f"; and {len(details) - 3} more")
    assert answer["error"]["message"].count(";") == 3
