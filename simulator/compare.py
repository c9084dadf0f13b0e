"""Muster comparison: several candidate Legions against one opponent, ranked by win odds.

The candidates are given, or every legal recruit of a Legion on its land
(``engine.musters.legal_recruits``, 18.x) added to it, plus the Legion as it
stands. Every candidate plays the same Battle indices with the same seed
(common random numbers), so a difference between two candidates comes from
the Legions, not from luckier dice; the answer gives each candidate's paired
difference to the best one with its 95% interval.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from typing import Any, ClassVar, TypeVar

import numpy as np

from engine.errors import RuleError, TitanError, Violations
from engine.variants import TACTICAL
from simulator import equilibrium
from simulator.battles import Outcome
from simulator.engagement import Engagement, score_battles
from simulator.limits import DEFAULT_TRIALS, MAX_CANDIDATES, MAX_TRIALS, check_seed
from simulator.odds import (
    CHUNK,
    STOPPED_TIME,
    BattleRequest,
    LegionRequest,
    OddsRequest,
    all_at_once,
    check_legion,
    check_precision,
    check_trials,
    concatenate,
    engagement_of,
    play_plan,
    resolve_terrain,
    unmet_needs,
    variant_problems,
)
from simulator.precision import OUTCOMES, Plan, half_width, outcome_counts
from simulator.statistics import Z95, proportion, summarise


@dataclass(frozen=True, kw_only=True)
class CompareRequest(BattleRequest):
    """The body of POST /api/v1/compare as a value."""

    legion: LegionRequest
    opponent: LegionRequest
    side: str = "attacker"  # the side ``legion`` fights on
    candidates: tuple[tuple[str, ...], ...] | None = None

    LEGIONS: ClassVar[tuple[str, ...]] = ("legion", "opponent")

    def __post_init__(self) -> None:
        # lists given (JSON arrays) are kept as tuples: the request stays a value
        if self.candidates is not None:
            object.__setattr__(self, "candidates", tuple(tuple(c) for c in self.candidates))


T = TypeVar("T")

# what a candidate's odds request takes from the compare request: where and how it is fought
_FOUGHT = tuple(
    f.name for f in fields(BattleRequest) if f.name not in ("trials", "precision", "seed")
)


@dataclass(frozen=True)
class Candidate:
    characters: tuple[str, ...]
    recruit: str | None  # the Creature mustered, when the candidates are the legal recruits


def candidates_of(request: CompareRequest, terrain: str) -> list[Candidate]:
    """The candidates given, or the Legion with each legal recruit (18.x) and without one."""
    if request.candidates is not None:
        if not request.candidates:
            raise RuleError("give at least one candidate Legion", path="candidates")
        if len(request.candidates) > MAX_CANDIDATES:
            raise TitanError(
                f"at most {MAX_CANDIDATES} candidate Legions, not {len(request.candidates)}",
                path="candidates",
            )
        return [Candidate(tuple(c), None) for c in request.candidates]
    from engine.musters import legal_recruits

    legion = request.legion.characters
    offered: list[str] = []
    for recruit in legal_recruits(legion, terrain, variant=request.variant):
        if recruit.character not in offered:
            offered.append(recruit.character)
    return [Candidate(legion, None)] + [Candidate((*legion, name), name) for name in offered]


def each_candidate(
    request: CompareRequest, cands: list[Candidate], fought: Callable[[OddsRequest], T]
) -> list[T]:
    """``fought`` of each candidate's odds request: the candidate on the request's side against
    the opponent; every problem of every candidate raised at once, its path the compare
    request's (the opponent's once)."""
    found: list[T] = []
    problems: list[RuleError] = []
    opponent_side = "defender" if request.side == "attacker" else "attacker"
    for i, cand in enumerate(cands):
        body = OddsRequest(
            **{name: getattr(request, name) for name in _FOUGHT},
            **{
                request.side: LegionRequest(request.legion.score, cand.characters),
                opponent_side: request.opponent,
            },
        )
        try:
            found.append(fought(body))
        except Violations as e:
            problems += [_renamed(p, request, i) for p in e.problems]
        except TitanError as e:
            problems.append(_renamed(e, request, i))
    unique = list({(p.path, p.message): p for p in problems}.values())  # the opponent's, once
    if len(unique) == 1:
        raise unique[0]
    if unique:
        raise Violations(unique)
    return found


def _renamed(error: TitanError, request: CompareRequest, index: int) -> TitanError:
    """A candidate's problem, its path naming the field of the compare request."""
    path = error.path or ""
    mine = request.side
    theirs = "defender" if mine == "attacker" else "attacker"
    where = f"candidates[{index}]" if request.candidates is not None else "legion.characters"
    if path.startswith(f"{mine}.characters"):
        path = where + path[len(f"{mine}.characters") :]
    elif path.startswith(mine):
        path = "legion" + path[len(mine) :]
    elif path.startswith(theirs):
        path = "opponent" + path[len(theirs) :]
    return error.at(path or None)


def win_codes(side: str) -> list[int]:
    """The outcome codes of a Battle the side's Legion comes out of on top (``side_wins``)."""
    codes = np.arange(OUTCOMES)
    return [int(c) for c in codes[side_wins(codes, side)]]


def win_counts(counts: np.ndarray, codes: list[int]) -> np.ndarray:
    """[wins, the rest] from the counts of the four outcomes."""
    wins = int(counts[codes].sum())
    return np.array([wins, int(counts.sum()) - wins])


def side_wins(outcome: np.ndarray, side: str) -> np.ndarray:
    """A Battle the side's Legion comes out of on top: the attacker by winning; the defender by
    winning or outlasting the seven rounds (10.5), as either way it keeps its land."""
    if side == "attacker":
        return outcome == Outcome.ATTACKER_WINS
    return (outcome == Outcome.DEFENDER_WINS) | (outcome == Outcome.TIME_LOSS)


