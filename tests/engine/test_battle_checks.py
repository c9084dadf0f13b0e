"""Whether a Battle position obeys the rules: each problem names its rule and its JSON path."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.battle_checks import check_position, validate_position
from engine.errors import Violations
from engine.hexes import parse_hex
from engine.position import Army, BattlePosition, Figure, Phase, Side

A, D = Side.ATTACKER, Side.DEFENDER


def army(*chars, score=0) -> Army:
    return Army(score, tuple(Figure(*c) if isinstance(c, tuple) else Figure(c) for c in chars))


def hexed(name, label, hits=0):
    return (name, None if label is None else parse_hex(label), hits)


# A sound position in the middle of a Battle: turn 2, the attacker's Maneuver Phase.
SOUND = BattlePosition(
    "Desert",
    entry_side=1,
    turn=2,
    phase=Phase.MANEUVER,
    active=A,
    attacker=army(hexed("Titan", "E2", 5), hexed("Ogre", "D3"), hexed("Troll", "E3"), score=120),
    defender=army(hexed("Lion", "B2", 4), hexed("Hydra", "A1")),
)


def test_sound_position_has_no_problem():
    assert check_position(SOUND) == []
    assert validate_position(SOUND) is SOUND


def with_attacker(*chars, **kw) -> BattlePosition:
    return replace(SOUND, attacker=army(*chars, score=kw.pop("score", 0)), **kw)


CASES = [
    # (id, position, rule, path)
    (
        "11.5-two-characters-in-one-hex",
        with_attacker(hexed("Ogre", "D3"), hexed("Troll", "D3")),
        "11.5",
        "attacker.characters[1].hex",
    ),
    (
        "11.5-two-characters-in-one-hex-across-sides",
        with_attacker(hexed("Ogre", "B2")),
        "11.5",
        "defender.characters[0].hex",
    ),
    (
        "11.7-walker-on-a-tree",
        replace(SOUND, terrain="Woods", defender=army(hexed("Lion", "C3"))),
        "11.7",
        "defender.characters[0].hex",
    ),
    (
        "11.7-flier-on-a-tree",
        replace(SOUND, terrain="Hills", defender=army(hexed("Griffon", "C2"))),
        "11.7",
        "defender.characters[0].hex",
    ),
    (
        "11.7-volcano-non-dragon",
        replace(SOUND, terrain="Mountains", defender=army(hexed("Griffon", "D4"))),
        "11.7",
        "defender.characters[0].hex",
    ),
    (
        "11.7-bog-non-native",
        replace(SOUND, terrain="Marsh", attacker=army(hexed("Centaur", "C3"))),
        "11.7",
        "attacker.characters[0].hex",
    ),
    (
        "4.1-eight-characters",
        with_attacker(
            *[hexed("Ogre", h) for h in ("F1", "F2", "F3", "F4", "E1", "E2", "E3", "E4")]
        ),
        "4.1",
        "attacker.characters",
    ),
    (
        "12.0-hits-reach-power-slain",
        with_attacker(hexed("Ogre", "D3", 6)),
        "12.0",
        "attacker.characters[0].hits",
    ),
    (
        "19.1-titan-hits-against-power-from-score",
        with_attacker(hexed("Titan", "D3", 6), score=99),
        "12.0",
        "attacker.characters[0].hits",
    ),
    (
        "12.0-negative-hits",
        with_attacker(hexed("Ogre", "D3", -1)),
        "12.0",
        "attacker.characters[0].hits",
    ),
    (
        "3.1-two-titans",
        with_attacker(hexed("Titan", "D3"), hexed("Titan", "E3")),
        "3.1",
        "attacker.characters[1].name",
    ),
    ("10.1-entry-side-2", replace(SOUND, entry_side=2), "10.1", "entry_side"),
    (
        "10.2-tower-not-from-side-5",
        replace(SOUND, terrain="Tower", entry_side=1),
        "10.2",
        "entry_side",
    ),
    ("10.5-turn-0", replace(SOUND, turn=0), "10.5", "turn"),
    ("10.5-turn-8", replace(SOUND, turn=8), "10.5", "turn"),
    (
        "10.1-not-entered-in-first-maneuver-phase",
        with_attacker(hexed("Ogre", "D3"), hexed("Troll", None)),
        "10.1",
        "attacker.characters[1].hex",
    ),
    (
        "15.3-second-summoned-lord",
        with_attacker(hexed("Ogre", "D3"), hexed("Angel", None), hexed("Archangel", None)),
        "10.1",
        "attacker.characters[2].hex",
    ),
    (
        "15.3-summon-already-used",
        replace(with_attacker(hexed("Ogre", "D3"), hexed("Angel", None)), summon_used=True),
        "10.1",
        "attacker.characters[1].hex",
    ),
    (
        "14.0-reinforcement-not-at-turn-4",
        replace(SOUND, defender=army(hexed("Lion", "B2"), hexed("Lion", None))),
        "10.1",
        "defender.characters[1].hex",
    ),
    (
        "10.1-attacker-on-board-before-its-first-maneuver-phase",
        replace(
            SOUND,
            turn=1,
            active=D,
            attacker=army(hexed("Ogre", "F1")),
            defender=army(hexed("Lion", None)),
        ),
        "10.1",
        "attacker.characters[0].hex",
    ),
    (
        "2.3-more-than-the-box-holds",
        replace(
            SOUND,
            attacker=army(*[hexed("Guardian", h) for h in ("F1", "F2", "F3", "F4")]),
            defender=army(*[hexed("Guardian", h) for h in ("A1", "A2", "A3")]),
        ),
        "2.3",
        "attacker.characters[0].name",
    ),
    ("16.0-negative-score", with_attacker(hexed("Ogre", "D3"), score=-5), "16.0", "attacker.score"),
]


@pytest.mark.parametrize(("p", "rule", "path"), [pytest.param(*c[1:], id=c[0]) for c in CASES])
def test_problem_named_with_rule_and_path(p, rule, path):
    problems = check_position(p)
    assert (rule, path) in {(e.rule, e.path) for e in problems}, problems
    with pytest.raises(Violations) as caught:
        validate_position(p)
    assert any(e.rule == rule and e.path == path for e in caught.value.problems)


ALLOWED = [
    (
        "10.1-everyone-off-board-before-the-first-maneuver-phase",
        BattlePosition("Plains", attacker=army("Titan", "Ogre"), defender=army("Troll", "Angel")),
    ),
    (
        "15.1-one-summoned-lord-may-wait",
        with_attacker(hexed("Ogre", "D3"), hexed("Angel", None)),
    ),
    (
        "14.0-one-reinforcement-at-turn-4",
        replace(SOUND, turn=4, active=D, defender=army(hexed("Lion", "B2"), hexed("Lion", None))),
    ),
    (
        "14.0-reinforcement-next-is-turn-4",
        replace(
            SOUND,
            turn=3,
            phase=Phase.STRIKE,
            defender=army(hexed("Lion", "B2"), hexed("Lion", None)),
        ),
    ),
    (
        "10.2-tower-deployment-in-progress",
        BattlePosition(
            "Tower",
            entry_side=5,
            defender=army(hexed("Troll", "D4"), hexed("Ogre", None)),
            attacker=army(hexed("Titan", None)),
        ),
    ),
    (
        "11.7-natives-where-they-may-stand",
        BattlePosition(
            "Mountains",
            entry_side=3,
            turn=3,
            attacker=army(hexed("Dragon", "D4")),
            defender=army(hexed("Wyvern", "A1")),
        ),
    ),
    (
        "11.7-bog-native",
        replace(SOUND, terrain="Marsh", attacker=army(hexed("Ogre", "C3"), hexed("Wyvern", "C2"))),
    ),
]


@pytest.mark.parametrize("p", [pytest.param(c[1], id=c[0]) for c in ALLOWED])
def test_allowed_positions(p):
    assert check_position(p) == []
