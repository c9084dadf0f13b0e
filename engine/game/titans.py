"""Titans (19.0-19.3): power from the score, when they may teleport, what slaying one scores."""

from __future__ import annotations

from collections.abc import Sequence

from engine.characters import TITAN, character

TELEPORT_POWER = 10  # 19.2


def titan_power(score: int) -> int:
    """19.1: 6, plus one for each full 100 points scored."""
    return character(TITAN).power_at(score)


def may_titan_teleport(score: int) -> bool:
    """19.2, 8.2: from Power-factor 10, that is a score of 400 or more."""
    return titan_power(score) >= TELEPORT_POWER


def titan_kill_points(legion: Sequence[str], score: int) -> frozenset[int]:
    """19.3: what slaying the Titan of ``legion`` may score: the Titan's value and those of any
    of its Legion's other characters slain before it (the rest are set aside and count nothing).

    ``score`` is the Titan's player's score before the Battle (19.1).
    """
    others = list(legion)
    others.remove(TITAN)
    sums = {0}
    for name in others:
        worth = character(name).value(score)
        sums |= {s + worth for s in sums}
    titan = character(TITAN).value(score)
    return frozenset(titan + s for s in sums)
