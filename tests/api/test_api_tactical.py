"""Tactical Titan over HTTP (api/routes/tactical.py): the variant's facts, its example maps and
the checks of a map, cited by the sections of its book (004)."""

from __future__ import annotations

import copy

import pytest

from api import create_app
from api.routes.tactical import MAP_EXAMPLE
from api.tactical_examples import EXAMPLES
from engine.tactical.characters import CHARACTERS
from engine.tactical.maps import map_names, stored_map
from tests.helpers.tactical_maps import BAY, CENTRE, RIVER, small_map

TACTICAL = "/api/v1/tactical"


def checked(client, body: dict) -> dict:
    response = client.post(f"{TACTICAL}/maps/validate", json=body)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


# --- characters and Mastercharts ------------------------------------------------------------


def test_characters_are_every_character_of_the_variant_with_its_points(client):
    body = client.get(f"{TACTICAL}/characters").get_json()
    assert set(body["characters"]) == set(CHARACTERS)
    shown = body["characters"]
    # 11.0's table, a few lines of it
    assert shown["Ranger Captain"]["points"] == 75
    assert shown["Sea King"]["points"] == 90
    assert shown["Centaur"]["points"] == 10
    assert shown["Demon 5"]["points"] == 100  # a Skill-factor 4 Demon (10.1, 11.0)
    assert shown["Titan"]["points"] is None and shown["Titan"]["points_per_power"] == 10
    assert shown["Titan"]["power"] is None
    assert body["demons"] == [f"Demon {face}" for face in range(1, 7)]


@pytest.mark.parametrize(
    ("name", "ability", "value"),
    [
        ("Unicorn", "heal", "heal"),  # 5.2.1, 9.2 Woods
        ("Healer", "heal", "restore"),  # 5.2.2, 9.2 Hills
        ("Hydra", "regenerates", True),  # 5.3, 9.2 Swamp
        ("Ranger", "overstacks_in", ["Bog", "clear"]),  # 7.3, 9.2 Plains
        ("Colossus", "ignores", ["Bog", "Bramble"]),  # 12.2, 9.2 Tundra
        ("Warlock", "summons", "warlock"),  # 10.1
    ],
    ids=["5.2.1-unicorn", "5.2.2-healer", "5.3-hydra", "7.3-ranger", "12.2-colossus", "10.1"],
)
def test_characters_show_their_abilities(client, name, ability, value):
    shown = client.get(f"{TACTICAL}/characters").get_json()["characters"][name]
    assert shown["abilities"][ability] == value
    assert client.get(f"{TACTICAL}/characters").get_json()["characters"]["Ogre"]["abilities"] == {}


def test_mastercharts_are_the_books(client):
    body = client.get(f"{TACTICAL}/mastercharts").get_json()
    jungle = body["terrains"]["Jungle"]  # 9.2: 2 Gargoyle 6, 3 Cyclops 8, 2 Behemoth 10, Serpent 11
    lines = [(e["character"], e["needed_for_next"], e["muster_number"]) for e in jungle["column"]]
    assert lines == [
        ("Gargoyle", 2, 6),
        ("Cyclops", 3, 8),
        ("Behemoth", 2, 10),
        ("Serpent", None, 11),
    ]
    assert jungle["master_muster"] == "Allosaurus"
    assert "Sea" in body["terrains"] and "Tower" not in body["terrains"]
    tower = body["tower"]
    assert [lv["muster_number"] for lv in tower["levels"]] == [6, 8, 10]  # 9.2 Tower
    assert tower["master_muster"] == "Cleric"
    assert (body["warlock"]["alone"], body["warlock"]["together"]) == (12, 11)  # 10.1
    chances = [(c["least_points"], c["muster_number"]) for c in body["cleric"]["chances"]]
    assert chances[0] == (10, 7) and chances[-1] == (70, 12)  # 10.2
    assert body["cleric"]["together_bonus"] == 1


# --- the example maps -----------------------------------------------------------------------


def test_maps_lists_the_example_maps(client):
    listed = client.get(f"{TACTICAL}/maps").get_json()["maps"]
    assert [m["name"] for m in listed] == list(map_names())
    for row in listed:
        m = stored_map(row["name"])
        assert (row["players"], row["hexes"], row["regions"]) == (
            len(m.starting_towers),
            len(m.hexes),
            len(m.regions),
        )
    assert {m["name"]: m["players"] for m in listed}["two_shores"] == 2


