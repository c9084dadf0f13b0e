"""Schemas of a battle position (DESIGN: "A battle position") and of the battle rule queries.

``BattlePositionSchema`` checks the shape (400) and loads into an
``engine.position.BattlePosition``; names it does not know (a character, a
terrain, a hex label) are refused by the engine with their path (422).
Whether the position obeys the rules is ``engine.battle_checks``' question:
views call ``validate_position`` on what this schema loads.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from marshmallow import Schema, fields, post_load
from marshmallow.types import StrSequenceOrSet

from api.schemas import Boolean, OneOf, RequestSchema, bounded, describe
from api.schemas.names import character_name, hex_label, terrain_name
from engine.battle_checks import default_entry_side
from engine.battle_turns import LAST_TURN
from engine.battlelands import battleland
from engine.characters import character
from engine.errors import TitanError, UnknownName
from engine.hexes import ENTRY_SIDES, parse_hex
from engine.position import Army, BattlePosition, Figure, Phase, Side
from engine.scoring import LEGION_LIMIT
from simulator.limits import MAX_HITS, MAX_SCORE, Needs

SIDES = [s.value for s in Side]

T = TypeVar("T")


# Bounds the rules hold (hits below Power, 12.3; seven Battle-Rounds, 10.5; seven characters,
# 4.1): published here, refused by engine.battle_checks with their rule (422).


class FigureSchema(Schema):
    name = character_name(required=True)
    hex = hex_label(allow_none=True, load_default=None)
    hits = fields.Integer(strict=True, load_default=0, metadata={"minimum": 0, "maximum": MAX_HITS})


class ArmySchema(Schema):
    score = bounded(0, MAX_SCORE, load_default=0)
    characters = fields.List(
        fields.Nested(FigureSchema), load_default=list, metadata={"maxItems": LEGION_LIMIT}
    )


def _named(build: Callable[[Any], T], value: Any, path: str) -> T:
    """Build from a name, giving an unknown name its JSON path."""
    try:
        return build(value)
    except UnknownName as e:
        raise e.at(path) from None


def _army(side: str, raw: dict[str, Any]) -> Army:
    figures = []
    for i, f in enumerate(raw["characters"]):
        path = f"{side}.characters[{i}]"
        _named(character, f["name"], f"{path}.name")
        label = f["hex"]
        where = None if label is None else _named(parse_hex, label, f"{path}.hex")
        figures.append(Figure(f["name"], where, f["hits"]))
    return Army(raw["score"], tuple(figures))


class BattlePositionSchema(Schema):
    """A battle position; loads into ``BattlePosition`` (unknown fields refused: 400)."""

    terrain = terrain_name(required=True)
    entry_side = fields.Integer(
        strict=True, allow_none=True, load_default=None, metadata={"enum": [*ENTRY_SIDES, None]}
    )
    turn = fields.Integer(
        strict=True, load_default=1, metadata={"minimum": 1, "maximum": LAST_TURN}
    )
    phase = fields.String(
        load_default=Phase.MANEUVER.value, validate=OneOf([p.value for p in Phase])
    )
    active = fields.String(load_default=Side.DEFENDER.value, validate=OneOf(SIDES))
    attacker = fields.Nested(ArmySchema, load_default=lambda: {"score": 0, "characters": []})
    defender = fields.Nested(ArmySchema, load_default=lambda: {"score": 0, "characters": []})
    summon_used = Boolean(load_default=False)
    reinforcement_used = Boolean(load_default=False)

    @post_load
    def build(self, data: dict[str, Any], **_: Any) -> BattlePosition:
        _named(battleland, data["terrain"], "terrain")
        entry_side = data["entry_side"]
        if entry_side is None:
            entry_side = default_entry_side(data["terrain"])
        return BattlePosition(
            terrain=data["terrain"],
            entry_side=entry_side,
            turn=data["turn"],
            phase=Phase(data["phase"]),
            active=Side(data["active"]),
            attacker=_army("attacker", data["attacker"]),
            defender=_army("defender", data["defender"]),
            summon_used=data["summon_used"],
            reinforcement_used=data["reinforcement_used"],
        )


PositionSchema = BattlePositionSchema  # the name the odds request schema looks for


class PositionField(fields.Nested):
    """A nested battle position: what its loading refuses is placed under the field's name."""

    def __init__(self, **kwargs: Any):
        super().__init__(BattlePositionSchema, **kwargs)

    def _deserialize(
        self,
        value: Any,
        attr: str | None,
        data: Mapping[str, Any] | None,
        partial: bool | StrSequenceOrSet | None = None,
        **kwargs: Any,
    ) -> Any:
        try:
            return super()._deserialize(value, attr, data, partial, **kwargs)
        except TitanError as e:
            name = self.data_key or self.name
            raise (e if name is None else e.under(name)) from None


