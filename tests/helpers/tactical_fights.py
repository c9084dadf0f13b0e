"""Tactical Titan fights for the kernel's tests: random armies met on a map, and the replay of a
kernel's fight through the engine's referee, action by action.

``random_state`` places each player's Titan and a handful of random characters (the variant's
new ones among them) round a point of the map, hurt and poisoned at random, with random scores
(so Titans grow and Angels come, 8.2, 8.3), in a random phase (4.0). ``replay`` hands every
action of a traced fight to ``engine.tactical.referee`` and holds the kernel to the engine:
each action legal (``check_action``), each strike's Strike-number and dice the engine's, each
move's damage and each heal's points the engine's, the start of each Strike Phase the engine's,
and the end (who is left, the scores, the Titans fallen) the engine's.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.characters import TITAN
from engine.tactical import referee
from engine.tactical.actions import EndPhase, Heal, Move, Muster, Rangestrike, Rest, Strike, Summon
from engine.tactical.board import may_stand
from engine.tactical.characters import CHARACTERS, NAMES
from engine.tactical.healing_phase import rest_amount
from engine.tactical.maps import Map
from engine.tactical.movement import reachable
from engine.tactical.state import GameState, Phase
from engine.tactical.state_checks import validate
from engine.tactical.strikes import dice_of, least_number, rangestrike_terms, strike_terms
from simulator.tactical import state as s
from simulator.tactical.trace import Traced

PLAYERS = ("Red", "Blue", "Green", "Gold")
# every type the kernel may meet in a fight, but the Demons' die-picked six (one stands for them)
POOL = (*(n for n in NAMES if n != TITAN and not n.startswith("Demon ")), "Demon 3")


def _near(m: Map, centre: int, reach: int) -> list[int]:
    return list(m.grid.within(centre, reach))


def random_state(
    m: Map,
    map_name: str | None,
    rnd: random.Random,
    *,
    players: int = 2,
    size: tuple[int, int] = (3, 8),
    phases: Sequence[Phase] = (Phase.HEALING, Phase.HEALING, Phase.MANEUVER, Phase.STRIKE),
) -> dict[str, Any]:
    """A state's JSON: ``players`` armies of a Titan and ``size`` random characters each, round
    points a few hexes apart; the map named (a stored one) or given whole."""
    grid = m.grid
    taken: set[int] = set()
    counts: Counter[str] = Counter()
    characters = []
    first = rnd.randrange(len(grid))
    centres = [first]
    while len(centres) < players:
        options = [h for h in _near(m, first, 7) if 4 <= m.distance(first, h) <= 7]
        centres.append(rnd.choice(options or list(grid.hexes)))
    names = PLAYERS[:players]
    for player, centre in zip(names, centres, strict=True):
        army = [TITAN, *rnd.choices(POOL, k=rnd.randint(*size))]
        for name in army:
            kind = CHARACTERS[name]
            spots = [
                h for h in _near(m, centre, 3) if h not in taken and may_stand(kind, m, h)
            ] or [h for h in grid.hexes if h not in taken and may_stand(kind, m, h)]
            h = rnd.choice(spots)
            taken.add(h)
            counts[name] += 1
            power = kind.power_at(0)
            hurt = rnd.random() < 0.4
            row: dict[str, Any] = {
                "id": len(characters) + 1,
                "player": player,
                "name": name,
                "hex": m.name_of(h),
                "damage": rnd.randrange(power) if hurt else 0,
            }
            if kind.is_creature and rnd.random() < 0.1:
                row["poison"] = 2
                row["poisoned_by"] = rnd.choice([p for p in names if p != player])
            characters.append(row)
    sets = max(1, max(CHARACTERS[n].count and -(-c // CHARACTERS[n].count) for n, c in
                      counts.items() if n != TITAN))  # fmt: skip
    towers = [m.regions[t.region].name for t in m.starting_towers]
    return {
        "map": map_name if map_name is not None else m.to_dict(),
        "sets": sets,
        "turn": rnd.randint(1, 5),
        "active": rnd.choice(names),
        "phase": rnd.choice(list(phases)).value,
        "players": [
            {"name": p, "tower": towers[i], "score": rnd.choice((0, 0, 60, 180, 190, 395, 980))}
            for i, p in enumerate(names)
        ],
        "characters": characters,
    }


@dataclass
class Tally:
    """How often each rule was exercised in the replays (a replay that met nothing proves
    nothing)."""

    seen: Counter[str] = field(default_factory=Counter)

    def add(self, what: str, n: int = 1) -> None:
        self.seen[what] += n


def _fail(state: GameState, i: int, row: tuple[int, ...], why: str) -> AssertionError:
    return AssertionError(f"event {i} {row}: {why} ({state!r})")


def replay(start: GameState, traced: Traced, tally: Tally, *, check_states: bool = True):
    """The engine's state after every action of ``traced``, each checked (see the module)."""
    state = start
    hurts: list[tuple[int, int, int]] = []
    ids = {i: f.id for i, f in enumerate(start.figures)}
    players = [p.name for p in start.players]
    before_strike: tuple[GameState, GameState] | None = None
    for i, event in enumerate(traced.events):
        row, action = event.row, event.action
        if action is None:
            if row[s.L_EVENT] == s.EV_HURT:  # the start of a Strike Phase (Drift, aura, poison)
                hurts.append((row[s.L_A], row[s.L_B], row[s.L_C]))
            continue
        if before_strike is not None:
            _check_hurts(*before_strike, hurts, ids, players, tally)
            before_strike, hurts = None, []
        problems = referee.check_action(state, action)
        if problems:
            raise _fail(state, i, row, f"{action} refused: {[p.message for p in problems]}")
        _check_terms(state, i, row, action, tally)
        _, apply = referee.RULES[type(action)]
        after = apply(state, action)
        if isinstance(action, Strike | Rangestrike):
            target = after.figure(action.target)
            assert target is not None
            if target.damage != row[s.L_AFTER]:
                raise _fail(state, i, row, f"the target ends at {target.damage} damage")
            if isinstance(action, Strike):
                tally.add("carry", len(action.carry_to))
        if row[s.L_EVENT] == s.EV_ANGEL:
            ids[row[s.L_D]] = after.figures[-1].id
            tally.add("angel")
        if isinstance(action, Muster | Summon):
            _check_arrival(state, after, i, row, action, tally)
            if row[s.L_D] != s.NONE:
                ids[row[s.L_D]] = after.figures[-1].id
        if isinstance(action, EndPhase):
            tally.add(f"end {state.phase.value}")
            if state.phase is Phase.MANEUVER:
                before_strike = (state, after)
            if check_states and state.phase is Phase.STRIKE:
                problems = validate(after)
                if problems:
                    raise _fail(after, i, row, f"invalid: {[p.message for p in problems]}")
        state = after
    if before_strike is not None:
        _check_hurts(*before_strike, hurts, ids, players, tally)
    _check_end(start, state, traced, ids)
    return state


