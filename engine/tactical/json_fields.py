"""The shapes of a JSON document's fields, checked as a map, a state or an action is read.

Each check returns the value when it has the shape asked for and otherwise raises a
``RuleError`` at the field's path, citing the section of the rules the document follows (2.1 a
map, 4.0 a state or an action). Whether a value of the right shape obeys the rules is for the
document's own checks.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.errors import RuleError


@dataclass(frozen=True)
class JsonFields:
    """The checks of one kind of document; ``rule``: the section its refusals cite."""

    rule: str

    def refuse(self, message: str, path: str, rule: str | None = None) -> RuleError:
        return RuleError(message, rule=self.rule if rule is None else rule, path=path)

    def mapping(self, value: object, path: str) -> Mapping[str, Any]:
        if not isinstance(value, Mapping):
            raise self.refuse(f"{path} must be an object", path)
        return value

    def array(self, value: object, path: str) -> list[Any]:
        if not isinstance(value, list):
            raise self.refuse(f"{path} must be a list", path)
        return value

    def text(self, value: object, path: str) -> str:
        if not isinstance(value, str):
            raise self.refuse(f"{path} must be a string", path)
        return value

    def optional_text(self, value: object, path: str) -> str | None:
        return None if value is None else self.text(value, path)

    def integer(self, value: object, path: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.refuse(f"{path} must be an integer", path)
        return value

    def flag(self, value: object, path: str) -> bool:
        if not isinstance(value, bool):
            raise self.refuse(f"{path} must be true or false", path)
        return value
