"""The order of a Tactical Titan game (4.0) and what happens between its actions: the start of a
Strike Phase (Drift, the Salamander's aura, the Venemous Wyrm's poison), its end (the slain
removed, 8.0; scoring, 8.2; a slain Titan's player eliminated, 2.2.2; Angels and Archangels
due, 8.3), and the next player's turn.

``end_phase`` is the one action that moves the game on; ``place_angel`` brings in the Lords
due, in order, before anything else happens.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from types import MappingProxyType

from engine.characters import TITAN
from engine.game.problems import Problem
from engine.tactical.abilities import aura_damage, poison_damage
from engine.tactical.actions import EndPhase, PlaceAngel, find_hex, problem
from engine.tactical.board import enemies_in_contact, hex_hazard, may_stand, unoccupied
from engine.tactical.characters import character
from engine.tactical.hazards import hazard_damage
from engine.tactical.musters import Pile, in_pile, pile_for_slain
from engine.tactical.scoring import angels_due, eliminated_player_points, point_value
from engine.tactical.state import PHASES, AngelDue, Figure, GameState, Phase, Player

# --- damage outside a strike ---------------------------------------------------------------


def hurt(state: GameState, figure: Figure, damage: int, by: str | None) -> GameState:
    """``damage`` more to a character; the player ``by`` deals the killing point if this damage
    reaches its Power-factor first (2.2.2; None: a hazard)."""
    if damage <= 0:
        return state
    power = state.power(figure)
    slain_by = figure.slain_by
    if figure.damage < power <= figure.damage + damage:
        slain_by = by
    return state.with_figure(
        replace(figure, damage=min(figure.damage + damage, power), slain_by=slain_by)
    )


def remove(state: GameState, gone: Sequence[Figure]) -> GameState:
    """Characters leave play (8.0, 2.2.2): Creatures to the dead pile, Lords and Demi-Lords to the
    muster pile; a Titan to neither, as no one may muster or summon it (docs/rulings.md)."""
    ids = {f.id for f in gone}
    muster, dead = dict(state.muster_pile), dict(state.dead_pile)
    for f in gone:
        if f.name == TITAN:
            continue
        pile = dead if pile_for_slain(f.name) is Pile.DEAD else muster
        pile[f.name] = pile.get(f.name, 0) + 1
    return replace(
        state,
        figures=tuple(f for f in state.figures if f.id not in ids),
        muster_pile=MappingProxyType(muster),
        dead_pile=MappingProxyType(dead),
    )


# --- the start of a Strike Phase ---------------------------------------------------------------


def begin_strike_phase(state: GameState) -> GameState:
    """What happens as any Strike Phase begins, to every character on the map, whoever's phase it
    is: a hit to each non-native in Drift (hazard chart); a hit from each enemy Salamander it is
    locked in contact with, unless it may enter a Volcano (9.2); the poison due (9.2). A
    character slain so still strikes, and is removed at the end of the phase (hazard chart,
    docs/rulings.md)."""
    for f in state.figures:
        drift = hazard_damage(f.kind, hex_hazard(state.map, f.hex))
        state = hurt(state, _now(state, f), drift, None)
    for f in state.figures:
        for enemy in enemies_in_contact(state, f):
            state = hurt(state, _now(state, f), aura_damage(f.kind, [enemy.kind]), enemy.player)
    for f in state.figures:
        if f.poison:
            state = hurt(state, _now(state, f), f.poison, f.poisoned_by)
            state = state.with_figure(replace(_now(state, f), poison=0, poisoned_by=None))
    return state


def _now(state: GameState, figure: Figure) -> Figure:
    found = state.figure(figure.id)
    assert found is not None
    return found


def poison(state: GameState, striker: Figure, target: Figure) -> GameState:
    """9.2: a Creature a Venemous Wyrm damages takes its poison at the next Strike Phase."""
    amount = poison_damage(target.kind, [striker.kind])
    if amount <= target.poison:
        return state
    return state.with_figure(replace(target, poison=amount, poisoned_by=striker.player))


# --- the end of a Strike Phase -----------------------------------------------------------------


def end_strike_phase(state: GameState) -> GameState:
    """8.0, 8.2, 2.2.2, 8.3: remove the slain, score them, eliminate the players whose Titans
    fell, and find the Angels and Archangels due; then the next player's turn."""
    slain = [f for f in state.figures if state.slain(f)]
    points = {p.name: 0 for p in state.players}
    for f in slain:
        if f.slain_by in points:
            points[f.slain_by] += point_value(f.name, state.score_of(f.player))
    fallen = [f for f in slain if f.name == TITAN]
    gone = {f.id for f in slain}
    eliminated: list[Figure] = []
    for titan in fallen:
        rest = [f for f in state.figures_of(titan.player) if f.id not in gone]
        if titan.slain_by in points and titan.slain_by != titan.player:
            points[titan.slain_by] += eliminated_player_points([f.name for f in rest])
        eliminated += rest
        gone |= {f.id for f in rest}
    state = remove(state, [*slain, *eliminated])
    # 2.2.2: out when its Titan fell; a Legion fighting without its Titan (titan_elsewhere,
    # docs/rulings.md) is out when none of its characters is left
    out = {t.player for t in fallen} | {
        p.name for p in state.players if not p.eliminated and not any(state.figures_of(p.name))
    }
    dues: list[AngelDue] = []
    for p in _clockwise(state, state.active):
        new = p.score + points[p.name]
        if p.name not in out:
            dues += [AngelDue(p.name, name) for name in angels_due(p.score, new)]
        state = state.with_player(replace(p, score=new, eliminated=p.eliminated or p.name in out))
    state = replace(state, angels_due=tuple(dues), responding=False)
    return settle_angels(_next_turn(state))


