"""Mustering and summoning in Tactical Titan (2.2.1, 6.0-6.4, 8.0, 9.1, 9.2, 10.0-10.2, 12.2).

Pure functions of what a muster needs: the names of the characters taking part, the hex (as
``HexFacts``), the dice and the piles. Which characters stand in a region, are adjacent to a
hex or are locked in contact is the map's to say; these functions take the answer.

A region muster (6.2) is declared as a ``MusterOption`` (6.4): the character attempted, its
Muster-number, the ways the participants qualify for it, and the +1 for qualifying with more
than one type. The Druid's +1 (9.2) is added by the caller from ``region_bonus``; a roll of 12
offers the terrain's Master Muster character instead (9.1).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from engine.characters import TITAN
from engine.errors import RuleError
from engine.tactical.characters import (
    CHARACTERS,
    DEMONS,
    Summons,
    character,
)
from engine.tactical.hazards import HEX_HAZARDS, may_end_move_in
from engine.tactical.hex_facts import TOWER, HexFacts, terrain_named
from engine.tactical.mastercharts import (
    CHARTS,
    CLERIC_TABLE,
    DEMON,
    TOWER_CHART,
    WARLOCK_TABLE,
    Chart,
    TowerNeed,
)

LOWEST_ROLL, HIGHEST_ROLL = 2, 12  # two six-sided dice (6.0)
MASTER_MUSTER_ROLL = 12  # 9.1
TWO_WAYS_BONUS = 1  # 6.2: never more than +1 for qualifying with different types
DIE_FACES = range(1, 7)


class Pile(StrEnum):
    """Where characters out of play wait (2.2)."""

    MUSTER = "muster"  # mustered from (2.2.1)
    DEAD = "dead"  # only a Cleric brings a Creature back from it (10.2)


# --- the piles (2.2, 2.2.1, 8.0, 9.1) ---------------------------------------------------------


def pile_for_slain(name: str) -> Pile:
    """8.0, 9.1: a slain Lord or Demi-Lord returns to the muster pile; a Creature goes to the
    dead pile. 2.2.2: so do a slain Titan's player's characters, 'as if slain'."""
    return Pile.DEAD if character(name).is_creature else Pile.MUSTER


def starting_muster_pile(sets: int = 1) -> dict[str, int]:
    """2.0, 2.2: every counter of ``sets`` game sets starts in the muster pile, but the Titans,
    which the players hold from the start (3.1.1)."""
    if not isinstance(sets, int) or isinstance(sets, bool) or sets < 1:
        raise RuleError(f"sets must be a whole number of game sets, not {sets!r} (2.0)", rule="2.0")
    return {name: kind.count * sets for name, kind in CHARACTERS.items() if name != TITAN}


def in_pile(name: str, pile: Mapping[str, int] | None) -> bool:
    """2.2.1: is a counter of this type left in the pile? (None: piles are not tracked.)"""
    return pile is None or pile.get(name, 0) > 0


# --- who may take part (6.1, 6.3, 12.2) --------------------------------------------------------


def participation_refusal(
    *, locked: bool, in_another_muster: bool, brought_in_this_phase: bool
) -> str | None:
    """6.1, 6.3: why a character may not take part in a muster, or None."""
    if locked:
        return "it is locked in contact with an enemy character (6.1)"
    if in_another_muster:
        return "it already takes part in a muster this turn (6.1)"
    if brought_in_this_phase:
        return "it was brought into play in this Muster Phase (6.1)"
    return None


def muster_ability_refusal(name: str, *, healed_with_ability: bool) -> str | None:
    """12.2: why a character may not use a muster ability (the Druid's +1, a summoning) this
    turn, or None. The Druid and the Cleric heal *or* use it, never both in a turn."""
    kind = character(name)
    ab = kind.abilities
    if ab.summons is None and ab.muster_bonus == 0:
        return f"a {kind.name} has no muster ability (9.2, 10.0)"
    if ab.heal_or_muster and healed_with_ability:
        return f"a {kind.name} that healed this turn may not use its muster ability (12.2)"
    return None


def heal_refusal_after_muster(name: str, *, used_muster_ability: bool) -> str | None:
    """12.2, the other way round (an action out of order, 4.1): a Druid or Cleric that used its
    muster ability this turn may not heal."""
    kind = character(name)
    if kind.abilities.heal_or_muster and used_muster_ability:
        return f"a {kind.name} that used its muster ability this turn may not heal (12.2)"
    return None


# --- region musters (6.2, 9.1, 9.2) ------------------------------------------------------------


@dataclass(frozen=True)
class MusterOption:
    """A character a region's participants may attempt to muster (6.2, 6.4): its
    Muster-number, every smallest group of participants that qualifies it (one per type),
    and the +1 for qualifying with characters of more than one type (never in the Tower)."""

    character: str
    muster_number: int
    ways: tuple[tuple[str, ...], ...]
    two_ways_bonus: int

    def target(self, bonus: int = 0) -> int:
        """The least roll that musters it, after the two-ways +1 and ``bonus`` (the Druid's,
        ``region_bonus``)."""
        return self.muster_number - self.two_ways_bonus - bonus

    def to_dict(self) -> dict[str, Any]:
        return {
            "character": self.character,
            "muster_number": self.muster_number,
            "ways": [list(w) for w in self.ways],
            "two_ways_bonus": self.two_ways_bonus,
            "target": self.target(),
        }


def chart(terrain: str) -> Chart | None:
    """The terrain's progression (None for the Tower, which has levels instead, 9.2)."""
    return CHARTS.get(terrain_named(terrain))


def musterable_in(terrain: str) -> frozenset[str]:
    """Characters that can be region-mustered in a terrain: its chart's column (or the
    Tower's levels) and its Master Muster character (9.1, 9.2)."""
    found = terrain_named(terrain)
    if found == TOWER:
        names = {n for lv in TOWER_CHART.levels for n in lv.characters}
        return frozenset({*names, TOWER_CHART.master})
    column = CHARTS[found]
    return frozenset({*(e.character for e in column.column), column.master})


def region_musters(
    terrain: str, participants: Sequence[str], *, muster_pile: Mapping[str, int] | None = None
) -> list[MusterOption]:
    """What the eligible characters of one region (``participants``: not locked in contact, in
    no other muster, not brought in this phase; 6.1) may attempt there, lesser first.

    6.2: a character of the column musters one of its own or a lesser type; enough of one
    type (the chart's left number) muster the next higher one; qualifying with more than one
    type gives +1. 9.1: a Master Muster character present counts as greater than every
    character of the column; it is never attempted itself. 9.2 Tower: its own levels, no
    bonus. 2.2.1: only types left in ``muster_pile`` (when given) are offered.
    """
    found = terrain_named(terrain)
    held = Counter(character(name).name for name in participants)
    options = _tower_musters(held) if found == TOWER else _chart_musters(CHARTS[found], held)
    return [o for o in options if in_pile(o.character, muster_pile)]


def _chart_musters(column: Chart, held: Counter[str]) -> list[MusterOption]:
    entries = column.column
    found = []
    for rank, entry in enumerate(entries):
        ways: list[tuple[str, ...]] = []
        if rank > 0:
            below = entries[rank - 1]
            if below.needed_for_next and held[below.character] >= below.needed_for_next:
                ways.append((below.character,) * below.needed_for_next)
        for greater in (*(e.character for e in entries[rank:]), column.master):
            if held[greater] > 0:
                ways.append((greater,))
        if ways:
            bonus = TWO_WAYS_BONUS if len(ways) > 1 else 0
            found.append(MusterOption(entry.character, entry.muster_number, tuple(ways), bonus))
    return found


def _tower_musters(held: Counter[str]) -> list[MusterOption]:
    found = []
    for level in TOWER_CHART.levels:
        ways: list[tuple[str, ...]]
        match level.needs:
            case TowerNeed.ANY_ONE:
                ways = [(name,) for name in sorted(held)]
            case TowerNeed.THREE_OF_A_TYPE:
                ways = [(name,) * 3 for name in sorted(held) if held[name] >= 3]
            case TowerNeed.TITAN:
                ways = [(TITAN,)] if held[TITAN] else []
        if ways:
            for name in level.characters:
                found.append(MusterOption(name, level.muster_number, tuple(ways), 0))
    return found


def region_bonus(helpers: Sequence[str]) -> int:
    """9.2 Druid: +1 to the region muster of the region it is in. ``helpers``: the region's
    characters that may use a muster ability this turn (6.1, 12.2). Several Druids give +1
    all told (docs/rulings.md)."""
    return max((character(name).abilities.muster_bonus for name in helpers), default=0)


def check_roll(roll: int) -> int:
    """A roll of two six-sided dice (6.0), or ``RuleError``."""
    if (
        not isinstance(roll, int)
        or isinstance(roll, bool)
        or not LOWEST_ROLL <= roll <= HIGHEST_ROLL
    ):
        raise RuleError(f"a roll of two dice is 2 to 12, not {roll!r} (6.0)", rule="6.0")
    return roll


def succeeds(roll: int, target: int) -> bool:
    """6.2: the character is mustered when the roll is the target or higher."""
    return check_roll(roll) >= target


def master_muster(
    terrain: str, roll: int, *, muster_pile: Mapping[str, int] | None = None
) -> str | None:
    """9.1: the Master Muster character a region muster's roll of 12 may take instead of the
    character attempted (the dice must show 12; bonuses do not count), or None."""
    found = terrain_named(terrain)
    if check_roll(roll) != MASTER_MUSTER_ROLL:
        return None
    master = TOWER_CHART.master if found == TOWER else CHARTS[found].master
    return master if in_pile(master, muster_pile) else None


def is_muster_hex(name: str, hex_: HexFacts) -> bool:
    """2.2.1, 9.1: may this character type be mustered in this hex? By its terrain's chart
    (Master Muster character included); Elementals by the hex's hazards and Demons in tower
    hexes (10.1). Angels, Archangels and Titans have no muster hexes."""
    kind = character(name)
    if kind.name in musterable_in(hex_.terrain):
        return True
    wanted = DEMON if kind.name in DEMONS else kind.name
    return any(d.character == wanted and d.admits(hex_) for d in WARLOCK_TABLE.destinations)


# --- Warlock summonings (10.1) -----------------------------------------------------------------


def _summoners(names: Sequence[str], summons: Summons) -> int:
    if not names:
        raise RuleError("a summoning needs at least one participating character (6.1)", rule="6.1")
    for name in names:
        kind = character(name)
        if kind.abilities.summons is not summons:
            raise RuleError(
                f"a {kind.name} cannot take part in a {summons.value}'s summoning (10.1, 10.2)",
                rule="10.0",
            )
    return len(names)


def warlock_summons(hex_: HexFacts) -> tuple[str, ...]:
    """10.1: what Warlocks may summon into this hex: an Earth Elemental into a clear hex, a
    Water Elemental into a Bog or Water hex or one with a River hexside, an Air Elemental atop
    a Cliff, a Fire Elemental into a Volcano, a Demon (``DEMON``) into a tower hex."""
    return tuple(d.character for d in WARLOCK_TABLE.destinations if d.admits(hex_))


def warlock_number(summoners: Sequence[str]) -> int:
    """10.1: one participating Warlock summons on a 12; two or more together on an 11."""
    count = _summoners(summoners, Summons.WARLOCK)
    return WARLOCK_TABLE.alone if count == 1 else WARLOCK_TABLE.together


def demon(die: int, *, muster_pile: Mapping[str, int] | None = None) -> str | None:
    """10.1: the Demon a successful summoning brings, by a die; None when no counter of that
    Demon is left in ``muster_pile`` (2.2.1: the summoning brings nothing, docs/rulings.md)."""
    if not isinstance(die, int) or isinstance(die, bool) or die not in DIE_FACES:
        raise RuleError(f"a die shows 1 to 6, not {die!r} (10.1)", rule="10.1")
    found = DEMONS[die - 1]
    return found if in_pile(found, muster_pile) else None


# --- Cleric summonings (10.2) ------------------------------------------------------------------


def cleric_summonable(dead_pile: Mapping[str, int]) -> tuple[str, ...]:
    """10.2: the Creatures in the dead pile (Master Muster Creatures too), in name order."""
    return tuple(
        sorted(name for name, n in dead_pile.items() if n > 0 and character(name).is_creature)
    )


def cleric_number(creature: str, summoners: Sequence[str]) -> int:
    """10.2: the Muster-number of summoning this Creature from the dead pile: by its point
    value, one less when two or more Clerics take part."""
    kind = character(creature)
    if not kind.is_creature:
        raise RuleError(f"a Cleric summons only Creatures, not a {kind.name} (10.2)", rule="10.2")
    count = _summoners(summoners, Summons.CLERIC)
    number = max(
        (n for least, n in CLERIC_TABLE.chances if kind.value() >= least),
        default=CLERIC_TABLE.chances[0][1],
    )
    return number - (CLERIC_TABLE.together_bonus if count > 1 else 0)


def cleric_destination_ok(creature: str, hex_: HexFacts) -> bool:
    """10.2: a summoned Creature comes into an adjacent clear hex it may stand in."""
    return hex_.clear and may_end_move_in(character(creature), HEX_HAZARDS[hex_.hazard])
