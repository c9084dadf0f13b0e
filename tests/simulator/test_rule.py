"""The adaptive rule (simulator.rule, simulator/data/default_rule.json): the learned trees'
choices replayed bit for bit from their data, and the facts they read of a Battle."""

from __future__ import annotations

import numpy as np
import pytest

from engine.hexes import parse_hex
from engine.position import Army, BattlePosition, Figure, Phase, Side
from simulator import kernel, rule
from simulator.battles import BattleSpec, play, roster, start_of
from simulator.default_rule import Rule, default_rule
from simulator.engagement import Engagement, Legion
from simulator.tables import battle_tables
from simulator.tactics import ADAPTIVE, STYLES
from simulator.tactics import play as bundle


@pytest.mark.parametrize("side", [0, 1], ids=["attacker", "defender"])
def test_the_kernel_replays_the_fitted_choices_bit_for_bit(side):
    """The states recorded when the rule was fitted lead the kernel's walk of the shipped
    arrays to the very style the fitted tree chose there, and so does the walk in Python."""
    shipped = default_rule()
    cases = shipped.replay[side]
    assert cases, "the rule's data records states to replay"
    facts = np.array([x for x, _ in cases], dtype=np.float64)
    chosen = np.array([k for _, k in cases])
    walked = kernel.rule_choices(bundle(ADAPTIVE, ADAPTIVE), side, facts)
    assert np.array_equal(walked, chosen)
    assert [shipped.trees[side].choose(x) for x in facts] == list(chosen)


def test_the_rule_chooses_among_styles_the_service_knows():
    shipped = default_rule()
    assert set(shipped.styles) <= set(STYLES)
    for tree in shipped.trees:
        leaves = [k for k, left in zip(tree.leaf, tree.left, strict=True) if left < 0]
        assert leaves and all(0 <= k < len(shipped.styles) for k in leaves)
    assert Rule.from_dict(shipped.to_dict()) == shipped


def _facts(position: BattlePosition, side: int, **choices) -> np.ndarray:
    spec = BattleSpec(position, **choices)
    tables = battle_tables(roster(spec))
    return kernel.state_features(
        tables.board, tables.kinds, tables.strikes, start_of(spec, tables), side
    )


def test_the_facts_of_a_battle_before_it_begins_10_1():
    """Before the first Maneuver Phase: every character still to enter (10.1), none in
    sight, the Battle-Round 1, the defender's reinforcement to come (14.0) when it may
    muster one, the attacker's summoning (15.0) when a Lord is free."""
    trolls = Engagement(
        "Plains", Legion(0, ("Troll",) * 3), Legion(0, ("Troll",) * 2), summonable="Angel"
    )
    attacker = _facts(trolls.start, 0, summonable="Angel")
    defender = _facts(trolls.start, 1, summonable="Angel")
    assert attacker[rule.F_ROUND] == 1 and attacker[rule.F_DISTANCE] == rule.NO_ENEMY_IN_SIGHT
    assert attacker[rule.F_OWN] == 3 and attacker[rule.F_ENEMY] == 2
    assert attacker[rule.F_WAITING] == 3 and defender[rule.F_WAITING] == 2
    assert attacker[rule.F_HELP] == 1 and defender[rule.F_HELP] == 1
    assert attacker[rule.F_SHARE] > 0.5 > defender[rule.F_SHARE]  # three Trolls to two
    assert attacker[rule.F_TITAN] == -1  # no Titan (19.3)


def test_the_facts_of_a_half_fought_battle_19_1():
    """A wounded Titan reads its wounds as a share of its Power-factor (19.1: 6 at score 0);
    the distance is the fewest hexes between the two sides."""
    position = BattlePosition(
        terrain="Plains", entry_side=1, turn=3, phase=Phase.MANEUVER, active=Side.ATTACKER,
        attacker=Army(0, (Figure("Titan", parse_hex("D4"), 3), Figure("Ogre", parse_hex("D3")))),
        defender=Army(0, (Figure("Troll", parse_hex("D6")),)),
        reinforcement_used=True,
    )  # fmt: skip
    facts = _facts(position, 0)
    assert facts[rule.F_TITAN] == pytest.approx(0.5)
    assert facts[rule.F_DISTANCE] == 2
    assert facts[rule.F_ROUND] == 3 and facts[rule.F_WAITING] == 0
    assert _facts(position, 1)[rule.F_HELP] == 0  # 14.1: the reinforcement already came


def test_the_records_count_the_styles_the_rule_played():
    """Every phase of a side the rule plays is counted in one of the rule's styles; a fixed
    style counts none."""
    from dataclasses import replace

    spec = Engagement("Plains", Legion(0, ("Troll",) * 3), Legion(0, ("Troll",) * 2)).spec
    records = play(replace(spec, attacker_tactic=ADAPTIVE, defender_tactic="balanced"), 200, 5)
    steps = records.style_steps.sum(axis=2)
    assert (steps[:, 0] > 0).all() and (steps[:, 1] == 0).all()
    assert (records.changes[:, 0] <= steps[:, 0]).all()
