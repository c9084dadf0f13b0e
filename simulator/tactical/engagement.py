"""A TITAN Engagement fought under Tactical Titan's rules: ``"variant": "tactical"``.

The odds request of POST /api/v1/odds (``simulator.odds.OddsRequest``) names the Battleland
and the two Legions; here its Battleland becomes a one-region map (3.2,
``engine.tactical.mosaic``), each Legion stands on the hexes nearest its entry side, and
Tactical Titan's kernel (``simulator.tactical``) plays the fight: Healing Phases, the new
characters' abilities, 11.0's points and the Lords 8.3 brings, the defender's turn first (TITAN
10.3). The answer has the shape of TITAN's odds answer (``simulator.odds``) with the healing
each side did; docs/tactical.md ("An Engagement under Tactical Titan's rules") and
docs/rulings.md say what is played and why.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from functools import cache, partial
from types import MappingProxyType
from typing import Any

import numpy as np

from engine.battle_checks import default_entry_side, entry_side_problems
from engine.characters import TITAN
from engine.errors import RuleError, TitanError, UnknownName
from engine.hexes import entry_hexes
from engine.legion_checks import legion_problems
from engine.tactical import mosaic
from engine.tactical.board import may_stand
from engine.tactical.characters import CHARACTERS, character
from engine.tactical.geometry import parse_label
from engine.tactical.maps import Map
from engine.tactical.state import Figure, GameState, Player, box_count
from engine.variants import TACTICAL
from simulator.compare import (
    CompareRequest,
    candidate_row,
    candidates_of,
    each_candidate,
    ranked,
    side_wins,
    win_codes,
    win_counts,
)
from simulator.limits import DEFAULT_TRIALS, MAX_TRIALS, check_seed, score_problem
from simulator.odds import (
    OddsRequest,
    all_at_once,
    check_precision,
    check_trials,
    raise_all,
    resolve_terrain,
)
from simulator.precision import Plan, half_width, outcome_counts
from simulator.statistics import distribution, mean, proportion, survival, survivors_by_name
from simulator.tactical import odds as fights
from simulator.tactical import tables
from simulator.tactical.search import PLANS, Choice, with_plans

ROUNDS = 7  # TITAN 10.5's Battle-Rounds: the fight's length, the defender's turn first
SETS = 1  # the counters come from one game set (2.0, 2.3)
SIDES = ("attacker", "defender")
TACTICS = PLANS  # a side's tactic: one of Tactical Titan's plans, or the plan search
# The players of the fight's state: the defender first in turn order (TITAN 10.3).
PLAYERS = ("Defender", "Attacker")
PLAYER_OF = {"attacker": "Attacker", "defender": "Defender"}
# simulator.battles.Outcome's codes
ATTACKER_WINS, DEFENDER_WINS, MUTUAL, TIME_LOSS = range(4)
UNTIL = fights.Until.ONE_PLAYER  # a side is out when its Titan falls or none of it is left
# what a TITAN request may ask that this variant does not play: why, and the ruling's section
# (docs/rulings.md, "An Engagement under Tactical Titan's rules")
NOT_PLAYED = {
    "position": (
        "a half-fought TITAN Battle does not continue under Tactical Titan's rules",
        "4.0",
    ),
    "summonable": ("no Lord is summoned: Tactical Titan's Angels come by score (8.3)", "15.0"),
}


MIDDLE = "D3"  # the map hex the Battleland's middle hex lies on (mosaic.MIDDLE, unturned)


@cache
def battleland_map(terrain: str) -> Map:
    """The Battleland as a one-region map (3.2), unturned: TITAN's hex i is ``map_hex(m, i)``."""
    return mosaic.build({"name": terrain, "battlelands": [{"terrain": terrain, "at": MIDDLE}]})


def map_hex(m: Map, index: int) -> int:
    """The map hex of the Battleland's hex ``index`` (engine.hexes' order)."""
    found = m.grid.at(mosaic.placement(0, parse_label(MIDDLE))[index])
    assert found is not None
    return found


@dataclass(frozen=True)
class Fight:
    """A checked request: the state its fights start from and how many to play."""

    terrain: str
    land: int | None
    entry_side: int
    state: GameState
    trials: int
    seed: int
    precision: float | None
    tactics: Mapping[str, str] = field(default_factory=lambda: dict.fromkeys(SIDES, "default"))

    def figures_of(self, side: str) -> list[int]:
        """The columns of the side's characters in the state (in the order given)."""
        player = PLAYER_OF[side]
        return [i for i, f in enumerate(self.state.figures) if f.player == player]