@pytest.mark.parametrize("asked", ["two_shores", "Two Shores", "TWO-SHORES"])
def test_a_map_is_found_by_its_name_in_any_case(client, asked):
    response = client.get(f"{TACTICAL}/maps/{asked}")
    assert response.status_code == 200
    body = response.get_json()
    assert body["name"] == "two_shores"
    assert body["map"] == stored_map("two_shores").to_dict()


def test_an_unknown_map_is_a_404_with_the_closest_names(client):
    response = client.get(f"{TACTICAL}/maps/two_shore")
    assert response.status_code == 404
    error = response.get_json()["error"]
    assert error["code"] == "not_found"
    assert error["details"][0]["suggestions"] == ["two_shores"]
    assert set(error["details"][0]["valid"]) == set(map_names())


def test_the_layout_places_neighbours_one_step_apart(client):
    """Neighbours on the map (the engine's table) are drawn one hex apart: the same column two
    doubled rows apart, or the next column one row apart."""
    body = client.get(f"{TACTICAL}/maps/four_winds").get_json()
    m = stored_map("four_winds")
    layout = body["layout"]
    assert set(layout) == set(body["map"]["hexes"])
    for i, around in enumerate(m.neighbours):
        here = layout[m.name_of(i)]
        for j in around:
            there = layout[m.name_of(j)]
            step = (abs(there["x"] - here["x"]), abs(there["y"] - here["y"]))
            assert step in ((0, 2), (1, 1)), (m.name_of(i), m.name_of(j))


@pytest.mark.parametrize("name", map_names())
def test_an_example_map_sent_back_is_valid(client, name):
    sent = client.get(f"{TACTICAL}/maps/{name}").get_json()["map"]
    assert checked(client, {"map": sent}) == {
        "valid": True,
        "problems": [],
        "layout": client.get(f"{TACTICAL}/maps/{name}").get_json()["layout"],
    }


# --- checking a map (2.1-2.1.2, 3.1, 12.1) --------------------------------------------------


def _water_in_fields(m):
    m["hexes"]["C4"]["hazard"] = "Water"


def _river_with_a_top(m):
    side = next(s for s in m["hexsides"] if s["hazard"] == "River")
    side["top"] = RIVER[0]


def _plain_in_the_sea(m):
    m["hexes"][BAY[0]]["hazard"] = "Plain"


def _tower_hex_given_away(m):
    m["hexes"][CENTRE]["region"] = "Fields"


@pytest.mark.parametrize(
    ("breaks", "code", "rule", "path", "hex_"),
    [
        (_water_in_fields, "water_outside_sea", "2.1.1", "map.hexes.C4.hazard", "C4"),
        (_plain_in_the_sea, "sea_not_water", "2.1.1", f"map.hexes.{BAY[0]}.hazard", BAY[0]),
        (_river_with_a_top, "river_with_top", "12.1.1", None, RIVER[0]),
        (_tower_hex_given_away, "tower_hex_elsewhere", "3.1", f"map.hexes.{CENTRE}.region", None),
    ],
    ids=["2.1.1-water-outside-a-sea", "2.1.1-sea-not-water", "12.1.1-river-top", "3.1-tower"],
)
def test_each_problem_of_a_map_has_its_section_path_and_hex(client, breaks, code, rule, path, hex_):
    m = small_map()
    breaks(m)
    body = checked(client, {"map": m})
    assert body["valid"] is False
    found = [p for p in body["problems"] if p["code"] == code]
    assert found, body["problems"]
    problem = found[0]
    assert problem["rule"] == rule
    assert problem["path"].startswith("map.")
    if path is not None:
        assert problem["path"] == path
    if hex_ is not None:
        assert problem["hex"] == hex_
    assert problem["hex"] in m["hexes"]
    assert body["layout"] is not None  # drawn all the same, for the page to show where


def test_names_in_a_map_are_read_in_any_case(client):
    m = small_map()
    m["regions"][0]["terrain"] = "pLAINS"
    m["hexes"][BAY[0]]["hazard"] = "WATER"
    m["hexsides"][1]["hazard"] = "river"
    assert checked(client, {"map": m})["valid"] is True


