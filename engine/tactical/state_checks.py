"""Whether a Tactical Titan game state obeys the rules: a list of named problems, each with its
code, message, section (the variant's, or "TITAN n" for The Law of Titan's) and the JSON path
of the field at fault (``state.characters[3].hex``).

Names first: a state naming a character type or a player it does not have is answered with
those problems alone, since no rule can be judged on it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from engine.characters import ANGEL, ARCHANGEL, TITAN
from engine.game.problems import Problem
from engine.names import suggestion
from engine.tactical.abilities import MOST_IN_A_HEX, may_share_hex
from engine.tactical.board import may_stand, per_state
from engine.tactical.characters import CHARACTERS
from engine.tactical.state import (
    DEED_PHASE,
    FIRST_TURN,
    PHASES,
    Deed,
    Figure,
    GameState,
    Phase,
    box_count,
)

Problems = Iterator[Problem]


def _at(i: int, field: str | None = None) -> str:
    return f"state.characters[{i}]" + ("" if field is None else f".{field}")


def validate(state: GameState) -> list[Problem]:
    """Every problem of the state; empty when it is one the rules allow. (A state is frozen:
    the answer is kept for the last few states asked of, which the referee asks again.)"""
    return list(per_state(state, "problems", lambda s: tuple(_problems(s))))


def _problems(state: GameState) -> list[Problem]:
    problems = list(_names(state))
    if problems:
        return problems
    for check in (_players, _turn, _characters, _titans, _hexes, _deeds, _piles, _pending):
        problems.extend(check(state))
    return problems


def _names(state: GameState) -> Problems:
    players = {p.name for p in state.players}
    for i, f in enumerate(state.figures):
        if f.name not in CHARACTERS:
            yield Problem(
                "unknown_character",
                f"unknown character {f.name!r}{suggestion(f.name, CHARACTERS)}",
                _at(i, "name"),
                "11.0",
            )
        if f.player not in players:
            yield Problem(
                "unknown_player",
                f"{f.player!r} is not a player of this game",
                _at(i, "player"),
                "3.0",
            )
        for field in ("poisoned_by", "slain_by"):
            who = getattr(f, field)
            if who is not None and who not in players:
                yield Problem(
                    "unknown_player", f"{who!r} is not a player of this game", _at(i, field), "3.0"
                )
    for where in ("muster_pile", "dead_pile"):
        for name in getattr(state, where):
            if name not in CHARACTERS:
                yield Problem(
                    "unknown_character",
                    f"unknown character {name!r}",
                    f"state.{where}.{name}",
                    "2.2",
                )
    if state.active not in players:
        yield Problem(
            "unknown_player",
            f"the active player {state.active!r} is not a player",
            "state.active",
            "4.0",
        )
    for i, due in enumerate(state.angels_due):
        if due.player not in players:
            yield Problem(
                "unknown_player",
                f"{due.player!r} is not a player",
                f"state.angels_due[{i}].player",
                "8.3",
            )
        if due.name not in (ANGEL, ARCHANGEL):
            yield Problem(
                "not_an_angel",
                f"only Angels and Archangels are earned, not a {due.name}",
                f"state.angels_due[{i}].name",
                "8.3",
            )


def _players(state: GameState) -> Problems:
    names: set[str] = set()
    towers: dict[int, str] = {}
    for i, p in enumerate(state.players):
        at = f"state.players[{i}]"
        if not p.name.strip():
            yield Problem("unnamed_player", "a player has a name", f"{at}.name", "3.0")
        if p.name in names:
            yield Problem("player_twice", f"two players are named {p.name!r}", f"{at}.name", "3.0")
        names.add(p.name)
        towers_here = len(state.map.starting_towers)
        if p.tower is None and towers_here:
            yield Problem("no_tower", f"{p.name} has a starting tower (3.1)", f"{at}.tower", "3.1")
        elif p.tower is not None and not 0 <= p.tower < towers_here:
            yield Problem(
                "no_such_tower",
                f"{p.name}'s starting tower is not one of the map's {towers_here} (3.1)",
                f"{at}.tower",
                "3.1",
            )
        elif p.tower in towers:
            yield Problem(
                "tower_twice",
                f"{p.name} and {towers[p.tower]} share a starting tower",
                f"{at}.tower",
                "3.1",
            )
        if p.tower is not None:
            towers.setdefault(p.tower, p.name)
        if p.score < 0:
            yield Problem("negative_score", "a score is 0 or more", f"{at}.score", "8.2")
    if not state.players:
        yield Problem("no_players", "a game has players", "state.players", "3.0")
    active = state.player(state.active)
    if active is not None and active.eliminated and not state.over:
        yield Problem(
            "active_eliminated",
            f"{active.name} is out of the game (2.2.2)",
            "state.active",
            "2.2.2",
        )
    if state.sets < 1:
        yield Problem("no_sets", "the counters come from one game set or more", "state.sets", "2.0")


def _turn(state: GameState) -> Problems:
    if state.turn < FIRST_TURN:
        yield Problem("bad_turn", f"turns count from {FIRST_TURN}", "state.turn", "4.0")
    if state.mustered_regions and PHASES.index(state.phase) < PHASES.index(Phase.MUSTER):
        yield Problem(
            "mustered_too_soon",
            "no region has mustered before the Muster Phase",
            "state.mustered_regions",
            "6.2",
        )
    if state.responding and state.phase is not Phase.STRIKE:
        yield Problem(
            "responding_out_of_phase",
            "characters strike back in a Strike Phase",
            "state.responding",
            "8.0",
        )


def _characters(state: GameState) -> Problems:
    ids: set[int] = set()
    m = state.map
    for i, f in enumerate(state.figures):
        if f.id in ids:
            yield Problem("id_twice", f"two characters have id {f.id}", _at(i, "id"), "4.0")
        ids.add(f.id)
        if not 0 < f.id < state.next_id:
            yield Problem(
                "bad_id",
                f"ids run from 1 to next_id {state.next_id}, not {f.id}",
                _at(i, "id"),
                "4.0",
            )
        owner = state.player(f.player)
        if owner is not None and owner.eliminated:
            yield Problem(
                "eliminated_players_character",
                f"{f.player} is out of the game; its characters were removed (2.2.2)",
                _at(i, "player"),
                "2.2.2",
            )
        if f.damage < 0:
            yield Problem("negative_damage", "damage is 0 or more", _at(i, "damage"), "5.0")
        elif state.slain(f) and state.phase is not Phase.STRIKE:
            yield Problem(
                "slain_in_play",
                f"the {f.name} has {f.damage} damage at Power-factor "
                f"{state.power(f)}: slain, removed at the end of the Strike Phase "
                "(TITAN 12.6)",
                _at(i, "damage"),
                "8.0",
            )
        if f.damage > state.power(f):
            yield Problem(
                "damage_beyond_power",
                f"the {f.name} holds more damage than its Power-factor {state.power(f)}",
                _at(i, "damage"),
                "TITAN 12.0",
            )
        if (f.slain_by is not None) and not state.slain(f):
            yield Problem(
                "slayer_of_the_living",
                "only a slain character has a slayer",
                _at(i, "slain_by"),
                "2.2.2",
            )
        if f.poison < 0 or (f.poison and not f.kind.is_creature):
            yield Problem(
                "bad_poison",
                "poison is due to Creatures only, 0 or more (9.2)",
                _at(i, "poison"),
                "9.2",
            )
        if (f.poison > 0) != (f.poisoned_by is not None):
            yield Problem(
                "poisoner",
                "poison due names the player whose Wyrm dealt it (9.2)",
                _at(i, "poisoned_by"),
                "9.2",
            )
        if not may_stand(f.kind, m, f.hex):
            yield Problem(
                "may_not_be_there",
                f"a {f.name} may not be in a {m.hazard(f.hex)} hex ({m.name_of(f.hex)})",
                _at(i, "hex"),
                "TITAN 11.5",
            )


def _titan_elsewhere(state: GameState, i: int, titans: list[Figure]) -> Problems:
    """A player fighting without its Titan has none in play, and is out once it has no
    character (docs/rulings.md, "variant: tactical")."""
    p = state.players[i]
    if titans:
        yield Problem(
            "titan_not_elsewhere",
            f"{p.name}'s Titan is in play, yet it is said to fight without it",
            f"state.players[{i}].titan_elsewhere",
            "2.2.2",
        )
    if not p.eliminated and not any(state.figures_of(p.name)):
        yield Problem(
            "nobody_left",
            f"{p.name} fights without its Titan and has no character left: it is out",
            f"state.players[{i}].eliminated",
            "2.2.2",
        )


def _titans(state: GameState) -> Problems:
    """2.2.2: each player still in the game has its Titan in play, one only (TITAN 3.1)."""
    for i, p in enumerate(state.players):
        titans = [f for f in state.figures_of(p.name) if f.name == TITAN]
        if p.titan_elsewhere:
            yield from _titan_elsewhere(state, i, titans)
        elif not p.eliminated and not titans:
            yield Problem(
                "no_titan",
                f"{p.name} has no Titan in play; a player whose Titan is slain is out (2.2.2)",
                f"state.players[{i}].eliminated",
                "2.2.2",
            )
        for extra in titans[1:]:
            yield Problem(
                "titan_twice",
                f"{p.name} has two Titans",
                _at(state.index_of(extra.id), "name"),
                "TITAN 3.1",
            )


def _hexes(state: GameState) -> Problems:
    """TITAN 11.5: one character a hex; 7.3: two friends when one of them overstacks there."""
    seen: set[int] = set()
    for f in state.figures:
        if f.hex in seen:
            continue
        seen.add(f.hex)
        there = state.at(f.hex)
        if len(there) < 2:
            continue
        label = state.map.name_of(f.hex)
        at = _at(state.index_of(there[-1].id), "hex")
        if len(there) > MOST_IN_A_HEX:
            yield Problem(
                "hex_overfull",
                f"{label} holds {len(there)} characters; two at most (7.3)",
                at,
                "7.3",
            )
        elif len({g.player for g in there}) > 1:
            yield Problem(
                "enemies_share_a_hex", f"{label} holds characters of two players", at, "TITAN 11.5"
            )
        elif not may_share_hex([g.kind for g in there], state.map.hazard(f.hex)):
            yield Problem(
                "shared_without_overstacking",
                f"{label} holds two characters, and "
                f"neither overstacks in a {state.map.hazard(f.hex)} hex (7.3)",
                at,
                "7.3",
            )


def _deeds(state: GameState) -> Problems:
    """4.0: a deed belongs to its phase of the active player's turn (and striking back, to any
    Strike Phase)."""
    now = PHASES.index(state.phase)
    for i, f in enumerate(state.figures):
        for deed in sorted(f.did):
            if PHASES.index(DEED_PHASE[deed]) > now:
                yield Problem(
                    "deed_out_of_phase",
                    f"the {f.name} {deed.value.replace('_', ' ')} in a phase still to come",
                    _at(i, "did"),
                    "4.0",
                )
            elif f.player != state.active and deed is not Deed.STRUCK:
                yield Problem(
                    "deed_out_of_turn",
                    f"the {f.name} is {f.player}'s, whose turn it is not",
                    _at(i, "did"),
                    "4.1",
                )


def _piles(state: GameState) -> Problems:
    """2.0, 2.2, 8.0: every counter of the game sets is in play or in a pile; Lords and
    Demi-Lords are never in the dead pile; Titans in neither."""
    in_play = Counter(f.name for f in state.figures)
    for where in ("muster_pile", "dead_pile"):
        for name, count in getattr(state, where).items():
            if count < 0:
                yield Problem("negative_count", f"{count} {name}", f"state.{where}.{name}", "2.2")
            if name == TITAN and count:
                yield Problem(
                    "titan_in_a_pile",
                    "Titans are the players', never in a pile",
                    f"state.{where}.{name}",
                    "3.1.1",
                )
    for name, count in state.dead_pile.items():
        if count and not CHARACTERS[name].is_creature:
            yield Problem(
                "lord_in_dead_pile",
                f"a slain {name} returns to the muster pile (8.0)",
                f"state.dead_pile.{name}",
                "8.0",
            )
    for name in CHARACTERS:
        if name == TITAN:
            continue
        total = in_play[name] + state.muster_pile.get(name, 0) + state.dead_pile.get(name, 0)
        if total != box_count(name, state.sets):
            yield Problem(
                "counters_do_not_add_up",
                f"{in_play[name]} {name} in play and "
                f"{total - in_play[name]} in the piles; {state.sets} game set(s) hold "
                f"{box_count(name, state.sets)}",
                f"state.muster_pile.{name}",
                "2.2",
            )


def _pending(state: GameState) -> Problems:
    for i, due in enumerate(state.angels_due):
        p = state.player(due.player)
        if p is not None and p.eliminated:
            yield Problem(
                "angel_of_the_eliminated",
                f"{due.player} is out of the game",
                f"state.angels_due[{i}].player",
                "8.3",
            )
