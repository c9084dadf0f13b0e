"""The flow of a Battle: the kernel plays the phases, entries, removals and arrivals of 10.0-19.3.

Each traced Battle is replayed beside a referee written from the rule text:
it keeps its own position, advances phase by phase (10.3), applies Drift at
the start of each Strike Phase (Hazards Chart), removes the slain only at the
end of their Strike Phase (10.6, 12.0), eliminates whoever is still off the
Battleland when its side's Maneuver Phase ends (10.1, 14.0, 15.3), brings in
the summoned Lord (15.0-15.3) and the reinforcement (14.0-14.1), ends the
Battle on an eliminated Legion or a slain Titan (19.3) and after seven
Battle-Rounds (10.5). Every position the kernel recorded must be the
referee's, every event must fall in a phase that allows it, and the result
must be the referee's. (Whether each single move and strike is legal is
tests/test_kernel_differential.py's business.)

Facts only visible over many Battles are checked on ``play`` records with
fixed seeds.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field, replace

import numpy as np

from engine.battle_checks import check_position
from engine.battle_turns import (
    LAST_TURN,
    REINFORCEMENT_TURN,
    own_maneuver_turn,
    step_at,
    step_index,
    step_of,
)
from engine.battlelands import TERRAINS
from engine.characters import TITAN, character
from engine.hexes import DISTANCE, TOWER_ENTRY_SIDE, entry_hexes, parse_hex
from engine.movement import in_contact
from engine.musters import legal_recruits
from engine.position import Army, BattlePosition, Figure, Phase, Side
from engine.scoring import LEGION_LIMIT
from engine.strikes import drift_damage
from simulator.battles import BattleSpec, EventKind, Outcome, TracedBattle, play, trace
from tests.test_kernel_differential import _battles

STEPS = LAST_TURN * 4  # 10.5: seven Battle-Rounds of four phases (10.3)


def H(label: str) -> int:
    return parse_hex(label)


def _titan_power(score: int) -> int:
    """19.1: a Titan's Power-factor is 6 plus one per full 100 points."""
    return 6 + score // 100


@dataclass
class _Piece:
    name: str
    hex: int | None
    hits: int
    power: int
    slot: int  # the kernel's slot (battles.py: attackers, Lord, defenders, reinforcement)
    alive: bool = True
    names: frozenset[str] = frozenset()  # a reinforcement not yet seen: any of these


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


