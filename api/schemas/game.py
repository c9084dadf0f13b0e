"""Schemas of a game state and an action (DESIGN: "A game state") and of the game rule queries.

Shape only (400). ``GameStateSchema`` and ``ActionSchema`` load into
``engine.game.state.GameState`` and ``engine.game.action.Action``; whether
they obey the rules is ``engine.game``'s question (``/validate`` answers it).
"""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, post_load

from api.schemas import STRICT as _int
from api.schemas import Boolean, OneOf, Range, RequestSchema, bounded, describe
from api.schemas.names import character_name, land_number, variant_name
from engine.game.action import ACTION_TYPES, CONCESSIONS, Action
from engine.game.state import GamePhase, GameState
from engine.scoring import LEGION_LIMIT
from simulator.limits import MAX_SCORE, Apart, Needs


def _counts() -> fields.Dict:
    return fields.Dict(
        keys=fields.String(), values=fields.Integer(**_int), load_default=dict, allow_none=True
    )


class PlayerSchema(Schema):
    color = fields.String(required=True)
    score = fields.Integer(**_int, load_default=0)
    tower = fields.Integer(**_int, required=True)
    eliminated = Boolean(load_default=False)
    markers_available = fields.List(fields.String(), load_default=list)


class LegionSchema(Schema):
    marker = fields.String(required=True)
    player = fields.String(required=True)
    land = fields.Integer(**_int, required=True)
    characters = fields.List(character_name(), required=True)
    moved = Boolean(load_default=False)
    entry_side = fields.Integer(**_int, allow_none=True, load_default=None)
    teleported = Boolean(load_default=False)
    mustered = Boolean(load_default=False)


class GameStateSchema(Schema):
    variant = fields.String(load_default="default")
    turn = fields.Integer(**_int, load_default=1)
    mover = fields.String(allow_none=True, load_default=None)
    phase = fields.String(
        load_default=GamePhase.SPLIT.value, validate=OneOf([p.value for p in GamePhase])
    )
    movement_roll = fields.Integer(**_int, allow_none=True, load_default=None)
    players = fields.List(fields.Nested(PlayerSchema), required=True)
    legions = fields.List(fields.Nested(LegionSchema), required=True)
    caretaker = _counts()
    dead = _counts()
    summon_used = Boolean(load_default=False)
    mulligan_taken = Boolean(load_default=False)

    @post_load
    def build(self, data: dict[str, Any], **_kw: Any) -> GameState:
        data["caretaker"] = data.get("caretaker") or {}
        data["dead"] = data.get("dead") or {}
        return GameState.from_dict(data)


class ActionSchema(Schema):
    type = fields.String(required=True, validate=OneOf(ACTION_TYPES))
    legion = fields.String(allow_none=True)
    new_marker = fields.String(allow_none=True)
    characters = fields.List(fields.String(), allow_none=True)
    to = fields.Integer(**_int, allow_none=True)
    entry_side = fields.Integer(**_int, allow_none=True)
    teleport = fields.String(allow_none=True, validate=OneOf(["tower", "titan"]))
    lord = fields.String(allow_none=True)
    character = fields.String(allow_none=True)
    reveal = fields.List(fields.String(), allow_none=True)
    donor = fields.String(allow_none=True)
    winner = fields.String(allow_none=True)
    survivors = fields.List(fields.String(), allow_none=True)
    land = fields.Integer(**_int, allow_none=True)
    time_loss = Boolean(allow_none=True)
    points = fields.Integer(**_int, allow_none=True)
    score_before = fields.Integer(**_int, allow_none=True)
    attacker_conceded = fields.String(
        allow_none=True,
        validate=OneOf(CONCESSIONS),
        metadata={
            "description": "reinforce: the attacker conceded before_entering the Battleland "
            "(no reinforcement, 14.2) or after_entering it"
        },
    )

    @post_load
    def build(self, data: dict[str, Any], **_kw: Any) -> Action:
        return Action.from_dict(data)


