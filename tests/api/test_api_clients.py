"""What a new user or another client meets first: names in any case, closest-name help,
errors at their own path, every problem of a request at once, the lost Titan (10.5)."""

from __future__ import annotations

import json
import re
import textwrap

import numpy as np
import pytest

from engine.characters import NAMES
from engine.names import canonical, closest
from simulator.battles import BattleRecords, Outcome
from simulator.engagement import Engagement, Legion, score_battles
from tests.helpers.paths import ROOT
from tests.helpers.readme import curl_examples, parsed

ODDS = "/api/v1/odds"
MOVES = "/api/v1/rules/masterboard/moves"


def details(response) -> list[tuple]:
    return [(d["path"], d["rule"]) for d in response.json["error"]["details"]]


@pytest.mark.parametrize(
    ("given", "valid", "expected"),
    [
        pytest.param("ogre", NAMES, "Ogre", id="lower-case"),
        pytest.param("PLAINS", ("Plains", "Woods"), "Plains", id="upper-case"),
        pytest.param(" Troll ", NAMES, "Troll", id="spaces"),
        pytest.param("Ogr", NAMES, None, id="not-a-name"),
        pytest.param(3, NAMES, None, id="not-a-string"),
    ],
)
def test_canonical_names_any_case(given, valid, expected):
    assert canonical(given, valid) == expected


def test_closest_names():
    assert closest("Ogr", NAMES)[0] == "Ogre"
    assert closest("gargoyel", NAMES)[0] == "Gargoyle"
    assert closest("Plans", ("Plains", "Woods"))[0] == "Plains"


def test_names_in_any_case_are_accepted(client):
    r = client.post(
        ODDS,
        json={
            "terrain": "plains",
            "attacker": {"characters": ["titan", "OGRE"]},
            "defender": {"characters": ["troll"]},
            "summonable": "angel",
            "tactics": {"attacker": "Aggressive"},
            "trials": 50,
            "seed": 1,
        },
    )
    assert r.status_code == 200, r.json
    assert r.json["terrain"] == "Plains"
    assert [s["name"] for s in r.json["attacker"]["survival"]] == ["Titan", "Ogre"]
    assert r.json["summonable"] == "Angel"
    assert r.json["tactics"]["attacker"] == "aggressive"


def test_an_unknown_name_gets_the_closest_valid_ones(client):
    r = client.post(
        ODDS,
        json={
            "terrain": "Plains",
            "attacker": {"characters": ["Ogr"]},
            "defender": {"characters": ["Troll"]},
        },
    )
    assert r.status_code == 422
    (detail,) = r.json["error"]["details"]
    assert detail["path"] == "attacker.characters[0]" and detail["rule"] == "3.5"
    assert detail["suggestions"][0] == "Ogre"
    assert set(detail["valid"]) == set(NAMES)
    assert "did you mean Ogre" in detail["message"]


def test_every_problem_of_a_request_is_reported_at_once(client):
    r = client.post(
        ODDS,
        json={
            "terrain": "Plans",
            "attacker": {"characters": ["Titan", "Titan", "Ogr"]},
            "defender": {"characters": ["Troll"]},
            "tactics": {"defender": "sneaky"},
            "trials": 10**9,
        },
    )
    assert r.status_code == 422
    assert set(details(r)) >= {
        ("terrain", "2.2"),
        ("attacker.characters[2]", "3.5"),
        ("tactics.defender", None),
        ("trials", None),
    }


def test_rule_problems_and_the_trials_limit_together(client):
    r = client.post(
        ODDS,
        json={
            "terrain": "Plains",
            "attacker": {"characters": ["Titan", "Titan"]},
            "defender": {"characters": ["Troll"]},
            "trials": 10**9,
        },
    )
    assert r.status_code == 422
    assert details(r) == [("attacker.characters[1]", "3.1"), ("trials", None)]


def test_compare_reports_the_trials_limit_with_the_rules(client):
    r = client.post(
        "/api/v1/compare",
        json={
            "terrain": "Plains",
            "legion": {"characters": ["Ogre"] * 8},
            "opponent": {"characters": ["Troll"]},
            "candidates": [["Ogre"] * 8],
            "trials": 10**9,
        },
    )
    assert r.status_code == 422
    assert {path for path, _ in details(r)} >= {"candidates[0]", "trials"}


def test_unknown_lands_of_a_masterboard_move_are_reported_where_they_are(client):
    r = client.post(
        MOVES,
        json={
            "land": 1,
            "characters": ["Ogre", "Ogr"],
            "roll": 1,
            "friendly": [7, 4444],
            "enemy": [999],
        },
    )
    assert r.status_code == 422
    assert details(r) == [
        ("friendly[1]", "2.1"),
        ("enemy[0]", "2.1"),
        ("characters[1]", "3.5"),
    ]


