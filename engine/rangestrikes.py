"""Rangestrikes (13.0-13.5) and the hazard chart's rangestriking lines.

A rangestrike follows one of the precomputed lines of the board (``Board.paths``; a
Battleland's are engine.hexes' ``PATHS``): two where the line runs along a hexside; the striker
picks (13.3). Effects are read from the hazard records: hex hazards that block (``Tree``), cost
skill per intervening hex (``intervening_skill_penalty``), defend the target
(``rangestrike_defence_*``) or add dice (``rangestrike_dice_bonus``);
hexsides with their ``rangestrike_crossing`` rule, the skill lost crossing
going up, and whether a character at their base blocks. Only the
rangestriking lines of the chart apply: the striking lines (Slope dice, Wall
skill down, Bramble in the striker's hex) do not (see docs/rulings.md).

The line rules ask only what ``Board`` declares, so they judge a line on a Battleland and on a
Tactical Titan map alike (``engine.tactical.strikes``); ``ignored`` names the hazards a striker
is subject to none of (Tactical Titan 12.2; nobody in TITAN).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Protocol

from engine.battlelands import BATTLELANDS, Battleland
from engine.characters import Character
from engine.hazards import Crossing, HexHazard, HexsideHazard, applies
from engine.hexes import Path
from engine.movement import engaged
from engine.position import BattlePosition, Ref
from engine.strike_chart import strike_number as chart_strike_number
from engine.strikes import StrikeKind, StrikeOption

SHORTEST_RANGE = 3  # 13.0: never at an adjacent character (range 2)
LONGEST_RANGE = 4  # 13.2
LONG_RANGE_SKILL_LOSS = 1  # 13.2: at range four (not the Warlock, 13.5)


class BoardHexside(Protocol):
    """A hexside hazard as a board gives it: its record, and the hex it is connected to (atop
    a Slope, Cliff or Wall; the Dune's own hex; None for a hexside with no top)."""

    @property
    def record(self) -> HexsideHazard: ...

    @property
    def top(self) -> int | None: ...

    def going_up(self, toward: int) -> bool: ...


class Board(Protocol):
    """What the rangestrike rules ask of a board, by hex index: a ``Battleland`` or a Tactical
    Titan ``Map`` answers it."""

    @property
    def neighbours(self) -> Sequence[Sequence[int]]: ...

    @property
    def elevations(self) -> Sequence[int]: ...

    def distance(self, a: int, b: int) -> int: ...

    def paths(self, a: int, b: int) -> Sequence[Path]: ...

    def hazard_record(self, hex_: int) -> HexHazard: ...

    def hexside(self, a: int, b: int) -> BoardHexside | None: ...


def rangestrike_range(hex_: int, target_hex: int, land: Board = BATTLELANDS["Plains"]) -> int:
    """Range counting both ends and every hex between (13.2), on the board given (every
    Battleland has the same 27 hexes)."""
    return land.distance(hex_, target_hex) + 1


def range_dice(kind: Character, power: int, here: HexHazard) -> int:
    """The Range-strength, half the Power-factor (13.1), with what a native gains
    rangestriking out of its hex (a Volcano's two, hazard chart)."""
    dice = power // 2
    if kind.is_native(here.name):
        dice += here.rangestrike_dice_bonus
    return dice


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
    if kind.magic_missile:
        dice = power // 2  # 13.1: Range-strength
        return (RangestrikePath((), dice, chart_strike_number(kind.skill, target.skill)),)
    dice = range_dice(kind, power, land.hazard(hex_))
    skill = kind.skill - (LONG_RANGE_SKILL_LOSS if reach == LONGEST_RANGE else 0)
    defence = target_defence(kind, target, land.hazard(target_hex))
    found: list[RangestrikePath] = []
    for way in line_ways(kind, hex_, target_hex, land):
        option = RangestrikePath(
            way.clear, dice, chart_strike_number(skill - way.skill_lost, target.skill, defence)
        )
        if option not in found:
            found.append(option)
    return tuple(found)


def target_defence(
    kind: Character, target: Character, there: HexHazard, ignored: frozenset[str] = frozenset()
) -> int:
    """Strike-number added by the target's hex (a hex of ``there``): Bramble against
    non-natives, a Volcano's natives; nothing when the striker ignores that hazard."""
    if there.name in ignored:
        return 0
    native = target.is_native(there.name)
    bonus = 0
    if there.rangestrike_defence_vs_non_natives and native and not kind.is_native(there.name):
        bonus += 1
    if applies(there.rangestrike_defence_bonus, native=native, flies=target.flies):
        bonus += 1
    return bonus


@dataclass(frozen=True)
class LineWay:
    """One path of a line the hazards allow: the Skill-factors the striker loses along it, and
    the hexes on it a character would block (``clear``)."""

    skill_lost: int
    clear: tuple[int, ...]


def line_ways(
    kind: Character,
    hex_: int,
    target_hex: int,
    board: Board,
    ignored: frozenset[str] = frozenset(),
) -> tuple[LineWay, ...]:
    """Each path of the line from ``hex_`` to ``target_hex`` that the hazards allow, in the
    board's order (13.3, hazard chart)."""
    found = []
    for path in board.paths(hex_, target_hex):
        way = _way(kind, hex_, target_hex, path, board, ignored)
        if way is not None:
            found.append(way)
    return tuple(found)


def _way(
    kind: Character,
    hex_: int,
    target_hex: int,
    path: Path,
    board: Board,
    ignored: frozenset[str],
) -> LineWay | None:
    """Skill lost along one path and the hexes on it a character would block;
    None when the hazards forbid the path."""
    if None in path:
        return None  # the line leaves the board (never within range four of a Battleland)
    between: tuple[int, ...] = tuple(h for h in path if h is not None)
    lost = 0
    for h in between:
        hazard = board.hazard_record(h)
        if hazard.blocks_rangestrikes:
            return None
        if hazard.name in ignored:
            continue
        native = kind.is_native(hazard.name)
        if applies(hazard.intervening_skill_penalty, native=native, flies=kind.flies):
            lost += 1
    line = (hex_, *between, target_hex)
    crossed = [(side, b) for a, b in pairwise(line) if (side := board.hexside(a, b)) is not None]
    if not may_cross([side for side, _ in crossed], {hex_, target_hex}, board):
        return None
    lost += sum(
        1 for side, toward in crossed
        if side.record.rangestrike_skill_penalty_up and side.going_up(toward)
    )  # fmt: skip
    clear = tuple(h for h in between if not passed_over(board, h, hex_, target_hex))
    return LineWay(lost, clear)


def may_cross(sides: Sequence[BoardHexside], ends: set[int], board: Board) -> bool:
    """May a rangestrike between ``ends`` cross these hexsides, in this order?"""
    by_rule: dict[Crossing, list[BoardHexside]] = defaultdict(list)
    for side in sides:
        by_rule[side.record.rangestrike_crossing].append(side)
    # Cliff, Dune, and a Cliff/Dune combination: the striker or target atop each
    if any(side.top not in ends for side in by_rule[Crossing.ENDS_ATOP]):
        return False
    waived: frozenset[Crossing] = frozenset().union(
        *(side.record.rangestrike_waives for side in sides)
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
        if len(walls) == 2 and not _across_a_tower(walls, ends, board):
            return False
    return True


def _walled(board: Board, hex_: int) -> bool:
    """Is the hex atop a Wall?"""
    return any(_wall_below(board, hex_, there) for there in board.neighbours[hex_])


def _wall_below(board: Board, top: int, base: int) -> bool:
    """Is there a Wall between the two hexes with ``top`` atop it?"""
    side = board.hexside(top, base)
    return (
        side is not None and side.record.rangestrike_crossing is Crossing.WALLS and side.top == top
    )


def _across_a_tower(walls: Sequence[BoardHexside], ends: set[int], board: Board) -> bool:
    """Two Walls: an end in the centre of the tower they belong to, and neither end beneath
    one of that tower's outer Walls. The centre is the hex atop the inner Wall, a Wall whose
    base is itself atop a Wall (TITAN's Tower, a Tactical Titan starting tower); the outer
    Walls are those of the hexes around it. A map has many towers: only the one crossed
    counts."""
    centre = next(
        (
            side.top
            for side in walls
            if side.top is not None
            and any(
                _wall_below(board, side.top, base) and _walled(board, base)
                for base in board.neighbours[side.top]
            )
        ),
        None,
    )
    if centre is None or centre not in ends:
        return False
    beneath_outer = {
        base
        for around in board.neighbours[centre]
        for base in board.neighbours[around]
        if _wall_below(board, around, base) and not _walled(board, base)
    }
    return not ends & beneath_outer


def passed_over(board: Board, h: int, hex_: int, target_hex: int) -> bool:
    """Does a character in intervening hex ``h`` let the rangestrike pass?

    Yes when it stands lower than both ends, or at the base of a Cliff with
    the striker or the target directly atop it (hazard chart, CHARACTER).
    """
    heights = board.elevations
    if heights[h] < heights[hex_] and heights[h] < heights[target_hex]:
        return True
    for end in (hex_, target_hex):
        side = board.hexside(h, end)
        if side is not None and side.record.rangestrike_passes_base and side.top == end:
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
