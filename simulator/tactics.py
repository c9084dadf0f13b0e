"""Tactics: the named ways a side may play, as the kernel's weight rows.

The fixed styles (``STYLES``) are one parametrised policy (``simulator.policy``)
with their own weights: ``balanced`` has a row per side, tuned by self-play
(``bench/tune.py`` wrote ``simulator/data/balanced_tactic.toml``); the other
presets share one row between the sides. ``default`` is no row of its own: in
each engagement it plays the pair of styles that is closest to an equilibrium
(``simulator.equilibrium`` chooses it). ``lookahead`` searches: at each
decision it plays the phase with each style in turn and rolls the Battle out
with the default after each (``simulator.search``). docs/tactics.md explains
them to players.
"""

from __future__ import annotations

import tomllib
from enum import IntEnum
from functools import cache
from pathlib import Path

import numpy as np

from engine.errors import UnknownName
from simulator import policy
from simulator.search import Play

BALANCED_WEIGHTS_FILE = Path(__file__).resolve().parent / "data" / "balanced_tactic.toml"
SIDES = ("attacker", "defender")  # the kernel's ATTACKER, DEFENDER


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
    BOLD = policy.W_BOLD
    PRESS = policy.W_PRESS
    HOLD = policy.W_HOLD
    EVADE = policy.W_EVADE


# The hand-set player the presets vary: it weighs each hex by itself, with no sense
# of the balance of strength or of the clock beyond a fading caution as attacker.
HAND_SET: dict[Weight, float] = {
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
    "aggressive": {
        **HAND_SET,
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
        **HAND_SET,
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
        **HAND_SET,
        Weight.RANGED: 2.0,
        Weight.KEEP_RANGE: 0.6,
        Weight.RANGE_DISTANCE: 2.5,
    },
}

# The fixed styles the default chooses among, engagement by engagement.
STYLES = ("balanced", *PRESETS)
LOOKAHEAD_PLANS = ("default", "aggressive", "defensive", "ranged")  # plan 0: its own play
LOOKAHEAD_ROLLOUTS = 8

TACTICS: dict[str, str] = {
    "default": (
        "Both sides playing well: for each engagement, the pair of styles (balanced, "
        "aggressive, defensive, ranged) from which neither side gains much by switching to "
        "another, found by a short tournament between them on the same dice before the "
        "Battles are played (and remembered for the engagement). So the defender holds the "
        "Tower's walls or keeps away when that pays, and the attacker rushes in when waiting "
        "would lose it the Battle (10.5). The answer names the styles chosen."
    ),
    "balanced": (
        "A strong, practical player, tuned by self-play. It weighs the balance of strength: "
        "the stronger side closes in and trades blows, the weaker one fights only from good "
        "ground. As attacker it presses harder every round, because a time loss eliminates "
        "it (10.5); as defender it keeps its distance when it is the weaker or the quicker "
        "Legion. It strikes the enemy it is likeliest to kill, declares a higher "
        "Strike-number when the extra hits can carry over, and keeps its Titan out of fights "
        "it would likely lose."
    ),
    "aggressive": (
        "All-out attack. Characters rush the nearest enemy and engage wherever they can deal "
        "damage, paying little heed to the blows they take or to the Titan's safety."
    ),
    "defensive": (
        "Plays for the time limit. Characters hold the high ground and the Tower's walls, keep "
        "away from the enemy and fight only where the exchange clearly favours them."
    ),
    "ranged": (
        "Rangestrikers hang back two or three hexes from the enemy and rangestrike instead of "
        "closing in; the others fight as a hand-set careful player would."
    ),
    "lookahead": (
        "Searches instead of following a rule of thumb: at each of its phases it tries the "
        "moves (or strikes) each other tactic would make, plays the rest of the Battle out "
        f"{LOOKAHEAD_ROLLOUTS} times after each with the default tactic on both sides, and "
        "keeps the one that wins most. Much slower; for few but better-played Battles."
    ),
}

# Time per Battle relative to the default tactic on both sides (7v7, measured by
# `make bench-tactics`); the service sizes its chunks of Battles by it.
COST: dict[str, float] = {
    "default": 1.0,
    "balanced": 1.0,
    "aggressive": 1.0,
    "defensive": 1.0,
    "ranged": 1.0,
    "lookahead": 100.0,
}

assert set(TACTICS) == set(COST) == {"default", "lookahead", *STYLES}


def unknown(name: str, path: str = "tactics") -> UnknownName:
    return UnknownName(f"unknown tactic {name!r}; one of {', '.join(TACTICS)}", path=path)


def _row(preset: dict[Weight, float]) -> np.ndarray:
    row = np.zeros(policy.WEIGHTS, dtype=np.float64)
    for weight, value in preset.items():
        row[weight] = value
    return row


@cache
def balanced_rows() -> np.ndarray:
    """The balanced style's rows (float64[2, WEIGHTS]: attacker, defender)."""
    data = tomllib.loads(BALANCED_WEIGHTS_FILE.read_text())
    return np.stack(
        [_row({Weight[k.upper()]: float(v) for k, v in data[side].items()}) for side in SIDES]
    )


def weights(name: str, side: int, default: np.ndarray | None = None) -> np.ndarray:
    """The kernel's parameter row of a tactic for a side (float64[WEIGHTS]). ``default``
    (float64[2, WEIGHTS]) holds the rows of the styles the default plays in the engagement
    (``simulator.equilibrium``); a searching tactic's own row is the default's. Without it
    the default stands for the balanced style."""
    if name in ("default", "lookahead"):
        return (balanced_rows() if default is None else default)[side].copy()
    if name == "balanced":
        return balanced_rows()[side].copy()
    if name not in PRESETS:
        raise unknown(name)
    return _row(PRESETS[name])


def play(
    attacker: str,
    defender: str,
    rows: np.ndarray | None = None,
    default: np.ndarray | None = None,
) -> Play:
    """The kernel's bundle for a Battle between two tactics. ``default`` (float64[2,
    WEIGHTS]): the rows the default plays in this engagement (see ``weights``); ``rows``
    overrides both sides' weights, for tuning."""
    names = (attacker, defender)
    if rows is None:
        rows = np.stack([weights(name, side, default) for side, name in enumerate(names)])
    plans = np.stack(
        [
            np.stack([weights(p, side, default) for p in LOOKAHEAD_PLANS])
            for side in range(len(SIDES))
        ]
    )
    rollouts = np.array([LOOKAHEAD_ROLLOUTS if n == "lookahead" else 0 for n in names])
    rollout_rows = np.stack([weights("default", side, default) for side in range(len(SIDES))])
    return Play(rows, plans, rollouts.astype(np.int64), rollout_rows)
