"""The map with characters on it: the hazards of a hex and of a hexside as the rules read them,
who is locked in contact with whom, and who may share a hex (TITAN 11.3, 11.5; 7.3; 12.1.1).

Pure functions of a ``GameState`` (or of its map) and hex indices. Whether two characters are
*locked in contact* and whether they *may strike* each other are two questions here, as they
are two facts of each hexside (a River: not locked, may strike; a Cliff: neither).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from threading import Lock
from typing import Any, TypeVar

from engine.hazards import HexHazard
from engine.tactical.abilities import may_share_hex
from engine.tactical.characters import TacticalCharacter
from engine.tactical.hazards import (
    TacticalHexsideHazard,
    in_contact_across,
    may_end_move_in,
    may_strike_across,
)
from engine.tactical.hex_facts import TOWER, HexFacts, SideFact
from engine.tactical.maps import Map
from engine.tactical.state import Figure, GameState

T = TypeVar("T")
V = TypeVar("V")

# --- the map's hexes as the rules read them -------------------------------------------------


def hex_hazard(m: Map, hex_: int) -> HexHazard:
    """The record of the hazard in a hex (TITAN's hazard chart, 12.1.2)."""
    return m.hazard_record(hex_)


def side_between(m: Map, a: int, b: int) -> TacticalHexsideHazard | None:
    """The record of the hexside hazard between two adjacent hexes, if any."""
    side = m.hexside(a, b)
    return None if side is None else side.record


def going_up(m: Map, a: int, b: int) -> bool:
    """Does crossing from ``a`` to ``b`` go up its hexside (onto the hex it is connected to)?"""
    side = m.hexside(a, b)
    return side is not None and side.going_up(b)


class _Kept:
    """Answers about frozen values (maps, states), each built once by the function given and
    kept while its value is among the last ``most`` asked of: a frozen value's answers never
    change, and a value is known by its identity."""

    def __init__(self, most: int):
        self._most = most
        self._kept: dict[tuple[int, str], tuple[object, Any]] = {}
        self._lock = Lock()

    def answer(self, owner: V, name: str, build: Callable[[V], T]) -> T:
        kept = self._kept.get((id(owner), name))
        if kept is None or kept[0] is not owner:
            with self._lock:
                if len(self._kept) >= self._most:
                    self._kept.pop(next(iter(self._kept)))
                kept = (owner, build(owner))
                self._kept[id(owner), name] = kept
        answer: T = kept[1]
        return answer


_MAP_TABLES = _Kept(256)  # a few maps' hex facts and a table per character type
_STATE_ANSWERS = _Kept(8)  # the answers about the last few states asked of


def per_map(m: Map, name: str, build: Callable[[Map], T]) -> T:
    """A table of ``m`` named ``name``, built once by ``build`` and kept among the last few
    built (a ``Map`` is frozen: its tables never change)."""
    return _MAP_TABLES.answer(m, name, build)


def per_state(state: GameState, name: str, build: Callable[[GameState], T]) -> T:
    """An answer about ``state`` named ``name``, built once by ``build`` while the state is one
    of the last few asked of (a state is frozen: the answer never changes)."""
    return _STATE_ANSWERS.answer(state, name, build)


def _build_facts(m: Map) -> tuple[HexFacts, ...]:
    facts = []
    for h in m.grid.hexes:
        sides = []
        for there in m.neighbours[h]:
            side = m.hexside(h, there)
            if side is not None:
                sides.append(SideFact(side.hazard, side.top == h))
        facts.append(HexFacts(m.terrain(h), m.hazard(h), tuple(sides)))
    return tuple(facts)


def hex_facts(m: Map, hex_: int) -> HexFacts:
    """What mustering, summoning and resting read of a hex (2.1.1, 2.1.2), built once a map."""
    return per_map(m, "facts", _build_facts)[hex_]


def labels(m: Map) -> tuple[str, ...]:
    """The label of each hex, built once a map (the edge names hexes by them)."""
    return per_map(m, "labels", lambda mm: tuple(mm.name_of(h) for h in mm.grid.hexes))


def is_tower_hex(m: Map, hex_: int) -> bool:
    """2.1.1: a hex of a tower region."""
    return m.terrain(hex_) == TOWER


def adjacent(m: Map, a: int, b: int) -> bool:
    return b in m.neighbours[a]


def in_contact(m: Map, a: int, b: int) -> bool:
    """Would characters in hexes ``a`` and ``b`` be locked in contact (TITAN 11.3)? Adjacent,
    and neither a Cliff (TITAN 11.7) nor a River (12.1.1) between them."""
    return adjacent(m, a, b) and in_contact_across(side_between(m, a, b))


def may_strike_between(m: Map, a: int, b: int) -> bool:
    """May characters in hexes ``a`` and ``b`` strike each other (TITAN 12.0)? Adjacent, and no
    Cliff between them; across a River they may, though not locked in contact (12.1.1)."""
    return adjacent(m, a, b) and may_strike_across(side_between(m, a, b))


# --- characters on the map ------------------------------------------------------------------


def enemies(state: GameState, figure: Figure) -> Iterable[Figure]:
    """Every character of another player (2.2.2: 'enemy character')."""
    return (f for f in state.figures if f.player != figure.player)


def enemies_in_contact(state: GameState, figure: Figure) -> list[Figure]:
    """The enemies locked in contact with it (TITAN 11.3, 12.1.1), slain or not."""
    m = state.map
    return [
        e
        for there in m.neighbours[figure.hex]
        for e in state.at(there)
        if e.player != figure.player and in_contact(m, figure.hex, there)
    ]


def locked(state: GameState, figure: Figure) -> bool:
    """Is it locked in contact with an enemy character (TITAN 11.3; not across a River)?"""
    m = state.map
    return any(
        e.player != figure.player and in_contact(m, figure.hex, there)
        for there in m.neighbours[figure.hex]
        for e in state.at(there)
    )


def may_stand(kind: TacticalCharacter, m: Map, hex_: int) -> bool:
    """May a character of this type be in this hex at all (TITAN 11.5, 12.1.2)?"""
    return may_end_move_in(kind, hex_hazard(m, hex_))


def may_join(
    state: GameState,
    kind: TacticalCharacter,
    player: str,
    hex_: int,
    *,
    leaving: int | None = None,
) -> bool:
    """May a character of ``kind`` of ``player`` enter this hex as far as the characters in it
    go: an empty hex, or one friend with whom it may overstack there (7.3); never an enemy's
    (TITAN 11.5). ``leaving``: the id of a character that has left the hex (the mover)."""
    there = [f for f in state.at(hex_) if f.id != leaving]
    if not there:
        return True
    if any(f.player != player for f in there):
        return False
    return may_share_hex([kind, *(f.kind for f in there)], state.map.hazard(hex_))


def unoccupied(state: GameState, hex_: int) -> bool:
    return not state.at(hex_)
