"""``python -m bench.soak`` (``make soak``): minutes of hostile but legitimate clients.

Starts this project's gunicorn (gunicorn.conf.py, its defaults) on a free loopback port, and
Debian's nginx with deploy/nginx/titan-odds.conf in front of it when nginx is installed
(``--direct`` to leave it out). For ``--minutes`` it then keeps up, all at once: simulations at
a steady concurrency, now and then the largest compare, 8 clients that connect and say nothing,
8 that trickle their headers and 8 their body, and health and validate timed every 0.25 s.
Every ``--every`` seconds it prints the latency percentiles of health, validate and the
simulations, their errors and refusals (503 busy, 429 rate-limited), and the resident memory of
gunicorn's processes; a summary at the end. Exits 1 when a request failed (anything but a 200,
a 503 with Retry-After, or a 429 through nginx) or health's p99 went over a second.
Only the loopback address is ever contacted.
"""

from __future__ import annotations

import argparse
import signal
import sys
import tempfile
import threading
import time
from pathlib import Path

from bench.probes import (
    LARGEST_COMPARE,
    NGINX,
    Gunicorn,
    Hold,
    Nginx,
    Poll,
    Series,
    call,
    percentiles,
    rss_kib,
)

SIMULATION = {
    "terrain": "Brush",
    "attacker": {"score": 0, "characters": ["Titan", "Angel", "Ogre", "Troll", "Centaur"]},
    "defender": {"score": 0, "characters": ["Cyclops", "Gorgon", "Lion", "Lion", "Ranger"]},
    "trials": 20_000,
}


class Simulations:
    """``concurrency`` clients asking for odds back to back, and one the largest compare every
    ``compare_every`` seconds."""

    def __init__(self, port: int, concurrency: int, compare_every: float):
        self.port, self.concurrency, self.compare_every = port, concurrency, compare_every
        self.stopping = threading.Event()
        self.series = Series()
        self.refused = 0  # 503 with Retry-After, 429
        self.lock = threading.Lock()
        self.threads = [
            threading.Thread(target=self._odds, daemon=True) for _ in range(concurrency)
        ]
        self.threads.append(threading.Thread(target=self._compare, daemon=True))

    def _record(self, path: str, body: dict) -> None:
        began = time.perf_counter()
        try:
            answer = call(self.port, path, body, timeout=120)
        except OSError as e:
            with self.lock:
                self.series.errors.append(repr(e))
            return
        with self.lock:
            if answer.status == 200:
                self.series.latencies.append(time.perf_counter() - began)
            elif answer.status in (503, 429) and "retry-after" in answer.headers:
                self.refused += 1
            else:
                self.series.errors.append(f"{answer.status} {answer.body[:200]!r}")

    def _odds(self) -> None:
        while not self.stopping.is_set():
            self._record("/api/v1/odds", SIMULATION)

    def _compare(self) -> None:
        while not self.stopping.wait(self.compare_every):
            self._record("/api/v1/compare", LARGEST_COMPARE)

    def __enter__(self) -> Simulations:
        for t in self.threads:
            t.start()
        return self

    def __exit__(self, *_) -> None:
        self.stopping.set()
        for t in self.threads:
            t.join(130)


def _line(name: str, series: Series, start: int) -> str:
    values = series.latencies[start:]
    p50, p95, p99 = percentiles(values)
    worst = max(values, default=float("nan"))
    return (
        f"{name:>9} {len(values):>6} {1000 * p50:>7.0f} {1000 * p95:>7.0f} {1000 * p99:>7.0f}"
        f" {1000 * worst:>7.0f}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.soak", description=__doc__)
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--every", type=float, default=30.0, help="seconds between reports")
    parser.add_argument("--concurrency", type=int, default=4, help="odds clients at once")
    parser.add_argument("--compare-every", type=float, default=20.0, help="seconds")
    parser.add_argument("--slow-clients", type=int, default=8, help="of each kind")
    parser.add_argument("--direct", action="store_true", help="no nginx in front")
    args = parser.parse_args(argv)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))

    with tempfile.TemporaryDirectory() as folder, Gunicorn(Path(folder) / "gunicorn.log") as g:
        g.wait_ready(limit=600)
        proxy = None
        port = g.port
        if not args.direct and NGINX.exists():
            proxy = Nginx(Path(folder) / "nginx", upstream_port=g.port)
            port = proxy.port
        print(
            f"gunicorn on 127.0.0.1:{g.port}"
            + (f", nginx in front on 127.0.0.1:{proxy.port}" if proxy else " (direct)")
            + f"; {args.minutes:g} min, {args.concurrency} odds clients, the largest compare"
            f" every {args.compare_every:g} s, {args.slow_clients} idle and 2 x"
            f" {args.slow_clients} trickling clients",
            flush=True,
        )
        print(
            f"{'t (s)':>6} {'':>9} {'answers':>6} {'p50 ms':>7} {'p95 ms':>7} {'p99 ms':>7}"
            f" {'max ms':>7}  errors refused  RSS MiB",
            flush=True,
        )
        began = time.monotonic()
        try:
            with (
                Poll(port, interval=0.25, timeout=30) as poll,
                Simulations(port, args.concurrency, args.compare_every) as sims,
                Hold(port, args.slow_clients, "idle", interval=1.0),
                Hold(port, args.slow_clients, "headers", interval=1.0),
                Hold(port, args.slow_clients, "body", interval=1.0),
            ):
                marks = {"health": 0, "validate": 0, "sims": 0}
                while time.monotonic() - began < args.minutes * 60:
                    time.sleep(min(args.every, args.minutes * 60 - (time.monotonic() - began)))
                    elapsed = time.monotonic() - began
                    memory = rss_kib([g.process.pid, *g.workers()]) / 1024
                    groups = {**poll.series, "sims": sims.series}
                    errors = sum(len(s.errors) for s in groups.values())
                    for name, series in groups.items():
                        print(
                            f"{elapsed:>6.0f} {_line(name, series, marks[name])}"
                            + (
                                f"  {errors:>6} {sims.refused:>7} {memory:>8.0f}"
                                if name == "sims"
                                else ""
                            ),
                            flush=True,
                        )
                        marks[name] = len(series.latencies)
        finally:
            if proxy is not None:
                proxy.stop()
        print("whole run:")
        for name, series in {**poll.series, "sims": sims.series}.items():
            print(f"{'':>6} {_line(name, series, 0)}  errors {len(series.errors)}")
            for error in series.errors[:5]:
                print(f"{'':>8}{error}")
        health_p99 = percentiles(poll.series["health"].latencies)[2]
        failed = any(s.errors for s in (*poll.series.values(), sims.series))
        return 1 if failed or health_p99 > 1.0 else 0


if __name__ == "__main__":
    sys.exit(main())
