"""Tactical Titan's odds against exact references, and the answer of ``odds``.

Where the book makes a fight computable, the kernel's estimates must fall within a tolerance
drawn from the sample size: a lone regenerating Hydra (5.3) locked in contact with an enemy
Titan, in the open and in Drift (hazard chart), its own Titan penned atop Cliffs where no one
reaches it (TITAN 11.7). The exact odds are a Markov chain over both characters' damage, turn by
turn: the active player strikes first, the other strikes back, even slain (TITAN 12.0, 12.1),
the Hydra rests for 2 in its player's Healing Phase though locked (5.3), Drift hits at the start
of each Strike Phase, and the fight stops when the Titan falls (2.2.2). Once the Hydra is slain
the Titan, with no enemy it can reach, stays where it stands (the default tactic), and Drift
goes on hitting it (no tower hex, where it could rest, is within its reach: 5.1). And a healer
(5.2.1): a Druid penned atop the Cliffs heals the Centaur beside it, locked with a Troll, 3 in
each of its player's Healing Phases; neither player's Titan is on the map (each fights without it).
And a region muster (6.2, 9.2): how often a lone Centaur, with and without a Druid's +1, musters
in one Muster Phase is the chance of its two dice.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pytest

from engine.characters import TITAN
from engine.errors import Violations
from engine.tactical.geometry import label, neighbour, parse_label
from engine.tactical.healing import HEAL, REGENERATION
from engine.tactical.musters import region_musters
from engine.tactical.state import GameState
from engine.tactical.strikes import dice_of, least_number, strike_terms
from simulator.limits import MIN_TRIALS
from simulator.tactical import odds, tables
from simulator.tactical.search import PILOT_FIRST, PILOTS, wins
from simulator.tactical.styles import STYLES, with_styles
from tests.helpers.clock import Clock
from tests.helpers.tactical_maps import hexagon, ring, tower_walls

FIGHTS = 20_000
TURNS = 10
SIGMAS = 4.5  # a failure by chance once in some 300,000 runs per estimate


def _walk(start: str, direction: int, steps: int) -> str:
    point = parse_label(start)
    for _ in range(steps):
        point = neighbour(point, direction)
    return label(point)


CENTRE = "M12"
RED_KEEP, BLUE_KEEP = _walk(CENTRE, 0, 6), _walk(CENTRE, 3, 6)  # beyond the Titan's reach
PEN = _walk(CENTRE, 2, 4)  # atop six Cliffs: no one walks in or out, no one strikes across
HYDRA = _walk(CENTRE, 5, 2)
ENEMY = _walk(HYDRA, 5, 1)


def pen_map(enemy_hazard: str) -> dict:
    hexes = {h: {"region": "Fields", "hazard": "Plain", "elevation": 0} for h in hexagon(CENTRE, 9)}
    sides = []
    for centre, region in ((RED_KEEP, "Red Keep"), (BLUE_KEEP, "Blue Keep")):
        for h in (centre, *ring(centre)):
            hexes[h] = {"region": region, "hazard": "Tower", "elevation": 2 if h == centre else 1}
        sides += tower_walls(centre)
    hexes[PEN]["elevation"] = 1
    sides += [{"between": [PEN, h], "hazard": "Cliff", "top": PEN} for h in ring(PEN)]
    hexes[ENEMY]["hazard"] = enemy_hazard
    return {
        "name": "Pen",
        "regions": [
            {"name": "Fields", "terrain": "Plains"},
            {"name": "Red Keep", "terrain": "Tower"},
            {"name": "Blue Keep", "terrain": "Tower"},
        ],
        "hexes": hexes,
        "hexsides": sides,
        "starting_towers": [
            {"region": "Red Keep", "centre": RED_KEEP},
            {"region": "Blue Keep", "centre": BLUE_KEEP},
        ],
    }


def duel(enemy_hazard: str = "Plain") -> GameState:
    """Red's Hydra locked with Blue's Titan (in ``enemy_hazard``); Red's Titan penned."""
    return GameState.from_dict(
        {
            "map": pen_map(enemy_hazard),
            "active": "Red",
            "players": [
                {"name": "Red", "tower": "Red Keep"},
                {"name": "Blue", "tower": "Blue Keep"},
            ],
            "characters": [
                {"id": 1, "player": "Red", "name": TITAN, "hex": PEN},
                {"id": 2, "player": "Red", "name": "Hydra", "hex": HYDRA},
                {"id": 3, "player": "Blue", "name": TITAN, "hex": ENEMY},
            ],
        }
    )


