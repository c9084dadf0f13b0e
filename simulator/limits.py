"""The limits of a simulation request, declared once.

The simulator enforces them, the API's schemas publish them (and its settings take their
defaults from here), so the OpenAPI document states the bounds the code holds to. The
service's settings may lower or raise the trials and batch limits; their defaults are these.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass

from engine.characters import TITAN, character
from engine.errors import TitanError

# The largest integer every JSON client (JavaScript's numbers included) holds exactly.
JSON_SAFE_INTEGER = 2**53 - 1

# A seed is 0 to SEED_MAX, for the odds and the Arena alike: a seed must come back in the
# answer exactly, in any client.
SEED_MAX = JSON_SAFE_INTEGER

# A player's score is 0 to MAX_SCORE. Far beyond any game's (every creature in the box is
# worth 8,256 points), and within what the kernel holds: the Titan's Power, 6 + score // 100
# (19.1), is then at most 1,005 dice, so its dice and hits fit the kernel's 16-bit tables and
# a chunk of its Battles plays in a fraction of a second.
MAX_SCORE = 99_999
# A character's hits are fewer than its Power (12.3): the most Powerful is such a Titan.
MAX_HITS = character(TITAN).power_at(MAX_SCORE) - 1

MIN_TRIALS = 1
MAX_TRIALS = 200_000  # Battles (or Arena games) one request may ask for: TITAN_MAX_TRIALS
DEFAULT_TRIALS = 10_000  # Battles when a request does not say: TITAN_DEFAULT_TRIALS
ARENA_DEFAULT_GAMES = 4_000  # Arena games when a request does not say: TITAN_ARENA_DEFAULT_GAMES

# A precision is an interval's half-width: above PRECISION_ABOVE and below PRECISION_BELOW
# (both excluded; a half-width of 0.5 is no precision at all).
PRECISION_ABOVE = 0.0
PRECISION_BELOW = 0.5

MAX_BATCH = 64  # engagements of one batch request: TITAN_MAX_BATCH
# Every candidate plays each chunk of Battles before the time budget is looked at again, so
# their number bounds how long one request runs past the budget. A Legion has at most a
# handful of legal recruits; a comparison of more is a request of its own.
MAX_CANDIDATES = 16

# The search tactic's rollouts a plan at each decision: its least, most and default (a request's
# "search": {"rollouts": n}). Its time grows with them: 64 rollouts of every style's plan are
# about 2,000 times the default's time a Battle.
MIN_ROLLOUTS = 1
MAX_ROLLOUTS = 64
DEFAULT_ROLLOUTS = 8

# Arena advice: the plays tried, by default and at most.
ARENA_DEFAULT_PLAYS = 24
ARENA_MAX_PLAYS = 64


@dataclass(frozen=True)
class Needs:
    """Fields of a request that depend on each other: it gives (present and not null) every
    field of at least one of ``groups``, or it is refused with ``message`` at ``path``. The
    API's OpenAPI document publishes each as an ``anyOf`` of the groups (api.openapi), so a
    client sees the dependency the code checks."""

    groups: tuple[tuple[str, ...], ...]
    message: str
    path: str
    rule: str | None = None

    def met(self, given: Callable[[str], bool]) -> bool:
        return any(all(given(name) for name in group) for group in self.groups)


@dataclass(frozen=True)
class Apart:
    """Fields that exclude each other: a request that gives ``field`` gives none of ``others``
    (published as an ``anyOf``: ``field`` null or absent, or all of ``others``)."""

    field: str
    others: tuple[str, ...]
    message: str

    def met(self, given: Callable[[str], bool]) -> bool:
        return not given(self.field) or not any(given(name) for name in self.others)


def check_seed(seed: int | None) -> int:
    """The seed asked for, or a new one (an odds, compare or Arena request's)."""
    if seed is None:
        return new_seed()
    if not 0 <= seed <= SEED_MAX:
        raise TitanError(f"a seed is 0 to {SEED_MAX}, not {seed}", path="seed")
    return seed


def score_problem(score: int, path: str) -> TitanError | None:
    """The problem of a score beyond the service's bound, or None (a negative score is the
    rules' problem: 16.0)."""
    if score > MAX_SCORE:
        return TitanError(f"a score is at most {MAX_SCORE}, not {score}", path=path)
    return None


def new_seed() -> int:
    return secrets.randbelow(SEED_MAX + 1)
