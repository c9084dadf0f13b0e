"""The Muster Phase on the map (6.0-6.4, 9.1, 10.0-10.2): checking, listing and applying region
musters and summonings.

What may be mustered and at what number is ``engine.tactical.musters``'; this module asks the
map who stands in a region, who is locked in contact, which hexes are free beside the
participants, and keeps the turn's limits: one region muster per region (6.2), one muster per
character (6.1), none by a character brought in this phase (6.1), heal or muster (12.2).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from types import MappingProxyType

from engine.game.problems import Problem
from engine.tactical.actions import Muster, Summon, find_figure, find_hex, in_phase, problem
from engine.tactical.board import adjacent, hex_facts, labels, locked, may_stand, unoccupied
from engine.tactical.characters import CHARACTERS, DEMONS, Summons, character
from engine.tactical.mastercharts import DEMON
from engine.tactical.musters import (
    DIE_FACES,
    MASTER_MUSTER_ROLL,
    MusterOption,
    cleric_destination_ok,
    cleric_number,
    cleric_summonable,
    demon,
    in_pile,
    master_muster,
    muster_ability_refusal,
    participation_refusal,
    region_bonus,
    region_musters,
    warlock_number,
    warlock_summons,
)
from engine.tactical.state import Deed, Figure, GameState

MUSTER_DICE = 2  # 6.0: two six-sided dice


def participation(state: GameState, figure: Figure) -> str | None:
    """6.1: why the character may not take part in a muster now, or None."""
    return participation_refusal(
        locked=locked(state, figure),
        in_another_muster=figure.has(Deed.MUSTERED),
        brought_in_this_phase=figure.has(Deed.ARRIVED),
    )


def ability_free(figure: Figure) -> bool:
    """12.2: may it use its muster ability (the Druid's +1, a summoning) this turn?"""
    return (
        muster_ability_refusal(figure.name, healed_with_ability=figure.has(Deed.USED_HEAL)) is None
    )


def _dice_problems(dice: tuple[int, ...] | None) -> list[Problem]:
    if dice is None:
        return []
    if len(dice) != MUSTER_DICE or any(face not in DIE_FACES for face in dice):
        return [problem("bad_dice", "a muster rolls two dice, each 1 to 6 (6.0)", "dice", "6.0")]
    return []


def _participants(
    state: GameState, ids: Sequence[int], field: str
) -> tuple[list[Figure], list[Problem]]:
    problems: list[Problem] = []
    figures: list[Figure] = []
    if not ids:
        problems.append(
            problem(
                "no_participants", "a muster needs participating characters (6.1)", field, "6.1"
            )
        )
    for i, id_ in enumerate(ids):
        at = f"{field}[{i}]"
        if id_ in ids[:i]:
            problems.append(problem("participant_twice", f"{id_} is named twice", at, "6.1"))
            continue
        figure, found = find_figure(state, id_, at)
        problems += found
        if figure is None or found:
            continue
        refusal = participation(state, figure)
        if refusal is not None:
            problems.append(
                problem("may_not_take_part", f"the {figure.name} ({id_}): {refusal}", at, "6.1")
            )
        figures.append(figure)
    return figures, problems


# --- region musters (6.2) ----------------------------------------------------------------------


def _region(state: GameState, name: str) -> int | None:
    return next((i for i, r in enumerate(state.map.regions) if r.name == name), None)


def druids(figures: Sequence[Figure]) -> list[Figure]:
    """The participants whose muster ability adds to the region's muster (9.2 Druid)."""
    return [f for f in figures if f.kind.abilities.muster_bonus and ability_free(f)]


def muster_option(state: GameState, action: Muster) -> MusterOption | None:
    """What the action's participants may attempt of its character in its region (6.2)."""
    region = _region(state, action.region)
    if region is None:
        return None
    names = [f.name for id_ in action.participants if (f := state.figure(id_)) is not None]
    terrain = state.map.regions[region].terrain
    name = _type_name(action.character)
    options = region_musters(terrain, names, muster_pile=state.muster_pile)
    return next((o for o in options if o.character == name), None)


def muster_target(state: GameState, action: Muster) -> int:
    """The least roll that musters it: its Muster-number less the two-ways +1 and the Druid's
    (6.2, 9.2)."""
    option = muster_option(state, action)
    assert option is not None
    helpers = druids([f for id_ in action.participants if (f := state.figure(id_)) is not None])
    return option.target(region_bonus([f.name for f in helpers]))


def _type_name(name: str) -> str:
    found = next((n for n in (*CHARACTERS, DEMON) if n.lower() == name.strip().lower()), None)
    return name if found is None else found


def check_muster(state: GameState, action: Muster) -> list[Problem]:
    problems = in_phase(state, action, "a muster", "6.0")
    m = state.map
    region = _region(state, action.region)
    if region is None:
        return [
            *problems,
            problem("unknown_region", f"no region is named {action.region!r}", "region", "2.1"),
        ]
    terrain = m.regions[region].terrain
    if region in state.mustered_regions:
        problems.append(
            problem(
                "region_mustered",
                f"{action.region} has had its region muster this turn",
                "region",
                "6.2",
            )
        )
    name = _type_name(action.character)
    if name not in CHARACTERS:
        return [
            *problems,
            problem(
                "unknown_character", f"unknown character {action.character!r}", "character", "9.2"
            ),
        ]
    figures, found = _participants(state, action.participants, "participants")
    problems += found
    for i, f in enumerate(figures):
        if m.hexes[f.hex].region != region:
            problems.append(
                problem(
                    "participant_elsewhere",
                    f"the {f.name} ({f.id}) is not in {action.region}",
                    f"participants[{i}]",
                    "6.2",
                )
            )
    if not in_pile(name, state.muster_pile):
        problems.append(
            problem(
                "none_left", f"no {name} is left in the muster pile (2.2.1)", "character", "2.2.1"
            )
        )
    elif muster_option(state, action) is None:
        problems.append(
            problem(
                "may_not_muster",
                f"{', '.join(f.name for f in figures) or 'nobody'} may not muster a {name} in a "
                f"{terrain} region (6.2, 9.2)",
                "character",
                "6.2",
            )
        )
    hex_, found_hex = find_hex(state, action.hex, "hex")
    problems += found_hex
    if hex_ is not None:
        problems += _arrival_hex(state, hex_, name, figures, "6.2")
        if m.hexes[hex_].region != region:
            problems.append(
                problem("hex_elsewhere", f"{action.hex} is not in {action.region}", "hex", "6.2")
            )
    problems += _dice_problems(action.dice)
    if action.master:
        problems += _master_problems(state, action, terrain, name, hex_)
    return problems


def _arrival_hex(
    state: GameState, hex_: int, name: str, figures: Sequence[Figure], rule: str
) -> list[Problem]:
    """6.2, 6.3: an unoccupied hex the character may enter, beside a participant."""
    m = state.map
    problems = []
    if not unoccupied(state, hex_):
        problems.append(problem("hex_occupied", f"{m.name_of(hex_)} is occupied", "hex", rule))
    if not may_stand(character(name), m, hex_):
        problems.append(
            problem("may_not_enter", f"a {name} may not enter a {m.hazard(hex_)} hex", "hex", rule)
        )
    if figures and not any(adjacent(m, f.hex, hex_) for f in figures):
        problems.append(
            problem(
                "hex_not_beside",
                f"{m.name_of(hex_)} is beside none of the participants",
                "hex",
                rule,
            )
        )
    return problems


def _master_problems(
    state: GameState, action: Muster, terrain: str, name: str, hex_: int | None
) -> list[Problem]:
    if action.dice is None or _dice_problems(action.dice) or sum(action.dice) != MASTER_MUSTER_ROLL:
        return [
            problem(
                "master_without_12",
                "a Master Muster character is taken only on a roll of 12 (9.1)",
                "master",
                "9.1",
            )
        ]
    master = master_muster(terrain, MASTER_MUSTER_ROLL, muster_pile=state.muster_pile)
    if master is None:
        return [
            problem(
                "none_left",
                "no Master Muster character of the region is left (2.2.1)",
                "master",
                "9.1",
            )
        ]
    if master == name:
        return [problem("master_is_attempted", f"a {name} is what was attempted", "master", "9.1")]
    if hex_ is not None and not may_stand(character(master), state.map, hex_):
        return [problem("may_not_enter", f"a {master} may not enter {action.hex}", "master", "9.1")]
    return []


def apply_muster(state: GameState, action: Muster) -> GameState:
    assert action.dice is not None
    region = _region(state, action.region)
    assert region is not None
    name = _type_name(action.character)
    target = muster_target(state, action)
    participants = [f for id_ in action.participants if (f := state.figure(id_)) is not None]
    helping = {f.id for f in druids(participants)}
    for f in participants:
        deeds = (Deed.MUSTERED, Deed.USED_MUSTER_ABILITY) if f.id in helping else (Deed.MUSTERED,)
        state = state.with_figure(f.doing(*deeds))
    state = replace(state, mustered_regions=state.mustered_regions | {region})
    if sum(action.dice) < target:
        return state
    if action.master:
        master = master_muster(
            state.map.regions[region].terrain, sum(action.dice), muster_pile=state.muster_pile
        )
        assert master is not None
        name = master
    return bring_in(state, name, state.map.parse(action.hex), from_dead=False)


def bring_in(state: GameState, name: str, hex_: int, *, from_dead: bool) -> GameState:
    """A character of the active player comes into play from a pile (2.2), brought in this
    phase (6.1)."""
    pile = dict(state.dead_pile if from_dead else state.muster_pile)
    pile[name] -= 1
    figure = Figure(state.next_id, state.active, name, hex_, did=frozenset({Deed.ARRIVED}))
    state = replace(state, next_id=state.next_id + 1).with_figure(figure)
    if from_dead:
        return replace(state, dead_pile=MappingProxyType(pile))
    return replace(state, muster_pile=MappingProxyType(pile))


def legal_musters(state: GameState) -> list[Muster]:
    """Every region muster the active player may declare now: for each region, character and
    hex it may come into, participants that qualify it and stand beside the hex, giving the
    best number (every way when two give the +1, and the Druids)."""
    m = state.map
    found: list[Muster] = []
    free = [f for f in state.figures_of(state.active) if participation(state, f) is None]
    by_region: dict[int, list[Figure]] = {}
    for f in free:
        by_region.setdefault(m.hexes[f.hex].region, []).append(f)
    name = labels(m)
    for region, figures in sorted(by_region.items()):
        if region in state.mustered_regions:
            continue
        terrain = m.regions[region].terrain
        options = region_musters(terrain, [f.name for f in figures], muster_pile=state.muster_pile)
        helpers = druids(figures)
        for option in options:
            kind = character(option.character)
            alternatives = [option.ways] if option.two_ways_bonus else [[w] for w in option.ways]
            for hex_ in m.region_hexes[region]:
                if not unoccupied(state, hex_) or not may_stand(kind, m, hex_):
                    continue
                for ways in alternatives:
                    chosen = _pick(state, figures, ways, hex_)
                    chosen += [f for f in helpers if f not in chosen]
                    if any(adjacent(m, f.hex, hex_) for f in chosen):
                        ids = tuple(f.id for f in chosen)
                        found.append(Muster(m.regions[region].name, option.character, ids,
                                            name[hex_]))  # fmt: skip
                        break
    return found


def _pick(
    state: GameState, figures: Sequence[Figure], ways: Sequence[tuple[str, ...]], hex_: int
) -> list[Figure]:
    """Characters filling each way's names, none twice: those beside ``hex_`` first, then the
    lowest ids."""
    chosen: list[Figure] = []
    for way in ways:
        for kind, count in Counter(way).items():
            spare = sorted(
                (f for f in figures if f.name == kind and f not in chosen),
                key=lambda f: (not adjacent(state.map, f.hex, hex_), f.id),
            )
            chosen += spare[:count]
    return chosen


# --- summonings (6.3, 10.0-10.2) ---------------------------------------------------------------


def _summons(figures: Sequence[Figure]) -> Summons | None:
    kinds = {f.kind.abilities.summons for f in figures}
    return kinds.pop() if len(kinds) == 1 else None


def summon_number(state: GameState, action: Summon) -> int:
    """The least roll that summons it: 10.1 by the number of Warlocks, 10.2 by the Creature's
    points and the number of Clerics."""
    figures = [f for id_ in action.summoners if (f := state.figure(id_)) is not None]
    names = [f.name for f in figures]
    if _summons(figures) is Summons.CLERIC:
        return cleric_number(_type_name(action.character), names)
    return warlock_number(names)


def check_summon(state: GameState, action: Summon) -> list[Problem]:
    problems = in_phase(state, action, "a summoning", "6.3")
    m = state.map
    figures, found = _participants(state, action.summoners, "summoners")
    problems += found
    for i, f in enumerate(figures):
        refusal = muster_ability_refusal(f.name, healed_with_ability=f.has(Deed.USED_HEAL))
        if refusal is not None:
            problems.append(problem("may_not_summon", refusal, f"summoners[{i}]", "10.0"))
    summons = _summons(figures)
    if figures and summons is None and not problems:
        problems.append(
            problem(
                "mixed_summoners",
                "Warlocks and Clerics summon apart (10.1, 10.2)",
                "summoners",
                "10.0",
            )
        )
    name = _type_name(action.character)
    hex_, found_hex = find_hex(state, action.hex, "hex")
    problems += found_hex
    if hex_ is None or summons is None or problems:
        return problems + _dice_problems(action.dice)
    if not unoccupied(state, hex_):
        problems.append(problem("hex_occupied", f"{action.hex} is occupied", "hex", "6.3"))
    far = [f for f in figures if not adjacent(m, f.hex, hex_)]
    if far:
        problems.append(
            problem(
                "summoner_not_beside",
                f"every summoner must be beside {action.hex}; the "
                f"{far[0].name} ({far[0].id}) is not (6.3)",
                "hex",
                "6.3",
            )
        )
    facts = hex_facts(m, hex_)
    if summons is Summons.WARLOCK:
        if name not in warlock_summons(facts):
            problems.append(
                problem(
                    "may_not_summon_here",
                    f"Warlocks summon "
                    f"{' or '.join(warlock_summons(facts)) or 'nothing'} into {action.hex}, "
                    f"not a {name} (10.1)",
                    "character",
                    "10.1",
                )
            )
        elif name == DEMON:
            if not any(in_pile(d, state.muster_pile) for d in DEMONS):
                problems.append(
                    problem("none_left", "no Demon is left (2.2.1)", "character", "2.2.1")
                )
        elif not in_pile(name, state.muster_pile):
            problems.append(
                problem("none_left", f"no {name} is left (2.2.1)", "character", "2.2.1")
            )
        elif not may_stand(character(name), m, hex_):
            problems.append(
                problem("may_not_enter", f"a {name} may not enter {action.hex}", "hex", "6.3")
            )
    else:
        if name not in cleric_summonable(state.dead_pile):
            problems.append(
                problem(
                    "not_in_dead_pile",
                    f"no {name} Creature is in the dead pile (10.2)",
                    "character",
                    "10.2",
                )
            )
        elif not cleric_destination_ok(name, facts):
            problems.append(
                problem(
                    "not_a_clear_hex",
                    f"a Cleric summons into a clear hex a {name} may "
                    f"enter; {action.hex} is not one (10.2)",
                    "hex",
                    "10.2",
                )
            )
    problems += _dice_problems(action.dice)
    if action.demon_die is not None and action.demon_die not in DIE_FACES:
        problems.append(problem("bad_dice", "a die shows 1 to 6 (10.1)", "demon_die", "10.1"))
    if (
        not problems
        and name == DEMON
        and action.dice is not None
        and action.demon_die is None
        and sum(action.dice) >= summon_number(state, action)
    ):
        problems.append(
            problem("no_demon_die", "a die picks the Demon summoned (10.1)", "demon_die", "10.1")
        )
    return problems


def apply_summon(state: GameState, action: Summon) -> GameState:
    assert action.dice is not None
    number = summon_number(state, action)
    figures = [f for id_ in action.summoners if (f := state.figure(id_)) is not None]
    summons = _summons(figures)
    for f in figures:
        state = state.with_figure(f.doing(Deed.MUSTERED, Deed.USED_MUSTER_ABILITY))
    if sum(action.dice) < number:
        return state
    name = _type_name(action.character)
    hex_ = state.map.parse(action.hex)
    if summons is Summons.CLERIC:
        return bring_in(state, name, hex_, from_dead=True)
    if name == DEMON:
        assert action.demon_die is not None
        which = demon(action.demon_die, muster_pile=state.muster_pile)
        if which is None:
            return state  # 10.1, 2.2.1: that Demon is all in play (docs/rulings.md)
        name = which
    return bring_in(state, name, hex_, from_dead=False)


def legal_summons(state: GameState) -> list[Summon]:
    """Every summoning the active player may declare now: into each free hex, by every eligible
    summoner of one kind beside it."""
    m = state.map
    free = [
        f
        for f in state.figures_of(state.active)
        if f.kind.abilities.summons is not None
        and participation(state, f) is None
        and ability_free(f)
    ]
    found: list[Summon] = []
    hexes = sorted({h for f in free for h in m.neighbours[f.hex] if unoccupied(state, h)})
    for hex_ in hexes:
        facts = hex_facts(m, hex_)
        for summons in Summons:
            group = tuple(
                f.id
                for f in free
                if f.kind.abilities.summons is summons and adjacent(m, f.hex, hex_)
            )
            if not group:
                continue
            if summons is Summons.WARLOCK:
                names = [
                    n
                    for n in warlock_summons(facts)
                    if (
                        any(in_pile(d, state.muster_pile) for d in DEMONS)
                        if n == DEMON
                        else in_pile(n, state.muster_pile) and may_stand(character(n), m, hex_)
                    )
                ]
            else:
                names = [
                    n for n in cleric_summonable(state.dead_pile) if cleric_destination_ok(n, facts)
                ]
            found += [Summon(n, group, labels(m)[hex_]) for n in names]
    return found