def _binomial(n: int, p: float) -> list[float]:
    return [math.comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)]


def _hits(state: GameState, striker, target) -> list[float]:
    """The chance of each number of hits of ``striker``'s strike at ``target``, at its least
    Strike-number (the engine's terms: TITAN 12.2, 12.5 and the variant's)."""
    terms = strike_terms(state, striker, target)
    assert terms is not None
    return _binomial(dice_of(terms, False), (7 - least_number(terms, False)) / 6)


@dataclass
class Exact:
    titan_falls: float
    hydra_survives: float
    healing_mean: float
    healing_var: float
    fall_turn: dict[int, float]


def exact(state: GameState, turns: int) -> Exact:
    """The Markov chain of the duel (see the module's notes), its dice from the engine's terms."""
    hydra, titan = state.figure(2), state.figure(3)
    assert hydra is not None and titan is not None
    h_hits, t_hits = _hits(state, hydra, titan), _hits(state, titan, hydra)
    h_power, t_power = state.power(hydra), state.power(titan)
    drift = 1 if state.map.hazard(titan.hex) == "Drift" else 0
    # (hydra damage, titan damage, healing so far) -> probability; hydra damage h_power: gone
    now: dict[tuple[int, int, int], float] = {(0, 0, 0): 1.0}
    fall: dict[int, float] = {}
    survives = 0.0  # the Hydra alive when the Titan fell, or at the end
    done_heal: dict[int, float] = {}  # healing of fights over (the Titan fell)
    for turn in range(1, turns + 1):
        red = turn % 2 == 1
        after: dict[tuple[int, int, int], float] = {}
        for (dh, dt, healed), p in now.items():
            alive = dh < h_power
            if red and alive and dh > 0:  # 5.3: the Hydra rests for 2, locked or not
                healed += min(REGENERATION, dh)
                dh = max(0, dh - REGENERATION)
            dt = min(t_power, dt + drift)  # Drift, as the Strike Phase begins
            if not alive:  # nothing left to strike: the Titan stands in its Drift
                if dt >= t_power:
                    fall[turn] = fall.get(turn, 0.0) + p
                    done_heal[healed] = done_heal.get(healed, 0.0) + p
                else:
                    after[(dh, dt, healed)] = after.get((dh, dt, healed), 0.0) + p
                continue
            first, second = (h_hits, t_hits) if red else (t_hits, h_hits)
            for a, pa in enumerate(first):
                for b, pb in enumerate(second):
                    to_titan, to_hydra = (a, b) if red else (b, a)
                    nt = min(t_power, dt + to_titan)
                    nh = min(h_power, dh + to_hydra)
                    q = p * pa * pb
                    if nt >= t_power:
                        fall[turn] = fall.get(turn, 0.0) + q
                        survives += q if nh < h_power else 0.0
                        done_heal[healed] = done_heal.get(healed, 0.0) + q
                    else:
                        key = (nh, nt, healed)
                        after[key] = after.get(key, 0.0) + q
        now = after
    for (_, _, healed), p in now.items():
        done_heal[healed] = done_heal.get(healed, 0.0) + p
    survives += sum(p for (dh, _, _), p in now.items() if dh < h_power)
    mean = sum(h * p for h, p in done_heal.items())
    var = sum((h - mean) ** 2 * p for h, p in done_heal.items())
    return Exact(sum(fall.values()), survives, mean, var, fall)


def _within(found: float, p: float, n: int, label_: str) -> None:
    sigma = math.sqrt(max(p * (1 - p), 1 / n) / n)
    assert abs(found - p) <= SIGMAS * sigma, (label_, found, p, sigma)


