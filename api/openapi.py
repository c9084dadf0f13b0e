"""The OpenAPI 3 document of the API, generated from the app itself.

Every rule of the app's url_map under ``/api/`` becomes an operation; a view
marked by ``api.requests.documented`` brings its summary and its marshmallow
request and response schemas (converted by apispec's marshmallow plugin), an
unmarked view its docstring. Every operation may answer the error envelope,
with every status the service (or gunicorn before it) answers.

The document says exactly what the code accepts: the bounds and enums of the
schemas' fields (from the same constants the code checks), ``null`` only where
a field takes it, every integer within what the JSON reader takes (2**53), and
the fields that depend on each other (``api.schemas.published_needs``) as an
``anyOf`` of the ways to give them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from importlib import metadata
from typing import Any

from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin
from flask import Flask
from marshmallow import Schema

from api.errors import ErrorSchema
from api.schemas import published_needs
from api.schemas.odds import BatchErrorSchema, OddsRequestSchema, OddsResponseSchema
from simulator.limits import JSON_SAFE_INTEGER, Apart, Needs

TITLE = "Titan battle odds"
OPENAPI_VERSION = "3.0.3"
# Endpoints that are pages for people, not part of the JSON API.
NOT_IN_DOCUMENT = frozenset({"docs.page", "docs.guide"})
# Summaries of views that do not carry ``documented`` (their own docstrings win when present).
_SUMMARIES = {
    "data.characters": "Every character: power, skill, flight, rangestrike, native lands, count",
    "data.battleland": "One terrain's Battleland: its hexes, hazards, hexsides and entry sides",
    "data.masterboard": "The Masterboard: every land, its terrain, exits and neighbours",
}
_POSITION_EXAMPLE = {
    "terrain": "Plains",
    "entry_side": 1,
    "turn": 2,
    "phase": "maneuver",
    "active": "attacker",
    "attacker": {
        "score": 120,
        "characters": [
            {"name": "Titan", "hex": "D4", "hits": 0},
            {"name": "Ogre", "hex": "C3", "hits": 2},
        ],
    },
    "defender": {"score": 40, "characters": [{"name": "Troll", "hex": "B3", "hits": 1}]},
    "summon_used": False,
    "reinforcement_used": False,
}
_STATE_EXAMPLE = {
    "variant": "default",
    "turn": 3,
    "mover": "Red",
    "phase": "move",
    "movement_roll": 1,
    "players": [
        {"color": "Red", "score": 120, "tower": 100, "markers_available": ["Rd03"]},
        {"color": "Blue", "score": 40, "tower": 200, "markers_available": ["Bu03"]},
    ],
    "legions": [
        {"marker": "Rd01", "player": "Red", "land": 42, "characters": ["Titan", "Ogre", "Ogre"]},
        {"marker": "Bu01", "player": "Blue", "land": 1, "characters": ["Titan", "Troll"]},
    ],
}
# Request examples shown by the API browser ("Try it out" starts from them); every request
# body has one, and tests send each to the service.
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
    "odds.post_odds_batch": {
        "engagements": [
            {
                "land": 1,
                "entry_side": 1,
                "attacker": {"score": 120, "characters": ["Titan", "Ogre", "Ogre"]},
                "defender": {"score": 40, "characters": ["Titan", "Troll"]},
                "trials": 1000,
            },
            {
                "land": 1,
                "entry_side": 1,
                "attacker": {"score": 120, "characters": ["Ogre", "Ogre"]},
                "defender": {"score": 40, "characters": ["Titan", "Troll"]},
                "trials": 1000,
            },
        ],
        "common_random_numbers": True,
    },
    "game_rules.validate": {
        "state": _STATE_EXAMPLE,
        "action": {"type": "move", "legion": "Rd01", "to": 1, "entry_side": 1},
    },
    "game_rules.masterboard_moves": {
        "land": 42,
        "characters": ["Titan", "Ogre", "Ogre"],
        "roll": 1,
        "score": 120,
        "enemy": [1],
    },
    "game_rules.recruits": {"land": 8, "characters": ["Ogre", "Ogre"]},
    "battle_rules.moves": {"position": _POSITION_EXAMPLE, "hex": "D4"},
    "battle_rules.strikes": {"position": _POSITION_EXAMPLE, "hex": "C3"},
    "odds.post_odds_trace": {
        "terrain": "Marsh",
        "entry_side": 3,
        "attacker": {"score": 0, "characters": ["Titan", "Ogre", "Ogre", "Troll"]},
        "defender": {"score": 0, "characters": ["Ogre", "Troll", "Ranger"]},
        "summonable": "Angel",
        "trials": 1000,
        "seed": 1,
        "battle": 0,
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

# What gunicorn refuses before the service sees a request, whatever its path (in the envelope).
_TRANSPORT = {
    "408": "The request did not arrive whole within TITAN_READ_TIMEOUT_SECONDS",
    "414": "The request line is longer than 4094 bytes",
    "431": "Too many header fields, or one too long",
    "501": "A Transfer-Encoding the service does not implement (it takes chunked)",
    "505": "An HTTP version other than 1.0 and 1.1",
}
# Failures every operation may answer (each in the envelope), by HTTP method.
_ERRORS = {
    "get": {
        "400": "Not valid HTTP/1.1",
        "404": "No such resource",
        "405": "Method not allowed on this path",
        **_TRANSPORT,
    },
    "post": {
        "400": "Malformed: not HTTP/1.1, not UTF-8 JSON, a body shorter than its Content-Length,"
        " or not the expected shape (details name the JSON path)",
        "405": "Method not allowed on this path",
        "413": "The body is larger than the service accepts (TITAN_MAX_CONTENT_LENGTH)",
        "422": "Against the rules (details name the rule and the JSON path)",
        **_TRANSPORT,
    },
}
# Operations that simulate: 503 while a gunicorn worker still prepares its kernel, or while
# the worker runs as many simulations as it may (TITAN_SIMULATIONS_PER_WORKER).
_SIMULATES = frozenset(
    {
        "odds.post_odds",
        "odds.post_compare",
        "odds.post_odds_batch",
        "odds.post_odds_trace",
        "arena.odds",
        "arena.advice",
        "tactical_odds.odds",
    }
)
_WARMING = (
    "The kernel is still being prepared (after an install), or the worker is busy with other"
    " simulations: try again after the Retry-After seconds"
)


_BATCH_ITEMS = {
    "OddsRequest": OddsRequestSchema,
    "OddsResponse": OddsResponseSchema,
    "BatchError": BatchErrorSchema,
}


@dataclass(frozen=True)
class Operation:
    path: str  # OpenAPI form: /api/v1/battlelands/{terrain}
    method: str  # lower case
    endpoint: str
    view: Callable[..., Any]
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


def _name_resolver(taken: dict[str, type] | None = None) -> Callable[[type[Schema]], str]:
    """Component names from class names without "Schema"; a clash gets its module's name first.
    ``taken`` records each name's class."""
    taken = {} if taken is None else taken

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
        values = marked.get("arguments", {})
        described["parameters"] = [
            {"name": name, "in": "path", "required": True, "schema": {"type": kind}}
            | ({"schema": {"type": kind, "enum": list(values[name]())}} if name in values else {})
            for name, kind in operation.arguments
        ]
    request_schema = marked.get("request")
    if request_schema is not None:
        body: dict[str, Any] = {"schema": request_schema}
        example = _EXAMPLES.get(operation.endpoint) or marked.get("example")
        if example is not None:
            body["example"] = example
        described["requestBody"] = {"required": True, "content": {"application/json": body}}
    for status, why in _ERRORS.get(operation.method, _ERRORS["post"]).items():
        if status == "404" and not operation.arguments and operation.method == "get":
            continue  # a fixed path is always found
        described["responses"][status] = {
            "description": why,
            "content": {"application/json": {"schema": "Error"}},
        }
    if operation.endpoint in _SIMULATES:
        described["responses"]["503"] = {
            "description": _WARMING,
            "headers": {"Retry-After": {"description": "seconds", "schema": {"type": "integer"}}},
            "content": {"application/json": {"schema": "Error"}},
        }
    return described


