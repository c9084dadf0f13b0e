"""numba's cache of the battle kernel, kept in step with every one of its sources.

numba keys a cached function on its own file only, so a kernel function that
calls (and inlines) functions of another module would go on running a stale
compilation after that module changed. A digest of all the kernel's modules is
kept beside the cache; when the sources differ from it, the kernel's cached
files are removed before anything is loaded, and numba compiles afresh.

Compiling takes minutes (after an install or an upgrade), loading from the cache a second
or two. Whoever makes the kernel ready (a service worker's warm-up, the command line)
does so holding a lock beside the cache (``prepare``): alone when it may compile, so that
one process compiles at a time and the others then load what it wrote; shared once a
marker beside the lock says these very sources were compiled, so that the workers of a
restart load side by side.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import logging
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from simulator import numba_cache

log = logging.getLogger(__name__)

HERE = Path(__file__).resolve().parent
# every module whose numba functions the kernel compiles, in dependency order
KERNEL_MODULES = ("rng", "battle_state", "moves", "policy", "referee", "search", "kernel")
STAMP = "kernel-sources.sha256"
LOCK_NAME = "titan-kernel.lock"


def sources_digest() -> str:
    digest = hashlib.sha256()
    for name in KERNEL_MODULES:
        path = HERE / f"{name}.py"
        if path.exists():
            digest.update(name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def refresh() -> None:
    """Remove the kernel's cached compilations when its sources changed since they were
    made."""
    folder = numba_cache.folder()
    stamp = folder / STAMP
    digest = sources_digest()
    try:
        if stamp.read_text() == digest:
            return
    except OSError:
        pass
    try:
        for name in KERNEL_MODULES:
            for path in folder.rglob(f"{name}.*.nb[ic]"):
                path.unlink(missing_ok=True)
        folder.mkdir(parents=True, exist_ok=True)
        stamp.write_text(digest)
    except OSError as error:  # a read-only cache: numba itself decides what it may load
        log.warning("numba's cache in %s could not be refreshed: %s", folder, error)


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
    import numba

    return f"{sources_digest()} numba {numba.__version__} python {sys.version.split()[0]}"


def _marker(lock: Path) -> Path:
    return lock.with_name(lock.name + ".compiled")


def is_compiled(lock: Path) -> bool:
    """Did a preparation beside this lock compile the kernel of these very sources?"""
    try:
        return _marker(lock).read_text() == _compiled_stamp()
    except OSError:
        return False


def mark_compiled(lock: Path) -> None:
    # in a read-only folder every start takes the lock alone, as after an install
    with contextlib.suppress(OSError):
        _marker(lock).write_text(_compiled_stamp())


def prepare(
    make_ready: Callable[[], None], lock: Path, locked: Callable[[], None] | None = None
) -> None:
    """Run ``make_ready`` (which compiles the kernel, or loads it from the cache) holding the
    lock ``lock``: shared when these sources were compiled already, else alone (and marked
    compiled after). ``locked``, if given, is called once the lock is held. The lock is let
    go on return, or when the process dies."""
    compiled = is_compiled(lock)
    with open(lock, "a+b") as held:
        fcntl.flock(held, fcntl.LOCK_SH if compiled else fcntl.LOCK_EX)
        if locked is not None:
            locked()
        make_ready()
        if not compiled:
            mark_compiled(lock)
