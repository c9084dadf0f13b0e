"""The battle kernel prepared in the background: the service answers while it compiles.

Unit tests drive ``api.warmup.Warmup`` with a stand-in preparation; the slow test starts
gunicorn (gunicorn.conf.py) with an empty numba cache, as on a fresh install; then with a
cache that lacks one kernel, which a worker compiles while the service serves; then again
with the cache that compile filled, as on a restart.
"""

from __future__ import annotations

import os
import shutil
import threading
import time
from pathlib import Path

import pytest

from api import create_app, warmup
from api.routes.arena import ODDS_EXAMPLE as ARENA_ODDS
from api.warmup import Kernel, Warmup
from bench.probes import Answer, Gunicorn, call
from simulator import kernel_cache
from tests.helpers.bodies import ODDS
from tests.helpers.warmup import Gate


def test_a_process_that_never_warms_up_loads_the_kernel_on_demand():
    kernel = Warmup(Gate())
    assert kernel.state is Kernel.ON_DEMAND
    assert kernel.wait(0) is True
    assert kernel.describe() == {"kernel": "on_demand"}


def test_warming_then_ready(tmp_path):
    gate = Gate()
    kernel = Warmup(gate)
    thread = kernel.start(tmp_path / "lock")
    assert kernel.state is Kernel.WARMING
    assert kernel.wait(0.05) is False
    assert kernel.describe()["kernel"] == "warming"
    assert kernel.describe()["kernel_warming_seconds"] >= 0
    gate.open.set()
    assert kernel.wait(5) is True
    thread.join(5)
    assert kernel.state is Kernel.READY and kernel.describe() == {"kernel": "ready"}
    assert len(gate.spans) == 1


def test_a_failed_warm_up_lets_requests_load_the_kernel_themselves(tmp_path):
    gate = Gate(fail=True)
    gate.open.set()
    kernel = Warmup(gate)
    kernel.start(tmp_path / "lock").join(5)
    assert kernel.state is Kernel.FAILED
    assert kernel.wait(0) is True  # the request then calls the kernel, which reports its error


@pytest.mark.parametrize("fail", [False, True])
def test_a_warm_ups_end_is_logged_as_the_log_is_read_back(tmp_path, caplog, fail):
    """The line a worker logs when a warm-up ends is the line the bench and the tests wait
    for (``warm_ups_done``): the kernel's name, how it ended, its time and this pid."""
    gate = Gate(fail=fail)
    gate.open.set()
    kernel = Warmup(gate, name="Arena kernel")
    with caplog.at_level("INFO", logger="api.warmup"):
        kernel.start(tmp_path / "lock").join(5)
    (done,) = warmup.warm_ups_done(caplog.text, "Arena kernel")
    assert (done.state, done.pid) == (kernel.state, os.getpid())
    assert done.seconds >= done.waited >= 0
    assert warmup.warm_ups_done(caplog.text, "battle kernel") == []


def test_one_preparation_at_a_time_over_one_lock(tmp_path):
    """Two workers (here two threads, each with its own open lock file, as flock sees two
    processes) never prepare at once: the second starts when the first is done."""
    gate = Gate()
    first, second = Warmup(gate), Warmup(gate)
    threads = [first.start(tmp_path / "lock"), second.start(tmp_path / "lock")]
    time.sleep(0.3)
    assert len(gate.spans) == 0 and {first.state, second.state} == {Kernel.WARMING}
    gate.open.set()
    for thread in threads:
        thread.join(10)
    (_, first_end), (second_start, _) = sorted(gate.spans)
    assert first_end <= second_start  # never overlapping
    assert max(first.waited, second.waited) >= 0.25  # one of them waited for the lock


def test_the_lock_lies_beside_numbas_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "cache"))
    assert kernel_cache.lock_path() == tmp_path / "cache" / kernel_cache.LOCK_NAME
    assert (tmp_path / "cache").is_dir()


@pytest.fixture
def warming(monkeypatch, tmp_path):
    """The app's process with a kernel that is still being prepared."""
    gate = Gate()
    kernel = Warmup(gate)
    monkeypatch.setattr(warmup, "KERNEL", kernel)
    kernel.start(tmp_path / "lock")
    yield kernel
    gate.open.set()


