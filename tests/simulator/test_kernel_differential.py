"""Kernel against engine: the kernel sees the moves the engine allows, and makes only those.

Random Legions on all eleven Battlelands, from the start and from random
half-fought positions; each traced Battle's moves are checked with
``engine.movement.legal_moves`` (11.0-11.7, 10.1-10.2) and its strikes with
``engine.strikes.legal_strikes`` (12.0-12.5, 13.0-13.5): the target, the
Strike-number declared, the dice, the benefits forgone and where the excess
hits were carried.

A kernel that only made legal choices could still miss some: so the kernel's
rule queries (``simulator.moves``: the destinations of a character, contact,
the enemies left to strike) are compared as sets with the engine's in many
random positions.
"""

from __future__ import annotations

import random
from dataclasses import replace

import numpy as np
import pytest

from engine.battle_checks import check_position
from engine.battle_turns import (
    REINFORCEMENT_TURN,
    deploys_in_tower,
    is_summonable_lord,
    may_move_in_phase,
    own_maneuver_turn,
)
from engine.battlelands import TERRAINS, battleland
from engine.characters import TITAN, character
from engine.hexes import HEX_COUNT, TOWER_ENTRY_SIDE, distance
from engine.movement import engaged as engine_engaged
from engine.movement import in_contact, legal_moves, may_stand
from engine.position import Army, BattlePosition, Figure, Side
from engine.strikes import StrikeKind, legal_strikes
from simulator import moves as kernel_moves
from simulator.battle_state import SCALARS, WITHIN, Start, new_state
from simulator.battles import BattleSpec, EventKind, roster, trace
from simulator.tables import ATTACKER, DEFENDER, OFF, battle_tables
from tests.helpers.battles import CREATURES, assert_legal, random_battles, styled


@pytest.mark.parametrize("terrain", TERRAINS)
def test_every_kernel_decision_is_legal_11_12_13(terrain):
    """11.0-11.7, 12.0-12.5, 13.0-13.5: moves and strikes of ~100 Battles per Battleland, the
    default's from the start and every style's from half-fought positions."""
    moves = strikes = rangestrikes = 0
    for spec, index in random_battles(terrain, seed=7):
        traced = trace(styled(spec, index), seed=11, index=index)
        assert traced.complete
        for event in traced.events:
            assert_legal(event)
            moves += event.kind is EventKind.MOVE
            strikes += event.kind is EventKind.STRIKE
            rangestrikes += event.kind is EventKind.RANGESTRIKE
    assert moves > 150 and strikes > 100, (moves, strikes)


# --- the kernel's rule queries against the engine's (11.0-11.7, 10.1-10.2, 12.0) -----------


def _natives_of(terrain: str) -> list[str]:
    """Creatures native to a hex or hexside hazard of this Battleland (the hazard chart)."""
    land = battleland(terrain)
    hazards = {h.name for h in land.hazards} | {s.hazard.name for s in land.hexsides.values()}
    return [n for n in CREATURES if character(n).natives & hazards]


def _roster_legions(rnd: random.Random, terrain: str) -> tuple[tuple[str, ...], ...]:
    """Three pairs of Legions of seven: natives of the land against anyone, fliers against
    walkers, and Titans with others, the attacker's with an Angel (its summonable Lord).
    Each Legion has at most four kinds of character, which keeps the tables small."""

    def legion(pool: list[str], lead: tuple[str, ...] = ()) -> tuple[str, ...]:
        kinds = rnd.sample(pool, min(4 - len(lead), len(pool)))
        return (*lead, *rnd.choices(kinds, k=7 - len(lead)))

    natives = _natives_of(terrain) or CREATURES
    fliers = [n for n in CREATURES if character(n).flies]
    walkers = [n for n in CREATURES if not character(n).flies]
    return (
        (legion(natives), legion(CREATURES)),
        (legion(fliers), legion(walkers)),
        (legion(CREATURES, (TITAN, "Angel")), legion(CREATURES, (TITAN,))),
    )


