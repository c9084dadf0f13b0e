"""Battles played out by the kernel: the simulator's contract with the odds layer.

``play(spec, trials, seed, first)`` validates nothing beyond what it needs,
fetches the cached tables of the setup, builds the starting slots and calls
the kernel on every thread (``simulator.threads``). Battle ``i`` depends only
on ``(seed, i)``. ``trace`` plays one Battle on one thread and returns every
move and strike with the position it was made in (for tests and for explaining
a result).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import IntEnum

import numpy as np

from engine.battle_flow import entry_deadline, reinforcement_in_progress, summon_in_progress
from engine.battle_turns import REINFORCEMENT_TURN, is_summonable_lord, step_at, step_index, step_of
from engine.errors import TitanError
from engine.position import Army, BattlePosition, Figure, Side
from simulator import battle_state, kernel, threads
from simulator.equilibrium import Mix, mix_for, runs
from simulator.mind import MOST_STYLES
from simulator.search import Play
from simulator.tables import BattleTables, Roster, battle_tables
from simulator.tactics import DEFAULT_SEARCH, SearchSetting
from simulator.tactics import play as tactics_play


class Outcome(IntEnum):
    ATTACKER_WINS = battle_state.ATTACKER_WINS  # every defender eliminated, attacker has survivors
    DEFENDER_WINS = battle_state.DEFENDER_WINS  # every attacker eliminated, defender has survivors
    MUTUAL = battle_state.MUTUAL  # both eliminated in the same Strike Phase
    TIME_LOSS = battle_state.TIME_LOSS  # 10.5: seven rounds over, both still standing


class PhaseCode(IntEnum):
    """A step's phase within its Battle-Round (10.3); step = (turn - 1) * 4 + code."""

    DEFENDER_MANEUVER = battle_state.DEFENDER_MANEUVER
    DEFENDER_STRIKE = battle_state.DEFENDER_STRIKE
    ATTACKER_MANEUVER = battle_state.ATTACKER_MANEUVER
    ATTACKER_STRIKE = battle_state.ATTACKER_STRIKE


class EventKind(IntEnum):
    MOVE = battle_state.MOVE
    STRIKE = battle_state.STRIKE
    RANGESTRIKE = battle_state.RANGESTRIKE


@dataclass(frozen=True)
class BattleSpec:
    position: BattlePosition  # the start, or a half-fought position
    attacker_tactic: str = "default"
    defender_tactic: str = "default"
    summonable: str | None = None  # "Angel" or "Archangel" the attacker may summon (15.0-15.3)
    reinforce: bool = True  # defender musters a reinforcement at its 4th Maneuver Phase (14.0)
    variant: str = "default"
    search: SearchSetting = DEFAULT_SEARCH  # how a searching side searches


@dataclass(frozen=True)
class BattleRecords:
    """One row per Battle."""

    outcome: np.ndarray  # int8[n], Outcome codes
    rounds: np.ndarray  # int8[n], Battle-Rounds begun (1..7)
    attacker_alive: np.ndarray  # bool[n, A+1]; last column the summoned Lord
    defender_alive: np.ndarray  # bool[n, D+1]; last column the reinforcement
    summoned: np.ndarray  # bool[n]
    reinforcement: np.ndarray  # int16[n]: index into reinforcement_names, -1 none
    reinforcement_names: tuple[str, ...]
    titan_slain: np.ndarray  # bool[n, 2]: [attacker's, defender's]
    # the phases each side played in each of the adaptive rule's styles (its order), and how
    # often the rule changed a side's style: int8[n, 2, MOST_STYLES], int8[n, 2]; zero for a
    # side the rule does not play, None where not recorded
    style_steps: np.ndarray | None = None
    changes: np.ndarray | None = None


def roster(spec: BattleSpec) -> Roster:
    p = spec.position
    summonable = spec.summonable
    if summonable is not None and not is_summonable_lord(summonable):
        raise TitanError(f"{summonable!r} cannot be summoned (15.0)", path="summonable")
    return Roster(
        terrain=p.terrain,
        entry_side=p.entry_side,
        attacker=tuple(f.name for f in p.attacker.characters),
        defender=tuple(f.name for f in p.defender.characters),
        attacker_score=p.attacker.score,
        defender_score=p.defender.score,
        summonable=None if p.summon_used else summonable,
        reinforce=spec.reinforce and not p.reinforcement_used,
        variant=spec.variant,
    )


