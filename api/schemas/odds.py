"""Schemas of POST /api/v1/odds, /odds/batch and /compare (DESIGN: HTTP API v1).

Requests are checked here for shape only (400); whether they obey the rules
is the simulator's and engine's question (422). A request loads into the
simulator's value (``OddsRequest``, ``CompareRequest``), which the simulator
takes as it is. Its bounds are ``simulator.limits``', published as the
simulator enforces them; a bound the service's settings change
(``x-setting``) is published with the setting's value (``api.openapi``).
Answers are sent through their schemas (``api.requests.answer``), so that the
published document is what the service sends; every field says what it
means, its unit and range, and the rule it follows.
"""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, post_load

from api.errors import ErrorBodySchema
from api.schemas import STRICT as _int
from api.schemas import Boolean, Length, Number, OneOf, Range, RequestSchema, bounded, describe
from api.schemas import described as _d
from api.schemas.names import (
    engagement_character_name,
    engagement_variant_name,
    land_number,
    lord_name,
    tactic_name,
    terrain_name,
)
from api.schemas.position import PositionField
from api.schemas.tactical_odds import MeanSchema
from engine.hexes import ENTRY_SIDES
from engine.scoring import LEGION_LIMIT
from engine.variants import TACTICAL
from simulator.compare import CompareRequest
from simulator.limits import (
    DEFAULT_ROLLOUTS,
    DEFAULT_TRIALS,
    MAX_BATCH,
    MAX_CANDIDATES,
    MAX_ROLLOUTS,
    MAX_SCORE,
    MAX_TRIALS,
    MIN_ROLLOUTS,
    MIN_TRIALS,
    PRECISION_ABOVE,
    PRECISION_BELOW,
    SEED_MAX,
)
from simulator.odds import BattleRequest, LegionRequest, OddsRequest
from simulator.tactics import STYLES

STOPPED = ["precision", "trials", "time"]  # why a simulation stopped

_probability = "a probability, 0 to 1"


class LegionSchema(Schema):
    score = bounded(
        0,
        MAX_SCORE,
        load_default=0,
        **_d(
            f"the score of the Legion's player, in points, 0 to {MAX_SCORE}; sets the Titan's "
            "Power, 6 + score // 100 (19.1), and the Angels it may acquire (17.2)",
            example=120,
        ),
    )
    # 1 to 7 characters (4.1) and one Titan (3.1) are the rules' to check (422, naming them)
    characters = fields.List(
        engagement_character_name(),
        required=True,
        **_d(
            "the Legion's characters by rule-book name, one entry per counter, 1 to "
            f"{LEGION_LIMIT} (4.1), at most one Titan (3.1)",
            example=["Titan", "Ogre", "Ogre"],
            minItems=1,
            maxItems=LEGION_LIMIT,
        ),
    )

    @post_load
    def build(self, data: dict[str, Any], **_: Any) -> LegionRequest:
        return LegionRequest(**data)


class TacticsSchema(Schema):
    attacker = tactic_name(
        load_default="default",
        **_d(
            "the attacker's tactic (GET /api/v1/tactics); under `variant: tactical`, one of "
            "Tactical Titan's plans or `search` (docs/tactical.md)"
        ),
    )
    defender = tactic_name(load_default="default", **_d("the defender's tactic, as the attacker's"))


class StylesSchema(Schema):
    attacker = fields.String(
        required=True, **_d("the attacker's style", enum=list(STYLES), example="balanced")
    )
    defender = fields.String(
        required=True, **_d("the defender's style", enum=list(STYLES), example="defensive")
    )


class SearchSchema(Schema):
    rollouts = fields.Integer(
        **_int,
        load_default=DEFAULT_ROLLOUTS,
        validate=Range(min=MIN_ROLLOUTS, max=MAX_ROLLOUTS),
        **_d(
            f"how many times the search plays the rest of the Battle out after each plan at "
            f"each decision, {MIN_ROLLOUTS} to {MAX_ROLLOUTS} (default {DEFAULT_ROLLOUTS}): "
            "more play better and slower, about in proportion",
            example=32,
        ),
    )
    candidates = fields.List(
        fields.String(validate=OneOf(STYLES)),
        allow_none=True,
        load_default=None,
        validate=Length(min=1),
        **_d(
            "the styles the search tries as plans at each decision, beside its own default "
            "play (GET /api/v1/tactics); default every style",
            example=["aggressive", "defensive"],
        ),
    )

    @post_load
    def build(self, data: dict[str, Any], **_: Any) -> dict[str, Any]:
        return {k: v for k, v in data.items() if v is not None}


