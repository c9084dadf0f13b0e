"""A Tactical Titan fight as the kernel's arrays, every entry asked of engine.tactical's rules.

- ``board(m)`` and ``lines(m)``: the map's geometry, contact and strike combinations, and its
  rangestrike lines from each hex to the hexes at range 3 and 4 only (TITAN 13.2, 13.3), built
  once per map (``engine.tactical.board.per_map``);
- ``kinds(m, types)``: what each type of the fight may do where: moving (11.4, 7.1, 12.1),
  resting (5.1, 5.3), Drift, strike terms (12.2, 12.5 and the variant's changes), rangestrike
  dice and penalties, aura and poison (9.2); built once per map and list of types;
- ``setup(state)``: all of it for a ``GameState``, with the ``Start`` its fights begin from.

Many hexes share their hazards, so each rule is asked once per distinct combination of the
hazards it reads (a hex's, its neighbour's, the hexside between) and spread over the map.
"""

from __future__ import annotations

import contextlib
import threading
import zipfile
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise
from pathlib import Path
from typing import NamedTuple, TypeVar

import numpy as np

from engine.characters import ANGEL, ARCHANGEL, TITAN
from engine.errors import RuleError, Violations
from engine.hazards import HexHazard, applies
from engine.rangestrikes import may_cross, passed_over, target_defence
from engine.strike_chart import strike_number
from engine.tactical.abilities import (
    ability_strike_changes,
    attacker_skill_loss,
    aura_damage,
    overstacks_in,
    poison_damage,
)
from engine.tactical.abilities import rangestrike_dice as ability_rangestrike_dice
from engine.tactical.board import going_up, hex_facts
from engine.tactical.characters import CHARACTERS, DEMONS, Heal, Summons, TacticalCharacter
from engine.tactical.geometry import DIRECTIONS
from engine.tactical.hazards import (
    HEX_HAZARDS,
    HEXSIDE_HAZARDS,
    crossing_damage,
    entry_cost,
    hazard_damage,
    ignores,
    in_contact_across,
    may_end_move_in,
    may_fly_over,
    may_strike_across,
    strike_changes,
)
from engine.tactical.healing import ability_healing, rest_healing
from engine.tactical.hex_facts import HexFacts
from engine.tactical.maps import Map, map_names, stored_map
from engine.tactical.mastercharts import DEMON, WARLOCK_TABLE
from engine.tactical.musters import (
    MASTER_MUSTER_ROLL,
    Pile,
    cleric_destination_ok,
    cleric_number,
    master_muster,
    musterable_in,
    pile_for_slain,
    region_musters,
    warlock_number,
    warlock_summons,
)
from engine.tactical.state import Deed, GameState, Phase
from engine.tactical.state_checks import validate
from simulator import numba_cache, table_store
from simulator.tactical import state as s
from simulator.tactical.policy import DEFAULT_STYLE

T = TypeVar("T")

HEX_HAZARD_NAMES: tuple[str, ...] = tuple(sorted(HEX_HAZARDS))
HEXSIDE_HAZARD_NAMES: tuple[str, ...] = ("", *sorted(HEXSIDE_HAZARDS))  # 0: no hazard
HEX_CODE = {name: i for i, name in enumerate(HEX_HAZARD_NAMES)}
SIDE_CODE = {name: i for i, name in enumerate(HEXSIDE_HAZARD_NAMES)}
HEX_RECORDS = tuple(HEX_HAZARDS[name] for name in HEX_HAZARD_NAMES)
SIDE_RECORDS = (None, *(HEXSIDE_HAZARDS[name] for name in HEXSIDE_HAZARD_NAMES[1:]))
DEED_BITS = {
    Deed.RESTED: s.D_RESTED,
    Deed.USED_HEAL: s.D_USED_HEAL,
    Deed.MUSTERED: s.D_MUSTERED,
    Deed.USED_MUSTER_ABILITY: s.D_USED_MUSTER_ABILITY,
    Deed.ARRIVED: s.D_ARRIVED,
    Deed.MOVED: s.D_MOVED,
    Deed.STRUCK: s.D_STRUCK,
}
PHASE_CODE = {Phase.HEALING: s.HEALING, Phase.MUSTER: s.MUSTER, Phase.MANEUVER: s.MANEUVER,
              Phase.STRIKE: s.STRIKE}  # fmt: skip