def test_an_unknown_hazard_is_named_with_the_closest_ones(client):
    m = small_map()
    m["hexes"]["C4"]["hazard"] = "Bramblee"
    problems = checked(client, {"map": m})["problems"]
    assert [p["code"] for p in problems] == ["unknown_hazard"]
    assert "did you mean Bramble" in problems[0]["message"]
    assert problems[0]["rule"] == "2.1.2"


def test_a_map_naming_a_region_it_lacks_is_one_problem_at_its_hex(client):
    m = small_map()
    m["hexes"]["C4"]["region"] = "Feilds"
    body = checked(client, {"map": m})
    assert body["valid"] is False and body["layout"] is None
    [problem] = body["problems"]
    assert problem["code"] == "unreadable"
    assert problem["path"] == "map.hexes.C4.region"
    assert problem["hex"] == "C4" and problem["rule"] == "2.1"


def test_a_map_of_the_wrong_shape_is_the_400_envelope(client):
    response = client.post(f"{TACTICAL}/maps/validate", json={"map": {"hexes": []}})
    assert response.status_code == 400
    error = response.get_json()["error"]
    assert error["code"] == "malformed"
    assert {d["path"] for d in error["details"]} == {"map.regions", "map.hexes"}


def test_a_map_larger_than_the_setting_is_refused():
    client = create_app({"TESTING": True, "TACTICAL_MAX_HEXES": 30}).test_client()
    response = client.post(f"{TACTICAL}/maps/validate", json={"map": small_map()})  # 37 hexes
    assert response.status_code == 422
    [detail] = response.get_json()["error"]["details"]
    assert detail["path"] == "map.hexes" and "TITAN_TACTICAL_MAX_HEXES" in detail["message"]
    assert checked(create_app({"TESTING": True}).test_client(), {"map": small_map()})["valid"]


def test_the_example_is_a_valid_map(client):
    assert checked(client, {"map": copy.deepcopy(MAP_EXAMPLE)})["valid"] is True


# --- the document ----------------------------------------------------------------------------


@pytest.fixture
def doc(client):
    return client.get("/api/v1/openapi.json").get_json()


def _tactical_operations(doc):
    for path, operations in doc["paths"].items():
        if path.startswith(TACTICAL):
            for method, operation in operations.items():
                yield path, method, operation


def test_every_tactical_example_is_answered_200(client, doc):
    """Each operation as the API browser would try it: its request example (a POST) or its
    path with an example map's name (a GET) is answered, not refused."""
    tried = 0
    for path, method, operation in _tactical_operations(doc):
        url = path.replace("{name}", "skirmish_strike" if "/states/" in path else "two_shores")
        if method == "post":
            example = operation["requestBody"]["content"]["application/json"]["example"]
            response = client.post(url, json=example)
        else:
            response = client.get(url)
        assert response.status_code == 200, (path, response.get_json())
        tried += 1
    assert tried >= 11


def test_the_size_settings_are_published(app):
    from api.openapi import build_document

    app.config["TACTICAL_MAX_HEXES"] = 1234
    app.config["TACTICAL_MAX_CHARACTERS"] = 56
    schemas = build_document(app)["components"]["schemas"]
    assert schemas["TacticalMap"]["properties"]["hexes"]["maxProperties"] == 1234
    assert schemas["TacticalState"]["properties"]["characters"]["maxItems"] == 56


# --- example states ---------------------------------------------------------------------------


def example(client, name: str) -> dict:
    response = client.get(f"{TACTICAL}/states/{name}")
    assert response.status_code == 200, response.get_json()
    return response.get_json()["state"]


def test_every_example_state_is_one_the_rules_allow(client):
    listed = client.get(f"{TACTICAL}/states").get_json()["states"]
    assert [s["name"] for s in listed] == list(EXAMPLES)
    for row in listed:
        body = client.post(
            f"{TACTICAL}/states/validate", json={"state": example(client, row["name"])}
        )
        assert body.get_json() == {"valid": True, "violations": []}, row["name"]
    phases = {example(client, f"skirmish_{p}")["phase"] for p in ("healing", "strike")}
    assert phases == {"healing", "strike"}  # 4.0


def test_an_unknown_example_state_is_a_404_with_the_closest_names(client):
    assert client.get(f"{TACTICAL}/states/Skirmish-Strike").status_code == 200
    response = client.get(f"{TACTICAL}/states/skirmish_strik")
    assert response.status_code == 404
    assert response.get_json()["error"]["details"][0]["suggestions"][0] == "skirmish_strike"


