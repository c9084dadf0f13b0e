"""Tactical Titan's mustering and summoning: the Mastercharts (9.2), region musters (6.1, 6.2),
Master Musters (9.1), the Druid (9.2), Warlock and Cleric summonings (10.1, 10.2), the piles
(2.2.1, 8.0) and heal-or-muster (12.2)."""

from __future__ import annotations

import pytest

from engine.errors import RuleError, UnknownName
from engine.mastercharts import MASTERCHARTS as TITAN_MASTERCHARTS
from engine.tactical.hex_facts import HexFacts, SideFact
from engine.tactical.mastercharts import CHARTS, DEMON, TOWER_CHART
from engine.tactical.musters import (
    Pile,
    cleric_destination_ok,
    cleric_number,
    cleric_summonable,
    demon,
    heal_refusal_after_muster,
    is_muster_hex,
    master_muster,
    muster_ability_refusal,
    musterable_in,
    participation_refusal,
    pile_for_slain,
    region_bonus,
    region_musters,
    starting_muster_pile,
    succeeds,
    warlock_number,
    warlock_summons,
)

# 9.2 as printed: terrain -> ([(character, needed for the next, Muster-number)], Master Muster)
PRINTED_9_2 = {
    "Plains": ([("Centaur", 2, 6), ("Lion", 2, 8), ("Ranger", 0, 10)], "Ranger Captain"),
    "Marsh": ([("Ogre", 2, 6), ("Troll", 2, 8), ("Ranger", 0, 10)], "Ranger Captain"),
    "Woods": ([("Centaur", 3, 6), ("Warbear", 2, 8), ("Unicorn", 0, 10)], "Druid"),
    "Hills": ([("Ogre", 3, 6), ("Minotaur", 2, 8), ("Unicorn", 0, 10)], "Healer"),
    "Tundra": ([("Troll", 2, 7), ("Warbear", 2, 9), ("Giant", 2, 10), ("Colossus", 0, 11)],
               "Ice Witch"),
    "Mountains": ([("Lion", 2, 7), ("Minotaur", 2, 9), ("Dragon", 2, 10), ("Colossus", 0, 11)],
                  "Salamander"),
    "Swamp": ([("Troll", 3, 7), ("Wyvern", 2, 9), ("Hydra", 0, 10)], "Venemous Wyrm"),
    "Desert": ([("Lion", 3, 7), ("Griffon", 2, 9), ("Hydra", 0, 10)], "Bronze Wyrm"),
    "Brush": ([("Gargoyle", 2, 6), ("Cyclops", 2, 8), ("Gorgon", 0, 10)], "Manticore"),
    "Jungle": ([("Gargoyle", 2, 6), ("Cyclops", 3, 8), ("Behemoth", 2, 10), ("Serpent", 0, 11)],
               "Allosaurus"),
    "Sea": ([("Behemoth", 2, 9), ("Serpent", 2, 10), ("Kraken", 0, 11)], "Sea King"),
}  # fmt: skip


@pytest.mark.parametrize("terrain", sorted(PRINTED_9_2))
def test_mastercharts_9_2(terrain):
    column, master = PRINTED_9_2[terrain]
    chart = CHARTS[terrain]
    assert [(e.character, e.needed_for_next, e.muster_number) for e in chart.column] == column
    assert chart.master == master
    assert chart.to_dict()["master_muster"] == master


@pytest.mark.parametrize("terrain", sorted(TITAN_MASTERCHARTS))
def test_the_same_progression_as_titan_1_0(terrain):
    """1.0: 'using the same progression': each column is TITAN's, with Muster-numbers."""
    titan = [(e.creature, e.needed_for_next) for e in TITAN_MASTERCHARTS[terrain]]
    assert [(e.character, e.needed_for_next) for e in CHARTS[terrain].column] == titan


def test_tower_levels_9_2():
    levels = [(lv.needs.value, lv.characters, lv.muster_number) for lv in TOWER_CHART.levels]
    assert levels == [
        ("any_one", ("Centaur", "Ogre", "Gargoyle"), 6),
        ("three_of_a_type", ("Guardian",), 8),
        ("titan", ("Warlock",), 10),
    ]
    assert TOWER_CHART.master == "Cleric"
    assert TOWER_CHART.to_dict()["levels"][1]["muster_number"] == 8


