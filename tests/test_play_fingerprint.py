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
