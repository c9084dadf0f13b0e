"""The Masterboard's shape: which lands touch, and across which numbered side (10.1).

Lands sit on a grid of drawing positions ``(x, y)``, ``y`` growing down the
page. Each land is a triangle with cut corners: its three long sides touch
the land to its left (x - 1), to its right (x + 1), and one land straight
above or below it, by the parity of x + y. A legion entering a land crosses
one of these long sides; the Battleland's four-hex entry sides 1, 3, 5 are
those sides, numbered as docs/rulings.md (10.1 Entry sides on the
Masterboard) explains: side 1 is the land's flat top or bottom, then 3 and 5
counterclockwise, as on the Battleland picture.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from types import MappingProxyType

from engine.masterboard import LANDS

ENTRY_SIDES = (1, 3, 5)


def points_down(number: int) -> bool:
    """Whether the land's flat side is on top (its third neighbour above it)."""
    land = LANDS[number]
    return (land.x + land.y) % 2 == 0


def _side_facing(number: int, neighbour: int) -> int:
    land, other = LANDS[number], LANDS[neighbour]
    if other.x == land.x:
        return 1  # the flat side, top or bottom
    from_right = other.x > land.x
    if points_down(number):  # flat top = 1, lower left = 3, lower right = 5
        return 5 if from_right else 3
    return 3 if from_right else 5  # flat bottom = 1, upper right = 3, upper left = 5


def _build_neighbours() -> Mapping[int, tuple[int, ...]]:
    """Lands sharing a border: every border carries a sign one way or both (7.3)."""
    found: dict[int, set[int]] = {n: set() for n in LANDS}
    for number, land in LANDS.items():
        for exit_ in land.exits:
            found[number].add(exit_.to)
            found[exit_.to].add(number)
    return MappingProxyType({n: tuple(sorted(s)) for n, s in found.items()})


NEIGHBOURS: Mapping[int, tuple[int, ...]] = _build_neighbours()
SIDES: Mapping[tuple[int, int], int] = MappingProxyType(
    {(n, m): _side_facing(n, m) for n, ms in NEIGHBOURS.items() for m in ms}
)


def entry_side(land: int, came_from: int) -> int:
    """The side (1, 3 or 5) of ``land`` a legion crosses coming from the adjacent ``came_from``."""
    return SIDES[(land, came_from)]


def distances(start: int) -> Mapping[int, int]:
    """How many lands away each land is from ``start``, ignoring signs (8.1)."""
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there in NEIGHBOURS[here]:
            if there not in seen:
                seen[there] = seen[here] + 1
                queue.append(there)
    return seen
