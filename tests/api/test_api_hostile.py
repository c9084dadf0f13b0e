"""Hostile and malformed requests to every endpoint: always the error envelope, never a 5xx.

Also the limits (body size, JSON depth and numbers, trials, time budget), the settings read
from TITAN_* variables, and CORS (off unless TITAN_CORS_ORIGINS names origins).
"""

from __future__ import annotations

import importlib.util
import io
import json
import logging

import pytest

from api import create_app
from api.config import DEFAULTS, SettingError, from_environment
from api.limits import JSON_SAFE_INTEGER, depth
from simulator.limits import MAX_CANDIDATES
from tests.helpers.bodies import ODDS
from tests.helpers.paths import ROOT

KERNEL = importlib.util.find_spec("simulator.battles") is not None
KERNEL_VIEWS = {"/api/v1/odds", "/api/v1/compare"}  # they answer once the kernel is there


def post_paths(app) -> list[str]:
    return sorted(
        r.rule for r in app.url_map.iter_rules() if "POST" in r.methods and "<" not in r.rule
    )


def get_paths(app) -> list[str]:
    return sorted(
        r.rule
        for r in app.url_map.iter_rules()
        if "GET" in r.methods and r.rule.startswith("/api/") and "<" not in r.rule
    )


APP = create_app({"TESTING": True})
POSTS = post_paths(APP)
GETS = get_paths(APP)


@pytest.fixture(autouse=True)
def quiet_unexpected_errors():
    """A 500 is asserted against below; its log line would only repeat it."""
    logging.disable(logging.CRITICAL)
    yield
    logging.disable(logging.NOTSET)


def assert_envelope(response, status: int | tuple[int, ...]) -> dict:
    statuses = status if isinstance(status, tuple) else (status,)
    assert response.status_code in statuses, response.get_data(as_text=True)[:300]
    assert response.mimetype == "application/json"
    error = response.get_json()["error"]
    assert isinstance(error["code"], str) and error["code"] != "internal"
    assert isinstance(error["message"], str) and "Traceback" not in error["message"]
    for detail in error["details"]:
        # an unknown name adds the closest valid names and the valid list
        assert (
            {"path", "rule", "message"}
            <= set(detail)
            <= {"path", "rule", "message", "suggestions", "valid"}
        )
    return error


JSON = "application/json"

# Bodies refused before any view runs (by the JSON reader and the size limit): status, reason.
REFUSED_BEFORE_THE_VIEW = [
    pytest.param(b"not json", JSON, "Expecting value", id="not-json"),
    pytest.param(b'{"a": 1', JSON, "Expecting", id="truncated-json"),
    pytest.param(b"[" * 5000 + b"]" * 5000, JSON, "deep", id="deep-arrays"),
    pytest.param(b'{"a":' * 40 + b"1" + b"}" * 40, JSON, "deeper than 32", id="deep-objects"),
    pytest.param(b'{"trials": 1' + b"0" * 4400 + b"}", JSON, "too large", id="huge-integer"),
    pytest.param(b'{"trials": 9007199254740993}', JSON, "too large", id="beyond-2**53"),
    pytest.param(b'{"trials": 1e999}', JSON, "out of range", id="float-overflow"),
    pytest.param(b'{"trials": NaN}', JSON, "NaN is not JSON", id="nan"),
    pytest.param(b'{"trials": -Infinity}', JSON, "-Infinity is not JSON", id="infinity"),
    pytest.param(b'{"a": "\xff\xfe"}', JSON, "not UTF-8", id="not-utf-8"),
    pytest.param('{"a": 1}'.encode("utf-16"), JSON, "not UTF-8", id="utf-16"),
    pytest.param('{"a": "é"}'.encode("latin-1"), JSON, "not UTF-8", id="latin-1"),
    pytest.param(b'{"a": 1}', JSON + "; charset=latin-1", "UTF-8", id="charset-latin-1"),
]


@pytest.mark.parametrize("path", POSTS)
@pytest.mark.parametrize(("body", "content_type", "reason"), REFUSED_BEFORE_THE_VIEW)
def test_unreadable_json_is_400_before_the_view(client, path, body, content_type, reason):
    response = client.post(path, data=body, content_type=content_type)
    error = assert_envelope(response, 400)
    assert error["code"] == "malformed"
    assert reason in error["details"][0]["message"]