class _Battle(RequestSchema):
    """What /odds and /compare share: where, how, how many. Loads into ``request_type``, a
    ``simulator.odds.BattleRequest`` of the same fields; its ``NEEDS`` (where the Battle is
    fought, 9.0) are published with the schema and checked by the simulator."""

    request_type: type[BattleRequest] = BattleRequest

    terrain = terrain_name(
        allow_none=True,
        load_default=None,
        metadata={
            "description": "the Battleland's terrain (2.2), any case; or give `land`",
            "example": "Plains",
        },
    )
    land = land_number(
        allow_none=True,
        load_default=None,
        **_d(
            "the Masterboard land of the Engagement (2.1: 1-42, 101-142, the Towers 100-600, "
            "1000-6000 by thousands); gives the terrain, which must then agree with `terrain`",
            example=8,
        ),
    )
    entry_side = fields.Integer(
        **_int,
        allow_none=True,
        load_default=None,
        **_d(
            "the side the attacker enters the Battleland by (10.1): 1, 3 or 5, as "
            "/rules/masterboard/moves reports it; default 1, and always 5 in the Tower (10.2)",
            enum=[*ENTRY_SIDES, None],
        ),
    )
    summonable = lord_name(
        allow_none=True,
        load_default=None,
        **_d(
            "a Lord (Angel or Archangel) the attacker has free in another Legion and may "
            "summon once its Legion has lost a character (15.0); null for none"
        ),
    )
    reinforce = Boolean(
        load_default=True,
        **_d("whether the defender musters its reinforcement in the fourth round (14.0)"),
    )
    tactics = fields.Nested(
        TacticsSchema, load_default=dict, **_d("each side's tactic; default `default`")
    )
    search = fields.Nested(
        SearchSchema,
        allow_none=True,
        load_default=None,
        **_d(
            "how hard a side playing `lookahead` searches: its rollouts and candidate plans "
            "(docs/tactics.md, lookahead); ignored when no side searches"
        ),
    )
    # The trials' bounds are the simulator's to enforce (422, its limit a setting of the
    # service): published here, not checked.
    trials = fields.Integer(
        **_int,
        allow_none=True,
        load_default=None,
        **_d(
            f"how many Battles to play, {MIN_TRIALS} to the service's TITAN_MAX_TRIALS "
            f"({MAX_TRIALS} unless set); default TITAN_DEFAULT_TRIALS ({DEFAULT_TRIALS})",
            example=10000,
            minimum=MIN_TRIALS,
            maximum=MAX_TRIALS,
            **{"x-setting": "TITAN_MAX_TRIALS"},
        ),
    )
    precision = Number(
        allow_none=True,
        load_default=None,
        validate=Range(
            min=PRECISION_ABOVE, max=PRECISION_BELOW, min_inclusive=False, max_inclusive=False
        ),
        **_d(
            f"the largest 95% interval half-width accepted on any of the four outcomes, above "
            f"{PRECISION_ABOVE:g} and below {PRECISION_BELOW:g}: Battles are played until every "
            "interval is that narrow, `trials` were played (then the most; default "
            "TITAN_MAX_TRIALS) or the time budget runs out; the intervals stay 95% intervals "
            "however play stopped (docs/precision.md)",
            example=0.01,
            exclusiveMinimum=True,
            exclusiveMaximum=True,
        ),
    )
    seed = fields.Integer(
        **_int,
        allow_none=True,
        load_default=None,
        validate=Range(min=0, max=SEED_MAX),
        **_d(
            "the dice's seed, 0 to 2**53 - 1: the same request with the same seed plays the same"
            " Battles; random when absent, and reported in the answer",
            example=1,
        ),
    )
    variant = engagement_variant_name(
        load_default="default",
        **_d(
            "the rules variant (21.3), any case; `tactical`: the fight played under Tactical "
            "Titan's rules (docs/tactical.md, An Engagement under Tactical Titan's rules)"
        ),
    )

    @post_load
    def build(self, data: dict[str, Any], **_: Any) -> BattleRequest:
        return self.request_type(**data)