def _names(given: tuple[str, ...], side: str, problems: list[TitanError]) -> tuple[str, ...]:
    found = []
    for i, name in enumerate(given):
        try:
            found.append(character(name).name)
        except UnknownName as e:
            problems.append(e.at(f"{side}.characters[{i}]"))
    if not given:
        problems.append(
            RuleError(
                f"the {side} holds no character; a Legion holds at least one",
                rule="4.1",
                path=f"{side}.characters",
            )
        )
    if len(found) < len(given):  # a name unknown: the rest is judged once it is known
        return ()
    problems += legion_problems(f"the {side}", found, f"{side}.characters")
    return tuple(found)


def _stand(
    m: Map, names: tuple[str, ...], edge: set[int], taken: set[int]
) -> list[tuple[str, int]]:
    """Each character on the free hex nearest its side's edge that it may be in (TITAN 11.5,
    12.1.2), in the order given (``_unplaceable`` found none without such a hex)."""
    placed = []
    for name in names:
        kind = character(name)
        spots = [h for h in m.grid.hexes if h not in taken and may_stand(kind, m, h)]
        h = min(spots, key=lambda h: (min(m.distance(h, e) for e in edge), h))
        taken.add(h)
        placed.append((name, h))
    return placed


def _unplaceable(terrain: str, names: tuple[str, ...], side: str) -> list[TitanError]:
    """9.2: a character no hex of the Battleland may hold (a Kraken or Sea King: Water only)."""
    m = battleland_map(terrain)
    return [
        RuleError(
            f"a {name} may not fight on {terrain}: no hex of the Battleland may hold it "
            "(TITAN 11.5; Tactical Titan 9.2)",
            rule="9.2",
            path=f"{side}.characters[{i}]",
        )
        for i, name in enumerate(names)
        if not any(may_stand(character(name), m, h) for h in m.grid.hexes)
    ]


def _box(legions: Mapping[str, tuple[str, ...]]) -> list[TitanError]:
    """2.3: no more counters of a type in the two Legions than one game set holds."""
    counts = Counter(n for names in legions.values() for n in names if n != TITAN)
    problems: list[TitanError] = []
    for name, n in sorted(counts.items()):
        if n > box_count(name, SETS):
            side = next(s for s in SIDES if name in legions[s])
            problems.append(
                RuleError(
                    f"{n} {name} in the Battle; the game has {box_count(name, SETS)}",
                    rule="2.3",
                    path=f"{side}.characters[{legions[side].index(name)}]",
                )
            )
    return problems


def prepare(
    request: OddsRequest, *, max_trials: int = MAX_TRIALS, default_trials: int = DEFAULT_TRIALS
) -> Fight:
    """The request (``simulator.odds.OddsRequest``) checked, every problem raised at once."""
    problems: list[TitanError] = []
    for name, (why, rule) in NOT_PLAYED.items():
        if getattr(request, name) is not None:
            problems.append(RuleError(f"{name}: {why}", rule=rule, path=name))
    for side in SIDES:
        tactic = request.tactics.get(side, "default")
        if tactic not in TACTICS:
            problems.append(
                RuleError(
                    f"tactics.{side}: {tactic!r} is not one of Tactical Titan's plans; its "
                    f"fights are played by one of {', '.join(TACTICS)}",
                    rule="4.0",
                    path=f"tactics.{side}",
                )
            )
        if getattr(request, side) is None:
            problems.append(RuleError(f"the {side}'s Legion is missing", rule="9.0", path=side))
    terrain = entry = None
    try:
        terrain = resolve_terrain(request.terrain, request.land)
    except TitanError as e:
        problems.append(e)
    if terrain is not None:
        entry = request.entry_side
        if entry is None:
            entry = default_entry_side(terrain)
        else:
            problems += entry_side_problems(terrain, entry)
    legions: dict[str, tuple[str, ...]] = {}
    for side in SIDES:
        given = getattr(request, side)
        if given is None:
            continue
        beyond = score_problem(given.score, f"{side}.score")
        if given.score < 0 or beyond is not None:
            problems.append(
                beyond or RuleError("a score is never negative", rule="8.2", path=f"{side}.score")
            )
        legions[side] = _names(given.characters, side, problems)
        if terrain is not None:
            problems += _unplaceable(terrain, legions[side], side)
    if not problems:
        problems += _box(legions)
    state = None
    if not problems:
        assert terrain is not None and entry is not None
        state = _state(request, terrain, entry, legions)
        problems += tables.refusals(state)
    raise_all(problems)
    assert state is not None and terrain is not None and entry is not None
    precision, trials, seed = all_at_once(
        lambda: check_precision(request.precision),
        lambda: check_trials(request.trials, max_trials, request.precision, default_trials),
        lambda: check_seed(request.seed),
    )
    tactics = {side: request.tactics.get(side, "default") for side in SIDES}
    return Fight(terrain, request.land, entry, state, trials, seed, precision, tactics)


