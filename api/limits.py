"""What a request may be: the size and shape of a JSON body, and who may call from a browser.

- The body size is Flask's ``MAX_CONTENT_LENGTH`` (413 beyond it, in the envelope), with or
  without a Content-Length (a chunked body too).
- A body is read once, before the view, and exactly: one shorter than its Content-Length (the
  client closed its side early), one that cannot be read (a malformed chunk of a chunked
  body, a client gone) is the 400 envelope, never a request; one that does not arrive within
  the server's read timeout 408, and the connection is closed after the answer.
- A JSON body is UTF-8 (RFC 8259): another declared charset, or bytes that are not UTF-8 (a
  Latin-1 or UTF-16 body), are the 400 envelope. It is parsed with a parser that refuses what
  would harm later steps: nesting deeper than ``MAX_JSON_DEPTH``, integers beyond what every
  JSON client represents exactly (2**53), the non-standard ``NaN``/``Infinity`` literals, and
  a key given twice in one object (which value was meant?). Each refusal is the 400 envelope.
- ``OPTIONS`` answers 204 with the ``Allow`` header (and a CORS preflight's headers).
- CORS is off unless ``CORS_ORIGINS`` names origins (comma-separated, or ``*``).
"""

from __future__ import annotations

import json
import logging
import math
from collections.abc import Iterable
from typing import Any

from flask import Flask, Request, Response, current_app, request
from flask import json as flask_json
from werkzeug.exceptions import RequestEntityTooLarge

from api.errors import ApiError, clip, envelope
from simulator.limits import JSON_SAFE_INTEGER

log = logging.getLogger(__name__)
UTF_8 = frozenset({"utf-8", "utf8"})  # the charset a JSON body may declare


class JsonRefused(ValueError):
    """A JSON text that parses but is refused by the limits."""


def _integer(text: str) -> int:
    if len(text.lstrip("-")) > 16 or abs(int(text)) > JSON_SAFE_INTEGER:
        raise JsonRefused(f"the integer {clip(text, 21)} is too large")
    return int(text)


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise JsonRefused(f"the number {text[:20]} is out of range")
    return value


def _constant(name: str) -> float:
    raise JsonRefused(f"{name} is not JSON")


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found = dict(pairs)
    if len(found) != len(pairs):
        seen: set[str] = set()
        for twice, _ in pairs:  # the first key met a second time
            if twice in seen:
                break
            seen.add(twice)
        raise JsonRefused(f"the key {clip(twice, 41)!r} appears twice in one object")
    return found


def depth(value: Any) -> int:
    """How deeply arrays and objects nest in ``value`` (a scalar is 0), without recursion."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        children: Iterable[Any]
        if isinstance(item, dict):
            children = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        deepest = max(deepest, level)
        stack.extend((child, level + 1) for child in children)
    return deepest


def utf_8(body: bytes) -> str:
    """The body's text: UTF-8 only (RFC 8259), so a Latin-1 or UTF-16 body is refused rather
    than guessed at; JsonRefused otherwise."""
    try:
        return body.decode("utf-8")
    except UnicodeDecodeError as e:
        raise JsonRefused(f"the body is not UTF-8 text (at byte {e.start})") from None


def read_json(text: str | bytes, max_depth: int) -> Any:
    """``text`` parsed as a request body; JsonRefused (a ValueError) beyond the limits."""
    if isinstance(text, bytes | bytearray):
        text = utf_8(bytes(text))
    try:
        value = json.loads(
            text,
            parse_int=_integer,
            parse_float=_float,
            parse_constant=_constant,
            object_pairs_hook=_object,
        )
    except RecursionError:
        raise JsonRefused("the JSON nests too deeply") from None
    except json.JSONDecodeError as e:
        raise JsonRefused(f"not JSON at line {e.lineno}, column {e.colno}: {e.msg}") from None
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
        reason = str(e) if isinstance(e, JsonRefused) else "the body is not JSON"
        raise ApiError(
            400,
            "malformed",
            "the request body is not acceptable JSON",
            [{"path": None, "rule": None, "message": reason[:200]}],
        )


def _read_body() -> None:
    """The whole body, read once (cached for the view): 413 beyond the size limit, 400 when it
    cannot be read, 408 when the client is too slow.

    A body sent without Content-Length (chunked) is read one byte past the limit: Werkzeug
    stops at the limit silently, so the view would see a truncated body.
    """
    limit = current_app.config.get("MAX_CONTENT_LENGTH")
    streamed = request.content_length is None
    if limit is not None and streamed:
        request.max_content_length = limit + 1
    try:
        data = request.get_data(cache=True)
    except RequestEntityTooLarge:
        raise
    except Exception as e:  # whatever the server's stream raised: the client's fault
        _unreadable(e)
    if limit is not None and streamed and len(data) > limit:
        raise RequestEntityTooLarge()
    announced = request.content_length
    if announced is not None and len(data) != announced:
        # gunicorn hands over what arrived before the client closed its side: not a request
        raise ApiError(
            400,
            "malformed",
            "the request body is shorter than its Content-Length",
            [{"path": None, "rule": None, "message": f"{len(data)} of {announced} bytes arrived"}],
        )


def _unreadable(e: Exception) -> None:
    """The body broke off: 408 for a client too slow (the server's read timeout), else 400.
    The server closes the connection after the answer (where the next request would start
    is unknown). The server's own words for it stay in the log."""
    log.info("request body unreadable: %s", str(e)[:200])
    if getattr(e, "status", None) == 408:
        raise ApiError(408, "request_timeout", "the request body did not arrive in time")
    detail = "the body broke off, or a chunk of a chunked body is malformed"
    raise ApiError(
        400,
        "malformed",
        "the request body could not be read",
        [{"path": None, "rule": None, "message": detail}],
    )


def _charset() -> None:
    """A JSON body is UTF-8: a declared charset that is not is refused (400)."""
    charset = request.mimetype_params.get("charset")
    if charset is not None and charset.lower() not in UTF_8:
        raise ApiError(
            400,
            "malformed",
            f"the request body must be UTF-8 JSON, not {charset[:40]!r}",
            [{"path": None, "rule": None, "message": "a JSON body is UTF-8: no charset, or utf-8"}],
        )


def _read_json_body() -> None:
    """Read the body before the view, so a refusal is a clear 400 (and 413 when too big)."""
    if request.method in ("POST", "PUT", "PATCH"):
        _read_body()
        if request.is_json:
            _charset()
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


def _options(response: Response) -> Response:
    """Flask's automatic answer to OPTIONS is an empty 200 labelled text/html: it is 204, no
    content, with the ``Allow`` header."""
    if request.method == "OPTIONS" and response.status_code == 200 and not response.data:
        response.status_code = 204
        del response.headers["Content-Type"]
    return response


def _too_large(e: RequestEntityTooLarge) -> tuple[Response, int]:
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
    app.after_request(_options)
    app.register_error_handler(RequestEntityTooLarge, _too_large)
