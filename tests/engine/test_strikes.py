"""Normal strikes (12.0-12.2) and the hazard chart's striking lines, each hazard on its lands."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.battlelands import TERRAINS, battleland
from engine.characters import NAMES, character
from engine.hexes import HEXES, NEIGHBOURS, parse_hex
from engine.movement import in_contact
from engine.position import Army, BattlePosition, Figure, Phase, Side
from engine.strikes import StrikeTerms, drift_damage, legal_strikes, strike_terms

# (rule, terrain, striker, its hex, target, its hex, dice, Strike-number, plain dice, plain number)
STRIKES = [
    ("12.2-ogre-strikes-lion-Plains", "Plains", "Ogre", "D3", "Lion", "C3", 6, 5, 6, 5),
    ("12.4-ogre-strikes-centaur-Plains", "Plains", "Ogre", "D3", "Centaur", "C2", 6, 6, 6, 6),
    # Bramble: a native defending against a non-native, +1; non-natives striking out, skill -1
    ("11.7-bramble-native-defends-Brush", "Brush", "Ogre", "B1", "Behemoth", "B2", 6, 6, 6, 6),
    ("11.7-bramble-native-vs-native-Brush", "Brush", "Cyclops", "B1", "Behemoth", "B2", 9, 5, 9, 5),
    ("11.7-bramble-non-native-target-Brush", "Brush", "Ogre", "B1", "Lion", "B2", 6, 5, 6, 5),
    ("11.7-bramble-non-native-out-Brush", "Brush", "Troll", "B2", "Ogre", "B1", 8, 5, 8, 5),
    ("11.7-bramble-native-out-Brush", "Brush", "Cyclops", "B2", "Ogre", "B1", 9, 4, 9, 4),
    ("11.7-bramble-native-defends-Jungle", "Jungle", "Ogre", "B3", "Gorgon", "C3", 6, 6, 6, 6),
    ("11.7-bramble-non-native-out-Jungle", "Jungle", "Troll", "C3", "Ogre", "B3", 8, 5, 8, 5),
    # Drift, Bog, Sand, Tree: no effect on striking
    ("11.7-drift-no-strike-effect-Tundra", "Tundra", "Ogre", "A1", "Lion", "A2", 6, 5, 6, 5),
    ("11.7-bog-no-strike-effect-Marsh", "Marsh", "Ogre", "C2", "Lion", "C1", 6, 5, 6, 5),
    ("11.7-sand-no-strike-effect-Desert", "Desert", "Ogre", "B1", "Lion", "A1", 6, 5, 6, 5),
    ("11.7-tree-no-strike-effect-Woods", "Woods", "Ogre", "B3", "Lion", "B2", 6, 5, 6, 5),
    # Volcano: a Dragon adds two dice, and one more striking down a Slope (native)
    ("11.7-volcano-dragon-down-slope-Mountains", "Mountains", "Dragon", "D4", "Ogre", "E3",
     12, 3, 11, 3),
    ("11.7-volcano-struck-from-below-Mountains", "Mountains", "Ogre", "E3", "Dragon", "D4",
     6, 5, 6, 5),
    # Slope: natives +1 die down; non-natives skill -1 up
    ("11.7-slope-native-down-Hills", "Hills", "Ogre", "B1", "Lion", "B2", 7, 5, 6, 5),
    ("11.7-slope-non-native-down-Hills", "Hills", "Centaur", "B1", "Lion", "B2", 3, 3, 3, 3),
    ("11.7-slope-non-native-up-Hills", "Hills", "Centaur", "B2", "Lion", "B1", 3, 4, 3, 4),
    ("11.7-slope-native-up-Hills", "Hills", "Ogre", "B2", "Lion", "B1", 6, 5, 6, 5),
    ("11.7-slope-native-down-Mountains", "Mountains", "Ogre", "A1", "Lion", "A2", 7, 5, 6, 5),
    # Dune: natives +2 dice down; non-natives -1 die up (the Dune's hex is its top)
    ("11.7-dune-native-down-Desert", "Desert", "Lion", "A2", "Ogre", "A3", 7, 3, 5, 3),
    ("11.7-dune-non-native-up-Desert", "Desert", "Ogre", "A3", "Lion", "A2", 5, 5, 5, 5),
    ("11.7-dune-native-up-Desert", "Desert", "Lion", "A3", "Ogre", "A2", 5, 3, 5, 3),
    ("11.7-dune-non-native-down-Desert", "Desert", "Ogre", "A2", "Lion", "A3", 6, 5, 6, 5),
    # Wall: everyone skill +1 down, -1 up
    ("11.7-wall-down-Tower", "Tower", "Ogre", "C3", "Lion", "B2", 6, 4, 6, 5),
    ("11.7-wall-up-Tower", "Tower", "Ogre", "B2", "Lion", "C3", 6, 6, 6, 6),
    ("11.7-wall-up-flier-Tower", "Tower", "Gargoyle", "B2", "Lion", "C3", 4, 5, 4, 5),
]  # fmt: skip


@pytest.mark.parametrize(
    "terrain, striker, at, target, there, dice, number, plain_dice, plain_number",
    [row[1:] for row in STRIKES],
    ids=[row[0] for row in STRIKES],
)
def test_strike_terms(terrain, striker, at, target, there, dice, number, plain_dice, plain_number):
    kind = character(striker)
    terms = strike_terms(
        kind, kind.power, parse_hex(at), character(target), parse_hex(there), battleland(terrain)
    )
    assert terms == StrikeTerms(dice, number, plain_dice, plain_number)


CLIFFS = [
    ("11.7-cliff-Desert", "Desert", "B1", "B2"),
    ("11.7-cliff-Desert-under-dune-hex", "Desert", "C3", "D4"),
    ("11.7-cliff-Mountains", "Mountains", "C2", "B1"),
    ("11.7-cliff-under-volcano-Mountains", "Mountains", "C3", "D4"),
]


@pytest.mark.parametrize("terrain, a, b", [r[1:] for r in CLIFFS], ids=[r[0] for r in CLIFFS])
def test_no_strike_across_a_cliff(terrain, a, b):
    """11.7 Cliff: characters cannot strike across a Cliff, either way."""
    land, ogre, dragon = battleland(terrain), character("Ogre"), character("Dragon")
    assert parse_hex(b) in NEIGHBOURS[parse_hex(a)]
    assert strike_terms(ogre, 6, parse_hex(a), dragon, parse_hex(b), land) is None
    assert strike_terms(dragon, 9, parse_hex(b), ogre, parse_hex(a), land) is None


def test_no_strike_at_a_distance_12_0():
    land, ogre = battleland("Plains"), character("Ogre")
    assert strike_terms(ogre, 6, parse_hex("D3"), ogre, parse_hex("B2"), land) is None


def test_titan_strikes_with_its_power_19_1():
    """19.1: the Titan's dice are its Power-factor, which the caller passes (6 + score // 100)."""
    titan, ogre = character("Titan"), character("Ogre")
    terms = strike_terms(
        titan, titan.power_at(250), parse_hex("D3"), ogre, parse_hex("C3"), battleland("Plains")
    )
    assert terms is not None and terms.dice == 8 and terms.strike_number == 2


