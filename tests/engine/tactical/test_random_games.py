"""Random games on the stored maps: from a starting state (3.1.1), every action the referee calls
legal applies without error and every state it leads to is valid, turn after turn.

Each map plays ``TACTICAL_RANDOM_TURNS`` player turns (200 by default, about ten seconds for both
maps on one core; set the variable for a longer run), by a seeded generator: the same games each
run. A game that ends (2.2.2) starts again. Every so often a sample of all the legal actions of
the moment is applied too, not only the one chosen, and the state goes through its JSON.
"""

from __future__ import annotations

import json
import os
import random
from collections import Counter
from dataclasses import replace

import pytest

from engine.tactical.actions import EndPhase, Move, Strike, action_from_dict
from engine.tactical.maps import map_names, stored_map
from engine.tactical.referee import apply, legal_actions, roll
from engine.tactical.setup import TOWER_CREATURES, starting_state
from engine.tactical.state import GameState
from engine.tactical.state_checks import validate
from engine.tactical.strike_phase import carry_recipients

TURNS = int(os.environ.get("TACTICAL_RANDOM_TURNS", "200"))
END_PHASE_CHANCE = 0.25  # how often the player ends a phase it may end, rather than act
EAGER = 0.7  # how often it seeks a fight
SAMPLE_EVERY, SAMPLE_SIZE = 40, 12  # steps between samples of every legal action, and how many
JSON_EVERY = 50


def new_game(name: str, rng: random.Random) -> GameState:
    players = [f"Player {i + 1}" for i in range(stored_map(name).players)]
    creatures = [[rng.choice(TOWER_CREATURES) for _ in range(6)] for _ in players]
    return starting_state(name, players, creatures)


def choose(state: GameState, rng: random.Random):
    """All the legal actions, and one of them: now and then the end of the phase; often a strike
    when there is one; else an action of a type drawn among those open (so that a rare one,
    a rest or a summoning, is drawn as often as a move), and of moves often the one of a few
    ending nearest an enemy, so that the armies meet and fight."""
    actions = legal_actions(state)
    assert actions, f"no legal action in {state!r}"
    ends = [a for a in actions if isinstance(a, EndPhase)]
    if ends and (len(actions) == 1 or rng.random() < END_PHASE_CHANCE):
        return actions, ends[0]
    by_type: dict[str, list] = {}
    for a in actions:
        if not isinstance(a, EndPhase):
            by_type.setdefault(a.type, []).append(a)
    strikes = by_type.get("strike", []) + by_type.get("rangestrike", [])
    if strikes and rng.random() < EAGER:
        return actions, rng.choice(strikes)
    kind = rng.choice(sorted(by_type))
    if kind == "move" and rng.random() < EAGER:
        moves = rng.sample(by_type[kind], min(8, len(by_type[kind])))
        return actions, min(moves, key=lambda a: _near(state, a))
    return actions, rng.choice(by_type[kind])


def _near(state: GameState, move: Move) -> int:
    """How far the move ends from the nearest enemy of the mover."""
    m = state.map
    mover = state.figure(move.character)
    assert mover is not None
    to = m.parse(move.to)
    return min((m.distance(to, f.hex) for f in state.figures if f.player != mover.player),
               default=0)  # fmt: skip


def rolled(state: GameState, action, rng: random.Random):
    """The action with its dice, and, for a strike, its excess carried where it may go."""
    action = roll(state, action, rng)
    if isinstance(action, Strike):
        targets = [f.id for f in carry_recipients(state, action)]
        rng.shuffle(targets)
        action = replace(action, carry_to=tuple(targets[: rng.randint(0, len(targets))]))
    return action


@pytest.mark.parametrize("name", map_names())
def test_random_legal_actions_give_valid_states(name):
    rng = random.Random(f"tactical {name}")
    state = new_game(name, rng)
    assert validate(state) == []
    turns = steps = 0
    applied: Counter[str] = Counter()
    while turns < TURNS:
        actions, action = choose(state, rng)
        if steps % SAMPLE_EVERY == 0:
            for other in rng.sample(actions, min(SAMPLE_SIZE, len(actions))):
                assert validate(apply(state, rolled(state, other, rng))) == []
        action = rolled(state, action, rng)
        assert action_from_dict(json.loads(json.dumps(action.to_dict()))) == action
        following = apply(state, action)
        problems = validate(following)
        assert problems == [], (action, problems)
        applied[action.type] += 1
        if (following.active, following.turn) != (state.active, state.turn):
            turns += 1
        if steps % JSON_EVERY == 0:
            assert GameState.from_dict(json.loads(json.dumps(following.to_dict()))) == following
        state, steps = following, steps + 1
        if state.over:
            state = new_game(name, rng)
    if TURNS >= 200:  # the run reached the actions of every phase (the rarer ones, rests,
        # heals, summonings, Angels, are held to their rules in test_turns.py)
        assert {"muster", "move", "teleport", "strike", "end_phase"} <= set(applied), applied
