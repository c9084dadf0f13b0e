"""Schemas of ``POST /api/v1/tactical/odds``: a Tactical Titan fight's odds (docs/tactical.md,
"Odds"). Shape only (400); the state's own shape and rules are the engine's (422, each problem
at its path and section)."""

from __future__ import annotations

from marshmallow import Schema, fields

from api.schemas import STRICT as _int
from api.schemas import Boolean, OneOf, Range
from api.schemas import described as _d
from simulator.limits import MIN_TRIALS, SEED_MAX
from simulator.tactical.limits import MAX_FIGHTS, MAX_TURNS
from simulator.tactical.odds import Ended, Until

_probability = "0 to 1"


class FightOddsRequestSchema(Schema):
    state = fields.Dict(
        required=True,
        **_d(
            "a Tactical Titan game state (format `tactical-titan-state`, docs/tactical.md): the "
            "map (a stored map's name or the map itself), the players, every character; the "
            "fight is played from its active player's phase on"
        ),
    )
    fights = fields.Integer(
        **_int,
        load_default=None,
        validate=Range(min=MIN_TRIALS),
        **_d(
            "fights to play (default TITAN_TACTICAL_DEFAULT_FIGHTS; at most "
            "TITAN_TACTICAL_MAX_FIGHTS)",
            maximum=MAX_FIGHTS,
            **{"x-setting": "TITAN_TACTICAL_MAX_FIGHTS"},
        ),
    )
    turns = fields.Integer(
        **_int,
        load_default=None,
        validate=Range(min=1, max=MAX_TURNS),
        **_d(
            "the most player turns (4.0) a fight lasts, the turn in progress counting as the "
            "first (default 20; at most TITAN_TACTICAL_MAX_TURNS)",
            **{"x-setting": "TITAN_TACTICAL_MAX_TURNS"},
        ),
    )
    until = fields.String(
        load_default=Until.FIRST_TITAN.value,
        validate=OneOf([u.value for u in Until]),
        **_d(
            "when a fight stops before its turns run out: `first_titan`, at the end of the "
            "Strike Phase in which a Titan fell; `one_player`, when one player is left (2.2.2)",
            enum=[u.value for u in Until],
        ),
    )
    seed = fields.Integer(
        **_int,
        load_default=None,
        validate=Range(min=0, max=SEED_MAX),
        **_d("the seed of the fights' dice; the same seed plays the same fights (default: new)"),
    )
    plans = fields.Dict(
        keys=fields.String(),
        values=fields.String(),
        load_default=None,
        **_d(
            "a player's plan by its name: one of Tactical Titan's plans (`default`, "
            "`bold_titan`, `headlong`, ...) or `search`, the plan its pilot fights find best "
            "(docs/tactical.md); the players not named play the default tactic",
            example={"Red": "search"},
        ),
    )
    musters = Boolean(
        load_default=False,
        **_d(
            "play each Muster Phase: region musters (6.2, 9.1) and Warlocks' and Clerics' "
            "summonings (6.3, 10.0-10.2) bring characters during the fight; false (the "
            "default) passes it, for the odds of the forces on the map as they stand"
        ),
    )


class ShareSchema(Schema):
    p = fields.Float(required=True, **_d(f"the share of the fights played, {_probability}"))
    ci95 = fields.List(
        fields.Float(), required=True, **_d("the Wilson 95% interval of `p`: [low, high]")
    )


class MeanSchema(Schema):
    mean = fields.Float(required=True, **_d("the mean over the fights played"))
    ci95 = fields.List(fields.Float(), required=True, **_d("its 95% normal interval: [low, high]"))