def _placement(rnd: random.Random, start: BattlePosition):
    """The start's characters at a random Maneuver Phase: some slain, some off the
    Battleland where the rules let them still enter (10.1, 14.0, 15.0), the rest on
    random hexes they may stand in, wounded. Also, per side, the index in the start of
    each character kept (its type in the start's tables); None when not a legal position."""
    land = start.land
    at = replace(start, turn=rnd.randint(1, 7), active=rnd.choice(tuple(Side)))
    free = list(range(HEX_COUNT))
    rnd.shuffle(free)
    armies, kept = {}, {}
    for side in Side:
        own = own_maneuver_turn(at, side)
        to_come = own == 1 and side is not at.active  # its first Maneuver Phase is later
        late = 1  # after its first Maneuver Phase: one Lord or one reinforcement (15.0, 14.0)
        figures, indices = [], []
        for i, f in enumerate(start.army(side).characters):
            kind = character(f.name)
            if side is Side.ATTACKER:
                late_entry = own is not None and own > 1 and is_summonable_lord(f.name)
            else:
                late_entry = own == REINFORCEMENT_TURN and not kind.is_lord
            if to_come or ((own == 1 or (late_entry and late)) and rnd.random() < 0.5):
                late -= own != 1
                figures.append(Figure(f.name))
                indices.append(i)
                continue
            spots = [h for h in free if may_stand(kind, land, h)]
            if not spots or rnd.random() < 0.2:
                continue  # slain earlier
            free.remove(spots[0])
            power = kind.power_at(start.army(side).score)
            figures.append(Figure(f.name, spots[0], rnd.randint(0, power - 1)))
            indices.append(i)
        if not figures:
            return None
        armies[side] = Army(start.army(side).score, tuple(figures))
        kept[side] = indices
    position = replace(at, attacker=armies[Side.ATTACKER], defender=armies[Side.DEFENDER])
    return None if check_position(position) else (position, kept)


def _compare_queries(position, tables, types, seen) -> None:
    """The kernel's destinations, contact and targets in ``position`` against the engine's."""
    board, kinds, strikes = tables.board, tables.kinds, tables.strikes
    where = position.to_dict()
    refs = list(position.refs())
    slot = {ref: k for k, ref in enumerate(refs)}
    hexes = np.full(len(refs), OFF, dtype=np.int8)
    for ref in position.on_board():
        hexes[slot[ref]] = position.figure(ref).hex
    code = {Side.ATTACKER: ATTACKER, Side.DEFENDER: DEFENDER}
    start = Start(
        kind=np.array([types[r] for r in refs], dtype=np.int16),
        side=np.array([code[r[0]] for r in refs], dtype=np.int8),
        hexes=hexes,
        hits=np.array([position.figure(r).hits for r in refs], dtype=np.int16),
        alive=np.ones(len(refs), dtype=np.bool_),
        deadline=np.full(len(refs), -1, dtype=np.int8),
        scalars=np.zeros(SCALARS, dtype=np.int64),
    )
    st = new_state(start, 0, 0)
    dests, best = (np.zeros(HEX_COUNT, dtype=np.int8) for _ in range(2))
    land = position.land
    hazards = {h.name for h in land.hazards} | {x.hazard.name for x in land.hexsides.values()}
    for ref in refs:
        figure, t, s = position.figure(ref), types[ref], slot[ref]
        here = OFF if figure.hex is None else figure.hex
        assert kernel_moves.engaged(board, st, s) == engine_engaged(position, ref), (where, ref)
        if figure.hex is not None:
            options = [o for o in legal_strikes(position, ref) if o.kind is StrikeKind.STRIKE]
            directions = kernel_moves.target_directions(board, st, s)
            toward = {int(board.direction[here, o.target]) for o in options}
            assert {k for k in range(6) if directions >> k & 1} == toward, (where, ref)
            assert len(toward) == len(options), (where, ref)  # one enemy a direction
            for o in options:
                k, te = board.direction[here, o.target], types[position.occupant(o.target)]
                got = (strikes.dice[t, here, k, te], strikes.number[t, here, k, te])
                assert got == (o.dice, o.strike_number), (where, ref, o)
            seen["engaged"] += bool(options)
            seen["strike"] += len(options)
        if not may_move_in_phase(position, ref) or engine_engaged(position, ref):
            continue  # the kernel does not ask (simulator.referee: who moves)
        turn = own_maneuver_turn(position, ref[0])
        n = kernel_moves.destinations(
            board, kinds, t, here, code[ref[0]], turn, st.occ, dests, best
        )
        want = legal_moves(position, ref)
        assert set(dests[:n].tolist()) == want and n == len(want), (where, ref, want)
        deploying = figure.hex is None and deploys_in_tower(position, ref[0])
        seen["deploy"] += deploying
        seen["enter"] += figure.hex is None and not deploying and turn == 1
        seen["late"] += figure.hex is None and turn > 1
        seen["fly" if figure.kind.flies else "walk"] += 1
        seen["native"] += bool(figure.kind.natives & hazards)
        seen["hexes"] += len(want)


