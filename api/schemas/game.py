"""Schemas of a game state and an action (DESIGN: "A game state") and of the game rule queries.

Shape only (400). ``GameStateSchema`` and ``ActionSchema`` load into
``engine.game.state.GameState`` and ``engine.game.action.Action``; whether
they obey the rules is ``engine.game``'s question (``/validate`` answers it).
"""

from __future__ import annotations

from marshmallow import Schema, ValidationError, fields, post_load, validate, validates_schema

from engine.game.action import ACTION_TYPES, CONCESSIONS, Action
from engine.game.state import GamePhase, GameState

_int = {"strict": True}


def _counts() -> fields.Dict:
    return fields.Dict(
        keys=fields.String(), values=fields.Integer(**_int), load_default=dict, allow_none=True
    )


class PlayerSchema(Schema):
    color = fields.String(required=True)
    score = fields.Integer(**_int, load_default=0)
    tower = fields.Integer(**_int, required=True)
    eliminated = fields.Boolean(load_default=False)
    markers_available = fields.List(fields.String(), load_default=list)


class LegionSchema(Schema):
    marker = fields.String(required=True)
    player = fields.String(required=True)
    land = fields.Integer(**_int, required=True)
    characters = fields.List(fields.String(), required=True)
    moved = fields.Boolean(load_default=False)
    entry_side = fields.Integer(**_int, allow_none=True, load_default=None)
    teleported = fields.Boolean(load_default=False)
    mustered = fields.Boolean(load_default=False)


class GameStateSchema(Schema):
    variant = fields.String(load_default="default")
    turn = fields.Integer(**_int, load_default=1)
    mover = fields.String(allow_none=True, load_default=None)
    phase = fields.String(
        load_default=GamePhase.SPLIT.value, validate=validate.OneOf([p.value for p in GamePhase])
    )
    movement_roll = fields.Integer(**_int, allow_none=True, load_default=None)
    players = fields.List(fields.Nested(PlayerSchema), required=True)
    legions = fields.List(fields.Nested(LegionSchema), required=True)
    caretaker = _counts()
    dead = _counts()
    summon_used = fields.Boolean(load_default=False)
    mulligan_taken = fields.Boolean(load_default=False)

    @post_load
    def build(self, data, **_kw) -> GameState:
        data["caretaker"] = data.get("caretaker") or {}
        data["dead"] = data.get("dead") or {}
        return GameState.from_dict(data)


class ActionSchema(Schema):
    type = fields.String(required=True, validate=validate.OneOf(ACTION_TYPES))
    legion = fields.String(allow_none=True)
    new_marker = fields.String(allow_none=True)
    characters = fields.List(fields.String(), allow_none=True)
    to = fields.Integer(**_int, allow_none=True)
    entry_side = fields.Integer(**_int, allow_none=True)
    teleport = fields.String(allow_none=True, validate=validate.OneOf(["tower", "titan"]))
    lord = fields.String(allow_none=True)
    character = fields.String(allow_none=True)
    reveal = fields.List(fields.String(), allow_none=True)
    donor = fields.String(allow_none=True)
    winner = fields.String(allow_none=True)
    survivors = fields.List(fields.String(), allow_none=True)
    land = fields.Integer(**_int, allow_none=True)
    time_loss = fields.Boolean(allow_none=True)
    points = fields.Integer(**_int, allow_none=True)
    score_before = fields.Integer(**_int, allow_none=True)
    attacker_conceded = fields.String(
        allow_none=True,
        validate=validate.OneOf(CONCESSIONS),
        metadata={
            "description": "reinforce: the attacker conceded before_entering the Battleland "
            "(no reinforcement, 14.2) or after_entering it"
        },
    )

    @post_load
    def build(self, data, **_kw) -> Action:
        return Action.from_dict(data)


class ValidateRequestSchema(Schema):
    state = fields.Nested(GameStateSchema, required=True)
    action = fields.Nested(ActionSchema, allow_none=True, load_default=None)


class ViolationSchema(Schema):
    code = fields.String(required=True)
    message = fields.String(required=True)
    path = fields.String(allow_none=True)
    rule = fields.String(allow_none=True)


class ValidateAnswerSchema(Schema):
    valid = fields.Boolean(required=True)
    violations = fields.List(fields.Nested(ViolationSchema), required=True)


class _StateOrShortForm(Schema):
    """Either ``state`` and ``legion``, or the short form's ``land`` and ``characters``."""

    state = fields.Nested(GameStateSchema, allow_none=True, load_default=None)
    legion = fields.String(allow_none=True, load_default=None)
    land = fields.Integer(**_int, allow_none=True, load_default=None)
    characters = fields.List(fields.String(), allow_none=True, load_default=None)
    variant = fields.String(load_default="default")

    @validates_schema
    def one_form(self, data, **_kw):
        if data.get("state") is not None:
            if not data.get("legion"):
                raise ValidationError("name the Legion of the state", "legion")
        elif data.get("land") is None or data.get("characters") is None:
            raise ValidationError("give a state and a legion, or a land and characters", "land")


class MovesRequestSchema(_StateOrShortForm):
    roll = fields.Integer(**_int, allow_none=True, load_default=None, validate=validate.Range(1, 6))
    score = fields.Integer(**_int, load_default=0)
    friendly = fields.List(fields.Integer(**_int), load_default=list)
    enemy = fields.List(fields.Integer(**_int), load_default=list)
    engaged = fields.List(fields.Integer(**_int), load_default=list)
    teleported = fields.Boolean(
        load_default=False, metadata={"description": "another Legion has teleported this turn"}
    )


class MoveSchema(Schema):
    land = fields.Integer(required=True)
    entry_side = fields.Integer(required=True, metadata={"description": "1, 3 or 5"})
    teleport = fields.String(allow_none=True, metadata={"description": "null, tower or titan"})


class MovesAnswerSchema(Schema):
    moves = fields.List(fields.Nested(MoveSchema), required=True)


class RecruitsRequestSchema(_StateOrShortForm):
    caretaker = fields.Dict(
        keys=fields.String(), values=fields.Integer(**_int), allow_none=True, load_default=None
    )


class RecruitSchema(Schema):
    character = fields.String(required=True)
    reveal = fields.List(fields.String(), required=True)


class RecruitsAnswerSchema(Schema):
    recruits = fields.List(fields.Nested(RecruitSchema), required=True)
