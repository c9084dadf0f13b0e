"""``POST /api/v1/tactical/odds``: "who wins this fight on our map?" — a Tactical Titan game
state's fight played many times by the variant's kernel (docs/tactical.md, "Odds"); and
``POST /api/v1/tactical/engagement``: the state an Engagement's fight under
``"variant": "tactical"`` starts from.

The view parses, holds the request to the service's limits (TITAN_TACTICAL_MAX_FIGHTS,
TITAN_TACTICAL_MAX_TURNS, TITAN_TACTICAL_MAX_CHARACTERS, TITAN_TACTICAL_MAX_HEXES), waits for
the kernel a worker may still be preparing, and serialises ``simulator.tactical.odds.odds``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from flask import Blueprint, Response, current_app

from api import admission, warmup
from api.errors import ApiError
from api.requests import answer, documented, parse
from api.schemas.odds import OddsRequestSchema
from api.schemas.tactical_odds import (
    EngagementStateSchema,
    FightOddsAnswerSchema,
    FightOddsRequestSchema,
)
from engine.variants import TACTICAL
from simulator.tactical import engagement
from simulator.tactical import odds as fight_odds
from simulator.tactical.limits import DEFAULT_TURNS

bp = Blueprint("tactical_odds", __name__, url_prefix="/api/v1/tactical")

EXAMPLE: dict[str, Any] = {
    "state": fight_odds.example_json(),
    "fights": 2000,
    "turns": 20,
    "until": "first_titan",
    "seed": 1,
}


def _too_many(path: str, most: int, given: int, setting: str, what: str) -> ApiError:
    return ApiError(
        422,
        "invalid",
        f"{path}: at most {most} {what} here, not {given}",
        [{"path": path, "rule": None, "message": f"at most {most} ({setting})"}],
    )


def _limits(body: dict[str, Any]) -> None:
    """The service's limits, checked before any rule (422 naming the setting)."""
    config = current_app.config
    state = body["state"]
    characters = state.get("characters", [])
    if isinstance(characters, list) and len(characters) > config["TACTICAL_MAX_CHARACTERS"]:
        raise _too_many(
            "state.characters", config["TACTICAL_MAX_CHARACTERS"], len(characters),
            "TITAN_TACTICAL_MAX_CHARACTERS", "characters",
        )  # fmt: skip
    m = state.get("map")
    hexes = m.get("hexes") if isinstance(m, dict) else None
    if isinstance(hexes, dict) and len(hexes) > config["TACTICAL_MAX_HEXES"]:
        raise _too_many(
            "state.map.hexes", config["TACTICAL_MAX_HEXES"], len(hexes),
            "TITAN_TACTICAL_MAX_HEXES", "hexes",
        )  # fmt: skip
    if body["fights"] is not None and body["fights"] > config["TACTICAL_MAX_FIGHTS"]:
        raise _too_many(
            "fights", config["TACTICAL_MAX_FIGHTS"], body["fights"],
            "TITAN_TACTICAL_MAX_FIGHTS", "fights",
        )  # fmt: skip
    if body["turns"] is not None and body["turns"] > config["TACTICAL_MAX_TURNS"]:
        raise _too_many(
            "turns", config["TACTICAL_MAX_TURNS"], body["turns"],
            "TITAN_TACTICAL_MAX_TURNS", "player turns",
        )  # fmt: skip


@bp.post("/odds")
@documented(
    summary="Who wins this fight on our map: each player's chance that its Titan falls and "
    "that it holds the field, its points and healing, each character's survival, the turns",
    request_schema=FightOddsRequestSchema,
    response_schema=FightOddsAnswerSchema,
    tag="tactical",
    example=EXAMPLE,
)
def odds() -> Response:
    body = parse(FightOddsRequestSchema)
    _limits(body)
    config = current_app.config
    state = fight_odds.read_state(body["state"])
    warmup.TACTICAL.require(current_app.config["KERNEL_WAIT_SECONDS"])
    with admission.turn():
        found = fight_odds.odds(
            state,
            fights=body["fights"] or config["TACTICAL_DEFAULT_FIGHTS"],
            seed=body["seed"],
            turns=body["turns"] or min(DEFAULT_TURNS, config["TACTICAL_MAX_TURNS"]),
            until=body["until"],
            most_fights=config["TACTICAL_MAX_FIGHTS"],
            most_turns=config["TACTICAL_MAX_TURNS"],
            time_budget=config["TIME_BUDGET_SECONDS"],
            musters=body["musters"],
            plans=body["plans"],
        )
    return answer(found)


ENGAGEMENT_EXAMPLE: dict[str, Any] = {
    "terrain": "Woods",
    "variant": "tactical",
    "attacker": {"score": 120, "characters": ["Titan", "Druid", "Troll", "Colossus"]},
    "defender": {"characters": ["Hydra", "Cleric", "Ogre", "Venemous Wyrm"]},
}


@bp.post("/engagement")
@documented(
    summary="The game state an Engagement's fight under Tactical Titan's rules starts from: its "
    "Battleland as a one-region map, the Legions at their entry sides, the defender's turn",
    request_schema=OddsRequestSchema,
    response_schema=EngagementStateSchema,
    tag="tactical",
    example=ENGAGEMENT_EXAMPLE,
)
def engagement_state() -> Response:
    """What ``"variant": "tactical"`` plays from (docs/tactical.md), to read, to ask the rules
    endpoints about (/tactical/rules/legal) or to play on with /tactical/odds."""
    request = parse(OddsRequestSchema)
    fight = engagement.prepare(replace(request, variant=TACTICAL, trials=None, precision=None))
    return answer({"state": fight.state.to_dict()})