class _Referee:
    """A Battle replayed from the rules, one phase at a time."""

    def __init__(self, spec: BattleSpec, tally: _Tally) -> None:
        p = spec.position
        self.spec = spec
        self.land = p.land
        self.tally = tally
        a, d = len(p.attacker.characters), len(p.defender.characters)
        self.lord_slot, self.reinforcement_slot, self.slots = a, a + d + 1, a + d + 2
        self.pieces: dict[Side, list[_Piece]] = {Side.ATTACKER: [], Side.DEFENDER: []}
        for side, offset in ((Side.ATTACKER, 0), (Side.DEFENDER, a + 1)):
            army = p.army(side)
            for i, f in enumerate(army.characters):
                power = f.kind.power_at(army.score)
                if f.name == TITAN:
                    assert power == _titan_power(army.score)
                self.pieces[side].append(_Piece(f.name, f.hex, f.hits, power, offset + i))
        self.step = step_index(step_of(p))
        self.begun = False
        self.summon_used = p.summon_used
        self.reinforcement_used = p.reinforcement_used
        # A Lord or a reinforcement already waiting off the Battleland is the one the
        # Battle allows (15.0, 14.1): the summon is being made, the reinforcement mustered.
        waiting = {s for s in Side if any(f.hex is None for f in p.army(s).characters)}
        attacker_turn = own_maneuver_turn(p, Side.ATTACKER)
        defender_turn = own_maneuver_turn(p, Side.DEFENDER)
        self.summon_pending = Side.ATTACKER in waiting and (attacker_turn or 1) > 1
        self.summon_waiting = self.summon_pending
        self.reinforcement_waiting = (
            Side.DEFENDER in waiting and defender_turn == REINFORCEMENT_TURN
        )
        self.titan_slain = {Side.ATTACKER: False, Side.DEFENDER: False}
        self.outcome: Outcome | None = None
        self.rounds = step_at(self.step)[0]
        self.moved: set[int] = set()
        self.engaged_at_start: set[int] = set()
        self.snapshot: dict[Side, tuple[Figure, ...]] = {}
        self.struck: set[int] = set()
        self.responders_began = False
        self.slain_when_first_side_done: set[int] = set()

    # --- the referee's position -------------------------------------------------------

    def living(self, side: Side) -> list[_Piece]:
        return [q for q in self.pieces[side] if q.alive]

    def on_board(self) -> list[tuple[Side, _Piece]]:
        return [(s, q) for s in Side for q in self.living(s) if q.hex is not None]

    def figures(self, side: Side) -> tuple[Figure, ...]:
        return tuple(Figure(q.name, q.hex, q.hits) for q in self.living(side))

    def matches(self, position: BattlePosition, expected: dict[Side, tuple[Figure, ...]]) -> None:
        turn, phase, active = step_at(self.step)
        assert (position.turn, position.phase, position.active) == (turn, phase, active)
        for side in Side:
            got = position.army(side).characters
            want = expected[side]
            assert len(got) == len(want), (side, got, want)
            for g, w, q in zip(got, want, self.living(side), strict=True):
                if q.names:  # the reinforcement's name is the kernel's pick among the legal
                    assert g.name in q.names, (g, q.names)
                    q.name, q.names = g.name, frozenset()
                    q.power = character(g.name).power_at(position.defender.score)
                    w = replace(w, name=g.name)
                assert g == w, (side, got, want)
        assert position.summon_used == self.summon_used
        assert position.reinforcement_used == self.reinforcement_used

    def in_contact_with_enemy(self, side: Side, piece: _Piece) -> bool:
        return any(
            in_contact(self.land, piece.hex, e.hex)
            for e in self.living(side.enemy)
            if e.hex is not None
        )

    # --- phases -------------------------------------------------------------------------

    def begin(self) -> None:
        turn, phase, active = step_at(self.step)
        self.begun = True
        self.rounds = turn
        if phase is Phase.MANEUVER:
            self.moved = set()
            self.engaged_at_start = {
                q.slot
                for q in self.living(active)
                if q.hex is not None and self.in_contact_with_enemy(active, q)
            }
            if active is Side.ATTACKER and self.summon_pending and not self.summon_waiting:
                self._summon()
            if (
                active is Side.DEFENDER
                and turn == REINFORCEMENT_TURN
                and self.spec.reinforce
                and not self.reinforcement_used
                and not self.reinforcement_waiting
            ):
                self._reinforce()
            return
        # Strike Phase: Drift first, to every non-native standing in it
        for _, q in self.on_board():
            hurt = drift_damage(character(q.name), self.land, q.hex)
            self.tally.drift_hits += hurt
            q.hits += hurt
        self.snapshot = {s: self.figures(s) for s in Side}
        self.engaged_at_start = {
            q.slot for s, q in self.on_board() if self.in_contact_with_enemy(s, q)
        }
        self.struck = set()
        self.responders_began = False
        self.slain_when_first_side_done = set()

    def _summon(self) -> None:
        """15.0, 15.3: the first own Maneuver Phase after a Strike Phase that slew a defender."""
        lord = None if self.spec.position.summon_used else self.spec.summonable
        if lord is None:
            return
        if len(self.living(Side.ATTACKER)) >= LEGION_LIMIT:
            self.tally.summon_refused_at_seven += 1
            return
        power = character(lord).power_at(self.spec.position.attacker.score)
        self.pieces[Side.ATTACKER].append(_Piece(lord, None, 0, power, self.lord_slot))
        self.tally.summoned += 1

    def _reinforce(self) -> None:
        """14.0, 14.1: at the start of the defender's fourth Maneuver Phase, if qualified."""
        p = self.spec.position
        living = [q.name for q in self.living(Side.DEFENDER)]
        names = frozenset(r.character for r in legal_recruits(living, p.terrain, variant="default"))
        if not names:
            return
        piece = _Piece("?", None, 0, 0, self.reinforcement_slot, names=names)  # power once named
        self.pieces[Side.DEFENDER].append(piece)
        self.tally.reinforced += 1

    def end(self) -> None:
        turn, phase, active = step_at(self.step)
        if phase is Phase.MANEUVER:
            # 10.1 (and 14.0, 15.3): still off the Battleland when the phase ends
            for q in self.living(active):
                if q.hex is None:
                    q.alive = False
                    if q.slot not in (self.lord_slot, self.reinforcement_slot):
                        self.tally.not_entered += 1
            if active is Side.ATTACKER and self.summon_pending:
                self.summon_used, self.summon_pending = True, False
            if active is Side.DEFENDER and turn == REINFORCEMENT_TURN:
                self.reinforcement_used = True
        else:
            slain = set(self._slain())
            if not self.responders_began:
                self._must_have_struck({q.slot for q in self.living(active)}, slain)
            self._must_have_struck({q.slot for q in self.living(active.enemy)}, slain)
            defender_slain = False
            for s, q in self.on_board():
                if q.hits >= q.power:  # 10.6, 12.6: removed at the end of the phase
                    q.alive = False
                    defender_slain |= s is Side.DEFENDER
                    if q.name == TITAN:
                        self.titan_slain[s] = True
            if defender_slain and not self.summon_used:
                self.summon_pending = True
        self.outcome = self._decided()
        if self.outcome is None and self.step + 1 >= STEPS:
            self.outcome = Outcome.TIME_LOSS  # 10.5
        self.step += 1
        self.begun = False

    def _decided(self) -> Outcome | None:
        """Out: no character left, or its Titan slain (19.3)."""
        out = {s: not self.living(s) or self.titan_slain[s] for s in Side}
        if out[Side.ATTACKER] and out[Side.DEFENDER]:
            return Outcome.MUTUAL
        if out[Side.DEFENDER]:
            return Outcome.ATTACKER_WINS
        if out[Side.ATTACKER]:
            return Outcome.DEFENDER_WINS
        return None

    def advance_to(self, step: int) -> None:
        assert step >= self.step, "events out of the order of phases (10.3)"
        while self.step < step:
            if not self.begun:
                self.begin()
            self.end()
            assert self.outcome is None, "an event after the Battle ended"
        if not self.begun:
            self.begin()

    def finish(self) -> None:
        while self.outcome is None:
            if not self.begun:
                self.begin()
            self.end()

    # --- strike bookkeeping -------------------------------------------------------------

    def _slain(self) -> list[int]:
        return [q.slot for _, q in self.on_board() if q.hits >= q.power]

    def piece(self, side: Side, index: int) -> _Piece:
        return self.living(side)[index]

    def _must_have_struck(self, slots: set[int], slain: set[int]) -> None:
        """10.6, 12.0: every character in contact at the start of the phase strikes,
        unless all enemies in contact with it are slain by the time its side strikes."""
        for s, q in self.on_board():
            if q.slot not in slots or q.slot not in self.engaged_at_start or q.slot in self.struck:
                continue
            enemies = [
                e for e in self.living(s.enemy)
                if e.hex is not None and in_contact(self.land, q.hex, e.hex)
            ]  # fmt: skip
            assert all(e.slot in slain for e in enemies), (q, enemies)

    # --- events ---------------------------------------------------------------------------

    def apply(self, event) -> None:
        _, phase, active = step_at(self.step)
        side, index = event.actor
        if event.kind is EventKind.MOVE:
            self.tally.moves += 1
            assert phase is Phase.MANEUVER and side is active, "moves only in own Maneuver (11.0)"
            self.matches(event.position, {s: self.figures(s) for s in Side})
            q = self.piece(side, index)
            assert q.slot not in self.moved, "a character moves once per Maneuver Phase (11.0)"
            assert q.slot not in self.engaged_at_start, "locked in contact (11.3)"
            assert q.hex == event.frm
            if q.hex is None:
                self._entry(event.position, q, event.to)
            self.moved.add(q.slot)
            q.hex = event.to
            return
        assert phase is Phase.STRIKE
        self.matches(event.position, self.snapshot)
        q = self.piece(side, index)
        target = self.piece(*event.target_ref)
        assert target.hex == event.target and target.hits < target.power, "strike a living enemy"
        assert q.slot not in self.struck, "each character strikes once per Strike Phase (12.1)"
        self.struck.add(q.slot)
        if side is active:
            assert not self.responders_began, "the phasing side strikes first (10.6, 12.1)"
        elif not self.responders_began:
            self.responders_began = True
            self._must_have_struck({x.slot for x in self.living(active)}, set(self._slain()))
        if event.kind is EventKind.RANGESTRIKE:
            self.tally.rangestrikes += 1
            assert side is active, "only the phasing side rangestrikes (13.0)"
            assert q.slot not in self.engaged_at_start, "no rangestrike in contact (13.0)"
            assert event.carry_to is None and event.carried == 0, "no carry-over (13.0)"
        else:
            self.tally.strikes += 1
            assert q.slot in self.engaged_at_start, "strikers began the phase in contact (12.0)"
            if q.hits >= q.power:
                snapshot_hits = next(
                    f.hits for f, x in zip(self.snapshot[side], self.living(side), strict=True)
                    if x is q
                )  # fmt: skip
                if snapshot_hits >= q.power:
                    self.tally.drift_slain_struck += 1
                else:
                    self.tally.slain_struck_back += 1
        landed = min(event.hits, target.power - target.hits)
        target.hits += landed
        if event.carry_to is None:
            assert event.carried == 0
            return
        second = next(e for e in self.living(event.target_ref[0]) if e.hex == event.carry_to)
        assert second.hits < second.power, "carry only to a living enemy (12.4)"
        assert event.carried == min(event.hits - landed, second.power - second.hits)
        second.hits += event.carried

    def _entry(self, position: BattlePosition, q: _Piece, to: int) -> None:
        """10.1, 10.2, 11.1: entering from the side's edge, or deployed in the Tower."""
        side = position.active
        p = self.spec.position
        if p.terrain == "Tower" and side is Side.DEFENDER and position.turn == 1:
            assert to in self.land.deploy, "10.2: deployed in the walled hexes"
            return
        edge = entry_hexes(p.entry_side, attacker=side is Side.ATTACKER)
        skill = character(q.name).skill
        assert min(DISTANCE[to][e] for e in edge) <= skill - 1, "11.1: the first hex on the edge"

    def alive_by_slot(self) -> tuple[bool, ...]:
        alive = [False] * self.slots
        for s in Side:
            for q in self.living(s):
                alive[q.slot] = True
        return tuple(alive)


