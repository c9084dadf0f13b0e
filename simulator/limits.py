"""The limits of a simulation request, declared once.

The simulator enforces them, the API's schemas publish them (and its settings take their
defaults from here), so the OpenAPI document states the bounds the code holds to. The
service's settings may lower or raise the trials and batch limits; their defaults are these.
"""

from __future__ import annotations

import secrets

from engine.errors import TitanError

# The largest integer every JSON client (JavaScript's numbers included) holds exactly.
JSON_SAFE_INTEGER = 2**53 - 1

# A seed is 0 to SEED_MAX, for the odds and the Arena alike: a seed must come back in the
# answer exactly, in any client.
SEED_MAX = JSON_SAFE_INTEGER

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

# Arena advice: the plays tried, by default and at most.
ARENA_DEFAULT_PLAYS = 24
ARENA_MAX_PLAYS = 64


def check_seed(seed: int | None) -> int:
    """The seed asked for, or a new one (an odds, compare or Arena request's)."""
    if seed is None:
        return new_seed()
    if not 0 <= seed <= SEED_MAX:
        raise TitanError(f"a seed is 0 to {SEED_MAX}, not {seed}", path="seed")
    return seed


def new_seed() -> int:
    return secrets.randbelow(SEED_MAX + 1)
