"""The flow of a Battle (10.0-19.3): a referee that applies moves and strikes phase by phase.

``Battle`` keeps the position of a Battle and advances it one phase at a time
(10.3): ``begin_phase`` brings in the summoned Lord (15.0-15.3) or the
reinforcement (14.0-14.1) at the start of a Maneuver Phase and applies Drift
at the start of a Strike Phase (Hazards Chart); ``move``, ``strike`` and
``rangestrike`` apply one action each, refusing with a ``RuleError`` what the
phase does not allow; ``end_phase`` eliminates whoever is still off the
Battleland when its side's Maneuver Phase ends (10.1, 14.0, 15.3), removes
the slain at the end of their Strike Phase (10.6, 12.0), and ends the Battle
on an eliminated Legion or a slain Titan (19.3) or after seven Battle-Rounds
(10.5).

The referee rolls no dice and chooses nothing: the hits of each strike are
given to it, and so is the choice of the reinforcement among the legal
recruits. Whether a single move or strike is legal is decided by
``engine.movement`` and ``engine.strikes``; this module decides when.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum

from engine.battle_turns import (
    FIRST_TURN,
    REINFORCEMENT_TURN,
    may_enter,
    own_maneuver_turn,
    phase_after,
    step_index,
    step_of,
)
from engine.characters import TITAN
from engine.errors import RuleError
from engine.movement import engaged, in_contact, legal_moves
from engine.musters import legal_recruits
from engine.position import Army, BattlePosition, Figure, Phase, Ref, Side
from engine.scoring import LEGION_LIMIT
from engine.strikes import drift_damage

Step = tuple[int, Phase, Side]


class Outcome(StrEnum):
    ATTACKER_WINS = "attacker_wins"  # every defender out, the attacker not (19.3)
    DEFENDER_WINS = "defender_wins"
    MUTUAL = "mutual"  # both out in the same phase
    TIME_LOSS = "time_loss"  # 10.5: both standing after seven Battle-Rounds


# --- who may still come onto the Battleland, and until when -------------------------


def entry_deadline(position: BattlePosition, ref: Ref) -> Step | None:
    """The Maneuver Phase by whose end this off-board character must be on the Battleland.

    Its side's current or next Maneuver Phase when it may still enter then
    (10.1 in the first; later the summoned Lord, 15.1, and the reinforcement,
    14.0); None when it may not: it is out of the Battle (10.1).
    """
    if not may_enter(position, ref):
        return None
    turn = own_maneuver_turn(position, ref[0])
    assert turn is not None  # may_enter says a Maneuver Phase is to come
    return (turn, Phase.MANEUVER, ref[0])


def _waiting_late(position: BattlePosition, side: Side) -> bool:
    """An off-board character of ``side`` that may enter after the side's first Maneuver Phase."""
    turn = own_maneuver_turn(position, side)
    return (
        turn is not None
        and turn > FIRST_TURN
        and any(
            position.figure(ref).hex is None and may_enter(position, ref)
            for ref in position.refs(side)
        )
    )


def summon_in_progress(position: BattlePosition) -> bool:
    """15.0: an Angel or Archangel off the Battleland after the attacker's first Maneuver Phase
    is being summoned; it is the Battle's only one, and the summon is spent when that
    Maneuver Phase ends (15.3)."""
    return _waiting_late(position, Side.ATTACKER)


def reinforcement_in_progress(position: BattlePosition) -> bool:
    """14.0, 14.1: a defender's character off the Battleland at its fourth Maneuver Phase is
    the reinforcement, mustered already: no other is."""
    return _waiting_late(position, Side.DEFENDER)


# --- the referee ----------------------------------------------------------------------


@dataclass(frozen=True)
class Happening:
    """Something the flow did by itself (not a move or a strike), for explaining a Battle."""

    step: Step
    rule: str
    what: str  # "drift", "not_entered", "summoned", "no_room", "mustered", "slain"
    # not_entered: out of the Battle, eliminated (10.1) or, for a Lord or reinforcement
    # that did not come on, its summon or muster lapsed (15.3, 14.0)
    side: Side
    name: str
    hits: int = 0


RecruitChoice = Callable[[Sequence[str]], str | None]