def replay(spec: BattleSpec, traced: TracedBattle, tally: _Tally) -> None:
    """Check one traced Battle against the referee."""
    assert traced.complete
    ref = _Referee(spec, tally)
    for event in traced.events:
        ref.advance_to(step_index(step_of(event.position)))
        ref.apply(event)
    ref.finish()
    assert (traced.outcome, traced.rounds) == (ref.outcome, ref.rounds)
    assert traced.alive == ref.alive_by_slot()
    tally.battles += 1
    tally.outcomes.add(traced.outcome)
    tally.time_losses += traced.outcome is Outcome.TIME_LOSS
    tally.titan_ended += any(ref.titan_slain.values()) and any(
        ref.living(s) for s in Side if ref.titan_slain[s]
    )


# --- many Battles on every Battleland, replayed ---------------------------------------------


def _specs(terrain: str):
    """A third of the differential test's Battles of the Battleland (four random setups,
    from the start and half-fought, with a Lord to summon or not), on other dice; the
    same setups, so their cached tables serve both tests."""
    return itertools.islice(_battles(terrain, seed=7), 0, None, 3)


def test_every_battle_follows_the_order_of_the_rules_10_to_19():
    """~350 Battles on the eleven Battlelands replayed phase by phase: positions,
    arrivals, removals, Drift, who strikes when, the end and the result (10.0-19.3).
    The tally proves each rule was met often enough to have been tested."""
    tally = _Tally()
    for terrain in TERRAINS:
        for spec, index in _specs(terrain):
            replay(spec, trace(spec, seed=5, index=index), tally)
    assert tally.battles > 300
    assert tally.moves > 2000 and tally.strikes > 2000 and tally.rangestrikes > 100
    assert tally.slain_struck_back > 300  # 10.6
    assert tally.drift_hits > 20  # Tundra
    assert tally.summoned > 20  # 15.0 (a Legion of seven: see the summoning tests)
    assert tally.reinforced > 5  # 14.0
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
    spec = BattleSpec(start)
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
    spec = BattleSpec(start, summonable="Angel", reinforce=False)
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
    spec = BattleSpec(seven, summonable="Archangel", reinforce=False)
    tally = _Tally()
    for index in range(6):
        replay(spec, trace(spec, seed=9, index=index), tally)
    assert tally.summoned == 0 and tally.summon_refused_at_seven == 6


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
    seed has the same dice, hence the same end, in both (simulator.battles). (That a
    request gives the same answer however chunked is tests/test_odds.py's.)"""
    for terrain in ("Plains", "Tundra", "Tower"):
        for spec, _ in list(_specs(terrain))[::5]:
            r = play(spec, 6, seed=31, first=40)
            for i in range(6):
                traced = trace(spec, seed=31, index=40 + i)
                assert (traced.outcome, traced.rounds) == (r.outcome[i], r.rounds[i])
                alive = np.concatenate([r.attacker_alive[i], r.defender_alive[i]])
                assert traced.alive == tuple(bool(x) for x in alive)
