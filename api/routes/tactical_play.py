"""Tactical Titan's game over HTTP: example states, checking a state and an action, applying an
action, and the legal actions of a character or a player (docs/tactical.md, "Over HTTP").

Views parse, ask ``engine.tactical.referee`` and serialise; the rules are the engine's.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable
from typing import Any

from flask import Blueprint, Response, current_app

from api.errors import ApiError
from api.requests import answer, documented, parse
from api.routes.tactical import limit_hexes, refuse_get_of_post
from api.schemas.tactical_play import (
    SEED_MAX,
    ActionRequestSchema,
    ApplyAnswerSchema,
    ApplyRequestSchema,
    CheckAnswerSchema,
    ExampleListSchema,
    ExampleStateSchema,
    LegalAnswerSchema,
    LegalRequestSchema,
    StateRequestSchema,
)
from api.tactical_examples import EXAMPLES, example_state
from engine.errors import RuleError, TitanError, Violations
from engine.game.problems import Problem
from engine.names import closest
from engine.tactical import referee
from engine.tactical.actions import (
    Action,
    Muster,
    PlaceAngel,
    Rangestrike,
    Rest,
    Strike,
    Summon,
    Teleport,
    action_from_dict,
)
from engine.tactical.healing import ability_healing, hits_after_healing
from engine.tactical.healing_phase import rest_amount
from engine.tactical.muster_phase import muster_target, summon_number
from engine.tactical.state import Figure, GameState, Phase
from engine.tactical.state_checks import validate as state_problems
from engine.tactical.strike_phase import strike_dice
from engine.tactical.strikes import least_number, rangestrike_terms, strike_terms

bp = Blueprint("tactical_play", __name__, url_prefix="/api/v1/tactical")

# The request examples (the API browser starts from them): Red's Strike Phase of the skirmish,
# its Gargoyle (5) in contact with Blue's Ogre (9) (api.tactical_examples).
STATE_EXAMPLE: dict[str, Any] = example_state("skirmish_strike").to_dict()
STRIKE_EXAMPLE = {"type": "strike", "character": 5, "target": 9}


# --- reading ---------------------------------------------------------------------------------


def _limit_characters(raw: dict[str, Any]) -> None:
    """TITAN_TACTICAL_MAX_CHARACTERS (and a map given whole, TITAN_TACTICAL_MAX_HEXES): a
    larger state is refused (422) before any rule."""
    most = current_app.config["TACTICAL_MAX_CHARACTERS"]
    count = len(raw.get("characters", []))
    if count > most:
        raise ApiError(
            422,
            "invalid",
            f"a state holds at most {most} characters here, not {count}",
            [
                {
                    "path": "state.characters",
                    "rule": None,
                    "message": f"at most {most} (TITAN_TACTICAL_MAX_CHARACTERS)",
                }
            ],
        )
    if isinstance(raw.get("map"), dict):
        limit_hexes(len(raw["map"].get("hexes", {})), "state.map.hexes")


def read_state(raw: dict[str, Any]) -> GameState:
    """The request's state, read (422 at the path of a field the engine cannot read)."""
    _limit_characters(raw)
    if isinstance(raw.get("map"), str):
        raw = {**raw, "map": _map_key(raw["map"])}
    return GameState.from_dict(raw)


def _map_key(name: str) -> str:
    """A stored map's name given in any case, as the engine keeps it (unknown: as given)."""
    from engine.tactical.maps import map_names

    wanted = name.strip().lower().replace(" ", "_").replace("-", "_")
    return next((n for n in map_names() if n == wanted), name)


def valid_state(raw: dict[str, Any]) -> GameState:
    """The request's state, which must obey the rules: 422 with every problem otherwise (no
    answer about a state the rules do not allow would be one of the game's)."""
    state = read_state(raw)
    problems = state_problems(state)
    if problems:
        raise Violations([p.as_error() for p in problems])
    return state


def read_action(raw: dict[str, Any]) -> Action:
    return action_from_dict(raw)


def _unreadable(error: TitanError) -> list[dict[str, Any]]:
    """A state or action the engine cannot read, as violations (each at its path)."""
    found = error.problems if isinstance(error, Violations) else [error]
    return [Problem("unreadable", p.message, p.path, p.rule).to_dict() for p in found]


def _checked(problems: list[Problem] | list[dict[str, Any]]) -> Response:
    rows = [p if isinstance(p, dict) else p.to_dict() for p in problems]
    return answer({"valid": not rows, "violations": rows})


# --- example states --------------------------------------------------------------------------


