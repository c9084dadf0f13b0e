"""Tactical Titan's Mastercharts (9.2) and summoning tables (10.1, 10.2) as records, read from
``engine/data/tactical_mastercharts.toml``. The rules that read them are in
``engine.tactical.musters``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from engine.data import load
from engine.tactical.characters import CHARACTERS, CLEAR
from engine.tactical.hazards import HEX_HAZARDS, HEXSIDE_HAZARDS, names_hazard
from engine.tactical.hex_facts import TERRAINS, TOWER, HexFacts

DEMON = "Demon"  # 10.1: summoned as "a Demon"; the die then says which (characters.DEMONS)


@dataclass(frozen=True)
class ChartEntry:
    """One line of a terrain's column (9.0)."""

    character: str
    needed_for_next: int  # how many of it muster the next one (0: the last)
    muster_number: int  # the least roll of two dice that musters it (6.2)


@dataclass(frozen=True)
class Chart:
    """A terrain's progression, lesser first, and its Master Muster character (9.1)."""

    terrain: str
    column: tuple[ChartEntry, ...]
    master: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "terrain": self.terrain,
            "column": [
                {
                    "character": e.character,
                    "needed_for_next": e.needed_for_next or None,
                    "muster_number": e.muster_number,
                }
                for e in self.column
            ],
            "master_muster": self.master,
        }


class TowerNeed(StrEnum):
    """What the Tower asks of the participants for each level (9.2 Tower)."""

    ANY_ONE = "any_one"  # "w/ 1 of any character type"
    THREE_OF_A_TYPE = "three_of_a_type"  # "w/ 3 of any one character type"
    TITAN = "titan"  # "w/ Titan"


@dataclass(frozen=True)
class TowerLevel:
    needs: TowerNeed
    characters: tuple[str, ...]
    muster_number: int


@dataclass(frozen=True)
class TowerChart:
    levels: tuple[TowerLevel, ...]
    master: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "terrain": TOWER,
            "levels": [
                {
                    "needs": lv.needs.value,
                    "characters": list(lv.characters),
                    "muster_number": lv.muster_number,
                }
                for lv in self.levels
            ],
            "master_muster": self.master,
        }


@dataclass(frozen=True)
class Destination:
    """10.1: the hexes into which Warlocks may summon ``character`` (or ``DEMON``)."""

    character: str
    hex_hazards: frozenset[str] = frozenset()
    hexsides: frozenset[str] = frozenset()
    atop: frozenset[str] = frozenset()
    terrains: frozenset[str] = frozenset()

    def admits(self, hex_: HexFacts) -> bool:
        return (
            names_hazard(self.hex_hazards, hex_.hazard)
            or any(hex_.has_side(h) for h in self.hexsides)
            or any(hex_.atop(h) for h in self.atop)
            or hex_.terrain in self.terrains
        )


@dataclass(frozen=True)
class WarlockTable:
    alone: int  # 10.1: one participating Warlock summons on a 12
    together: int  # two or more together on an 11
    destinations: tuple[Destination, ...]


@dataclass(frozen=True)
class ClericTable:
    together_bonus: int  # 10.2: two or more participating Clerics roll at +1
    chances: tuple[tuple[int, int], ...]  # (least point value, Muster-number), lowest first


def _chart(terrain: str, row: Mapping[str, Any]) -> Chart:
    column = tuple(ChartEntry(name, needed, number) for name, needed, number in row["column"])
    return Chart(terrain, column, row["master"])


def _build() -> tuple[Mapping[str, Chart], TowerChart, WarlockTable, ClericTable]:
    data = load("tactical_mastercharts")
    charts = {t: _chart(t, row) for t, row in data["terrains"].items()}
    tower = TowerChart(
        tuple(
            TowerLevel(TowerNeed(lv["needs"]), tuple(lv["characters"]), lv["number"])
            for lv in data["tower"]["levels"]
        ),
        data["tower"]["master"],
    )
    w = data["warlock"]
    warlock = WarlockTable(
        w["alone"],
        w["together"],
        tuple(
            Destination(
                d["character"],
                frozenset(d.get("hex_hazards", ())),
                frozenset(d.get("hexsides", ())),
                frozenset(d.get("atop", ())),
                frozenset(d.get("terrains", ())),
            )
            for d in w["summons"]
        ),
    )
    c = data["cleric"]
    cleric = ClericTable(c["together_bonus"], tuple((p, n) for p, n in c["chances"]))
    return MappingProxyType(charts), tower, warlock, cleric


CHARTS, TOWER_CHART, WARLOCK_TABLE, CLERIC_TABLE = _build()


def _check() -> None:
    """Every name in the tables is a character, hazard or terrain of the variant."""
    assert set(CHARTS) | {TOWER} == set(TERRAINS), sorted(CHARTS)
    named = [e.character for c in CHARTS.values() for e in c.column]
    named += [c.master for c in CHARTS.values()] + [TOWER_CHART.master]
    named += [n for lv in TOWER_CHART.levels for n in lv.characters]
    named += [d.character for d in WARLOCK_TABLE.destinations if d.character != DEMON]
    unknown = [n for n in named if n not in CHARACTERS]
    assert not unknown, unknown
    for d in WARLOCK_TABLE.destinations:
        assert d.hex_hazards <= {*HEX_HAZARDS, CLEAR}, d
        assert d.hexsides | d.atop <= set(HEXSIDE_HAZARDS), d
        assert d.terrains <= set(TERRAINS), d


_check()
