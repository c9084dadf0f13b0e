"""Engagement odds: one Python entry point from a request to the answer of POST /api/v1/odds.

``odds(request)`` checks the request against the rules (raising
``engine.errors`` types with rule numbers), plays the Battles in chunks with
the numba kernel (``simulator.battles.play``), stops when a requested precision
is reached (``simulator.precision``) or early when a time budget runs out, and
summarises. Battle i's dice depend only on (seed, i), so the
answer for a seed does not depend on how the Battles were chunked.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar, Self

import numpy as np

from engine.battle_checks import (
    box_problems,
    check_position,
    default_entry_side,
    entry_side_problems,
)
from engine.battle_turns import is_summonable_lord
from engine.battlelands import battleland
from engine.characters import ANGEL, character
from engine.errors import RuleError, TitanError, UnknownName, Violations
from engine.legion_checks import legion_problems
from engine.masterboard import land as masterboard_land
from engine.names import canonical, unknown
from engine.position import BattlePosition
from engine.tactical.characters import NAMES as TACTICAL_NAMES
from engine.variants import TACTICAL, engagement_variants
from engine.variants import variant as variant_named
from simulator import equilibrium, how_played
from simulator.battles import BattleRecords, BattleSpec, play
from simulator.engagement import Engagement, Legion, alternatives, score_battles
from simulator.limits import (
    DEFAULT_TRIALS,
    MAX_TRIALS,
    MIN_TRIALS,
    PRECISION_ABOVE,
    PRECISION_BELOW,
    Needs,
    check_seed,
    score_problem,
)
from simulator.precision import OUTCOMES, Plan, half_width, outcome_counts
from simulator.statistics import summarise
from simulator.tactics import MIXED_STYLES, SearchSetting, cost

CHUNK = 2_000  # Battles per kernel call; the time budget is checked between calls


@dataclass(frozen=True)
class LegionRequest:
    score: int = 0
    characters: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        # a list given (a JSON array) is kept as a tuple: the request stays a value
        object.__setattr__(self, "characters", tuple(self.characters))

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> LegionRequest:
        return cls(int(d.get("score", 0) or 0), d.get("characters", ()))


@dataclass(frozen=True, kw_only=True)
class BattleRequest:
    """What an odds and a compare request share: where, how, how many. The API's schemas
    (api.schemas.odds) load a request body into its value, field for field."""

    terrain: str | None = None
    land: int | None = None
    entry_side: int | None = None
    summonable: str | None = None
    reinforce: bool = True
    tactics: Mapping[str, str] = field(default_factory=dict)
    search: Mapping[str, Any] | None = None  # the search tactic's setting (SearchSetting)
    trials: int | None = None
    precision: float | None = None
    seed: int | None = None
    variant: str = "default"

    # the fields holding a Legion, read by ``from_dict``
    LEGIONS: ClassVar[tuple[str, ...]] = ()
    # the fields that depend on each other (9.0: where the Battle is fought)
    NEEDS: ClassVar[tuple[Needs, ...]] = (
        Needs(
            (("terrain",), ("land",)),
            "give the terrain or the land of the Engagement",
            path="terrain",
            rule="9.0",
        ),
    )

    @property
    def searches(self) -> bool:
        """Whether a side plays the search tactic, before the request is read into an
        Engagement (``battles.searches`` asks it of a spec): the battle kernel's search code
        (``warm_up_search``), which the default and the fixed styles never run."""
        return "lookahead" in self.tactics.values()  # names as the schema and CLI read them

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Self:
        """The request of a plain dict, for callers without the API's schema (the command
        line, scripts): its known fields, unchecked; the rules are checked by ``prepare``."""
        known = {f.name for f in fields(cls)}
        values = {k: v for k, v in d.items() if k in known and v is not None}
        for key in cls.LEGIONS:
            if isinstance(values.get(key), Mapping):
                values[key] = LegionRequest.from_dict(values[key])
        return cls(**values)


@dataclass(frozen=True, kw_only=True)
class OddsRequest(BattleRequest):
    """The body of POST /api/v1/odds as a value."""

    attacker: LegionRequest | None = None
    defender: LegionRequest | None = None
    position: BattlePosition | None = None

    LEGIONS: ClassVar[tuple[str, ...]] = ("attacker", "defender")
    # 9.0: where, and who; a position tells both
    NEEDS: ClassVar[tuple[Needs, ...]] = (
        Needs(
            (("terrain",), ("land",), ("position",)),
            "give the terrain or the land of the Engagement",
            path="terrain",
            rule="9.0",
        ),
        *(
            Needs(((side,), ("position",)), f"the {side}'s Legion is missing", side, "9.0")
            for side in ("attacker", "defender")
        ),
    )

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Self:
        if isinstance(d.get("position"), Mapping):
            d = {**d, "position": BattlePosition.from_dict(d["position"])}
        return super().from_dict(d)


def _problem(problems: list[RuleError], message: str, rule: str | None, path: str) -> None:
    problems.append(RuleError(message, rule=rule, path=path))


def raise_all(problems: list[TitanError]) -> None:
    """Nothing, one problem as itself, or several at once."""
    if len(problems) == 1:
        raise problems[0]
    if problems:
        raise Violations(problems)


def all_at_once(*steps: Callable[[], Any]) -> list[Any]:
    """Each step's result; every problem of every step raised together (none hides another)."""
    results: list[Any] = []
    problems: list[TitanError] = []
    for step in steps:
        try:
            results.append(step())
        except Violations as e:
            problems += e.problems
            results.append(None)
        except TitanError as e:
            problems.append(e)
            results.append(None)
    raise_all(problems)
    return results


