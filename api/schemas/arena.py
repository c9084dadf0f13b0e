"""Schemas of Titan: The Arena's requests and answers: shape only (400).

A state is one player's view of the table (docs/arena.md); whether it obeys the rules is
``engine.arena.checks``' question (422 from odds and advice, the list from validate).
"""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from engine.arena.cards import CREATURE_NAMES

_int = {"strict": True}
_count = fields.Integer(**_int, validate=validate.Range(min=0, max=200))


class BetSchema(Schema):
    creature = fields.String(required=True, metadata={"example": "Cyclops"})
    round = fields.Integer(**_int, required=True, validate=validate.Range(min=1, max=4))


class SecretBetSchema(Schema):
    creature = fields.String(allow_none=True, load_default=None)
    card = fields.String(allow_none=True, load_default=None, metadata={"example": "Hydra 3"})
    revealed = fields.Boolean(load_default=False)


class ArenaPlayerSchema(Schema):
    name = fields.String(required=True, validate=validate.Length(min=1, max=40))
    hand_size = fields.Integer(
        **_int, validate=validate.Range(min=0, max=102), allow_none=True, load_default=None
    )
    hand_capacity = fields.Integer(**_int, load_default=8)
    bets = fields.List(fields.Nested(BetSchema), load_default=list, validate=validate.Length(max=5))
    secret_bet = fields.Nested(SecretBetSchema, allow_none=True, load_default=None)
    set_aside = fields.Integer(**_int, load_default=0, validate=validate.Range(min=0, max=102))


class DiscardSchema(Schema):
    cards = fields.List(fields.String(), load_default=list, validate=validate.Length(max=102))
    hidden = fields.Integer(**_int, load_default=0, validate=validate.Range(min=0, max=102))
    top_visible = fields.Boolean(allow_none=True, load_default=None)


_cards = fields.List(fields.String(), validate=validate.Length(max=102))


class ArenaStateSchema(Schema):
    players = fields.List(
        fields.Nested(ArenaPlayerSchema), required=True, validate=validate.Length(min=1, max=8)
    )
    me = fields.String(required=True, metadata={"description": "the asking player"})
    hand = fields.List(fields.String(), load_default=list, validate=validate.Length(max=102))
    set_aside = fields.List(fields.String(), load_default=list, validate=validate.Length(max=102))
    to_move = fields.String(required=True)
    starter = fields.String(allow_none=True, load_default=None)
    last_player = fields.String(allow_none=True, load_default=None)
    round = fields.Integer(**_int, load_default=1, validate=validate.Range(min=1, max=5))
    eliminated = fields.List(fields.String(), load_default=list, validate=validate.Length(max=8))
    columns = fields.List(
        fields.Dict(keys=fields.String(), values=_cards), load_default=list,
        validate=validate.Length(max=5),
    )  # fmt: skip
    discard = fields.Nested(DiscardSchema, load_default=dict)
    draw_pile = fields.Integer(**_int, required=True, validate=validate.Range(min=0, max=102))
    head_referee_played = fields.Boolean(load_default=False)
    opening_bid = fields.Integer(**_int, allow_none=True, load_default=None)
    stalemate = fields.Boolean(load_default=False)


class PlaceSchema(Schema):
    place = fields.String(required=True, validate=validate.OneOf(["column", "discard", "secret"]))
    round = fields.Integer(**_int, validate=validate.Range(min=1, max=5))
    creature = fields.String()
    player = fields.String()


class PowerSchema(Schema):
    target = fields.String(metadata={"description": "Cyclops, Titan: a player; Dragon: a creature"})
    place = fields.Nested(PlaceSchema, metadata={"description": "Troll: the card reclaimed"})
    swap = fields.List(
        fields.Nested(PlaceSchema), validate=validate.Length(equal=2),
        metadata={"description": "Unicorn: the two cards exchanged"},
    )  # fmt: skip
    cards = fields.List(fields.String(), validate=validate.Length(max=3))
    keep = fields.String(metadata={"description": "Titan: the card kept"})