DRIFT = [
    ("11.7-drift-non-native-walker", "Ogre", "A1", 1),
    ("11.7-drift-non-native-flier", "Gargoyle", "A1", 1),
    ("11.7-drift-native", "Troll", "A1", 0),
    ("11.7-drift-native-giant", "Giant", "B2", 0),
    ("11.7-drift-plain-hex", "Ogre", "A2", 0),
]


@pytest.mark.parametrize("name, at, hits", [r[1:] for r in DRIFT], ids=[r[0] for r in DRIFT])
def test_drift_damage_Tundra(name, at, hits):
    assert drift_damage(character(name), battleland("Tundra"), parse_hex(at)) == hits


@pytest.mark.parametrize("terrain", [t for t in TERRAINS if t != "Tundra"])
def test_no_drift_damage_elsewhere_11_7(terrain):
    land, ogre = battleland(terrain), character("Ogre")
    assert all(drift_damage(ogre, land, h) == 0 for h in HEXES)


@settings(max_examples=300, deadline=None)
@given(
    terrain=st.sampled_from(TERRAINS),
    striker=st.sampled_from(NAMES),
    target=st.sampled_from(NAMES),
    hex_=st.sampled_from(list(HEXES)),
    direction=st.integers(min_value=0, max_value=5),
    score=st.integers(min_value=0, max_value=1500),
)
def test_strike_number_always_1_to_6_12_7(terrain, striker, target, hex_, direction, score):
    """12.7: whatever the hazards, a Strike-number is a face of a die and dice stay positive."""
    neighbours = NEIGHBOURS[hex_]
    there = neighbours[direction % len(neighbours)]
    kind = character(striker)
    terms = strike_terms(
        kind, kind.power_at(score), hex_, character(target), there, battleland(terrain)
    )
    if terms is None:
        return
    for number in (terms.strike_number, terms.plain_strike_number):
        assert 1 <= number <= 6
    assert terms.plain_dice >= 1 and terms.dice >= terms.plain_dice
    assert terms.strike_number <= terms.plain_strike_number  # benefits only help (12.5)