def _state(
    request: OddsRequest, terrain: str, entry: int, legions: Mapping[str, tuple[str, ...]]
) -> GameState:
    """The fight's start: each Legion nearest its entry side (TITAN 10.1), the defender's
    Healing Phase first (TITAN 10.3), every counter not in play in the muster pile (2.2)."""
    m = battleland_map(terrain)
    taken: set[int] = set()
    figures: list[Figure] = []
    for side in ("defender", "attacker"):
        edge = {map_hex(m, i) for i in entry_hexes(entry, attacker=side == "attacker")}
        player = PLAYER_OF[side]
        placed = _stand(m, legions[side], edge, taken)
        figures += [Figure(len(figures) + k + 1, player, n, h) for k, (n, h) in enumerate(placed)]
    in_play = Counter(f.name for f in figures)
    pile = {n: box_count(n, SETS) - in_play[n] for n in CHARACTERS if n != TITAN}
    scores = {PLAYER_OF[side]: getattr(request, side).score for side in SIDES}
    has_titan = {p: any(f.player == p and f.name == TITAN for f in figures) for p in PLAYERS}
    return GameState(
        map=m,
        players=tuple(
            Player(p, None, scores[p], titan_elsewhere=not has_titan[p]) for p in PLAYERS
        ),
        figures=tuple(figures),
        active=PLAYERS[0],
        muster_pile=MappingProxyType(pile),
        next_id=len(figures) + 1,
        sets=SETS,
    )


def good_endings(found: fights.Fights, side: str) -> np.ndarray:
    """Each fight's good ending for the side: the attacker's wins; the defender's wins and time
    losses (it keeps its land)."""
    outcome = outcomes([found])
    if side == "attacker":
        return outcome == ATTACKER_WINS
    return (outcome == DEFENDER_WINS) | (outcome == TIME_LOSS)


@dataclass(frozen=True)
class Played:
    """A fight's setup with each side's plan in it, and the plan search's choice for a side that
    searched."""

    setup: tables.Setup
    plans: Mapping[str, str]
    choices: Mapping[str, Choice]


def played(fight: Fight) -> Played:
    """Each side's plan: the one asked, or for ``search`` the plan search's choice against the
    other side's (the defender, who moves first, chooses first)."""
    player_of = {side: PLAYERS.index(PLAYER_OF[side]) for side in SIDES}
    side_of = {q: side for side, q in player_of.items()}
    setup, plans, choices = with_plans(
        tables.setup(fight.state),
        {player_of[side]: fight.tactics[side] for side in SIDES},
        lambda q: partial(good_endings, side=side_of[q]),
        fight.seed,
        2 * ROUNDS,
        UNTIL,
    )
    return Played(
        setup,
        {side: plans[q] for side, q in player_of.items()},
        {side_of[q]: choice for q, choice in choices.items()},
    )


