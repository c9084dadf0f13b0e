"""Cold start (a fresh process compiling the kernel into an empty numba cache) versus a warm
restart (a fresh process loading the kernel from numba's cache): each answers one odds request."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIRST_REQUEST = """
import json, time
started = time.perf_counter()
from simulator.odds import warm_up
seconds = warm_up()
print(json.dumps({"first_request": seconds, "in_process": time.perf_counter() - started}))
"""


def fresh_process(cache_dir: str) -> dict[str, float]:
    """Wall time of a new interpreter answering its first odds request, with that cache."""
    env = dict(os.environ, NUMBA_CACHE_DIR=cache_dir)
    started = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-c", FIRST_REQUEST],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    found = json.loads(out.strip().splitlines()[-1])
    found["wall"] = time.perf_counter() - started
    return found


def cold_and_warm() -> tuple[dict[str, float], dict[str, float]]:
    with tempfile.TemporaryDirectory(prefix="titan-numba-cache-") as cache:
        cold = fresh_process(cache)
        warm = fresh_process(cache)
    return cold, warm
