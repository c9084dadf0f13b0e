"""One action on a game state (DESIGN: action types), and what its checkers share."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.game.problems import Problem
from engine.game.state import GamePhase, GameState, Legion

CONCESSIONS = ("before_entering", "after_entering")  # 14.2: the attacker's, for a reinforcement

ACTION_TYPES = (
    "split",
    "mulligan",
    "move",
    "flee",
    "concede",
    "battle_result",
    "muster",
    "reinforce",
    "summon",
    "acquire",
)


@dataclass(frozen=True)
class Action:
    """An action; each type reads the fields it needs (the rest stay None)."""

    type: str
    legion: str | None = None
    new_marker: str | None = None  # split
    characters: tuple[str, ...] = ()  # split: those that leave
    to: int | None = None  # move
    entry_side: int | None = None  # move
    teleport: str | None = None  # move: None, "tower" or "titan"
    lord: str | None = None  # move: the Lord revealed for a teleport (8.1, 8.2)
    character: str | None = None  # muster, reinforce, summon, acquire
    reveal: tuple[str, ...] = ()  # muster, reinforce (18.0)
    donor: str | None = None  # summon: the Legion the Lord comes from
    winner: str | None = None  # battle_result: the winning Legion's marker, None if both died
    survivors: tuple[str, ...] = ()  # battle_result: the winner's characters left
    land: int | None = None  # battle_result: the land of the Engagement
    time_loss: bool = False  # battle_result (10.5)
    points: int | None = None  # battle_result: the points claimed, checked when given
    score_before: int | None = None  # acquire: the player's score before the Engagement
    # reinforce: how the attacker conceded, if it did (14.2): "before_entering" the
    # Battleland (no reinforcement) or "after_entering" it
    attacker_conceded: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            k: list(v) if isinstance(v, tuple) else v
            for k, v in self.__dict__.items()
            if v not in (None, (), False) or k == "type"
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Action:
        def names(key: str) -> tuple[str, ...]:
            return tuple(d.get(key) or ())

        return cls(
            type=d["type"],
            legion=d.get("legion"),
            new_marker=d.get("new_marker"),
            characters=names("characters"),
            to=d.get("to"),
            entry_side=d.get("entry_side"),
            teleport=d.get("teleport"),
            lord=d.get("lord"),
            character=d.get("character"),
            reveal=names("reveal"),
            donor=d.get("donor"),
            winner=d.get("winner"),
            survivors=names("survivors"),
            land=d.get("land"),
            time_loss=bool(d.get("time_loss", False)),
            points=d.get("points"),
            score_before=d.get("score_before"),
            attacker_conceded=d.get("attacker_conceded"),
        )


def problem(code: str, message: str, field: str | None, rule: str | None) -> Problem:
    """A problem with the action, at ``action.<field>``."""
    return Problem(code, message, "action" if field is None else f"action.{field}", rule)


def find_legion(
    state: GameState, marker: str | None, field: str = "legion"
) -> tuple[Legion | None, list[Problem]]:
    legion = state.legion(marker)
    if legion is None:
        return None, [problem("unknown_legion", f"no Legion {marker!r} in the state", field, "4.2")]
    return legion, []


def movers_legion(
    state: GameState, marker: str | None, field: str = "legion"
) -> tuple[Legion | None, list[Problem]]:
    """The Mover's Legion of that marker (6.0: only the Mover acts)."""
    legion, problems = find_legion(state, marker, field)
    if legion is not None and legion.player != state.mover:
        problems.append(
            problem(
                "not_the_movers",
                f"{marker} is {legion.player}'s; {state.mover} is the Mover",
                field,
                "6.0",
            )
        )
    return legion, problems


def in_phase(state: GameState, action: str, *phases: GamePhase, rule: str) -> list[Problem]:
    if state.phase in phases:
        return []
    wanted = " or ".join(p.value for p in phases)
    return [
        problem(
            "wrong_phase",
            f"a {action} belongs to the {wanted} phase, not the {state.phase.value} phase",
            None,
            rule,
        )
    ]


def contains(held: Sequence[str], wanted: Sequence[str]) -> bool:
    """Whether ``held`` holds every character of ``wanted``, counting repeats."""
    return not (Counter(wanted) - Counter(held))
