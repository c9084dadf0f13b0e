"""A Tactical Titan map (2.1-2.1.2, 3.1, 12.1) and its JSON: what it holds, how it reads and
writes, and what reading refuses before the rules are checked."""

from __future__ import annotations

import json

import pytest

from engine.errors import RuleError, TitanError, UnknownName
from engine.tactical import hazards as tactical_hazards
from engine.tactical.geometry import doubled
from engine.tactical.map_checks import check_map
from engine.tactical.maps import TERRAINS, Map, dumps, loads, map_names, parse_map, stored_map
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


def test_hazards_are_read_through_the_variants_records_12_1(small):
    """A map keeps names; their effects are engine.tactical.hazards' records (12.1)."""
    assert small.hazard_record(small.parse(BAY[0])) is tactical_hazards.WATER
    assert small.hazard_record(small.parse(BRAMBLE)) is tactical_hazards.HEX_HAZARDS["Bramble"]
    river = small.hexside(*(small.parse(h) for h in RIVER))
    assert river.record is tactical_hazards.RIVER
    slope = small.hexside(*(small.parse(h) for h in SLOPE))
    assert slope.record.name == "Slope" and slope.record.slows_going_up == "non_native_walkers"


def test_geometry_is_the_grids(small):
    a, b = small.parse("B3"), small.parse("H6")
    assert small.neighbours is small.grid.neighbours
    assert small.distance(a, b) == small.grid.distance(a, b) == 6
    assert small.paths(a, small.parse("B6")) == ((small.parse("B4"), small.parse("B5")),)


def test_a_map_is_a_key_by_its_value(small):
    """The tables built from a map are kept by its value: the same map read again, a new
    object, finds them; a map one hex apart does not, however often either was hashed."""
    again = Map.from_dict(small.to_dict())
    assert again is not small and hash(again) == hash(small)
    kept = {small: "tables"}
    assert kept[again] == "tables"
    moved = small_map()
    moved["hexes"][BRAMBLE] = {**moved["hexes"][BRAMBLE], "elevation": 1}
    higher = Map.from_dict(moved)
    assert higher != small and higher not in kept
    assert hash(small) == hash(small) and kept[small] == "tables"


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


# --- the maps kept in engine/data/maps (3.1, 3.2) ---------------------------------------------

STORED = {"two_shores": 2, "four_winds": 4}  # name: players


def _doubled_points(m: Map, hexes) -> set[tuple[int, int]]:
    return {doubled(m.hexes[h].point) for h in hexes}


def test_the_stored_maps_are_listed():
    assert set(STORED) <= set(map_names())
    with pytest.raises(UnknownName, match="did you mean two_shores"):
        stored_map("two_shore")


@pytest.mark.parametrize("name, players", STORED.items())
def test_a_stored_map_loads_and_passes_3_1(name, players):
    m = stored_map(name)
    assert check_map(m) == []
    assert m.players == players
    assert {r.terrain for r in m.regions} == set(TERRAINS)  # every terrain and a Sea (2.1.1)
    assert any(s.hazard == "River" for s in m.hexsides)  # 12.1.1
    towers = {t.region for t in m.starting_towers}
    for i, hexes in enumerate(m.region_hexes):
        if i not in towers:
            assert len(hexes) >= 12, m.regions[i]  # 3.1: 12 hexes at least, 20 better
    for tower in m.starting_towers:
        # 3.1: on the edge of the map: a hex of the tower lacks a neighbour
        assert any(len(m.neighbours[h]) < 6 for h in m.tower_hexes(tower))


def _mirror_rows(points: set[tuple[int, int]]) -> int:
    """The doubled row c for which (x, y) -> (x, c - y) would map ``points`` onto themselves."""
    ys = [y for _, y in points]
    return min(ys) + max(ys)


@pytest.mark.parametrize("name", STORED)
def test_a_stored_map_is_mirrored_top_to_bottom_3_1(name):
    """3.1: starting towers placed symmetrically. Top to bottom the mosaic is mirrored hex for
    hex: the towers, the terrains and the Rivers."""
    m = stored_map(name)
    centres = _doubled_points(m, [t.centre for t in m.starting_towers])
    c = _mirror_rows(centres)
    assert {(x, c - y) for x, y in centres} == centres
    terrain = {doubled(h.point): m.regions[h.region].terrain for h in m.hexes}
    assert all(terrain.get((x, c - y)) == t for (x, y), t in terrain.items())
    rivers = {
        frozenset(doubled(m.hexes[h].point) for h in s.hexes)
        for s in m.hexsides
        if s.hazard == "River"
    }
    assert {frozenset((x, c - y) for x, y in side) for side in rivers} == rivers


def test_four_winds_is_mirrored_left_to_right_3_1():
    """The four towers stand on hexes mirrored exactly, so each is as far from the others as
    any; the regions are mirrored by name (the Battleland's outline is not symmetric left to
    right, so hexes of the two sides differ by a column)."""
    m = stored_map("four_winds")
    centres = _doubled_points(m, [t.centre for t in m.starting_towers])
    xs = [x for x, _ in centres]
    assert {(min(xs) + max(xs) - x, y) for x, y in centres} == centres
    spans = [
        sorted(m.distance(t.centre, u.centre) for u in m.starting_towers) for t in m.starting_towers
    ]
    assert all(span == spans[0] for span in spans)
    terrain = {r.name: r.terrain for r in m.regions}
    for region, kind in terrain.items():
        twin = region.replace("west", "EAST").replace("east", "west").replace("EAST", "east")
        twin = twin.replace("West", "EAST").replace("East", "West").replace("EAST", "East")
        assert terrain[twin] == kind
