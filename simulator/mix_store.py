"""The default's mixes kept on disk, shared by every process of an install.

A mix (``simulator.equilibrium``) costs its pilot tournament, about a tenth of a second for a
7v7. A process remembers the mixes it found; this store lets the others read them instead of
playing the pilot again: the other gunicorn workers, a worker recycled after its requests, a
restarted service, the command line. The mixes are kept with diskcache (SQLite, safe across
threads and processes) in a folder beside numba's cache whose name holds a fingerprint of the
code and data the play depends on (``engine/`` and ``simulator/`` but the other games'
packages, numpy's and numba's versions): after any change the old mixes are never read. At
most ``SIZE_LIMIT`` bytes, the oldest dropped first.

The store only saves time: a folder that cannot be written, a database that is busy or
broken, is a miss, and the pilot is played as without it.
"""

from __future__ import annotations

import hashlib
import json
import logging
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

import diskcache

from simulator import numba_cache
from simulator.table_store import battle_files, digest, drop_others

if TYPE_CHECKING:
    from simulator.battles import BattleSpec
    from simulator.equilibrium import Mix

log = logging.getLogger(__name__)

PREFIX = "titan-mixes-"
SIZE_LIMIT = 64 * 2**20  # some 200,000 mixes
TIMEOUT = 0.5  # seconds to wait for another process's write before counting a miss
_FAILURES = (OSError, sqlite3.Error, diskcache.Timeout, ValueError, KeyError, TypeError)


@lru_cache(maxsize=1)
def fingerprint() -> str:
    """Of the code and data a Battle's play depends on: the rules and the kernel, its tactics,
    and the versions of numpy and numba that run them."""
    import numba

    return digest(battle_files("engine") + battle_files("simulator"), f" numba {numba.__version__}")


_elsewhere: list[Path] = []  # kept_in's folders, innermost last


def folder() -> Path:
    if _elsewhere:
        return _elsewhere[-1] / f"{PREFIX}{fingerprint()}"
    return numba_cache.folder() / f"{PREFIX}{fingerprint()}"


@contextmanager
def kept_in(where: Path) -> Iterator[None]:
    """Keep and read mixes under ``where`` for a while (a bench's never-seen setups, tests);
    the store there is closed when the while is over (``where`` may then be deleted)."""
    _elsewhere.append(Path(where))
    try:
        yield
    finally:
        store = _stores.pop(folder(), None)
        _elsewhere.pop()
        if store is not None:
            store.close()


_stores: dict[Path, diskcache.Cache | None] = {}


def _store() -> diskcache.Cache | None:
    """This install's store (None when it cannot be opened: logged once)."""
    where = folder()
    if where not in _stores:
        fresh = not where.exists()
        try:
            _stores[where] = diskcache.Cache(
                str(where), timeout=TIMEOUT, size_limit=SIZE_LIMIT, statistics=False
            )
        except _FAILURES as e:
            log.warning("the default's mixes are not kept on disk (%s): %s", where, e)
            _stores[where] = None
        if fresh and _stores[where] is not None:
            drop_others(where, PREFIX)  # mixes of code since changed
    return _stores[where]


def _key(spec: BattleSpec) -> str:
    return hashlib.sha256(repr(spec).encode()).hexdigest()


def get(spec: BattleSpec) -> Mix | None:
    """The mix kept for ``spec`` (an Engagement, both tactics ``default``), or None."""
    from simulator.equilibrium import Mix

    store = _store()
    if store is None:
        return None
    try:
        kept = store.get(_key(spec))
        if kept is None:
            return None
        fields = json.loads(kept)
        for side in ("attacker", "defender"):
            fields[side] = tuple((str(style), float(p)) for style, p in fields[side])
        return Mix(**fields)
    except _FAILURES as e:
        log.warning("a kept mix could not be read: %s", e)
        return None


def put(spec: BattleSpec, mix: Mix) -> None:
    """Keep ``mix`` for ``spec``, if the store can take it."""
    store = _store()
    if store is None:
        return
    try:
        store.set(_key(spec), json.dumps(asdict(mix)))
    except _FAILURES as e:
        log.warning("a mix could not be kept: %s", e)


def forget() -> None:
    """Close this process's stores (tests)."""
    for store in _stores.values():
        if store is not None:
            store.close()
    _stores.clear()


__all__ = ["fingerprint", "folder", "forget", "get", "kept_in", "put"]