def offered(terrain, participants, **kw):
    """{character: (target, ways)} of a region's musters."""
    return {
        o.character: (o.target(), set(o.ways)) for o in region_musters(terrain, participants, **kw)
    }


@pytest.mark.parametrize(
    ("terrain", "participants", "expected"),
    [
        pytest.param("Marsh", ["Ogre", "Ogre", "Troll"],
                     {"Ogre": (5, {("Ogre",), ("Troll",)}),
                      "Troll": (7, {("Ogre", "Ogre"), ("Troll",)})},
                     id="6.2-two-ogres-and-a-troll-each-get-a-troll-at-plus-1"),
        pytest.param("Marsh", ["Ogre", "Ogre"],
                     {"Ogre": (6, {("Ogre",)}), "Troll": (8, {("Ogre", "Ogre")})},
                     id="6.2-two-ogres-a-troll-no-bonus"),
        pytest.param("Marsh", ["Troll"],
                     {"Ogre": (6, {("Troll",)}), "Troll": (8, {("Troll",)})},
                     id="6.2-same-or-lesser-type"),
        pytest.param("Marsh", ["Troll", "Ranger"],
                     {"Ogre": (5, {("Troll",), ("Ranger",)}),
                      "Troll": (7, {("Troll",), ("Ranger",)}),
                      "Ranger": (10, {("Ranger",)})},
                     id="6.2-greater-type-qualifies-too"),
        pytest.param("Marsh", ["Lion"], {}, id="6.2-not-on-the-chart"),
        pytest.param("Marsh", ["Titan", "Angel"], {}, id="2.2.1-lords-have-no-muster-hexes"),
        pytest.param("Plains", ["Ranger Captain"],
                     {"Centaur": (6, {("Ranger Captain",)}), "Lion": (8, {("Ranger Captain",)}),
                      "Ranger": (10, {("Ranger Captain",)})},
                     id="9.1-master-muster-greater-than-all-never-itself"),
        pytest.param("Plains", ["Ranger", "Ranger Captain"],
                     {"Centaur": (5, {("Ranger",), ("Ranger Captain",)}),
                      "Lion": (7, {("Ranger",), ("Ranger Captain",)}),
                      "Ranger": (9, {("Ranger",), ("Ranger Captain",)})},
                     id="9.1-6.2-master-muster-is-a-second-type"),
        pytest.param("Woods", ["Druid"],
                     {"Centaur": (6, {("Druid",)}), "Warbear": (8, {("Druid",)}),
                      "Unicorn": (10, {("Druid",)})},
                     id="ruling-12.2-druid-takes-part-as-master-muster-whatever-it-healed"),
        pytest.param("Tundra", ["Giant", "Giant"],
                     {"Troll": (7, {("Giant",)}), "Warbear": (9, {("Giant",)}),
                      "Giant": (10, {("Giant",)}), "Colossus": (11, {("Giant", "Giant")})},
                     id="9.2-tundra-two-giants-a-colossus-on-11"),
        pytest.param("Swamp", ["Troll", "Troll"], {"Troll": (7, {("Troll",)})},
                     id="ruling-9.2-swamp-two-trolls-no-wyvern"),
        pytest.param("Swamp", ["Troll"] * 3,
                     {"Troll": (7, {("Troll",)}), "Wyvern": (9, {("Troll",) * 3})},
                     id="ruling-9.2-swamp-three-trolls-a-wyvern"),
        pytest.param("Desert", ["Lion", "Lion"], {"Lion": (7, {("Lion",)})},
                     id="ruling-9.2-desert-two-lions-no-griffon"),
        pytest.param("Desert", ["Griffon", "Griffon"],
                     {"Lion": (7, {("Griffon",)}), "Griffon": (9, {("Griffon",)}),
                      "Hydra": (10, {("Griffon", "Griffon")})},
                     id="ruling-9.2-desert-two-griffons-a-hydra"),
        pytest.param("Sea", ["Serpent", "Serpent"],
                     {"Behemoth": (9, {("Serpent",)}), "Serpent": (10, {("Serpent",)}),
                      "Kraken": (11, {("Serpent", "Serpent")})},
                     id="9.2-sea-two-serpents-a-kraken"),
        pytest.param("Tower", ["Ogre", "Centaur"],
                     {name: (6, {("Centaur",), ("Ogre",)}) for name in
                      ("Centaur", "Ogre", "Gargoyle")},
                     id="9.2-tower-any-one-no-bonus-for-two-ways"),
        pytest.param("Tower", ["Guardian"],
                     {name: (6, {("Guardian",)}) for name in ("Centaur", "Ogre", "Gargoyle")},
                     id="9.2-tower-a-guardian-musters-no-guardian"),
        pytest.param("Tower", ["Ogre"] * 3,
                     {**{name: (6, {("Ogre",)}) for name in ("Centaur", "Ogre", "Gargoyle")},
                      "Guardian": (8, {("Ogre",) * 3})},
                     id="9.2-tower-three-of-a-type-a-guardian"),
        pytest.param("Tower", ["Angel"] * 3,
                     {**{name: (6, {("Angel",)}) for name in ("Centaur", "Ogre", "Gargoyle")},
                      "Guardian": (8, {("Angel",) * 3})},
                     id="ruling-9.2-tower-any-character-type-counts"),
        pytest.param("Tower", ["Titan"],
                     {**{name: (6, {("Titan",)}) for name in ("Centaur", "Ogre", "Gargoyle")},
                      "Warlock": (10, {("Titan",)})},
                     id="9.2-tower-titan-a-warlock"),
        pytest.param("Tower", ["Warlock"],
                     {name: (6, {("Warlock",)}) for name in ("Centaur", "Ogre", "Gargoyle")},
                     id="9.2-tower-a-warlock-musters-no-warlock"),
        pytest.param("Tower", ["Cleric"],
                     {name: (6, {("Cleric",)}) for name in ("Centaur", "Ogre", "Gargoyle")},
                     id="ruling-9.1-cleric-in-the-tower-is-one-character"),
        pytest.param("marsh", ["ogre", "OGRE"],
                     {"Ogre": (6, {("Ogre",)}), "Troll": (8, {("Ogre", "Ogre")})},
                     id="names-any-case"),
    ],
)  # fmt: skip
def test_region_musters_6_2(terrain, participants, expected):
    assert offered(terrain, participants) == expected


