"""A Tactical Titan turn through its actions (4.0-8.3): healing (5.0-5.3) and muster phases
(6.0-6.4, 9.1, 10.1, 10.2), the start of a Strike Phase (Drift, the Salamander, poison), its end
(scoring 8.2, Angels 8.3, a Titan's death 2.2.2) and the order of turns."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.tactical.actions import EndPhase, Heal, Move, Muster, PlaceAngel, Rest, Strike, Summon
from engine.tactical.referee import apply, check, legal_actions
from engine.tactical.state import Deed, Phase
from engine.tactical.state_checks import validate
from tests.helpers.tactical_games import at, field_map, game, ring

HEALING, MUSTER, STRIKE = Phase.HEALING, Phase.MUSTER, Phase.STRIKE


def codes(state, action):
    return [p.code for p in check(state, action)]


# --- 5.0-5.3 healing -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("pieces", "healed"),
    [
        pytest.param([("Red", "Ogre", "C2", 3)], 2, id="5.1-anyone-rests-in-a-tower-hex"),
        pytest.param([("Red", "Centaur", "F6", 2)], 1, id="5.1-in-a-muster-hex"),
        pytest.param([("Red", "Ogre", "F6", 3)], None, id="5.1-not-a-muster-hex"),
        pytest.param([("Red", "Centaur", "F6", 2), ("Blue", "Ogre", "F7")], None,
                     id="5.1-not-locked-in-contact"),
        pytest.param([("Red", "Hydra", "F6", 5), ("Blue", "Ogre", "F7")], 3,
                     id="5.3-regenerates-anywhere-even-locked"),
        pytest.param([("Red", "Centaur", "F6", 1)], 0, id="5.0-no-more-than-its-damage"),
    ],
)  # fmt: skip
def test_resting_5_1_5_3(pieces, healed):
    state = game(field_map(), pieces, phase=HEALING)
    rest = Rest(1)
    if healed is None:
        assert codes(state, rest) == ["may_not_rest"]
        assert rest not in legal_actions(state)
        return
    assert rest in legal_actions(state)
    after = apply(state, rest)
    assert after.figure(1).damage == healed and Deed.RESTED in after.figure(1).did
    assert "rested_already" in codes(after, rest)


def test_nothing_to_heal_5_0():
    state = game(field_map(), [("Red", "Centaur", "F6")], phase=HEALING)
    assert codes(state, Rest(1)) == ["nothing_to_heal"]


def unicorn(**kw):
    pieces = [
        ("Red", "Unicorn", "F6", kw.get("unicorn", 0)),
        ("Red", "Ogre", "F7", 5),
        ("Blue", "Troll", "F8", 2),
        ("Red", "Ogre", "H6", 4),
    ]
    return game(field_map(), pieces, phase=HEALING)


def test_heal_three_to_a_character_beside_it_even_locked_5_2_1():
    state = unicorn()
    after = apply(state, Heal(1, 2))
    assert after.figure(2).damage == 2
    assert codes(after, Heal(1, 2)) == ["may_not_heal"]  # one character a turn


def test_rest_and_be_healed_in_one_turn_5_0():
    state = game(field_map(), [("Red", "Unicorn", "F6"), ("Red", "Lion", "F7", 4)],
                 phase=HEALING)  # fmt: skip
    assert apply(apply(state, Heal(1, 2)), Rest(2)).figure(2).damage == 0  # 3 + 1


def test_heal_refused_by_name_5_2():
    state = unicorn(unicorn=1)
    assert "heals_an_enemy" in codes(state, Heal(1, 3))
    assert codes(state, Heal(1, 4)) == ["may_not_heal"]  # not beside it
    assert apply(state, Heal(1, 1)).figure(1).damage == 0  # itself
    locked = game(field_map(), [("Red", "Unicorn", "F6"), ("Red", "Ogre", "F5", 3),
                                ("Blue", "Troll", "F7")], phase=HEALING)  # fmt: skip
    assert codes(locked, Heal(1, 2)) == ["may_not_heal"]


def test_restore_heals_all_5_2_2():
    state = game(field_map(), [("Red", "Healer", "F6"), ("Red", "Troll", "F7", 7)], phase=HEALING)
    assert apply(state, Heal(1, 2)).figure(2).damage == 0


def test_a_friend_sharing_the_hex_is_beside_it_5_2_7_3():
    """docs/rulings.md: a character overstacked with the healer may be healed."""
    state = game(field_map(), [("Red", "Unicorn", "F6"), ("Red", "Ranger", "F6", 3)],
                 phase=HEALING)  # fmt: skip
    assert apply(state, Heal(1, 2)).figure(2).damage == 0


# --- 6.0-6.4 musters ---------------------------------------------------------------------------


def plains(*extra, phase=MUSTER):
    """Two Centaurs in the Plains region Fields (2 Centaur 6, 2 Lion 8, Ranger 10; 9.2)."""
    return game(field_map(), [("Red", "Centaur", "F6"), ("Red", "Centaur", "F7"), *extra],
                phase=phase)  # fmt: skip


def test_two_centaurs_muster_a_lion_on_8_6_2():
    state = plains()
    lion = Muster("Fields", "Lion", (1, 2), "G7")
    assert lion in legal_actions(state)
    pile = state.muster_pile["Lion"]
    after = apply(state, replace(lion, dice=(4, 4)))
    new = at(after, "G7")
    assert (new.player, new.name, new.did) == ("Red", "Lion", frozenset({Deed.ARRIVED}))
    assert after.muster_pile["Lion"] == pile - 1
    assert Deed.MUSTERED in after.figure(1).did and Deed.MUSTERED in after.figure(2).did
    assert codes(after, Muster("Fields", "Centaur", (1,), "E6")) == [
        "region_mustered", "may_not_take_part"
    ]  # fmt: skip
    failed = apply(state, replace(lion, dice=(3, 4)))
    assert len(failed.figures) == len(state.figures)
    assert codes(failed, Muster("Fields", "Centaur", (1,), "E6"))[0] == "region_mustered"


@pytest.mark.parametrize(
    ("action", "code"),
    [
        pytest.param(Muster("Fields", "Ranger", (1, 2), "G7"), "may_not_muster",
                     id="6.2-the-next-type-only"),
        pytest.param(Muster("Fields", "Lion", (1, 2), "H7"), "hex_not_beside",
                     id="6.2-beside-a-participant"),
        pytest.param(Muster("Fields", "Lion", (1, 2), "F5"), "hex_occupied",
                     id="6.2-an-unoccupied-hex"),
        pytest.param(Muster("Fields", "Lion", (1, 2), "C2"), "hex_elsewhere",
                     id="6.2-in-that-region"),
        pytest.param(Muster("Fields", "Lion", (1, 3), "G7"), "may_not_take_part",
                     id="6.1-not-locked-in-contact"),
        pytest.param(Muster("Tower 1", "Ogre", (1,), "D3"), "participant_elsewhere",
                     id="6.2-participants-in-the-region"),
        pytest.param(Muster("Fields", "Lion", (1, 2), "G7", dice=(6, 6, 6)), "bad_dice",
                     id="6.0-two-dice"),
        pytest.param(Muster("Fields", "Lion", (1, 2), "G7", dice=(6, 5), master=True),
                     "master_without_12", id="9.1-only-on-12"),
    ],
)  # fmt: skip
def test_muster_refused_by_name(action, code):
    state = plains(("Red", "Centaur", "F4"), ("Blue", "Ogre", "F3"), ("Red", "Ogre", "F5"))
    assert code in codes(state, action)


def test_two_ways_give_plus_one_6_2():
    state = plains(("Red", "Lion", "F8"))
    muster = Muster("Fields", "Lion", (1, 2, 3), "G7", dice=(3, 4))
    assert at(apply(state, muster), "G7").name == "Lion"
    one_way = Muster("Fields", "Lion", (1, 2), "G7", dice=(3, 4))
    assert not apply(state, one_way).at(state.map.parse("G7"))


def test_a_twelve_may_take_the_master_muster_character_9_1():
    state = plains()
    muster = Muster("Fields", "Lion", (1, 2), "G7", dice=(6, 6), master=True)
    assert at(apply(state, muster), "G7").name == "Ranger Captain"
    assert at(apply(state, replace(muster, master=False)), "G7").name == "Lion"


def test_the_druids_plus_one_and_its_heal_12_2():
    state = plains(("Red", "Druid", "F8"))
    with_druid = Muster("Fields", "Lion", (1, 2, 3), "G7", dice=(3, 4))
    after = apply(state, with_druid)
    assert at(after, "G7").name == "Lion"
    assert Deed.USED_MUSTER_ABILITY in after.figure(3).did
    healed = state.with_figure(replace(state.figure(3), did=frozenset({Deed.USED_HEAL})))
    assert not apply(healed, with_druid).at(state.map.parse("G7"))


def test_brought_in_this_phase_it_takes_no_part_6_1():
    state = apply(plains(), Muster("Fields", "Lion", (1, 2), "G7", dice=(4, 4)))
    lion = at(state, "G7").id
    assert "may_not_take_part" in codes(state, Summon("Earth Elemental", (lion,), "H7"))


def test_warlocks_summon_by_the_hex_10_1():
    state = game(field_map(), [("Red", "Warlock", "F6"), ("Red", "Warlock", "G7")], phase=MUSTER)
    alone = Summon("Earth Elemental", (1,), "E6")
    together = Summon("Earth Elemental", (1, 2), "G6")
    assert alone in legal_actions(state) and together in legal_actions(state)
    assert not apply(state, replace(alone, dice=(6, 5))).at(state.map.parse("E6"))
    assert at(apply(state, replace(together, dice=(6, 5))), "G6").name == "Earth Elemental"
    assert at(apply(state, replace(alone, dice=(6, 6))), "E6").name == "Earth Elemental"
    assert codes(state, Summon("Earth Elemental", (1, 2), "E6")) == ["summoner_not_beside"]
    assert codes(state, Summon("Fire Elemental", (1,), "E6")) == ["may_not_summon_here"]


def test_a_demon_into_a_tower_hex_by_the_die_10_1():
    state = game(field_map(), [("Red", "Warlock", "C2")], phase=MUSTER)
    summon = Summon("Demon", (1,), "B2", dice=(6, 6), demon_die=4)
    assert at(apply(state, summon), "B2").name == "Demon 4"
    assert codes(state, replace(summon, demon_die=None)) == ["no_demon_die"]


def test_clerics_summon_a_creature_of_the_dead_pile_10_2():
    state = game(field_map(), [("Red", "Cleric", "F6")], phase=MUSTER, dead={"Lion": 1})
    summon = Summon("Lion", (1,), "F7", dice=(4, 4))  # 15 points: 8
    after = apply(state, summon)
    assert at(after, "F7").name == "Lion" and after.dead_pile["Lion"] == 0
    assert validate(after) == []
    assert codes(state, Summon("Troll", (1,), "F7")) == ["not_in_dead_pile"]


# --- the start of a Strike Phase -------------------------------------------------------------


def strike_begins(state):
    return apply(state, EndPhase())


def test_drift_hurts_non_natives_at_every_strike_phase():
    """Hazard chart: one hit at the start of each Strike Phase it spends in Drift, whoever's
    phase it is (docs/rulings.md); a Troll is native."""
    m = field_map(hazards={"F6": "Drift", "J6": "Drift", "F8": "Drift"})
    pieces = [("Red", "Centaur", "F6"), ("Blue", "Centaur", "J6"), ("Blue", "Troll", "F8")]
    after = strike_begins(game(m, pieces))
    assert [after.figure(i).damage for i in (1, 2, 3)] == [1, 1, 0]


def test_the_salamanders_aura_9_2():
    """Each enemy locked in contact with it that may not enter a Volcano takes 1: the Ogre, not
    the Dragon; not the Troll across a River (12.1.1)."""
    m = field_map(sides=[("G6", "G7", "River")])
    pieces = [("Red", "Salamander", "G6"), ("Blue", "Ogre", "F6"), ("Blue", "Dragon", "H6"),
              ("Blue", "Troll", "G7")]  # fmt: skip
    after = strike_begins(game(m, pieces))
    assert [after.figure(i).damage for i in (2, 3, 4)] == [1, 0, 0]


def test_poison_at_the_next_strike_phase_scores_for_the_wyrms_player_9_2():
    state = game(field_map(), [("Blue", "Troll", "J6", 7)])
    troll = state.figure(1)
    state = state.with_figure(replace(troll, poison=2, poisoned_by="Red"))
    begun = strike_begins(state)
    troll = begun.figure(1)
    assert (troll.damage, troll.poison, troll.slain_by) == (8, 0, "Red")
    ended = apply(begun, EndPhase())
    assert ended.player("Red").score == 15 and ended.figure(1) is None


# --- the end of a Strike Phase: 8.2, 8.3, 2.2.2 ------------------------------------------------


def slaying(victims, *, pieces=(), scores=None, players=("Red", "Blue", "Green")):
    """Red's Strike Phase ends with ``victims`` (pieces, away from everyone) slain by Red."""
    state = game(field_map(), [*pieces, *victims], players=players, phase=STRIKE, scores=scores)
    for i in range(len(pieces) + 1, len(pieces) + len(victims) + 1):
        f = state.figure(i)
        state = state.with_figure(replace(f, damage=state.power(f), slain_by="Red"))
    assert validate(state) == []
    return apply(state, EndPhase())