@pytest.mark.parametrize("hazard", ["Plain", "Drift"])
def test_a_lone_regenerator_against_a_titan_matches_the_exact_odds_5_3_12_1(hazard):
    """5.3, TITAN 12.0-12.1, the hazard chart's Drift: the Titan's fall, its turn, the Hydra's
    survival and the healing done, within 4.5 standard errors of the exact values."""
    state = duel(hazard)
    ref = exact(state, TURNS)
    answer = odds.odds(state, fights=FIGHTS, seed=17, turns=TURNS, threads=1)
    red, blue = answer["players"]
    _within(blue["titan_falls"]["p"], ref.titan_falls, FIGHTS, "titan falls")
    _within(red["titan_falls"]["p"], 0.0, FIGHTS, "the penned Titan never falls")
    _within(red["holds_field"]["p"], ref.titan_falls, FIGHTS, "red holds the field")
    hydra = answer["characters"][1]
    assert hydra["name"] == "Hydra"
    _within(hydra["survives"]["p"], ref.hydra_survives, FIGHTS, "the Hydra survives")
    turns = answer["turns"]["distribution"]
    for turn, p in ref.fall_turn.items():
        if turn < TURNS:  # a fall in the last turn counts with the fights that ran out
            _within(turns.get(str(turn), 0.0), p, FIGHTS, f"falls in turn {turn}")
    healing = red["healing"]["mean"]
    assert abs(healing - ref.healing_mean) <= SIGMAS * math.sqrt(ref.healing_var / FIGHTS), (
        healing,
        ref.healing_mean,
    )
    assert max(ref.fall_turn.values()) < 0.95  # the reference is no trivial one


def test_a_spent_time_budget_answers_with_the_fights_played():
    """The service's time budget: the first chunk of fights is played, the answer says so."""
    answer = odds.odds(duel(), fights=5000, seed=3, turns=TURNS, threads=1, time_budget=1e-9)
    assert answer["truncated"] and answer["fights"] == odds.CHUNK
    whole = odds.odds(duel(), fights=odds.CHUNK, seed=3, turns=TURNS, threads=1)
    assert not whole["truncated"]
    assert answer["players"] == whole["players"]  # the same fights, 0 .. CHUNK - 1


def test_the_plan_searchs_pilots_are_paid_from_the_time_budget(monkeypatch):
    """A searching player's pilot fights (each plan's, here 1 s of the clock each: 8 s) take
    their time from the budget (5 s): the answer plays its first chunk and says it is cut."""
    from simulator.tactical import search

    clock = Clock()
    monkeypatch.setattr(odds.time, "perf_counter", clock)
    monkeypatch.setattr(search, "play", clock.ticking(search.play, 1.0))
    monkeypatch.setattr(odds, "play", clock.ticking(odds.play, 0.001))
    asked = {"fights": 3 * odds.CHUNK, "seed": 3, "turns": TURNS, "threads": 1}
    answer = odds.odds(duel(), **asked, time_budget=5.0, plans={"Blue": "search"})
    assert answer["truncated"] and answer["fights"] == odds.CHUNK
    answer = odds.odds(duel(), **asked, time_budget=5.0)  # no search: the budget is not spent
    assert not answer["truncated"] and answer["fights"] == 3 * odds.CHUNK


# --- a healer beside a locked friend (5.2.1) ---------------------------------------------------

FRIEND = _walk(PEN, 5, 1)  # beside the pen, below its Cliff
STRIKER = _walk(FRIEND, 5, 1)  # beside the friend, two steps from the pen


def healed_duel() -> GameState:
    """Red's Druid penned atop its Cliffs, beside Red's Centaur, which is locked with
    Blue's Troll; neither player's Titan is on the map (each fights without it)."""
    return GameState.from_dict(
        {
            "map": pen_map("Plain"),
            "active": "Red",
            "players": [
                {"name": "Red", "tower": "Red Keep", "titan_elsewhere": True},
                {"name": "Blue", "tower": "Blue Keep", "titan_elsewhere": True},
            ],
            "characters": [
                {"id": 1, "player": "Red", "name": "Druid", "hex": PEN},
                {"id": 2, "player": "Red", "name": "Centaur", "hex": FRIEND},
                {"id": 3, "player": "Blue", "name": "Troll", "hex": STRIKER},
            ],
        }
    )


