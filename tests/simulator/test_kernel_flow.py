"""The flow of a Battle: the kernel plays the phases, entries, removals and arrivals of 10.0-19.3.

Each traced Battle is replayed by the engine's referee (``engine.battle_flow``):
it keeps its own position, advances phase by phase (10.3), applies Drift at
the start of each Strike Phase (Hazards Chart), removes the slain only at the
end of their Strike Phase (10.6, 12.0), eliminates whoever is still off the
Battleland when its side's Maneuver Phase ends (10.1, 14.0, 15.3), brings in
the summoned Lord (15.0-15.3) and the reinforcement (14.0-14.1), ends the
Battle on an eliminated Legion or a slain Titan (19.3) and after seven
Battle-Rounds (10.5). Every position the kernel recorded must be the
referee's, every event one the referee accepts in its phase, and the result
the referee's. (Whether each single strike is legal is
tests/simulator/test_kernel_differential.py's business; the referee checks each move.)

Facts only visible over many Battles are checked on ``play`` records with
fixed seeds.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field, replace

import numpy as np

from engine.battle_checks import check_position
from engine.battle_flow import Battle
from engine.battle_turns import LAST_TURN, REINFORCEMENT_TURN, step_of
from engine.battlelands import TERRAINS
from engine.characters import TITAN
from engine.hexes import DISTANCE, TOWER_ENTRY_SIDE, entry_hexes, parse_hex
from engine.position import Army, BattlePosition, Figure, Phase, Side
from simulator.battles import BattleSpec, EventKind, Outcome, TracedBattle, play, trace
from simulator.tables import reinforcement_pick
from tests.helpers.battles import random_battles, styled


def H(label: str) -> int:
    return parse_hex(label)


def _titan_power(score: int) -> int:
    """19.1: a Titan's Power-factor is 6 plus one per full 100 points."""
    return 6 + score // 100


@dataclass
class _Tally:
    """How often each rule was put to the test over the replayed Battles."""

    battles: int = 0
    moves: int = 0
    strikes: int = 0
    rangestrikes: int = 0
    slain_struck_back: int = 0
    drift_hits: int = 0
    drift_slain_struck: int = 0
    not_entered: int = 0
    summoned: int = 0
    summon_refused_at_seven: int = 0
    reinforced: int = 0
    titan_ended: int = 0
    time_losses: int = 0
    outcomes: set[Outcome] = field(default_factory=set)


def referee(spec: BattleSpec) -> Battle:
    """The engine's referee for the spec: its Lord to summon and, when the spec reinforces,
    the kernel's pick among the legal recruits (the choice is the kernel's, the legality
    the engine's)."""
    score = spec.position.defender.score
    return Battle(
        spec.position,
        summonable=spec.summonable,
        choose_recruit=(lambda names: reinforcement_pick(names, score)) if spec.reinforce else None,
        variant=spec.variant,
    )


def _strike(battle: Battle, event, tally: _Tally) -> None:
    """A traced strike or rangestrike, made in the position as its Strike Phase began."""
    assert event.position == battle.phase_start, "a Strike Phase's position, after Drift"
    p = battle.position
    assert event.target_ref == p.find(event.actor[0].enemy, event.target)
    if p.figure(event.actor).hits >= p.power(event.actor):  # 10.6: the slain strike back
        if battle.phase_start.figure(event.actor).hits >= p.power(event.actor):
            tally.drift_slain_struck += 1
        else:
            tally.slain_struck_back += 1
    if event.kind is EventKind.RANGESTRIKE:
        tally.rangestrikes += 1
        assert event.carry_to is None and event.carried == 0, "no carry-over (13.0)"
        battle.rangestrike(event.actor, event.target, event.hits)
        return
    tally.strikes += 1
    carried = battle.strike(event.actor, event.target, event.hits, event.carry_to)
    assert carried == event.carried, "12.4: the excess, up to what the second can take"


