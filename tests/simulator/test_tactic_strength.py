"""The tactics measured: the default plays a Battle out as a strong player would, and the
search tactic plays legal moves and beats the hand-set player.

Each claim is a rate over Battles with a fixed seed, held to its target within a number
of standard errors of that sample (said in each docstring): a claim the numbers
contradict fails.
"""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import pytest

from bench.tactics import SUITE, attacker_wins, defender_holds, outcomes
from engine.battlelands import TERRAINS
from simulator.battles import EventKind, Outcome, play, trace
from simulator.engagement import Engagement, Legion
from simulator.tactics import STYLES
from simulator.tactics import play as bundle
from tests.helpers.battles import assert_legal, random_battles

MIRROR = ("Troll", "Troll", "Ogre", "Ogre", "Lion", "Lion", "Centaur")


def _se(p: float, n: int) -> float:
    return math.sqrt(max(p * (1 - p), 1.0 / n) / n)


def test_three_trolls_beat_two_on_open_ground_10_5():
    """On the Plains 3 Trolls attacking 2 Trolls win at least 95% of Battles and the time
    runs out (10.5) in at most 2%, with the default on both sides: 2,000 Battles (seed 3),
    each rate within 3 standard errors of its bound."""
    spec = Engagement("Plains", Legion(0, ("Troll",) * 3), Legion(0, ("Troll",) * 2)).spec
    n = 2000
    outcome = play(spec, n, seed=3).outcome
    wins = float(np.mean(outcome == Outcome.ATTACKER_WINS))
    timeouts = float(np.mean(outcome == Outcome.TIME_LOSS))
    assert wins + 3 * _se(wins, n) >= 0.95, wins
    assert timeouts - 3 * _se(timeouts, n) <= 0.02, timeouts


def test_the_mirror_on_open_ground_is_fought_out_10_5():
    """The 7v7 mirror on the Plains (Trolls, Ogres, Lions, a Centaur a side) rarely goes to
    the time limit with the default on both sides: time loss at most 10% within 3 standard
    errors, 2,000 Battles (seed 4); and neither side wins it nearly always."""
    spec = Engagement("Plains", Legion(0, MIRROR), Legion(0, MIRROR)).spec
    n = 2000
    outcome = play(spec, n, seed=4).outcome
    timeouts = float(np.mean(outcome == Outcome.TIME_LOSS))
    assert timeouts - 3 * _se(timeouts, n) <= 0.10, timeouts
    assert 0.2 < np.mean(outcome == Outcome.ATTACKER_WINS) < 0.8


@pytest.mark.parametrize("terrain", ["Plains", "Tower", "Swamp"])
def test_every_move_and_strike_of_the_search_tactic_is_legal_11_12_13(terrain):
    """11.0-13.5: the search tactic's Battles (both sides searching) make only moves and
    strikes the engine allows: every event of 3 Battles from random Legions."""
    checked = 0
    for spec, index in list(random_battles(terrain, seed=5))[:3]:
        searching = replace(spec, attacker_tactic="lookahead", defender_tactic="lookahead")
        traced = trace(searching, seed=2, index=index)
        assert traced.complete
        for event in traced.events:
            assert_legal(event)
            checked += event.kind in (EventKind.MOVE, EventKind.STRIKE)
    assert checked > 10


def test_the_search_tactic_beats_the_hand_set_player():
    """Searching, the attacker of the 7v7 mirror on the Plains wins more often against the
    hand-set defender than the hand-set attacker does: 80 Battles each on the same dice
    (seed 6), the difference beyond 3 standard errors."""
    _assert_wins_more("7v7 mirror", "Plains", "lookahead", "hand-set", "hand-set", 80, seed=6)


def _assert_wins_more(name, terrain, tactic, than, defender, n, seed):
    """The attacker of the suite's engagement wins more often against ``defender`` playing
    ``tactic`` than playing ``than``, on the same dice, by more than 3 standard errors."""
    case = next(c for c in SUITE if c.name == name and c.terrain == terrain)
    better = attacker_wins(outcomes(case, tactic, defender, n, seed=seed))
    worse = attacker_wins(outcomes(case, than, defender, n, seed=seed))
    se = math.sqrt(_se(better, n) ** 2 + _se(worse, n) ** 2)
    assert better - worse > 3 * se, (better, worse)


