"""The engine's referee (engine.battle_flow) refuses what the phase does not allow.

Each case builds one small position on the Plains and one action; the ids name the rule.
(That the kernel's Battles follow the referee is tests/simulator/test_kernel_flow.py's.)
"""

from __future__ import annotations

import pytest

from engine.battle_flow import Battle, Outcome
from engine.errors import RuleError
from engine.hexes import parse_hex
from engine.position import Army, BattlePosition, Figure, Phase, Side

A, D = Side.ATTACKER, Side.DEFENDER
M, S = Phase.MANEUVER, Phase.STRIKE


def H(label: str) -> int:
    return parse_hex(label)


def battle(attacker, defender, turn=2, phase=S, active=A, **kw) -> Battle:
    def army(figures):
        return Army(0, tuple(Figure(n, H(h), hits) for n, h, hits in figures))

    position = BattlePosition("Plains", turn=turn, phase=phase, active=active,
                              attacker=army(attacker), defender=army(defender))  # fmt: skip
    b = Battle(position, **kw)
    b.begin_phase()
    return b


# an Ogre on C3 in contact with a Troll on C4 and a Centaur on D3 (not with the Gargoyle)
ENGAGED = ([("Ogre", "C3", 0)], [("Troll", "C4", 0), ("Centaur", "D3", 0), ("Gargoyle", "A1", 0)])


def test_a_character_strikes_once_12_1():
    b = battle(*ENGAGED)
    b.strike((A, 0), H("C4"), 2)
    with pytest.raises(RuleError) as e:
        b.strike((A, 0), H("D3"), 2)
    assert e.value.rule == "12.1"


def test_the_phasing_side_strikes_first_10_6():
    b = battle(*ENGAGED)
    with pytest.raises(RuleError) as e:
        b.strike((D, 0), H("C3"), 1)  # the Ogre has not struck, and its targets live
    assert e.value.rule == "10.6"


def test_only_enemies_in_contact_are_struck_12_0():
    b = battle(*ENGAGED)
    with pytest.raises(RuleError) as e:
        b.strike((A, 0), H("A1"), 1)
    assert e.value.rule == "12.0"


def test_no_rangestrike_by_the_side_not_phasing_13_0():
    b = battle([("Ogre", "C3", 0), ("Ranger", "F2", 0)], [("Warlock", "A1", 0), ("Troll", "C4", 0)])
    b.strike((A, 0), H("C4"), 0)
    with pytest.raises(RuleError) as e:
        b.rangestrike((D, 0), H("F2"), 1)
    assert e.value.rule == "13.0"


def test_only_a_character_on_the_battleland_strikes_13_0():
    # a summoned Angel waits off the Battleland for the attacker's next Maneuver Phase
    angel = Army(0, (Figure("Ranger", H("F2")), Figure("Angel")))
    troll = Army(0, (Figure("Troll", H("A1")),))
    b = Battle(BattlePosition("Plains", turn=2, phase=S, active=A, attacker=angel, defender=troll))
    b.begin_phase()
    with pytest.raises(RuleError) as e:
        b.rangestrike((A, 1), H("A1"), 1)
    assert e.value.rule == "13.0"


def test_excess_carries_up_to_what_the_second_can_take_and_the_slain_go_at_the_end_12_4_10_6():
    b = battle(*ENGAGED)
    assert b.strike((A, 0), H("C4"), 12, carry_to=H("D3")) == 3  # Troll 8, Centaur 3
    assert len(b.position.defender.characters) == 3  # still there, slain (10.6)
    b.strike((D, 0), H("C3"), 6)  # the slain Troll strikes back
    b.end_phase()
    assert [f.name for f in b.position.defender.characters] == ["Gargoyle"]
    assert b.outcome is Outcome.DEFENDER_WINS


def test_a_character_in_contact_does_not_move_11_3():
    b = battle(*ENGAGED, phase=M)
    with pytest.raises(RuleError) as e:
        b.move((A, 0), H("E3"))
    assert e.value.rule == "11.3"


def test_a_slain_titan_ends_the_battle_with_its_legion_standing_19_3():
    b = battle([("Titan", "C3", 5), ("Ogre", "E3", 0)], [("Troll", "C4", 0)], active=D)
    b.strike((D, 0), H("C3"), 1)
    b.strike((A, 0), H("C4"), 0)
    b.end_phase()
    assert b.titan_slain[A] and b.outcome is Outcome.DEFENDER_WINS
