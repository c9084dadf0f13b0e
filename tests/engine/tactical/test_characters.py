"""Tactical Titan's characters: the new types' figures (9.2, 10.1), points (11.0), natives
(12.1), abilities as data (2.2.3, 9.2, 10.1, 12.2) and name look-up."""

from __future__ import annotations

import pytest

from engine.characters import CHARACTERS as TITAN_CHARACTERS
from engine.characters import CharacterClass
from engine.errors import UnknownName
from engine.tactical.characters import (
    CHARACTERS,
    DEMONS,
    NEW_NAMES,
    Abilities,
    AttackerSkillLoss,
    Aura,
    HazardAmount,
    HazardDice,
    Heal,
    Summons,
    character,
)

LORD, DEMILORD, CREATURE = CharacterClass.LORD, CharacterClass.DEMILORD, CharacterClass.CREATURE

# The figures as printed: "(power [*][~] skill)", "*" flies, "~" rangestrikes, the class
# stated beside it (none stated: a Creature, 9.1), and the natives named.
PRINTED = {
    "Ranger Captain": ("9.2-plains", 6, 4, True, True, CREATURE, {"Bog"}),
    "Druid": ("9.2-woods", 5, 4, False, False, DEMILORD, set()),
    "Healer": ("9.2-hills", 5, 4, False, False, DEMILORD, {"Slope"}),
    "Ice Witch": ("9.2-tundra", 6, 4, False, True, DEMILORD, {"Drift"}),
    "Salamander": ("9.2-mountains", 10, 3, False, True, DEMILORD, set()),
    "Venemous Wyrm": ("9.2-swamp", 9, 3, False, True, CREATURE, {"Bog"}),
    "Bronze Wyrm": ("9.2-desert", 10, 3, True, True, CREATURE, {"Dune", "Sand"}),
    "Manticore": ("9.2-brush", 7, 4, True, True, CREATURE, {"Bramble"}),
    "Allosaurus": ("9.2-jungle", 16, 3, False, False, CREATURE, {"Bramble"}),
    "Kraken": ("9.2-sea", 18, 3, False, False, CREATURE, {"Water"}),
    "Sea King": ("9.2-sea", 20, 3, False, False, LORD, {"Water"}),
    "Cleric": ("9.2-tower", 6, 4, False, False, DEMILORD, set()),
    "Earth Elemental": ("10.1", 15, 2, False, False, DEMILORD, {"Slope"}),
    "Water Elemental": ("10.1", 10, 3, False, True, DEMILORD, {"Bog", "Water", "River"}),
    "Air Elemental": ("10.1", 8, 4, True, False, DEMILORD, set()),
    "Fire Elemental": ("10.1", 8, 4, False, True, DEMILORD, set()),
    "Demon 1": ("10.1-demon-1-read-20-2", 20, 2, False, False, LORD, set()),
    "Demon 2": ("10.1-demon-2", 15, 3, False, False, LORD, set()),
    "Demon 3": ("10.1-demon-3", 12, 3, False, True, LORD, set()),
    "Demon 4": ("10.1-demon-4", 12, 3, True, False, LORD, set()),
    "Demon 5": ("10.1-demon-5", 12, 4, False, False, LORD, set()),
    "Demon 6": ("10.1-demon-6", 10, 4, True, False, LORD, set()),
}


@pytest.mark.parametrize(
    ("name", "power", "skill", "flies", "rangestrikes", "klass", "natives"),
    [pytest.param(name, *row[1:], id=f"{row[0]}-{name}") for name, row in PRINTED.items()],
)
def test_new_characters_as_printed(name, power, skill, flies, rangestrikes, klass, natives):
    kind = character(name)
    assert (kind.power, kind.skill, kind.flies, kind.rangestrikes) == (
        power,
        skill,
        flies,
        rangestrikes,
    )
    assert kind.klass is klass
    assert kind.natives == natives


