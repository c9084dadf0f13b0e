"""Reading a JSON request body through a schema, and documenting an endpoint.

``parse(Schema)`` answers malformed input with the 400 envelope (via
marshmallow's ValidationError); ``documented`` attaches the request and
response schemas to a view so that the OpenAPI document is generated from
them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import request
from marshmallow import Schema

from api.errors import ApiError


def parse(schema: type[Schema] | Schema) -> Any:
    """The request's JSON body loaded by ``schema`` (400 if not a JSON object)."""
    body = request.get_json(silent=True)
    if body is None:
        raise ApiError(
            400, "malformed", "the request body must be JSON (Content-Type: application/json)"
        )
    if not isinstance(body, dict):
        raise ApiError(400, "malformed", "the request body must be a JSON object")
    instance = schema() if isinstance(schema, type) else schema
    return instance.load(body)


def documented(
    *,
    summary: str,
    request_schema: type[Schema] | None = None,
    response_schema: type[Schema] | None = None,
    tag: str | None = None,
    example: dict[str, Any] | None = None,
) -> Callable:
    """Record what a view takes and answers (and a request example), for the OpenAPI document."""

    def mark(view: Callable) -> Callable:
        view.openapi = {  # type: ignore[attr-defined]
            "summary": summary,
            "request": request_schema,
            "response": response_schema,
            "tag": tag,
            "example": example,
        }
        return view

    return mark
