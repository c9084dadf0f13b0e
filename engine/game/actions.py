"""Whether one action is legal in a game state: one checker per action type.

``check_game`` answers ``/validate``: the state's problems, then (when the
state names nothing unknown) the action's, each with code, message, JSON
path and rule.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.characters import CHARACTERS
from engine.game.action import Action, problem
from engine.game.angels import check_acquire, check_summon
from engine.game.engagements import check_battle_result, check_concede, check_flee
from engine.game.move_checks import check_move, check_mulligan
from engine.game.muster_checks import check_muster, check_reinforce
from engine.game.problems import Problem
from engine.game.splits import check_split
from engine.game.state import GameState
from engine.game.state_checks import check_names, check_state
from engine.names import suggestion

Checker = Callable[[GameState, Action], list[Problem]]

CHECKERS: dict[str, Checker] = {
    "split": check_split,
    "mulligan": check_mulligan,
    "move": check_move,
    "flee": check_flee,
    "concede": check_concede,
    "battle_result": check_battle_result,
    "muster": check_muster,
    "reinforce": check_reinforce,
    "summon": check_summon,
    "acquire": check_acquire,
}


def _action_names(action: Action) -> list[Problem]:
    problems = []
    for field in ("character", "lord"):
        name = getattr(action, field)
        if name is not None and name not in CHARACTERS:
            problems.append(
                problem(
                    "unknown_character",
                    f"unknown character {name!r}{suggestion(name, CHARACTERS)}",
                    field,
                    "3.5",
                )
            )
    for field in ("characters", "reveal", "survivors"):
        for i, name in enumerate(getattr(action, field)):
            if name not in CHARACTERS:
                problems.append(
                    problem(
                        "unknown_character",
                        f"unknown character {name!r}{suggestion(name, CHARACTERS)}",
                        f"{field}[{i}]",
                        "3.5",
                    )
                )
    return problems


def check_action(state: GameState, action: Action) -> list[Problem]:
    """The action's problems in ``state`` (whose own problems are not repeated)."""
    checker = CHECKERS.get(action.type)
    if checker is None:
        return [problem("unknown_action", f"unknown action type {action.type!r}", "type", None)]
    if check_names(state):
        return []
    return _action_names(action) or checker(state, action)


def check_game(state: GameState, action: Action | None = None) -> list[Problem]:
    """Every problem of the state and, if given, of the action in it."""
    problems = check_state(state)
    if action is not None:
        problems += check_action(state, action)
    return problems
