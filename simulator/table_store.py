"""Table blocks of every Battleland and character, built once from the engine and kept in files.

``simulator.tables`` assembles a setup's tables from blocks that depend only on the
Battleland and one or two characters: a character's movement costs and Drift hits, its
strikes at each target, where its excess hits may carry, its rangestrike paths to each
target. Asked of the engine, the blocks of a never-seen 7v7 setup take about half a second;
read from these files they take a few milliseconds, so a new setup answers as fast as a
known one.

The files hold the same blocks the engine-asking builders of ``simulator.tables`` return
(they are made by calling them), one ``<terrain>.npz`` per Battleland in a folder beside
numba's cache (``NUMBA_CACHE_DIR``, else ``simulator/__pycache__``). The folder's name holds
a fingerprint of the engine's code and data and of the builders: after any change to the
rules the old files are never read, and new ones are built. A block the files do not hold
(a Titan of more than ``TITAN_POWERS``) is asked of the engine as before.

``python -m simulator.table_store`` builds the missing files (about half a minute of one
core after an install; one process at a time, under a lock file); a gunicorn worker starts
it in the background once its kernel is ready (``api.warmup``), then reads every file. Until
a Battleland's file exists its blocks are asked of the engine, as a process without the files
always does.
"""

from __future__ import annotations

import argparse
import fcntl
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

from simulator import numba_cache

ROOT = Path(__file__).resolve().parent.parent
# Titans of scores 0 to 999 (19.1); a stronger one is asked of the engine.
TITAN_POWERS = range(6, 16)
LOCK_NAME = "titan-tables.lock"
FOLDER = "titan-tables-"  # and the fingerprint


# The other games' packages (engine/ and simulator/ each have one of each), which no Battle
# imports (tests/simulator/test_table_store.py): a change to them keeps the stored tables and
# mixes (simulator.mix_store).
OTHER_GAMES = frozenset({"arena", "tactical"})


def package_files(package: str, leaving_out: frozenset[str] = frozenset()) -> list[Path]:
    """The files of ``package`` (``engine`` or ``simulator``) but its compiled caches and the
    subpackages ``leaving_out``."""
    return [
        path
        for path in sorted((ROOT / package).rglob("*"))
        if path.is_file()
        and "__pycache__" not in path.parts
        and path.suffix != ".pyc"
        and path.relative_to(ROOT / package).parts[0] not in leaving_out
    ]


def battle_files(package: str) -> list[Path]:
    """The files of ``package`` a Battle's play may depend on: all but the other games'."""
    return package_files(package, OTHER_GAMES)


def _sources() -> list[Path]:
    """What the blocks depend on: the engine's code and data, the builders, this file."""
    found = [p for p in battle_files("engine") if p.suffix == ".py" or p.parent.name == "data"]
    return [*found, ROOT / "simulator" / "tables.py", Path(__file__).resolve()]


def digest(sources: Iterable[Path], versions: str = "") -> str:
    """A fingerprint of ``sources`` (their paths and contents), of numpy's version and of
    ``versions`` (other libraries' the files kept depend on)."""
    found = hashlib.sha256((np.__version__ + versions).encode())
    for path in sources:
        found.update(path.relative_to(ROOT).as_posix().encode())
        found.update(path.read_bytes())
    return found.hexdigest()[:16]


@lru_cache(maxsize=1)
def fingerprint() -> str:
    return digest(_sources())


def folder() -> Path:
    return numba_cache.folder() / f"{FOLDER}{fingerprint()}"


def file_of(name: str, where: Path | None = None) -> Path:
    """A Battleland's file (or another table's, by name) in ``where``, else in ``folder()``."""
    return (where or folder()) / f"{name}.npz"


def drop_others(where: Path, prefix: str) -> None:
    """Remove the folders beside ``where`` named with its ``prefix`` and another fingerprint:
    tables, lines or mixes of code or rules since changed."""
    for old in where.parent.glob(f"{prefix}*"):
        if old != where and old.is_dir():
            shutil.rmtree(old, ignore_errors=True)


