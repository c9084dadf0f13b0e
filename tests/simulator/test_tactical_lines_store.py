"""The rangestrike lines (TITAN 13.3) of a map kept with the engine, kept in a file beside the
Battlelands' tables: read back as they were built, built again when the file is missing or
spoilt, never read for a map a request gives whole, and kept under a fingerprint of the code
and data they are built from."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from engine.tactical.maps import stored_map
from simulator import table_store
from simulator.tactical import state as s
from simulator.tactical import tables

MAP = "two_shores"  # the smaller stored map: its lines build in a third of a second


@pytest.fixture
def folder(tmp_path, monkeypatch):
    """The lines' folder under an empty cache of this test's own."""
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    return tables._lines_folder()


def _same(a: s.Lines, b: s.Lines) -> bool:
    return all(np.array_equal(x, y) for x, y in zip(a, b, strict=True))


def _not_built(m):
    raise AssertionError("built again")


def test_a_stored_maps_lines_are_read_back_as_they_were_built_13_3(folder, monkeypatch):
    m = stored_map(MAP)
    built = tables._kept_lines(m)  # built, then written
    assert (folder / f"{MAP}.npz").exists()
    assert _same(built, tables._lines(m))
    monkeypatch.setattr(tables, "_lines", _not_built)
    read = tables._kept_lines(m)
    assert _same(read, built)
    assert all(x.dtype == y.dtype for x, y in zip(read, built, strict=True))


def test_a_spoilt_file_is_built_again_and_written_whole(folder):
    m = stored_map(MAP)
    folder.mkdir(parents=True)
    (folder / f"{MAP}.npz").write_bytes(b"cut short")
    assert _same(tables._kept_lines(m), tables._lines(m))
    with np.load(folder / f"{MAP}.npz") as kept:
        assert set(kept.files) == set(s.Lines._fields)


def test_a_map_given_whole_is_never_read_from_a_file_nor_written(folder, monkeypatch):
    m = stored_map(MAP)
    tables._kept_lines(m)
    changed = dataclasses.replace(
        m, hexes=(dataclasses.replace(m.hexes[0], elevation=2), *m.hexes[1:])
    )
    calls = []
    monkeypatch.setattr(tables, "_lines", lambda given: calls.append(given) or "built")
    assert tables._kept_lines(changed) == "built" and calls == [changed]
    assert [p.name for p in folder.iterdir()] == [f"{MAP}.npz"]


def test_lines_of_other_code_are_removed_when_these_are_written(folder):
    old = folder.parent / f"{tables.LINES_FOLDER}0123456789abcdef"
    old.mkdir(parents=True)
    tables._kept_lines(stored_map(MAP))
    assert not old.exists() and folder.exists()


def test_the_fingerprint_covers_the_rules_the_maps_and_the_builders(monkeypatch):
    seen = []
    monkeypatch.setattr(table_store, "digest", lambda sources: seen.extend(sources) or "x")
    tables._lines_fingerprint.cache_clear()
    try:
        tables._lines_fingerprint()
    finally:
        monkeypatch.undo()
        tables._lines_fingerprint.cache_clear()
    names = {p.relative_to(table_store.ROOT).as_posix() for p in seen}
    assert {
        "engine/rangestrikes.py",
        "engine/tactical/geometry.py",
        f"engine/data/maps/{MAP}.json",
        "simulator/tactical/tables.py",
        "simulator/tactical/state.py",
    } <= names