def test_muster_pile_limits_what_is_offered_2_2_1():
    pile = {"Ogre": 3, "Troll": 0}
    assert set(offered("Marsh", ["Troll"], muster_pile=pile)) == {"Ogre"}
    assert set(offered("Marsh", ["Troll"], muster_pile={})) == set()


def test_unknown_names_are_refused():
    with pytest.raises(UnknownName) as caught:
        region_musters("Swampp", ["Troll"])
    assert "Swamp" in caught.value.suggestions
    with pytest.raises(UnknownName):
        region_musters("Swamp", ["Trol"])


def test_muster_option_as_dict():
    (_, troll) = region_musters("Marsh", ["Ogre", "Ogre", "Troll"])
    assert troll.to_dict() == {
        "character": "Troll",
        "muster_number": 8,
        "ways": [["Ogre", "Ogre"], ["Troll"]],
        "two_ways_bonus": 1,
        "target": 7,
    }


@pytest.mark.parametrize(
    ("helpers", "bonus"),
    [
        pytest.param(["Druid"], 1, id="9.2-druid-plus-1"),
        pytest.param(["Druid", "Druid"], 1, id="ruling-9.2-two-druids-still-plus-1"),
        pytest.param(["Unicorn", "Cleric"], 0, id="9.2-others-none"),
        pytest.param([], 0, id="9.2-nobody"),
    ],
)
def test_druid_region_bonus_9_2(helpers, bonus):
    assert region_bonus(helpers) == bonus


def test_druid_bonus_adds_to_the_two_ways_bonus_6_2_9_2():
    """Ruling: 6.2's cap of +1 is for qualifying with different types; the Druid's +1 is its
    own, so a region muster may be made at +2."""
    (_, warbear, _) = region_musters("Woods", ["Warbear", "Unicorn", "Druid"])
    assert warbear.two_ways_bonus == 1
    assert warbear.target(region_bonus(["Druid"])) == 8 - 2


