"""The engine's facts for one Battle setup, compiled into numpy tables for the kernel.

The kernel decides no rule of its own: every cost, contact, strike, carry-over,
rangestrike path, Drift hit, entry hex and reinforcement it uses is read from
the arrays built here by calling ``engine`` functions. Tables are indexed by
*type* (a distinct character and Power-factor: two Titans of different scores
are two types) and by hex (0..26; 27 is "off the Battleland"). Only pairs that
can matter are asked of the engine: hexes in contact for strikes, ranges
three and four for rangestrikes, types of opposite sides.

``battle_tables(roster)`` builds a ``BattleTables`` once per hashable
``Roster`` and caches it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

import numpy as np

from engine.battle_turns import LAST_TURN, REINFORCEMENT_TURN, deploys_in_tower, entering_hexes
from engine.battlelands import battleland
from engine.characters import TITAN, Character, CharacterClass, character
from engine.hexes import DISTANCE, HEX_COUNT, NEIGHBOURS
from engine.movement import in_contact, landing_cost, may_fly_over, step_cost
from engine.musters import legal_recruits
from engine.position import BattlePosition, Phase, Side
from engine.rangestrikes import rangestrike_paths
from engine.strike_chart import strike_number
from engine.strikes import drift_damage, may_carry_over, strike_terms
from simulator import table_store
from simulator.battle_state import WITHIN

OFF = HEX_COUNT  # the hex index of "not on the Battleland"
DIRECTIONS = 6  # neighbours of a hex, padded with -1
MAX_ENTRY = 7  # the most hexes a side may enter by (the Tower's walled hexes)
MAX_PATHS = 2  # 13.3: a line along hexsides gives two paths
ATTACKER, DEFENDER = 0, 1  # side codes of the kernel
HIGHEST_STRIKE_NUMBER = 6

# A target against which every Strike-number suffices: carry-over permission
# apart from the Strike-numbers (12.4), which the kernel compares itself.
_ANY_TARGET = Character(
    name="(any target)",
    klass=CharacterClass.CREATURE,
    power=1,
    skill=-HIGHEST_STRIKE_NUMBER * 4,
    flies=False,
    rangestrikes=False,
    magic_missile=False,
    count=0,
    natives=frozenset(),
)


class Board(NamedTuple):
    """Geometry and the order of entry on one Battleland (entry side fixed)."""

    neighbours: np.ndarray  # int8[27, 6]: adjacent hexes, -1 padded
    direction: np.ndarray  # int8[27, 27]: index of b in neighbours[a], -1 when not adjacent
    contact: np.ndarray  # bool[27, 27]: in contact (adjacent, no Cliff between), 11.3
    distance: np.ndarray  # int8[27, 27]: steps between hexes
    elevation: np.ndarray  # int8[27]
    entry: np.ndarray  # int8[2, 8, 7]: [side, turn] hexes its off-board characters enter by
    entry_count: np.ndarray  # int8[2, 8]
    deploys: np.ndarray  # bool[2, 8]: [side, turn] placed on the entry hexes, not moved (10.2)
    # the same facts as bit masks of hexes (bit h: hex h), for the kernel's quick set algebra
    adjacent_mask: np.ndarray  # int64[27]: the neighbours of a hex
    contact_mask: np.ndarray  # int64[27]: the hexes in contact with a hex
    within_mask: np.ndarray  # int64[27, 8]: [hex, d] the hexes at most d steps away
    entry_mask: np.ndarray  # int64[2, 8]: [side, turn] the hexes entered by


class Kinds(NamedTuple):
    """Per type: battle-factors, movement costs, Drift. ``T`` types."""

    power: np.ndarray  # int16[T]
    skill: np.ndarray  # int8[T]
    flies: np.ndarray  # bool[T]
    value: np.ndarray  # float64[T]: points it is worth (16.0), for the tactics
    titan: np.ndarray  # bool[T]: its death ends the Battle (19.3)
    rangestrikes: np.ndarray  # bool[T]
    step: np.ndarray  # int8[T, 28, 27]: [t, from, to] walking cost, 0 forbidden; from 27 = entering
    fly_over: np.ndarray  # bool[T, 27]
    landing: np.ndarray  # int8[T, 27]: a flier's landing cost, 0 forbidden
    drift: np.ndarray  # int8[T, 27]: hits taken at the start of each Strike Phase
    # step and fly_over as bit masks of hexes (bit h: hex h)
    walk_mask: np.ndarray  # int64[T, 28, 2]: [t, from, c] the hexes a step of cost c + 1 reaches
    fly_mask: np.ndarray  # int64[T]: the hexes it may fly over


class Strikes(NamedTuple):
    """Normal strikes, carry-over and rangestrikes, from engine.strikes / engine.rangestrikes."""

    dice: np.ndarray  # int16[T, 27, 6, T]: [striker, hex, direction, target]; 0 = no strike
    number: np.ndarray  # int8[T, 27, 6, T]: Strike-number with every hazard effect
    plain_dice: np.ndarray  # int16[T, 27, 6, T]: hexside benefits forgone (12.5)
    plain_number: np.ndarray  # int8[T, 27, 6, T]
    carry: np.ndarray  # bool[T, 27, 6, 6, 2]: [striker, hex, first dir, second dir, forgo]
    #   excess hits may carry, given a declared Strike-number both targets need no more than
    open_number: np.ndarray  # int8[T, T]: Strike-number on open ground (the tactics' estimates)
    open_blows: np.ndarray  # float64[T, T]: the hits a striker expects there (its dice, 12.0)
    ranged_count: np.ndarray  # int8[T, 27, T, 27]: rangestrike paths, best first
    ranged_clear: np.ndarray  # int32[T, 27, T, 27, 2]: bit mask of the hexes that must be empty
    ranged_dice: np.ndarray  # int16[T, 27, T, 27, 2]
    ranged_number: np.ndarray  # int8[T, 27, T, 27, 2]


class Musters(NamedTuple):
    """The defender's reinforcement (14.0) by the set of its living characters."""

    recruit_type: np.ndarray  # int16[2**D]: type mustered for a mask of living defender slots
    recruit_name: np.ndarray  # int16[2**D]: index into reinforcement_names; -1 none