@pytest.mark.parametrize("terrain", TERRAINS)
def test_kernel_destinations_and_contact_are_the_engines_11_12(terrain):
    """For ~90 positions per Battleland (Legions of natives, fliers against walkers, Titans
    and a Lord; entering at the first Maneuver Phase, deployed in the Tower, the summoned
    Lord and the reinforcement arriving later; occupied hexes everywhere): the hexes
    ``simulator.moves.destinations`` finds are exactly ``engine.movement.legal_moves``
    (11.0-11.7, 10.1-10.2, 14.0, 15.1), ``moves.engaged`` is ``engine.movement.engaged``
    (11.3), and ``moves.target_directions`` points to the enemies
    ``engine.strikes.legal_strikes`` lets a character strike, whose dice and Strike-numbers
    are the kernel's (12.0-12.3)."""
    rnd = random.Random(f"moves-{terrain}")
    entry = TOWER_ENTRY_SIDE if terrain == "Tower" else rnd.choice((1, 3, 5))
    seen = dict.fromkeys(("walk", "fly", "native", "enter", "deploy", "late", "engaged",
                          "hexes", "strike"), 0)  # fmt: skip
    for attacker, defender in _roster_legions(rnd, terrain):
        start = BattlePosition(
            terrain=terrain,
            entry_side=entry,
            attacker=Army(150, tuple(Figure(n) for n in attacker)),
            defender=Army(250, tuple(Figure(n) for n in defender)),
        )
        tables = battle_tables(roster(BattleSpec(start, reinforce=False)))
        type_of = {Side.ATTACKER: tables.attacker_types, Side.DEFENDER: tables.defender_types}
        made = 0
        for _ in range(400):
            if made == 30:
                break
            placed = _placement(rnd, start)
            if placed is None:
                continue
            position, kept = placed
            types = {(s, i): type_of[s][k] for s in Side for i, k in enumerate(kept[s])}
            _compare_queries(position, tables, types, seen)
            made += 1
        assert made == 30
    assert seen["walk"] > 100 and seen["fly"] > 100 and seen["enter"] > 25, seen
    assert seen["late"] > 0 and seen["engaged"] > 20 and seen["strike"] > 20, seen
    if terrain == "Tower":
        assert seen["deploy"] > 5, seen
    if _natives_of(terrain):
        assert seen["native"] > 20, seen


@pytest.mark.parametrize("terrain", TERRAINS)
def test_board_masks_are_the_engines_contact_and_distances_11_3(terrain):
    """The kernel's bit masks of a Battleland: ``contact_mask`` is the engine's contact
    (11.3), which is mutual, and ``within_mask`` the hexes at most d steps away, for every
    distance on the Battleland (the tactic's survey finds the nearest enemy ring by ring,
    and the hexes in contact with any enemy as those any enemy is in contact with)."""
    land = battleland(terrain)
    start = BattlePosition(
        terrain=terrain,
        entry_side=TOWER_ENTRY_SIDE if terrain == "Tower" else 1,
        attacker=Army(0, (Figure("Ogre"),)),
        defender=Army(0, (Figure("Troll"),)),
    )
    board = battle_tables(roster(BattleSpec(start))).board
    for a in range(HEX_COUNT):
        for b in range(HEX_COUNT):
            touching = bool((int(board.contact_mask[a]) >> b) & 1)
            assert touching == in_contact(land, a, b) == in_contact(land, b, a), (a, b)
            assert distance(a, b) < WITHIN, (a, b)
            for d in range(WITHIN):
                within = bool((int(board.within_mask[a, d]) >> b) & 1)
                assert within == (distance(a, b) <= d), (a, b, d)
