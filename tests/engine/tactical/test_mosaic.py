"""Maps built as mosaics of TITAN's Battlelands (Tactical Titan 3.1, 3.2): placement, rotation,
Seas, Rivers and starting towers; what the builder refuses; the maps kept in engine/data/maps
are what their specs build."""

from __future__ import annotations

import subprocess
import sys
import tomllib

import pytest

from engine import hexes as titan
from engine.battlelands import BATTLELANDS, TERRAINS
from engine.errors import RuleError, TitanError, UnknownName, Violations
from engine.tactical.geometry import SIXTHS, doubled, from_doubled, label, parse_label, subtract
from engine.tactical.maps import Map, dumps
from engine.tactical.mosaic import MIDDLE, TOWER_CUTOUT, build, load_spec, main, placement
from tests.helpers.paths import ROOT

MAPS = ROOT / "engine" / "data" / "maps"
MIDDLE_AT = "H7"  # a hex far enough from column A and row 1 for any Battleland around it


def one(terrain: str, rotation: int = 0, at: str = MIDDLE_AT, **more) -> dict:
    return {"battlelands": [{"terrain": terrain, "at": at, "rotation": rotation}], **more}


def placed_hexes(m: Map, rotation: int, at: str = MIDDLE_AT) -> list[int]:
    """The map hex of each Battleland hex (by engine.hexes' index)."""
    return [m.grid.at(p) for p in placement(rotation, parse_label(at))]


def outline(rotation: int) -> frozenset:
    return frozenset(placement(rotation, (0, 0)))


# --- one Battleland: what it keeps (3.2) ---------------------------------------------------


@pytest.mark.parametrize("rotation", range(SIXTHS))
@pytest.mark.parametrize("terrain", TERRAINS)
def test_a_placed_battleland_keeps_its_hazards_and_hexsides_3_2(terrain, rotation):
    """3.2: each Battleland becomes one region of its terrain, with its hazards, elevations and
    hexsides (turned with it), as engine.battlelands has them."""
    land = BATTLELANDS[terrain]
    m = build(one(terrain, rotation))
    at = placed_hexes(m, rotation)
    assert [m.regions[0]] == list(m.regions) and m.regions[0].terrain == terrain
    for h in titan.HEXES:
        assert m.hazard(at[h]) == land.hazard(h).name
        assert m.elevations[at[h]] == land.elevations[h]
        assert {at[n] for n in titan.NEIGHBOURS[h]} == set(m.neighbours[at[h]])
    expected = {
        (frozenset((at[a], at[b])), side.hazard.name, at[side.top])
        for (a, b), side in land.hexsides.items()
    }
    assert {(frozenset(s.hexes), s.hazard, s.top) for s in m.hexsides} == expected
    for (a, b), side in land.hexsides.items():
        assert m.hexside(at[a], at[b]).going_up(at[b]) == side.going_up(b)


def test_the_middle_hex_lands_at_at_3_2():
    """The unturned Battleland's D3 lands on ``at``; turned, its middle hex does (MIDDLE)."""
    assert titan.hex_name(MIDDLE[0]) == "D3"
    for rotation in range(SIXTHS):
        m = build(one("Plains", rotation))
        assert placed_hexes(m, rotation)[MIDDLE[rotation]] == m.parse(MIDDLE_AT)


def test_turned_by_two_sixths_a_battleland_keeps_its_outline_3_2():
    """The Battleland's outline has three-fold symmetry: turned by 0, 2 or 4 sixths it covers
    the same hexes about its middle; by 1, 3 or 5 its mirror image (columns 3 to 4 hexes from
    left to right instead of 4 to 3)."""
    assert outline(0) == outline(2) == outline(4)
    assert outline(1) == outline(3) == outline(5) != outline(0)
    mirrored = {doubled(p) for p in outline(1)}
    columns = sorted({x for x, _ in mirrored})
    assert [sum(1 for x, _ in mirrored if x == c) for c in columns] == [3, 4, 5, 6, 5, 4]
    unturned = {doubled(p) for p in outline(0)}
    columns = sorted({x for x, _ in unturned})
    assert [sum(1 for x, _ in unturned if x == c) for c in columns] == [4, 5, 6, 5, 4, 3]