@pytest.mark.parametrize("path", ["/api/v1/odds", "/api/v1/compare"])
def test_kernel_requests_answer_503_with_retry_after_while_warming(warming, path):
    app = create_app({"TESTING": True, "KERNEL_WAIT_SECONDS": 0.1})
    body = (
        ODDS
        if path.endswith("odds")
        else {"terrain": "Plains", "legion": ODDS["attacker"], "opponent": ODDS["defender"]}
    )
    began = time.monotonic()
    response = app.test_client().post(path, json=body)
    assert time.monotonic() - began >= 0.1  # it waited for the kernel first
    assert response.status_code == 503
    assert int(response.headers["Retry-After"]) == warmup.RETRY_AFTER_SECONDS
    error = response.get_json()["error"]
    assert error["code"] == "kernel_warming" and error["details"] == []


def test_malformed_requests_are_still_400_while_warming(warming):
    client = create_app({"TESTING": True, "KERNEL_WAIT_SECONDS": 0.1}).test_client()
    assert client.post("/api/v1/odds", json={"trials": "many"}).status_code == 400


def test_everything_else_answers_at_once_while_warming(warming):
    client = create_app({"TESTING": True}).test_client()
    health = client.get("/api/v1/health")
    assert health.status_code == 200
    assert health.get_json()["status"] == "ok" and health.get_json()["kernel"] == "warming"
    for path in ("/api/v1/characters", "/api/v1/masterboard", "/api/v1/openapi.json", "/"):
        assert client.get(path).status_code == 200, path


@pytest.fixture
def searching(monkeypatch, tmp_path):
    """The app's process with the battle kernel ready and its search code still being
    prepared."""
    gate = Gate()
    kernel = Warmup(gate, warmup.SEARCH.name, warmup.SEARCH.takes, kernel_cache.SEARCH)
    monkeypatch.setattr(warmup, "SEARCH", kernel)
    kernel.start(tmp_path / "lock")
    yield kernel, gate
    gate.open.set()


def test_only_the_requests_that_search_wait_for_the_search_code(searching):
    kernel, gate = searching
    client = create_app({"TESTING": True, "KERNEL_WAIT_SECONDS": 0.1}).test_client()
    assert client.post("/api/v1/odds", json=ODDS).status_code == 200
    lookahead = {**ODDS, "trials": 20, "tactics": {"defender": "LookAhead"}}
    for path, body in (("/api/v1/odds", lookahead), ("/api/v1/odds/trace", ODDS)):
        response = client.post(path, json=body)
        assert response.status_code == 503, path
        assert response.get_json()["error"]["code"] == "kernel_warming"
        assert "search" in response.get_json()["error"]["message"]
    batch = {"engagements": [ODDS, lookahead]}
    assert client.post("/api/v1/odds/batch", json=batch).status_code == 503
    gate.open.set()  # ready: the same requests answered
    assert kernel.wait(5)
    assert client.post("/api/v1/odds", json=lookahead).status_code == 200


def test_an_odds_request_waits_for_a_kernel_that_gets_ready(monkeypatch, tmp_path):
    """A warm restart: the kernel loads in a second or two, and the request waits for it."""
    gate = Gate()
    kernel = Warmup(gate)
    monkeypatch.setattr(warmup, "KERNEL", kernel)
    kernel.start(tmp_path / "lock")
    threading.Timer(0.3, gate.open.set).start()
    client = create_app({"TESTING": True, "KERNEL_WAIT_SECONDS": 10.0}).test_client()
    response = client.post("/api/v1/odds", json=ODDS)
    assert response.status_code == 200, response.get_json()
    assert kernel.state is Kernel.READY


# --- gunicorn on a fresh install and on a restart -----------------------------------------

# A kernel's compile takes a minute or two on a quiet machine; leave room for a busy one.
COMPILE_LIMIT = 600.0


def serve(cache: Path, log: Path, **settings: str) -> Gunicorn:
    """The service under gunicorn, two workers, with ``cache`` as numba's cache."""
    return Gunicorn(log, WEB_CONCURRENCY="2", NUMBA_CACHE_DIR=str(cache), **settings)


def first_answer(server: Gunicorn, path: str, limit: float) -> Answer:
    """The first answer to ``path`` once the server listens, within ``limit`` seconds of its
    start."""
    while time.monotonic() - server.started < limit:
        assert server.process.poll() is None, server.log_text(3000)
        try:
            return call(server.port, path)
        except OSError:
            time.sleep(0.1)
    raise AssertionError(f"no answer within {limit} s:\n{server.log_text(3000)}")


def ready(server: Gunicorn, kernel: str) -> list[warmup.Done]:
    """Each worker's warm-up of ``kernel`` logged done and ready."""
    done = warmup.warm_ups_done(server.log.read_text(errors="replace"), kernel)
    return [d for d in done if d.state == Kernel.READY]