def start_of(spec: BattleSpec, tables: BattleTables) -> battle_state.Start:
    """The kernel's starting slots for the spec's position."""
    p = spec.position
    a, d = len(p.attacker.characters), len(p.defender.characters)
    slots = a + d + 2
    kind = np.full(slots, -1, dtype=np.int16)
    side = np.zeros(slots, dtype=np.int8)
    hexes = np.full(slots, battle_state.OFF, dtype=np.int8)
    hits = np.zeros(slots, dtype=np.int16)
    alive = np.zeros(slots, dtype=np.bool_)
    deadline = np.full(slots, -1, dtype=np.int8)
    side[a + 1 :] = battle_state.DEFENDER
    for s_side, offset, types in (
        (Side.ATTACKER, 0, tables.attacker_types),
        (Side.DEFENDER, a + 1, tables.defender_types),
    ):
        for i, figure in enumerate(p.army(s_side).characters):
            slot = offset + i
            kind[slot] = types[i]
            hits[slot] = figure.hits
            alive[slot] = figure.hits < tables.kinds.power[types[i]]
            if figure.hex is not None:
                hexes[slot] = figure.hex
                continue
            # the Maneuver Phase it must enter by (10.1, 14.0, 15.1); none: out (10.1)
            last = entry_deadline(p, (s_side, i))
            if alive[slot] and last is not None:
                deadline[slot] = step_index(last)
            else:
                alive[slot] = False
    # a Lord being summoned now, spent after (15.0, 15.3); a reinforcement mustered (14.0)
    summon_pending = summon_in_progress(p)
    reinforcement_waiting = reinforcement_in_progress(p)
    scalars = np.zeros(battle_state.SCALARS, dtype=np.int64)
    scalars[battle_state.S_STEP] = step_index(step_of(p))
    scalars[battle_state.S_SUMMON_SLOT] = a
    r = roster(spec)
    # the Lord or the reinforcement waiting to enter is the Battle's only one (15.0, 14.1)
    scalars[battle_state.S_REINFORCE_SLOT] = (
        a + d + 1 if r.reinforce and not reinforcement_waiting else -1
    )
    scalars[battle_state.S_SUMMON_TYPE] = (
        tables.summon_type if r.summonable and not summon_pending else -1
    )
    scalars[battle_state.S_SUMMON_USED] = p.summon_used
    scalars[battle_state.S_REINFORCE_USED] = p.reinforcement_used
    scalars[battle_state.S_DEFENDERS] = d
    scalars[battle_state.S_REINFORCE_TURN] = REINFORCEMENT_TURN
    scalars[battle_state.S_SUMMON_PENDING] = summon_pending
    return battle_state.Start(kind, side, hexes, hits, alive, deadline, scalars)


def plays_default(spec: BattleSpec) -> bool:
    """Whether a side plays the default (or searches from it): its styles then come from the
    Engagement's equilibrium (simulator.equilibrium)."""
    return bool({spec.attacker_tactic, spec.defender_tactic} & {"default", "lookahead"})


def searches(spec: BattleSpec) -> bool:
    return "lookahead" in (spec.attacker_tactic, spec.defender_tactic)


def default_mix(spec: BattleSpec) -> Mix | None:
    """The default's mix of styles for the spec's Engagement, when a side plays it."""
    return mix_for(spec) if plays_default(spec) else None


def _play(spec: BattleSpec, seed: int, index: int) -> Play:
    """The kernel's bundle for Battle ``index`` of a request with ``seed``."""
    return _segments(spec, 1, seed, index)[0][2]


def _segments(spec: BattleSpec, trials: int, seed: int, first: int) -> list[tuple[int, int, Play]]:
    """(first Battle, Battles, the kernel's bundle) of each stretch playing one pair of styles."""
    mix = default_mix(spec)
    if mix is None:
        return [
            (
                first,
                trials,
                tactics_play(spec.attacker_tactic, spec.defender_tactic, search=spec.search),
            )
        ]
    return [
        (
            at,
            n,
            tactics_play(
                spec.attacker_tactic,
                spec.defender_tactic,
                default=pair,
                believed=believed,
                search=spec.search,
            ),
        )
        for at, n, (pair, believed) in runs(mix, seed, first, trials, searches(spec))
    ]


