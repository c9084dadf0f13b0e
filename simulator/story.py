"""One Battle of an odds request told phase by phase, as a player would tell it.

``battle_story(request)`` plays Battle ``request.battle`` of the request's seed alone
(``simulator.battles.trace``: the same dice and styles as that Battle in the odds) and
replays it through the engine's referee (``engine.battle_flow.Battle``), which keeps the
position, brings in the summoned Lord (15.0-15.3) and the reinforcement (14.0), applies
Drift and removes the slain (10.6). Each phase of the story holds the position it began
in (a battle position as the API takes it), its events in the rule book's words with
their rule numbers, and where every character stands when it ends. A character keeps
one id through the Battle (``a0``, ``a1``, ... for the attacker's, ``d0``, ... for the
defender's, the summoned Lord and the reinforcement numbered after the Legion).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine import facts
from engine.battle_flow import Battle, Happening
from engine.battle_flow import Outcome as FlowOutcome
from engine.battle_turns import deploys_in_tower, step_of
from engine.characters import TITAN
from engine.errors import TitanError
from engine.hexes import hex_name
from engine.position import BattlePosition, Phase, Ref, Side
from engine.strikes import legal_strikes
from simulator.battles import (
    BattleSpec,
    Event,
    EventKind,
    default_mix,
    play,
    searches,
    trace,
)
from simulator.engagement import score_battles
from simulator.equilibrium import runs
from simulator.limits import DEFAULT_TRIALS, MAX_TRIALS
from simulator.odds import OddsRequest, all_at_once, prepare
from simulator.tables import reinforcement_pick

OUTCOME_NAMES = {
    FlowOutcome.ATTACKER_WINS: "attacker_wins",
    FlowOutcome.DEFENDER_WINS: "defender_wins",
    FlowOutcome.MUTUAL: "mutual_elimination",
    FlowOutcome.TIME_LOSS: "time_loss",
}  # the odds answer's names of the four endings


@dataclass(frozen=True, kw_only=True)
class TraceRequest(OddsRequest):
    """The body of POST /api/v1/odds/trace: an odds request and the Battle to tell."""

    battle: int = 0  # its index among the request's Battles: 0 .. trials - 1


def check_battle(battle: int, trials: int) -> int:
    """The Battle's index, one of the Battles an odds request with ``trials`` plays."""
    if not 0 <= battle < trials:
        raise TitanError(
            f"battle is the index of one of the {trials} Battles played: 0 to {trials - 1}, "
            f"not {battle}",
            path="battle",
        )
    return battle


def _cap(text: str) -> str:
    """The text with its first letter a capital (str.capitalize lowers the rest)."""
    return text[:1].upper() + text[1:]


# --- the characters -------------------------------------------------------------------


def piece_id(side: Side, number: int) -> str:
    """A character's id for the whole Battle: ``a2`` is the attacker's third."""
    return f"{side.value[0]}{number}"


@dataclass(frozen=True)
class Piece:
    """A character of the Battle, as the story names it."""

    id: str
    side: Side
    name: str
    power: int
    skill: int
    arrives: str  # "start", "summoned" (15.0) or "reinforcement" (14.0)

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "side": self.side.value,
            "name": self.name,
            "power": self.power,
            "skill": self.skill,
            "arrives": self.arrives,
        }


@dataclass(frozen=True)
class Told:
    """One event of a phase: a move, a strike, or what the rules did by themselves."""

    kind: str  # enter, deploy, move, strike, rangestrike, drift, slain, summoned, no_room,
    # mustered, not_entered
    piece: str | None  # the id of the character it concerns (the striker, the mover)
    text: str  # the event in the rule book's words
    rule: str
    frm: str | None = None  # a move's hexes; a strike's striker's hex
    to: str | None = None  # a move's end; a strike's target's hex
    target: str | None = None  # the id struck
    dice: int | None = None
    strike_number: int | None = None
    hits: int | None = None
    forgo_benefits: bool | None = None
    carried: dict[str, Any] | None = None  # {"piece", "hex", "hits"}: 12.4

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "piece": self.piece,
            "from": self.frm,
            "to": self.to,
            "target": self.target,
            "dice": self.dice,
            "strike_number": self.strike_number,
            "hits": self.hits,
            "forgo_benefits": self.forgo_benefits,
            "carried": self.carried,
            "rule": self.rule,
            "text": self.text,
        }