def test_points_of_the_slain_8_2_11_0():
    after = slaying([("Blue", "Troll", "J6"), ("Green", "Gorgon", "J8")])
    assert after.player("Red").score == 15 + 35  # 11.0
    assert after.dead_pile["Troll"] == 1 and after.dead_pile["Gorgon"] == 1
    assert (after.active, after.phase) == ("Blue", HEALING)


def test_an_angel_at_200_beside_the_titan_or_in_the_tower_8_3():
    after = slaying([("Blue", "Troll", "J6")], pieces=[("Red", "Titan", "F6")],
                    scores={"Red": 190})  # fmt: skip
    assert [(d.player, d.name) for d in after.angels_due] == [("Red", "Angel")]
    assert codes(after, EndPhase()) == ["angel_due"]
    places = {a.hex for a in legal_actions(after)}
    titan = after.titan_of("Red")
    assert places == {*ring("F6"), "C3", *ring("C3")}
    placed = apply(after, PlaceAngel("G6"))
    assert at(placed, "G6").name == "Angel" and at(placed, "G6").player == "Red"
    assert placed.angels_due == () and validate(placed) == []
    assert placed.muster_pile["Angel"] == after.muster_pile["Angel"] - 1
    assert placed.power(placed.titan_of("Red")) == 8  # 205 points: 6 + 2 (8.2)
    assert codes(after, PlaceAngel("H8")) == ["not_an_angel_hex"]
    assert titan.hex == placed.titan_of("Red").hex