def play_together(
    fought: list[Fight],
    plan: Plan,
    reached: Callable[[list[np.ndarray]], bool],
    time_budget: float | None = None,
) -> tuple[list[fights.Fights], list[Played], str]:
    """Fights 0, 1, ... of each (the same indices and seed for all: common dice), up to the
    plan's looks; at each look stop if ``reached(outcome counts of each)``, and between chunks
    when the time budget is spent. (fights of each, the plans played, why play stopped.)"""
    started = time.perf_counter()  # a plan search's pilot fights are paid from the budget too
    plays = [played(f) for f in fought]
    setups = [p.setup for p in plays]
    parts: list[list[fights.Fights]] = [[] for _ in fought]
    chunk = max(1, fights.CHUNK // len(fought))
    done = 0

    def joined() -> list[fights.Fights]:
        return [fights.Fights.joined(p) for p in parts]

    for look in plan.looks:
        while done < look:
            if time_budget is not None and done and time.perf_counter() - started >= time_budget:
                return joined(), plays, "time"
            count = min(chunk, look - done)
            for fight, setup, into in zip(fought, setups, parts, strict=True):
                into.append(fights.play(setup, count, fight.seed, 2 * ROUNDS, UNTIL, None, done))
            done += count
        if plan.precision is not None and reached([outcome_counts(outcomes(p)) for p in parts]):
            return joined(), plays, "precision"
    return joined(), plays, "trials"


def outcomes(parts: list[fights.Fights]) -> np.ndarray:
    """TITAN's four endings (``simulator.battles.Outcome``) of each fight: a side left alone
    wins, none left is mutual, both standing when the seven rounds are played a time loss."""
    standing = np.concatenate([p.standing for p in parts]) if parts else np.zeros((0, 2))
    defender, attacker = standing[:, 0] > 0, standing[:, 1] > 0
    found = np.full(standing.shape[0], TIME_LOSS, np.int64)
    found[attacker & ~defender] = ATTACKER_WINS
    found[defender & ~attacker] = DEFENDER_WINS
    found[~attacker & ~defender] = MUTUAL
    return found


def _angels(fight: Fight, done: fights.Fights, q: int) -> dict[str, float]:
    """The Lords 8.3 brought into play for player ``q``: an Archangel for each multiple of 1,000
    its score passed, the rest Angels."""
    start = fight.state.players[q].score
    came = done.angels[:, q]
    archangels = np.minimum(came, (start + done.gained[:, q]) // 1000 - start // 1000)
    return {
        "Angel": mean(came - archangels),
        "Archangel": mean(archangels),
        "any": proportion(came > 0)["p"],
    }


def _side(fight: Fight, done: fights.Fights, side: str) -> dict[str, Any]:
    q = PLAYERS.index(PLAYER_OF[side])
    columns = fight.figures_of(side)
    alive = done.survived[:, columns] == 1
    names = [fight.state.figures[i].name for i in columns]
    fell = mean(done.fell[:, q].astype(np.float64))
    found: dict[str, Any] = {
        "survival": survival(alive, names),
        "survivors_by_name": survivors_by_name(alive, names),
        "expected_survivors": mean(alive.sum(axis=1).astype(np.float64)),
        "expected_points": mean(done.gained[:, q].astype(np.float64)),
        "points_distribution": distribution(done.gained[:, q]),
        "titan_killed": fell,
        "titan_lost": fell,  # no time loss eliminates a Legion here (no 10.5)
        "has_titan": TITAN in names,
        "angels_gained": _angels(fight, done, q),
        "healing": fights.mean_interval(done.healed[:, q].astype(np.float64)),
    }
    if side == "attacker":
        found["summoned"] = {"name": None, "p": 0.0, "survives": 0.0}
    else:
        found["reinforcement"] = {"p": 0.0, "by_name": {}, "survives": 0.0}
    return found


def _play_summary(side: str, asked: str, plays: Played) -> dict[str, Any]:
    played_plan = plays.plans.get(side, "default")
    choice = plays.choices.get(side)
    if choice is None:
        chosen_by = (
            "Tactical Titan's default tactic, the same in every fight"
            if played_plan == "default"
            else f"asked: Tactical Titan's plan {played_plan!r}, the same in every fight"
        )
        summary = (
            f"The {side} played Tactical Titan's default tactic (docs/tactical.md)."
            if played_plan == "default"
            else f"The {side} played Tactical Titan's {played_plan!r} plan (docs/tactical.md)."
        )
    else:
        chosen_by = (
            f"the plan search: {choice.pilots} pilot fights of each of Tactical Titan's "
            f"{len(choice.shares)} plans against the other side's play, on dice of their own"
        )
        summary = (
            f"The {side} searched Tactical Titan's plans and played {played_plan!r}, good in "
            f"{choice.shares[played_plan]:.0%} of its pilot fights (the default: "
            f"{choice.shares['default']:.0%})."
        )
    return {
        "tactic": asked,
        "chosen_by": chosen_by,
        "styles": {played_plan: 1.0},
        "changes_within_a_battle": False,
        "summary": summary,
    }


def answer(
    fight: Fight, done: fights.Fights, stopped: str, plan: Plan, plays: Played
) -> dict[str, Any]:
    """The odds answer in TITAN's shape (``simulator.odds.answer_of``), for the variant."""
    outcome = outcomes([done])
    z = plan.z
    return {
        "outcomes": {
            "attacker_wins": proportion(outcome == ATTACKER_WINS, z),
            "defender_wins": proportion(outcome == DEFENDER_WINS, z),
            "mutual_elimination": proportion(outcome == MUTUAL, z),
            "time_loss": proportion(outcome == TIME_LOSS, z),
        },
        "attacker": _side(fight, done, "attacker"),
        "defender": _side(fight, done, "defender"),
        "rounds": distribution((done.played + 1) // 2),
        "alternatives": None,
        "terrain": fight.terrain,
        "land": fight.land,
        "entry_side": fight.entry_side,
        "tactics": dict(fight.tactics),
        "search": None,
        "styles": None,
        "style_mix": None,
        "play": {side: _play_summary(side, fight.tactics[side], plays) for side in SIDES},
        "summonable": None,
        "reinforce": False,
        "variant": TACTICAL,
        "trials": done.n,
        "requested_trials": fight.trials,
        "seed": fight.seed,
        "battles_per_second": done.n / done.seconds if done.seconds > 0 else float(done.n),
        "seconds": done.seconds,
        "truncated": stopped == "time",
        "precision": fight.precision,
        "stopped": stopped,
        "half_width": half_width(outcome_counts(outcome), z),
    }


def odds(
    request: OddsRequest,
    *,
    time_budget: float | None = None,
    max_trials: int = MAX_TRIALS,
    default_trials: int = DEFAULT_TRIALS,
) -> dict[str, Any]:
    """The odds of an Engagement under Tactical Titan's rules (``simulator.odds.odds``)."""
    fight = prepare(request, max_trials=max_trials, default_trials=default_trials)
    plan = Plan.of(fight.trials, fight.precision)
    started = time.perf_counter()
    (done,), (plays,), stopped = play_together(
        [fight], plan, lambda c: plan.reached(c[0]), time_budget
    )
    done.seconds = time.perf_counter() - started
    return answer(fight, done, stopped, plan, plays)


def compare(
    request: CompareRequest,
    *,
    time_budget: float | None = None,
    max_trials: int = MAX_TRIALS,
    default_trials: int = DEFAULT_TRIALS,
) -> dict[str, Any]:
    """Candidate Legions ranked by their side's wins under Tactical Titan's rules, in the shape
    of ``simulator.compare.compare``'s answer; the candidates must be given, as this book's
    musters are not TITAN's recruits (6.0)."""
    if request.candidates is None:
        raise RuleError(
            "candidates: give the candidate Legions; Tactical Titan musters by its own rules "
            "(6.0), not by TITAN's recruits (18.x)",
            rule="6.0",
            path="candidates",
        )
    cands = candidates_of(request, "")
    chosen, precision, trials, seed = all_at_once(
        lambda: each_candidate(
            request,
            cands,
            lambda body: prepare(body, max_trials=max_trials, default_trials=default_trials),
        ),
        lambda: check_precision(request.precision),
        lambda: check_trials(request.trials, max_trials, request.precision, default_trials),
        lambda: check_seed(request.seed),
    )
    fought = [replace(f, trials=trials, seed=seed, precision=precision) for f in chosen]
    plan = Plan.of(trials, precision)
    codes = win_codes(request.side)

    def reached(counts: list[np.ndarray]) -> bool:
        return all(plan.reached(c) and plan.reached(win_counts(c, codes)) for c in counts)

    started = time.perf_counter()
    done, plays, stopped = play_together(fought, plan, reached, time_budget)
    seconds = time.perf_counter() - started
    rows = []
    for cand, fight, found, each in zip(cands, fought, done, plays, strict=True):
        summary = answer(fight, found, stopped, plan, each)
        wins = side_wins(outcomes([found]), request.side)
        row = candidate_row(cand, summary, request.side, wins, plan.z)
        healing = summary[request.side]["healing"]
        rows.append({**row, "healing": healing, "style_mix": None})
    rows = ranked(rows, plan.z)
    played = done[0].n * len(fought)
    counts = [outcome_counts(outcomes([found])) for found in done]
    return {
        "side": request.side,
        "terrain": fought[0].terrain,
        "land": request.land,
        "entry_side": fought[0].entry_side,
        "opponent": {
            "score": request.opponent.score,
            "characters": list(request.opponent.characters),
        },
        "candidates": rows,
        "variant": TACTICAL,
        "trials": done[0].n,
        "requested_trials": trials,
        "seed": seed,
        "battles_per_second": played / seconds if seconds > 0 else float(played),
        "truncated": stopped == "time",
        "precision": precision,
        "stopped": stopped,
        "half_width": max(
            max(half_width(c, plan.z), half_width(win_counts(c, codes), plan.z)) for c in counts
        ),
    }
