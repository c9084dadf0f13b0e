"""Hex geometry of a Tactical Titan map of any size (2.1: "a hex grid").

The grid is TITAN's, made unbounded: columns of flat-topped hexes, as the
Battleland of ``engine.hexes`` is drawn. A point of the grid is an *axial*
coordinate ``(q, r)``: ``q`` the column, growing to the right, and ``r`` such
that the doubled row ``y = 2 * r + q`` grows downward. Its six neighbours are
``DIRECTIONS`` away, listed clockwise from the one straight above. The
distance between two points and the points a line passes (TITAN 13.3) are
``engine.hexes``' own, which places the Battleland's hexes on the same points.

A map's hexes are a finite set of points: a ``Grid`` numbers them 0..n-1 and
answers every geometric question by index (neighbours, distance, the hexes a
rangestrike line crosses). Labels appear only at the edges, through
``Grid.parse`` and ``Grid.name`` (or ``parse_label``/``label`` for points):
column letters ``A``..``Z``, ``AA``, ``AB``, ... from column 0, then the row
number from 1, counted in each column from the top, odd columns sitting half
a hex lower than even ones. So ``A1`` is ``(0, 0)``, ``B1`` is ``(1, 0)``
(doubled row 1) and ``A2`` is ``(0, 1)``; a labelled point has ``q >= 0``
and ``y >= 0``.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Iterator, Sequence
from threading import Lock

from engine.errors import UnknownName
from engine.hexes import Axial as Axial  # (q, r): column, and the row axis down and left
from engine.hexes import Path as Path  # a line's hexes between its ends; None: off the map
from engine.hexes import axial_distance as distance  # steps between two points
from engine.hexes import line_points  # TITAN 13.3's lines, on points of any grid

# the six neighbour offsets, clockwise (on screen, rows growing downward) from straight up
DIRECTIONS: tuple[Axial, ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
SIXTHS = len(DIRECTIONS)  # rotations are by sixths of a turn (60 degrees)

# Rangestrikes reach four hexes counting both ends (TITAN 13.2): lines are tabled up to
# three steps. Longer lines are computed when asked and not kept.
LINE_REACH = 3


# --- points ---------------------------------------------------------------------------


def add(a: Axial, b: Axial) -> Axial:
    return a[0] + b[0], a[1] + b[1]


def subtract(a: Axial, b: Axial) -> Axial:
    return a[0] - b[0], a[1] - b[1]


def rotate(point: Axial, sixths: int, about: Axial = (0, 0)) -> Axial:
    """``point`` turned clockwise (on screen) by ``sixths`` sixths of a turn about ``about``."""
    q, r = subtract(point, about)
    for _ in range(sixths % SIXTHS):
        q, r = -r, q + r  # cube (q, r, s) -> (-r, -s, -q)
    return add((q, r), about)


def neighbour(point: Axial, direction: int) -> Axial:
    """The point next to ``point`` in ``DIRECTIONS[direction]``."""
    return add(point, DIRECTIONS[direction % SIXTHS])


def doubled(point: Axial) -> tuple[int, int]:
    """(column, doubled row): the coordinates of ``engine.hexes.DOUBLED``."""
    q, r = point
    return q, 2 * r + q


def from_doubled(x: int, y: int) -> Axial:
    if (x - y) % 2:
        raise ValueError(f"({x}, {y}) is not a hex: column and doubled row differ in parity")
    return x, (y - x) // 2


def centre(point: Axial) -> tuple[float, float]:
    """Cartesian centre of a hex whose side is 1, y growing downward (for drawing)."""
    x, y = doubled(point)
    return 1.5 * x, y * math.sqrt(3) / 2


# --- labels (the edge) ----------------------------------------------------------------

_LABEL = re.compile(r"([A-Z]+)([1-9][0-9]*)")
_LETTERS = 26


def _column_letters(column: int) -> str:
    letters = ""
    column += 1
    while column:
        column, rest = divmod(column - 1, _LETTERS)
        letters = chr(ord("A") + rest) + letters
    return letters


def _column_number(letters: str) -> int:
    column = 0
    for letter in letters:
        column = column * _LETTERS + ord(letter) - ord("A") + 1
    return column - 1


def label(point: Axial) -> str:
    """The label of a point, such as ``"C7"``; points left of column A or above row 1 have none."""
    x, y = doubled(point)
    if x < 0 or y < 0:
        raise ValueError(f"{point} lies outside the labelled quarter (column >= 0, row >= 1)")
    return f"{_column_letters(x)}{y // 2 + 1}"


def parse_label(text: object) -> Axial:
    """The point a label names; ``UnknownName`` for anything that is not a label."""
    found = _LABEL.fullmatch(text) if isinstance(text, str) else None
    if found is None:
        raise UnknownName(
            f"{text!r} is not a hex label (column letters and a row number from 1, e.g. 'C7')",
            rule="2.1",
        )
    x = _column_number(found.group(1))
    y = 2 * (int(found.group(2)) - 1) + x % 2
    return from_doubled(x, y)


# --- a finite grid ---------------------------------------------------------------------


class Grid:
    """The hexes of one map, numbered 0..n-1 in the order given.

    Neighbours are tabled when the grid is built; lines are tabled from a hex
    to every hex within ``LINE_REACH`` the first time they are asked for, so
    a large map never builds a table of every pair. A grid does not change
    once built (its tables are caches of its coordinates).
    """

    __slots__ = ("_index", "_lines", "_lock", "coords", "neighbours")

    def __init__(self, coords: Iterable[Axial]):
        self.coords: tuple[Axial, ...] = tuple((int(q), int(r)) for q, r in coords)
        self._index = {point: i for i, point in enumerate(self.coords)}
        if len(self._index) != len(self.coords):
            twice = next(p for i, p in enumerate(self.coords) if self._index[p] != i)
            raise ValueError(f"hex {twice} appears twice in a grid")
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(
            tuple(sorted(j for d in range(SIXTHS) if (j := self.at(neighbour(p, d))) is not None))
            for p in self.coords
        )
        self._lines: dict[int, dict[int, tuple[Path, ...]]] = {}
        self._lock = Lock()

    # -- identity
    def __len__(self) -> int:
        return len(self.coords)

    def __iter__(self) -> Iterator[int]:
        return iter(range(len(self.coords)))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Grid) and self.coords == other.coords

    def __hash__(self) -> int:
        return hash(self.coords)

    def __repr__(self) -> str:
        return f"Grid(<{len(self.coords)} hexes>)"

    @property
    def hexes(self) -> range:
        return range(len(self.coords))

    # -- the edge
    def at(self, point: Axial) -> int | None:
        """The index of the hex at ``point``, None when the grid has no hex there."""
        return self._index.get(point)

    def parse(self, text: object) -> int:
        """The index of the hex a label names; ``UnknownName`` when this grid has no such hex."""
        index = self.at(parse_label(text))
        if index is None:
            raise UnknownName(f"{text!r} is not a hex of this map", rule="2.1")
        return index

    def name(self, hex_: int) -> str:
        return label(self.coords[hex_])

    def names(self, hexes: Iterable[int]) -> list[str]:
        return [self.name(h) for h in hexes]

    # -- geometry
    def distance(self, a: int, b: int) -> int:
        """Steps between two hexes along the grid's lines (13.2 counts one more)."""
        return distance(self.coords[a], self.coords[b])

    def are_adjacent(self, a: int, b: int) -> bool:
        return self.distance(a, b) == 1

    def direction(self, a: int, b: int) -> int | None:
        """Which of ``a``'s six sides (``DIRECTIONS``) faces ``b``; None unless adjacent."""
        step = subtract(self.coords[b], self.coords[a])
        return DIRECTIONS.index(step) if step in DIRECTIONS else None

    def within(self, hex_: int, reach: int) -> tuple[int, ...]:
        """The hexes at most ``reach`` steps from ``hex_`` (itself included), by index."""
        q, r = self.coords[hex_]
        found = []
        for dq in range(-reach, reach + 1):
            for dr in range(max(-reach, -dq - reach), min(reach, -dq + reach) + 1):
                index = self.at((q + dq, r + dr))
                if index is not None:
                    found.append(index)
        return tuple(sorted(found))

    def paths(self, a: int, b: int) -> tuple[Path, ...]:
        """The possible paths of a line from ``a`` to ``b`` (13.3): one, or two where it
        runs along hexsides. Each lists the hexes between in order; None marks a point
        the map has no hex at."""
        if self.distance(a, b) > LINE_REACH:
            return self._paths(a, b)
        table = self._lines.get(a)
        if table is None:
            with self._lock:
                table = self._lines.get(a)
                if table is None:
                    table = {b: self._paths(a, b) for b in self.within(a, LINE_REACH)}
                    self._lines[a] = table
        return table[b]

    def _paths(self, a: int, b: int) -> tuple[Path, ...]:
        return tuple(
            tuple(self.at(p) for p in points)
            for points in line_points(self.coords[a], self.coords[b])
        )

    def connected(self, hexes: Sequence[int] | None = None) -> list[list[int]]:
        """The pieces ``hexes`` (all by default) fall into, stepping between neighbours
        within them; each piece sorted, the pieces in the order of their first hex."""
        members = set(self.hexes if hexes is None else hexes)
        pieces = []
        for start in sorted(members):
            if start not in members:
                continue
            members.discard(start)
            piece, frontier = [start], [start]
            while frontier:
                here = frontier.pop()
                for there in self.neighbours[here]:
                    if there in members:
                        members.discard(there)
                        piece.append(there)
                        frontier.append(there)
            pieces.append(sorted(piece))
        return pieces
