"""The Healing Phase on the map (5.0-5.3): checking, listing and applying rests and heals.

The amounts and who may heal are ``engine.tactical.healing``'s; this module asks the map
where each character stands, whether it is locked in contact and who stands beside it.
"""

from __future__ import annotations

from dataclasses import replace

from engine.game.problems import Problem
from engine.tactical.actions import Heal, Rest, acting_figure, find_figure, problem
from engine.tactical.board import adjacent, hex_facts, locked
from engine.tactical.healing import (
    ability_healing,
    heal_refusal,
    hits_after_healing,
    rest_healing,
)
from engine.tactical.state import Deed, Figure, GameState


def rest_amount(state: GameState, figure: Figure) -> int:
    """What a rest would heal now (0 where it may not rest: 5.1, 5.3, 9.2 Dragon)."""
    return rest_healing(figure.kind, hex_facts(state.map, figure.hex), locked=locked(state, figure))


def check_rest(state: GameState, action: Rest) -> list[Problem]:
    figure, problems = acting_figure(state, action, "resting", "5.1")
    if figure is None:
        return problems
    if figure.has(Deed.RESTED):
        problems.append(
            problem("rested_already", "a character rests once a turn", "character", "5.1")
        )
    if figure.damage == 0:
        problems.append(
            problem(
                "nothing_to_heal", f"the {figure.name} has no damage to heal", "character", "5.0"
            )
        )
    elif rest_amount(state, figure) == 0:
        why = (
            "it is locked in contact with an enemy"
            if locked(state, figure)
            else f"{state.map.name_of(figure.hex)} is neither a muster hex for it nor a tower hex"
        )
        problems.append(
            problem(
                "may_not_rest", f"the {figure.name} may not rest: {why} (5.1)", "character", "5.1"
            )
        )
    return problems


def apply_rest(state: GameState, action: Rest) -> GameState:
    figure = state.figure(action.character)
    assert figure is not None
    healed = hits_after_healing(figure.damage, rest_amount(state, figure))
    return state.with_figure(replace(figure, damage=healed).doing(Deed.RESTED))


def beside(state: GameState, healer: Figure, target: Figure) -> bool:
    """5.2: itself, a character in a hex beside it, or the friend sharing its hex (7.3;
    docs/rulings.md)."""
    return target.hex == healer.hex or adjacent(state.map, healer.hex, target.hex)


def check_heal(state: GameState, action: Heal) -> list[Problem]:
    healer, problems = acting_figure(state, action, "healing", "5.2")
    target, found_target = find_figure(state, action.target, "target", own=False)
    problems += found_target
    if healer is None or target is None or found_target:
        return problems
    if target.player != healer.player:
        problems.append(
            problem(
                "heals_an_enemy",
                f"a healer heals its own player's characters, not {target.player}'s (5.0)",
                "target",
                "5.0",
            )
        )
    refusal = heal_refusal(
        healer.kind,
        locked=locked(state, healer),
        adjacent=beside(state, healer, target),
        healed_this_turn=healer.has(Deed.USED_HEAL),
        used_muster_ability=healer.has(Deed.USED_MUSTER_ABILITY),
    )
    if refusal is not None:
        field = "target" if "adjacent" in refusal else "character"
        problems.append(problem("may_not_heal", refusal, field, "5.2"))
    if target.damage == 0:
        problems.append(
            problem("nothing_to_heal", f"the {target.name} has no damage to heal", "target", "5.0")
        )
    return problems


def apply_heal(state: GameState, action: Heal) -> GameState:
    healer = state.figure(action.character)
    target = state.figure(action.target)
    assert healer is not None and target is not None
    healed = hits_after_healing(target.damage, ability_healing(healer.kind, target.damage))
    state = state.with_figure(replace(target, damage=healed))
    healer = state.figure(action.character)
    assert healer is not None
    return state.with_figure(healer.doing(Deed.USED_HEAL))


def legal_heals(state: GameState, figure: Figure) -> list[Rest | Heal]:
    """The rests and heals open to one of the active player's characters now."""
    found: list[Rest | Heal] = []
    rest = Rest(figure.id)
    if not check_rest(state, rest):
        found.append(rest)
    if figure.kind.abilities.heal is None:
        return found
    m = state.map
    for hex_ in (figure.hex, *m.neighbours[figure.hex]):
        for target in state.at(hex_):
            if target.player == figure.player and target.damage > 0:
                heal = Heal(figure.id, target.id)
                if not check_heal(state, heal):
                    found.append(heal)
    return found
