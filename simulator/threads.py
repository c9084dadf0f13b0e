"""The kernel's threads: a call's Battles split into parts that threads play side by side.

The kernel's entry points release Python's lock (``nogil``), so plain threads of
this process play their parts in parallel. numba's own parallel loops would do
the same, but each loop is compiled into functions of its own that take the
whole kernel with them (a compile of minutes instead of one); the parts and the
threads here cost a few tenths of a millisecond per call. The Battles are the
same whatever the number of threads: each depends only on its seed and index.
"""

from __future__ import annotations

import itertools
import os
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

_threads = 0  # 0: one per core this process may run on
_pool: ThreadPoolExecutor | None = None
_pool_size = 0
_lock = threading.Lock()


def cores() -> int:
    """The cores this process may run on."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def set_threads(threads: int) -> None:
    """At most ``threads`` threads per kernel call from now on (0: one per core)."""
    global _threads
    _threads = max(0, int(threads))


def threads() -> int:
    """The threads a kernel call plays on."""
    return _threads or cores()


def _executor(size: int) -> ThreadPoolExecutor:
    global _pool, _pool_size
    with _lock:
        if _pool is None or _pool_size != size:
            if _pool is not None:
                _pool.shutdown(wait=False)
            _pool = ThreadPoolExecutor(max_workers=size, thread_name_prefix="titan-kernel")
            _pool_size = size
        return _pool


def _forget_pool() -> None:
    """A forked child (a gunicorn worker) has none of its parent's threads: it starts its own."""
    global _pool, _pool_size, _lock
    _pool, _pool_size, _lock = None, 0, threading.Lock()


os.register_at_fork(after_in_child=_forget_pool)


def in_parts(play_part: Callable[[int, int], object], n: int, parts: int) -> None:
    """Call ``play_part(lo, hi)`` for ``parts`` consecutive slices of ``range(n)``, side by
    side on the kernel's threads (one part: on this thread); returns when all are played,
    raising the first error a part raised."""
    parts = max(1, min(parts, n))
    bounds = [n * k // parts for k in range(parts + 1)]
    if parts == 1:
        play_part(0, n)
        return
    pool = _executor(threads())
    futures = [pool.submit(play_part, lo, hi) for lo, hi in itertools.pairwise(bounds)]
    for future in futures:
        future.result()


def parts_for(n: int, per_thread: int, least: int) -> int:
    """How many parts ``n`` Battles split into: ``per_thread`` per thread (more parts even out
    the threads' shares, each part costs a call), none smaller than ``least`` Battles; one
    thread plays them in one part."""
    if threads() == 1:
        return 1
    return max(1, min(threads() * per_thread, n // least))