def replay(spec: BattleSpec, traced: TracedBattle, tally: _Tally) -> Battle:
    """Check one traced Battle against the engine's referee (engine.battle_flow): every
    recorded position is the referee's, every event one it accepts in its phase, and the
    end the referee's."""
    assert traced.complete
    battle = referee(spec)
    for event in traced.events:
        battle.advance_to(step_of(event.position))
        if event.kind is EventKind.MOVE:
            tally.moves += 1
            assert event.position == battle.position
            assert battle.position.figure(event.actor).hex == event.frm
            battle.move(event.actor, event.to)
        else:
            _strike(battle, event, tally)
    battle.finish()
    assert (traced.outcome.name, traced.rounds) == (battle.outcome.name, battle.rounds)
    a, d = len(spec.position.attacker.characters), len(spec.position.defender.characters)
    alive = [False] * (a + d + 2)  # the kernel's slots: attackers, Lord, defenders, reinforcement
    for i in battle.ids[Side.ATTACKER]:
        alive[i] = True
    for i in battle.ids[Side.DEFENDER]:
        alive[a + 1 + i] = True
    assert traced.alive == tuple(alive)
    tally.battles += 1
    tally.outcomes.add(traced.outcome)
    tally.time_losses += traced.outcome is Outcome.TIME_LOSS
    for h in battle.journal:
        tally.drift_hits += h.hits if h.what == "drift" else 0
        tally.not_entered += h.what == "not_entered" and h.rule == "10.1"
        tally.summoned += h.what == "summoned"
        tally.summon_refused_at_seven += h.what == "no_room"
        tally.reinforced += h.what == "mustered"
    tally.titan_ended += any(
        battle.titan_slain[s] and battle.position.army(s).characters for s in Side
    )
    return battle


# --- many Battles on every Battleland, replayed ---------------------------------------------


def _specs(terrain: str):
    """A third of the differential test's Battles of the Battleland (four random setups,
    from the start and half-fought, with a Lord to summon or not, the half-fought played by
    every style in turn), on other dice; the same setups, so their cached tables serve both
    tests."""
    return (
        (styled(spec, index), index)
        for spec, index in itertools.islice(random_battles(terrain, seed=7), 0, None, 3)
    )


def test_every_battle_follows_the_order_of_the_rules_10_to_19():
    """~350 Battles on the eleven Battlelands replayed phase by phase: positions,
    arrivals, removals, Drift, who strikes when, the end and the result (10.0-19.3).
    The tally proves each rule was met often enough to have been tested."""
    tally = _Tally()
    for terrain in TERRAINS:
        for spec, index in _specs(terrain):
            replay(spec, trace(spec, seed=5, index=index), tally)
    assert tally.battles > 300
    assert tally.moves > 1500 and tally.strikes > 1500 and tally.rangestrikes > 50
    assert tally.slain_struck_back > 300  # 10.6
    assert tally.drift_hits > 20  # Tundra
    assert tally.summoned > 20  # 15.0 (a Legion of seven: see the summoning tests)
    assert tally.reinforced > 3  # 14.0
    assert tally.titan_ended > 50  # 19.3: with others of its Legion still standing
    assert tally.time_losses > 5  # 10.5
    assert tally.outcomes == set(Outcome)


def test_records_agree_with_the_end_of_the_battle_10_5_19_3():
    """``play`` records of the same setups, 100 Battles each: a time loss only after round 7
    with both Legions standing (10.5); a win only over a Legion with no one left or with
    its Titan slain (19.3); a reinforcement only from round 4 (14.0); a summoned Lord only
    when one was summonable (15.0)."""
    seen = set()
    for terrain in TERRAINS:
        for spec, _ in _specs(terrain):
            r = play(spec, 100, seed=17)
            p = spec.position
            standing_a = r.attacker_alive.any(axis=1) & ~r.titan_slain[:, 0]
            standing_d = r.defender_alive.any(axis=1) & ~r.titan_slain[:, 1]
            expected = np.select(
                [standing_a & standing_d, standing_a, standing_d],
                [Outcome.TIME_LOSS, Outcome.ATTACKER_WINS, Outcome.DEFENDER_WINS],
                Outcome.MUTUAL,
            )
            assert (r.outcome == expected).all()
            time_loss = r.outcome == Outcome.TIME_LOSS
            assert (r.rounds[time_loss] == LAST_TURN).all()
            assert ((r.rounds >= p.turn) & (r.rounds <= LAST_TURN)).all()
            assert (r.reinforcement[r.rounds < REINFORCEMENT_TURN] == -1).all()
            assert (r.defender_alive[:, -1] <= (r.reinforcement >= 0)).all()
            if spec.summonable is None or p.summon_used:
                assert not r.summoned.any()
            assert (r.attacker_alive[:, -1] <= r.summoned).all()
            for i, side in enumerate(Side):
                if TITAN not in (f.name for f in p.army(side).characters):
                    assert not r.titan_slain[:, i].any()
            seen.update(int(o) for o in r.outcome)
    assert seen == {int(o) for o in Outcome}