class OddsRequestSchema(_Battle):
    request_type = OddsRequest

    attacker = fields.Nested(
        LegionSchema,
        allow_none=True,
        load_default=None,
        **_d("the attacking Legion; may be left out with a `position`"),
    )
    defender = fields.Nested(
        LegionSchema,
        allow_none=True,
        load_default=None,
        **_d("the defending Legion; may be left out with a `position`"),
    )
    position = PositionField(
        allow_none=True,
        load_default=None,
        metadata={
            "description": "a half-fought Battle to continue (docs/api.md, the battle position);"
            " the Legions, when given, are the Legions as they entered the Battle, and "
            "characters of theirs missing from the position were slain in it (16.0)"
        },
    )


class BatchRequestSchema(RequestSchema):
    engagements = fields.List(
        fields.Dict(),
        required=True,
        validate=Length(min=1),
        **_d(
            "odds requests, each exactly as POST /api/v1/odds takes it; at most "
            f"TITAN_MAX_BATCH ({MAX_BATCH} unless set)",
            maxItems=MAX_BATCH,
            **{"x-setting": "TITAN_MAX_BATCH"},
        ),
    )
    common_random_numbers = Boolean(
        load_default=False,
        **_d(
            "whether every engagement plays with the same dice (the first engagement's seed, "
            "or one random seed): differences between engagements then come from the "
            "engagements, not from luckier dice. Otherwise each engagement keeps its own seed"
        ),
    )


class CompareRequestSchema(_Battle):
    request_type = CompareRequest

    legion = fields.Nested(
        LegionSchema, required=True, **_d("the Legion whose muster choices are compared")
    )
    side = fields.String(
        load_default="attacker",
        validate=OneOf(["attacker", "defender"]),
        **_d("the side `legion` fights on", enum=["attacker", "defender"]),
    )
    opponent = fields.Nested(LegionSchema, required=True, **_d("the Legion it fights"))
    candidates = fields.List(
        fields.List(
            engagement_character_name(),
            **_d("a candidate Legion: 1 to 7 characters (4.1)", minItems=1, maxItems=LEGION_LIMIT),
        ),
        allow_none=True,
        load_default=None,
        validate=Length(min=1, max=MAX_CANDIDATES),
        **_d(
            f"1 to {MAX_CANDIDATES} candidate Legions, each a list of character names; "
            "default: the Legion as it stands and with each legal recruit of the land (18.x)"
        ),
    )


# Answers.


class ProportionSchema(Schema):
    p = fields.Float(required=True, **_d(f"the share of the Battles played, {_probability}"))
    ci95 = fields.List(
        fields.Float(),
        required=True,
        **_d("the Wilson 95% interval of `p`: [low, high], each 0 to 1"),
    )


class OutcomesSchema(Schema):
    attacker_wins = fields.Nested(
        ProportionSchema, required=True, **_d("the defending Legion is eliminated (16.1)")
    )
    defender_wins = fields.Nested(
        ProportionSchema, required=True, **_d("the attacking Legion is eliminated (16.1)")
    )
    mutual_elimination = fields.Nested(
        ProportionSchema, required=True, **_d("both Legions are eliminated (16.2)")
    )
    time_loss = fields.Nested(
        ProportionSchema,
        required=True,
        **_d(
            "both still stand at the end of the seventh round: the attacker's Legion is "
            "eliminated and nobody scores (10.5)"
        ),
    )


class SurvivalSchema(Schema):
    name = engagement_character_name(required=True)
    p = fields.Float(
        required=True,
        **_d(
            f"the chance this character is still in its Legion after the Engagement, "
            f"{_probability}; 0 for the attacker on a time loss (10.5) and for every character"
            " of a Legion whose Titan fell (19.3)"
        ),
    )


class SurvivorsByNameSchema(Schema):
    name = engagement_character_name(required=True)
    count = fields.Integer(required=True, **_d("how many characters of that name, 1 to 7"))
    distribution = fields.Dict(
        keys=fields.String(),
        values=fields.Float(),
        required=True,
        **_d("{how many of them survive, 0 to count: probability}"),
    )


class AngelsGainedSchema(Schema):
    Angel = fields.Float(required=True, **_d("mean number of Angels acquired (17.2)"))
    Archangel = fields.Float(required=True, **_d("mean number of Archangels acquired (17.3)"))
    any = fields.Float(required=True, **_d(f"the chance of acquiring any, {_probability}"))