@dataclass
class Battle:
    """A Battle refereed from ``position`` (the start, or a half-fought position).

    ``summonable``: the Angel or Archangel the attacker may summon (15.0);
    ``choose_recruit`` picks the reinforcement among the legal recruits (14.0),
    or None for none. ``ids`` gives each character of the position a number
    that stays with it: the starting characters of a side are 0 .. n-1, the
    summoned Lord and the reinforcement n. ``phase_start`` is the position as
    the current phase began, after its arrivals and Drift.
    """

    position: BattlePosition
    summonable: str | None = None
    choose_recruit: RecruitChoice | None = None
    variant: str = "default"
    outcome: Outcome | None = None
    rounds: int = 0  # Battle-Rounds begun
    journal: list[Happening] = field(default_factory=list)
    ids: dict[Side, list[int]] = field(default_factory=dict)
    titan_slain: dict[Side, bool] = field(default_factory=dict)
    begun: bool = False
    summon_pending: bool = False  # a defender was slain and the summon is not yet spent
    phase_start: BattlePosition | None = None
    _moved: set[Ref] = field(default_factory=set)
    _engaged: set[Ref] = field(default_factory=set)  # in contact as the phase began
    _struck: set[Ref] = field(default_factory=set)
    _responding: bool = False  # the side not phasing has begun to strike

    def __post_init__(self) -> None:
        p = self.position
        self.ids = {s: list(range(len(p.army(s).characters))) for s in Side}
        self._late_id = {s: len(p.army(s).characters) for s in Side}
        self.phase_start = p
        self.titan_slain = {s: False for s in Side}
        self.rounds = p.turn
        self.summon_pending = summon_in_progress(p)
        self._mustered = reinforcement_in_progress(p)
        # the off-board characters that may no longer enter are out of the Battle (10.1)
        for side in Side:
            out = [r for r in p.refs(side) if p.figure(r).hex is None and not may_enter(p, r)]
            self._remove(out)

    # --- phases ---------------------------------------------------------------------

    @property
    def step(self) -> Step:
        return step_of(self.position)

    def begin_phase(self) -> None:
        """Start the position's phase: arrivals at a Maneuver Phase, Drift at a Strike Phase."""
        if self.begun or self.outcome is not None:
            raise RuleError("the phase has begun or the Battle is over", rule="10.3")
        self.begun = True
        p = self.position
        self.rounds = p.turn
        self._moved, self._struck, self._responding = set(), set(), False
        if p.phase is Phase.MANEUVER:
            if p.active is Side.ATTACKER and self.summon_pending and not summon_in_progress(p):
                self._summon()
            if (
                p.active is Side.DEFENDER
                and p.turn == REINFORCEMENT_TURN
                and not p.reinforcement_used
                and not self._mustered
                and self.choose_recruit is not None
            ):
                self._reinforce()
            self._engaged = {r for r in self.position.refs(p.active) if engaged(self.position, r)}
            self.phase_start = self.position
            return
        # Hazards Chart, Drift: a hit to each non-native in it as the Strike Phase begins
        for ref, hex_ in list(p.placed()):
            f = self.position.figure(ref)
            hurt = drift_damage(f.kind, p.land, hex_)
            if hurt:
                self.position = self.position.with_figure(ref, replace(f, hits=f.hits + hurt))
                self._note("Drift", "drift", ref, hurt)
        self._engaged = {r for r in self.position.on_board() if engaged(self.position, r)}
        self.phase_start = self.position

    def _summon(self) -> None:
        """15.0, 15.3: the first own Maneuver Phase after a Strike Phase that slew a defender."""
        p = self.position
        if self.summonable is None or p.summon_used:
            return
        if len(p.attacker.characters) >= LEGION_LIMIT:
            self.journal.append(
                Happening(self.step, "15.0", "no_room", Side.ATTACKER, self.summonable)
            )
            return
        self._add(Side.ATTACKER, self.summonable)
        self.journal.append(
            Happening(self.step, "15.0", "summoned", Side.ATTACKER, self.summonable)
        )

    def _reinforce(self) -> None:
        """14.0, 14.1: at the start of the defender's fourth Maneuver Phase, a legal recruit."""
        assert self.choose_recruit is not None
        living = [f.name for f in self.position.defender.characters]
        names = sorted({r.character for r in legal_recruits(living, self.position.terrain,
                                                           variant=self.variant)})  # fmt: skip
        name = self.choose_recruit(names) if names else None
        if name is None:
            return
        if name not in names:
            raise RuleError(f"{name} may not be mustered here (14.0, 18.1)", rule="14.0")
        self._mustered = True
        self._add(Side.DEFENDER, name)
        self.journal.append(Happening(self.step, "14.0", "mustered", Side.DEFENDER, name))

    def _add(self, side: Side, name: str) -> None:
        army = self.position.army(side)
        new = replace(army, characters=(*army.characters, Figure(name)))
        self.position = self.position.with_army(side, new)
        self.ids[side].append(self._late_id[side])

    def end_phase(self) -> None:
        """End the position's phase: eliminations and removals, the end of the Battle, and on
        to the next phase."""
        if not self.begun:
            raise RuleError("the phase has not begun", rule="10.3")
        p = self.position
        if p.phase is Phase.MANEUVER:
            # 10.1 (and 14.0, 15.3): still off the Battleland when the phase ends
            out = [r for r in p.refs(p.active) if p.figure(r).hex is None]
            for side, i in out:
                # after the first Maneuver Phase only the Lord or the reinforcement enters
                late = p.turn > FIRST_TURN or self.ids[side][i] >= self._late_id[side]
                rule = ("15.3" if side is Side.ATTACKER else "14.0") if late else "10.1"
                self._note(rule, "not_entered", (side, i))
            self._remove(out)
            if p.active is Side.ATTACKER and self.summon_pending:
                self.position = replace(self.position, summon_used=True)
                self.summon_pending = False
            if p.active is Side.DEFENDER and p.turn == REINFORCEMENT_TURN:
                self.position = replace(self.position, reinforcement_used=True)
        else:
            if not self._responding:
                self._check_struck(p.active)
            self._check_struck(p.active.enemy)
            slain = [r for r in p.on_board() if p.figure(r).hits >= p.power(r)]
            for ref in slain:  # 10.6, 12.6: removed at the end of the phase
                self._note("10.6", "slain", ref)
                if p.figure(ref).name == TITAN:
                    self.titan_slain[ref[0]] = True
                if ref[0] is Side.DEFENDER and not p.summon_used:
                    self.summon_pending = True
            self._remove(slain)
        self.begun = False
        self.outcome = self._decided()
        following = phase_after(self.step)
        if self.outcome is None and following is None:
            self.outcome = Outcome.TIME_LOSS  # 10.5
        if self.outcome is None and following is not None:
            turn, phase, active = following
            self.position = replace(self.position, turn=turn, phase=phase, active=active)

    def _decided(self) -> Outcome | None:
        """Out: no character left, or its Titan slain (19.3)."""
        out = {s: not self.position.army(s).characters or self.titan_slain[s] for s in Side}
        if out[Side.ATTACKER] and out[Side.DEFENDER]:
            return Outcome.MUTUAL
        if out[Side.DEFENDER]:
            return Outcome.ATTACKER_WINS
        if out[Side.ATTACKER]:
            return Outcome.DEFENDER_WINS
        return None

    def advance_to(self, step: Step) -> None:
        """End phases in which nothing more happens until ``step`` has begun."""
        if step_index(step) < step_index(self.step):
            raise RuleError(f"{step} comes before {self.step} (10.3)", rule="10.3")
        while self.step != step:
            if not self.begun:
                self.begin_phase()
            self.end_phase()
            if self.outcome is not None:
                raise RuleError(f"the Battle ended ({self.outcome}) before {step}", rule="19.3")
        if not self.begun:
            self.begin_phase()

    def finish(self) -> Outcome:
        """End phases until the Battle is over (nothing more happens in them)."""
        while self.outcome is None:
            if not self.begun:
                self.begin_phase()
            self.end_phase()
        return self.outcome

    # --- actions ----------------------------------------------------------------------

    def move(self, ref: Ref, to: int) -> None:
        """A character of the phasing side moves (11.0) or enters (10.1, 11.1, 10.2)."""
        p = self.position
        self._phase(Phase.MANEUVER)
        if ref[0] is not p.active:
            raise RuleError("only the phasing side moves (10.3, 11.0)", rule="11.0")
        if ref in self._moved:
            raise RuleError("a character moves once per Maneuver Phase (11.0)", rule="11.0")
        if ref in self._engaged:
            raise RuleError("a character in contact may not move (11.3)", rule="11.3")
        if to not in legal_moves(p, ref):
            raise RuleError("not a hex the character may move to (11.0-11.7)", rule="11.0")
        self._moved.add(ref)
        self.position = p.with_figure(ref, replace(p.figure(ref), hex=to))

    def strike(self, ref: Ref, target: int, hits: int, carry_to: int | None = None) -> int:
        """A strike of a character in contact (12.0) at the enemy on ``target`` with ``hits``
        rolled; the excess carried to ``carry_to`` (12.4). Returns the hits carried."""
        self._striking(ref)
        if ref not in self._engaged:
            raise RuleError("only characters in contact as the phase began strike (12.0)",
                            rule="12.0")  # fmt: skip
        p = self.position
        first = self._enemy_at(ref, target, contact=True)
        landed = min(hits, p.power(first) - p.figure(first).hits)
        self._hurt(first, landed)
        if carry_to is None:
            return 0
        second = self._enemy_at(ref, carry_to, contact=True)
        if second == first:
            raise RuleError("excess hits carry to another character (12.4)", rule="12.4")
        carried = min(hits - landed, p.power(second) - p.figure(second).hits)
        self._hurt(second, carried)
        return carried

    def rangestrike(self, ref: Ref, target: int, hits: int) -> None:
        """A rangestrike (13.0): only the phasing side's, only by one not in contact."""
        self._striking(ref)
        if ref[0] is not self.position.active:
            raise RuleError("only the phasing side rangestrikes (13.0)", rule="13.0")
        if ref in self._engaged:
            raise RuleError("a character in contact does not rangestrike (13.0)", rule="13.0")
        first = self._enemy_at(ref, target, contact=False)
        p = self.position
        self._hurt(first, min(hits, p.power(first) - p.figure(first).hits))

    def _phase(self, phase: Phase) -> None:
        if not self.begun or self.position.phase is not phase or self.outcome is not None:
            raise RuleError(f"not in a {phase} phase that has begun (10.3)", rule="10.3")

    def _striking(self, ref: Ref) -> None:
        """10.6, 12.1: each strikes once, the phasing side first; a slain character still
        strikes in the phase it is slain."""
        self._phase(Phase.STRIKE)
        if ref in self._struck:
            raise RuleError("each character strikes once per Strike Phase (12.1)", rule="12.1")
        if ref[0] is self.position.active:
            if self._responding:
                raise RuleError("the phasing side strikes first (10.6, 12.1)", rule="10.6")
        elif not self._responding:
            self._check_struck(self.position.active)
            self._responding = True
        self._struck.add(ref)

    def _enemy_at(self, ref: Ref, hex_: int, *, contact: bool) -> Ref:
        p = self.position
        enemy = p.find(ref[0].enemy, hex_)
        if enemy is None or p.figure(enemy).hits >= p.power(enemy):
            raise RuleError("strike only a living enemy (12.0, 12.6)", rule="12.0")
        rule = "12.0" if contact else "13.0"
        here = p.figure(ref).hex
        if here is None:  # e.g. a summoned Angel not yet on the Battleland
            raise RuleError("only a character on the Battleland strikes (12.0, 13.0)", rule=rule)
        if in_contact(p.land, here, hex_) is not contact:
            raise RuleError("a strike is at an enemy in contact, a rangestrike at one out of "
                            "contact (12.0, 13.0)", rule=rule)  # fmt: skip
        return enemy

    def _hurt(self, ref: Ref, hits: int) -> None:
        f = self.position.figure(ref)
        self.position = self.position.with_figure(ref, replace(f, hits=f.hits + hits))

    def _check_struck(self, side: Side) -> None:
        """10.6, 12.0: every character of ``side`` in contact as the phase began strikes,
        unless every enemy in contact with it is slain by the time its side strikes."""
        p = self.position
        for ref in self._engaged:
            if ref[0] is not side or ref in self._struck:
                continue
            here = p.figure(ref).hex
            if here is None:  # not in contact: only characters on the Battleland are engaged
                continue
            living = [
                e for e, there in p.placed(side.enemy)
                if p.figure(e).hits < p.power(e) and in_contact(p.land, here, there)
            ]  # fmt: skip
            if living:
                name = p.figure(ref).name
                raise RuleError(f"{name} in contact did not strike (10.6, 12.0)", rule="10.6")

    # --- bookkeeping --------------------------------------------------------------------

    def _note(self, rule: str, what: str, ref: Ref, hits: int = 0) -> None:
        name = self.position.figure(ref).name
        self.journal.append(Happening(self.step, rule, what, ref[0], name, hits))

    def _remove(self, refs: Sequence[Ref]) -> None:
        """Take characters out of the position (slain or eliminated); the others keep their
        order, so a character's reference may shift, its id does not."""
        for side in Side:
            gone = {i for s, i in refs if s is side}
            if not gone:
                continue
            army = self.position.army(side)
            kept = tuple(f for i, f in enumerate(army.characters) if i not in gone)
            self.ids[side] = [x for i, x in enumerate(self.ids[side]) if i not in gone]
            new = Army(army.score, kept)
            self.position = self.position.with_army(side, new)


__all__ = [
    "Battle",
    "Happening",
    "Outcome",
    "entry_deadline",
    "reinforcement_in_progress",
    "summon_in_progress",
]
