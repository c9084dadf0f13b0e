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
from functools import partial
from typing import Any

import numpy as np

from engine.errors import RuleError, TitanError
from engine.tactical.state import GameState
from simulator import threads as kernel_threads
from simulator.limits import MIN_TRIALS, check_seed
from simulator.odds import raise_all
from simulator.statistics import Z95, distribution, wilson_interval
from simulator.tactical import kernel, tables
from simulator.tactical import state as s
from simulator.tactical.limits import DEFAULT_FIGHTS, DEFAULT_TURNS, MAX_FIGHTS, MAX_TURNS

PER_THREAD = 4  # parts per thread: they even out the threads' shares
LEAST_PART = 64  # fights in a part, at least
CHUNK = 2_000  # fights between two looks at the time budget


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
    mustered: np.ndarray  # int64[n, P]: characters mustered and summoned (6.0)
    standing: np.ndarray  # int64[n, P]: characters left on the map
    survived: np.ndarray  # int64[n, N0]
    seconds: float = 0.0

    @property
    def n(self) -> int:
        return int(self.ended.size)

    @classmethod
    def joined(cls, parts: list[Fights]) -> Fights:
        found = cls(*(np.concatenate([getattr(p, f) for p in parts]) for f in FIELDS))
        found.seconds = sum(p.seconds for p in parts)
        return found

    @classmethod
    def empty(cls, n: int, players: int, characters: int) -> Fights:
        def zeros(*shape: int) -> np.ndarray:
            return np.zeros(shape, np.int64)

        return cls(
            zeros(n), zeros(n), zeros(n, players), zeros(n, players), zeros(n, players),
            zeros(n, players), zeros(n, players), zeros(n, players), zeros(n, characters),
        )  # fmt: skip

    def rows(self, lo: int, hi: int) -> tuple[np.ndarray, ...]:
        return (
            self.ended[lo:hi], self.played[lo:hi], self.fell[lo:hi], self.gained[lo:hi],
            self.healed[lo:hi], self.angels[lo:hi], self.mustered[lo:hi], self.standing[lo:hi],
            self.survived[lo:hi],
        )  # fmt: skip


FIELDS = ("ended", "played", "fell", "gained", "healed", "angels", "mustered", "standing",
          "survived")  # fmt: skip
NO_LOG = np.zeros((0, s.LOG_WIDTH), np.int64)


def read_state(state: GameState | Mapping[str, Any]) -> GameState:
    """A state given as a ``GameState`` or its JSON (``RuleError`` naming the field)."""
    if isinstance(state, GameState):
        return state
    return GameState.from_dict(state)


def check_turns(turns: int, most: int = MAX_TURNS) -> int:
    if isinstance(turns, bool) or not isinstance(turns, int) or not 1 <= turns <= most:
        raise RuleError(
            f"turns: a fight lasts 1 to {most} player turns (4.0), not {turns!r}",
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
    first: int = 0,
) -> Fights:
    """Fights first..first+fights-1 of ``seed`` from the setup's state, in ``parts`` calls of
    the kernel played side by side on ``simulator.threads``' threads (by default as many as
    suit them)."""
    found = Fights.empty(fights, len(setup.players), len(setup.state.figures))
    if parts is None:
        parts = kernel_threads.parts_for(fights, PER_THREAD, LEAST_PART)
    code = UNTIL_CODE[Until(until)]

    def part(lo: int, hi: int) -> None:
        kernel.play_fights(
            setup.board, setup.kinds, setup.lines, setup.start, seed, first + lo, turns, code,
            NO_LOG, *found.rows(lo, hi),
        )  # fmt: skip

    started = time.perf_counter()
    kernel_threads.in_parts(part, fights, parts)
    found.seconds = time.perf_counter() - started
    return found


def play_within(
    setup: tables.Setup,
    fights: int,
    seed: int,
    turns: int,
    until: Until,
    parts: int | None,
    time_budget: float | None,
) -> Fights:
    """``play``, in chunks of ``CHUNK`` fights when there is a ``time_budget`` (seconds): the
    chunks stop once it is spent, and the fights played are 0..n-1 whatever the budget."""
    if time_budget is None:
        return play(setup, fights, seed, turns, until, parts)
    started = time.perf_counter()
    chunks: list[Fights] = []
    first = 0
    while first < fights:
        count = min(CHUNK, fights - first)
        chunks.append(play(setup, count, seed, turns, until, parts, first))
        first += count
        if time.perf_counter() - started > time_budget:
            break
    found = Fights.joined(chunks)
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


def summary(
    setup: tables.Setup,
    done: Fights,
    seed: int,
    turns: int,
    until: Until,
    asked: int | None = None,
    plans: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """The odds answer (docs/tactical.md, "Odds"); ``plans``: each player's plan, as
    ``played_plans`` tells it (every player on the default tactic when None)."""
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
                "mustered": mean_interval(done.mustered[:, q].astype(np.float64)),
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
        "musters": bool(setup.start.game[s.G_MUSTERS]),
        "plans": plans
        if plans is not None
        else [{"player": p.name, "plan": "default", "pilots": None} for p in state.players],
        "fights_per_second": done.n / done.seconds if done.seconds > 0 else 0.0,
        "truncated": asked is not None and done.n < asked,
    }


