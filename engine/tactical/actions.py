"""The actions of a Tactical Titan turn (4.0-8.3), each a frozen value with a JSON codec.

Characters in play are named by their ``id`` in the state, hexes by their labels, regions by
their names and character types by their book names (docs/tactical.md, "Actions").

Dice are part of the action: the faces a player rolled, ``dice`` (and a Demon's ``demon_die``,
10.1). An action without them is a *declaration* (6.4: musters are declared before rolling;
TITAN 12.4: a strike's target and Strike-number are announced before it): ``check`` judges it,
``roll`` draws its dice from a generator the caller passes, and ``apply`` takes only rolled
actions. So a game replays exactly from its actions, and the engine holds no hidden random
state. What a strike's excess hits carry to (``carry_to``) is chosen after the roll (TITAN 12.4:
"You need not declare where extra hits will carry to").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import MISSING, dataclass, fields
from typing import Any, ClassVar

from engine.game.problems import Problem
from engine.tactical.json_fields import JsonFields
from engine.tactical.state import Figure, GameState, Phase


@dataclass(frozen=True)
class Action:
    """What every action shares: its ``type`` word, the phase of a turn it belongs to (4.0;
    None: any phase) and its codec."""

    type: ClassVar[str] = ""
    phase: ClassVar[Phase | None] = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type}
        for f in fields(self):
            value = getattr(self, f.name)
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out

    @property
    def rolled(self) -> bool:
        """Are the dice it needs in it (an action that needs none is always rolled)?"""
        return getattr(self, "dice", ()) is not None


@dataclass(frozen=True)
class Rest(Action):
    """5.1, 5.3: the character rests."""

    type: ClassVar[str] = "rest"
    phase: ClassVar[Phase | None] = Phase.HEALING
    character: int


@dataclass(frozen=True)
class Heal(Action):
    """5.2: the character uses its Heal or Restore on ``target`` (itself, or one beside it)."""

    type: ClassVar[str] = "heal"
    phase: ClassVar[Phase | None] = Phase.HEALING
    character: int
    target: int


@dataclass(frozen=True)
class Muster(Action):
    """6.2, 6.4: a region muster of ``character`` in ``region``, declared with the characters
    taking part (``participants``: those qualifying it, and a Druid giving its +1, 9.2) and the
    hex the new character will come into. ``master``: on a roll of 12, take the region's Master
    Muster character instead (9.1)."""

    type: ClassVar[str] = "muster"
    phase: ClassVar[Phase | None] = Phase.MUSTER
    region: str
    character: str
    participants: tuple[int, ...]
    hex: str
    dice: tuple[int, ...] | None = None
    master: bool = False


@dataclass(frozen=True)
class Summon(Action):
    """6.3, 10.1, 10.2: Warlocks summon ``character`` (an Elemental, or "Demon") into ``hex``, or
    Clerics a Creature from the dead pile; ``demon_die`` picks the Demon (10.1)."""

    type: ClassVar[str] = "summon"
    phase: ClassVar[Phase | None] = Phase.MUSTER
    character: str
    summoners: tuple[int, ...]
    hex: str
    dice: tuple[int, ...] | None = None
    demon_die: int | None = None


@dataclass(frozen=True)
class Move(Action):
    """7.0 (TITAN 11.0-11.7): the character moves to ``to``; ``path``, if given, the hexes it
    enters in order (it matters only to a character hurt crossing a hexside, 10.1); else the
    least hurtful way is taken."""

    type: ClassVar[str] = "move"
    phase: ClassVar[Phase | None] = Phase.MANEUVER
    character: int
    to: str
    path: tuple[str, ...] = ()


@dataclass(frozen=True)
class Teleport(Action):
    """7.2: a Lord in a tower hex teleports into ``to``, and may go on to ``then`` with what is
    left of its Skill-factor (docs/rulings.md)."""

    type: ClassVar[str] = "teleport"
    phase: ClassVar[Phase | None] = Phase.MANEUVER
    character: int
    to: str
    then: str | None = None


@dataclass(frozen=True)
class Strike(Action):
    """8.0 (TITAN 12.0-12.5): the character strikes ``target`` (in an overstacked hex, the one
    its player declared, 8.1) at ``strike_number`` (None: the least it needs), forgoing its
    hexside benefits or not; excess hits carry to the characters of ``carry_to`` in order."""

    type: ClassVar[str] = "strike"
    phase: ClassVar[Phase | None] = Phase.STRIKE
    character: int
    target: int
    strike_number: int | None = None
    forgo_benefits: bool = False
    dice: tuple[int, ...] | None = None
    carry_to: tuple[int, ...] = ()


@dataclass(frozen=True)
class Rangestrike(Action):
    """8.0 (TITAN 13.0-13.5): the active player's character rangestrikes ``target``."""

    type: ClassVar[str] = "rangestrike"
    phase: ClassVar[Phase | None] = Phase.STRIKE
    character: int
    target: int
    dice: tuple[int, ...] | None = None


@dataclass(frozen=True)
class PlaceAngel(Action):
    """8.3: the first Angel or Archangel due comes into play in ``hex``."""

    type: ClassVar[str] = "place_angel"
    hex: str


@dataclass(frozen=True)
class EndPhase(Action):
    """4.0: the active player ends the phase; at the end of the Strike Phase, the turn."""

    type: ClassVar[str] = "end_phase"


