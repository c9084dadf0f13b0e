"""The default tactic as an equilibrium of the styles (simulator.equilibrium).

The matrix-game solver against games whose equilibria are known by hand; the
draw of each block's styles (deterministic for a seed, independent of how the
Battles are chunked, following the mix); and the Battles a request plays with
the default: those of the pairs drawn, one kernel bundle per block.
"""

from __future__ import annotations

import itertools
from dataclasses import replace

import numpy as np
import pytest

from bench.pilot import gains
from bench.tactics import SUITE
from engine.hexes import parse_hex
from engine.position import Army, BattlePosition, Figure
from simulator import battles
from simulator.battles import play, trace
from simulator.engagement import Engagement, Legion
from simulator.equilibrium import (
    BLOCK,
    CHECK,
    CLOSE,
    CLOSE_STYLES,
    FILL,
    MATERIAL,
    PILOT_ROUNDS,
    SCALED,
    SHARPEN,
    Mix,
    exploitability,
    mix_for,
    mix_of_table,
    pair_of_block,
    pairs_of_block,
    pilot,
    pilot_battles,
    pilot_table,
    runs,
    solve,
)
from simulator.odds import odds
from simulator.tactics import MIXED_STYLES, STYLES

GAMES = {
    # (payoff for the row player, its equilibrium row mix, column mix)
    "matching-pennies": ([[1, -1], [-1, 1]], [0.5, 0.5], [0.5, 0.5]),
    "rock-paper-scissors": (
        [[0, -1, 1], [1, 0, -1], [-1, 1, 0]],
        [1 / 3, 1 / 3, 1 / 3],
        [1 / 3, 1 / 3, 1 / 3],
    ),
    "saddle-point": ([[0.3, 0.6], [0.2, 0.1]], [1.0, 0.0], [1.0, 0.0]),
    "two-by-three": ([[3, -1, 4], [-2, 1, -3]], [4 / 9, 5 / 9], [0.0, 7 / 9, 2 / 9]),
}


def test_solve_finds_an_equilibrium_of_a_game_not_zero_sum():
    """Battle of the sexes-like: each player earns its own payoff; the pure equilibria are
    the diagonal, and regret matching settles on one from which neither gains by moving."""
    rows = np.array([[2.0, 0.0], [0.0, 1.0]])
    cols = np.array([[1.0, 0.0], [0.0, 2.0]])
    x, y = solve(rows, cols)
    assert exploitability(rows, x, y, cols) < 0.01


@pytest.mark.parametrize("game", GAMES.values(), ids=GAMES.keys())
def test_solve_finds_the_equilibrium_of_small_games(game):
    """Regret matching converges to the known equilibrium: each mix within 0.02 of it and
    neither player gains more than 0.01 by a pure deviation."""
    payoff, rows, cols = (np.array(g, dtype=float) for g in game)
    x, y = solve(payoff)
    assert np.allclose(x, rows, atol=0.02) and np.allclose(y, cols, atol=0.02), (x, y)
    assert exploitability(payoff, x, y) < 0.01


def test_the_mix_of_a_pilot_table_drops_rare_styles_and_says_its_value():
    """A table in which the attacker's first style wins against everything and the defender's
    last style holds best: both pure, the value read from that cell."""
    attackers, defenders = MIXED_STYLES
    table = np.zeros((len(attackers), len(defenders), 4))
    table[:, :, 1] = 0.5  # defender wins
    table[:, :, 0] = 0.5
    table[0, :, 0], table[0, :, 1] = 0.7, 0.3
    table[:, -1, 0] -= 0.1
    table[:, -1, 3] += 0.1  # the time runs out instead (10.5): the defender's too
    mix = mix_of_table(table)
    assert mix.attacker == ((attackers[0], 1.0),) and mix.defender == ((defenders[-1], 1.0),)
    assert mix.wins == pytest.approx(0.6) and mix.holds == pytest.approx(0.4)
    assert mix.exploitability == pytest.approx(0.0)


MIXED = Mix(
    (("balanced", 0.5), ("aggressive", 0.5)),
    (("steadfast", 0.75), ("defensive", 0.25)),
    0.5,
    0.5,
    0.0,
)


