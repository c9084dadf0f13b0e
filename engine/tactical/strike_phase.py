"""The Strike Phase on the map (8.0, 8.1; TITAN 12.0-13.5): who strikes when, and checking,
listing and applying strikes and rangestrikes.

8.0: "This proceeds as does the Strike Phase in The Law of Titan, with the active player
resolving strikes first and using rangestriking." The phase is the active player's against
everyone else (docs/rulings.md): the active player's characters strike any enemy they may
strike, and rangestrike; then the other players' characters strike back at the active
player's. Every character locked in contact with an enemy it may strike in the phase must
strike, unless all such enemies are already slain (TITAN 12.0); one beside an enemy only across
a River may strike it, but need not (12.1.1). Each strikes once (TITAN 12.1). The slain stay on
the map, and strike, until the phase ends (TITAN 12.6).
"""

from __future__ import annotations

from dataclasses import replace

from engine.game.problems import Problem
from engine.rangestrikes import LONGEST_RANGE
from engine.strikes import HIGHEST_STRIKE_NUMBER, StrikeTerms
from engine.tactical.actions import Rangestrike, Strike, find_figure, in_phase, problem
from engine.tactical.board import in_contact, locked, may_strike_between, per_state
from engine.tactical.musters import DIE_FACES  # a die's faces, declared once
from engine.tactical.state import Deed, Figure, GameState, Phase
from engine.tactical.strikes import (
    RangestrikeTerms,
    carry_refusal,
    dice_of,
    hits,
    least_number,
    rangestrike_terms,
    strike_terms,
)
from engine.tactical.turns import hurt, poison

# --- who strikes whom, and when ----------------------------------------------------------------


def may_target(state: GameState, striker: Figure, target: Figure) -> bool:
    """Is ``target`` one ``striker``'s side strikes at in this phase: any enemy for the active
    player's characters, the active player's for everyone else's?"""
    if target.player == striker.player:
        return False
    return striker.player == state.active or target.player == state.active


def strike_targets(state: GameState, striker: Figure) -> list[Figure]:
    """The living characters it may strike now, ordered by id (TITAN 12.0, 12.1.1)."""
    m = state.map
    return sorted(
        (
            t
            for there in m.neighbours[striker.hex]
            for t in state.at(there)
            if may_target(state, striker, t)
            and not state.slain(t)
            and may_strike_between(m, striker.hex, there)
        ),
        key=lambda t: t.id,
    )


def must_strike(state: GameState, figure: Figure) -> bool:
    """TITAN 12.0: locked in contact with a living enemy it strikes at in this phase."""
    m = state.map
    return not figure.has(Deed.STRUCK) and any(
        in_contact(m, figure.hex, t.hex) for t in strike_targets(state, figure)
    )


def _must_strike_now(state: GameState) -> frozenset[int]:
    return frozenset(f.id for f in state.figures if must_strike(state, f))


def unstruck(state: GameState) -> list[Figure]:
    """The characters that must still strike before the phase may end (TITAN 12.0): the active
    player's until the others have begun striking back, then the others'."""
    waiting = per_state(state, "must strike", _must_strike_now)
    return [
        f
        for f in state.figures
        if f.id in waiting and (f.player != state.active or not state.responding)
    ]


def striking_refusal(state: GameState, striker: Figure) -> str | None:
    """Why the character may not strike (or rangestrike) now, or None (TITAN 12.1)."""
    if striker.has(Deed.STRUCK):
        return "a character strikes once a Strike Phase (TITAN 12.1)"
    if striker.player == state.active:
        if state.responding:
            return "the active player has finished striking: the others strike back (TITAN 12.1)"
        return None
    waiting = per_state(state, "must strike", _must_strike_now)
    first = next((f for f in state.figures_of(state.active) if f.id in waiting), None)
    if first is not None:
        return (
            f"the active player strikes first; its {first.name} ({first.id}) has yet to strike "
            "(TITAN 12.1, 8.0)"
        )
    return None


def _opening(
    state: GameState, action: Strike | Rangestrike, what: str, *, own: bool
) -> tuple[Figure, Figure] | list[Problem]:
    """The striker and its target, or the problems of any strike's first checks: the phase
    (8.0), the two characters (the active player's striker, ``own``, for a rangestrike, 13.0;
    anyone's striking back, 8.0), and whether the striker may strike now (TITAN 12.1)."""
    problems = in_phase(state, action, what, "8.0")
    striker, found = find_figure(state, action.character, "character", own=own)
    target, found_target = find_figure(state, action.target, "target", own=False)
    problems += found + found_target
    if striker is None or target is None or problems:
        return problems
    refusal = striking_refusal(state, striker)
    if refusal is not None:
        return [problem("may_not_strike_now", refusal, "character", "8.0")]
    return striker, target


