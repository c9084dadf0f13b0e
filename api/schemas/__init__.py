"""marshmallow schemas: one module per resource, requests and responses apart."""

from __future__ import annotations

from marshmallow import Schema


def describe(schema: type[Schema], **descriptions: str) -> None:
    """Give the fields of ``schema`` their descriptions in the OpenAPI document (meaning,
    unit, range and rule), kept in a table after the class so the fields stay readable."""
    declared = schema._declared_fields
    for name, text in descriptions.items():
        declared[name].metadata["description"] = text