class SummonedSchema(Schema):
    name = lord_name(allow_none=True, required=True, **_d("the summonable Lord, or null"))
    p = fields.Float(required=True, **_d(f"the chance it is summoned (15.0), {_probability}"))
    survives = fields.Float(
        required=True, **_d(f"the chance it is summoned and survives, {_probability}")
    )


class ReinforcementSchema(Schema):
    p = fields.Float(
        required=True, **_d(f"the chance the defender is reinforced (14.0), {_probability}")
    )
    by_name = fields.Dict(
        keys=engagement_character_name(),
        values=fields.Float(),
        required=True,
        **_d("the chance of each recruit, by name (absent: never mustered)"),
    )
    survives = fields.Float(
        required=True, **_d(f"the chance the recruit is mustered and survives, {_probability}")
    )


class SideAnswerSchema(Schema):
    survival = fields.List(
        fields.Nested(SurvivalSchema),
        required=True,
        **_d("one entry per character, in the order of the request (or the position)"),
    )
    survivors_by_name = fields.List(
        fields.Nested(SurvivorsByNameSchema),
        required=True,
        **_d(
            "identical characters together, in order of first appearance: how many of them "
            "survive (e.g. Ogre x2: both 5%, one 20%, none 75%)"
        ),
    )
    expected_survivors = fields.Float(
        required=True, **_d("mean number of characters left in the Legion, 0 to 8")
    )
    expected_points = fields.Float(
        required=True, **_d("mean points this side scores (16.0-16.1, 19.3), 0 or more")
    )
    points_distribution = fields.Dict(
        keys=fields.String(),
        values=fields.Float(),
        required=True,
        **_d("{points: probability} of the points this side scores, points ascending"),
    )
    titan_killed = fields.Float(
        required=True,
        **_d(
            f"the chance this side's Titan is slain in the Battle (19.3), {_probability}; "
            "0 for a side without a Titan"
        ),
    )
    titan_lost = fields.Float(
        required=True,
        **_d(
            f"the chance this side loses its Titan, slain (19.3) or eliminated with its Legion "
            f"on a time loss (10.5, the attacker only), {_probability}; 0 without a Titan"
        ),
    )
    has_titan = fields.Boolean(required=True, **_d("whether this side's Legion holds its Titan"))
    angels_gained = fields.Nested(AngelsGainedSchema, required=True)
    healing = fields.Nested(
        MeanSchema,
        **_d(
            f"under `variant: {TACTICAL}` only: the damage this side's characters healed in a "
            "fight (Tactical Titan 5.0), its mean and 95% interval"
        ),
    )
    summoned = fields.Nested(SummonedSchema, **_d("the attacker only: its summoned Lord"))
    reinforcement = fields.Nested(ReinforcementSchema, **_d("the defender only: its reinforcement"))


class FleeSchema(Schema):
    allowed = fields.Boolean(required=True, **_d("whether the defender may flee (9.2)"))
    reason = fields.String(allow_none=True, required=True, **_d("why not, with its rule"))
    attacker_points = fields.Integer(
        required=True, **_d("points the attacker scores if the defender flees: half (9.2)")
    )
    attacker_angels = fields.List(
        lord_name(), required=True, **_d("the Angels the attacker acquires then (17.2)")
    )


class AttackerGainSchema(Schema):
    attacker_points = fields.Integer(required=True, **_d("points the attacker scores (9.4)"))
    attacker_angels = fields.List(lord_name(), required=True, **_d("Angels acquired (17.2)"))


class DefenderGainSchema(Schema):
    defender_points = fields.Integer(required=True, **_d("points the defender scores (9.4)"))
    defender_angels = fields.List(lord_name(), required=True, **_d("Angels acquired (17.2)"))


class AlternativesSchema(Schema):
    flee = fields.Nested(FleeSchema, required=True)
    defender_concedes = fields.Nested(AttackerGainSchema, required=True)
    attacker_concedes = fields.Nested(DefenderGainSchema, required=True)


class StyleMixSchema(Schema):
    attacker = fields.Dict(
        keys=fields.String(),
        values=fields.Float(),
        required=True,
        **_d("{style: share}: the attacker's styles and how often each is played"),
    )
    defender = fields.Dict(
        keys=fields.String(),
        values=fields.Float(),
        required=True,
        **_d("{style: share}: the defender's styles and how often each is played"),
    )


