"""Schemas of the read-only facts: characters, Battlelands, the Masterboard."""

from __future__ import annotations

from marshmallow import Schema, fields

from api.schemas import describe
from api.schemas import described as _d
from api.schemas.names import character_name, terrain_name


class CharacterSchema(Schema):
    power = fields.Integer(
        allow_none=True, required=True, **_d("Power, dice per strike (3.5); null for the Titan")
    )
    skill = fields.Integer(required=True, **_d("Skill, 1 to 4 (3.5, 12.7)"))
    rangestrikes = fields.Boolean(required=True, **_d("whether it may rangestrike (13.0)"))
    magic_missile = fields.Boolean(
        required=True, **_d("the Warlock's unblockable rangestrike (13.5)")
    )
    flies = fields.Boolean(required=True, **_d("whether it flies (11.5)"))
    class_ = fields.String(
        data_key="class",
        attribute="class",
        required=True,
        **_d("lord, demilord or creature (3.2-3.4)", enum=["lord", "demilord", "creature"]),
    )
    count = fields.Integer(required=True, **_d("counters in the box, the caretaker's supply"))
    natives = fields.List(fields.String(), required=True, **_d("hazards it is native to"))
    value = fields.Integer(
        allow_none=True, required=True, **_d("points it is worth: Power x Skill (16.0)")
    )
    range_strength = fields.Integer(
        allow_none=True, required=True, **_d("dice of its rangestrike (13.3), or null")
    )


class StrikeChartSchema(Schema):
    rows_are = fields.String(required=True)
    columns_are = fields.String(required=True)
    source = fields.String(required=True)
    table = fields.Dict(
        keys=fields.String(),
        values=fields.Dict(keys=fields.String(), values=fields.Integer()),
        required=True,
        **_d("{defender skill: {attacker skill: Strike number}} (12.7)"),
    )


class CharactersSchema(Schema):
    characters = fields.Dict(
        keys=character_name(),
        values=fields.Nested(CharacterSchema),
        required=True,
        **_d("every character by rule-book name"),
    )
    recruit_chart = fields.Dict(
        keys=terrain_name(),
        values=fields.Raw(),
        required=True,
        **_d(
            "each terrain's Masterchart, lowest first: [{name, needed_for_next}] (18.2-18.3);"
            " the Tower's rules in words (18.5)"
        ),
    )
    strike_chart = fields.Nested(StrikeChartSchema, required=True)


class HexSchema(Schema):
    hazard = fields.String(
        required=True,
        **_d(
            "the hex's hazard (11.x)",
            enum=["Plain", "Bramble", "Bog", "Drift", "Sand", "Tree", "Volcano", "Tower"],
        ),
    )
    elevation = fields.Integer(required=True, **_d("0, 1 or 2"))


class HexsideSchema(Schema):
    hex = fields.String(required=True, **_d("the hex the hazard belongs to (atop it)"))
    toward = fields.String(required=True, **_d("the neighbouring hex the side faces"))
    hazard = fields.String(
        required=True, **_d("the hexside hazard", enum=["Slope", "Cliff", "Dune", "Wall"])
    )


class PlaceSchema(Schema):
    x = fields.Integer(
        required=True,
        **_d("its column, 0 (F, the attacker's edge on entry side 1) to 5 (A), left to right"),
    )
    y = fields.Integer(
        required=True,
        **_d(
            "its row, 0 (D1) to 10 (D6), downward: a neighbour in its column is 2 rows away, "
            "one in the next column 1 (flat-topped hexes)"
        ),
    )


class EdgesOfSideSchema(Schema):
    attacker = fields.String(required=True, **_d("the attacker's four-hex edge (a key of edges)"))
    defender = fields.String(required=True, **_d("the defender's three-hex edge"))


class BattlelandSchema(Schema):
    terrain = terrain_name(required=True)
    labels = fields.List(fields.String(), required=True, **_d("the 27 hex labels, A1..F4"))
    hexes = fields.Dict(keys=fields.String(), values=fields.Nested(HexSchema), required=True)
    hexsides = fields.List(fields.Nested(HexsideSchema), required=True)
    adjacency = fields.Dict(
        keys=fields.String(), values=fields.List(fields.String()), required=True
    )
    layout = fields.Dict(
        keys=fields.String(),
        values=fields.Nested(PlaceSchema),
        required=True,
        **_d("{label: where to draw it}, the picture of entry side 1 in docs/api.md"),
    )
    edges = fields.Dict(
        keys=fields.String(),
        values=fields.List(fields.String()),
        required=True,
        **_d("the six board edges by name, each its hexes"),
    )
    entry_sides = fields.Dict(
        keys=fields.String(),
        values=fields.Nested(EdgesOfSideSchema),
        required=True,
        **_d("entry side 1, 3 or 5 -> the edges each side enters by (10.1)"),
    )
    defender_deploy_hexes = fields.List(
        fields.String(), **_d("the Tower only: the seven walled hexes (10.2)")
    )


class ExitSchema(Schema):
    to = fields.Integer(required=True, **_d("the land the sign points to"))
    sign = fields.String(
        required=True,
        **_d("the sign on the border (7.4)", enum=["block", "arch", "arrow", "arrows"]),
    )


class LandSchema(Schema):
    terrain = terrain_name(required=True)
    x = fields.Integer(required=True, **_d("drawing column on the printed board"))
    y = fields.Integer(required=True, **_d("drawing row, growing down the page"))
    label_side = fields.Integer(
        required=True,
        **_d(
            "the direction (0 up, clockwise to 5) of the short side along which the land's "
            "number is printed; its sides are numbered clockwise from it (10.1)"
        ),
    )
    entry_sides = fields.Dict(
        keys=fields.String(),
        values=fields.Integer(),
        required=True,
        **_d("{neighbouring land: the side (1, 3 or 5) a Legion enters by from it} (10.1, 10.2)"),
    )
    exits = fields.List(fields.Nested(ExitSchema), required=True)


class MasterboardSchema(Schema):
    lands = fields.Dict(
        keys=fields.String(),
        values=fields.Nested(LandSchema),
        required=True,
        **_d("the 96 lands by number"),
    )


describe(
    BattlelandSchema,
    hexes="{label: its hazard and elevation}",
    hexsides="every hexside hazard",
    adjacency="{label: the labels of its neighbours}",
)
describe(
    StrikeChartSchema,
    rows_are="what the table's outer keys are",
    columns_are="what the table's inner keys are",
    source="the rule it comes from",
)
describe(LandSchema, exits="the signs printed on its borders (7.4)")
describe(CharactersSchema, strike_chart="the Strike Chart (12.7)")


class TacticSchema(Schema):
    name = fields.String(required=True, **_d("the name requests use (`tactics.attacker`, ...)"))
    description = fields.String(required=True, **_d("what the tactic does, in a player's words"))
    cost = fields.Float(
        required=True,
        **_d("time per Battle relative to the default tactic on both sides (7v7), at least 1"),
    )


class TacticsListSchema(Schema):
    default = fields.String(required=True, **_d("the tactic a side plays when none is named"))
    tactics = fields.List(
        fields.Nested(TacticSchema), required=True, **_d("every tactic a side may play")
    )
