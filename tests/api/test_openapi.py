"""The OpenAPI document is generated from the app and its marshmallow schemas, and is valid."""

from __future__ import annotations

import re

import pytest
from marshmallow import Schema, fields
from openapi_spec_validator import validate

from api.openapi import NOT_IN_DOCUMENT, _name_resolver, _openapi_path, build_document, document
from engine.battlelands import BATTLELANDS
from tests.helpers.paths import ROOT

STATIC = ROOT / "static"


@pytest.fixture
def doc(client):
    response = client.get("/api/v1/openapi.json")
    assert response.status_code == 200
    assert response.mimetype == "application/json"
    return response.get_json()


def resolve(doc: dict, node: dict) -> dict:
    """A schema with its $ref followed (one level; a described $ref is a one-item allOf)."""
    if "allOf" in node and len(node["allOf"]) == 1:
        node = node["allOf"][0]
    ref = node.get("$ref")
    if ref is None:
        return node
    return doc["components"]["schemas"][ref.rsplit("/", 1)[-1]]


def test_document_is_valid_openapi_3(doc):
    validate(doc)
    assert doc["openapi"].startswith("3.")
    assert doc["info"]["title"] and doc["info"]["version"]


def test_every_api_route_of_the_app_is_documented(app, doc):
    expected = set()
    for rule in app.url_map.iter_rules():
        if rule.rule.startswith("/api/") and rule.endpoint not in NOT_IN_DOCUMENT:
            path = re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule.rule)
            expected |= {(path, m.lower()) for m in rule.methods - {"HEAD", "OPTIONS"}}
    documented = {(path, method) for path, ops in doc["paths"].items() for method in ops}
    assert documented == expected
    assert ("/api/v1/odds", "post") in documented  # DESIGN: HTTP API v1
    assert ("/api/v1/battlelands/{terrain}", "get") in documented


def test_request_bodies_come_from_the_marshmallow_schemas(app, doc):
    checked = 0
    for rule in app.url_map.iter_rules():
        marked = getattr(app.view_functions[rule.endpoint], "openapi", None)
        if not marked or marked["request"] is None:
            continue
        schema = marked["request"]()
        path = re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule.rule)
        operation = doc["paths"][path]["post"]
        body = operation["requestBody"]["content"]["application/json"]["schema"]
        properties = resolve(doc, body)["properties"]
        loadable = {f.data_key or name for name, f in schema.fields.items() if not f.dump_only}
        assert set(properties) == loadable, path
        assert operation["summary"] == marked["summary"]
        checked += 1
    assert checked >= 2  # /odds and /compare at least


def test_odds_answer_documents_the_contract_fields(doc):
    odds = doc["paths"]["/api/v1/odds"]["post"]
    answer = resolve(doc, odds["responses"]["200"]["content"]["application/json"]["schema"])
    for key in ("outcomes", "attacker", "defender", "rounds", "trials", "seed", "truncated"):
        assert key in answer["properties"], key
    outcomes = resolve(doc, answer["properties"]["outcomes"])
    assert set(outcomes["properties"]) >= {
        "attacker_wins",
        "defender_wins",
        "mutual_elimination",
        "time_loss",
    }
    side = resolve(doc, answer["properties"]["attacker"])
    for key in ("survival", "expected_survivors", "expected_points", "points_distribution"):
        assert key in side["properties"], key


@pytest.mark.parametrize(
    ("method", "statuses"),
    [("post", {"400", "405", "413", "422"}), ("get", {"405"})],
)
def test_failures_are_documented_as_the_error_envelope(doc, method, statuses):
    envelope = doc["components"]["schemas"]["Error"]
    assert envelope["required"] == ["error"]
    for path, operations in doc["paths"].items():
        if method not in operations:
            continue
        responses = operations[method]["responses"]
        assert statuses <= set(responses), path
        for status in statuses:
            ref = responses[status]["content"]["application/json"]["schema"]["$ref"]
            assert ref == "#/components/schemas/Error"
    body = resolve(doc, envelope["properties"]["error"])
    assert set(body["properties"]) == {"code", "message", "details"}


def test_path_arguments_are_parameters(doc):
    parameters = doc["paths"]["/api/v1/battlelands/{terrain}"]["get"]["parameters"]
    terrains = sorted(BATTLELANDS)  # any other is 404: the document says which are found
    assert parameters == [
        {
            "name": "terrain",
            "in": "path",
            "required": True,
            "schema": {"type": "string", "enum": terrains},
        }
    ]
    assert "404" in doc["paths"]["/api/v1/battlelands/{terrain}"]["get"]["responses"]


@pytest.mark.parametrize(
    ("rule", "path", "arguments"),
    [
        ("/api/v1/health", "/api/v1/health", ()),
        ("/a/<terrain>", "/a/{terrain}", (("terrain", "string"),)),
        (
            "/a/<int:land>/<string(length=2):hex>",
            "/a/{land}/{hex}",
            (("land", "integer"), ("hex", "string")),
        ),
    ],
)
def test_flask_rules_become_openapi_paths(rule, path, arguments):
    assert _openapi_path(rule) == (path, arguments)


def test_schemas_of_the_same_name_in_two_modules_get_two_names():
    first = type("LegionSchema", (Schema,), {"score": fields.Integer()})
    second = type("LegionSchema", (Schema,), {"marker": fields.String()})
    second.__module__ = "api.schemas.game"
    resolve_name = _name_resolver()
    assert resolve_name(first) == "Legion"
    assert resolve_name(second) == "GameLegion"
    assert resolve_name(first) == "Legion"  # stable on a second look


