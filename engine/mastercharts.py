"""The Mastercharts (18.2): which Creatures each terrain offers, lesser first."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from engine.data import load


@dataclass(frozen=True)
class ChartEntry:
    creature: str
    needed_for_next: int  # how many of it qualify the next one (0: last)


MASTERCHARTS: Mapping[str, tuple[ChartEntry, ...]] = MappingProxyType(
    {
        terrain: tuple(ChartEntry(name, needed) for name, needed in column)
        for terrain, column in load("mastercharts").items()
    }
)
