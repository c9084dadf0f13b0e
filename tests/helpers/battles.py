"""Random Battles for the kernel's differential tests, and the check of one traced event.

``random_battles`` draws random Legions on a Battleland, from the start and from random
half-fought positions, and ``styled`` has every fixed style play the half-fought ones;
``assert_legal`` checks a traced move or strike with the engine's
``legal_moves`` and ``legal_strikes`` (11.0-11.7, 12.0-12.5, 13.0-13.5).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

from engine.battle_checks import check_position
from engine.battle_turns import ROUND, deploys_in_tower
from engine.characters import CHARACTERS, TITAN, character
from engine.hexes import HEX_COUNT, TOWER_ENTRY_SIDE
from engine.movement import legal_moves, may_stand
from engine.position import Army, BattlePosition, Figure, Side
from engine.strikes import StrikeKind, legal_strikes
from simulator.battles import BattleSpec, Event, EventKind
from simulator.tactics import STYLES

CREATURES = sorted(n for n, c in CHARACTERS.items() if not c.is_lord)
LORDS = ("Angel", "Archangel")


def random_legion(rnd: random.Random, size: int, titan: bool) -> tuple[str, ...]:
    names = [TITAN] if titan else []
    while len(names) < size:
        names.append(rnd.choice(CREATURES + ["Angel"] * 1))
    return tuple(names)


def random_start(rnd: random.Random, terrain: str) -> BattlePosition:
    entry = TOWER_ENTRY_SIDE if terrain == "Tower" else rnd.choice((1, 3, 5))
    for _ in range(100):
        attacker = random_legion(rnd, rnd.randint(1, 7), rnd.random() < 0.5)
        defender = random_legion(rnd, rnd.randint(1, 7), rnd.random() < 0.5)
        position = BattlePosition(
            terrain=terrain,
            entry_side=entry,
            attacker=Army(rnd.choice((0, 150, 420)), tuple(Figure(n) for n in attacker)),
            defender=Army(rnd.choice((0, 250)), tuple(Figure(n) for n in defender)),
        )
        if not check_position(position):
            return position
    raise AssertionError("no valid legions drawn")


def half_fought(rnd: random.Random, start: BattlePosition) -> BattlePosition | None:
    """The start's characters scattered over the Battleland, wounded, at a random phase."""
    land = start.land
    turn = rnd.randint(2, 7)
    phase, active = rnd.choice(ROUND)
    free = list(range(HEX_COUNT))
    rnd.shuffle(free)
    armies = {}
    for side in (Side.ATTACKER, Side.DEFENDER):
        figures = []
        for f in start.army(side).characters:
            kind = character(f.name)
            spots = [h for h in free if may_stand(kind, land, h)]
            if not spots or rnd.random() < 0.15:
                continue  # slain earlier
            free.remove(spots[0])
            power = kind.power_at(start.army(side).score)
            figures.append(Figure(f.name, spots[0], rnd.randint(0, power - 1)))
        if not figures:
            return None
        armies[side] = Army(start.army(side).score, tuple(figures))
    position = BattlePosition(
        terrain=start.terrain,
        entry_side=start.entry_side,
        turn=turn,
        phase=phase,
        active=active,
        attacker=armies[Side.ATTACKER],
        defender=armies[Side.DEFENDER],
        summon_used=rnd.random() < 0.3,
        reinforcement_used=turn > 4 or rnd.random() < 0.3,
    )
    return None if check_position(position) else position


def assert_legal(event: Event) -> None:
    """A traced event is one the engine allows: the move, or the strike's target,
    Strike-number, dice, benefits forgone and carry-over (12.4)."""
    p = event.position
    where = f"{p.to_dict()} {event}"
    if event.kind is EventKind.MOVE:
        assert event.to in legal_moves(p, event.actor), where
        if deploys_in_tower(p, event.actor[0]):
            assert event.frm is None, where
        return
    options = [o for o in legal_strikes(p, event.actor) if o.target == event.target]
    assert len(options) == 1, where
    option = options[0]
    if event.kind is EventKind.RANGESTRIKE:
        assert option.kind is StrikeKind.RANGESTRIKE, where
        assert (option.strike_number, option.dice) == (event.strike_number, event.dice), where
        assert event.carry_to is None, where
        return
    assert option.kind is StrikeKind.STRIKE, where
    plain = (event.strike_number, event.dice, event.forgo_benefits) == (
        option.strike_number,
        option.dice,
        False,
    )
    declared = [
        c
        for c in option.carry_over
        if (c.strike_number, c.forgo_benefits, c.dice)
        == (event.strike_number, event.forgo_benefits, event.dice)
    ]
    assert plain or declared, where
    if event.carry_to is not None:
        assert declared and event.carry_to in declared[0].targets, where
    # hits never exceed the dice, carried hits come out of the excess (12.4)
    assert 0 <= event.hits <= event.dice and event.carried <= event.hits, where


def random_battles(terrain: str, seed: int) -> Iterator[tuple[BattleSpec, int]]:
    """Battles of random Legions on ``terrain``, each with the index it is played at: four
    setups, each 8 times from the start and 16 times half-fought, a Lord to summon or not."""
    rnd = random.Random(f"{terrain}-{seed}")
    for setup in range(4):
        start = random_start(rnd, terrain)
        summonable = rnd.choice((None, *LORDS))
        for i in range(8):
            yield BattleSpec(start, summonable=summonable), 1000 * setup + i
        made = 0
        for _ in range(60):
            if made == 16:
                break
            position = half_fought(rnd, start)
            if position is not None:
                made += 1
                yield BattleSpec(position, summonable=summonable), 1000 * setup + 100 + made


def styled(spec: BattleSpec, index: int) -> BattleSpec:
    """A Battle of ``random_battles``, a half-fought one (index 100 and up within its setup)
    played by two fixed styles in turn: every style's choices are checked, not only those the
    default's mix takes, and no pilot tournament is played for each new position."""
    k = index % 1000 - 100 + 16 * (index // 1000)
    if k < 0:
        return spec  # from the start: the default, as a request plays it
    return replace(
        spec, attacker_tactic=STYLES[k % len(STYLES)], defender_tactic=STYLES[-1 - k % len(STYLES)]
    )
