"""Schemas of Tactical Titan's facts and maps (the variant's book, cited by its sections).

Shape only (400): a map's fields of the right JSON types. Whether a map obeys the rules
(2.1-2.1.2, 3.1, 12.1) is ``engine.tactical.map_checks``' question, answered by
``POST /api/v1/tactical/maps/validate`` as a list of problems. Names (terrains, hazards) are
read in any case by the engine, which names an unknown one with the closest valid ones.
"""

from __future__ import annotations

from marshmallow import Schema, fields

from api.schemas import STRICT as _int
from api.schemas import RequestSchema
from api.schemas import described as _d
from engine.tactical.maps import FORMAT, HEX_HAZARDS, HEXSIDE_HAZARDS, TERRAINS, VERSION

# --- characters (9.2, 10.1, 11.0, 12.2) -------------------------------------------------------


class DiceOutOfSchema(Schema):
    strike = fields.Integer(required=True, **_d("dice added to a strike out of the hazard"))
    rangestrike = fields.Integer(
        required=True, **_d("dice added to a rangestrike out of the hazard")
    )


class AuraSchema(Schema):
    damage = fields.Integer(required=True, **_d("damage each enemy in contact takes"))
    spares_who_may_enter = fields.String(
        required=True, **_d("the hex hazard whose enterers are spared (Volcano)")
    )


class SkillLossSchema(Schema):
    musterable_in = fields.String(
        required=True, **_d("Creatures that can be mustered in this terrain lose skill")
    )
    skill = fields.Integer(required=True, **_d("Skill-factors they lose attacking it"))


def _hazards(text: str) -> fields.List[str]:
    return fields.List(fields.String(), **_d(text + " (hazard names; `clear`: a clear hex)"))


def _amounts(text: str) -> fields.Dict:
    return fields.Dict(keys=fields.String(), values=fields.Integer(), **_d(text))


class AbilitiesSchema(Schema):
    """A character's special abilities (2.2.3), each field present only when it has it."""

    heal = fields.String(
        **_d("heal: 3 points (5.2.1); restore: all damage (5.2.2)", enum=["heal", "restore"])
    )
    regenerates = fields.Boolean(**_d("rests for 2 anywhere, even locked in contact (5.3)"))
    regenerates_only_in = _hazards("it regenerates only in these")
    rest_heals = _amounts("{hazard: points a rest heals there} (9.2 Dragon)")
    overstacks_in = _hazards("it may share a hex with one friend in these (7.3)")
    ignores = _hazards("no effect of these hazards on it, yet not native (12.2)")
    moves_as_clear = _hazards("it moves through and in these as if clear (9.2 Druid)")
    enters = _hazards("it may enter these though not native")
    only_in = _hazards("it may be in no other hex (9.2 Kraken, Sea King)")
    extra_dice = fields.Dict(
        keys=fields.String(),
        values=fields.Nested(DiceOutOfSchema),
        **_d("{hazard: dice added out of it} (9.2, 10.1)"),
    )
    aura = fields.Nested(AuraSchema, **_d("9.2 Salamander: damage at each Strike Phase's start"))
    poison = fields.Integer(**_d("9.2 Venemous Wyrm: damage at the next Strike Phase's start"))
    crossing_damage = _amounts("{hexside hazard: damage each crossing} (10.1 Fire Elemental)")
    attackers_lose_skill = fields.Nested(SkillLossSchema, **_d("9.2 Sea King's toll"))
    summons = fields.String(
        **_d("warlock (10.1) or cleric (10.2) summonings", enum=["warlock", "cleric"])
    )
    muster_bonus = fields.Integer(**_d("added to its region's muster (9.2 Druid)"))
    heal_or_muster = fields.Boolean(
        **_d("heals or uses its muster ability in a turn, never both (12.2)")
    )


class TacticalCharacterSchema(Schema):
    name = fields.String(required=True, **_d("the character's name, as the book spells it"))
    class_ = fields.String(
        data_key="class",
        attribute="class",
        required=True,
        **_d("lord, demilord or creature", enum=["lord", "demilord", "creature"]),
    )
    power = fields.Integer(
        allow_none=True, required=True, **_d("Power-factor (9.2); null for the Titan")
    )
    skill = fields.Integer(required=True, **_d("Skill-factor, 1 to 4"))
    flies = fields.Boolean(required=True, **_d("whether it flies"))
    rangestrikes = fields.Boolean(required=True, **_d("whether it may rangestrike"))
    magic_missile = fields.Boolean(
        required=True, **_d("rangestrikes like a Warlock (12.2): no penalties, Lords too")
    )
    count = fields.Integer(required=True, **_d("counters in one game set (2.0)"))
    natives = fields.List(fields.String(), required=True, **_d("hazards it is native to"))
    points = fields.Integer(
        allow_none=True, required=True, **_d("points for slaying it (11.0); null for the Titan")
    )
    points_per_power = fields.Integer(
        allow_none=True, required=True, **_d("the Titan: points per Power-factor; else null")
    )
    abilities = fields.Nested(
        AbilitiesSchema, required=True, **_d("its special abilities (2.2.3); {} for none")
    )