class CharacterQuerySchema(RequestSchema):
    """A position and one character of it: by ``hex``, or off the board by ``side`` and ``name``
    (with a ``hex``, a ``side`` or ``name`` given must be that of the character there)."""

    needs = (
        Needs(
            (("hex",), ("side", "name")),
            'a character not on the Battleland ("hex": null) is named by "side" and "name"',
            path="hex",
        ),
    )

    position = PositionField(required=True)
    hex = hex_label(required=True, allow_none=True)
    side = fields.String(allow_none=True, load_default=None, validate=OneOf(SIDES))
    name = character_name(allow_none=True, load_default=None)


class MovesAnswerSchema(Schema):
    moves = fields.List(fields.String(), metadata={"description": "labels, in label order"})


class CarryOverSchema(Schema):
    """A Strike-number the striker may declare to carry excess hits over (12.4, 12.5)."""

    strike_number = fields.Integer()
    forgo_benefits = fields.Boolean()
    dice = fields.Integer()
    targets = fields.List(fields.String())


class StrikeOptionSchema(Schema):
    target = fields.String()
    kind = fields.String(validate=OneOf(["strike", "rangestrike"]))
    strike_number = fields.Integer()
    dice = fields.Integer()
    carry_over = fields.List(fields.Nested(CarryOverSchema))


class StrikesAnswerSchema(Schema):
    strikes = fields.List(fields.Nested(StrikeOptionSchema))


describe(
    FigureSchema,
    name="the character by rule-book name (3.5), any case",
    hex="its hex label, A1 to F4 (docs/api.md: the Battleland's labels), or null while it is "
    "still off the Battleland (not yet entered, 10.1; a summoned Lord or reinforcement to come)",
    hits="hits it carries, 0 up to one less than its Power (12.3)",
)
describe(
    ArmySchema,
    score="the player's score in points, 0 or more (the Titan's Power, 19.1)",
    characters="the side's characters still in the Battle, slain ones left out",
)
describe(
    BattlePositionSchema,
    terrain="the Battleland (2.2)",
    entry_side="the attacker's entry side, 1, 3 or 5 (10.1); default 1, in the Tower 5 (10.2)",
    turn="the Battle round, 1 to 7 (10.5)",
    phase="the phase about to be played: maneuver or strike (10.0)",
    active="the side whose phase it is: attacker or defender (the defender moves first, 10.1)",
    attacker="the attacking side",
    defender="the defending side",
    summon_used="whether the attacker has summoned its Lord in this Battle (15.0)",
    reinforcement_used="whether the defender has mustered its reinforcement (14.1)",
)
describe(
    CharacterQuerySchema,
    position="the battle position",
    hex="the hex of the character asked about, or null for one off the Battleland",
    side="off the Battleland: its side (with a hex: the side of the character there)",
    name="off the Battleland: its name (with a hex: the name of the character there)",
)
describe(MovesAnswerSchema, moves="hex labels where it may end its move (11.x), in label order")
describe(
    CarryOverSchema,
    strike_number="the Strike-number to declare (12.4)",
    forgo_benefits="whether declaring it forgoes a hazard's benefit (12.5)",
    dice="dice rolled",
    targets="the hexes the excess hits may carry to",
)
describe(
    StrikeOptionSchema,
    target="the target's hex label",
    kind="strike (12.0) or rangestrike (13.0)",
    strike_number="the Strike-number needed, unpenalised (12.7)",
    dice="dice rolled (12.2, 13.3)",
    carry_over="higher Strike-numbers it may declare to carry hits over (12.4, 12.5)",
)
describe(StrikesAnswerSchema, strikes="every legal target")
