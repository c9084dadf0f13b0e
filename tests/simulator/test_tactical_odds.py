"""Tactical Titan's odds against exact references, and the answer of ``odds``.

Where the book makes a fight computable, the kernel's estimates must fall within a tolerance
drawn from the sample size: a lone regenerating Hydra (5.3) locked in contact with an enemy
Titan, in the open and in Drift (hazard chart), its own Titan penned atop Cliffs where no one
reaches it (TITAN 11.7). The exact odds are a Markov chain over both characters' damage, turn by
turn: the active player strikes first, the other strikes back, even slain (TITAN 12.0, 12.1),
the Hydra rests for 2 in its player's Healing Phase though locked (5.3), Drift hits at the start
of each Strike Phase, and the fight stops when the Titan falls (2.2.2). Once the Hydra is slain
the Titan, with no enemy it can reach, stays where it stands (the default tactic), and Drift
goes on hitting it (no tower hex, where it could rest, is within its reach: 5.1).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pytest

from engine.characters import TITAN
from engine.tactical.geometry import label, neighbour, parse_label
from engine.tactical.healing import REGENERATION
from engine.tactical.state import GameState
from engine.tactical.strikes import dice_of, least_number, strike_terms
from simulator.tactical import odds
from tests.helpers.tactical_maps import ring, tower_walls

FIGHTS = 20_000
TURNS = 10
SIGMAS = 4.5  # a failure by chance once in some 300,000 runs per estimate


def _walk(start: str, direction: int, steps: int) -> str:
    point = parse_label(start)
    for _ in range(steps):
        point = neighbour(point, direction)
    return label(point)


def _hexagon(centre: str, radius: int) -> list[str]:
    q0, r0 = parse_label(centre)
    return [
        label((q0 + q, r0 + r))
        for q in range(-radius, radius + 1)
        for r in range(-radius, radius + 1)
        if abs(q + r) <= radius
    ]


CENTRE = "M12"
RED_KEEP, BLUE_KEEP = _walk(CENTRE, 0, 6), _walk(CENTRE, 3, 6)  # beyond the Titan's reach
PEN = _walk(CENTRE, 2, 4)  # atop six Cliffs: no one walks in or out, no one strikes across
HYDRA = _walk(CENTRE, 5, 2)
ENEMY = _walk(HYDRA, 5, 1)


def pen_map(enemy_hazard: str) -> dict:
    hexes = {
        h: {"region": "Fields", "hazard": "Plain", "elevation": 0} for h in _hexagon(CENTRE, 9)
    }
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
    h_terms, t_terms = strike_terms(state, hydra, titan), strike_terms(state, titan, hydra)
    assert h_terms is not None and t_terms is not None
    h_hits = _binomial(dice_of(h_terms, False), (7 - least_number(h_terms, False)) / 6)
    t_hits = _binomial(dice_of(t_terms, False), (7 - least_number(t_terms, False)) / 6)
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