@pytest.mark.parametrize(
    ("score", "blue_score", "due"),
    [
        pytest.param(990, 0, ["Archangel"], id="8.3-an-archangel-at-1000"),
        pytest.param(390, 1500, ["Angel", "Angel"], id="8.3-one-for-each-multiple"),
        pytest.param(790, 1500, ["Angel", "Archangel"], id="8.3-angel-then-archangel"),
    ],
)
def test_each_multiple_of_200_brings_a_lord_8_3(score, blue_score, due):
    """Blue's Titan at 1500 points has Power-factor 21: worth 210 (11.0 ruling, 8.2)."""
    victims = [("Blue", "Troll", "J6")] if blue_score == 0 else [("Blue", "Titan", "J6")]
    after = slaying(victims, scores={"Red": score, "Blue": blue_score})
    assert [d.name for d in after.angels_due] == due


def test_no_room_the_angel_is_lost_8_3():
    """The Titan in its full tower: no hex beside it is free, nor any of the tower."""
    tower = [("Red", "Ogre", h) for h in ring("C3")]
    after = slaying([("Blue", "Troll", "J6")], pieces=tower, scores={"Red": 190})
    assert after.player("Red").score == 205 and after.angels_due == ()
    assert after.muster_pile["Angel"] == 18


def test_lords_due_come_in_clockwise_from_the_active_player_8_3():
    state = game(field_map(), [("Blue", "Troll", "J6"), ("Red", "Ogre", "J9")],
                 players=("Red", "Blue", "Green"), phase=STRIKE,
                 scores={"Red": 190, "Blue": 195})  # fmt: skip
    state = state.with_figure(replace(state.figure(1), damage=8, slain_by="Red"))
    state = state.with_figure(replace(state.figure(2), damage=6, slain_by="Blue"))
    after = apply(state, EndPhase())
    assert [d.player for d in after.angels_due] == ["Red", "Blue"]
    blue = apply(after, PlaceAngel("C2"))
    assert [d.player for d in blue.angels_due] == ["Blue"]
    assert codes(blue, PlaceAngel("C2")) == ["not_an_angel_hex"]  # Red's tower