# --- checking a state (4.0, 3.0, 11.0) ------------------------------------------------------


def validated(client, state: dict) -> dict:
    response = client.post(f"{TACTICAL}/states/validate", json={"state": state})
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def test_a_state_problem_has_its_section_and_path(client):
    state = example(client, "skirmish_strike")
    state["characters"][1]["id"] = state["characters"][0]["id"]
    body = validated(client, state)
    assert body["valid"] is False
    twice = [v for v in body["violations"] if v["code"] == "id_twice"]
    assert twice and twice[0]["path"] == "state.characters[1].id" and twice[0]["rule"] == "4.0"


def test_character_names_in_a_state_are_read_in_any_case_with_suggestions(client):
    state = example(client, "skirmish_strike")
    state["characters"][1]["name"] = "oGRE"
    state["map"] = "Two Shores"
    assert validated(client, state)["valid"] is True
    state["characters"][1]["name"] = "Ogar"
    [problem] = validated(client, state)["violations"]
    assert problem["code"] == "unknown_character" and problem["rule"] == "11.0"
    assert problem["path"] == "state.characters[1].name" and "Ogre" in problem["message"]


def test_a_state_the_engine_cannot_read_is_a_violation_at_its_path(client):
    state = example(client, "skirmish_strike")
    state["characters"][0]["hex"] = "ZZ99"
    [problem] = validated(client, state)["violations"]
    assert problem["code"] == "unreadable" and problem["path"] == "state.characters[0].hex"


def test_a_state_of_the_wrong_shape_is_the_400_envelope(client):
    response = client.post(f"{TACTICAL}/states/validate", json={"state": {"map": 3}})
    assert response.status_code == 400
    paths = {d["path"] for d in response.get_json()["error"]["details"]}
    assert {"state.map", "state.active", "state.players"} <= paths


def test_a_state_with_more_characters_than_the_setting_is_refused(client):
    state = example(client, "skirmish_strike")  # 15 characters
    small = create_app({"TESTING": True, "TACTICAL_MAX_CHARACTERS": 14}).test_client()
    response = small.post(f"{TACTICAL}/states/validate", json={"state": state})
    assert response.status_code == 422
    [detail] = response.get_json()["error"]["details"]
    assert detail["path"] == "state.characters"
    assert "TITAN_TACTICAL_MAX_CHARACTERS" in detail["message"]


# --- checking and applying an action ------------------------------------------------------------


def action_checked(client, state: dict, action: dict) -> dict:
    response = client.post(f"{TACTICAL}/actions/validate", json={"state": state, "action": action})
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def test_an_action_out_of_its_phase_is_refused_with_its_section(client):
    state = example(client, "skirmish_strike")
    body = action_checked(client, state, {"type": "move", "character": 3, "to": "O6"})
    assert body["valid"] is False
    [wrong] = [v for v in body["violations"] if v["code"] == "wrong_phase"]
    assert wrong["rule"] == "7.0" and wrong["path"] == "action"  # 4.0: the Maneuver Phase's


def test_a_legal_strike_is_valid_and_a_locked_move_is_not(client):
    strike = example(client, "skirmish_strike")
    assert action_checked(client, strike, {"type": "strike", "character": 5, "target": 9})["valid"]
    maneuver = example(client, "skirmish_maneuver")
    body = action_checked(client, maneuver, {"type": "move", "character": 5, "to": "O6"})
    [locked] = body["violations"]  # the Gargoyle on O7 is in contact with the Ogre on O8
    assert locked["code"] == "may_not_move" and locked["path"] == "action.character"


def test_an_action_the_engine_cannot_read_is_a_violation_at_its_path(client):
    state = example(client, "skirmish_strike")
    body = action_checked(client, state, {"type": "strike", "character": 5})
    assert body["violations"][0]["path"] == "action.target"