# --- the order of a Battle-Round and the entry (10.1-10.3) ----------------------------------


def _plains(attacker, defender, *, terrain="Plains", entry_side=1, **changes) -> BattlePosition:
    """A position from figures given as (name, hex label or None, hits)."""

    def army(score, figures):
        return Army(score, tuple(Figure(n, None if h is None else H(h), x) for n, h, x in figures))

    position = BattlePosition(
        terrain=terrain,
        entry_side=entry_side,
        attacker=army(*attacker),
        defender=army(*defender),
        **changes,
    )
    assert check_position(position) == [], position
    return position


def test_the_defender_moves_first_every_battle_round_10_3():
    """Each round's moves: the defender's, then the attacker's; the defender's first
    Maneuver Phase opens the Battle (10.3)."""
    start = _plains(
        (0, [("Centaur", None, 0), ("Ogre", None, 0), ("Gargoyle", None, 0)]),
        (0, [("Lion", None, 0), ("Troll", None, 0)]),
        entry_side=3,
    )
    spec = BattleSpec(start, defender_tactic="defensive")
    rounds_with_both = 0
    for index in range(6):
        traced = trace(spec, seed=2, index=index)
        replay(spec, traced, _Tally())
        moves = [e for e in traced.events if e.kind is EventKind.MOVE]
        assert moves[0].actor[0] is Side.DEFENDER and moves[0].position.turn == 1
        for turn in range(1, traced.rounds + 1):
            sides = [e.actor[0] for e in moves if e.position.turn == turn]
            assert sides == sorted(sides, key=lambda s: s is Side.ATTACKER), (turn, sides)
            rounds_with_both += len(set(sides)) == 2
    assert rounds_with_both >= 6


def test_characters_not_entered_in_the_first_maneuver_phase_are_eliminated_10_1():
    """The defender stands on all four hexes of the attacker's edge (side 1: F1-F4): the
    Ogre and the Troll cannot walk on and are eliminated when the attacker's first
    Maneuver Phase ends; the Gargoyle flies over the edge and comes on (10.1, 11.1, 11.5)."""
    edge = [("Centaur", label, 0) for label in ("F1", "F2", "F3", "F4")]
    position = _plains(
        (0, [("Ogre", None, 0), ("Troll", None, 0), ("Gargoyle", None, 0)]),
        (0, edge),
        turn=1,
        phase=Phase.MANEUVER,
        active=Side.ATTACKER,
    )
    spec = BattleSpec(position)
    tally = _Tally()
    for index in range(5):
        traced = trace(spec, seed=4, index=index)
        replay(spec, traced, tally)
        entered = [e for e in traced.events if e.kind is EventKind.MOVE and e.frm is None]
        assert [e.position.figure(e.actor).name for e in entered] == ["Gargoyle"]
        after = [e.position for e in traced.events if e.position.turn > 1]
        assert all(p.attacker.characters[0].name == "Gargoyle" for p in after)
    assert tally.not_entered == 10
    walkers = replace(position, attacker=Army(0, (Figure("Ogre"), Figure("Troll"))))
    r = play(BattleSpec(walkers), 50, seed=4)
    assert (r.outcome == Outcome.DEFENDER_WINS).all() and (r.rounds == 1).all()


