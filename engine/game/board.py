"""The Masterboard's shape: which lands touch, and across which numbered side (10.1).

Lands sit on a grid of drawing positions ``(x, y)``, ``y`` growing down the
page. Each land is a triangle with cut corners, a hexagon of three long sides
and three short ones: its long sides touch the land to its left (x - 1), to its
right (x + 1), and one land straight above or below it, by the parity of x + y.
Directions on the page are numbered 0 (up) to 5 clockwise, so a land pointing
up has its long sides at 1, 3 and 5 and a land pointing down at 0, 2 and 4.

A land's own sides are numbered as the Colossus and Slugathon clients number
them (docs/rulings.md, 10.1 Entry sides on the Masterboard): clockwise from
the short side along which its number is printed, its *label side* (side 0),
so that the long sides are 1, 3 and 5. A Legion entering a land crosses one of
them, and that side is the Battle's entry side; into a Tower it is always 5
(10.2).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from types import MappingProxyType

from engine.hexes import TOWER_ENTRY_SIDE
from engine.masterboard import LANDS

ENTRY_SIDES = (1, 3, 5)


def points_down(number: int) -> bool:
    """Whether the land's flat side is on top (its third neighbour above it)."""
    land = LANDS[number]
    return (land.x + land.y) % 2 == 0


def direction(number: int, neighbour: int) -> int:
    """The direction on the page (0 up, clockwise to 5) of the border of ``number``
    that touches the adjacent ``neighbour``."""
    land, other = LANDS[number], LANDS[neighbour]
    down = points_down(number)
    if other.x == land.x:
        return 0 if down else 3  # the flat side, top or bottom
    from_right = other.x > land.x
    if down:  # long sides: 0 top, 2 lower right, 4 lower left
        return 2 if from_right else 4
    return 1 if from_right else 5  # long sides: 1 upper right, 3 bottom, 5 upper left


def _side_facing(number: int, neighbour: int) -> int:
    if LANDS[number].is_tower:
        return TOWER_ENTRY_SIDE
    return (direction(number, neighbour) - LANDS[number].label_side) % 6


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
    """The side (1, 3 or 5) of ``land`` a Legion crosses coming from the adjacent ``came_from``,
    numbered from the land's label side; 5 into a Tower (10.1, 10.2)."""
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
