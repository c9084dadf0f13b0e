"""Settings of the service: defaults, overridden by TITAN_* environment variables.

Every setting is documented in the README with its default.
"""

from __future__ import annotations

import os
from typing import Any

DEFAULTS: dict[str, Any] = {
    # largest request body accepted, in bytes
    "MAX_CONTENT_LENGTH": 256 * 1024,
    # most battles one odds request may ask for
    "MAX_TRIALS": 200_000,
    # battles played when a request does not say
    "DEFAULT_TRIALS": 10_000,
    # wall-clock seconds one request may spend simulating before it answers
    # with what it has (marked "truncated")
    "TIME_BUDGET_SECONDS": 20.0,
    # origins allowed to call the API from a browser ("" = CORS off, "*" = any)
    "CORS_ORIGINS": "",
}


def from_environment() -> dict[str, Any]:
    """The settings given as TITAN_<NAME> in the environment, typed as the defaults."""
    found: dict[str, Any] = {}
    for name, default in DEFAULTS.items():
        raw = os.environ.get(f"TITAN_{name}")
        if raw is not None:
            found[name] = type(default)(raw)
    return found