TITAN_POWER_STEP = 100  # 8.2: a Titan's Power-factor grows by one every 100 points
HIT_TAIL = s.hit_tail()
# a character of each summoning ability (10.1, 10.2), to ask the summoning numbers of
SUMMONER = {
    how: next(name for name, k in CHARACTERS.items() if k.abilities.summons is how)
    for how in Summons
}


def _summons(names: Iterable[str], how: Summons) -> bool:
    """Is one of ``names`` a summoner of that kind?"""
    return any(CHARACTERS[name].abilities.summons is how for name in names)


LINES_FOLDER = "titan-tactical-lines-"
KEPT = 32  # tables kept: a few maps' boards and the kinds of their last fights

_kept: dict[tuple[Map, str], object] = {}
_kept_lock = threading.Lock()


def _per_map(m: Map, name: str, build: Callable[[Map], T]) -> T:
    """A table of ``m`` built once by ``build`` and kept among the last few used. Kept by the
    map's value (a ``Map`` is frozen), so a map a request gives whole is built for once however
    many requests give it. Built outside the lock: one table may ask for another."""
    key = (m, name)
    with _kept_lock:
        kept = _kept.pop(key, None)
        if kept is not None:
            _kept[key] = kept  # the last used is the last evicted
    if kept is None:
        kept = build(m)
        with _kept_lock:
            while len(_kept) >= KEPT:
                _kept.pop(next(iter(_kept)))
            _kept[key] = kept
    table: T = kept  # type: ignore[assignment]
    return table


def _per_map_entry(m: Map, name: str, key: object, build: Callable[[], T]) -> T:
    """Entry ``key`` of the table ``name`` of ``m``, a dict filled as entries are asked for."""
    entries: dict[object, T] = _per_map(m, name, lambda _: {})
    found = entries.get(key)
    return found if found is not None else entries.setdefault(key, build())


# --- the map -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class MapTables:
    """The kernel's Board of a map, and the hazard combinations its rules are asked
    of: ``combos`` (here, there, hexside, up) for strikes, ``steps`` (there, hexside, up) for
    moves, with each (hex, direction)'s index into them (NONE: no hex, or no strike)."""

    board: s.Board
    combos: tuple[tuple[int, int, int, bool], ...]
    steps: tuple[tuple[int, int, bool], ...]
    step_of: np.ndarray  # int64[H, 6]


def _neighbour_table(m: Map) -> np.ndarray:
    grid = m.grid
    nbr = np.full((len(grid), s.DIRECTIONS), s.NONE, np.int64)
    for h, (q, r) in enumerate(grid.coords):
        for d, (dq, dr) in enumerate(DIRECTIONS):
            there = grid.at((q + dq, r + dr))
            nbr[h, d] = s.NONE if there is None else there
    return nbr


def _build_map(m: Map) -> MapTables:
    grid = m.grid
    h_count = len(grid)
    nbr = _neighbour_table(m)
    by_index = np.full((h_count, s.DIRECTIONS), s.NONE, np.int64)
    for h, row in enumerate(grid.neighbours):
        by_index[h, : len(row)] = row
    hazard = np.array([HEX_CODE[m.hazard(h)] for h in grid.hexes], np.int64)
    coord = np.array(grid.coords, np.int64).reshape(h_count, 2)
    contact = np.zeros((h_count, s.DIRECTIONS), np.int8)
    combo = np.full((h_count, s.DIRECTIONS), s.NONE, np.int64)
    side = np.zeros((h_count, s.DIRECTIONS), np.int64)
    carry_up = np.zeros((h_count, s.DIRECTIONS), np.int8)
    step_of = np.full((h_count, s.DIRECTIONS), s.NONE, np.int64)
    combos: dict[tuple[int, int, int, bool], int] = {}
    steps: dict[tuple[int, int, bool], int] = {}
    for a in grid.hexes:
        for d in range(s.DIRECTIONS):
            b = int(nbr[a, d])
            if b == s.NONE:
                continue
            found = m.hexside(a, b)
            record = None if found is None else HEXSIDE_HAZARDS[found.hazard]
            up = going_up(m, a, b)
            code = 0 if found is None else SIDE_CODE[found.hazard]
            side[a, d] = code
            contact[a, d] = in_contact_across(record)  # 11.3, 11.7, 12.1.1
            carry_up[a, d] = record is not None and record.blocks_carry_over_up and up
            step = (int(hazard[b]), code, up)
            step_of[a, d] = steps.setdefault(step, len(steps))
            if may_strike_across(record):
                key = (int(hazard[a]), int(hazard[b]), code, up)
                combo[a, d] = combos.setdefault(key, len(combos))
    region = np.array([h.region if h.region >= 0 else s.NONE for h in m.hexes], np.int64)
    board = s.Board(nbr, by_index, hazard, coord, contact, combo, side, carry_up, region)
    return MapTables(board, tuple(combos), tuple(steps), step_of)