def build_document(app: Flask) -> dict[str, Any]:
    """The OpenAPI document of ``app`` as a JSON-ready dict."""
    classes: dict[str, type] = {}
    spec = APISpec(
        title=TITLE,
        version=_version(),
        openapi_version=OPENAPI_VERSION,
        plugins=[MarshmallowPlugin(schema_name_resolver=_name_resolver(classes))],
        info={
            "description": (
                "Odds of TITAN Battles played out many times, and checks of positions and game"
                " states against the rules. The guide for client authors (formats, hex labels"
                " and entry sides, a worked flow, errors, limits, versioning) is"
                " [/api/v1/docs/api.md](/api/v1/docs/api.md). Every failure answers"
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
    for name, schema in _BATCH_ITEMS.items():
        if name not in spec.components.schemas:
            spec.components.schema(name, schema=schema)
            classes[name] = schema
    doc = spec.to_dict()
    _type_batch_items(doc)
    _settings_bounds(doc, app.config)
    schemas = doc.get("components", {}).get("schemas", {})
    _exact_nulls(schemas)
    _integers_within_json(schemas)
    _publish_needs(schemas, classes)
    return doc


# A value that is null (or absent): what a nullable field left out may be.
NULL: dict[str, Any] = {"nullable": True, "enum": [None]}


def _nodes(node: Any) -> Iterator[dict[str, Any]]:
    """Every schema object within ``node`` (itself included), depth first."""
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            yield item
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


def _exact_nulls(schemas: dict[str, Any]) -> None:
    """apispec writes a nullable nested object as ``anyOf: [{type: object, nullable}, $ref]``,
    which any object satisfies: its null side is null, and only null."""
    for node in _nodes(schemas):
        branches = node.get("anyOf")
        if isinstance(branches, list) and any("$ref" in b for b in branches):
            node["anyOf"] = [
                NULL if b == {"type": "object", "nullable": True} else b for b in branches
            ]


def _integers_within_json(schemas: dict[str, Any]) -> None:
    """An integer without a bound of its own is still within what the JSON reader takes
    (api.limits refuses any beyond 2**53 - 1): the document says so."""
    for node in _nodes(schemas):
        if node.get("type") == "integer" and "enum" not in node:
            node.setdefault("minimum", -JSON_SAFE_INTEGER)
            node.setdefault("maximum", JSON_SAFE_INTEGER)


def _given(prop: dict[str, Any]) -> dict[str, Any]:
    """A property given: present and not null (its own type, without ``nullable``)."""
    if "type" in prop:
        return {"type": prop["type"]}
    return {"type": "object"}  # a nested schema (a $ref, or its nullable anyOf)


def _publish_needs(schemas: dict[str, Any], classes: Mapping[str, type]) -> None:
    """Each dependency between a schema's fields as an ``anyOf`` of the ways to meet it: a
    group of fields all given (``Needs``), or a field and those it excludes not both given
    (``Apart``); its message in the schema's description."""
    for name, cls in classes.items():
        needs = published_needs(cls)
        component = schemas.get(name)
        if not needs or component is None:
            continue
        props = component.get("properties", {})
        rules = []
        for need in needs:
            if isinstance(need, Needs):
                branches = [
                    {"required": list(group), "properties": {f: _given(props[f]) for f in group}}
                    for group in need.groups
                ]
                groups = " or ".join(" and ".join(f"`{f}`" for f in g) for g in need.groups)
                said = f"Give {groups}" + (f" ({need.rule})" if need.rule else "")
            else:
                assert isinstance(need, Apart)
                branches = [
                    {"properties": {need.field: NULL}},
                    {"properties": dict.fromkeys(need.others, NULL)},
                ]
                others = ", ".join(f"`{f}`" for f in need.others)
                said = f"With `{need.field}`, leave out {others}"
            rules.append({"anyOf": branches})
            component["description"] = f"{component.get('description', '')} {said}.".strip()
        component["allOf"] = component.get("allOf", []) + rules


def _settings_bounds(doc: dict[str, Any], config: Mapping[str, Any]) -> None:
    """A bound the service's settings set (a field marked ``x-setting``, such as the most
    trials) is published with this app's value, the one its requests are held to (less
    ``x-setting-below``: the last index of so many Battles is one less)."""
    for schema in doc.get("components", {}).get("schemas", {}).values():
        for prop in schema.get("properties", {}).values():
            setting = prop.get("x-setting")
            if setting is None:
                continue
            kind = prop.get("type")
            bound = {"array": "maxItems", "object": "maxProperties"}.get(kind, "maximum")
            prop[bound] = config[setting.removeprefix("TITAN_")] - prop.get("x-setting-below", 0)


def _type_batch_items(doc: dict[str, Any]) -> None:
    """A batch's items are odds requests and answers (or refusals): say so in the document,
    which marshmallow's plain dicts cannot."""
    schemas = doc.get("components", {}).get("schemas", {})

    def ref(name: str) -> dict[str, str]:
        return {"$ref": f"#/components/schemas/{name}"}

    if "BatchRequest" in schemas:
        schemas["BatchRequest"]["properties"]["engagements"]["items"] = ref("OddsRequest")
    if "BatchResponse" in schemas:
        schemas["BatchResponse"]["properties"]["answers"]["items"] = {
            "oneOf": [ref("OddsResponse"), ref("BatchError")]
        }


def document(app: Flask) -> dict[str, Any]:
    """``build_document(app)``, built once per app (the url_map does not change once serving)."""
    cached = app.extensions.get("openapi")
    if cached is None:
        cached = app.extensions["openapi"] = build_document(app)
    return cached
