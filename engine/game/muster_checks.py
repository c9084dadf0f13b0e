"""Mustering in a game state (18.0-18.5) and reinforcing a defender (14.0-14.2)."""

from __future__ import annotations

from engine.game.action import Action, contains, find_legion, in_phase, movers_legion, problem
from engine.game.problems import Problem
from engine.game.state import GamePhase, GameState, Legion
from engine.masterboard import LANDS
from engine.musters import Recruit, legal_recruits
from engine.scoring import LEGION_LIMIT


def legion_recruits(state: GameState, legion: Legion) -> list[Recruit]:
    """What ``legion`` may muster on its land from the caretaker's stacks (18.0-18.5)."""
    return legal_recruits(
        legion.characters,
        LANDS[legion.land].terrain,
        variant=state.variant,
        caretaker=state.caretaker_stacks(),
    )


def _qualified(state: GameState, legion: Legion, action: Action, rule: str) -> list[Problem]:
    """18.1 room, 18.0 the caretaker's stack, 18.2-18.5 the qualification and its reveal."""
    if len(legion.characters) >= LEGION_LIMIT:
        room_rule = "14.1" if rule == "14.1" else "18.1"
        return [problem("legion_full", f"{legion.marker} is seven high", "legion", room_rule)]
    if legion.mustered:
        return [
            problem(
                "mustered_twice", f"{legion.marker} has mustered this Game-Turn", "legion", rule
            )
        ]
    terrain = LANDS[legion.land].terrain
    ways = [
        r
        for r in legal_recruits(legion.characters, terrain, variant=state.variant)
        if r.character == action.character
    ]
    if not ways:
        return [
            problem(
                "not_qualified",
                f"{legion.marker} is not qualified to muster {action.character} in the {terrain}",
                "character",
                "18.5" if terrain == "Tower" else "18.3",
            )
        ]
    if state.caretaker_stacks().get(action.character or "", 0) <= 0:
        return [
            problem(
                "caretaker_empty",
                f"the caretaker has no {action.character} left",
                "character",
                "18.0",
            )
        ]
    if not contains(legion.characters, action.reveal):
        return [
            problem(
                "reveal_not_in_legion",
                f"{legion.marker} does not hold all it reveals",
                "reveal",
                "18.0",
            )
        ]
    if not any(contains(action.reveal, way.reveal) for way in ways):
        shown = " or ".join(", ".join(w.reveal) for w in ways)
        return [
            problem(
                "reveal_does_not_qualify",
                f"to muster {action.character} reveal {shown}",
                "reveal",
                "18.4",
            )
        ]
    return []


def check_muster(state: GameState, action: Action) -> list[Problem]:
    """18.1: a Legion that moved and survived its Engagement, in the Enlistment Phase (6.4)."""
    problems = in_phase(state, "muster", GamePhase.MUSTER, rule="6.4")
    legion, found = movers_legion(state, action.legion)
    problems += found
    if legion is None:
        return problems
    if not legion.moved:
        problems.append(problem("did_not_move", f"{legion.marker} did not move", "legion", "18.1"))
    if state.enemy_of(legion) is not None:
        problems.append(
            problem("still_engaged", f"{legion.marker}'s Engagement is unresolved", "legion", "6.3")
        )
    return problems + _qualified(state, legion, action, "18.0")


def check_reinforce(state: GameState, action: Action) -> list[Problem]:
    """14.0-14.2: the defender of an Engagement, once per Battle, as a muster; not when the
    attacker conceded before placing a character on the Battleland (14.2)."""
    problems = in_phase(state, "reinforcement", GamePhase.ENGAGE, rule="14.0")
    legion, found = find_legion(state, action.legion)
    if legion is None:
        return problems + found
    if legion.player == state.mover:
        problems.append(
            problem(
                "attacker_reinforces",
                "only the defender may receive a reinforcement",
                "legion",
                "14.1",
            )
        )
    if state.enemy_of(legion) is None:
        problems.append(
            problem("not_engaged", f"{legion.marker} is in no Engagement", "legion", "14.0")
        )
    if action.attacker_conceded == "before_entering":
        problems.append(
            problem(
                "conceded_before_entering",
                "the attacker conceded before placing a character on the Battleland: the "
                "defender may not muster a reinforcement",
                "attacker_conceded",
                "14.2",
            )
        )
    return problems + _qualified(state, legion, action, "14.1")
