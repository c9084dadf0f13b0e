"""The Healing Phase (5.0-5.3): resting, healing abilities and regeneration.

Pure functions of the character, the hex it stands in (``HexFacts``: its region's terrain and
its hazard) and whether it is locked in contact with an enemy; the map answers those. A
character may rest and be healed by one or more abilities in the same turn (5.0); the amounts
add up, and healing more than its damage removes all of it.
"""

from __future__ import annotations

from engine.tactical.characters import Heal, TacticalCharacter
from engine.tactical.hex_facts import HexFacts
from engine.tactical.musters import heal_refusal_after_muster, is_muster_hex

REST = 1  # 5.1
REGENERATION = 2  # 5.3
HEAL = 3  # 5.2.1


def may_rest(kind: TacticalCharacter, hex_: HexFacts, *, locked: bool) -> bool:
    """5.1: not locked in contact, and in a muster hex for it or in a tower hex; 5.3: a
    character that regenerates (here) always may, wherever it is, locked or not."""
    if kind.abilities.regenerates_in(hex_.hazard):
        return True
    return not locked and (hex_.in_tower or is_muster_hex(kind.name, hex_))


def rest_healing(kind: TacticalCharacter, hex_: HexFacts, *, locked: bool) -> int:
    """Points a rest heals this turn: 2 regenerating (5.3; the Salamander and the Fire
    Elemental only in a Volcano); 2 for a Dragon resting in a Volcano hex (9.2); else 1 where
    it may rest (5.1), 0 where it may not."""
    if kind.abilities.regenerates_in(hex_.hazard):
        return REGENERATION
    if not may_rest(kind, hex_, locked=locked):
        return 0
    better = kind.abilities.rest_heal_in(hex_.hazard)
    return REST if better is None else better


def heal_refusal(
    healer: TacticalCharacter,
    *,
    locked: bool,
    adjacent: bool,
    healed_this_turn: bool = False,
    used_muster_ability: bool = False,
) -> str | None:
    """Why ``healer`` may not use its healing ability now, or None (5.2, 12.2).

    ``adjacent``: the character to heal is adjacent to it, or is itself (5.2: 'it may use its
    ability on itself'); that one may be locked in contact, the healer may not. A healer heals
    one character a turn (docs/rulings.md). A Druid or Cleric that used its muster ability
    this turn may not heal (12.2).
    """
    if healer.abilities.heal is None:
        return f"a {healer.name} has no healing ability (5.2)"
    if locked:
        return "a character locked in contact with an enemy may not heal (5.2)"
    if not adjacent:
        return "it heals only an adjacent character, or itself (5.2)"
    if healed_this_turn:
        return "it heals one character a turn (5.2)"
    return heal_refusal_after_muster(healer.name, used_muster_ability=used_muster_ability)


def ability_healing(healer: TacticalCharacter, target_hits: int) -> int:
    """Points ``healer``'s ability heals on a character with ``target_hits`` damage: Heal
    three (5.2.1), Restore all (5.2.2)."""
    match healer.abilities.heal:
        case Heal.HEAL:
            return HEAL
        case Heal.RESTORE:
            return max(target_hits, 0)
        case None:
            return 0


def hits_after_healing(hits: int, *healed: int) -> int:
    """5.0: the damage left after healing these amounts (resting and abilities add up);
    healing beyond the damage taken removes all of it."""
    return max(hits - sum(healed), 0)
