"""The layers depend one way: ``engine`` (the rules) on nothing of ours, ``simulator`` (the
kernel) on ``engine``, and the two interfaces side by side, ``api`` (HTTP) and ``cli`` (the
command line), on both; ``api`` never on ``cli``. Every import counts, those inside functions
too, so a late import cannot hide a dependency."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.helpers.paths import ROOT

# the packages each layer must not import
FORBIDDEN = {
    "engine": ("simulator", "api", "cli"),
    "simulator": ("api", "cli"),
    "api": ("cli",),
}

# calls that import the module their first argument names
IMPORT_CALLS = {"import_module", "__import__"}


def imported(source: str, module: str) -> list[tuple[int, str]]:
    """(line, module) for each import anywhere in ``source``, the source of ``module``
    (dotted, e.g. ``simulator.arena.odds``): relative imports made absolute, and
    ``importlib.import_module`` or ``__import__`` of a literal name."""
    package = module.split(".")[:-1]
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            name = ".".join([*base, *([node.module] if node.module else [])])
            found.append((node.lineno, name))
        elif isinstance(node, ast.Call) and node.args:
            func = node.func
            called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
            name = getattr(node.args[0], "value", None)
            if called in IMPORT_CALLS and isinstance(name, str):
                found.append((node.lineno, name))
    return sorted(found)


def violations(layer: str, source: str, module: str) -> list[str]:
    """'line: name' for each import in ``source`` of a package ``layer`` must not import."""
    return [
        f"{line}: {name}"
        for line, name in imported(source, module)
        if name.split(".")[0] in FORBIDDEN[layer]
    ]


def modules(layer: str) -> list[tuple[str, Path]]:
    """(dotted name, path) of every module of a layer's package."""
    found = []
    for path in sorted((ROOT / layer).rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found.append((".".join(parts), path))
    return found


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_no_layer_imports_one_that_depends_on_it(layer):
    found = modules(layer)
    assert len(found) > 5, f"{layer}/ holds too few modules: is ROOT right?"
    wrong = [
        f"{path.relative_to(ROOT)}:{v}"
        for module, path in found
        for v in violations(layer, path.read_text(), module)
    ]
    assert wrong == [], f"{layer} must not import {', '.join(FORBIDDEN[layer])}"


SOURCE = """
import json
import apispec, clique
import api.client
from engine import names
from cli.main import main


def late():
    from simulator.odds import odds
    import importlib

    return importlib.import_module("api.config"), __import__("json")


class Late:
    def method(self):
        from . import cards
        from .. import errors
        from simulator import kernel
"""


def test_the_check_finds_every_import_of_a_forbidden_package():
    """Top-level, inside a function and a method, by name: each forbidden import is found,
    and neither a package of ours the layer may use nor one whose name only starts alike."""
    assert violations("engine", SOURCE, "engine.arena.state") == [
        "4: api.client",
        "6: cli.main",
        "10: simulator.odds",
        "13: api.config",
        "20: simulator",
    ]
    assert violations("simulator", SOURCE, "simulator.arena.odds") == [
        "4: api.client",
        "6: cli.main",
        "13: api.config",
    ]
    assert violations("api", SOURCE, "api.routes.arena") == ["6: cli.main"]


def test_relative_imports_are_made_absolute():
    found = dict(imported(SOURCE, "engine.arena.state"))
    assert found[18] == "engine.arena" and found[19] == "engine"
