"""``python -m bench.load``: a load test of the service as gunicorn serves it.

Starts gunicorn (this project's gunicorn.conf.py) on a free port of 127.0.0.1, waits until
it answers, then sends the typical 7v7 odds request (bench.request.REQUEST) at concurrency
1, 4 and 16 and prints requests per second, p50 and p99 latency and the error count of
each. Every level is bounded in requests and in seconds; gunicorn is stopped at the end.
Only the loopback address is ever contacted.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import statistics
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from bench.probes import HOST, Gunicorn, call
from bench.request import REQUEST

LEVELS = (1, 4, 16)


@dataclass(frozen=True)
class Level:
    concurrency: int
    requests: int
    errors: int  # neither answered nor refused with 503
    truncated: int
    seconds: float
    latencies: tuple[float, ...]  # seconds, of the answered requests
    refused: int = 0  # 503 with Retry-After: the service busy (admission control)

    @property
    def per_second(self) -> float:
        """Requests answered (200) per second."""
        return len(self.latencies) / self.seconds if self.seconds else 0.0

    @classmethod
    def joined(cls, levels: list[Level]) -> Level:
        """Several rounds of one concurrency as one."""
        return cls(
            levels[0].concurrency,
            sum(x.requests for x in levels),
            sum(x.errors for x in levels),
            sum(x.truncated for x in levels),
            sum(x.seconds for x in levels),
            tuple(sorted(t for x in levels for t in x.latencies)),
            sum(x.refused for x in levels),
        )

    def percentile(self, q: float) -> float:
        if not self.latencies:
            return float("nan")
        if len(self.latencies) == 1:
            return self.latencies[0]
        return statistics.quantiles(self.latencies, n=100, method="inclusive")[round(q) - 1]


def start_gunicorn(log: Path, workers: int | None = None, threads: int | None = None) -> Gunicorn:
    """The service under gunicorn on a free loopback port: ``workers`` workers (None:
    gunicorn.conf.py's, one per core) of ``threads`` kernel threads (None: the service's)."""
    settings = {}
    if workers:
        settings["WEB_CONCURRENCY"] = str(workers)
    if threads is not None:
        settings["TITAN_KERNEL_THREADS"] = str(threads)
    return Gunicorn(log, **settings)


def post(port: int, body: bytes, timeout: float) -> tuple[int, dict | None]:
    """(status, its JSON or None) of one odds request."""
    answer = call(port, "/api/v1/odds", body, timeout=timeout)
    try:
        return answer.status, answer.json()
    except ValueError:
        return answer.status, None


def wait_until_ready(server: Gunicorn, limit: float) -> float:
    """Seconds from the start until the first odds request was answered (the kernel loaded in
    a worker)."""
    small = json.dumps({**REQUEST, "trials": 20}).encode()
    while time.monotonic() - server.started < limit:
        if server.process.poll() is not None:
            raise RuntimeError(f"gunicorn stopped:\n{server.log_text(3000)}")
        try:
            status, _ = post(server.port, small, timeout=limit)
            if status == 200:
                return time.monotonic() - server.started
        except OSError:
            pass
        time.sleep(0.02)
    raise RuntimeError(f"gunicorn did not answer within {limit:.0f} s")


def run_level(port: int, concurrency: int, requests: int, seconds: float) -> Level:
    """``requests`` requests by ``concurrency`` clients, none started after ``seconds``."""
    body = json.dumps(REQUEST).encode()
    lock = threading.Lock()
    latencies: list[float] = []
    counts = {"sent": 0, "errors": 0, "truncated": 0, "refused": 0}
    deadline = time.perf_counter() + seconds

    def client() -> None:
        while True:
            with lock:
                if counts["sent"] >= requests or time.perf_counter() >= deadline:
                    return
                counts["sent"] += 1
            began = time.perf_counter()
            try:
                status, answer = post(port, body, timeout=seconds + 60)
            except OSError:
                status, answer = 0, None
            took = time.perf_counter() - began
            with lock:
                if status == 200 and answer is not None:
                    latencies.append(took)
                    counts["truncated"] += bool(answer.get("truncated"))
                elif status == 503:
                    counts["refused"] += 1
                else:
                    counts["errors"] += 1

    started = time.perf_counter()
    threads = [threading.Thread(target=client) for _ in range(concurrency)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - started
    return Level(
        concurrency,
        counts["sent"],
        counts["errors"],
        counts["truncated"],
        elapsed,
        tuple(sorted(latencies)),
        counts["refused"],
    )


HEADER = (
    f"{'concurrency':>11}{'requests':>10}{'answered/s':>11}{'p50 ms':>10}{'p99 ms':>10}"
    f"{'503':>6}{'errors':>8}{'truncated':>11}"
)


def report(level: Level) -> str:
    """One row under HEADER: latencies of the answered requests; 503s apart from errors."""
    return (
        f"{level.concurrency:>11}{level.requests:>10}{level.per_second:>11.2f}"
        f"{1000 * level.percentile(50):>10.0f}{1000 * level.percentile(99):>10.0f}"
        f"{level.refused:>6}{level.errors:>8}{level.truncated:>11}"
    )


def restart_seconds(limit: float = 120.0) -> float:
    """A started gunicorn's first odds answer, numba's cache and the table files in place."""
    with tempfile.TemporaryDirectory() as folder, start_gunicorn(Path(folder) / "log") as server:
        return wait_until_ready(server, limit)


@dataclass(frozen=True)
class Setup:
    workers: int | None  # None: gunicorn.conf.py's (one per core)
    threads: int  # TITAN_KERNEL_THREADS

    def describe(self) -> str:
        workers = self.workers or os.cpu_count()
        return f"{workers} workers x {self.threads} threads"


def setups(cores: int | None = None) -> list[Setup]:
    """Kernel threads per worker = cores, = 1 and in between, a worker per core; and one
    worker with every core."""
    cores = cores or os.cpu_count() or 1
    threads = sorted({cores, 1, *range(2, cores, max(1, cores // 4))}, reverse=True)
    return [Setup(None, t) for t in threads] + [Setup(1, cores)]


def table(
    requests: int, seconds: float, trials: int, limit: float = 600.0, rounds: int = 2
) -> list[tuple[Setup, Level]]:
    """(setup, Level) of each setup at each concurrency, printed at the end.

    Every setup's gunicorn runs at once (an idle one costs nothing), each measured once every
    worker of every setup has warmed up (a worker still loading a kernel would slow the
    first); at each concurrency the setups take turns for ``rounds`` rounds of ``requests /
    rounds`` requests, so that a change in what else the machine runs weighs on every setup
    alike.
    """
    REQUEST["trials"] = trials
    servers: list[tuple[Setup, Gunicorn]] = []
    with contextlib.ExitStack() as stack:
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory()))
        for k, setup in enumerate(setups()):
            server = start_gunicorn(folder / f"{k}.log", setup.workers, setup.threads)
            servers.append((setup, stack.enter_context(server)))
        for setup, server in servers:
            server.wait_warm(setup.workers or os.cpu_count() or 1, limit)
        found = []
        for concurrency in LEVELS:
            each = max(requests, concurrency) // rounds
            done: dict[Setup, list[Level]] = {setup: [] for setup, _ in servers}
            for _ in range(rounds):
                for setup, server in servers:
                    done[setup].append(
                        run_level(
                            server.port, concurrency, max(each, concurrency), seconds / rounds
                        )
                    )
            found += [(setup, Level.joined(levels)) for setup, levels in done.items()]
    print(f"{'setup':<24}" + HEADER)
    for setup, level in sorted(found, key=lambda f: (f[1].concurrency, setups().index(f[0]))):
        print(f"{setup.describe():<24}" + report(level), flush=True)
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.load", description=__doc__)
    parser.add_argument("--requests", type=int, default=32, help="most requests per level")
    parser.add_argument("--seconds", type=float, default=30.0, help="most seconds per level")
    parser.add_argument("--trials", type=int, default=REQUEST["trials"], help="battles a request")
    parser.add_argument("--workers", type=int, default=None, help="gunicorn workers (its default)")
    parser.add_argument("--start-limit", type=float, default=600.0, help="seconds to wait for it")
    parser.add_argument(
        "--threads", type=int, default=None, help="TITAN_KERNEL_THREADS (the service's default)"
    )
    parser.add_argument(
        "--table",
        action="store_true",
        help="every setup of workers and kernel threads (bench.load.setups), one after another",
    )
    args = parser.parse_args(argv)
    if args.table:
        signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
        found = table(args.requests, args.seconds, args.trials, args.start_limit)
        return 1 if any(level.errors for _, level in found) else 0
    REQUEST["trials"] = args.trials

    # Stopped from outside (SIGTERM): still stop gunicorn, through the finally below.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    with (
        tempfile.TemporaryDirectory() as folder,
        start_gunicorn(Path(folder) / "log", args.workers, args.threads) as server,
    ):
        ready = wait_until_ready(server, args.start_limit)
        print(
            f"gunicorn on {HOST}:{server.port} answered its first odds request after {ready:.1f} s"
        )
        print(f"request: {args.trials} Battles, 7v7 on {REQUEST['terrain']}")
        print(HEADER)
        errors = 0
        for concurrency in LEVELS:
            level = run_level(
                server.port, concurrency, max(args.requests, concurrency), args.seconds
            )
            print(report(level), flush=True)
            errors += level.errors
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
