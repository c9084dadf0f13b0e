"""Schemas of a battle position (DESIGN: "A battle position") and of the battle rule queries.

``BattlePositionSchema`` checks the shape (400) and loads into an
``engine.position.BattlePosition``; names it does not know (a character, a
terrain, a hex label) are refused by the engine with their path (422).
Whether the position obeys the rules is ``engine.battle_checks``' question:
views call ``validate_position`` on what this schema loads.
"""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, ValidationError, fields, post_load, validate, validates_schema

from engine.battle_checks import default_entry_side
from engine.battlelands import battleland
from engine.characters import character
from engine.errors import TitanError, UnknownName
from engine.hexes import parse_hex
from engine.position import Army, BattlePosition, Figure, Phase, Side

SIDES = [s.value for s in Side]


class FigureSchema(Schema):
    name = fields.String(required=True)
    hex = fields.String(allow_none=True, load_default=None)
    hits = fields.Integer(strict=True, load_default=0)


class ArmySchema(Schema):
    score = fields.Integer(strict=True, load_default=0)
    characters = fields.List(fields.Nested(FigureSchema), load_default=list)


def _named(build, value: Any, path: str):
    """Build from a name, giving an unknown name its JSON path."""
    try:
        return build(value)
    except UnknownName as e:
        raise UnknownName(e.message, rule=e.rule, path=path) from None


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

    terrain = fields.String(required=True)
    entry_side = fields.Integer(strict=True, allow_none=True, load_default=None)
    turn = fields.Integer(strict=True, load_default=1)
    phase = fields.String(
        load_default=Phase.MANEUVER.value, validate=validate.OneOf([p.value for p in Phase])
    )
    active = fields.String(load_default=Side.DEFENDER.value, validate=validate.OneOf(SIDES))
    attacker = fields.Nested(ArmySchema, load_default=lambda: {"score": 0, "characters": []})
    defender = fields.Nested(ArmySchema, load_default=lambda: {"score": 0, "characters": []})
    summon_used = fields.Boolean(load_default=False)
    reinforcement_used = fields.Boolean(load_default=False)

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

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        try:
            return super()._deserialize(value, attr, data, **kwargs)
        except TitanError as e:
            raise e.under(self.data_key or self.name) from None


class CharacterQuerySchema(Schema):
    """A position and one character of it: by ``hex``, or off the board by ``side`` and ``name``."""

    position = PositionField(required=True)
    hex = fields.String(required=True, allow_none=True)
    side = fields.String(allow_none=True, load_default=None, validate=validate.OneOf(SIDES))
    name = fields.String(allow_none=True, load_default=None)

    @validates_schema
    def off_board_needs_side_and_name(self, data: dict[str, Any], **_: Any) -> None:
        if data.get("hex") is None and (data.get("side") is None or data.get("name") is None):
            raise ValidationError(
                'a character not on the Battleland ("hex": null) is named by "side" and "name"',
                field_name="hex",
            )


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
    kind = fields.String(validate=validate.OneOf(["strike", "rangestrike"]))
    strike_number = fields.Integer()
    dice = fields.Integer()
    carry_over = fields.List(fields.Nested(CarryOverSchema))


class StrikesAnswerSchema(Schema):
    strikes = fields.List(fields.Nested(StrikeOptionSchema))
