"""Read-only facts of the game, in the field names other clients know."""

from __future__ import annotations

from flask import Blueprint, Response

from api.errors import ApiError
from api.requests import answer, documented
from api.schemas.data import (
    BattlelandSchema,
    CharactersSchema,
    MasterboardSchema,
    TacticsListSchema,
)
from engine import facts
from engine.battlelands import BATTLELANDS
from simulator.tactics import COST, TACTICS

bp = Blueprint("data", __name__, url_prefix="/api/v1")


@bp.get("/characters")
@documented(
    summary="Every character: power, skill, flight, rangestrike, native lands, count",
    response_schema=CharactersSchema,
    tag="data",
)
def characters() -> Response:
    return answer(facts.characters_document())


@bp.get("/battlelands/<terrain>")
@documented(
    summary="One terrain's Battleland: its hexes, hazards, hexsides and entry sides",
    response_schema=BattlelandSchema,
    tag="data",
    arguments={"terrain": lambda: list(BATTLELANDS)},
)
def battleland(terrain: str) -> Response:
    if terrain not in BATTLELANDS:
        raise ApiError(
            404,
            "not_found",
            f"no Battleland for terrain {terrain!r}",
            [{"path": "terrain", "rule": "2.2", "message": "one of " + ", ".join(BATTLELANDS)}],
        )
    return answer(facts.battleland_document(terrain))


@bp.get("/masterboard")
@documented(
    summary="The Masterboard: every land, its terrain, exits, label side and entry sides",
    response_schema=MasterboardSchema,
    tag="data",
)
def masterboard() -> Response:
    return answer(facts.masterboard_document())


@bp.get("/tactics")
@documented(
    summary=(
        "Every tactic a side may play: its name, what it does, and its cost (time per Battle "
        "relative to the default)"
    ),
    response_schema=TacticsListSchema,
    tag="data",
)
def tactics() -> Response:
    listed = [{"name": n, "description": text, "cost": COST[n]} for n, text in TACTICS.items()]
    return answer({"default": "default", "tactics": listed})
