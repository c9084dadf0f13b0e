"""Tactical Titan actions (4.0-8.3): their JSON, a declaration and its roll (6.4, TITAN 12.4), and
the checks every action shares."""

from __future__ import annotations

import json
import random

import pytest

from engine.errors import RuleError, Violations
from engine.tactical.actions import (
    ACTION_TYPES,
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
    action_from_dict,
)
from engine.tactical.referee import apply, check, legal_actions, legal_actions_of, roll
from engine.tactical.state import Phase
from engine.tactical.state_checks import validate
from tests.helpers.tactical_games import field_map, game

EXAMPLES = [
    Rest(3),
    Heal(3, 4),
    Muster("North Plains", "Lion", (1, 2), "O5", dice=(3, 5), master=False),
    Muster("North Plains", "Lion", (1, 2), "O5"),
    Summon("Demon", (7,), "O3", dice=(6, 6), demon_die=2),
    Summon("Lion", (7, 8), "O4"),
    Move(3, "O6"),
    Move(3, "O6", ("O5", "O6")),
    Teleport(1, "P9"),
    Teleport(1, "P9", "P11"),
    Strike(3, 9),
    Strike(3, 9, 5, True, (6, 5, 1), (10, 11)),
    Rangestrike(3, 9, (2, 6)),
    PlaceAngel("O4"),
    EndPhase(),
]


@pytest.mark.parametrize("action", EXAMPLES, ids=lambda a: f"{a.type}")
def test_json_round_trip(action):
    d = json.loads(json.dumps(action.to_dict()))
    assert d["type"] == action.type
    assert action_from_dict(d) == action


def test_every_action_type_has_an_example():
    assert {a.type for a in EXAMPLES} == set(ACTION_TYPES)


def test_a_strike_as_json():
    assert Strike(3, 9, dice=(6, 1)).to_dict() == {
        "type": "strike", "character": 3, "target": 9, "strike_number": None,
        "forgo_benefits": False, "dice": [6, 1], "carry_to": [],
    }  # fmt: skip


@pytest.mark.parametrize(
    ("d", "path"),
    [
        pytest.param([], "action", id="an-object"),
        pytest.param({"type": "dance"}, "action.type", id="unknown-type"),
        pytest.param({"type": "rest"}, "action.character", id="required-field"),
        pytest.param({"type": "rest", "character": "3"}, "action.character",
                     id="an-id-is-an-integer"),
        pytest.param({"type": "rest", "character": 3, "hex": "A1"}, "action.hex",
                     id="unknown-field"),
        pytest.param({"type": "strike", "character": 3, "target": 4, "dice": [6, "1"]},
                     "action.dice[1]", id="dice-faces"),
        pytest.param({"type": "muster", "region": "R", "character": 2, "participants": [1],
                      "hex": "A1"}, "action.character", id="muster-names-a-type"),
        pytest.param({"type": "move", "character": 3, "to": "A1", "path": "A1"}, "action.path",
                     id="path-a-list"),
        pytest.param({"type": "muster", "region": "R", "character": "Ogre", "participants": [1],
                      "hex": "A1", "master": 1}, "action.master", id="flag"),
    ],
)  # fmt: skip
def test_from_dict_refuses_a_malformed_field_by_its_path(d, path):
    with pytest.raises(RuleError) as refused:
        action_from_dict(d)
    assert refused.value.path == path


# --- declarations and rolls --------------------------------------------------------------------


def test_a_declaration_is_checked_then_rolled_6_4():
    """6.4: musters are declared before the roll; the roll comes from the caller's generator."""
    state = game(field_map(), [("Red", "Centaur", "F6"), ("Red", "Centaur", "F7")],
                 phase=Phase.MUSTER)  # fmt: skip
    declared = Muster("Fields", "Lion", (1, 2), "G7")
    assert declared in legal_actions(state) and check(state, declared) == []
    assert not declared.rolled
    rolled = roll(state, declared, random.Random(7))
    assert rolled.rolled and len(rolled.dice) == 2
    assert rolled == roll(state, declared, random.Random(7))  # seeded: the same dice
    assert roll(state, rolled, random.Random(8)) == rolled  # dice given are kept
    assert validate(apply(state, rolled)) == []


