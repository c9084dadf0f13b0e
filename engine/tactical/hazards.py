"""Tactical Titan's hazards (12.1, 12.2, 7.1): TITAN's hazard chart plus Water (a hex hazard,
12.1.2) and River (a hexside hazard, 12.1.1), and the rules that read them.

The records are TITAN's (``engine.hazards``), unchanged. A River does two things no TITAN
hexside does: it slows and costs skill crossed either way, and it keeps two characters from
being locked in contact while still letting them strike each other. ``TacticalHexsideHazard``
adds those as fields whose defaults mean "as in TITAN"; the variant's registry holds every
hexside in that form, so being *in contact* and *may strike* across are two facts of each
record (a Cliff: neither; a River: strike only).

The functions are pure: they take the character, the hazard records of the hexes involved and
of the hexside between them (None for none), and whether a crossing goes *up* (toward the hex
the hazard is connected to). Where a character's ability changes a hazard's effect (12.2
ignoring, 9.2 the Druid's Trees, 10.1 entering a Volcano, 9.2 living only in Water) it is read
here from ``Abilities``, so movement and striking on a map need ask nowhere else.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from types import MappingProxyType
from typing import Any

from engine.hazards import HEX_HAZARDS as TITAN_HEX_HAZARDS
from engine.hazards import HEXSIDE_HAZARDS as TITAN_HEXSIDE_HAZARDS
from engine.hazards import HexHazard, HexsideHazard, Who, applies
from engine.names import canonical, unknown
from engine.strikes import StrikeChanges
from engine.strikes import strike_changes as titan_strike_changes
from engine.tactical.characters import CLEAR, TacticalCharacter

SLOWED_ONCE = 2  # 11.4: a slowed hex counts as two hexes entered
SLOWED_TWICE = 3  # 7.1: slowed twice or more, it counts as three


@dataclass(frozen=True)
class TacticalHexsideHazard(HexsideHazard):
    """A hexside hazard with the variant's effects; every default means "as in TITAN"."""

    slows_crossing: Who = Who.NOBODY  # 12.1.1: slowed crossing it either way
    skill_penalty_across: Who = Who.NOBODY  # 12.1.1: striking across it either way, skill -1
    strikes_across: bool = True  # characters on either side may strike each other

    @classmethod
    def from_titan(cls, hazard: HexsideHazard) -> TacticalHexsideHazard:
        """TITAN's record with both facts of contact spelt out: a hexside that breaks
        contact (the Cliff) forbids striking across it too (11.7)."""
        if isinstance(hazard, TacticalHexsideHazard):
            return hazard
        same = {f.name: getattr(hazard, f.name) for f in fields(HexsideHazard)}
        return cls(**same, strikes_across=not hazard.breaks_contact)


WATER = HexHazard(
    "Water",  # 12.1.2: walkers that are not native may not enter; fliers may not land
    may_walk_in=Who.NATIVES,
    may_fly_over=Who.EVERYONE,
    may_land=Who.NATIVES,
)
RIVER = TacticalHexsideHazard(
    "River",  # 12.1.1
    slows_crossing=Who.NON_NATIVE_WALKERS,
    skill_penalty_across=Who.NON_NATIVES,
    breaks_contact=True,
    strikes_across=True,
)

HEX_HAZARDS: Mapping[str, HexHazard] = MappingProxyType({**TITAN_HEX_HAZARDS, WATER.name: WATER})
HEXSIDE_HAZARDS: Mapping[str, TacticalHexsideHazard] = MappingProxyType(
    {
        **{name: TacticalHexsideHazard.from_titan(h) for name, h in TITAN_HEXSIDE_HAZARDS.items()},
        RIVER.name: RIVER,
    }
)
# 2.1.2: a clear hex has no hazard in it. The Tower's walled hexes carry a hex record of
# their own in TITAN's Battleland data, but their walls are hexsides: they are clear too.
CLEAR_HAZARDS = frozenset({"Plain", "Tower"})


def hex_hazard(name: str) -> HexHazard:
    """The hex hazard of that name, in any case (12.1.2 adds Water)."""
    found = canonical(name, HEX_HAZARDS)
    if found is None:
        raise unknown("hex hazard", name, HEX_HAZARDS, rule="12.1")
    return HEX_HAZARDS[found]


def hexside_hazard(name: str) -> TacticalHexsideHazard:
    """The hexside hazard of that name, in any case (12.1.1 adds River)."""
    found = canonical(name, HEXSIDE_HAZARDS)
    if found is None:
        raise unknown("hexside hazard", name, HEXSIDE_HAZARDS, rule="12.1")
    return HEXSIDE_HAZARDS[found]


