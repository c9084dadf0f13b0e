"""Hostile but legitimate clients of a local service, for the reliability tests and ``make soak``.

A gunicorn of this project (``Gunicorn``) started on a free port of 127.0.0.1 with its own
settings; clients that connect and say nothing, or trickle their headers or their body a byte
at a time (``Hold``); a poller that times cheap requests while something else goes on
(``Poll``); and raw requests for what no well-behaved client would send (``raw``). Only the
loopback address is ever contacted.
"""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path

HOST = "127.0.0.1"  # loopback only
ROOT = Path(__file__).resolve().parent.parent

# A position check: cheap, and read from a body like a simulation's.
VALIDATE = {
    "state": {
        "turn": 1,
        "mover": "Red",
        "phase": "move",
        "movement_roll": 3,
        "players": [
            {
                "color": "Red",
                "tower": 600,
                "markers_available": [
                    "Rd03",
                    "Rd04",
                    "Rd05",
                    "Rd06",
                    "Rd07",
                    "Rd08",
                    "Rd09",
                    "Rd10",
                    "Rd11",
                    "Rd12",
                ],
                "score": 0,
            },
            {
                "color": "Blue",
                "tower": 400,
                "markers_available": [
                    "Bu03",
                    "Bu04",
                    "Bu05",
                    "Bu06",
                    "Bu07",
                    "Bu08",
                    "Bu09",
                    "Bu10",
                    "Bu11",
                    "Bu12",
                ],
                "score": 0,
            },
        ],
        "legions": [
            {
                "marker": "Rd01",
                "player": "Red",
                "land": 600,
                "characters": ["Titan", "Centaur", "Gargoyle", "Ogre"],
            },
            {
                "marker": "Rd02",
                "player": "Red",
                "land": 600,
                "characters": ["Angel", "Centaur", "Gargoyle", "Ogre"],
            },
            {
                "marker": "Bu01",
                "player": "Blue",
                "land": 400,
                "characters": ["Titan", "Centaur", "Gargoyle", "Ogre"],
            },
            {
                "marker": "Bu02",
                "player": "Blue",
                "land": 400,
                "characters": ["Angel", "Centaur", "Gargoyle", "Ogre"],
            },
        ],
    }
}
# The largest simulation one request may ask for: 16 candidates of 7 and 200,000 Battles each.
LARGEST_COMPARE = {
    "terrain": "Plains",
    "legion": {"score": 0, "characters": ["Titan", "Angel", "Ogre", "Ogre", "Troll", "Troll"]},
    "opponent": {"score": 0, "characters": ["Hydra", "Colossus", "Giant", "Giant", "Dragon"]},
    "candidates": [
        ["Titan", "Angel", "Ogre", "Ogre", "Troll", "Troll", name]
        for name in (
            "Ogre",
            "Troll",
            "Ranger",
            "Lion",
            "Minotaur",
            "Gorgon",
            "Cyclops",
            "Behemoth",
            "Wyvern",
            "Griffon",
            "Centaur",
            "Gargoyle",
            "Warbear",
            "Unicorn",
            "Warlock",
            "Serpent",
        )
    ],
    "trials": 200_000,
    "seed": 1,
}


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes
    seconds: float

    def json(self):
        return json.loads(self.body)


def call(
    port: int,
    path: str,
    body: dict | bytes | None = None,
    *,
    method: str | None = None,
    headers: dict[str, str] | None = None,
    timeout: float = 30.0,
) -> Answer:
    """One request on its own connection; raises OSError when there is no answer."""
    data = body if isinstance(body, bytes | None) else json.dumps(body).encode()
    sent = {"Content-Type": "application/json"} if data is not None else {}
    sent.update(headers or {})
    began = time.perf_counter()
    connection = http.client.HTTPConnection(HOST, port, timeout=timeout)
    try:
        connection.request(method or ("GET" if data is None else "POST"), path, data, sent)
        response = connection.getresponse()
        payload = response.read()
        return Answer(
            response.status,
            {k.lower(): v for k, v in response.getheaders()},
            payload,
            time.perf_counter() - began,
        )
    finally:
        connection.close()


def raw(port: int, data: bytes, timeout: float = 10.0) -> bytes:
    """Send ``data`` as is and read until the service closes (or ``timeout``)."""
    with socket.create_connection((HOST, port), timeout=timeout) as s:
        s.sendall(data)
        with suppress(OSError):
            s.shutdown(socket.SHUT_WR)
        received = b""
        with suppress(OSError):
            while chunk := s.recv(65536):
                received += chunk
        return received


def status_of(response: bytes) -> int:
    """The status code of a raw HTTP/1.x response (0 if there is none)."""
    try:
        return int(response.split(b" ", 2)[1])
    except (IndexError, ValueError):
        return 0


def json_of(response: bytes):
    """The JSON body of a raw HTTP/1.x response that is not chunked."""
    return json.loads(response.partition(b"\r\n\r\n")[2])


# --- clients that hold a connection --------------------------------------------------------