# --- legal_strikes over a position ---------------------------------------------------


def position(
    terrain: str,
    attacker: list[tuple[str, str | None]] = (),
    defender: list[tuple[str, str | None]] = (),
    *,
    active: Side = Side.ATTACKER,
    phase: Phase = Phase.STRIKE,
    attacker_score: int = 0,
) -> BattlePosition:
    def army(chars, score=0):
        return Army(score, tuple(Figure(n, None if h is None else parse_hex(h)) for n, h in chars))

    return BattlePosition(
        terrain,
        entry_side=5 if terrain == "Tower" else 1,
        turn=2,
        phase=phase,
        active=active,
        attacker=army(attacker, attacker_score),
        defender=army(defender),
    )


def answer(p: BattlePosition, side: Side, index: int = 0) -> list[dict]:
    return [option.to_dict() for option in legal_strikes(p, (side, index))]


def test_ogre_lion_centaur_12_4():
    """12.4's example: the Ogre may strike the Lion at 5 or the Centaur at 6; excess hits
    carry to the Centaur only when the Lion is struck at a declared 6, and from the
    Centaur (6) to the Lion (5) at 6."""
    p = position("Plains", [("Ogre", "D3")], [("Lion", "C3"), ("Centaur", "C2")])
    assert answer(p, Side.ATTACKER) == [
        {
            "target": "C2",
            "kind": "strike",
            "strike_number": 6,
            "dice": 6,
            "carry_over": [
                {"strike_number": 6, "forgo_benefits": False, "dice": 6, "targets": ["C3"]}
            ],
        },
        {
            "target": "C3",
            "kind": "strike",
            "strike_number": 5,
            "dice": 6,
            "carry_over": [
                {"strike_number": 6, "forgo_benefits": False, "dice": 6, "targets": ["C2"]}
            ],
        },
    ]


def test_forgo_slope_benefit_to_carry_over_12_5():
    """12.5 (Mountains, A1 atop A2 only): striking the Lion down the Slope with 7 dice carries
    nowhere; forgoing the extra die (6 dice) lets excess hits reach the Lion on B2."""
    p = position("Mountains", [("Ogre", "A1")], [("Lion", "A2"), ("Lion", "B2")])
    options = {o["target"]: o for o in answer(p, Side.ATTACKER)}
    down = options["A2"]
    assert (down["strike_number"], down["dice"]) == (5, 7)
    assert down["carry_over"] == [
        {"strike_number": 5, "forgo_benefits": True, "dice": 6, "targets": ["B2"]},
        {"strike_number": 6, "forgo_benefits": True, "dice": 6, "targets": ["B2"]},
    ]
    level = options["B2"]
    assert (level["strike_number"], level["dice"]) == (5, 6)
    assert [c["targets"] for c in level["carry_over"]] == [["A2"], ["A2"]]


def test_both_sides_strike_in_contact_12_0():
    """12.0: in a Strike Phase both players' characters in contact strike, the phasing
    player's first; a character in contact may not rangestrike (13.0)."""
    p = position("Plains", [("Ogre", "D3")], [("Dragon", "C3"), ("Ogre", "B2")])
    assert [(o["target"], o["kind"]) for o in answer(p, Side.DEFENDER, 0)] == [("D3", "strike")]
    assert [(o["target"], o["kind"]) for o in answer(p, Side.ATTACKER)] == [("C3", "strike")]


def test_in_contact_strikes_only_those_in_contact_12_0():
    """Hazard chart, CHARACTER: a character in contact must strike one of those; the Dragon
    next to an Ogre does not rangestrike the Lion two hexes off, though its side phases."""
    p = position("Plains", [("Dragon", "D3")], [("Ogre", "D4"), ("Lion", "B2")])
    assert [(o["target"], o["kind"]) for o in answer(p, Side.ATTACKER)] == [("D4", "strike")]


def test_no_strike_across_a_cliff_in_a_position_11_7():
    """Desert: the Ogre on C3 is beneath the Cliff of D4: not in contact, nothing to strike."""
    p = position("Desert", [("Ogre", "C3")], [("Lion", "D4")])
    assert answer(p, Side.ATTACKER) == []
    assert answer(p, Side.DEFENDER) == []


