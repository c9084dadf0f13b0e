"""The order of a Battle and how Legions come onto the Battleland (10.0-10.5, 11.1, 14.0, 15.1)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.battle_flow import Battle, Outcome
from engine.battle_turns import (
    attacker_entry_sides,
    entering_hexes,
    may_enter,
    own_maneuver_turn,
    phase_after,
)
from engine.hexes import distance, hex_name, parse_hex
from engine.movement import legal_moves
from engine.position import Army, BattlePosition, Figure, Phase, Side

A, D = Side.ATTACKER, Side.DEFENDER
M, S = Phase.MANEUVER, Phase.STRIKE


def labels(hexes) -> set[str]:
    return {hex_name(h) for h in hexes}


def position(terrain="Plains", attacker=(), defender=(), **kw) -> BattlePosition:
    def army(chars):
        return Army(0, tuple(Figure(n, None if h is None else parse_hex(h)) for n, h in chars))

    return BattlePosition(terrain, attacker=army(attacker), defender=army(defender), **kw)


# --- order of phases ------------------------------------------------------------


def test_round_order_defender_first_10_3():
    """10.3, 10.6: the defender maneuvers first; a Strike Phase follows each Maneuver Phase."""
    steps = [(1, M, D)]
    while (following := phase_after(steps[-1])) is not None:
        steps.append(following)
    assert steps[:5] == [(1, M, D), (1, S, D), (1, M, A), (1, S, A), (2, M, D)]
    assert len(steps) == 7 * 4  # 10.5: seven Battle-Rounds
    assert steps[-1] == (7, S, A)


def test_the_referee_moves_the_position_on_and_time_runs_out_10_5():
    """engine.battle_flow: ending a phase moves the position to the next (10.3); with both
    Legions standing, the Battle is a time loss when the attacker's seventh Strike Phase
    ends, not before (10.5)."""
    apart = {"attacker": [("Ogre", "E3")], "defender": [("Troll", "B2")]}
    battle = Battle(position(turn=3, phase=S, active=A, **apart))
    battle.begin_phase()
    battle.end_phase()
    assert battle.step == (4, M, D) and battle.outcome is None
    battle = Battle(position(turn=7, phase=M, active=A, **apart))
    battle.begin_phase()
    battle.end_phase()
    assert battle.step == (7, S, A) and battle.outcome is None
    battle.begin_phase()
    battle.end_phase()
    assert battle.outcome is Outcome.TIME_LOSS and battle.rounds == 7


@pytest.mark.parametrize(
    ("turn", "phase", "active", "side", "expected"),
    [
        pytest.param(1, M, D, A, 1, id="10.3-attacker-moves-after-defender-same-turn"),
        pytest.param(1, S, A, D, 2, id="10.3-defender-next-turn"),
        pytest.param(1, S, A, A, 2, id="10.3-attacker-next-turn"),
        pytest.param(3, S, D, A, 3, id="10.3-attacker-after-defender-strike"),
        pytest.param(7, S, A, A, None, id="10.5-no-eighth-round"),
    ],
)
def test_own_maneuver_turn(turn, phase, active, side, expected):
    p = position(turn=turn, phase=phase, active=active)
    assert own_maneuver_turn(p, side) == expected


# --- entry sides (10.1, 10.2, 10.4) -------------------------------------------

ENTRY = [
    # side, attacker's four hexes, defender's three hexes (reference/README.md)
    (1, {"F1", "F2", "F3", "F4"}, {"A1", "A2", "A3"}),
    (3, {"A3", "B4", "C5", "D6"}, {"D1", "E1", "F1"}),
    (5, {"A1", "B1", "C1", "D1"}, {"D6", "E5", "F4"}),
]


@pytest.mark.parametrize(
    ("entry_side", "attacker_edge", "defender_edge"),
    [pytest.param(*row, id=f"10.1-side-{row[0]}") for row in ENTRY],
)
def test_entry_edges_10_1(entry_side, attacker_edge, defender_edge):
    p = position(entry_side=entry_side)
    assert labels(entering_hexes(p, A)) == attacker_edge
    assert labels(entering_hexes(p, D)) == defender_edge
    assert all(distance(a, d) >= 5 for a in entering_hexes(p, A) for d in entering_hexes(p, D))


@pytest.mark.parametrize(
    ("entry_side", "attacker_edge", "defender_edge"),
    [pytest.param(*row, id=f"11.1-enter-side-{row[0]}") for row in ENTRY],
)
def test_entering_counts_the_entry_hex_11_1(entry_side, attacker_edge, defender_edge):
    """11.1: a Centaur (skill 4) entering reaches the hexes within three steps of its edge;
    the defender's Ogre (skill 2) within one step of its own edge."""
    p = position(
        attacker=[("Centaur", None)], defender=[("Ogre", None)], entry_side=entry_side, turn=1
    )
    for ref, edge, skill in (((A, 0), attacker_edge, 4), ((D, 0), defender_edge, 2)):
        side_position = p if ref[0] is D else replace(p, active=A)
        edge_hexes = {parse_hex(h) for h in edge}
        expected = {h for h in range(27) if min(distance(h, e) for e in edge_hexes) <= skill - 1}
        assert legal_moves(side_position, ref) == expected