def resolve_terrain(terrain: str | None, land: int | None) -> str:
    """The Battleland's terrain from ``terrain`` or a masterboard ``land`` (they must agree)."""
    if land is not None:
        found = _named(masterboard_land, land, "land").terrain
        if terrain is not None and terrain != found:
            raise RuleError(f"land {land} is {found}, not {terrain}", rule="2.1", path="terrain")
        terrain = found
    if terrain is None:
        raise RuleError(
            "give the terrain or the land of the Engagement", rule="9.0", path="terrain"
        )
    _named(battleland, terrain, "terrain")  # a terrain the game does not have
    return terrain


def _named(lookup, name, path: str):
    """``lookup(name)``, its UnknownName placed at the request's field."""
    try:
        return lookup(name)
    except UnknownName as e:
        raise e.at(path) from None


def check_legion(characters: tuple[str, ...], side: str, problems: list[RuleError]) -> None:
    """Every name known (3.5); at least one character, and the rules of every Legion
    (engine.legion_checks: at most seven, 4.1; at most one Titan, 3.1)."""
    for i, name in enumerate(characters):
        try:
            _named(character, name, f"{side}.characters[{i}]")
        except UnknownName as e:
            other = canonical(name, TACTICAL_NAMES)  # a character of the other book
            if other is not None:
                e = UnknownName(
                    f'{e.message}: the {other} is Tactical Titan\'s; ask with "variant": '
                    f'"{TACTICAL}"',
                    rule=e.rule, path=e.path, suggestions=e.suggestions, valid=e.valid,
                )  # fmt: skip
            problems.append(e)  # type: ignore[arg-type]
    if not characters:
        _problem(
            problems, f"the {side} holds no character; a Legion holds at least one", "4.1",
            f"{side}.characters",
        )  # fmt: skip
    problems += legion_problems(f"the {side}", characters, f"{side}.characters")


def _position_problems(position: BattlePosition) -> list[RuleError]:
    """What engine.battle_checks finds wrong with the position, its paths under "position"."""
    return [p.under("position") for p in check_position(position)]


def _legion_from(army, given: LegionRequest | None, side: str, problems) -> Legion:
    """A side's Legion: as given, or the position's; with both they must agree."""
    in_position = tuple(f.name for f in army.characters)
    if given is None:
        return Legion(army.score, in_position)
    if given.score != army.score:
        _problem(
            problems, f"the {side}'s score is {given.score} but {army.score} in the position",
            "19.1", f"{side}.score",
        )  # fmt: skip
    missing = Counter(in_position) - Counter(given.characters)
    if missing:
        _problem(
            problems,
            f"the position holds {', '.join(sorted(missing))} not in the {side}'s Legion",
            "9.0",
            f"position.{side}.characters",
        )
    return Legion(given.score, given.characters)


def _fresh(
    terrain: str, entry: int, attacker: LegionRequest, defender: LegionRequest
) -> BattlePosition:
    """The two Legions before the Battle, as a position the engine's checks read."""
    return Engagement(
        terrain, Legion(attacker.score, attacker.characters),
        Legion(defender.score, defender.characters), entry_side=entry,
    ).start  # fmt: skip