class PlaySchema(Schema):
    type = fields.String(
        load_default="card", validate=validate.OneOf(["card", "head_referee", "referee", "pass"])
    )
    card = fields.String()
    creature = fields.String()
    claim = fields.Nested(PlaceSchema)
    power = fields.Nested(PowerSchema, allow_none=True)


class WagerSchema(Schema):
    type = fields.String(
        load_default="pass", validate=validate.OneOf(["pass", "bet", "secret", "reveal"])
    )
    creature = fields.String()
    card = fields.String()


class TurnSchema(Schema):
    wager = fields.Nested(WagerSchema, load_default=dict)
    play = fields.Nested(PlaySchema, allow_none=True, load_default=None)
    second = fields.Nested(PlaySchema, allow_none=True, load_default=None)
    discards = fields.List(fields.String(), load_default=list, validate=validate.Length(max=3))


class ArenaValidateRequestSchema(Schema):
    state = fields.Nested(ArenaStateSchema, required=True)
    action = fields.Nested(TurnSchema, allow_none=True, load_default=None)


class ArenaViolationSchema(Schema):
    code = fields.String(required=True)
    message = fields.String(required=True)
    path = fields.String(allow_none=True)
    rule = fields.String(allow_none=True, metadata={"description": "section of the rule book"})


class ArenaValidateAnswerSchema(Schema):
    valid = fields.Boolean(required=True)
    violations = fields.List(fields.Nested(ArenaViolationSchema), required=True)


POLICIES = ("default", "random", "aggressive")


class ArenaOddsRequestSchema(Schema):
    state = fields.Nested(ArenaStateSchema, required=True)
    policies = fields.Dict(
        keys=fields.String(), values=fields.String(validate=validate.OneOf(POLICIES)),
        load_default=dict, metadata={"description": "a policy per player name (default)"},
    )  # fmt: skip
    games = fields.Integer(**_int, allow_none=True, load_default=None,
                           validate=validate.Range(min=1))  # fmt: skip
    seed = fields.Integer(**_int, allow_none=True, load_default=None,
                          validate=validate.Range(min=0, max=2**53))  # fmt: skip


class ProportionSchema(Schema):
    p = fields.Float(required=True)
    ci95 = fields.List(fields.Float(), required=True)


class CreatureOddsSchema(Schema):
    survives = fields.Nested(ProportionSchema, required=True)
    dies_in_round = fields.List(fields.Float(), required=True)


class PlayerOddsSchema(Schema):
    expected_ducats = fields.Float(required=True)
    ducats_ci95 = fields.List(fields.Float())
    wins = fields.Nested(ProportionSchema, required=True)
    policy = fields.String()


class ArenaOddsAnswerSchema(Schema):
    creatures = fields.Dict(keys=fields.String(), values=fields.Nested(CreatureOddsSchema))
    players = fields.Dict(keys=fields.String(), values=fields.Nested(PlayerOddsSchema))
    games = fields.Integer(required=True)
    seed = fields.Integer(required=True)
    games_per_second = fields.Float()
    truncated = fields.Boolean()


class ArenaAdviceRequestSchema(ArenaOddsRequestSchema):
    max_plays = fields.Integer(**_int, load_default=24, validate=validate.Range(min=1, max=64))


class AdvicePlaySchema(Schema):
    action = fields.Dict(required=True, metadata={"description": "the turn, as validate takes it"})
    description = fields.String(required=True)
    expected_ducats = fields.Float(required=True)
    ducats_ci95 = fields.List(fields.Float(), required=True)
    wins = fields.Nested(ProportionSchema, required=True)


class ArenaAdviceAnswerSchema(Schema):
    plays = fields.List(fields.Nested(AdvicePlaySchema), required=True)
    games = fields.Integer(required=True, metadata={"description": "games per play"})
    seed = fields.Integer(required=True)
    considered = fields.Integer()
    truncated = fields.Boolean()


assert len(CREATURE_NAMES) == 8