def test_a_titans_death_2_2_2():
    pieces = [("Blue", "Titan", "F7"), ("Blue", "Troll", "J6"), ("Blue", "Warlock", "J8")]
    state = game(field_map(), [("Red", "Titan", "F6"), *pieces], phase=STRIKE)
    warlocks, trolls = state.muster_pile["Warlock"], state.dead_pile.get("Troll", 0)
    state = apply(state, Strike(1, 2, dice=(6,) * 6))
    state = apply(state, Strike(2, 1, dice=(1,) * 6))
    after = apply(state, EndPhase())
    assert after.player("Blue").eliminated
    assert list(after.figures_of("Blue")) == []
    assert after.player("Red").score == 60 + (15 + 50) // 2  # the Titan in full, half the rest
    assert after.dead_pile["Troll"] == trolls + 1  # a Creature: the dead pile
    assert after.muster_pile["Warlock"] == warlocks + 1  # a Lord: the muster pile (8.0)
    assert "Titan" not in after.muster_pile and "Titan" not in after.dead_pile
    assert after.over and after.winner == "Red"
    assert legal_actions(after) == [] and codes(after, EndPhase()) == ["game_over"]
    assert validate(after) == []


def test_with_three_players_the_game_goes_on_without_the_fallen_2_2_2():
    pieces = [("Blue", "Titan", "F7"), ("Green", "Ogre", "J6")]
    state = game(field_map(), [("Red", "Titan", "F6"), *pieces], players=("Red", "Blue", "Green"),
                 phase=STRIKE)  # fmt: skip
    state = apply(state, Strike(1, 2, dice=(6,) * 6))
    state = apply(state, Strike(2, 1, dice=(1,) * 6))
    after = apply(state, EndPhase())
    assert not after.over and after.active == "Green" and after.turn == 1
    after = apply(apply(apply(apply(after, EndPhase()), EndPhase()), EndPhase()), EndPhase())
    assert (after.active, after.turn) == ("Red", 2)  # Blue is skipped


