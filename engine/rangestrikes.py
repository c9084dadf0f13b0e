"""Rangestrikes (13.0-13.5) and the hazard chart's rangestriking lines.

A rangestrike follows one of the precomputed lines of the board (``Battleland.paths``,
engine.hexes' ``PATHS``): two where the line runs along a hexside; the striker picks
(13.3). Effects are read from the hazard records: hex hazards that block (``Tree``), cost
skill per intervening hex (``intervening_skill_penalty``), defend the target
(``rangestrike_defence_*``) or add dice (``rangestrike_dice_bonus``);
hexsides with their ``rangestrike_crossing`` rule, the skill lost crossing
going up, and whether a character at their base blocks. Only the
rangestriking lines of the chart apply: the striking lines (Slope dice, Wall
skill down, Bramble in the striker's hex) do not (see docs/rulings.md).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from itertools import pairwise

from engine.battlelands import BATTLELANDS, Battleland, Hexside
from engine.characters import Character
from engine.hazards import Crossing, applies
from engine.movement import engaged
from engine.position import BattlePosition, Ref
from engine.strike_chart import strike_number as chart_strike_number
from engine.strikes import StrikeKind, StrikeOption

SHORTEST_RANGE = 3  # 13.0: never at an adjacent character (range 2)
LONGEST_RANGE = 4  # 13.2
LONG_RANGE_SKILL_LOSS = 1  # 13.2: at range four (not the Warlock, 13.5)


def rangestrike_range(hex_: int, target_hex: int, land: Battleland = BATTLELANDS["Plains"]) -> int:
    """Range counting both ends and every hex between (13.2), on the board given (every
    Battleland has the same 27 hexes)."""
    return land.distance(hex_, target_hex) + 1


@dataclass(frozen=True)
class RangestrikePath:
    """One way a rangestrike may go: the intervening hexes that must hold no
    character (``clear``), and its dice and Strike-number along this path."""

    clear: tuple[int, ...]
    dice: int
    strike_number: int


def rangestrike_paths(
    kind: Character,
    power: int,
    hex_: int,
    target: Character,
    target_hex: int,
    land: Battleland,
) -> tuple[RangestrikePath, ...]:
    """Every way this rangestrike may go when nothing else stands in the way.

    Empty when it may not go at all: no rangestrike (3.5), adjacent or out of
    range (13.0, 13.2), a Lord target of anyone but the Warlock (13.5), or
    every path blocked by hazards (13.3, hazard chart). Whether the striker
    is in contact is not considered here. The Warlock's rangestrike needs no
    clear hexes and ignores every hazard (13.5).
    """
    reach = rangestrike_range(hex_, target_hex, land)
    if not kind.rangestrikes or not SHORTEST_RANGE <= reach <= min(kind.skill, LONGEST_RANGE):
        return ()
    if target.is_lord and not kind.magic_missile:
        return ()
    dice = power // 2  # 13.1: Range-strength
    if kind.magic_missile:
        return (RangestrikePath((), dice, chart_strike_number(kind.skill, target.skill)),)
    here = land.hazard(hex_)
    if kind.is_native(here.name):
        dice += here.rangestrike_dice_bonus
    skill = kind.skill - (LONG_RANGE_SKILL_LOSS if reach == LONGEST_RANGE else 0)
    defence = _defence(kind, target, land, target_hex)
    found: list[RangestrikePath] = []
    for path in land.paths(hex_, target_hex):
        way = _way(kind, hex_, target_hex, path, land)
        if way is None:
            continue
        skill_lost, clear = way
        option = RangestrikePath(
            clear, dice, chart_strike_number(skill - skill_lost, target.skill, defence)
        )
        if option not in found:
            found.append(option)
    return tuple(found)


def _defence(kind: Character, target: Character, land: Battleland, target_hex: int) -> int:
    """Strike-number added by the target's hex: Bramble vs non-natives, Volcano."""
    there = land.hazard(target_hex)
    native = target.is_native(there.name)
    bonus = 0
    if there.rangestrike_defence_vs_non_natives and native and not kind.is_native(there.name):
        bonus += 1
    if applies(there.rangestrike_defence_bonus, native=native, flies=target.flies):
        bonus += 1
    return bonus


