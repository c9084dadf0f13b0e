"""The tactic's scratch: what it works out in a Maneuver Phase before its moves, and
what the default's rule read and chose in the Battle.

The referee never reads it. A State carries one (``State.mind``) so that a
Battle's arrays travel together through the kernel's calls (numba passes every
array of a named tuple as arguments of its own: a scratch passed beside the
State was measured 20% slower); the tactic (``simulator.policy``) writes it
afresh in each survey, so none of it outlasts the phase and copying a State
leaves it out.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit

from engine.hexes import HEX_COUNT as HEXES

# Mind.facts
K_FOES = 0  # enemies on the Battleland
K_WAITING = 1  # walkers of the moving side to enter in this Maneuver Phase (see survey)
K_FOE_HEXES = 2  # the hexes of the enemies on the Battleland (a bit mask, see survey)
K_THREAT = 3  # the hexes an enemy free to move may close in on next phase (a bit mask)
K_BLOWS_OF = 4  # the type of mover whose foe_blows and foe_spread are in place, -1 none
K_COUNT = 5

FEATURES = 13  # what the default's rule reads of a Battle (simulator.rule's F_ indices)
MOST_STYLES = 16  # styles a rule may choose among


class Mind(NamedTuple):
    """The survey of a Maneuver Phase and the hexes the tactic tries its moves on."""

    foes: np.ndarray  # int8[S]: the enemies on the Battleland, K_FOES of them
    foe_free: np.ndarray  # bool[S]: whether each may move next phase (not in contact)
    foe_hex: np.ndarray  # int8[S]
    foe_reach: np.ndarray  # int8[S]: skill + 1, the farthest it may strike from next
    foe_blows: np.ndarray  # float64[S]: its expected hits on the mover, x W_THREAT
    foe_spread: np.ndarray  # float64[S]: their variance, x W_THREAT
    foe_ring: np.ndarray  # int64[S]: the hexes it may close in on next phase (bit masks)
    near: np.ndarray  # int8[27]: each hex's distance to the nearest enemy
    entry_mask: np.ndarray  # bool[27]: the hexes the moving side enters by
    occ: np.ndarray  # int8[27]: the hexes held, as the moves tried so far leave them
    dests: np.ndarray  # int8[27]: a mover's destinations (moves.destinations)
    best: np.ndarray  # int8[27]: moves.destinations' scratch
    standing: np.ndarray  # int16[S]: the types standing (policy.strengths)
    mood: np.ndarray  # float64[3]: the phase's outlook (policy.M_)
    facts: np.ndarray  # int64[K_COUNT]: the survey's counts and masks (K_)
    features: np.ndarray  # float64[FEATURES]: the Battle as the default's rule reads it
    # what the default's rule chose in this Battle, per side (reset as each Battle starts):
    style_steps: np.ndarray  # int64[2, MOST_STYLES]: the phases played in each style
    style_now: np.ndarray  # int64[2]: the style of the last phase, -1 none yet
    changes: np.ndarray  # int64[2]: how often the style changed from one phase to the next


@njit(cache=True)
def new_mind(slots):
    """A tactic's scratch for Battles of ``slots`` slots."""
    return Mind(
        np.zeros(slots, dtype=np.int8), np.zeros(slots, dtype=np.bool_),
        np.zeros(slots, dtype=np.int8), np.zeros(slots, dtype=np.int8), np.zeros(slots),
        np.zeros(slots), np.zeros(slots, dtype=np.int64), np.zeros(HEXES, dtype=np.int8),
        np.zeros(HEXES, dtype=np.bool_), np.zeros(HEXES, dtype=np.int8),
        np.zeros(HEXES, dtype=np.int8), np.zeros(HEXES, dtype=np.int8),
        np.zeros(slots, dtype=np.int16), np.zeros(3), np.zeros(K_COUNT, dtype=np.int64),
        np.zeros(FEATURES), np.zeros((2, MOST_STYLES), dtype=np.int64),
        np.full(2, -1, dtype=np.int64), np.zeros(2, dtype=np.int64),
    )  # fmt: skip
