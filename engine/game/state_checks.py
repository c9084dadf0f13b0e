"""Whether a game state obeys the rules: a list of named problems (code, message, path, rule).

Names first: a state naming an unknown character, land, colour or variant is
answered with those problems alone, since no rule can be judged on it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from engine.characters import ANGEL, CHARACTERS, TITAN, CharacterClass, character
from engine.game.board import ENTRY_SIDES
from engine.game.markers import PREFIXES, is_marker, marker_colour
from engine.game.movement import Destination, normal_moves
from engine.game.problems import Problem
from engine.game.state import GamePhase, GameState, Legion
from engine.legion_checks import legion_problems
from engine.masterboard import LANDS, TOWERS
from engine.names import suggestion
from engine.variants import VARIANTS, variant

STARTING_CREATURES_PER_LEGION = 3  # 5.2
# the codes of the Legion's own problems (engine.legion_checks), by rule
LEGION_CODES = {"4.1": "legion_too_large", "3.1": "second_titan"}


def _legion_path(state: GameState, marker: str, field: str | None = None) -> str:
    base = f"state.legions[{state.index_of(marker)}]"
    return base if field is None else f"{base}.{field}"


def check_names(state: GameState) -> list[Problem]:
    problems = []
    if state.variant not in VARIANTS:
        problems.append(
            Problem(
                "unknown_variant", f"unknown variant {state.variant!r}", "state.variant", "21.3"
            )
        )
    colours = [p.color for p in state.players]
    for i, player in enumerate(state.players):
        if player.color not in PREFIXES:
            problems.append(
                Problem(
                    "unknown_color",
                    f"unknown colour {player.color!r}; one of {', '.join(PREFIXES)}",
                    f"state.players[{i}].color",
                    "2.3",
                )
            )
    for i, legion in enumerate(state.legions):
        base = f"state.legions[{i}]"
        if legion.land not in LANDS:
            problems.append(
                Problem("unknown_land", f"unknown land {legion.land}", f"{base}.land", "2.1")
            )
        if legion.player not in colours:
            problems.append(
                Problem(
                    "unknown_player",
                    f"{legion.marker} belongs to {legion.player!r}, not a player of this game",
                    f"{base}.player",
                    "4.2",
                )
            )
        for j, name in enumerate(legion.characters):
            if name not in CHARACTERS:
                problems.append(
                    Problem(
                        "unknown_character",
                        f"unknown character {name!r}{suggestion(name, CHARACTERS)}",
                        f"{base}.characters[{j}]",
                        "3.5",
                    )
                )
    for where in ("caretaker", "dead"):
        for name in getattr(state, where):
            if name not in CHARACTERS:
                problems.append(
                    Problem(
                        "unknown_character",
                        f"unknown character {name!r}{suggestion(name, CHARACTERS)}",
                        f"state.{where}.{name}",
                        "3.5",
                    )
                )
    if state.mover is not None and state.mover not in colours:
        problems.append(
            Problem(
                "unknown_player", f"the mover {state.mover!r} is not a player", "state.mover", "6.0"
            )
        )
    markers = Counter(g.marker for g in state.legions)
    for marker, n in markers.items():
        if n > 1:
            problems.append(
                Problem(
                    "marker_in_use_twice",
                    f"{n} Legions under marker {marker}",
                    _legion_path(state, marker, "marker"),
                    "4.7",
                )
            )
    return problems


def _players(state: GameState) -> list[Problem]:
    problems = []
    seen_colours: set[str] = set()
    seen_towers: dict[int, str] = {}
    for i, p in enumerate(state.players):
        base = f"state.players[{i}]"
        if p.color in seen_colours:
            problems.append(
                Problem("color_twice", f"two players are {p.color}", f"{base}.color", "2.3")
            )
        seen_colours.add(p.color)
        if p.score < 0:
            problems.append(
                Problem("negative_score", "a score cannot be negative", f"{base}.score", "16.2")
            )
        if p.tower not in TOWERS:
            problems.append(
                Problem(
                    "not_a_tower", f"land {p.tower} is not a Tower Land", f"{base}.tower", "5.1"
                )
            )
        elif p.tower in seen_towers:
            problems.append(
                Problem(
                    "tower_twice",
                    f"{p.color} and {seen_towers[p.tower]} both start in Tower {p.tower}",
                    f"{base}.tower",
                    "5.1",
                )
            )
        seen_towers.setdefault(p.tower, p.color)
        if p.eliminated and any(True for _ in state.legions_of(p.color)):
            problems.append(
                Problem(
                    "eliminated_player_has_legions",
                    f"{p.color} is eliminated but still has Legions",
                    f"{base}.eliminated",
                    "19.4",
                )
            )
    mover = state.player(state.mover)
    if mover is not None and mover.eliminated:
        problems.append(
            Problem("eliminated_mover", f"{mover.color} is out of the game", "state.mover", "19.0")
        )
    return problems


def _legions(state: GameState) -> list[Problem]:
    problems = []
    unused = variant(state.variant).unused
    for i, g in enumerate(state.legions):
        base = f"state.legions[{i}]"
        problems += [
            Problem(LEGION_CODES[e.rule or ""], e.message, e.path, e.rule)
            for e in legion_problems(g.marker, g.characters, f"{base}.characters")
        ]
        if not g.characters:
            problems.append(
                Problem(
                    "legion_empty",
                    f"{g.marker} holds no character: an empty Legion is eliminated",
                    f"{base}.characters",
                    "4.4",
                )
            )
        for j, name in enumerate(g.characters):
            if name in unused:
                problems.append(
                    Problem(
                        "character_not_in_variant",
                        f"{name} is not used in {state.variant}",
                        f"{base}.characters[{j}]",
                        "21.3",
                    )
                )
        if g.entry_side is not None and g.entry_side not in ENTRY_SIDES:
            problems.append(
                Problem(
                    "bad_entry_side",
                    f"entry side {g.entry_side} is not 1, 3 or 5",
                    f"{base}.entry_side",
                    "10.1",
                )
            )
    return problems


def _titans(state: GameState) -> list[Problem]:
    """3.1, 19.0: one Titan per living player, in one of its own Legions (two in one Legion
    are that Legion's problem, ``_legions``)."""
    problems = []
    for i, p in enumerate(state.players):
        if p.eliminated:
            continue
        titans = [g for g in state.legions_of(p.color) if TITAN in g.characters]
        if not titans:
            problems.append(
                Problem(
                    "player_without_titan",
                    f"{p.color} has no Titan but is not eliminated",
                    f"state.players[{i}]",
                    "19.0",
                )
            )
        for g in titans[1:]:
            problems.append(
                Problem(
                    "second_titan",
                    f"{p.color} has more than one Titan",
                    _legion_path(state, g.marker, "characters"),
                    "3.1",
                )
            )
    return problems


def _box(state: GameState) -> list[Problem]:
    """2.3, 9.5: counters in Legions, with the caretaker and among the slain make up the box."""
    problems = []
    in_play = Counter(name for g in state.legions for name in g.characters)
    for name, n in sorted(state.dead.items()):
        if n < 0:
            problems.append(
                Problem("negative_count", f"{n} {name} slain", f"state.dead.{name}", "9.5")
            )
        elif n and character(name).klass is not CharacterClass.CREATURE:
            problems.append(
                Problem(
                    "lord_among_the_dead",
                    f"{name} is a Lord or Demi-Lord: slain, it returns to the caretaker",
                    f"state.dead.{name}",
                    "9.5",
                )
            )
    for name, n in sorted(state.caretaker.items()):
        if n < 0:
            problems.append(
                Problem(
                    "negative_count",
                    f"{n} {name} with the caretaker",
                    f"state.caretaker.{name}",
                    "2.3",
                )
            )
    for name, kind in sorted(CHARACTERS.items()):
        if name == TITAN:
            continue
        total = in_play[name] + max(state.dead.get(name, 0), 0)
        given = state.caretaker.get(name)
        if given is not None:
            total += max(given, 0)
        if total > kind.count:
            problems.append(
                Problem(
                    "more_than_the_box",
                    f"{total} {name} in Legions, with the caretaker and slain; the game has "
                    f"{kind.count}",
                    f"state.caretaker.{name}" if given is not None else "state.legions",
                    "2.3",
                )
            )
        elif given is not None and total < kind.count and name not in variant(state.variant).unused:
            problems.append(
                Problem(
                    "counters_missing",
                    f"{total} {name} in Legions, with the caretaker and slain; the game has "
                    f"{kind.count} and none leaves it",
                    f"state.caretaker.{name}",
                    "9.5",
                )
            )
    return problems


def _markers(state: GameState) -> list[Problem]:
    """4.2, 4.6, 4.7: each Legion under a marker of its player's set (or an eliminated one's)."""
    problems = []
    count = variant(state.variant).markers
    eliminated = {p.color for p in state.players if p.eliminated}
    holder: dict[str, str] = {}
    for i, g in enumerate(state.legions):
        path = f"state.legions[{i}].marker"
        colour = marker_colour(g.marker)
        if not is_marker(g.marker, count):
            problems.append(
                Problem(
                    "bad_marker",
                    f"{g.marker} is not a Legion Marker (like Rd01..Rd{count:02d})",
                    path,
                    "4.2",
                )
            )
        elif colour != g.player and colour not in eliminated:
            problems.append(
                Problem(
                    "foreign_marker",
                    f"{g.player} uses {colour}'s marker {g.marker}",
                    path,
                    "4.6",
                )
            )
        holder[g.marker] = g.player
    for i, p in enumerate(state.players):
        for j, marker in enumerate(p.markers_available):
            path = f"state.players[{i}].markers_available[{j}]"
            colour = marker_colour(marker)
            if not is_marker(marker, count):
                problems.append(
                    Problem("bad_marker", f"{marker} is not a Legion Marker", path, "4.2")
                )
            elif colour != p.color and colour not in eliminated:
                problems.append(
                    Problem(
                        "foreign_marker", f"{p.color} holds {colour}'s marker {marker}", path, "4.6"
                    )
                )
            elif marker in holder:
                problems.append(
                    Problem(
                        "marker_in_use",
                        f"{marker} is under a Legion of {holder[marker]} and cannot be available",
                        path,
                        "4.7",
                    )
                )
            holder[marker] = p.color
    return problems + _passed_markers(state, holder)


def _passed_markers(state: GameState, holder: dict[str, str]) -> list[Problem]:
    """19.4: an eliminated player's markers pass to the one player who slew its Titan."""
    problems = []
    for i, p in enumerate(state.players):
        if not p.eliminated:
            continue
        if p.markers_available:
            problems.append(
                Problem(
                    "eliminated_player_keeps_markers",
                    f"{p.color} is eliminated; its markers pass to the player who slew its Titan",
                    f"state.players[{i}].markers_available",
                    "19.4",
                )
            )
        heirs = sorted(
            {who for marker, who in holder.items() if marker_colour(marker) == p.color} - {p.color}
        )
        if len(heirs) > 1:
            problems.append(
                Problem(
                    "markers_passed_to_two",
                    f"{p.color}'s markers are with {' and '.join(heirs)}; they pass to the one "
                    "player who slew its Titan",
                    f"state.players[{i}]",
                    "19.4",
                )
            )
    return problems


def _lands(state: GameState) -> list[Problem]:
    """4.0: one Legion per land, but for an Engagement (9.0) and a split not yet moved (4.3)."""
    problems = []
    by_land: dict[int, list[Legion]] = {}
    for g in state.legions:
        by_land.setdefault(g.land, []).append(g)
    for land, here in sorted(by_land.items()):
        if len(here) < 2:
            continue
        owners = {g.player for g in here}
        last = here[-1]
        path = _legion_path(state, last.marker, "land")
        if len(owners) > 2 or (len(owners) == 2 and len(here) > 2):
            problems.append(
                Problem(
                    "crowded_land",
                    f"land {land} holds {len(here)} Legions; an Engagement is between two",
                    path,
                    "9.0",
                )
            )
        elif len(owners) == 2:
            if state.mover not in owners or state.phase not in (GamePhase.MOVE, GamePhase.ENGAGE):
                problems.append(
                    Problem(
                        "engagement_out_of_turn",
                        f"land {land} holds an Engagement that is not the Mover's, or is "
                        f"unresolved in the {state.phase} phase",
                        path,
                        "6.3",
                    )
                )
        elif state.mover not in owners:
            if _starting_tower(state, last.player, land):
                continue
            problems.append(
                Problem(
                    "legions_share_a_land",
                    f"land {land} holds {len(here)} Legions of {last.player}",
                    path,
                    "4.0",
                )
            )
        elif any(g.moved for g in here):
            problems.append(
                Problem(
                    "ended_on_friendly_land",
                    f"a Legion ended its move on land {land}, held by another Legion of its player",
                    path,
                    "7.1",
                )
            )
        elif state.phase in (GamePhase.ENGAGE, GamePhase.MUSTER) and _could_move(state, here):
            problems.append(
                Problem(
                    "split_not_moved",
                    f"the Legions split on land {land} did not move apart though one could",
                    path,
                    "4.3",
                )
            )
    return problems


def _starting_tower(state: GameState, color: str, land: int) -> bool:
    """5.2: on turn 1 a player's two beginning Legions share its Tower."""
    player = state.player(color)
    return state.turn == 1 and player is not None and player.tower == land


def _could_move(state: GameState, legions: Iterable[Legion]) -> bool:
    if state.movement_roll is None:
        return False
    return any(_normal_moves(state, g) for g in legions)


def _normal_moves(state: GameState, g: Legion) -> frozenset[Destination]:
    friendly = {o.land for o in state.legions_of(g.player) if o.marker != g.marker}
    enemy = {o.land for o in state.legions if o.player != g.player}
    return normal_moves(
        g.land,
        state.movement_roll or 0,
        friendly=friendly,
        enemy=enemy,
        engaged=state.engaged_lands(),
    )


def _order(state: GameState) -> list[Problem]:
    """6.0-6.2, 7.0, 8.0: what the phase allows to have happened already."""
    problems = []
    if state.turn < 1:
        problems.append(Problem("bad_turn", "Game-Turns count from 1", "state.turn", "6.0"))
    roll = state.movement_roll
    if roll is not None and not 1 <= roll <= 6:
        problems.append(
            Problem("bad_roll", f"a die does not roll {roll}", "state.movement_roll", "6.2")
        )
    if state.phase is GamePhase.SPLIT and roll is not None:
        problems.append(
            Problem(
                "roll_before_split",
                "the Movement Roll ends the splitting: no roll in the split phase",
                "state.movement_roll",
                "6.2",
            )
        )
    for i, g in enumerate(state.legions):
        base = f"state.legions[{i}]"
        if (g.moved or g.teleported) and (
            g.player != state.mover or state.phase is GamePhase.SPLIT
        ):
            problems.append(
                Problem(
                    "moved_out_of_turn",
                    f"{g.marker} is marked moved, but only the Mover's Legions move, in the "
                    "Movement Phase",
                    f"{base}.moved",
                    "7.0",
                )
            )
        if g.teleported and not g.moved:
            problems.append(
                Problem(
                    "teleported_unmoved",
                    f"{g.marker} teleported but is not marked moved",
                    f"{base}.moved",
                    "8.0",
                )
            )
    teleported = [g for g in state.legions if g.teleported]
    for g in teleported[1:]:
        problems.append(
            Problem(
                "second_teleport",
                "only one Legion may teleport per Movement Phase",
                _legion_path(state, g.marker, "teleported"),
                "8.0",
            )
        )
    if state.phase in (GamePhase.ENGAGE, GamePhase.MUSTER) and state.mover is not None:
        mine = list(state.legions_of(state.mover))
        if mine and not any(g.moved for g in mine) and _could_move(state, mine):
            problems.append(
                Problem(
                    "nothing_moved",
                    f"{state.mover} moved no Legion though one could move",
                    "state.legions",
                    "6.2",
                )
            )
    return problems


def _starting_legions(state: GameState) -> list[Problem]:
    """5.2: on turn 1, a player still in its Tower holds a Titan Legion and an Angel Legion,
    three Tower Creatures in each, two of each Tower Creature."""
    if state.turn != 1:
        return []
    problems = []
    tower_creatures = variant(state.variant).tower_creatures
    engaged = state.engaged_lands()
    for i, p in enumerate(state.players):
        mine = list(state.legions_of(p.color))
        if not mine or p.eliminated or any(g.land != p.tower or g.moved for g in mine):
            continue
        if p.tower in engaged:
            continue
        path = f"state.players[{i}]"
        lords = sorted(name for g in mine for name in g.characters if character(name).is_lord)
        creatures = Counter(
            name for g in mine for name in g.characters if not character(name).is_lord
        )
        shapes_ok = len(mine) == 2 and all(
            len(g.characters) == STARTING_CREATURES_PER_LEGION + 1
            and sum(character(n).is_lord for n in g.characters) == 1
            for g in mine
        )
        if (
            not shapes_ok
            or lords != sorted([ANGEL, TITAN])
            or creatures != Counter({name: 2 for name in tower_creatures})
        ):
            problems.append(
                Problem(
                    "bad_starting_legions",
                    f"{p.color} starts with two Legions in Tower {p.tower}: the Titan and three "
                    f"Creatures, an Angel and three Creatures, two each of "
                    f"{', '.join(tower_creatures)}",
                    path,
                    "5.2",
                )
            )
    return problems


def _in_starting_tower(state: GameState, color: str) -> bool:
    """Whether a player's Legions all stand unmoved in its Tower: it has not yet played."""
    player = state.player(color)
    mine = list(state.legions_of(color))
    return (
        player is not None
        and bool(mine)
        and all(g.land == player.tower and not g.moved for g in mine)
    )


def _first_player(state: GameState) -> list[Problem]:
    """5.1: the player assigned the highest-numbered Tower plays first.

    On the first Game-Turn, nobody plays before that player; once another is
    the Mover, that player has left its Tower (6.2: a Legion moves each turn).
    Who follows is a matter of seating, which the state does not record.
    """
    if state.turn != 1 or state.mover is None or not state.players:
        return []
    first = max(state.players, key=lambda p: p.tower)
    if state.mover == first.color:
        return [
            Problem(
                "played_before_the_first_player",
                f"{p.color}'s Legions have left Tower {p.tower} before {first.color}'s first "
                f"Game-Turn; {first.color}, in the highest-numbered Tower {first.tower}, plays "
                "first",
                f"state.players[{i}]",
                "5.1",
            )
            for i, p in enumerate(state.players)
            if p.color != first.color
            and any(True for _ in state.legions_of(p.color))
            and not _in_starting_tower(state, p.color)
        ]
    if _in_starting_tower(state, first.color):
        return [
            Problem(
                "first_player_has_not_played",
                f"{state.mover} moves on the first Game-Turn before {first.color}, who holds the "
                f"highest-numbered Tower {first.tower} and plays first",
                "state.mover",
                "5.1",
            )
        ]
    return []


def check_state(state: GameState) -> list[Problem]:
    """Every rule the state breaks; empty when the rules allow it."""
    problems = check_names(state)
    if problems:
        return problems
    return (
        _players(state)
        + _legions(state)
        + _titans(state)
        + _box(state)
        + _markers(state)
        + _lands(state)
        + _order(state)
        + _starting_legions(state)
        + _first_player(state)
    )
