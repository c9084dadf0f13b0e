"""The game's facts, kept as TOML files beside this module, and their one loader."""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Any


@cache
def load(name: str) -> dict[str, Any]:
    """Parse ``engine/data/<name>.toml`` (cached; callers must not mutate it)."""
    with resources.files(__package__).joinpath(f"{name}.toml").open("rb") as f:
        return tomllib.load(f)
