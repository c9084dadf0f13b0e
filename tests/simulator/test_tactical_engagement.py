"""An Engagement's odds under Tactical Titan's rules (``"variant": "tactical"``,
simulator.tactical.engagement): the fight set up on the Battleland as the rulings say, checked
as TITAN's requests are, played by Tactical Titan's kernel, its every fight the engine's, and
answered in the shape of TITAN's odds."""

from __future__ import annotations

import math
import random

import pytest

from engine.battlelands import TERRAINS
from engine.errors import RuleError, TitanError, UnknownName, Violations
from engine.hexes import ENTRY_SIDES, TOWER_ENTRY_SIDE, entry_hexes
from engine.tactical.board import may_stand
from engine.tactical.characters import CHARACTERS
from engine.tactical.state_checks import validate
from simulator.odds import OddsRequest, odds
from simulator.tactical import tables
from simulator.tactical.engagement import (
    PLAYERS,
    ROUNDS,
    UNTIL,
    battleland_map,
    good_endings,
    map_hex,
    prepare,
)
from simulator.tactical.odds import Until, play
from simulator.tactical.search import PILOT_FIRST, PILOTS, SEARCH
from simulator.tactical.styles import STYLES, with_styles
from simulator.tactical.trace import traced
from tests.helpers.clock import Clock
from tests.helpers.tactical_fights import POOL, Tally, replay

FIGHTS = 2_000
REPLAYED = 200  # Engagements whose first fight is replayed through the engine


def _ask(attacker, defender, terrain="Plains", **more):
    return {
        "terrain": terrain,
        "variant": "tactical",
        "attacker": {"characters": list(attacker), "score": more.pop("attacker_score", 0)},
        "defender": {"characters": list(defender), "score": more.pop("defender_score", 0)},
        "trials": more.pop("trials", FIGHTS),
        "seed": more.pop("seed", 1),
        **more,
    }


def _fight(attacker, defender, terrain="Plains", **more):
    return prepare(OddsRequest.from_dict(_ask(attacker, defender, terrain, **more)))


def _problems(error: TitanError) -> list[TitanError]:
    return error.problems if isinstance(error, Violations) else [error]


def test_the_answer_has_the_shape_of_titan_odds_with_the_healing_done():
    titan = odds(_ask(["Troll", "Troll"], ["Ogre", "Ogre"], variant="default", trials=100))
    found = odds(_ask(["Troll", "Druid"], ["Ogre", "Ogre"]))
    assert set(titan) <= set(found)
    for side in ("attacker", "defender"):
        assert set(titan[side]) <= set(found[side])
    assert found["variant"] == "tactical" and titan["variant"] == "default"
    assert math.isclose(sum(o["p"] for o in found["outcomes"].values()), 1.0)
    assert [c["name"] for c in found["attacker"]["survival"]] == ["Troll", "Druid"]
    assert found["attacker"]["healing"]["mean"] > 0  # the Druid heals (5.2)
    assert found["defender"]["healing"]["mean"] >= 0
    assert found["trials"] == FIGHTS and found["stopped"] == "trials"
    assert max(int(r) for r in found["rounds"]) <= ROUNDS


def test_the_same_seed_gives_the_same_answer():
    a = odds(_ask(["Troll", "Cleric", "Lion"], ["Cyclops", "Ogre"], seed=5, trials=300))
    b = odds(_ask(["Troll", "Cleric", "Lion"], ["Cyclops", "Ogre"], seed=5, trials=300))
    for key in ("outcomes", "attacker", "defender", "rounds"):
        assert a[key] == b[key]


def test_the_legions_stand_nearest_their_entry_sides_the_defender_first_10_1_10_3():
    fight = _fight(["Titan", "Troll", "Ogre"], ["Gargoyle", "Centaur"], entry_side=3)
    state, m = fight.state, fight.state.map
    assert state.active == PLAYERS[0] == "Defender"  # 10.3: the defender moves first
    for side, attacker in (("Attacker", True), ("Defender", False)):
        edge = {map_hex(m, i) for i in entry_hexes(3, attacker=attacker)}
        mine = [f for f in state.figures if f.player == side]
        for f in mine:
            nearest = min(m.distance(f.hex, e) for e in edge)
            free = [
                h
                for h in m.grid.hexes
                if h not in {g.hex for g in state.figures} and may_stand(f.kind, m, h)
            ]
            # no hex left free was nearer its edge
            assert all(min(m.distance(h, e) for e in edge) >= nearest for h in free)
    assert not list(validate(state))
    assert state.player("Defender").titan_elsewhere and not state.player("Attacker").titan_elsewhere
    assert all(p.tower is None for p in state.players)  # a lone Battleland has no tower


