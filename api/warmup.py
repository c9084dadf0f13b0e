"""The battle kernel made ready in the background, so the service answers from its first second.

numba compiles the kernel on its first call into a fresh cache (a few minutes after an
install) and afterwards loads it from the cache in a second or two. Under gunicorn each
worker calls ``start()`` after it is forked: a thread takes an exclusive lock on a file
beside numba's cache, plays a few Battles (compiling the kernel, or loading it from the
cache), and lets go (once a warm-up has compiled the kernel of the current sources, as a
marker beside the lock says, the workers of a restart only read the cache and take the
lock shared, side by side: ``simulator.kernel_cache.prepare``); it then reads the table
blocks of every Battleland (after an install, first built in a low-priority process of its
own: ``simulator.table_store``, about half a minute). The lock lets one process compile at a
time: the other workers wait for it and then load what it wrote, so the kernel is never
compiled twice at once. Meanwhile the worker answers every request; a request that needs
the kernel waits for it up to ``KERNEL_WAIT_SECONDS`` and is then answered 503 with
``Retry-After``.

A process that never calls ``start()`` (tests, the development server) loads the kernel on its
first use, as any caller of ``simulator`` does; the command line, when the kernel must be
compiled, says so and compiles it under the same lock first.
"""

from __future__ import annotations

import logging
import os
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from simulator import kernel_cache

log = logging.getLogger(__name__)

RETRY_AFTER_SECONDS = 5  # a compile takes a minute or two: ask again every few seconds


class Kernel(StrEnum):
    """Where this process stands with the battle kernel (reported by /api/v1/health)."""

    ON_DEMAND = "on_demand"  # no warm-up here: the first request that needs it loads it
    WARMING = "warming"  # compiling, or waiting for another worker that compiles
    READY = "ready"
    FAILED = "failed"  # the warm-up failed (logged): requests load the kernel themselves


# The line each worker logs when a kernel's warm-up ends (``warm_ups_done`` reads it back:
# the tests and the bench wait for it)
DONE = "%s %s in %.1f s (%.1f s waiting for another worker), pid %d"


@dataclass(frozen=True)
class Done:
    """A warm-up's end as a worker logged it (``DONE``)."""

    state: str  # "ready" or "failed"
    seconds: float
    waited: float  # of which spent waiting for another worker's lock
    pid: int


def warm_ups_done(log_text: str, kernel: str) -> list[Done]:
    """Every end of a warm-up of ``kernel`` (its name: "battle kernel", "battle kernel's
    search", "Arena kernel", "Tactical Titan kernel") logged in ``log_text``, in order."""
    line = re.compile(
        rf"{re.escape(kernel)} (?P<state>ready|failed) in (?P<seconds>[\d.]+) s"
        r" \((?P<waited>[\d.]+) s waiting for another worker\), pid (?P<pid>\d+)"
    )
    return [
        Done(m["state"], float(m["seconds"]), float(m["waited"]), int(m["pid"]))
        for m in line.finditer(log_text)
    ]


def _play_a_few_battles() -> None:
    from simulator import table_store
    from simulator.odds import warm_up

    warm_up()
    # Every Battleland's table blocks read, so that a never-seen setup is as quick as a known
    # one; after an install first built once in a process of its own (simulator.table_store).
    table_store.build_in_background()


class Warmup:
    """The kernel's state in this process, and the thread that makes it ready."""

    def __init__(
        self,
        prepare: Callable[[], None] = _play_a_few_battles,
        name: str = "battle kernel",
        takes: str = "about a minute after an install",
        sources: kernel_cache.Sources = kernel_cache.BATTLE,
    ):
        self._prepare = prepare
        self.sources = sources
        self.name = name
        self.takes = takes  # how long a compile takes, in a 503's words
        self._ready = threading.Event()
        self.state = Kernel.ON_DEMAND
        self.started: float | None = None
        self.seconds: float | None = None  # from start() to ready (or failed)
        self.waited: float | None = None  # of which spent waiting for another process's lock

    def require(self, wait: float) -> None:
        """Wait up to ``wait`` seconds for the kernel a worker may still be preparing; then a
        503 that says when to ask again."""
        if self.wait(wait):
            return
        from api.errors import ApiError

        raise ApiError(
            503,
            "kernel_warming",
            f"the {self.name} is being prepared ({self.takes}): try again in "
            f"{RETRY_AFTER_SECONDS} s; /api/v1/health says when it is ready",
            headers={"Retry-After": str(RETRY_AFTER_SECONDS)},
        )

    def start(self, path: Path | None = None) -> threading.Thread:
        """Make the kernel ready in a background thread (once per process)."""
        self.state = Kernel.WARMING
        self.started = time.monotonic()
        thread = threading.Thread(
            target=self._run,
            args=(path or self.sources.lock(),),
            name="kernel-warm-up",
            daemon=True,
        )
        thread.start()
        return thread

    def _run(self, path: Path) -> None:
        assert self.started is not None
        started = self.started

        def locked() -> None:
            self.waited = time.monotonic() - started

        try:
            kernel_cache.prepare(self._prepare, path, locked, self.sources.modules)
        except Exception:
            log.exception("the %s could not be prepared; requests will load it", self.name)
            self.state = Kernel.FAILED
        else:
            self.state = Kernel.READY
        self.seconds = time.monotonic() - self.started
        self._ready.set()
        log.info(
            DONE,
            self.name,
            self.state.value,
            self.seconds,
            self.waited or 0.0,
            os.getpid(),
        )

    def wait(self, timeout: float) -> bool:
        """Whether the kernel may be called now, after waiting up to ``timeout`` seconds."""
        if self.state is not Kernel.WARMING:
            return True
        return self._ready.wait(timeout)

    def describe(self) -> dict[str, str | float]:
        found: dict[str, str | float] = {"kernel": self.state.value}
        if self.state is Kernel.WARMING and self.started is not None:
            found["kernel_warming_seconds"] = round(time.monotonic() - self.started, 1)
        return found


def _search_a_few_battles() -> None:
    KERNEL.wait(3600)  # after the rest of the battle kernel: the default's requests need it
    from simulator.odds import warm_up_search

    warm_up_search()


def _play_a_few_arena_games() -> None:
    SEARCH.wait(3600)  # after the battle kernel, the search's code with it: one compile at a time
    from simulator.arena.odds import warm_up

    warm_up()


def _play_a_few_fights() -> None:
    ARENA.wait(3600)  # after the Arena's: one compile at a time
    from simulator.tactical.odds import warm_up

    warm_up()


# This process's kernel. The gunicorn master never starts it (the kernel's threads do not
# survive fork): each worker does, in gunicorn.conf.py's post_fork.
KERNEL = Warmup()
# The battle kernel's search code (the search tactic, traces), the same way under its own lock
# once the rest of the battle kernel is: a fresh install answers the default's requests sooner.
SEARCH = Warmup(
    _search_a_few_battles,
    "battle kernel's search",
    "a minute after an install",
    kernel_cache.SEARCH,
)
# The Arena's kernel, prepared the same way under its own lock once the battle kernel is.
ARENA = Warmup(
    _play_a_few_arena_games, "Arena kernel", "a few minutes after an install", kernel_cache.ARENA
)
# Tactical Titan's kernel and the stored maps' tables, the same way once the Arena's is.
TACTICAL = Warmup(
    _play_a_few_fights,
    "Tactical Titan kernel",
    "a few minutes after an install",
    kernel_cache.TACTICAL,
)


def start_in_worker() -> None:
    KERNEL.start()
    SEARCH.start()
    ARENA.start()
    TACTICAL.start()