class TacticalCharactersSchema(Schema):
    characters = fields.Dict(
        keys=fields.String(),
        values=fields.Nested(TacticalCharacterSchema),
        required=True,
        **_d("every character of the variant by name (9.0: TITAN's and the new ones)"),
    )
    demons = fields.List(
        fields.String(), required=True, **_d("the Demons, by the die face that picks each (10.1)")
    )


# --- Mastercharts (9.2, 10.1, 10.2) ---------------------------------------------------------


class ChartLineSchema(Schema):
    character = fields.String(required=True, **_d("the character of this line"))
    needed_for_next = fields.Integer(
        allow_none=True, required=True, **_d("how many of it muster the next (null: the last)")
    )
    muster_number = fields.Integer(
        required=True, **_d("the least roll of two dice that musters it (6.2)")
    )


class ChartSchema(Schema):
    terrain = fields.String(required=True, **_d("the terrain"))
    column = fields.List(
        fields.Nested(ChartLineSchema), required=True, **_d("its progression, lesser first")
    )
    master_muster = fields.String(required=True, **_d("taken on a roll of 12 instead (9.1)"))


class TowerLevelSchema(Schema):
    needs = fields.String(
        required=True,
        **_d(
            "who must take part: any_one, three_of_a_type, titan",
            enum=["any_one", "three_of_a_type", "titan"],
        ),
    )
    characters = fields.List(fields.String(), required=True, **_d("what this level musters"))
    muster_number = fields.Integer(required=True, **_d("the least roll that musters it"))


class TowerChartSchema(Schema):
    terrain = fields.String(required=True, **_d("Tower"))
    levels = fields.List(
        fields.Nested(TowerLevelSchema), required=True, **_d("the Tower's levels (9.2)")
    )
    master_muster = fields.String(required=True, **_d("taken on a roll of 12 instead (9.1)"))


class DestinationSchema(Schema):
    character = fields.String(required=True, **_d("what is summoned (Demon: a die picks it)"))
    hex_hazards = fields.List(fields.String(), required=True, **_d("into a hex of these"))
    hexsides = fields.List(fields.String(), required=True, **_d("or with a hexside of these"))
    atop = fields.List(fields.String(), required=True, **_d("or atop a hexside of these"))
    terrains = fields.List(fields.String(), required=True, **_d("or in a region of these"))


class WarlockTableSchema(Schema):
    alone = fields.Integer(required=True, **_d("one Warlock summons on this roll (10.1)"))
    together = fields.Integer(required=True, **_d("two or more together on this roll"))
    destinations = fields.List(
        fields.Nested(DestinationSchema), required=True, **_d("what comes into which hex")
    )


class ClericChanceSchema(Schema):
    least_points = fields.Integer(required=True, **_d("the Creature's point value from"))
    muster_number = fields.Integer(required=True, **_d("the least roll that summons it"))


class ClericTableSchema(Schema):
    together_bonus = fields.Integer(
        required=True, **_d("subtracted when two or more Clerics take part (10.2)")
    )
    chances = fields.List(
        fields.Nested(ClericChanceSchema), required=True, **_d("by point value, lowest first")
    )


class MasterchartsSchema(Schema):
    terrains = fields.Dict(
        keys=fields.String(),
        values=fields.Nested(ChartSchema),
        required=True,
        **_d("{terrain: its chart} (9.2), the Sea's included"),
    )
    tower = fields.Nested(TowerChartSchema, required=True, **_d("the Tower's levels (9.2)"))
    warlock = fields.Nested(WarlockTableSchema, required=True, **_d("Warlock summonings (10.1)"))
    cleric = fields.Nested(ClericTableSchema, required=True, **_d("Cleric summonings (10.2)"))


# --- maps (2.1, 3.1, 12.1) -------------------------------------------------------------------


class RegionSchema(Schema):
    name = fields.String(required=True, **_d("the region's own name", example="North Woods"))
    terrain = fields.String(
        required=True,
        **_d("its terrain (2.1.1), any case", enum=list(TERRAINS), **{"x-any-case": True}),
    )


