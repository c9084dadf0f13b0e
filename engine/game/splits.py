"""Splitting a Legion (4.2, 4.3, 5.2, 6.1)."""

from __future__ import annotations

from engine.game.action import Action, contains, in_phase, movers_legion, problem
from engine.game.problems import Problem
from engine.game.state import GamePhase, GameState

SMALLEST_LEGION = 2  # 4.3: both Legions hold at least two characters
FIRST_SPLIT_TURN = 2  # 5.2: not before the player's second Game-Turn


def check_split(state: GameState, action: Action) -> list[Problem]:
    problems = in_phase(state, "split", GamePhase.SPLIT, rule="6.1")
    legion, found = movers_legion(state, action.legion)
    problems += found
    if state.turn < FIRST_SPLIT_TURN:
        problems.append(
            problem(
                "split_on_first_turn",
                "the beginning Legions may not split until the player's second Game-Turn",
                None,
                "5.2",
            )
        )
    player = state.player(state.mover)
    marker = action.new_marker
    if not marker:
        problems.append(
            problem("no_marker", "a new Legion needs a Legion Marker", "new_marker", "4.2")
        )
    elif state.legion(marker) is not None:
        problems.append(
            problem("marker_in_use", f"{marker} is already under a Legion", "new_marker", "4.7")
        )
    elif player is not None and marker not in player.markers_available:
        problems.append(
            problem(
                "marker_not_available",
                f"{marker} is not among {player.color}'s available markers",
                "new_marker",
                "4.2",
            )
        )
    if legion is None:
        return problems
    leaving = action.characters
    if not contains(legion.characters, leaving):
        problems.append(
            problem(
                "not_in_legion",
                f"{legion.marker} does not hold {', '.join(leaving) or 'nothing'}",
                "characters",
                "4.3",
            )
        )
    elif len(leaving) < SMALLEST_LEGION or len(legion.characters) - len(leaving) < SMALLEST_LEGION:
        problems.append(
            problem(
                "split_too_small",
                f"splitting {len(leaving)} from {len(legion.characters)} leaves a Legion of fewer "
                "than two characters",
                "characters",
                "4.3",
            )
        )
    return problems
