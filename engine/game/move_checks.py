"""Moving a Legion in a game state (7.0-7.6) and teleporting it (8.0-8.3)."""

from __future__ import annotations

from engine.characters import TITAN, character
from engine.game.action import Action, in_phase, movers_legion, problem
from engine.game.board import distances
from engine.game.movement import (
    TELEPORT_ROLL,
    TOWER_TELEPORT_REACH,
    Destination,
    Teleport,
    all_moves,
)
from engine.game.problems import Problem
from engine.game.state import GamePhase, GameState, Legion
from engine.game.titans import may_titan_teleport
from engine.masterboard import TOWERS

MULLIGAN_TURN = 1  # 7.6


def legion_moves(state: GameState, legion: Legion, roll: int | None = None) -> list[Destination]:
    """Where ``legion`` may move in ``state`` for ``roll`` (the state's roll by default)."""
    roll = state.movement_roll if roll is None else roll
    player = state.player(legion.player)
    others = [g for g in state.legions if g.marker != legion.marker]
    return all_moves(
        legion.land,
        roll or 0,
        legion.characters,
        player.score if player else 0,
        friendly={g.land for g in others if g.player == legion.player},
        enemy={g.land for g in others if g.player != legion.player},
        engaged=state.engaged_lands(),
        may_teleport=not any(g.teleported for g in others),
    )


def check_mulligan(state: GameState, action: Action) -> list[Problem]:
    """7.6: one second Movement Roll, on the player's very first Game-Turn, before moving."""
    problems = in_phase(state, "mulligan", GamePhase.MOVE, rule="7.6")
    if state.turn != MULLIGAN_TURN:
        problems.append(
            problem(
                "mulligan_too_late", "the mulligan is for the first Game-Turn only", None, "7.6"
            )
        )
    if state.mulligan_taken:
        problems.append(problem("mulligan_taken", "the second roll is binding", None, "7.6"))
    if any(g.moved for g in state.legions_of(state.mover)):
        problems.append(
            problem("mulligan_after_moving", "a Legion has moved on this roll", None, "7.6")
        )
    return problems


def check_move(state: GameState, action: Action) -> list[Problem]:
    problems = in_phase(state, "move", GamePhase.MOVE, rule="7.0")
    legion, found = movers_legion(state, action.legion)
    problems += found
    if state.movement_roll is None:
        problems.append(problem("no_roll", "no Movement Roll has been made", None, "6.2"))
    if legion is None or problems:
        return problems
    if legion.moved:
        return [problem("moved_twice", f"{legion.marker} has moved this phase", "legion", "7.0")]
    try:
        teleport = None if action.teleport is None else Teleport(action.teleport)
    except ValueError:
        return [problem("bad_teleport", "teleport is null, 'tower' or 'titan'", "teleport", "8.0")]
    moves = legion_moves(state, legion)
    wanted = [m for m in moves if m.land == action.to and m.teleport is teleport]
    if not wanted:
        return [_why_not(state, legion, action.to, teleport)]
    if action.entry_side is not None and all(m.entry_side != action.entry_side for m in wanted):
        sides = sorted({m.entry_side for m in wanted})
        return [
            problem(
                "wrong_entry_side",
                f"{legion.marker} enters land {action.to} by side {' or '.join(map(str, sides))}",
                "entry_side",
                "10.1",
            )
        ]
    if teleport is not None:
        problems += _revealed_lord(legion, teleport, action.lord)
    return problems


def _revealed_lord(legion: Legion, teleport: Teleport, lord: str | None) -> list[Problem]:
    """8.1: the Mover reveals the Lord that allows a Tower Teleport; 8.2: the Titan."""
    needed = TITAN if teleport is Teleport.TITAN else "a Lord"
    rule = "8.2" if teleport is Teleport.TITAN else "8.1"
    if lord is None:
        return [
            problem("lord_not_revealed", f"a {teleport} teleport reveals {needed}", "lord", rule)
        ]
    ok = lord in legion.characters and (
        lord == TITAN if teleport is Teleport.TITAN else character(lord).is_lord
    )
    if not ok:
        return [
            problem(
                "wrong_lord",
                f"{lord} revealed; the teleport needs {needed} of the Legion",
                "lord",
                rule,
            )
        ]
    return []


def _why_not(
    state: GameState, legion: Legion, to: int | None, teleport: Teleport | None
) -> Problem:
    """The most telling reason a move to ``to`` is not among the legal ones."""
    roll = state.movement_roll
    others = [g for g in state.legions if g.marker != legion.marker]
    here = [g for g in others if g.land == to]
    if teleport is not None and any(g.teleported for g in others):
        return problem(
            "second_teleport", "only one Legion teleports per Movement Phase", "teleport", "8.0"
        )
    if teleport is not None and roll != TELEPORT_ROLL:
        return problem(
            "teleport_needs_six", f"teleports need a roll of 6, not {roll}", "teleport", "8.1"
        )
    if to in state.engaged_lands():
        return problem("engaged_land", f"land {to} is an Engagement this turn", "to", "7.1")
    if teleport is Teleport.TITAN:
        player = state.player(legion.player)
        if TITAN not in legion.characters:
            return problem("no_titan", "only the Titan's Legion teleports so", "teleport", "8.2")
        if player is None or not may_titan_teleport(player.score):
            return problem(
                "titan_too_weak",
                "Titan Teleport needs a score of 400 (Power 10)",
                "teleport",
                "19.2",
            )
        return problem(
            "titan_teleport_must_engage", f"land {to} holds no enemy Legion", "to", "8.2"
        )
    if teleport is Teleport.TOWER:
        if legion.land not in TOWERS:
            return problem(
                "not_in_a_tower", "a Tower Teleport begins in a Tower Land", "teleport", "8.1"
            )
        if not any(character(n).is_lord for n in legion.characters):
            return problem(
                "no_lord", "a Tower Teleport needs a Lord in the Legion", "teleport", "8.1"
            )
        if here:
            return problem("teleport_not_vacant", f"land {to} is not vacant", "to", "8.1")
        far = distances(legion.land).get(to) if to is not None else None
        return problem(
            "teleport_too_far",
            f"land {to} is {far} lands away; at most {TOWER_TELEPORT_REACH} or a Tower",
            "to",
            "8.1",
        )
    if any(g.player == legion.player for g in here):
        return problem(
            "ends_on_friendly_land",
            f"land {to} holds another Legion of {legion.player}",
            "to",
            "7.1",
        )
    return problem(
        "not_along_the_signs",
        f"land {to} cannot be reached from {legion.land} with a roll of {roll} along the signs",
        "to",
        "7.2",
    )
