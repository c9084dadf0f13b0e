"""POST /api/v1/odds and /api/v1/compare: the DESIGN's contract, 400 for shape, 422 for rules."""

from __future__ import annotations

import pytest

BODY = {
    "terrain": "Plains",
    "attacker": {"score": 0, "characters": ["Titan", "Ogre", "Ogre"]},
    "defender": {"score": 0, "characters": ["Troll", "Troll"]},
    "trials": 300,
    "seed": 12,
}


POSITION = {
    "terrain": "Plains", "entry_side": 1, "turn": 3, "phase": "maneuver",
    "active": "defender",
    "attacker": {"score": 0, "characters": [{"name": "Ogre", "hex": "D4", "hits": 2}]},
    "defender": {"score": 0, "characters": [{"name": "Troll", "hex": "C3", "hits": 0}]},
    "summon_used": False, "reinforcement_used": False,
}  # fmt: skip


def post(client, path, body):
    return client.post(f"/api/v1/{path}", json=body)


def test_odds_answer_has_the_contract_fields(client):
    r = post(client, "odds", BODY)
    assert r.status_code == 200, r.get_json()
    a = r.get_json()
    for key in ("attacker_wins", "defender_wins", "mutual_elimination", "time_loss"):
        assert set(a["outcomes"][key]) == {"p", "ci95"}
        lo, hi = a["outcomes"][key]["ci95"]
        assert 0 <= lo <= a["outcomes"][key]["p"] <= hi <= 1
    for side, names in (("attacker", ["Titan", "Ogre", "Ogre"]), ("defender", ["Troll", "Troll"])):
        s = a[side]
        assert [c["name"] for c in s["survival"]] == names
        for key in ("expected_survivors", "expected_points", "points_distribution", "titan_killed"):
            assert key in s
    assert sum(a["rounds"].values()) == pytest.approx(1.0)
    assert a["trials"] == 300 and a["seed"] == 12 and a["battles_per_second"] > 0
    assert a["truncated"] is False


def test_same_seed_same_answer(client):
    one = post(client, "odds", BODY).get_json()
    two = post(client, "odds", BODY).get_json()
    assert one["outcomes"] == two["outcomes"]


def test_default_trials_from_the_settings(app, client):
    app.config["DEFAULT_TRIALS"] = 123
    body = {k: v for k, v in BODY.items() if k != "trials"}
    assert post(client, "odds", body).get_json()["trials"] == 123


def test_land_instead_of_terrain_2_1(client):
    body = {**BODY, "terrain": None, "land": 100}
    a = post(client, "odds", body).get_json()
    assert a["terrain"] == "Tower" and a["entry_side"] == 5  # 10.2


@pytest.mark.parametrize(
    ("change", "path"),
    [
        pytest.param({"trials": "many"}, "trials", id="trials-not-an-integer"),
        pytest.param({"attacker": {"characters": "Ogre"}}, "attacker.characters", id="not-a-list"),
        pytest.param({"seed": -1}, "seed", id="negative-seed"),
        pytest.param({"colour": "red"}, "colour", id="unknown-field"),
        pytest.param({"side": "attacker"}, "side", id="compare-field-on-odds"),
        pytest.param({"search": {"rollouts": 0}}, "search.rollouts", id="no-rollouts"),
        pytest.param({"search": {"rollouts": 65}}, "search.rollouts", id="too-many-rollouts"),
        pytest.param(
            {"search": {"candidates": ["sly"]}}, "search.candidates[0]", id="unknown-candidate"
        ),
    ],
)
def test_bad_shape_is_400(client, change, path):
    r = post(client, "odds", {**BODY, **change})
    assert r.status_code == 400
    assert path in {d["path"] for d in r.get_json()["error"]["details"]}


@pytest.mark.parametrize(("value", "said"), [("yes", "'yes'"), (1, "1"), (None, "null")])
def test_a_flag_takes_true_or_false_and_says_so(client, value, said):
    r = post(client, "odds", {**BODY, "reinforce": value})
    assert r.status_code == 400
    assert r.get_json()["error"]["details"] == [
        {"path": "reinforce", "rule": None, "message": f"true or false, not {said}"}
    ]


@pytest.mark.parametrize(
    ("change", "rule", "path"),
    [
        pytest.param({"attacker": {"characters": ["Orc"]}}, "3.5", "attacker.characters[0]",
                     id="3.5-unknown-character"),
        pytest.param({"defender": {"characters": ["Ogre"] * 8}}, "4.1", "defender.characters",
                     id="4.1-legion-over-seven"),
        pytest.param({"land": 1, "terrain": "Desert"}, "2.1", "terrain",
                     id="2.1-terrain-and-land-disagree"),
        pytest.param({"entry_side": 2}, "10.1", "entry_side", id="10.1-entry-side"),
        pytest.param({"attacker": {"characters": ["Titan", "Titan"]}}, "3.1",
                     "attacker.characters[1]", id="3.1-two-titans"),
        pytest.param({"terrain": "Sea"}, "2.2", "terrain", id="2.2-unknown-terrain"),
        pytest.param({"position": {**POSITION, "defender": {"characters": [
                         {"name": "Balrog", "hex": "C3"}]}}}, "3.5",
                     "position.defender.characters[0].name", id="3.5-unknown-in-the-position"),
        pytest.param({"position": {**POSITION, "terrain": "Sea"}}, "2.2", "position.terrain",
                     id="2.2-unknown-terrain-of-the-position"),
        pytest.param({"position": {**POSITION, "defender": {"characters": [
                         {"name": "Troll", "hex": "D4"}]}}}, "11.5",
                     "position.defender.characters[0].hex", id="11.5-two-in-one-hex"),
    ],
)  # fmt: skip
def test_against_the_rules_is_422(client, change, rule, path):
    """Each problem's path names the field of the request it is in, inside a position too."""
    r = post(client, "odds", {**BODY, **change})
    assert r.status_code == 422, r.get_json()
    details = r.get_json()["error"]["details"]
    assert rule in {d["rule"] for d in details}
    assert path in {d["path"] for d in details}


