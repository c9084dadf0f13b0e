"""Where numba keeps the compiled battle kernel: a folder it can write, chosen before numba loads.

numba caches the kernel in ``NUMBA_CACHE_DIR`` or, by default, in ``simulator/__pycache__``.
When that folder cannot be written (a read-only install or volume, a folder that cannot be
made), numba refuses to cache at all ("no locator available") or silently compiles afresh
into the home folder for a minute. Instead, ``settle()`` (run by ``simulator/__init__`` before
anything is compiled) logs a warning and points numba at a writable folder of this user's
(``$XDG_CACHE_HOME/titan-odds/numba``, else ``~/.cache/...``, else the temporary folder),
copying into it the compiled kernel the read-only folder holds, so a warm cache stays warm.
A ``NUMBA_CACHE_DIR`` that exists but is not a folder is an error naming it.
"""

from __future__ import annotations

import hashlib
import logging
import os
import shutil
import sys
import tempfile
from pathlib import Path

log = logging.getLogger(__name__)

# As numba names this package's folder: the modules' own __file__, symbolic links kept.
HERE = Path(os.path.dirname(os.path.abspath(__file__)))
VARIABLE = "NUMBA_CACHE_DIR"
COMPILED = ("*.nbi", "*.nbc")


class CacheError(ValueError):
    """NUMBA_CACHE_DIR names something that is not a folder."""


def problem() -> str | None:
    """What is wrong with NUMBA_CACHE_DIR, if anything (api.config checks the same at start)."""
    configured = os.environ.get(VARIABLE)
    if configured and os.path.exists(configured) and not os.path.isdir(configured):
        return f"{VARIABLE}={configured!r} is not a folder; it takes a folder numba may write"
    return None


def writable(folder: Path) -> bool:
    """Whether numba could keep its cache in ``folder`` (made if missing), as numba checks it:
    by making the folder and a file in it."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError:
        return False
    return True


def fallbacks() -> list[Path]:
    """Writable places for the cache, best first."""
    found = []
    xdg = os.environ.get("XDG_CACHE_HOME")
    if xdg:
        found.append(Path(xdg) / "titan-odds" / "numba")
    home = os.environ.get("HOME")
    if home:
        found.append(Path(home) / ".cache" / "titan-odds" / "numba")
    found.append(Path(tempfile.gettempdir()) / f"titan-odds-numba-{os.getuid()}")
    return found


def _subfolder(source_dir: Path) -> str:
    """The folder numba uses under NUMBA_CACHE_DIR for the sources in ``source_dir``
    (numba.core.caching._CacheLocator.get_suitable_cache_subpath)."""
    path = str(source_dir)
    return f"{os.path.basename(path)}_{hashlib.sha1(path.encode()).hexdigest()}"


def _copy_warm(source: Path, target: Path, in_tree: bool) -> int:
    """Copy the compiled files of ``source`` into ``target`` in NUMBA_CACHE_DIR's layout;
    the number of files copied."""
    copied = 0
    pairs: list[tuple[Path, Path]] = []
    if in_tree:  # simulator/__pycache__/kernel.f-12.py311.nbi -> target/simulator_<sha1>/...
        for cache in [source, *source.parent.glob("*/__pycache__")]:  # and subpackages'
            into = target / _subfolder(cache.parent)
            for pattern in COMPILED:  # the kernels' own folders too (kernel_cache)
                pairs += [(p, into / p.relative_to(cache)) for p in cache.rglob(pattern)]
    else:  # the same layout: every file below the folder
        for pattern in COMPILED:
            pairs += [(p, target / p.relative_to(source)) for p in source.rglob(pattern)]
    for origin, destination in pairs:
        try:
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(origin, destination)
            copied += 1
        except OSError:
            continue
    return copied


def folder() -> Path:
    """numba's cache folder for this package: NUMBA_CACHE_DIR, else ``simulator/__pycache__``
    (after ``settle()``, the one numba can write)."""
    configured = os.environ.get(VARIABLE)
    return Path(configured) if configured else HERE / "__pycache__"


def settle() -> Path:
    """Make sure numba caches into a folder it can write (see the module's notes); the folder.

    Sets NUMBA_CACHE_DIR when it moves the cache, so gunicorn's workers (forked afterwards) and
    the kernel's warm-up lock (api.warmup) use the same folder."""
    configured = os.environ.get(VARIABLE)
    wrong = problem()
    if wrong:
        raise CacheError(wrong)
    current = folder()
    if writable(current):
        return current
    for fallback in fallbacks():
        if fallback.resolve() != current.resolve() and writable(fallback):
            break
    else:
        log.warning("numba's cache %s cannot be written, nor any fallback: no cache", current)
        return current
    copied = _copy_warm(current, fallback, in_tree=not configured) if current.is_dir() else 0
    log.warning(
        "numba's cache %s cannot be written; using %s instead (%s)",
        current,
        fallback,
        f"{copied} compiled files copied from it" if copied else "the kernel compiles there once",
    )
    os.environ[VARIABLE] = str(fallback)
    if "numba.core.config" in sys.modules:  # numba read the variable already
        sys.modules["numba.core.config"].reload_config()
    return fallback