@dataclass(frozen=True)
class Roster:
    """Everything the tables depend on (hashable: the cache key)."""

    terrain: str
    entry_side: int
    attacker: tuple[str, ...]
    defender: tuple[str, ...]
    attacker_score: int = 0
    defender_score: int = 0
    summonable: str | None = None
    reinforce: bool = True
    variant: str = "default"


@dataclass(frozen=True)
class BattleTables:
    roster: Roster
    types: tuple[tuple[str, int], ...]  # (name, Power-factor) per type index
    type_side: tuple[int, ...]  # the side a type fights for (types never span sides)
    attacker_types: tuple[int, ...]  # type of each attacker slot
    defender_types: tuple[int, ...]
    summon_type: int  # -1: no Lord to summon
    reinforcement_names: tuple[str, ...]
    board: Board
    kinds: Kinds
    strikes: Strikes
    musters: Musters


def _types(roster: Roster) -> list[tuple[str, int, int]]:
    """Distinct (name, power, side) of the characters of both Legions and the summonable Lord."""
    found: list[tuple[str, int, int]] = []

    def add(name: str, score: int, side: int) -> int:
        key = (name, character(name).power_at(score), side)
        if key not in found:
            found.append(key)
        return found.index(key)

    for name in roster.attacker:
        add(name, roster.attacker_score, ATTACKER)
    if roster.summonable is not None:
        add(roster.summonable, roster.attacker_score, ATTACKER)
    for name in roster.defender:
        add(name, roster.defender_score, DEFENDER)
    return found