def _lines(m: Map) -> s.Lines:
    """TITAN 13.3 on the map: from each hex, the lines to the hexes 2 and 3 steps away (range 3
    and 4), each judged as ``engine.tactical.strikes`` judges it, but for what depends on the
    striker (``Kinds.between_loss``) and on who stands between (the kernel's)."""
    grid = m.grid
    start = [0]
    to: list[int] = []
    counts: list[int] = []
    paths: list[list[list[int]]] = []
    for a in grid.hexes:
        for b in grid.within(a, 3):
            if grid.distance(a, b) < 2:
                continue
            rows = []
            for path in m.paths(a, b)[: s.LINES_PER_TARGET]:
                rows.append(_line(m, a, b, path))
            while len(rows) < s.LINES_PER_TARGET:
                rows.append([0, 0, s.NONE, s.NONE, 0, 0])
            to.append(b)
            counts.append(len(m.paths(a, b)))
            paths.append(rows)
        start.append(len(to))
    return s.Lines(
        np.array(start, np.int64),
        np.array(to, np.int64),
        np.array(counts, np.int64),
        np.array(paths, np.int64).reshape(len(to), s.LINES_PER_TARGET, s.LINE_WIDTH),
    )


def _line(m: Map, a: int, b: int, path: tuple[int | None, ...]) -> list[int]:
    """One line: open or not, Skill lost going up hexsides, the hexes between and whether a
    character in each blocks it (``engine.rangestrikes``' way, without the striker)."""
    if None in path:
        return [0, 0, s.NONE, s.NONE, 0, 0]
    between = [h for h in path if h is not None]
    open_ = not any(m.hazard_record(h).blocks_rangestrikes for h in between)
    line = (a, *between, b)
    crossed = [(side, y) for x, y in pairwise(line) if (side := m.hexside(x, y))]
    open_ = open_ and may_cross([side for side, _ in crossed], {a, b}, m)
    up_loss = sum(
        1
        for side, toward in crossed
        if HEXSIDE_HAZARDS[side.hazard].rangestrike_skill_penalty_up and side.going_up(toward)
    )
    row = [int(open_), up_loss, s.NONE, s.NONE, 0, 0]
    for i, h in enumerate(between[:2]):
        row[s.LINE_FIRST + i] = h
        row[s.LINE_FIRST_BLOCKS + i] = int(not passed_over(m, h, a, b))
    return row


def map_tables(m: Map) -> MapTables:
    return _per_map(m, "board", _build_map)


def lines(m: Map) -> s.Lines:
    """The map's rangestrike lines, built once (a second or two for a thousand hexes); a map
    kept with the engine has them read from a file after the first process built them."""
    return _per_map(m, "lines", _kept_lines)


@lru_cache(maxsize=1)
def _lines_fingerprint() -> str:
    """What the lines depend on: the engine's code and data, and this package's tables."""
    here = Path(__file__).resolve().parent
    return table_store.digest(
        [*table_store.package_files("engine"), here / "tables.py", here / "state.py"]
    )


def _lines_folder() -> Path:
    """Beside the Battlelands' table files, under the fingerprint."""
    return numba_cache.folder() / f"{LINES_FOLDER}{_lines_fingerprint()}"


def _kept_lines(m: Map) -> s.Lines:
    """The lines of a map kept with the engine read from their file, else built and written
    (a gunicorn worker's warm-up builds both maps' in about a second of a core)."""
    name = next((name for name in map_names() if stored_map(name) == m), None)
    if name is None:
        return _lines(m)  # a map given whole
    where = _lines_folder()
    try:
        with np.load(table_store.file_of(name, where)) as kept:
            return s.Lines(*(kept[field] for field in s.Lines._fields))
    except (OSError, ValueError, KeyError, zipfile.BadZipFile):
        pass  # not built yet (or cut short)
    built = _lines(m)
    with contextlib.suppress(OSError):
        table_store.save(name, built._asdict(), where, compressed=True)
        table_store.drop_others(where, LINES_FOLDER)
    return built