def test_the_battlelands_hexes_keep_their_hazards_on_the_map_3_2():
    from engine.battlelands import battleland
    from engine.hexes import LABELS

    for terrain in TERRAINS:
        land, m = battleland(terrain), battleland_map(terrain)
        assert len(m.grid) == len(LABELS)
        for i, label in enumerate(LABELS):
            assert m.hazard(map_hex(m, i)) == land.hazard(i).name, (terrain, label)


def test_a_legion_without_its_titan_is_out_when_none_is_left_2_2_2():
    """Its fights end when it is gone, not when the turns run out; the Titan-less defender
    wiped out is the attacker's win."""
    found = odds(_ask(["Titan", "Colossus", "Colossus", "Dragon"], ["Ogre"], trials=500))
    assert found["outcomes"]["attacker_wins"]["p"] > 0.95
    assert found["outcomes"]["time_loss"]["p"] < 0.02
    assert found["defender"]["titan_killed"] == 0.0 and not found["defender"]["has_titan"]
    ends = {int(r) for r in found["rounds"]}
    assert min(ends) <= 2


def test_a_fallen_titan_ends_the_fight_for_its_side_2_2_2():
    found = odds(_ask(["Titan"], ["Hydra", "Hydra", "Colossus"], trials=500))
    assert found["outcomes"]["defender_wins"]["p"] == pytest.approx(
        found["attacker"]["titan_killed"], abs=0.03
    )
    assert found["attacker"]["titan_lost"] == found["attacker"]["titan_killed"]


def test_a_kraken_is_refused_where_there_is_no_water_9_2():
    with pytest.raises(TitanError) as caught:
        _fight(["Troll", "Kraken"], ["Ogre"])
    (problem,) = _problems(caught.value)
    assert problem.path == "attacker.characters[1]" and problem.rule == "9.2"
    assert "Kraken" in str(problem)


def test_every_problem_of_the_request_is_told_at_once_4_0_15_0():
    with pytest.raises(Violations) as caught:
        _fight(
            ["Troll", "Trol"], ["Titan", "Titan"], entry_side=4, summonable="Angel",
            tactics={"attacker": "aggressive"},
        )  # fmt: skip
    paths = {p.path for p in caught.value.problems}
    assert {"attacker.characters[1]", "defender.characters[1]", "entry_side", "summonable"} <= (
        paths
    )
    assert "tactics.attacker" in paths
    unknown = next(p for p in caught.value.problems if p.path == "attacker.characters[1]")
    assert isinstance(unknown, UnknownName)


def test_no_more_counters_than_one_game_set_2_3():
    druids = CHARACTERS["Druid"].count
    with pytest.raises(RuleError) as caught:
        _fight(["Druid"] * 4, ["Druid"] * (druids - 3))
    assert caught.value.rule == "2.3"
    fine = _fight(["Druid"] * 3, ["Druid"] * (druids - 3))
    assert len(fine.state.figures) == druids


def test_a_position_is_refused_and_a_search_setting_ignored_by_the_variant_4_0():
    from engine.position import BattlePosition

    position = BattlePosition.from_dict({"terrain": "Plains"})
    with pytest.raises(RuleError) as caught:
        _fight(["Troll"], ["Ogre"], position=position)
    assert caught.value.path == "position" and caught.value.rule == "4.0"
    found = odds(_ask(["Troll"], ["Ogre"], search={"rollouts": 8}, trials=100))
    assert found["search"] is None  # no side searches (docs/api.md: ignored then)


def test_precision_stops_at_a_look_and_the_time_budget_truncates():
    found = odds(_ask(["Troll", "Troll"], ["Ogre"], trials=20_000, precision=0.03))
    assert found["stopped"] == "precision" and found["trials"] < 20_000
    assert found["half_width"] <= 0.03
    cut = odds(_ask(["Troll", "Troll"], ["Ogre"], trials=100_000), time_budget=0.0)
    assert cut["truncated"] and cut["trials"] < 100_000


