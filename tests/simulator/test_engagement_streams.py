"""The generated Engagements of bench/engagements.py: reproducible, the training and test
streams apart, and every Legion and position one the rules allow (4.1, 3.1, 2.3, 10.1-10.2,
18.0-18.5)."""

from __future__ import annotations

import pytest

from bench.engagements import TEST, TEST_ENGAGEMENTS, TRAINING, as_request, draw, stream
from engine.characters import TITAN
from simulator.odds import OddsRequest, engagement_of

CHECKED = 200  # Engagements of each stream checked against the rules


def _key(e):
    return (e.terrain, e.entry_side, e.attacker, e.defender, e.position, e.summonable, e.reinforce)


def test_an_engagement_is_the_same_on_every_draw():
    for index in (0, 7, TEST_ENGAGEMENTS - 1):
        assert _key(draw(TEST, index).engagement) == _key(draw(TEST, index).engagement)
        assert _key(draw(TRAINING, index).engagement) == _key(draw(TRAINING, index).engagement)


def test_the_streams_share_no_engagement():
    test = {_key(d.engagement) for d in stream(TEST, TEST_ENGAGEMENTS)}
    training = [_key(d.engagement) for d in stream(TRAINING, 4 * TEST_ENGAGEMENTS)]
    assert len(test) > 0.95 * TEST_ENGAGEMENTS  # distinct draws, not a few repeated
    assert not test & set(training)


def test_the_test_stream_covers_the_game():
    drawn = [d.engagement for d in stream(TEST, TEST_ENGAGEMENTS)]
    assert len({e.terrain for e in drawn}) == 11  # every Battleland
    assert {len(e.attacker.characters) for e in drawn} == set(range(1, 8))  # 4.1: 1 to 7
    assert any(TITAN in e.attacker.characters for e in drawn)
    assert any(TITAN in e.defender.characters for e in drawn)
    assert any(e.position is not None for e in drawn)  # half-fought Battles
    assert {e.reinforce for e in drawn} == {True, False}
    assert {e.summonable for e in drawn} >= {None, "Angel", "Archangel"}
    assert len({(e.terrain, e.start.entry_side) for e in drawn}) > 20  # entry sides (10.1)


@pytest.mark.parametrize("which", [TEST, TRAINING], ids=["test", "training"])
def test_every_generated_engagement_is_legal(which):
    """The engine's checks of an odds request (4.1, 3.1, 2.3, 10.1, 10.2, the position's
    rules) accept every generated Engagement."""
    for drawn in stream(which, CHECKED):
        request = OddsRequest.from_dict(as_request(drawn.engagement))
        checked = engagement_of(request)
        assert checked.attacker.characters == drawn.engagement.attacker.characters
        assert checked.defender.characters == drawn.engagement.defender.characters