class FightPlayerSchema(Schema):
    name = fields.String(required=True, **_d("the player, as the state names it"))
    titan_falls = fields.Nested(
        ShareSchema, required=True, **_d("its Titan is slain: it is out of the game (2.2.2)")
    )
    holds_field = fields.Nested(
        ShareSchema,
        required=True,
        **_d("its characters are the only ones left on the map when the fight stops"),
    )
    points = fields.Nested(MeanSchema, required=True, **_d("points it scores in the fight (8.2)"))
    points_distribution = fields.Dict(
        keys=fields.String(),
        values=fields.Float(),
        required=True,
        **_d("{points scored: share of the fights}"),
    )
    healing = fields.Nested(
        MeanSchema, required=True, **_d("damage its characters heal in the fight (5.0-5.3)")
    )
    angels = fields.Nested(
        MeanSchema,
        required=True,
        **_d("Angels and Archangels that come into play for it in the fight (8.3)"),
    )
    mustered = fields.Nested(
        MeanSchema,
        required=True,
        **_d("characters its musters and summonings bring into play (6.0; 0 without musters)"),
    )


class FightPlanSchema(Schema):
    player = fields.String(required=True, **_d("the player"))
    plan = fields.String(required=True, **_d("the plan it played in every fight"))
    pilots = fields.Dict(
        keys=fields.String(),
        values=fields.Float(),
        required=True,
        allow_none=True,
        **_d(
            "for a player that searched, {plan: the share of its pilot fights it won with it}; "
            "null otherwise"
        ),
    )


class FightCharacterSchema(Schema):
    id = fields.Integer(required=True, **_d("the character's id in the state"))
    player = fields.String(required=True, **_d("its player"))
    name = fields.String(required=True, **_d("its type"))
    hex = fields.String(required=True, **_d("the hex it stands in at the start"))
    survives = fields.Nested(
        ShareSchema, required=True, **_d("it is still in play when the fight stops")
    )


class TurnsSchema(MeanSchema):
    distribution = fields.Dict(
        keys=fields.String(),
        values=fields.Float(),
        required=True,
        **_d("{player turns the fight lasted: share of the fights}"),
    )


class EndedSchema(Schema):
    titan = fields.Float(required=True, **_d("share of fights stopped by a fallen Titan"))
    one_player = fields.Float(required=True, **_d("stopped with one player left (2.2.2)"))
    turns = fields.Float(required=True, **_d("stopped when its turns ran out"))
    no_room = fields.Float(
        required=True,
        **_d("stopped when more Lords came into play than the kernel has room for (never seen)"),
    )


assert {e.name.lower() for e in Ended} == set(EndedSchema._declared_fields)


class FightOddsAnswerSchema(Schema):
    players = fields.List(
        fields.Nested(FightPlayerSchema), required=True, **_d("each player, in turn order")
    )
    undecided = fields.Nested(
        ShareSchema,
        required=True,
        **_d("no Titan fell and two players or more still stand when the turns ran out"),
    )
    characters = fields.List(
        fields.Nested(FightCharacterSchema),
        required=True,
        **_d("each character of the state, in its order"),
    )
    turns = fields.Nested(TurnsSchema, required=True, **_d("player turns the fight lasted (4.0)"))
    healing = fields.Nested(
        MeanSchema, required=True, **_d("damage healed by every player together (5.0-5.3)")
    )
    ended = fields.Nested(EndedSchema, required=True, **_d("why the fights stopped"))
    fights = fields.Integer(required=True, **_d("fights played"))
    seed = fields.Integer(required=True, **_d("the seed played (repeat it for the same fights)"))
    max_turns = fields.Integer(required=True, **_d("the most player turns a fight lasted"))
    until = fields.String(
        required=True, **_d("when a fight stopped early", enum=[u.value for u in Until])
    )
    musters = fields.Boolean(required=True, **_d("the Muster Phase was played"))
    plans = fields.List(
        fields.Nested(FightPlanSchema), required=True, **_d("each player's plan, in turn order")
    )
    fights_per_second = fields.Float(required=True, **_d("the kernel's speed on this request"))
    truncated = fields.Boolean(
        required=True,
        **_d("fewer fights than asked were played: the time budget (TITAN_TIME_BUDGET_SECONDS)"),
    )


class EngagementStateSchema(Schema):
    state = fields.Dict(
        required=True,
        **_d(
            "the Tactical Titan game state (docs/tactical.md, Game state) the variant's fights "
            "start from: a map of the one Battleland, players Defender (first) and Attacker"
        ),
    )
