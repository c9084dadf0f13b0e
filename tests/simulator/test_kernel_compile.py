"""The kernel is compiled once for all its callers.

numba compiles a function once for each set of argument types it is called with, and a
literal ``True`` or ``False`` is a type of its own: a flag passed so would compile its callee,
and all the callee calls, once for each value (the loop of the phases took 137 s more, the
first time a Battle was traced). Whether a Battle is recorded is asked of its trace instead
(``battle_state.records``).
"""

from __future__ import annotations

import ast
import importlib
import sys
from pathlib import Path
from types import ModuleType
from typing import Any, NamedTuple

import numpy as np
import pytest
from numba import njit, types
from numba.core import ir
from numba.core.dispatcher import Dispatcher

from simulator import kernel_cache
from simulator.kernel_cache import HERE, KERNEL_MODULES
from simulator.numba_aliases import ReadingTuplesInPlace


def _literal_flags(path: Path) -> list[str]:
    """The calls within the functions of ``path`` that pass a literal True or False."""
    found = []
    for function in ast.walk(ast.parse(path.read_text())):
        if not isinstance(function, ast.FunctionDef):
            continue
        body = ast.Module(body=function.body, type_ignores=[])  # its decorators left out
        for node in ast.walk(body):
            if isinstance(node, ast.Call):
                arguments = list(node.args) + [k.value for k in node.keywords]
                if any(
                    isinstance(a, ast.Constant) and isinstance(a.value, bool) for a in arguments
                ):
                    found.append(f"{path.name}:{node.lineno} {ast.unparse(node)[:60]}")
    return found


@pytest.mark.parametrize("module", KERNEL_MODULES)
def test_no_kernel_call_passes_a_literal_true_or_false(module):
    assert _literal_flags(HERE / f"{module}.py") == []


def test_the_check_finds_a_literal_flag(tmp_path):
    source = tmp_path / "sample.py"
    source.write_text("def f(st, trace):\n    return play_to(st, trace, False)\n")
    assert _literal_flags(source) == ["sample.py:2 play_to(st, trace, False)"]


def test_each_kernel_is_cached_in_a_folder_of_its_sources():
    """numba keys a cached function on its own file only; each kernel's functions are kept in
    a folder named by the digest of all that kernel's modules, so a change to a module they
    call compiles them afresh (simulator.kernel_cache)."""
    from pathlib import Path

    from simulator import equilibrium, kernel, kernel_cache, policy
    from simulator.arena import kernel as arena_kernel

    battle = f"kernel-{kernel_cache.sources_digest()[:16]}"
    arena = f"kernel-{kernel_cache.sources_digest(kernel_cache.ARENA_MODULES)[:16]}"
    assert battle != arena
    for function in (kernel.play_battles, policy.choose_strike):
        assert Path(function._cache._impl.locator.get_cache_path()).name == battle
    assert Path(arena_kernel.play_games._cache._impl.locator.get_cache_path()).name == arena
    # a function outside the kernels keeps numba's own place
    outside = equilibrium._regret_matching._cache._impl.locator
    assert not getattr(outside, "by_sources", False)
    assert not Path(outside.get_cache_path()).name.startswith("kernel-")


def _compiled_modules(entry: str) -> set[str]:
    """The modules of ``simulator`` imported, directly or not, by the kernel module ``entry``
    that define numba functions, named as the kernels' lists name them."""
    seen, todo = set(), [entry]
    while todo:
        module = importlib.import_module(todo.pop())
        seen.add(module.__name__)
        for value in vars(module).values():
            name = (
                value.__name__
                if isinstance(value, ModuleType)
                else getattr(value, "__module__", "")
            )
            if isinstance(name, str) and name.startswith("simulator") and name not in seen:
                todo.append(name)
    return {
        name.removeprefix("simulator.").replace(".", "/")
        for name in seen
        if any(
            isinstance(v, Dispatcher) and v.py_func.__module__ == name
            for v in vars(sys.modules[name]).values()
        )
    }


@pytest.mark.parametrize(
    "entry, modules",
    [
        ("simulator.kernel", kernel_cache.KERNEL_MODULES),
        ("simulator.arena.kernel", kernel_cache.ARENA_MODULES),
        ("simulator.tactical.kernel", kernel_cache.TACTICAL_MODULES),
    ],
)
def test_each_kernels_digest_covers_every_module_it_compiles(entry, modules):
    """A module left out of a kernel's list would not change its digest: the kernel would go on
    running what numba compiled (and inlined) of that module before it changed."""
    assert _compiled_modules(entry) == set(modules)


class _Pair(NamedTuple):
    kept: np.ndarray
    added: np.ndarray


def _summing(**options: Any) -> Any:
    """A function whose inlined helper is handed a tuple of arrays twice a loop, compiled with
    ``options``."""

    @njit(inline="always", _nrt=False, **options)
    def add(pair, i):
        pair.kept[i] += pair.added[i]

    @njit(_nrt=False, **options)
    def total(pair, n):
        for k in range(n):
            add(pair, k % 3)
            add(pair, (k + 1) % 3)
        return pair.kept.sum()

    return total


def _tuple_copies(dispatcher: Any) -> int:
    """Assignments of one tuple variable to another left in the compiled function's IR."""
    (compiled,) = dispatcher.overloads.values()
    annotation = compiled.type_annotation
    return sum(
        isinstance(stmt, ir.Assign)
        and isinstance(stmt.value, ir.Var)
        and isinstance(annotation.typemap[stmt.target.name], types.BaseTuple)
        for block in annotation.blocks.values()
        for stmt in block.body
    )


def test_an_inlined_helper_reads_the_callers_tuple_in_place():
    """``simulator.numba_aliases``: every copy of the tuple handed to an inlined call is gone,
    and the function computes what numba's own pipeline computes."""
    plain, in_place = _summing(), _summing(pipeline_class=ReadingTuplesInPlace)
    pairs = [_Pair(np.zeros(3, np.int64), np.arange(3)) for _ in range(2)]
    assert plain(pairs[0], 7) == in_place(pairs[1], 7) == 13  # 5 * 1 + 4 * 2
    assert pairs[0].kept.tolist() == pairs[1].kept.tolist() == [0, 5, 8]
    assert _tuple_copies(plain) >= 2  # one a call, at least
    assert _tuple_copies(in_place) == 0


def test_the_digest_changes_with_any_kernel_module(tmp_path, monkeypatch):
    from simulator import kernel_cache

    for name in kernel_cache.KERNEL_MODULES:
        (tmp_path / f"{name}.py").write_bytes((HERE / f"{name}.py").read_bytes())
    monkeypatch.setattr(kernel_cache, "HERE", tmp_path)
    before = kernel_cache.sources_digest()
    (tmp_path / "moves.py").write_text((tmp_path / "moves.py").read_text() + "\n# changed\n")
    assert kernel_cache.sources_digest() != before


def test_importing_the_simulator_deletes_nothing(tmp_path):
    """An import has no side effect on the cache: an entry of other sources stays on disk (numba
    compiles afresh beside it when it is asked for)."""
    import os
    import subprocess
    import sys

    from simulator import numba_cache

    folder = tmp_path / "cache" / numba_cache._subfolder(numba_cache.HERE)
    folder.mkdir(parents=True)
    stale = folder / "referee.play_to-361.py311.nbi"
    stale.write_bytes(b"of other sources")
    subprocess.run(
        [sys.executable, "-c", "import simulator.kernel"],
        cwd=HERE.parent,
        env={**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "cache")},
        check=True,
        timeout=120,
    )
    assert stale.read_bytes() == b"of other sources"
