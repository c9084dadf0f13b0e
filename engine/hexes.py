"""Battleland geometry: the 27 hex labels, neighbours, distance, edges, lines.

Inside the engine a hex is an int index 0..26 (the order of ``LABELS``);
labels such as ``D4`` appear only at the edges, through ``parse_hex`` and
``hex_name``. Everything here is precomputed once, so "how far" or "which
hexes lie between" is a table lookup.

Layout (entry side 1 seen from the attacker): columns F..A from left to
right hold 4, 5, 6, 5, 4, 3 hexes; within a column the number grows
downward. In doubled coordinates a hex is (x, y) with x the column (F=0 ..
A=5) and y = first_row + 2 * (number - 1); neighbours are (x, y +- 2) and
(x +- 1, y +- 1). The same hex is the axial point (q, r) = (x, (y - x) / 2)
(``AXIAL``), on which distance and rangestrike lines are worked out; a Tactical
Titan map's grid (engine.tactical.geometry) uses them for points beyond the 27.
"""

from __future__ import annotations

import math

from engine.errors import UnknownName

COLUMNS = "ABCDEF"
_COLUMN_SIZE = {"A": 3, "B": 4, "C": 5, "D": 6, "E": 5, "F": 4}
LABELS: tuple[str, ...] = tuple(f"{c}{n}" for c in COLUMNS for n in range(1, _COLUMN_SIZE[c] + 1))
HEX_COUNT = len(LABELS)
HEXES = range(HEX_COUNT)
_INDEX = {label: i for i, label in enumerate(LABELS)}


def parse_hex(label: str) -> int:
    """Index of a hex label such as ``"D4"``; ``UnknownName`` otherwise."""
    try:
        return _INDEX[label]
    except (KeyError, TypeError):
        raise UnknownName(f"unknown hex label {label!r}", rule="2.2") from None


def hex_name(index: int) -> str:
    return LABELS[index]


def _doubled(label: str) -> tuple[int, int]:
    column, number = label[0], int(label[1:])
    x = "FEDCBA".index(column)
    return x, 6 - _COLUMN_SIZE[column] + 2 * (number - 1)


DOUBLED: tuple[tuple[int, int], ...] = tuple(_doubled(label) for label in LABELS)
_AT = {xy: i for i, xy in enumerate(DOUBLED)}


def _cube(x: int, y: int) -> tuple[int, int, int]:
    q, r = x, (y - x) // 2
    return q, r, -q - r


CUBE: tuple[tuple[int, int, int], ...] = tuple(_cube(*xy) for xy in DOUBLED)
# (q, r): the axial point of each hex, as engine.tactical.geometry places a map's hexes
Axial = tuple[int, int]
AXIAL: tuple[Axial, ...] = tuple((q, r) for q, r, _ in CUBE)
_AXIAL_AT = {point: i for i, point in enumerate(AXIAL)}


def _neighbours(i: int) -> tuple[int, ...]:
    x, y = DOUBLED[i]
    around = [
        (x, y - 2),
        (x + 1, y - 1),
        (x + 1, y + 1),
        (x, y + 2),
        (x - 1, y + 1),
        (x - 1, y - 1),
    ]
    return tuple(sorted(_AT[xy] for xy in around if xy in _AT))


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(i) for i in HEXES)


def axial_distance(a: Axial, b: Axial) -> int:
    """Steps between two points of the grid (adjacent points are 1 apart)."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


DISTANCE: tuple[tuple[int, ...], ...] = tuple(
    tuple(axial_distance(AXIAL[a], AXIAL[b]) for b in HEXES) for a in HEXES
)


def distance(a: int, b: int) -> int:
    """Steps between two hexes (adjacent hexes are 1 apart)."""
    return DISTANCE[a][b]


def are_adjacent(a: int, b: int) -> bool:
    return DISTANCE[a][b] == 1


# --- edges and entry sides (10.1, 10.2, 10.4; reference/README.md) ---------

EDGES: dict[str, tuple[int, ...]] = {
    "F": tuple(parse_hex(h) for h in ("F1", "F2", "F3", "F4")),
    "A-D high": tuple(parse_hex(h) for h in ("A3", "B4", "C5", "D6")),
    "A-D low": tuple(parse_hex(h) for h in ("A1", "B1", "C1", "D1")),
    "A": tuple(parse_hex(h) for h in ("A1", "A2", "A3")),
    "D-F high": tuple(parse_hex(h) for h in ("D6", "E5", "F4")),
    "D-F low": tuple(parse_hex(h) for h in ("D1", "E1", "F1")),
}
# entry side -> (the attacker's four-hex edge, the defender's three-hex edge)
ENTRY_SIDES: dict[int, tuple[str, str]] = {
    1: ("F", "A"),
    3: ("A-D high", "D-F low"),
    5: ("A-D low", "D-F high"),
}
TOWER_ENTRY_SIDE = 5  # 10.2: the attacker always enters the Tower from side 5


def entry_hexes(entry_side: int, attacker: bool) -> tuple[int, ...]:
    """The hexes a side's characters may enter first (10.1, 11.1)."""
    attacker_edge, defender_edge = ENTRY_SIDES[entry_side]
    return EDGES[attacker_edge if attacker else defender_edge]


# --- rangestrike lines (13.3) -----------------------------------------------

Path = tuple[int | None, ...]  # the hexes a line passes between its ends; None: off the board


def line_points(a: Axial, b: Axial) -> tuple[tuple[Axial, ...], ...]:
    """The points a centre-to-centre line from ``a`` to ``b`` passes, ends excluded, on the
    unbounded grid of axial points (``AXIAL``; engine.tactical.geometry's maps).

    One sequence, or two where the line runs along hexsides: the line is
    sampled at every step of the cube interpolation, its start nudged a hair
    to either side, and each side's sequence kept (13.3: the striker picks
    the hex).
    """
    n = axial_distance(a, b)
    if n == 0:
        return ((),)
    found: list[tuple[Axial, ...]] = []
    for nudge in (1e-6, -1e-6):
        start_q, start_r = a[0] + nudge, a[1] + 2 * nudge
        points = tuple(
            _cube_round(start_q + (b[0] - start_q) * t, start_r + (b[1] - start_r) * t)
            for t in (step / n for step in range(1, n))
        )
        if points not in found:
            found.append(points)
    return tuple(found)


def _cube_round(q: float, r: float) -> Axial:
    """The point whose hex holds the fractional point (q, r)."""
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return int(rq), int(rr)


def _paths(a: int, b: int) -> tuple[Path, ...]:
    found: list[Path] = []
    for points in line_points(AXIAL[a], AXIAL[b]):
        path = tuple(_AXIAL_AT.get(p) for p in points)
        if path not in found:
            found.append(path)
    return tuple(found)


# PATHS[a][b]: the possible paths of a line from a to b (13.3): one, or two
# where the line runs along hexsides and the striker picks the hex. Each path
# lists the intervening hexes in order; None marks a point off the board.
PATHS: tuple[tuple[tuple[Path, ...], ...], ...] = tuple(
    tuple(_paths(a, b) for b in HEXES) for a in HEXES
)


def centre(index: int) -> tuple[float, float]:
    """Cartesian centre of a hex (unit side), for drawing."""
    x, y = DOUBLED[index]
    return 1.5 * x, y * math.sqrt(3) / 2
