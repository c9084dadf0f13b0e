"""Settings of the service: defaults, overridden by TITAN_* environment variables.

Every setting is documented in docs/service.md's Settings table with its default. The settings are
checked as a whole before the service starts (``check``, called by gunicorn.conf.py before any
worker is forked and by ``create_app``): each problem names its variable and the range it
accepts, and a service with any problem does not start.
"""

from __future__ import annotations

import math
import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from simulator import limits
from simulator.tactical import limits as tactical_limits

DEFAULTS: dict[str, Any] = {
    # largest request body accepted, in bytes (Flask answers 413 beyond it)
    "MAX_CONTENT_LENGTH": 256 * 1024,
    # most battles one odds request may ask for (and Arena games)
    "MAX_TRIALS": limits.MAX_TRIALS,
    # most engagements one batch request may ask about
    "MAX_BATCH": limits.MAX_BATCH,
    # battles played when a request does not say
    "DEFAULT_TRIALS": limits.DEFAULT_TRIALS,
    # Arena games played by odds (and shared by advice's plays) when a request does not say
    "ARENA_DEFAULT_GAMES": limits.ARENA_DEFAULT_GAMES,
    # threads of one battle-kernel call; 0: every core
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
    # simulations (odds, compare) one gunicorn worker runs at once; more wait for a turn
    "SIMULATIONS_PER_WORKER": 2,
    # seconds a simulation waits for its turn before it is answered 503 with Retry-After
    "SIMULATION_WAIT_SECONDS": 2.0,
    # seconds a client has to send a whole request (line, headers and body) once it has begun
    "READ_TIMEOUT_SECONDS": 10.0,
    # most hexes of a Tactical Titan map in one request
    "TACTICAL_MAX_HEXES": 2000,
    # most characters of a Tactical Titan state in one request
    "TACTICAL_MAX_CHARACTERS": 400,
    # most fights one Tactical Titan odds request may ask for
    "TACTICAL_MAX_FIGHTS": tactical_limits.MAX_FIGHTS,
    # Tactical Titan fights played when a request does not say
    "TACTICAL_DEFAULT_FIGHTS": tactical_limits.DEFAULT_FIGHTS,
    # most player turns one Tactical Titan fight may last
    "TACTICAL_MAX_TURNS": tactical_limits.MAX_TURNS,
}

# The longest wait any setting may ask for, in seconds: far below what the operating system's
# timers take (select and sleep overflow near 2**31 seconds on some systems).
LONGEST = 3600.0


@dataclass(frozen=True)
class Range:
    """The values a setting accepts: numbers from ``low`` to ``high`` (inclusive; ``low`` is
    excluded when ``above``); ``None`` for any text."""

    low: float | None = None
    high: float | None = None
    above: bool = False  # low itself excluded
    unit: str = ""

    def describe(self) -> str:
        unit = f" {self.unit}" if self.unit else ""
        if self.above:
            return f"a number above {self.low:g} and at most {self.high:g}{unit}"
        return f"from {self.low:g} to {self.high:g}{unit}"

    def holds(self, value: float) -> bool:
        assert self.low is not None and self.high is not None
        if not math.isfinite(value) or value > self.high:
            return False
        return value > self.low if self.above else value >= self.low


RANGES: dict[str, Range] = {
    "MAX_CONTENT_LENGTH": Range(64, 64 * 1024 * 1024, unit="bytes"),
    "MAX_TRIALS": Range(1, 100_000_000, unit="Battles"),
    "MAX_BATCH": Range(1, 10_000, unit="engagements"),
    "ARENA_DEFAULT_GAMES": Range(1, 100_000_000, unit="games"),
    "KERNEL_THREADS": Range(0, 1024, unit="threads (0: every core)"),
    "DEFAULT_TRIALS": Range(1, 100_000_000, unit="Battles (and at most TITAN_MAX_TRIALS)"),
    "TIME_BUDGET_SECONDS": Range(0, LONGEST, above=True, unit="seconds"),
    "MAX_JSON_DEPTH": Range(1, 256, unit="levels"),
    "KERNEL_WAIT_SECONDS": Range(0, 600, unit="seconds"),
    "SIMULATIONS_PER_WORKER": Range(1, 64),
    "SIMULATION_WAIT_SECONDS": Range(0, 600, unit="seconds"),
    "READ_TIMEOUT_SECONDS": Range(1, 600, unit="seconds"),
    "TACTICAL_MAX_HEXES": Range(1, 100_000, unit="hexes"),
    "TACTICAL_MAX_CHARACTERS": Range(1, 10_000, unit="characters"),
    "TACTICAL_MAX_FIGHTS": Range(1, 100_000_000, unit="fights"),
    "TACTICAL_DEFAULT_FIGHTS": Range(
        1, 100_000_000, unit="fights (and at most TITAN_TACTICAL_MAX_FIGHTS)"
    ),
    "TACTICAL_MAX_TURNS": Range(1, tactical_limits.MAX_TURNS, unit="player turns"),
}

# Variables of gunicorn.conf.py (not TITAN_*): name -> (range, whole numbers only).
SERVER_RANGES: dict[str, Range] = {
    "PORT": Range(0, 65535),
    "WEB_CONCURRENCY": Range(1, 256, unit="workers"),
    "GUNICORN_TIMEOUT": Range(1, 2 * LONGEST, unit="seconds"),
}


