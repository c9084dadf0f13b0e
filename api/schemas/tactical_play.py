"""Schemas of a Tactical Titan game state, an action and the rule queries over them (the
variant's book, cited by its sections; docs/tactical.md, "Game state" and "Actions").

Shape only (400): each field of its JSON type. The engine reads the rest
(``engine.tactical.state.GameState.from_dict``, ``engine.tactical.actions.action_from_dict``):
a hex the map lacks or a region it does not have is refused at its path (422), and whether the
state and the action obey the rules is ``engine.tactical.referee``'s question.
"""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, ValidationError, fields

from api.schemas import STRICT as _int
from api.schemas import Boolean, OneOf, Range, RequestSchema
from api.schemas import described as _d
from api.schemas.tactical import TacticalMapSchema
from engine.tactical.actions import ACTION_TYPES
from engine.tactical.state import FORMAT, VERSION, Deed, Phase

SEED_MAX = 2**32 - 1


class MapOrName(fields.Field[Any]):
    """A state's map: the name of an example map, or a whole map as a map file holds it."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, str):
            return value
        if isinstance(value, dict):
            try:
                return TacticalMapSchema().load(value)
            except ValidationError as e:
                raise ValidationError(e.messages) from None
        raise ValidationError("a map's name, or a map (an object)")


class IdOrType(fields.Field[Any]):
    """An action's ``character``: a character's id (an integer), or a type's name (a string)
    for a muster or summoning."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool)):
            return value
        raise ValidationError("a character's id (an integer), or a type's name (a string)")


class PlayerSchema(Schema):
    name = fields.String(required=True, **_d("the player's name (3.0)", example="Red"))
    tower = fields.String(
        allow_none=True,
        **_d(
            "the region name of its starting tower (3.1); null or absent only on a map without "
            "towers (a lone Battleland: docs/rulings.md)",
            example="North Tower",
        ),
    )
    score = fields.Integer(**_int, **_d("its score, 0 or more (8.2)"))
    eliminated = Boolean(**_d("whether its Titan was slain: it is out of the game (2.2.2)"))
    titan_elsewhere = Boolean(
        **_d(
            "whether its characters fight without their Titan, as a TITAN Legion away from its "
            "Titan does: then it is out once none is left (docs/rulings.md); default false"
        )
    )


class CharacterInPlaySchema(Schema):
    id = fields.Integer(**_int, required=True, **_d("the character's id, 1 to next_id - 1"))
    player = fields.String(required=True, **_d("the name of its player"))
    name = fields.String(
        required=True, **_d("its type, as /tactical/characters names it, any case")
    )
    hex = fields.String(required=True, **_d("the label of the hex it stands in"))
    damage = fields.Integer(**_int, **_d("the damage it has taken, below its Power-factor"))
    did = fields.List(
        fields.String(validate=OneOf([d.value for d in Deed])),
        **_d(
            "what it did this turn (each a limit of its phase): " + ", ".join(d.value for d in Deed)
        ),
    )
    poison = fields.Integer(
        **_int, **_d("damage due at the next Strike Phase's start (9.2 Venemous Wyrm)")
    )
    poisoned_by = fields.String(allow_none=True, **_d("the player whose Wyrm poisoned it"))
    slain_by = fields.String(
        allow_none=True,
        **_d("once slain in this Strike Phase: the player who dealt the killing point (2.2.2)"),
    )


class AngelDueSchema(Schema):
    player = fields.String(required=True, **_d("the player who earned it (8.3)"))
    name = fields.String(required=True, **_d("Angel or Archangel"))


