"""numba's cache of the battle kernel, kept in step with every one of its sources.

numba keys a cached function on its own file only, so a kernel function that
calls (and inlines) functions of another module would go on running a stale
compilation after that module changed. ``stamp_with_the_kernel()`` (run by
``simulator/__init__`` before any kernel module is imported) has numba stamp
each kernel function's cache entry with a digest of all the kernel's modules
as well: after any change, the entries made before no longer match and numba
compiles afresh, overwriting them. The Arena's kernel (``simulator.arena``)
is stamped the same way with a digest of its own modules. Nothing is deleted,
by an import or otherwise.

Compiling takes about a minute (after an install or a change), loading from the cache a
second or two. Whoever makes the kernel ready (a service worker's warm-up, the command line)
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
# the same for the Arena's kernel
ARENA_MODULES = (
    "rng", "arena/state", "arena/moves", "arena/policy", "arena/referee", "arena/kernel"
)  # fmt: skip
LOCK_NAME = "titan-kernel.lock"


def sources_digest(modules: tuple[str, ...] = KERNEL_MODULES) -> str:
    digest = hashlib.sha256()
    for name in modules:
        path = HERE / f"{name}.py"
        if path.exists():
            digest.update(name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def stamp_with_the_kernel() -> bool:
    """Have numba stamp the cache entries of the kernel's modules with the digest of all of
    them (see the module's notes); whether numba offered the place to do so."""
    from numba.core import caching

    impl = getattr(caching, "CacheImpl", None) or getattr(caching, "_CacheImpl", None)
    classes = getattr(impl, "_locator_classes", None)
    if classes is None:
        log.warning("numba's cache cannot be keyed on all the kernel's sources")
        return False
    if any(getattr(c, "kernel_digest", None) for c in classes):
        return True
    # each module's functions get the digest of the kernel they belong to; rng's, whose
    # functions call no other module, the battle kernel's (written last)
    digests = {}
    for modules in (ARENA_MODULES, KERNEL_MODULES):
        digest = sources_digest(modules)
        digests.update({os.path.realpath(HERE / f"{name}.py"): digest for name in modules})
    battle_digest = sources_digest()

    def stamped(locator: type) -> type:
        class Stamped(locator):  # type: ignore[misc, valid-type]
            kernel_digest = battle_digest  # each locator made holds its own kernel's

            @classmethod
            def from_function(cls, py_func, py_file):  # type: ignore[no-untyped-def]
                digest = digests.get(os.path.realpath(py_file))
                if digest is None:
                    return None  # not a kernel's: numba's own locators
                found = super().from_function(py_func, py_file)
                if found is not None:
                    found.kernel_digest = digest
                return found

            def get_source_stamp(self):  # type: ignore[no-untyped-def]
                return (super().get_source_stamp(), self.kernel_digest)

        Stamped.__name__ = f"Kernel{locator.__name__}"
        return Stamped

    ours = [stamped(caching.UserProvidedCacheLocator), stamped(caching.InTreeCacheLocator)]
    impl._locator_classes = [*ours, *classes]
    return True


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
