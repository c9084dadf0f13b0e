"""Schemas of POST /api/v1/odds/trace: one Battle of an odds request, told phase by phase.

The request is an odds request (``api.schemas.odds``) and the index of one of its Battles;
the answer is ``simulator.story.battle_story``'s: the Battleland, the characters, and each
phase's position, events and where everyone stands at its end.
"""

from __future__ import annotations

from marshmallow import Schema, fields

from api.schemas import BELOW, Range, describe
from api.schemas import STRICT as _int
from api.schemas import described as _d
from api.schemas.data import BattlelandSchema
from api.schemas.names import character_name, lord_name, terrain_name, variant_name
from api.schemas.odds import OddsRequestSchema, TacticsSchema
from api.schemas.position import BattlePositionSchema
from simulator.limits import MAX_TRIALS
from simulator.story import TraceRequest

SIDES = ["attacker", "defender"]
EVENT_KINDS = [
    "enter", "deploy", "move", "strike", "rangestrike", "drift", "slain", "summoned",
    "no_room", "mustered", "not_entered",
]  # fmt: skip
OUTCOMES = ["attacker_wins", "defender_wins", "mutual_elimination", "time_loss"]


class TraceRequestSchema(OddsRequestSchema):
    request_type = TraceRequest

    variant = variant_name(
        load_default="default",
        **_d("the rules variant (21.3), any case: a traced Battle is TITAN's"),
    )

    battle = fields.Integer(
        **_int,
        load_default=0,
        validate=Range(min=0),
        **_d(
            "which Battle to tell: its index among the Battles the same odds request plays "
            "with the same `seed` (0 to `trials` - 1; `trials` only bounds it here), the very "
            "Battle the odds count",
            example=0,
            minimum=0,
            maximum=MAX_TRIALS - 1,
            **{"x-setting": "TITAN_MAX_TRIALS", "x-setting-below": 1, BELOW: "trials"},
        ),
    )


class PieceSchema(Schema):
    id = fields.String(required=True)
    side = fields.String(required=True, **_d("its side", enum=SIDES))
    name = character_name(required=True)
    power = fields.Integer(required=True)
    skill = fields.Integer(required=True)
    arrives = fields.String(
        required=True, **_d("how it came", enum=["start", "summoned", "reinforcement"])
    )


class CarriedSchema(Schema):
    piece = fields.String(required=True, **_d("the id of the character the excess went to"))
    hex = fields.String(required=True, **_d("its hex"))
    hits = fields.Integer(required=True, **_d("the hits carried over to it (12.4)"))


class TracedEventSchema(Schema):
    kind = fields.String(required=True, **_d("what happened", enum=EVENT_KINDS))
    piece = fields.String(allow_none=True, required=True)
    from_ = fields.String(data_key="from", attribute="from", allow_none=True, required=True)
    to = fields.String(allow_none=True, required=True)
    target = fields.String(allow_none=True, required=True)
    dice = fields.Integer(allow_none=True, required=True)
    strike_number = fields.Integer(allow_none=True, required=True)
    hits = fields.Integer(allow_none=True, required=True)
    forgo_benefits = fields.Boolean(allow_none=True, required=True)
    carried = fields.Nested(CarriedSchema, allow_none=True, required=True)
    rule = fields.String(required=True, **_d("the rule it follows, e.g. 12.4"))
    text = fields.String(required=True, **_d("the event in the rule book's words"))


class PlacedSchema(Schema):
    id = fields.String(required=True, **_d("the character's id (Piece.id)"))
    hex = fields.String(allow_none=True, required=True, **_d("its hex, null off the Battleland"))
    hits = fields.Integer(required=True, **_d("hits it carries (12.3)"))


class TracedPhaseSchema(Schema):
    turn = fields.Integer(required=True, **_d("the Battle-Round, 1 to 7 (10.5)"))
    phase = fields.String(required=True, **_d("the phase", enum=["maneuver", "strike"]))
    side = fields.String(
        required=True, **_d("whose Maneuver Phase, or whose preceded the Strike Phase", enum=SIDES)
    )
    title = fields.String(
        required=True, **_d('e.g. "Battle-Round 2: the defender\'s Strike Phase"')
    )
    position = fields.Nested(
        BattlePositionSchema,
        required=True,
        **_d(
            "the position as the phase began, after its arrivals and Drift: a battle position "
            "as /odds (to play on from it) and the rule queries take it"
        ),
    )
    ids = fields.Dict(
        keys=fields.String(),
        values=fields.List(fields.String()),
        required=True,
        **_d("{side: the ids of the position's characters, in its order}"),
    )
    events = fields.List(fields.Nested(TracedEventSchema), required=True, **_d("in order"))
    pieces = fields.List(
        fields.Nested(PlacedSchema),
        required=True,
        **_d("every character still in the Battle when the phase ends (the slain removed)"),
    )


