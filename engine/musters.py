"""Mustering (18.0-18.5): what a Legion may add in a terrain, and what it must reveal.

Also used for reinforcements (14.0), which are mustered by the same rules.
A recruit is offered once per way of qualifying for it (18.4): the reveal is a
smallest set of the Legion's characters that qualifies it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engine.characters import GUARDIAN, TITAN, WARLOCK, CharacterClass, character
from engine.mastercharts import MASTERCHARTS
from engine.names import unknown
from engine.scoring import LEGION_LIMIT
from engine.variants import DEFAULT
from engine.variants import variant as variant_named

TOWER = "Tower"
GUARDIAN_QUALIFIER = 3  # 18.5: any three identical Creatures


@dataclass(frozen=True)
class Recruit:
    """A character the Legion may muster, and the characters it reveals to do so (18.0)."""

    character: str
    reveal: tuple[str, ...]

    def __repr__(self) -> str:
        return f"Recruit({self.character!r}, reveal={self.reveal!r})"


def legal_recruits(
    characters: Sequence[str],
    terrain: str,
    *,
    variant: str = DEFAULT,
    caretaker: Mapping[str, int] | None = None,
) -> list[Recruit]:
    """What a Legion holding ``characters`` may muster in ``terrain`` (18.1-18.5).

    Lesser recruits first, each with every smallest reveal that qualifies it.
    A Legion of seven musters nothing (18.1); with ``caretaker`` given, a
    character whose stack is empty (or absent) is not offered. Whether the
    Legion is *eligible* (it moved, or defends) is the caller's to know.
    """
    game = variant_named(variant)
    for name in characters:
        character(name)  # unknown names are refused, not ignored
    if len(characters) >= LEGION_LIMIT:
        return []
    if terrain == TOWER:
        found = _tower_recruits(characters, game.tower_creatures)
    elif terrain in MASTERCHARTS:
        found = _chart_recruits(characters, terrain)
    else:
        raise unknown("terrain", terrain, (TOWER, *MASTERCHARTS), rule="2.1")
    return [
        r
        for r in found
        if r.character not in game.unused
        and (caretaker is None or caretaker.get(r.character, 0) > 0)
    ]


def _chart_recruits(characters: Sequence[str], terrain: str) -> list[Recruit]:
    """18.3: a Creature of the column musters a like or lesser one; enough of it, the next."""
    column = MASTERCHARTS[terrain]
    held = Counter(characters)
    found: list[Recruit] = []
    for rank, entry in enumerate(column):
        # A lesser creature, enough of the one just below, then like or greater ones.
        if rank > 0:
            below = column[rank - 1]
            if below.needed_for_next and held[below.creature] >= below.needed_for_next:
                found.append(Recruit(entry.creature, (below.creature,) * below.needed_for_next))
        for qualifier in column[rank:]:
            if held[qualifier.creature] > 0:
                found.append(Recruit(entry.creature, (qualifier.creature,)))
    return found


def _tower_recruits(characters: Sequence[str], tower_creatures: Sequence[str]) -> list[Recruit]:
    """18.5: any Tower Creature; a Guardian for a Guardian or three identical
    Creatures; a Warlock for the player's Titan or a Warlock."""
    held = Counter(characters)
    found = [Recruit(name, ()) for name in tower_creatures]
    if held[GUARDIAN]:
        found.append(Recruit(GUARDIAN, (GUARDIAN,)))
    for name, count in sorted(held.items()):
        if count >= GUARDIAN_QUALIFIER and character(name).klass is CharacterClass.CREATURE:
            found.append(Recruit(GUARDIAN, (name,) * GUARDIAN_QUALIFIER))
    if held[TITAN]:
        found.append(Recruit(WARLOCK, (TITAN,)))
    if held[WARLOCK]:
        found.append(Recruit(WARLOCK, (WARLOCK,)))
    return found