def apply(client, state: dict, action: dict, **more) -> dict:
    response = client.post(
        f"{TACTICAL}/actions/apply", json={"state": state, "action": action, **more}
    )
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def test_applying_a_strike_with_its_dice_gives_the_next_state(client):
    """TITAN 12.0: each die at the Strike-number or more is a hit; the Gargoyle (4 dice) hits
    the Ogre on 3s (engine.strike_chart), so 6, 3, 2, 1 are two hits on its one damage."""
    state = example(client, "skirmish_strike")
    body = apply(
        client, state, {"type": "strike", "character": 5, "target": 9, "dice": [6, 3, 2, 1]}
    )
    after = {c["id"]: c for c in body["state"]["characters"]}
    assert after[9]["damage"] == 1 + 2
    assert "struck" in after[5]["did"]
    assert body["action"]["dice"] == [6, 3, 2, 1] and body["seed"] is None  # none rolled
    assert validated(client, body["state"])["valid"] is True


def test_an_unrolled_action_is_rolled_from_its_seed(client):
    state = example(client, "skirmish_strike")
    strike = {"type": "strike", "character": 5, "target": 9}
    first = apply(client, state, strike, seed=7)
    again = apply(client, state, strike, seed=7)
    assert first == again and first["seed"] == 7
    assert len(first["action"]["dice"]) == 4
    assert all(1 <= face <= 6 for face in first["action"]["dice"])
    hits = sum(face >= 3 for face in first["action"]["dice"])
    after = {c["id"]: c for c in first["state"]["characters"]}
    assert after[9]["damage"] == 1 + hits


def test_ending_the_maneuver_phase_begins_the_strike_phase(client):
    body = apply(client, example(client, "two_shores_opening"), {"type": "end_phase"})
    assert body["state"]["phase"] == "strike"  # 4.0


def test_applying_an_illegal_action_is_a_422_with_every_violation(client):
    state = example(client, "skirmish_strike")
    response = client.post(
        f"{TACTICAL}/actions/apply",
        json={"state": state, "action": {"type": "rest", "character": 4}},
    )
    assert response.status_code == 422
    error = response.get_json()["error"]
    assert error["code"] == "rule_violation"
    assert error["details"][0]["rule"] == "5.1" and error["details"][0]["path"] == "action"


# --- the legal actions ----------------------------------------------------------------------------