# Threads of one kernel call (api.config KERNEL_THREADS; 0, every core, serves a gunicorn
# worker best too); the Battles are the same either way.
set_kernel_threads = threads.set_threads

# Battles per part of a call: enough that a part's call (a few tenths of a millisecond) is
# small beside its Battles; four parts a thread even out Battles of different lengths.
PART_BATTLES = 64
PARTS_PER_THREAD = 4
# Pairs of styles per part of ``play_alike``'s call, where it splits its pairs: a part plays
# every Battle of its pairs, each pair's opening once, and shares no Battle-Round with the
# pairs of the part before; two parts a thread even out pairs of different lengths.
PART_PAIRS = 4
PAIR_PARTS_PER_THREAD = 2


def play(
    spec: BattleSpec, trials: int, seed: int, first: int = 0, tactics: Play | None = None
) -> BattleRecords:
    """Battles numbered first .. first+trials-1; battle i's dice depend only on (seed, i),
    and its tactics' styles on (seed, i // BLOCK) (simulator.equilibrium). ``tactics``
    replaces the spec's tactics by the kernel's own bundle (for tuning)."""
    if trials < 0:
        raise TitanError("trials cannot be negative", path="trials")
    if tactics is not None:
        return play_runs(spec, seed, [(first, trials, tactics)])
    return play_runs(spec, seed, _segments(spec, trials, seed, first) if trials else [])


Run = tuple[int, int, Play]  # first Battle, Battles, the tactics' bundle


def _stacked(runs: list[Run]) -> tuple[Play, np.ndarray, np.ndarray]:
    """Every distinct bundle of the runs stacked (a first axis more), and per Battle its
    bundle's row and its index."""
    rows: dict[int, int] = {}
    bundles: list[Play] = []
    cells, indices = [], []
    for at, n, bundle in runs:
        if id(bundle) not in rows:
            rows[id(bundle)] = len(bundles)
            bundles.append(bundle)
        cells.append(np.full(n, rows[id(bundle)], dtype=np.int64))
        indices.append(np.arange(at, at + n, dtype=np.int64))
    stacked = Play(*(np.stack(field) for field in zip(*bundles, strict=True)))
    return stacked, np.concatenate(cells), np.concatenate(indices)


def _setup(tables: BattleTables, start: battle_state.Start) -> tuple:
    """The kernel's first arguments: the setup's tables, its start and the dice tables."""
    return tables.board, tables.kinds, tables.strikes, tables.musters, start, battle_state.ODDS


def play_runs(spec: BattleSpec, seed: int, runs: list[Run]) -> BattleRecords:
    """The Battles of every run, in their order, in one call of the kernel (both cores
    share every run)."""
    tables = battle_tables(roster(spec))
    start = start_of(spec, tables)
    trials = sum(n for _, n, _ in runs)
    slots = start.kind.shape[0]
    outcome = np.zeros(trials, dtype=np.int8)
    rounds = np.zeros(trials, dtype=np.int8)
    alive = np.zeros((trials, slots), dtype=np.bool_)
    summoned = np.zeros(trials, dtype=np.bool_)
    recruit = np.full(trials, -1, dtype=np.int16)
    titan = np.zeros((trials, 2), dtype=np.bool_)
    style_steps = np.zeros((trials, 2, MOST_STYLES), dtype=np.int8)
    changes = np.zeros((trials, 2), dtype=np.int8)
    if trials:
        plays, cells, indices = _stacked(runs)
        setup = _setup(tables, start)
        key = np.uint64(seed % 2**64)
        # the search's and the rule's code is compiled (once) only for Battles that need it
        searching = plays.ruled.any() or plays.rollouts.any()
        entry = kernel.play_battles if searching else kernel.play_fixed

        def play_part(lo: int, hi: int) -> None:
            entry(
                *setup, plays, cells, key, indices, lo, hi,
                outcome, rounds, alive, summoned, recruit, titan, style_steps, changes,
            )  # fmt: skip

        threads.in_parts(
            play_part, trials, threads.parts_for(trials, PARTS_PER_THREAD, PART_BATTLES)
        )
    a = len(spec.position.attacker.characters)
    return BattleRecords(
        outcome=outcome,
        rounds=rounds,
        attacker_alive=alive[:, : a + 1].copy(),
        defender_alive=alive[:, a + 1 :].copy(),
        summoned=summoned,
        reinforcement=recruit,
        reinforcement_names=tables.reinforcement_names,
        titan_slain=titan,
        style_steps=style_steps,
        changes=changes,
    )


