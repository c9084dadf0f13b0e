"""Schemas of POST /api/v1/odds and POST /api/v1/compare (DESIGN: HTTP API v1).

Requests are checked here for shape only (400); whether they obey the rules
is the simulator's and engine's question (422).
"""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from api.schemas.position import PositionField

SEED_LIMIT = 2**53
# Every candidate plays each chunk of Battles before the time budget is looked at again, so
# their number bounds how long one request runs past the budget. A Legion has at most a
# handful of legal recruits; a comparison of more is a request of its own.
MAX_CANDIDATES = 16
STOPPED = ("precision", "trials", "time")  # why a simulation stopped


class LegionSchema(Schema):
    score = fields.Integer(strict=True, load_default=0)
    characters = fields.List(fields.String(), required=True)


class TacticsSchema(Schema):
    attacker = fields.String(load_default="default")
    defender = fields.String(load_default="default")


class _Battle(Schema):
    """What /odds and /compare share: where, how, how many."""

    terrain = fields.String(allow_none=True, load_default=None)
    land = fields.Integer(strict=True, allow_none=True, load_default=None)
    entry_side = fields.Integer(strict=True, allow_none=True, load_default=None)
    summonable = fields.String(allow_none=True, load_default=None)
    reinforce = fields.Boolean(load_default=True)
    tactics = fields.Nested(TacticsSchema, load_default=dict)
    trials = fields.Integer(strict=True, allow_none=True, load_default=None)
    precision = fields.Float(
        allow_none=True,
        load_default=None,
        validate=validate.Range(min=0, max=0.5, min_inclusive=False, max_inclusive=False),
        metadata={
            "description": "the largest 95% interval half-width accepted on any of the four "
            "outcomes (e.g. 0.01): Battles are played until it is reached, `trials` are played "
            "(default: the service's most) or the time budget runs out"
        },
    )
    seed = fields.Integer(
        strict=True,
        allow_none=True,
        load_default=None,
        validate=validate.Range(min=0, max=SEED_LIMIT - 1),
    )
    variant = fields.String(load_default="default")


class OddsRequestSchema(_Battle):
    attacker = fields.Nested(LegionSchema, allow_none=True, load_default=None)
    defender = fields.Nested(LegionSchema, allow_none=True, load_default=None)
    position = PositionField(allow_none=True, load_default=None)


class CompareRequestSchema(_Battle):
    legion = fields.Nested(LegionSchema, required=True)
    side = fields.String(load_default="attacker", validate=validate.OneOf(["attacker", "defender"]))
    opponent = fields.Nested(LegionSchema, required=True)
    candidates = fields.List(
        fields.List(fields.String()),
        allow_none=True,
        load_default=None,
        validate=validate.Length(max=MAX_CANDIDATES),
        metadata={"description": f"at most {MAX_CANDIDATES} Legions (default: each legal recruit)"},
    )


# Answers (documentation of what the views return).


class ProportionSchema(Schema):
    p = fields.Float()
    ci95 = fields.List(fields.Float())


class OutcomesSchema(Schema):
    attacker_wins = fields.Nested(ProportionSchema)
    defender_wins = fields.Nested(ProportionSchema)
    mutual_elimination = fields.Nested(ProportionSchema)
    time_loss = fields.Nested(ProportionSchema)


class SurvivalSchema(Schema):
    name = fields.String()
    p = fields.Float()


class SideAnswerSchema(Schema):
    survival = fields.List(fields.Nested(SurvivalSchema))
    expected_survivors = fields.Float()
    expected_points = fields.Float()
    points_distribution = fields.Dict(keys=fields.String(), values=fields.Float())
    titan_killed = fields.Float()
    angels_gained = fields.Dict(keys=fields.String(), values=fields.Float())
    summoned = fields.Dict()
    reinforcement = fields.Dict()


class OddsResponseSchema(Schema):
    outcomes = fields.Nested(OutcomesSchema)
    attacker = fields.Nested(SideAnswerSchema)
    defender = fields.Nested(SideAnswerSchema)
    rounds = fields.Dict(keys=fields.String(), values=fields.Float())
    alternatives = fields.Dict()
    terrain = fields.String()
    land = fields.Integer(allow_none=True)
    entry_side = fields.Integer()
    tactics = fields.Nested(TacticsSchema)
    summonable = fields.String(allow_none=True)
    reinforce = fields.Boolean()
    trials = fields.Integer()
    requested_trials = fields.Integer()
    seed = fields.Integer()
    battles_per_second = fields.Float()
    seconds = fields.Float()
    truncated = fields.Boolean()
    precision = fields.Float(
        allow_none=True, metadata={"description": "the precision asked for, if any"}
    )
    stopped = fields.String(
        validate=validate.OneOf(STOPPED),
        metadata={
            "description": "why play stopped: the precision was reached, the trials were "
            "played, or the time budget ran out"
        },
    )
    half_width = fields.Float(
        metadata={"description": "the largest half-width of the four outcomes' intervals"}
    )


class CandidateAnswerSchema(Schema):
    rank = fields.Integer()
    characters = fields.List(fields.String())
    recruit = fields.String(allow_none=True)
    win = fields.Nested(ProportionSchema)
    outcomes = fields.Nested(OutcomesSchema)
    expected_points = fields.Float()
    expected_survivors = fields.Float()


class CompareResponseSchema(Schema):
    side = fields.String()
    terrain = fields.String()
    opponent = fields.Nested(LegionSchema)
    candidates = fields.List(fields.Nested(CandidateAnswerSchema))
    trials = fields.Integer()
    requested_trials = fields.Integer()
    seed = fields.Integer()
    battles_per_second = fields.Float()
    truncated = fields.Boolean()
    precision = fields.Float(
        allow_none=True, metadata={"description": "the precision asked for, if any"}
    )
    stopped = fields.String(
        validate=validate.OneOf(STOPPED),
        metadata={
            "description": "why play stopped: the precision was reached on every candidate, "
            "the trials were played, or the time budget ran out"
        },
    )
    half_width = fields.Float(
        metadata={
            "description": "the largest half-width of any candidate's outcome and win intervals"
        }
    )
