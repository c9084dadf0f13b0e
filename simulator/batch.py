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
from dataclasses import dataclass, field
from typing import Any

from engine.errors import TitanError
from simulator.battles import BattleRecords, play
from simulator.odds import (
    CHUNK,
    MAX_TRIALS,
    OddsRequest,
    Prepared,
    Run,
    answer_of,
    chunks,
    concatenate,
    prepare,
)

MIN_CHUNK = 200  # Battles per kernel call at the least


@dataclass
class _Job:
    prepared: Prepared
    pending: list[tuple[int, int]]
    parts: list[BattleRecords] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def played(self) -> int:
        return sum(part.outcome.size for part in self.parts)


def batch(
    requests: Sequence[OddsRequest | Mapping[str, Any] | TitanError],
    *,
    common_random_numbers: bool = False,
    time_budget: float | None = None,
    max_trials: int = MAX_TRIALS,
    chunk: int = CHUNK,
) -> list[dict[str, Any] | TitanError]:
    """One answer per request, in order: the odds answer, or the ``TitanError`` refusing it.

    A request given as a ``TitanError`` (refused before, e.g. by its shape) stays refused.
    """
    results: list[dict[str, Any] | TitanError | None] = []
    jobs: dict[int, _Job] = {}
    shared_seed: int | None = None
    for i, request in enumerate(requests):
        if isinstance(request, TitanError):
            results.append(request)
            continue
        try:
            prepared = prepare(request, max_trials=max_trials)
        except TitanError as e:
            results.append(e)
            continue
        if common_random_numbers:
            if shared_seed is None:
                shared_seed = prepared.seed
            prepared = Prepared(prepared.request, prepared.engagement, prepared.trials, shared_seed)
        jobs[i] = _Job(prepared, [])
        results.append(None)
    # smaller chunks for many Engagements, so that one turn of all stays short
    size = max(MIN_CHUNK, chunk // max(1, len(jobs) // 4))
    for job in jobs.values():
        job.pending = list(chunks(job.prepared.trials, size))

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
            first, count = job.pending.pop(0)
            began = time.perf_counter()
            job.parts.append(play(job.prepared.engagement.spec, count, job.prepared.seed, first))
            job.seconds += time.perf_counter() - began

    for i, job in jobs.items():
        done = Run(concatenate(job.parts), job.seconds, job.played < job.prepared.trials)
        results[i] = answer_of(job.prepared, done)
    return results  # type: ignore[return-value]