def legal(client, state: dict, **asked) -> dict:
    response = client.post(f"{TACTICAL}/rules/legal", json={"state": state, **asked})
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def test_the_legal_moves_are_the_referees_and_each_is_valid(client):
    """7.0, 7.2: a Lord in its tower teleports; every move listed is accepted by
    /actions/validate, and its hex is where it ends."""
    from engine.tactical.referee import legal_actions_of
    from engine.tactical.state import GameState

    state = example(client, "two_shores_opening")
    body = legal(client, state, character=1)
    engine_state = GameState.from_dict(state)
    assert [m["action"] for m in body["moves"]] == [
        a.to_dict() for a in legal_actions_of(engine_state, 1)
    ]
    # walled in by its own six (TITAN 11.5), the Titan only teleports; a Centaur on the edge walks
    assert {m["action"]["type"] for m in body["moves"]} == {"teleport"}
    walks = legal(client, state, character=6)["moves"]
    assert walks and {m["action"]["type"] for m in walks} == {"move"}
    assert body["strikes"] == body["heals"] == body["musters"] == []
    for move in body["moves"][:: max(len(body["moves"]) // 12, 1)]:
        a = move["action"]
        assert move["hex"] == (a.get("then") or a["to"])
        assert action_checked(client, state, a)["valid"], a


def test_the_legal_strikes_name_their_target_hex_dice_and_number(client):
    state = example(client, "skirmish_strike")
    body = legal(client, state, character=5)
    hex_of = {c["id"]: c["hex"] for c in state["characters"]}
    assert {s["action"]["target"] for s in body["strikes"]} == {9, 11, 13}  # 12.1.1: P7 too
    for strike in body["strikes"]:
        assert strike["hex"] == hex_of[strike["action"]["target"]]
        assert strike["dice"] == 4  # a Gargoyle's Power-factor
    least = next(s for s in body["strikes"] if s["action"]["target"] == 9)
    assert least["strike_number"] == 3


def test_the_legal_heals_say_what_they_heal(client):
    """5.1: the hurt Gargoyle in its tower rests for 1; 5.2.1: the Unicorn heals the Ogre
    beside it for 3."""
    state = example(client, "skirmish_healing")
    heals = legal(client, state, player="red")["heals"]
    found = {(h["action"]["type"], h["action"]["character"]): h for h in heals}
    assert found["rest", 4]["points"] == 1 and found["rest", 4]["hex"] == "N2"
    assert found["heal", 15]["points"] == 3 and found["heal", 15]["hex"] == "N5"


def test_the_legal_musters_say_their_number(client):
    """9.2 Tower: the Titan musters a Warlock on 10."""
    state = example(client, "skirmish_muster")
    musters = legal(client, state, character=1)["musters"]
    warlocks = [m for m in musters if m["action"]["character"] == "Warlock"]
    assert warlocks and all(m["muster_number"] == 10 for m in warlocks)
    assert all(m["hex"] == m["action"]["hex"] for m in musters)


def test_a_players_legal_actions_are_its_own(client):
    """8.0: the active player strikes first; Blue has nothing until Red is done."""
    state = example(client, "skirmish_strike")
    assert legal(client, state, player="Blue") == {
        "moves": [],
        "strikes": [],
        "heals": [],
        "musters": [],
        "other": [],
    }
    red = legal(client, state, player="RED")
    assert red["strikes"] and all(s["action"]["character"] in (2, 5) for s in red["strikes"])


def test_an_unknown_player_or_character_is_a_422_at_its_field(client):
    state = example(client, "skirmish_strike")
    response = client.post(f"{TACTICAL}/rules/legal", json={"state": state, "player": "Bleu"})
    assert response.status_code == 422
    [detail] = response.get_json()["error"]["details"]
    assert detail["path"] == "player" and "Blue" in detail["message"]
    response = client.post(f"{TACTICAL}/rules/legal", json={"state": state, "character": 99})
    assert response.get_json()["error"]["details"][0]["path"] == "character"


def test_the_legal_actions_of_a_state_the_rules_refuse_are_a_422(client):
    state = example(client, "skirmish_strike")
    state["characters"][0]["damage"] = -1
    response = client.post(f"{TACTICAL}/rules/legal", json={"state": state, "character": 5})
    assert response.status_code == 422
    details = response.get_json()["error"]["details"]
    assert details[0]["path"] == "state.characters[0].damage"


def test_a_flag_is_true_or_false_only(client):
    state = example(client, "skirmish_strike")
    response = client.post(
        f"{TACTICAL}/states/validate", json={"state": {**state, "responding": "yes"}}
    )
    assert response.status_code == 400
    assert response.get_json()["error"]["details"][0]["path"] == "state.responding"


def test_the_page_is_served_and_linked_from_the_other_pages(client):
    page = client.get("/tactical")
    assert page.status_code == 200 and page.mimetype == "text/html"
    assert b"/static/tactical.js" in page.data
    for other in ("/", "/arena"):
        assert 'href="/tactical"' in client.get(other).get_data(as_text=True), other


def test_the_docs_list_every_tactical_endpoint(app):
    """docs/tactical.md ("Over HTTP") and docs/api.md name each endpoint the app has under
    /api/v1/tactical, and no other."""
    import re

    from tests.helpers.paths import ROOT

    served = set()
    for rule in app.url_map.iter_rules():
        if rule.rule.startswith(TACTICAL):
            path = re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule.rule)
            served |= {f"{m} {path}" for m in rule.methods - {"HEAD", "OPTIONS"}}
    for doc in ("tactical.md", "api.md"):
        text = (ROOT / "docs" / doc).read_text()
        named = set(re.findall(r"`((?:GET|POST) /api/v1/tactical[^`]*)`", text))
        assert named == served, doc


@pytest.mark.parametrize("character", [None, True, 2.5, [5]])
def test_an_actions_character_is_an_id_or_a_type(client, character):
    state = example(client, "skirmish_strike")
    response = client.post(
        f"{TACTICAL}/actions/validate",
        json={"state": state, "action": {"type": "strike", "character": character, "target": 9}},
    )
    assert response.status_code == 400
    assert response.get_json()["error"]["details"][0]["path"] == "action.character"


def test_a_state_may_hold_its_whole_map(client):
    state = example(client, "skirmish_strike")
    state["map"] = client.get(f"{TACTICAL}/maps/two_shores").get_json()["map"]
    assert validated(client, state) == {"valid": True, "violations": []}
    small = create_app({"TESTING": True, "TACTICAL_MAX_HEXES": 100}).test_client()
    response = small.post(f"{TACTICAL}/states/validate", json={"state": state})
    assert response.status_code == 422
    assert response.get_json()["error"]["details"][0]["path"] == "state.map.hexes"
