"""Every check of a Tactical Titan map (2.1-2.1.2, 3.1, 12.1) refuses a map broken on purpose,
with its code, its section and the hex at fault; the unbroken map passes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from engine.errors import Violations
from engine.tactical.map_checks import check_map
from engine.tactical.maps import Map, MapHex, parse_map
from tests.helpers.tactical_maps import BAY, CENTRE, RIVER, SLOPE, ring, small_map

Breaking = Callable[[dict[str, Any]], None]


def _region(name: str, terrain: str) -> Breaking:
    return lambda d: d["regions"].append({"name": name, "terrain": terrain})


def _hex(label: str, **fields: Any) -> Breaking:
    return lambda d: d["hexes"][label].update(fields)


def _side(*sides: dict[str, Any]) -> Breaking:
    return lambda d: d["hexsides"].extend(sides)


def _both(*steps: Breaking) -> Breaking:
    def apply(d: dict[str, Any]) -> None:
        for step in steps:
            step(d)

    return apply


def _drop_side(between: list[str]) -> Breaking:
    def apply(d: dict[str, Any]) -> None:
        d["hexsides"] = [s for s in d["hexsides"] if sorted(s["between"]) != sorted(between)]

    return apply


def _edit_side(between: list[str], **fields: Any) -> Breaking:
    """Change fields of the hexside between two hexes; a field set to None is dropped."""

    def apply(d: dict[str, Any]) -> None:
        for side in d["hexsides"]:
            if sorted(side["between"]) == sorted(between):
                side.update(fields)
                for key in [k for k, v in fields.items() if v is None]:
                    del side[key]

    return apply


TOWER_RING = ring(CENTRE)  # E4, F4, F5, E6, D5, D4

BROKEN = [
    # (section-id, how the small map is broken, the code, the hex named or None)
    ("2.1.1-unknown-terrain", _both(
        _region("Moor", "Moors"), _hex("B3", region="Moor"), _hex("B4", region="Moor")
    ), "unknown_terrain", None),
    ("2.1-two-regions-one-name", _both(
        _region("Fields", "Woods"), _hex("B3", region="Fields")
    ), "region_named_twice", None),
    ("2.1-empty-region", _region("Nowhere", "Hills"), "empty_region", None),
    ("2.1-region-in-pieces", _both(
        _region("Scrub", "Brush"), _hex("B3", region="Scrub"), _hex("G7", region="Scrub")
    ), "region_in_pieces", "G7"),
    ("2.1.2-unknown-hazard", _hex("C5", hazard="Lava"), "unknown_hazard", "C5"),
    ("2.1.2-hexside-hazard-in-a-hex", _hex("C5", hazard="Cliff"), "unknown_hazard", "C5"),
    ("2.1.1-water-outside-a-sea", _hex("C5", hazard="Water"), "water_outside_sea", "C5"),
    ("2.1.1-sea-hex-not-water", _hex("H4", hazard="Plain"), "sea_not_water", "H4"),
    ("2.1-elevation-above-2", _hex("C5", elevation=3), "elevation_out_of_range", "C5"),
    ("2.1-elevation-below-0", _hex("C5", elevation=-1), "elevation_out_of_range", "C5"),
    ("2.1-map-in-pieces", _both(
        _region("Isle", "Plains"), lambda d: d["hexes"].update({"J1": {"region": "Isle"}})
    ), "map_in_pieces", "J1"),
    ("12.1.2-land-only-across-water", _both(
        _region("Rock", "Hills"), _hex("H4", hazard="Plain", region="Rock"),
        _hex("G4", hazard="Water", region="Bay"), _hex("G5", hazard="Water", region="Bay"),
    ), "land_cut_off", "H4"),
    ("2.1-hexside-not-adjacent", _side({"between": ["B3", "B5"], "hazard": "Cliff", "top": "B3"}),
     "hexside_not_adjacent", "B3"),
    ("2.1-hexside-twice", _side({"between": list(reversed(SLOPE)), "hazard": "River"}),
     "hexside_twice", SLOPE[0]),
    ("2.1-hexside-unknown-hazard", _side({"between": ["B3", "B4"], "hazard": "Fence"}),
     "unknown_hazard", "B3"),
    ("2.1-hex-hazard-on-a-hexside", _side({"between": ["B3", "B4"], "hazard": "Tree"}),
     "unknown_hazard", "B3"),
    ("2.1-slope-without-top", _edit_side(list(SLOPE), top=None), "hexside_without_top", "B5"),
    ("2.1-dune-topped-elsewhere", _side(
        {"between": ["B3", "B4"], "hazard": "Dune", "top": "C4"}
    ), "hexside_without_top", "B3"),
    ("12.1.1-river-with-top", _edit_side(list(RIVER), top="C6"), "river_with_top", "C6"),
    ("3.1-tower-in-plains", lambda d: d["starting_towers"].append(
        {"region": "Fields", "centre": "C5"}
    ), "tower_not_a_tower", "C5"),
    ("3.1-two-towers-one-region", lambda d: d["starting_towers"].append(
        {"region": "Keep", "centre": CENTRE}
    ), "tower_region_twice", CENTRE),
    ("3.1-tower-at-the-edge", lambda d: d["starting_towers"].__setitem__(
        0, {"region": "Keep", "centre": "B4"}
    ), "tower_not_seven", "B4"),
    ("3.1-tower-hex-in-another-region", _hex(TOWER_RING[0], region="Fields"),
     "tower_hex_elsewhere", TOWER_RING[0]),
    ("3.1-tower-region-of-eight", _hex("C5", region="Keep", hazard="Tower"),
     "tower_region_too_large", "C5"),
    ("3.1-tower-hex-not-tower", _hex(TOWER_RING[2], hazard="Plain"),
     "tower_hex_not_walled", TOWER_RING[2]),
    ("3.1-centre-wall-missing", _drop_side([CENTRE, TOWER_RING[3]]), "tower_wall_missing",
     CENTRE),
    ("3.1-outer-wall-missing", _drop_side([TOWER_RING[4], "C5"]), "tower_wall_missing",
     TOWER_RING[4]),
    ("3.1-outer-wall-upside-down", _edit_side([TOWER_RING[4], "C5"], top="C5"),
     "tower_wall_missing", TOWER_RING[4]),
    ("3.1-outer-wall-a-slope", _edit_side([TOWER_RING[4], "C5"], hazard="Slope"),
     "tower_wall_missing", TOWER_RING[4]),
]  # fmt: skip


def test_the_small_map_passes():
    assert check_map(parse_map(small_map())) == []


@pytest.mark.parametrize(
    "breaking, code, hex_", [r[1:] for r in BROKEN], ids=[r[0] for r in BROKEN]
)
def test_a_broken_map_is_refused_with_its_reason_and_hex(request, breaking, code, hex_):
    d = small_map()
    breaking(d)
    problems = check_map(parse_map(d))
    assert [p.code for p in problems] == [code], problems
    (problem,) = problems
    section = request.node.callspec.id.split("-")[0]
    assert problem.rule == section
    assert problem.hex == hex_
    if hex_ is not None:
        assert hex_ in problem.message
    # reading the same map refuses it with the same reason, rule and path
    with pytest.raises(Violations) as refused:
        Map.from_dict(d)
    (error,) = refused.value.problems
    assert (error.message, error.rule, error.path) == (problem.message, problem.rule, problem.path)


def test_every_problem_is_named_at_once():
    d = small_map()
    _hex("C5", hazard="Lava", elevation=5)(d)
    _hex(BAY[0], hazard="Plain")(d)
    problems = check_map(parse_map(d))
    assert sorted(p.code for p in problems) == [
        "elevation_out_of_range",
        "sea_not_water",
        "unknown_hazard",
    ]
    with pytest.raises(Violations) as refused:
        Map.from_dict(d)
    assert len(refused.value.problems) == 3


def test_an_unknown_hazard_is_answered_with_the_closest_names():
    d = small_map()
    _hex("C5", hazard="Brambel")(d)
    (problem,) = check_map(parse_map(d))
    assert "did you mean Bramble" in problem.message


def test_a_problem_as_json_names_its_hex():
    d = small_map()
    _hex("C5", elevation=4)(d)
    (problem,) = check_map(parse_map(d))
    assert problem.to_dict() == {
        "code": "elevation_out_of_range",
        "message": problem.message,
        "path": "hexes.C5.elevation",
        "rule": "2.1",
        "hex": "C5",
    }


def test_a_map_built_in_code_with_a_missing_region_is_refused_first():
    m = parse_map(small_map())
    broken = Map(m.name, m.regions, (*m.hexes[:-1], MapHex(m.hexes[-1].point, 9)), m.hexsides)
    assert [p.code for p in check_map(broken)] == ["unknown_region"]
    twice = Map(m.name, m.regions, (*m.hexes, m.hexes[0]), m.hexsides)
    assert [p.code for p in check_map(twice)] == ["hex_twice"]