def test_document_is_built_once_per_app(app):
    with app.app_context():
        assert document(app) is document(app)
    assert build_document(app) == document(app)


def test_docs_page_uses_only_local_assets(client):
    page = client.get("/api/v1/docs")
    assert page.status_code == 200 and page.mimetype == "text/html"
    html = page.get_data(as_text=True)
    assets = re.findall(r'(?:src|href)="([^"]+)"', html)
    assert assets, "the page loads its assets"
    for asset in assets:
        assert not asset.startswith(("http:", "https:", "//")), asset
        if asset.startswith("/static/"):
            assert client.get(asset).status_code == 200, asset


@pytest.mark.parametrize(
    ("folder", "licence"),
    [("swagger-ui", "LICENSE"), ("chart.js", "LICENSE.md")],
)
def test_vendored_assets_keep_their_licence(folder, licence):
    assert (STATIC / "vendor" / folder / licence).stat().st_size > 500
    readme = (STATIC / "vendor" / "README.md").read_text()
    assert f"`{folder}/`" in readme


@pytest.mark.parametrize("path", ["/api/v1/odds", "/api/v1/compare"])
def test_request_examples_are_accepted_by_the_service(doc, path):
    """The examples the API browser starts from are answered (200), not refused."""
    pytest.importorskip("simulator.battles", reason="until the battle kernel is committed")
    from api import create_app

    example = doc["paths"][path]["post"]["requestBody"]["content"]["application/json"]["example"]
    client = create_app({"TESTING": True}).test_client()
    response = client.post(path, json={**example, "trials": 50})
    assert response.status_code == 200, response.get_json()


@pytest.mark.parametrize("path", ["/api/v1/odds", "/api/v1/compare"])
def test_simulations_document_the_503_while_the_kernel_warms(doc, path):
    refused = doc["paths"][path]["post"]["responses"]["503"]
    assert "Retry-After" in refused["headers"]
    assert refused["content"]["application/json"]["schema"]["$ref"] == "#/components/schemas/Error"
    assert "503" not in doc["paths"]["/api/v1/characters"]["get"]["responses"]  # no kernel there


def test_health_documents_the_kernels_state(doc):
    answer = doc["paths"]["/api/v1/health"]["get"]["responses"]["200"]["content"]
    kernel = resolve(doc, answer["application/json"]["schema"])["properties"]["kernel"]
    assert set(kernel["enum"]) == {"on_demand", "warming", "ready", "failed"}


def _components_of(doc: dict, node, found: set[str]) -> set[str]:
    """The component schemas ``node`` refers to, transitively."""
    if isinstance(node, dict):
        ref = node.get("$ref", "")
        if ref.startswith("#/components/schemas/"):
            name = ref.rsplit("/", 1)[-1]
            if name not in found:
                found.add(name)
                _components_of(doc, doc["components"]["schemas"][name], found)
        for value in node.values():
            _components_of(doc, value, found)
    elif isinstance(node, list):
        for value in node:
            _components_of(doc, value, found)
    return found


def test_every_field_says_what_it_means(doc):
    """Each property of each request and answer, the Arena's too, has a description
    (meaning, unit, range, rule), so that a client author needs nothing but the document,
    docs/api.md and docs/arena.md."""
    missing = []
    for name in sorted(_components_of(doc, doc["paths"], set())):
        for prop, node in doc["components"]["schemas"][name].get("properties", {}).items():
            if not node.get("description"):
                missing.append(f"{name}.{prop}")
    assert missing == []


def test_every_request_body_has_an_example(doc):
    for path, operations in doc["paths"].items():
        for method, operation in operations.items():
            if "requestBody" in operation:
                body = operation["requestBody"]["content"]["application/json"]
                assert "example" in body, (method, path)


def _property(doc: dict, schema: str, *path: str) -> dict:
    node = doc["components"]["schemas"][schema]
    for key in path:
        node = resolve(doc, node["properties"][key]) if key != "items" else node["items"]
    return node


def test_names_are_enums_tactics_from_the_simulators_registry(doc):
    from engine.battlelands import TERRAINS
    from engine.characters import NAMES
    from simulator.tactical.engagement import TACTICS as TACTICAL_TACTICS
    from simulator.tactics import TACTICS

    both = {*TACTICS, *TACTICAL_TACTICS}  # TITAN's, and Tactical Titan's plans for its variant
    assert set(_property(doc, "Tactics", "attacker")["enum"]) == both
    assert set(_property(doc, "Tactics", "defender")["enum"]) == both
    assert set(_property(doc, "OddsRequest", "terrain")["enum"]) == {*TERRAINS, None}
    from engine.tactical.characters import NAMES as TACTICAL_NAMES
    from engine.variants import VARIANTS

    # an Engagement's characters are either book's: Tactical Titan's with `variant: tactical`
    assert set(NAMES) < set(TACTICAL_NAMES)
    characters = _property(doc, "Legion", "characters", "items")
    assert set(characters["enum"]) == set(TACTICAL_NAMES)
    assert set(_property(doc, "Survival", "name")["enum"]) == set(TACTICAL_NAMES)
    assert set(_property(doc, "OddsRequest", "variant")["enum"]) == {*VARIANTS, "tactical"}


def test_the_batch_items_are_odds_requests_and_answers(doc):
    request = doc["components"]["schemas"]["BatchRequest"]["properties"]["engagements"]
    assert request["items"] == {"$ref": "#/components/schemas/OddsRequest"}
    answers = doc["components"]["schemas"]["BatchResponse"]["properties"]["answers"]["items"]
    assert {r["$ref"].rsplit("/", 1)[-1] for r in answers["oneOf"]} == {
        "OddsResponse",
        "BatchError",
    }