def test_trials_over_the_limit_is_422(app, client):
    app.config["MAX_TRIALS"] = 1000
    r = post(client, "odds", {**BODY, "trials": 1001})
    assert r.status_code == 422
    assert r.get_json()["error"]["details"][0]["path"] == "trials"


def test_time_budget_truncates(app, client):
    app.config["TIME_BUDGET_SECONDS"] = 0.0
    a = post(client, "odds", {**BODY, "trials": 5000}).get_json()
    assert a["truncated"] is True and 0 < a["trials"] < 5000


def test_position_of_a_half_fought_battle(client):
    body = {"terrain": "Plains", "position": POSITION, "trials": 200, "seed": 1}
    r = post(client, "odds", body)
    assert r.status_code == 200, r.get_json()
    a = r.get_json()
    assert [c["name"] for c in a["attacker"]["survival"]] == ["Ogre"]
    assert a["alternatives"]["flee"]["allowed"] is False  # 9.2: only before the Battle


def test_compare_ranks_given_candidates(client):
    body = {
        "terrain": "Plains",
        "legion": {"score": 0, "characters": ["Ogre", "Ogre"]},
        "opponent": {"score": 0, "characters": ["Troll", "Troll"]},
        "candidates": [["Ogre"], ["Ogre", "Ogre", "Troll"]],
        "trials": 300,
        "seed": 5,
    }
    r = post(client, "compare", body)
    assert r.status_code == 200, r.get_json()
    ranked = r.get_json()["candidates"]
    assert [c["rank"] for c in ranked] == [1, 2]
    assert ranked[0]["win"]["p"] >= ranked[1]["win"]["p"]


def test_compare_bad_candidate_is_422(client):
    body = {
        "terrain": "Plains",
        "legion": {"score": 0, "characters": ["Ogre"]},
        "opponent": {"score": 0, "characters": ["Troll"]},
        "candidates": [["Ogre"], ["Gnome"]],
        "trials": 10,
    }
    r = post(client, "compare", body)
    assert r.status_code == 422
    assert r.get_json()["error"]["details"][0]["path"] == "candidates[1][0]"


def test_compare_needs_an_opponent_400(client):
    r = post(client, "compare", {"terrain": "Plains", "legion": {"characters": ["Ogre"]}})
    assert r.status_code == 400


def test_the_search_setting_is_played_and_answered(client):
    """A searching side plays with the rollouts and candidates asked for; the answer says so,
    and null when no side searches."""
    body = {
        **BODY,
        "trials": 4,
        "tactics": {"attacker": "lookahead"},
        "search": {"rollouts": 2, "candidates": ["aggressive", "defensive"]},
    }
    a = post(client, "odds", body).get_json()
    assert a["search"] == {"rollouts": 2, "candidates": ["aggressive", "defensive"]}
    assert post(client, "odds", {**BODY, "trials": 4}).get_json()["search"] is None


def test_a_default_of_one_style_says_so(client, monkeypatch):
    """Where the default's mix holds one style for a side, the sentence says that style played
    every Battle, not "one style a Battle"."""
    from simulator import how_played

    one = {"attacker": {"guarded": 1.0}, "defender": {"balanced": 0.5, "measured": 0.5}}
    monkeypatch.setattr(how_played, "played_mix", lambda spec: one)
    play = post(client, "odds", {**BODY, "trials": 32}).get_json()["play"]
    assert play["attacker"]["summary"] == (
        "The attacker played the default: guarded in every Battle, from its first phase to "
        "its last."
    )
    assert play["defender"]["summary"].startswith("The defender played the default: one style")


def test_the_answer_says_how_each_side_played(client):
    """The answer's play: the default plays one style a Battle, drawn from the engagement's
    mix, its shares those of style_mix; a fixed style plays itself throughout."""
    body = {**BODY, "trials": 64, "tactics": {"defender": "steadfast"}}
    a = post(client, "odds", body).get_json()
    attacker, defender = a["play"]["attacker"], a["play"]["defender"]
    assert attacker["tactic"] == "default" and attacker["styles"] == a["style_mix"]["attacker"]
    assert not attacker["changes_within_a_battle"] and "mix" in attacker["chosen_by"]
    assert len(attacker["styles"]) > 1
    assert attacker["summary"].startswith("The attacker played the default: one style a Battle")
    assert defender == {
        "tactic": "steadfast",
        "chosen_by": "one fixed style",
        "styles": {"steadfast": 1.0},
        "changes_within_a_battle": False,
        "summary": "The defender played steadfast throughout.",
    }
