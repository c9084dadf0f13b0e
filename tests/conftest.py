"""Shared fixtures: the app and its client; the kernels compiled and the tables built before
pytest-xdist's workers start; the longest tests first."""

from __future__ import annotations

import os
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
# The battle kernel and its search, compiled one after the other, take the longest (two minutes
# of a core); the others run at a lower priority beside them, on the other core, instead of
# taking turns with them on both.
LONGEST = "battle"


def pytest_configure(config: pytest.Config) -> None:
    """With pytest-xdist, compile each kernel whose sources are not compiled yet (a clean
    checkout, a change to a kernel) before the workers start, the kernels side by side, each
    in a process of its own as a service's worker does (``simulator.kernel_cache``): otherwise
    every worker whose test first plays a Battle compiles the same kernel at once. The
    Battlelands' table files (``simulator.table_store``) are built beside them when missing:
    until they exist every test asks the engine for its tables."""
    if hasattr(config, "workerinput") or not config.getoption("numprocesses", None):
        return
    from simulator import table_store
    from simulator.kernel_cache import KERNELS

    kernels = [name for name, kernel in KERNELS.items() if not kernel.compiled()]
    commands = [(k, ["-c", "; ".join([PREPARE.format(name=k), ALSO.get(k, "")])]) for k in kernels]
    what = [f"the {', '.join(kernels)} kernels"] if kernels else []
    if table_store.missing():
        commands.append(("tables", ["-m", "simulator.table_store", "--quiet", "--wait"]))
        what.append("the Battlelands' tables")
    if not commands:
        return
    print(f"preparing {' and '.join(what)} first (minutes)...", file=sys.stderr)
    started = time.monotonic()
    prepares = []
    for name, command in commands:
        prepares.append(subprocess.Popen([sys.executable, *command], stdout=subprocess.DEVNULL))
        if name != LONGEST:
            os.setpriority(os.PRIO_PROCESS, prepares[-1].pid, 10)
    if any(p.wait() for p in prepares):  # the tests that need one then say what failed
        print("a kernel or a table failed to build", file=sys.stderr)
    print(f"prepared in {time.monotonic() - started:.0f} s", file=sys.stderr)
