"""Special abilities in a Strike Phase and a shared hex: extra dice in a hazard (9.2, 10.1), the
Sea King (9.2), the Salamander's aura (9.2), poison (9.2) and overstacking (7.3)."""

from __future__ import annotations

import pytest

from engine.strikes import StrikeChanges
from engine.tactical.abilities import (
    ability_strike_changes,
    attacker_skill_loss,
    aura_damage,
    may_share_hex,
    poison_damage,
    rangestrike_dice,
)
from engine.tactical.characters import character
from engine.tactical.hazards import HEX_HAZARDS, strike_changes

PLAIN, VOLCANO = HEX_HAZARDS["Plain"], HEX_HAZARDS["Volcano"]


@pytest.mark.parametrize(
    ("name", "here", "strike", "rangestrike"),
    [
        pytest.param("Ice Witch", "Drift", 1, 1, id="9.2-ice-witch-drift-1-and-1"),
        pytest.param("Ice Witch", "Plain", 0, 0, id="9.2-ice-witch-elsewhere-none"),
        pytest.param("Salamander", "Volcano", 2, 1, id="9.2-salamander-volcano-2-and-1"),
        pytest.param("Fire Elemental", "Volcano", 1, 1, id="10.1-fire-elemental-volcano-1"),
        pytest.param("Dragon", "Volcano", 0, 0, id="9.2-dragon-hazard-dice-not-ability"),
    ],
)
def test_extra_dice_in_a_hazard(name, here, strike, rangestrike):
    kind, ogre = character(name), character("Ogre")
    assert ability_strike_changes(kind, HEX_HAZARDS[here], ogre).dice == strike
    assert ability_strike_changes(kind, HEX_HAZARDS[here], ogre, rangestrike=True).dice == (
        rangestrike
    )


def test_salamander_strike_terms_in_a_volcano_9_2():
    """Ruling: entering a Volcano is not being native, so the Salamander strikes there with
    its own two dice (10 + 2), not the native's two as well."""
    salamander, ogre = character("Salamander"), character("Ogre")
    changes = strike_changes(salamander, VOLCANO, ogre, PLAIN) + ability_strike_changes(
        salamander, VOLCANO, ogre
    )
    assert changes.terms(salamander.power, salamander.skill, ogre.skill).dice == 12


@pytest.mark.parametrize(
    ("name", "power", "here", "dice"),
    [
        pytest.param("Salamander", 10, "Volcano", 5 + 1, id="9.2-salamander-rangestrike-plus-1"),
        pytest.param("Dragon", 9, "Volcano", 4 + 2, id="11.7-dragon-native-volcano-plus-2"),
        pytest.param("Ice Witch", 6, "Drift", 3 + 1, id="9.2-ice-witch-drift-plus-1"),
        pytest.param("Fire Elemental", 8, "Plain", 4, id="13.1-half-power"),
    ],
)
def test_rangestrike_dice(name, power, here, dice):
    assert rangestrike_dice(character(name), power, HEX_HAZARDS[here]) == dice


@pytest.mark.parametrize(
    ("attacker", "loss"),
    [
        pytest.param("Behemoth", 1, id="9.2-sea-king-behemoth-loses-1"),
        pytest.param("Serpent", 1, id="9.2-sea-king-serpent-loses-1"),
        pytest.param("Kraken", 1, id="9.2-sea-king-kraken-loses-1"),
        pytest.param("Water Elemental", 0, id="9.2-sea-king-demilord-not-a-creature"),
        pytest.param("Ogre", 0, id="9.2-sea-king-land-creature"),
        pytest.param("Sea King", 0, id="9.2-sea-king-a-lord-not-a-creature"),
    ],
)
def test_sea_king_toll_9_2(attacker, loss):
    sea_king = character("Sea King")
    assert attacker_skill_loss(character(attacker), sea_king) == loss
    changes = ability_strike_changes(character(attacker), HEX_HAZARDS["Water"], sea_king)
    assert changes == StrikeChanges(skill=-loss)
    assert attacker_skill_loss(character(attacker), character("Kraken")) == 0


@pytest.mark.parametrize(
    ("name", "damage"),
    [
        pytest.param("Ogre", 1, id="9.2-aura-ogre-may-not-enter-volcano"),
        pytest.param("Gargoyle", 1, id="9.2-aura-non-native-flier"),
        pytest.param("Dragon", 0, id="9.2-aura-dragon-volcano-native"),
        pytest.param("Fire Elemental", 0, id="9.2-aura-fire-elemental-may-enter"),
        pytest.param("Salamander", 0, id="ruling-9.2-aura-salamander-may-enter"),
        pytest.param("Colossus", 1, id="9.2-aura-colossus-ignores-not-volcano"),
    ],
)
def test_salamander_aura_9_2(name, damage):
    salamander = character("Salamander")
    assert aura_damage(character(name), [salamander]) == damage
    assert aura_damage(character(name), [salamander, salamander]) == 2 * damage
    assert aura_damage(character(name), [character("Dragon")]) == 0


@pytest.mark.parametrize(
    ("victim", "damaged_by", "damage"),
    [
        pytest.param("Ogre", ["Venemous Wyrm"], 2, id="9.2-poison-creature-2"),
        pytest.param("Ogre", ["Venemous Wyrm", "Venemous Wyrm"], 2,
                     id="ruling-9.2-poison-does-not-stack"),
        pytest.param("Ogre", ["Hydra"], 0, id="9.2-only-the-wyrm"),
        pytest.param("Ogre", [], 0, id="9.2-not-damaged"),
        pytest.param("Warlock", ["Venemous Wyrm"], 0, id="ruling-9.2-poison-spares-demilords"),
        pytest.param("Titan", ["Venemous Wyrm"], 0, id="ruling-9.2-poison-spares-lords"),
        pytest.param("Ranger Captain", ["Venemous Wyrm"], 2,
                     id="9.2-poison-master-muster-creature"),
    ],
)  # fmt: skip
def test_poison_9_2(victim, damaged_by, damage):
    assert poison_damage(character(victim), [character(n) for n in damaged_by]) == damage


@pytest.mark.parametrize(
    ("names", "hazard", "allowed"),
    [
        pytest.param(["Ranger", "Ogre"], "Plain", True, id="7.3-ranger-clear-hex"),
        pytest.param(["Ogre", "Ranger"], "Bog", True, id="7.3-ranger-bog"),
        pytest.param(["Ranger", "Ogre"], "Bramble", False, id="7.3-ranger-not-in-bramble"),
        pytest.param(["Ranger", "Ranger"], "Plain", True, id="7.3-two-overstackers"),
        pytest.param(["Ranger Captain", "Titan"], "Tower", True,
                     id="ruling-2.1.2-walled-tower-hex-clear"),
        pytest.param(["Ranger", "Ranger", "Ogre"], "Plain", False, id="7.3-never-three"),
        pytest.param(["Ogre", "Troll"], "Plain", False, id="7.3-neither-overstacks"),
        pytest.param(["Ogre"], "Bramble", True, id="7.3-one-alone"),
    ],
)  # fmt: skip
def test_overstacking_7_3(names, hazard, allowed):
    assert may_share_hex([character(n) for n in names], hazard) is allowed
