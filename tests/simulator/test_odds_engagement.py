"""The Engagement around a Battle: scoring each Battle's end (16.x, 10.5, 19.3), Angels (17.x),
fleeing and conceding (9.2, 9.4). Records are built by hand, one row per case."""

from __future__ import annotations

import numpy as np
import pytest

from engine.hexes import parse_hex
from engine.position import Army, BattlePosition, Figure, Side
from engine.scoring import LegionResult, angels_gained, battle_points
from simulator.battles import BattleRecords, Outcome
from simulator.engagement import Engagement, Legion, alternatives, score_battles

W, L, M, T = Outcome.ATTACKER_WINS, Outcome.DEFENDER_WINS, Outcome.MUTUAL, Outcome.TIME_LOSS


def records(rows, names=()):
    """rows: (outcome, rounds, attacker_alive, defender_alive, summoned, reinforcement, titans)."""
    return BattleRecords(
        outcome=np.array([r[0] for r in rows], dtype=np.int8),
        rounds=np.array([r[1] for r in rows], dtype=np.int8),
        attacker_alive=np.array([r[2] for r in rows], dtype=bool),
        defender_alive=np.array([r[3] for r in rows], dtype=bool),
        summoned=np.array([r[4] for r in rows], dtype=bool),
        reinforcement=np.array([r[5] for r in rows], dtype=np.int16),
        reinforcement_names=tuple(names),
        titan_slain=np.array([r[6] for r in rows], dtype=bool).reshape(len(rows), 2),
    )


OGRES = Engagement("Plains", Legion(0, ("Ogre", "Ogre", "Lion")), Legion(0, ("Troll", "Troll")))
TITANS = Engagement(
    "Plains",
    Legion(150, ("Titan", "Gorgon")),
    Legion(320, ("Titan", "Ogre", "Ogre")),
    summonable="Angel",
)

# engagement, row, (attacker points, defender points), (attacker survivors, defender survivors)
CASES = {
    "16.1-attacker-wins-full-value-own-losses-ignored": (
        OGRES, (W, 3, [1, 0, 1, 0], [0, 0, 0], 0, -1, [0, 0]), (32, 0), (2, 0)),
    "16.0-reinforcement-counts-for-the-winner": (
        OGRES, (W, 6, [1, 1, 1, 0], [0, 0, 0], 0, 1, [0, 0]), (32 + 16, 0), (3, 0)),
    "16.0-defender-wins": (
        OGRES, (L, 4, [0, 0, 0, 0], [1, 0, 0], 0, -1, [0, 0]), (0, 39), (0, 1)),
    "16.1-mutual-elimination-scores-nothing": (
        OGRES, (M, 5, [0, 0, 0, 0], [0, 0, 0], 0, 0, [0, 0]), (0, 0), (0, 0)),
    "10.5-time-loss-defender-scores-nothing-attacker-eliminated": (
        OGRES, (T, 7, [1, 1, 0, 0], [1, 0, 0], 0, -1, [0, 0]), (0, 0), (0, 1)),
    "16.0-summoned-angel-counts-for-the-defender": (
        TITANS, (L, 5, [0, 0, 0], [1, 1, 0, 0], 1, -1, [1, 0]), (0, 7 * 4 + 18 + 24), (0, 2)),
    "19.3-titan-and-slain-so-far-only": (
        TITANS, (W, 4, [1, 0, 1], [0, 1, 0, 0], 1, -1, [0, 1]), (9 * 4 + 12, 0), (2, 0)),
    "19.3-slayer-eliminated-scores-nothing": (
        TITANS, (M, 4, [0, 0, 0], [0, 1, 1, 0], 0, -1, [0, 1]), (0, 0), (0, 0)),
    "19.3-attacking-titan-slain": (
        TITANS, (L, 2, [0, 1, 0], [1, 1, 0, 0], 0, -1, [1, 0]), (0, 28), (0, 2)),
}  # fmt: skip


@pytest.mark.parametrize("case", CASES, ids=list(CASES))
def test_score_one_battle(case):
    engagement, row, points, survivors = CASES[case]
    scored = score_battles(engagement, records([row], ["Ogre", "Troll"]))
    assert (int(scored.attacker.points[0]), int(scored.defender.points[0])) == points
    assert (int(scored.attacker.survivors[0]), int(scored.defender.survivors[0])) == survivors


@pytest.mark.parametrize(
    ("score", "row", "angels", "archangels"),
    [
        pytest.param(90, (W, 3, [1, 1, 1, 0], [0, 0, 0], 0, -1, [0, 0]), 1, 0,
                     id="17.0-one-angel"),
        pytest.param(470, (W, 3, [1, 1, 1, 0], [0, 0, 0], 0, -1, [0, 0]), 0, 1,
                     id="17.3-archangel"),
        pytest.param(90, (T, 7, [1, 1, 1, 0], [1, 0, 0], 0, -1, [0, 0]), 0, 0,
                     id="10.5-no-points-no-angel"),
    ],
)  # fmt: skip
def test_angels_of_the_winner_17(score, row, angels, archangels):
    engagement = Engagement("Plains", Legion(score, ("Ogre", "Ogre", "Lion")), OGRES.defender)
    scored = score_battles(engagement, records([row]))
    assert int(scored.attacker.angels[0]) == angels
    assert int(scored.attacker.archangels[0]) == archangels


