"""The OpenAPI 3 document of the API, generated from the app itself.

Every rule of the app's url_map under ``/api/`` becomes an operation; a view
marked by ``api.requests.documented`` brings its summary and its marshmallow
request and response schemas (converted by apispec's marshmallow plugin), an
unmarked view its docstring. Every operation may answer the error envelope.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from importlib import metadata
from typing import Any

from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin
from flask import Flask
from marshmallow import Schema

from api.errors import ErrorSchema

TITLE = "Titan battle odds"
OPENAPI_VERSION = "3.0.3"
# Endpoints that are pages for people, not part of the JSON API.
NOT_IN_DOCUMENT = frozenset({"docs.page"})
# Summaries of views that do not carry ``documented`` (their own docstrings win when present).
_SUMMARIES = {
    "data.characters": "Every character: power, skill, flight, rangestrike, native lands, count",
    "data.battleland": "One terrain's Battleland: its hexes, hazards, hexsides and entry sides",
    "data.masterboard": "The Masterboard: every land, its terrain, exits and neighbours",
    "data.tactics": (
        "Every tactic a side may play: its name, what it does, and its cost (time per Battle "
        "relative to the default)"
    ),
}
# Request examples shown by the API browser ("Try it out" starts from them).
_EXAMPLES = {
    "odds.post_odds": {
        "terrain": "Plains",
        "entry_side": 1,
        "attacker": {"score": 120, "characters": ["Titan", "Ogre", "Ogre"]},
        "defender": {"score": 40, "characters": ["Troll", "Troll"]},
        "summonable": "Angel",
        "reinforce": True,
        "tactics": {"attacker": "default", "defender": "default"},
        "trials": 2000,
        "seed": 1,
    },
    "odds.post_compare": {
        "land": 8,
        "side": "attacker",
        "legion": {"score": 0, "characters": ["Ogre", "Ogre", "Centaur"]},
        "opponent": {"score": 0, "characters": ["Troll", "Troll"]},
        "trials": 1000,
        "seed": 1,
    },
}
_ARGUMENT = re.compile(r"<(?:(?P<converter>\w+)(?:\([^)]*\))?:)?(?P<name>\w+)>")
_ARGUMENT_TYPES = {"int": "integer", "float": "number"}

# Failures every operation may answer (each in the envelope), by HTTP method.
_ERRORS = {
    "get": {
        "404": "No such resource",
        "405": "Method not allowed on this path",
    },
    "post": {
        "400": "Malformed: not JSON, or not the expected shape (details name the JSON path)",
        "405": "Method not allowed on this path",
        "413": "The body is larger than the service accepts (TITAN_MAX_CONTENT_LENGTH)",
        "422": "Against the rules (details name the rule and the JSON path)",
    },
}
# Operations that need the battle kernel: 503 while a gunicorn worker still prepares it.
_NEEDS_KERNEL = frozenset({"odds.post_odds", "odds.post_compare"})
_WARMING = (
    "The battle kernel is still being prepared (after an install): try again after the"
    " Retry-After seconds"
)


@dataclass(frozen=True)
class Operation:
    path: str  # OpenAPI form: /api/v1/battlelands/{terrain}
    method: str  # lower case
    endpoint: str
    view: Callable
    arguments: tuple[tuple[str, str], ...]  # (name, OpenAPI type) of each path argument


def _openapi_path(rule: str) -> tuple[str, tuple[tuple[str, str], ...]]:
    arguments = tuple(
        (m["name"], _ARGUMENT_TYPES.get(m["converter"] or "", "string"))
        for m in _ARGUMENT.finditer(rule)
    )
    return _ARGUMENT.sub(lambda m: "{" + m["name"] + "}", rule), arguments


def operations(app: Flask) -> Iterator[Operation]:
    """The app's API operations, in path order."""
    for rule in sorted(app.url_map.iter_rules(), key=lambda r: r.rule):
        if not rule.rule.startswith("/api/") or rule.endpoint in NOT_IN_DOCUMENT:
            continue
        path, arguments = _openapi_path(rule.rule)
        view = app.view_functions[rule.endpoint]
        for method in sorted((rule.methods or set()) - {"HEAD", "OPTIONS"}):
            yield Operation(path, method.lower(), rule.endpoint, view, arguments)