def _recruit_by_mask(roster: Roster) -> list[str | None]:
    """14.0: the most valuable legal recruit for each set of living defenders."""
    chosen: list[str | None] = []
    n = len(roster.defender)
    for mask in range(1 << n):
        living = [name for i, name in enumerate(roster.defender) if mask >> i & 1]
        if not roster.reinforce or not living:
            chosen.append(None)
            continue
        recruits = legal_recruits(living, roster.terrain, variant=roster.variant)
        chosen.append(reinforcement_pick([r.character for r in recruits], roster.defender_score))
    return chosen


_BITS = np.left_shift(1, np.arange(HEX_COUNT, dtype=np.int64))


def bits(flags: np.ndarray) -> np.ndarray:
    """Bit masks of hexes from booleans indexed by hex (the last axis)."""
    return (np.asarray(flags, dtype=bool) * _BITS).sum(axis=-1)


def reinforcement_pick(recruits: Sequence[str], score: int) -> str | None:
    """The reinforcement the kernel musters among the legal recruits (14.0): the most
    valuable (16.0), the last by name among equals; None when there is none."""
    return max(recruits, key=lambda name: (character(name).value(score), name), default=None)


def _board(roster: Roster) -> Board:
    return _board_of(roster.terrain, roster.entry_side)


@lru_cache(maxsize=64)
def _board_of(terrain: str, entry_side: int) -> Board:
    land = battleland(terrain)
    neighbours = np.full((HEX_COUNT, DIRECTIONS), -1, dtype=np.int8)
    direction = np.full((HEX_COUNT, HEX_COUNT), -1, dtype=np.int8)
    contact = np.zeros((HEX_COUNT, HEX_COUNT), dtype=np.bool_)
    for a in range(HEX_COUNT):
        for k, b in enumerate(NEIGHBOURS[a]):
            neighbours[a, k] = b
            direction[a, b] = k
            contact[a, b] = in_contact(land, a, b)
    entry = np.full((2, LAST_TURN + 1, MAX_ENTRY), -1, dtype=np.int8)
    entry_count = np.zeros((2, LAST_TURN + 1), dtype=np.int8)
    deploys = np.zeros((2, LAST_TURN + 1), dtype=np.bool_)
    for side_code, side in ((ATTACKER, Side.ATTACKER), (DEFENDER, Side.DEFENDER)):
        for turn in range(1, LAST_TURN + 1):
            at = BattlePosition(
                terrain=terrain,
                entry_side=entry_side,
                turn=turn,
                phase=Phase.MANEUVER,
                active=side,
            )
            hexes = entering_hexes(at, side)
            entry[side_code, turn, : len(hexes)] = hexes
            entry_count[side_code, turn] = len(hexes)
            deploys[side_code, turn] = deploys_in_tower(at, side)
    distance = np.array(DISTANCE, dtype=np.int8)
    entry_mask = np.zeros((2, LAST_TURN + 1), dtype=np.int64)
    for side_code in (ATTACKER, DEFENDER):
        for turn in range(LAST_TURN + 1):
            entry_mask[side_code, turn] = bits(
                np.isin(np.arange(HEX_COUNT), entry[side_code, turn])
            )
    return Board(
        neighbours=neighbours,
        direction=direction,
        contact=contact,
        distance=distance,
        elevation=np.array(land.elevations, dtype=np.int8),
        entry=entry,
        entry_count=entry_count,
        deploys=deploys,
        adjacent_mask=bits(direction >= 0),
        contact_mask=bits(contact),
        within_mask=bits(distance[:, None, :] <= np.arange(WITHIN)[None, :, None]),
        entry_mask=entry_mask,
    )


