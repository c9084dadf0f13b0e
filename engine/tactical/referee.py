"""The referee of a Tactical Titan game: which actions are legal in a state, whether one is, what
it leads to, and its dice.

- ``check(state, action)``: every problem of the state (``state_checks.validate``), or, when it
  has none, of the action, each with its code, section and path (``action.<field>``);
- ``apply(state, action)``: the next state, for a legal and rolled action, or ``Violations``;
- ``legal_actions(state)`` and ``legal_actions_of(state, id)``: the actions legal now, as
  declarations (no dice yet; what excess hits carry to is for after the roll);
- ``roll(state, action, rng)``: the action with its dice drawn from ``rng`` (a
  ``random.Random`` the caller seeds): strike dice, two dice for a muster or summoning, and a
  Demon's die (10.1).

Everything here is a pure function of its arguments: states and actions are frozen values, and
the only randomness is the generator the caller passes to ``roll``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from engine.errors import Violations
from engine.game.problems import Problem
from engine.tactical.actions import (
    Action,
    EndPhase,
    Heal,
    Move,
    Muster,
    PlaceAngel,
    Rangestrike,
    Rest,
    Strike,
    Summon,
    Teleport,
    problem,
)
from engine.tactical.board import labels
from engine.tactical.healing_phase import (
    apply_heal,
    apply_rest,
    check_heal,
    check_rest,
    legal_heals,
)
from engine.tactical.maneuver_phase import (
    apply_move,
    apply_teleport,
    check_move,
    check_teleport,
    legal_moves,
)
from engine.tactical.mastercharts import DEMON
from engine.tactical.muster_phase import (
    MUSTER_DICE,
    apply_muster,
    apply_summon,
    check_muster,
    check_summon,
    legal_musters,
    legal_summons,
)
from engine.tactical.state import GameState, Phase
from engine.tactical.state_checks import validate
from engine.tactical.strike_phase import (
    apply_rangestrike,
    apply_strike,
    check_rangestrike,
    check_strike,
    legal_strikes,
    rangestrike_dice,
    strike_dice,
    unstruck,
)
from engine.tactical.turns import (
    angel_hexes,
    apply_end_phase,
    apply_place_angel,
    check_end_phase,
    check_place_angel,
)

Checker = Callable[[GameState, Any], list[Problem]]
Applier = Callable[[GameState, Any], GameState]

RULES: dict[type[Action], tuple[Checker, Applier]] = {
    Rest: (check_rest, apply_rest),
    Heal: (check_heal, apply_heal),
    Muster: (check_muster, apply_muster),
    Summon: (check_summon, apply_summon),
    Move: (check_move, apply_move),
    Teleport: (check_teleport, apply_teleport),
    Strike: (check_strike, apply_strike),
    Rangestrike: (check_rangestrike, apply_rangestrike),
    PlaceAngel: (check_place_angel, apply_place_angel),
    EndPhase: (check_end_phase, apply_end_phase),
}


def check_action(state: GameState, action: Action) -> list[Problem]:
    """The action's problems in a valid ``state``: the game over (2.2.2), Lords due to be
    placed first (8.3), then its own rules."""
    if state.over:
        return [
            problem("game_over", f"the game is over; {state.winner or 'nobody'} won", None, "2.2.2")
        ]
    if state.angels_due and not isinstance(action, PlaceAngel):
        due = state.angels_due[0]
        return [
            problem(
                "angel_due",
                f"{due.player}'s {due.name} comes into play before anything else (8.3)",
                None,
                "8.3",
            )
        ]
    checker, _ = RULES[type(action)]
    return checker(state, action)


def check(state: GameState, action: Action) -> list[Problem]:
    """Every problem of the state or, when it has none, of the action in it."""
    return validate(state) or check_action(state, action)


def apply(state: GameState, action: Action) -> GameState:
    """The state after a legal, rolled action; ``Violations`` naming each problem otherwise."""
    problems = check(state, action)
    if not problems and not action.rolled:
        problems = [
            problem(
                "not_rolled", "roll the dice first (engine.tactical.referee.roll)", "dice", "6.4"
            )
        ]
    if problems:
        raise Violations([p.as_error() for p in problems])
    _, applier = RULES[type(action)]
    return applier(state, action)


def roll(state: GameState, action: Action, rng: random.Random) -> Action:
    """The action with the dice it still lacks drawn from ``rng`` (faces 1-6), in the order:
    strike or muster dice, then a Demon's die. An action that needs none comes back as it is.
    ``Violations`` for an action ``check`` finds a problem with."""
    problems = check(state, action)
    if problems:
        raise Violations([p.as_error() for p in problems])
    if isinstance(action, Strike) and action.dice is None:
        return replace(action, dice=_faces(rng, strike_dice(state, action)))
    if isinstance(action, Rangestrike) and action.dice is None:
        return replace(action, dice=_faces(rng, rangestrike_dice(state, action)))
    if isinstance(action, Muster) and action.dice is None:
        return replace(action, dice=_faces(rng, MUSTER_DICE))
    if isinstance(action, Summon):
        if action.dice is None:
            action = replace(action, dice=_faces(rng, MUSTER_DICE))
        if action.character.lower() == DEMON.lower() and action.demon_die is None:
            action = replace(action, demon_die=rng.randint(1, 6))
    return action


def _faces(rng: random.Random, count: int) -> tuple[int, ...]:
    return tuple(rng.randint(1, 6) for _ in range(count))


def legal_actions(state: GameState) -> list[Action]:
    """Every action legal now, as a declaration: the Lords due first (8.3); the active player's
    actions of the phase; in a Strike Phase, the other players' strikes back once the active
    player's are done; and ending the phase when nothing more must happen in it.
    ``Violations`` for a state the rules do not allow, naming each of its problems."""
    _require_valid(state)
    if state.over:
        return []
    if state.angels_due:
        due = state.angels_due[0]
        return [PlaceAngel(labels(state.map)[h]) for h in angel_hexes(state, due)]
    found: list[Action] = []
    if state.phase is Phase.MUSTER:
        found += legal_musters(state)
        found += legal_summons(state)
    for figure in state.figures:
        found += _of(state, figure)
    if state.phase is not Phase.STRIKE or not unstruck(state):
        found.append(EndPhase())
    return found


def _require_valid(state: GameState) -> None:
    problems = validate(state)
    if problems:
        raise Violations([p.as_error() for p in problems])


def _of(state: GameState, figure: Any) -> list[Action]:
    match state.phase:
        case Phase.HEALING if figure.player == state.active:
            return list(legal_heals(state, figure))
        case Phase.MANEUVER if figure.player == state.active:
            return list(legal_moves(state, figure))
        case Phase.STRIKE:
            return list(legal_strikes(state, figure))
    return []


def legal_actions_of(state: GameState, id_: int) -> list[Action]:
    """The legal actions of one character now (its musters and summonings among them)."""
    _require_valid(state)
    figure = state.figure(id_)
    if figure is None or state.over or state.angels_due:
        return []
    found: list[Action] = list(_of(state, figure))
    if state.phase is Phase.MUSTER:
        found += [a for a in legal_musters(state) if id_ in a.participants]
        found += [a for a in legal_summons(state) if id_ in a.summoners]
    return found