MODES = ("idle", "headers", "body")


class Hold:
    """``count`` connections held open, each saying nothing (``idle``), trickling a request's
    headers (``headers``) or the body after its Content-Length (``body``) a byte every
    ``interval`` seconds; a connection the service closes is opened again at once, so the
    pressure stays for as long as the hold lasts."""

    def __init__(self, port: int, count: int, mode: str = "idle", interval: float = 1.0):
        assert mode in MODES, mode
        self.port, self.count, self.mode, self.interval = port, count, mode, interval
        self.stopping = threading.Event()
        self.reconnects = 0
        self.threads = [threading.Thread(target=self._hold, daemon=True) for _ in range(count)]

    def _payload(self) -> tuple[bytes, bytes]:
        """(sent at once, then trickled)."""
        if self.mode == "idle":
            return b"", b""
        if self.mode == "headers":
            return b"G", b"ET /api/v1/health HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 4000
        head = (
            b"POST /api/v1/validate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: 100000\r\n\r\n"
        )
        return head, b" " * 100_000

    def _hold(self) -> None:
        first, rest = self._payload()
        while not self.stopping.is_set():
            try:
                with socket.create_connection((HOST, self.port), timeout=5) as s:
                    s.sendall(first)
                    for i in range(len(rest) or 10**9):
                        if self.stopping.wait(self.interval):
                            return
                        if rest:
                            s.sendall(rest[i : i + 1])
                        elif _closed(s):
                            break
            except OSError:
                pass
            self.reconnects += 1
            self.stopping.wait(0.05)

    def __enter__(self) -> Hold:
        for t in self.threads:
            t.start()
        return self

    def __exit__(self, *_) -> None:
        self.stopping.set()
        for t in self.threads:
            t.join(10)


def _closed(s: socket.socket) -> bool:
    """Whether the service has closed a connection we only listen on."""
    s.setblocking(False)
    try:
        return s.recv(1, socket.MSG_PEEK) == b""
    except BlockingIOError:
        return False
    except OSError:
        return True
    finally:
        s.setblocking(True)


# --- timing cheap requests while something else goes on ------------------------------------


@dataclass
class Series:
    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def percentile(self, q: float) -> float:
        if not self.latencies:
            return float("nan")
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]

    @property
    def worst(self) -> float:
        return max(self.latencies, default=float("nan"))

    def summary(self) -> str:
        return (
            f"{len(self.latencies)} answers, p50 {1000 * self.percentile(50):.0f} ms, "
            f"p99 {1000 * self.percentile(99):.0f} ms, worst {1000 * self.worst:.0f} ms, "
            f"{len(self.errors)} errors"
        )


class Poll:
    """GET health and POST validate every ``interval`` seconds in a thread each, each request
    on a new connection, timing them until stopped; a request without an answer within
    ``timeout`` counts as an error (and as ``timeout`` seconds)."""

    def __init__(self, port: int, interval: float = 0.25, timeout: float = 10.0):
        self.port, self.interval, self.timeout = port, interval, timeout
        self.stopping = threading.Event()
        self.series = {"health": Series(), "validate": Series()}
        self.threads = [
            threading.Thread(target=self._poll, args=(name,), daemon=True) for name in self.series
        ]

    def _poll(self, name: str) -> None:
        series = self.series[name]
        while not self.stopping.is_set():
            began = time.perf_counter()
            try:
                if name == "health":
                    answer = call(self.port, "/api/v1/health", timeout=self.timeout)
                else:
                    answer = call(self.port, "/api/v1/validate", VALIDATE, timeout=self.timeout)
                series.latencies.append(answer.seconds)
                if answer.status != 200:
                    series.errors.append(f"{answer.status} {answer.body[:200]!r}")
            except OSError as e:
                series.latencies.append(time.perf_counter() - began)
                series.errors.append(repr(e))
            self.stopping.wait(self.interval)

    def __enter__(self) -> Poll:
        for t in self.threads:
            t.start()
        return self

    def __exit__(self, *_) -> None:
        self.stopping.set()
        for t in self.threads:
            t.join(self.timeout + 5)


# --- a gunicorn of this project ------------------------------------------------------------