def _summonable(name: str) -> bool:
    try:
        return is_summonable_lord(name)
    except UnknownName as e:
        raise e.at("summonable") from None


def tactic_names() -> tuple[str, ...]:
    try:
        from simulator.tactics import TACTICS
    except ImportError:
        return ("default",)
    return tuple(TACTICS)


def every_tactic_name() -> tuple[str, ...]:
    """TITAN's tactics, then Tactical Titan's plans (and ``search``) under ``variant:
    tactical``: the names a request's ``tactics`` may give."""
    from simulator.tactical.engagement import TACTICS as TACTICAL_TACTICS

    titan = tactic_names()
    return (*titan, *(t for t in TACTICAL_TACTICS if t not in titan))


def _tactic_problems(request: OddsRequest) -> list[RuleError]:
    from simulator.tactical.engagement import TACTICS as TACTICAL_TACTICS

    tactics = tactic_names()
    found = []
    for side in ("attacker", "defender"):
        name = request.tactics.get(side, "default")
        if name in tactics:
            continue
        if name in TACTICAL_TACTICS:  # the other book's plan: pointed to its variant (21.3)
            found.append(
                RuleError(
                    f"tactics.{side}: {name!r} is a plan of Tactical Titan's fights; ask with "
                    f'"variant": "{TACTICAL}"',
                    rule="21.3",
                    path=f"tactics.{side}",
                )
            )
            continue
        found.append(unknown("tactic", name, tactics, rule=None).at(f"tactics.{side}"))
    return found  # type: ignore[return-value]


def unmet_needs(request: BattleRequest) -> list[RuleError]:
    """The request's fields that depend on each other and are not given (its ``NEEDS``)."""
    return [
        RuleError(need.message, rule=need.rule, path=need.path)
        for need in request.NEEDS
        if not need.met(lambda name: getattr(request, name) is not None)
    ]


def variant_problems(request: BattleRequest) -> list[TitanError]:
    if request.variant == TACTICAL:  # its requests are answered by simulator.tactical.engagement
        return [
            TitanError(
                f"variant {TACTICAL!r}: this request plays TITAN's Battles only; Tactical "
                "Titan's odds are asked of POST /api/v1/odds, /odds/batch and /compare",
                path="variant",
            )
        ]
    try:
        variant_named(request.variant)
    except UnknownName:
        names = engagement_variants()
        return [unknown("variant", request.variant, names, rule="21.3").at("variant")]
    return []


def _ended(position: BattlePosition) -> list[RuleError]:
    """A side of the position without a character has been eliminated: the Battle has ended
    (16.0), and there are no odds to play for."""
    return [
        RuleError(
            f"the {side} holds no character: the Battle has ended",
            rule="16.0",
            path=f"position.{side}.characters",
        )
        for side in ("attacker", "defender")
        if not getattr(position, side).characters
    ]


def _search_setting(request: BattleRequest, problems: list[RuleError]) -> SearchSetting:
    """The search tactic's setting of the request (its bounds: simulator.limits)."""
    try:
        return SearchSetting.from_dict(request.search)
    except TitanError as e:
        problems.append(e)  # type: ignore[arg-type]
        return SearchSetting()


