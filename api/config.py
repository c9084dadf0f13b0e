"""Settings of the service: defaults, overridden by TITAN_* environment variables.

Every setting is documented in the README's Settings table with its default.
"""

from __future__ import annotations

import os
from typing import Any

DEFAULTS: dict[str, Any] = {
    # largest request body accepted, in bytes (Flask answers 413 beyond it)
    "MAX_CONTENT_LENGTH": 256 * 1024,
    # most battles one odds request may ask for
    "MAX_TRIALS": 200_000,
    # most engagements one batch request may ask about
    "MAX_BATCH": 64,
    # battles played when a request does not say
    "DEFAULT_TRIALS": 10_000,
    # threads of one battle-kernel call in a worker (0 = one per core)
    "KERNEL_THREADS": 0,
    # wall-clock seconds one request may spend simulating before it answers
    # with what it has (marked "truncated")
    "TIME_BUDGET_SECONDS": 20.0,
    # origins allowed to call the API from a browser, comma-separated
    # ("" = CORS off, "*" = any)
    "CORS_ORIGINS": "",
    # deepest nesting of arrays and objects accepted in a JSON body
    "MAX_JSON_DEPTH": 32,
    # seconds an odds or compare request waits for a battle kernel that a gunicorn worker is
    # still preparing (compiling after an install) before it is answered 503 with Retry-After
    "KERNEL_WAIT_SECONDS": 5.0,
}


class SettingError(ValueError):
    """A TITAN_* variable whose value does not fit the setting (the service refuses to start)."""


def _typed(name: str, raw: str, default: Any) -> Any:
    kind = type(default)
    try:
        value = kind(raw.strip())
    except ValueError:
        raise SettingError(f"TITAN_{name}={raw!r} is not a {kind.__name__}") from None
    if kind in (int, float) and value < 0:
        raise SettingError(f"TITAN_{name}={raw!r} may not be negative")
    return value


def from_environment(environ: dict[str, str] | None = None) -> dict[str, Any]:
    """The settings given as TITAN_<NAME> in the environment, typed as the defaults."""
    environ = os.environ if environ is None else environ
    found: dict[str, Any] = {}
    for name, default in DEFAULTS.items():
        raw = environ.get(f"TITAN_{name}")
        if raw is not None:
            found[name] = _typed(name, raw, default)
    return found