def _pair(state: GameState, action: Strike | Rangestrike) -> tuple[Figure, Figure]:
    """The striker and the target of a strike that passed its checks."""
    striker, target = state.figure(action.character), state.figure(action.target)
    assert striker is not None and target is not None
    return striker, target


def _dice_problems(dice: tuple[int, ...] | None, count: int, rule: str) -> list[Problem]:
    if dice is None:
        return []
    if len(dice) != count or any(face not in DIE_FACES for face in dice):
        return [problem("bad_dice", f"this strike rolls {count} dice, each 1 to 6", "dice", rule)]
    return []


# --- strikes (TITAN 12.0-12.5, 8.1) ------------------------------------------------------------


def _terms(state: GameState, action: Strike) -> StrikeTerms:
    terms = strike_terms(state, *_pair(state, action))
    assert terms is not None
    return terms


def _declared(state: GameState, action: Strike) -> int:
    if action.strike_number is not None:
        return action.strike_number
    return least_number(_terms(state, action), action.forgo_benefits)


def strike_dice(state: GameState, action: Strike) -> int:
    """How many dice the strike rolls: its Power-factor with the hazards' and abilities' dice,
    the hexside benefits forgone or not (TITAN 12.2, 12.5)."""
    return dice_of(_terms(state, action), action.forgo_benefits)


def check_strike(state: GameState, action: Strike) -> list[Problem]:
    opening = _opening(state, action, "a strike", own=False)
    if isinstance(opening, list):
        return opening
    striker, target = opening
    problems: list[Problem] = []
    m = state.map
    terms = strike_terms(state, striker, target)
    if not may_target(state, striker, target) or terms is None:
        why = (
            "strikes at the active player's characters"
            if striker.player != state.active
            else "strikes at an enemy beside it, with no Cliff between"
        )
        return [
            problem(
                "may_not_strike_it",
                f"the {striker.name} at {m.name_of(striker.hex)} {why}; not the {target.name} "
                f"at {m.name_of(target.hex)} (TITAN 12.0, 12.1.1)",
                "target",
                "8.0",
            )
        ]
    if state.slain(target):
        return [
            problem(
                "target_slain", f"the {target.name} is slain already (TITAN 12.0)", "target", "8.0"
            )
        ]
    least = least_number(terms, action.forgo_benefits)
    declared = action.strike_number
    if declared is not None and not least <= declared <= HIGHEST_STRIKE_NUMBER:
        problems.append(
            problem(
                "bad_strike_number",
                f"the strike needs {least}; a higher Strike-number may be declared, up to "
                f"{HIGHEST_STRIKE_NUMBER} (TITAN 12.4)",
                "strike_number",
                "8.1",
            )
        )
        return problems
    problems += _dice_problems(action.dice, dice_of(terms, action.forgo_benefits), "8.0")
    if not problems:
        problems += _chain(state, striker, target, action)[1]
    return problems


def _chain(
    state: GameState, striker: Figure, target: Figure, action: Strike
) -> tuple[GameState, list[Problem]]:
    """The strike resolved: its hits on the target, the excess carried on to each character of
    ``carry_to`` in turn, each as far as it slays it (TITAN 12.4, 8.1); the problems of the
    carry-over, each recipient judged as things stand when the hits reach it (or would: without
    dice, or with none left over)."""
    declared = _declared(state, action)
    forgo = action.forgo_benefits
    problems: list[Problem] = []
    excess = None
    if action.dice is not None:
        count = hits(action.dice, declared)
        landed = min(count, state.power(target) - target.damage)
        state = _land(state, striker, target, landed)
        excess = count - landed
    for i, id_ in enumerate(action.carry_to):
        at = f"carry_to[{i}]"
        second = state.figure(id_)
        if second is None:
            problems.append(problem("unknown_character", f"no character has id {id_}", at, "8.1"))
            continue
        if id_ == target.id or id_ in action.carry_to[:i]:
            problems.append(
                problem("carried_twice", "hits carry to another character (TITAN 12.4)", at, "8.1")
            )
            continue
        if not may_target(state, striker, second) or state.slain(second):
            problems.append(
                problem(
                    "may_not_carry_to_it",
                    f"the {second.name} ({id_}) is no living enemy "
                    "the strike may reach (TITAN 12.4)",
                    at,
                    "8.1",
                )
            )
            continue
        refusal = carry_refusal(state, striker, target, second, declared, forgo)
        if refusal is not None:
            problems.append(problem("may_not_carry_to_it", refusal, at, "8.1"))
            continue
        if excess is not None and excess > 0:
            landed = min(excess, state.power(second) - second.damage)
            state = _land(state, striker, second, landed)
            excess -= landed
    return state, problems


