"""The kept table blocks: the engine's blocks read back, used in place of asking the engine,
and never read after the rules changed."""

from __future__ import annotations

import dataclasses
import functools
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from simulator import table_store, tables

# A Titan (every kept power), a Lord, rangestrikers (the Warlock's magic missile), a flier.
NAMES = ("Titan", "Angel", "Warlock", "Ranger", "Gargoyle", "Cyclops")
TERRAINS = ("Tower", "Desert")  # Walls, Cliffs, Dunes, Sand


@functools.cache
def _built(terrain: str) -> dict[str, np.ndarray]:
    return table_store.build(terrain, NAMES)


@pytest.fixture
def store(tmp_path, monkeypatch):
    """Kept blocks of ``NAMES`` on ``TERRAINS``, in a folder of their own."""
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    tables.clear_cache()
    for terrain in TERRAINS:
        table_store.save(terrain, _built(terrain))
    yield tmp_path
    tables.clear_cache()


def _same(found, expected) -> None:
    assert found is not None
    for a, b in zip(found, expected, strict=True):
        assert a.dtype == b.dtype and np.array_equal(a, b)


@pytest.mark.parametrize("terrain", TERRAINS)
def test_every_kept_block_is_the_engines(store, terrain):
    kept = table_store.blocks(terrain)
    assert kept is not None
    for name in NAMES:
        _same(kept.kind(name), tables.build_kind_block(terrain, name))
    for name, power in table_store.strikers(NAMES):
        _same([kept.carry(name, power)], [tables.build_carry_block(terrain, name, power)])
        for target in NAMES:
            expected = tables.build_strike_block(terrain, name, power, target)
            _same(kept.strike(name, power, target), expected)
            if name in ("Warlock", "Ranger"):
                expected = tables.build_ranged_block(terrain, name, power, target)
                _same(kept.ranged(name, power, target), expected)
            else:
                assert kept.ranged(name, power, target) is None


def _roster(**changes) -> tables.Roster:
    base = tables.Roster(
        "Tower", 5, ("Titan", "Gargoyle", "Warlock"), ("Ranger", "Cyclops", "Ranger"),
        attacker_score=250, summonable="Angel", reinforce=False,
    )  # fmt: skip
    return dataclasses.replace(base, **changes)


@pytest.mark.parametrize(
    "roster",
    [_roster(), _roster(terrain="Desert", entry_side=1), _roster(attacker_score=1800)],
    ids=["tower", "desert", "titan-beyond-the-kept-powers"],
)
def test_tables_from_kept_blocks_equal_the_engines(store, roster):
    from_store = tables.battle_tables(roster)
    tables.clear_cache()
    folder = table_store.folder()
    folder.rename(folder.with_name("elsewhere"))  # nothing kept: every block from the engine
    from_engine = tables.battle_tables(roster)
    for group in ("board", "kinds", "strikes", "musters"):
        for a, b in zip(getattr(from_store, group), getattr(from_engine, group), strict=True):
            assert a.dtype == b.dtype and np.array_equal(a, b), group


def test_blocks_of_other_rules_are_never_read(store, monkeypatch):
    assert table_store.blocks("Tower") is not None
    kept = table_store.file_of("Tower")
    table_store.forget()
    monkeypatch.setattr(table_store, "fingerprint", lambda: "0123456789abcdef")
    assert table_store.blocks("Tower") is None  # another folder: built anew
    path = table_store.file_of("Tower")
    path.parent.mkdir(parents=True)
    kept.rename(path)
    assert table_store.blocks("Tower") is None  # a file that says other rules: refused


def test_a_new_characters_block_outside_the_file_is_asked_of_the_engine(store):
    kept = table_store.blocks("Tower")
    assert kept.strike("Troll", 8, "Ranger") is None
    assert kept.carry("Titan", 30) is None
    block = tables._strike_block("Tower", "Troll", 8, "Ranger")
    _same(block, tables.build_strike_block("Tower", "Troll", 8, "Ranger"))


def test_the_fingerprint_covers_the_rules_and_the_builders():
    sources = {p.relative_to(table_store.ROOT).as_posix() for p in table_store._sources()}
    assert {"engine/strikes.py", "engine/data/battlelands.toml", "simulator/tables.py"} <= sources


def test_a_battle_imports_nothing_of_the_other_games():
    """The stores' fingerprints leave out the Arena's and Tactical Titan's packages
    (``table_store.OTHER_GAMES``), so no Battle may depend on them: the default's Battles (its
    pilot tournament too), their tables asked of the engine and the blocks kept, in a process of
    their own, import none of their modules (a request's checks may: they name the other
    book's characters, and play nothing)."""
    script = (
        "import sys\n"
        "from simulator import battles, table_store\n"
        "from simulator.engagement import Engagement, Legion\n"
        "table_store.build('Tower', ('Titan', 'Warlock', 'Gargoyle'))\n"
        "attacker = Legion(100, ('Titan', 'Gargoyle', 'Ranger'))\n"
        "defender = Legion(0, ('Warlock', 'Troll', 'Troll'))\n"
        "battles.play(Engagement('Tower', attacker, defender).spec, 64, seed=1)\n"
        "print('\\n'.join(sys.modules))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=Path(table_store.ROOT),
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    imported = [name.split(".") for name in done.stdout.split()]
    assert ["simulator", "equilibrium"] in imported  # the default's mix was asked for
    assert [
        ".".join(parts)
        for parts in imported
        if parts[0] in ("engine", "simulator")
        and parts[1:2]
        and parts[1] in table_store.OTHER_GAMES
    ] == []


def test_one_process_builds_at_a_time(store):
    lock = store / table_store.LOCK_NAME
    with open(lock, "a+b") as held:
        import fcntl

        fcntl.flock(held, fcntl.LOCK_EX)
        done = subprocess.run(
            [sys.executable, "-m", "simulator.table_store"],
            cwd=Path(table_store.ROOT),
            env={"NUMBA_CACHE_DIR": str(store), "PATH": ""},
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("0 Battlelands built")  # left to the lock's holder


def test_preload_reads_every_file_once(store, monkeypatch):
    table_store.forget()
    assert sorted(table_store.preload()) == sorted(TERRAINS)  # the other Battlelands: no file

    def refuse(*args, **kwargs):
        raise AssertionError("a file read twice")

    monkeypatch.setattr(table_store.np, "load", refuse)
    assert all(table_store.blocks(terrain) is not None for terrain in TERRAINS)


def test_forgetting_the_tables_but_not_the_files_builds_them_again_from_the_files(
    store, monkeypatch
):
    first = tables.battle_tables(_roster())
    tables.clear_cache(files=False)  # as make bench meets a setup anew

    def refuse(*args, **kwargs):
        raise AssertionError("a file read again")

    monkeypatch.setattr(table_store.np, "load", refuse)
    again = tables.battle_tables(_roster())
    assert again is not first
    for group in ("board", "kinds", "strikes", "musters"):
        for a, b in zip(getattr(first, group), getattr(again, group), strict=True):
            assert np.array_equal(a, b), group