@bp.get("/states")
@documented(
    summary="The example Tactical Titan states: openings and a skirmish in each phase",
    response_schema=ExampleListSchema,
    tag="tactical",
)
def states() -> Response:
    return answer({"states": [e.summary(name) for name, e in EXAMPLES.items()]})


@bp.get("/states/<name>")
@documented(
    summary="One example Tactical Titan state",
    response_schema=ExampleStateSchema,
    tag="tactical",
    arguments={"name": lambda: tuple(EXAMPLES)},
)
def one_state(name: str) -> Response:
    refuse_get_of_post(name)
    found = next((n for n in EXAMPLES if n == name.strip().lower().replace("-", "_")), None)
    if found is None:
        near = closest(name, EXAMPLES)
        hint = f"; did you mean {' or '.join(near)}?" if near else ""
        raise ApiError(
            404,
            "not_found",
            f"no example state {name[:60]!r}{hint}",
            [
                {
                    "path": "name",
                    "rule": None,
                    "message": "one of " + ", ".join(EXAMPLES),
                    "suggestions": list(near),
                    "valid": list(EXAMPLES),
                }
            ],
        )
    return answer({**EXAMPLES[found].summary(found), "state": example_state(found).to_dict()})


# --- checking ---------------------------------------------------------------------------------


@bp.post("/states/validate")
@documented(
    summary="Every rule a Tactical Titan state breaks, each with its section and path",
    request_schema=StateRequestSchema,
    response_schema=CheckAnswerSchema,
    tag="tactical",
    example={"state": STATE_EXAMPLE},
)
def validate_state() -> Response:
    body = parse(StateRequestSchema)
    try:
        state = read_state(body["state"])
    except TitanError as e:
        return _checked(_unreadable(e))
    return _checked(state_problems(state))


@bp.post("/actions/validate")
@documented(
    summary="Every rule an action breaks in a Tactical Titan state (the state's first), each "
    "with its section and path",
    request_schema=ActionRequestSchema,
    response_schema=CheckAnswerSchema,
    tag="tactical",
    example={"state": STATE_EXAMPLE, "action": STRIKE_EXAMPLE},
)
def validate_action() -> Response:
    body = parse(ActionRequestSchema)
    try:
        state = read_state(body["state"])
    except TitanError as e:
        return _checked(_unreadable(e))
    problems = state_problems(state)
    if problems:
        return _checked(problems)
    try:
        action = read_action(body["action"])
    except TitanError as e:
        return _checked(_unreadable(e))
    return _checked(referee.check(state, action))


@bp.post("/actions/apply")
@documented(
    summary="The Tactical Titan state after a legal action, its dice rolled when it has none",
    request_schema=ApplyRequestSchema,
    response_schema=ApplyAnswerSchema,
    tag="tactical",
    example={"state": STATE_EXAMPLE, "action": STRIKE_EXAMPLE, "seed": 1},
)
def apply_action() -> Response:
    body = parse(ApplyRequestSchema)
    state = valid_state(body["state"])
    action = read_action(body["action"])
    problems = referee.check(state, action)
    if problems:
        raise Violations([p.as_error() for p in problems])
    seed = body["seed"] if body["seed"] is not None else secrets.randbelow(SEED_MAX + 1)
    rolled = referee.roll(state, action, random.Random(seed))
    after = referee.apply(state, rolled)
    if rolled == action:  # its dice were given, or it needs none: no seed was used
        seed = body["seed"]
    return answer({"state": after.to_dict(), "action": rolled.to_dict(), "seed": seed})


# --- the legal actions ------------------------------------------------------------------------

# the answer's lists, by the phase each action belongs to (4.0; None: any phase)
KINDS: dict[Phase | None, str] = {
    Phase.MANEUVER: "moves",
    Phase.STRIKE: "strikes",
    Phase.HEALING: "heals",
    Phase.MUSTER: "musters",
    None: "other",
}


def _who(state: GameState, id_: int) -> Figure:
    figure = state.figure(id_)
    assert figure is not None, id_
    return figure


def _named(state: GameState, f: Figure) -> str:
    return f"{f.player}'s {f.name} ({f.id})"


def _describe_move(state: GameState, a: Any) -> dict[str, Any]:
    f = _who(state, a.character)
    if isinstance(a, Teleport):
        then = f", then on to {a.then}" if a.then and a.then != a.to else ""
        return {"hex": a.then or a.to, "text": f"{_named(state, f)} teleports to {a.to}{then}"}
    return {"hex": a.to, "text": f"{_named(state, f)} moves to {a.to}"}


