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

from flask import Flask, jsonify
from marshmallow import Schema, ValidationError, fields
from werkzeug.exceptions import HTTPException

from engine.errors import RuleError, TitanError, UnknownName, Violations

log = logging.getLogger(__name__)

MAX_DETAILS = 50  # details listed in one answer; the last counts the rest
MAX_TEXT = 300  # characters of a message or path quoted from the request


class ApiError(Exception):
    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        details: list | None = None,
        headers: dict[str, str] | None = None,
    ):
        super().__init__(message)
        self.status, self.code, self.message = status, code, message
        self.details = details or []
        self.headers = headers or {}  # e.g. Retry-After of a 503


def _clip(text, limit: int = MAX_TEXT):
    if not isinstance(text, str) or len(text) <= limit:
        return text
    return text[: limit - 1] + "…"


def bounded(details: list) -> list:
    """At most MAX_DETAILS details, each message and path clipped to MAX_TEXT characters."""
    shown = [
        {**d, "path": _clip(d.get("path")), "message": _clip(d.get("message"))}
        for d in details[:MAX_DETAILS]
    ]
    if len(details) > MAX_DETAILS:
        rest = len(details) - MAX_DETAILS + 1
        shown[-1] = {"path": None, "rule": None, "message": f"and {rest} more problems"}
    return shown


def envelope(status: int, code: str, message: str, details: list | None = None):
    body = {
        "error": {
            "code": code,
            "message": _clip(message, 4 * MAX_TEXT),
            "details": bounded(details or []),
        }
    }
    return jsonify(body), status


def _flatten(messages, path: str = "") -> list[dict]:
    """marshmallow's nested messages as a flat list of {path, rule, message}."""
    if isinstance(messages, dict):
        out = []
        for key, value in messages.items():
            out += _flatten(value, f"{path}.{key}" if path else str(key))
        return out
    if isinstance(messages, list) and all(isinstance(m, str) for m in messages):
        return [{"path": path or None, "rule": None, "message": m} for m in messages]
    if isinstance(messages, list):
        return [d for m in messages for d in _flatten(m, path)]
    return [{"path": path or None, "rule": None, "message": str(messages)}]


def _detail(error: TitanError) -> dict:
    return {"path": error.path, "rule": error.rule, "message": error.message}


def register(app: Flask) -> None:
    # No redirect for a path with doubled slashes: Werkzeug would build its Location from the
    # Host header, which the client chose. Such a path is simply not found (404).
    app.url_map.merge_slashes = False

    @app.errorhandler(ApiError)
    def api_error(e: ApiError):
        response, status = envelope(e.status, e.code, e.message, e.details)
        response.headers.update(e.headers)
        return response, status

    @app.errorhandler(ValidationError)
    def malformed(e: ValidationError):
        return envelope(
            400, "malformed", "the request does not have the expected shape", _flatten(e.messages)
        )

    @app.errorhandler(UnknownName)
    def unknown(e: UnknownName):
        return envelope(422, "unknown_name", e.message, [_detail(e)])

    @app.errorhandler(Violations)
    def violations(e: Violations):
        return envelope(422, "rule_violation", e.message, [_detail(p) for p in e.problems])

    @app.errorhandler(RuleError)
    def rule(e: RuleError):
        return envelope(422, "rule_violation", e.message, [_detail(e)])

    @app.errorhandler(TitanError)
    def titan(e: TitanError):
        return envelope(422, "invalid", e.message, [_detail(e)])

    @app.errorhandler(HTTPException)
    def http(e: HTTPException):
        code = (e.name or "error").lower().replace(" ", "_")
        response, status = envelope(e.code or 500, code, e.description or e.name)
        for name, value in e.get_headers():  # e.g. Allow of a 405
            if name.lower() != "content-type":
                response.headers[name] = value
        return response, status

    @app.errorhandler(OverflowError)
    def too_large(e: OverflowError):
        # a number of the request beyond what the tables hold (e.g. a score of 2**50): the
        # request's fault, yet logged so that a schema can learn the bound
        log.warning("number out of range: %s", e, exc_info=True)
        return envelope(
            400,
            "malformed",
            "a number in the request is too large for this service",
            [{"path": None, "rule": None, "message": str(e)[:200]}],
        )

    @app.errorhandler(Exception)
    def unexpected(e: Exception):
        log.exception("unexpected error")
        return envelope(500, "internal", "the service failed on this request; it has been logged")


class ErrorDetailSchema(Schema):
    path = fields.String(allow_none=True, metadata={"description": "JSON path of the input"})
    rule = fields.String(allow_none=True, metadata={"description": "rule number, e.g. 4.1"})
    message = fields.String(required=True)


class ErrorBodySchema(Schema):
    code = fields.String(required=True, metadata={"description": "e.g. malformed, not_found"})
    message = fields.String(required=True)
    details = fields.List(fields.Nested(ErrorDetailSchema), required=True)


class ErrorSchema(Schema):
    """The one envelope of every failure (documentation of ``envelope``)."""

    error = fields.Nested(ErrorBodySchema, required=True)
