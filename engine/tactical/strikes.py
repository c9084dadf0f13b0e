"""Strikes and rangestrikes on a Tactical Titan map (8.0, 8.1; TITAN 12.0-13.5).

``engine.strikes`` and ``engine.rangestrikes`` read TITAN's 27-hex Battleland; this module asks
the same questions of a map, with the variant's hazards and abilities added:

- a strike's dice and Strike-number are ``engine.tactical.hazards.strike_changes`` plus
  ``engine.tactical.abilities.ability_strike_changes`` (a River costs non-natives a
  Skill-factor; the Ice Witch, Salamander and Fire Elemental gain dice; the Sea King's toll);
- carrying excess hits over follows TITAN 12.4 and 12.5 and, into or within an overstacked hex,
  8.1;
- a rangestrike follows one of the lines of the map's grid (TITAN 13.3), blocked by Trees and
  by characters in the hexes between, with the hazard chart's rangestriking lines; the Warlock
  and whoever "rangestrikes like a Warlock" (12.2) ignore all of it.

Pure functions of a ``GameState`` and two characters; who may strike when is the Strike
Phase's question (``engine.tactical.strike_phase``).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from engine.hazards import Crossing, applies
from engine.strike_chart import strike_number as chart_strike_number
from engine.strikes import StrikeTerms
from engine.tactical.abilities import (
    ability_strike_changes,
    attacker_skill_loss,
    rangestrike_dice,
)
from engine.tactical.board import (
    going_up,
    hex_hazard,
    may_strike_between,
    per_map,
    side_between,
)
from engine.tactical.hazards import HEXSIDE_HAZARDS, StrikeChanges, ignores, strike_changes
from engine.tactical.maps import Map, MapHexside
from engine.tactical.state import Figure, GameState

HIGHEST_STRIKE_NUMBER = 6  # a die shows at most six
SHORTEST_RANGE = 3  # TITAN 13.0: never at an adjacent character
LONGEST_RANGE = 4  # TITAN 13.2
LONG_RANGE_SKILL_LOSS = 1  # TITAN 13.2, not the Warlock's (13.5)
DIE_FACES = range(1, 7)


# --- strikes (TITAN 12.0-12.5) -----------------------------------------------------------------


def _changes(state: GameState, striker: Figure, target: Figure) -> StrikeChanges:
    m = state.map
    here = hex_hazard(m, striker.hex)
    hazards = strike_changes(
        striker.kind,
        here,
        target.kind,
        hex_hazard(m, target.hex),
        side_between(m, striker.hex, target.hex),
        up=going_up(m, striker.hex, target.hex),
    )
    return hazards + ability_strike_changes(striker.kind, here, target.kind)


def strike_terms(state: GameState, striker: Figure, target: Figure) -> StrikeTerms | None:
    """Dice and Strike-number of a strike at ``target``, its hexside benefits kept and forgone
    (TITAN 12.2, 12.5); None when the two may not strike each other (not adjacent, a Cliff
    between; across a River they may, 12.1.1)."""
    if not may_strike_between(state.map, striker.hex, target.hex):
        return None
    return _changes(state, striker, target).terms(
        state.power(striker), striker.kind.skill, target.kind.skill
    )


def least_number(terms: StrikeTerms, forgo_benefits: bool) -> int:
    return terms.plain_strike_number if forgo_benefits else terms.strike_number


def dice_of(terms: StrikeTerms, forgo_benefits: bool) -> int:
    return max(terms.plain_dice if forgo_benefits else terms.dice, 0)


def hits(dice: Sequence[int], strike_number: int) -> int:
    """TITAN 12.0: each die showing the Strike-number or more is a hit."""
    return sum(1 for face in dice if face >= strike_number)


def carry_refusal(
    state: GameState,
    striker: Figure,
    first: Figure,
    second: Figure,
    declared: int,
    forgo_benefits: bool,
) -> str | None:
    """Why excess hits of a strike at ``first`` declared at ``declared`` may not carry over to
    ``second``, or None (TITAN 12.4, 12.5, the Dune; 8.1). ``second`` must be an enemy the
    striker may strike, living as the hits reach it (the caller's to say)."""
    m = state.map
    terms = strike_terms(state, striker, second)
    if terms is None:
        return "excess hits carry over only to a character the striker may strike (TITAN 12.4)"
    if least_number(terms, forgo_benefits) > declared:
        return (
            f"the {second.name} needs a {least_number(terms, forgo_benefits)} to hit, more than "
            f"the {declared} declared (TITAN 12.4)"
        )
    if not forgo_benefits:
        used = _changes(state, striker, first)
        there = _changes(state, striker, second)
        if there.benefit_dice < used.benefit_dice or there.benefit_skill < used.benefit_skill:
            return (
                "the hexside benefits of the strike would not apply to it; forgo them to "
                "carry over (TITAN 12.5)"
            )
    side = side_between(m, striker.hex, second.hex)
    if (
        side is not None
        and side.blocks_carry_over_up
        and going_up(m, striker.hex, second.hex)
        and side_between(m, striker.hex, first.hex) is not side
    ):
        return f"only a strike across a {side.name} carries over up across one (hazard chart)"
    if second.hex != first.hex:
        for other in state.at(second.hex):
            if other.id == second.id or state.slain(other):
                continue
            other_terms = strike_terms(state, striker, other)
            if other_terms is None or least_number(other_terms, forgo_benefits) > declared:
                return (
                    f"hits carried into an overstacked hex must be able to hit both characters "
                    f"in it; the {other.name} needs more than {declared} (8.1)"
                )
    return None


# --- rangestrikes (TITAN 13.0-13.5) ------------------------------------------------------------


@dataclass(frozen=True)
class RangestrikeTerms:
    """Dice and Strike-number of a rangestrike along its best open path (TITAN 13.3)."""

    dice: int
    strike_number: int


def rangestrike_range(m: Map, a: int, b: int) -> int:
    """TITAN 13.2: counting both ends and every hex between."""
    return m.distance(a, b) + 1


def rangestrike_terms(state: GameState, striker: Figure, target: Figure) -> RangestrikeTerms | str:
    """The terms of a rangestrike at ``target``, or why there is none: the striker does not
    rangestrike, the target is adjacent or out of range (TITAN 13.0, 13.2), a Lord is in its hex
    and the striker is not a Warlock's like (13.5, 8.1, 12.2), or every path is blocked by
    hazards or characters (TITAN 13.3). Whether the striker is locked in contact is not asked
    here."""
    m, kind = state.map, striker.kind
    reach = rangestrike_range(m, striker.hex, target.hex)
    if not kind.rangestrikes:
        return f"a {kind.name} does not rangestrike (TITAN 13.0)"
    if not SHORTEST_RANGE <= reach <= min(kind.skill, LONGEST_RANGE):
        return (
            f"a rangestrike reaches {SHORTEST_RANGE} to {min(kind.skill, LONGEST_RANGE)} hexes "
            f"counting both ends; this is {reach} (TITAN 13.0, 13.2)"
        )
    if not kind.magic_missile and any(
        f.kind.is_lord and not state.slain(f) for f in state.at(target.hex)
    ):
        return "only a Warlock's rangestrike reaches a Lord, or a hex holding one (13.5, 8.1)"
    here = hex_hazard(m, striker.hex)
    dice = rangestrike_dice(kind, state.power(striker), here)
    skill = kind.skill - attacker_skill_loss(kind, target.kind)
    if kind.magic_missile:  # 13.5, 12.2: no range, hazard or line of sight
        return RangestrikeTerms(dice, chart_strike_number(skill, target.kind.skill))
    skill -= LONG_RANGE_SKILL_LOSS if reach == LONGEST_RANGE else 0
    defence = _defence(state, striker, target)
    occupied = {f.hex for f in state.figures}
    best: RangestrikeTerms | None = None
    for path in m.paths(striker.hex, target.hex):
        way = _way(m, striker, target.hex, path)
        if way is None or any(h in occupied for h in way[1]):
            continue
        option = RangestrikeTerms(
            dice, chart_strike_number(skill - way[0], target.kind.skill, defence)
        )
        if best is None or option.strike_number < best.strike_number:
            best = option
    if best is None:
        return "every path of the rangestrike is blocked by hazards or characters (TITAN 13.3)"
    return best


def _defence(state: GameState, striker: Figure, target: Figure) -> int:
    """Strike-number added by the target's hex (Bramble against non-natives, a Volcano's
    natives), unless the striker ignores that hazard (12.2)."""
    there = hex_hazard(state.map, target.hex)
    kind = striker.kind
    if ignores(kind, there.name):
        return 0
    native = target.kind.is_native(there.name)
    bonus = 0
    if there.rangestrike_defence_vs_non_natives and native and not kind.is_native(there.name):
        bonus += 1
    if applies(there.rangestrike_defence_bonus, native=native, flies=target.kind.flies):
        bonus += 1
    return bonus


def _way(
    m: Map, striker: Figure, target_hex: int, path: tuple[int | None, ...]
) -> tuple[int, tuple[int, ...]] | None:
    """Skill lost along one path and the hexes on it a character would block; None when the
    line leaves the map or the hazards forbid it (hazard chart)."""
    if None in path:
        return None
    kind, a = striker.kind, striker.hex
    between = tuple(h for h in path if h is not None)
    lost = 0
    for h in between:
        hazard = hex_hazard(m, h)
        if hazard.blocks_rangestrikes:
            return None
        if ignores(kind, hazard.name):
            continue
        native = kind.is_native(hazard.name)
        if applies(hazard.intervening_skill_penalty, native=native, flies=kind.flies):
            lost += 1
    line = (a, *between, target_hex)
    crossed = [(side, y) for x, y in pairwise(line) if (side := m.hexside(x, y)) is not None]
    if not _may_cross([side for side, _ in crossed], {a, target_hex}, m):
        return None
    lost += sum(
        1
        for side, toward in crossed
        if HEXSIDE_HAZARDS[side.hazard].rangestrike_skill_penalty_up and side.going_up(toward)
    )
    clear = tuple(h for h in between if not _passed_over(m, h, a, target_hex))
    return lost, clear


def _may_cross(sides: list[MapHexside], ends: set[int], m: Map) -> bool:
    """May a rangestrike between ``ends`` cross these hexsides (hazard chart; as TITAN's
    Battleland rules, ``engine.rangestrikes``)?"""
    by_rule: dict[Crossing, list[MapHexside]] = defaultdict(list)
    for side in sides:
        by_rule[HEXSIDE_HAZARDS[side.hazard].rangestrike_crossing].append(side)
    if any(side.top not in ends for side in by_rule[Crossing.ENDS_ATOP]):
        return False
    waived: frozenset[Crossing] = frozenset().union(
        *(HEXSIDE_HAZARDS[side.hazard].rangestrike_waives for side in sides)
    )
    slopes = by_rule[Crossing.SLOPES]
    if Crossing.SLOPES not in waived:
        if len(slopes) > 3:
            return False
        if len(slopes) == 3 and not (slopes[0].top in ends and slopes[2].top in ends):
            return False
        if slopes and not any(side.top in ends for side in slopes):
            return False
    walls = by_rule[Crossing.WALLS]
    if Crossing.WALLS not in waived:
        if len(walls) > 2:
            return False
        if len(walls) == 1 and walls[0].top not in ends:
            return False
        if len(walls) == 2 and not _across_a_tower(walls, ends, m):
            return False
    return True


def _towers(m: Map) -> dict[int, frozenset[int]]:
    """Each walled tower of the map by its centre (the hex atop Walls whose bases are atop Walls
    too: TITAN's Tower, a starting tower), with the hexes beneath its outer Walls."""
    walls = [
        (side.top, side.hexes[1] if side.hexes[0] == side.top else side.hexes[0])
        for side in m.hexsides
        if side.top is not None
        and HEXSIDE_HAZARDS[side.hazard].rangestrike_crossing is Crossing.WALLS
    ]
    walled = {top for top, _ in walls}
    centres = {top for top, base in walls if base in walled}
    return {
        centre: frozenset(
            base for top, base in walls if top in m.neighbours[centre] and base not in walled
        )
        for centre in centres
    }


def _across_a_tower(walls: list[MapHexside], ends: set[int], m: Map) -> bool:
    """Two Walls: an end in the centre of the tower they belong to (atop the inner one), and
    neither end beneath one of that tower's outer Walls. A map has many towers; only the one
    crossed counts."""
    towers = per_map(m, "towers", _towers)
    centre = next((w.top for w in walls if w.top in towers), None)
    return centre is not None and centre in ends and not ends & towers[centre]


def _passed_over(m: Map, h: int, a: int, b: int) -> bool:
    """Does a character in the hex ``h`` between let the rangestrike pass? Yes when it stands
    lower than both ends, or at the base of a Cliff with an end directly atop it."""
    heights = m.elevations
    if heights[h] < heights[a] and heights[h] < heights[b]:
        return True
    for end in (a, b):
        side = m.hexside(h, end)
        if (
            side is not None
            and HEXSIDE_HAZARDS[side.hazard].rangestrike_passes_base
            and side.top == end
        ):
            return True
    return False