class SidePlaySchema(Schema):
    tactic = tactic_name(required=True, **_d("the side's tactic"))
    chosen_by = fields.String(required=True, **_d("how the side's styles were chosen, in words"))
    styles = fields.Dict(
        keys=fields.String(),
        values=fields.Float(),
        required=True,
        **_d("{style: share}: the styles it played and the share of the Battles each (style_mix)"),
    )
    changes_within_a_battle = fields.Boolean(
        required=True,
        **_d("whether it may change style within a Battle (the search does; the default not)"),
    )
    summary = fields.String(required=True, **_d("how the side played, in a sentence"))


class PlaySchema(Schema):
    attacker = fields.Nested(SidePlaySchema, required=True, **_d("how the attacker played"))
    defender = fields.Nested(SidePlaySchema, required=True, **_d("how the defender played"))


class OddsResponseSchema(Schema):
    outcomes = fields.Nested(OutcomesSchema, required=True, **_d("the four endings"))
    attacker = fields.Nested(SideAnswerSchema, required=True)
    defender = fields.Nested(SideAnswerSchema, required=True)
    rounds = fields.Dict(
        keys=fields.String(),
        values=fields.Float(),
        required=True,
        **_d("{round: probability} of the round the Battle ends in, 1 to 7"),
    )
    alternatives = fields.Nested(
        AlternativesSchema,
        allow_none=True,
        required=True,
        **_d(
            "the points of fleeing (9.2) and conceding (9.4), to weigh against the Battle; null"
            f" under `variant: {TACTICAL}`, whose fights have neither"
        ),
    )
    terrain = terrain_name(required=True, **_d("the Battleland fought on"))
    land = fields.Integer(allow_none=True, required=True, **_d("the land asked, or null"))
    entry_side = fields.Integer(
        required=True, **_d("the attacker's entry side fought from (10.1)", enum=[1, 3, 5])
    )
    tactics = fields.Nested(TacticsSchema, required=True, **_d("the tactics played"))
    search = fields.Nested(
        SearchSchema,
        allow_none=True,
        required=True,
        **_d("the search's setting when a side plays `lookahead`, else null"),
    )
    style_mix = fields.Nested(
        StyleMixSchema,
        allow_none=True,
        required=True,
        **_d(
            "each side's styles and the share of the Battles it played each in: its tactic's "
            "own alone, or for `default` (and `lookahead`'s own play) the mix the default "
            "plays in this engagement, an approximate equilibrium of the styles found by a "
            f"pilot tournament (docs/tactics.md); null under `variant: {TACTICAL}`, played by "
            "Tactical Titan's one default tactic"
        ),
    )
    play = fields.Nested(
        PlaySchema,
        required=True,
        **_d(
            "how each side played, in words a player reads: its tactic, how its styles were "
            "chosen, the styles with their shares, whether it changed style within a Battle, "
            "and a sentence saying so (docs/tactics.md)"
        ),
    )
    styles = fields.Nested(
        StylesSchema,
        allow_none=True,
        required=True,
        **_d(
            "the style each side played: its tactic's own, or for `default` (and "
            "`lookahead`'s own play) the one the default plays most in this engagement "
            f"(`style_mix` gives them all); null under `variant: {TACTICAL}`"
        ),
    )
    variant = engagement_variant_name(**_d("the rules the fight was played under"))
    summonable = lord_name(allow_none=True, required=True, **_d("the summonable Lord, or null"))
    reinforce = fields.Boolean(
        required=True, **_d("whether the defender could still be reinforced")
    )
    trials = fields.Integer(required=True, **_d("Battles played (fewer when `truncated`)"))
    requested_trials = fields.Integer(required=True, **_d("Battles asked for"))
    seed = fields.Integer(required=True, **_d("the seed played: ask again with it"))
    battles_per_second = fields.Float(required=True, **_d("the simulation's speed"))
    seconds = fields.Float(required=True, **_d("seconds spent simulating"))
    truncated = fields.Boolean(
        required=True,
        **_d("true when the time budget (TITAN_TIME_BUDGET_SECONDS) cut the run short"),
    )
    precision = Number(allow_none=True, required=True, **_d("the precision asked for, or null"))
    stopped = fields.String(
        required=True,
        **_d(
            "why play stopped: the precision was reached, the trials were played, or the time "
            "budget ran out",
            enum=STOPPED,
        ),
    )
    half_width = fields.Float(
        required=True, **_d("the largest half-width of the four outcomes' intervals")
    )


