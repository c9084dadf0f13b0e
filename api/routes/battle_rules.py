"""Rule queries over a battle position: where a character may move, whom it may strike."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response

from api.requests import answer, documented, parse
from api.schemas.position import (
    CharacterQuerySchema,
    MovesAnswerSchema,
    StrikesAnswerSchema,
)
from engine.battle_checks import validate_position
from engine.characters import character
from engine.errors import RuleError, TitanError, UnknownName
from engine.hexes import hex_name, parse_hex
from engine.movement import legal_moves
from engine.position import BattlePosition, Ref, Side
from engine.strikes import legal_strikes

bp = Blueprint("battle_rules", __name__, url_prefix="/api/v1/rules/battle")


def _query(rule: str) -> tuple[BattlePosition, Ref]:
    """The request's position (checked against the rules) and the character it names."""
    body = parse(CharacterQuerySchema)
    try:
        position = validate_position(body["position"])
    except TitanError as e:
        raise e.under("position") from None
    side = None if body["side"] is None else Side(body["side"])
    name = body["name"]
    if name is not None:
        try:
            character(name)
        except UnknownName as e:
            raise e.at("name") from None
    if body["hex"] is None:
        off_board = Side(body["side"])  # the schema asks a side of a character off the board
        ref = position.find(off_board, None, name)
        if ref is None:
            raise RuleError(
                f"the {off_board} has no {name} off the Battleland",
                rule=rule,
                path="name",
            )
        return position, ref
    try:
        hex_ = parse_hex(body["hex"])
    except UnknownName as e:
        raise e.at("hex") from None
    ref = position.occupant(hex_)
    if ref is None or (side is not None and ref[0] is not side):
        whose = "" if side is None else f"of the {side} "
        raise RuleError(f"no character {whose}on {body['hex']}", rule=rule, path="hex")
    if name is not None and position.figure(ref).name != name:
        raise RuleError(f"no {name} on {body['hex']}", rule=rule, path="name")
    return position, ref


@bp.post("/moves")
@documented(
    summary="Where a character may end its move in its side's current or next Maneuver Phase",
    request_schema=CharacterQuerySchema,
    response_schema=MovesAnswerSchema,
    tag="rules",
)
def moves() -> Response:
    position, ref = _query(rule="11.0")
    return answer({"moves": [hex_name(h) for h in sorted(legal_moves(position, ref))]})


@bp.post("/strikes")
@documented(
    summary="Every legal target of a character in the Strike Phase of (or after) the position",
    request_schema=CharacterQuerySchema,
    response_schema=StrikesAnswerSchema,
    tag="rules",
)
def strikes() -> Response:
    position, ref = _query(rule="12.0")
    options: list[dict[str, Any]] = [option.to_dict() for option in legal_strikes(position, ref)]
    return answer({"strikes": options})
