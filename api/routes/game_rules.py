"""The whole game's rules: validating a state (and an action), masterboard moves, recruits."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response

from api.requests import answer, documented, parse
from api.schemas import ruled_problems
from api.schemas.game import (
    MovesAnswerSchema,
    MovesRequestSchema,
    RecruitsAnswerSchema,
    RecruitsRequestSchema,
    ValidateAnswerSchema,
    ValidateRequestSchema,
)
from engine.characters import character
from engine.errors import RuleError, TitanError, UnknownName, Violations
from engine.game.actions import check_game
from engine.game.move_checks import legion_moves
from engine.game.movement import all_moves
from engine.game.muster_checks import legion_recruits
from engine.game.state import GameState, Legion
from engine.game.state_checks import check_state
from engine.legion_checks import legion_problems
from engine.masterboard import land as masterboard_land
from engine.musters import legal_recruits
from engine.variants import variant

bp = Blueprint("game_rules", __name__, url_prefix="/api/v1")


@bp.post("/validate")
@documented(
    summary="Every rule a game state (and optionally one action in it) breaks",
    request_schema=ValidateRequestSchema,
    response_schema=ValidateAnswerSchema,
    tag="rules",
)
def validate() -> Response:
    body = parse(ValidateRequestSchema)
    problems = check_game(body["state"], body["action"])
    return answer({"valid": not problems, "violations": [p.to_dict() for p in problems]})


def _legion_of(body: dict[str, Any]) -> tuple[GameState, Legion]:
    """The request's state and the Legion it names; a state the rules do not allow is refused
    (422, every problem with its rule), as no answer about it would be one of the game's."""
    state: GameState = body["state"]
    problems = check_state(state)
    if problems:
        raise Violations([p.as_error() for p in problems])
    legion = state.legion(body["legion"])
    if legion is None:
        raise RuleError(f"no Legion {body['legion']!r} in the state", rule="4.2", path="legion")
    return state, legion


def _known_land(number: int, path: str = "land") -> int:
    try:
        return masterboard_land(number).number
    except UnknownName as e:
        raise e.at(path) from None


def _variant_problems(name: str) -> list[TitanError]:
    try:
        variant(name)
    except UnknownName as e:
        return [e.at("variant")]
    return []


def _legion_problems(names: list[str]) -> list[TitanError]:
    """The short form's Legion: every name known (3.5), and a Legion the rules allow (4.1 at
    least one character and at most seven, 3.1 one Titan)."""
    found: list[TitanError] = []
    for i, name in enumerate(names):
        try:
            character(name)
        except UnknownName as e:
            found.append(e.at(f"characters[{i}]"))
    if not names:
        found.append(
            RuleError("a Legion holds at least one character", rule="4.1", path="characters")
        )
    return found + list(legion_problems("the Legion", names, "characters"))


def _caretaker_problems(caretaker: dict[str, int] | None) -> list[TitanError]:
    """The short form's caretaker: counters of characters the game has (3.5), none negative."""
    found: list[TitanError] = []
    for name, count in (caretaker or {}).items():
        try:
            character(name)
        except UnknownName as e:
            found.append(e.at(f"caretaker.{name}"))
        if count < 0:
            found.append(
                RuleError(
                    "a count of counters is never negative", rule="2.3", path=f"caretaker.{name}"
                )
            )
    return found


def _raise(problems: list[TitanError]) -> None:
    """One problem as itself, several at once."""
    if len(problems) > 1:
        raise Violations(problems)
    if problems:
        raise problems[0]


@bp.post("/rules/masterboard/moves")
@documented(
    summary="Where a Legion may move for a Movement Roll, with the side it enters by and teleports",
    request_schema=MovesRequestSchema,
    response_schema=MovesAnswerSchema,
    tag="rules",
)
def masterboard_moves() -> Response:
    body = parse(MovesRequestSchema)
    if body["state"] is not None:
        state, legion = _legion_of(body)
        roll = body["roll"] if body["roll"] is not None else state.movement_roll
        if roll is None:
            raise RuleError("no Movement Roll in the state: give roll", rule="6.2", path="roll")
        moves = legion_moves(state, legion, roll)
    else:
        problems: list[TitanError] = list(ruled_problems(MovesRequestSchema, body))  # 6.2
        for key in ("land", "friendly", "enemy", "engaged"):
            for i, number in enumerate([body[key]] if key == "land" else body[key]):
                try:
                    _known_land(number, key if key == "land" else f"{key}[{i}]")
                except UnknownName as e:
                    problems.append(e)
        problems += _legion_problems(body["characters"]) + _variant_problems(body["variant"])
        _raise(problems)
        moves = all_moves(
            _known_land(body["land"]),
            body["roll"],
            body["characters"],
            body["score"],
            friendly=set(body["friendly"]),
            enemy=set(body["enemy"]),
            engaged=set(body["engaged"]),
            may_teleport=not body["teleported"],
        )
    return answer({"moves": [m.to_dict() for m in moves]})


@bp.post("/rules/recruits")
@documented(
    summary="What a Legion may muster on its land, and what it reveals for each",
    request_schema=RecruitsRequestSchema,
    response_schema=RecruitsAnswerSchema,
    tag="rules",
)
def recruits() -> Response:
    body = parse(RecruitsRequestSchema)
    if body["state"] is not None:
        state, legion = _legion_of(body)
        found = legion_recruits(state, legion)
    else:
        _raise(
            _legion_problems(body["characters"])
            + _caretaker_problems(body["caretaker"])
            + _variant_problems(body["variant"])
        )
        terrain = masterboard_land(_known_land(body["land"])).terrain
        found = legal_recruits(
            body["characters"], terrain, variant=body["variant"], caretaker=body["caretaker"]
        )
    return answer(
        {"recruits": [{"character": r.character, "reveal": list(r.reveal)} for r in found]}
    )
