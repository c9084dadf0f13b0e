"""Schemas of Titan: The Arena's requests and answers: shape only (400).

A state is one player's view of the table (docs/arena.md); whether it obeys the rules is
``engine.arena.checks``' question (422 from odds and advice, the list from validate).
"""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields

from api.schemas import STRICT as _int
from api.schemas import Boolean, Length, OneOf, Range
from api.schemas import described as _d
from engine.arena.cards import (
    CHIPS,
    CREATURE_NAMES,
    HAND_CAPACITY,
    MAX_DISCARDS,
    N_CARDS,
    N_CREATURES,
    PENALISED_CAPACITY,
    ROUNDS,
    STRENGTHS,
)
from engine.arena.rules import LAST_BETTING_ROUND
from simulator.limits import (
    ARENA_DEFAULT_PLAYS,
    ARENA_MAX_PLAYS,
    MAX_TRIALS,
    MIN_TRIALS,
    SEED_MAX,
)

# The most players a table is read with: the rules then judge their number (two to five, 1).
PLAYERS_READ = 8


class BetSchema(Schema):
    creature = fields.String(
        required=True, **_d("the creature backed (15: its backer may use its power)",
                            example="Cyclops", enum=list(CREATURE_NAMES))
    )  # fmt: skip
    round = fields.Integer(
        **_int, required=True, validate=Range(min=1, max=LAST_BETTING_ROUND),
        **_d("the round the bet was placed in, 1 to 4: it is worth 4, 3, 2 or 1 ducats (7)"),
    )  # fmt: skip


class SecretBetSchema(Schema):
    creature = fields.String(
        allow_none=True, load_default=None,
        **_d("the creature bet on, when known (a revealed bet, or your own); null if hidden",
             enum=[*CREATURE_NAMES, None]),
    )  # fmt: skip
    card = fields.String(
        allow_none=True, load_default=None,
        **_d("the strength card bet face down (7): your own, or a revealed one's; null once a "
             "Referee or the Troll took it, or when hidden", example="Hydra 3"),
    )  # fmt: skip
    revealed = Boolean(load_default=False, **_d("whether the bet lies face up (7)"))


class ArenaPlayerSchema(Schema):
    name = fields.String(required=True, validate=Length(min=1, max=40), **_d("the player's name"))
    hand_size = fields.Integer(
        **_int, validate=Range(min=0, max=N_CARDS), allow_none=True, load_default=None,
        **_d("cards in the player's Hand (11); null for the asking player (its `hand`)"),
    )  # fmt: skip
    hand_capacity = fields.Integer(
        **_int, load_default=HAND_CAPACITY,
        **_d("the most cards the Hand may hold: 8, or 7 after an opening bid its bidder "
             "could not play (5, 11)", enum=[HAND_CAPACITY, PENALISED_CAPACITY]),
    )  # fmt: skip
    bets = fields.List(
        fields.Nested(BetSchema), load_default=list, validate=Length(max=CHIPS),
        **_d("the player's visible bets, in the order placed (7)"),
    )  # fmt: skip
    secret_bet = fields.Nested(
        SecretBetSchema, allow_none=True, load_default=None,
        **_d("the player's secret bet (7), or null if none"),
    )  # fmt: skip
    set_aside = fields.Integer(
        **_int, load_default=0, validate=Range(min=0, max=N_CARDS),
        **_d("how many of the player's cards the Cyclops' stare set aside (15.1)"),
    )  # fmt: skip


class DiscardSchema(Schema):
    cards = fields.List(
        fields.String(), load_default=list, validate=Length(max=N_CARDS),
        **_d("the discards you know, the top last (11)"),
    )  # fmt: skip
    hidden = fields.Integer(
        **_int, load_default=0, validate=Range(min=0, max=N_CARDS),
        **_d("how many discards you have not seen"),
    )  # fmt: skip
    top_visible = Boolean(
        allow_none=True, load_default=None, **_d("whether the top discard lies face up")
    )


def _cards(text: str, **more: Any) -> fields.List[str]:
    return fields.List(fields.String(), validate=Length(max=N_CARDS), **more, **_d(text))


