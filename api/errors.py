"""One error envelope for every failure (DESIGN: HTTP API v1).

``{"error": {"code", "message", "details": [{"path", "rule", "message"}]}}``,
400 for malformed input, 404 for an unknown resource, 422 for input against
the rules, 503 while the battle kernel is being prepared or the simulations are busy; never a
stack trace. An answer quotes a bounded slice of its request: at most ``MAX_DETAILS`` details
(the last one counting the rest) of at most ``MAX_TEXT`` characters each, so a large request
cannot make a larger refusal.
"""

from __future__ import annotations

import logging
from typing import Any

from flask import Flask, Response, jsonify
from marshmallow import Schema, ValidationError, fields
from marshmallow.exceptions import SCHEMA
from werkzeug.exceptions import HTTPException

from engine.errors import RuleError, TitanError, UnknownName, Violations

log = logging.getLogger(__name__)

MAX_DETAILS = 50  # details listed in one answer; the last counts the rest
MAX_TEXT = 300  # characters of a message or path quoted from the request

# What Werkzeug refuses (a path no route has, a method a route does not take), in the
# service's words rather than its own.
_HTTP_MESSAGES = {
    400: "the request is not valid HTTP",
    404: "nothing is found at this path (GET /api/v1/openapi.json lists the API's paths)",
    405: "this path does not take this method; the Allow header names those it takes",
    415: "the request body must be JSON (Content-Type: application/json)",
}


class ApiError(Exception):
    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        details: list[dict[str, Any]] | None = None,
        headers: dict[str, str] | None = None,
    ):
        super().__init__(message)
        self.status, self.code, self.message = status, code, message
        self.details = details or []
        self.headers = headers or {}  # e.g. Retry-After of a 503


def clip(text: str | None, limit: int = MAX_TEXT) -> str | None:
    """``text`` cut to at most ``limit`` characters, an ellipsis saying so."""
    if not isinstance(text, str) or len(text) <= limit:
        return text
    return text[: limit - 1] + "…"