def engagement_of(request: OddsRequest) -> Engagement:
    """The Engagement a request describes, after every check (422 in the API)."""
    problems: list[RuleError] = unmet_needs(request)
    problems += variant_problems(request)  # type: ignore[arg-type]
    position = request.position
    terrain = request.terrain
    if position is not None and terrain is None and request.land is None:
        terrain = position.terrain
    try:
        terrain = resolve_terrain(terrain, request.land)
    except TitanError as e:
        # the Legions and tactics are still checked, so that every problem is told at once
        if terrain is not None or request.land is not None:  # else an unmet need says so
            problems.append(e)  # type: ignore[arg-type]
        for side in ("attacker", "defender"):
            given = getattr(request, side)
            if given is not None:
                check_legion(given.characters, side, problems)
        problems += _tactic_problems(request)
        raise_all(problems)  # type: ignore[arg-type]
    if position is not None and position.terrain != terrain:
        _problem(
            problems, f"the position is on {position.terrain}, the Engagement on {terrain}",
            "10.0", "position.terrain",
        )  # fmt: skip

    # 10.1, 10.2: a side the Battle could not have is refused (docs/rulings.md, 10.2).
    entry = request.entry_side
    if position is not None:
        if entry is not None and entry != position.entry_side:
            _problem(
                problems, f"entry side {entry}, but the position is fought from side "
                f"{position.entry_side}", "10.1", "entry_side",
            )  # fmt: skip
        entry = position.entry_side  # checked with the position
    elif entry is None:
        entry = default_entry_side(terrain)
    else:
        problems += entry_side_problems(terrain, entry)

    for side in ("attacker", "defender"):
        given = getattr(request, side)
        if given is not None:
            if given.score < 0:
                _problem(problems, "a score is never negative", "16.0", f"{side}.score")
            beyond = score_problem(given.score, f"{side}.score")
            if beyond is not None:
                problems.append(beyond)  # type: ignore[arg-type]
            check_legion(given.characters, side, problems)
    if position is not None:
        problems += _position_problems(position)  # 4.1, 3.1 and the Battle's own rules
        problems += _ended(position)
        for side in ("attacker", "defender"):
            path = f"position.{side}.score"
            beyond = score_problem(getattr(position, side).score, path)
            if beyond is not None:
                problems.append(beyond)  # type: ignore[arg-type]
    elif request.attacker is not None and request.defender is not None and not problems:
        # 2.3: the two Legions together hold no more counters than the box
        for error in box_problems(_fresh(terrain, entry, request.attacker, request.defender)):
            path = (error.path or "").removesuffix(".name")  # a request names characters bare
            problems.append(RuleError(error.message, rule=error.rule, path=path))

    if request.summonable is not None and not _summonable(request.summonable):
        _problem(
            problems, f"{request.summonable!r} cannot be summoned; only an Angel or Archangel",
            "15.0", "summonable",
        )  # fmt: skip
    problems += _tactic_problems(request)
    search = _search_setting(request, problems)
    raise_all(problems)  # type: ignore[arg-type]

    if position is not None:
        attacker = _legion_from(position.attacker, request.attacker, "attacker", problems)
        defender = _legion_from(position.defender, request.defender, "defender", problems)
        raise_all(problems)
    else:
        assert request.attacker is not None and request.defender is not None
        attacker = Legion(request.attacker.score, request.attacker.characters)
        defender = Legion(request.defender.score, request.defender.characters)
    return Engagement(
        terrain=terrain,
        attacker=attacker,
        defender=defender,
        entry_side=entry,
        position=position,
        summonable=request.summonable,
        reinforce=request.reinforce,
        attacker_tactic=request.tactics.get("attacker", "default"),
        defender_tactic=request.tactics.get("defender", "default"),
        variant=request.variant,
        search=search,
    )


def check_trials(
    trials: int | None,
    max_trials: int,
    precision: float | None = None,
    default_trials: int = DEFAULT_TRIALS,
) -> int:
    """The Battles to play (with a precision: the most to play; the service's limit when
    not given)."""
    if trials is None:
        trials = default_trials if precision is None else max_trials
    if trials < MIN_TRIALS:
        raise TitanError(f"trials must be at least {MIN_TRIALS}", path="trials")
    if trials > max_trials:
        raise TitanError(f"trials may be at most {max_trials}, not {trials}", path="trials")
    return trials


def chunks(trials: int, chunk: int = CHUNK) -> Iterator[tuple[int, int]]:
    """(first Battle index, count) of each kernel call."""
    for first in range(0, trials, chunk):
        yield first, min(chunk, trials - first)


def concatenate(parts: list[BattleRecords]) -> BattleRecords:
    first = parts[0]
    if len(parts) == 1:
        return first
    names = first.reinforcement_names
    assert all(p.reinforcement_names == names for p in parts)
    joined = {
        f.name: np.concatenate([getattr(p, f.name) for p in parts])
        for f in fields(first)
        if f.name != "reinforcement_names"
    }
    return type(first)(reinforcement_names=names, **joined)


@dataclass(frozen=True)
class Run:
    records: BattleRecords
    seconds: float  # spent in the kernel
    stopped: str  # "precision", "trials" (the cap played) or "time" (the budget ran out)
    plan: Plan

    @property
    def truncated(self) -> bool:
        return self.stopped == STOPPED_TIME

    @property
    def battles_per_second(self) -> float:
        n = self.records.outcome.size
        return n / self.seconds if self.seconds > 0 else float(n)


STOPPED_PRECISION, STOPPED_TRIALS, STOPPED_TIME = "precision", "trials", "time"