def test_tower_defender_deploys_and_the_attacker_enters_from_side_5_10_2():
    """In the Tower the defender is placed in the walled hexes in lieu of its first
    Maneuver Phase and does not move then; the attacker enters from side 5 (A1-D1) in its
    own first Maneuver Phase; from round 2 the defender moves first as everywhere (10.2)."""
    start = _plains(
        (120, [("Titan", None, 0), ("Troll", None, 0), ("Ranger", None, 0), ("Lion", None, 0)]),
        (0, [("Guardian", None, 0), ("Ogre", None, 0), ("Minotaur", None, 0)]),
        terrain="Tower",
        entry_side=TOWER_ENTRY_SIDE,
    )
    land = start.land
    edge = entry_hexes(TOWER_ENTRY_SIDE, attacker=True)
    # both sides careful, so that the Battle lasts to the reinforcement (14.0)
    spec = BattleSpec(start, attacker_tactic="defensive", defender_tactic="defensive")
    reinforced = 0
    for index in range(6):
        traced = trace(spec, seed=8, index=index)
        replay(spec, traced, _Tally())
        moves = [e for e in traced.events if e.kind is EventKind.MOVE]
        first = [e for e in moves if e.position.turn == 1]
        defender = [e for e in first if e.actor[0] is Side.DEFENDER]
        attacker = [e for e in first if e.actor[0] is Side.ATTACKER]
        assert first == defender + attacker
        assert len(defender) == 3 and all(e.frm is None and e.to in land.deploy for e in defender)
        assert len(attacker) == 4 and all(e.frm is None for e in attacker)
        for e in attacker:
            skill = e.position.figure(e.actor).kind.skill
            assert min(DISTANCE[e.to][h] for h in edge) <= skill - 1
        # later, only the reinforcement comes on, by the defender's edge (14.0, 10.2)
        for e in moves:
            if e.position.turn > 1 and e.frm is None:
                assert e.actor[0] is Side.DEFENDER and e.position.turn == REINFORCEMENT_TURN
                skill = e.position.figure(e.actor).kind.skill
                name_side = entry_hexes(TOWER_ENTRY_SIDE, attacker=False)
                assert min(DISTANCE[e.to][h] for h in name_side) <= skill - 1
                reinforced += 1
    assert reinforced > 0


# --- Strike Phases (10.6, 12.0-12.1, 13.0, Drift) ----------------------------------------------


def test_a_striker_whose_other_target_was_just_slain_still_strikes_10_6():
    """The Troll on D3 is in contact with two Ogres; the Lion on B2 with only the one on C2,
    one hit from death, which it slays nearly always (5 dice hitting on 3) before the
    Troll's turn. The Troll must still strike the Ogre on E3 (10.6: each character in
    contact strikes; 12.0: unless all enemies in contact are slain)."""
    position = _plains(
        (0, [("Ogre", "C2", 5), ("Ogre", "E3", 0)]),
        (0, [("Troll", "D3", 0), ("Lion", "B2", 0)]),
        turn=2,
        phase=Phase.STRIKE,
        active=Side.DEFENDER,
    )
    spec = BattleSpec(position, reinforce=False)
    for index in range(20):
        traced = trace(spec, seed=6, index=index)
        replay(spec, traced, _Tally())
        first_phase = [e for e in traced.events if e.position.turn == 2 and e.position.active
                       is Side.DEFENDER and e.actor[0] is Side.DEFENDER]  # fmt: skip
        troll = [e for e in first_phase if e.actor == (Side.DEFENDER, 0)]
        assert len(troll) == 1, first_phase


