"""The Masterboard (2.1): 96 lands, their terrain, label side and the signs on their borders."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from engine.data import load
from engine.errors import UnknownName


class Sign(StrEnum):
    """Movement chart 7.4."""

    BLOCK = "block"
    ARCH = "arch"
    ARROW = "arrow"
    ARROWS = "arrows"  # the Triple Arrow


@dataclass(frozen=True)
class Exit:
    to: int
    sign: Sign


@dataclass(frozen=True)
class Land:
    number: int
    terrain: str
    x: int  # drawing position on the printed board
    y: int
    label_side: int  # direction (0 up, clockwise) of the short side bearing the number (10.1)
    exits: tuple[Exit, ...]

    @property
    def is_tower(self) -> bool:
        return self.terrain == "Tower"

    def __repr__(self) -> str:
        return f"land({self.number})"


LANDS: Mapping[int, Land] = MappingProxyType(
    {
        int(number): Land(
            number=int(number),
            terrain=row["terrain"],
            x=row["x"],
            y=row["y"],
            label_side=row["label_side"],
            exits=tuple(Exit(to, Sign(sign)) for to, sign in row["exits"]),
        )
        for number, row in load("masterboard").items()
    }
)
TOWERS: tuple[int, ...] = tuple(sorted(n for n, land in LANDS.items() if land.is_tower))


def land(number: int) -> Land:
    try:
        return LANDS[number]
    except (KeyError, TypeError):
        raise UnknownName(
            f"unknown land {number!r}: the lands are 1-42, 101-142, the Towers 100-600 and "
            "1000-6000 by thousands",
            rule="2.1",
        ) from None