class TacticalStateSchema(Schema):
    """A game state (docs/tactical.md, "Game state"): what ``GameState.to_dict`` writes."""

    format = fields.String(**_d(f"always {FORMAT!r}"))
    version = fields.Integer(**_int, **_d(f"the format's version, {VERSION}"))
    map = MapOrName(
        required=True,
        **_d(
            "the name of an example map (GET /api/v1/tactical/maps), or a map as a map file "
            "holds it",
            example="two_shores",
            oneOf=[{"type": "string"}, {"$ref": "#/components/schemas/TacticalMap"}],
        ),
    )
    sets = fields.Integer(**_int, **_d("game sets the counters come from, 1 or more (2.0)"))
    turn = fields.Integer(**_int, **_d("the turn, 1 or more: turn 1 is every player's first"))
    active = fields.String(required=True, **_d("the player whose turn it is (4.0)"))
    phase = fields.String(
        validate=OneOf([p.value for p in Phase]),
        **_d("the active player's phase (4.0)", enum=[p.value for p in Phase]),
    )
    players = fields.List(
        fields.Nested(PlayerSchema), required=True, **_d("the players in turn order (3.3)")
    )
    characters = fields.List(
        fields.Nested(CharacterInPlaySchema),
        **_d(
            "every character in play",
            **{"x-setting": "TITAN_TACTICAL_MAX_CHARACTERS"},
        ),
    )
    mustered_regions = fields.List(
        fields.String(), **_d("the regions of this turn's region musters (6.2)")
    )
    responding = Boolean(
        **_d("the active player has finished striking; the others strike back (8.0)")
    )
    angels_due = fields.List(
        fields.Nested(AngelDueSchema),
        **_d("Angels and Archangels earned, to come into play first, in order (8.3)"),
    )
    muster_pile = fields.Dict(
        keys=fields.String(),
        values=fields.Integer(**_int),
        **_d("{type: counters in the muster pile} (2.2.1); left out: every counter not in play"),
    )
    dead_pile = fields.Dict(
        keys=fields.String(), values=fields.Integer(**_int), **_d("{type: counters slain} (2.2)")
    )
    next_id = fields.Integer(**_int, **_d("the id the next character brought in will take"))


def _ids(text: str) -> fields.List[int]:
    return fields.List(fields.Integer(**_int), **_d(text))


class TacticalActionSchema(Schema):
    """An action (docs/tactical.md, "Actions"): ``type`` and the fields of that type."""

    type = fields.String(
        required=True,
        validate=OneOf(list(ACTION_TYPES)),
        **_d("the action: " + ", ".join(ACTION_TYPES), enum=list(ACTION_TYPES)),
    )
    character = IdOrType(
        **_d(
            "rest, heal, move, teleport, strike, rangestrike: the acting character's id; "
            "muster, summon: the type brought in (summon: an Elemental, Demon, or a Creature)",
            oneOf=[{"type": "integer"}, {"type": "string"}],
        )
    )
    target = fields.Integer(**_int, **_d("heal, strike, rangestrike: the target's id"))
    participants = _ids("muster: the ids of the characters taking part (6.1, 6.2)")
    summoners = _ids("summon: the ids of the Warlocks or Clerics taking part (10.1, 10.2)")
    region = fields.String(**_d("muster: the name of the region mustering (6.2)"))
    hex = fields.String(
        **_d("muster, summon, place_angel: the label of the hex it comes into (6.4, 8.3)")
    )
    to = fields.String(**_d("move, teleport: the label of the hex moved to (7.0, 7.2)"))
    then = fields.String(
        allow_none=True, **_d("teleport: where the Lord goes on to, or null (7.2)")
    )
    path = fields.List(
        fields.String(), **_d("move: the hexes entered in order, the last `to` (optional)")
    )
    dice = fields.List(
        fields.Integer(**_int),
        allow_none=True,
        **_d(
            "the faces rolled, each 1 to 6; null or left out: a declaration, whose dice "
            "/actions/apply rolls"
        ),
    )
    demon_die = fields.Integer(
        **_int, allow_none=True, **_d("summon of a Demon: the die that picks it (10.1)")
    )
    master = Boolean(**_d("muster: on a roll of 12, take the Master Muster character (9.1)"))
    strike_number = fields.Integer(
        **_int, allow_none=True, **_d("strike: the Strike-number declared; null: the least")
    )
    forgo_benefits = Boolean(**_d("strike: forgo hexside benefits (TITAN 12.5)"))
    carry_to = _ids("strike: the ids excess hits carry to, in order (TITAN 12.4, 8.1)")