@dataclass
class PhaseStory:
    turn: int
    phase: Phase
    side: Side
    position: BattlePosition  # as the phase began: after its arrivals and Drift
    ids: dict[Side, list[str]]  # the position's characters' ids, in its order
    events: list[Told] = field(default_factory=list)
    pieces: list[dict[str, Any]] = field(default_factory=list)  # where all stand at its end

    @property
    def title(self) -> str:
        what = "Maneuver Phase" if self.phase is Phase.MANEUVER else "Strike Phase"
        return f"Battle-Round {self.turn}: the {self.side.value}'s {what}"

    def to_dict(self) -> dict[str, Any]:
        return {
            "turn": self.turn,
            "phase": self.phase.value,
            "side": self.side.value,
            "title": self.title,
            "position": self.position.to_dict(),
            "ids": {side.value: list(ids) for side, ids in self.ids.items()},
            "events": [e.to_dict() for e in self.events],
            "pieces": self.pieces,
        }


# --- the replay -------------------------------------------------------------------------


class _Teller:
    """The engine's referee driven through a traced Battle, the story written as it goes."""

    def __init__(self, spec: BattleSpec):
        score = spec.position.defender.score
        self.battle = Battle(
            spec.position,
            summonable=spec.summonable,
            choose_recruit=(lambda names: reinforcement_pick(names, score))
            if spec.reinforce
            else None,
            variant=spec.variant,
        )
        self.pieces: dict[str, Piece] = {}
        self.phases: list[PhaseStory] = []
        for side in Side:
            for ref in self.battle.position.refs(side):
                self._meet(ref, "start")

    # the characters

    def id_of(self, ref: Ref) -> str:
        return piece_id(ref[0], self.battle.ids[ref[0]][ref[1]])

    def _meet(self, ref: Ref, arrives: str) -> None:
        p = self.battle.position
        figure = p.figure(ref)
        piece = Piece(self.id_of(ref), ref[0], figure.name, p.power(ref), figure.kind.skill,
                      arrives)  # fmt: skip
        self.pieces[piece.id] = piece

    def name(self, piece: str, at: int | None) -> str:
        """ "the attacker's Ogre on D4" (the hex tells two Ogres apart)."""
        p = self.pieces[piece]
        where = "" if at is None else f" on {hex_name(at)}"
        return f"the {p.side.value}'s {p.name}{where}"

    def _standing(self) -> dict[str, tuple[int | None, int]]:
        """Every character's (hex, hits) by id."""
        p = self.battle.position
        return {self.id_of(ref): (p.figure(ref).hex, p.figure(ref).hits) for ref in p.refs()}

    # the phases

    @property
    def current(self) -> PhaseStory:
        return self.phases[-1]

    def _begin(self) -> None:
        before = self._standing()
        seen = len(self.battle.journal)
        self.battle.begin_phase()
        turn, phase, side = self.battle.step
        position = self.battle.position
        ids = {s: [self.id_of(r) for r in position.refs(s)] for s in Side}
        self.phases.append(PhaseStory(turn, phase, side, position, ids))
        after = self._standing()
        for happening in self.battle.journal[seen:]:
            if happening.what == "drift":
                hurt = [i for i in after if i in before and after[i][1] > before[i][1]]
                piece = next(i for i in hurt if self.pieces[i].name == happening.name)
                before[piece] = after[piece]  # told once
                self._drift(piece, after[piece][0], happening)
            elif happening.what in ("summoned", "mustered"):
                side_ = happening.side
                ref = (side_, len(self.battle.ids[side_]) - 1)
                arrives = "summoned" if happening.what == "summoned" else "reinforcement"
                self._meet(ref, arrives)
                self._arrival(self.id_of(ref), happening)
            elif happening.what == "no_room":
                self.current.events.append(Told(
                    "no_room", None, "The attacker may not summon its "
                    f"{happening.name}: its Legion holds seven characters, and the summon is "
                    "lost for this Battle (15.3).", "15.3",
                ))  # fmt: skip

    def _end(self) -> None:
        p = self.battle.position
        ids = {ref: self.id_of(ref) for ref in p.refs()}
        at = {self.id_of(ref): p.figure(ref).hex for ref in p.refs()}
        seen = len(self.battle.journal)
        self.battle.end_phase()
        left = set(self._standing())
        gone = [i for i in ids.values() if i not in left]
        for happening in self.battle.journal[seen:]:
            piece = next(
                i for i in gone
                if self.pieces[i].name == happening.name and self.pieces[i].side is happening.side
            )  # fmt: skip
            gone.remove(piece)
            self._removed(piece, at[piece], happening)
        standing = self._standing()
        self.current.pieces = [
            {"id": i, "hex": None if h is None else hex_name(h), "hits": hits}
            for i, (h, hits) in standing.items()
        ]

    def reach(self, event: Event) -> None:
        """End the phases before the event's, and begin its own."""
        step = step_of(event.position)
        while True:
            if not self.battle.begun:
                self._begin()
            if self.battle.step == step:
                return
            self._end()
            if self.battle.outcome is not None:
                raise TitanError(f"the traced Battle ended before {step} (10.3)")

    def finish(self) -> None:
        while self.battle.outcome is None:
            if not self.battle.begun:
                self._begin()
            self._end()

    # the events

    def tell(self, event: Event) -> None:
        self.reach(event)
        if event.kind is EventKind.MOVE:
            self._move(event)
        else:
            self._strike(event)

    def _move(self, event: Event) -> None:
        battle = self.battle
        ref = event.actor
        piece = self.id_of(ref)
        assert event.to is not None
        to = hex_name(event.to)
        who = self.name(piece, None)
        position = battle.position
        if event.frm is not None:
            kind, rule = "move", "11.0"
            text = f"{_cap(who)} moves from {hex_name(event.frm)} to {to} (11.0)."
        elif deploys_in_tower(position, ref[0]):
            kind, rule = "deploy", "10.2"
            text = f"{_cap(who)} is placed on {to}, within the Tower's walls (10.2)."
        else:
            kind = "enter"
            arrives = self.pieces[piece].arrives
            rule = {"summoned": "15.1", "reinforcement": "14.0"}.get(arrives, "10.1")
            whence = f"the {ref[0].value}'s side"
            text = f"{_cap(who)} enters the Battleland from {whence} onto {to} ({rule})."
        battle.move(ref, event.to)
        self.current.events.append(Told(
            kind, piece, text, rule,
            frm=None if event.frm is None else hex_name(event.frm), to=to,
        ))  # fmt: skip

    def _strike(self, event: Event) -> None:
        battle = self.battle
        ref = event.actor
        assert event.target is not None and event.target_ref is not None
        piece, target = self.id_of(ref), self.id_of(event.target_ref)
        here = battle.position.figure(ref).hex
        striker, struck = self.name(piece, here), self.name(target, event.target)
        ranged = event.kind is EventKind.RANGESTRIKE
        verb = "rangestrikes" if ranged else "strikes"
        rule = "13.0" if ranged else "12.0"
        hits = "1 hit" if event.hits == 1 else f"{event.hits} hits"
        least = [o.strike_number for o in legal_strikes(battle.phase_start, ref)
                 if o.target == event.target]  # fmt: skip
        declared = ""
        if event.forgo_benefits:
            declared = " (forgoing the hazard's benefits so that excess hits may carry over)"
        elif least and event.strike_number > least[0]:
            declared = f" (declared above its {least[0]} so that excess hits may carry over)"
        text = (
            f"{_cap(striker)} {verb} {struck}: {event.dice} dice at Strike-number "
            f"{event.strike_number}{declared}, {hits}"
        )
        carried = None
        if ranged:
            battle.rangestrike(ref, event.target, event.hits)
        else:
            moved = battle.strike(ref, event.target, event.hits, event.carry_to)
            if event.carry_to is not None:
                second = battle.position.find(ref[0].enemy, event.carry_to)
                assert second is not None
                other = self.id_of(second)
                carried = {"piece": other, "hex": hex_name(event.carry_to), "hits": moved}
                text += f"; {moved} carried over to {self.name(other, event.carry_to)}"
                rule = "12.4"
        self.current.events.append(Told(
            "rangestrike" if ranged else "strike", piece, text + f" ({rule}).", rule,
            frm=None if here is None else hex_name(here), to=hex_name(event.target),
            target=target, dice=event.dice, strike_number=event.strike_number, hits=event.hits,
            forgo_benefits=event.forgo_benefits, carried=carried,
        ))  # fmt: skip

    def _drift(self, piece: str, at: int | None, happening: Happening) -> None:
        hits = "1 hit" if happening.hits == 1 else f"{happening.hits} hits"
        self.current.events.append(Told(
            "drift", piece, f"{_cap(self.name(piece, at))} takes {hits} from the Drift "
            "as the Strike Phase begins (Hazards Chart, 11.7).", "11.7", hits=happening.hits,
        ))  # fmt: skip

    def _arrival(self, piece: str, happening: Happening) -> None:
        p = self.pieces[piece]
        if happening.what == "summoned":
            text = (
                f"The attacker summons an {p.name} from another of its Legions, as a "
                "defender was slain (15.0); it enters from the attacker's side (15.1)."
            )
        else:
            text = (
                f"The defender musters a {p.name} as its reinforcement in its fourth Maneuver "
                "Phase (14.0); it enters from the defender's side."
            )
        self.current.events.append(Told(happening.what, piece, text, happening.rule))

    def _removed(self, piece: str, at: int | None, happening: Happening) -> None:
        who = self.name(piece, at)
        if happening.what == "slain":
            text = f"{_cap(who)} is slain and removed at the end of the Strike Phase"
            rule = "10.6"
            if self.pieces[piece].name == TITAN:
                text += ": its Legion is eliminated (19.3)"
                rule = "19.3"
            else:
                text += " (10.6, 12.6)"
            kind = "slain"
        else:
            kind, rule = "not_entered", happening.rule
            if rule == "10.1":
                text = f"{_cap(who)} has not entered the Battleland: it is eliminated (10.1)"
            elif rule == "15.3":
                text = f"The summoned {self.pieces[piece].name} did not enter: the summon is lost"
                text += " (15.3)"
            else:
                text = f"The reinforcement, {who}, did not enter and is not mustered (14.0)"
        self.current.events.append(Told(kind, piece, text + ".", rule))


