"""Tactical Titan's kernel: fights per second, against its goals.

- 14 characters a side on a map of 216 hexes (eight Battlelands and two starting towers, 3.2),
  each army round its tower: 10,000 fights in at most 2 s on every core; and the same with the
  Muster Phase played (regions and summoners on the map bring more characters each turn);
- 7 a side on one Battleland (a one-region map, 3.2) with healers and regenerators: at most
  twice the time of TITAN's 7v7 request of 10,000 Battles (``make bench`` measures that
  request in the same run; alone, 0.2 s).

Each fight plays at most 20 player turns (ten each) or until a Titan falls. ``python -m
bench.tactical`` prints them alone; ``make bench`` (``python -m bench``) includes them.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Sequence
from types import MappingProxyType

from engine.characters import TITAN
from engine.tactical import mosaic
from engine.tactical.board import may_stand
from engine.tactical.characters import CHARACTERS
from engine.tactical.maps import Map
from engine.tactical.state import Figure, GameState, Player, box_count
from simulator import threads as kernel_threads
from simulator.tactical import odds, tables

FIGHTS = 10_000
TURNS = 20
SETS = 2  # game sets the counters come from (2.0)
MAP_GOAL = 2.0  # seconds, 10,000 fights 14v14 on 216 hexes (the goal's 200 and more), every core
BATTLELAND_GOAL = 0.2  # seconds, 10,000 fights 7v7 on a Battleland: twice TITAN's 7v7 request

SKIRMISH_SPEC = {
    "name": "Skirmish",
    "description": "eight Battlelands, a starting tower at each end",
    "battlelands": [
        {"terrain": "Plains", "at": "I3"},
        {"terrain": "Woods", "at": "O3"},
        {"terrain": "Hills", "at": "F7"},
        {"terrain": "Brush", "at": "L7"},
        {"terrain": "Desert", "at": "R7"},
        {"terrain": "Marsh", "at": "I12"},
        {"terrain": "Mountains", "at": "O12"},
        {"terrain": "Jungle", "at": "U3"},
    ],
    "towers": [{"name": "North Keep", "centre": "I2"}, {"name": "South Keep", "centre": "O13"}],
}
FOURTEEN = (
    TITAN, "Ogre", "Ogre", "Centaur", "Centaur", "Gargoyle", "Gargoyle", "Troll", "Lion",
    "Cyclops", "Warbear", "Unicorn", "Hydra", "Ranger",
)  # fmt: skip
SEVEN = (TITAN, "Unicorn", "Hydra", "Troll", "Lion", "Ranger", "Gorgon")


def _army(m: Map, player: str, names: Sequence[str], centre: int, taken: set[int], first: int):
    """Characters round ``centre``: the Titan on it, the rest on the nearest hexes they may
    stand in."""
    figures = []
    for name in names:
        kind = CHARACTERS[name]
        spots = sorted(
            (h for h in m.grid.hexes if h not in taken and may_stand(kind, m, h)),
            key=lambda h: (m.distance(centre, h), h),
        )
        taken.add(spots[0])
        figures.append(Figure(first + len(figures), player, name, spots[0]))
    return figures


def _state(m: Map, armies: Sequence[tuple[str, Sequence[str], int]], towers: Sequence[int | None]):
    taken: set[int] = set()
    figures: list[Figure] = []
    for player, names, centre in armies:
        figures += _army(m, player, names, centre, taken, len(figures) + 1)
    players = tuple(Player(p, t) for (p, _, _), t in zip(armies, towers, strict=True))
    in_play = Counter(f.name for f in figures)
    pile = {n: box_count(n, SETS) - in_play[n] for n in CHARACTERS if n != TITAN}
    return GameState(
        map=m,
        players=players,
        figures=tuple(figures),
        active=players[0].name,
        muster_pile=MappingProxyType(pile),
        next_id=len(figures) + 1,
        sets=SETS,
    )


def skirmish() -> GameState:
    """14 a side round the two towers of the 216-hex map."""
    m = mosaic.build(SKIRMISH_SPEC)
    red, blue = (t.centre for t in m.starting_towers)
    return _state(m, [("Red", FOURTEEN, red), ("Blue", FOURTEEN, blue)], (0, 1))


def battleland(terrain: str = "Plains") -> GameState:
    """7 a side at the two far ends of one Battleland, as a one-region map. Its players have
    no starting tower there: their Lords come only beside their Titans (8.3)."""
    m = mosaic.build({"name": terrain, "battlelands": [{"terrain": terrain, "at": "D3"}]})
    ends = sorted(m.grid.hexes, key=lambda h: m.grid.coords[h][0])
    return _state(m, [("Red", SEVEN, ends[0]), ("Blue", SEVEN, ends[-1])], (None, None))


def seconds(
    state: GameState, fights: int = FIGHTS, repeats: int = 3, musters: bool = False
) -> float:
    """The best of ``repeats`` runs of ``fights`` fights (its tables built before), the Muster
    Phase played with ``musters``."""
    setup = tables.setup(state, musters)
    odds.play(setup, 64, 1, TURNS)
    best = float("inf")
    for r in range(repeats):
        started = time.perf_counter()
        odds.play(setup, fights, 2 + r, TURNS)
        best = min(best, time.perf_counter() - started)
    return best


def measure(battleland_goal: float = BATTLELAND_GOAL) -> list[tuple[str, float, float | None]]:
    """(case, seconds of 10,000 fights on every core, goal in seconds or None) of each case; the
    fights with musters have none: their armies grow as they go (some 14 characters more)."""
    return [
        ("14v14 on 216 hexes", seconds(skirmish()), MAP_GOAL),
        ("14v14 on 216 hexes, musters and summonings", seconds(skirmish(), musters=True), None),
        ("7v7 on a Battleland, healers and regenerators", seconds(battleland()), battleland_goal),
    ]


def report(battleland_goal: float = BATTLELAND_GOAL) -> list[str]:
    lines = [
        f"Tactical Titan: {FIGHTS:,} fights of at most {TURNS} player turns, on "
        f"{kernel_threads.threads()} threads"
    ]
    for label, found, goal in measure(battleland_goal):
        if goal is None:
            lines.append(f"  {label}: {found:.3f} s, {FIGHTS / found:,.0f} fights a second")
            continue
        verdict = "meets" if found <= goal else "MISSES"
        lines.append(
            f"  {label}: {found:.3f} s, {FIGHTS / found:,.0f} fights a second  "
            f"{goal / found:5.2f}x the goal ({verdict} {goal:g} s)"
        )
    return lines


if __name__ == "__main__":
    for line in report():
        print(line, flush=True)