class BatchErrorSchema(Schema):
    """One engagement's refusal: the error envelope /odds would answer."""

    error = fields.Nested(
        ErrorBodySchema,
        required=True,
        **_d("as /odds would refuse it; its paths start at `engagements[i]`"),
    )


class BatchResponseSchema(Schema):
    answers = fields.List(
        fields.Dict(),
        required=True,
        **_d(
            "one per engagement, in the order given: an odds answer (OddsResponse) or "
            '{"error": ...} (BatchError)'
        ),
    )
    common_random_numbers = fields.Boolean(required=True, **_d("as asked"))
    seconds = fields.Float(required=True, **_d("seconds spent simulating, all engagements"))


class VsBestSchema(Schema):
    difference = fields.Float(
        required=True,
        **_d("the best candidate's win probability minus this one's, over the same dice"),
    )
    ci95 = fields.List(fields.Float(), required=True, **_d("its 95% interval [low, high]"))


class CandidateAnswerSchema(Schema):
    rank = fields.Integer(required=True, **_d("1 for the best"))
    characters = fields.List(
        engagement_character_name(), required=True, **_d("the candidate Legion")
    )
    recruit = engagement_character_name(
        allow_none=True, required=True, **_d("the recruit it musters, or null")
    )
    win = fields.Nested(
        ProportionSchema,
        required=True,
        **_d("the chance `side` comes out on top (a defender also by the time loss, 10.5)"),
    )
    outcomes = fields.Nested(OutcomesSchema, required=True)
    expected_points = fields.Float(required=True, **_d("mean points `side` scores"))
    expected_survivors = fields.Float(required=True, **_d("mean characters left, 0 to 8"))
    survival = fields.List(
        fields.Nested(SurvivalSchema), required=True, **_d("each character's survival")
    )
    style_mix = fields.Nested(
        StyleMixSchema,
        allow_none=True,
        required=True,
        **_d(
            "each side's styles in this candidate's Battles (as in an odds answer); null under "
            f"`variant: {TACTICAL}`"
        ),
    )
    healing = fields.Nested(
        MeanSchema, **_d(f"under `variant: {TACTICAL}` only: the candidate's healing")
    )
    vs_best = fields.Nested(VsBestSchema, required=True)


class CompareResponseSchema(Schema):
    side = fields.String(required=True, **_d("the side compared", enum=["attacker", "defender"]))
    terrain = terrain_name(required=True)
    land = fields.Integer(allow_none=True, required=True, **_d("the land asked, or null"))
    entry_side = fields.Integer(required=True, **_d("the entry side (10.1)", enum=[1, 3, 5]))
    opponent = fields.Nested(LegionSchema, required=True)
    candidates = fields.List(
        fields.Nested(CandidateAnswerSchema), required=True, **_d("best first")
    )
    variant = engagement_variant_name(**_d("the rules the fights were played under"))
    trials = fields.Integer(required=True, **_d("Battles played per candidate"))
    requested_trials = fields.Integer(required=True, **_d("Battles asked for per candidate"))
    seed = fields.Integer(required=True, **_d("the seed every candidate played"))
    battles_per_second = fields.Float(required=True, **_d("the simulation's speed"))
    truncated = fields.Boolean(required=True, **_d("true when the time budget cut it short"))
    precision = Number(allow_none=True, required=True, **_d("the precision asked for, or null"))
    stopped = fields.String(
        required=True,
        **_d(
            "why play stopped: the precision was reached by every candidate, the trials were "
            "played, or the time budget ran out",
            enum=STOPPED,
        ),
    )
    half_width = fields.Float(
        required=True,
        **_d("the largest half-width of any candidate's outcome and win intervals"),
    )


describe(
    AlternativesSchema,
    flee="the defender flees before the Battle (9.2)",
    defender_concedes="the defender concedes (9.4)",
    attacker_concedes="the attacker concedes (9.4)",
)
describe(
    CandidateAnswerSchema,
    outcomes="the four endings for this candidate",
    vs_best="the paired difference to the best candidate, over the same dice",
)
describe(CompareResponseSchema, opponent="the opponent as given")
describe(
    OddsResponseSchema,
    attacker="the attacking side's statistics",
    defender="the defending side's statistics",
)
describe(SideAnswerSchema, angels_gained="Angels the side acquires by its points (17.2, 17.3)")
