"""Tactical Titan's kernel against engine.tactical: every fight it plays, replayed action by
action through the engine's referee, is legal at every step and ends where the kernel ends.

Random armies (every type of the variant but the Demons' five others) meet on each example map,
hurt and poisoned at random, with scores that grow Titans and bring Angels (8.2, 8.3), from the
Healing, Maneuver or Strike Phase (4.0). Each fight's rests and heals (5.1-5.3), moves (7.0-7.3,
TITAN 11.0-11.7), strikes with their Strike-numbers, dice and carries (8.0, 8.1, TITAN 12.0-12.5),
rangestrikes (TITAN 13.0-13.5), the start of each Strike Phase (Drift, aura, poison: 9.2), the
scores and the fallen Titans (8.2, 2.2.2), the Lords placed (8.3) and, when the Muster Phase is
played, each region muster and summoning (6.0-6.4, 9.1, 10.0-10.2) are the engine's
(``tests.helpers.tactical_fights.replay``). ``TITAN_TACTICAL_REPLAY_FIGHTS`` sets the fights per
map (100 by default; 200 or more for a thorough run).
"""

from __future__ import annotations

import os
import random

import numpy as np
import pytest
from numba import njit

from engine.tactical.characters import CHARACTERS
from engine.tactical.maps import stored_map
from engine.tactical.movement import reachable
from engine.tactical.muster_phase import MUSTER_DICE
from engine.tactical.musters import MASTER_MUSTER_ROLL
from engine.tactical.state import GameState
from simulator.tactical import odds, tables
from simulator.tactical import state as s
from simulator.tactical.moves import reach
from simulator.tactical.state import new_fight, reset
from simulator.tactical.trace import traced
from tests.helpers.tactical_fights import Tally, random_state, replay

FIGHTS = int(os.environ.get("TITAN_TACTICAL_REPLAY_FIGHTS", "100"))
TURNS = 30


def _fights(name: str, count: int, seed: int):
    m = stored_map(name)
    for k in range(count):
        rnd = random.Random(seed * 100_003 + k)
        players = rnd.choice((2, 2, 3, 4)) if m.players >= 4 else 2
        raw = random_state(m, name, rnd, players=players)
        yield k, GameState.from_dict(raw)


@pytest.mark.parametrize("name", ["two_shores", "four_winds"])
def test_every_fight_replays_through_the_engine_5_to_8(name):
    """5.0-8.3: each action of each fight legal and exactly the engine's, the end the same."""
    tally = Tally()
    for k, state in _fights(name, FIGHTS, seed=1):
        found = traced(tables.setup(state), seed=3, index=k, turns=TURNS)
        assert found.complete
        replay(state, found, tally)
    seen = tally.seen
    assert seen["move"] > 10 * FIGHTS and seen["strike"] > 10 * FIGHTS, seen
    for rule in ("rangestrike", "rest", "heal", "end strike", "drift, aura or poison"):
        assert seen[rule] > 0, (rule, seen)
    if FIGHTS >= 25:
        assert seen["angel"] > 0 and seen["carry"] > 0, seen


@pytest.mark.parametrize("name", ["two_shores", "four_winds"])
def test_every_fight_with_musters_replays_through_the_engine_6_0_to_10_2(name):
    """6.0-6.4, 9.1, 9.2, 10.0-10.2: with the Muster Phase played, each region muster and
    summoning (its participants, hex, dice, a Master Muster taken on 12, a Demon's die) is legal
    and brings in the engine what it brings in the kernel, and the fight ends the same."""
    tally = Tally()
    for k, state in _fights(name, FIGHTS, seed=1):
        found = traced(tables.setup(state, musters=True), seed=4, index=k, turns=TURNS)
        assert found.complete
        replay(state, found, tally)
    seen = tally.seen
    assert seen["end muster"] > 2 * FIGHTS, seen
    for rule in ("muster", "muster succeeds", "Warlock summons", "Cleric summons"):
        assert seen[rule] > 0, (rule, seen)
    if FIGHTS >= 100:
        assert seen["master muster"] > 0 and seen["Cleric summons succeeds"] > 0, seen


def test_each_fights_kinds_hold_its_own_types_rows_among_those_kept_for_others(monkeypatch):
    """A fight's types share their rows and strike terms with other fights on the map: each
    type's rows and each pair's terms in a fight's tables are the ones asked of the rules for
    that type and that pair, whatever fights came before."""
    monkeypatch.setattr(tables, "_kept", {})
    for _, state in _fights("four_winds", 6, seed=5):
        setup = tables.setup(state)
        mt = tables.map_tables(state.map)
        kinds = [CHARACTERS[name] for name in setup.types]
        for t, k in enumerate(kinds):
            rows = tables._type_rows(state.map, mt, k)
            for field in rows._fields:
                assert np.array_equal(getattr(setup.kinds, field)[t], getattr(rows, field)), field
            for u, other in enumerate(kinds):
                terms = tables._pair_terms(mt, k, other)
                assert np.array_equal(setup.kinds.terms[t, u, : len(terms)], terms)
    assert len(tables._kept[(state.map, "strike terms")]) > len(setup.types) ** 2  # shared