def play_alike(
    spec: BattleSpec, seed: int, first: int, battles: int, bundles: list[Play]
) -> np.ndarray:
    """The Outcome codes, int8[len(bundles), battles], of Battles ``first .. first + battles -
    1`` of ``seed`` for each bundle of fixed styles (no search), parts of them side by side
    on the kernel's threads: the Battles ``play_runs`` would play, the Battle-Rounds whose
    weights bundles share played once (``kernel.play_alike``)."""
    if any(bundle.rollouts.any() for bundle in bundles):
        raise ValueError("play_alike takes fixed styles only (no search)")
    tables = battle_tables(roster(spec))
    start = start_of(spec, tables)
    # bundles in the order of their rows, round by round (the bytes of round 0 first): each
    # shares the most with the last
    order = sorted(range(len(bundles)), key=lambda k: bundles[k].rows.tobytes())
    rows = np.stack([bundles[k].rows for k in order])
    # the leading Battle-Rounds whose rows each pair shares with the pair before it
    same = (rows[1:] == rows[:-1]).all(axis=(2, 3))
    shared = np.zeros(len(order), dtype=np.int64)
    shared[1:] = np.where(same.all(axis=1), rows.shape[1], np.argmin(same, axis=1))
    outcome = np.zeros((len(order), battles), dtype=np.int8)
    rounds = np.zeros((len(order), battles), dtype=np.int8)
    if len(order) and battles:
        setup = _setup(tables, start)
        key = np.uint64(seed % 2**64)
        indices = np.arange(first, first + battles, dtype=np.int64)

        def play_battles(lo: int, hi: int) -> None:  # Battles lo..hi-1 of every pair
            kernel.play_alike(*setup, rows, shared, key, indices, lo, hi, outcome, rounds)

        def play_pairs(lo: int, hi: int) -> None:  # every Battle of pairs lo..hi-1
            alone = shared[lo:hi].copy()
            alone[0] = 0  # the pair before is another part's
            kernel.play_alike(
                *setup, rows[lo:hi], alone, key, indices, 0, battles, outcome[lo:hi], rounds[lo:hi]
            )

        # a part of the Battles plays every pair's opening again: the pilot's many pairs of
        # few Battles split by pairs, a few pairs of many Battles by Battles
        by_pairs = threads.parts_for(len(order), PAIR_PARTS_PER_THREAD, PART_PAIRS)
        if by_pairs >= threads.threads():
            threads.in_parts(play_pairs, len(order), by_pairs)
        else:
            threads.in_parts(play_battles, battles, threads.parts_for(battles, 1, PART_BATTLES))
    found = np.empty_like(outcome)
    found[order] = outcome
    return found


# --- one Battle, every decision recorded ---------------------------------------------


@dataclass(frozen=True)
class Event:
    """One move or strike of a traced Battle, in the position it was made in.

    For a move, ``frm``/``to`` are hexes (``frm`` None: entering). For a
    strike, ``target`` is the target's hex, ``strike_number`` the declared one,
    ``carry_to`` the hex the excess went to. ``actor`` and ``target_ref``
    address characters of ``position``.
    """

    kind: EventKind
    position: BattlePosition
    actor: tuple[Side, int]
    frm: int | None = None
    to: int | None = None
    target: int | None = None
    target_ref: tuple[Side, int] | None = None
    strike_number: int = 0
    dice: int = 0
    forgo_benefits: bool = False
    carry_to: int | None = None
    hits: int = 0
    carried: int = 0