def _kinds(roster: Roster, types: list[tuple[str, int, int]]) -> Kinds:
    t = len(types)
    step = np.zeros((t, HEX_COUNT + 1, HEX_COUNT), dtype=np.int8)
    fly_over = np.zeros((t, HEX_COUNT), dtype=np.bool_)
    landing = np.zeros((t, HEX_COUNT), dtype=np.int8)
    drift = np.zeros((t, HEX_COUNT), dtype=np.int8)
    for i, (name, _, _) in enumerate(types):
        step[i], fly_over[i], landing[i], drift[i] = _kind_block(roster.terrain, name)
    if step.max(initial=0) > 2:
        raise ValueError("a step costing more than 2 has no walk_mask")
    walk_mask = np.stack([bits(step == 1), bits(step == 2)], axis=-1)
    scores = (roster.attacker_score, roster.defender_score)
    return Kinds(
        power=np.array([p for _, p, _ in types], dtype=np.int16),
        skill=np.array([character(n).skill for n, _, _ in types], dtype=np.int8),
        flies=np.array([character(n).flies for n, _, _ in types], dtype=np.bool_),
        value=np.array([character(n).value(scores[s]) for n, _, s in types], dtype=np.float64),
        titan=np.array([n == TITAN for n, _, _ in types], dtype=np.bool_),
        rangestrikes=np.array([character(n).rangestrikes for n, _, _ in types], dtype=np.bool_),
        step=step,
        fly_over=fly_over,
        landing=landing,
        drift=drift,
        walk_mask=walk_mask,
        fly_mask=bits(fly_over),
    )


def _contacts(land, here: int) -> list[tuple[int, int]]:
    """(direction, hex) of the neighbours of ``here`` a character there is in contact with."""
    return [(k, b) for k, b in enumerate(NEIGHBOURS[here]) if in_contact(land, here, b)]


def _frozen(*arrays: np.ndarray) -> tuple[np.ndarray, ...]:
    for a in arrays:
        a.flags.writeable = False  # shared by every setup that reads them from the cache
    return arrays


# The blocks below depend on the Battleland and the characters only, not on the rest of
# the setup. ``build_*`` ask the engine; the cached ``_*_block`` read a block from the files
# of ``simulator.table_store`` (built once by the same functions) or else build it, so a new
# pair of Legions reuses what earlier setups, or an earlier process, computed.
def build_kind_block(terrain: str, name: str) -> tuple[np.ndarray, ...]:
    """Walking costs [from (27 = entering), to], may fly over, landing cost and Drift hits
    [hex] of a ``name`` (11.0-11.7, hazard chart)."""
    land, kind = battleland(terrain), character(name)
    step = np.zeros((HEX_COUNT + 1, HEX_COUNT), dtype=np.int8)
    fly_over = np.zeros(HEX_COUNT, dtype=np.bool_)
    landing = np.zeros(HEX_COUNT, dtype=np.int8)
    drift = np.zeros(HEX_COUNT, dtype=np.int8)
    for to in range(HEX_COUNT):
        step[OFF, to] = step_cost(kind, land, None, to) or 0
        for frm in NEIGHBOURS[to]:
            step[frm, to] = step_cost(kind, land, frm, to) or 0
        fly_over[to] = may_fly_over(kind, land, to)
        landing[to] = landing_cost(kind, land, to) or 0
        drift[to] = drift_damage(kind, land, to)
    return step, fly_over, landing, drift


def build_strike_block(terrain: str, name: str, power: int, target: str) -> tuple[np.ndarray, ...]:
    """Dice and Strike-number, with and without hexside benefits, of a ``name`` striking a
    ``target`` in contact: int arrays [hex, direction] (12.0-12.5)."""
    land, kind, other = battleland(terrain), character(name), character(target)
    dice = np.zeros((HEX_COUNT, DIRECTIONS), dtype=np.int16)
    number = np.zeros((HEX_COUNT, DIRECTIONS), dtype=np.int8)
    plain_dice, plain_number = np.zeros_like(dice), np.zeros_like(number)
    for here in range(HEX_COUNT):
        for k, there in _contacts(land, here):
            terms = strike_terms(kind, power, here, other, there, land)
            if terms is not None:
                dice[here, k], number[here, k] = terms.dice, terms.strike_number
                plain_dice[here, k] = terms.plain_dice
                plain_number[here, k] = terms.plain_strike_number
    return dice, number, plain_dice, plain_number


