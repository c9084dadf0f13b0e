"""Tactics: named presets of the one parametrised policy the kernel plays.

A tactic chooses, one character at a time, where each moves (it scores every
legal destination and staying put) and whom each strikes, with which declared
Strike-number (carry-over, 12.4) and whether it forgoes hexside benefits
(12.5). The score of a hex weighs the expected damage dealt and taken there,
the chances to kill and to be slain, the distance to the nearest enemy, the
rangestrikes it allows, its height and its Drift. The presets differ only in
the weights below; docs/tactics.md explains them to players.
"""

from __future__ import annotations

from enum import IntEnum

import numpy as np

from engine.errors import UnknownName
from simulator import policy


class Weight(IntEnum):
    """The policy's parameters; values mirror the kernel's ``W_`` indices."""

    DEALT = policy.W_DEALT
    KILL = policy.W_KILL
    TAKEN = policy.W_TAKEN
    DEATH = policy.W_DEATH
    APPROACH = policy.W_APPROACH
    RANGED = policy.W_RANGED
    KEEP_RANGE = policy.W_KEEP_RANGE
    HEIGHT = policy.W_HEIGHT
    TITAN = policy.W_TITAN
    URGENCY = policy.W_URGENCY
    CARRY = policy.W_CARRY
    RANGE_DISTANCE = policy.W_RANGE_DISTANCE
    STAY = policy.W_STAY
    THREAT = policy.W_THREAT


_DEFAULT: dict[Weight, float] = {
    Weight.DEALT: 1.0,
    Weight.KILL: 0.6,
    Weight.TAKEN: 0.9,
    Weight.DEATH: 0.8,
    Weight.APPROACH: 1.5,
    Weight.RANGED: 1.0,
    Weight.KEEP_RANGE: 0.05,
    Weight.HEIGHT: 0.5,
    Weight.TITAN: 4.0,
    Weight.URGENCY: 0.8,
    Weight.CARRY: 1.0,
    Weight.RANGE_DISTANCE: 2.0,
    Weight.STAY: 0.1,
    Weight.THREAT: 0.5,
}

PRESETS: dict[str, dict[Weight, float]] = {
    "default": _DEFAULT,
    "aggressive": {
        **_DEFAULT,
        Weight.KILL: 0.8,
        Weight.TAKEN: 0.25,
        Weight.DEATH: 0.2,
        Weight.APPROACH: 4.0,
        Weight.KEEP_RANGE: 0.0,
        Weight.HEIGHT: 0.2,
        Weight.TITAN: 1.5,
        Weight.URGENCY: 1.0,
        Weight.RANGE_DISTANCE: 1.0,
    },
    "defensive": {
        **_DEFAULT,
        Weight.DEALT: 0.8,
        Weight.KILL: 0.5,
        Weight.TAKEN: 1.6,
        Weight.DEATH: 1.6,
        Weight.APPROACH: -1.0,
        Weight.HEIGHT: 3.0,
        Weight.TITAN: 6.0,
        Weight.URGENCY: 0.0,
        Weight.STAY: 1.0,
    },
    "ranged": {
        **_DEFAULT,
        Weight.RANGED: 2.0,
        Weight.KEEP_RANGE: 0.6,
        Weight.RANGE_DISTANCE: 2.5,
    },
}

TACTICS: dict[str, str] = {
    "default": (
        "A careful, competent player. Every character comes onto the Battleland, moves to "
        "where the exchange of blows favours it, strikes the enemy it is likeliest to kill "
        "(the most valuable first), declares a higher Strike-number when the extra hits can "
        "carry over, and uses slopes, walls and brambles. It keeps its Titan and Lords out of "
        "fights they would likely lose, and as attacker grows bolder as the seventh round nears."
    ),
    "aggressive": (
        "All-out attack. Characters rush the nearest enemy and engage wherever they can deal "
        "damage, paying little heed to the blows they take or to the Titan's safety."
    ),
    "defensive": (
        "Plays for the time limit. Characters hold the high ground and the Tower's walls, keep "
        "away from the enemy and fight only where the exchange clearly favours them; useful "
        "for a defender that wins by surviving seven rounds."
    ),
    "ranged": (
        "Like the default, but rangestrikers hang back three or four hexes from the enemy and "
        "rangestrike every Strike Phase instead of closing in; the others fight as usual."
    ),
}

assert set(TACTICS) == set(PRESETS)


def weights(name: str) -> np.ndarray:
    """The kernel's parameter row for a tactic (float64[WEIGHTS])."""
    try:
        preset = PRESETS[name]
    except KeyError:
        raise UnknownName(
            f"unknown tactic {name!r}; one of {', '.join(TACTICS)}", path="tactics"
        ) from None
    row = np.zeros(policy.WEIGHTS, dtype=np.float64)
    for weight, value in preset.items():
        row[weight] = value
    return row
