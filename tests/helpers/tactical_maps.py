"""A small Tactical Titan map as JSON, valid as written, for tests to read or to break."""

from __future__ import annotations

import copy
from typing import Any

from engine.tactical.geometry import label, neighbour, parse_label

CENTRE = "E5"  # the starting tower's centre, the middle of a hexagon of radius 3
BAY = ("H3", "H4", "H5", "H6")  # the Sea: the column on the right
BRAMBLE = "C4"
SLOPE = ("B5", "B6")  # a Slope atop B5 (elevation 1)
RIVER = ("C6", "C7")


def ring(centre: str) -> list[str]:
    """The six labels around ``centre``, clockwise from the one above."""
    point = parse_label(centre)
    return [label(neighbour(point, d)) for d in range(6)]


def hexagon(centre: str, radius: int) -> list[str]:
    """The labels within ``radius`` steps of ``centre``."""
    q0, r0 = parse_label(centre)
    return [
        label((q0 + q, r0 + r))
        for q in range(-radius, radius + 1)
        for r in range(-radius, radius + 1)
        if abs(q + r) <= radius
    ]


def tower_walls(centre: str) -> list[dict[str, Any]]:
    """The Walls of a starting tower at ``centre`` (3.1, as TITAN's Tower's centre seven)."""
    around = ring(centre)
    walls = [{"between": [centre, h], "hazard": "Wall", "top": centre} for h in around]
    for h in around:
        for outside in ring(h):
            if outside != centre and outside not in around:
                walls.append({"between": [h, outside], "hazard": "Wall", "top": h})
    return walls


def small_map() -> dict[str, Any]:
    """37 hexes: a Plains region holding a starting tower, and a Sea of four hexes; a Bramble,
    a Slope and a River. A fresh copy each call."""
    tower = [CENTRE, *ring(CENTRE)]
    hexes: dict[str, dict[str, Any]] = {}
    for h in hexagon(CENTRE, 3):
        if h in tower:
            hexes[h] = {"region": "Keep", "hazard": "Tower", "elevation": 2 if h == CENTRE else 1}
        elif h in BAY:
            hexes[h] = {"region": "Bay", "hazard": "Water", "elevation": 0}
        else:
            hexes[h] = {"region": "Fields", "hazard": "Plain", "elevation": 0}
    hexes[BRAMBLE]["hazard"] = "Bramble"
    hexes[SLOPE[0]]["elevation"] = 1
    return copy.deepcopy(
        {
            "format": "tactical-titan-map",
            "version": 1,
            "name": "Small",
            "description": "a test map",
            "regions": [
                {"name": "Fields", "terrain": "Plains"},
                {"name": "Keep", "terrain": "Tower"},
                {"name": "Bay", "terrain": "Sea"},
            ],
            "hexes": hexes,
            "hexsides": [
                {"between": list(SLOPE), "hazard": "Slope", "top": SLOPE[0]},
                {"between": list(RIVER), "hazard": "River"},
                *tower_walls(CENTRE),
            ],
            "starting_towers": [{"region": "Keep", "centre": CENTRE}],
        }
    )
