"""The Healing Phase (5.0-5.3): resting in muster and tower hexes, regeneration, the Dragon in a
Volcano (9.2), Heal and Restore, and healing beyond the damage taken."""

from __future__ import annotations

import pytest

from engine.tactical.characters import character
from engine.tactical.healing import (
    ability_healing,
    heal_refusal,
    hits_after_healing,
    may_rest,
    rest_healing,
)
from engine.tactical.hex_facts import HexFacts

MARSH = HexFacts("Marsh")
PLAINS = HexFacts("Plains")
TOWER = HexFacts("Tower", "Tower")
MOUNTAINS = HexFacts("Mountains")
VOLCANO = HexFacts("Mountains", "Volcano")
BRUSH_BRAMBLE = HexFacts("Brush", "Bramble")
SEA = HexFacts("Sea", "Water")


@pytest.mark.parametrize(
    ("name", "hex_", "locked", "healed"),
    [
        pytest.param("Ogre", MARSH, False, 1, id="5.1-rest-in-a-muster-hex"),
        pytest.param("Ogre", MARSH, True, 0, id="5.1-not-locked-in-contact"),
        pytest.param("Ogre", PLAINS, False, 0, id="5.1-not-a-muster-hex"),
        pytest.param("Ogre", TOWER, False, 1, id="5.1-anyone-in-a-tower-hex"),
        pytest.param("Ogre", TOWER, True, 0, id="5.1-tower-hex-not-locked"),
        pytest.param("Titan", TOWER, False, 1, id="5.1-titan-in-a-tower-hex"),
        pytest.param("Titan", PLAINS, False, 0, id="2.2.1-titan-no-muster-hexes"),
        pytest.param("Angel", MOUNTAINS, False, 0, id="2.2.1-angel-no-muster-hexes"),
        pytest.param("Dragon", VOLCANO, False, 2, id="9.2-dragon-2-resting-in-a-volcano"),
        pytest.param("Dragon", MOUNTAINS, False, 1, id="9.2-dragon-1-elsewhere"),
        pytest.param("Dragon", VOLCANO, True, 0, id="9.2-dragon-still-rests-by-5.1"),
        pytest.param("Dragon", TOWER, False, 1, id="9.2-dragon-tower-hex-1"),
        pytest.param("Hydra", PLAINS, True, 2, id="5.3-regenerates-anywhere-even-locked"),
        pytest.param("Venemous Wyrm", BRUSH_BRAMBLE, True, 2, id="5.3-wyrm-regenerates"),
        pytest.param("Bronze Wyrm", MARSH, False, 2, id="5.3-bronze-wyrm-regenerates"),
        pytest.param("Salamander", VOLCANO, True, 2, id="9.2-salamander-regenerates-in-volcano"),
        pytest.param("Salamander", MOUNTAINS, False, 1, id="9.1-salamander-rests-in-mountains"),
        pytest.param("Salamander", MOUNTAINS, True, 0, id="9.2-salamander-locked-outside"),
        pytest.param("Salamander", PLAINS, False, 0, id="9.2-salamander-not-a-muster-hex"),
        pytest.param("Fire Elemental", VOLCANO, True, 2, id="10.1-fire-elemental-regenerates"),
        pytest.param("Fire Elemental", MOUNTAINS, False, 0, id="2.2.1-fire-muster-hex-volcano"),
        pytest.param("Earth Elemental", PLAINS, False, 1, id="2.2.1-earth-clear-hex"),
        pytest.param("Earth Elemental", BRUSH_BRAMBLE, False, 0, id="2.2.1-earth-not-bramble"),
        pytest.param("Kraken", SEA, False, 1, id="5.1-kraken-in-the-sea"),
        pytest.param("Demon 4", TOWER, False, 1, id="2.2.1-demon-tower"),
        pytest.param("Druid", HexFacts("Woods"), False, 1, id="9.1-druid-woods"),
    ],
)
def test_resting_5_1_5_3(name, hex_, locked, healed):
    kind = character(name)
    assert rest_healing(kind, hex_, locked=locked) == healed
    assert may_rest(kind, hex_, locked=locked) is (healed > 0)


@pytest.mark.parametrize(
    ("name", "hits", "healed"),
    [
        pytest.param("Unicorn", 5, 3, id="5.2.1-unicorn-heals-3"),
        pytest.param("Druid", 5, 3, id="5.2.1-druid-heals-3"),
        pytest.param("Cleric", 1, 3, id="5.2.1-cleric-heals-3"),
        pytest.param("Healer", 7, 7, id="5.2.2-healer-restores-all"),
        pytest.param("Healer", 0, 0, id="5.2.2-nothing-to-restore"),
        pytest.param("Ogre", 5, 0, id="5.2-no-ability"),
    ],
)
def test_ability_healing_5_2(name, hits, healed):
    assert ability_healing(character(name), hits) == healed


@pytest.mark.parametrize(
    ("name", "kw", "reason"),
    [
        pytest.param("Unicorn", {}, None, id="5.2-free-to-heal"),
        pytest.param("Ogre", {}, "no healing ability", id="5.2-no-ability"),
        pytest.param("Unicorn", {"locked": True}, "locked", id="5.2-healer-locked"),
        pytest.param("Unicorn", {"adjacent": False}, "adjacent", id="5.2-adjacent-or-itself"),
        pytest.param("Healer", {"healed_this_turn": True}, "one character",
                     id="ruling-5.2-one-heal-a-turn"),
        pytest.param("Druid", {"used_muster_ability": True}, "12.2", id="12.2-druid-used-plus-1"),
        pytest.param("Cleric", {"used_muster_ability": True}, "12.2",
                     id="ruling-12.2-cleric-summoned"),
        pytest.param("Unicorn", {"used_muster_ability": True}, None,
                     id="12.2-unicorn-not-bound"),
    ],
)  # fmt: skip
def test_heal_refusal_5_2_12_2(name, kw, reason):
    refusal = heal_refusal(character(name), **{"locked": False, "adjacent": True, **kw})
    assert refusal is None if reason is None else reason in refusal


@pytest.mark.parametrize(
    ("hits", "healed", "left"),
    [
        pytest.param(5, (3,), 2, id="5.0-subtracted"),
        pytest.param(2, (3,), 0, id="5.0-beyond-the-damage-removes-all"),
        pytest.param(5, (1, 3), 1, id="5.0-rest-and-ability-in-one-turn"),
        pytest.param(6, (2, 3, 3), 0, id="5.0-several-abilities"),
        pytest.param(4, (), 4, id="5.0-no-healing"),
    ],
)
def test_hits_after_healing_5_0(hits, healed, left):
    assert hits_after_healing(hits, *healed) == left
