"""Shared fixtures: the app and its client; the kernels compiled before pytest-xdist's workers
start; the longest tests first."""

from __future__ import annotations

import subprocess
import sys
import time

import pytest

from api import create_app


@pytest.fixture
def app():
    return create_app({"TESTING": True})


@pytest.fixture
def client(app):
    return app.test_client()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Tests marked ``first`` (a kernel compiled from nothing, minutes long) run first: on
    pytest-xdist's workers they then run beside the others, not after them."""
    items.sort(key=lambda item: item.get_closest_marker("first") is None)  # stable otherwise


PREPARE = "from simulator.kernel_cache import KERNELS; KERNELS[{name!r}].prepare()"
# What a service prepares after a kernel (the battle kernel's search code: kernel_cache.SEARCH),
# compiled with it here: else every worker whose first test searches compiles it at once.
ALSO = {"battle": "from simulator.kernel_cache import SEARCH; SEARCH.prepare()"}


def pytest_configure(config: pytest.Config) -> None:
    """With pytest-xdist, compile each kernel whose sources are not compiled yet (a clean
    checkout, a change to a kernel) before the workers start, the kernels side by side, each
    in a process of its own as a service's worker does (``simulator.kernel_cache``): otherwise
    every worker whose test first plays a Battle compiles the same kernel at once."""
    if hasattr(config, "workerinput") or not config.getoption("numprocesses", None):
        return
    from simulator.kernel_cache import KERNELS

    missing = [name for name, kernel in KERNELS.items() if not kernel.compiled()]
    if not missing:
        return
    print(f"compiling the {', '.join(missing)} kernels first (minutes)...", file=sys.stderr)
    started = time.monotonic()
    compiles = [
        subprocess.Popen(
            [sys.executable, "-c", "; ".join([PREPARE.format(name=name), ALSO.get(name, "")])],
            stdout=subprocess.DEVNULL,
        )
        for name in missing
    ]
    if any(c.wait() for c in compiles):  # the tests that need a kernel then say what failed
        print("a kernel failed to compile", file=sys.stderr)
    print(f"compiled in {time.monotonic() - started:.0f} s", file=sys.stderr)