@pytest.mark.parametrize("rotation", [0, 1])
def test_battlelands_tile_the_plane_3_2(rotation):
    """Middles six columns apart on a row, or three columns and nine doubled rows apart, cover
    every hex once: the mosaic of the example maps has no gap and no overlap."""
    covered: dict = {}
    for i in range(-4, 5):
        for j in range(-4, 5):
            middle = from_doubled(6 * i + 3 * j, 9 * j)
            for p in placement(rotation, middle):
                covered[p] = covered.get(p, 0) + 1
    near = [from_doubled(x, y) for x in range(-8, 9) for y in range(-12, 13) if (x + y) % 2 == 0]
    assert all(covered.get(p) == 1 for p in near)


# --- Seas, Rivers, towers ---------------------------------------------------------------------


def _tower_spec(centre: str, host: str = "Plains", **more) -> dict:
    return one(host, towers=[{"name": "Keep", "centre": centre}], **more)


def test_a_sea_is_a_region_of_water_2_1_1():
    spec = one(
        "Plains", seas=[{"name": "Bay", "hexes": ["E6", "E7"]}, {"name": "Deep", "at": "N7"}]
    )
    m = build(spec)
    bay, deep = m.region_index("Bay"), m.region_index("Deep")
    assert [m.name_of(h) for h in m.region_hexes[bay]] == ["E6", "E7"]
    assert len(m.region_hexes[deep]) == 27
    assert {m.hazard(h) for h in (*m.region_hexes[bay], *m.region_hexes[deep])} == {"Water"}


def test_a_river_lies_on_each_hexside_given_12_1_1():
    m = build(one("Plains", rivers=[{"hexsides": [["H7", "H8"], ["H8", "I8"]]}]))
    for a, b in (("H7", "H8"), ("I8", "H8")):
        side = m.hexside(m.parse(a), m.parse(b))
        assert side.hazard == "River" and side.top is None


def test_a_starting_tower_is_titans_towers_centre_seven_3_1():
    """3.1: seven walled hexes cut out of TITAN's Tower (its D4 and the six around it), pasted
    within a region: the tower's hazards, elevations and Walls are TITAN's, translated."""
    m = build(_tower_spec("H7"))
    keep = m.region_index("Keep")
    (tower,) = m.starting_towers
    assert tower.region == keep and m.name_of(tower.centre) == "H7"
    assert m.regions[keep].terrain == "Tower"
    tower_land = BATTLELANDS["Tower"]
    d4 = titan.parse_hex("D4")
    shift = subtract(parse_label("H7"), (titan.CUBE[d4][0], titan.CUBE[d4][1]))

    def moved(h: int) -> int:
        q, r, _ = titan.CUBE[h]
        return m.grid.at((q + shift[0], r + shift[1]))

    assert sorted(m.region_hexes[keep]) == sorted(moved(h) for h in tower_land.deploy)
    for h in tower_land.deploy:
        assert m.hazard(moved(h)) == "Tower"
        assert m.elevations[moved(h)] == tower_land.elevations[h]
    walls = {(frozenset(s.hexes), s.top) for s in m.hexsides if s.hazard == "Wall"}
    assert walls == {
        (frozenset((moved(a), moved(b))), moved(side.top))
        for (a, b), side in tower_land.hexsides.items()
    }
    assert len(TOWER_CUTOUT.walls) == len(walls) == 24


