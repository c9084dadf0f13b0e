"""The odds of a Tactical Titan fight: from a game state, its fights played out by the kernel.

``odds(state, fights, seed, turns, threads)`` answers "who wins this fight on our map?": the
fight from ``state`` (a ``GameState`` or its JSON) played ``fights`` times, each for at most
``turns`` player turns (4.0) or until a Titan falls (2.2.2), by the default tactic on every
side (``simulator.tactical.policy``). Fight ``i`` depends only on ``(seed, i)``, so an answer is
the same however many threads play it.
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping
from dataclasses import dataclass
from enum import IntEnum, StrEnum
from typing import Any

import numpy as np

from engine.errors import RuleError, TitanError
from engine.tactical.state import GameState
from simulator import threads as kernel_threads
from simulator.limits import MIN_TRIALS, check_seed
from simulator.statistics import Z95, distribution, wilson_interval
from simulator.tactical import kernel, tables
from simulator.tactical import state as s

DEFAULT_FIGHTS = 1_000
DEFAULT_TURNS = 20  # player turns: ten of each of two players'
MAX_TURNS = 200
PER_THREAD = 4  # parts per thread: they even out the threads' shares
LEAST_PART = 64  # fights in a part, at least


class Until(StrEnum):
    """When a fight stops, besides its turns running out."""

    FIRST_TITAN = "first_titan"  # at the end of the Strike Phase in which a Titan fell
    ONE_PLAYER = "one_player"  # when one player is left (2.2.2)


UNTIL_CODE = {Until.FIRST_TITAN: s.UNTIL_FIRST_TITAN, Until.ONE_PLAYER: s.UNTIL_ONE_PLAYER}


class Ended(IntEnum):
    """Why a fight stopped (``state.ENDED_*``)."""

    TITAN = s.ENDED_TITAN
    ONE_PLAYER = s.ENDED_ONE_PLAYER
    TURNS = s.ENDED_TURNS
    NO_ROOM = s.ENDED_NO_ROOM


@dataclass
class Fights:
    """The kernel's outputs for n fights between P players of a state with N0 characters."""

    ended: np.ndarray  # int64[n]: Ended
    played: np.ndarray  # int64[n]: player turns begun
    fell: np.ndarray  # int64[n, P]
    gained: np.ndarray  # int64[n, P]: points scored (8.2)
    healed: np.ndarray  # int64[n, P]: damage healed (5.0)
    angels: np.ndarray  # int64[n, P]: Lords come into play (8.3)
    standing: np.ndarray  # int64[n, P]: characters left on the map
    survived: np.ndarray  # int64[n, N0]
    seconds: float = 0.0

    @property
    def n(self) -> int:
        return int(self.ended.size)

    @classmethod
    def empty(cls, n: int, players: int, characters: int) -> Fights:
        def zeros(*shape: int) -> np.ndarray:
            return np.zeros(shape, np.int64)

        return cls(
            zeros(n), zeros(n), zeros(n, players), zeros(n, players), zeros(n, players),
            zeros(n, players), zeros(n, players), zeros(n, characters),
        )  # fmt: skip

    def rows(self, lo: int, hi: int) -> tuple[np.ndarray, ...]:
        return (
            self.ended[lo:hi], self.played[lo:hi], self.fell[lo:hi], self.gained[lo:hi],
            self.healed[lo:hi], self.angels[lo:hi], self.standing[lo:hi], self.survived[lo:hi],
        )  # fmt: skip


NO_LOG = np.zeros((0, s.LOG_WIDTH), np.int64)


def read_state(state: GameState | Mapping[str, Any]) -> GameState:
    """A state given as a ``GameState`` or its JSON (``RuleError`` naming the field)."""
    if isinstance(state, GameState):
        return state
    return GameState.from_dict(state)


def check_turns(turns: int) -> int:
    if isinstance(turns, bool) or not isinstance(turns, int) or not 1 <= turns <= MAX_TURNS:
        raise RuleError(
            f"turns: a fight lasts 1 to {MAX_TURNS} player turns (4.0), not {turns!r}",
            rule="4.0",
            path="turns",
        )
    return turns


def check_fights(fights: int, most: int) -> int:
    if isinstance(fights, bool) or not isinstance(fights, int) or not MIN_TRIALS <= fights <= most:
        raise TitanError(f"fights: {MIN_TRIALS} to {most}, not {fights!r}", path="fights")
    return fights


