"""marshmallow schemas: one module per resource, requests and responses apart."""

from __future__ import annotations

from typing import Any, TypedDict

from marshmallow import Schema


class Strict(TypedDict):
    """A field's keyword arguments that take a value of its own type only: an integer field's
    ``**{"strict": True}`` refuses "3" and 3.0."""

    strict: bool


class Described(TypedDict):
    """A field's keyword argument with its description (and more) for the OpenAPI document."""

    metadata: dict[str, Any]


# an integer field's keyword arguments: integers only
STRICT: Strict = {"strict": True}


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
