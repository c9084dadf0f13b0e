"""Small Tactical Titan positions for tests: an open field of clear hexes with three starting
towers, hazards and hexsides where a test puts them, and characters where it places them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from engine.characters import TITAN
from engine.tactical.geometry import label, neighbour, parse_label
from engine.tactical.maps import Map, parse_map
from engine.tactical.state import Figure, GameState, Phase, Player, muster_pile_left

COLUMNS, ROWS = 14, 12  # A..N, 1..12
TOWERS = ("C3", "L10", "L3")  # the starting towers' centres
PLAYERS = ("Red", "Blue")

Piece = tuple[str, str, str] | tuple[str, str, str, int]  # (player, name, hex[, damage])


def ring(centre: str) -> list[str]:
    """The six labels around ``centre``, clockwise from the one above."""
    point = parse_label(centre)
    return [label(neighbour(point, d)) for d in range(6)]


def field_map(
    *,
    hazards: Mapping[str, str] | None = None,
    terrains: Mapping[str, str] | None = None,
    elevations: Mapping[str, int] | None = None,
    sides: Iterable[tuple[str, str, str] | tuple[str, str, str, str]] = (),
) -> Map:
    """A 14 x 12 field of Plains (region "Fields") with three walled starting towers at
    ``TOWERS``; ``hazards``, ``terrains`` (a region named after its terrain) and ``elevations``
    by label; ``sides`` as (hex, hex, hazard[, top]). Read unchecked, so a test may put any
    hazard anywhere."""
    hazards, terrains, elevations = hazards or {}, terrains or {}, elevations or {}
    towers = {c: [c, *ring(c)] for c in TOWERS}
    tower_of = {h: f"Tower {i + 1}" for i, c in enumerate(TOWERS) for h in towers[c]}
    regions = [{"name": "Fields", "terrain": "Plains"}]
    regions += [{"name": f"Tower {i + 1}", "terrain": "Tower"} for i in range(len(TOWERS))]
    for terrain in sorted(set(terrains.values())):
        regions.append({"name": terrain, "terrain": terrain})
    hexes: dict[str, dict[str, Any]] = {}
    for x in range(COLUMNS):
        for row in range(ROWS):
            here = label((x, row - (x - x % 2) // 2))
            if here in tower_of:
                region, hazard = tower_of[here], "Tower"
            else:
                region, hazard = ("Fields", "Plain")
            if here in terrains:
                region = terrains[here]
            hexes[here] = {
                "region": region,
                "hazard": hazards.get(here, hazard),
                "elevation": elevations.get(here, 1 if here in tower_of else 0),
            }
    walls = []
    for centre, seven in towers.items():
        walls += [{"between": [centre, h], "hazard": "Wall", "top": centre} for h in seven[1:]]
        for h in seven[1:]:
            walls += [
                {"between": [h, out], "hazard": "Wall", "top": h}
                for out in ring(h)
                if out not in seven and out in hexes
            ]
    extra = [
        {"between": [a, b], "hazard": hazard, **({"top": rest[0]} if rest else {})}
        for a, b, hazard, *rest in sides
    ]
    return parse_map(
        {
            "name": "Field",
            "regions": regions,
            "hexes": hexes,
            "hexsides": [*walls, *extra],
            "starting_towers": [
                {"region": f"Tower {i + 1}", "centre": c} for i, c in enumerate(TOWERS)
            ],
        }
    )


def game(
    m: Map,
    pieces: Sequence[Piece],
    *,
    players: Sequence[str] = PLAYERS,
    active: str | None = None,
    phase: Phase = Phase.MANEUVER,
    scores: Mapping[str, int] | None = None,
    dead: Mapping[str, int] | None = None,
) -> GameState:
    """A state with ``pieces`` placed in order (ids from 1), and the Titan of each player that
    has none among them at its starting tower's centre; every other counter in the muster pile
    but ``dead``."""
    figures = []
    for piece in pieces:
        player, name, where, *damage = piece
        figures.append(Figure(len(figures) + 1, player, name, m.parse(where), *damage))
    for i, player in enumerate(players):
        if not any(f.player == player and f.name == TITAN for f in figures):
            centre = m.starting_towers[i].centre
            figures.append(Figure(len(figures) + 1, player, TITAN, centre))
    dead = dict(dead or {})
    return GameState(
        map=m,
        players=tuple(Player(p, i, (scores or {}).get(p, 0)) for i, p in enumerate(players)),
        figures=tuple(figures),
        active=active or players[0],
        phase=phase,
        muster_pile=MappingProxyType(muster_pile_left(1, figures, dead)),
        dead_pile=MappingProxyType(dead),
        next_id=len(figures) + 1,
    )


def at(state: GameState, where: str) -> Figure:
    """The (first) character in the hex of that label."""
    found = state.at(state.map.parse(where))
    assert found, f"nobody at {where}"
    return found[0]


def labels(state: GameState, hexes: Iterable[int]) -> set[str]:
    return {state.map.name_of(h) for h in hexes}