def test_drift_hurts_non_natives_at_the_start_of_each_strike_phase_and_the_slain_strike():
    """Hazards Chart, Drift: a non-native takes one hit at the start of every Strike Phase
    it spends in a Drift hex and, if slain by it, may still strike. The Ogre on the Drift
    of D3 (one hit left) is slain as the defender's Strike Phase begins: it strikes the
    Warbear (a native, unhurt), the Warbear has no living enemy to strike (12.0), and the
    Battle ends in that phase."""
    position = _plains(
        (0, [("Ogre", "D3", 5)]),
        (0, [("Warbear", "D4", 0)]),
        terrain="Tundra",
        turn=3,
        phase=Phase.STRIKE,
        active=Side.DEFENDER,
    )
    spec = BattleSpec(position, reinforce=False)
    for index in range(5):
        traced = trace(spec, seed=1, index=index)
        replay(spec, traced, _Tally())
        (event,) = traced.events
        assert event.kind is EventKind.STRIKE and event.actor == (Side.ATTACKER, 0)
        assert event.position.attacker.characters[0].hits == 6
        assert event.position.defender.characters[0].hits == 0
    r = play(spec, 400, seed=1)
    assert (r.rounds == 3).all() and not r.attacker_alive.any()
    assert set(r.outcome) <= {Outcome.DEFENDER_WINS, Outcome.MUTUAL}
    # locked on the Drift for the rest of the Battle, the Ogre takes a hit every phase
    healthy = replace(position, attacker=Army(0, (Figure("Ogre", H("D3"), 0),)))
    spec = BattleSpec(healthy, reinforce=False)
    tally = _Tally()
    for index in range(10):
        replay(spec, trace(spec, seed=1, index=index), tally)
    assert tally.drift_hits > tally.battles  # phase after phase, each checked by the referee


# --- summoning (15.0-15.3) and the reinforcement (14.0-14.1) ------------------------------------


def test_the_summoned_lord_arrives_after_the_first_strike_phase_that_slays_a_defender_15():
    """Two Colossi and an Ogre against three Centaurs: the referee brings the Angel in at
    the attacker's first Maneuver Phase after the first defender is slain, and only if
    the attacker has fewer than seven; it enters from the attacker's edge (15.1) and
    never a second time (15.3)."""
    start = _plains(
        (0, [("Colossus", None, 0), ("Colossus", None, 0), ("Ogre", None, 0)]),
        (0, [("Centaur", None, 0), ("Centaur", None, 0), ("Centaur", None, 0)]),
    )
    # the defenders stand and fight, so that one falls and the summon comes (15.0)
    spec = BattleSpec(start, defender_tactic="aggressive", summonable="Angel", reinforce=False)
    tally = _Tally()
    for index in range(12):
        traced = trace(spec, seed=9, index=index)
        replay(spec, traced, tally)
        lords = [e for e in traced.events if e.kind is EventKind.MOVE and e.frm is None
                 and e.position.figure(e.actor).name == "Angel"]  # fmt: skip
        assert len(lords) <= 1
    assert tally.summoned >= 6
    without = play(replace(spec, summonable=None), 300, seed=9)
    assert not without.summoned.any() and not without.attacker_alive[:, -1].any()
    r = play(spec, 300, seed=9)
    assert r.summoned.mean() > 0.5
    # seven in the Legion when the Ogre falls: no room for a Lord, the option lost (15.0, 15.3)
    seven = _plains(
        (0, [("Colossus", None, 0)] * 7),
        (0, [("Ogre", None, 0), ("Hydra", None, 0), ("Behemoth", None, 0)]),
    )
    spec = BattleSpec(seven, defender_tactic="aggressive", summonable="Archangel", reinforce=False)
    tally = _Tally()
    for index in range(6):
        replay(spec, trace(spec, seed=9, index=index), tally)
    assert tally.summoned == 0 and tally.summon_refused_at_seven >= 1


def test_a_lord_already_waiting_to_enter_is_the_only_one_15_0():
    """A half-fought position with the summoned Angel off the board (docs/rulings.md,
    10.1, 14.0, 15.1): it enters, and no second Lord is summoned (15.0: one per Battle)."""
    position = _plains(
        (0, [("Ogre", "E3", 0), ("Angel", None, 0)]),
        (0, [("Troll", "B2", 0)]),
        turn=3,
        phase=Phase.MANEUVER,
        active=Side.ATTACKER,
    )
    spec = BattleSpec(position, summonable="Angel", reinforce=False)
    for index in range(5):
        traced = trace(spec, seed=3, index=index)
        replay(spec, traced, _Tally())
        angels = [e.position.figure(e.actor).name for e in traced.events if e.frm is None
                  and e.kind is EventKind.MOVE]  # fmt: skip
        assert angels == ["Angel"]
    r = play(spec, 300, seed=3)
    assert not r.attacker_alive[:, -1].any() and not r.summoned.any()


