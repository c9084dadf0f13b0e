"""Admission of simulations: a bounded number at once in each process, the rest wait briefly.

An odds or compare request takes a turn before it simulates. At most
``SIMULATIONS_PER_WORKER`` (2) run at once in one gunicorn worker; a request that finds them
all taken waits up to ``SIMULATION_WAIT_SECONDS`` for a turn and is then answered 503 with
``Retry-After``, so that a burst of heavy requests is refused quickly instead of piling up
(each would take longer, all sharing the same cores), and every cheap request keeps answering
meanwhile (the kernel releases Python's lock while it plays). Two per worker, not one: which
worker a connection lands in is up to the operating system, and two requests often land in
the same one; they then take turns in the kernel chunk by chunk (simulator.battles) rather than
one being refused while the other worker idles.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager

from flask import current_app

from api.errors import ApiError

# Retry-After of a refusal: a simulation takes a few seconds (at most the time budget).
RETRY_AFTER_SECONDS = 5


class Turns:
    """This process's simulation turns (a semaphore sized by the setting on first use)."""

    def __init__(self) -> None:
        self._guard = threading.Lock()
        self._slots: threading.BoundedSemaphore | None = None
        self._size = 0
        self.running = 0

    def _semaphore(self, size: int) -> threading.BoundedSemaphore:
        with self._guard:
            if self._slots is None or self._size != size:
                self._slots, self._size = threading.BoundedSemaphore(size), size
            return self._slots

    @contextmanager
    def turn(self, size: int, wait: float, retry_after: float) -> Iterator[None]:
        """Hold one of ``size`` turns while the block runs; 503 after ``wait`` seconds."""
        slots = self._semaphore(size)
        if not slots.acquire(timeout=wait):
            seconds = max(1, math.ceil(retry_after))
            raise ApiError(
                503,
                "busy",
                f"the service is running as many simulations as it can: try again in {seconds} s",
                headers={"Retry-After": str(seconds)},
            )
        with self._guard:
            self.running += 1
        try:
            yield
        finally:
            with self._guard:
                self.running -= 1
            slots.release()


TURNS = Turns()


def turn() -> AbstractContextManager[None]:
    """A simulation's turn in this worker, as the app's settings size it: ``with turn(): ...``
    around any request that runs a kernel (503 with Retry-After when none comes in time)."""
    config = current_app.config
    return TURNS.turn(
        config["SIMULATIONS_PER_WORKER"],
        config["SIMULATION_WAIT_SECONDS"],
        retry_after=min(config["TIME_BUDGET_SECONDS"], RETRY_AFTER_SECONDS),
    )
