"""Reading a JSON request body through a schema, and documenting an endpoint.

``parse(Schema)`` answers malformed input with the 400 envelope (via
marshmallow's ValidationError); ``documented`` attaches the request and
response schemas to a view so that the OpenAPI document is generated from
them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from difflib import get_close_matches
from functools import cache
from typing import Any, TypeVar

from flask import Response, current_app, jsonify, request
from marshmallow import Schema, ValidationError, fields
from marshmallow.exceptions import SCHEMA

from api.errors import ApiError
from api.schemas import shown

View = TypeVar("View", bound=Callable[..., Any])


@cache
def _instance(schema: type[Schema]) -> Schema:
    """One instance of each schema: loading and dumping keep no state between calls, and
    building one (its fields, then its nested schemas on first use) costs more than most of
    the loads it serves."""
    return schema()


def parse(schema: type[Schema] | Schema) -> Any:
    """The request's JSON body loaded by ``schema`` (400 if not a JSON object)."""
    body = request.get_json(silent=True)
    if body is None:
        raise ApiError(
            400, "malformed", "the request body must be JSON (Content-Type: application/json)"
        )
    if not isinstance(body, dict):
        raise ApiError(400, "malformed", "the request body must be a JSON object")
    instance = _instance(schema) if isinstance(schema, type) else schema
    return load(instance, body)


NEAR = 0.75  # how like a field's name a misspelt one is, to be offered in its place


def load(schema: Schema, data: Any) -> Any:
    """``data`` loaded by ``schema``; a field it does not know is refused with the fields it
    does (and the nearest, when one is near), at every depth."""
    try:
        return schema.load(data)
    except ValidationError as e:
        raise ValidationError(_hinted(schema, e.messages, data), data=e.data) from None


def _inner(field: fields.Field[Any] | None) -> Schema | None:
    """The schema of a nested field, or of a list's nested items."""
    if isinstance(field, fields.List):
        field = field.inner
    return field.schema if isinstance(field, fields.Nested) else None


# What a field of each type takes, for marshmallow's "Not a valid integer." and the like
TAKES = (
    (fields.Integer, "a whole number"),
    (fields.Number, "a number"),
    (fields.String, "a string"),
    (fields.List, "a JSON list"),
    (fields.Mapping, "a JSON object"),
)


def _stock(field: fields.Field[Any], key: str) -> str | None:
    """marshmallow's own message ``key`` for this field's type (None where it has none)."""
    for kind in type(field).__mro__:
        text = vars(kind).get("default_error_messages", {}).get(key)
        if text is not None:
            return str(text)
    return None


def _worded(field: fields.Field[Any], message: str, sent: Any) -> str:
    """One of marshmallow's own messages for ``field`` (sent ``sent``) in the service's words;
    a message of the service's own as it is."""
    if message == _stock(field, "required"):
        return "missing: this request needs it"
    if message == _stock(field, "null"):
        return "may not be null"
    if message == _stock(field, "invalid"):
        takes = next((words for kind, words in TAKES if isinstance(field, kind)), None)
        if takes is not None:
            return f"must be {takes}, not {shown(sent)}"
    return message


def _hinted(schema: Schema, messages: Any, sent: Any) -> Any:
    """marshmallow's messages for ``sent`` in the service's words: each "Unknown field." of
    ``schema`` (or of the schemas nested in it), and each value that is not an object where
    one is expected, saying which fields the object takes; a value missing, null or of
    another type saying so."""
    if not isinstance(messages, dict):
        return messages
    by_key = {f.data_key or name: f for name, f in schema.fields.items() if not f.dump_only}
    names = sorted(by_key)
    if messages.get(SCHEMA) == [schema.error_messages["type"]]:  # not an object at all
        return {SCHEMA: [f"must be a JSON object; it takes {', '.join(names)}"]}
    hinted: dict[Any, Any] = {}
    for key, value in messages.items():
        field = by_key.get(key) if isinstance(key, str) else None
        inner = _inner(field)
        given = sent.get(key) if isinstance(sent, dict) and isinstance(key, str) else None
        if value == [schema.error_messages["unknown"]]:
            near = get_close_matches(str(key), names, n=1, cutoff=NEAR)
            hint = f"did you mean {near[0]}? It" if near else "it"
            hinted[key] = [f"unknown field {key!r}: {hint} takes {', '.join(names)}"]
        elif field is None:
            hinted[key] = value
        elif isinstance(value, dict) and isinstance(field, fields.List):  # by item
            items = given if isinstance(given, list) else []
            by_item: dict[Any, Any] = {}
            for i, v in value.items():
                item = items[i] if isinstance(i, int) and i < len(items) else None
                by_item[i] = (
                    _hinted(inner, v, item)
                    if inner is not None
                    else [_worded(field.inner, m, item) for m in v]
                )
            hinted[key] = by_item
        elif isinstance(value, dict) and inner is not None:
            hinted[key] = _hinted(inner, value, given)
        elif isinstance(value, list):
            hinted[key] = [_worded(field, m, given) if isinstance(m, str) else m for m in value]
        else:
            hinted[key] = value
    return hinted


def _lost(sent: Any, dumped: Any, path: str = "") -> list[str]:
    """Paths of what ``sent`` holds that ``dumped`` (its schema's dump) lost or changed."""
    if isinstance(sent, dict) and isinstance(dumped, dict):
        return [
            p
            for key, value in sent.items()
            for p in (
                [f"{path}.{key}".lstrip(".")]
                if key not in dumped
                else _lost(value, dumped[key], f"{path}.{key}")
            )
        ]
    if isinstance(sent, list | tuple) and isinstance(dumped, list):
        return [p for i, (a, b) in enumerate(zip(sent, dumped, strict=False)) for p in _lost(
            a, b, f"{path}[{i}]")]  # fmt: skip
    return [] if sent == dumped else [path.lstrip(".")]


def through(schema: type[Schema] | Schema, data: Any) -> Any:
    """``data`` as ``schema`` publishes it. When testing, a field that the schema does not
    declare (or would change) is an error, so the document cannot drift from the answers."""
    instance = _instance(schema) if isinstance(schema, type) else schema
    dumped = instance.dump(data)
    if current_app.testing:
        lost = _lost(data, dumped)
        if lost:
            name = type(instance).__name__
            raise AssertionError(f"answer fields not as {name} declares them: {lost}")
    return dumped


def answer(data: Any, status: int = 200) -> Response:
    """The view's answer sent through the response schema it is documented with."""
    assert request.endpoint is not None, "answer() answers a view's request"
    view = current_app.view_functions[request.endpoint]
    schema = getattr(view, "openapi", {}).get("response")
    response = jsonify(data if schema is None else through(schema, data))
    response.status_code = status
    return response


def documented(
    *,
    summary: str,
    request_schema: type[Schema] | None = None,
    response_schema: type[Schema] | None = None,
    tag: str | None = None,
    example: dict[str, Any] | None = None,
    arguments: dict[str, Callable[[], Sequence[str]]] | None = None,
) -> Callable[[View], View]:
    """Record what a view takes and answers (and a request example), for the OpenAPI document.
    ``arguments``: the values each path argument takes (the view answers 404 for others),
    published as its enum."""

    def mark(view: View) -> View:
        # a function takes attributes of its own, which no type of a callable declares
        view.openapi = {  # type: ignore[attr-defined]
            "summary": summary,
            "request": request_schema,
            "response": response_schema,
            "tag": tag,
            "example": example,
            "arguments": arguments or {},
        }
        return view

    return mark
