"""Example Tactical Titan game states, for the API's examples and the page's one-click openings.

Each is built from the engine (``engine.tactical.setup.starting_state`` and the referee's
``apply``), so it is a state the rules allow whatever the engine's version:

- the opening of each example map: the first player's first Maneuver Phase, the Healing and
  Muster Phases passed (3.1.1: the tower is full, no muster is possible);
- a skirmish on Two Shores in each of the four phases of Red's third turn (4.0): forward
  characters of both players meet between the North Plains and the Inner Sea, some hurt, a
  River between two of them (12.1.1), and a Unicorn beside a hurt Ogre (5.2.1).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from engine.tactical.actions import EndPhase
from engine.tactical.maps import stored_map
from engine.tactical.referee import apply
from engine.tactical.setup import starting_state
from engine.tactical.state import GameState, Phase

PLAYERS = ("Red", "Blue", "Green", "Gold")


@dataclass(frozen=True)
class Example:
    title: str
    description: str
    build: Callable[[], GameState]

    def summary(self, name: str) -> dict[str, str]:
        return {"name": name, "title": self.title, "description": self.description}


def opening(map_name: str) -> GameState:
    """The first player's first Maneuver Phase on a stored map (3.1.1, 4.0)."""
    players = PLAYERS[: stored_map(map_name).players]
    state = starting_state(map_name, players)
    for _ in (Phase.HEALING, Phase.MUSTER):
        state = apply(state, EndPhase())
    return state


# Where the skirmish's characters stand on Two Shores: (id, player, type, hex, damage). Ids 1-14
# are the starting characters (3.1.1); 15, a Unicorn Red mustered in the North Woods.
SKIRMISH = (
    (1, "Red", "Titan", "O2", 0),
    (2, "Red", "Ogre", "N5", 3),
    (3, "Red", "Ogre", "O5", 0),
    (4, "Red", "Gargoyle", "N2", 1),
    (5, "Red", "Gargoyle", "O7", 2),
    (6, "Red", "Centaur", "M5", 0),
    (7, "Red", "Centaur", "Q4", 0),
    (8, "Blue", "Titan", "O23", 0),
    (9, "Blue", "Ogre", "O8", 1),
    (10, "Blue", "Ogre", "N23", 0),
    (11, "Blue", "Gargoyle", "N6", 0),
    (12, "Blue", "Gargoyle", "O24", 0),
    (13, "Blue", "Centaur", "P7", 0),
    (14, "Blue", "Centaur", "P23", 0),
    (15, "Red", "Unicorn", "N4", 0),
)


def skirmish(phase: Phase) -> GameState:
    """Red's third turn on Two Shores, in ``phase`` (nothing done in it yet)."""
    d: dict[str, Any] = starting_state("two_shores", PLAYERS[:2]).to_dict()
    d.pop("muster_pile")  # every counter not in play: read from the characters
    d.update(turn=3, phase=phase.value, next_id=len(SKIRMISH) + 1)
    d["players"][0]["score"] = 30
    d["players"][1]["score"] = 10
    d["characters"] = [
        {"id": i, "player": p, "name": n, "hex": h, "damage": hurt} for i, p, n, h, hurt in SKIRMISH
    ]
    return GameState.from_dict(d)


EXAMPLES: dict[str, Example] = {
    "two_shores_opening": Example(
        "Two Shores: the opening",
        "Red's first Maneuver Phase: the creatures walk out of the tower, the Titan "
        "teleports from it (7.2).",
        lambda: opening("two_shores"),
    ),
    "four_winds_opening": Example(
        "Four Winds: the opening",
        "Four players; Red's first Maneuver Phase.",
        lambda: opening("four_winds"),
    ),
    **{
        f"skirmish_{phase.value}": Example(
            f"Skirmish: {phase.value} phase",
            f"Red's third turn on Two Shores, its {phase.value} phase: forward characters "
            "meet by the Inner Sea.",
            lambda phase=phase: skirmish(phase),  # type: ignore[misc]
        )
        for phase in Phase
    },
}


@cache
def example_state(name: str) -> GameState:
    """The example state of that name, built once."""
    return EXAMPLES[name].build()