# a fight without a rangestriker reads no line
NO_LINES = s.Lines(
    np.zeros(1, np.int64),
    np.zeros(0, np.int64),
    np.zeros(0, np.int64),
    np.zeros((0, s.LINES_PER_TARGET, s.LINE_WIDTH), np.int64),
)


# --- the types -----------------------------------------------------------------------------------


def _heal_code(kind: TacticalCharacter) -> int:
    match kind.abilities.heal:
        case Heal.HEAL:
            return s.HEAL_THREE
        case Heal.RESTORE:
            return s.HEAL_RESTORE
    return s.HEAL_NONE


def _between_loss(kind: TacticalCharacter, name: str) -> int:
    """Skill a rangestriker of ``kind`` loses for each hex of ``name`` its line crosses, as
    ``engine.rangestrikes`` counts it (nothing for a hazard it ignores, 12.2)."""
    hazard = HEX_HAZARDS[name]
    if ignores(kind, name):
        return 0
    native = kind.is_native(name)
    return int(applies(hazard.intervening_skill_penalty, native=native, flies=kind.flies))


def _chart() -> np.ndarray:
    chart = np.zeros((s.CHART_SKILLS, s.CHART_DEFENCE, s.CHART_BONUS), np.int64)
    for a in range(s.CHART_SKILLS):
        for d in range(s.CHART_DEFENCE):
            for bonus in range(s.CHART_BONUS):
                chart[a, d, bonus] = strike_number(a - s.CHART_OFFSET, d, bonus)
    return chart


CHART = _chart()


class TypeRows(NamedTuple):
    """One type's rows of ``Kinds`` over the map's hexes (``s.Kinds`` says what each holds)."""

    walk: np.ndarray
    crossing: np.ndarray
    land: np.ndarray
    over: np.ndarray
    stand: np.ndarray
    overstacks: np.ndarray
    drift: np.ndarray
    rest: np.ndarray


def _hex_facts(m: Map) -> tuple[list[HexFacts], list[HexFacts], np.ndarray]:
    """Each hex's facts, the distinct ones, and each hex's index among them."""
    facts = [hex_facts(m, h) for h in range(len(m.hexes))]
    distinct = list(dict.fromkeys(facts))
    index = {f: i for i, f in enumerate(distinct)}
    return facts, distinct, np.array([index[f] for f in facts], np.int64)


def _type_rows(m: Map, mt: MapTables, k: TacticalCharacter) -> TypeRows:
    """Where ``k`` may move, land, stand and rest on ``m``, and what hurts it there."""
    h_count, hz = len(m.hexes), mt.board.hazard
    _, distinct, fact_of = _per_map(m, "hex facts", _hex_facts)
    has_step = mt.step_of >= 0
    step_cost = np.array(
        [
            _cost(entry_cost(k, HEX_RECORDS[b], SIDE_RECORDS[side], up=up))
            for b, side, up in mt.steps
        ]
        or [0],
        np.int8,
    )
    step_hurt = np.array(
        [crossing_damage(k, SIDE_RECORDS[side]) for _, side, _ in mt.steps] or [0], np.int8
    )
    walk = np.full((h_count, s.DIRECTIONS), -1, np.int8)
    crossing = np.zeros((h_count, s.DIRECTIONS), np.int8)
    walk[has_step] = step_cost[mt.step_of[has_step]]
    crossing[has_step] = step_hurt[mt.step_of[has_step]]
    rest = np.zeros((h_count, 2), np.int8)
    for locked in (0, 1):
        by_fact = np.array([rest_healing(k, f, locked=bool(locked)) for f in distinct], np.int8)
        rest[:, locked] = by_fact[fact_of]

    def per_hazard(rule: Callable[[HexHazard], int | bool | None]) -> np.ndarray:
        return np.array([rule(r) for r in HEX_RECORDS], np.int8)[hz]

    return TypeRows(
        walk=walk,
        crossing=crossing,
        land=per_hazard(lambda r: _cost(entry_cost(k, r, flying=True))),
        over=per_hazard(lambda r: may_fly_over(k, r)),
        stand=per_hazard(lambda r: may_end_move_in(k, r)),
        overstacks=per_hazard(lambda r: overstacks_in(k, r.name)),
        drift=per_hazard(lambda r: hazard_damage(k, r)),
        rest=rest,
    )


