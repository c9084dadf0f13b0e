"""A named rule problem: what ``/validate`` reports for a state or an action."""

from __future__ import annotations

from dataclasses import dataclass

from engine.errors import RuleError


@dataclass(frozen=True)
class Problem:
    code: str  # a stable name, e.g. "legion_too_large"
    message: str
    path: str | None  # JSON path in the request, e.g. "state.legions[2].characters"
    rule: str | None  # rule number, e.g. "4.1"

    def to_dict(self) -> dict[str, str | None]:
        return {"code": self.code, "message": self.message, "path": self.path, "rule": self.rule}

    def as_error(self) -> RuleError:
        return RuleError(self.message, rule=self.rule, path=self.path)