class ArenaStateSchema(Schema):
    players = fields.List(
        fields.Nested(ArenaPlayerSchema), required=True,
        validate=Length(min=1, max=PLAYERS_READ),
        **_d("the players in clockwise order"),
    )  # fmt: skip
    me = fields.String(required=True, **_d("the asking player (whose `hand` is given)"))
    hand = _cards("the asking player's Hand (11), as card names", load_default=list)
    set_aside = _cards("the asking player's cards the Cyclops set aside (15.1)",
                       load_default=list)  # fmt: skip
    to_move = fields.String(required=True, **_d("the player whose turn it is (6)"))
    starter = fields.String(allow_none=True, load_default=None, **_d("who began this round (8)"))
    last_player = fields.String(
        allow_none=True, load_default=None, **_d("who played last, for the tie-break (12)")
    )
    round = fields.Integer(
        **_int,
        load_default=1,
        validate=Range(min=1, max=ROUNDS),
        **_d(f"the round, 1 to {ROUNDS}"),
    )
    eliminated = fields.List(
        fields.String(), load_default=list, validate=Length(max=N_CREATURES),
        **_d("the dead creatures in the order they died (8)"),
    )  # fmt: skip
    columns = fields.List(
        fields.Dict(keys=fields.String(), values=fields.List(fields.String())),
        load_default=list, validate=Length(max=ROUNDS),
        **_d("one object per round so far: each living creature's row of cards, from the "
             "bottom up (8)"),
    )  # fmt: skip
    discard = fields.Nested(DiscardSchema, load_default=dict, **_d("the Discard tray (11)"))
    draw_pile = fields.Integer(
        **_int, required=True, validate=Range(min=0, max=N_CARDS),
        **_d("cards left in the Draw pile (11)"),
    )  # fmt: skip
    head_referee_played = Boolean(
        load_default=False, **_d("whether the Head Referee has been played (10)")
    )
    opening_bid = fields.Integer(
        **_int, allow_none=True, load_default=None,
        **_d("the opening bid the player to move must honour (5), or null",
             minimum=0, maximum=STRENGTHS - 1),
    )  # fmt: skip
    stalemate = Boolean(load_default=False, **_d("whether a stalemate is on (14)"))


class PlaceSchema(Schema):
    place = fields.String(
        required=True, validate=OneOf(["column", "discard", "secret"]),
        **_d("where the card lies: a combat column, the Discard tray or a secret bet"),
    )  # fmt: skip
    round = fields.Integer(**_int, validate=Range(min=1, max=ROUNDS), **_d("a column's round"))
    creature = fields.String(**_d("a column's creature row"))
    player = fields.String(**_d("the player whose secret bet it is"))


class PowerSchema(Schema):
    target = fields.String(**_d("Cyclops, Titan: the victim, a player; Dragon: a creature"))
    place = fields.Nested(PlaceSchema, **_d("Troll: the card reclaimed (15.6)"))
    swap = fields.List(
        fields.Nested(PlaceSchema), validate=Length(equal=2),
        **_d("Unicorn: the two cards exchanged (15.7)"),
    )  # fmt: skip
    cards = fields.List(
        fields.String(), validate=Length(max=MAX_DISCARDS),
        **_d("Warlock: the cards discarded, at most three (15.8)"),
    )  # fmt: skip
    keep = fields.String(**_d("Titan: the card kept (15.5)"))


class PlaySchema(Schema):
    type = fields.String(
        load_default="card", validate=OneOf(["card", "head_referee", "referee", "pass"]),
        **_d("a card on a creature's row, a referee, or a pass (only with no playable card)"),
    )  # fmt: skip
    card = fields.String(**_d("the strength card or spectator played"))
    creature = fields.String(**_d("the creature whose row it goes on (the Head Referee's too)"))
    claim = fields.Nested(PlaceSchema, **_d("a Referee's claim: the card it takes (10)"))
    power = fields.Nested(
        PowerSchema, allow_none=True,
        **_d("the power the card calls (15), or null: the Ranger's and the Hydra's are {}"),
    )  # fmt: skip


class WagerSchema(Schema):
    type = fields.String(
        load_default="pass", validate=OneOf(["pass", "bet", "secret", "reveal"]),
        **_d("no wager, a visible bet, a secret bet (also the turn's play), or a reveal (7)"),
    )  # fmt: skip
    creature = fields.String(**_d("a bet's creature"))
    card = fields.String(**_d("a secret bet's card"))


class TurnSchema(Schema):
    wager = fields.Nested(WagerSchema, load_default=dict, **_d("the turn's wager (6, 7)"))
    play = fields.Nested(PlaySchema, allow_none=True, load_default=None,
                         **_d("the turn's play (6, 8)"))  # fmt: skip
    second = fields.Nested(PlaySchema, allow_none=True, load_default=None,
                           **_d("the Hydra's second card (15.3)"))  # fmt: skip
    discards = fields.List(
        fields.String(), load_default=list, validate=Length(max=MAX_DISCARDS),
        **_d("the cards discarded at the turn's end, at most three (11)"),
    )  # fmt: skip


class ArenaValidateRequestSchema(Schema):
    state = fields.Nested(ArenaStateSchema, required=True, **_d("the table as you see it"))
    action = fields.Nested(
        TurnSchema, allow_none=True, load_default=None,
        **_d("one turn of the player to move, judged on the table; null: the table only"),
    )  # fmt: skip


class ArenaViolationSchema(Schema):
    code = fields.String(required=True, **_d("what is wrong, as a stable code"))
    message = fields.String(required=True, **_d("what is wrong, for people"))
    path = fields.String(allow_none=True, **_d("the field at fault, or null"))
    rule = fields.String(allow_none=True, **_d("the section of the rule book"))