def test_the_reinforcement_comes_at_the_defenders_fourth_maneuver_phase_14():
    """Two Lions on the Plains qualify for a Ranger (18.3): it is mustered at the start of
    the defender's fourth Maneuver Phase and enters from the defender's edge then (14.0),
    once; with the option off, or with seven in the Legion (14.1), there is none."""
    start = _plains(
        (0, [("Ogre", None, 0), ("Ogre", None, 0), ("Centaur", None, 0)]),
        (0, [("Lion", None, 0), ("Lion", None, 0)]),
    )
    spec = BattleSpec(start, defender_tactic="defensive")
    tally = _Tally()
    for index in range(10):
        replay(spec, trace(spec, seed=12, index=index), tally)
    assert tally.reinforced >= 5
    r = play(spec, 400, seed=12)
    arrived = r.reinforcement >= 0
    assert arrived.mean() > 0.5 and (r.rounds[arrived] >= REINFORCEMENT_TURN).all()
    # two Lions muster a Ranger, one left alone a Lion (18.3)
    mustered = {r.reinforcement_names[i] for i in r.reinforcement[arrived]}
    assert "Ranger" in mustered and mustered <= {"Ranger", "Lion"}
    both = r.defender_alive[:, :2].all(axis=1)
    assert all(r.reinforcement_names[i] == "Ranger" for i in r.reinforcement[arrived & both])
    assert (r.reinforcement[r.rounds >= REINFORCEMENT_TURN] >= 0).mean() > 0.9
    assert (play(replace(spec, reinforce=False), 400, seed=12).reinforcement == -1).all()
    full = _plains(
        (0, [("Colossus", "F2", 0)]),
        (0, [("Lion", label, 0) for label in ("A1", "A2", "A3", "B1", "B2", "B3", "B4")]),
        turn=4,
    )
    r = play(BattleSpec(full), 200, seed=12)
    assert (r.reinforcement == -1).all() and not r.defender_alive[:, -1].any()


def test_a_reinforcement_already_waiting_to_enter_is_the_only_one_14_1():
    """A half-fought position at the defender's fourth Maneuver Phase with its mustered
    Lion off the board: the Lion enters and no other is mustered (14.1: one per Battle)."""
    position = _plains(
        (0, [("Ogre", "E3", 0)]),
        (0, [("Lion", "B2", 0), ("Lion", None, 0)]),
        turn=4,
    )
    spec = BattleSpec(position)
    for index in range(5):
        traced = trace(spec, seed=3, index=index)
        replay(spec, traced, _Tally())
        entering = [e for e in traced.events if e.kind is EventKind.MOVE and e.frm is None]
        assert len(entering) == 1
    r = play(spec, 300, seed=3)
    assert (r.reinforcement == -1).all() and not r.defender_alive[:, -1].any()


# --- Titans (19.1, 19.3) -------------------------------------------------------------------------


def test_a_titan_strikes_with_its_power_from_the_score_19_1():
    """A Titan of a player with 250 points has Power-factor 8 (19.1): on the Plains every
    strike of it rolls 8 dice."""
    start = _plains(
        (250, [("Titan", None, 0), ("Ogre", None, 0)]),
        (0, [("Troll", None, 0), ("Ogre", None, 0)]),
    )
    spec = BattleSpec(start, attacker_tactic="aggressive", defender_tactic="aggressive")
    dice = []
    for index in range(8):
        traced = trace(spec, seed=10, index=index)
        replay(spec, traced, _Tally())
        strikes = [e for e in traced.events if e.kind is EventKind.STRIKE]
        dice += [e.dice for e in strikes if e.position.figure(e.actor).name == TITAN]
    assert len(dice) >= 8 and set(dice) == {_titan_power(250)}


