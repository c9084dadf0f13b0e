"""Arena odds and advice: from a player's view of the table to the answers of the API.

``play(setup, games, seed, forced)`` plays games in chunks on a few threads (the kernel
releases the GIL); game ``i`` depends only on ``(seed, i)`` and the first turn, so an answer
does not depend on the chunking, and advice compares its plays on the same deals and dice.
"""

from __future__ import annotations

import math
import os
import time
from collections import deque
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import numpy as np

from engine.arena.cards import CREATURE_NAMES, N_CARDS, N_CREATURES, ROUNDS
from engine.arena.checks import state_problems
from engine.arena.state import EXAMPLE_STATE, ArenaState, read_state
from engine.errors import RuleError, Violations
from simulator.arena import kernel, policies, tables
from simulator.arena.state import FORCED, NOT_FORCED, Table
from simulator.limits import MIN_TRIALS, check_seed
from simulator.statistics import Z95, wilson_interval

CHUNK = 500  # games per kernel call; the time budget is checked between calls
NO_TURN = np.full(FORCED, NOT_FORCED, np.int64)  # the first turn left to the policy


def threads() -> int:
    return max(1, min(4, os.cpu_count() or 1))


@dataclass
class Setup:
    """What the kernel needs for one table: its Table, the unseen cards, the players' policies."""

    state: ArenaState
    template: Table
    pool: np.ndarray
    policy_of: np.ndarray


@dataclass
class Games:
    died: np.ndarray  # int64 [n, 8]
    ducats: np.ndarray  # int64 [n, P]
    winner: np.ndarray  # int64 [n]
    turns: np.ndarray  # int64 [n]
    seconds: float

    @property
    def n(self) -> int:
        return int(self.winner.size)


def setup_of(raw_state: dict[str, Any], chosen: dict[str, str] | None = None) -> Setup:
    """The kernel's setup of a request's state; a state against the rules is refused (422)."""
    state, problems = read_state(raw_state)
    if not problems:
        assert state is not None
        problems = state_problems(state)
    if problems:
        raise Violations([p.as_error() for p in problems])
    assert state is not None
    chosen = chosen or {}
    for i, name in enumerate(chosen):
        if name not in state.names:
            raise RuleError(f"{name!r} is not a player of this table", rule="1",
                            path=f"policies.{name}")  # fmt: skip
        del i
    policy_of = np.array(
        [policies.index(chosen.get(name, "default")) for name in state.names], np.int64
    )
    template, pool = tables.state_arrays(state)
    return Setup(state, template, pool, policy_of)


def _chunk(setup: Setup, forced: np.ndarray, seed: int, first: int, count: int) -> Games:
    players = len(setup.state.names)
    died = np.zeros((count, N_CREATURES), np.int64)
    ducats = np.zeros((count, players), np.int64)
    winner = np.zeros(count, np.int64)
    turns = np.zeros(count, np.int64)
    census = np.zeros((0, N_CARDS), np.int64)  # no census
    kernel.play_games(
        setup.template, setup.pool, setup.policy_of, policies.params(), forced, seed, first,
        died, ducats, winner, turns, census,
    )  # fmt: skip
    return Games(died, ducats, winner, turns, 0.0)


def play(
    setup: Setup,
    games: int,
    seed: int,
    forced: np.ndarray = NO_TURN,
    time_budget: float | None = None,
) -> Games:
    """Games 0..games-1 of ``seed``, on threads, stopping early when ``time_budget`` is spent
    (the games played are a prefix, so a stopped answer is still games 0..n-1)."""
    return play_each(setup, [forced], games, seed, time_budget)[0]