def _build_kinds(m: Map, types: tuple[str, ...]) -> s.Kinds:
    mt = map_tables(m)
    kinds = [CHARACTERS[name] for name in types]
    t_count, hz_count = len(kinds), len(HEX_HAZARD_NAMES)

    # a fight's types are a few of the same few dozen: each type's rows, and each pair's strike
    # terms, are asked of the rules once per map, whatever the fights they are in
    rows = [_per_map_entry(m, "type rows", k.name, lambda k=k: _type_rows(m, mt, k)) for k in kinds]
    walk, crossing, land, over, stand, overstacks, drift, rest = (
        np.stack(column) for column in zip(*rows, strict=True)
    )
    power = np.array([k.power_at(0) for k in kinds], np.int64)

    terms = np.zeros((t_count, t_count, max(len(mt.combos), 1), s.TERMS), np.int8)
    for t1, k1 in enumerate(kinds):
        for t2, k2 in enumerate(kinds):
            terms[t1, t2, : len(mt.combos)] = _per_map_entry(
                m, "strike terms", (k1.name, k2.name), lambda k1=k1, k2=k2: _pair_terms(mt, k1, k2)
            )

    aura = np.array([[aura_damage(k1, [k2]) for k2 in kinds] for k1 in kinds], np.int64)
    move_class, class_step = _move_classes(kinds, mt.board.nbr, walk, land, over)
    return s.Kinds(
        power=power,
        skill=np.array([k.skill for k in kinds], np.int64),
        flies=np.array([k.flies for k in kinds], np.int8),
        rangestrikes=np.array([k.rangestrikes for k in kinds], np.int8),
        magic=np.array([k.magic_missile for k in kinds], np.int8),
        lord=np.array([k.is_lord for k in kinds], np.int8),
        titan=np.array([k.name == TITAN for k in kinds], np.int8),
        points=np.array([k.points or k.points_per_power for k in kinds], np.int64),
        heal=np.array([_heal_code(k) for k in kinds], np.int64),
        heal_points=np.array([ability_healing(k, 0) for k in kinds], np.int64),
        heal_or_muster=np.array([k.abilities.heal_or_muster for k in kinds], np.int8),
        regenerates=np.array([k.abilities.regenerates for k in kinds], np.int8),
        hurt_crossing=(crossing != 0).reshape(t_count, -1).any(axis=1).astype(np.int8),
        move_class=move_class,
        class_step=class_step,
        walk=walk,
        crossing=crossing,
        land=land,
        over=over,
        stand=stand,
        overstacks=overstacks,
        rest=rest,
        drift=drift,
        terms=terms,
        aura=aura,
        auras=np.array([int(aura.any())], np.int64),
        poison=np.array([[poison_damage(k1, [k2]) for k2 in kinds] for k1 in kinds], np.int64),
        chart=CHART,
        range_dice=np.array(
            [[ability_rangestrike_dice(k, 0, r) for r in HEX_RECORDS] for k in kinds], np.int64
        ).reshape(t_count, hz_count),
        range_loss=np.array(
            [[attacker_skill_loss(k1, k2) for k2 in kinds] for k1 in kinds], np.int64
        ),
        between_loss=np.array(
            [[_between_loss(k, n) for n in HEX_HAZARD_NAMES] for k in kinds], np.int64
        ).reshape(t_count, hz_count),
        defence=np.array(
            [
                [
                    [target_defence(k1, k2, HEX_HAZARDS[n], k1.abilities.ignores) for k2 in kinds]
                    for n in HEX_HAZARD_NAMES
                ]
                for k1 in kinds
            ],
            np.int64,
        ).reshape(t_count, hz_count, t_count),
        angel=np.array([types.index(ANGEL), types.index(ARCHANGEL)], np.int64),
        tail=HIT_TAIL,
        creature=np.array([pile_for_slain(n) is Pile.DEAD for n in types], np.int8),
        **_muster_tables(m, types),
    )


