"""The default's mixes kept on disk: found once, read by every other process of the install,
never read after the code changed, and only a miss when the store cannot be used."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from simulator import equilibrium, mix_store
from simulator.engagement import Engagement, Legion

SPEC = Engagement("Plains", Legion(0, ("Troll",)), Legion(0, ("Ogre",))).spec


@pytest.fixture
def store(tmp_path):
    equilibrium._mix.cache_clear()
    with mix_store.kept_in(tmp_path):
        yield tmp_path
    mix_store.forget()
    equilibrium._mix.cache_clear()


def _no_pilot(monkeypatch) -> None:
    def refuse(spec, *args):
        raise AssertionError("the pilot was played again")

    monkeypatch.setattr(equilibrium, "pilot_table", refuse)


def test_a_mix_found_once_is_read_not_played_again(store, monkeypatch):
    found = equilibrium.mix_for(SPEC)
    equilibrium._mix.cache_clear()  # as in another worker
    _no_pilot(monkeypatch)
    assert equilibrium.mix_for(SPEC) == found


def test_another_process_reads_the_mix(store):
    found = equilibrium.mix_for(SPEC)
    program = f"""
import json, sys
from pathlib import Path
from simulator import equilibrium, mix_store
from simulator.engagement import Engagement, Legion
equilibrium.pilot_table = None  # reading the store must not need it
spec = Engagement("Plains", Legion(0, ("Troll",)), Legion(0, ("Ogre",))).spec
with mix_store.kept_in(Path({str(store)!r})):
    mix = equilibrium.mix_for(spec)
json.dump([mix.attacker, mix.defender, mix.wins], sys.stdout)
"""
    done = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, timeout=120, check=True
    )
    attacker, defender, wins = json.loads(done.stdout)
    assert [tuple(p) for p in attacker] == list(found.attacker)
    assert [tuple(p) for p in defender] == list(found.defender)
    assert wins == found.wins


def test_mixes_of_other_code_are_never_read(store, monkeypatch):
    mix_store.put(SPEC, equilibrium.mix_for(SPEC))
    assert mix_store.get(SPEC) is not None
    monkeypatch.setattr(mix_store, "fingerprint", lambda: "0123456789abcdef")
    assert mix_store.get(SPEC) is None


def test_a_new_store_removes_the_mixes_of_other_code(tmp_path):
    """The first store of new code drops the folders of older fingerprints (never read
    again), and leaves other folders beside it alone."""
    older = tmp_path / f"{mix_store.PREFIX}0123456789abcdef"
    (older / "cache").mkdir(parents=True)
    other = tmp_path / "another-folder"
    other.mkdir()
    equilibrium._mix.cache_clear()
    with mix_store.kept_in(tmp_path):
        mix_store.put(SPEC, equilibrium.mix_of_table(equilibrium.pilot_table(SPEC)))
        assert mix_store.folder().is_dir() and mix_store.get(SPEC) is not None
    mix_store.forget()
    equilibrium._mix.cache_clear()
    assert not older.exists() and other.is_dir()


def test_a_store_that_cannot_be_opened_is_a_miss(tmp_path, monkeypatch):
    blocked = tmp_path / "a file"
    blocked.write_text("not a folder")
    equilibrium._mix.cache_clear()
    with mix_store.kept_in(blocked):
        found = equilibrium.mix_for(SPEC)  # the pilot played, nothing kept
        assert mix_store.get(SPEC) is None
        mix_store.put(SPEC, found)  # and nothing raised
    mix_store.forget()
    equilibrium._mix.cache_clear()
    assert found.attacker and found.defender


def test_the_warm_up_loads_the_pilots_solver_though_its_mix_is_kept(store):
    """A worker's warm-up reads its own Engagement's mix from the store; it still loads the
    pilot's solver, or the first request for a new Engagement would pay a tenth of a second
    for it."""
    from simulator.odds import warm_up

    warm_up()  # its mix now kept in the store
    program = f"""
from pathlib import Path
from simulator import equilibrium, mix_store
from simulator.odds import warm_up
with mix_store.kept_in(Path({str(store)!r})):
    warm_up()
print(len(equilibrium._regret_matching.signatures))
"""
    done = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, timeout=300, check=True
    )
    assert int(done.stdout) >= 1


def test_a_store_kept_for_a_while_is_closed_after_it(tmp_path):
    """kept_in closes the store it opened, so that its folder may be deleted (a bench's
    temporary folders), and opens it again when asked again."""
    found = equilibrium.mix_of_table(equilibrium.pilot_table(SPEC))
    with mix_store.kept_in(tmp_path):
        mix_store.put(SPEC, found)
        where = mix_store.folder()
        assert where in mix_store._stores
    assert where not in mix_store._stores
    with mix_store.kept_in(tmp_path):
        assert mix_store.get(SPEC) == found
    assert where not in mix_store._stores