def test_every_new_character_is_printed_and_every_titan_one_kept_9_0():
    assert set(NEW_NAMES) == set(PRINTED)
    assert set(CHARACTERS) == set(TITAN_CHARACTERS) | set(PRINTED)


@pytest.mark.parametrize("name", sorted(TITAN_CHARACTERS))
def test_titan_characters_keep_their_figures_9_0(name):
    titan, tactical = TITAN_CHARACTERS[name], CHARACTERS[name]
    for field in ("klass", "power", "skill", "flies", "rangestrikes", "magic_missile", "count"):
        assert getattr(tactical, field) == getattr(titan, field), field
    assert tactical.natives >= titan.natives


@pytest.mark.parametrize(
    ("name", "added"),
    [
        pytest.param("Behemoth", {"River", "Water"}, id="12.1-behemoth-river-and-water"),
        pytest.param("Serpent", {"River", "Water"}, id="12.1-serpent-river-and-water"),
        pytest.param("Ogre", set(), id="12.1-others-unchanged"),
        pytest.param("Hydra", set(), id="12.1-hydra-unchanged"),
    ],
)
def test_natives_added_by_the_new_hazards_12_1(name, added):
    assert CHARACTERS[name].natives - TITAN_CHARACTERS[name].natives == added


# 11.0, as printed: point value -> characters
TABLE_11_0 = {
    10: ["Centaur", "Ogre"],
    15: ["Gargoyle", "Lion", "Troll"],
    20: ["Cyclops", "Warbear"],
    25: ["Minotaur", "Behemoth"],
    30: ["Griffon", "Wyvern", "Earth Elemental"],
    35: ["Gorgon", "Serpent", "Guardian"],
    40: ["Giant"],
    45: ["Water Elemental"],
    50: ["Ranger", "Unicorn", "Warlock", "Air Elemental", "Fire Elemental", "Druid", "Healer",
         "Ice Witch", "Allosaurus"],
    55: ["Dragon", "Kraken", "Manticore"],
    60: ["Colossus", "Hydra", "Angel", "Salamander", "Cleric"],
    70: ["Venemous Wyrm"],
    75: ["Ranger Captain", "Bronze Wyrm"],
    90: ["Archangel", "Sea King"],
}  # fmt: skip
DEMON_POINTS_11_0 = {2: 80, 3: 90, 4: 100}  # "Skill-factor N Demon"


@pytest.mark.parametrize(
    ("name", "points"),
    [
        pytest.param(name, points, id=f"11.0-{points}-{name}")
        for points, names in TABLE_11_0.items()
        for name in names
    ],
)
def test_points_of_11_0(name, points):
    assert character(name).value() == points
    assert character(name).value(score=900) == points  # only the Titan's grows


@pytest.mark.parametrize("name", DEMONS)
def test_demons_are_priced_by_skill_11_0(name):
    kind = character(name)
    assert kind.value() == DEMON_POINTS_11_0[kind.skill]


def test_every_character_but_the_titan_is_in_11_0():
    priced = {n for names in TABLE_11_0.values() for n in names} | set(DEMONS)
    assert priced == set(CHARACTERS) - {"Titan"}


def test_demon_printed_202_is_the_skill_2_demon_10_1():
    """Ruling: "(202)" is (20 2): 11.0 prices a Skill-factor 2 Demon, and no other Demon has
    Skill-factor 2; every other entry reads (power skill)."""
    skills = [character(d).skill for d in DEMONS]
    assert skills.count(2) == 1 and character("Demon 1").skill == 2
    assert character("Demon 1").power == 20
    assert sorted(set(skills)) == sorted(DEMON_POINTS_11_0)


@pytest.mark.parametrize(
    ("score", "points"),
    [
        pytest.param(0, 60, id="ruling-11.0-titan-6x10"),
        pytest.param(99, 60, id="ruling-11.0-titan-99-points-still-6"),
        pytest.param(250, 80, id="ruling-11.0-8.2-titan-8x10"),
        pytest.param(1000, 160, id="ruling-11.0-8.2-titan-16x10"),
    ],
)
def test_titan_value_ten_per_power_factor(score, points):
    """Ruling: 11.0 gives no Titan; it is worth 10 per Power-factor, as the Angel (6-4, 60)
    and the Archangel (9-4, 90)."""
    assert character("Titan").value(score) == points
    assert character("Angel").value() == 10 * character("Angel").power
    assert character("Archangel").value() == 10 * character("Archangel").power


