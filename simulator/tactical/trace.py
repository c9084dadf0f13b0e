"""One fight of an odds request told as the engine's actions (``engine.tactical.actions``): every
rest, heal, muster and summoning (with their participants and dice), move, strike (with its
faces and carries), rangestrike, Lord placed and phase ended, in order, so that
``engine.tactical.referee`` can replay it.

``traced(setup, seed, index)`` plays fight ``index`` of ``seed`` as the odds play it, logging
its every event; ``Event.action`` is the engine's action of a row (None for damage the start
of a Strike Phase deals, which the engine deals itself on ending the Maneuver Phase, and for
a participant's row, which the muster or summoning after it names).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from engine.tactical.actions import (
    Action,
    EndPhase,
    Heal,
    Move,
    Muster,
    PlaceAngel,
    Rangestrike,
    Rest,
    Strike,
    Summon,
)
from engine.tactical.board import labels
from engine.tactical.mastercharts import DEMON
from simulator.tactical import kernel, tables
from simulator.tactical import state as s
from simulator.tactical.odds import UNTIL_CODE, Fights, Until

LOG_ROWS = 50_000  # a fight of 200 player turns of 30 characters logs a few thousand


@dataclass(frozen=True)
class Event:
    """A row of the fight's log (``state.L_*`` columns) and the engine's action it is."""

    row: tuple[int, ...]
    action: Action | None

    @property
    def kind(self) -> int:
        return self.row[s.L_EVENT]


@dataclass(frozen=True)
class Traced:
    events: tuple[Event, ...]
    fights: Fights  # the fight's outputs, one row
    complete: bool  # the log held every event


def faces(row: np.ndarray) -> tuple[int, ...]:
    """The faces a strike's dice showed, from the counts the log keeps (order is no matter)."""
    return tuple(face + 1 for face in range(6) for _ in range(int(row[s.L_FACES + face])))


def events(setup: tables.Setup, log: np.ndarray, rows: int) -> Iterator[Event]:
    """The log's rows as events, ids and hex labels as the engine names them."""
    m = setup.state.map
    name = labels(m)
    ids = [int(i) for i in setup.start.ids]
    next_id = int(setup.start.game[s.G_NEXT_ID])
    taking_part: list[int] = []

    def arrived(slot: int) -> None:
        nonlocal next_id
        if slot == s.NONE:
            return
        while len(ids) <= slot:
            ids.append(0)
        ids[slot] = next_id
        next_id += 1

    for r in range(rows):
        row = log[r]
        kind, a, b = int(row[s.L_EVENT]), int(row[s.L_A]), int(row[s.L_B])
        c, d = int(row[s.L_C]), int(row[s.L_D])
        action: Action | None = None
        if kind == s.EV_TAKES_PART:
            taking_part.append(ids[a])
        elif kind == s.EV_MUSTER:
            action = Muster(
                m.regions[a].name, setup.types[b], tuple(taking_part), name[c],
                dice=faces(row), master=bool(row[s.L_MASTER]),
            )  # fmt: skip
            taking_part = []
            arrived(d)
        elif kind == s.EV_SUMMON:
            action = Summon(
                DEMON if a == s.NONE else setup.types[a], tuple(taking_part), name[b],
                dice=faces(row), demon_die=c or None,
            )  # fmt: skip
            taking_part = []
            arrived(d)
        elif kind == s.EV_REST:
            action = Rest(ids[a])
        elif kind == s.EV_HEAL:
            action = Heal(ids[a], ids[b])
        elif kind == s.EV_MOVE:
            action = Move(ids[a], name[b])
        elif kind == s.EV_STRIKE:
            carries = min(int(row[s.L_CARRIES]), s.CARRY_ROOM)
            action = Strike(
                ids[a],
                ids[b],
                strike_number=int(row[s.L_C]),
                dice=faces(row),
                carry_to=tuple(ids[int(c)] for c in row[s.L_CARRY : s.L_CARRY + carries]),
            )
        elif kind == s.EV_RANGESTRIKE:
            action = Rangestrike(ids[a], ids[b], dice=faces(row))
        elif kind == s.EV_END_PHASE:
            action = EndPhase()
        elif kind == s.EV_ANGEL:
            arrived(d)
            action = PlaceAngel(name[c])
        yield Event(tuple(int(v) for v in row), action)


def traced(
    setup: tables.Setup,
    seed: int,
    index: int,
    turns: int,
    until: Until = Until.FIRST_TITAN,
) -> Traced:
    """Fight ``index`` of ``seed`` (the very fight the odds count) with its every event."""
    log = np.zeros((LOG_ROWS, s.LOG_WIDTH), np.int64)
    found = Fights.empty(1, len(setup.players), len(setup.state.figures))
    kernel.play_fights(
        setup.board, setup.kinds, setup.lines, setup.start, seed, index, turns,
        UNTIL_CODE[Until(until)], log, *found.rows(0, 1),
    )  # fmt: skip
    rows = int(np.count_nonzero(np.any(log != 0, axis=1)))
    # a row of zeros is a rest of slot 0 healing 0, which the kernel never logs
    return Traced(tuple(events(setup, log, rows)), found, rows < LOG_ROWS)
