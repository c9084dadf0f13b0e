"""The Arena's kernel: whole games keep every card, end as the rules end them, repeat for a
seed, and agree with the engine's referee on the odds of a table it can settle exactly."""

from __future__ import annotations

import math

import numpy as np
import pytest

from engine.arena.cards import N_CARDS
from engine.arena.state import EXAMPLE_STATE
from simulator.arena import kernel, odds, policies
from simulator.arena.policy import N_PARAMS
from simulator.arena.state import MAX_TURNS


@pytest.fixture(scope="module")
def setup():
    return odds.setup_of(EXAMPLE_STATE, {"Bob": "aggressive", "Cat": "random"})


def _games(setup, n, seed=1, first=0, census=True):
    players = len(setup.state.names)
    died = np.zeros((n, 8), np.int64)
    ducats = np.zeros((n, players), np.int64)
    winner = np.zeros(n, np.int64)
    turns = np.zeros(n, np.int64)
    count = np.zeros((n if census else 0, N_CARDS), np.int64)
    kernel.play_games(
        setup.template, setup.pool, setup.policy_of, policies.params(), odds.NO_TURN, seed,
        first, died, ducats, winner, turns, count,
    )  # fmt: skip
    return died, ducats, winner, turns, count


def test_every_card_in_one_place_at_the_end_2(setup):
    *_, count = _games(setup, 300)
    assert (count == 1).all()


def test_games_end_after_five_rounds_with_three_survivors_8_12(setup):
    died, _, winner, turns, _ = _games(setup, 300)
    survivors = (died == 0).sum(axis=1)
    out_of_cards = survivors > 3  # 14: a stalemate with nothing left to shuffle (rulings)
    assert (survivors >= 3).all() and out_of_cards.mean() < 0.1
    for row in died[~out_of_cards]:  # one death a round, rounds 1..5
        assert sorted(r for r in row if r) == [1, 2, 3, 4, 5]
    assert (turns < MAX_TURNS).all()
    assert ((winner >= 0) & (winner < 3)).all()


def test_ducats_are_surviving_bets_12(setup):
    died, ducats, *_ = _games(setup, 200)
    # Ann's 4-ducat bet on the Cyclops counts exactly when the Cyclops survives
    cyclops = 0
    assert ((ducats[:, 0] >= 4) | (died[:, cyclops] > 0)).all()
    assert ducats.max() <= 4 + 4 + 4 + 4 + 5  # five bets at most, one secret


def test_same_seed_same_games_whatever_the_chunks(setup):
    whole = _games(setup, 60, census=False)
    parts = [_games(setup, 30, first=f, census=False) for f in (0, 30)]
    for a, b, c in zip(whole[:4], parts[0][:4], parts[1][:4], strict=True):
        assert (a == np.concatenate([b, c])).all()


def test_policies_are_listed():
    assert policies.params().shape == (len(policies.NAMES), N_PARAMS)
    assert set(policies.DESCRIPTIONS) == set(policies.NAMES)


def _last_round_state():
    """Round 5, four creatures left, every card placed but the Warlock's: whoever moves plays a
    Warlock card or passes; the kernel must kill the lowest. Ann holds only Warlock 0."""
    return {
        "players": [
            {"name": "Ann", "hand_size": 1, "bets": [{"creature": "Warlock", "round": 1}]},
            {"name": "Bob", "hand_size": 0, "bets": [{"creature": "Troll", "round": 2}]},
        ],
        "me": "Ann",
        "hand": ["Warlock 0"],
        "to_move": "Ann",
        "round": 5,
        "eliminated": ["Cyclops", "Dragon", "Hydra", "Ranger"],
        "columns": [{}, {}, {}, {},
                    {"Titan": ["Titan 5"], "Troll": ["Troll 1"], "Unicorn": ["Unicorn 7"]}],
        "discard": {"hidden": 98},
        "draw_pile": 0,
    }  # fmt: skip


def test_a_forced_ending_is_certain_8():
    setup = odds.setup_of(_last_round_state())
    done = odds.play(setup, 200, 3)
    # Warlock 0 is lowest: the Warlock dies in round 5, the Troll's 1 survives
    assert (done.died[:, 7] == 5).all() and (done.died[:, 5] == 0).all()
    assert (done.ducats[:, 1] == 3).all() and (done.ducats[:, 0] == 0).all()
    assert (done.winner == 1).all()


def test_statistics_survival_sums_to_three_creatures(setup):
    n = 2000
    done = odds.play(setup, n, 7)
    answer = odds.summary(setup, done, 7, n)
    total = sum(c["survives"]["p"] for c in answer["creatures"].values())
    # three survivors a game, more only after a stalemate with nothing to shuffle
    assert 3.0 <= total < 3.3
    for c in answer["creatures"].values():
        assert math.isclose(c["survives"]["p"] + sum(c["dies_in_round"]), 1.0, abs_tol=1e-9)
        lo, hi = c["survives"]["ci95"]
        p = c["survives"]["p"]
        assert lo <= p <= hi and hi - lo < 4 * math.sqrt(0.25 / n) + 1e-9
    wins = sum(p["wins"]["p"] for p in answer["players"].values())
    assert math.isclose(wins, 1.0)