@pytest.mark.parametrize(
    ("name", "count"),
    [
        pytest.param(name, 10 if name == "Kraken" else 6, id=f"ruling-2.0-{name}")
        for name in PRINTED
    ],
)
def test_counter_counts_of_new_characters(name, count):
    """Ruling: six counters of each new type in a set (as the Warlock and Guardian), ten
    Krakens (as TITAN's other tops of a column)."""
    assert character(name).count == count
    assert TITAN_CHARACTERS["Warlock"].count == TITAN_CHARACTERS["Guardian"].count == 6
    assert TITAN_CHARACTERS["Serpent"].count == TITAN_CHARACTERS["Hydra"].count == 10


NONE = Abilities()


@pytest.mark.parametrize(
    ("name", "abilities"),
    [
        pytest.param("Unicorn", Abilities(heal=Heal.HEAL), id="9.2-woods-unicorn-heal"),
        pytest.param("Ranger", Abilities(overstacks_in=frozenset({"Bog", "clear"})),
                     id="9.2-plains-ranger-overstacks-bog-clear"),
        pytest.param("Colossus", Abilities(ignores=frozenset({"Bog", "Bramble"})),
                     id="9.2-12.2-colossus-ignores-bog-bramble"),
        pytest.param("Dragon", Abilities(rest_heals=(HazardAmount("Volcano", 2),)),
                     id="9.2-mountains-dragon-rests-2-in-volcano"),
        pytest.param("Hydra", Abilities(regenerates=True), id="9.2-swamp-hydra-regenerates"),
        pytest.param("Warlock", Abilities(summons=Summons.WARLOCK), id="9.2-tower-warlock-musters"),
        pytest.param("Ranger Captain", Abilities(overstacks_in=frozenset({"Bog", "clear"})),
                     id="9.2-ranger-captain-overstacks"),
        pytest.param("Druid", Abilities(heal=Heal.HEAL, muster_bonus=1, heal_or_muster=True,
                                        moves_as_clear=frozenset({"Tree"})),
                     id="9.2-woods-druid-heal-or-plus-1-trees-clear"),
        pytest.param("Healer", Abilities(heal=Heal.RESTORE), id="9.2-hills-healer-restore"),
        pytest.param("Ice Witch", Abilities(extra_dice=(HazardDice("Drift", 1, 1),)),
                     id="9.2-tundra-ice-witch-die-in-drift"),
        pytest.param("Salamander", Abilities(
            enters=frozenset({"Volcano"}), extra_dice=(HazardDice("Volcano", 2, 1),),
            regenerates=True, regenerates_only_in=frozenset({"Volcano"}),
            aura=Aura(1, "Volcano")), id="9.2-mountains-salamander"),
        pytest.param("Venemous Wyrm", Abilities(regenerates=True, poison=2),
                     id="9.2-swamp-wyrm-regenerates-poison-2"),
        pytest.param("Bronze Wyrm", Abilities(regenerates=True), id="9.2-desert-wyrm-regenerates"),
        pytest.param("Manticore", NONE, id="9.2-brush-manticore-none"),
        pytest.param("Allosaurus", NONE, id="9.2-jungle-allosaurus-none"),
        pytest.param("Kraken", Abilities(only_in=frozenset({"Water"})), id="9.2-sea-kraken-water"),
        pytest.param("Sea King", Abilities(only_in=frozenset({"Water"}),
                                           attackers_lose_skill=AttackerSkillLoss("Sea", 1)),
                     id="9.2-sea-king-water-and-skill-loss"),
        pytest.param("Cleric", Abilities(heal=Heal.HEAL, summons=Summons.CLERIC,
                                         heal_or_muster=True),
                     id="9.2-tower-cleric-heal-or-summon-dead"),
        pytest.param("Fire Elemental", Abilities(
            enters=frozenset({"Volcano"}), extra_dice=(HazardDice("Volcano", 1, 1),),
            regenerates=True, regenerates_only_in=frozenset({"Volcano"}),
            crossing_damage=(HazardAmount("River", 2),)), id="10.1-fire-elemental"),
        pytest.param("Earth Elemental", NONE, id="10.1-earth-elemental-none"),
        pytest.param("Air Elemental", NONE, id="10.1-air-elemental-none"),
        pytest.param("Water Elemental", NONE, id="10.1-water-elemental-natives-only"),
        pytest.param("Demon 3", NONE, id="10.1-demons-none"),
        pytest.param("Ogre", NONE, id="9.0-titan-creature-nothing-added"),
        pytest.param("Titan", NONE, id="9.0-titan-nothing-added"),
    ],
)  # fmt: skip
def test_abilities_as_the_charts_list_them(name, abilities):
    assert character(name).abilities == abilities


