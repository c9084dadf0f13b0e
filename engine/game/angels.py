"""Summoning Angels (15.0-15.3) and acquiring them (17.0-17.4)."""

from __future__ import annotations

from engine.characters import ANGEL, ARCHANGEL
from engine.game.action import Action, in_phase, movers_legion, problem
from engine.game.problems import Problem
from engine.game.state import GamePhase, GameState, Legion
from engine.scoring import LEGION_LIMIT, angels_due

SUMMONABLE = (ANGEL, ARCHANGEL)  # 15.0, 17.3


def check_summon(state: GameState, action: Action) -> list[Problem]:
    """15.0: the attacker, once per Engagement Phase, from a Legion not engaged, below seven."""
    problems = in_phase(state, "summon", GamePhase.ENGAGE, rule="15.0")
    legion, found = movers_legion(state, action.legion)
    problems += found
    donor, found = movers_legion(state, action.donor, "donor")
    problems += found
    if state.summon_used:
        problems.append(
            problem("second_summon", "one Angel is summoned per Engagement Phase", None, "15.0")
        )
    if action.character not in SUMMONABLE:
        problems.append(
            problem("not_an_angel", f"{action.character} cannot be summoned", "character", "15.0")
        )
    if legion is not None:
        if state.enemy_of(legion) is None:
            problems.append(
                problem("not_engaged", f"{legion.marker} is in no Engagement", "legion", "15.0")
            )
        if len(legion.characters) >= LEGION_LIMIT:
            problems.append(
                problem("legion_full", f"{legion.marker} is seven high", "legion", "15.0")
            )
    if donor is not None and legion is not None:
        if donor.marker == legion.marker:
            problems.append(
                problem("same_legion", "the Angel comes from another Legion", "donor", "15.0")
            )
        elif state.enemy_of(donor) is not None:
            problems.append(
                problem(
                    "donor_engaged",
                    f"{donor.marker} is in an unresolved Engagement",
                    "donor",
                    "15.0",
                )
            )
        if action.character not in donor.characters:
            problems.append(
                problem(
                    "donor_lacks_angel",
                    f"{donor.marker} holds no {action.character}",
                    "donor",
                    "15.0",
                )
            )
    return problems


def check_acquire(state: GameState, action: Action) -> list[Problem]:
    """17.0-17.3: an Angel per multiple of 100 attained, an Archangel at a multiple of 500,
    into the winning Legion if it has room and the caretaker has one."""
    legion, problems = _winning_legion(state, action)
    if legion is None:
        return problems
    if action.character not in SUMMONABLE:
        return [
            *problems,
            problem("not_an_angel", f"{action.character} is not acquired", "character", "17.0"),
        ]
    if len(legion.characters) >= LEGION_LIMIT:
        problems.append(problem("legion_full", f"{legion.marker} is seven high", "legion", "17.1"))
    stacks = state.caretaker_stacks()
    if stacks.get(action.character, 0) <= 0:
        problems.append(
            problem(
                "caretaker_empty", f"the caretaker has no {action.character}", "character", "17.1"
            )
        )
    player = state.player(legion.player)
    if action.score_before is None:
        return [
            *problems,
            problem(
                "score_before_missing",
                "name the player's score before the Engagement's points",
                "score_before",
                "17.0",
            ),
        ]
    due = angels_due(action.score_before, player.score if player else 0)
    if not due:
        problems.append(
            problem(
                "no_angel_due",
                f"from {action.score_before} to {player.score if player else 0} no multiple of "
                "100 is attained",
                "score_before",
                "17.0",
            )
        )
    elif action.character == ARCHANGEL and ARCHANGEL not in due:
        problems.append(
            problem("no_archangel_due", "an Archangel needs a multiple of 500", "character", "17.3")
        )
    return problems


def _winning_legion(state: GameState, action: Action) -> tuple[Legion | None, list[Problem]]:
    problems = in_phase(state, "Lord acquired", GamePhase.ENGAGE, rule="17.0")
    legion = state.legion(action.legion)
    if legion is None:
        return None, [
            *problems,
            problem("unknown_legion", f"no Legion {action.legion!r} in the state", "legion", "4.2"),
        ]
    return legion, problems