def _name_resolver() -> Callable[[type[Schema]], str]:
    """Component names from class names without "Schema"; a clash gets its module's name first."""
    taken: dict[str, type] = {}

    def resolve(schema: type[Schema] | Schema) -> str:
        cls = schema if isinstance(schema, type) else type(schema)
        name = cls.__name__.removesuffix("Schema") or cls.__name__
        if taken.setdefault(name, cls) is not cls:
            module = cls.__module__.rsplit(".", 1)[-1].title().replace("_", "")
            name = f"{module}{name}"
            taken.setdefault(name, cls)
        return name

    return resolve


def _version() -> str:
    try:
        return metadata.version("titan-odds")
    except metadata.PackageNotFoundError:
        return "0"


def _describe(operation: Operation) -> dict[str, Any]:
    marked = getattr(operation.view, "openapi", None) or {}
    doc = (operation.view.__doc__ or "").strip()
    summary = (
        marked.get("summary")
        or (doc.splitlines()[0] if doc else None)
        or _SUMMARIES.get(operation.endpoint, operation.endpoint)
    )
    response = marked.get("response")
    answer: dict[str, Any] = {"description": "Success"}
    answer["content"] = {
        "application/json": {"schema": response if response is not None else {"type": "object"}}
    }
    described: dict[str, Any] = {
        "summary": summary,
        "operationId": operation.endpoint.replace(".", "_")
        + ("" if operation.method in ("get", "post") else f"_{operation.method}"),
        "tags": [marked.get("tag") or operation.endpoint.split(".")[0]],
        "responses": {"200": answer},
    }
    if doc and doc.splitlines()[0] != summary:
        described["description"] = doc
    if operation.arguments:
        described["parameters"] = [
            {"name": name, "in": "path", "required": True, "schema": {"type": kind}}
            for name, kind in operation.arguments
        ]
    request_schema = marked.get("request")
    if request_schema is not None:
        body: dict[str, Any] = {"schema": request_schema}
        if operation.endpoint in _EXAMPLES:
            body["example"] = _EXAMPLES[operation.endpoint]
        described["requestBody"] = {"required": True, "content": {"application/json": body}}
    for status, why in _ERRORS.get(operation.method, _ERRORS["post"]).items():
        if status == "404" and not operation.arguments and operation.method == "get":
            continue  # a fixed path is always found
        described["responses"][status] = {
            "description": why,
            "content": {"application/json": {"schema": "Error"}},
        }
    if operation.endpoint in _NEEDS_KERNEL:
        described["responses"]["503"] = {
            "description": _WARMING,
            "headers": {"Retry-After": {"description": "seconds", "schema": {"type": "integer"}}},
            "content": {"application/json": {"schema": "Error"}},
        }
    return described


def build_document(app: Flask) -> dict[str, Any]:
    """The OpenAPI document of ``app`` as a JSON-ready dict."""
    spec = APISpec(
        title=TITLE,
        version=_version(),
        openapi_version=OPENAPI_VERSION,
        plugins=[MarshmallowPlugin(schema_name_resolver=_name_resolver())],
        info={
            "description": (
                "Odds of TITAN Battles played out many times, and checks of positions and game"
                " states against the rules. Every failure answers"
                ' `{"error": {"code", "message", "details": [{"path", "rule", "message"}]}}`.'
            )
        },
    )
    spec.components.schema("Error", schema=ErrorSchema)
    paths: dict[str, dict[str, Any]] = {}
    for operation in operations(app):
        paths.setdefault(operation.path, {})[operation.method] = _describe(operation)
    for path, described in paths.items():
        spec.path(path=path, operations=described)
    return spec.to_dict()


def document(app: Flask) -> dict[str, Any]:
    """``build_document(app)``, built once per app (the url_map does not change once serving)."""
    cached = app.extensions.get("openapi")
    if cached is None:
        cached = app.extensions["openapi"] = build_document(app)
    return cached