def _land(state: GameState, striker: Figure, target: Figure, landed: int) -> GameState:
    if landed <= 0:
        return state
    state = hurt(state, target, landed, striker.player)
    now = state.figure(target.id)
    assert now is not None
    return poison(state, striker, now)


def _struck(state: GameState, striker: Figure) -> GameState:
    now = state.figure(striker.id)
    assert now is not None
    responding = state.responding or striker.player != state.active
    return replace(state.with_figure(now.doing(Deed.STRUCK)), responding=responding)


def apply_strike(state: GameState, action: Strike) -> GameState:
    striker, target = _pair(state, action)
    state, _ = _chain(state, striker, target, action)
    return _struck(state, striker)


def carry_recipients(state: GameState, action: Strike) -> list[Figure]:
    """The characters the excess hits of this strike may carry to, as things stand (the first
    of a chain, TITAN 12.4, 8.1)."""
    striker, target = state.figure(action.character), state.figure(action.target)
    if striker is None or target is None or strike_terms(state, striker, target) is None:
        return []
    declared = _declared(state, action)
    return [
        second
        for second in strike_targets(state, striker)
        if second.id != target.id
        and carry_refusal(state, striker, target, second, declared, action.forgo_benefits) is None
    ]


# --- rangestrikes (TITAN 13.0-13.5) ------------------------------------------------------------


def check_rangestrike(state: GameState, action: Rangestrike) -> list[Problem]:
    opening = _opening(state, action, "a rangestrike", own=True)
    if isinstance(opening, list):
        return opening
    striker, target = opening
    if locked(state, striker):
        return [
            problem(
                "locked",
                "a character locked in contact does not rangestrike (TITAN 13.0)",
                "character",
                "8.0",
            )
        ]
    if target.player == striker.player or state.slain(target):
        return [
            problem(
                "may_not_strike_it",
                "a rangestrike is at a living enemy (TITAN 13.0)",
                "target",
                "8.0",
            )
        ]
    terms = rangestrike_terms(state, striker, target)
    if isinstance(terms, str):
        return [problem("may_not_rangestrike_it", terms, "target", "8.0")]
    return _dice_problems(action.dice, terms.dice, "8.0")


def _range_terms(state: GameState, action: Rangestrike) -> RangestrikeTerms:
    terms = rangestrike_terms(state, *_pair(state, action))
    assert not isinstance(terms, str)
    return terms


def rangestrike_dice(state: GameState, action: Rangestrike) -> int:
    return _range_terms(state, action).dice


def apply_rangestrike(state: GameState, action: Rangestrike) -> GameState:
    striker, target = _pair(state, action)
    terms = _range_terms(state, action)
    assert action.dice is not None
    landed = min(hits(action.dice, terms.strike_number), state.power(target) - target.damage)
    return _struck(_land(state, striker, target, landed), striker)


# --- what may be struck now --------------------------------------------------------------------


def legal_strikes(state: GameState, figure: Figure) -> list[Strike | Rangestrike]:
    """The strikes and rangestrikes open to a character now: each target at its least
    Strike-number, and each higher number (or benefits forgone) that lets excess hits carry
    further (TITAN 12.4, 12.5); each rangestrike it has (TITAN 13.0)."""
    if state.phase is not Phase.STRIKE or striking_refusal(state, figure) is not None:
        return []
    found: list[Strike | Rangestrike] = []
    targets = strike_targets(state, figure)
    for target in targets:
        terms = strike_terms(state, figure, target)
        assert terms is not None
        found.append(Strike(figure.id, target.id))
        for forgo in (False, True) if terms.has_benefits else (False,):
            least = least_number(terms, forgo)
            reached: set[int] = set()
            for declared in range(least, HIGHEST_STRIKE_NUMBER + 1):
                reach = {
                    t.id
                    for t in targets
                    if t.id != target.id
                    and carry_refusal(state, figure, target, t, declared, forgo) is None
                }
                if reach - reached and (forgo or declared > least):
                    found.append(Strike(figure.id, target.id, declared, forgo))
                reached |= reach
    if figure.player == state.active and figure.kind.rangestrikes and not locked(state, figure):
        m = state.map
        for hex_ in m.grid.within(figure.hex, LONGEST_RANGE - 1):
            for target in state.at(hex_):
                if (
                    target.player != figure.player
                    and not state.slain(target)
                    and not isinstance(rangestrike_terms(state, figure, target), str)
                ):
                    found.append(Rangestrike(figure.id, target.id))
    return found