def build_carry_block(terrain: str, name: str, power: int) -> np.ndarray:
    """Whether excess hits may carry from the first direction to the second, with or
    without forgoing benefits: bool[hex, first, second, forgo] (12.4, 12.5)."""
    land, kind = battleland(terrain), character(name)
    carry = np.zeros((HEX_COUNT, DIRECTIONS, DIRECTIONS, 2), dtype=np.bool_)
    for here in range(HEX_COUNT):
        reach = _contacts(land, here)
        for k1, first in reach:
            for k2, second in reach:
                if k2 == k1:
                    continue
                for forgo in (0, 1):
                    carry[here, k1, k2, forgo] = may_carry_over(
                        kind, power, here, _ANY_TARGET, first, _ANY_TARGET, second,
                        land, HIGHEST_STRIKE_NUMBER, bool(forgo),
                    )  # fmt: skip
    return carry


def build_ranged_block(terrain: str, name: str, power: int, target: str) -> tuple[np.ndarray, ...]:
    """A rangestriker's paths to a ``target``, best first (13.0-13.5): count [hex, hex],
    and per path the bit mask of hexes that must be empty, dice and Strike-number."""
    land, kind, other = battleland(terrain), character(name), character(target)
    count = np.zeros((HEX_COUNT, HEX_COUNT), dtype=np.int8)
    clear = np.zeros((HEX_COUNT, HEX_COUNT, MAX_PATHS), dtype=np.int32)
    dice = np.zeros((HEX_COUNT, HEX_COUNT, MAX_PATHS), dtype=np.int16)
    number = np.zeros((HEX_COUNT, HEX_COUNT, MAX_PATHS), dtype=np.int8)
    for here in range(HEX_COUNT):
        for there in range(HEX_COUNT):
            if not 2 <= DISTANCE[here][there] <= 3:
                continue  # ranges three and four, 13.0, 13.2
            paths = rangestrike_paths(kind, power, here, other, there, land)
            # engine.rangestrikes: of the open paths the best, lowest number then most dice
            paths = sorted(paths, key=lambda p: (p.strike_number, -p.dice))
            assert len(paths) <= MAX_PATHS, paths
            count[here, there] = len(paths)
            for p, path in enumerate(paths):
                clear[here, there, p] = sum(1 << h for h in path.clear)
                dice[here, there, p] = path.dice
                number[here, there, p] = path.strike_number
    return count, clear, dice, number


@lru_cache(maxsize=1024)
def _kind_block(terrain: str, name: str) -> tuple[np.ndarray, ...]:
    stored = table_store.blocks(terrain)
    found = stored.kind(name) if stored else None
    return _frozen(*(found or build_kind_block(terrain, name)))


@lru_cache(maxsize=8192)
def _strike_block(terrain: str, name: str, power: int, target: str) -> tuple[np.ndarray, ...]:
    stored = table_store.blocks(terrain)
    found = stored.strike(name, power, target) if stored else None
    return _frozen(*(found or build_strike_block(terrain, name, power, target)))


@lru_cache(maxsize=1024)
def _carry_block(terrain: str, name: str, power: int) -> np.ndarray:
    stored = table_store.blocks(terrain)
    found = stored.carry(name, power) if stored else None
    return _frozen(found if found is not None else build_carry_block(terrain, name, power))[0]


@lru_cache(maxsize=8192)
def _ranged_block(terrain: str, name: str, power: int, target: str) -> tuple[np.ndarray, ...]:
    stored = table_store.blocks(terrain)
    found = stored.ranged(name, power, target) if stored else None
    return _frozen(*(found or build_ranged_block(terrain, name, power, target)))


