"""Titans (19.0-19.2): power from the score, and when they may teleport."""

from __future__ import annotations

from engine.characters import TITAN, character

TELEPORT_POWER = 10  # 19.2


def titan_power(score: int) -> int:
    """19.1: 6, plus one for each full 100 points scored."""
    return character(TITAN).power_at(score)


def may_titan_teleport(score: int) -> bool:
    """19.2, 8.2: from Power-factor 10, that is a score of 400 or more."""
    return titan_power(score) >= TELEPORT_POWER
