"""Read-only facts of the game, in the field names other clients know."""

from __future__ import annotations

from flask import Blueprint, jsonify

from api.errors import ApiError
from engine import facts
from engine.battlelands import BATTLELANDS
from simulator.tactics import COST, TACTICS

bp = Blueprint("data", __name__, url_prefix="/api/v1")


@bp.get("/characters")
def characters():
    return jsonify(facts.characters_document())


@bp.get("/battlelands/<terrain>")
def battleland(terrain: str):
    if terrain not in BATTLELANDS:
        raise ApiError(
            404,
            "not_found",
            f"no Battleland for terrain {terrain!r}",
            [{"path": "terrain", "rule": "2.2", "message": "one of " + ", ".join(BATTLELANDS)}],
        )
    return jsonify(facts.battleland_document(terrain))


@bp.get("/masterboard")
def masterboard():
    return jsonify(facts.masterboard_document())


@bp.get("/tactics")
def tactics():
    return jsonify(
        {
            "default": "default",
            "tactics": [
                {"name": name, "description": text, "cost": COST[name]}
                for name, text in TACTICS.items()
            ],
        }
    )