def test_the_kernel_musters_as_the_engine_numbers_it_6_0_9_1():
    """The kernel's dice and Master Muster roll are the engine's."""
    assert (s.MUSTER_DICE, s.MASTER_ROLL) == (MUSTER_DICE, MASTER_MUSTER_ROLL)


def test_a_fight_traced_is_the_fight_the_odds_count():
    """The log changes nothing: the traced fight's outcome is that fight's in a run of many."""
    _, state = next(_fights("two_shores", 1, seed=2))
    setup = tables.setup(state)
    many = odds.play(setup, 12, seed=9, turns=TURNS, parts=1)
    for index in (0, 5, 11):
        one = traced(setup, seed=9, index=index, turns=TURNS).fights
        for field in ("ended", "played", "fell", "gained", "healed", "angels", "survived"):
            assert np.array_equal(getattr(one, field)[0], getattr(many, field)[index]), field


def test_fights_are_the_same_in_any_number_of_parts():
    """Fight i depends only on (seed, i): one part or several on the kernel's threads."""
    _, state = next(_fights("four_winds", 1, seed=3))
    setup = tables.setup(state)
    whole = odds.play(setup, 300, seed=4, turns=TURNS, parts=1)
    split = odds.play(setup, 300, seed=4, turns=TURNS, parts=7)
    for field in ("ended", "played", "fell", "gained", "healed", "angels", "survived"):
        assert np.array_equal(getattr(whole, field), getattr(split, field)), field


def test_the_fight_stops_when_a_titan_falls_or_the_turns_run_out_2_2_2_4_0():
    """2.2.2: a fight stops at the end of the Strike Phase in which a Titan fell; else after its
    player turns (4.0); with ``one_player`` it goes on while two players are left."""
    _, state = next(_fights("two_shores", 1, seed=4))
    setup = tables.setup(state)
    done = odds.play(setup, 400, seed=5, turns=12, parts=1)
    fell = done.fell.sum(axis=1) > 0
    assert np.all(done.ended[fell] == s.ENDED_TITAN)
    assert np.all(done.played[~fell] == 12) and np.all(done.ended[~fell] == s.ENDED_TURNS)
    assert np.all(done.played <= 12)
    last = odds.play(setup, 400, seed=5, turns=12, until=odds.Until.ONE_PLAYER, parts=1)
    # two players: the first Titan to fall leaves one player, so both rules stop alike
    assert np.array_equal(last.fell, done.fell)


@njit(cache=True)
def _kernel_reach(board, kinds, start, slot):
    """The hexes (and damage there) the kernel finds for ``slot`` of the Start."""
    fight = new_fight(start, board, kinds, np.zeros((0, s.LOG_WIDTH), np.int64))
    reset(fight, start)
    count = reach(fight, board, kinds, slot)
    return fight.reach[:count].copy(), fight.reach_damage.copy()


@pytest.mark.parametrize("name", ["two_shores", "four_winds"])
def test_the_kernel_finds_every_move_the_engine_allows_7_0_to_7_3(name):
    """TITAN 11.2-11.5, 7.1, 7.3, 12.1, 10.1: each character's destinations, as a set, and the
    damage of the least hurtful way to each, are the engine's (``reachable``)."""
    checked = 0
    for _, state in _fights(name, 12, seed=6):
        setup = tables.setup(state)
        for slot, figure in enumerate(state.figures):
            found, damage = _kernel_reach(setup.board, setup.kinds, setup.start, slot)
            ways = reachable(state, figure)
            assert set(found.tolist()) == set(ways), (figure, state.map.name_of(figure.hex))
            assert all(damage[h] == way.damage for h, way in ways.items()), figure
            checked += len(ways)
    assert checked > 500


def test_between_three_players_the_fight_may_go_on_until_one_is_left_2_2_2():
    """2.2.2: with ``one_player`` a fight goes on past the first fallen Titan, and stops when
    every other player's Titan has fallen (or its turns run out)."""
    m = stored_map("four_winds")
    state = GameState.from_dict(random_state(m, "four_winds", random.Random(8), players=3))
    setup = tables.setup(state)
    done = odds.play(setup, 300, seed=2, turns=60, until=odds.Until.ONE_PLAYER, parts=1)
    last = done.ended == s.ENDED_ONE_PLAYER
    assert last.any()
    assert np.all(done.fell[last].sum(axis=1) >= 2)
    assert np.all(done.standing[last].sum(axis=1) <= 1)
    first = odds.play(setup, 300, seed=2, turns=60, parts=1)
    assert np.all(first.fell[first.ended == s.ENDED_TITAN].sum(axis=1) >= 1)
    assert first.played.mean() < done.played.mean()