@pytest.mark.parametrize(
    ("name", "like_warlock"),
    [
        pytest.param("Ice Witch", True, id="9.2-12.2-ice-witch-like-a-warlock"),
        pytest.param("Warlock", True, id="13.5-the-warlock"),
        pytest.param("Salamander", False, id="12.2-salamander-not"),
        pytest.param("Water Elemental", False, id="12.2-water-elemental-not"),
    ],
)
def test_rangestrikes_like_a_warlock_12_2(name, like_warlock):
    assert character(name).magic_missile is like_warlock


def test_regeneration_limited_to_a_hazard_5_3():
    salamander, hydra = character("Salamander").abilities, character("Hydra").abilities
    assert salamander.regenerates_in("Volcano") and not salamander.regenerates_in("Plain")
    assert hydra.regenerates_in("Plain") and hydra.regenerates_in("Volcano")
    assert not character("Ogre").abilities.regenerates_in("Plain")


def test_ability_questions():
    assert character("Salamander").abilities.dice_in("Volcano", rangestrike=False) == 2
    assert character("Salamander").abilities.dice_in("Volcano", rangestrike=True) == 1
    assert character("Salamander").abilities.dice_in("Drift", rangestrike=False) == 0
    assert character("Dragon").abilities.rest_heal_in("Volcano") == 2
    assert character("Dragon").abilities.rest_heal_in("Plain") is None
    assert character("Fire Elemental").abilities.crossing_damage_of("River") == 2
    assert character("Fire Elemental").abilities.crossing_damage_of("Slope") == 0


@pytest.mark.parametrize("name", sorted(CHARACTERS))
def test_abilities_round_trip_through_their_dict(name):
    kind = character(name)
    assert Abilities.from_dict(kind.abilities.to_dict()) == kind.abilities
    shown = kind.to_dict()
    assert shown["name"] == name and shown["points"] == kind.points
    assert shown["natives"] == sorted(kind.natives)


def test_an_unknown_ability_is_refused_by_name():
    with pytest.raises(ValueError, match="unknown abilities \\['flight'\\]"):
        Abilities.from_dict({"flight": True})


@pytest.mark.parametrize(
    ("given", "name"),
    [
        pytest.param("sea king", "Sea King", id="names-any-case"),
        pytest.param("  ICE WITCH ", "Ice Witch", id="names-spaces-and-case"),
        pytest.param("demon 4", "Demon 4", id="names-demon-by-its-die"),
        pytest.param("ogre", "Ogre", id="names-titan-character"),
    ],
)
def test_names_in_any_case(given, name):
    assert character(given).name == name


def test_unknown_name_suggests_the_closest():
    with pytest.raises(UnknownName) as caught:
        character("Venomous Wyrm")
    assert "Venemous Wyrm" in caught.value.suggestions
    assert caught.value.rule == "11.0"
    with pytest.raises(UnknownName):
        character(None)  # type: ignore[arg-type]