ACTION_TYPES: Mapping[str, type[Action]] = {
    cls.type: cls
    for cls in (
        Rest,
        Heal,
        Muster,
        Summon,
        Move,
        Teleport,
        Strike,
        Rangestrike,
        PlaceAngel,
        EndPhase,
    )
}


# --- reading ---------------------------------------------------------------------------------

_json = JsonFields(rule="4.0")


def _id(value: object, path: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _json.refuse(f"{path} must be a character's id (an integer)", path)
    return value


def _ids(value: object, path: str) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise _json.refuse(f"{path} must be a list of characters' ids", path)
    return tuple(_id(v, f"{path}[{i}]") for i, v in enumerate(value))


def _texts(value: object, path: str) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise _json.refuse(f"{path} must be a list of hex labels", path)
    return tuple(_json.text(v, f"{path}[{i}]") for i, v in enumerate(value))


def _die(value: object, path: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _json.refuse(f"{path} must be a die's face (an integer)", path)
    return value


def _dice(value: object, path: str) -> tuple[int, ...] | None:
    if value is None:
        return None
    if not isinstance(value, list):
        raise _json.refuse(f"{path} must be a list of dice faces, or null before the roll", path)
    return tuple(_die(v, f"{path}[{i}]") for i, v in enumerate(value))


def _optional_int(value: object, path: str) -> int | None:
    return None if value is None else _die(value, path)


# how each field is read, by its name
READERS: Mapping[str, Callable[[object, str], Any]] = {
    "character": lambda v, p: v if isinstance(v, str) else _id(v, p),
    "target": _id,
    "participants": _ids,
    "summoners": _ids,
    "carry_to": _ids,
    "region": _json.text,
    "hex": _json.text,
    "to": _json.text,
    "then": _json.optional_text,
    "path": _texts,
    "dice": _dice,
    "demon_die": _optional_int,
    "strike_number": _optional_int,
    "master": _json.flag,
    "forgo_benefits": _json.flag,
}
# the actions whose ``character`` is a type's name, not a character in play
NAMES_A_TYPE = ("muster", "summon")


def action_from_dict(d: object) -> Action:
    """Read an action; ``RuleError`` names the field (``action.<field>``) whose shape is wrong.
    Whether it is legal is ``engine.tactical.referee.check``'s question."""
    if not isinstance(d, Mapping):
        raise _json.refuse("an action is an object with a type", "action")
    kind = d.get("type")
    cls = ACTION_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise _json.refuse(
            f"action.type: {kind!r} is not an action; one of {', '.join(ACTION_TYPES)}",
            "action.type",
        )
    known = {f.name for f in fields(cls)}
    extra = sorted(set(d) - known - {"type"})
    if extra:
        raise _json.refuse(f"a {kind} has no field {extra[0]!r}", f"action.{extra[0]}")
    values: dict[str, Any] = {}
    for f in fields(cls):
        path = f"action.{f.name}"
        if f.name not in d:
            if f.default is MISSING:  # no default: required
                raise _json.refuse(f"a {kind} needs {f.name}", path)
            continue
        if f.name == "character" and kind in NAMES_A_TYPE:
            values[f.name] = _json.text(d[f.name], path)
        elif f.name == "character":
            values[f.name] = _id(d[f.name], path)
        else:
            values[f.name] = READERS[f.name](d[f.name], path)
    action: Action = cls(**values)
    return action


# --- what the checks of every action share --------------------------------------------------


def problem(code: str, message: str, field: str | None, rule: str | None) -> Problem:
    """A problem with the action, at ``action.<field>`` (``action`` when no field is at fault)."""
    return Problem(code, message, "action" if field is None else f"action.{field}", rule)


def in_phase(state: GameState, action: Action, what: str, rule: str) -> list[Problem]:
    """4.0: an action belongs to its phase of the active player's turn (``action.phase``)."""
    phase = action.phase
    if phase is None or state.phase is phase:
        return []
    return [
        problem(
            "wrong_phase",
            f"{what} belongs to the {phase.value} phase, not the {state.phase.value} phase (4.0)",
            None,
            rule,
        )
    ]


def find_figure(
    state: GameState, id_: int, field: str, *, own: bool = True
) -> tuple[Figure | None, list[Problem]]:
    """The character of that id; with ``own``, one of the active player's (4.0: the active
    player acts; 4.1: never out of turn)."""
    figure = state.figure(id_)
    if figure is None:
        return None, [problem("unknown_character", f"no character has id {id_}", field, "4.0")]
    if own and figure.player != state.active:
        return figure, [
            problem(
                "not_the_active_players",
                f"the {figure.name} ({id_}) is {figure.player}'s; it is {state.active}'s turn",
                field,
                "4.1",
            )
        ]
    return figure, []


def acting_figure(
    state: GameState, action: Rest | Heal | Move | Teleport, what: str, rule: str
) -> tuple[Figure | None, list[Problem]]:
    """The active player's character that does the action, in the action's phase (4.0, 4.1),
    and the problems found; None for the character when there is none to judge further."""
    problems = in_phase(state, action, what, rule)
    figure, found = find_figure(state, action.character, "character")
    if figure is None or found:
        return None, problems + found
    return figure, problems


def find_hex(state: GameState, label: str, field: str) -> tuple[int | None, list[Problem]]:
    try:
        return state.map.parse(label), []
    except ValueError:
        return None, [problem("unknown_hex", f"{label!r} is not a hex of the map", field, "2.1")]