def test_an_unknown_engaged_land_is_reported_at_engaged(client):
    r = client.post(MOVES, json={"land": 1, "characters": ["Ogre"], "roll": 1, "engaged": [0]})
    assert details(r) == [("engaged[0]", "2.1")]


def _records(outcome, titan_alive: bool, titan_slain: bool) -> BattleRecords:
    return BattleRecords(
        outcome=np.array([outcome], dtype=np.int8),
        rounds=np.array([7], dtype=np.int8),
        attacker_alive=np.array([[titan_alive, True, False]]),
        defender_alive=np.array([[True, False]]),
        summoned=np.array([False]),
        reinforcement=np.array([-1], dtype=np.int16),
        reinforcement_names=(),
        titan_slain=np.array([[titan_slain, False]]),
    )


@pytest.mark.parametrize(
    ("outcome", "titan_alive", "titan_slain", "killed", "lost"),
    [
        pytest.param(Outcome.TIME_LOSS, True, False, False, True, id="10.5-time-loss-loses-it"),
        pytest.param(Outcome.TIME_LOSS, False, True, True, True, id="19.3-slain-then-time-out"),
        pytest.param(Outcome.DEFENDER_WINS, False, True, True, True, id="19.3-slain"),
        pytest.param(Outcome.ATTACKER_WINS, True, False, False, False, id="kept"),
    ],
)
def test_a_titan_eliminated_on_a_time_loss_is_lost_10_5(
    outcome, titan_alive, titan_slain, killed, lost
):
    engagement = Engagement("Plains", Legion(100, ("Titan", "Ogre")), Legion(0, ("Troll",)))
    scored = score_battles(engagement, _records(outcome, titan_alive, titan_slain))
    assert bool(scored.attacker.titan_slain[0]) is killed
    assert bool(scored.attacker.titan_lost[0]) is lost
    assert scored.attacker.has_titan and not scored.defender.has_titan


def test_the_answer_tells_titan_lost_and_whether_a_side_has_a_titan(client):
    r = client.post(
        ODDS,
        json={
            "terrain": "Tower",
            "attacker": {"score": 100, "characters": ["Titan", "Ogre"]},
            "defender": {"characters": ["Troll", "Troll", "Troll"]},
            "tactics": {"defender": "defensive"},
            "trials": 200,
            "seed": 3,
        },
    )
    attacker, defender = r.json["attacker"], r.json["defender"]
    assert attacker["has_titan"] is True and defender["has_titan"] is False
    assert attacker["titan_lost"] >= attacker["titan_killed"]
    assert attacker["titan_lost"] >= r.json["outcomes"]["time_loss"]["p"]
    assert defender["titan_lost"] == defender["titan_killed"] == 0.0


# --- docs/api.md, the guide for client authors -------------------------------------------

GUIDE = ROOT / "docs" / "api.md"


def _guide_curls():
    text = GUIDE.read_text()
    blocks = re.findall(r"```sh\n(.*?)```", text, re.S)
    return curl_examples("".join(f"```sh\n{textwrap.dedent(b)}```" for b in blocks))


@pytest.mark.parametrize(("arguments", "printed"), _guide_curls())
def test_the_guides_curl_examples_work_as_printed(client, arguments, printed):
    path, headers, body = parsed(arguments)
    response = client.post(path, data=body, headers=headers)
    assert response.status_code == 200, response.get_data(as_text=True)[:300]
    if printed is not None:
        assert response.get_json() == json.loads(printed)


def test_the_guides_half_fought_battle_is_answered(client):
    text = GUIDE.read_text()
    block = next(b for b in re.findall(r"```json\n(.*?)```", text, re.S) if '"position"' in b)
    body = {**json.loads(block), "trials": 100}
    response = client.post(ODDS, json=body)
    assert response.status_code == 200, response.json
    assert [s["name"] for s in response.json["attacker"]["survival"]] == ["Titan", "Ogre", "Troll"]


def test_the_guide_is_linked_from_the_readme_and_the_api_browser(client):
    readme = (ROOT / "README.md").read_text()
    assert "docs/api.md" in readme
    page = client.get("/api/v1/docs").get_data(as_text=True)
    assert 'href="/api/v1/docs/api.md"' in page
    guide = client.get("/api/v1/docs/api.md")
    assert guide.status_code == 200 and guide.mimetype == "text/markdown"
    assert guide.get_data(as_text=True) == GUIDE.read_text()
    assert "/api/v1/docs/api.md" in client.get("/api/v1/openapi.json").json["info"]["description"]


def test_identical_characters_are_counted_together():
    from simulator.statistics import survivors_by_name

    alive = np.array([[True, True, False], [True, False, True], [False, False, True]])
    assert survivors_by_name(alive, ["Ogre", "Ogre", "Lion"]) == [
        {"name": "Ogre", "count": 2, "distribution": {"0": 1 / 3, "1": 1 / 3, "2": 1 / 3}},
        {"name": "Lion", "count": 1, "distribution": {"0": 1 / 3, "1": 2 / 3}},
    ]
