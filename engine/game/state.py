"""A game state (DESIGN: "A game state"): players, Legions on lands, the caretaker, the dead.

Frozen value types with a JSON codec. The codec reads shapes, not rules:
whether the state obeys the rules is ``engine.game.state_checks``' question.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from engine.characters import CHARACTERS, TITAN
from engine.variants import DEFAULT, variant


class GamePhase(StrEnum):
    """6.0: Commencement (split), Movement, Engagement, Enlistment (muster)."""

    SPLIT = "split"
    MOVE = "move"
    ENGAGE = "engage"
    MUSTER = "muster"


@dataclass(frozen=True)
class Player:
    color: str
    score: int = 0
    tower: int = 100
    eliminated: bool = False
    markers_available: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "color": self.color,
            "score": self.score,
            "tower": self.tower,
            "eliminated": self.eliminated,
            "markers_available": list(self.markers_available),
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Player:
        return cls(
            color=d["color"],
            score=int(d.get("score", 0)),
            tower=int(d.get("tower", 100)),
            eliminated=bool(d.get("eliminated", False)),
            markers_available=tuple(d.get("markers_available", ())),
        )


@dataclass(frozen=True)
class Legion:
    marker: str
    player: str
    land: int
    characters: tuple[str, ...]
    moved: bool = False
    entry_side: int | None = None
    teleported: bool = False  # 8.0: one teleport per Movement Phase
    mustered: bool = False  # 18.0: one muster (or reinforcement) per Game-Turn

    def to_dict(self) -> dict[str, Any]:
        return {
            "marker": self.marker,
            "player": self.player,
            "land": self.land,
            "characters": list(self.characters),
            "moved": self.moved,
            "entry_side": self.entry_side,
            "teleported": self.teleported,
            "mustered": self.mustered,
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Legion:
        side = d.get("entry_side")
        return cls(
            marker=d["marker"],
            player=d["player"],
            land=int(d["land"]),
            characters=tuple(d["characters"]),
            moved=bool(d.get("moved", False)),
            entry_side=None if side is None else int(side),
            teleported=bool(d.get("teleported", False)),
            mustered=bool(d.get("mustered", False)),
        )


@dataclass(frozen=True)
class GameState:
    players: tuple[Player, ...]
    legions: tuple[Legion, ...]
    variant: str = DEFAULT
    turn: int = 1  # the Game-Turn of every player: turn 1 is each player's first (5.2, 7.6)
    mover: str | None = None
    phase: GamePhase = GamePhase.SPLIT
    movement_roll: int | None = None
    caretaker: Mapping[str, int] = field(default_factory=dict)  # stacks as given
    dead: Mapping[str, int] = field(default_factory=dict)  # slain Creatures (9.5)
    summon_used: bool = False  # 15.0: one summon per Engagement Phase
    mulligan_taken: bool = False  # 7.6

    # --- lookups ---------------------------------------------------------

    def player(self, color: str | None) -> Player | None:
        return next((p for p in self.players if p.color == color), None)

    def legion(self, marker: str | None) -> Legion | None:
        return next((g for g in self.legions if g.marker == marker), None)

    def index_of(self, marker: str) -> int:
        return next(i for i, g in enumerate(self.legions) if g.marker == marker)

    def legions_of(self, color: str | None) -> Iterator[Legion]:
        return (g for g in self.legions if g.player == color)

    def legions_on(self, land: int) -> list[Legion]:
        return [g for g in self.legions if g.land == land]

    def engaged_lands(self) -> frozenset[int]:
        """Lands holding Legions of two players: Engagements (9.0)."""
        owners: dict[int, set[str]] = {}
        for g in self.legions:
            owners.setdefault(g.land, set()).add(g.player)
        return frozenset(land for land, who in owners.items() if len(who) > 1)

    def enemy_of(self, legion: Legion) -> Legion | None:
        """The other player's Legion on the same land, if it is engaged."""
        return next(
            (g for g in self.legions if g.land == legion.land and g.player != legion.player), None
        )

    def caretaker_stacks(self) -> Mapping[str, int]:
        """The caretaker's stacks; one not given is what the box leaves (docs/rulings.md).

        Box count minus the counters in Legions minus the slain; Titans are not
        the caretaker's; characters the variant does not use have none.
        """
        game = variant(self.variant)
        in_play = Counter(name for g in self.legions for name in g.characters)
        stacks: dict[str, int] = {}
        for name, kind in CHARACTERS.items():
            if name == TITAN:
                continue
            if name in self.caretaker:
                stacks[name] = self.caretaker[name]
            elif name in game.unused:
                stacks[name] = 0
            else:
                stacks[name] = max(kind.count - in_play[name] - self.dead.get(name, 0), 0)
        return MappingProxyType(stacks)

    # --- codec -------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "variant": self.variant,
            "turn": self.turn,
            "mover": self.mover,
            "phase": self.phase.value,
            "movement_roll": self.movement_roll,
            "players": [p.to_dict() for p in self.players],
            "legions": [g.to_dict() for g in self.legions],
            "caretaker": dict(self.caretaker),
            "dead": dict(self.dead),
            "summon_used": self.summon_used,
            "mulligan_taken": self.mulligan_taken,
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> GameState:
        roll = d.get("movement_roll")
        return cls(
            players=tuple(Player.from_dict(p) for p in d.get("players", ())),
            legions=tuple(Legion.from_dict(g) for g in d.get("legions", ())),
            variant=d.get("variant", DEFAULT),
            turn=int(d.get("turn", 1)),
            mover=d.get("mover"),
            phase=GamePhase(d.get("phase", GamePhase.SPLIT.value)),
            movement_roll=None if roll is None else int(roll),
            caretaker=MappingProxyType(dict(d.get("caretaker") or {})),
            dead=MappingProxyType(dict(d.get("dead") or {})),
            summon_used=bool(d.get("summon_used", False)),
            mulligan_taken=bool(d.get("mulligan_taken", False)),
        )