def _muster_tables(m: Map, types: tuple[str, ...]) -> dict[str, np.ndarray]:
    """The Muster Phase's tables (``state.Kinds``), asked of ``engine.tactical.musters``."""
    facts, distinct, fact_of = _per_map(m, "hex facts", _hex_facts)
    t_count, r_count, h_count = len(types), len(m.regions), len(m.hexes)
    type_of = {name: i for i, name in enumerate(types)}
    need = np.zeros((r_count, t_count, t_count), np.int8)
    number = np.zeros((r_count, t_count), np.int64)
    two_ways = np.zeros(r_count, np.int8)
    master = np.full(r_count, s.NONE, np.int64)
    for r, region in enumerate(m.regions):
        table = _region_table(region.terrain, types)
        need[r], number[r], two_ways[r] = table
        found = master_muster(region.terrain, MASTER_MUSTER_ROLL)
        master[r] = type_of.get(found, s.NONE) if found else s.NONE
    warlock_into = np.full((h_count, len(WARLOCK_TABLE.destinations)), s.NONE, np.int64)
    demon_into = np.zeros(h_count, np.int8)
    if _summons(type_of, Summons.WARLOCK):  # a summoning needs a Warlock in the fight
        for h, hex_ in enumerate(facts):
            into = warlock_summons(hex_)
            elementals = [type_of[n] for n in into if n in type_of]
            warlock_into[h, : len(elementals)] = elementals
            demon_into[h] = DEMON in into and all(d in type_of for d in DEMONS)
    creatures = [i for i, n in enumerate(types) if CHARACTERS[n].is_creature]
    cleric_number_ = np.zeros((t_count, 2), np.int64)
    cleric_into = np.zeros((t_count, h_count), np.int8)
    for u in creatures:
        name = types[u]
        cleric_number_[u] = [cleric_number(name, [SUMMONER[Summons.CLERIC]] * k) for k in (1, 2)]
        by_fact = np.array([cleric_destination_ok(name, f) for f in distinct], np.int8)
        cleric_into[u] = by_fact[fact_of]
    return {
        "muster_need": need,
        "muster_number": number,
        "two_ways": two_ways,
        "master": master,
        "muster_bonus": np.array([CHARACTERS[n].abilities.muster_bonus for n in types], np.int64),
        "summons": np.array(
            [SUMMONS_CODE[CHARACTERS[n].abilities.summons] for n in types], np.int64
        ),
        "warlock_into": warlock_into,
        "demon_into": demon_into,
        "demons": np.array([type_of.get(d, s.NONE) for d in DEMONS], np.int64),
        "warlock_number": np.array(
            [warlock_number([SUMMONER[Summons.WARLOCK]] * k) for k in (1, 2)], np.int64
        ),
        "cleric_number": cleric_number_,
        "cleric_into": cleric_into,
    }


SUMMONS_CODE = {None: s.SUMMONS_NONE, Summons.WARLOCK: s.SUMMONS_WARLOCK,
                Summons.CLERIC: s.SUMMONS_CLERIC}  # fmt: skip
MOST_NEEDED = 7  # more of one type than any chart asks to muster the next (9.2)


@lru_cache(maxsize=256)
def _region_table(terrain: str, types: tuple[str, ...]) -> tuple[np.ndarray, np.ndarray, int]:
    """A terrain's region musters among ``types``: how many of each type muster each (6.2), the
    Muster-numbers, and whether qualifying with two types gives +1, each read off
    ``region_musters`` for participants of a single type."""
    t_count = len(types)
    type_of = {name: i for i, name in enumerate(types)}
    need = np.zeros((t_count, t_count), np.int8)
    number = np.zeros(t_count, np.int64)
    for t, name in enumerate(types):
        for k, character, muster_number in _single_type_musters(terrain, name):
            u = type_of.get(character)
            if u is not None and need[t, u] == 0:
                need[t, u] = k
                number[u] = muster_number
    qualifying = [name for t, name in enumerate(types) if need[t].any()]
    two_ways = any(o.two_ways_bonus for o in region_musters(terrain, qualifying))
    return need, number, int(two_ways)