# Bodies that reach the view, which answers 400 for their shape.
SHAPELESS = [
    pytest.param(b"", None, id="no-body"),
    pytest.param(b"hello", "text/plain", id="text-plain"),
    pytest.param(b"a=1&b=2", "application/x-www-form-urlencoded", id="form-encoded"),
    pytest.param(b"[1, 2]", JSON, id="array"),
    pytest.param(b'"Ogre"', JSON, id="string"),
    pytest.param(b"null", JSON, id="null"),
    pytest.param(b"7", JSON, id="number"),
    pytest.param(b'{"no such field": true}', JSON, id="unknown-field"),
    pytest.param(b"{}", JSON, id="empty-object"),
]


@pytest.mark.parametrize("path", POSTS)
@pytest.mark.parametrize(("body", "content_type"), SHAPELESS)
def test_bodies_of_the_wrong_shape_are_400_or_422(client, path, body, content_type):
    if path in KERNEL_VIEWS and not KERNEL:
        pytest.skip("until the battle kernel is committed")
    response = client.post(path, data=body, content_type=content_type)
    # {} may be complete for a request whose every field has a default: then the rules decide
    assert_envelope(response, (400, 422) if body == b"{}" else 400)


@pytest.mark.parametrize("path", POSTS)
def test_oversized_body_is_413_in_the_envelope(path):
    app = create_app({"TESTING": True, "MAX_CONTENT_LENGTH": 1000})
    body = json.dumps({"padding": "x" * 2000})
    error = assert_envelope(app.test_client().post(path, data=body, content_type=JSON), 413)
    assert error["code"] == "too_large" and "1000 bytes" in error["message"]


@pytest.mark.parametrize(("size", "status"), [(1001, 413), (1000, 400), (5000, 413)])
def test_a_chunked_body_over_the_size_limit_is_413_not_cut_short(size, status):
    """Without a Content-Length Werkzeug stops reading at the limit; the rest must not vanish."""
    app = create_app({"TESTING": True, "MAX_CONTENT_LENGTH": 1000})
    body = json.dumps({"padding": "x" * (size - 15)}).encode()
    assert len(body) == size
    response = app.test_client().post(
        "/api/v1/rules/battle/moves",
        input_stream=io.BytesIO(body),
        headers={"Transfer-Encoding": "chunked", "Content-Type": JSON},
        environ_overrides={"wsgi.input_terminated": True},  # as gunicorn says of chunked bodies
    )
    error = assert_envelope(response, status)
    # at the limit the whole body is read: refused for its shape (no position, an unknown
    # field), not as cut-off JSON
    assert error["code"] == ("too_large" if status == 413 else "malformed")
    if status == 400:
        assert {"position", "padding"} <= {d["path"] for d in error["details"]}


def test_body_just_under_the_size_limit_is_read():
    app = create_app({"TESTING": True, "MAX_CONTENT_LENGTH": 1000})
    body = json.dumps({"padding": "x" * 900})
    response = app.test_client().post("/api/v1/rules/battle/moves", data=body, content_type=JSON)
    assert response.status_code == 400  # read, then refused for its shape, not its size
    assert response.get_json()["error"]["code"] == "malformed"


@pytest.mark.parametrize("path", POSTS)
@pytest.mark.parametrize("method", ["GET", "PUT", "DELETE", "PATCH"])
def test_wrong_method_on_a_post_endpoint_is_405(client, path, method):
    response = client.open(path, method=method)
    error = assert_envelope(response, 405)
    assert error["code"] == "method_not_allowed"
    assert "POST" in response.headers["Allow"]  # RFC 9110: a 405 names the allowed methods


@pytest.mark.parametrize("path", GETS)
@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE"])
def test_wrong_method_on_a_get_endpoint_is_405(client, path, method):
    assert_envelope(client.open(path, method=method, json={}), 405)


@pytest.mark.parametrize(
    "path",
    ["/api/v1/nothing", "/api/v2/odds", "/api/v1/odds/extra", "/api", "/static/nothing.js"],
)
def test_unknown_route_is_404(client, path):
    error = assert_envelope(client.get(path), 404)
    assert error["code"] == "not_found"


@pytest.mark.parametrize(
    "terrain",
    ["Moon", "plains", "%00", "x" * 5000, "Tower%2F..", "<script>"],
)
def test_unknown_battleland_is_404(client, terrain):
    assert_envelope(client.get(f"/api/v1/battlelands/{terrain}"), 404)


# --- /odds and /compare with values of the right type but out of every range ---------------