@dataclass(frozen=True)
class TracedBattle:
    outcome: Outcome
    rounds: int
    events: tuple[Event, ...]
    alive: tuple[bool, ...]  # per slot at the end
    complete: bool  # False when the trace ran out of room


def _position_of(
    spec: BattleSpec, tables: BattleTables, step: int, hexes, hits, alive, kinds, flags
) -> tuple[BattlePosition, dict[int, tuple[Side, int]]]:
    """The engine position of a kernel snapshot, and each living slot's reference."""
    p = spec.position
    a = len(p.attacker.characters)
    refs: dict[int, tuple[Side, int]] = {}
    armies = {}
    for side_, slots in ((Side.ATTACKER, range(a + 1)), (Side.DEFENDER, range(a + 1, len(hexes)))):
        figures = []
        for s in slots:
            if not alive[s]:
                continue
            name = tables.types[kinds[s]][0]
            h = int(hexes[s])
            refs[s] = (side_, len(figures))
            figures.append(Figure(name, None if h == battle_state.OFF else h, int(hits[s])))
        armies[side_] = Army(p.army(side_).score, tuple(figures))
    turn, phase, active = step_at(step)
    position = replace(
        p,
        turn=turn,
        phase=phase,
        active=active,
        attacker=armies[Side.ATTACKER],
        defender=armies[Side.DEFENDER],
        summon_used=bool(flags[0]),
        reinforcement_used=bool(flags[1]),
    )
    return position, refs


def trace(
    spec: BattleSpec, seed: int, index: int = 0, capacity: int = 4096, tactics: Play | None = None
) -> TracedBattle:
    """Battle ``index`` of a request with ``seed``, played alone with every decision recorded
    (the same dice as in ``play``); ``tactics`` replaces the spec's by the kernel's own
    bundle."""
    tables = battle_tables(roster(spec))
    start = start_of(spec, tables)
    slots = start.kind.shape[0]
    record = battle_state.Trace(
        np.zeros((capacity, battle_state.T_COLUMNS), dtype=np.int32),
        np.zeros((capacity, slots), dtype=np.int8),
        np.zeros((capacity, slots), dtype=np.int16),
        np.zeros((capacity, slots), dtype=np.bool_),
        np.zeros((capacity, slots), dtype=np.int16),
        np.zeros((capacity, 2), dtype=np.bool_),
    )
    result, rounds, count, alive = kernel.play_traced(
        *_setup(tables, start),
        _play(spec, seed, index) if tactics is None else tactics,
        np.uint64(seed % 2**64),
        np.uint64(index),
        record,
    )
    events = []
    for e in range(min(count, capacity)):
        row = record.events[e]
        position, refs = _position_of(
            spec,
            tables,
            int(row[battle_state.T_STEP]),
            record.hexes[e],
            record.hits[e],
            record.alive[e],
            record.kind[e],
            record.flags[e],
        )
        slot = int(row[battle_state.T_SLOT])
        kind = EventKind(int(row[battle_state.T_KIND]))
        if kind is EventKind.MOVE:
            frm = int(row[battle_state.T_A])
            events.append(
                Event(
                    kind,
                    position,
                    refs[slot],
                    frm=None if frm == battle_state.OFF else frm,
                    to=int(row[battle_state.T_B]),
                )
            )
            continue
        target = int(row[battle_state.T_A])
        carry = int(row[battle_state.T_CARRY])
        events.append(
            Event(
                kind,
                position,
                refs[slot],
                target=int(record.hexes[e][target]),
                target_ref=refs[target],
                strike_number=int(row[battle_state.T_B]),
                dice=int(row[battle_state.T_DICE]),
                forgo_benefits=bool(row[battle_state.T_FORGO]),
                carry_to=None if carry < 0 else int(record.hexes[e][carry]),
                hits=int(row[battle_state.T_HITS]),
                carried=int(row[battle_state.T_CARRIED]),
            )
        )
    return TracedBattle(
        outcome=Outcome(int(result)),
        rounds=int(rounds),
        events=tuple(events),
        alive=tuple(bool(x) for x in alive),
        complete=count <= capacity,
    )


__all__ = [
    "BattleRecords",
    "BattleSpec",
    "Event",
    "Outcome",
    "TracedBattle",
    "default_mix",
    "play",
    "trace",
]