def test_the_plan_searchs_pilots_are_paid_from_the_time_budget(monkeypatch):
    """A searching side's pilot fights (1 s of the clock for each plan's: 8 s) take their time
    from the budget (5 s): the answer plays its first chunk and says it is cut."""
    from simulator.tactical import odds as fights
    from simulator.tactical import search

    clock = Clock()
    monkeypatch.setattr(fights.time, "perf_counter", clock)
    monkeypatch.setattr(search, "play", clock.ticking(search.play, 1.0))
    monkeypatch.setattr(fights, "play", clock.ticking(fights.play, 0.001))
    trials = 3 * fights.CHUNK
    searched = {"attacker": "default", "defender": SEARCH}
    cut = odds(_ask(["Troll", "Troll"], ["Ogre"], trials=trials, tactics=searched), time_budget=5)
    assert cut["truncated"] and cut["trials"] == fights.CHUNK
    whole = odds(_ask(["Troll", "Troll"], ["Ogre"], trials=trials), time_budget=5)
    assert not whole["truncated"] and whole["trials"] == trials


def _engagements(count: int, seed: int):
    """Random Legions of Tactical Titan's characters (with or without Titans) on every
    Battleland and entry side."""
    for k in range(count):
        rnd = random.Random(seed * 7919 + k)
        terrain = TERRAINS[k % len(TERRAINS)]
        sides = [TOWER_ENTRY_SIDE] if terrain == "Tower" else list(ENTRY_SIDES)
        m = battleland_map(terrain)
        pool = [n for n in POOL if any(may_stand(CHARACTERS[n], m, h) for h in m.grid.hexes)]
        legions = [
            [*(["Titan"] if rnd.random() < 0.5 else []), *rnd.choices(pool, k=rnd.randint(1, 6))]
            for _ in range(2)
        ]
        try:
            fight = _fight(*legions, terrain, entry_side=rnd.choice(sides),
                           attacker_score=rnd.choice((0, 150, 480)), seed=k)  # fmt: skip
        except RuleError as e:  # more counters than the box (2.3): another draw
            assert e.rule == "2.3"
            continue
        yield k, fight


def test_every_fight_on_a_battleland_replays_through_the_engine():
    """Every action of the kernel's fights on the Battlelands, Legions with and without their
    Titans, is legal in engine.tactical and ends as the engine ends it."""
    tally = Tally()
    played = 0
    for k, fight in _engagements(REPLAYED, seed=1):
        found = traced(tables.setup(fight.state), seed=2, index=k, turns=2 * ROUNDS,
                       until=Until.ONE_PLAYER)  # fmt: skip
        assert found.complete
        replay(fight.state, found, tally)
        played += 1
    assert played >= REPLAYED * 2 // 3
    assert tally.seen["move"] > 5 * played and tally.seen["strike"] > 5 * played


def _compare(**more):
    from simulator.compare import compare

    return compare(
        {
            "terrain": "Woods", "variant": "tactical", "side": "attacker",
            "legion": {"characters": ["Titan", "Troll"]},
            "opponent": {"characters": ["Hydra", "Ogre"]},
            "trials": 600, "seed": 3, **more,
        }
    )  # fmt: skip


def test_candidates_are_ranked_on_the_same_dice_under_the_variant():
    stronger = ["Titan", "Troll", "Colossus"]
    found = _compare(candidates=[["Titan", "Troll"], stronger, ["Titan", "Troll"]])
    rows = found["candidates"]
    assert [r["rank"] for r in rows] == [1, 2, 3] and rows[0]["characters"] == stronger
    twins = [r for r in rows if r["characters"] == ["Titan", "Troll"]]
    assert twins[0]["win"] == twins[1]["win"]  # common dice: the same Legion, the same fights
    assert twins[1]["vs_best"]["difference"] > 0 and found["variant"] == "tactical"
    assert all("healing" in r and r["style_mix"] is None for r in rows)


def test_a_comparison_needs_its_candidates_and_names_their_problems_6_0():
    with pytest.raises(TitanError) as caught:
        _compare()
    assert caught.value.path == "candidates"
    with pytest.raises(TitanError) as caught:
        _compare(candidates=[["Titan", "Kraken"]])
    assert caught.value.path == "candidates[0][1]" and caught.value.rule == "9.2"


def test_a_kraken_is_named_beside_the_requests_other_problems():
    with pytest.raises(Violations) as caught:
        _fight(["Troll", "Kraken"], ["Ogre"], summonable="Angel")
    assert {p.path for p in caught.value.problems} == {"attacker.characters[1]", "summonable"}