@pytest.mark.parametrize(
    ("terrain", "roll", "pile", "master"),
    [
        pytest.param("Woods", 12, None, "Druid", id="9.1-a-12-offers-the-master-muster"),
        pytest.param("Woods", 11, None, None, id="ruling-9.1-an-11-with-a-bonus-is-no-12"),
        pytest.param("Tower", 12, None, "Cleric", id="9.1-tower-cleric"),
        pytest.param("Sea", 12, None, "Sea King", id="9.1-sea-king"),
        pytest.param("Woods", 12, {"Druid": 0}, None, id="2.2.1-none-left"),
    ],
)
def test_master_muster_on_a_12_9_1(terrain, roll, pile, master):
    assert master_muster(terrain, roll, muster_pile=pile) == master


@pytest.mark.parametrize("roll", [1, 13, 0, True, "7"])
def test_a_roll_is_two_dice_6_0(roll):
    with pytest.raises(RuleError):
        succeeds(roll, 7)


@pytest.mark.parametrize(
    ("roll", "target", "ok"),
    [
        pytest.param(7, 7, True, id="6.2-the-number-musters"),
        pytest.param(8, 7, True, id="6.2-or-higher"),
        pytest.param(6, 7, False, id="6.2-lower-fails"),
    ],
)
def test_succeeds_6_2(roll, target, ok):
    assert succeeds(roll, target) is ok


@pytest.mark.parametrize(
    ("kw", "reason"),
    [
        pytest.param({"locked": True}, "locked", id="6.1-locked-in-contact"),
        pytest.param({"in_another_muster": True}, "already", id="6.1-one-muster-a-turn"),
        pytest.param({"brought_in_this_phase": True}, "brought", id="6.1-newly-mustered"),
        pytest.param({}, None, id="6.1-free"),
    ],
)
def test_participation_6_1(kw, reason):
    args = {"locked": False, "in_another_muster": False, "brought_in_this_phase": False, **kw}
    refusal = participation_refusal(**args)
    assert (refusal is None) if reason is None else (reason in refusal)


@pytest.mark.parametrize(
    ("name", "healed", "refused"),
    [
        pytest.param("Druid", True, True, id="12.2-druid-healed-no-bonus"),
        pytest.param("Druid", False, False, id="12.2-druid-not-healed"),
        pytest.param("Cleric", True, True, id="ruling-12.2-cleric-healed-no-summoning"),
        pytest.param("Cleric", False, False, id="12.2-cleric-summons"),
        pytest.param("Warlock", True, False, id="12.2-warlock-not-bound"),
        pytest.param("Ogre", False, True, id="10.0-no-muster-ability"),
    ],
)
def test_heal_or_muster_12_2(name, healed, refused):
    assert (muster_ability_refusal(name, healed_with_ability=healed) is not None) is refused


def test_no_heal_after_the_muster_ability_12_2():
    assert heal_refusal_after_muster("Cleric", used_muster_ability=True) is not None
    assert heal_refusal_after_muster("Cleric", used_muster_ability=False) is None
    assert heal_refusal_after_muster("Unicorn", used_muster_ability=True) is None


BOG_SWAMP = HexFacts("Swamp", "Bog")
PLAINS = HexFacts("Plains")
RIVERSIDE = HexFacts("Plains", "Plain", (SideFact("River"),))
ATOP_CLIFF = HexFacts("Mountains", "Plain", (SideFact("Cliff", top=True),))
BELOW_CLIFF = HexFacts("Mountains", "Plain", (SideFact("Cliff", top=False),))
VOLCANO = HexFacts("Mountains", "Volcano")
TOWER_HEX = HexFacts("Tower", "Tower")
TOWER_CLEAR = HexFacts("Tower")
SEA = HexFacts("Sea", "Water")
BRAMBLE = HexFacts("Brush", "Bramble")