def play_each(
    setup: Setup, forced: list[np.ndarray], games: int, seed: int, time_budget: float | None = None
) -> list[Games]:
    """``play`` for each forced turn, on the same games 0..games-1 of ``seed`` (common random
    numbers). The chunks of every turn share the threads, a few waiting their turn so that no
    thread idles; the time budget is looked at before each chunk's games of the first turn,
    so that a stopped answer still gives each turn the same games."""
    started = time.perf_counter()
    workers = threads()
    parts: list[list[Games]] = [[] for _ in forced]
    waiting: deque[tuple[int, Future]] = deque()
    with ThreadPoolExecutor(workers) as pool:
        for first in range(0, games, CHUNK):
            if time_budget is not None and first and time.perf_counter() - started > time_budget:
                break
            count = min(CHUNK, games - first)
            for i, turn in enumerate(forced):
                waiting.append((i, pool.submit(_chunk, setup, turn, seed, first, count)))
                while len(waiting) > 2 * workers:
                    j, future = waiting.popleft()
                    parts[j].append(future.result())
        for j, future in waiting:
            parts[j].append(future.result())
    seconds = time.perf_counter() - started
    return [
        Games(
            np.concatenate([p.died for p in found]),
            np.concatenate([p.ducats for p in found]),
            np.concatenate([p.winner for p in found]),
            np.concatenate([p.turns for p in found]),
            seconds,
        )
        for found in parts
    ]


def proportion(k: int, n: int) -> dict[str, Any]:
    lo, hi = wilson_interval(k, n)
    return {"p": k / n if n else 0.0, "ci95": [lo, hi]}


def mean_interval(values: np.ndarray) -> tuple[float, list[float]]:
    """The mean and its 95% normal interval."""
    n = values.size
    m = float(values.mean()) if n else 0.0
    half = Z95 * float(values.std(ddof=1)) / math.sqrt(n) if n > 1 else 0.0
    return m, [m - half, m + half]


def summary(setup: Setup, done: Games, seed: int, games: int) -> dict[str, Any]:
    """The odds answer: each creature's survival and round of death, each player's ducats and
    wins."""
    state = setup.state
    n = done.n
    creatures = {}
    for c, name in enumerate(CREATURE_NAMES):
        if not state.alive[c]:
            continue
        col = done.died[:, c]
        creatures[name] = {
            "survives": proportion(int(np.count_nonzero(col == 0)), n),
            "dies_in_round": [float(np.count_nonzero(col == r)) / n for r in range(1, ROUNDS + 1)],
        }
    players = {}
    for p, name in enumerate(state.names):
        m, ci = mean_interval(done.ducats[:, p].astype(np.float64))
        players[name] = {
            "expected_ducats": m,
            "ducats_ci95": ci,
            "wins": proportion(int(np.count_nonzero(done.winner == p)), n),
            "policy": policies.NAMES[int(setup.policy_of[p])],
        }
    return {
        "creatures": creatures,
        "players": players,
        "games": n,
        "seed": seed,
        "games_per_second": n / done.seconds if done.seconds > 0 else 0.0,
        "truncated": n < games,
    }


def odds(body: dict[str, Any], max_games: int, default_games: int,
         time_budget: float | None = None) -> dict[str, Any]:  # fmt: skip
    """The answer of POST /api/v1/arena/odds."""
    setup = setup_of(body["state"], body.get("policies"))
    games = check_games(body.get("games"), max_games, default_games)
    seed = check_seed(body.get("seed"))
    done = play(setup, games, seed, time_budget=time_budget)
    return summary(setup, done, seed, games)


def check_games(games: int | None, max_games: int, default: int) -> int:
    """The games to play: ``default`` when not given, MIN_TRIALS to ``max_games``."""
    games = default if games is None else games
    if games < MIN_TRIALS:
        raise RuleError(f"at least {MIN_TRIALS} game a request", rule=None, path="games")
    if games > max_games:
        raise RuleError(f"at most {max_games} games a request", rule=None, path="games")
    return games


def warm_up() -> None:
    """Compile (or load from numba's cache) the kernel with a few games."""
    play(setup_of(EXAMPLE_STATE), 8, 1)
