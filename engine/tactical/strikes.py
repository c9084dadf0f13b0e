"""Strikes and rangestrikes on a Tactical Titan map (8.0, 8.1; TITAN 12.0-13.5).

``engine.strikes`` and ``engine.rangestrikes`` read TITAN's 27-hex Battleland; this module asks
the same questions of a map, with the variant's hazards and abilities added:

- a strike's dice and Strike-number are ``engine.tactical.hazards.strike_changes`` plus
  ``engine.tactical.abilities.ability_strike_changes`` (a River costs non-natives a
  Skill-factor; the Ice Witch, Salamander and Fire Elemental gain dice; the Sea King's toll);
- carrying excess hits over follows TITAN 12.4 and 12.5 and, into or within an overstacked hex,
  8.1;
- a rangestrike follows one of the lines of the map's grid (TITAN 13.3), blocked by Trees and
  by characters in the hexes between, with the hazard chart's rangestriking lines: TITAN's
  rules of ``engine.rangestrikes``, which read any board (a ``Map`` is one); the Warlock and
  whoever "rangestrikes like a Warlock" (12.2) ignore all of it.

Pure functions of a ``GameState`` and two characters; who may strike when is the Strike
Phase's question (``engine.tactical.strike_phase``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.rangestrikes import (
    LONG_RANGE_SKILL_LOSS,
    LONGEST_RANGE,
    SHORTEST_RANGE,
    line_ways,
    may_cross,
    passed_over,
    target_defence,
)
from engine.rangestrikes import rangestrike_range as titan_rangestrike_range
from engine.strike_chart import strike_number as chart_strike_number
from engine.strikes import StrikeChanges, StrikeTerms
from engine.tactical.abilities import (
    ability_strike_changes,
    attacker_skill_loss,
    rangestrike_dice,
)
from engine.tactical.board import (
    going_up,
    hex_hazard,
    may_strike_between,
    side_between,
)
from engine.tactical.hazards import strike_changes
from engine.tactical.maps import Map
from engine.tactical.state import Figure, GameState

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
    return titan_rangestrike_range(a, b, m)


def rangestrike_terms(state: GameState, striker: Figure, target: Figure) -> RangestrikeTerms | str:
    """The terms of a rangestrike at ``target``, or why there is none: the striker does not
    rangestrike, the target is adjacent or out of range (TITAN 13.0, 13.2), a Lord is in its hex
    and the striker is not a Warlock's like (13.5, 8.1, 12.2), or every path is blocked by
    hazards or characters (TITAN 13.3). Whether the striker is locked in contact is not asked
    here. The line rules are TITAN's (``engine.rangestrikes``), the striker subject to none of
    the hazards it ignores (12.2)."""
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
    ignored = kind.abilities.ignores
    defence = target_defence(kind, target.kind, hex_hazard(m, target.hex), ignored)
    occupied = {f.hex for f in state.figures}
    best: RangestrikeTerms | None = None
    for way in line_ways(kind, striker.hex, target.hex, m, ignored):
        if any(h in occupied for h in way.clear):
            continue
        option = RangestrikeTerms(
            dice, chart_strike_number(skill - way.skill_lost, target.kind.skill, defence)
        )
        if best is None or option.strike_number < best.strike_number:
            best = option
    if best is None:
        return "every path of the rangestrike is blocked by hazards or characters (TITAN 13.3)"
    return best


# simulator.tactical.tables judges each line with these, under the names it has always read
_may_cross = may_cross
_passed_over = passed_over