def _assert_holds_more(name, terrain, tactic, than, attacker, n, seed):
    """The defender of the suite's engagement holds out (wins, or outlasts the seven rounds,
    10.5) more often against ``attacker`` playing ``tactic`` than playing ``than``, on the
    same dice, by more than 3 standard errors."""
    case = next(c for c in SUITE if c.name == name and c.terrain == terrain)
    better = defender_holds(outcomes(case, attacker, tactic, n, seed=seed))
    worse = defender_holds(outcomes(case, attacker, than, n, seed=seed))
    se = math.sqrt(_se(better, n) ** 2 + _se(worse, n) ** 2)
    assert better - worse > 3 * se, (better, worse)


def test_searching_leaves_the_real_dice_alone():
    """A search rolls its own dice: the rollouts do not change the dice of the Battle
    itself (a searching side whose every plan is its own style, balanced here, plays the
    Battles of that style)."""
    case = SUITE[0]
    spec = replace(case.engagement.spec, attacker_tactic="balanced", defender_tactic="balanced")
    plain = play(spec, 200, seed=9)
    searching = bundle("lookahead", "balanced")
    same_plans = searching._replace(plans=np.repeat(searching.plans[:, :1], 4, axis=1))
    echoed = play(spec, 200, seed=9, tactics=same_plans)
    assert (plain.outcome == echoed.outcome).all() and (plain.rounds == echoed.rounds).all()


def test_suite_covers_every_battleland():
    """The tactics' benchmark suite fights on every Battleland, from 1v1 to 7v7."""
    assert {c.terrain for c in SUITE} == set(TERRAINS)
    sizes = {len(c.attacker[1]) for c in SUITE} | {len(c.defender[1]) for c in SUITE}
    assert {1, 7} <= sizes and len(SUITE) >= 24


def _paired_se(a: np.ndarray, b: np.ndarray) -> float:
    """Standard error of mean(a) - mean(b) over the same Battles (common dice)."""
    d = a.astype(float) - b.astype(float)
    return max(float(d.std(ddof=1)), 1.0 / math.sqrt(len(d))) / math.sqrt(len(d))


@pytest.mark.parametrize("name", ["Titans 7v7", "7v7 mirror"])
def test_no_style_gains_much_against_the_default(name):
    """The default is an approximate equilibrium of the styles: against the default
    defender no style wins more than 6 points more often than the default attacker, and
    against the default attacker no style holds out (wins, or outlasts the seven rounds,
    10.5) more than 6 points more often than the default defender. 1,000 Battles a
    matchup on the same dice (seed 21); each gain held to 0.06 plus 3 standard errors of
    the paired difference. The Tower's Titans 7v7 was the earlier default's worst case
    (the defender then held out 63 points less often than it could)."""
    case = next(c for c in SUITE if c.name == name)
    spec = case.engagement.spec
    n = 1000

    def records(attacker: str, defender: str) -> np.ndarray:
        named = replace(spec, attacker_tactic=attacker, defender_tactic=defender)
        return play(named, n, seed=21).outcome

    base = records("default", "default")
    for style in STYLES:
        won = records(style, "default") == Outcome.ATTACKER_WINS
        base_won = base == Outcome.ATTACKER_WINS
        gain = won.mean() - base_won.mean()
        assert gain <= 0.06 + 3 * _paired_se(won, base_won), ("attacker", style, gain)
        holds = np.isin(records("default", style), (Outcome.DEFENDER_WINS, Outcome.TIME_LOSS))
        base_holds = np.isin(base, (Outcome.DEFENDER_WINS, Outcome.TIME_LOSS))
        gain = holds.mean() - base_holds.mean()
        assert gain <= 0.06 + 3 * _paired_se(holds, base_holds), ("defender", style, gain)


def test_keeping_away_in_battle_round_1_beats_coming_on_piecemeal():
    """Behemoth and Serpent attacking natives in the Jungle (a Gargoyle, two Cyclopes) that
    hold their ground: ``patient`` (defensive in Battle-Round 1, then balanced) wins more
    often than ``balanced`` itself, on the same dice, by more than 3 standard errors of the
    difference: 2,000 Battles (seed 8)."""
    _assert_wins_more("2v3 natives", "Jungle", "patient", "balanced", "steadfast", 2000, seed=8)