def paired_difference(best: np.ndarray, other: np.ndarray, z: float = Z95) -> dict[str, Any]:
    """Mean of best - other over the same Battles, with a normal 95% interval."""
    diff = best.astype(np.float64) - other.astype(np.float64)
    n = diff.size
    d = float(diff.mean())
    half = z * float(diff.std(ddof=1)) / math.sqrt(n) if n > 1 else 1.0
    return {"difference": d, "ci95": [d - half, d + half]}


def candidate_row(
    cand: Candidate, summary: dict[str, Any], side: str, wins: np.ndarray, z: float = Z95
) -> dict[str, Any]:
    """A candidate's row of the answer from its odds summary (``wins``: its side's good ending
    in each Battle, kept for ``ranked``)."""
    mine = summary[side]
    return {
        "characters": list(cand.characters),
        "recruit": cand.recruit,
        "win": proportion(wins, z),
        "outcomes": summary["outcomes"],
        "expected_points": mine["expected_points"],
        "expected_survivors": mine["expected_survivors"],
        "survival": mine["survival"],
        "_wins": wins,
    }


def ranked(rows: list[dict[str, Any]], z: float) -> list[dict[str, Any]]:
    """The rows best first, each with its rank and its difference from the best on the same
    Battles (their ``_wins`` taken out)."""
    rows = sorted(rows, key=lambda r: -r["win"]["p"])
    best = rows[0]["_wins"]
    for rank, row in enumerate(rows, start=1):
        row["rank"] = rank
        row["vs_best"] = paired_difference(best, row.pop("_wins"), z)
    return rows


def compare(
    request: CompareRequest | Mapping[str, Any],
    *,
    time_budget: float | None = None,
    max_trials: int = MAX_TRIALS,
    default_trials: int = DEFAULT_TRIALS,
    chunk: int = CHUNK,
    progress: Callable[[int], None] | None = None,
    ready: Callable[[], None] | None = None,
) -> dict[str, Any]:
    """Candidates ranked by the win probability of ``request.side`` (DESIGN: POST /compare;
    ``progress``, ``ready``: see ``simulator.odds.play_plan``), from a request value or, for
    callers without the API's schema, a dict (``CompareRequest.from_dict``)."""
    if not isinstance(request, CompareRequest):
        request = CompareRequest.from_dict(request)
    if request.variant == TACTICAL:
        from simulator.tactical import engagement as tactical  # its kernel, loaded when asked

        return tactical.compare(
            request, time_budget=time_budget, max_trials=max_trials, default_trials=default_trials
        )

    def candidates() -> tuple[str, list[Candidate], list[Engagement]]:
        problems = unmet_needs(request) + variant_problems(request)
        if problems:
            raise problems[0] if len(problems) == 1 else Violations(problems)
        terrain = resolve_terrain(request.terrain, request.land)
        cands = candidates_of(request, terrain)
        legion: list[RuleError] = []
        if request.candidates is not None:  # the Legion given beside them is still a Legion
            check_legion(request.legion.characters, "legion", legion)
        try:
            engagements = each_candidate(request, cands, engagement_of)
        except Violations as e:
            raise Violations([*legion, *e.problems]) from None
        except TitanError as e:
            raise (Violations([*legion, e]) if legion else e) from None
        if legion:
            raise legion[0] if len(legion) == 1 else Violations(legion)
        return terrain, cands, engagements

    (terrain, cands, engagements), precision, trials, seed = all_at_once(
        candidates,
        lambda: check_precision(request.precision),
        lambda: check_trials(request.trials, max_trials, request.precision, default_trials),
        lambda: check_seed(request.seed),
    )

    plan = Plan.of(trials, precision)
    codes = win_codes(request.side)

    def reached(counts: list[np.ndarray]) -> bool:
        """Every candidate's outcomes and win within the precision."""
        return all(
            plan.reached(found) and plan.reached(win_counts(found, codes)) for found in counts
        )

    specs = [e.spec for e in engagements]
    # the same seed and Battle indices for every candidate: common dice
    parts, stopped, seconds = play_plan(
        specs, plan, seed, reached, time_budget=time_budget, chunk=chunk, progress=progress,
        ready=ready,
    )  # fmt: skip
    done = sum(p.outcome.size for p in parts[0])

    rows = []
    for cand, engagement, recs in zip(cands, engagements, parts, strict=True):
        scored = score_battles(engagement, concatenate(recs))
        summary = summarise(engagement, scored, z=plan.z)
        wins = side_wins(scored.outcome, request.side)
        row = candidate_row(cand, summary, request.side, wins, plan.z)
        rows.append({**row, "style_mix": equilibrium.played_mix(engagement.spec)})
    rows = ranked(rows, plan.z)
    played = done * len(specs)
    return {
        "side": request.side,
        "terrain": terrain,
        "land": request.land,
        "entry_side": engagements[0].start.entry_side,
        "opponent": {
            "score": request.opponent.score,
            "characters": list(request.opponent.characters),
        },
        "candidates": rows,
        "variant": request.variant,
        "trials": done,
        "requested_trials": trials,
        "seed": seed,
        "battles_per_second": played / seconds if seconds > 0 else float(played),
        "truncated": stopped == STOPPED_TIME,
        "precision": precision,
        "stopped": stopped,
        "half_width": max(
            max(half_width(found, plan.z), half_width(win_counts(found, codes), plan.z))
            for found in (outcome_counts(concatenate(recs).outcome) for recs in parts)
        ),
    }