def strikers(names: Iterable[str]) -> list[tuple[str, int]]:
    """(name, Power-factor) of every striker kept: each character, the Titan at each power."""
    from engine.characters import character

    found = []
    for name in names:
        kind = character(name)
        powers = TITAN_POWERS if kind.power is None else (kind.power,)
        found += [(name, power) for power in powers]
    return found


def build(
    terrain: str, names: Iterable[str] | None = None, progress: Callable[[], None] | None = None
) -> dict[str, np.ndarray]:
    """Every block of one Battleland for ``names`` (default: every character), as arrays."""
    from engine.characters import NAMES, character
    from simulator import tables

    names = list(NAMES if names is None else names)
    rows = strikers(names)
    ranged_rows = [(n, p) for n, p in rows if character(n).rangestrikes]
    kinds = [tables.build_kind_block(terrain, n) for n in names]
    strike = [[tables.build_strike_block(terrain, n, p, t) for t in names] for n, p in rows]
    carry = [tables.build_carry_block(terrain, n, p) for n, p in rows]
    if progress:
        progress()
    ranged = [[tables.build_ranged_block(terrain, n, p, t) for t in names] for n, p in ranged_rows]
    arrays = {
        "names": np.array(names),
        "striker_names": np.array([n for n, _ in rows]),
        "striker_powers": np.array([p for _, p in rows], dtype=np.int16),
        "ranged_rows": np.array(
            [ranged_rows.index(r) if r in ranged_rows else -1 for r in rows], dtype=np.int16
        ),
        "carry": np.stack(carry),
    }
    for i, key in enumerate(("step", "fly_over", "landing", "drift")):
        arrays[key] = np.stack([k[i] for k in kinds])
    for i, key in enumerate(("dice", "number", "plain_dice", "plain_number")):
        arrays[key] = np.stack([np.stack([b[i] for b in row]) for row in strike])
    # shapes and types of a block, for a Battleland's file without rangestrikers
    empty = () if ranged else tables.build_ranged_block(terrain, "Ranger", 4, "Ranger")
    for i, key in enumerate(("ranged_count", "ranged_clear", "ranged_dice", "ranged_number")):
        arrays[key] = (
            np.stack([np.stack([b[i] for b in row]) for row in ranged])
            if ranged
            else np.zeros((0, len(names), *empty[i].shape), dtype=empty[i].dtype)
        )
    arrays["fingerprint"] = np.array(fingerprint())
    return arrays


def save(
    name: str, arrays: dict[str, np.ndarray], where: Path | None = None, compressed: bool = False
) -> Path:
    """Write the file ``file_of(name, where)`` whole or not at all (another process may be
    reading)."""
    path = file_of(name, where)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{name}.", suffix=".npz")
    try:
        with os.fdopen(handle, "wb") as out:
            (np.savez_compressed if compressed else np.savez)(out, **arrays)
        os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return path


@dataclass(frozen=True)
class TerrainBlocks:
    """One Battleland's file, read: blocks by character names (None: not kept)."""

    arrays: dict[str, np.ndarray]
    name_index: dict[str, int]
    striker_index: dict[tuple[str, int], int]

    @classmethod
    def of(cls, arrays: dict[str, np.ndarray]) -> TerrainBlocks:
        for a in arrays.values():
            a.flags.writeable = False
        names = {str(n): i for i, n in enumerate(arrays["names"])}
        rows = {
            (str(n), int(p)): i
            for i, (n, p) in enumerate(
                zip(arrays["striker_names"], arrays["striker_powers"], strict=True)
            )
        }
        return cls(arrays, names, rows)

    def _row(self, name: str, power: int) -> int | None:
        return self.striker_index.get((name, power))

    def kind(self, name: str) -> tuple[np.ndarray, ...] | None:
        i = self.name_index.get(name)
        if i is None:
            return None
        return tuple(self.arrays[k][i] for k in ("step", "fly_over", "landing", "drift"))

    def strike(self, name: str, power: int, target: str) -> tuple[np.ndarray, ...] | None:
        row, j = self._row(name, power), self.name_index.get(target)
        if row is None or j is None:
            return None
        return tuple(
            self.arrays[k][row, j] for k in ("dice", "number", "plain_dice", "plain_number")
        )

    def carry(self, name: str, power: int) -> np.ndarray | None:
        row = self._row(name, power)
        return None if row is None else self.arrays["carry"][row]

    def ranged(self, name: str, power: int, target: str) -> tuple[np.ndarray, ...] | None:
        row, j = self._row(name, power), self.name_index.get(target)
        if row is None or j is None or self.arrays["ranged_rows"][row] < 0:
            return None
        r = int(self.arrays["ranged_rows"][row])
        keys = ("ranged_count", "ranged_clear", "ranged_dice", "ranged_number")
        return tuple(self.arrays[k][r, j] for k in keys)