# --- the whole story ----------------------------------------------------------------------


def _styles(spec: BattleSpec, seed: int, index: int) -> dict[str, str]:
    """The style each side played in this Battle: its tactic's own, or for the default (and
    a searching side's own play) the pair of the default's mix its Battles drew."""
    mix = default_mix(spec)
    pair = None if mix is None else next(runs(mix, seed, index, 1, searches(spec)))[2][0]
    found = {}
    for k, (side, tactic) in enumerate(
        (("attacker", spec.attacker_tactic), ("defender", spec.defender_tactic))
    ):
        if pair is not None and tactic == "default":
            found[side] = pair[k]
        elif pair is not None and tactic == "lookahead":
            found[side] = f"lookahead (searching from {pair[k]})"
        else:
            found[side] = tactic
    return found


def _ending(outcome: str, rounds: int, points: Mapping[str, int]) -> str:
    """How the Battle ended, in the book's words."""
    scored = {side: "1 point" if n == 1 else f"{n} points" for side, n in points.items()}
    match outcome:
        case "attacker_wins":
            return (f"The attacker wins in Battle-Round {rounds}: the defending Legion is "
                    f"eliminated and the attacker scores {scored['attacker']} (16.1).")  # fmt: skip
        case "defender_wins":
            return (f"The defender wins in Battle-Round {rounds}: the attacking Legion is "
                    f"eliminated and the defender scores {scored['defender']} (16.1).")  # fmt: skip
        case "mutual_elimination":
            return (f"Both Legions are eliminated in Battle-Round {rounds}; nobody scores "
                    "(16.2).")  # fmt: skip
    return ("Time-loss: both Legions still stand after seven Battle-Rounds; the attacker's "
            "Legion is eliminated and the defender scores nothing (10.5).")  # fmt: skip