class SettingError(ValueError):
    """Settings that do not fit (the service refuses to start); one line per problem."""

    def __init__(self, problems: list[str]):
        super().__init__("\n".join(problems))
        self.problems = problems


def _number(variable: str, raw: str, whole: bool, accepted: Range) -> tuple[Any, str | None]:
    """(value, problem) of one numeric variable."""
    text = raw.strip()
    kind = "a whole number" if whole else "a number"
    try:
        value: float = int(text) if whole else float(text)
    except ValueError:
        return None, f"{variable}={raw!r} is not {kind}; it takes {accepted.describe()}"
    if not accepted.holds(value):
        return None, f"{variable}={raw!r} is out of range; it takes {accepted.describe()}"
    return value, None


def read(environ: Mapping[str, str] | None = None) -> tuple[dict[str, Any], list[str]]:
    """(the TITAN_<NAME> settings found, typed as the defaults; the problems of each)."""
    environ = os.environ if environ is None else environ
    found: dict[str, Any] = {}
    problems: list[str] = []
    for name, default in DEFAULTS.items():
        variable = f"TITAN_{name}"
        raw = environ.get(variable)
        if raw is None:
            continue
        if isinstance(default, str):
            found[name] = raw
            continue
        value, problem = _number(variable, raw, isinstance(default, int), RANGES[name])
        if problem:
            problems.append(problem)
        else:
            found[name] = value
    return found, problems


def from_environment(environ: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The settings given as TITAN_<NAME> in the environment; SettingError naming every
    variable that does not fit."""
    found, problems = read(environ)
    if problems:
        raise SettingError(problems)
    return found


def problems_of(settings: Mapping[str, Any]) -> list[str]:
    """What is wrong with a whole set of settings (defaults merged): each value in its range,
    and the defaults consistent with the maxima."""
    problems: list[str] = []
    for name, accepted in RANGES.items():
        value = settings.get(name, DEFAULTS[name])
        if isinstance(value, bool) or not isinstance(value, int | float):
            problems.append(f"TITAN_{name}={value!r} is not a number")
        elif not accepted.holds(value):
            problems.append(
                f"TITAN_{name}={value!r} is out of range; it takes {accepted.describe()}"
            )
    default, most = settings.get("DEFAULT_TRIALS"), settings.get("MAX_TRIALS")
    if isinstance(default, int) and isinstance(most, int) and default > most:
        problems.append(
            f"TITAN_DEFAULT_TRIALS={default} is above TITAN_MAX_TRIALS={most}: a request that"
            " does not say how many Battles would be refused"
        )
    default, most = settings.get("TACTICAL_DEFAULT_FIGHTS"), settings.get("TACTICAL_MAX_FIGHTS")
    if isinstance(default, int) and isinstance(most, int) and default > most:
        problems.append(
            f"TITAN_TACTICAL_DEFAULT_FIGHTS={default} is above TITAN_TACTICAL_MAX_FIGHTS={most}:"
            " a Tactical Titan odds request that does not say how many fights would be refused"
        )
    for origin in str(settings.get("CORS_ORIGINS", "")).split(","):
        origin = origin.strip()
        if origin and origin != "*" and not origin.startswith(("http://", "https://")):
            problems.append(
                f"TITAN_CORS_ORIGINS names {origin[:80]!r}; it takes origins such as"
                " https://example.org, comma-separated, or *"
            )
    return problems


def server_settings(environ: Mapping[str, str] | None = None) -> tuple[dict[str, int], list[str]]:
    """gunicorn.conf.py's own variables that are given (PORT, WEB_CONCURRENCY,
    GUNICORN_TIMEOUT), as whole numbers, and their problems."""
    environ = os.environ if environ is None else environ
    found: dict[str, int] = {}
    problems: list[str] = []
    for variable, accepted in SERVER_RANGES.items():
        raw = environ.get(variable)
        if raw is None:
            continue
        value, problem = _number(variable, raw, True, accepted)
        if problem:
            problems.append(problem)
        else:
            found[variable] = int(value)
    return found, problems


def check(environ: Mapping[str, str] | None = None) -> tuple[dict[str, Any], list[str]]:
    """Every setting of the service from the environment, with defaults, and every problem:
    what the service will run with, or why it must not start."""
    found, problems = read(environ)
    settings = {**DEFAULTS, **found}
    problems += [p for p in problems_of(settings) if p.split("=", 1)[0] not in _named(problems)]
    _, server_problems = server_settings(environ)
    cache = numba_cache_problem(os.environ if environ is None else environ)
    return settings, problems + server_problems + ([cache] if cache else [])


def numba_cache_problem(environ: Mapping[str, str]) -> str | None:
    """NUMBA_CACHE_DIR naming something that is not a folder (simulator.numba_cache moves a
    cache it cannot write, but takes no file for a folder)."""
    configured = environ.get("NUMBA_CACHE_DIR")
    if configured and os.path.exists(configured) and not os.path.isdir(configured):
        return f"NUMBA_CACHE_DIR={configured!r} is not a folder; it takes a folder numba may write"
    return None


def _named(problems: list[str]) -> set[str]:
    return {p.split("=", 1)[0] for p in problems}
