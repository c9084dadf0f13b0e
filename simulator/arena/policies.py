"""The Arena's scripted players: presets of the one parametrised policy the kernel plays
(``simulator.arena.policy``).

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

from simulator.arena.policy import (
    N_PARAMS,
    PARAM_CARD_COST,
    PARAM_RANDOM,
    PARAM_REVEAL_ROUND,
    PARAM_RIVAL,
    PARAM_SECRET,
)

POLICIES = {
    "default": {PARAM_RIVAL: 0.5, PARAM_CARD_COST: 0.3, PARAM_SECRET: 1.0, PARAM_RANDOM: 0.0,
                PARAM_REVEAL_ROUND: 3.0},
    "aggressive": {PARAM_RIVAL: 1.0, PARAM_CARD_COST: 0.05, PARAM_SECRET: 0.0, PARAM_RANDOM: 0.0,
                   PARAM_REVEAL_ROUND: 9.0},
    "random": {PARAM_RIVAL: 0.0, PARAM_CARD_COST: 0.0, PARAM_SECRET: 0.0, PARAM_RANDOM: 1.0,
               PARAM_REVEAL_ROUND: 9.0},
}  # fmt: skip
NAMES = tuple(POLICIES)
DESCRIPTIONS = {
    "default": "bets on and protects its favourites, secret bet early, uses every power",
    "aggressive": "spends its cards killing its rivals' creatures; no secret bet",
    "random": "every choice at random among the legal ones",
}


def params() -> np.ndarray:
    """float64[policies, N_PARAMS], one row per policy in the order of ``NAMES``."""
    table = np.zeros((len(NAMES), N_PARAMS), dtype=np.float64)
    for row, name in enumerate(NAMES):
        preset = POLICIES[name]
        assert sorted(preset) == list(range(N_PARAMS)), name
        for column, value in preset.items():
            table[row, column] = value
    return table


def index(name: str) -> int:
    return NAMES.index(name)