class ValidateRequestSchema(RequestSchema):
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


def _forms(short: tuple[str, ...]) -> tuple[Needs | Apart, ...]:
    """A state and its Legion, or the short form (whose fields ``short`` the state tells)."""
    return (
        Needs(
            (("state", "legion"), ("land", "characters")),
            "give a state and a legion, or a land and characters",
            path="land",
        ),
        Apart("state", short, "with a state, leave out the short form's " + ", ".join(short)),
    )


SHORT_FORM = ("land", "characters", "variant")


class _StateOrShortForm(RequestSchema):
    """Either ``state`` and ``legion``, or the short form's ``land`` and ``characters``."""

    needs = _forms(SHORT_FORM)

    state = fields.Nested(GameStateSchema, allow_none=True, load_default=None)
    legion = fields.String(allow_none=True, load_default=None)
    land = land_number(allow_none=True, load_default=None)
    # 1 to 7 characters (4.1) are the rules' to check (422, naming them)
    characters = fields.List(
        character_name(),
        allow_none=True,
        load_default=None,
        metadata={"minItems": 1, "maxItems": LEGION_LIMIT},
    )
    variant = variant_name(load_default="default")


class MovesRequestSchema(_StateOrShortForm):
    needs = (
        *_forms((*SHORT_FORM, "score", "friendly", "enemy", "engaged", "teleported")),
        # the short form has no Movement Roll of its own to default to (6.2): the view's check
        Needs((("state",), ("roll",)), "give the Movement Roll", path="roll", rule="6.2"),
    )

    roll = fields.Integer(**_int, allow_none=True, load_default=None, validate=Range(1, 6))
    score = bounded(0, MAX_SCORE, load_default=0)
    friendly = fields.List(land_number(), load_default=list)
    enemy = fields.List(land_number(), load_default=list)
    engaged = fields.List(land_number(), load_default=list)
    teleported = Boolean(
        load_default=False, metadata={"description": "another Legion has teleported this turn"}
    )


class MoveSchema(Schema):
    land = fields.Integer(required=True)
    entry_side = fields.Integer(required=True, metadata={"description": "1, 3 or 5"})
    teleport = fields.String(allow_none=True, metadata={"description": "null, tower or titan"})


class MovesAnswerSchema(Schema):
    moves = fields.List(fields.Nested(MoveSchema), required=True)


class RecruitsRequestSchema(_StateOrShortForm):
    needs = _forms((*SHORT_FORM, "caretaker"))

    caretaker = fields.Dict(
        keys=fields.String(), values=fields.Integer(**_int), allow_none=True, load_default=None
    )


class RecruitSchema(Schema):
    character = fields.String(required=True)
    reveal = fields.List(fields.String(), required=True)


class RecruitsAnswerSchema(Schema):
    recruits = fields.List(fields.Nested(RecruitSchema), required=True)


