"""A Legion found over seven high (4.1)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.characters import ANGEL, ARCHANGEL, CharacterClass, character
from engine.scoring import LEGION_LIMIT


def _removal_order(name: str) -> tuple[int, int]:
    """4.1: the largest Creatures by value first, then Demi-Lords, Archangels, Angels."""
    kind = character(name)
    if kind.klass is CharacterClass.CREATURE:
        return (0, -kind.value())
    if kind.klass is CharacterClass.DEMILORD:
        return (1, -kind.value())
    return (2, 0) if name == ARCHANGEL else (3, 0) if name == ANGEL else (4, 0)


def trim_over_seven(characters: Sequence[str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(kept, removed): what 4.1 leaves of a Legion found with more than seven characters.

    The Titan is never removed this way (it is not among the classes 4.1 names).
    """
    excess = len(characters) - LEGION_LIMIT
    if excess <= 0:
        return tuple(characters), ()
    ranked = sorted(range(len(characters)), key=lambda i: _removal_order(characters[i]))
    removable = [i for i in ranked if _removal_order(characters[i])[0] < 4]
    gone = set(removable[:excess])
    kept = tuple(c for i, c in enumerate(characters) if i not in gone)
    removed = tuple(characters[i] for i in sorted(gone, key=ranked.index))
    return kept, removed
