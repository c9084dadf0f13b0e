"""Tactical Titan over HTTP (api/routes/tactical.py): the variant's facts, its example maps and
the checks of a map, cited by the sections of its book (004)."""

from __future__ import annotations

import copy

import pytest

from api import create_app
from api.routes.tactical import MAP_EXAMPLE
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
        url = path.replace("{name}", "two_shores")
        if method == "post":
            example = operation["requestBody"]["content"]["application/json"]["example"]
            response = client.post(url, json=example)
        else:
            response = client.get(url)
        assert response.status_code == 200, (path, response.get_json())
        tried += 1
    assert tried >= 5


def test_the_map_size_setting_is_published(app):
    from api.openapi import build_document

    app.config["TACTICAL_MAX_HEXES"] = 1234
    hexes = build_document(app)["components"]["schemas"]["TacticalMap"]["properties"]["hexes"]
    assert hexes["maxProperties"] == 1234