def play_plan(
    specs: list[BattleSpec],
    plan: Plan,
    seed: int,
    reached: Callable[[list[np.ndarray]], bool],
    *,
    time_budget: float | None = None,
    chunk: int = CHUNK,
    progress: Callable[[int], None] | None = None,
    ready: Callable[[], None] | None = None,
) -> tuple[list[list[BattleRecords]], str, float]:
    """Play each spec's Battles 0, 1, ... in chunks up to the plan's looks, the same indices
    for every spec (common dice); at each look stop if ``reached(outcome counts per spec)``.
    The time budget is looked at before each spec's chunk after the first round; a round it
    runs out in is left out, every spec then counting the same Battles. A round of every spec
    is about one chunk in all, so several specs overshoot the budget by no more than one: a
    spec's share of a chunk. ``ready`` is called before the first Battle and its time left
    out (the command line readies the kernel there, once the request is found valid).
    (records per spec, why play stopped, seconds.)"""
    # a slow tactic plays smaller chunks, so that the time budget is looked at as often
    slowest = max(
        max(cost(s.attacker_tactic, s.search), cost(s.defender_tactic, s.search)) for s in specs
    )
    chunk = max(1, int(chunk / slowest))
    parts: list[list[BattleRecords]] = [[] for _ in specs]
    counts = [np.zeros(OUTCOMES, dtype=np.int64) for _ in specs]
    if ready is not None:
        ready()
    started = time.perf_counter()
    done = 0
    stopped = STOPPED_TRIALS
    per_spec = max(1, chunk // len(specs))
    for look in plan.looks:
        for _, count in chunks(look - done, per_spec):
            played: list[BattleRecords] = []
            for spec in specs:
                if (
                    time_budget is not None
                    and done
                    and time.perf_counter() - started >= time_budget
                ):
                    return parts, STOPPED_TIME, time.perf_counter() - started
                played.append(play(spec, count, seed, done))
            for records, into, found in zip(played, parts, counts, strict=True):
                into.append(records)
                found += outcome_counts(records.outcome)
                if progress is not None:
                    progress(count)
            done += count
        if plan.precision is not None and reached(counts):
            stopped = STOPPED_PRECISION
            break
    return parts, stopped, time.perf_counter() - started


def run(
    engagement: Engagement,
    trials: int,
    seed: int,
    *,
    time_budget: float | None = None,
    chunk: int = CHUNK,
    progress: Callable[[int], None] | None = None,
    precision: float | None = None,
    ready: Callable[[], None] | None = None,
) -> Run:
    """Play up to ``trials`` Battles in chunks; stop when the precision is reached at a look of
    the plan (simulator.precision), or after the chunk that exhausts ``time_budget``."""
    plan = Plan.of(trials, precision)
    (parts,), stopped, seconds = play_plan(
        [engagement.spec],
        plan,
        seed,
        lambda counts: plan.reached(counts[0]),
        time_budget=time_budget,
        chunk=chunk,
        progress=progress,
        ready=ready,
    )
    return Run(concatenate(parts), seconds, stopped, plan)


def check_precision(precision: float | None) -> float | None:
    if precision is not None and not PRECISION_ABOVE < precision < PRECISION_BELOW:
        raise TitanError(
            "precision is the largest interval half-width accepted: above "
            f"{PRECISION_ABOVE:g} and below {PRECISION_BELOW:g}",
            path="precision",
        )
    return precision


@dataclass(frozen=True)
class Prepared:
    """A request checked against the rules and ready to play."""

    request: OddsRequest
    engagement: Engagement
    trials: int  # with a precision: the most
    seed: int
    precision: float | None = None


def prepare(
    request: OddsRequest | Mapping[str, Any],
    *,
    max_trials: int = MAX_TRIALS,
    default_trials: int = DEFAULT_TRIALS,
) -> Prepared:
    """The request checked (every problem raised at once) with its trials and seed settled.
    A dict is read by ``OddsRequest.from_dict`` (the API gives the value its schema loaded)."""
    if not isinstance(request, OddsRequest):
        request = OddsRequest.from_dict(request)
    engagement, precision, trials, seed = all_at_once(
        lambda: engagement_of(request),
        lambda: check_precision(request.precision),
        lambda: check_trials(request.trials, max_trials, request.precision, default_trials),
        lambda: check_seed(request.seed),
    )
    return Prepared(request, engagement, trials, seed, precision)


def answer_of(prepared: Prepared, done: Run) -> dict[str, Any]:
    """The odds answer of the Battles ``done`` played for ``prepared``."""
    engagement = prepared.engagement
    scored = score_battles(engagement, done.records)
    answer = summarise(engagement, scored, z=done.plan.z)
    answer["alternatives"] = alternatives(engagement)
    answer.update(
        {
            "terrain": engagement.terrain,
            "land": prepared.request.land,
            "entry_side": engagement.start.entry_side,
            "tactics": {
                "attacker": engagement.attacker_tactic,
                "defender": engagement.defender_tactic,
            },
            "search": (
                engagement.search.to_dict()
                if "lookahead" in (engagement.attacker_tactic, engagement.defender_tactic)
                else None
            ),
            "styles": equilibrium.played(engagement.spec),
            "style_mix": equilibrium.played_mix(engagement.spec),
            "play": how_played.play_summary(engagement.spec, done.records),
            "summonable": engagement.spec.summonable,
            "reinforce": engagement.spec.reinforce,
            "variant": engagement.variant,
            "trials": len(scored),
            "requested_trials": prepared.trials,
            "seed": prepared.seed,
            "battles_per_second": done.battles_per_second,
            "seconds": done.seconds,
            "truncated": done.truncated,
            "precision": prepared.precision,
            "stopped": done.stopped,
            "half_width": half_width(outcome_counts(scored.outcome), done.plan.z),
        }
    )
    return answer


def odds(
    request: OddsRequest | Mapping[str, Any],
    *,
    time_budget: float | None = None,
    max_trials: int = MAX_TRIALS,
    default_trials: int = DEFAULT_TRIALS,
    chunk: int = CHUNK,
    progress: Callable[[int], None] | None = None,
    ready: Callable[[], None] | None = None,
) -> dict[str, Any]:
    """The odds of an Engagement (DESIGN: POST /api/v1/odds), from a request value or dict
    (``progress``, ``ready``: see ``play_plan``). ``"variant": "tactical"`` is fought under
    Tactical Titan's rules (``simulator.tactical.engagement``)."""
    if not isinstance(request, OddsRequest):
        request = OddsRequest.from_dict(request)
    if request.variant == TACTICAL:
        from simulator.tactical import engagement as tactical  # its kernel, loaded when asked

        return tactical.odds(
            request, time_budget=time_budget, max_trials=max_trials, default_trials=default_trials
        )
    prepared = prepare(request, max_trials=max_trials, default_trials=default_trials)
    done = run(
        prepared.engagement,
        prepared.trials,
        prepared.seed,
        time_budget=time_budget,
        chunk=chunk,
        progress=progress,
        precision=prepared.precision,
        ready=ready,
    )
    return answer_of(prepared, done)


WARM_UP_REQUEST: dict[str, Any] = {
    "terrain": "Tower",
    "attacker": {"score": 0, "characters": ["Titan", "Gargoyle", "Centaur"]},
    "defender": {"score": 0, "characters": ["Ogre", "Ranger", "Warlock"]},
    "summonable": ANGEL,
    "trials": 8,
    "seed": 0,
}


def warm_up() -> float:
    """Play a few Battles so the kernel is compiled or loaded from numba's cache; seconds taken.
    The pilot's kernel and solver too (a few tenths of a second to load), and the bundles of
    the mixed styles: the warm-up's own mix may be read from disk (``simulator.mix_store``),
    and a new Engagement's first request would pay for them."""
    started = time.perf_counter()
    odds(WARM_UP_REQUEST)
    spec = engagement_of(OddsRequest.from_dict(WARM_UP_REQUEST)).spec
    equilibrium.play_pairs(spec, [(MIXED_STYLES[0][0], MIXED_STYLES[1][0])], 0, 1, 0)
    equilibrium.solve(np.zeros((2, 2)))
    equilibrium.prepare_bundles()
    return time.perf_counter() - started


def warm_up_search() -> float:
    """The same for the kernel's search code (``kernel.play_battles`` and ``play_traced``):
    a Battle with a side searching, and one traced; seconds taken. Compiled apart from the
    default's, which never calls it: a fresh install answers the default's requests a third of
    the compile sooner."""
    from simulator.battles import trace

    started = time.perf_counter()
    searching = {**WARM_UP_REQUEST, "trials": 1, "search": {"rollouts": 1}}
    odds({**searching, "tactics": {"attacker": "lookahead"}})
    trace(engagement_of(OddsRequest.from_dict(WARM_UP_REQUEST)).spec, 1)
    return time.perf_counter() - started