def _check_terms(state: GameState, i: int, row: tuple[int, ...], action: Any, tally: Tally):
    if isinstance(action, Strike):
        striker, target = state.figure(action.character), state.figure(action.target)
        assert striker is not None and target is not None
        terms = strike_terms(state, striker, target)
        assert terms is not None
        if (least_number(terms, False), dice_of(terms, False)) != (row[s.L_C], row[s.L_D]):
            raise _fail(state, i, row, f"the engine strikes at {terms}")
        if len(state.at(target.hex)) > 1:
            tally.add("strike into an overstacked hex")
        tally.add("strike")
    elif isinstance(action, Rangestrike):
        striker, target = state.figure(action.character), state.figure(action.target)
        assert striker is not None and target is not None
        found = rangestrike_terms(state, striker, target)
        assert not isinstance(found, str)
        if (found.strike_number, found.dice) != (row[s.L_C], row[s.L_D]):
            raise _fail(state, i, row, f"the engine rangestrikes at {found}")
        tally.add("rangestrike")
    elif isinstance(action, Move):
        figure = state.figure(action.character)
        assert figure is not None
        way = reachable(state, figure).get(state.map.parse(action.to))
        assert way is not None
        if way.damage != row[s.L_C]:
            raise _fail(state, i, row, f"the engine's way there hurts {way.damage}")
        tally.add("move")
        if len(state.at(state.map.parse(action.to))) == 1:
            tally.add("overstack")
        if row[s.L_C]:
            tally.add("hurt crossing")
    elif isinstance(action, Rest):
        figure = state.figure(action.character)
        assert figure is not None
        healed = min(rest_amount(state, figure), figure.damage)
        if healed != row[s.L_B]:
            raise _fail(state, i, row, f"the engine's rest heals {healed}")
        tally.add("rest")
    elif isinstance(action, Heal):
        tally.add("heal")


def _check_arrival(
    state: GameState, after: GameState, i: int, row: tuple[int, ...], action: Any, tally: Tally
) -> None:
    """A muster or summoning brings a character in the engine exactly when it does in the
    kernel (6.2, 9.1, 10.1, 10.2)."""
    brought = len(after.figures) > len(state.figures)
    if brought != (row[s.L_D] != s.NONE):
        raise _fail(state, i, row, f"the engine {'brings' if brought else 'brings nobody'}")
    if isinstance(action, Muster):
        what = "muster"
    else:
        summoner = state.figure(action.summoners[0])
        assert summoner is not None
        what = f"{summoner.name} summons"
    tally.add(what)
    if brought:
        tally.add(f"{what} succeeds")
        if isinstance(action, Muster) and action.master:
            tally.add("master muster")


def _check_hurts(
    pre: GameState,
    post: GameState,
    hurts: list[tuple[int, int, int]],
    ids: dict[int, int],
    players: list[str],
    tally: Tally,
) -> None:
    """The start of the Strike Phase (Drift, aura, poison): the damage the kernel dealt to the
    state before the Maneuver Phase ended is the engine's, and so are the killing points'
    owners (2.2.2)."""
    damage = {f.id: f.damage for f in pre.figures}
    slayer = {f.id: f.slain_by for f in pre.figures}
    for slot, amount, by in hurts:
        figure = pre.figure(ids[slot])
        assert figure is not None
        power = pre.power(figure)
        if damage[figure.id] < power <= damage[figure.id] + amount:
            slayer[figure.id] = None if by < 0 else players[by]
        damage[figure.id] = min(damage[figure.id] + amount, power)
        tally.add("drift, aura or poison")
    for f in post.figures:
        assert (f.damage, f.slain_by) == (damage[f.id], slayer[f.id]), (f, damage[f.id])


def _check_end(start: GameState, end: GameState, traced: Traced, ids: dict[int, int]) -> None:
    """Who is left, the scores and the fallen Titans: the engine's."""
    fights = traced.fights
    for i, f in enumerate(start.figures):
        alive = end.figure(f.id) is not None
        assert alive == bool(fights.survived[0, i]), (f, alive)
    for q, p in enumerate(start.players):
        now = end.player(p.name)
        assert now is not None
        assert now.score - p.score == fights.gained[0, q], (p.name, now.score, p.score)
        standing = any(f.player == p.name for f in end.figures)
        # out when its Titan fell; fighting without it, when none of its characters is left
        out = bool(fights.fell[0, q]) or p.eliminated or (p.titan_elsewhere and not standing)
        assert now.eliminated == out, p.name
        assert standing == bool(fights.standing[0, q]), p.name
