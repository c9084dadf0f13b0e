"""The odds entry point: checks before simulating (with rule numbers), chunking, seeds, budget."""

from __future__ import annotations

import pytest

from engine.errors import RuleError, TitanError, UnknownName, Violations
from simulator.odds import OddsRequest, engagement_of, odds

OGRES = {"score": 0, "characters": ["Ogre", "Ogre"]}
TROLL = {"score": 0, "characters": ["Troll"]}


def request(**changes):
    body = {"terrain": "Plains", "attacker": OGRES, "defender": TROLL}
    body.update(changes)
    return body


REFUSED = {
    "3.5-unknown-character": (
        request(attacker={"score": 0, "characters": ["Ogre", "Orc"]}),
        UnknownName, "3.5", "attacker.characters[1]"),
    "4.1-legion-over-seven": (
        request(defender={"score": 0, "characters": ["Ogre"] * 8}),
        RuleError, "4.1", "defender.characters"),
    "4.1-empty-legion": (
        request(defender={"score": 0, "characters": []}), RuleError, "4.1", "defender.characters"),
    "3.1-two-titans-in-a-legion": (
        request(attacker={"score": 0, "characters": ["Titan", "Titan", "Ogre"]}),
        RuleError, "3.1", "attacker.characters[1]"),
    "2.1-terrain-and-land-disagree": (
        request(land=1, terrain="Tundra"), RuleError, "2.1", "terrain"),
    "2.1-unknown-land": (request(land=77, terrain=None), UnknownName, "2.1", "land"),
    "2.2-unknown-terrain": (request(terrain="Sea"), UnknownName, "2.2", "terrain"),
    "10.1-entry-side-not-1-3-5": (request(entry_side=2), RuleError, "10.1", "entry_side"),
    "15.0-only-lords-are-summoned": (request(summonable="Ogre"), RuleError, "15.0", "summonable"),
    "9.0-a-legion-is-missing": (
        {"terrain": "Plains", "attacker": OGRES}, RuleError, "9.0", "defender"),
    "2.3-more-counters-than-the-box": (
        request(attacker={"score": 0, "characters": ["Hydra"] * 6},
                defender={"score": 0, "characters": ["Hydra"] * 5}),
        RuleError, "2.3", "attacker.characters[0]"),
    "16.0-negative-score": (
        request(attacker={"score": -5, "characters": ["Ogre"]}), RuleError, "16.0",
        "attacker.score"),
}  # fmt: skip


@pytest.mark.parametrize("case", REFUSED, ids=list(REFUSED))
def test_refused_before_simulating(case):
    body, error, rule, path = REFUSED[case]
    with pytest.raises(error) as caught:
        engagement_of(OddsRequest.from_dict(body))
    assert caught.value.rule == rule
    assert caught.value.path == path


def test_several_problems_are_reported_together():
    body = request(entry_side=4, summonable="Troll")
    with pytest.raises(Violations) as caught:
        engagement_of(OddsRequest.from_dict(body))
    assert {p.rule for p in caught.value.problems} == {"10.1", "15.0"}


def test_trials_over_the_limit():
    with pytest.raises(TitanError) as caught:
        odds(request(trials=501), max_trials=500)
    assert caught.value.path == "trials"


@pytest.mark.parametrize(
    ("land", "terrain"),
    [pytest.param(1, "Plains", id="2.1-land-1"), pytest.param(100, "Tower", id="2.1-land-100")],
)
def test_land_gives_the_terrain_2_1(land, terrain):
    engagement = engagement_of(OddsRequest.from_dict(request(terrain=None, land=land)))
    assert engagement.terrain == terrain


@pytest.mark.parametrize(
    ("terrain", "given", "used"),
    [
        pytest.param("Tower", None, 5, id="10.2-the-tower-defaults-to-side-5"),
        pytest.param("Tower", 5, 5, id="10.2-the-tower-from-side-5"),
        pytest.param("Plains", None, 1, id="10.1-elsewhere-defaults-to-side-1"),
        pytest.param("Plains", 3, 3, id="10.1-elsewhere-any-four-hex-side"),
    ],
)
def test_the_side_fought_from_10_1_10_2(terrain, given, used):
    engagement = engagement_of(OddsRequest.from_dict(request(terrain=terrain, entry_side=given)))
    assert engagement.start.entry_side == used


@pytest.mark.parametrize("side", [1, 3])
def test_the_tower_from_another_side_is_refused_10_2(side):
    """10.2: the attacker always enters the Tower from side 5; another side is refused, as
    engine.battle_checks refuses it in a position (docs/rulings.md)."""
    with pytest.raises(RuleError) as caught:
        engagement_of(OddsRequest.from_dict(request(terrain="Tower", entry_side=side)))
    assert (caught.value.rule, caught.value.path) == ("10.2", "entry_side")


TOWER_POSITION = {
    "terrain": "Tower", "entry_side": 5, "turn": 2, "phase": "maneuver", "active": "attacker",
    "attacker": {"score": 0, "characters": [{"name": "Ogre", "hex": "C2", "hits": 0}]},
    "defender": {"score": 0, "characters": [{"name": "Troll", "hex": "D4", "hits": 0}]},
}  # fmt: skip


def test_a_position_and_a_request_name_one_side_10_1():
    position = {**TOWER_POSITION, "terrain": "Plains", "entry_side": 3}
    engagement = engagement_of(OddsRequest.from_dict({"position": position}))
    assert engagement.start.entry_side == 3
    with pytest.raises(RuleError) as caught:
        engagement_of(OddsRequest.from_dict({"position": position, "entry_side": 1}))
    assert (caught.value.rule, caught.value.path) == ("10.1", "entry_side")


