"""Map geometry (Tactical Titan 2.1; TITAN 13.2, 13.3): labels, neighbours, distance,
rotation and rangestrike lines on a grid of any size, TITAN's Battleland included."""

from __future__ import annotations

import math
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import hexes as titan
from engine.battlelands import TERRAINS, battleland
from engine.errors import UnknownName
from engine.tactical.geometry import (
    DIRECTIONS,
    LINE_REACH,
    SIXTHS,
    Grid,
    centre,
    distance,
    doubled,
    from_doubled,
    label,
    parse_label,
    rotate,
)

BATTLELAND = list(titan.AXIAL)  # engine.hexes' own points, hex i at i


def hexagon(radius: int, middle: tuple[int, int] = (0, 0)) -> list[tuple[int, int]]:
    q0, r0 = middle
    return [
        (q0 + q, r0 + r)
        for q in range(-radius, radius + 1)
        for r in range(-radius, radius + 1)
        if abs(q + r) <= radius
    ]


points = st.tuples(st.integers(-40, 40), st.integers(-40, 40))


# --- labels ---------------------------------------------------------------------------

LABELS = [
    # (rule, label, axial point)
    ("2.1-first-hex", "A1", (0, 0)),
    ("2.1-below-it", "A2", (0, 1)),
    ("2.1-odd-column-half-a-hex-lower", "B1", (1, 0)),
    ("2.1-even-column", "C1", (2, -1)),
    ("2.1-last-single-letter", "Z3", (25, -10)),
    ("2.1-two-letters", "AA1", (26, -13)),
    ("2.1-two-letters-later", "BA10", (52, -17)),
]


@pytest.mark.parametrize("text, point", [r[1:] for r in LABELS], ids=[r[0] for r in LABELS])
def test_labels(text, point):
    assert parse_label(text) == point
    assert label(point) == text


@given(st.integers(0, 800), st.integers(1, 800))
def test_every_labelled_point_round_trips_2_1(x, row):
    point = from_doubled(x, 2 * (row - 1) + x % 2)
    text = label(point)
    assert text.endswith(str(row)) and parse_label(text) == point


@pytest.mark.parametrize("text", ["a1", "A0", "1A", "", "A-1", "A01", "A 1", None, 7])
def test_not_labels_are_refused_2_1(text):
    with pytest.raises(UnknownName, match="not a hex label"):
        parse_label(text)


def test_points_without_labels_2_1():
    with pytest.raises(ValueError):
        label((-1, 0))
    with pytest.raises(ValueError):
        label((0, -1))


def test_a_grid_refuses_labels_it_does_not_hold_2_1():
    grid = Grid(hexagon(2, (3, 3)))
    assert grid.name(grid.parse("D4")) == "D4"
    with pytest.raises(UnknownName, match="not a hex of this map"):
        grid.parse("A1")


def test_doubled_coordinates_are_engine_hexes_2_1():
    """Axial points of the Battleland give back engine.hexes.DOUBLED: one grid, two sizes."""
    assert [doubled(p) for p in BATTLELAND] == list(titan.DOUBLED)


# --- directions and rotation -------------------------------------------------------------


def _angle(point) -> float:
    x, y = centre(point)
    return math.degrees(math.atan2(y, x)) % 360  # y grows downward: angles grow clockwise


def test_directions_run_clockwise_from_straight_up_2_1():
    angles = [_angle(d) for d in DIRECTIONS]
    assert angles[0] == pytest.approx(270)  # straight up on screen
    for a, b in pairwise([*angles, angles[0]]):
        assert (b - a) % 360 == pytest.approx(60)


@given(points, st.integers(0, 11))
def test_rotation_is_a_clockwise_turn_of_the_drawing_2_1(point, sixths):
    if point == (0, 0):
        return
    turned = rotate(point, sixths)
    assert math.dist(centre(turned), (0, 0)) == pytest.approx(math.dist(centre(point), (0, 0)))
    assert (_angle(turned) - _angle(point)) % 360 == pytest.approx(60 * (sixths % 6) % 360)


@given(points, points, points, st.integers(-6, 12))
def test_rotation_keeps_distances_and_six_sixths_are_none_2_1(a, b, about, sixths):
    assert distance(rotate(a, sixths, about), rotate(b, sixths, about)) == distance(a, b)
    assert rotate(a, SIXTHS, about) == a
    assert rotate(rotate(a, sixths, about), -sixths, about) == a


@pytest.mark.parametrize("sixths", range(SIXTHS))
def test_a_rotated_battleland_keeps_its_neighbours_and_distances(sixths):
    """Hex i of a Battleland turned by any sixth about any point keeps TITAN's neighbours."""
    grid = Grid(rotate(p, sixths, (5, -2)) for p in BATTLELAND)
    for h in grid:
        assert set(grid.neighbours[h]) == set(titan.NEIGHBOURS[h])
        assert [grid.distance(h, k) for k in grid] == list(titan.DISTANCE[h])


# --- a grid: neighbours, distance, lines ----------------------------------------------------


