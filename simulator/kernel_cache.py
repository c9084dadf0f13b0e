"""numba's cache of the battle kernel, kept in step with every one of its sources.

numba keys a cached function on its own file only, so a kernel function that
calls (and inlines) functions of another module would go on running a stale
compilation after that module changed. A digest of all the kernel's modules is
kept beside the cache; when the sources differ from it, the kernel's cached
files are removed before anything is loaded, and numba compiles afresh.
"""

from __future__ import annotations

import hashlib
import logging
from pathlib import Path

from simulator import numba_cache

log = logging.getLogger(__name__)

HERE = Path(__file__).resolve().parent
# every module whose numba functions the kernel compiles, in dependency order
KERNEL_MODULES = ("rng", "battle_state", "moves", "policy", "referee", "search", "kernel")
STAMP = "kernel-sources.sha256"


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