def _strikes(roster: Roster, types: list[tuple[str, int, int]]) -> Strikes:
    t = len(types)
    shape = (t, HEX_COUNT, DIRECTIONS, t)
    dice = np.zeros(shape, dtype=np.int16)
    number = np.zeros(shape, dtype=np.int8)
    plain_dice = np.zeros(shape, dtype=np.int16)
    plain_number = np.zeros(shape, dtype=np.int8)
    carry = np.zeros((t, HEX_COUNT, DIRECTIONS, DIRECTIONS, 2), dtype=np.bool_)
    ranged_count = np.zeros((t, HEX_COUNT, t, HEX_COUNT), dtype=np.int8)
    ranged_clear = np.zeros((t, HEX_COUNT, t, HEX_COUNT, MAX_PATHS), dtype=np.int32)
    ranged_dice = np.zeros((t, HEX_COUNT, t, HEX_COUNT, MAX_PATHS), dtype=np.int16)
    ranged_number = np.zeros((t, HEX_COUNT, t, HEX_COUNT, MAX_PATHS), dtype=np.int8)
    terrain = roster.terrain
    for i, (name, power, side) in enumerate(types):
        carry[i] = _carry_block(terrain, name, power)
        for j, (target, _, other_side) in enumerate(types):
            if other_side == side:
                continue
            (
                dice[i, :, :, j], number[i, :, :, j],
                plain_dice[i, :, :, j], plain_number[i, :, :, j],
            ) = _strike_block(terrain, name, power, target)  # fmt: skip
            if character(name).rangestrikes:
                (
                    ranged_count[i, :, j], ranged_clear[i, :, j],
                    ranged_dice[i, :, j], ranged_number[i, :, j],
                ) = _ranged_block(terrain, name, power, target)  # fmt: skip
    kinds = [character(name) for name, _, _ in types]
    open_number = np.array(
        [[strike_number(a.skill, b.skill) for b in kinds] for a in kinds], dtype=np.int8
    ).reshape(t, t)
    powers = np.array([power for _, power, _ in types], dtype=np.int64)
    open_blows = powers[:, None] * (7 - open_number.astype(np.int64)) / 6.0
    return Strikes(
        dice, number, plain_dice, plain_number, carry, open_number, open_blows,
        ranged_count, ranged_clear, ranged_dice, ranged_number,
    )  # fmt: skip


@lru_cache(maxsize=64)
def battle_tables(roster: Roster) -> BattleTables:
    """Every table of one Battle setup (cached by the roster)."""
    types = _types(roster)
    recruits = _recruit_by_mask(roster)
    names = tuple(sorted({r for r in recruits if r is not None}))
    for name in names:
        key = (name, character(name).power_at(roster.defender_score), DEFENDER)
        if key not in types:
            types.append(key)
    recruit_type = np.full(len(recruits), -1, dtype=np.int16)
    recruit_name = np.full(len(recruits), -1, dtype=np.int16)
    for mask, name in enumerate(recruits):
        if name is not None:
            key = (name, character(name).power_at(roster.defender_score), DEFENDER)
            recruit_type[mask] = types.index(key)
            recruit_name[mask] = names.index(name)

    def index(name: str, score: int, side: int) -> int:
        return types.index((name, character(name).power_at(score), side))

    board = _board(roster)
    return BattleTables(
        roster=roster,
        types=tuple((n, p) for n, p, _ in types),
        type_side=tuple(s for _, _, s in types),
        attacker_types=tuple(index(n, roster.attacker_score, ATTACKER) for n in roster.attacker),
        defender_types=tuple(index(n, roster.defender_score, DEFENDER) for n in roster.defender),
        summon_type=-1
        if roster.summonable is None
        else index(roster.summonable, roster.attacker_score, ATTACKER),
        reinforcement_names=names,
        board=board,
        kinds=_kinds(roster, types),
        strikes=_strikes(roster, types),
        musters=Musters(recruit_type, recruit_name),
    )


def clear_cache(files: bool = True) -> None:
    """Forget every table built, as if no setup had been met; with ``files``, the table
    files read too."""
    for cached in (
        battle_tables,
        _board_of,
        _kind_block,
        _strike_block,
        _carry_block,
        _ranged_block,
    ):
        cached.cache_clear()
    if files:
        table_store.forget()


__all__ = [
    "ATTACKER",
    "DEFENDER",
    "OFF",
    "REINFORCEMENT_TURN",
    "BattleTables",
    "Board",
    "Kinds",
    "Musters",
    "Roster",
    "Strikes",
    "battle_tables",
]
