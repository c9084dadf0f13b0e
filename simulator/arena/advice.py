"""Advice: the asking player's legal plays this turn, each played out on the same games.

Each candidate is a wager and a play (or a secret bet) of the player to move, who must be the
asker; ``engine.arena.moves`` lists them from his Hand. Every candidate's games deal the same
unseen cards and draw the same random words (common random numbers), so their differences
are the plays', not luck's. Powers after the play are chosen by the default policy.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from engine.arena import moves
from engine.arena.cards import CREATURE_NAMES, card_name
from engine.arena.game import Play, Turn
from engine.arena.state import deal
from engine.errors import RuleError
from simulator.arena import state as st
from simulator.arena.odds import (
    Setup,
    check_games,
    mean_interval,
    play_each,
    proportion,
    setup_of,
)
from simulator.limits import check_seed


def _place_json(place: tuple, names: list[str]) -> dict[str, Any]:
    if place[0] == "column":
        return {"place": "column", "round": place[1], "creature": CREATURE_NAMES[place[2]]}
    if place[0] == "discard":
        return {"place": "discard"}
    return {"place": "secret", "player": names[place[1]]}


def _encode(turn: Turn) -> np.ndarray:
    """The turn as the kernel's forced first turn (int64[FORCED], ``simulator.arena.state``)."""
    forced = np.full(st.FORCED, -1, np.int64)
    forced[st.F_WAGER] = {"pass": st.W_PASS, "bet": st.W_BET, "secret": st.W_SECRET,
                          "reveal": st.W_REVEAL}[turn.wager]  # fmt: skip
    forced[st.F_WAGER_ARG] = turn.creature if turn.wager == "bet" else turn.secret_card
    play = turn.play
    at = st.F_PLAY
    if play is None:
        forced[at + st.O_KIND] = st.P_NONE
        return forced
    forced[at + st.O_KIND] = {"card": st.P_CARD, "head_referee": st.P_HEAD,
                              "referee": st.P_REFEREE, "pass": st.P_PASS}[play.kind]  # fmt: skip
    forced[at + st.O_CARD] = play.card
    if play.kind in ("card", "head_referee"):
        forced[at + st.O_C] = play.creature
    elif play.kind == "referee":
        kinds = {"column": st.PL_COLUMN, "discard": st.PL_DISCARD, "secret": st.PL_SECRET}
        forced[at + st.O_C] = kinds[play.place[0]]
        if play.place[0] == "column":
            forced[at + st.O_A], forced[at + st.O_B] = play.place[1] - 1, play.place[2]
        elif play.place[0] == "secret":
            forced[at + st.O_A] = play.place[1]
    return forced


def _describe(turn: Turn, names: list[str]) -> tuple[dict[str, Any], str]:
    words = []
    action: dict[str, Any] = {"wager": {"type": turn.wager}}
    if turn.wager == "bet":
        action["wager"]["creature"] = CREATURE_NAMES[turn.creature]
        words.append(f"bet on the {CREATURE_NAMES[turn.creature]}")
    elif turn.wager == "secret":
        action["wager"]["card"] = card_name(turn.secret_card)
        words.append(f"secret bet with {card_name(turn.secret_card)}")
    elif turn.wager == "reveal":
        words.append("reveal the secret bet")
    play = turn.play
    if play is not None:
        if play.kind == "card":
            action["play"] = {"type": "card", "card": card_name(play.card),
                              "creature": CREATURE_NAMES[play.creature]}  # fmt: skip
            words.append(f"{card_name(play.card)} on the {CREATURE_NAMES[play.creature]}")
        elif play.kind == "head_referee":
            action["play"] = {"type": "head_referee", "creature": CREATURE_NAMES[play.creature]}
            words.append(f"Head Referee on the {CREATURE_NAMES[play.creature]}")
        elif play.kind == "referee":
            place = _place_json(play.place, names)
            action["play"] = {"type": "referee", "claim": place}
            words.append("Referee claims " + " ".join(str(v) for v in place.values()))
        else:
            action["play"] = {"type": "pass"}
            words.append("pass")
    return action, "; ".join(words)


def candidates(setup: Setup) -> list[Turn]:
    """The asker's legal wager-and-play pairs this turn (6, 7, 10)."""
    state = setup.state
    if state.to_move != state.me:
        raise RuleError(
            f"advice is for the player to move: it is {state.names[state.to_move]}'s turn,"
            f" not {state.names[state.me]}'s", rule="6", path="state.to_move",
        )  # fmt: skip
    table = deal(state, random.Random(0))  # the asker's choices do not depend on hidden cards
    found = []
    order = {"bet": 0, "secret": 1, "reveal": 2, "pass": 3}  # a chip placed is rarely wasted
    for wager in sorted(moves.wagers(table), key=lambda w: order[w.wager]):
        if wager.wager == "secret":
            found.append(wager)
            continue
        for option in moves.plays(table):
            found.append(Turn(wager.wager, wager.creature, play=Play(
                option.kind, option.card, option.creature, option.place)))  # fmt: skip
    return found


def advice(body: dict[str, Any], max_games: int, default_games: int,
           time_budget: float | None = None) -> dict[str, Any]:  # fmt: skip
    """The answer of POST /api/v1/arena/advice."""
    setup = setup_of(body["state"], body.get("policies"))
    games = check_games(body.get("games"), max_games, default_games)
    seed = check_seed(body.get("seed"))
    found = candidates(setup)
    limit = body.get("max_plays") or len(found)
    found = found[:limit]  # in the order listed: bets, secret bets, reveal, pass; by plays
    per_play = max(1, games // max(1, len(found)))
    me = setup.state.me
    plays = []
    played = play_each(setup, [_encode(turn) for turn in found], per_play, seed, time_budget)
    truncated = bool(played) and played[0].n < per_play
    for turn, done in zip(found, played, strict=True):
        mean, ci = mean_interval(done.ducats[:, me].astype(np.float64))
        action, words = _describe(turn, setup.state.names)
        plays.append({
            "action": action, "description": words, "expected_ducats": mean, "ducats_ci95": ci,
            "wins": proportion(int(np.count_nonzero(done.winner == me)), done.n),
            "games": done.n,
        })  # fmt: skip
    plays.sort(key=lambda p: (-p["expected_ducats"], -p["wins"]["p"]))
    return {"plays": plays, "games": per_play, "seed": seed, "considered": len(found),
            "truncated": truncated}  # fmt: skip