_loaded: dict[str, TerrainBlocks] = {}


def blocks(terrain: str) -> TerrainBlocks | None:
    """The Battleland's kept blocks, read once per process; None while it has no file."""
    found = _loaded.get(terrain)
    if found is not None:
        return found
    path = file_of(terrain)
    try:
        with np.load(path, allow_pickle=False) as data:
            arrays = {k: data[k] for k in data.files}
    except (OSError, ValueError, EOFError):
        return None  # not built yet, or unreadable: the engine is asked
    if str(arrays.get("fingerprint")) != fingerprint():
        return None
    found = _loaded[terrain] = TerrainBlocks.of(arrays)
    return found


def forget() -> None:
    """Read the files again on next use (tests)."""
    _loaded.clear()


def missing(where: Path | None = None) -> list[str]:
    from engine.battlelands import TERRAINS

    return [t for t in TERRAINS if not file_of(t, where).exists()]


def build_missing(log: Callable[[str], None] | None = None, wait: bool = False) -> list[str]:
    """Build the file of every Battleland that has none; the terrains built.

    One process builds at a time: with ``wait`` False a process that finds the lock taken
    leaves the work to the one holding it.
    """
    where = folder()
    if not missing(where):
        return []
    where.mkdir(parents=True, exist_ok=True)
    built = []
    with open(where.parent / LOCK_NAME, "a+b") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
        except BlockingIOError:
            return []
        for terrain in missing(where):
            started = time.perf_counter()
            save(terrain, build(terrain), where)
            built.append(terrain)
            if log:
                log(f"{terrain}: {time.perf_counter() - started:.1f} s")
        drop_others(where, FOLDER)
    return built


def preload() -> list[str]:
    """Read every Battleland's file there is (about 3 MB and 10 ms each): the terrains read.
    A worker does it once its kernel is ready, so that a setup on a Battleland it has not
    played yet costs no reading either."""
    from engine.battlelands import TERRAINS

    return [terrain for terrain in TERRAINS if blocks(terrain) is not None]


def build_in_background() -> subprocess.Popen | None:
    """Read the files in a thread (``preload``); when one is missing, first build them in
    ``python -m simulator.table_store`` at low priority (the process, else None)."""
    try:
        absent = missing()
    except OSError:
        return None
    process = None
    if absent:
        process = subprocess.Popen(
            [sys.executable, "-m", "simulator.table_store", "--quiet", "--nice", "10"],
            cwd=ROOT,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
        )

    def build_then_read() -> None:
        if process is not None:
            process.wait()
        preload()

    threading.Thread(target=build_then_read, name="table-store", daemon=True).start()
    return process


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m simulator.table_store", description=__doc__)
    parser.add_argument("--wait", action="store_true", help="wait for another process building")
    parser.add_argument("--nice", type=int, default=0, help="lower this process's priority")
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)
    if args.nice:
        os.nice(args.nice)
    started = time.perf_counter()
    built = build_missing(None if args.quiet else print, wait=args.wait)
    if not args.quiet:
        print(
            f"{len(built)} Battlelands built in {time.perf_counter() - started:.1f} s "
            f"into {folder()}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