BIG = JSON_SAFE_INTEGER


@pytest.mark.skipif(not KERNEL, reason="until the battle kernel is committed")
@pytest.mark.parametrize(
    ("change", "path"),
    [
        pytest.param({"trials": BIG}, "trials", id="trials-2**53"),
        pytest.param({"trials": -BIG}, "trials", id="trials-negative"),
        pytest.param({"land": BIG, "terrain": None}, None, id="land-2**53"),
        pytest.param({"land": -1, "terrain": None}, None, id="land-negative"),
        pytest.param({"entry_side": BIG}, "entry_side", id="entry-side-2**53"),
        pytest.param({"attacker": {"score": BIG, "characters": ["Titan"]}}, None, id="score-2**53"),
        pytest.param(
            {"attacker": {"score": -BIG, "characters": ["Ogre"]}}, None, id="score-negative"
        ),
        pytest.param({"attacker": {"characters": ["x" * 10000]}}, None, id="long-name"),
        pytest.param({"attacker": {"characters": ["Ogre"] * 1000}}, None, id="thousand-ogres"),
        pytest.param({"tactics": {"attacker": "cheat"}}, None, id="unknown-tactic"),
        pytest.param({"summonable": "Titan"}, None, id="summon-a-titan"),
        pytest.param({"variant": "no such variant"}, None, id="unknown-variant"),
        pytest.param({"seed": BIG}, None, id="seed-2**53"),
    ],
)
def test_out_of_range_values_are_answered_without_a_5xx(client, change, path):
    response = client.post("/api/v1/odds", json={**ODDS, **change})
    assert response.status_code < 500, response.get_data(as_text=True)[:300]
    if response.status_code >= 400:
        error = assert_envelope(response, (400, 422))
        if path is not None:
            assert any((d["path"] or "").startswith(path) for d in error["details"]), error


def test_too_many_compare_candidates_are_refused_before_any_battle():
    """Each candidate plays a chunk of Battles between looks at the clock: their number is
    bounded, or one request could outlast the time budget and gunicorn's timeout."""
    body = {
        "terrain": "Plains",
        "legion": {"characters": ["Ogre"]},
        "opponent": {"characters": ["Troll"]},
        "candidates": [["Ogre"]] * (MAX_CANDIDATES + 1),
        "trials": 20,
    }
    app = create_app({"TESTING": True})
    error = assert_envelope(app.test_client().post("/api/v1/compare", json=body), 400)
    assert [d["path"] for d in error["details"]] == ["candidates"]
    body["candidates"] = [["Ogre"]] * MAX_CANDIDATES
    assert app.test_client().post("/api/v1/compare", json=body).status_code == 200


@pytest.mark.skipif(not KERNEL, reason="until the battle kernel is committed")
def test_trials_above_the_maximum_are_refused_with_their_path():
    app = create_app({"TESTING": True, "MAX_TRIALS": 100})
    response = app.test_client().post("/api/v1/odds", json={**ODDS, "trials": 101})
    error = assert_envelope(response, 422)
    assert [d["path"] for d in error["details"]] == ["trials"]
    assert app.test_client().post("/api/v1/odds", json={**ODDS, "trials": 100}).status_code == 200


@pytest.mark.skipif(not KERNEL, reason="until the battle kernel is committed")
def test_time_budget_cuts_the_run_short_and_says_so():
    app = create_app({"TESTING": True, "TIME_BUDGET_SECONDS": 0.0, "MAX_TRIALS": 100_000})
    client = app.test_client()
    answer = client.post("/api/v1/odds", json={**ODDS, "trials": 100_000}).get_json()
    assert answer["truncated"] is True
    assert 0 < answer["trials"] < 100_000
    assert answer["requested_trials"] == 100_000
    total = sum(answer["outcomes"][k]["p"] for k in answer["outcomes"])
    assert total == pytest.approx(1.0)  # the Battles played are reported as a whole


# --- the JSON reader --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "expected"),
    [(1, 0), ([], 1), ({"a": [1, {"b": []}]}, 4), ([[[[]]]], 4), ({"a": 1, "b": {"c": 2}}, 2)],
)
def test_depth_counts_nesting(value, expected):
    assert depth(value) == expected