# --- requests ---------------------------------------------------------------------------------


def _state() -> fields.Nested:
    return fields.Nested(TacticalStateSchema, required=True, **_d("the game state"))


class StateRequestSchema(RequestSchema):
    state = _state()


class ActionRequestSchema(RequestSchema):
    state = _state()
    action = fields.Nested(TacticalActionSchema, required=True, **_d("the action"))


class ApplyRequestSchema(ActionRequestSchema):
    seed = fields.Integer(
        **_int,
        allow_none=True,
        load_default=None,
        validate=Range(min=0, max=SEED_MAX),
        **_d("rolls the dice the action lacks from this seed; null: a fresh one"),
    )


class LegalRequestSchema(RequestSchema):
    state = _state()
    character = fields.Integer(
        **_int, allow_none=True, load_default=None, **_d("the id of the character asked about")
    )
    player = fields.String(
        allow_none=True,
        load_default=None,
        **_d("or the name of the player asked about (any case); neither: everyone"),
    )


# --- answers ----------------------------------------------------------------------------------


class ViolationSchema(Schema):
    code = fields.String(required=True, **_d("a stable code, e.g. may_not_move_there"))
    message = fields.String(required=True, **_d("the problem in words"))
    path = fields.String(
        allow_none=True, required=True, **_d("the JSON path at fault, e.g. action.to")
    )
    rule = fields.String(
        allow_none=True, required=True, **_d("the section broken, e.g. 7.2 (TITAN n: TITAN's)")
    )


class CheckAnswerSchema(Schema):
    valid = fields.Boolean(required=True, **_d("true when nothing is broken"))
    violations = fields.List(
        fields.Nested(ViolationSchema), required=True, **_d("every problem; empty when valid")
    )


class ApplyAnswerSchema(Schema):
    state = fields.Nested(TacticalStateSchema, required=True, **_d("the state after the action"))
    action = fields.Nested(
        TacticalActionSchema, required=True, **_d("the action as applied, with its dice")
    )
    seed = fields.Integer(
        allow_none=True,
        required=True,
        **_d("the seed the dice were rolled from; null when none were rolled (given, or none)"),
    )


class LegalActionSchema(Schema):
    action = fields.Nested(
        TacticalActionSchema,
        required=True,
        **_d("the action, as /actions/validate and /actions/apply take it (a declaration)"),
    )
    hex = fields.String(
        allow_none=True,
        required=True,
        **_d("the hex it concerns: moved to, struck, healed, mustered into"),
    )
    text = fields.String(required=True, **_d("the action in words"))
    dice = fields.Integer(**_d("strike, rangestrike: dice rolled"))
    strike_number = fields.Integer(**_d("strike, rangestrike: the least face that hits"))
    points = fields.Integer(**_d("rest, heal: points it heals"))
    muster_number = fields.Integer(
        **_d("muster, summon: the least roll of two dice that brings it in")
    )


def _legal(text: str) -> fields.List[Any]:
    return fields.List(fields.Nested(LegalActionSchema), required=True, **_d(text))


class LegalAnswerSchema(Schema):
    moves = _legal("moves and teleports (7.0-7.2)")
    strikes = _legal("strikes and rangestrikes (8.0)")
    heals = _legal("rests and heals (5.0-5.3)")
    musters = _legal("region musters and summonings (6.0-6.4, 10.0)")
    other = _legal("placing an Angel due (8.3), ending the phase (4.0)")


class ExampleSummarySchema(Schema):
    name = fields.String(required=True, **_d("the name to ask for it by"))
    title = fields.String(required=True, **_d("the example in a few words"))
    description = fields.String(required=True, **_d("what it shows"))


class ExampleListSchema(Schema):
    states = fields.List(
        fields.Nested(ExampleSummarySchema), required=True, **_d("the example states")
    )


class ExampleStateSchema(ExampleSummarySchema):
    state = fields.Nested(TacticalStateSchema, required=True, **_d("the state"))