def test_the_battleland_grid_is_engine_hexes():
    """TITAN's 27 hexes as a grid: the same neighbours, distances and rangestrike paths
    (13.3) as the tables of engine.hexes, for every pair."""
    grid = Grid(BATTLELAND)
    assert grid.neighbours == titan.NEIGHBOURS
    for a in grid:
        for b in grid:
            assert grid.distance(a, b) == titan.distance(a, b)
            assert sorted(grid.paths(a, b)) == sorted(titan.PATHS[a][b]), (a, b)


@given(points, points, points)
def test_distance_is_a_metric_13_2(a, b, c):
    assert distance(a, b) == distance(b, a)
    assert (distance(a, b) == 0) == (a == b)
    assert distance(a, c) <= distance(a, b) + distance(b, c)


def test_neighbours_are_the_hexes_one_step_away_2_1():
    grid = Grid(hexagon(4))
    for a in grid:
        assert set(grid.neighbours[a]) == {b for b in grid if grid.distance(a, b) == 1}
        if distance(grid.coords[a], (0, 0)) < 4:
            assert len(grid.neighbours[a]) == 6
        for b in grid.neighbours[a]:
            assert a in grid.neighbours[b]
            assert grid.direction(b, a) == (grid.direction(a, b) + 3) % 6


def test_within_is_the_hexes_in_reach():
    grid = Grid(hexagon(6))
    for a in (0, 40, len(grid) - 1):
        for reach in (0, 1, 3):
            assert grid.within(a, reach) == tuple(b for b in grid if grid.distance(a, b) <= reach)


PATH_FACTS = [
    # (rule, from, to, the paths: the labels between)
    ("13.3-straight-down-a-column", "C3", "C6", [["C4", "C5"]]),
    ("13.3-along-a-hexside-two-paths", "C3", "E3", [["D2"], ["D3"]]),
    ("13.3-diagonal", "C3", "F3", [["D3", "E3"]]),
    ("13.3-off-the-map", "C3", "C9", [["C4", "C5", "C6", "C7", None]]),
]


@pytest.mark.parametrize("a, b, paths", [r[1:] for r in PATH_FACTS], ids=[r[0] for r in PATH_FACTS])
def test_paths(a, b, paths):
    grid = Grid(p for p in hexagon(6, (4, 2)) if p != parse_label("C8"))
    found = [
        [None if h is None else grid.name(h) for h in path]
        for path in grid.paths(grid.parse(a), grid.parse(b))
    ]
    assert sorted(found, key=str) == sorted(paths, key=str)


@given(st.integers(0, 168), st.integers(0, 168), st.integers(0, 5))
def test_lines_turn_with_the_map_13_3(a, b, sixths):
    """The paths from a to b, turned, are the paths between the turned ends."""
    grid = Grid(hexagon(7))
    turned = Grid(rotate(p, sixths) for p in grid.coords)  # hex i turned is hex i
    assert set(grid.paths(a, b)) == set(turned.paths(a, b))


def test_paths_within_reach_13_3():
    """Within reach, every path steps from hex to adjacent hex and has distance - 1 hexes;
    there are two exactly when the line runs along hexsides (its direction is a multiple of
    a hexside's)."""
    grid = Grid(hexagon(7))
    for a in (a for a in grid if distance(grid.coords[a], (0, 0)) <= 3):
        for b in (b for b in grid.within(a, LINE_REACH) if b != a):
            for path in grid.paths(a, b):
                assert len(path) == grid.distance(a, b) - 1
                assert all(y in grid.neighbours[x] for x, y in pairwise((a, *path, b)))
            dq, dr = (v - u for u, v in zip(grid.coords[a], grid.coords[b], strict=True))
            along = dq == dr or dr == -2 * dq or dq == -2 * dr
            assert len(grid.paths(a, b)) == (2 if along else 1)


def test_a_large_map_tables_lines_only_within_reach():
    """A 500-hex map: asking one hex's lines tables at most the 37 hexes in reach of it."""
    grid = Grid((q, r) for q in range(25) for r in range(-q // 2, -q // 2 + 20))
    assert len(grid) == 500
    a, far = grid.parse("M10"), grid.parse("A1")
    assert grid.paths(a, far)  # a long line: computed, not kept
    assert grid.paths(a, grid.parse("M13")) == ((grid.parse("M11"), grid.parse("M12")),)
    assert list(grid._lines) == [a] and len(grid._lines[a]) == 37


def test_connected_pieces():
    grid = Grid([(0, 0), (0, 1), (5, 5), (5, 6), (9, 9)])
    assert grid.connected() == [[0, 1], [2, 3], [4]]
    assert grid.connected([0, 2, 3]) == [[0], [2, 3]]


def test_a_grid_refuses_a_hex_twice():
    with pytest.raises(ValueError, match="twice"):
        Grid([(0, 0), (1, 0), (0, 0)])


@pytest.mark.parametrize("terrain", TERRAINS)
def test_a_battleland_answers_for_its_own_geometry(terrain):
    """The seam TITAN's movement and rangestrikes read through: a Battleland's neighbours,
    distances and lines are engine.hexes' tables, as a grid of its hexes gives them."""
    land = battleland(terrain)
    grid = Grid(BATTLELAND)
    assert land.neighbours is titan.NEIGHBOURS and land.neighbours == grid.neighbours
    for a in grid:
        for b in grid:
            assert land.distance(a, b) == grid.distance(a, b)
            assert land.paths(a, b) is titan.PATHS[a][b]
