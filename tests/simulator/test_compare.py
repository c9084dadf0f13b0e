"""Muster comparison: candidates ranked by win odds with common random numbers."""

from __future__ import annotations

import pytest

from engine.errors import RuleError, TitanError, UnknownName
from simulator.compare import compare
from simulator.limits import MAX_CANDIDATES

OPPONENT = {"score": 0, "characters": ["Troll", "Troll"]}


def body(**changes):
    b = {
        "terrain": "Plains",
        "legion": {"score": 0, "characters": ["Ogre", "Ogre"]},
        "opponent": OPPONENT,
        "candidates": [["Ogre", "Ogre", "Ogre"], ["Ogre", "Ogre"], ["Ogre"]],
        "trials": 400,
        "seed": 11,
    }
    b.update(changes)
    return b


def test_candidates_are_ranked_by_win_probability():
    answer = compare(body())
    ps = [c["win"]["p"] for c in answer["candidates"]]
    assert ps == sorted(ps, reverse=True)
    assert [c["rank"] for c in answer["candidates"]] == [1, 2, 3]
    assert answer["candidates"][0]["vs_best"]["difference"] == 0.0
    assert {len(c["characters"]) for c in answer["candidates"]} == {1, 2, 3}
    assert answer["trials"] == 400 and answer["seed"] == 11


def test_common_random_numbers_identical_candidates_agree_battle_for_battle():
    """Two identical candidates play the same dice, so they have exactly the same odds and a
    paired difference of exactly zero; independent streams would differ by chance."""
    answer = compare(body(candidates=[["Ogre", "Lion"], ["Ogre", "Lion"]]))
    first, second = answer["candidates"]
    assert first["outcomes"] == second["outcomes"]
    assert second["vs_best"] == {"difference": 0.0, "ci95": [0.0, 0.0]}


def test_same_answer_however_chunked():
    whole = compare(body(), chunk=400)
    pieces = compare(body(), chunk=150)
    for key in ("candidates", "trials", "seed"):
        assert whole[key] == pieces[key]


def test_a_bad_candidate_is_named_by_its_index_4_1():
    with pytest.raises(RuleError) as caught:
        compare(body(candidates=[["Ogre"], ["Ogre"] * 8]))
    assert caught.value.rule == "4.1"
    assert caught.value.path == "candidates[1]"


def test_at_most_the_published_number_of_candidates():
    """The limit the API's schema publishes (simulator.limits) holds for every caller."""
    with pytest.raises(TitanError) as caught:
        compare(body(candidates=[["Ogre"]] * (MAX_CANDIDATES + 1)))
    assert caught.value.path == "candidates" and str(MAX_CANDIDATES) in str(caught.value)
    assert len(compare(body(candidates=[["Ogre"]] * MAX_CANDIDATES, trials=40))["candidates"]) == (
        MAX_CANDIDATES
    )


def test_an_unknown_opponent_character_3_5():
    with pytest.raises(UnknownName) as caught:
        compare(body(opponent={"score": 0, "characters": ["Orc"]}))
    assert caught.value.path == "opponent.characters[0]"


def test_defender_side_counts_outlasting_as_success_10_5():
    answer = compare(body(side="defender"))
    for c in answer["candidates"]:
        o = c["outcomes"]
        assert c["win"]["p"] == pytest.approx(o["defender_wins"]["p"] + o["time_loss"]["p"])


@pytest.mark.parametrize(
    ("terrain", "legion", "recruits"),
    [
        pytest.param(
            "Marsh", ["Ogre", "Ogre"], {None, "Ogre", "Troll"}, id="18.3-two-ogres-a-troll"
        ),
        pytest.param("Plains", ["Ogre", "Ogre"], {None}, id="18.3-nothing-on-plains-for-ogres"),
        pytest.param("Marsh", ["Ogre"] * 7, {None}, id="18.1-seven-musters-nothing"),
    ],
)
def test_every_legal_recruit_is_a_candidate_18(terrain, legion, recruits):
    answer = compare(
        body(terrain=terrain, candidates=None, legion={"score": 0, "characters": legion},
             trials=100)
    )  # fmt: skip
    found = {c["recruit"] for c in answer["candidates"]}
    assert found == recruits
    for c in answer["candidates"]:
        expected = legion + ([c["recruit"]] if c["recruit"] else [])
        assert c["characters"] == expected
