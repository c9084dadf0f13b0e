"""A Tactical Titan map (2.1-2.1.2, 3.1, 12.1) and its JSON: what it holds, how it reads and
writes, and what reading refuses before the rules are checked."""

from __future__ import annotations

import json

import pytest

from engine.errors import RuleError, TitanError, UnknownName
from engine.tactical.maps import Map, dumps, loads, parse_map
from tests.helpers.tactical_maps import BAY, BRAMBLE, CENTRE, RIVER, SLOPE, ring, small_map


@pytest.fixture(scope="module")
def small() -> Map:
    return Map.from_dict(small_map())


def test_a_map_holds_its_hexes_regions_and_towers_2_1(small):
    assert len(small.hexes) == 37 and len(small.regions) == 3
    assert small.players == 1
    assert small.terrain(small.parse(BRAMBLE)) == "Plains"
    assert small.hazard(small.parse(BRAMBLE)) == "Bramble"
    assert {small.terrain(small.parse(h)) for h in BAY} == {"Sea"}
    assert [small.regions[r].name for r in range(3)] == ["Fields", "Keep", "Bay"]
    assert len(small.region_hexes[small.region_index("Fields")]) == 37 - 7 - 4
    (tower,) = small.starting_towers
    assert small.region_of(tower.centre).name == "Keep"
    assert sorted(small.name_of(h) for h in small.tower_hexes(tower)) == sorted(
        [CENTRE, *ring(CENTRE)]
    )
    assert small.elevations[small.parse(CENTRE)] == 2 and small.elevations[tower.centre] == 2


def test_hexsides_are_seen_from_both_hexes_2_1(small):
    top, foot = (small.parse(h) for h in SLOPE)
    slope = small.hexside(top, foot)
    assert slope is small.hexside(foot, top)
    assert slope.hazard == "Slope" and slope.going_up(top) and not slope.going_up(foot)
    a, b = (small.parse(h) for h in RIVER)
    river = small.hexside(b, a)
    assert river.hazard == "River" and river.top is None
    assert not river.going_up(a) and not river.going_up(b)  # 12.1.1: a River has no top
    assert small.hexside(small.parse("B3"), small.parse("B4")) is None


def test_geometry_is_the_grids(small):
    a, b = small.parse("B3"), small.parse("H6")
    assert small.neighbours is small.grid.neighbours
    assert small.distance(a, b) == small.grid.distance(a, b) == 6
    assert small.paths(a, small.parse("B6")) == ((small.parse("B4"), small.parse("B5")),)


def test_json_round_trip(small):
    assert Map.from_dict(small.to_dict()) == small
    assert loads(dumps(small)) == small
    assert json.loads(dumps(small)) == small.to_dict()
    assert small.to_dict()["hexes"][BRAMBLE] == {
        "region": "Fields",
        "hazard": "Bramble",
        "elevation": 0,
    }


def test_the_text_has_one_line_per_hex(small):
    lines = dumps(small).splitlines()
    assert sum(1 for line in lines if line.lstrip().startswith('"') and '"region"' in line) == 37
    assert any(line.strip() == '{"between": ["C6", "C7"], "hazard": "River"},' for line in lines)


def test_names_in_any_case_are_read_in_the_books_spelling():
    d = small_map()
    d["regions"][0]["terrain"] = "plains"
    d["hexes"][BRAMBLE]["hazard"] = "BRAMBLE"
    d["hexsides"][0]["hazard"] = "slope"
    m = Map.from_dict(d)
    assert m.regions[0].terrain == "Plains"
    assert m.hazard(m.parse(BRAMBLE)) == "Bramble"
    assert m.hexsides[0].hazard == "Slope"


def test_defaults_plain_at_elevation_0():
    d = small_map()
    d["hexes"]["B3"] = {"region": "Fields"}
    m = Map.from_dict(d)
    assert m.hexes[m.parse("B3")].hazard == "Plain" and m.elevations[m.parse("B3")] == 0


def _set(d, path, value):
    *keys, last = path
    for key in keys:
        d = d[key]
    if value is KeyError:
        del d[last]
    else:
        d[last] = value


MALFORMED = [
    # (id, where, the value put there, the path the refusal names)
    ("not-an-object", (), None, "map"),
    ("hexes-not-an-object", ("hexes",), [], "hexes"),
    ("no-hexes", ("hexes",), {}, "hexes"),
    ("regions-missing", ("regions",), KeyError, "regions"),
    ("hex-label-malformed", ("hexes", "e5x"), {"region": "Fields"}, "hexes.e5x"),
    ("hex-in-no-region", ("hexes", "B3", "region"), "Meadow", "hexes.B3.region"),
    ("elevation-not-a-number", ("hexes", "B3", "elevation"), "1", "hexes.B3.elevation"),
    ("elevation-a-boolean", ("hexes", "B3", "elevation"), True, "hexes.B3.elevation"),
    ("hexside-off-the-map", ("hexsides", 0, "between"), ["B5", "A1"], "hexsides[0].between[1]"),
    ("hexside-of-one-hex", ("hexsides", 0, "between"), ["B5"], "hexsides[0].between"),
    ("top-off-the-map", ("hexsides", 0, "top"), "Z9", "hexsides[0].top"),
    ("tower-in-no-region", ("starting_towers", 0, "region"), "Den", "starting_towers[0].region"),
    (
        "tower-centre-off-the-map",
        ("starting_towers", 0, "centre"),
        "A1",
        "starting_towers[0].centre",
    ),
    ("another-format", ("format",), "titan-battleland", "format"),
    ("a-later-version", ("version",), 2, "version"),
]


@pytest.mark.parametrize(
    "where, value, path", [r[1:] for r in MALFORMED], ids=[f"2.1-{r[0]}" for r in MALFORMED]
)
def test_malformed_maps_are_refused_naming_the_field(where, value, path):
    d = small_map()
    if where:
        _set(d, where, value)
    else:
        d = value
    with pytest.raises(TitanError) as refused:
        parse_map(d)
    assert refused.value.path == path


def test_a_hex_given_twice_in_the_text_is_refused_2_1():
    text = dumps(Map.from_dict(small_map()))
    twice = text.replace('"B4": {', '"B3": {', 1)
    with pytest.raises(RuleError, match="'B3' is given twice"):
        loads(twice)
    with pytest.raises(RuleError, match="not JSON"):
        loads(text[:-3])


def test_an_unknown_label_is_an_unknown_name():
    with pytest.raises(UnknownName):
        parse_map({**small_map(), "hexes": {"5E": {"region": "Fields"}}})


def test_repr_names_the_map(small):
    assert repr(small) == "Map('Small', <37 hexes, 3 regions>)"