def test_a_legion_of_seven_takes_no_angel_17_1():
    seven = ("Ogre",) * 6 + ("Lion",)
    engagement = Engagement("Plains", Legion(95, seven), Legion(0, ("Troll",)), summonable="Angel")
    alive = [1] * 7
    full = records([(W, 2, [*alive, 0], [0, 0], 0, -1, [0, 0])])
    one_lost = records([(W, 2, [0, *alive[1:], 0], [0, 0], 0, -1, [0, 0])])
    assert int(score_battles(engagement, full).attacker.angels[0]) == 0
    assert int(score_battles(engagement, one_lost).attacker.angels[0]) == 1


def test_vectorised_scoring_agrees_with_engine_rules_16_19():
    """Random rows scored by the vectorised code and, one by one, by engine.scoring."""
    rng = np.random.default_rng(7)
    engagement = TITANS
    n = 400
    outcome = rng.integers(0, 4, n)
    att = rng.random((n, 3)) < 0.5
    dfd = rng.random((n, 4)) < 0.5
    summoned = rng.random(n) < 0.5
    reinforcement = rng.integers(-1, 2, n)
    titans = rng.random((n, 2)) < 0.2
    att[:, -1] &= summoned
    dfd[:, -1] &= reinforcement >= 0
    rows = [
        (outcome[i], 3, att[i], dfd[i], summoned[i], reinforcement[i], titans[i]) for i in range(n)
    ]
    names = ("Ogre", "Troll")
    scored = score_battles(engagement, records(rows, names))
    for i in range(n):
        a_names = [*engagement.attacker.characters, "Angel"]
        d_names = [*engagement.defender.characters, names[reinforcement[i]]]
        a_present = [True, True, bool(summoned[i])]
        d_present = [True, True, True, bool(reinforcement[i] >= 0)]
        a_slain = tuple(
            c for c, p, a in zip(a_names, a_present, att[i], strict=True) if p and not a
        )
        d_slain = tuple(
            c for c, p, a in zip(d_names, d_present, dfd[i], strict=True) if p and not a
        )
        expected = battle_points(
            LegionResult(150, a_slain, int(att[i].sum()), bool(titans[i, 0])),
            LegionResult(320, d_slain, int(dfd[i].sum()), bool(titans[i, 1])),
            time_loss=outcome[i] == T,
        )
        got = (int(scored.attacker.points[i]), int(scored.defender.points[i]))
        assert got == expected, i
        kept = int(scored.attacker.survivors[i])
        due = angels_gained(150, expected[0], kept)
        assert int(scored.attacker.angels[i]) == due.count("Angel")
        assert int(scored.attacker.archangels[i]) == due.count("Archangel")


@pytest.mark.parametrize(
    ("defender", "allowed", "points"),
    [
        pytest.param(("Troll", "Troll", "Ogre"), True, 22, id="9.2-flee-half-of-44"),
        pytest.param(("Lion",), True, 7, id="9.2-flee-rounds-down"),
        pytest.param(("Titan", "Troll"), False, 0, id="9.2-lord-cannot-flee"),
        pytest.param(("Angel", "Troll"), False, 0, id="9.2-angel-cannot-flee"),
    ],
)
def test_fleeing_reported_beside_the_odds_9_2(defender, allowed, points):
    engagement = Engagement("Plains", Legion(0, ("Ogre",)), Legion(0, defender))
    flee = alternatives(engagement)["flee"]
    assert flee["allowed"] is allowed
    assert flee["attacker_points"] == points


def test_concession_full_value_9_4():
    engagement = Engagement("Plains", Legion(95, ("Ogre", "Lion")), Legion(180, ("Titan", "Ogre")))
    options = alternatives(engagement)
    assert options["defender_concedes"]["attacker_points"] == 7 * 4 + 12
    assert options["defender_concedes"]["attacker_angels"] == ["Angel"]  # 95 + 40 passes 100
    assert options["attacker_concedes"]["defender_points"] == 12 + 15
    assert options["attacker_concedes"]["defender_angels"] == ["Angel"]  # 180 + 27 passes 200


def test_characters_slain_before_a_position_count_for_the_winner_16_0():
    """A half-fought Battle: the Legion entered with Troll, Troll, Ogre; one Troll is gone."""
    position = BattlePosition(
        terrain="Marsh",
        turn=3,
        attacker=Army(0, (Figure("Lion", parse_hex("D4")),)),
        defender=Army(0, (Figure("Troll", parse_hex("C3"), hits=2), Figure("Ogre", None))),
    )
    engagement = Engagement(
        "Marsh",
        Legion(0, ("Lion", "Lion")),
        Legion(0, ("Troll", "Troll", "Ogre")),
        position=position,
    )
    assert engagement.slain_before(Side.DEFENDER) == ("Troll",)
    assert engagement.slain_before(Side.ATTACKER) == ("Lion",)
    scored = score_battles(
        engagement,
        records(
            [
                (W, 4, [1, 0], [0, 0, 0], 0, -1, [0, 0]),
                (L, 5, [0, 0], [0, 1, 0], 0, -1, [0, 0]),
            ]
        ),
    )
    assert scored.attacker.points.tolist() == [16 + 16 + 12, 0]
    assert scored.defender.points.tolist() == [0, 15 + 15]
    assert alternatives(engagement)["flee"]["allowed"] is False  # 9.2: only before the Battle