def _clockwise(state: GameState, first: str) -> list[Player]:
    """The players from ``first`` on, in turn order (8.3: clockwise from the active player)."""
    names = [p.name for p in state.players]
    start = names.index(first) if first in names else 0
    return [state.players[(start + i) % len(names)] for i in range(len(names))]


def _next_turn(state: GameState) -> GameState:
    """4.0: the next player still in the game takes its turn, from its Healing Phase; every
    character's deeds of the turn are forgotten. Nothing moves on once the game is over."""
    if state.over:
        return replace(state, angels_due=())
    names = [p.name for p in state.players]
    here = names.index(state.active)
    for step in range(1, len(names) + 1):
        following = state.players[(here + step) % len(names)]
        if not following.eliminated:
            break
    wrapped = (here + step) >= len(names)
    return replace(
        state,
        active=following.name,
        phase=Phase.HEALING,
        turn=state.turn + (1 if wrapped else 0),
        mustered_regions=frozenset(),
        figures=tuple(replace(f, did=frozenset()) for f in state.figures),
    )


# --- Angels and Archangels (8.3) ---------------------------------------------------------------


def angel_hexes(state: GameState, due: AngelDue) -> list[int]:
    """8.3: where a Lord due may come into play: an unoccupied hex beside its player's Titan
    that it may enter, or an unoccupied hex of its player's starting tower."""
    m = state.map
    player = state.player(due.player)
    titan = state.titan_of(due.player)
    if player is None or titan is None:
        return []
    kind = character(due.name)
    found = {h for h in m.neighbours[titan.hex] if unoccupied(state, h) and may_stand(kind, m, h)}
    if player.tower is not None:  # a lone Battleland has no tower: beside the Titan only
        tower = m.starting_towers[player.tower]
        found |= {h for h in m.tower_hexes(tower) if unoccupied(state, h) and may_stand(kind, m, h)}
    return sorted(found)


def settle_angels(state: GameState) -> GameState:
    """8.3: a Lord due is lost when none of its type is left in the muster pile (2.2) or it has
    no hex to come into; the next due is then looked at."""
    dues = list(state.angels_due)
    while dues and (
        not in_pile(dues[0].name, state.muster_pile) or not angel_hexes(state, dues[0])
    ):
        dues.pop(0)
    return replace(state, angels_due=tuple(dues))


def check_place_angel(state: GameState, action: PlaceAngel) -> list[Problem]:
    if not state.angels_due:
        return [problem("no_angel_due", "no Angel or Archangel is due (8.3)", None, "8.3")]
    due = state.angels_due[0]
    hex_, found = find_hex(state, action.hex, "hex")
    if hex_ is None:
        return found
    if hex_ not in angel_hexes(state, due):
        return [
            problem(
                "not_an_angel_hex",
                f"{due.player}'s {due.name} comes into an unoccupied hex beside its Titan that it "
                f"may enter, or into its starting tower; not {action.hex} (8.3)",
                "hex",
                "8.3",
            )
        ]
    return []


def apply_place_angel(state: GameState, action: PlaceAngel) -> GameState:
    due = state.angels_due[0]
    pile = dict(state.muster_pile)
    pile[due.name] -= 1
    figure = Figure(state.next_id, due.player, due.name, state.map.parse(action.hex))
    state = replace(
        state,
        next_id=state.next_id + 1,
        muster_pile=MappingProxyType(pile),
        angels_due=state.angels_due[1:],
    ).with_figure(figure)
    return settle_angels(state)


# --- ending a phase (4.0) ----------------------------------------------------------------------


def check_end_phase(state: GameState, action: EndPhase) -> list[Problem]:
    if state.phase is Phase.STRIKE:
        # the strike rules say who still has to strike (TITAN 12.0); imported here, as they
        # build on this module's damage and removal
        from engine.tactical.strike_phase import unstruck

        waiting = unstruck(state)
        if waiting:
            f = waiting[0]
            return [
                problem(
                    "must_strike",
                    f"{f.player}'s {f.name} ({f.id}) is locked in contact and has not struck; "
                    "every character that can strike must (TITAN 12.0)",
                    None,
                    "8.0",
                )
            ]
    return []


def apply_end_phase(state: GameState, action: EndPhase) -> GameState:
    if state.phase is Phase.STRIKE:
        return end_strike_phase(state)
    following = PHASES[PHASES.index(state.phase) + 1]
    state = replace(state, phase=following)
    if following is Phase.STRIKE:
        return begin_strike_phase(state)
    return state
