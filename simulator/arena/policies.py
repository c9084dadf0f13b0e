"""The Arena's scripted players: presets of one parametrised policy the kernel plays.

- ``default``: bets every turn it may on the creatures it looks strongest on (its cards, their
  value now, its stake), makes its secret bet early in the first round, reveals it when that
  makes it the backer late in the game, plays high cards on its favourites when they are in
  danger and low ones on its rivals', and uses every power it holds.
- ``aggressive``: weighs its rivals' creatures twice as much, so it spends its turns killing
  them; never bets secretly; reveals nothing until its chips are gone.
- ``random``: every choice uniformly among the legal ones (powers used four times in five).
"""

from __future__ import annotations

import numpy as np

from simulator.arena import kernel

POLICIES = {
    # rival weight, card cost, secret bet, random, reveal from round
    "default": (0.5, 0.3, 1.0, 0.0, 3.0),
    "aggressive": (1.0, 0.05, 0.0, 0.0, 9.0),
    "random": (0.0, 0.0, 0.0, 1.0, 9.0),
}
NAMES = tuple(POLICIES)
DESCRIPTIONS = {
    "default": "bets on and protects its favourites, secret bet early, uses every power",
    "aggressive": "spends its cards killing its rivals' creatures; no secret bet",
    "random": "every choice at random among the legal ones",
}


def params() -> np.ndarray:
    """float64 [policies, kernel.N_PARAMS], in the order of ``NAMES``."""
    table = np.array([POLICIES[name] for name in NAMES], dtype=np.float64)
    assert table.shape[1] == kernel.N_PARAMS
    return table


def index(name: str) -> int:
    return NAMES.index(name)