@pytest.mark.parametrize(
    ("hex_", "summons"),
    [
        pytest.param(PLAINS, ("Earth Elemental",), id="10.1-clear-earth"),
        pytest.param(BOG_SWAMP, ("Water Elemental",), id="10.1-bog-water"),
        pytest.param(SEA, ("Water Elemental",), id="10.1-water-hex-water"),
        pytest.param(RIVERSIDE, ("Earth Elemental", "Water Elemental"),
                     id="10.1-clear-with-a-river-hexside-either"),
        pytest.param(ATOP_CLIFF, ("Earth Elemental", "Air Elemental"), id="10.1-atop-a-cliff-air"),
        pytest.param(BELOW_CLIFF, ("Earth Elemental",), id="10.1-below-a-cliff-no-air"),
        pytest.param(VOLCANO, ("Fire Elemental",), id="10.1-volcano-fire"),
        pytest.param(TOWER_HEX, ("Earth Elemental", DEMON), id="10.1-tower-hex-demon"),
        pytest.param(BRAMBLE, (), id="10.1-bramble-nothing"),
    ],
)  # fmt: skip
def test_warlock_summons_by_destination_10_1(hex_, summons):
    assert warlock_summons(hex_) == summons


@pytest.mark.parametrize(
    ("summoners", "number"),
    [
        pytest.param(["Warlock"], 12, id="10.1-one-warlock-12"),
        pytest.param(["Warlock", "Warlock"], 11, id="10.1-two-warlocks-11"),
        pytest.param(["Warlock"] * 3, 11, id="10.1-three-warlocks-11"),
    ],
)
def test_warlock_number_10_1(summoners, number):
    assert warlock_number(summoners) == number


@pytest.mark.parametrize("summoners", [[], ["Warlock", "Cleric"], ["Ogre"]])
def test_only_warlocks_summon_elementals_10_1(summoners):
    with pytest.raises(RuleError):
        warlock_number(summoners)


def test_demon_by_the_die_10_1():
    assert [demon(face) for face in range(1, 7)] == [f"Demon {n}" for n in range(1, 7)]
    for face in (0, 7, True):
        with pytest.raises(RuleError):
            demon(face)


def test_a_demon_none_of_which_is_left_does_not_come_2_2_1_10_1():
    """Ruling: the die picks the Demon after the summoning succeeds; if that Demon's counters
    are all in play, the summoning brings nothing (2.2.1)."""
    assert demon(3, muster_pile={"Demon 3": 0, "Demon 4": 2}) is None
    assert demon(4, muster_pile={"Demon 3": 0, "Demon 4": 2}) == "Demon 4"


@pytest.mark.parametrize(
    ("creature", "number"),
    [
        pytest.param("Ogre", 7, id="10.2-10-points-7"),
        pytest.param("Troll", 8, id="10.2-15-points-8"),
        pytest.param("Cyclops", 9, id="10.2-20-points-9"),
        pytest.param("Minotaur", 9, id="10.2-25-points-9"),
        pytest.param("Griffon", 9, id="10.2-30-points-9"),
        pytest.param("Gorgon", 10, id="10.2-35-points-10"),
        pytest.param("Giant", 10, id="10.2-40-points-10"),
        pytest.param("Ranger", 10, id="10.2-50-points-10"),
        pytest.param("Dragon", 11, id="10.2-55-points-11"),
        pytest.param("Hydra", 11, id="10.2-60-points-11"),
        pytest.param("Venemous Wyrm", 12, id="10.2-70-points-12"),
        pytest.param("Bronze Wyrm", 12, id="10.2-75-points-12-master-muster-creature"),
    ],
)
def test_cleric_number_by_points_10_2(creature, number):
    assert cleric_number(creature, ["Cleric"]) == number
    assert cleric_number(creature, ["Cleric", "Cleric"]) == number - 1


@pytest.mark.parametrize("name", ["Guardian", "Angel", "Druid", "Sea King", "Demon 2"])
def test_clerics_summon_only_creatures_10_2(name):
    with pytest.raises(RuleError):
        cleric_number(name, ["Cleric"])