class Gunicorn:
    """gunicorn.conf.py's service on a free loopback port, with ``settings`` in its
    environment; its log (standard error) in ``log``."""

    def __init__(self, log: Path, port: int | None = None, **settings: str):
        self.port = port or free_port()
        self.log = log
        env = {**os.environ, "HOST": HOST, "PORT": str(self.port), **settings}
        gunicorn = Path(sys.executable).with_name("gunicorn")
        self.started = time.monotonic()
        self.process = subprocess.Popen(
            [str(gunicorn), "-c", "gunicorn.conf.py", "api:create_app()"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=log.open("wb"),
            start_new_session=True,
        )

    def log_text(self, tail: int = 4000) -> str:
        return self.log.read_text(errors="replace")[-tail:]

    def wait_ready(self, limit: float = 120.0, kernel: bool = True) -> float:
        """Seconds until health answers (with the kernel ready in the worker that answered,
        when ``kernel``)."""
        while time.monotonic() - self.started < limit:
            if self.process.poll() is not None:
                raise RuntimeError(f"gunicorn stopped:\n{self.log_text()}")
            with suppress(OSError, ValueError):
                answer = call(self.port, "/api/v1/health", timeout=5)
                if answer.status == 200 and (not kernel or answer.json()["kernel"] == "ready"):
                    return time.monotonic() - self.started
            time.sleep(0.2)
        raise RuntimeError(f"gunicorn did not get ready within {limit:.0f} s:\n{self.log_text()}")

    def wait_warm(self, workers: int, limit: float = 600.0) -> float:
        """Seconds until every one of ``workers`` workers has finished its last warm-up
        (Tactical Titan's kernel, after the battle and Arena kernels; ``api.warmup``): a
        worker still loading a kernel answers more slowly meanwhile, which a test of latency
        must not take for the clients' doing."""
        from api.warmup import TACTICAL, warm_ups_done

        self.wait_ready(limit)
        while time.monotonic() - self.started < limit:
            done = warm_ups_done(self.log.read_text(errors="replace"), TACTICAL.name)
            if len({d.pid for d in done}) >= workers:
                return time.monotonic() - self.started
            if self.process.poll() is not None:
                raise RuntimeError(f"gunicorn stopped:\n{self.log_text()}")
            time.sleep(0.2)
        raise RuntimeError(f"gunicorn's workers did not warm up within {limit:.0f} s")

    def workers(self) -> list[int]:
        """The pids of the worker processes."""
        out = subprocess.run(
            ["ps", "-o", "pid=", "--ppid", str(self.process.pid)],
            capture_output=True,
            text=True,
            check=False,
        ).stdout
        return [int(p) for p in out.split()]

    def stop(self) -> None:
        """Quick shutdown (SIGQUIT): no request of a test or a soak is left to finish."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGQUIT)
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()

    def __enter__(self) -> Gunicorn:
        return self

    def __exit__(self, *_) -> None:
        self.stop()


def rss_kib(pids: list[int]) -> int:
    """Resident memory of the processes, in KiB."""
    total = 0
    for pid in pids:
        with suppress(OSError):
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
    return total


def percentiles(values: list[float]) -> tuple[float, float, float]:
    """p50, p95, p99 of ``values``."""
    if len(values) < 2:
        v = values[0] if values else float("nan")
        return v, v, v
    q = statistics.quantiles(values, n=100, method="inclusive")
    return q[49], q[94], q[98]


# --- the production recipe: nginx in front --------------------------------------------------

NGINX = Path("/usr/sbin/nginx")
RECIPE = ROOT / "deploy" / "nginx" / "titan-odds.conf"


def recipe_for(port: int, upstream_port: int) -> str:
    """deploy/nginx/titan-odds.conf with its two "test:" lines on loopback ports."""
    text = RECIPE.read_text()
    swaps = {
        "    server 127.0.0.1:8000;": f"    server 127.0.0.1:{upstream_port};",
        "    listen 80;": f"    listen {HOST}:{port};",
    }
    for old, new in swaps.items():
        assert text.count(old) == 1, f"the recipe's line {old.strip()!r} is not there once"
        text = text.replace(old, new)
    return text


class Nginx:
    """Debian's nginx with the recipe, as this user, in ``folder``, on a free loopback port."""

    def __init__(self, folder: Path, upstream_port: int, port: int | None = None):
        self.port = port or free_port()
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "titan-odds.conf").write_text(recipe_for(self.port, upstream_port))
        user = ""
        if os.geteuid() == 0:  # nginx's workers would run as nobody, who cannot use this folder
            user = "user root;"
        (folder / "nginx.conf").write_text(
            f"""{user}
worker_processes 1;
daemon off;
pid {folder}/nginx.pid;
error_log {folder}/error.log warn;
events {{ worker_connections 1024; }}
http {{
    include /etc/nginx/mime.types;
    access_log {folder}/access.log;
    client_body_temp_path {folder}/body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;
    include {folder}/titan-odds.conf;
}}
"""
        )
        self.process = subprocess.Popen(
            [str(NGINX), "-p", str(folder), "-c", str(folder / "nginx.conf"), "-e", "stderr"],
            stdout=subprocess.DEVNULL,
            stderr=(folder / "stderr.log").open("wb"),
            start_new_session=True,
        )
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"nginx stopped:\n{self.log_text()}")
            with suppress(OSError), socket.create_connection((HOST, self.port), timeout=1):
                return
            time.sleep(0.05)
        raise RuntimeError(f"nginx did not listen within 10 s:\n{self.log_text()}")

    def log_text(self) -> str:
        return "\n".join(
            p.read_text(errors="replace")[-3000:]
            for p in (self.folder / "stderr.log", self.folder / "error.log")
            if p.exists()
        )

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)  # fast shutdown
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()

    def __enter__(self) -> Nginx:
        return self

    def __exit__(self, *_) -> None:
        self.stop()