def test_a_demon_summoning_rolls_its_die_10_1():
    state = game(field_map(), [("Red", "Warlock", "C2")], phase=Phase.MUSTER)
    rolled = roll(state, Summon("Demon", (1,), "B2"), random.Random(1))
    assert len(rolled.dice) == 2 and 1 <= rolled.demon_die <= 6


def test_the_rangestrike_rolls_half_its_power_13_1():
    state = game(field_map(), [("Red", "Ranger", "E3"), ("Blue", "Ogre", "E6")],
                 phase=Phase.STRIKE)  # fmt: skip
    assert len(roll(state, Rangestrike(1, 2), random.Random(2)).dice) == 2  # Ranger 4: 2


# --- what every check shares ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "code", "path"),
    [
        pytest.param(Rest(99), "unknown_character", "action.character", id="unknown-id"),
        pytest.param(Move(1, "Z99"), "unknown_hex", "action.to", id="unknown-hex"),
        pytest.param(Move(2, "J7"), "not_the_active_players", "action.character",
                     id="4.1-not-out-of-turn"),
        pytest.param(Muster("Atlantis", "Ogre", (1,), "F7"), "unknown_region", "action.region",
                     id="unknown-region"),
        pytest.param(Rest(1), "wrong_phase", "action", id="4.0-wrong-phase"),
    ],
)  # fmt: skip
def test_problems_name_the_field_and_section(action, code, path):
    state = game(field_map(), [("Red", "Centaur", "F6", 1), ("Blue", "Ogre", "J6")])
    problems = check(state, action)
    assert (code, path) in [(p.code, p.path) for p in problems]
    assert all(p.rule for p in problems)


@pytest.mark.parametrize(
    ("action", "phase"),
    [
        pytest.param(Rest(1), Phase.HEALING, id="5.1-rest"),
        pytest.param(Heal(1, 1), Phase.HEALING, id="5.2-heal"),
        pytest.param(Muster("Fields", "Lion", (1,), "G7"), Phase.MUSTER, id="6.2-muster"),
        pytest.param(Summon("Demon", (1,), "G7"), Phase.MUSTER, id="6.3-summon"),
        pytest.param(Move(1, "G6"), Phase.MANEUVER, id="7.0-move"),
        pytest.param(Teleport(1, "G6"), Phase.MANEUVER, id="7.2-teleport"),
        pytest.param(Strike(1, 2), Phase.STRIKE, id="8.0-strike"),
        pytest.param(Rangestrike(1, 2), Phase.STRIKE, id="8.0-rangestrike"),
        pytest.param(EndPhase(), None, id="4.0-end-phase-any"),
    ],
)  # fmt: skip
def test_an_action_is_refused_outside_its_phase_4_0(action, phase):
    """4.0: each action belongs to one phase of the turn (``phase``), ending one to any."""
    assert action.phase is phase
    for now in Phase:
        state = game(field_map(), [("Red", "Centaur", "F6", 1), ("Blue", "Ogre", "J6")],
                     phase=now)  # fmt: skip
        wrong = "wrong_phase" in [p.code for p in check(state, action)]
        assert wrong is (phase is not None and now is not phase), now


def test_a_state_with_problems_answers_them_first():
    state = game(field_map(), [("Red", "Centaur", "F6"), ("Red", "Ogre", "F6")])
    problems = check(state, Move(1, "F7"))
    assert [p.path for p in problems] == ["state.characters[1].hex"]
    for refused in (lambda: legal_actions(state), lambda: legal_actions_of(state, 1)):
        with pytest.raises(Violations) as named:
            refused()
        assert named.value.problems[0].path == "state.characters[1].hex"


def test_an_illegal_action_is_not_rolled():
    state = game(field_map(), [("Red", "Ogre", "E5"), ("Blue", "Troll", "J6")], phase=Phase.STRIKE)
    with pytest.raises(Violations) as refused:
        roll(state, Strike(1, 2), random.Random(1))  # not beside it
    assert refused.value.problems[0].path == "action.target"


def test_legal_actions_of_one_character():
    state = game(field_map(), [("Red", "Centaur", "F6"), ("Red", "Ogre", "J9")])
    own = legal_actions_of(state, 1)
    assert own and all(a.character == 1 for a in own)
    assert Move(1, "F7") in own and Move(2, "J8") not in own
    assert legal_actions_of(state, 99) == []
    everyone = legal_actions(state)
    assert set(own) <= set(everyone) and EndPhase() in everyone