def test_blocks_follow_the_mix_and_do_not_depend_on_chunks():
    """Over 4,000 blocks each pair is drawn in its share of them within 1% (a low-discrepancy
    sequence, not independent draws); the runs of a stretch of Battles cover it exactly, in
    order, and agree with the blocks' own pairs however the stretch is cut."""
    seed = 12345
    drawn = [pair_of_block(MIXED, seed, b) for b in range(4000)]
    for pair, p in MIXED.pairs():
        assert abs(drawn.count(pair) / len(drawn) - p) < 0.01, pair
    whole = list(runs(MIXED, seed, 7, 20 * BLOCK))
    assert whole[0][0] == 7 and sum(n for _, n, _ in whole) == 20 * BLOCK
    for (at, n, _), (nxt, _, _) in itertools.pairwise(whole):
        assert at + n == nxt
    for at, n, (pair, _) in whole:
        assert all(pair_of_block(MIXED, seed, i // BLOCK) == pair for i in range(at, at + n))
    assert pair_of_block(MIXED, seed, 3) != pair_of_block(MIXED, seed + 1, 3) or any(
        pair_of_block(MIXED, seed, b) != pair_of_block(MIXED, seed + 1, b) for b in range(20)
    )


@pytest.mark.parametrize("seed", [7, 11, 99, 12345, 20261123])
def test_a_searchers_belief_is_drawn_independently_of_the_pair_played(seed):
    """Over 4,000 blocks each (pair played, pair believed) comes up in the share the mix
    gives the two apart, within 1.5%: a searcher knows the default's mix, not which pair a
    block drew, and is as often right about it for every seed (with the played pairs'
    golden step for both, the believed pair would follow the played one for some seeds)."""
    drawn = [pairs_of_block(MIXED, seed, b) for b in range(4000)]
    pairs = MIXED.pairs()
    for (played, p), (believed, q) in itertools.product(pairs, pairs):
        share = drawn.count((played, believed)) / len(drawn)
        assert abs(share - p * q) < 0.015, (played, believed)
    assert [played for played, _ in drawn] == [pair_of_block(MIXED, seed, b) for b in range(4000)]


@pytest.fixture
def mixed(monkeypatch):
    monkeypatch.setattr(battles, "mix_for", lambda spec: MIXED)
    return Engagement("Plains", Legion(0, ("Troll", "Ogre", "Lion")), Legion(0, ("Troll", "Ogre")))


def test_a_mixed_default_plays_the_drawn_pairs(mixed):
    """Each Battle of the default plays the pair of styles its block drew: the default's
    records equal, Battle by Battle, those of the named pairs played on the same indices;
    chunked differently they are the same; a traced Battle ends as in the batch."""
    spec = mixed.spec
    seed, n = 99, 6 * BLOCK + 5
    records = play(spec, n, seed)
    for at, count, (pair, _) in runs(MIXED, seed, 0, n):
        named = replace(spec, attacker_tactic=pair[0], defender_tactic=pair[1])
        alone = play(named, count, seed, first=at)
        assert (alone.outcome == records.outcome[at : at + count]).all(), pair
    halves = [play(spec, 100, seed), play(spec, n - 100, seed, first=100)]
    assert (np.concatenate([h.outcome for h in halves]) == records.outcome).all()
    for i in (0, BLOCK + 3, 5 * BLOCK):
        assert trace(spec, seed, i).outcome == records.outcome[i]


def test_the_mix_is_the_engagements_whatever_the_tactics_named():
    """The mix depends on the Engagement, not on the tactics of the spec or the seed: one
    pilot, cached, serves every request of the Engagement."""
    spec = Engagement("Plains", Legion(0, ("Troll",) * 3), Legion(0, ("Troll",) * 2)).spec
    first = mix_for(spec)
    assert mix_for(replace(spec, attacker_tactic="lookahead")) is first
    assert sum(p for _, p in first.pairs()) == pytest.approx(1.0)
    for side, styles in zip((first.attacker, first.defender), MIXED_STYLES, strict=True):
        assert all(name in styles for name, _ in side)


def test_the_bundles_prepared_at_start_are_all_a_new_engagement_asks_for():
    """After ``prepare_bundles`` (the warm-up's), a never-seen Engagement's pilot and its
    default's Battles build no bundle of styles of their own."""
    from simulator import equilibrium, tactics

    equilibrium.prepare_bundles()
    built = tactics._bundle.cache_info().misses
    spec = Engagement("Brush", Legion(0, ("Ogre", "Gargoyle")), Legion(0, ("Lion",))).spec
    equilibrium.pilot(spec, ((2, None), (2, 2)))
    play(spec, 3 * BLOCK, seed=5)
    assert tactics._bundle.cache_info().misses == built


def test_smaller_legions_get_a_larger_pilot():
    """A pilot of fewer than 14 characters plays more Battles a pair of styles (they are
    quicker): 14 over its characters times PILOT_ROUNDS' in each round, in whole Battles, up
    to SCALED times, between as many styles; a 7v7's plays PILOT_ROUNDS."""

    def battles(attacker: int, defender: int) -> tuple[int, ...]:
        spec = Engagement(
            "Plains", Legion(0, ("Ogre",) * attacker), Legion(0, ("Ogre",) * defender)
        ).spec
        rounds = pilot_battles(spec)
        assert [styles for _, styles in rounds] == [styles for _, styles in PILOT_ROUNDS]
        return tuple(b for b, _ in rounds)

    own = tuple(b for b, _ in PILOT_ROUNDS)
    assert battles(7, 7) == own
    assert battles(1, 1) == tuple(SCALED * b for b in own)
    assert battles(2, 3) == tuple(round(b * 14 / 5) for b in own)
    assert battles(5, 4) == (12, 37, 199, 37, 249, 37, 747) == tuple(round(b * 14 / 9) for b in own)
    sizes = [battles(a, a)[0] for a in range(1, 8)]
    assert sizes == sorted(sizes, reverse=True)
    assert battles(0, 0) == battles(1, 1)  # a half-fought position may have no one left


def test_the_pilot_counts_its_battles_and_plays_more_between_the_contenders():
    """Every pair of styles (those that play alike sharing theirs) plays the first round;
    at most the round's number of styles a side play the next between themselves; each rate
    is a share of the Battles its pair played."""
    spec = Engagement("Plains", Legion(0, ("Troll",) * 3), Legion(0, ("Troll",) * 2)).spec
    first_only = pilot(spec, ((8, None),))
    pairs = first_only.battles // 8
    assert first_only.battles == 8 * pairs and pairs <= len(STYLES) ** 2
    assert np.allclose(first_only.table.sum(axis=2), 1.0)
    assert np.allclose(first_only.table * 8, np.round(first_only.table * 8))
    both = pilot(spec, ((8, None), (16, 2)))
    assert 8 * pairs + 16 <= both.battles <= 8 * pairs + 16 * 2 * 2
    three = pilot(spec, ((8, None), (16, 3), (32, 2)))
    assert 8 * pairs + 16 + 32 <= three.battles <= 8 * pairs + 16 * 3 * 3 + 32 * 2 * 2
    again = pilot(spec, ((8, None), (16, 2), (8, None)))  # every pair again
    assert 16 * pairs + 16 <= again.battles <= 16 * pairs + 16 * 2 * 2
    assert np.array_equal(pilot(spec).table, pilot_table(spec))


def test_styles_that_differ_only_in_battle_rounds_past_share_their_battles():
    """A half-fought Battle in Battle-Round 3 (Lions against a Troll and an Ogre, none of
    them rangestrikes): a style whose weights differ from an earlier style's only in Battle-
    Rounds 1 and 2 plays as that style (``patient`` as ``balanced``, ``barrage`` and
    ``countering`` as ``aggressive``), and the very same Battles; from Battle-Round 1 they
    play apart."""
    from simulator.equilibrium import _stand_ins
    from simulator.tactics import play as tactics_play

    position = BattlePosition(
        terrain="Marsh",
        turn=3,
        attacker=Army(0, (Figure("Lion", parse_hex("D4")), Figure("Lion", parse_hex("D5")))),
        defender=Army(0, (Figure("Troll", parse_hex("C3"), hits=2), Figure("Ogre", None))),
    )
    legions = Legion(0, ("Lion", "Lion")), Legion(0, ("Troll", "Ogre"))
    later = Engagement("Marsh", *legions, position=position).spec
    fresh = Engagement("Marsh", *legions).spec
    index = STYLES.index
    for side in (0, 1):
        ins = _stand_ins(later)[side]
        assert ins[index("patient")] == index("balanced")
        assert ins[index("barrage")] == ins[index("countering")] == index("aggressive")
        assert ins[index("hunting")] == index("balanced")  # ranged's rows, and no rangestriker
        assert ins[index("waiting")] == index("waiting")  # defensive's Battle-Round 3, then
        assert ins[index("guarded")] == index("guarded")  # aggressive's; guarded's own rows
        assert _stand_ins(fresh)[side][index("patient")] == index("patient")
    for side, (style, stand_in) in itertools.product(
        (0, 1), (("patient", "balanced"), ("countering", "aggressive"))
    ):
        pair, alike = ["defensive", "defensive"], ["defensive", "defensive"]
        pair[side], alike[side] = style, stand_in
        played, standing_in = (play(later, 64, 5, tactics=tactics_play(*p)) for p in (pair, alike))
        assert np.array_equal(played.outcome, standing_in.outcome)
        assert np.array_equal(played.attacker_alive, standing_in.attacker_alive)
        assert np.array_equal(played.defender_alive, standing_in.defender_alive)


def test_a_check_plays_the_styles_the_round_before_left_out_against_the_mix():
    """A check round (CHECK) plays each style the contenders' round left out (as its
    stand-in) against every style of the other side's mix so far, and nothing else: a style
    the first round misjudged on its few Battles is tried again before the mix is solved."""
    from simulator.equilibrium import _mixed, _solve_table

    # rangestrikers on both sides: no two styles play alike (each its own stand-in)
    spec = Engagement("Woods", Legion(0, ("Gorgon", "Troll")), Legion(0, ("Ranger", "Lion"))).spec
    rounds = ((8, None), (16, 2))
    before = pilot(spec, rounds)
    after = pilot(spec, (*rounds, (8, CHECK)))
    x, y = _solve_table(before.table)
    rested = np.flatnonzero(before.played.max(axis=1) == 8)  # the attacker's left out
    benched = np.flatnonzero(before.played.max(axis=0) == 8)
    assert rested.size and benched.size
    checked = np.zeros_like(before.played, dtype=bool)
    checked[np.ix_(rested, _mixed(y))] = True
    checked[np.ix_(_mixed(x), benched)] = True
    assert (after.played[checked] == before.played[checked] + 8).all()
    assert (after.played[~checked] == before.played[~checked]).all()
    assert np.array_equal(after.table[~checked], before.table[~checked])
    assert CHECK in [styles for _, styles in PILOT_ROUNDS]  # the pilot's own has one


def test_a_check_after_a_fill_plays_the_styles_left_out_against_the_mix_as_it_now_is():
    """A second check plays the styles the contenders' round left out against the mixes as
    the rounds since left them (the pilot's own checks again after its fill: a style that
    entered a mix after the first check had met the styles left out on the first round's
    Battles alone)."""
    from simulator.equilibrium import _mixed, _solve_table

    spec = Engagement("Woods", Legion(0, ("Gorgon", "Troll")), Legion(0, ("Ranger", "Lion"))).spec
    rounds = ((8, None), (16, 2), (8, CHECK), (40, FILL))
    before = pilot(spec, rounds)
    after = pilot(spec, (*rounds, (8, CHECK)))
    x, y = _solve_table(before.table)
    first = pilot(spec, rounds[:2])
    rested = np.flatnonzero(first.played.max(axis=1) == 8)  # the contenders' round left out
    benched = np.flatnonzero(first.played.max(axis=0) == 8)
    checked = np.zeros_like(before.played, dtype=bool)
    checked[np.ix_(rested, _mixed(y))] = True
    checked[np.ix_(_mixed(x), benched)] = True
    assert checked.any()
    assert (after.played[checked] == before.played[checked] + 8).all()
    assert (after.played[~checked] == before.played[~checked]).all()
    own = [styles for _, styles in PILOT_ROUNDS]
    assert own.index(CHECK, own.index(FILL)) < own.index(SHARPEN)  # the pilot's own does


def test_a_fill_brings_the_pairs_of_both_mixes_to_its_battles():
    """A fill round (FILL) plays every pair of a style of the attacker's mix and one of the
    defender's that played fewer Battles than the round's, up to them, on dice of its own,
    and nothing else: a style the check let into a mix on its few Battles is weighed on as
    many as the contenders."""
    from simulator.equilibrium import _mixed, _solve_table

    spec = Engagement("Woods", Legion(0, ("Gorgon", "Troll")), Legion(0, ("Ranger", "Lion"))).spec
    rounds = ((8, None), (32, 2), (8, CHECK))  # the contenders' pairs play 40
    before = pilot(spec, rounds)
    after = pilot(spec, (*rounds, (40, FILL)))
    x, y = _solve_table(before.table)
    mixes = np.zeros_like(before.played, dtype=bool)
    mixes[np.ix_(_mixed(x), _mixed(y))] = True
    assert (before.played[mixes] < 40).any()  # something to fill
    assert (after.played[mixes] >= 40).all()
    filled = after.played != before.played
    assert (after.played[filled] == 40).all()  # filled up to the round's Battles, no further
    assert np.array_equal(after.table[~filled], before.table[~filled])
    assert after.battles - before.battles == (after.played - before.played).sum()
    assert pilot(spec, (*rounds, (8, FILL))).battles == before.battles  # nothing short of 8
    # never past what the contenders' pairs played (the pilot's scaled rounds may round a
    # Battle apart)
    assert np.array_equal(pilot(spec, (*rounds, (41, FILL))).played, after.played)
    assert FILL in [styles for _, styles in PILOT_ROUNDS]  # the pilot's own has one


def test_a_close_call_is_a_style_within_close_standard_errors_below_the_mix():
    """A style outside its side's mix is a close call when its rate against the other side's
    mix is within CLOSE standard errors below the mix's own (on its pair's Battles) and could,
    at two errors, gain MATERIAL; those that play alike count once, the closest first, at
    most CLOSE_STYLES."""
    from simulator.equilibrium import _close_calls

    good = np.array([[0.50], [0.49], [0.20], [0.49], [0.48], [0.47], [0.30]])
    own, other = np.array([1.0, 0, 0, 0, 0, 0, 0]), np.array([1.0])
    counts = np.full((7, 1), 100.0)
    error = np.sqrt(0.5 * 0.5 + 0.49 * 0.51) / 10  # a style at 0.49 against the mix at 0.50
    assert 0.50 - CLOSE * error < 0.47  # all of 0.49, 0.48 and 0.47 are close on 100 Battles
    alike = [0, 1, 2, 1, 4, 5, 6]  # the fourth plays as the second
    assert _close_calls(good, counts, own, other, alike) == [1, 4, 5][:CLOSE_STYLES]
    # on more Battles 0.47 and 0.48 are told apart from the mix's 0.50, 0.49 is not
    many = np.full((7, 1), 600.0)
    assert CLOSE * np.sqrt(0.5 * 0.5 + 0.49 * 0.51) / np.sqrt(600) > 0.01
    assert CLOSE * np.sqrt(0.5 * 0.5 + 0.48 * 0.52) / np.sqrt(600) < 0.02
    assert _close_calls(good, many, own, other, alike) == [1]
    # nor where no style could gain MATERIAL: every style wins (nearly) every Battle
    sure = np.array([[1.0], [1.0], [0.999], [1.0], [0.998], [1.0], [0.0]])
    assert _close_calls(sure, many, own, other, alike) == []
    assert _close_calls(sure + 1e-12, many, own, other, alike) == []  # rates rounded past 1
    assert 1.0 + 2 * np.sqrt(0.001 * 0.999 / 600) < 1.0 + MATERIAL
    # a style of the mix is no close call, nor one that plays as it
    assert _close_calls(good, counts, np.array([0, 1.0, 0, 0, 0, 0, 0]), other, alike)[0] == 0
    assert 3 not in _close_calls(good, counts, np.array([0, 1.0, 0, 0, 0, 0, 0]), other, alike)


def test_a_sharpen_plays_the_close_calls_against_the_mixes_on_more_battles():
    """A sharpen round (SHARPEN) plays each side's close calls against the other side's mix,
    and the pairs of the two mixes, up to its Battles on the same new dice; then a fill of
    the new mixes' pairs up to the contenders' Battles; nothing else."""
    from simulator.equilibrium import _close_calls, _mixed, _solve_table

    spec = Engagement("Woods", Legion(0, ("Gorgon", "Troll")), Legion(0, ("Ranger", "Lion"))).spec
    rounds = ((8, None), (32, 2), (8, CHECK), (40, FILL))  # the contenders' pairs play 40
    before = pilot(spec, rounds)
    x, y = _solve_table(before.table)
    m, n = before.played.shape  # no two styles play alike here: each its own stand-in
    close = _close_calls(before.table[:, :, 0], before.played, x, y, list(range(m)))
    holds = (before.table[:, :, 1] + before.table[:, :, 3]).T
    rivals = _close_calls(holds, before.played.T, y, x, list(range(n)))
    assert close and rivals  # something to sharpen on both sides
    after = pilot(spec, (*rounds, (120, SHARPEN)))
    sharpened = np.zeros_like(before.played, dtype=bool)
    sharpened[np.ix_(_mixed(x) + close, _mixed(y))] = True
    sharpened[np.ix_(_mixed(x), _mixed(y) + rivals)] = True
    assert (after.played[sharpened] == 120).all()
    grown = after.played > before.played
    assert (after.played[grown & ~sharpened] <= 40).all()  # the fill after it, no further
    assert np.array_equal(after.table[~grown], before.table[~grown])
    assert PILOT_ROUNDS[-1][1] == SHARPEN  # the pilot's own ends with one


def test_bench_pilot_reads_each_kind_of_round():
    """``make bench-pilot``'s --rounds: every style, the best few a side, a check, a fill or
    a sharpen."""
    import argparse

    from bench.pilot import _round

    texts = ("8", "24:10", "24:check", "160:fill", "480:sharpen")
    assert [_round(t) for t in texts] == [
        (8, None),
        (24, 10),
        (24, CHECK),
        (160, FILL),
        (480, SHARPEN),
    ]
    with pytest.raises(argparse.ArgumentTypeError, match="BATTLES:sharpen, not 'x:y'"):
        _round("x:y")


def test_a_side_gains_what_the_best_other_style_adds_against_the_mix():
    """bench.pilot's measure of a pilot's error: the attacker plays its first style, the
    defender its first; ``defensive``, which this mix does not play for the attacker, wins
    20 points more against that defender: the attacker's gain; the defender, whatever it
    plays, holds the same."""
    attackers, defenders = MIXED_STYLES
    rates = {(a, d): np.array([0.4, 0.6, 0.0, 0.0]) for a in STYLES for d in STYLES}
    rates["defensive", defenders[0]] = np.array([0.6, 0.4, 0.0, 0.0])
    mix = Mix(((attackers[0], 1.0),), ((defenders[0], 1.0),), 0.4, 0.6, 0.2)
    assert gains(mix, rates) == pytest.approx((0.2, 0.0))


def test_each_side_may_mix_every_style_10_5():
    """No style is kept from a side: the pilot's table has a row per style for the attacker
    and a column per style for the defender, though some suit one side (``steadfast`` plays
    for the clock, which only the defender wins by, 10.5). Where ``barrage`` wins (Titans
    6v6 on the Hills) the attacker's mix holds it."""
    attackers, defenders = MIXED_STYLES
    assert attackers == defenders == STYLES
    case = next(c for c in SUITE if c.name == "Titan 6v6")
    table = pilot_table(case.engagement.spec)
    assert table.shape == (len(STYLES), len(STYLES), 4)
    assert dict(mix_of_table(table).attacker).get("barrage", 0.0) > 0.5


def test_the_odds_answer_says_the_styles_played():
    """An answer with the default on a side carries the mix of styles it played (shares
    summing to 1 a side) and the style it played most; with a named style on both sides,
    those alone."""
    request = {
        "terrain": "Plains",
        "attacker": {"characters": ["Troll", "Troll", "Troll"]},
        "defender": {"characters": ["Troll", "Troll"]},
        "trials": 50,
        "seed": 1,
    }
    answer = odds(request)
    mix = answer["style_mix"]
    for side in ("attacker", "defender"):
        assert set(mix[side]) <= set(STYLES)
        assert sum(mix[side].values()) == pytest.approx(1.0, abs=1e-3)
        assert answer["styles"][side] == max(mix[side], key=mix[side].get)
    named = odds({**request, "tactics": {"attacker": "aggressive", "defender": "balanced"}})
    assert named["style_mix"] == {"attacker": {"aggressive": 1.0}, "defender": {"balanced": 1.0}}
    assert named["styles"] == {"attacker": "aggressive", "defender": "balanced"}


def test_a_rounds_styles_are_styles_that_play_apart():
    """A round that keeps a side's best three keeps three styles that play apart: of styles
    that play alike (sharing a stand-in's Battles) only the first of the best counts, so a
    Legion without rangestrikers does not spend a round's places on copies of one style."""
    from simulator.equilibrium import _contenders

    rates = np.array([[0.9, 0.9], [0.8, 0.8], [0.9, 0.9], [0.5, 0.5], [0.7, 0.7]])
    own, other = np.array([1.0, 0, 0, 0, 0]), np.array([0.5, 0.5])
    apart = [0, 1, 2, 3, 4]
    assert _contenders(rates, own, other, 0, 3, 1.0, apart) == [0, 2, 1]
    alike = [0, 1, 0, 3, 4]  # style 2 plays as style 0 does
    assert _contenders(rates, own, other, 0, 3, 1.0, alike) == [0, 1, 4]
    assert _contenders(rates, own, other, 0, 3, 0.15, alike) == [0, 1]  # within the margin
