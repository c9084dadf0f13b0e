"""The warm time of one 10,000-battle 7v7 odds request, as the service answers it."""

from __future__ import annotations

import time

from bench.suite import LEGIONS

REQUEST = {
    "terrain": "Plains",
    "attacker": {"score": 0, "characters": list(LEGIONS["7v7"][0])},
    "defender": {"score": 0, "characters": list(LEGIONS["7v7"][1])},
    "trials": 10_000,
    "seed": 7,
}


def warm_request_seconds(repeats: int = 3) -> float:
    """Best of ``repeats`` after one warm-up request."""
    from simulator.odds import odds

    odds({**REQUEST, "trials": 100})
    best = float("inf")
    for _ in range(repeats):
        started = time.perf_counter()
        odds(REQUEST)
        best = min(best, time.perf_counter() - started)
    return best