def test_a_titan_slain_by_drift_scores_nobody_2_2_2():
    m = field_map(hazards={"J6": "Drift"})
    state = game(m, [("Blue", "Titan", "J6", 5), ("Blue", "Troll", "J8")])
    after = apply(apply(state, EndPhase()), EndPhase())
    assert after.player("Blue").eliminated and after.player("Red").score == 0


# --- 4.0 the order of a turn ------------------------------------------------------------------


def test_a_turn_goes_through_its_four_phases_then_to_the_next_player_4_0():
    state = game(field_map(), [("Red", "Centaur", "F6", 1)], phase=HEALING)
    state = apply(state, Rest(1))
    phases = []
    for _ in range(4):
        phases.append(state.phase)
        state = apply(state, EndPhase())
    assert phases == [HEALING, MUSTER, Phase.MANEUVER, STRIKE]
    assert (state.active, state.phase, state.turn) == ("Blue", HEALING, 1)
    assert state.figure(1).did == frozenset()  # the turn's deeds are forgotten
    for _ in range(4):
        state = apply(state, EndPhase())
    assert (state.active, state.turn) == ("Red", 2)


def test_actions_only_in_their_phase_4_1():
    state = game(field_map(), [("Red", "Centaur", "F6", 1)], phase=MUSTER)
    assert codes(state, Rest(1)) == ["wrong_phase"]
    assert codes(state, Move(1, "F7")) == ["wrong_phase"]


def test_no_angel_left_none_comes_8_3():
    """docs/rulings.md: Angels come from the muster pile (2.2); with all 18 in play, none."""
    angels = [("Red", "Angel", f"{c}{r}") for c in "GH" for r in range(1, 10)]
    after = slaying([("Blue", "Troll", "J6")], pieces=angels, scores={"Red": 190})
    assert after.muster_pile["Angel"] == 0
    assert after.player("Red").score == 205 and after.angels_due == ()


def test_a_player_eliminated_as_it_scores_gets_no_angel_8_3():
    """docs/rulings.md: Red's Titan slays Blue's, and falls to it in the same phase: Red's points
    are counted, but a player out of the game receives no Lord."""
    pieces = [("Red", "Titan", "F6"), ("Blue", "Titan", "F7")]
    state = game(field_map(), pieces, players=("Red", "Blue", "Green"), phase=STRIKE,
                 scores={"Red": 190, "Blue": 190})  # fmt: skip
    state = apply(state, Strike(1, 2, dice=(6,) * 7))  # Power-factor 7 at 190 points
    state = apply(state, Strike(2, 1, dice=(6,) * 7))
    after = apply(state, EndPhase())
    assert after.player("Red").eliminated and after.player("Blue").eliminated
    assert after.player("Red").score == 190 + 70 and after.angels_due == ()
    assert after.over and after.winner == "Green"
