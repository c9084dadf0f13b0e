"""The order of a Battle (10.0-10.5): rounds, phases, who enters where and when.

A Battle-Round (a "turn", 1..7, 10.5) is the defender's Maneuver Phase and its
Strike Phase, then the attacker's Maneuver Phase and its Strike Phase (10.3).
A position's ``active`` side is the one whose Maneuver Phase it is, or whose
Maneuver Phase preceded the Strike Phase (it strikes first, 10.6).

In the Tower the defender deploys in the walled hexes in lieu of its first
Maneuver Phase (10.2), so the attacker is the first to maneuver; the order of
phases and the time limit are otherwise the same (see docs/rulings.md).
What happens in each phase, and the end of the Battle, is ``engine.battle_flow``.
"""

from __future__ import annotations

from engine.battlelands import TOWER
from engine.characters import TITAN, character
from engine.hexes import ENTRY_SIDES, TOWER_ENTRY_SIDE, entry_hexes
from engine.position import BattlePosition, Phase, Ref, Side

FIRST_TURN = 1
LAST_TURN = 7  # 10.5: seven Battle-Rounds
REINFORCEMENT_TURN = 4  # 14.0: the defender's fourth Maneuver Phase
TITAN_TELEPORT_SIDES: tuple[int, ...] = tuple(ENTRY_SIDES)  # 10.4: any four-hex side

# The four phases of a Battle-Round in order (10.3, 10.6).
ROUND: tuple[tuple[Phase, Side], ...] = (
    (Phase.MANEUVER, Side.DEFENDER),
    (Phase.STRIKE, Side.DEFENDER),
    (Phase.MANEUVER, Side.ATTACKER),
    (Phase.STRIKE, Side.ATTACKER),
)

Step = tuple[int, Phase, Side]  # (turn, phase, active side)


def step_of(position: BattlePosition) -> Step:
    return (position.turn, position.phase, position.active)


def step_index(step: Step) -> int:
    """Place of a phase in the whole Battle: 0 for the defender's first Maneuver Phase."""
    turn, phase, side = step
    return (turn - FIRST_TURN) * len(ROUND) + ROUND.index((phase, side))


def step_at(index: int) -> Step:
    turn, k = divmod(index, len(ROUND))
    phase, side = ROUND[k]
    return (turn + FIRST_TURN, phase, side)


def phase_after(step: Step) -> Step | None:
    """The phase that follows; None after the attacker's seventh Strike Phase (10.5)."""
    following = step_at(step_index(step) + 1)
    return None if following[0] > LAST_TURN else following


def own_maneuver_turn(position: BattlePosition, side: Side) -> int | None:
    """The turn of ``side``'s current or next Maneuver Phase; None if the Battle ends first."""
    index = step_index(step_of(position))
    while True:
        turn, phase, active = step_at(index)
        if turn > LAST_TURN:
            return None
        if phase is Phase.MANEUVER and active is side:
            return turn
        index += 1


def is_tower(position: BattlePosition) -> bool:
    return position.terrain == TOWER


def attacker_entry_sides(terrain: str) -> tuple[int, ...]:
    """Entry sides a Battle on this terrain may have: only side 5 in the Tower (10.2).

    Elsewhere any four-hex side: the one the Legion entered the Land by (10.1,
    which the masterboard decides) or, after a Titan teleport, the attacker's
    choice (10.4).
    """
    if terrain == TOWER:
        return (TOWER_ENTRY_SIDE,)
    return TITAN_TELEPORT_SIDES


def deploys_in_tower(position: BattlePosition, side: Side) -> bool:
    """10.2: the defender deploys in the walled hexes in lieu of its first Maneuver Phase."""
    return is_tower(position) and side is Side.DEFENDER and own_maneuver_turn(position, side) == 1


def entering_hexes(position: BattlePosition, side: Side) -> tuple[int, ...]:
    """Where ``side``'s off-board characters are first placed in its next Maneuver Phase.

    The side's edge of entry (10.1, 11.1; a reinforcement, 14.0, and a summoned
    Lord, 15.1, use the same edge); in the Tower at turn 1 the defender's
    walled hexes instead (10.2).
    """
    if deploys_in_tower(position, side):
        return position.land.deploy
    return entry_hexes(position.entry_side, attacker=side is Side.ATTACKER)


def is_summonable_lord(name: str) -> bool:
    """An Angel or Archangel: a Lord other than the Titan (15.0)."""
    kind = character(name)
    return kind.is_lord and kind.name != TITAN


def may_enter(position: BattlePosition, ref: Ref) -> bool:
    """May this off-board character come onto the Battleland in its side's next Maneuver Phase?

    Every character in its side's first Maneuver Phase (10.1); later only the
    attacker's summoned Angel or Archangel while the summon is not yet used
    (15.0, 15.3) and the defender's reinforcement in its fourth Maneuver Phase
    (14.0). A character on the Battleland is not entering.
    """
    side = ref[0]
    if position.figure(ref).hex is not None:
        return False
    turn = own_maneuver_turn(position, side)
    if turn is None:
        return False
    if turn == FIRST_TURN:
        return True
    if side is Side.ATTACKER:
        return not position.summon_used and is_summonable_lord(position.figure(ref).name)
    return turn == REINFORCEMENT_TURN and not position.reinforcement_used


def may_move_in_phase(position: BattlePosition, ref: Ref) -> bool:
    """Whether the phase lets this character move at all (not contact: see engine.movement).

    10.2: the defender's characters deployed in the Tower do not move in its
    first Maneuver Phase; the Battle's time may have run out (10.5).
    """
    side = ref[0]
    turn = own_maneuver_turn(position, side)
    if turn is None:
        return False
    if position.figure(ref).hex is None:
        return may_enter(position, ref)
    return not deploys_in_tower(position, side)
