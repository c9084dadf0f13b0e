"""The battle kernel made ready in the background, so the service answers from its first second.

numba compiles the kernel on its first call into a fresh cache (a minute or two after an
install) and afterwards loads it from the cache in a second or two. Under gunicorn each
worker calls ``start()`` after it is forked: a thread takes an exclusive lock on a file beside
numba's cache, plays a few Battles (compiling the kernel, or loading it from the cache), and
lets go (once a warm-up has compiled the kernel of the current sources, as a marker beside the
lock says, the workers of a restart only read the cache and take the lock shared, side by
side); it then reads the table blocks of every Battleland (after an install, first built
in a low-priority process of its own: ``simulator.table_store``, about half a minute). The lock lets
one process compile at a time: the other workers wait for it and then load what it wrote, so
the kernel is never compiled twice at once. Meanwhile the worker answers
every request; a request that needs the kernel waits for it up to ``KERNEL_WAIT_SECONDS`` and is
then answered 503 with ``Retry-After``.

A process that never calls ``start()`` (tests, the development server, the command line) loads
the kernel on its first use, as any caller of ``simulator`` does.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import logging
import os
import tempfile
import threading
import time
from collections.abc import Callable
from enum import StrEnum
from pathlib import Path

from simulator import numba_cache

log = logging.getLogger(__name__)

LOCK_NAME = "titan-kernel.lock"
RETRY_AFTER_SECONDS = 5  # a compile takes a minute or two: ask again every few seconds


class Kernel(StrEnum):
    """Where this process stands with the battle kernel (reported by /api/v1/health)."""

    ON_DEMAND = "on_demand"  # no warm-up here: the first request that needs it loads it
    WARMING = "warming"  # compiling, or waiting for another worker that compiles
    READY = "ready"
    FAILED = "failed"  # the warm-up failed (logged): requests load the kernel themselves


def lock_path() -> Path:
    """The lock file beside numba's cache; in the temporary folder when that is not writable."""
    folder = numba_cache.folder()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        if os.access(folder, os.W_OK):
            return folder / LOCK_NAME
    except OSError:
        pass
    tag = hashlib.sha256(str(folder).encode()).hexdigest()[:16]
    return Path(tempfile.gettempdir()) / f"{LOCK_NAME}.{tag}"


def _compiled_stamp() -> str:
    """What a compiled kernel was compiled from: its sources, numba, Python."""
    import sys

    import numba

    from simulator.kernel_cache import sources_digest

    return f"{sources_digest()} numba {numba.__version__} python {sys.version.split()[0]}"


def _marker(lock: Path) -> Path:
    return lock.with_name(lock.name + ".compiled")


def is_compiled(lock: Path) -> bool:
    """Did a warm-up beside this lock compile the kernel of these very sources?"""
    try:
        return _marker(lock).read_text() == _compiled_stamp()
    except OSError:
        return False


def mark_compiled(lock: Path) -> None:
    # in a read-only folder every start takes the lock alone, as after an install
    with contextlib.suppress(OSError):
        _marker(lock).write_text(_compiled_stamp())


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
        self, prepare: Callable[[], None] = _play_a_few_battles, name: str = "battle kernel"
    ):
        self._prepare = prepare
        self.name = name
        self._ready = threading.Event()
        self.state = Kernel.ON_DEMAND
        self.started: float | None = None
        self.seconds: float | None = None  # from start() to ready (or failed)
        self.waited: float | None = None  # of which spent waiting for another process's lock

    def start(self, path: Path | None = None) -> threading.Thread:
        """Make the kernel ready in a background thread (once per process)."""
        self.state = Kernel.WARMING
        self.started = time.monotonic()
        thread = threading.Thread(
            target=self._run, args=(path or lock_path(),), name="kernel-warm-up", daemon=True
        )
        thread.start()
        return thread

    def _run(self, path: Path) -> None:
        assert self.started is not None
        try:
            with open(path, "a+b") as lock:
                # A cache compiled for these very sources is only read: the workers of a restart
                # load it side by side. A compile takes the lock alone. Released on close, or
                # when the process dies.
                compiled = is_compiled(path)
                fcntl.flock(lock, fcntl.LOCK_SH if compiled else fcntl.LOCK_EX)
                self.waited = time.monotonic() - self.started
                self._prepare()
                if not compiled:
                    mark_compiled(path)
        except Exception:
            log.exception("the %s could not be prepared; requests will load it", self.name)
            self.state = Kernel.FAILED
        else:
            self.state = Kernel.READY
        self.seconds = time.monotonic() - self.started
        self._ready.set()
        log.info(
            "%s %s in %.1f s (%.1f s waiting for another worker), pid %d",
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

    def describe(self) -> dict:
        found: dict = {"kernel": self.state.value}
        if self.state is Kernel.WARMING and self.started is not None:
            found["kernel_warming_seconds"] = round(time.monotonic() - self.started, 1)
        return found


def _play_a_few_arena_games() -> None:
    KERNEL.wait(3600)  # after the battle kernel: the first odds requests need it first
    from simulator.arena.odds import warm_up

    warm_up()


# This process's kernel. The gunicorn master never starts it (a parallel kernel's threads do
# not survive fork): each worker does, in gunicorn.conf.py's post_fork.
KERNEL = Warmup()
# The Arena's kernel, prepared the same way under its own lock once the battle kernel is.
ARENA = Warmup(_play_a_few_arena_games, "Arena kernel")


def start_in_worker() -> None:
    KERNEL.start()
    ARENA.start(lock_path().with_name("titan-arena-kernel.lock"))
