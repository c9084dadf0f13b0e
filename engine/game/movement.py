"""Moving a Legion on the Masterboard (7.0-7.6) and teleporting it (8.0-8.3).

Pure functions of the start land, the Movement Roll and where the other
Legions stand. Each answer is a ``Destination``: the land, the side the
Legion crosses into it (``engine.game.board``) and the kind of teleport.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from enum import StrEnum

from engine.characters import TITAN, character
from engine.game.board import ENTRY_SIDES, NEIGHBOURS, distances, entry_side
from engine.game.titans import may_titan_teleport
from engine.hexes import TOWER_ENTRY_SIDE
from engine.masterboard import LANDS, TOWERS, Sign

TELEPORT_ROLL = 6  # 8.1, 8.2
TOWER_TELEPORT_REACH = 6  # 8.1: up to six lands distant


class Teleport(StrEnum):
    TOWER = "tower"  # 8.1
    TITAN = "titan"  # 8.2


@dataclass(frozen=True)
class Destination:
    land: int
    entry_side: int
    teleport: Teleport | None = None

    def to_dict(self) -> dict[str, int | str | None]:
        teleport = None if self.teleport is None else self.teleport.value
        return {"land": self.land, "entry_side": self.entry_side, "teleport": teleport}


def first_steps(start: int) -> tuple[int, ...]:
    """7.4: where a move may begin. A Block forces its way; else any sign may begin it."""
    exits = LANDS[start].exits
    blocks = tuple(e.to for e in exits if e.sign is Sign.BLOCK)
    return blocks or tuple(e.to for e in exits)


def next_steps(here: int, came_from: int) -> tuple[int, ...]:
    """7.4-7.5: how a move continues. A Triple Arrow must be followed; single Arrows may be,
    but not back the way it came; Blocks and Arches only start moves."""
    exits = LANDS[here].exits
    triple = tuple(e.to for e in exits if e.sign is Sign.ARROWS)
    if triple:
        return triple
    return tuple(e.to for e in exits if e.sign is Sign.ARROW and e.to != came_from)


def normal_moves(
    start: int,
    roll: int,
    *,
    friendly: Collection[int] = (),
    enemy: Collection[int] = (),
    engaged: Collection[int] = (),
) -> frozenset[Destination]:
    """Where a Legion on ``start`` may end its move for ``roll`` along the signs (7.1-7.5).

    ``friendly``: lands of the Mover's other Legions (passed, never ended on);
    ``enemy``: lands of other players' Legions (the move stops there: an
    Engagement); ``engaged``: lands of Engagements made this turn (never
    entered nor crossed, 7.1).
    """
    found: set[Destination] = set()

    def walk(here: int, came_from: int | None, steps: int) -> None:
        onward = first_steps(here) if came_from is None else next_steps(here, came_from)
        for there in onward:
            if there in engaged:
                continue
            side = entry_side(there, here)
            if there in enemy:
                found.add(Destination(there, side))
            elif steps + 1 == roll:
                if there not in friendly:
                    found.add(Destination(there, side))
            else:
                walk(there, here, steps + 1)

    if 1 <= roll <= 6:
        walk(start, None, 0)
    return frozenset(found)


def tower_teleports(
    start: int, roll: int, characters: Sequence[str], *, occupied: Collection[int]
) -> frozenset[Destination]:
    """8.1: from a Tower, with a Lord, on a 6: any vacant Tower, or any vacant land up to six
    lands away (signs and Legions ignored on the way)."""
    if roll != TELEPORT_ROLL or start not in TOWERS:
        return frozenset()
    if not any(character(name).is_lord for name in characters):
        return frozenset()
    found: set[Destination] = set()
    for tower in TOWERS:
        if tower != start and tower not in occupied:
            found.add(Destination(tower, TOWER_ENTRY_SIDE, Teleport.TOWER))
    away = distances(start)
    for land, distance in away.items():
        if not 1 <= distance <= TOWER_TELEPORT_REACH or land in occupied:
            continue
        for neighbour in NEIGHBOURS[land]:
            if away[neighbour] < distance:  # the last step of a shortest way there
                found.add(Destination(land, entry_side(land, neighbour), Teleport.TOWER))
    return frozenset(found)


def titan_teleports(
    roll: int,
    characters: Sequence[str],
    score: int,
    *,
    enemy: Collection[int],
    engaged: Collection[int] = (),
) -> frozenset[Destination]:
    """8.2, 19.2, 10.4: the Titan's Legion, at Power 10 (score 400+), on a 6, to any land
    holding another player's Legion, entering by the side of its choice (the Tower: 10.2)."""
    if roll != TELEPORT_ROLL or TITAN not in characters or not may_titan_teleport(score):
        return frozenset()
    found: set[Destination] = set()
    for land in enemy:
        if land in engaged:
            continue
        sides = (TOWER_ENTRY_SIDE,) if land in TOWERS else ENTRY_SIDES
        found.update(Destination(land, side, Teleport.TITAN) for side in sides)
    return frozenset(found)


def all_moves(
    start: int,
    roll: int,
    characters: Sequence[str],
    score: int,
    *,
    friendly: Collection[int] = (),
    enemy: Collection[int] = (),
    engaged: Collection[int] = (),
    may_teleport: bool = True,
) -> list[Destination]:
    """Every move of a Legion, normal and teleported, sorted by land, side, teleport.

    ``may_teleport`` is False once another Legion has teleported this turn (8.0).
    """
    found = set(normal_moves(start, roll, friendly=friendly, enemy=enemy, engaged=engaged))
    if may_teleport:
        occupied = set(friendly) | set(enemy) | set(engaged)
        found |= tower_teleports(start, roll, characters, occupied=occupied)
        found |= titan_teleports(roll, characters, score, enemy=enemy, engaged=engaged)
    return sorted(found, key=lambda d: (d.land, d.entry_side, d.teleport or ""))