def _describe_strike(state: GameState, a: Any) -> dict[str, Any]:
    f, target = _who(state, a.character), _who(state, a.target)
    where = state.map.name_of(target.hex)
    if isinstance(a, Rangestrike):
        terms = rangestrike_terms(state, f, target)
        assert not isinstance(terms, str)
        dice, number, verb = terms.dice, terms.strike_number, "rangestrikes"
    else:
        found = strike_terms(state, f, target)
        assert found is not None
        least = least_number(found, a.forgo_benefits)
        dice, verb = strike_dice(state, a), "strikes"
        number = least if a.strike_number is None else a.strike_number
    how = " forgoing its hexside benefits" if getattr(a, "forgo_benefits", False) else ""
    if isinstance(a, Strike) and (a.strike_number is not None or a.forgo_benefits):
        how += ", so that excess hits may carry (TITAN 12.4, 12.5)"
    return {
        "hex": where,
        "text": f"{_named(state, f)} {verb} {_named(state, target)} on {where}: {dice} dice, "
        f"hitting on {number} or more{how}",
        "dice": dice,
        "strike_number": number,
    }


def _describe_heal(state: GameState, a: Any) -> dict[str, Any]:
    f = _who(state, a.character)
    if isinstance(a, Rest):
        points = f.damage - hits_after_healing(f.damage, rest_amount(state, f))
        where = state.map.name_of(f.hex)
        return {
            "hex": where,
            "text": f"{_named(state, f)} rests: {points} healed",
            "points": points,
        }
    target = _who(state, a.target)
    points = target.damage - hits_after_healing(
        target.damage, ability_healing(f.kind, target.damage)
    )
    where = state.map.name_of(target.hex)
    return {
        "hex": where,
        "text": f"{_named(state, f)} heals {_named(state, target)}: {points} healed",
        "points": points,
    }


def _describe_muster(state: GameState, a: Any) -> dict[str, Any]:
    if isinstance(a, Summon):
        number = summon_number(state, a)
        who = ", ".join(_named(state, _who(state, i)) for i in a.summoners)
        text = f"{who} summon a {a.character} into {a.hex} on {number} or more"
    else:
        number = muster_target(state, a)
        who = ", ".join(_named(state, _who(state, i)) for i in a.participants)
        text = f"{who} muster a {a.character} in {a.region} into {a.hex} on {number} or more"
    return {"hex": a.hex, "text": text, "muster_number": number}


def _describe_other(state: GameState, a: Any) -> dict[str, Any]:
    if isinstance(a, PlaceAngel):
        due = state.angels_due[0]
        return {"hex": a.hex, "text": f"{due.player}'s {due.name} comes into play in {a.hex}"}
    return {"hex": None, "text": f"{state.active} ends the {state.phase.value} phase"}


DESCRIBE: dict[str, Callable[[GameState, Any], dict[str, Any]]] = {
    "moves": _describe_move,
    "strikes": _describe_strike,
    "heals": _describe_heal,
    "musters": _describe_muster,
    "other": _describe_other,
}


def _actor(state: GameState, a: Action) -> str:
    """The player whose action it is."""
    if isinstance(a, Muster):
        return _who(state, a.participants[0]).player
    if isinstance(a, Summon):
        return _who(state, a.summoners[0]).player
    if isinstance(a, PlaceAngel):
        return state.angels_due[0].player
    character = getattr(a, "character", None)
    return _who(state, character).player if isinstance(character, int) else state.active


def _player_named(state: GameState, name: str) -> str:
    for p in state.players:
        if p.name.lower() == name.strip().lower():
            return p.name
    names = [p.name for p in state.players]
    near = closest(name, names)
    hint = f"; did you mean {' or '.join(near)}?" if near else ""
    raise RuleError(f"no player {name!r} in the state{hint}", rule="3.0", path="player")


@bp.post("/rules/legal")
@documented(
    summary="The legal moves, strikes, heals and musters of a character or a player now, each "
    "an action to apply",
    request_schema=LegalRequestSchema,
    response_schema=LegalAnswerSchema,
    tag="tactical",
    example={"state": STATE_EXAMPLE, "character": 5},
)
def legal() -> Response:
    body = parse(LegalRequestSchema)
    state = valid_state(body["state"])
    if body["character"] is not None:
        if state.figure(body["character"]) is None:
            raise RuleError(
                f"no character has id {body['character']}", rule="4.0", path="character"
            )
        actions = referee.legal_actions_of(state, body["character"])
    else:
        actions = referee.legal_actions(state)
        if body["player"] is not None:
            player = _player_named(state, body["player"])
            actions = [a for a in actions if _actor(state, a) == player]
    found: dict[str, list[dict[str, Any]]] = {kind: [] for kind in DESCRIBE}
    for a in actions:
        kind = KINDS[a.phase]
        found[kind].append({"action": a.to_dict(), **DESCRIBE[kind](state, a)})
    return answer(found)