def test_a_tower_covers_the_hexsides_of_its_host_3_1():
    """Pasted over Hills, the tower's hexes lose the Slopes the Hills had there: every hexside
    touching the seven is one of its Walls."""
    hills = build(one("Hills"))
    centre = next(
        hills.name_of(s.top)
        for s in hills.hexsides
        if s.hazard == "Slope" and len(hills.neighbours[s.top]) == SIXTHS
    )
    m = build(_tower_spec(centre, "Hills"))
    seven = set(m.tower_hexes(m.starting_towers[0]))
    touching = [s for s in m.hexsides if set(s.hexes) & seven]
    assert touching and {s.hazard for s in touching} == {"Wall"}
    assert len(m.hexsides) < len(hills.hexsides) + 24


def test_a_tower_in_titans_tower_is_a_region_within_a_region_3_1():
    """The Tower Battleland with a starting tower on its centre: the same hazards, elevations
    and Walls as TITAN's Tower, its centre seven a region of their own."""
    land = BATTLELANDS["Tower"]
    plain = build(one("Tower"))
    centre = plain.name_of(placed_hexes(plain, 0)[titan.parse_hex("D4")])
    m = build(one("Tower", towers=[{"centre": centre}]))
    assert [r.name for r in m.regions] == ["Tower", "Starting tower 1"]
    assert [h.hazard for h in m.hexes] == [h.hazard for h in plain.hexes]
    assert m.elevations == plain.elevations
    assert set(m.hexsides) == set(plain.hexsides)
    at = placed_hexes(m, 0)
    assert sorted(m.region_hexes[1]) == sorted(at[h] for h in land.deploy)


# --- refusals --------------------------------------------------------------------------------

REFUSED = [
    # (section-id, spec, words the message holds, the path it names)
    (
        "3.2-overlapping-battlelands",
        {
            "battlelands": [
                {"terrain": "Plains", "at": "H7"},
                {"terrain": "Woods", "at": "K8"},
            ]
        },
        "is both Plains (Plains",
        "battlelands[1].at",
    ),
    (
        "3.2-sea-over-a-battleland",
        one("Plains", seas=[{"hexes": ["L7", "H7"]}]),
        "H7 is both Plains (Plains D3) and Sea (Sea)",
        "seas[0].hexes[1]",
    ),
    ("3.2-beyond-column-a", one("Plains", at="A5"), "left of column A", "battlelands[0].at"),
    ("3.2-rotation-of-six", one("Plains", rotation=6), "0 to 5", "battlelands[0].rotation"),
    ("3.2-unknown-terrain", one("Plain"), "did you mean Plains", "battlelands[0].terrain"),
    (
        "3.2-unknown-field",
        {"battlelands": [{"terrain": "Plains", "at": "H7", "rotate": 1}]},
        "unknown field 'rotate'; did you mean rotation",
        "battlelands[0].rotate",
    ),
    ("3.2-unknown-table", {"battleland": []}, "did you mean battlelands", "battleland"),
    (
        "2.1-two-regions-one-name",
        {
            "battlelands": [{"terrain": "Plains", "at": "H7"}],
            "seas": [{"name": "Plains", "hexes": ["N6"]}],
        },
        "already named 'Plains'",
        "seas[0].name",
    ),
    ("3.1-tower-off-the-map", _tower_spec("H2"), "needs", "towers[0].centre"),
    (
        "3.1-tower-across-two-regions",
        one("Plains", seas=[{"hexes": ["L7", "L8"]}], towers=[{"centre": "K8"}]),
        "within one region of land",
        "towers[0].centre",
    ),
    (
        "3.1-tower-in-a-sea",
        {"seas": [{"at": "H7"}], "towers": [{"centre": "H7"}]},
        "within one region of land",
        "towers[0].centre",
    ),
    (
        "3.1-towers-overlapping",
        one("Plains", towers=[{"centre": "H7"}, {"centre": "H8"}]),
        "overlaps another",
        "towers[1].centre",
    ),
    (
        "12.1.1-river-between-hexes-apart",
        one("Plains", rivers=[{"hexsides": [["H7", "H9"]]}]),
        "not adjacent",
        "rivers[0].hexsides[0]",
    ),
    (
        "12.1.1-river-off-the-map",
        one("Plains", rivers=[{"hexsides": [["H7", "Z9"]]}]),
        "Z9 is not a hex of the map",
        "rivers[0].hexsides[0]",
    ),
    (
        "12.1.1-river-on-a-wall",
        _tower_spec("H7", rivers=[{"hexsides": [["H7", "H8"]]}]),
        "already holds a Wall",
        "rivers[0].hexsides[0]",
    ),
]