def odds(
    state: GameState | Mapping[str, Any],
    fights: int = DEFAULT_FIGHTS,
    seed: int | None = None,
    turns: int = DEFAULT_TURNS,
    threads: int | None = None,
    until: Until | str = Until.FIRST_TITAN,
    most_fights: int = MAX_FIGHTS,
    most_turns: int = MAX_TURNS,
    time_budget: float | None = None,
    musters: bool = False,
    plans: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """Each player's chance that its Titan falls and that it holds the field, its expected
    points and healing, each character's survival and the turns the fight lasted, with 95%
    intervals, from ``fights`` fights of at most ``turns`` player turns (``until`` a Titan
    falls, or one player is left). ``musters``: each Muster Phase is played (region musters and
    summonings, 6.0-6.4, 10.0), else passed. ``plans``: a player's plan by its name (one of
    ``simulator.tactical.search.PLANS``; the others play the default tactic). ``threads``: 1
    plays on this thread; otherwise on the kernel's threads (``simulator.threads``).
    ``time_budget``: seconds after which it answers with the fights played (``truncated``). Bad
    input raises ``TitanError`` naming it."""
    game = read_state(state)
    fights = check_fights(fights, most_fights)
    turns = check_turns(turns, most_turns)
    seed = check_seed(seed)
    try:
        chosen = Until(until)
    except ValueError:
        raise TitanError(
            f"until: one of {', '.join(u.value for u in Until)}, not {until!r}", path="until"
        ) from None
    if not isinstance(musters, bool):
        raise TitanError(f"musters: true or false, not {musters!r}", path="musters")
    asked = check_plans(game, plans or {})
    started = time.perf_counter()
    setup, told = played_plans(tables.setup(game, musters), asked, seed, turns, chosen)
    if time_budget is not None:  # a plan search's pilot fights are paid from the budget too
        time_budget = max(time_budget - (time.perf_counter() - started), 0.0)
    parts = 1 if threads == 1 else None
    done = play_within(setup, fights, seed, turns, chosen, parts, time_budget)
    return summary(setup, done, seed, turns, chosen, fights, told)


def check_plans(game: GameState, plans: Mapping[str, str]) -> dict[int, str]:
    """Each player's plan by its index (``TitanError``s naming each problem at plans.<name>)."""
    from simulator.tactical.search import PLANS  # it plays fights: it imports this module

    names = [p.name for p in game.players]
    problems: list[TitanError] = []
    for name, plan in plans.items():
        if name not in names:
            problems.append(
                RuleError(
                    f"plans: the state has no player {name!r}; its players, in turn order "
                    f"(4.0), are {', '.join(names)}",
                    rule="4.0",
                    path=f"plans.{name}",
                )
            )
        elif plan not in PLANS:
            problems.append(
                RuleError(
                    f"plans.{name}: {plan!r} is not one of Tactical Titan's plans: "
                    f"{', '.join(PLANS)}",
                    rule="4.0",
                    path=f"plans.{name}",
                )
            )
    raise_all(problems)
    return {names.index(name): plan for name, plan in plans.items()}


def played_plans(
    setup: tables.Setup, plans: Mapping[int, str], seed: int, turns: int, until: Until
) -> tuple[tables.Setup, list[dict[str, Any]]]:
    """The setup with each player's plan, and the answer's account of them: the plan played
    and, for a player that searched, its pilots' share of wins with each plan."""
    from simulator.tactical.search import wins, with_plans

    setup, played, choices = with_plans(
        setup, plans, lambda q: partial(wins, player=q), seed, turns, until
    )
    return setup, [
        {
            "player": p.name,
            "plan": played.get(q, "default"),
            "pilots": choices[q].shares if q in choices else None,
        }
        for q, p in enumerate(setup.state.players)
    ]


# The example fight (docs/tactical.md, the API's example): on Two Shores, Red's and Blue's
# armies meet in the Mountains west of the Inner Sea, each gathered round a hex there.
EXAMPLE_MAP = "two_shores"
EXAMPLE_ARMIES = (
    ("Red", "I9", ("Titan", "Troll", "Ogre", "Ogre", "Gargoyle", "Centaur", "Unicorn")),
    ("Blue", "I15", ("Titan", "Cyclops", "Lion", "Ogre", "Gargoyle", "Gargoyle", "Centaur")),
)


def example_state() -> GameState:
    """The example fight's state: Red's turn begins (4.0), every counter not in play in the
    muster pile of one game set (2.2)."""
    return GameState.from_dict(example_json())


def example_json() -> dict[str, Any]:
    """The example fight's state as a request gives it, the fields with defaults left out."""
    from engine.tactical.maps import stored_map

    m = stored_map(EXAMPLE_MAP)
    taken: set[int] = set()
    characters = []
    for player, near, names in EXAMPLE_ARMIES:
        centre = m.parse(near)
        for name in names:
            h = min(
                (h for h in m.grid.within(centre, 3) if h not in taken and m.hazard(h) == "Plain"),
                key=lambda h: (m.distance(centre, h), h),
            )
            taken.add(h)
            characters.append(
                {"id": len(characters) + 1, "player": player, "name": name, "hex": m.name_of(h)}
            )
    towers = [m.regions[t.region].name for t in m.starting_towers]
    return {
        "map": EXAMPLE_MAP,
        "active": "Red",
        "players": [
            {"name": p, "tower": t} for (p, _, _), t in zip(EXAMPLE_ARMIES, towers, strict=True)
        ],
        "characters": characters,
    }


def warm_up() -> None:
    """Compile (or load from numba's cache) the kernel with a few fights of the example, and
    build the stored maps' tables (their rangestrike lines take a second or two each)."""
    from engine.tactical.maps import map_names, stored_map

    for name in map_names():
        m = stored_map(name)
        tables.map_tables(m)
        tables.lines(m)
    play(tables.setup(example_state()), 2, 1, turns=2, parts=1)