class MapHexSchema(Schema):
    region = fields.String(required=True, **_d("the name of its region (2.1)"))
    hazard = fields.String(
        load_default="Plain",
        **_d("its hex hazard (2.1.2, 12.1.2), any case", enum=list(HEX_HAZARDS)),
    )
    elevation = fields.Integer(**_int, load_default=0, **_d("0, 1 or 2, as on the Battlelands"))


class MapHexsideSchema(Schema):
    between = fields.List(
        fields.String(), required=True, **_d("the labels of the two adjacent hexes")
    )
    hazard = fields.String(
        required=True, **_d("its hexside hazard (12.1.1), any case", enum=list(HEXSIDE_HAZARDS))
    )
    top = fields.String(
        allow_none=True,
        **_d("the hex it is connected to (atop a Slope, Cliff or Wall); none for a River"),
    )


class StartingTowerSchema(Schema):
    region = fields.String(required=True, **_d("the name of the tower's own region (3.1)"))
    centre = fields.String(required=True, **_d("the label of its centre hex"))


class TacticalMapSchema(Schema):
    """A map as JSON (docs/tactical.md): the format a map file holds."""

    format = fields.String(load_default=FORMAT, **_d(f"always {FORMAT!r}"))
    version = fields.Integer(**_int, load_default=VERSION, **_d(f"the format's version, {VERSION}"))
    name = fields.String(load_default="", **_d("the map's name"))
    description = fields.String(load_default="", **_d("the map in a sentence"))
    regions = fields.List(
        fields.Nested(RegionSchema), required=True, **_d("every region (2.1), once each")
    )
    hexes = fields.Dict(
        keys=fields.String(),
        values=fields.Nested(MapHexSchema),
        required=True,
        **_d(
            "{label: its region, hazard and elevation}; labels are column letters and a row "
            "number from 1, odd columns half a hex lower (A1, B1, A2, ...)",
            **{"x-setting": "TITAN_TACTICAL_MAX_HEXES"},
        ),
    )
    hexsides = fields.List(
        fields.Nested(MapHexsideSchema), load_default=list, **_d("every hexside hazard")
    )
    starting_towers = fields.List(
        fields.Nested(StartingTowerSchema),
        load_default=list,
        **_d("the players' starting towers (3.1), one per player"),
    )


class PlaceSchema(Schema):
    x = fields.Integer(required=True, **_d("its column, 0 (A) rightward"))
    y = fields.Integer(
        required=True,
        **_d(
            "its doubled row, downward: a neighbour in its column is 2 rows away, one in the "
            "next column 1 (flat-topped hexes; centre at 1.5 x, y * sqrt(3) / 2 hex sides)"
        ),
    )


def _layout() -> fields.Dict:
    return fields.Dict(
        keys=fields.String(),
        values=fields.Nested(PlaceSchema),
        **_d("{label: where to draw it}"),
    )


class MapSummarySchema(Schema):
    name = fields.String(required=True, **_d("the name to ask for it by (any case)"))
    title = fields.String(required=True, **_d("the map's own name"))
    description = fields.String(required=True, **_d("the map in a sentence"))
    players = fields.Integer(required=True, **_d("players it seats: its starting towers (3.1)"))
    hexes = fields.Integer(required=True, **_d("how many hexes it has"))
    regions = fields.Integer(required=True, **_d("how many regions it has"))


class MapListSchema(Schema):
    maps = fields.List(
        fields.Nested(MapSummarySchema), required=True, **_d("the example maps kept with it")
    )


class MapDocumentSchema(Schema):
    name = fields.String(required=True, **_d("the name it is kept under"))
    map = fields.Nested(TacticalMapSchema, required=True, **_d("the map, as a map file holds it"))
    layout = _layout()


class MapValidateRequestSchema(RequestSchema):
    map = fields.Nested(TacticalMapSchema, required=True, **_d("the map to check"))


class MapProblemSchema(Schema):
    code = fields.String(required=True, **_d("a stable code, e.g. water_outside_sea"))
    message = fields.String(required=True, **_d("the problem in words, naming the hex"))
    path = fields.String(
        allow_none=True, required=True, **_d("the JSON path at fault, e.g. map.hexes.C4.hazard")
    )
    rule = fields.String(allow_none=True, required=True, **_d("the section broken, e.g. 2.1.1"))
    hex = fields.String(allow_none=True, required=True, **_d("the label of the hex at fault"))


class MapValidateAnswerSchema(Schema):
    valid = fields.Boolean(required=True, **_d("true when the map breaks no rule"))
    problems = fields.List(
        fields.Nested(MapProblemSchema), required=True, **_d("every problem; empty when valid")
    )
    layout = fields.Dict(
        keys=fields.String(),
        values=fields.Nested(PlaceSchema),
        allow_none=True,
        required=True,
        **_d("{label: where to draw it} when its hexes could be read, else null"),
    )
