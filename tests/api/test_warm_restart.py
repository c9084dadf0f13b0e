"""A restart's workers load a compiled kernel side by side; only a compile takes the lock alone."""

from __future__ import annotations

import time

from api.warmup import Kernel, Warmup
from simulator import kernel_cache
from tests.helpers.warmup import Gate


def _start_two(lock):
    gate = Gate()
    first, second = Warmup(gate), Warmup(gate)
    threads = [first.start(lock), second.start(lock)]
    time.sleep(0.3)
    gate.open.set()
    for thread in threads:
        thread.join(10)
    assert first.state is second.state is Kernel.READY
    return gate


def test_a_compile_marks_the_kernel_compiled_for_its_sources(tmp_path):
    lock = tmp_path / "lock"
    assert not kernel_cache.is_compiled(lock)
    _start_two(lock)
    assert kernel_cache.is_compiled(lock)
    (tmp_path / "lock.compiled").write_text("other sources")
    assert not kernel_cache.is_compiled(lock)  # changed sources: compiled again, alone


def test_workers_of_a_restart_load_side_by_side(tmp_path):
    lock = tmp_path / "lock"
    kernel_cache.mark_compiled(lock)
    gate = _start_two(lock)
    (_, first_end), (second_start, _) = sorted(gate.spans)
    assert second_start < first_end  # overlapping: neither waited for the other


def test_workers_after_an_install_compile_one_at_a_time(tmp_path):
    gate = _start_two(tmp_path / "lock")
    (_, first_end), (second_start, _) = sorted(gate.spans)
    assert first_end <= second_start


def test_the_kernel_uses_every_core_unless_set(monkeypatch):
    from api import create_app
    from simulator import threads

    try:
        monkeypatch.delenv("TITAN_KERNEL_THREADS", raising=False)
        threads.set_threads(5)
        create_app()
        assert threads.threads() == threads.cores()
        monkeypatch.setenv("TITAN_KERNEL_THREADS", "3")
        create_app()
        assert threads.threads() == 3
    finally:
        threads.set_threads(0)


def test_a_kernel_call_uses_the_threads_set(monkeypatch):
    import threading

    from simulator import battles, kernel
    from tests.helpers.exact_odds import locked_spec

    spec = locked_spec("10.5-trolls-in-round-7")
    played_on: set[int] = set()

    def recorded(entry):
        def call(*args):
            played_on.add(threading.get_ident())
            return entry(*args)

        return call

    for name in ("play_battles", "play_fixed"):  # the default's Battles play the second
        monkeypatch.setattr(kernel, name, recorded(getattr(kernel, name)))
    runs = {}
    try:
        for threads in (1, 3):
            played_on.clear()
            battles.set_kernel_threads(threads)
            runs[threads] = battles.play(spec, 600, 9)
            assert 1 <= len(played_on) <= threads
            # one thread plays a call on the caller's; more, on the kernel's own
            assert (threading.get_ident() in played_on) == (threads == 1)
    finally:
        battles.set_kernel_threads(0)
    assert (runs[1].outcome == runs[3].outcome).all()  # the same Battles on any number of threads


def test_the_warm_up_loads_the_pilots_kernel_though_its_own_mix_is_kept():
    """A restarted worker reads the warm-up's mix from disk (simulator.mix_store) and so plays
    no pilot in its warm-up; it loads the pilot's kernel all the same, so that the first
    request for a new engagement does not pay for that (simulator.odds.warm_up)."""
    import subprocess
    import sys

    check = (
        "from simulator import kernel, mix_store\n"
        "from simulator.odds import WARM_UP_REQUEST, OddsRequest, engagement_of, warm_up\n"
        "spec = engagement_of(OddsRequest.from_dict(WARM_UP_REQUEST)).spec\n"
        "kept = mix_store.get(spec) is not None\n"
        "warm_up()\n"
        "print(kept, len(kernel.play_alike.signatures))\n"
    )
    runs = [
        subprocess.run([sys.executable, "-c", check], capture_output=True, text=True, check=True)
        for _ in range(2)  # the first keeps the mix, if no run had
    ]
    assert runs[1].stdout.split() == ["True", "1"]


def test_each_kernel_is_marked_compiled_by_its_own_sources(tmp_path):
    """The Arena's and Tactical Titan's compiles are marked by their own modules' digest: a
    change to one kernel's sources compiles that one again, not another's."""
    lock = tmp_path / "lock"
    kernel_cache.mark_compiled(lock, kernel_cache.TACTICAL_MODULES)
    assert kernel_cache.is_compiled(lock, kernel_cache.TACTICAL_MODULES)
    assert not kernel_cache.is_compiled(lock, kernel_cache.KERNEL_MODULES)
    assert not kernel_cache.is_compiled(lock, kernel_cache.ARENA_MODULES)
    kinds = [Warmup(sources=s) for s in kernel_cache.KERNELS.values()]
    assert [w.sources.lock().name for w in kinds] == [
        "titan-kernel.lock", "titan-arena-kernel.lock", "titan-tactical-kernel.lock",
    ]  # fmt: skip
