"""Movement and contact on a Battleland (11.0-11.7, the hazard chart's movement lines).

Costs are read from the hazard records of ``engine.hazards``: a hex hazard's
``may_walk_in``, ``may_fly_over``, ``may_land`` and ``slows``; a hexside's
``walkers_may_cross``, ``slows_going_up`` and ``breaks_contact``.
"""

from __future__ import annotations

import heapq

from engine.battle_turns import deploys_in_tower, entering_hexes, may_move_in_phase
from engine.battlelands import Battleland
from engine.characters import Character
from engine.hazards import applies
from engine.position import BattlePosition, Ref

SLOWED = 2  # 11.4: a slowed hex counts as two hexes entered


def _native(kind: Character, hazard_name: str) -> bool:
    return kind.is_native(hazard_name)


def step_cost(kind: Character, land: Battleland, frm: int | None, to: int) -> int | None:
    """Movement points of a non-flying step from ``frm`` into the adjacent hex ``to``.

    1, or 2 when slowed (the hex's hazard, or a hexside crossed going up,
    11.4); None when forbidden (the hex may not be entered on foot, or a
    Cliff lies between, 11.7). ``frm=None`` is entering from off the
    Battleland: no hexside is crossed (11.1). Other characters are ignored.
    """
    hazard = land.hazard(to)
    native = _native(kind, hazard.name)
    if not applies(hazard.may_walk_in, native=native, flies=False):
        return None
    slowed = applies(hazard.slows, native=native, flies=False)
    if frm is not None:
        side = land.hexside(frm, to)
        if side is not None:
            if not side.hazard.walkers_may_cross:
                return None
            side_native = _native(kind, side.hazard.name)
            if side.going_up(to) and applies(
                side.hazard.slows_going_up, native=side_native, flies=False
            ):
                slowed = True
    return SLOWED if slowed else 1


def may_fly_over(kind: Character, land: Battleland, hex_: int) -> bool:
    """May a flier cross this hex in the air? Volcanos only Dragons (11.4)."""
    hazard = land.hazard(hex_)
    return applies(hazard.may_fly_over, native=_native(kind, hazard.name), flies=True)


def landing_cost(kind: Character, land: Battleland, hex_: int) -> int | None:
    """For a flier, what the hex it lands in costs: 1, 2 when slowed, None where it may not land.

    11.4, 11.5: Bramble and Drift slow non-natives; Sand slows only walkers;
    Tree forbids everyone, Bog non-natives and Volcano non-Dragons.
    """
    hazard = land.hazard(hex_)
    native = _native(kind, hazard.name)
    if not applies(hazard.may_land, native=native, flies=True):
        return None
    return SLOWED if applies(hazard.slows, native=native, flies=True) else 1


def may_stand(kind: Character, land: Battleland, hex_: int) -> bool:
    """May the character be in this hex at all: walk into it, or land in it if it flies (11.7)?"""
    if kind.flies:
        return landing_cost(kind, land, hex_) is not None
    return step_cost(kind, land, None, hex_) is not None


def in_contact(land: Battleland, a: int, b: int) -> bool:
    """Adjacent and not separated by a Cliff (11.3, 11.7)."""
    if b not in land.neighbours[a]:
        return False
    side = land.hexside(a, b)
    return side is None or not side.hazard.breaks_contact


def engaged(position: BattlePosition, ref: Ref) -> bool:
    """Is this character on the Battleland in contact with an enemy character (11.3)?"""
    here = position.figure(ref).hex
    if here is None:
        return False
    land = position.land
    return any(in_contact(land, here, there) for _, there in position.placed(ref[0].enemy))


def _walk(
    kind: Character, land: Battleland, starts: dict[int, int], occupied: set[int], skill: int
) -> dict[int, int]:
    """Cheapest cost to each reachable hex on foot, from hexes already reached at a cost."""
    best = dict(starts)
    queue = [(cost, hex_) for hex_, cost in starts.items()]
    heapq.heapify(queue)
    while queue:
        cost, here = heapq.heappop(queue)
        if cost > best.get(here, skill + 1):
            continue
        for there in land.neighbours[here]:
            if there in occupied:
                continue
            step = step_cost(kind, land, here, there)
            if step is None or cost + step > skill:
                continue
            if cost + step < best.get(there, skill + 1):
                best[there] = cost + step
                heapq.heappush(queue, (cost + step, there))
    return best


def _fly(
    kind: Character, land: Battleland, starts: dict[int, int], occupied: set[int], skill: int
) -> set[int]:
    """Hexes a flier may land in: hexes flown over cost one each, the landing hex its cost.

    ``starts`` gives hexes reached so far with the hexes counted to reach them
    (the start hex 0; an entry hex 1). Occupied hexes may be flown over (11.5).
    """
    steps = dict(starts)
    frontier = list(starts)
    while frontier:
        following = []
        for here in frontier:
            for there in land.neighbours[here]:
                if there in steps or not may_fly_over(kind, land, there):
                    continue
                steps[there] = steps[here] + 1
                if steps[there] < skill:  # it could fly on from there
                    following.append(there)
        frontier = following
    landings = set()
    for hex_, count in steps.items():
        cost = landing_cost(kind, land, hex_)
        if hex_ not in occupied and cost is not None and count - 1 + cost <= skill:
            landings.add(hex_)
    return landings


def legal_moves(position: BattlePosition, ref: Ref) -> frozenset[int]:
    """Hexes where the character may end its move in its side's current or next Maneuver Phase.

    Its own hex is excluded (staying is not a move). Walkers pay ``step_cost``
    along adjacent empty hexes (11.2, 11.4, 11.5); fliers fly up to their
    skill over hexes they may fly over and pay for the landing hex (11.4,
    11.5). Off-board characters enter by their side's entry hexes, the entry
    hex counting (11.1), or deploy in the Tower's walled hexes (10.2). A
    character in contact does not move (11.3).
    """
    figure = position.figure(ref)
    if not may_move_in_phase(position, ref) or engaged(position, ref):
        return frozenset()
    kind, land = figure.kind, position.land
    occupied = set(position.occupied())
    entries = [h for h in entering_hexes(position, ref[0]) if h not in occupied]
    if figure.hex is None and deploys_in_tower(position, ref[0]):
        return frozenset(entries)  # 10.2: deployed on an empty walled hex, not moved
    if kind.flies:
        if figure.hex is None:
            # 11.1 with 11.5: the first hex entered is on the edge; it may be flown over
            starts = {h: 1 for h in entering_hexes(position, ref[0]) if may_fly_over(kind, land, h)}
        else:
            starts = {figure.hex: 0}
        landings = _fly(kind, land, starts, occupied, kind.skill)
    else:
        if figure.hex is None:
            starts = {}
            for h in entries:
                cost = step_cost(kind, land, None, h)
                if cost is not None and cost <= kind.skill:
                    starts[h] = cost
        else:
            starts = {figure.hex: 0}
        landings = set(_walk(kind, land, starts, occupied, kind.skill))
    landings.discard(figure.hex)
    return frozenset(landings)