def test_depth_limit_is_a_setting(client):
    app = create_app({"TESTING": True, "MAX_JSON_DEPTH": 3})
    body = {"position": {"attacker": {"characters": [{"name": "Ogre"}]}}}
    response = app.test_client().post("/api/v1/rules/battle/moves", json=body)
    assert "deeper than 3" in assert_envelope(response, 400)["details"][0]["message"]
    assert client.post("/api/v1/rules/battle/moves", json=body).status_code == 400
    assert "deeper" not in client.post("/api/v1/rules/battle/moves", json=body).get_data(
        as_text=True
    )


def test_largest_safe_integer_is_read(client):
    body = b'{"hex": "D4", "position": ' + str(JSON_SAFE_INTEGER).encode() + b"}"
    response = client.post("/api/v1/rules/battle/moves", data=body, content_type=JSON)
    assert response.status_code == 400  # a position of the wrong type, not an unreadable body
    assert "too large" not in response.get_data(as_text=True)


# --- settings from the environment -----------------------------------------------------


def test_settings_are_read_from_titan_variables_with_their_types():
    read = from_environment(
        {
            "TITAN_MAX_CONTENT_LENGTH": "1024",
            "TITAN_MAX_TRIALS": "500",
            "TITAN_TIME_BUDGET_SECONDS": "2.5",
            "TITAN_CORS_ORIGINS": "https://a.example",
            "OTHER": "ignored",
        }
    )
    assert read == {
        "MAX_CONTENT_LENGTH": 1024,
        "MAX_TRIALS": 500,
        "TIME_BUDGET_SECONDS": 2.5,
        "CORS_ORIGINS": "https://a.example",
    }


@pytest.mark.parametrize(
    ("name", "raw"),
    [("MAX_TRIALS", "many"), ("MAX_CONTENT_LENGTH", "1.5"), ("TIME_BUDGET_SECONDS", "-1")],
)
def test_a_setting_that_does_not_fit_stops_the_start(name, raw):
    with pytest.raises(SettingError, match=f"TITAN_{name}"):
        from_environment({f"TITAN_{name}": raw})


def test_environment_reaches_the_app(monkeypatch):
    monkeypatch.setenv("TITAN_MAX_CONTENT_LENGTH", "2048")
    app = create_app({"TESTING": True})
    assert app.config["MAX_CONTENT_LENGTH"] == 2048
    assert app.config["MAX_TRIALS"] == DEFAULTS["MAX_TRIALS"]


def test_every_setting_is_in_the_readme_with_its_default():

    readme = (ROOT / "README.md").read_text()
    for name in DEFAULTS:
        assert f"`TITAN_{name}`" in readme, name


# --- CORS -------------------------------------------------------------------------------

ORIGIN = "https://club.example"


def test_cors_is_off_by_default(client):
    response = client.get("/api/v1/health", headers={"Origin": ORIGIN})
    assert response.status_code == 200
    assert "Access-Control-Allow-Origin" not in response.headers


@pytest.mark.parametrize(
    ("setting", "origin", "allowed"),
    [
        (ORIGIN, ORIGIN, ORIGIN),
        (f"https://other.example, {ORIGIN}/", ORIGIN, ORIGIN),
        (ORIGIN, "https://evil.example", None),
        ("*", "https://anyone.example", "*"),
    ],
)
def test_cors_allows_only_the_named_origins(setting, origin, allowed):
    client = create_app({"TESTING": True, "CORS_ORIGINS": setting}).test_client()
    response = client.get("/api/v1/health", headers={"Origin": origin})
    assert response.headers.get("Access-Control-Allow-Origin") == allowed


def test_cors_preflight_names_methods_and_headers():
    client = create_app({"TESTING": True, "CORS_ORIGINS": ORIGIN}).test_client()
    response = client.options(
        "/api/v1/odds",
        headers={
            "Origin": ORIGIN,
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "Content-Type",
        },
    )
    assert response.status_code == 204 and not response.data  # no content, as any OPTIONS
    assert response.headers["Access-Control-Allow-Origin"] == ORIGIN
    assert "POST" in response.headers["Access-Control-Allow-Methods"]
    assert "Content-Type" in response.headers["Access-Control-Allow-Headers"]


def test_cors_errors_carry_the_header_too():
    client = create_app({"TESTING": True, "CORS_ORIGINS": ORIGIN}).test_client()
    response = client.post(
        "/api/v1/rules/battle/moves", data=b"nope", content_type=JSON, headers={"Origin": ORIGIN}
    )
    assert response.status_code == 400
    assert response.headers["Access-Control-Allow-Origin"] == ORIGIN
