"""Battles per second of the kernel on a fixed suite, on one core and on all cores."""

from __future__ import annotations

import time
from dataclasses import dataclass

from simulator import threads as threads_module
from simulator.engagement import Engagement, Legion

TERRAINS = ("Plains", "Brush", "Mountains", "Desert", "Tower")
LEGIONS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "1v1": (("Troll",), ("Lion",)),
    "3v3": (("Troll", "Ogre", "Lion"), ("Centaur", "Gargoyle", "Ranger")),
    "5v5": (
        ("Troll", "Ogre", "Ogre", "Lion", "Centaur"),
        ("Gargoyle", "Ranger", "Ranger", "Minotaur", "Cyclops"),
    ),
    "7v7": (
        ("Troll", "Troll", "Ogre", "Ogre", "Lion", "Lion", "Centaur"),
        ("Gargoyle", "Gargoyle", "Ranger", "Ranger", "Minotaur", "Ogre", "Cyclops"),
    ),
}


SIZES = ("1v1", "3v3", "7v7")  # of the table per terrain (5v5 too in the growth with work)


@dataclass(frozen=True)
class Case:
    size: str
    terrain: str

    @property
    def engagement(self) -> Engagement:
        attacker, defender = LEGIONS[self.size]
        return Engagement(self.terrain, Legion(0, attacker), Legion(0, defender))


def cases() -> list[Case]:
    return [Case(size, terrain) for size in SIZES for terrain in TERRAINS]


def battles_per_second(case: Case, trials: int, threads: int, seed: int = 1) -> float:
    """Kernel speed for one case with ``threads`` threads (after a warm-up call)."""
    from simulator.battles import play

    spec = case.engagement.spec
    threads_module.set_threads(threads)
    play(spec, 16, seed, 0)  # tables built and cached, kernel loaded
    started = time.perf_counter()
    play(spec, trials, seed, 0)
    return trials / (time.perf_counter() - started)


def all_threads() -> int:
    return threads_module.cores()
