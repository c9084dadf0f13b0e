"""Titan: The Arena's speed as the service answers: games per second, and the 10,000-game
odds and advice requests on the example table of docs/arena.md (a mid-game state)."""

from __future__ import annotations

import json
import time
from pathlib import Path

TABLE = Path(__file__).resolve().parent.parent / "docs" / "arena-table.json"
GAMES = 10_000


def _request(question: str, games: int, seed: int) -> tuple[float, dict]:
    from api.config import DEFAULTS
    from api.schemas.arena import ArenaAdviceRequestSchema, ArenaOddsRequestSchema
    from simulator.arena import advice, odds

    schema = ArenaOddsRequestSchema() if question == "odds" else ArenaAdviceRequestSchema()
    body = schema.load({"state": json.loads(TABLE.read_text()), "games": games, "seed": seed})
    ask = odds.odds if question == "odds" else advice.advice
    started = time.perf_counter()
    answer = ask(body, max_games=DEFAULTS["MAX_TRIALS"], default_games=games)
    return time.perf_counter() - started, answer


def measure(repeats: int = 3) -> dict[str, float]:
    """Best of ``repeats`` after a warm-up: the seconds of each request and the odds'
    games per second."""
    _request("odds", 100, 1)
    _request("advice", 100, 1)
    odds_seconds = min(_request("odds", GAMES, 2 + i)[0] for i in range(repeats))
    advice_seconds = min(_request("advice", GAMES, 2 + i)[0] for i in range(repeats))
    return {
        "odds": odds_seconds,
        "advice": advice_seconds,
        "games_per_second": GAMES / odds_seconds,
    }
