"""What the variant's special abilities do in a Strike Phase and in a shared hex (7.3, 9.2, 10.1,
12.2), read from each character's ``Abilities`` record.

Pure functions of the characters and the hazard of the striker's hex. Hazards' own effects
are ``engine.tactical.hazards.strike_changes``; add these to them (``StrikeChanges`` adds up).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.hazards import HexHazard
from engine.rangestrikes import range_dice
from engine.strikes import StrikeChanges
from engine.tactical.characters import TacticalCharacter
from engine.tactical.hazards import HEX_HAZARDS, may_enter, names_hazard
from engine.tactical.musters import musterable_in

MOST_IN_A_HEX = 2  # 7.3: no more than two characters, and only by overstacking


def attacker_skill_loss(attacker: TacticalCharacter, target: TacticalCharacter) -> int:
    """9.2 Sea King: a Creature that can be mustered in a Sea region loses a Skill-factor when
    attacking it (striking or rangestriking)."""
    loss = target.abilities.attackers_lose_skill
    if loss is None or not attacker.is_creature:
        return 0
    return loss.skill if attacker.name in musterable_in(loss.musterable_in) else 0


def ability_strike_changes(
    kind: TacticalCharacter,
    here: HexHazard,
    target: TacticalCharacter,
    *,
    rangestrike: bool = False,
) -> StrikeChanges:
    """What abilities do to a strike (or rangestrike) by ``kind`` from a hex of ``here`` at
    ``target``: dice gained out of a hazard (Ice Witch in Drift +1; Salamander in a Volcano
    +2, rangestriking +1; Fire Elemental in a Volcano +1) and the Sea King's toll."""
    return StrikeChanges(
        dice=kind.abilities.dice_in(here.name, rangestrike=rangestrike),
        skill=-attacker_skill_loss(kind, target),
    )


def rangestrike_dice(kind: TacticalCharacter, power: int, here: HexHazard) -> int:
    """Dice of a rangestrike from a hex of ``here``: the Range-strength, half the Power-factor
    (13.1), with a Volcano native's two (hazard chart) and the ability's dice (9.2, 10.1)."""
    return range_dice(kind, power, here) + kind.abilities.dice_in(here.name, rangestrike=True)


def aura_damage(kind: TacticalCharacter, enemies_in_contact: Sequence[TacticalCharacter]) -> int:
    """9.2 Salamander: damage ``kind`` takes at the start of any Strike Phase from the auras of
    the enemies it is in contact with: 1 from each Salamander, unless it could enter a Volcano
    hex itself."""
    total = 0
    for enemy in enemies_in_contact:
        aura = enemy.abilities.aura
        if aura is not None and not may_enter(kind, HEX_HAZARDS[aura.spares_who_may_enter]):
            total += aura.damage
    return total


def poison_damage(kind: TacticalCharacter, damaged_by: Sequence[TacticalCharacter]) -> int:
    """9.2 Venemous Wyrm: extra damage a Creature takes at the start of the Strike Phase after
    one in which the characters ``damaged_by`` damaged it: 2 if a Venemous Wyrm did, once
    however many strikes or Wyrms (docs/rulings.md). Lords and Demi-Lords are not poisoned."""
    if not kind.is_creature:
        return 0
    return max((enemy.abilities.poison for enemy in damaged_by), default=0)


def overstacks_in(kind: TacticalCharacter, hazard: str) -> bool:
    """7.3: may this character overstack in a hex of this hazard (Rangers: Bog and clear)?"""
    return names_hazard(kind.abilities.overstacks_in, hazard)


def may_share_hex(friends: Sequence[TacticalCharacter], hazard: str) -> bool:
    """7.3: may these friendly characters be together in a hex of this hazard? One always; two
    when either overstacks there; never three."""
    if len(friends) <= 1:
        return True
    return len(friends) <= MOST_IN_A_HEX and any(overstacks_in(k, hazard) for k in friends)