def bounded(details: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """At most MAX_DETAILS details, each message and path clipped to MAX_TEXT characters."""
    shown = [
        {**d, "path": clip(d.get("path")), "message": clip(d.get("message"))}
        for d in details[:MAX_DETAILS]
    ]
    if len(details) > MAX_DETAILS:
        rest = len(details) - MAX_DETAILS + 1
        shown[-1] = {"path": None, "rule": None, "message": f"and {rest} more problems"}
    return shown


def envelope(
    status: int, code: str, message: str, details: list[dict[str, Any]] | None = None
) -> tuple[Response, int]:
    body = {
        "error": {
            "code": code,
            "message": clip(message, 4 * MAX_TEXT),
            "details": bounded(details or []),
        }
    }
    return jsonify(body), status


def _flatten(messages: Any, path: str = "") -> list[dict[str, Any]]:
    """marshmallow's nested messages as a flat list of {path, rule, message}, each path as
    JSON writes it (``attacker.characters[1]``); what marshmallow files under an object's
    ``_schema`` (the object as a whole) at that object's own path."""
    if isinstance(messages, dict):
        out: list[dict[str, Any]] = []
        for key, value in messages.items():
            if key == SCHEMA:
                out += _flatten(value, path)
            elif isinstance(key, int):
                out += _flatten(value, f"{path}[{key}]")
            else:
                out += _flatten(value, f"{path}.{key}" if path else str(key))
        return out
    if isinstance(messages, list) and all(isinstance(m, str) for m in messages):
        return [{"path": path or None, "rule": None, "message": m} for m in messages]
    if isinstance(messages, list):
        return [d for m in messages for d in _flatten(m, path)]
    return [{"path": path or None, "rule": None, "message": str(messages)}]


def _detail(error: TitanError) -> dict[str, Any]:
    detail: dict[str, Any] = {"path": error.path, "rule": error.rule, "message": error.message}
    if isinstance(error, UnknownName) and error.valid:
        detail["suggestions"] = list(error.suggestions)  # the closest valid names, best first
        detail["valid"] = list(error.valid)
    return detail


def _under(prefix: str, path: str | None) -> str:
    if not path:
        return prefix
    return f"{prefix}{'' if path.startswith('[') else '.'}{path}"


def error_body(
    e: ValidationError | TitanError, prefix: str | None = None
) -> tuple[int, dict[str, Any]]:
    """The status and envelope of a refused request (or of one part of it, every path under
    ``prefix``): 400 for its shape, 422 against the rules."""
    if isinstance(e, ValidationError):
        status, code = 400, "malformed"
        message, details = "the request does not have the expected shape", _flatten(e.messages)
    else:
        status, message = 422, e.message
        if isinstance(e, Violations):
            code, details = "rule_violation", [_detail(p) for p in e.problems]
        else:
            code = "unknown_name" if isinstance(e, UnknownName) else (
                "rule_violation" if isinstance(e, RuleError) else "invalid"
            )  # fmt: skip
            details = [_detail(e)]
    if prefix is not None:
        details = [{**d, "path": _under(prefix, d["path"])} for d in details]
    bounded_body = {
        "code": code,
        "message": clip(message, 4 * MAX_TEXT),
        "details": bounded(details),
    }
    return status, {"error": bounded_body}


def register(app: Flask) -> None:
    # No redirect for a path with doubled slashes: Werkzeug would build its Location from the
    # Host header, which the client chose. Such a path is simply not found (404).
    app.url_map.merge_slashes = False

    @app.errorhandler(ApiError)
    def api_error(e: ApiError) -> tuple[Response, int]:
        response, status = envelope(e.status, e.code, e.message, e.details)
        response.headers.update(e.headers)
        return response, status

    @app.errorhandler(ValidationError)
    @app.errorhandler(TitanError)
    def refused(e: ValidationError | TitanError) -> tuple[Response, int]:
        status, body = error_body(e)
        return jsonify(body), status

    @app.errorhandler(HTTPException)
    def http(e: HTTPException) -> tuple[Response, int]:
        code = (e.name or "error").lower().replace(" ", "_")
        message = e.description
        if message is None or message == type(e).description:  # Werkzeug's own words
            message = _HTTP_MESSAGES.get(e.code or 500, e.name)
        response, status = envelope(e.code or 500, code, message)
        for name, value in e.get_headers():  # e.g. Allow of a 405
            if name.lower() != "content-type":
                response.headers[name] = value
        return response, status

    @app.errorhandler(Exception)
    def unexpected(e: Exception) -> tuple[Response, int]:
        log.exception("unexpected error")
        return envelope(500, "internal", "the service failed on this request; it has been logged")


class ErrorDetailSchema(Schema):
    path = fields.String(allow_none=True, metadata={"description": "JSON path of the input"})
    rule = fields.String(allow_none=True, metadata={"description": "rule number, e.g. 4.1"})
    message = fields.String(required=True, metadata={"description": "the problem in words"})
    suggestions = fields.List(
        fields.String(),
        metadata={"description": "an unknown name: the closest valid names, best first"},
    )
    valid = fields.List(
        fields.String(), metadata={"description": "an unknown name: every valid name"}
    )


class ErrorBodySchema(Schema):
    code = fields.String(
        required=True,
        metadata={
            "description": "malformed, unknown_name, rule_violation, invalid, not_found, "
            "method_not_allowed, request_entity_too_large, kernel_warming, internal"
        },
    )
    message = fields.String(
        required=True, metadata={"description": "every problem in words (the first three)"}
    )
    details = fields.List(
        fields.Nested(ErrorDetailSchema),
        required=True,
        metadata={"description": "every problem, at its JSON path, with its rule"},
    )


class ErrorSchema(Schema):
    """The one envelope of every failure (documentation of ``envelope``)."""

    error = fields.Nested(
        ErrorBodySchema, required=True, metadata={"description": "what was refused, and why"}
    )
