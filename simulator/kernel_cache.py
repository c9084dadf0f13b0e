"""numba's cache of the battle kernel, kept in step with every one of its sources.

numba keys a cached function on its own file only, so a kernel function that
calls (and inlines) functions of another module would go on running a stale
compilation after that module changed. ``cache_by_sources()`` (run by
``simulator/__init__`` before any kernel module is imported) has numba keep
each kernel's compiled functions in a folder named by the digest of all that
kernel's modules (the battle kernel's, the Arena's, Tactical Titan's): after any change numba
looks in a new folder and compiles afresh. A folder rather than a stamp in
numba's index: an index of other sources may name types that no longer
exist, and numba reads the whole index before it compares stamps. Nothing is
deleted, by an import or otherwise (``make clean`` removes the old folders).

Compiling takes one to two minutes a kernel (after an install or a change), loading from the
cache a second or two. Whoever makes the kernel ready (a service worker's warm-up, the command
line) does so holding a lock beside the cache (``prepare``): alone when it may compile, so that
one process compiles at a time and the others then load what it wrote; shared once a
marker beside the lock says these very sources were compiled, so that the workers of a
restart load side by side.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import importlib
import logging
import os
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from simulator import numba_cache

log = logging.getLogger(__name__)

HERE = Path(__file__).resolve().parent
# every module whose numba functions the kernel compiles, in dependency order
KERNEL_MODULES = (
    "rng", "mind", "battle_state", "moves", "policy", "referee", "rule", "search", "kernel",
)  # fmt: skip
# the same for the Arena's kernel
ARENA_MODULES = (
    "rng", "arena/state", "arena/moves", "arena/policy", "arena/referee", "arena/kernel"
)  # fmt: skip
# the same for Tactical Titan's kernel
TACTICAL_MODULES = (
    "rng", "tactical/state", "tactical/moves", "tactical/policy", "tactical/musters",
    "tactical/referee", "tactical/kernel",
)  # fmt: skip
LOCK_NAME = "titan-kernel.lock"


def sources_digest(modules: tuple[str, ...] = KERNEL_MODULES) -> str:
    digest = hashlib.sha256()
    for name in modules:
        path = HERE / f"{name}.py"
        if path.exists():
            digest.update(name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def cache_by_sources() -> bool:
    """Have numba keep the compiled functions of each kernel's modules in a folder of their
    own named by the digest of those modules (see the module's notes); whether numba offered
    the place to do so."""
    from numba.core import caching

    impl = getattr(caching, "CacheImpl", None) or getattr(caching, "_CacheImpl", None)
    classes = getattr(impl, "_locator_classes", None)
    if classes is None:
        log.warning("numba's cache cannot be kept apart for each version of the kernel")
        return False
    if any(getattr(c, "by_sources", False) for c in classes):
        return True
    # each module's functions go with the kernel they belong to; rng's, whose functions call
    # no other module, with the battle kernel's (written last)
    folders = {}
    for modules in (TACTICAL_MODULES, ARENA_MODULES, KERNEL_MODULES):
        folder = f"kernel-{sources_digest(modules)[:16]}"
        folders.update({os.path.realpath(HERE / f"{name}.py"): folder for name in modules})

    def by_sources(locator: type) -> type:
        class BySources(locator):  # type: ignore[misc, valid-type]
            by_sources = True

            @classmethod
            def from_function(cls, py_func, py_file):  # type: ignore[no-untyped-def]
                if os.path.realpath(py_file) not in folders:
                    return None  # not a kernel's: numba's own locators
                return super().from_function(py_func, py_file)

            def get_cache_path(self):  # type: ignore[no-untyped-def]
                folder = folders[os.path.realpath(self._py_file)]
                return os.path.join(super().get_cache_path(), folder)

        BySources.__name__ = f"Kernel{locator.__name__}"
        return BySources

    ours = [by_sources(caching.UserProvidedCacheLocator), by_sources(caching.InTreeCacheLocator)]
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


def _compiled_stamp(modules: tuple[str, ...]) -> str:
    """What a compiled kernel was compiled from: its sources, numba, Python."""
    import numba

    return f"{sources_digest(modules)} numba {numba.__version__} python {sys.version.split()[0]}"


def _marker(lock: Path) -> Path:
    return lock.with_name(lock.name + ".compiled")


def is_compiled(lock: Path, modules: tuple[str, ...] = KERNEL_MODULES) -> bool:
    """Did a preparation beside this lock compile the kernel of these very sources?"""
    try:
        return _marker(lock).read_text() == _compiled_stamp(modules)
    except OSError:
        return False


def mark_compiled(lock: Path, modules: tuple[str, ...] = KERNEL_MODULES) -> None:
    # in a read-only folder every start takes the lock alone, as after an install
    with contextlib.suppress(OSError):
        _marker(lock).write_text(_compiled_stamp(modules))


def prepare(
    make_ready: Callable[[], None],
    lock: Path,
    locked: Callable[[], None] | None = None,
    modules: tuple[str, ...] = KERNEL_MODULES,
) -> None:
    """Run ``make_ready`` (which compiles the kernel, or loads it from the cache) holding the
    lock ``lock``: shared when these sources were compiled already, else alone (and marked
    compiled after). ``locked``, if given, is called once the lock is held. The lock is let
    go on return, or when the process dies."""
    compiled = is_compiled(lock, modules)
    with open(lock, "a+b") as held:
        fcntl.flock(held, fcntl.LOCK_SH if compiled else fcntl.LOCK_EX)
        if locked is not None:
            locked()
        make_ready()
        if not compiled:
            mark_compiled(lock, modules)


@dataclass(frozen=True)
class Sources:
    """One kernel as it is prepared: its modules (what its cache and marker are keyed by), its
    lock's name beside numba's cache, and the module whose ``warm_up()`` compiles or loads it."""

    name: str
    modules: tuple[str, ...]
    lock_name: str
    warm_up: str
    function: str = "warm_up"  # the module's function that compiles or loads it

    def lock(self) -> Path:
        return lock_path().with_name(self.lock_name)

    def compiled(self) -> bool:
        return is_compiled(self.lock(), self.modules)

    def prepare(self) -> None:
        """Compile it (alone) or load it (side by side with others), as a worker does."""
        module = importlib.import_module(self.warm_up)
        prepare(getattr(module, self.function), self.lock(), modules=self.modules)


BATTLE = Sources("battle", KERNEL_MODULES, LOCK_NAME, "simulator.odds")
# the battle kernel's search code, prepared after the rest of it (simulator.odds.warm_up_search);
# a clean checkout's tests compile it with the battle kernel (tests/conftest.py)
SEARCH = Sources("search", KERNEL_MODULES, "titan-search.lock", "simulator.odds", "warm_up_search")
ARENA = Sources("arena", ARENA_MODULES, "titan-arena-kernel.lock", "simulator.arena.odds")
TACTICAL = Sources(
    "tactical", TACTICAL_MODULES, "titan-tactical-kernel.lock", "simulator.tactical.odds"
)
KERNELS = {k.name: k for k in (BATTLE, ARENA, TACTICAL)}
