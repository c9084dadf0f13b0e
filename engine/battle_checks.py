"""Whether a Battle position obeys the rules: a list of named problems.

Each problem is a ``RuleError`` with the rule it breaks and the JSON path of
what breaks it (``"attacker.characters[2].hex"``). ``validate_position``
raises them together as ``Violations``.
"""

from __future__ import annotations

from collections import Counter

from engine.battle_turns import (
    FIRST_TURN,
    LAST_TURN,
    REINFORCEMENT_TURN,
    attacker_entry_sides,
    is_summonable_lord,
    own_maneuver_turn,
    step_index,
    step_of,
)
from engine.characters import CharacterClass, character
from engine.errors import RuleError, Violations
from engine.hexes import ENTRY_SIDES, hex_name
from engine.legion_checks import legion_problems
from engine.movement import may_stand
from engine.position import BattlePosition, Phase, Side


def _path(side: Side, index: int, field: str | None = None) -> str:
    base = f"{side.value}.characters[{index}]"
    return base if field is None else f"{base}.{field}"


def default_entry_side(terrain: str) -> int:
    """The side a Battle is fought from when none is named: 5 in the Tower (10.2), else 1."""
    return attacker_entry_sides(terrain)[0]


def entry_side_problems(terrain: str, side: int, path: str = "entry_side") -> list[RuleError]:
    """10.1: a four-hex side, 1, 3 or 5; 10.2: the Tower only from side 5.

    The one check of a Battle's entry side, for positions and odds requests alike
    (docs/rulings.md, 10.2): a side the Battle could not have is refused, never
    replaced by another.
    """
    if side not in ENTRY_SIDES:
        return [
            RuleError(
                f"entry side {side} is not a four-hex side (1, 3 or 5)", rule="10.1", path=path
            )
        ]
    allowed = attacker_entry_sides(terrain)
    if side not in allowed:
        return [
            RuleError(
                f"the attacker always enters the {terrain} from side {allowed[0]}, not {side}",
                rule="10.2",
                path=path,
            )
        ]
    return []


def _order(position: BattlePosition) -> list[RuleError]:
    problems = []
    if not FIRST_TURN <= position.turn <= LAST_TURN:
        problems.append(
            RuleError(
                f"turn {position.turn} is outside the seven Battle-Rounds",
                rule="10.5",
                path="turn",
            )
        )
    return problems + entry_side_problems(position.terrain, position.entry_side)


def _legion(position: BattlePosition, side: Side) -> list[RuleError]:
    army = position.army(side)
    problems = []
    if army.score < 0:
        problems.append(RuleError("a score cannot be negative", rule="16.0", path=f"{side}.score"))
    names = [f.name for f in army.characters]
    return problems + legion_problems(f"the {side}", names, f"{side}.characters", ".name")


def _figures(position: BattlePosition, side: Side) -> list[RuleError]:
    land = position.land
    problems = []
    for i, figure in enumerate(position.army(side).characters):
        power = position.power((side, i))
        if figure.hits < 0:
            problems.append(
                RuleError("hits cannot be negative", rule="12.0", path=_path(side, i, "hits"))
            )
        elif figure.hits >= power:
            problems.append(
                RuleError(
                    f"{figure.name} with {figure.hits} hits at Power-factor {power} is slain",
                    rule="12.0",
                    path=_path(side, i, "hits"),
                )
            )
        if figure.hex is not None and not may_stand(figure.kind, land, figure.hex):
            problems.append(
                RuleError(
                    f"{figure.name} may not stand on {land.hazard(figure.hex).name} "
                    f"at {hex_name(figure.hex)}",
                    rule="11.7",
                    path=_path(side, i, "hex"),
                )
            )
    return problems


def _one_per_hex(position: BattlePosition) -> list[RuleError]:
    problems = []
    seen: dict[int, str] = {}
    for side, i in position.on_board():
        hex_ = position.figure((side, i)).hex
        assert hex_ is not None
        if hex_ in seen:
            problems.append(
                RuleError(
                    f"{hex_name(hex_)} holds two characters ({seen[hex_]} and {_path(side, i)})",
                    rule="11.5",
                    path=_path(side, i, "hex"),
                )
            )
        else:
            seen[hex_] = _path(side, i)
    return problems


def _off_board(position: BattlePosition, side: Side) -> list[RuleError]:
    """10.1: who may still be off the Battleland, or already on it, at this point."""
    army = position.army(side)
    turn = own_maneuver_turn(position, side)
    problems = []
    off = [i for i, f in enumerate(army.characters) if f.hex is None]
    on = [i for i, f in enumerate(army.characters) if f.hex is not None]
    if turn == FIRST_TURN:
        # before the side's first Maneuver Phase, nobody of it is on the Battleland
        first = step_index((FIRST_TURN, Phase.MANEUVER, side))
        if step_index(step_of(position)) < first:
            problems += [
                RuleError(
                    f"the {side}'s characters enter in its first Maneuver Phase, still to come",
                    rule="10.1",
                    path=_path(side, i, "hex"),
                )
                for i in on
            ]
        return problems
    if side is Side.ATTACKER:
        allowed = [
            i
            for i in off
            if turn is not None
            and not position.summon_used
            and is_summonable_lord(army.characters[i].name)
        ][:1]
        why = "only a summoned Angel or Archangel may still enter (15.0)"
    else:
        allowed = [
            i
            for i in off
            if turn == REINFORCEMENT_TURN
            and not position.reinforcement_used
            and army.characters[i].kind.klass is not CharacterClass.LORD
        ][:1]
        why = "only the reinforcement may still enter, in the fourth Maneuver Phase (14.0)"
    for i in off:
        if i not in allowed:
            problems.append(
                RuleError(
                    f"{army.characters[i].name} did not enter in the {side}'s first Maneuver "
                    f"Phase and is eliminated; {why}",
                    rule="10.1",
                    path=_path(side, i, "hex"),
                )
            )
    return problems


def box_problems(position: BattlePosition) -> list[RuleError]:
    """2.3: no more counters of a character in the two Legions than the game has."""
    return _box(position)


def _box(position: BattlePosition) -> list[RuleError]:
    """2.3: no more counters of a character than the game has."""
    counts = Counter(f.name for ref in position.refs() for f in (position.figure(ref),))
    problems = []
    for name, n in sorted(counts.items()):
        if n > character(name).count:
            side, i = next(r for r in position.refs() if position.figure(r).name == name)
            problems.append(
                RuleError(
                    f"{n} {name} in the Battle; the game has {character(name).count}",
                    rule="2.3",
                    path=_path(side, i, "name"),
                )
            )
    return problems


def check_position(position: BattlePosition) -> list[RuleError]:
    """Every rule the position breaks; empty when it is a position the rules allow."""
    problems = _order(position)
    for side in (Side.ATTACKER, Side.DEFENDER):
        problems += _legion(position, side)
        problems += _figures(position, side)
    problems += _one_per_hex(position)
    if FIRST_TURN <= position.turn <= LAST_TURN:
        for side in (Side.ATTACKER, Side.DEFENDER):
            problems += _off_board(position, side)
    problems += _box(position)
    return problems


def validate_position(position: BattlePosition) -> BattlePosition:
    """The position itself, or ``Violations`` naming every rule it breaks."""
    problems = check_position(position)
    if problems:
        raise Violations(problems)
    return position
