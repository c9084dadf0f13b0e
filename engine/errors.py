"""The few exception types the engine raises.

``RuleError`` carries the rule number it enforces, so every layer above can
report *why* something is refused.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Self


class TitanError(ValueError):
    """Base class: something given to the engine that it refuses."""

    def __init__(self, message: str, *, rule: str | None = None, path: str | None = None):
        super().__init__(message)
        self.message = message
        self.rule = rule
        self.path = path

    def under(self, prefix: str) -> Self:
        """The same error about a part of ``prefix``: a request's path names where it is."""
        if not self.path:
            path = prefix
        else:
            path = f"{prefix}{'' if self.path.startswith('[') else '.'}{self.path}"
        return self.at(path)

    def at(self, path: str | None) -> Self:
        """The same error at another path of the request."""
        moved = copy.copy(self)
        moved.path = path
        return moved


class UnknownName(TitanError):
    """A character, terrain, land, tactic or hex label the game does not have; with the
    closest valid names (``suggestions``) and all of them (``valid``) when they are few."""

    def __init__(
        self,
        message: str,
        *,
        rule: str | None = None,
        path: str | None = None,
        suggestions: tuple[str, ...] = (),
        valid: tuple[str, ...] = (),
    ):
        super().__init__(message, rule=rule, path=path)
        self.suggestions = tuple(suggestions)
        self.valid = tuple(valid)


class RuleError(TitanError):
    """A position, state or action that the rules forbid."""


SUMMARISED = 3  # problems named in a Violations message; every one stays in ``problems``


class Violations(TitanError):
    """Several problems at once: each a ``RuleError``, or an ``UnknownName``."""

    def __init__(self, problems: Sequence[TitanError]):
        shown = "; ".join(p.message for p in problems[:SUMMARISED])
        if len(problems) > SUMMARISED:
            shown += f"; and {len(problems) - SUMMARISED} more"
        super().__init__(shown, rule=problems[0].rule)
        self.problems = problems

    def under(self, prefix: str) -> Violations:
        return Violations([p.under(prefix) for p in self.problems])
