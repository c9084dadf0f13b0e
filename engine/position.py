"""A Battle position (DESIGN: "A battle position"): value types and JSON codec.

A character in the position is addressed by ``(side, index)``: its side
(``"attacker"`` or ``"defender"``) and its place in that side's list.
Whether the position obeys the rules is checked by ``engine.battle_checks``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from engine.battlelands import Battleland, battleland
from engine.characters import Character, character
from engine.hexes import hex_name, parse_hex


class Side(StrEnum):
    ATTACKER = "attacker"
    DEFENDER = "defender"

    @property
    def enemy(self) -> Side:
        return Side.DEFENDER if self is Side.ATTACKER else Side.ATTACKER


class Phase(StrEnum):
    MANEUVER = "maneuver"
    STRIKE = "strike"


@dataclass(frozen=True)
class Figure:
    """One character on (or waiting beside) the Battleland."""

    name: str
    hex: int | None = None  # None: not yet on the Battleland
    hits: int = 0

    @property
    def kind(self) -> Character:
        return character(self.name)

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "hex": None if self.hex is None else hex_name(self.hex),
            "hits": self.hits,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Figure:
        character(d["name"])  # unknown names fail here, at the edge
        label = d.get("hex")
        return cls(d["name"], None if label is None else parse_hex(label), int(d.get("hits", 0)))


@dataclass(frozen=True)
class Army:
    """One side's Legion in the Battle, with the player's score (Titan power, 19.1)."""

    score: int = 0
    characters: tuple[Figure, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"score": self.score, "characters": [f.to_dict() for f in self.characters]}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Army:
        return cls(
            int(d.get("score", 0)),
            tuple(Figure.from_dict(f) for f in d.get("characters", ())),
        )


Ref = tuple[Side, int]  # (side, index in that side's characters)


@dataclass(frozen=True)
class BattlePosition:
    terrain: str
    entry_side: int = 1
    turn: int = 1
    phase: Phase = Phase.MANEUVER
    active: Side = Side.DEFENDER
    attacker: Army = field(default_factory=Army)
    defender: Army = field(default_factory=Army)
    summon_used: bool = False
    reinforcement_used: bool = False

    @property
    def land(self) -> Battleland:
        return battleland(self.terrain)

    def army(self, side: Side) -> Army:
        return self.attacker if side is Side.ATTACKER else self.defender

    def figure(self, ref: Ref) -> Figure:
        return self.army(ref[0]).characters[ref[1]]

    def power(self, ref: Ref) -> int:
        """Power-factor of a character, a Titan's from its player's score (19.1)."""
        return self.figure(ref).kind.power_at(self.army(ref[0]).score)

    def refs(self, side: Side | None = None) -> Iterator[Ref]:
        for s in (Side.ATTACKER, Side.DEFENDER) if side is None else (side,):
            for i in range(len(self.army(s).characters)):
                yield (s, i)

    def on_board(self, side: Side | None = None) -> Iterator[Ref]:
        """Characters standing on the Battleland."""
        return (r for r in self.refs(side) if self.figure(r).hex is not None)

    def placed(self, side: Side | None = None) -> Iterator[tuple[Ref, int]]:
        """Characters standing on the Battleland, each with its hex."""
        for ref in self.refs(side):
            hex_ = self.figure(ref).hex
            if hex_ is not None:
                yield ref, hex_

    def occupant(self, hex_: int) -> Ref | None:
        for ref in self.on_board():
            if self.figure(ref).hex == hex_:
                return ref
        return None

    def occupied(self) -> dict[int, Ref]:
        return {hex_: r for r, hex_ in self.placed()}

    def find(self, side: Side, hex_: int | None, name: str | None = None) -> Ref | None:
        """The character of ``side`` on ``hex_`` (or, off the board, by name)."""
        for ref in self.refs(side):
            f = self.figure(ref)
            if f.hex == hex_ and (hex_ is not None or f.name == name):
                return ref
        return None

    def with_figure(self, ref: Ref, figure: Figure) -> BattlePosition:
        army = self.army(ref[0])
        chars = list(army.characters)
        chars[ref[1]] = figure
        new = replace(army, characters=tuple(chars))
        return self.with_army(ref[0], new)

    def with_army(self, side: Side, army: Army) -> BattlePosition:
        """The position with ``side``'s army replaced."""
        if side is Side.ATTACKER:
            return replace(self, attacker=army)
        return replace(self, defender=army)

    def to_dict(self) -> dict[str, Any]:
        return {
            "terrain": self.terrain,
            "entry_side": self.entry_side,
            "turn": self.turn,
            "phase": self.phase.value,
            "active": self.active.value,
            "attacker": self.attacker.to_dict(),
            "defender": self.defender.to_dict(),
            "summon_used": self.summon_used,
            "reinforcement_used": self.reinforcement_used,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> BattlePosition:
        battleland(d["terrain"])
        return cls(
            terrain=d["terrain"],
            entry_side=int(d.get("entry_side", 1)),
            turn=int(d.get("turn", 1)),
            phase=Phase(d.get("phase", "maneuver")),
            active=Side(d.get("active", "defender")),
            attacker=Army.from_dict(d.get("attacker", {})),
            defender=Army.from_dict(d.get("defender", {})),
            summon_used=bool(d.get("summon_used", False)),
            reinforcement_used=bool(d.get("reinforcement_used", False)),
        )