def play(
    setup: tables.Setup,
    fights: int,
    seed: int,
    turns: int = DEFAULT_TURNS,
    until: Until = Until.FIRST_TITAN,
    parts: int | None = None,
) -> Fights:
    """Fights 0..fights-1 of ``seed`` from the setup's state, in ``parts`` calls of the kernel
    played side by side on ``simulator.threads``' threads (by default as many as suit them)."""
    found = Fights.empty(fights, len(setup.players), len(setup.state.figures))
    if parts is None:
        parts = kernel_threads.parts_for(fights, PER_THREAD, LEAST_PART)
    code = UNTIL_CODE[Until(until)]

    def part(lo: int, hi: int) -> None:
        kernel.play_fights(
            setup.board, setup.kinds, setup.lines, setup.start, seed, lo, turns, code, NO_LOG,
            *found.rows(lo, hi),
        )  # fmt: skip

    started = time.perf_counter()
    kernel_threads.in_parts(part, fights, parts)
    found.seconds = time.perf_counter() - started
    return found


def proportion(mask: np.ndarray) -> dict[str, Any]:
    n = int(mask.size)
    k = int(np.count_nonzero(mask))
    lo, hi = wilson_interval(k, n)
    return {"p": k / n if n else 0.0, "ci95": [lo, hi]}


def mean_interval(values: np.ndarray) -> dict[str, Any]:
    """The mean and its 95% normal interval."""
    n = int(values.size)
    m = float(values.mean()) if n else 0.0
    half = Z95 * float(values.std(ddof=1)) / math.sqrt(n) if n > 1 else 0.0
    return {"mean": m, "ci95": [m - half, m + half]}


def summary(setup: tables.Setup, done: Fights, seed: int, turns: int, until: Until) -> dict:
    """The odds answer (docs/tactical.md, "Odds")."""
    state = setup.state
    alone = done.standing.sum(axis=1) == 1
    players = []
    for q, p in enumerate(state.players):
        players.append(
            {
                "name": p.name,
                "titan_falls": proportion(done.fell[:, q] == 1),
                "holds_field": proportion(alone & (done.standing[:, q] == 1)),
                "points": mean_interval(done.gained[:, q].astype(np.float64)),
                "points_distribution": distribution(done.gained[:, q]),
                "healing": mean_interval(done.healed[:, q].astype(np.float64)),
                "angels": mean_interval(done.angels[:, q].astype(np.float64)),
            }
        )
    m = state.map
    characters = [
        {
            "id": f.id,
            "player": f.player,
            "name": f.name,
            "hex": m.name_of(f.hex),
            "survives": proportion(done.survived[:, i] == 1),
        }
        for i, f in enumerate(state.figures)
    ]
    return {
        "players": players,
        "undecided": proportion(~alone & (done.fell.sum(axis=1) == 0)),
        "characters": characters,
        "turns": {
            **mean_interval(done.played.astype(np.float64)),
            "distribution": distribution(done.played),
        },
        "healing": mean_interval(done.healed.sum(axis=1).astype(np.float64)),
        "ended": {e.name.lower(): proportion(done.ended == e)["p"] for e in Ended},
        "fights": done.n,
        "seed": seed,
        "max_turns": turns,
        "until": str(until),
        "fights_per_second": done.n / done.seconds if done.seconds > 0 else 0.0,
    }


def odds(
    state: GameState | Mapping[str, Any],
    fights: int = DEFAULT_FIGHTS,
    seed: int | None = None,
    turns: int = DEFAULT_TURNS,
    threads: int | None = None,
    until: Until | str = Until.FIRST_TITAN,
    most_fights: int = 200_000,
) -> dict[str, Any]:
    """Each player's chance that its Titan falls and that it holds the field, its expected
    points and healing, each character's survival and the turns the fight lasted, with 95%
    intervals, from ``fights`` fights of at most ``turns`` player turns (``until`` a Titan
    falls, or one player is left). ``threads``: 1 plays on this thread; otherwise on the
    kernel's threads (``simulator.threads``). Bad input raises ``TitanError`` naming it."""
    game = read_state(state)
    fights = check_fights(fights, most_fights)
    turns = check_turns(turns)
    seed = check_seed(seed)
    try:
        chosen = Until(until)
    except ValueError:
        raise TitanError(
            f"until: one of {', '.join(u.value for u in Until)}, not {until!r}", path="until"
        ) from None
    setup = tables.setup(game)
    parts = 1 if threads == 1 else None
    done = play(setup, fights, seed, turns, chosen, parts)
    return summary(setup, done, seed, turns, chosen)


def warm_up() -> None:
    """Compile (or load from numba's cache) the kernel with a few fights of an example state,
    and build the stored maps' tables."""
    from engine.tactical.maps import map_names, stored_map
    from engine.tactical.setup import starting_state

    for name in map_names():
        m = stored_map(name)
        tables.map_tables(m)
        tables.lines(m)
    state = starting_state(map_names()[0], ("Red", "Blue"))
    play(tables.setup(state), 2, 1, turns=2, parts=1)