class ArenaValidateAnswerSchema(Schema):
    valid = fields.Boolean(required=True, **_d("whether the table and the turn break no rule"))
    violations = fields.List(
        fields.Nested(ArenaViolationSchema), required=True, **_d("every problem found")
    )


POLICIES = ("default", "random", "aggressive")


class ArenaOddsRequestSchema(Schema):
    state = fields.Nested(ArenaStateSchema, required=True, **_d("the table as you see it"))
    policies = fields.Dict(
        keys=fields.String(), values=fields.String(validate=OneOf(POLICIES)),
        load_default=dict,
        **_d("a scripted policy per player name (`default`, `aggressive` or `random`); "
             "players not named play `default`"),
    )  # fmt: skip
    # at most the service's TITAN_MAX_TRIALS: the simulator's to enforce (422), published here
    games = fields.Integer(
        **_int, allow_none=True, load_default=None, validate=Range(min=MIN_TRIALS),
        **_d("games to play out (default `TITAN_ARENA_DEFAULT_GAMES`, at most "
             f"`TITAN_MAX_TRIALS`, {MAX_TRIALS} unless set)",
             maximum=MAX_TRIALS, **{"x-setting": "TITAN_MAX_TRIALS"}),
    )  # fmt: skip
    seed = fields.Integer(
        **_int, allow_none=True, load_default=None, validate=Range(min=0, max=SEED_MAX),
        **_d("the seed of the games, 0 to 2**53 - 1 (as an odds request's): the same seed, "
             "the same answer; random if absent"),
    )  # fmt: skip


class ProportionSchema(Schema):
    p = fields.Float(required=True, **_d("a probability, 0 to 1"))
    ci95 = fields.List(fields.Float(), required=True, **_d("its 95% interval [low, high]"))


class CreatureOddsSchema(Schema):
    survives = fields.Nested(
        ProportionSchema, required=True, **_d("the chance to survive the five rounds (12)")
    )
    dies_in_round = fields.List(
        fields.Float(), required=True, **_d("the chance to die in each round, 1 to 5 (8)")
    )


class PlayerOddsSchema(Schema):
    expected_ducats = fields.Float(required=True, **_d("mean ducats at the game's end (12)"))
    ducats_ci95 = fields.List(fields.Float(), **_d("the 95% interval of that mean"))
    wins = fields.Nested(ProportionSchema, required=True,
                         **_d("the chance to win, ties broken as in 12"))  # fmt: skip
    policy = fields.String(**_d("the scripted policy that played the player"))


class ArenaOddsAnswerSchema(Schema):
    creatures = fields.Dict(
        keys=fields.String(), values=fields.Nested(CreatureOddsSchema),
        **_d("each creature's fate, by name"),
    )  # fmt: skip
    players = fields.Dict(
        keys=fields.String(), values=fields.Nested(PlayerOddsSchema),
        **_d("each player's ducats and wins, by name"),
    )  # fmt: skip
    games = fields.Integer(required=True, **_d("games played (fewer when `truncated`)"))
    seed = fields.Integer(required=True, **_d("the seed played: ask again with it"))
    games_per_second = fields.Float(**_d("the simulation's speed"))
    truncated = fields.Boolean(**_d("whether the time budget cut the games short"))


class ArenaAdviceRequestSchema(ArenaOddsRequestSchema):
    max_plays = fields.Integer(
        **_int, load_default=ARENA_DEFAULT_PLAYS,
        validate=Range(min=1, max=ARENA_MAX_PLAYS),
        **_d("the most plays tried, in the order listed in docs/arena.md"),
    )  # fmt: skip


class AdvicePlaySchema(Schema):
    action = fields.Dict(required=True, **_d("the turn, as validate takes it"))
    description = fields.String(required=True, **_d("the turn in words"))
    expected_ducats = fields.Float(required=True, **_d("mean ducats at the game's end"))
    ducats_ci95 = fields.List(fields.Float(), required=True,
                              **_d("the 95% interval of that mean"))  # fmt: skip
    wins = fields.Nested(ProportionSchema, required=True, **_d("the chance to win"))
    games = fields.Integer(
        required=True, **_d("games this play was played (fewer when the time budget ran out)")
    )


class ArenaAdviceAnswerSchema(Schema):
    plays = fields.List(
        fields.Nested(AdvicePlaySchema), required=True, **_d("the plays tried, best first")
    )
    games = fields.Integer(required=True, **_d("games per play, the same games for each"))
    seed = fields.Integer(required=True, **_d("the seed played"))
    considered = fields.Integer(**_d("how many plays were tried (at most `max_plays`)"))
    truncated = fields.Boolean(**_d("whether the time budget cut the games short"))


assert len(CREATURE_NAMES) == 8