describe(
    PlayerSchema,
    color="the player's colour (Black, Blue, Brown, Gold, Green, Red); its markers are named "
    "by it (Rd01 for Red)",
    score="the player's score in points, 0 or more (16.0); sets its Titan's Power (19.1)",
    tower="the player's Tower land, 100 to 600 (5.1)",
    eliminated="whether the player is out of the game (19.4)",
    markers_available="the player's Legion markers not in play (4.2), e.g. Rd03",
)
describe(
    LegionSchema,
    marker="the Legion's marker, e.g. Rd01 (4.2)",
    player="the colour of its player",
    land="the Masterboard land it stands on (2.1)",
    characters="its characters by rule-book name, 1 to 7 (4.1)",
    moved="whether it has moved this Game-Turn (7.0)",
    entry_side="the side it entered its land by this turn: 1, 3 or 5 as /rules/masterboard/moves"
    " reports it (10.1), or null",
    teleported="whether it teleported this turn (8.0)",
    mustered="whether it has mustered this turn (18.0)",
)
describe(
    GameStateSchema,
    variant="the rules variant (21.3)",
    turn="the Game-Turn, 1 or more",
    mover="the colour of the player whose turn it is, or null",
    phase="the phase of the Mover's turn (6.0): split, move, engage or muster",
    movement_roll="the Mover's Movement Roll this turn, 1 to 6 (6.2), or null",
    players="every player",
    legions="every Legion on the Masterboard",
    caretaker="{character: counters left in the caretaker's stacks} (2.3)",
    dead="{character: counters slain and out of the game} (2.3)",
    summon_used="whether a Lord has been summoned this Engagement Phase (15.0)",
    mulligan_taken="whether the Mover has taken its one mulligan (7.6)",
)
describe(
    ActionSchema,
    type="the action: " + ", ".join(ACTION_TYPES),
    legion="the marker of the Legion that acts",
    new_marker="split: the marker of the new Legion (4.2)",
    characters="split: the characters that leave for the new Legion (4.3)",
    to="move: the land moved to",
    entry_side="move: the side of that land entered by, 1, 3 or 5 (10.1; 5 into a Tower, "
    "10.2), as /rules/masterboard/moves reports it",
    teleport="move: null, tower (8.1) or titan (8.2)",
    lord="move: the Lord revealed for a teleport (8.1, 8.2)",
    character="muster, reinforce, summon, acquire: the character",
    reveal="muster, reinforce: the characters revealed to muster it (18.0)",
    donor="summon: the marker of the Legion the Lord comes from (15.0)",
    winner="battle_result: the winning Legion's marker, null when both died",
    survivors="battle_result: the winner's characters left",
    land="battle_result: the land of the Engagement",
    time_loss="battle_result: the Battle ended on the time limit (10.5)",
    points="battle_result: the points claimed, checked when given (16.0)",
    score_before="acquire: the player's score before the Engagement (17.2)",
)
describe(
    ValidateRequestSchema,
    state="the game state",
    action="one action to check in it, or null to check the state alone",
)
describe(
    ViolationSchema,
    code="a stable code of the problem, e.g. wrong_entry_side",
    message="the problem in words",
    path="the JSON path of the field at fault, e.g. action.entry_side",
    rule="the rule number broken, e.g. 10.1",
)
describe(
    ValidateAnswerSchema,
    valid="true when nothing is broken",
    violations="every problem found; empty when valid",
)
describe(
    _StateOrShortForm,
    state="the full form: a game state (with `legion`)",
    legion="the full form: the marker of the Legion asked about",
    land="the short form: the land the Legion stands on (2.1)",
    characters="the short form: the Legion's characters",
    variant="the rules variant (21.3)",
)
describe(
    MovesRequestSchema,
    roll="the Movement Roll, 1 to 6 (6.2); with a state, default its movement_roll",
    score="the short form: the player's score (a Titan teleports from 400, 19.2)",
    friendly="the short form: lands of the Mover's other Legions (passed, never ended on, 7.1)",
    enemy="the short form: lands of other players' Legions (a move stops there, 7.1)",
    engaged="the short form: lands of this turn's Engagements (never entered, 7.1)",
)
describe(
    MoveSchema,
    land="a land the Legion may end its move on",
    entry_side="the side of that land it enters by (10.1): 1, 3 or 5, numbered clockwise from "
    "the land's label side as the Colossus and Slugathon clients number it; 5 into a Tower "
    "(10.2); the Battle there is fought from this side",
    teleport="null for a normal move, tower (8.1) or titan (8.2)",
)
describe(MovesAnswerSchema, moves="every move, sorted by land, entry side and teleport")
describe(
    RecruitsRequestSchema,
    caretaker="the short form: {character: counters left}; one with none is not offered (2.3)",
)
describe(
    RecruitSchema,
    character="a character the Legion may muster (18.0)",
    reveal="the characters it reveals to muster it (18.2)",
)
describe(RecruitsAnswerSchema, recruits="every legal recruit, lesser first, with its reveals")
