"""Variants of the game (21.3): a few declared differences, found by name."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from engine.data import load
from engine.names import unknown

DEFAULT = "default"
# Tactical Titan (004): not a variant of the Masterboard game but of how an Engagement's fight is
# played; odds requests take it (simulator.tactical.engagement), the game's rules do not.
TACTICAL = "tactical"


@dataclass(frozen=True)
class Variant:
    name: str
    tower_creatures: tuple[str, ...]  # 18.5; two of each start the game (5.2)
    markers: int  # legion markers per player (4.2)
    unused: frozenset[str]  # characters not in play at all

    def __repr__(self) -> str:
        return f"variant({self.name!r})"


VARIANTS: Mapping[str, Variant] = MappingProxyType(
    {
        name: Variant(
            name=name,
            tower_creatures=tuple(row["tower_creatures"]),
            markers=row["markers"],
            unused=frozenset(row.get("unused", ())),
        )
        for name, row in load("variants").items()
    }
)


def variant(name: str = DEFAULT) -> Variant:
    try:
        return VARIANTS[name]
    except (KeyError, TypeError):
        raise unknown("variant", name, tuple(VARIANTS), rule="21.3") from None


def engagement_variants() -> tuple[str, ...]:
    """The variants an odds request may name: the game's (21.3) and Tactical Titan's."""
    return (*VARIANTS, TACTICAL)
