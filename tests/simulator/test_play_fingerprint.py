"""The kernel plays the very Battles it played when the fingerprint was taken: a change made
for speed (memoising, reordering, new tables) must leave every Battle of a seed as it was.

The digests in tests/data/play_fingerprint.json come from ``python -m bench.fingerprint
--write``; they are regenerated only when the play changes on purpose (bench/fingerprint.py
says when)."""

from __future__ import annotations

import json

import pytest

from bench.fingerprint import CASES, STORE, digest

STORED = json.loads(STORE.read_text())


def test_every_engagement_has_its_stored_digest():
    assert set(STORED) == set(CASES)


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_battles_of_a_seed_are_those_fingerprinted(name):
    request, runs = CASES[name]
    assert digest(request, runs) == STORED[name]


def test_runs_played_in_one_kernel_call_are_the_runs_played_apart():
    """The pilot tournament and a request's stretches of styles share one call of the kernel
    (``battles.play_runs``); each Battle is still the one its seed, index and tactics make,
    whichever runs stand beside it (runs out of order and overlapping, a bundle twice)."""
    from simulator.battles import play, play_runs
    from simulator.engagement import Engagement, Legion
    from simulator.tactics import play as bundle

    spec = Engagement(
        "Woods", Legion(0, ("Troll", "Ranger", "Lion")), Legion(0, ("Ogre", "Gargoyle", "Centaur"))
    ).spec
    runs = [
        (40, 24, bundle("aggressive", "defensive")),
        (0, 32, bundle("balanced", "steadfast")),
        (10, 30, bundle("aggressive", "defensive")),
        (0, 16, bundle("ranged", "balanced")),
    ]
    together = play_runs(spec, 17, runs)
    at = 0
    for first, n, tactics in runs:
        apart = play(spec, n, 17, first, tactics=tactics)
        rows = slice(at, at + n)
        assert (together.outcome[rows] == apart.outcome).all()
        assert (together.rounds[rows] == apart.rounds).all()
        assert (together.attacker_alive[rows] == apart.attacker_alive).all()
        assert (together.defender_alive[rows] == apart.defender_alive).all()
        at += n
    # the runs differ: a test of nothing if every Battle ended alike
    assert len(set(together.outcome.tolist())) > 1


def test_pairs_of_styles_that_open_alike_play_the_battles_played_apart():
    """The pilot plays every pair of styles on the same dice, each opening once for the pairs
    whose styles open alike (``battles.play_alike``); each Battle is still the one the pair
    plays alone, from the start and from half-fought positions (some mid-round), with a
    Lord to summon or not, a pair named twice among them."""
    import itertools

    from engine.battle_turns import step_index, step_of
    from simulator.battles import play_alike, play_runs
    from simulator.tactics import MIXED_STYLES
    from simulator.tactics import play as bundle
    from tests.helpers.battles import random_battles

    pairs = [*itertools.product(*MIXED_STYLES), ("balanced", "balanced")]
    bundles = [bundle(a, d) for a, d in pairs]
    specs = [spec for spec, _ in itertools.islice(random_battles("Woods", 7), 24)][::4]
    assert {step_index(step_of(spec.position)) % 4 for spec in specs} > {0}
    ended = set()
    for spec in specs:
        alike = play_alike(spec, 5, 3, 8, bundles)
        apart = play_runs(spec, 5, [(3, 8, b) for b in bundles]).outcome.reshape(len(pairs), 8)
        assert (alike == apart).all()
        ended |= set(alike.ravel().tolist())
    assert len(ended) > 1  # a test of nothing if every Battle ended alike


def test_pairs_of_styles_play_the_same_battles_however_the_threads_split_them():
    """``play_alike`` splits many pairs of few Battles between the kernel's threads by pairs
    (each part sharing no Battle-Round with the part before) and a few pairs of many Battles
    by Battles: one thread or several, each Battle is the same."""
    import itertools

    from simulator.battles import play_alike, set_kernel_threads
    from simulator.tactics import MIXED_STYLES
    from simulator.tactics import play as bundle
    from simulator.threads import threads
    from tests.helpers.battles import random_battles

    bundles = [bundle(a, d) for a, d in itertools.product(*MIXED_STYLES)]
    spec = next(spec for spec, _ in random_battles("Woods", 11))
    calls = [(bundles, 8), (bundles[:3], 150)]  # split by pairs; by Battles
    was = threads()
    try:
        set_kernel_threads(1)
        alone = [play_alike(spec, 9, 2, battles, some) for some, battles in calls]
        for count in (2, 3, 5):
            set_kernel_threads(count)
            for (some, battles), one in zip(calls, alone, strict=True):
                assert (play_alike(spec, 9, 2, battles, some) == one).all(), count
    finally:
        set_kernel_threads(was)
    assert len(set(alone[0].ravel().tolist())) > 1  # a test of nothing if every Battle ended alike


def test_the_battles_of_a_pair_share_their_opening_up_to_the_first_die():
    """Until a die falls, the Battles of one pair of fixed styles are the same, so the kernel
    plays that opening once for a run of them (``kernel.opening``): for the bench's 7v7 on
    the Plains it is more than the defender's first Maneuver Phase, and every Battle's first
    strike or rangestrike falls in the phase where it ends. (That a Battle played from the
    opening is the Battle played whole is tests/simulator/test_kernel_flow.py's, against
    ``trace``.)"""
    from dataclasses import replace

    from bench.suite import Case
    from engine.battle_turns import step_index, step_of
    from simulator import battle_state, kernel
    from simulator.battles import EventKind, _setup, battle_tables, roster, start_of, trace
    from simulator.tactics import play as bundle

    plains = Case("7v7", "Plains").engagement.spec
    spec = replace(plains, attacker_tactic="balanced", defender_tactic="aggressive")
    tables = battle_tables(roster(spec))
    start = start_of(spec, tables)
    slots = start.kind.shape[0]
    st, kept = battle_state.new_state(start, 1, 0), battle_state.new_state(start, 1, 0)
    rows = bundle("balanced", "aggressive").rows
    ends = kernel.opening(*_setup(tables, start), rows, st, kept, battle_state.empty_trace(slots))
    assert ends > 1
    for index in range(8):
        events = trace(spec, seed=1, index=index).events
        dice = [e for e in events if e.kind in (EventKind.STRIKE, EventKind.RANGESTRIKE)]
        assert step_index(step_of(dice[0].position)) == ends