@pytest.mark.parametrize(
    ("path", "body", "where"),
    [
        pytest.param(
            "odds", request(terrain="Tower", entry_side=1), "entry_side", id="10.2-odds-request"
        ),
        pytest.param(
            "odds",
            {"position": {**TOWER_POSITION, "entry_side": 3}},
            "position.entry_side",
            id="10.2-odds-position",
        ),
        pytest.param(
            "compare",
            {"terrain": "Tower", "entry_side": 3, "legion": OGRES, "opponent": TROLL},
            "entry_side",
            id="10.2-compare",
        ),
        pytest.param(
            "rules/battle/moves",
            {"position": {**TOWER_POSITION, "entry_side": 1}, "hex": "C2"},
            None,  # the battle rule queries name paths inside the position
            id="10.2-battle-rule-query",
        ),
    ],
)
def test_the_api_refuses_the_tower_from_another_side_10_2(client, path, body, where):
    r = client.post(f"/api/v1/{path}", json=body)
    assert r.status_code == 422, r.get_json()
    details = r.get_json()["error"]["details"]
    assert [d["rule"] for d in details] == ["10.2"]
    if where is not None:
        assert details[0]["path"] == where


def test_the_api_answers_with_the_side_used_10_2(client):
    body = {**request(terrain="Tower"), "trials": 20, "seed": 4}
    r = client.post("/api/v1/odds", json=body)
    assert r.status_code == 200, r.get_json()
    assert r.get_json()["entry_side"] == 5


def test_a_titan_in_each_legion_is_two_players_9_0():
    """The request names no players: the two Legions are two players' (docs/rulings.md)."""
    titan = {"score": 120, "characters": ["Titan", "Ogre"]}
    engagement = engagement_of(OddsRequest.from_dict(request(attacker=titan, defender=titan)))
    assert engagement.attacker.characters == engagement.defender.characters == ("Titan", "Ogre")


def _without_timing(answer):
    return {k: v for k, v in answer.items() if k not in ("seconds", "battles_per_second")}


def test_the_same_seed_gives_the_same_answer_however_chunked():
    body = request(trials=900, seed=20240601)
    whole = odds(body, chunk=900)
    pieces = odds(body, chunk=250)
    assert _without_timing(whole) == _without_timing(pieces)
    assert whole["trials"] == 900 and whole["seed"] == 20240601


def test_a_seed_is_chosen_and_reported_when_absent():
    answer = odds(request(trials=50))
    again = odds(request(trials=50, seed=answer["seed"]))
    assert _without_timing(answer)["outcomes"] == _without_timing(again)["outcomes"]
    assert isinstance(answer["seed"], int) and answer["battles_per_second"] > 0


def test_an_exhausted_time_budget_truncates_between_chunks():
    answer = odds(request(trials=1000, seed=3), chunk=200, time_budget=0.0)
    assert answer["truncated"] is True
    assert answer["trials"] == 200  # the first chunk always runs
    assert answer["requested_trials"] == 1000
    full = odds(request(trials=1000, seed=3), chunk=200)
    assert full["truncated"] is False and full["trials"] == 1000


def test_answer_has_the_fields_of_the_contract():
    answer = odds(request(trials=200, seed=1))
    assert set(answer["outcomes"]) == {
        "attacker_wins", "defender_wins", "mutual_elimination", "time_loss"
    }  # fmt: skip
    for side in ("attacker", "defender"):
        for key in ("survival", "expected_survivors", "expected_points", "points_distribution",
                    "titan_killed"):  # fmt: skip
            assert key in answer[side]
    assert [s["name"] for s in answer["attacker"]["survival"]] == ["Ogre", "Ogre"]
    assert sum(answer["rounds"].values()) == pytest.approx(1.0)
    assert sum(o["p"] for o in answer["outcomes"].values()) == pytest.approx(1.0)
    assert answer["alternatives"]["flee"]["attacker_points"] == 8  # 9.2: Troll 16 / 2


def test_an_overwhelming_attacker_wins_and_scores_the_full_value_16_0():
    """Seven Colossi against one Ogre on the Plains. The kernel's outcome codes must reach
    the right side: nearly every Battle an attacker win worth the Ogre's 12 points (16.0)."""
    body = request(
        attacker={"score": 0, "characters": ["Colossus"] * 7},
        defender={"score": 0, "characters": ["Ogre"]},
        trials=400,
        seed=99,
    )
    answer = odds(body)
    wins = answer["outcomes"]["attacker_wins"]["p"]
    assert wins > 0.9
    assert answer["attacker"]["points_distribution"].get("12", 0.0) == pytest.approx(wins)
    assert answer["attacker"]["expected_points"] == pytest.approx(12 * wins)
    assert answer["defender"]["survival"][0]["p"] < 0.1


def test_titan_deaths_are_reported_per_side_19_3():
    """A lone Titan of score 0 against seven Colossi: when it falls the Battle ends (19.3) and
    its player's side scores nothing; the Colossi score its 24 points."""
    body = request(
        attacker={"score": 0, "characters": ["Colossus"] * 7},
        defender={"score": 0, "characters": ["Titan"]},
        trials=300,
        seed=5,
    )
    answer = odds(body)
    killed = answer["defender"]["titan_killed"]
    assert killed > 0.9
    assert answer["attacker"]["points_distribution"].get("24", 0.0) == pytest.approx(killed)
    assert answer["defender"]["expected_points"] == 0.0