def test_titan_dice_from_the_score_19_1():
    p = position("Plains", [("Titan", "D3")], [("Ogre", "C3")], attacker_score=340)
    assert [(o["dice"], o["strike_number"]) for o in answer(p, Side.ATTACKER)] == [(9, 2)]


def test_off_the_board_strikes_nothing_12_0():
    p = position("Plains", [("Ogre", None)], [("Lion", "C3")], phase=Phase.MANEUVER)
    assert answer(p, Side.ATTACKER) == []


@pytest.mark.parametrize("phase", [Phase.STRIKE, Phase.MANEUVER])
def test_only_the_phasing_side_rangestrikes_13_0(phase):
    """13.0: only the player whose Maneuver Phase preceded the Strike Phase rangestrikes; in a
    maneuver position that is the side maneuvering now."""
    p = position(
        "Plains", [("Dragon", "D3")], [("Gorgon", "B2")], active=Side.ATTACKER, phase=phase
    )
    assert answer(p, Side.ATTACKER) == [
        {"target": "B2", "kind": "rangestrike", "strike_number": 4, "dice": 4, "carry_over": []}
    ]
    assert answer(p, Side.DEFENDER) == []
    flipped = position(
        "Plains", [("Dragon", "D3")], [("Gorgon", "B2")], active=Side.DEFENDER, phase=phase
    )
    assert answer(flipped, Side.ATTACKER) == []
    assert [o["target"] for o in answer(flipped, Side.DEFENDER)] == ["D3"]


def test_characters_block_rangestrikes_13_3():
    """13.3: friends and enemies in the path block it; of two paths the open one is taken;
    both blocked, no rangestrike (the diagram's hex E)."""
    enemy = [("Ogre", "B2")]
    open_ = position("Plains", [("Dragon", "D3")], enemy)
    one = position("Plains", [("Dragon", "D3"), ("Ogre", "C3")], enemy)
    both = position("Plains", [("Dragon", "D3"), ("Ogre", "C3"), ("Ogre", "C2")], enemy)
    assert [o["target"] for o in answer(open_, Side.ATTACKER)] == ["B2"]
    assert [o["target"] for o in answer(one, Side.ATTACKER)] == ["B2"]
    assert answer(both, Side.ATTACKER) == []


def test_best_open_path_13_3():
    """Brush: from E2 to C2 the path through D3 needs 2, the one through Bramble D2 needs 3;
    the striker takes the better open one."""
    target = [("Ogre", "C2")]
    p = position("Brush", [("Ranger", "E2")], target)
    assert [o["strike_number"] for o in answer(p, Side.ATTACKER)] == [2]
    d3_taken = position("Brush", [("Ranger", "E2"), ("Ogre", "D3")], target)
    assert [o["strike_number"] for o in answer(d3_taken, Side.ATTACKER)] == [3]


def test_lords_are_not_rangestruck_13_5():
    p = position("Plains", [("Dragon", "D3")], [("Titan", "B2"), ("Angel", "C1")])
    assert answer(p, Side.ATTACKER) == []
    w = position("Plains", [("Warlock", "D3"), ("Ogre", "C3"), ("Ogre", "C2")], [("Titan", "B2")])
    assert [(o["target"], o["kind"]) for o in answer(w, Side.ATTACKER)] == [("B2", "rangestrike")]


def test_lower_characters_do_not_block_11_7():
    """Hills: from B3 (hill) to E3 (hill) the line runs over C3 and D4 below both."""
    p = position("Hills", [("Minotaur", "B3"), ("Ogre", "C3")], [("Ogre", "D4"), ("Lion", "E3")])
    assert [(o["target"], o["strike_number"]) for o in answer(p, Side.ATTACKER)] == [("E3", 4)]


@settings(max_examples=200, deadline=None)
@given(
    terrain=st.sampled_from(TERRAINS),
    a=st.sampled_from(list(HEXES)),
    b=st.sampled_from(list(HEXES)),
)
def test_contact_is_symmetric_11_3(terrain, a, b):
    """11.3: contact is symmetric, and a normal strike exists exactly between characters
    in contact, either way."""
    land, ogre = battleland(terrain), character("Ogre")
    assert in_contact(land, a, b) == in_contact(land, b, a)
    assert (strike_terms(ogre, 6, a, ogre, b, land) is not None) == in_contact(land, a, b)
    assert (strike_terms(ogre, 6, b, ogre, a, land) is not None) == in_contact(land, a, b)