def test_titan_teleport_any_side_tower_only_five_10_4():
    assert attacker_entry_sides("Plains") == (1, 3, 5)
    assert attacker_entry_sides("Tower") == (5,)


# --- the Tower (10.2) -----------------------------------------------------------

WALLED = {"C3", "C4", "D3", "D4", "D5", "E3", "E4"}


def test_tower_defender_deploys_in_the_walled_hexes_10_2():
    p = position(
        "Tower",
        attacker=[("Ogre", None)],
        defender=[("Troll", "D4"), ("Centaur", None)],
        entry_side=5,
        turn=1,
        active=D,
    )
    assert labels(legal_moves(p, (D, 1))) == WALLED - {"D4"}
    assert legal_moves(p, (D, 0)) == frozenset()  # deployed: it does not move this phase


def test_tower_attacker_enters_from_side_5_10_2():
    p = position(
        "Tower",
        attacker=[("Ogre", None)],
        defender=[("Troll", "D4")],
        entry_side=5,
        turn=1,
        phase=M,
        active=A,
    )
    assert labels(entering_hexes(p, A)) == {"A1", "B1", "C1", "D1"}
    moves = labels(legal_moves(p, (A, 0)))
    assert {"A1", "B1", "C1", "D1"} <= moves
    assert not moves & WALLED  # two steps from the edge do not reach the walls


def test_tower_defender_moves_from_its_second_maneuver_phase_10_2():
    p = position("Tower", defender=[("Troll", "D4")], entry_side=5, turn=2, active=D)
    assert legal_moves(p, (D, 0))


def test_tower_reinforcement_enters_by_the_name_side_10_2_14_0():
    p = position(
        "Tower", defender=[("Troll", "D4"), ("Centaur", None)], entry_side=5, turn=4, active=D
    )
    assert labels(entering_hexes(p, D)) == {"D6", "E5", "F4"}
    assert {"D6", "E5", "F4"} <= labels(legal_moves(p, (D, 1)))


# --- who may still enter (10.1, 14.0, 15.1) ---------------------------------------


@pytest.mark.parametrize(
    ("side", "name", "turn", "flags", "allowed"),
    [
        pytest.param(A, "Ogre", 1, {}, True, id="10.1-first-maneuver-phase"),
        pytest.param(A, "Ogre", 2, {}, False, id="10.1-not-entered-is-eliminated"),
        pytest.param(A, "Angel", 3, {}, True, id="15.1-summoned-angel"),
        pytest.param(A, "Archangel", 3, {}, True, id="15.1-summoned-archangel"),
        pytest.param(A, "Angel", 3, {"summon_used": True}, False, id="15.3-summon-used"),
        pytest.param(D, "Centaur", 4, {}, True, id="14.0-reinforcement-fourth-phase"),
        pytest.param(D, "Centaur", 5, {}, False, id="14.0-reinforcement-only-fourth"),
        pytest.param(
            D, "Centaur", 4, {"reinforcement_used": True}, False, id="14.1-one-reinforcement"
        ),
    ],
)
def test_may_enter(side, name, turn, flags, allowed):
    chars = [(name, None)]
    p = position(
        attacker=chars if side is A else (),
        defender=chars if side is D else (),
        turn=turn,
        active=side,
        **flags,
    )
    assert may_enter(p, (side, 0)) is allowed
    assert bool(legal_moves(p, (side, 0))) is allowed