def hazard_to_dict(hazard: HexHazard | HexsideHazard) -> dict[str, Any]:
    """A hazard record as the API shows it: every field by name, enums as their words."""
    out: dict[str, Any] = {"kind": "hex" if isinstance(hazard, HexHazard) else "hexside"}
    for f in fields(hazard):
        value = getattr(hazard, f.name)
        if isinstance(value, frozenset):
            value = sorted(str(v) for v in value)
        elif isinstance(value, tuple):
            value = [str(v) if isinstance(v, Who) else v for v in value]
        elif isinstance(value, Who):
            value = value.value
        out[f.name] = value
    return out


def is_clear(hazard: str) -> bool:
    """2.1.2: is a hex of this hazard a clear hex?"""
    return hazard in CLEAR_HAZARDS


def names_hazard(names: frozenset[str], hazard: str) -> bool:
    """Does a list of hazards in an ability (which may say ``clear``) include this one?"""
    return hazard in names or (CLEAR in names and is_clear(hazard))


def _side(side: HexsideHazard | None) -> TacticalHexsideHazard | None:
    return None if side is None else TacticalHexsideHazard.from_titan(side)


# --- which effects reach a character (12.2) ---------------------------------------------------


def ignores(kind: TacticalCharacter, hazard: str) -> bool:
    """12.2: a character that ignores a hazard is subject to none of its effects, moving,
    striking or rangestriking; it is not native to it."""
    return hazard in kind.abilities.ignores


def _clear_for_moving(kind: TacticalCharacter, hazard: str) -> bool:
    """Moves through and in it as if clear: ignoring it (12.2) or the Druid's Trees (9.2)."""
    return ignores(kind, hazard) or hazard in kind.abilities.moves_as_clear


def _confined_out(kind: TacticalCharacter, hazard: str) -> bool:
    """9.2 Kraken, Sea King: 'cannot enter any hex that is not a water hex'."""
    return bool(kind.abilities.only_in) and hazard not in kind.abilities.only_in


def _free_to_enter(kind: TacticalCharacter, hazard: str) -> bool:
    return _clear_for_moving(kind, hazard) or hazard in kind.abilities.enters


def _allowed(kind: TacticalCharacter, hazard: HexHazard, who: Who, *, flies: bool) -> bool:
    """May the character go into a hex of ``hazard`` in the way the hazard allows ``who``?
    Never out of the hexes it is confined to (9.2), always where an ability lets it (12.2,
    9.2, 10.1), else as the hazard chart says."""
    if _confined_out(kind, hazard.name):
        return False
    if _free_to_enter(kind, hazard.name):
        return True
    return applies(who, native=kind.is_native(hazard.name), flies=flies)


# --- movement (11.4, 12.1, 7.1) ----------------------------------------------------------------


def may_walk_into(kind: TacticalCharacter, hazard: HexHazard) -> bool:
    """May a character enter (or pass through) a hex of this hazard on foot? Trees no one
    (the Druid yes), Bog and Volcano natives (the Colossus ignores Bog; the Fire Elemental and
    the Salamander enter a Volcano), Water natives (12.1.2)."""
    return _allowed(kind, hazard, hazard.may_walk_in, flies=False)


def may_fly_over(kind: TacticalCharacter, hazard: HexHazard) -> bool:
    """May a flier cross a hex of this hazard in the air (11.4; Water: anyone, 12.1.2)?"""
    return _allowed(kind, hazard, hazard.may_fly_over, flies=True)


def may_land(kind: TacticalCharacter, hazard: HexHazard) -> bool:
    """May a flier end its move in a hex of this hazard (11.5; Water: natives, 12.1.2)?"""
    return _allowed(kind, hazard, hazard.may_land, flies=True)


def may_end_move_in(kind: TacticalCharacter, hazard: HexHazard) -> bool:
    """May the character be in a hex of this hazard at all: land in it if it flies (TITAN's
    fliers move by flying), walk into it otherwise?"""
    return may_land(kind, hazard) if kind.flies else may_walk_into(kind, hazard)


def may_enter(kind: TacticalCharacter, hazard: HexHazard) -> bool:
    """May the character move into a hex of this hazard in any way: a walker walking, a flier
    flying over it or landing in it (9.2 Salamander: 'cannot enter a Volcano hex')?"""
    if kind.flies:
        return may_fly_over(kind, hazard) or may_land(kind, hazard)
    return may_walk_into(kind, hazard)


def may_cross(kind: TacticalCharacter, side: HexsideHazard | None) -> bool:
    """May a walker cross this hexside (a Cliff: no one, 11.7; a River: anyone, 12.1.1)?"""
    return side is None or side.walkers_may_cross or _clear_for_moving(kind, side.name)


