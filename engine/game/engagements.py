"""Resolving an Engagement: fleeing (9.2), conceding (9.4), the result of a Battle (16.0-16.1,
19.3). Scoring comes from ``engine.scoring``."""

from __future__ import annotations

from engine.characters import TITAN
from engine.game.action import Action, contains, find_legion, in_phase, problem
from engine.game.problems import Problem
from engine.game.state import GamePhase, GameState, Legion
from engine.game.titans import titan_kill_points
from engine.scoring import flee_points, legion_value, may_flee


def _engaged(state: GameState, legion: Legion) -> tuple[Legion | None, list[Problem]]:
    enemy = state.enemy_of(legion)
    if enemy is None:
        return None, [
            problem("not_engaged", f"{legion.marker} is in no Engagement", "legion", "9.0")
        ]
    return enemy, []


def check_flee(state: GameState, action: Action) -> list[Problem]:
    """9.2: only the defender flees, and not with a Lord."""
    problems = in_phase(state, "flight", GamePhase.ENGAGE, rule="9.2")
    legion, found = find_legion(state, action.legion)
    if legion is None:
        return problems + found
    _, found = _engaged(state, legion)
    problems += found
    if legion.player == state.mover:
        problems.append(problem("attacker_flees", "the attacker cannot flee", "legion", "9.2"))
    if not may_flee(legion.characters):
        problems.append(
            problem(
                "lord_cannot_flee", "a defending Legion with a Lord cannot flee", "legion", "9.2"
            )
        )
    return problems


def check_concede(state: GameState, action: Action) -> list[Problem]:
    """9.4: either engaged player may concede, at any time of the Engagement."""
    problems = in_phase(state, "concession", GamePhase.ENGAGE, rule="9.4")
    legion, found = find_legion(state, action.legion)
    if legion is None:
        return problems + found
    _, found = _engaged(state, legion)
    return problems + found


def battle_points(winner: Legion | None, loser: Legion | None, state: GameState) -> int:
    """16.0-16.1: the loser's full value to a surviving winner; nothing for mutual elimination."""
    if winner is None or loser is None:
        return 0
    player = state.player(loser.player)
    return legion_value(loser.characters, player.score if player else 0)


def check_battle_result(state: GameState, action: Action) -> list[Problem]:
    problems = in_phase(state, "battle result", GamePhase.ENGAGE, rule="16.0")
    land = action.land
    if action.winner is not None:
        winner, found = find_legion(state, action.winner, "winner")
        if winner is None:
            return problems + found
        land = winner.land if land is None else land
    if land is None or land not in state.engaged_lands():
        return [*problems, problem("no_engagement", f"no Engagement on land {land}", "land", "9.0")]
    legions = state.legions_on(land)
    winner = next((g for g in legions if g.marker == action.winner), None)
    if action.winner is not None and winner is None:
        return [
            *problems,
            problem(
                "winner_not_engaged", f"{action.winner} is not in this Engagement", "winner", "9.0"
            ),
        ]
    loser = next((g for g in legions if winner is not None and g.marker != winner.marker), None)
    if winner is None:
        if action.survivors:
            problems.append(
                problem(
                    "survivors_of_nobody",
                    "a mutual elimination leaves no survivor",
                    "survivors",
                    "16.1",
                )
            )
    elif not action.survivors:
        problems.append(
            problem("winner_without_survivors", "a winner keeps a character", "survivors", "16.0")
        )
    elif not contains(winner.characters, action.survivors):
        problems.append(
            problem(
                "survivors_not_in_legion",
                f"{winner.marker} does not hold {', '.join(action.survivors)}",
                "survivors",
                "16.1",
            )
        )
    elif TITAN in winner.characters and TITAN not in action.survivors:
        problems.append(
            problem(
                "winner_lost_its_titan",
                f"{winner.marker}'s Titan fell: its player and the rest of its Legion leave the "
                "game, so it wins nothing",
                "survivors",
                "19.3",
            )
        )
    if action.time_loss and (winner is None or winner.player == state.mover):
        problems.append(
            problem(
                "time_loss_is_the_defenders",
                "a time loss is won by the defender",
                "time_loss",
                "10.5",
            )
        )
    if action.points is not None:
        problems += _check_points(state, action, winner, loser)
    return problems


def _check_points(
    state: GameState, action: Action, winner: Legion | None, loser: Legion | None
) -> list[Problem]:
    if action.time_loss or winner is None or loser is None:
        due, rule = 0, "10.5" if action.time_loss else "16.1"
        if action.points != due:
            return [problem("wrong_points", f"this result scores {due}", "points", rule)]
        return []
    full = battle_points(winner, loser, state)
    if TITAN in loser.characters:
        player = state.player(loser.player)
        allowed = titan_kill_points(loser.characters, player.score if player else 0)
        if action.points not in allowed:
            others = [name for name in loser.characters if name != TITAN]
            return [
                problem(
                    "wrong_points",
                    f"slaying the Titan scores its {min(allowed)} points plus any of "
                    f"{', '.join(others) or 'nothing'} slain before it "
                    f"({', '.join(map(str, sorted(allowed)))}), not {action.points}",
                    "points",
                    "19.3",
                )
            ]
        return []
    if action.points != full:
        return [problem("wrong_points", f"this win scores {full}", "points", "16.0")]
    return []


def flight_points(state: GameState, legion: Legion) -> int:
    """9.2, 16.1: what the attacker scores when ``legion`` flees."""
    player = state.player(legion.player)
    return flee_points(legion.characters, player.score if player else 0)