def test_a_slain_titan_ends_the_battle_for_its_side_19_3():
    """A Titan with two Ogres against Colossi: the Strike Phase in which the Titan is slain
    ends the Battle, lost by its side even with its Ogres still standing (19.3)."""
    start = _plains(
        (0, [("Titan", None, 0), ("Ogre", None, 0), ("Ogre", None, 0)]),
        (0, [("Colossus", None, 0), ("Colossus", None, 0), ("Gorgon", None, 0)]),
    )
    spec = BattleSpec(start, attacker_tactic="aggressive", reinforce=False)
    tally = _Tally()
    for index in range(12):
        replay(spec, trace(spec, seed=14, index=index), tally)
    assert tally.titan_ended >= 3
    r = play(spec, 500, seed=14)
    fell = r.titan_slain[:, 0]
    assert fell.mean() > 0.3
    assert set(r.outcome[fell]) <= {Outcome.DEFENDER_WINS, Outcome.MUTUAL}
    assert (r.attacker_alive[fell, 1:3].any(axis=1)).any()  # set aside, not fought on


def test_a_defender_slain_by_drift_opens_the_summon_15_0():
    """The defender's Ogre, one hit from death on the Drift of D3, is slain as the
    defender's Strike Phase begins; that is the first Strike Phase in which a defender is
    slain, so the attacker's Angel comes in the very next Maneuver Phase (15.0, 15.3; see
    docs/rulings.md on Drift)."""
    position = _plains(
        (0, [("Troll", "F2", 0)]),
        (0, [("Ogre", "D3", 5), ("Warbear", "A2", 0)]),
        terrain="Tundra",
        turn=2,
        phase=Phase.STRIKE,
        active=Side.DEFENDER,
    )
    spec = BattleSpec(position, summonable="Angel", reinforce=False)
    for index in range(3):
        traced = trace(spec, seed=2, index=index)
        replay(spec, traced, _Tally())
        angel = next(e for e in traced.events if e.kind is EventKind.MOVE and e.frm is None)
        assert angel.position.figure(angel.actor).name == "Angel"
        assert (angel.position.turn, angel.position.active) == (2, Side.ATTACKER)
    assert play(spec, 200, seed=2).summoned.all()


def test_a_traced_battle_is_the_same_battle_as_in_play():
    """What the referee proves on ``trace`` holds for ``play``: Battle ``first + i`` of a
    seed has the same dice, hence the same end, in both (simulator.battles), though
    ``play`` starts the Battles of a pair of styles from the opening they share before the
    first die and ``trace`` plays each whole. (That a request gives the same answer however
    chunked is tests/simulator/test_odds.py's.)"""
    for terrain in ("Plains", "Tundra", "Tower"):
        for spec, _ in list(_specs(terrain))[::5]:
            r = play(spec, 6, seed=31, first=40)
            for i in range(6):
                traced = trace(spec, seed=31, index=40 + i)
                assert (traced.outcome, traced.rounds) == (r.outcome[i], r.rounds[i])
                alive = np.concatenate([r.attacker_alive[i], r.defender_alive[i]])
                assert traced.alive == tuple(bool(x) for x in alive)


def test_the_entry_without_the_search_plays_the_same_battles():
    """``play_fixed`` (Battles of fixed styles, the default's mix among them) and
    ``play_battles`` (any Battles) give the same outputs, Battle for Battle."""
    from simulator import battles, kernel
    from simulator.mind import MOST_STYLES
    from tests.helpers.exact_odds import locked_spec

    spec = locked_spec("10.5-trolls-in-round-7")
    tables = battles.battle_tables(battles.roster(spec))
    start = battles.start_of(spec, tables)
    plays, cells, indices = battles._stacked(battles._segments(spec, 300, 5, 0))
    assert not (plays.ruled.any() or plays.rollouts.any())
    found = []
    for entry in (kernel.play_fixed, kernel.play_battles):
        n, slots = len(indices), start.kind.shape[0]
        out = (
            np.zeros(n, np.int8), np.zeros(n, np.int8), np.zeros((n, slots), np.bool_),
            np.zeros(n, np.bool_), np.full(n, -1, np.int16), np.zeros((n, 2), np.bool_),
            np.zeros((n, 2, MOST_STYLES), np.int8), np.zeros((n, 2), np.int8),
        )  # fmt: skip
        entry(*battles._setup(tables, start), plays, cells, np.uint64(5), indices, 0, n, *out)
        found.append(out)
    for fixed, full in zip(*found, strict=True):
        assert np.array_equal(fixed, full)
    assert len(set(found[0][0].tolist())) > 1  # Battles that end differently
