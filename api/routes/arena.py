"""Titan: The Arena: validate a table (and a turn), its odds, and advice on the turn to play."""

from __future__ import annotations

from flask import Blueprint, jsonify

from api.requests import documented, parse
from api.schemas.arena import ArenaValidateAnswerSchema, ArenaValidateRequestSchema
from engine.arena.checks import check

bp = Blueprint("arena", __name__, url_prefix="/api/v1/arena")

EXAMPLE_STATE = {
    "players": [
        {"name": "Ann", "hand_size": 8, "bets": [{"creature": "Cyclops", "round": 1}]},
        {"name": "Bob", "hand_size": 8, "secret_bet": {"revealed": False}},
        {"name": "Cat", "hand_size": 8, "bets": [{"creature": "Ranger", "round": 1}]},
    ],
    "me": "Ann",
    "hand": ["Cyclops 10", "Hydra 2", "Troll 7", "Warlock 0", "Spectator 4", "Ranger 6",
             "Dragon 9", "Unicorn 5"],
    "to_move": "Ann",
    "starter": "Ann",
    "round": 1,
    "columns": [{"Cyclops": ["Cyclops 8"], "Troll": ["Troll 2"]}],
    "draw_pile": 75,
}  # fmt: skip


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
def validate():
    body = parse(ArenaValidateRequestSchema)
    problems = check(body["state"], body["action"])
    return jsonify({"valid": not problems, "violations": [p.to_dict() for p in problems]})