def test_summoned_angel_enters_from_attacker_side_15_1():
    p = position(
        attacker=[("Angel", None), ("Ogre", "E2")], defender=[("Troll", "B2")], turn=3, active=A
    )
    moves = legal_moves(p, (A, 0))
    assert labels(moves) >= {"F1", "F2", "F3", "F4"}
    # the Angel (skill 4) flies in: the entry hex counts, so three hexes beyond the edge
    assert max(min(distance(h, parse_hex(e)) for e in ("F1", "F2", "F3", "F4")) for h in moves) == 3


def test_flier_enters_over_an_occupied_entry_hex():
    """Ruling 11.1: the first hex a flier enters may be occupied; it flies over it."""
    p = position(
        attacker=[("Griffon", None), ("Ogre", "F1"), ("Troll", "F2"), ("Lion", "F3"),
                  ("Centaur", "F4")],
        turn=1,
        active=A,
    )  # fmt: skip
    moves = labels(legal_moves(p, (A, 0)))
    assert not moves & {"F1", "F2", "F3", "F4"}
    assert {"E1", "D3", "C3"} <= moves
    walker = position(
        attacker=[("Warbear", None), ("Ogre", "F1"), ("Troll", "F2"), ("Lion", "F3"),
                  ("Centaur", "F4")],
        turn=1,
        active=A,
    )  # fmt: skip
    assert legal_moves(walker, (A, 0)) == frozenset()


def test_strike_position_answers_for_the_next_maneuver_phase():
    """Ruling 11.0: after the attacker's third Strike Phase, the defender's next Maneuver
    Phase is its fourth: its off-board reinforcement may enter then (14.0)."""
    p = position(
        attacker=[("Ogre", "D3")],
        defender=[("Troll", "B2"), ("Centaur", None)],
        turn=3,
        phase=S,
        active=A,
    )
    assert own_maneuver_turn(p, D) == 4
    assert labels(legal_moves(p, (D, 1))) >= {"A1", "A2", "A3"}
    assert legal_moves(p, (A, 0))  # the attacker's next Maneuver Phase, not in contact


@pytest.mark.parametrize(
    ("turn", "phase", "active", "left_off"),
    [
        pytest.param(1, M, A, [("10.1", A, "Angel")], id="10.1-attacker-left-off-is-eliminated"),
        pytest.param(1, M, D, [("10.1", D, "Lion")], id="10.1-defender-left-off-is-eliminated"),
        pytest.param(2, M, A, [("15.3", A, "Angel")], id="15.3-later-the-summon-lapses"),
        pytest.param(1, S, A, [], id="10.1-not-a-maneuver-phase"),
    ],
)
def test_left_off_when_its_maneuver_phase_ends_10_1(turn, phase, active, left_off):
    """engine.battle_flow: whoever of the phasing side is still off the Battleland when its
    Maneuver Phase ends is out of the Battle (10.1); a Lord summoned later that does not
    come on is not summoned (15.3)."""
    p = position(
        attacker=[("Ogre", "F1"), ("Angel", None)],
        defender=[("Troll", "A1"), ("Lion", None)],
        turn=turn,
        phase=phase,
        active=active,
    )
    battle = Battle(p)
    battle.begin_phase()
    battle.end_phase()
    out = [(h.rule, h.side, h.name) for h in battle.journal if h.what == "not_entered"]
    assert out == left_off
