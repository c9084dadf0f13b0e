"""Battleland geometry (2.2, 13.2, 13.3): labels, neighbours, distance and rangestrike lines."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.errors import UnknownName
from engine.hexes import (
    HEX_COUNT,
    HEXES,
    LABELS,
    NEIGHBOURS,
    PATHS,
    are_adjacent,
    distance,
    hex_name,
    parse_hex,
)

hexes = st.sampled_from(list(HEXES))


def test_twenty_seven_hexes_2_2():
    assert HEX_COUNT == 27
    assert [sum(1 for label in LABELS if label[0] == c) for c in "ABCDEF"] == [3, 4, 5, 6, 5, 4]
    assert all(parse_hex(hex_name(h)) == h for h in HEXES)


@pytest.mark.parametrize("label", ["A4", "G1", "D0", "", "d4", None])
def test_unknown_labels_2_2(label):
    with pytest.raises(UnknownName):
        parse_hex(label)


# (rule, hex, its neighbours) from the board picture of reference/README.md
NEIGHBOUR_FACTS = [
    ("2.2-centre", "D3", {"D2", "D4", "C2", "C3", "E2", "E3"}),
    ("2.2-corner-A1", "A1", {"A2", "B1", "B2"}),
    ("2.2-corner-D1", "D1", {"C1", "D2", "E1"}),
    ("2.2-edge-F2", "F2", {"F1", "F3", "E2", "E3"}),
    ("2.2-corner-D6", "D6", {"C5", "D5", "E5"}),
]


@pytest.mark.parametrize(
    "label, expected", [r[1:] for r in NEIGHBOUR_FACTS], ids=[r[0] for r in NEIGHBOUR_FACTS]
)
def test_neighbours(label, expected):
    assert {hex_name(n) for n in NEIGHBOURS[parse_hex(label)]} == expected


def test_neighbours_are_symmetric_and_at_most_six_2_2():
    for a in HEXES:
        assert 1 <= len(NEIGHBOURS[a]) <= 6 and a not in NEIGHBOURS[a]
        for b in NEIGHBOURS[a]:
            assert a in NEIGHBOURS[b]
            assert are_adjacent(a, b) and distance(a, b) == 1


# (rule, from, to, steps between centres; the range of 13.2 is one more)
DISTANCES = [
    ("13.2-same-hex", "D3", "D3", 0),
    ("13.2-adjacent-range-2", "D3", "C3", 1),
    ("13.2-one-between-range-3", "D3", "B2", 2),
    ("13.2-two-between-range-4", "F1", "C1", 3),
    ("13.2-across-the-board", "F1", "A3", 5),
    ("13.2-column-D", "D1", "D6", 5),
]


@pytest.mark.parametrize("a, b, steps", [r[1:] for r in DISTANCES], ids=[r[0] for r in DISTANCES])
def test_distance(a, b, steps):
    assert distance(parse_hex(a), parse_hex(b)) == steps


@given(hexes, hexes, hexes)
def test_distance_is_a_metric_13_2(a, b, c):
    """Range is symmetric (13.2) and obeys the triangle inequality."""
    assert distance(a, b) == distance(b, a)
    assert (distance(a, b) == 0) == (a == b)
    assert distance(a, c) <= distance(a, b) + distance(b, c)


# (rule, from, to, the possible paths: intervening hexes in order)
PATH_FACTS = [
    ("13.3-straight-down-a-column", "D1", "D4", [["D2", "D3"]]),
    ("13.3-straight-diagonal", "F2", "C1", [["E2", "D2"]]),
    ("13.3-shallow-line", "F1", "C1", [["E1", "D2"]]),
    ("13.3-along-a-hexside-two-paths", "D3", "B2", [["C3"], ["C2"]]),
    ("13.3-range-4-one-path", "F2", "C2", [["E2", "D3"]]),
    ("13.3-along-a-hexside-steep", "D3", "C4", [["D4"], ["C3"]]),
    ("13.3-between-the-two", "E2", "C2", [["D3"], ["D2"]]),
    ("13.3-bent-line", "D2", "B3", [["C2", "C3"]]),
]


@pytest.mark.parametrize("a, b, paths", [r[1:] for r in PATH_FACTS], ids=[r[0] for r in PATH_FACTS])
def test_paths(a, b, paths):
    found = [[hex_name(h) for h in path] for path in PATHS[parse_hex(a)][parse_hex(b)]]
    assert sorted(found) == sorted(paths)


def test_paths_within_range_four_13_3():
    """Every path within range 4 stays on the board, steps from hex to adjacent hex, has
    distance - 1 hexes, and there are two exactly where the line runs along hexsides."""
    for a in HEXES:
        for b in HEXES:
            if not 2 <= distance(a, b) <= 3:
                continue
            paths = PATHS[a][b]
            assert 1 <= len(paths) <= 2 and len(set(paths)) == len(paths)
            for path in paths:
                assert None not in path
                assert len(path) == distance(a, b) - 1
                line = (a, *path, b)
                assert all(y in NEIGHBOURS[x] for x, y in pairwise(line))
            if len(paths) == 2:
                # along a hexside: the two paths differ in hexes that are neighbours
                assert any(x != y and y in NEIGHBOURS[x] for x, y in zip(*paths, strict=True))


@given(hexes, hexes)
def test_path_reverses_13_3(a, b):
    """The paths from b to a are the paths from a to b, reversed."""
    forward = sorted(tuple(reversed(p)) for p in PATHS[a][b])
    assert forward == sorted(PATHS[b][a])


def test_adjacent_hexes_have_nothing_between_13_3():
    for a in HEXES:
        for b in NEIGHBOURS[a]:
            assert PATHS[a][b] == ((),)
