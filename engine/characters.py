"""Characters of chart 3.5: their Battle-factors, abilities, natives and counts."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from engine.data import load
from engine.names import unknown

TITAN = "Titan"
ANGEL = "Angel"
ARCHANGEL = "Archangel"
WARLOCK = "Warlock"
GUARDIAN = "Guardian"
DRAGON = "Dragon"


class CharacterClass(StrEnum):
    """3.0: Lords, Demi-Lords and Creatures."""

    LORD = "lord"
    DEMILORD = "demilord"
    CREATURE = "creature"


@dataclass(frozen=True)
class Character:
    """One character type. ``power`` is None for the Titan (rule 19.1)."""

    name: str
    klass: CharacterClass
    power: int | None
    skill: int
    flies: bool
    rangestrikes: bool
    magic_missile: bool
    count: int
    natives: frozenset[str]

    def power_at(self, score: int = 0) -> int:
        """Power-factor; a Titan's is 6 + score // 100 (19.1)."""
        if self.power is None:
            return 6 + max(score, 0) // 100
        return self.power

    def value(self, score: int = 0) -> int:
        """Points it is worth: Power-factor x Skill-factor (16.0)."""
        return self.power_at(score) * self.skill

    def range_strength(self, score: int = 0) -> int:
        """Dice of a rangestrike: half the Power-factor, rounded down (13.1)."""
        return self.power_at(score) // 2

    def is_native(self, hazard: str) -> bool:
        return hazard in self.natives

    @property
    def is_lord(self) -> bool:
        return self.klass is CharacterClass.LORD

    def __repr__(self) -> str:
        return f"character({self.name!r})"


def _build() -> Mapping[str, Character]:
    chars = {}
    for name, row in load("characters").items():
        chars[name] = Character(
            name=name,
            klass=CharacterClass(row["class"]),
            power=row.get("power"),
            skill=row["skill"],
            flies=row["flies"],
            rangestrikes=row["rangestrikes"],
            magic_missile=row.get("magic_missile", False),
            count=row["count"],
            natives=frozenset(row["natives"]),
        )
    return MappingProxyType(chars)


CHARACTERS: Mapping[str, Character] = _build()
NAMES: tuple[str, ...] = tuple(sorted(CHARACTERS))


def character(name: str) -> Character:
    """The character of that rule-book name, or ``UnknownName``."""
    try:
        return CHARACTERS[name]
    except (KeyError, TypeError):
        raise unknown("character", name, NAMES, rule="3.5") from None