def slowings(
    kind: TacticalCharacter,
    hazard: HexHazard,
    side: HexsideHazard | None = None,
    *,
    up: bool = False,
    flying: bool = False,
) -> int:
    """How many times moving into a hex of ``hazard`` across ``side`` slows the character
    (11.4, 12.1.1): once for the hex's hazard, once for the hexside (up a Slope or Wall, across
    a River either way). A flier crosses no hexside on the ground and is slowed only by where
    it lands. A hazard the character ignores or moves through as clear never slows it."""
    count = 0
    native = kind.is_native(hazard.name)
    if not _clear_for_moving(kind, hazard.name) and applies(
        hazard.slows, native=native, flies=flying
    ):
        count += 1
    crossed = _side(side)
    if crossed is not None and not flying and not _clear_for_moving(kind, crossed.name):
        side_native = kind.is_native(crossed.name)
        if up and applies(crossed.slows_going_up, native=side_native, flies=False):
            count += 1
        if applies(crossed.slows_crossing, native=side_native, flies=False):
            count += 1
    return count


def entry_cost(
    kind: TacticalCharacter,
    hazard: HexHazard,
    side: HexsideHazard | None = None,
    *,
    up: bool = False,
    flying: bool = False,
) -> int | None:
    """Hexes of movement that moving into (or, flying, landing in) a hex of ``hazard`` counts
    as: 1; 2 when slowed (11.4); 3 when slowed twice or more (7.1). None when the move is
    forbidden (the hex may not be entered or landed in, or a Cliff lies between)."""
    if flying:
        if not may_land(kind, hazard):
            return None
    elif not may_walk_into(kind, hazard) or not may_cross(kind, side):
        return None
    slowed = slowings(kind, hazard, side, up=up, flying=flying)
    return 1 if slowed == 0 else SLOWED_ONCE if slowed == 1 else SLOWED_TWICE


def within_move(spent: int, cost: int, skill: int) -> bool:
    """7.1: may a step costing ``cost`` follow ``spent`` hexes already counted in a move of
    ``skill``? Beyond the skill only as the whole move: the first step, into a hex slowed
    twice (a Skill-factor 2 character may still make it)."""
    return spent + cost <= skill or (spent == 0 and cost == SLOWED_TWICE)


def crossing_damage(kind: TacticalCharacter, side: HexsideHazard | None) -> int:
    """10.1 Fire Elemental: damage taken each time it crosses a hexside of this hazard."""
    return 0 if side is None else kind.abilities.crossing_damage_of(side.name)


def hazard_damage(kind: TacticalCharacter, hazard: HexHazard) -> int:
    """Hits taken at the start of each Strike Phase in a hex of this hazard (Drift:
    non-natives, 1), unless the character ignores it (12.2)."""
    if ignores(kind, hazard.name):
        return 0
    hurt = applies(
        hazard.damage_per_strike_phase, native=kind.is_native(hazard.name), flies=kind.flies
    )
    return 1 if hurt else 0


# --- contact and striking (11.3, 12.0, 12.1.1, 12.2) ------------------------------------------


def in_contact_across(side: HexsideHazard | None) -> bool:
    """Are two characters in adjacent hexes with this hexside between them locked in contact
    (11.3)? Not across a Cliff (11.7) nor a River (12.1.1)."""
    return side is None or not side.breaks_contact


def may_strike_across(side: HexsideHazard | None) -> bool:
    """May characters in adjacent hexes with this hexside between them strike each other?
    Not across a Cliff (11.7); across a River, yes, though not in contact (12.1.1)."""
    crossed = _side(side)
    return crossed is None or crossed.strikes_across


def strike_changes(
    kind: TacticalCharacter,
    here: HexHazard,
    target: TacticalCharacter,
    there: HexHazard,
    side: HexsideHazard | None = None,
    *,
    up: bool = False,
) -> StrikeChanges:
    """What the hazards do to a normal strike by ``kind`` in a hex of ``here`` at ``target`` in
    a hex of ``there``, across ``side`` (``up``: toward the hex it is connected to).

    The hazard chart's striking lines are TITAN's (``engine.strikes.strike_changes``). The
    variant's: across a River, non-natives lose a Skill-factor either way (12.1.1); Water
    changes nothing (12.1.2). A hazard the striker ignores does nothing to its strike, but
    still to its enemies' strikes at it (12.2). Whether the two may strike at all is
    ``may_strike_across``.
    """
    ignored = kind.abilities.ignores
    changes = titan_strike_changes(kind, here, target, there, side, up=up, ignored=ignored)
    crossed = _side(side)
    if (
        crossed is not None
        and crossed.name not in ignored
        and applies(
            crossed.skill_penalty_across, native=kind.is_native(crossed.name), flies=kind.flies
        )
    ):
        changes += StrikeChanges(skill=-1)
    return changes
