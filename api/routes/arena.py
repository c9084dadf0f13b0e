"""Titan: The Arena: validate a table (and a turn), its odds, and advice on the turn to play."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, current_app

from api import admission, warmup
from api.requests import answer, documented, parse
from api.schemas.arena import (
    ArenaAdviceAnswerSchema,
    ArenaAdviceRequestSchema,
    ArenaOddsAnswerSchema,
    ArenaOddsRequestSchema,
    ArenaValidateAnswerSchema,
    ArenaValidateRequestSchema,
)
from engine.arena.checks import check
from engine.arena.state import EXAMPLE_STATE
from simulator.arena import advice as arena_advice
from simulator.arena import odds as arena_odds

bp = Blueprint("arena", __name__, url_prefix="/api/v1/arena")


@bp.post("/validate")
@documented(
    summary="Every rule an Arena table (and optionally one turn on it) breaks",
    request_schema=ArenaValidateRequestSchema,
    response_schema=ArenaValidateAnswerSchema,
    tag="arena",
    example={
        "state": EXAMPLE_STATE,
        "action": {
            "wager": {"type": "bet", "creature": "Hydra"},
            "play": {
                "type": "card",
                "card": "Cyclops 10",
                "creature": "Cyclops",
                "power": {"target": "Bob"},
            },
        },
    },
)
def validate() -> Response:
    body = parse(ArenaValidateRequestSchema)
    problems = check(body["state"], body["action"])
    return answer({"valid": not problems, "violations": [p.to_dict() for p in problems]})


def _limits() -> dict[str, Any]:
    config = current_app.config
    return {
        "max_games": config["MAX_TRIALS"],
        "default_games": config["ARENA_DEFAULT_GAMES"],
        "time_budget": config["TIME_BUDGET_SECONDS"],
    }


ODDS_EXAMPLE = {"state": EXAMPLE_STATE, "policies": {"Bob": "aggressive"}, "games": 2000,
                "seed": 1}  # fmt: skip


@bp.post("/odds")
@documented(
    summary="Each creature's survival and each player's ducats and wins, games played out",
    request_schema=ArenaOddsRequestSchema,
    response_schema=ArenaOddsAnswerSchema,
    tag="arena",
    example=ODDS_EXAMPLE,
)
def odds() -> Response:
    body = parse(ArenaOddsRequestSchema)
    warmup.ARENA.require(current_app.config["KERNEL_WAIT_SECONDS"])
    with admission.turn():
        found = arena_odds.odds(body, **_limits())
    return answer(found)


@bp.post("/advice")
@documented(
    summary="The asking player's legal plays this turn, ranked by expected ducats and wins",
    request_schema=ArenaAdviceRequestSchema,
    response_schema=ArenaAdviceAnswerSchema,
    tag="arena",
    example={"state": EXAMPLE_STATE, "games": 4000, "seed": 1, "max_plays": 12},
)
def advice() -> Response:
    body = parse(ArenaAdviceRequestSchema)
    warmup.ARENA.require(current_app.config["KERNEL_WAIT_SECONDS"])
    with admission.turn():
        found = arena_advice.advice(body, **_limits())
    return answer(found)


page_bp = Blueprint("arena_page", __name__)


@page_bp.get("/arena")
def page() -> Response:
    """The Arena's page."""
    return current_app.send_static_file("arena.html")