def healed_exact(state: GameState, turns: int) -> tuple[float, float, float, float]:
    """(the foe slain, the friend survives, healing's mean, its variance): the Markov chain of
    the two locked characters' damage, the Druid healing its friend 3 (or what it has taken) in
    each of Red's Healing Phases while the friend stands, both striking in every Strike Phase."""
    friend, foe = state.figure(2), state.figure(3)
    assert friend is not None and foe is not None
    to_foe, to_friend = _hits(state, friend, foe), _hits(state, foe, friend)
    f_power, e_power = state.power(friend), state.power(foe)
    now: dict[tuple[int, int, int], float] = {(0, 0, 0): 1.0}  # (friend hits, foe hits, healed)
    ended: dict[tuple[int, int, int], float] = {}
    for turn in range(1, turns + 1):
        after: dict[tuple[int, int, int], float] = {}
        for (dt, do, healed), p in now.items():
            if turn % 2 == 1 and dt < f_power and dt > 0:  # 5.2.1: Red's Healing Phase
                healed += min(HEAL, dt)
                dt -= min(HEAL, dt)
            if dt >= f_power:  # the friend gone: nobody reaches the foe nor the penned Druid
                after[(dt, do, healed)] = after.get((dt, do, healed), 0.0) + p
                continue
            for a, pa in enumerate(to_foe):
                for b, pb in enumerate(to_friend):
                    key = (min(f_power, dt + b), min(e_power, do + a), healed)
                    into = ended if key[1] >= e_power else after  # the foe slain: Red alone
                    into[key] = into.get(key, 0.0) + p * pa * pb
        now = after
    ended.update({k: ended.get(k, 0.0) + p for k, p in now.items()})
    foe_slain = sum(p for (_, do, _), p in ended.items() if do >= e_power)
    friend_lives = sum(p for (dt, _, _), p in ended.items() if dt < f_power)
    mean = sum(h * p for (_, _, h), p in ended.items())
    var = sum((h - mean) ** 2 * p for (_, _, h), p in ended.items())
    return foe_slain, friend_lives, mean, var


def test_a_healer_beside_a_locked_friend_matches_the_exact_odds_5_2_1():
    """5.2.1, TITAN 12.0-12.1: the Druid, out of contact atop its Cliffs, heals the Centaur it
    stands beside though the Centaur is locked with a Troll; the Centaur's survival, the
    Troll's fall and the healing done within 4.5 standard errors of the exact chain."""
    state = healed_duel()
    foe_slain, friend_lives, mean, var = healed_exact(state, TURNS)
    answer = odds.odds(state, fights=FIGHTS, seed=23, turns=TURNS, threads=1, until="one_player")
    red, _ = answer["players"]
    druid, friend, foe = answer["characters"]
    _within(druid["survives"]["p"], 1.0, FIGHTS, "the penned Druid")
    _within(red["holds_field"]["p"], foe_slain, FIGHTS, "red holds the field")
    _within(foe["survives"]["p"], 1 - foe_slain, FIGHTS, "the Troll survives")
    _within(friend["survives"]["p"], friend_lives, FIGHTS, "the Centaur survives")
    healing = red["healing"]["mean"]
    assert abs(healing - mean) <= SIGMAS * math.sqrt(var / FIGHTS), (healing, mean)
    assert mean > 0.5 and 0.2 < foe_slain < 0.8  # the reference is no trivial one


def muster_state(*red: tuple[str, str]) -> GameState:
    """Red's Muster Phase (6.0) with ``red`` (name, hex) in the Fields, a Plains region, its Titan
    penned there too (a Titan musters nothing in Plains: 9.2); Blue's Titan in its Keep."""
    characters = [
        {"id": 1, "player": "Red", "name": TITAN, "hex": PEN},
        {"id": 2, "player": "Blue", "name": TITAN, "hex": BLUE_KEEP},
    ]
    for name, hex_ in red:
        characters.append({"id": len(characters) + 1, "player": "Red", "name": name, "hex": hex_})
    return GameState.from_dict(
        {
            "map": pen_map("Plain"),
            "active": "Red",
            "phase": "muster",
            "players": [
                {"name": "Red", "tower": "Red Keep"},
                {"name": "Blue", "tower": "Blue Keep"},
            ],
            "characters": characters,
        }
    )