def test_shooting_first_then_storming_beats_closing_in_at_once():
    """Titans 6v6 on the Hills, against a defender holding its ground: ``barrage`` (its
    Minotaurs shooting in Battle-Round 1 while the others come on, then all-out attack)
    wins more often than ``balanced`` and than ``patient``, on the same dice, by more than 3
    standard errors of the difference: 2,000 Battles (seed 8)."""
    for than in ("balanced", "patient"):
        _assert_wins_more("Titan 6v6", "Hills", "barrage", than, "steadfast", 2000, seed=8)


def test_guarded_holds_the_tower_against_the_search_where_steadfast_did_not_10_5():
    """The Tower's Titans 7v7, each defender against the search tactic: ``guarded`` (tuned
    for it, bench/tune_guarded.py) holds out (wins, or outlasts the seven rounds, 10.5)
    more often than ``steadfast``, the earlier default's defender there, by more than 3
    standard errors of the difference: 300 Battles (seed 8)."""
    _assert_holds_more("Titans 7v7", "Tower", "guarded", "steadfast", "lookahead", 300, seed=8)


def test_waiting_for_the_reinforcement_holds_out_more_often_14_0():
    """14.0: the defender musters a reinforcement in Battle-Round 4. A Centaur attacked by
    a Lion on the Plains that comes on (``balanced``): ``waiting`` (keeping away for three
    Battle-Rounds, then falling on the Lion with the second Centaur) holds out (wins, or
    outlasts the seven rounds, 10.5) more often than ``steadfast``, on the same dice, by
    more than 3 standard errors of the difference: 2,000 Battles (seed 8). (The default's
    attacker keeps away there as often as not, against which holding the ground does as
    well.)"""
    _assert_holds_more("1v1 Lion v Centaur", "Plains", "waiting", "steadfast", "balanced", 2000, 8)


def test_ranged_hunts_a_legion_that_keeps_away_13_0():
    """13.0: a rangestriker strikes from afar. A Serpent and a Hydra attacking a Troll, a
    Wyvern and an Ogre in the Swamp that keep away (defensive): ``ranged`` (balanced, its
    Hydra hanging back to rangestrike) wins more often than ``balanced``, on the same
    dice, by more than 3 standard errors of the difference: 2,000 Battles (seed 8)."""
    _assert_wins_more("2v3", "Swamp", "ranged", "balanced", "defensive", 2000, seed=8)


def test_hunting_closes_in_then_shoots_down_those_that_flee_10_5():
    """10.5: the clock is the attacker's enemy. The same Swamp 2v3 against a defender that
    keeps away: ``hunting`` (balanced for three Battle-Rounds, its Hydra closing in on the
    enemies while they stand, then ranged) wins more often than ``ranged`` itself, whose
    Battles run to the last rounds, on the same dice, by more than 3 standard errors of the
    difference: 2,000 Battles (seed 8)."""
    _assert_wins_more("2v3", "Swamp", "hunting", "ranged", "defensive", 2000, seed=8)


def test_biding_outlasts_an_attacker_that_closes_in_early_10_5():
    """10.5: the defender wins if the time runs out. Against ``hunting`` in the same Swamp
    2v3, ``biding`` (keeping away for three Battle-Rounds, then balanced) holds out more
    often than ``defensive``, which keeps away to the end, on the same dice, by more than 3
    standard errors of the difference: 2,000 Battles (seed 8)."""
    _assert_holds_more("2v3", "Swamp", "biding", "defensive", "hunting", 2000, seed=8)


def test_countering_lets_the_attacker_come_on_then_falls_on_it():
    """Four attackers entering the Jungle one by one against a Behemoth, a Cyclops and a
    Gargoyle (the suite's 4v3): against ``aggressive``, ``countering`` (keeping away for one
    Battle-Round, then all-out) holds out more often than ``patient`` (keeping away for one,
    then balanced) and than ``aggressive`` itself, on the same dice, by more than 3
    standard errors of the difference: 2,000 Battles (seed 8)."""
    _assert_holds_more("4v3", "Jungle", "countering", "patient", "aggressive", 2000, seed=8)
    _assert_holds_more("4v3", "Jungle", "countering", "aggressive", "aggressive", 2000, seed=8)