def test_a_style_changes_only_its_players_play_and_the_default_row_is_the_default():
    """simulator.tactical.styles: the default's weights in every row of a setup; a player given
    another style plays otherwise on the same dice, and the other player's row is unchanged."""
    import numpy as np

    from simulator.tactical.odds import play
    from simulator.tactical.policy import DEFAULT_STYLE
    from simulator.tactical.styles import STYLES, style_row, with_styles

    fight = _fight(["Titan", "Troll", "Ranger", "Cleric", "Ogre"],
                   ["Hydra", "Ogre", "Ogre", "Warlock", "Centaur"])  # fmt: skip
    setup = tables.setup(fight.state)
    assert (setup.start.style == DEFAULT_STYLE).all()
    assert (style_row("default") == DEFAULT_STYLE).all()
    base = play(setup, 400, 3, 2 * ROUNDS, Until.ONE_PLAYER)
    same = play(with_styles(setup, {0: "default"}), 400, 3, 2 * ROUNDS, Until.ONE_PLAYER)
    assert np.array_equal(base.survived, same.survived)
    changed = 0
    for name in STYLES:
        styled = with_styles(setup, {1: name})
        assert (styled.start.style[0] == DEFAULT_STYLE).all()
        other = play(styled, 400, 3, 2 * ROUNDS, Until.ONE_PLAYER)
        changed += not np.array_equal(base.survived, other.survived)
    assert changed >= 4  # a Titan, a healer and a rangestriker: most styles play otherwise


def test_a_titan_tactic_is_refused_and_the_plans_are_named_4_0():
    with pytest.raises(RuleError) as caught:
        _fight(["Troll"], ["Ogre"], tactics={"attacker": "lookahead"})
    assert caught.value.path == "tactics.attacker" and caught.value.rule == "4.0"
    for name in (*STYLES, SEARCH):
        assert name in caught.value.message


def test_a_plan_asked_is_played_by_its_side_alone():
    """A side given one of the plans plays it in every fight: the same dice, other fights than
    the default's, and the answer says which plan each side played."""
    legions = (["Titan", "Troll", "Ranger", "Druid"], ["Ogre", "Cyclops", "Gorgon", "Centaur"])
    base = odds(_ask(*legions, trials=2000, seed=3))
    bold = odds(_ask(*legions, trials=2000, seed=3, tactics={"attacker": "headlong"}))
    assert bold["tactics"] == {"attacker": "headlong", "defender": "default"}
    assert bold["play"]["attacker"]["styles"] == {"headlong": 1.0}
    assert bold["play"]["defender"]["styles"] == {"default": 1.0}
    assert bold["outcomes"] != base["outcomes"]


def test_the_plan_search_plays_the_plan_its_pilots_found_best():
    """``search``: the plan with the most good endings in the pilot fights (the defender's wins
    and time losses here) is played, and the fights are those of asking that plan."""
    legions = (["Titan", "Troll", "Ranger", "Druid"], ["Ogre", "Cyclops", "Gorgon", "Centaur"])
    searched = odds(_ask(*legions, trials=2000, seed=3, tactics={"defender": "search"}))
    fight = _fight(*legions, trials=2000, seed=3, tactics={"defender": "search"})
    setup = tables.setup(fight.state)
    shares = {}
    for plan in STYLES:
        pilots = play(with_styles(setup, {0: plan}), PILOTS, 3, 14, UNTIL, first=PILOT_FIRST)
        shares[plan] = float(good_endings(pilots, "defender").mean())
    chosen = max(shares, key=lambda p: (shares[p], p == "default"))
    assert searched["play"]["defender"]["styles"] == {chosen: 1.0}
    assert searched["tactics"]["defender"] == "search"
    assert "pilot fights" in searched["play"]["defender"]["chosen_by"]
    asked = odds(_ask(*legions, trials=2000, seed=3, tactics={"defender": chosen}))
    assert searched["outcomes"] == asked["outcomes"]


def test_a_titan_request_naming_a_tactical_plan_is_pointed_to_the_variant_21_3():
    with pytest.raises(RuleError) as caught:
        odds(_ask(["Troll"], ["Ogre"], variant="default", tactics={"attacker": "headlong"}))
    assert caught.value.path == "tactics.attacker" and caught.value.rule == "21.3"
    assert '"variant": "tactical"' in caught.value.message
