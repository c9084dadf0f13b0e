"""marshmallow schemas: one module per resource, requests and responses apart.

What every request schema shares: fields that take their own JSON type only (``Boolean``,
``Number``, ``bounded``), validators that refuse in the service's words (``Range``, ``OneOf``,
``Length``), and ``RequestSchema``, whose fields that depend on each other are declared once
(``needs``) to be checked here and published in the OpenAPI document.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, ClassVar, TypedDict

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from api.errors import clip
from engine.errors import RuleError
from simulator.limits import Apart, Needs


class Strict(TypedDict):
    """A field's keyword arguments that take a value of its own type only: an integer field's
    ``**{"strict": True}`` refuses "3" and 3.0."""

    strict: bool


class Described(TypedDict):
    """A field's keyword argument with its description (and more) for the OpenAPI document."""

    metadata: dict[str, Any]


# an integer field's keyword arguments: integers only
STRICT: Strict = {"strict": True}

# The OpenAPI extension of an integer field below another field of the same request when that
# one is given (an index among so many), which JSON Schema cannot say: its value names it.
BELOW = "x-below"


def described(text: str, **more: Any) -> Described:
    """A field's description (and more: an example, a bound) as its keyword argument."""
    return {"metadata": {"description": text, **more}}


def describe(schema: type[Schema], **descriptions: str) -> None:
    """Give the fields of ``schema`` their descriptions in the OpenAPI document (meaning,
    unit, range and rule), kept in a table after the class so the fields stay readable."""
    declared = schema._declared_fields
    for name, text in descriptions.items():
        field = declared[name]
        field.metadata = {**field.metadata, "description": text}


class Boolean(fields.Boolean):
    """``true`` or ``false``, nothing else (marshmallow's own takes 1, "yes", "on", ...)."""

    MESSAGES: ClassVar[dict[str, str]] = {
        "invalid": "true or false, not {input!r}",
        "null": "true or false, not null",
    }

    def __init__(self, **kwargs: Any) -> None:
        messages = {**self.MESSAGES, **kwargs.pop("error_messages", {})}
        super().__init__(error_messages=messages, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> bool:
        if not isinstance(value, bool):
            raise self.make_error("invalid", input=value)
        return value


class Number(fields.Float):
    """A JSON number, never a string of one or a boolean (marshmallow's own reads "0.5")."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise self.make_error("invalid", input=value)
        found: float = super()._deserialize(value, attr, data, **kwargs)
        return found


SHOWN = 60  # characters of a refused value quoted back


def shown(value: Any) -> str:
    """A value a client sent, as JSON writes it, cut short."""
    return str(clip(json.dumps(value, default=str), SHOWN))


class Range(validate.Range):
    """marshmallow's Range, refusing in the service's words: "at least 1 and at most 64, not 0"."""

    message_min = "{min_op} {{min}}, not {{input}}"
    message_max = "{max_op} {{max}}, not {{input}}"
    message_all = "{min_op} {{min}} and {max_op} {{max}}, not {{input}}"
    message_gte, message_gt, message_lte, message_lt = "at least", "more than", "at most", "below"

    def _format_error(self, value: Any, message: str) -> str:
        return (self.error or message).format(input=shown(value), min=self.min, max=self.max)


class OneOf(validate.OneOf):
    """marshmallow's OneOf, refusing in the service's words: "one of a, b; not "c"."""

    default_message = "one of {choices}; not {input}"

    def _format_error(self, value: Any) -> str:
        return self.error.format(
            input=shown(value), choices=self.choices_text, labels=self.labels_text
        )


class Length(validate.Length):
    """marshmallow's Length, refusing in the service's words: "at most 14 entries, not 15"."""

    message_min = "at least {min} {unit}, not {count}"
    message_max = "at most {max} {unit}, not {count}"
    message_all = "{min} to {max} {unit}, not {count}"
    message_equal = "exactly {equal} {unit}, not {count}"

    def _format_error(self, value: Any, message: str) -> str:
        bound = {self.message_min: self.min, self.message_equal: self.equal}.get(message, self.max)
        one, more = ("character", "characters") if isinstance(value, str) else ("entry", "entries")
        unit = one if bound == 1 else more
        return (self.error or message).format(
            min=self.min, max=self.max, equal=self.equal, unit=unit, count=len(value)
        )


def bounded(minimum: int, maximum: int, **more: Any) -> fields.Integer:
    """An integer field from ``minimum`` to ``maximum``, held (400) and published alike."""
    return fields.Integer(strict=True, validate=Range(min=minimum, max=maximum), **more)


class RequestSchema(Schema):
    """A request body. ``needs``: its fields that depend on each other (``Needs``, ``Apart``
    of simulator.limits), all published by api.openapi as the document's ``anyOf``. One of
    the request's shape is checked here (400, at its path); one a rule states (a ``Needs``
    with its rule) is the view's to check with ``ruled_problems`` (422, naming the rule). A
    schema that loads a simulator request publishes that request's ``NEEDS`` too, which the
    simulator checks (422)."""

    needs: ClassVar[tuple[Needs | Apart, ...]] = ()

    @validates_schema(pass_original=True)
    def fields_that_depend_on_each_other(
        self, data: Mapping[str, Any], original: Any, **_: Any
    ) -> None:
        if not self.needs or not isinstance(original, Mapping):
            return

        def given(name: str) -> bool:
            return original.get(self.fields[name].data_key or name) is not None

        problems: dict[str, list[str]] = {}
        for need in self.needs:
            if isinstance(need, Needs) and need.rule is not None:
                continue  # the rules' (ruled_problems)
            if not need.met(given):
                path = need.path if isinstance(need, Needs) else need.field
                problems.setdefault(path, []).append(need.message)
        if problems:
            raise ValidationError(problems)


def ruled_problems(schema: type[RequestSchema], loaded: Mapping[str, Any]) -> list[RuleError]:
    """The needs of ``schema`` that a rule states and the request ``loaded`` leaves unmet."""
    return [
        RuleError(need.message, rule=need.rule, path=need.path)
        for need in schema.needs
        if isinstance(need, Needs)
        and need.rule is not None
        and not need.met(lambda name: loaded.get(name) is not None)
    ]


def published_needs(schema: type[Schema]) -> tuple[Needs | Apart, ...]:
    """Every dependency between the fields of ``schema`` the document publishes: its own and
    those of the simulator's request it loads (``request_type``)."""
    own: tuple[Needs | Apart, ...] = getattr(schema, "needs", ())
    loaded = getattr(getattr(schema, "request_type", None), "NEEDS", ())
    return own + tuple(loaded)