def _pair_terms(mt: MapTables, k1: TacticalCharacter, k2: TacticalCharacter) -> np.ndarray:
    """``k1`` striking ``k2`` across each of the map's strike combinations: its dice and
    Strike-number, with and without the hazards' changes, and the benefits it may forgo
    (12.5). One pair's row of ``Kinds.terms``: a fight's types are a few of the same few dozen,
    so each pair is asked of the rules once per map, whatever the fights it is in."""
    records, sides = HEX_RECORDS, SIDE_RECORDS
    row = np.zeros((len(mt.combos), s.TERMS), np.int8)
    for c, (here, there, side, up) in enumerate(mt.combos):
        changes = strike_changes(
            k1, records[here], k2, records[there], sides[side], up=up
        ) + ability_strike_changes(k1, records[here], k2)
        found = changes.terms(0, k1.skill, k2.skill)
        row[c] = (
            found.dice,
            found.strike_number,
            found.plain_dice,
            found.plain_strike_number,
            changes.benefit_dice,
            changes.benefit_skill,
        )
    return row


@lru_cache(maxsize=1024)
def _single_type_musters(terrain: str, name: str) -> tuple[tuple[int, str, int], ...]:
    """What 1 to ``MOST_NEEDED`` participants of ``name`` alone muster in ``terrain`` (6.2):
    (how many, the character, its Muster-number), fewest participants first."""
    return tuple(
        (k, option.character, option.muster_number)
        for k in range(1, MOST_NEEDED + 1)
        for option in region_musters(terrain, [name] * k)
    )


def _move_classes(
    kinds: Sequence[TacticalCharacter],
    nbr: np.ndarray,
    walk: np.ndarray,
    land: np.ndarray,
    over: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    """The tactic's classes of movement, for its distances to the enemy: walkers, fliers, and
    each type confined to some hexes (9.2 Kraken, Sea King) alone. A class steps where every
    type of it may (a walker not into Bog, say, though a Bog native may): a distance is a guide
    to the enemy, the moves themselves are the rules'."""
    keys: dict[object, int] = {}
    move_class = np.zeros(len(kinds), np.int64)
    for t, k in enumerate(kinds):
        key: object = ("confined", k.name) if k.abilities.only_in else ("flies", k.flies)
        move_class[t] = keys.setdefault(key, len(keys))
    into = np.where(nbr >= 0, nbr, 0)
    step = np.ones((len(keys), *nbr.shape), np.int8)
    for t, k in enumerate(kinds):
        c = move_class[t]
        if k.flies:
            crossed = (over[t] != 0) | (land[t] >= 0)
            step[c] &= crossed[into].astype(np.int8)
        else:
            step[c] &= (walk[t] >= 0).astype(np.int8)
    step &= (nbr >= 0).astype(np.int8)
    return move_class, step


def _cost(cost: int | None) -> int:
    return -1 if cost is None else cost


def kinds(m: Map, types: tuple[str, ...]) -> s.Kinds:
    """The Kinds of ``types`` on ``m`` (the Angel and the Archangel among them), built once."""
    return _per_map(m, f"kinds {'|'.join(types)}", lambda mm: _build_kinds(mm, types))


# --- a state ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Setup:
    """What the kernel needs for the fights from one state."""

    state: GameState
    types: tuple[str, ...]
    board: s.Board
    kinds: s.Kinds
    lines: s.Lines
    start: s.Start

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.state.players)


def fight_types(state: GameState, musters: bool = False) -> tuple[str, ...]:
    """The types a fight from ``state`` may see: its characters' and the Lords 8.3 brings; with
    ``musters``, what the map's regions muster (9.1, 9.2), Warlocks summon (10.1) and Clerics
    summon from the dead pile (10.2) too."""
    names = {f.name for f in state.figures} | {a.name for a in state.angels_due}
    names |= {ANGEL, ARCHANGEL}
    if musters:
        for region in state.map.regions:
            names |= musterable_in(region.terrain)
        if _summons(names, Summons.WARLOCK):
            names |= {d.character for d in WARLOCK_TABLE.destinations if d.character != DEMON}
            names |= set(DEMONS)
        if _summons(names, Summons.CLERIC):
            names |= {n for n, k in state.dead_pile.items() if k > 0 and CHARACTERS[n].is_creature}
    return tuple(sorted(names))


