"""Many Engagements' odds in one request (POST /api/v1/odds/batch).

Each request is checked on its own: one against the rules gets its own error
and the others are answered. The valid ones share one time budget fairly:
they play their Battles chunk by chunk in turn, so when the budget runs out
each has played about as many chunks as the others (one that asked for fewer
Battles leaves its share to the rest). With common random numbers every
Engagement plays the same seed, so Battle i of each uses the same dice stream
and differences between the answers come from the Engagements, not the dice.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from engine.errors import TitanError
from engine.variants import TACTICAL
from simulator.battles import BattleRecords, play
from simulator.limits import DEFAULT_TRIALS, MAX_TRIALS, check_seed
from simulator.odds import (
    CHUNK,
    STOPPED_PRECISION,
    STOPPED_TIME,
    STOPPED_TRIALS,
    OddsRequest,
    Prepared,
    Run,
    answer_of,
    chunks,
    concatenate,
    prepare,
)
from simulator.precision import OUTCOMES, Plan, outcome_counts
from simulator.tactical.engagement import odds as tactical_odds

MIN_CHUNK = 200  # Battles per kernel call at the least


@dataclass
class _Job:
    prepared: Prepared
    pending: list[tuple[int, int, bool]]  # (first, count, ends a look of the plan)
    parts: list[BattleRecords] = field(default_factory=list)
    seconds: float = 0.0
    plan: Plan | None = None
    counts: np.ndarray = field(default_factory=lambda: np.zeros(OUTCOMES, dtype=np.int64))
    stopped: str | None = None  # "precision" once reached

    @property
    def played(self) -> int:
        return sum(part.outcome.size for part in self.parts)


def batch(
    requests: Sequence[OddsRequest | Mapping[str, Any] | TitanError],
    *,
    common_random_numbers: bool = False,
    time_budget: float | None = None,
    max_trials: int = MAX_TRIALS,
    default_trials: int = DEFAULT_TRIALS,
    chunk: int = CHUNK,
) -> list[dict[str, Any] | TitanError]:
    """One answer per request, in order: the odds answer, or the ``TitanError`` refusing it.

    A request given as a ``TitanError`` (refused before, e.g. by its shape) stays refused.
    """
    results: list[dict[str, Any] | TitanError | None] = []
    jobs: dict[int, _Job] = {}
    shared_seed: int | None = None
    tactical: dict[int, OddsRequest] = {}  # under Tactical Titan's rules: answered on their own
    for i, request in enumerate(requests):
        if isinstance(request, TitanError):
            results.append(request)
            continue
        if not isinstance(request, OddsRequest):
            request = OddsRequest.from_dict(request)
        if request.variant == TACTICAL:
            tactical[i] = request
            results.append(None)
            continue
        try:
            prepared = prepare(request, max_trials=max_trials, default_trials=default_trials)
        except TitanError as e:
            results.append(e)
            continue
        if common_random_numbers:
            if shared_seed is None:
                shared_seed = prepared.seed
            prepared = replace(prepared, seed=shared_seed)
        jobs[i] = _Job(prepared, [])
        results.append(None)
    started = time.perf_counter()
    share = None if time_budget is None else time_budget / max(1, len(jobs) + len(tactical))
    for i, request in tactical.items():  # each its share of the time budget
        if common_random_numbers:
            seed = shared_seed if shared_seed is not None else request.seed
            request = replace(request, seed=check_seed(seed))
            shared_seed = request.seed
        try:
            results[i] = tactical_odds(
                request, time_budget=share, max_trials=max_trials, default_trials=default_trials
            )
        except TitanError as e:
            results[i] = e
    if time_budget is not None:
        time_budget = max(0.0, time_budget - (time.perf_counter() - started))
    # smaller chunks for many Engagements, so that one turn of all stays short
    size = max(MIN_CHUNK, chunk // max(1, len(jobs) // 4))
    for job in jobs.values():
        job.plan = Plan.of(job.prepared.trials, job.prepared.precision)
        job.pending = _chunks_to_looks(job.plan, size)

    started = time.perf_counter()

    def out_of_time() -> bool:
        return (
            time_budget is not None
            and time.perf_counter() - started >= time_budget
            and all(j.parts for j in jobs.values())
        )

    while any(job.pending for job in jobs.values()) and not out_of_time():
        for job in jobs.values():  # one chunk each in turn: a fair share of the budget
            if not job.pending or out_of_time():
                continue
            first, count, look = job.pending.pop(0)
            began = time.perf_counter()
            part = play(job.prepared.engagement.spec, count, job.prepared.seed, first)
            job.parts.append(part)
            job.seconds += time.perf_counter() - began
            job.counts += outcome_counts(part.outcome)
            assert job.plan is not None
            if look and job.plan.precision is not None and job.plan.reached(job.counts):
                job.pending, job.stopped = [], STOPPED_PRECISION  # simulator.precision

    for i, job in jobs.items():
        assert job.plan is not None
        stopped = job.stopped or (
            STOPPED_TIME if job.played < job.plan.looks[-1] else STOPPED_TRIALS
        )
        done = Run(concatenate(job.parts), job.seconds, stopped, job.plan)
        results[i] = answer_of(job.prepared, done)
    return results  # type: ignore[return-value]


def _chunks_to_looks(plan: Plan, size: int) -> list[tuple[int, int, bool]]:
    """The chunks of a plan, none across a look, each marked if a look ends with it."""
    found = []
    done = 0
    for look in plan.looks:
        pieces = list(chunks(look - done, size))
        found += [
            (done + first, count, k == len(pieces) - 1) for k, (first, count) in enumerate(pieces)
        ]
        done = look
    return found
