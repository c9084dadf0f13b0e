"""The Maneuver Phase on the map (7.0-7.3): checking, listing and applying moves and teleports.

Where a character may go is ``engine.tactical.movement``'s; this module keeps the phase's
limits (the active player's characters, each once, TITAN 11.0) and applies a move's cost in
damage (10.1: the Fire Elemental crossing a River). A character whose crossings slay it is
removed at once, to its pile, and scores nobody (docs/rulings.md).
"""

from __future__ import annotations

from dataclasses import replace

from engine.game.problems import Problem
from engine.tactical.actions import Move, Teleport, acting_figure, find_hex, problem
from engine.tactical.board import labels
from engine.tactical.movement import (
    Way,
    beyond_teleport,
    move_refusal,
    reachable,
    teleport_cost,
    teleport_refusal,
    teleports,
    way_along,
)
from engine.tactical.state import Deed, Figure, GameState, Phase
from engine.tactical.turns import remove


def _way(state: GameState, figure: Figure, action: Move) -> Way | Problem:
    to, found = find_hex(state, action.to, "to")
    if to is None:
        return found[0]
    if action.path:
        path = []
        for i, label in enumerate(action.path):
            h, found = find_hex(state, label, f"path[{i}]")
            if h is None:
                return found[0]
            path.append(h)
        if path[-1] != to:
            return problem("path_elsewhere", "a path ends where the move does", "path", "7.0")
        way = way_along(state, figure, tuple(path))
        if isinstance(way, str):
            return problem("bad_path", way, "path", "7.0")
        return way
    way_to = reachable(state, figure).get(to)
    if way_to is None:
        return problem(
            "may_not_move_there",
            f"the {figure.name} may not move from {state.map.name_of(figure.hex)} to {action.to} "
            "(TITAN 11.2-11.5, 7.1, 7.3)",
            "to",
            "7.0",
        )
    return way_to


def check_move(state: GameState, action: Move) -> list[Problem]:
    figure, problems = acting_figure(state, action, "a move", "7.0")
    if figure is None:
        return problems
    refusal = move_refusal(state, figure)
    if refusal is not None:
        return [*problems, problem("may_not_move", refusal, "character", "7.0")]
    way = _way(state, figure, action)
    if isinstance(way, Problem):
        problems.append(way)
    return problems


def _arrive(state: GameState, figure: Figure, hex_: int, damage: int) -> GameState:
    moved = replace(figure, hex=hex_, damage=figure.damage + damage).doing(Deed.MOVED)
    state = state.with_figure(moved)
    if state.slain(moved):
        return remove(state, [moved])  # 10.1: slain crossing a River (docs/rulings.md)
    return state


def apply_move(state: GameState, action: Move) -> GameState:
    figure = state.figure(action.character)
    assert figure is not None
    way = _way(state, figure, action)
    assert isinstance(way, Way)
    return _arrive(state, figure, way.path[-1], way.damage)


def check_teleport(state: GameState, action: Teleport) -> list[Problem]:
    figure, problems = acting_figure(state, action, "a teleport", "7.2")
    if figure is None:
        return problems
    refusal = teleport_refusal(state, figure)
    if refusal is not None:
        return [*problems, problem("may_not_teleport", refusal, "character", "7.2")]
    to, found = find_hex(state, action.to, "to")
    if to is None:
        return problems + found
    cost = teleport_cost(state, figure, to)
    if isinstance(cost, str):
        return [*problems, problem("may_not_teleport_there", cost, "to", "7.2")]
    if action.then is not None:
        then, found = find_hex(state, action.then, "then")
        if then is None:
            return problems + found
        if then != to and then not in beyond_teleport(state, figure, {to: cost}):
            problems.append(
                problem(
                    "may_not_go_on_there",
                    f"from {action.to} the {figure.name} may not go on to {action.then} with "
                    f"what is left of its Skill-factor (7.2, TITAN 11.2)",
                    "then",
                    "7.2",
                )
            )
    return problems


def apply_teleport(state: GameState, action: Teleport) -> GameState:
    figure = state.figure(action.character)
    assert figure is not None
    to = state.map.parse(action.to)
    if action.then is None or action.then == action.to:
        return _arrive(state, figure, to, 0)
    cost = teleport_cost(state, figure, to)
    assert isinstance(cost, int)
    way = beyond_teleport(state, figure, {to: cost})[state.map.parse(action.then)]
    return _arrive(state, figure, way.path[-1], way.damage)


def legal_moves(state: GameState, figure: Figure) -> list[Move | Teleport]:
    """The moves and teleports open to one of the active player's characters now: each hex it
    may move to; for a Lord in a tower, each hex it may teleport into and, once each, the hexes
    it may reach only by going on from one (7.2)."""
    if state.phase is not Phase.MANEUVER or figure.player != state.active:
        return []
    if move_refusal(state, figure) is not None:
        return []
    name = labels(state.map)
    found: list[Move | Teleport] = [
        Move(figure.id, name[h]) for h in sorted(reachable(state, figure))
    ]
    if teleport_refusal(state, figure) is None:
        landings = teleports(state, figure)
        found += [Teleport(figure.id, name[h]) for h in sorted(landings)]
        beyond = beyond_teleport(state, figure, landings)
        found += [
            Teleport(figure.id, name[way.path[0]], name[there])
            for there, way in sorted(beyond.items())
            if there not in landings
        ]
    return found