def refusals(state: GameState) -> list[RuleError]:
    """Why the kernel does not play fights from this state, each naming its rule and field."""
    problems = [p.as_error() for p in validate(state)]
    if problems:
        return problems
    found = []
    if state.over:
        found.append(
            RuleError(
                f"the game is over: {state.winner or 'nobody'} is left (2.2.2)",
                rule="2.2.2",
                path="state.players",
            )
        )
    if len(state.players) > s.MAX_PLAYERS:
        found.append(
            RuleError(
                f"fights are played between {s.MAX_PLAYERS} players at most",
                rule="3.0",
                path="state.players",
            )
        )
    if len(state.angels_due) > s.DUE_ROOM:
        found.append(
            RuleError(
                f"at most {s.DUE_ROOM} Lords due at once (8.3)", rule="8.3", path="state.angels_due"
            )
        )
    return found


def setup(state: GameState, musters: bool = False) -> Setup:
    """The kernel's tables and Start for fights from ``state``, the Muster Phase played with
    ``musters`` (else passed); ``Violations`` naming each problem of a state the kernel does not
    play from."""
    problems = refusals(state)
    if problems:
        raise Violations(problems)
    m = state.map
    mt = map_tables(m)
    types = fight_types(state, musters)
    type_of = {name: i for i, name in enumerate(types)}
    player_of = {p.name: i for i, p in enumerate(state.players)}
    n = len(state.figures) + s.ANGEL_ROOM + (s.MUSTER_ROOM if musters else 0)
    kind = np.full(n, s.NONE, np.int64)
    owner = np.zeros(n, np.int64)
    hexes = np.full(n, s.NONE, np.int64)
    damage = np.zeros(n, np.int64)
    did = np.zeros(n, np.int64)
    poison = np.zeros(n, np.int64)
    poisoner = np.full(n, s.NONE, np.int64)
    slayer = np.full(n, s.NONE, np.int64)
    ids = np.zeros(n, np.int64)
    for i, f in enumerate(state.figures):
        kind[i] = type_of[f.name]
        owner[i] = player_of[f.player]
        hexes[i] = f.hex
        damage[i] = f.damage
        did[i] = sum(DEED_BITS[d] for d in f.did)
        poison[i] = f.poison
        poisoner[i] = player_of.get(f.poisoned_by, s.NONE) if f.poisoned_by else s.NONE
        slayer[i] = player_of.get(f.slain_by, s.NONE) if f.slain_by else s.NONE
        ids[i] = f.id
    players = len(state.players)
    score = np.array([p.score for p in state.players], np.int64)
    out = np.array([p.eliminated for p in state.players], np.int64)
    due = np.full((s.DUE_ROOM, 2), s.NONE, np.int64)
    for i, a in enumerate(state.angels_due):
        due[i] = (player_of[a.player], type_of[a.name])
    tower = np.full((players, 7), s.NONE, np.int64)
    for i, p in enumerate(state.players):
        if p.tower is not None:  # a lone Battleland's map has none (docs/rulings.md)
            hexes_ = m.tower_hexes(m.starting_towers[p.tower])
            tower[i, : len(hexes_)] = hexes_
    game = np.zeros(s.G_SIZE, np.int64)
    game[s.G_ACTIVE] = player_of[state.active]
    game[s.G_PHASE] = PHASE_CODE[state.phase]
    game[s.G_RESPONDING] = int(state.responding)
    game[s.G_SLOTS] = len(state.figures)
    game[s.G_TURNS] = 1
    game[s.G_MUSTERS] = int(musters)
    game[s.G_NEXT_ID] = state.next_id
    game[s.G_DUE] = len(state.angels_due)
    game[s.G_ENDED] = s.NONE
    game[s.G_ROUND] = state.turn
    style = np.tile(DEFAULT_STYLE, (players, 1))  # every player the default tactic
    pile = np.array([state.muster_pile.get(n, 0) for n in types], np.int64)
    dead = np.array([state.dead_pile.get(n, 0) for n in types], np.int64)
    done = np.array([r in state.mustered_regions for r in range(len(m.regions))], np.int64)
    start = s.Start(kind, owner, hexes, damage, did, poison, poisoner, slayer, ids, score, out,
                    due, game, tower, style, pile, dead, done)  # fmt: skip
    fight_kinds = kinds(m, types)
    lines_ = lines(m) if fight_kinds.rangestrikes.any() else NO_LINES
    return Setup(state, types, mt.board, fight_kinds, lines_, start)


def type_names(setup_: Setup, codes: Sequence[int]) -> list[str]:
    return [setup_.types[c] for c in codes]
