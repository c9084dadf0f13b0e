"""What a request may be: the size and shape of a JSON body, and who may call from a browser.

- The body size is Flask's ``MAX_CONTENT_LENGTH`` (413 beyond it, in the envelope), with or
  without a Content-Length (a chunked body too).
- A JSON body is read once, before the view, with a parser that refuses what
  would harm later steps: nesting deeper than ``MAX_JSON_DEPTH``, integers
  beyond what every JSON client represents exactly (2**53), and the non-standard
  ``NaN``/``Infinity`` literals. Each refusal is the 400 envelope.
- CORS is off unless ``CORS_ORIGINS`` names origins (comma-separated, or ``*``).
"""

from __future__ import annotations

import json
import math
from typing import Any

from flask import Flask, Request, Response, current_app, request
from flask import json as flask_json
from werkzeug.exceptions import RequestEntityTooLarge

from api.errors import ApiError, envelope

# The largest integer every JSON client (JavaScript's numbers included) holds exactly.
JSON_SAFE_INTEGER = 2**53 - 1


class JsonRefused(ValueError):
    """A JSON text that parses but is refused by the limits."""


def _integer(text: str) -> int:
    if len(text.lstrip("-")) > 16 or abs(int(text)) > JSON_SAFE_INTEGER:
        raise JsonRefused(f"the integer {text[:20]}{'…' if len(text) > 20 else ''} is too large")
    return int(text)


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise JsonRefused(f"the number {text[:20]} is out of range")
    return value


def _constant(name: str) -> float:
    raise JsonRefused(f"{name} is not JSON")


def depth(value: Any) -> int:
    """How deeply arrays and objects nest in ``value`` (a scalar is 0), without recursion."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            children = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        deepest = max(deepest, level)
        stack.extend((child, level + 1) for child in children)
    return deepest


def read_json(text: str | bytes, max_depth: int) -> Any:
    """``text`` parsed as a request body; JsonRefused (a ValueError) beyond the limits."""
    try:
        value = json.loads(text, parse_int=_integer, parse_float=_float, parse_constant=_constant)
    except RecursionError:
        raise JsonRefused("the JSON nests too deeply") from None
    if depth(value) > max_depth:
        raise JsonRefused(f"the JSON nests deeper than {max_depth} levels")
    return value


class _RequestJson:
    """The ``json_module`` of LimitedRequest: request bodies are read with the limits."""

    @staticmethod
    def loads(text: str | bytes, **_: Any) -> Any:
        return read_json(text, current_app.config.get("MAX_JSON_DEPTH", 32))

    dumps = staticmethod(flask_json.dumps)


class LimitedRequest(Request):
    """A request whose JSON body is read with the limits; an unreadable one is the 400
    envelope, with the parser's reason."""

    @property
    def json_module(self) -> Any:
        return _RequestJson

    @json_module.setter
    def json_module(self, _: Any) -> None:
        """Flask assigns the app's JSON provider to each request; bodies keep the limits."""

    def on_json_loading_failed(self, e: ValueError | None) -> Any:
        if e is None:  # not a JSON content type: Flask's own 415
            return super().on_json_loading_failed(e)
        raise ApiError(
            400,
            "malformed",
            "the request body is not acceptable JSON",
            [{"path": None, "rule": None, "message": str(e)[:200]}],
        )


def _refuse_a_long_stream() -> None:
    """413 for a body sent without Content-Length (chunked) that is longer than the limit.

    Werkzeug reads such a body up to the limit and silently stops there, so the view would see
    a truncated body; read one byte more than the limit to tell the two apart.
    """
    limit = current_app.config.get("MAX_CONTENT_LENGTH")
    if limit is None or request.content_length is not None:
        return  # a declared length over the limit is refused by Werkzeug itself
    request.max_content_length = limit + 1
    if len(request.get_data(cache=True)) > limit:
        raise RequestEntityTooLarge()


def _read_json_body() -> None:
    """Parse a JSON body before the view, so a refusal is a clear 400 (and 413 when too big)."""
    if request.method in ("POST", "PUT", "PATCH"):
        _refuse_a_long_stream()
        if request.is_json:
            request.get_json()  # cached: the view's own get_json reads the same value


def allowed_origins(setting: str) -> frozenset[str]:
    return frozenset(o.strip().rstrip("/") for o in setting.split(",") if o.strip())


def _cors(response: Response) -> Response:
    origins = allowed_origins(current_app.config.get("CORS_ORIGINS", ""))
    origin = request.headers.get("Origin")
    if not origins or not origin or not request.path.startswith("/api/"):
        return response
    if "*" in origins:
        response.headers["Access-Control-Allow-Origin"] = "*"
    elif origin.rstrip("/") in origins:
        response.headers["Access-Control-Allow-Origin"] = origin
        response.vary.add("Origin")
    else:
        return response
    if request.method == "OPTIONS":  # a preflight: Flask's automatic OPTIONS answer
        response.headers["Access-Control-Allow-Methods"] = "GET, POST, OPTIONS"
        response.headers["Access-Control-Allow-Headers"] = "Content-Type"
        response.headers["Access-Control-Max-Age"] = "600"
    return response


def _too_large(e: RequestEntityTooLarge):
    limit = current_app.config.get("MAX_CONTENT_LENGTH")
    return envelope(
        413,
        "too_large",
        f"the request body is larger than the {limit} bytes this service accepts",
        [{"path": None, "rule": None, "message": "setting TITAN_MAX_CONTENT_LENGTH"}],
    )


def install(app: Flask) -> None:
    """Apply the limits and CORS to ``app`` (its settings are read per request)."""
    app.request_class = LimitedRequest
    app.before_request(_read_json_body)
    app.after_request(_cors)
    app.register_error_handler(RequestEntityTooLarge, _too_large)