def battle_story(
    request: TraceRequest | Mapping[str, Any], *, max_trials: int = MAX_TRIALS
) -> dict[str, Any]:
    """The answer of POST /api/v1/odds/trace: Battle ``request.battle`` of the request's seed
    (random when absent, and reported), told phase by phase on its Battleland."""
    if not isinstance(request, TraceRequest):
        request = TraceRequest.from_dict(request)
    # trials only bound the Battle told: without them, the odds' default may not pass the most
    default = min(DEFAULT_TRIALS, max_trials)
    (prepared,) = all_at_once(
        lambda: prepare(request, max_trials=max_trials, default_trials=default)
    )
    trials = request.trials if request.trials is not None else max_trials
    (index,) = all_at_once(lambda: check_battle(request.battle, trials))
    engagement, seed = prepared.engagement, prepared.seed
    spec = engagement.spec
    traced = trace(spec, seed, index)
    teller = _Teller(spec)
    for event in traced.events:
        teller.tell(event)
    teller.finish()
    # the records of the very Battle the odds count: its ending and what each side scores
    records = play(spec, 1, seed, index)
    scored = score_battles(engagement, records)
    assert teller.battle.outcome is not None
    outcome = OUTCOME_NAMES[teller.battle.outcome]
    assert outcome == OUTCOME_NAMES[FlowOutcome[traced.outcome.name]], "the trace's own end"
    points = {
        "attacker": int(scored.attacker.points[0]),
        "defender": int(scored.defender.points[0]),
    }
    start: BattlePosition = spec.position
    return {
        "battle": index,
        "seed": seed,
        "terrain": engagement.terrain,
        "land": request.land,
        "entry_side": start.entry_side,
        "tactics": {"attacker": spec.attacker_tactic, "defender": spec.defender_tactic},
        "styles": _styles(spec, seed, index),
        "summonable": spec.summonable,
        "reinforce": spec.reinforce,
        "battleland": facts.battleland_document(engagement.terrain),
        "characters": [p.to_dict() for p in teller.pieces.values()],
        "start": start.to_dict(),
        "phases": [phase.to_dict() for phase in teller.phases],
        "outcome": outcome,
        "rounds": teller.battle.rounds,
        "points": points,
        "ending": _ending(outcome, teller.battle.rounds, points),
        "complete": traced.complete,
    }


__all__ = ["TraceRequest", "battle_story", "check_battle"]
