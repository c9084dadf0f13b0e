"""simulator.story: the Battles it tells are the Battles the odds count.

Battle i of a request's seed, told alone, ends as Battle i of the odds request with the same
seed: the four endings of the Battles told add up to the odds' answer, and the points each
side scores to its points distribution (16.0-16.1, 10.5, 19.3).
"""

from __future__ import annotations

from collections import Counter

from simulator.odds import odds
from simulator.story import battle_story

REQUEST = {
    "terrain": "Marsh",
    "entry_side": 3,
    "attacker": {"score": 0, "characters": ["Titan", "Ogre", "Ogre", "Troll"]},
    "defender": {"score": 0, "characters": ["Ogre", "Troll", "Ranger"]},
    "summonable": "Angel",
    "trials": 40,
    "seed": 3,
}


def test_the_battles_told_are_the_battles_the_odds_count_10_5_16_1():
    answer = odds(REQUEST)
    endings: Counter = Counter()
    points: dict[str, Counter] = {"attacker": Counter(), "defender": Counter()}
    for battle in range(REQUEST["trials"]):
        story = battle_story({**REQUEST, "battle": battle})
        assert story["battle"] == battle and story["seed"] == REQUEST["seed"]
        endings[story["outcome"]] += 1
        for side in points:
            points[side][str(story["points"][side])] += 1
        last = story["phases"][-1]
        assert last["turn"] == story["rounds"]
        if story["outcome"] == "time_loss":  # 10.5: after the attacker's seventh Strike Phase
            assert (last["turn"], last["phase"], last["side"]) == (7, "strike", "attacker")
            assert story["points"] == {"attacker": 0, "defender": 0}
    n = REQUEST["trials"]
    for ending, found in answer["outcomes"].items():
        assert endings[ending] == round(found["p"] * n), ending
    for side, counted in points.items():
        shown = {k: round(p * n) for k, p in answer[side]["points_distribution"].items()}
        assert dict(counted) == shown, side


def test_each_character_keeps_its_id_and_the_slain_leave_at_the_end_of_their_phase_10_6():
    """A piece slain in a Strike Phase is in that phase's position and gone from its end and
    from every later phase; the Lord summoned and the reinforcement join with ids after
    their Legions' (15.0, 14.0)."""
    for battle in range(8):
        story = battle_story({**REQUEST, "battle": battle})
        gone: set[str] = set()
        start = {c["id"] for c in story["characters"] if c["arrives"] == "start"}
        assert start == {"a0", "a1", "a2", "a3", "d0", "d1", "d2"}
        for phase in story["phases"]:
            present = set(phase["ids"]["attacker"]) | set(phase["ids"]["defender"])
            assert not present & gone
            slain = {e["piece"] for e in phase["events"] if e["kind"] == "slain"}
            assert slain <= present and (phase["phase"] == "strike" or not slain)
            ending = {p["id"] for p in phase["pieces"]}
            assert not ending & slain
            gone |= slain
        late = {c["arrives"]: c["id"] for c in story["characters"] if c["arrives"] != "start"}
        assert late.get("summoned", "a4") == "a4" and late.get("reinforcement", "d3") == "d3"