def _way(
    kind: Character,
    hex_: int,
    target_hex: int,
    path: tuple[int | None, ...],
    land: Battleland,
) -> tuple[int, tuple[int, ...]] | None:
    """Skill lost along one path and the hexes on it a character would block;
    None when the hazards forbid the path."""
    if None in path:
        return None  # the line leaves the Battleland (never within range four)
    between: tuple[int, ...] = tuple(h for h in path if h is not None)
    lost = 0
    for h in between:
        hazard = land.hazard(h)
        if hazard.blocks_rangestrikes:
            return None
        native = kind.is_native(hazard.name)
        if applies(hazard.intervening_skill_penalty, native=native, flies=kind.flies):
            lost += 1
    line = (hex_, *between, target_hex)
    crossed = [(side, b) for a, b in pairwise(line) if (side := land.hexside(a, b)) is not None]
    if not _may_cross([side for side, _ in crossed], {hex_, target_hex}, land):
        return None
    lost += sum(
        1 for side, toward in crossed
        if side.hazard.rangestrike_skill_penalty_up and side.going_up(toward)
    )  # fmt: skip
    clear = tuple(h for h in between if not _passed_over(h, hex_, target_hex, land))
    return lost, clear


def _may_cross(sides: list[Hexside], ends: set[int], land: Battleland) -> bool:
    """May a rangestrike between ``ends`` cross these hexsides, in this order?"""
    by_rule: dict[Crossing, list[Hexside]] = defaultdict(list)
    for side in sides:
        by_rule[side.hazard.rangestrike_crossing].append(side)
    # Cliff, Dune, and a Cliff/Dune combination: the striker or target atop each
    if any(side.top not in ends for side in by_rule[Crossing.ENDS_ATOP]):
        return False
    waived = frozenset().union(*(side.hazard.rangestrike_waives for side in sides))
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
        if len(walls) == 2 and not _across_the_tower(ends, land):
            return False
    return True


def _across_the_tower(ends: set[int], land: Battleland) -> bool:
    """Two Walls: an end in the Tower's centre and neither beneath an outer Wall.

    The centre is the hex atop the inner Walls, those whose base is itself
    atop a Wall; the outer Walls are the others.
    """
    walls = [
        (side.top, b if a == side.top else a)
        for (a, b), side in land.hexsides.items()
        if side.hazard.rangestrike_crossing is Crossing.WALLS
    ]
    walled = {top for top, _ in walls}
    centre = {top for top, base in walls if base in walled}
    beneath_outer = {base for _, base in walls if base not in walled}
    return bool(ends & centre) and not ends & beneath_outer


def _passed_over(h: int, hex_: int, target_hex: int, land: Battleland) -> bool:
    """Does a character in intervening hex ``h`` let the rangestrike pass?

    Yes when it stands lower than both ends, or at the base of a Cliff with
    the striker or the target directly atop it (hazard chart, CHARACTER).
    """
    heights = land.elevations
    if heights[h] < heights[hex_] and heights[h] < heights[target_hex]:
        return True
    for end in (hex_, target_hex):
        side = land.hexside(h, end)
        if side is not None and side.hazard.rangestrike_passes_base and side.top == end:
            return True
    return False


def legal_rangestrikes(position: BattlePosition, ref: Ref) -> list[StrikeOption]:
    """Every enemy the character may rangestrike in the Strike Phase of the position.

    Only the phasing side (``position.active``) rangestrikes, and only a
    character not in contact (13.0). Of the paths whose ``clear`` hexes hold
    no character, the best for the striker is taken (13.3): the lowest
    Strike-number, then the most dice. Ordered by the target's hex.
    """
    figure = position.figure(ref)
    if figure.hex is None or ref[0] is not position.active or not figure.kind.rangestrikes:
        return []
    if engaged(position, ref):
        return []
    occupied = position.occupied()
    kind, land, power = figure.kind, position.land, position.power(ref)
    options = []
    for enemy in position.on_board(ref[0].enemy):
        target = position.figure(enemy)
        if target.hex is None:
            continue
        open_paths = [
            path
            for path in rangestrike_paths(kind, power, figure.hex, target.kind, target.hex, land)
            if not any(h in occupied for h in path.clear)
        ]
        if open_paths:
            best = min(open_paths, key=lambda p: (p.strike_number, -p.dice))
            options.append(
                StrikeOption(target.hex, StrikeKind.RANGESTRIKE, best.strike_number, best.dice)
            )
    return sorted(options, key=lambda option: option.target)