class PointsSchema(Schema):
    attacker = fields.Integer(required=True, **_d("points the attacker scores (16.0-16.1)"))
    defender = fields.Integer(required=True, **_d("points the defender scores"))


class StylesPlayedSchema(Schema):
    attacker = fields.String(required=True, **_d("the attacker's style in this Battle"))
    defender = fields.String(required=True, **_d("the defender's style in this Battle"))


class TraceResponseSchema(Schema):
    battle = fields.Integer(required=True, **_d("the Battle's index among the seed's Battles"))
    seed = fields.Integer(required=True, **_d("the seed played: ask again with it"))
    terrain = terrain_name(required=True)
    land = fields.Integer(allow_none=True, required=True, **_d("the land asked, or null"))
    entry_side = fields.Integer(required=True, **_d("the attacker's entry side", enum=[1, 3, 5]))
    tactics = fields.Nested(TacticsSchema, required=True, **_d("the tactics asked"))
    styles = fields.Nested(StylesPlayedSchema, required=True)
    summonable = lord_name(allow_none=True, required=True, **_d("the summonable Lord, or null"))
    reinforce = fields.Boolean(required=True, **_d("whether the defender could be reinforced"))
    battleland = fields.Nested(BattlelandSchema, required=True)
    characters = fields.List(fields.Nested(PieceSchema), required=True)
    start = fields.Nested(
        BattlePositionSchema, required=True, **_d("the position the Battle starts from")
    )
    phases = fields.List(fields.Nested(TracedPhaseSchema), required=True)
    outcome = fields.String(required=True, **_d("how the Battle ended", enum=OUTCOMES))
    rounds = fields.Integer(required=True, **_d("the Battle-Round it ended in, 1 to 7"))
    points = fields.Nested(PointsSchema, required=True)
    ending = fields.String(required=True, **_d("how it ended, in the rule book's words"))
    complete = fields.Boolean(
        required=True, **_d("false when the Battle had more events than a trace records")
    )


describe(
    PieceSchema,
    id="the character's id for the whole Battle: a0, a1, ... the attacker's, d0, ... the "
    "defender's; the summoned Lord and the reinforcement numbered after their Legion",
    power="its Power-factor (a Titan's by its player's score, 19.1)",
    skill="its Skill-factor",
    arrives="how it came: start, with its Legion; summoned, the Lord summoned (15.0); "
    "reinforcement, the defender's reinforcement (14.0)",
)
describe(
    TracedEventSchema,
    kind="enter (10.1; a summoned Lord 15.1, a reinforcement 14.0), deploy (the Tower's walls, "
    "10.2), move (11.0), strike (12.0), rangestrike (13.0), drift (a hit from the Drift, "
    "11.7), slain (removed at the end of the Strike Phase, 10.6), summoned (15.0), no_room "
    "(the summon lost, 15.3), mustered (14.0), not_entered (eliminated off the Battleland, "
    "10.1)",
    piece="the id of the character it concerns (the mover, the striker, the slain); null for a "
    "summon lost",
    from_="a move's first hex (null when it enters); a strike's striker's hex",
    to="a move's last hex; a strike's target's hex",
    target="a strike's target's id",
    dice="dice rolled (12.2, 13.1)",
    strike_number="the Strike-number declared (12.2, 12.4)",
    hits="hits the dice scored; Drift: hits taken",
    forgo_benefits="whether the striker forwent a hazard's benefits to carry hits over (12.5)",
    carried="where excess hits were carried over (12.4), or null",
)
describe(
    TraceResponseSchema,
    battleland="the Battleland fought on: hexes with labels, hazards, elevations and where to "
    "draw them, hexsides, edges, entry sides and the Tower's walled hexes",
    characters="every character of the Battle, the summoned Lord and the reinforcement "
    "included once they arrive",
    phases="every phase played, in order, from the first to the one the Battle ended in",
    points="what each side scores from this Battle, as the odds count it",
    styles="each side's style in this Battle: its tactic's own, or the pair the default's mix "
    "drew for it",
)
