"""Movement on a Tactical Titan map (7.0-7.3): TITAN's Maneuver Phase (11.2-11.7) on the map's
grid, with the variant's hazards (Water, River), hexes slowed twice (7.1), teleportation (7.2)
and overstacking (7.3).

``engine.movement`` reads TITAN's 27-hex Battleland; this module asks the same questions of a
map: a walker pays ``engine.tactical.hazards.entry_cost`` for each hex it enters and may not
enter one an enemy holds or a friend it may not overstack with (TITAN 11.5, 7.3); a flier flies
over hexes it may fly over, one each, and pays for the hex it lands in (TITAN 11.4, 11.5).
Each way found also counts the damage its hexsides do (10.1 Fire Elemental: a River), and of
two ways to a hex the one that hurts least, then the shorter, is kept.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.tactical.board import (
    going_up,
    hex_hazard,
    is_tower_hex,
    locked,
    may_join,
    may_stand,
    per_map,
    side_between,
)
from engine.tactical.characters import TacticalCharacter
from engine.tactical.hazards import (
    SLOWED_ONCE,
    SLOWED_TWICE,
    crossing_damage,
    entry_cost,
    may_fly_over,
    slowings,
    within_move,
)
from engine.tactical.maps import Map
from engine.tactical.state import Deed, Figure, GameState

TELEPORT_REACH = 6  # 7.2: "up to six hexes away"
TREE = "Tree"


@dataclass(frozen=True)
class Way:
    """How a character reaches a hex: the hexes it enters in order (the last is where it ends),
    the hexes of movement they count (11.4, 7.1) and the damage its hexsides do on the way."""

    path: tuple[int, ...]
    cost: int
    damage: int


def move_refusal(state: GameState, figure: Figure) -> str | None:
    """Why the character may not move in this Maneuver Phase at all, or None."""
    if figure.has(Deed.MOVED):
        return "a character moves once per Maneuver Phase (TITAN 11.0)"
    if locked(state, figure):
        return "a character locked in contact with an enemy may not move (TITAN 11.3)"
    return None


Starts = dict[int, tuple[int, tuple[int, ...]]]  # hex -> (hexes counted, hexes entered so far)
Step = tuple[int, int, int]  # (hex entered, hexes it counts, damage crossing into it)


def _walk_table(m: Map, kind: TacticalCharacter) -> tuple[tuple[Step, ...], ...]:
    """For each hex, the steps a walker of this type may take out of it, as far as hazards go
    (TITAN 11.4, 11.7; 12.1; 7.1): built once per map and type."""
    rows = []
    for a in m.grid.hexes:
        row = []
        for b in m.neighbours[a]:
            side = side_between(m, a, b)
            cost = entry_cost(kind, hex_hazard(m, b), side, up=going_up(m, a, b))
            if cost is not None:
                row.append((b, cost, crossing_damage(kind, side)))
        rows.append(tuple(row))
    return tuple(rows)


def _fly_table(m: Map, kind: TacticalCharacter) -> tuple[tuple[int | None, ...], tuple[bool, ...]]:
    """For each hex, what landing in it counts (None: it may not) and whether a flier of this
    type may fly over it (TITAN 11.4, 11.5; 12.1.2)."""
    landing = tuple(entry_cost(kind, hex_hazard(m, h), flying=True) for h in m.grid.hexes)
    over = tuple(may_fly_over(kind, hex_hazard(m, h)) for h in m.grid.hexes)
    return landing, over


def _enterable(state: GameState, figure: Figure, hex_: int) -> bool:
    """May the mover end in (or walk through) this hex as far as the characters in it go?"""
    return not state.at(hex_) or may_join(
        state, figure.kind, figure.player, hex_, leaving=figure.id
    )


class _Entry:
    """Which hexes the mover may enter as far as the characters in them go (TITAN 11.5, 7.3),
    asked once a hex in a search."""

    def __init__(self, state: GameState, figure: Figure):
        self.state, self.figure = state, figure
        self.known: dict[int, bool] = {}

    def __call__(self, hex_: int) -> bool:
        if not self.state.at(hex_):
            return True
        found = self.known.get(hex_)
        if found is None:
            found = self.known[hex_] = _enterable(self.state, self.figure, hex_)
        return found


def _layers(starts: Starts) -> dict[int, dict[int, tuple[int, tuple[int, ...]]]]:
    layers: dict[int, dict[int, tuple[int, tuple[int, ...]]]] = {}
    for hex_, (spent, path) in starts.items():
        layers.setdefault(spent, {})[hex_] = (0, path)
    return layers


def _ways(found: dict[int, tuple[int, int, tuple[int, ...]]]) -> dict[int, Way]:
    return {h: Way(path, cost, damage) for h, (damage, cost, path) in found.items()}


def _walk(state: GameState, figure: Figure, starts: Starts) -> dict[int, Way]:
    """Every hex a walker may end in from ``starts``: a search over (hex, hexes counted), in
    the order of hexes counted, so that a costlier way that hurts less is kept too; a hex
    reached again at no less damage is not searched from again."""
    kind, m = figure.kind, state.map
    skill = kind.skill
    table = per_map(m, f"walk {kind.name}", lambda mm: _walk_table(mm, kind))
    enterable = _Entry(state, figure)
    layers = _layers(starts)
    found: dict[int, tuple[int, int, tuple[int, ...]]] = {}  # hex -> (damage, counted, path)
    searched: dict[int, int] = {}  # hex -> least damage it was searched from with
    for counted in range(min(layers), max(skill, *layers) + SLOWED_TWICE + 1):
        for here, (damage, path) in layers.pop(counted, {}).items():
            if path and (here not in found or damage < found[here][0]):
                found[here] = (damage, counted, path)
            if searched.get(here, damage + 1) <= damage:
                continue
            searched[here] = damage
            for there, cost, hurt in table[here]:
                after = counted + cost
                if after > skill and not within_move(counted, cost, skill):
                    continue
                if not enterable(there):
                    continue
                layer = layers.setdefault(after, {})
                total = damage + hurt
                if there not in layer or total < layer[there][0]:
                    layer[there] = (total, (*path, there))
    return _ways(found)


def _fly(state: GameState, figure: Figure, starts: Starts) -> dict[int, Way]:
    """Every hex a flier may land in: each hex flown over counts one, occupied or not; the hex
    it lands in counts its cost (TITAN 11.4, 11.5)."""
    kind, m = figure.kind, state.map
    skill = kind.skill
    landing, over = per_map(m, f"fly {kind.name}", lambda mm: _fly_table(mm, kind))
    hurts = bool(kind.abilities.crossing_damage)
    enterable = _Entry(state, figure)
    layers = _layers(starts)
    found: dict[int, tuple[int, int, tuple[int, ...]]] = {}
    searched: dict[int, int] = {}
    for flown in range(min(layers), max(skill, *layers) + 1):
        for here, (damage, path) in layers.pop(flown, {}).items():
            if path and flown == starts.get(here, (-1,))[0]:
                found[here] = (damage, flown, path)  # a start reached as it is (a teleport's)
            if searched.get(here, damage + 1) <= damage:
                continue
            searched[here] = damage
            for there in m.neighbours[here]:
                total = damage
                if hurts:
                    total += crossing_damage(kind, side_between(m, here, there))
                cost = landing[there]
                if (
                    cost is not None
                    and within_move(flown, cost, skill)
                    and (there not in found or (total, flown + cost) < found[there][:2])
                    and enterable(there)
                ):
                    found[there] = (total, flown + cost, (*path, there))
                if flown + 1 < skill and over[there]:
                    layer = layers.setdefault(flown + 1, {})
                    if there not in layer or total < layer[there][0]:
                        layer[there] = (total, (*path, there))
    return _ways(found)


def reachable(state: GameState, figure: Figure, *, starts: Starts | None = None) -> dict[int, Way]:
    """Every hex the character may end its move in (its own excluded: staying is not a move),
    with the least hurtful way there; from its hex, or from ``starts`` (a Lord going on after
    teleporting, 7.2). Whether it may move at all is ``move_refusal``."""
    begin: Starts = {figure.hex: (0, ())} if starts is None else starts
    found = _fly(state, figure, begin) if figure.kind.flies else _walk(state, figure, begin)
    found.pop(figure.hex, None)
    return found


def way_along(
    state: GameState,
    figure: Figure,
    path: tuple[int, ...],
    *,
    start: int | None = None,
    spent: int = 0,
) -> Way | str:
    """The way along the hexes ``path`` (entered in order), or why it is not one."""
    kind, m = figure.kind, state.map
    here = figure.hex
    if not path:
        return "a path names the hexes entered, the last where the move ends"
    counted, damage = 0, 0
    for i, there in enumerate(path):
        if there not in m.neighbours[here]:
            return f"{m.name_of(there)} is not next to {m.name_of(here)} (TITAN 11.2)"
        damage += crossing_damage(kind, side_between(m, here, there))
        last = i == len(path) - 1
        if kind.flies:
            if last:
                cost = entry_cost(kind, hex_hazard(m, there), flying=True)
                if (
                    cost is None
                    or not within_move(counted, cost, kind.skill)
                    or not _enterable(state, figure, there)
                ):
                    return f"it may not land in {m.name_of(there)} (TITAN 11.4, 11.5)"
                counted += cost
            elif not may_fly_over(kind, hex_hazard(m, there)) or counted + 1 >= kind.skill:
                return f"it may not fly over {m.name_of(there)} (TITAN 11.4)"
            else:
                counted += 1
        else:
            side = side_between(m, here, there)
            cost = entry_cost(kind, hex_hazard(m, there), side, up=going_up(m, here, there))
            if cost is None or not _enterable(state, figure, there):
                return f"it may not enter {m.name_of(there)} from {m.name_of(here)} (TITAN 11.5)"
            if not within_move(counted, cost, kind.skill):
                return f"{m.name_of(there)} lies beyond its Skill-factor (TITAN 11.2, 11.4, 7.1)"
            counted += cost
        here = there
    return Way(path, counted, damage)


# --- teleportation (7.2) -----------------------------------------------------------------------


def teleport_refusal(state: GameState, figure: Figure) -> str | None:
    """Why the character may not teleport in this Maneuver Phase, or None: only a Lord, from a
    hex in a tower (7.2), that may move at all (TITAN 11.0, 11.3)."""
    if not figure.kind.is_lord:
        return f"only Lords teleport, not a {figure.name} (7.2)"
    if not is_tower_hex(state.map, figure.hex):
        return "a Lord teleports from a hex in a tower (7.2)"
    return move_refusal(state, figure)


def teleport_cost(state: GameState, figure: Figure, to: int) -> int | str:
    """The hexes a teleport into ``to`` counts (7.2: one; two where the hex's hazard slows a
    non-flying non-native and the Lord does not fly), or why it may not go there."""
    m, kind = state.map, figure.kind
    if to == figure.hex:
        return "a Lord teleports to another hex (7.2)"
    if m.distance(figure.hex, to) > TELEPORT_REACH:
        return f"{m.name_of(to)} is more than {TELEPORT_REACH} hexes away (7.2)"
    if state.at(to):
        return f"{m.name_of(to)} is occupied by a character (7.2)"
    if m.hazard(to) == TREE:
        return f"{m.name_of(to)} holds a tree (7.2)"
    if not may_stand(kind, m, to):
        return f"a {kind.name} may not be in a {m.hazard(to)} hex (TITAN 11.5, 12.1.2)"
    if kind.flies or not slowings(kind, hex_hazard(m, to)):
        return 1
    return SLOWED_ONCE


def teleports(state: GameState, figure: Figure) -> dict[int, int]:
    """Every hex the Lord may teleport into, with what it counts (7.2)."""
    found = {}
    for h in state.map.grid.within(figure.hex, TELEPORT_REACH):
        cost = teleport_cost(state, figure, h)
        if isinstance(cost, int):
            found[h] = cost
    return found


def beyond_teleport(state: GameState, figure: Figure, landings: dict[int, int]) -> dict[int, Way]:
    """7.2: where the Lord may end its move going on from any of the hexes it may teleport into
    (``landings``: hex -> what the teleport counts), with what is left of its Skill-factor
    (docs/rulings.md); each way's path begins with the hex teleported into."""
    return reachable(state, figure, starts={h: (cost, (h,)) for h, cost in landings.items()})