@pytest.mark.parametrize("spec, words, path", [r[1:] for r in REFUSED], ids=[r[0] for r in REFUSED])
def test_a_bad_mosaic_is_refused_naming_the_place(request, spec, words, path):
    with pytest.raises(TitanError) as refused:
        build(spec)
    assert words in refused.value.message
    assert refused.value.path == path
    assert refused.value.rule == request.node.callspec.id.split("-")[0]


def test_a_river_on_a_slope_is_refused_12_1_1():
    hills = build(one("Hills"))
    slope = next(s for s in hills.hexsides if s.hazard == "Slope")
    pair = [hills.name_of(h) for h in slope.hexes]
    with pytest.raises(RuleError, match="already holds a Slope"):
        build(one("Hills", rivers=[{"hexsides": [pair]}]))


def test_a_mosaic_is_checked_as_a_map_2_1():
    """Pieces that do not touch are placed, then refused by the map's checks."""
    spec = {
        "battlelands": [
            {"terrain": "Plains", "at": "H7"},
            {"terrain": "Woods", "at": "Z7"},
        ]
    }
    with pytest.raises(Violations) as refused:
        build(spec)
    assert [p.rule for p in refused.value.problems] == ["2.1"]
    assert "cut off" in refused.value.message


def test_a_bad_label_is_an_unknown_name():
    with pytest.raises(UnknownName) as refused:
        build(one("Plains", at="h7"))
    assert refused.value.path == "battlelands[0].at"


# --- the maps kept in engine/data/maps ----------------------------------------------------------


@pytest.mark.parametrize("name", ["two_shores", "four_winds"])
def test_the_stored_maps_are_what_their_specs_build(name):
    built = build(load_spec(MAPS / f"{name}.toml"))
    assert (MAPS / f"{name}.json").read_text() == dumps(built), (
        f"regenerate: python -m engine.tactical.mosaic engine/data/maps/{name}.toml "
        f"> engine/data/maps/{name}.json"
    )


def test_the_command_prints_the_map(capsys):
    assert main([str(MAPS / "two_shores.toml")]) == 0
    assert capsys.readouterr().out == (MAPS / "two_shores.json").read_text()


def test_the_command_explains_a_refusal(tmp_path, capsys):
    spec = tmp_path / "bad.json"
    spec.write_text('{"battlelands": [{"terrain": "Plains", "at": "A1"}]}')
    assert main([str(spec)]) == 1
    err = capsys.readouterr().err
    assert "battlelands[0].at" in err and "rule 3.2" in err
    assert main([]) == 2


def test_the_command_runs_as_a_module():
    done = subprocess.run(
        [sys.executable, "-m", "engine.tactical.mosaic", str(MAPS / "two_shores.toml")],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    assert done.stdout.startswith('{\n  "format": "tactical-titan-map"')


def test_labels_of_points_are_the_layouts():
    assert label(placement(0, parse_label(MIDDLE_AT))[MIDDLE[0]]) == MIDDLE_AT


def test_the_documented_spec_builds():
    """docs/tactical.md's example spec is a map: a Battleland, a Sea, a River and a tower."""
    text = (ROOT / "docs" / "tactical.md").read_text()
    section = text[text.index("### Building a map from Battlelands") :]
    example = section[section.index("```toml\n") + len("```toml\n") :]
    m = build(tomllib.loads(example[: example.index("```")]))
    assert [(r.name, r.terrain) for r in m.regions] == [
        ("Fields", "Plains"),
        ("Bay", "Sea"),
        ("Keep", "Tower"),
    ]
    assert sum(1 for s in m.hexsides if s.hazard == "River") == 2
