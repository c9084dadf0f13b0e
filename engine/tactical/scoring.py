"""Scoring in Tactical Titan (8.2, 8.3, 11.0, 2.2.2): points from the table of 11.0, the Titan's
Power-factor from its player's score, Angels and Archangels by multiples of 200 and 1000, and
half points for the characters of a player whose Titan is slain.

Pure functions of character names and scores. At the end of every Strike Phase each player
adds the points of the characters it slew (``slain_points``) and receives the Lords its new
score reaches (``angels_due``); ``score_change`` does both.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.characters import ANGEL, ARCHANGEL, TITAN
from engine.errors import RuleError
from engine.tactical.characters import character

ANGEL_EVERY = 200  # 8.3
ARCHANGEL_EVERY = 1000  # 8.3: an Archangel instead of an Angel


def _score(score: int, field: str = "score") -> int:
    if not isinstance(score, int) or isinstance(score, bool) or score < 0:
        message = f"{field} must be a whole number of points, 0 or more, not {score!r} (8.2)"
        raise RuleError(message, rule="8.2", path=field)
    return score


def point_value(name: str, titan_score: int = 0) -> int:
    """11.0: what slaying a character of this type scores. A Titan is worth 10 per
    Power-factor (docs/rulings.md), its Power-factor from its own player's ``titan_score``."""
    return character(name).value(_score(titan_score, "titan_score"))


def titan_power(score: int) -> int:
    """8.2: a Titan gains a Power-factor for every multiple of 100 points its player has."""
    return character(TITAN).power_at(_score(score))


def slain_points(names: Sequence[str], *, titan_score: int = 0) -> int:
    """8.2: the points a player scores for the characters it slew (11.0). ``titan_score``: the
    score of the player whose Titan is among them, if one is."""
    return sum(point_value(name, titan_score) for name in names)


def eliminated_player_points(names: Sequence[str]) -> int:
    """2.2.2: when a Titan is slain, its player's other characters are removed as if slain, and
    the player whose character dealt the killing point earns half their points: half the total,
    rounded down (docs/rulings.md). The Titan itself scores in full (``slain_points``)."""
    if TITAN in (character(n).name for n in names):
        message = "the slain Titan scores in full, not among its player's other characters"
        raise RuleError(f"{message} (2.2.2)", rule="2.2.2")
    return sum(point_value(name) for name in names) // 2


def angels_due(old_score: int, new_score: int) -> list[str]:
    """8.3: one Lord for each multiple of 200 the score reaches (old < m <= new), lowest first:
    an Archangel at a multiple of 1000, an Angel at the others."""
    old, new = _score(old_score, "old_score"), _score(new_score, "new_score")
    first, last = old // ANGEL_EVERY + 1, new // ANGEL_EVERY
    return [
        ARCHANGEL if (m * ANGEL_EVERY) % ARCHANGEL_EVERY == 0 else ANGEL
        for m in range(first, last + 1)
    ]


@dataclass(frozen=True)
class ScoreChange:
    """One player's score at the end of a Strike Phase (8.2, 8.3)."""

    old_score: int
    points: int
    angels: tuple[str, ...]

    @property
    def new_score(self) -> int:
        return self.old_score + self.points

    @property
    def titan_power(self) -> int:
        return titan_power(self.new_score)

    def to_dict(self) -> dict[str, Any]:
        return {
            "old_score": self.old_score,
            "points": self.points,
            "new_score": self.new_score,
            "titan_power": self.titan_power,
            "angels": list(self.angels),
        }


def score_change(
    old_score: int,
    slain: Sequence[str],
    *,
    titan_score: int = 0,
    eliminated: Sequence[str] = (),
) -> ScoreChange:
    """A player's points for the characters it slew in a Strike Phase (``slain``; the Titan's
    value by ``titan_score``) and, when one of them was a Titan, half the points of that
    player's other characters (``eliminated``, 2.2.2); the Angels and Archangels the new score
    brings (8.3)."""
    points = slain_points(slain, titan_score=titan_score) + eliminated_player_points(eliminated)
    old = _score(old_score, "old_score")
    return ScoreChange(old, points, tuple(angels_due(old, old + points)))