def _two_dice_at_least(target: int) -> float:
    return sum(a + b >= target for a in range(1, 7) for b in range(1, 7)) / 36


@pytest.mark.parametrize(
    ("red", "bonus"),
    [
        ((("Centaur", CENTRE),), 0),
        ((("Centaur", CENTRE), ("Druid", _walk(CENTRE, 3, 2))), 1),
    ],
    ids=["centaur", "centaur and druid"],
)
def test_a_region_muster_comes_as_often_as_its_dice_say_6_2_9_2(red, bonus):
    """6.2: a lone Centaur in a Plains region musters a Centaur on its Muster-number or more of
    two dice; a Druid there takes one off it (9.2). One player turn from the Muster Phase: the
    share of fights in which Red mustered is that chance, within 4.5 standard errors; without
    musters (the default) nobody is mustered."""
    state = muster_state(*red)
    number = next(o for o in region_musters("Plains", ["Centaur"]) if o.character == "Centaur")
    p = _two_dice_at_least(number.muster_number - bonus)
    found = odds.odds(state, fights=FIGHTS, seed=5, turns=1, threads=1, musters=True)
    red_player = found["players"][0]
    _within(red_player["mustered"]["mean"], p, FIGHTS, "mustered")
    assert found["musters"] and found["players"][1]["mustered"]["mean"] == 0
    passed = odds.odds(state, fights=MIN_TRIALS, seed=5, turns=1, threads=1)
    assert not passed["musters"] and passed["players"][0]["mustered"]["mean"] == 0


def test_an_unknown_player_and_plan_are_refused_at_their_names_4_0():
    with pytest.raises(Violations) as caught:
        odds.odds(odds.example_state(), plans={"Green": "headlong", "Red": "lookahead"})
    found = {p.path: p for p in caught.value.problems}
    assert set(found) == {"plans.Green", "plans.Red"}
    assert found["plans.Red"].rule == "4.0" and "search" in found["plans.Red"].message


def test_each_player_plays_its_plan_and_the_search_the_plan_its_pilots_won_most_with():
    """A plan asked is played by its player alone (the answer says so); ``search`` plays the
    plan whose pilot fights (on dice of their own) the player won most, and its fights are
    those of asking that plan."""
    state = odds.example_state()
    base = odds.odds(state, fights=MIN_TRIALS * 10, seed=2, turns=TURNS)
    bold = odds.odds(state, fights=MIN_TRIALS * 10, seed=2, turns=TURNS, plans={"Red": "headlong"})
    assert [p["plan"] for p in bold["plans"]] == ["headlong", "default"]
    assert [p["plan"] for p in base["plans"]] == ["default", "default"]
    assert bold["players"] != base["players"]

    searched = odds.odds(state, fights=MIN_TRIALS * 10, seed=2, turns=TURNS,
                         plans={"Blue": "search"})  # fmt: skip
    setup = tables.setup(state)
    shares = {}
    for plan in STYLES:
        pilots = odds.play(with_styles(setup, {1: plan}), PILOTS, 2, TURNS, first=PILOT_FIRST)
        shares[plan] = float(wins(pilots, 1).mean())
    chosen = max(shares, key=lambda p: (shares[p], p == "default"))
    blue = searched["plans"][1]
    assert blue["plan"] == chosen and blue["pilots"] == shares
    asked = odds.odds(state, fights=MIN_TRIALS * 10, seed=2, turns=TURNS, plans={"Blue": chosen})
    assert searched["players"] == asked["players"]


def test_a_map_fights_win_is_its_titan_standing_and_an_enemys_fallen_or_the_field_2_2_2():
    found = odds.Fights.empty(4, 3, 0)
    found.fell[:] = [[0, 1, 0], [0, 0, 0], [0, 0, 0], [1, 0, 0]]
    found.standing[:] = [[1, 0, 1], [1, 0, 0], [1, 1, 0], [0, 1, 0]]
    assert wins(found, 0).tolist() == [True, True, False, False]