def a_cache_without_the_arena_kernel(target: Path) -> Path:
    """A numba cache holding every compiled kernel of this checkout but the Arena's, and the
    Battlelands' table files: the battle kernel loads from it at once and the Arena's compiles
    from nothing, as every kernel does after an install (the same warm-up, lock and 503 for
    each kernel; the Arena's takes half a minute where the battle kernel's takes two), and no
    worker spends half a minute of a core building the tables beside it."""
    from simulator import numba_cache, table_store
    from simulator.odds import warm_up, warm_up_search

    warm_up()  # this checkout's cache holds the battle kernel
    warm_up_search()  # and its search code
    source = numba_cache.folder()
    copied = numba_cache._copy_warm(source, target, in_tree=numba_cache.VARIABLE not in os.environ)
    assert copied > 10, source
    table_store.build_missing(wait=True)
    shutil.copytree(table_store.folder(), target / table_store.folder().name)
    arena = f"kernel-{kernel_cache.sources_digest(kernel_cache.ARENA_MODULES)[:16]}"
    for folder in target.rglob(arena):
        shutil.rmtree(folder)
    return target


@pytest.mark.slow
@pytest.mark.first
def test_gunicorn_answers_at_once_on_a_fresh_install_and_compiles_once(tmp_path):
    # A fresh install: nothing compiled. The service answers at once; the battle kernel's
    # requests are refused with a time to come back while it compiles.
    server = serve(tmp_path / "empty", tmp_path / "fresh.log")
    try:
        health = first_answer(server, "/api/v1/health", limit=30)
        assert health.status == 200 and health.json()["kernel"] == "warming", health.body
        assert time.monotonic() - server.started < 30  # not after a compile
        odds = call(server.port, "/api/v1/odds", ODDS)
        assert odds.status == 503 and odds.json()["error"]["code"] == "kernel_warming", odds.body
        assert int(odds.headers["retry-after"]) > 0
        assert call(server.port, "/api/v1/characters").status == 200
    finally:
        server.stop()

    # A kernel compiled from nothing while the service serves: refused until it is ready,
    # then answered; one worker compiles it, the other waits and loads what it wrote.
    cache = a_cache_without_the_arena_kernel(tmp_path / "numba-cache")
    server = serve(cache, tmp_path / "compile.log")
    try:
        first_answer(server, "/api/v1/health", limit=30)
        # the battle kernel loaded at once by both workers: seconds, where a compile takes two
        # minutes (a busy machine may keep a worker past the request's own 5 s wait)
        while len(ready(server, warmup.KERNEL.name)) < 2 and time.monotonic() - server.started < 30:
            time.sleep(0.2)
        odds = call(server.port, "/api/v1/odds", ODDS, timeout=60)
        assert odds.status == 200, odds.body
        arena = {**ARENA_ODDS, "games": 200}
        answer = call(server.port, "/api/v1/arena/odds", arena)
        assert answer.status == 503, answer.body
        assert answer.json()["error"]["code"] == "kernel_warming", answer.body
        deadline = time.monotonic() + COMPILE_LIMIT
        while time.monotonic() < deadline:
            answer = call(server.port, "/api/v1/arena/odds", arena, timeout=120)
            if answer.status != 503:
                break
            time.sleep(int(answer.headers["retry-after"]))
        assert answer.status == 200, answer.body
        while len(ready(server, warmup.ARENA.name)) < 2 and time.monotonic() < deadline:
            time.sleep(0.5)
    finally:
        server.stop()
    compile_, load = sorted(
        (d.seconds - d.waited for d in ready(server, warmup.ARENA.name)), reverse=True
    )
    assert load < compile_ / 3, server.log_text(3000)  # compiled once, then loaded

    # A restart with that cache: the first requests are answered, not refused (they wait the
    # second or two a worker takes to load the kernels; longer on a busy machine).
    server = serve(cache, tmp_path / "warm.log", TITAN_KERNEL_WAIT_SECONDS="20")
    try:
        first_answer(server, "/api/v1/health", limit=30)
        odds = call(server.port, "/api/v1/odds", ODDS, timeout=60)
        assert odds.status == 200, odds.body
        answer = call(server.port, "/api/v1/arena/odds", arena, timeout=60)
        assert answer.status == 200, answer.body
        assert time.monotonic() - server.started < 30
    finally:
        server.stop()