def test_cleric_summons_from_the_dead_pile_10_2():
    dead = {"Ogre": 1, "Lion": 0, "Manticore": 2, "Warlock": 1}
    assert cleric_summonable(dead) == ("Manticore", "Ogre")
    assert cleric_destination_ok("Ogre", PLAINS)
    assert not cleric_destination_ok("Ogre", BRAMBLE)  # not a clear hex
    assert not cleric_destination_ok("Kraken", PLAINS)  # lives only in Water
    assert cleric_destination_ok("Ogre", TOWER_HEX)


@pytest.mark.parametrize(
    ("name", "hex_", "muster_hex"),
    [
        pytest.param("Dragon", VOLCANO, True, id="2.2.1-dragon-mountains"),
        pytest.param("Dragon", BRAMBLE, False, id="2.2.1-dragon-not-brush"),
        pytest.param("Ranger Captain", HexFacts("Marsh"), True, id="9.1-master-muster-hex"),
        pytest.param("Kraken", SEA, True, id="2.2.1-kraken-sea"),
        pytest.param("Centaur", TOWER_HEX, True, id="9.2-tower-centaur"),
        pytest.param("Cleric", TOWER_HEX, True, id="9.1-tower-cleric"),
        pytest.param("Water Elemental", BOG_SWAMP, True, id="2.2.1-elemental-by-bog"),
        pytest.param("Water Elemental", RIVERSIDE, True, id="2.2.1-elemental-by-river"),
        pytest.param("Water Elemental", PLAINS, False, id="2.2.1-elemental-not-clear"),
        pytest.param("Air Elemental", ATOP_CLIFF, True, id="2.2.1-air-atop-cliff"),
        pytest.param("Air Elemental", BELOW_CLIFF, False, id="2.2.1-air-not-below"),
        pytest.param("Earth Elemental", BRAMBLE, False, id="2.2.1-earth-not-bramble"),
        pytest.param("Fire Elemental", VOLCANO, True, id="2.2.1-fire-volcano"),
        pytest.param("Demon 5", TOWER_CLEAR, True, id="2.2.1-demons-tower-hexes"),
        pytest.param("Demon 5", PLAINS, False, id="2.2.1-demons-only-tower"),
        pytest.param("Angel", TOWER_HEX, False, id="2.2.1-note-angels-none"),
        pytest.param("Archangel", PLAINS, False, id="2.2.1-note-archangels-none"),
        pytest.param("Titan", TOWER_HEX, False, id="2.2.1-note-titans-none"),
    ],
)
def test_muster_hexes_2_2_1(name, hex_, muster_hex):
    assert is_muster_hex(name, hex_) is muster_hex


@pytest.mark.parametrize(
    ("name", "pile"),
    [
        pytest.param("Ogre", Pile.DEAD, id="8.0-creature-dead-pile"),
        pytest.param("Ranger Captain", Pile.DEAD, id="9.1-master-muster-creature-dead"),
        pytest.param("Warlock", Pile.MUSTER, id="8.0-demilord-muster-pile"),
        pytest.param("Druid", Pile.MUSTER, id="9.1-master-muster-demilord-muster"),
        pytest.param("Sea King", Pile.MUSTER, id="9.1-master-muster-lord-muster"),
        pytest.param("Angel", Pile.MUSTER, id="8.0-lord-muster-pile"),
        pytest.param("Demon 1", Pile.MUSTER, id="8.0-demon-muster-pile"),
        pytest.param("Earth Elemental", Pile.MUSTER, id="8.0-elemental-muster-pile"),
    ],
)
def test_slain_go_to_their_pile_8_0(name, pile):
    assert pile_for_slain(name) is pile


def test_starting_muster_pile_2_2():
    one, two = starting_muster_pile(), starting_muster_pile(sets=2)
    assert "Titan" not in one
    assert one["Ogre"] == 25 and two["Ogre"] == 50
    assert one["Kraken"] == 10 and one["Druid"] == 6 and one["Demon 6"] == 6
    for bad in (0, -1, True):
        with pytest.raises(RuleError):
            starting_muster_pile(bad)


def test_musterable_in_the_sea_9_2():
    assert musterable_in("Sea") == {"Behemoth", "Serpent", "Kraken", "Sea King"}
    assert "Cleric" in musterable_in("Tower") and "Guardian" in musterable_in("Tower")
