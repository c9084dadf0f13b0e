"""The kernel is compiled once for all its callers.

numba compiles a function once for each set of argument types it is called with, and a
literal ``True`` or ``False`` is a type of its own: a flag passed so would compile its callee,
and all the callee calls, once for each value (the loop of the phases took 137 s more, the
first time a Battle was traced). Whether a Battle is recorded is asked of its trace instead
(``battle_state.records``).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from simulator.kernel_cache import HERE, KERNEL_MODULES


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
