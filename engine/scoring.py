"""Scoring an Engagement (9.2, 9.4, 16.0-16.2), acquiring Angels (17.0-17.4), Titans (19.3-19.4).

Pure functions of character names and scores. A Titan's value comes from its
player's score before the Battle (19.1); points are what the winner adds to
its score; Angels are what the winning Legion may take for them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.characters import ANGEL, ARCHANGEL, character

LEGION_LIMIT = 7  # 4.1: a Legion holds at most seven characters
ANGEL_EVERY = 100  # 17.0
ARCHANGEL_EVERY = 500  # 17.3


def legion_value(characters: Sequence[str], score: int) -> int:
    """Total value of these characters, Power x Skill each (16.0); a Titan's power by 19.1."""
    return sum(character(name).value(score) for name in characters)


def may_flee(characters: Sequence[str]) -> bool:
    """9.2: a defending Legion holding a Lord cannot flee."""
    return not any(character(name).is_lord for name in characters)


def flee_points(characters: Sequence[str], score: int) -> int:
    """9.2, 16.1: the attacker scores half the fleeing Legion's value, rounded down."""
    return legion_value(characters, score) // 2


def concession_points(characters: Sequence[str], score: int) -> int:
    """9.4, 16.1: the winner by concession scores the full value of the conceding Legion."""
    return legion_value(characters, score)


def remnant_points(characters: Sequence[str], score: int) -> int:
    """19.4: a slain Titan's other Legions score half their value (rounded down), no Angels."""
    return legion_value(characters, score) // 2


def angels_due(old_score: int, new_score: int) -> list[str]:
    """17.0-17.3: one Lord per multiple of 100 the score reaches, an Archangel at a multiple of 500.

    A multiple m counts when old_score < m <= new_score ("attains"), lowest first.
    """
    first = old_score // ANGEL_EVERY + 1
    last = new_score // ANGEL_EVERY
    return [
        ARCHANGEL if (m * ANGEL_EVERY) % ARCHANGEL_EVERY == 0 else ANGEL
        for m in range(max(first, 1), last + 1)
    ]


def angels_gained(old_score: int, points: int, legion_size: int) -> list[str]:
    """The Lords a winning Legion of ``legion_size`` survivors takes for ``points`` (17.0-17.4).

    17.1: none beyond seven characters. When there is room for fewer than are
    due, the Archangels are taken first (the more valuable Lord; 17.4 leaves
    the choice to the player, see docs/rulings.md).
    """
    if points <= 0:
        return []
    room = max(LEGION_LIMIT - legion_size, 0)
    due = angels_due(old_score, old_score + points)
    due.sort(key=lambda name: name != ARCHANGEL)
    return due[:room]


@dataclass(frozen=True)
class LegionResult:
    """One side of a fought Battle, as scoring needs it."""

    score: int  # the player's score before the Battle
    slain: tuple[str, ...]  # the Legion's characters eliminated in the Battle (10.1 included)
    survivors: int  # the Legion's characters alive when the Battle ended
    titan_slain: bool = False


def battle_points(
    attacker: LegionResult, defender: LegionResult, *, time_loss: bool = False
) -> tuple[int, int]:
    """Points (attacker's, defender's) a fought Battle scores (16.0, 16.1, 10.5, 19.3).

    A side scores the value of the enemy's slain characters when it still has
    survivors and the enemy Legion is eliminated or its Titan slain (19.3:
    only those slain up to the Titan's death count; the rest are set aside).
    Nothing for a mutual elimination, nothing for a time loss, nothing when
    the slayer's Legion was also eliminated, and nothing to a side whose own
    Titan fell (its player leaves the game, 19.3; docs/rulings.md).
    """
    if time_loss:
        return 0, 0
    return _award(attacker, defender), _award(defender, attacker)


def _award(winner: LegionResult, loser: LegionResult) -> int:
    if winner.survivors == 0 or winner.titan_slain:
        return 0
    if loser.survivors > 0 and not loser.titan_slain:
        return 0
    return legion_value(loser.slain, loser.score)
