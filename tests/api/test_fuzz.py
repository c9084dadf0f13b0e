"""The published contract, both ways: requests generated from the OpenAPI document (valid and
invalid, with schemathesis) are sent to the app in-process, and each answer is judged.

- no 5xx, and every status, header, content type and body as the document publishes it;
- a request the document allows is answered, or refused only by a documented rule: a 422
  whose every detail names its rule (a Legion's composition, a legal position, a land that
  agrees with its terrain: what a schema cannot say); the document's extensions are read as
  the service reads them (``x-any-case``: a name in any case; ``x-below``: an index below
  the count it names);
- a request the document forbids is refused: a 4xx; a batch answers each refused engagement
  in its place, and a validation (of a game state, an Arena table, a map) answers what is
  against the rules ``valid: false``.

The examples per operation are ``FUZZ_EXAMPLES`` (derandomized: the same cases on every run);
``FUZZ_REPORT=path`` judges every case without stopping at the first failure and writes the
tally to that file (tests/README.md).
"""

from __future__ import annotations

import json
import logging
import os
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from jsonschema import ValidationError, validators
from openapi_schema_validator import OAS30Validator
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)
from schemathesis.core import NOT_SET

from api import create_app
from api.errors import MAX_DETAILS
from api.openapi import build_document
from api.schemas import BELOW
from api.schemas.names import ANY_CASE
from simulator.limits import JSON_SAFE_INTEGER

# Small limits keep every generated simulation request quick; the checks are the same.
FUZZ_SETTINGS = {
    "TESTING": True,
    "MAX_TRIALS": 40,
    "DEFAULT_TRIALS": 10,
    "TACTICAL_MAX_FIGHTS": 40,
    "TACTICAL_DEFAULT_FIGHTS": 10,
    "TIME_BUDGET_SECONDS": 0.5,
}
EXAMPLES_PER_OPERATION = int(os.environ.get("FUZZ_EXAMPLES", "10"))
REPORT = os.environ.get("FUZZ_REPORT")

APP = create_app(FUZZ_SETTINGS)
DOCUMENT = build_document(APP)
OPENAPI = "/api/v1/openapi.json"
schema = schemathesis.openapi.from_wsgi(OPENAPI, APP)

BATCH = "/api/v1/odds/batch"
RULE_CODES = frozenset({"rule_violation", "unknown_name"})


def _any_case_enum(validator, enum, instance, schema):
    """``enum`` of a name field marked ``x-any-case``: read without regard to ASCII case, as
    the service reads it (docs/api.md, names)."""
    if schema.get(ANY_CASE) and isinstance(instance, str):
        folded = [e.lower() if isinstance(e, str) else e for e in enum]
        if instance.lower() in folded:
            return
    yield from validators.Draft4Validator.VALIDATORS["enum"](validator, enum, instance, schema)


def _below_properties(validator, properties, instance, schema):
    """``properties``, and an integer marked ``x-below`` under the field it names, when that
    field is given (a trace's Battle among its ``trials``)."""
    yield from OAS30Validator.VALIDATORS["properties"](validator, properties, instance, schema)
    if not isinstance(instance, dict):
        return
    for name, sub in properties.items():
        bound = sub.get(BELOW) if isinstance(sub, dict) else None
        value, limit = instance.get(name), instance.get(bound)
        if bound and isinstance(value, int) and isinstance(limit, int) and value >= limit:
            yield ValidationError(f"{name} {value} is not below {bound} {limit}")


Validator = validators.extend(
    OAS30Validator, {"enum": _any_case_enum, "properties": _below_properties}
)


def _valid(node: dict[str, Any], value: Any) -> bool:
    root = {"allOf": [node], "components": DOCUMENT["components"]}
    return Validator(root).is_valid(value)


def _component(name: str) -> dict[str, Any]:
    return {"$ref": f"#/components/schemas/{name}"}


def request_is_valid(case) -> bool:
    """Whether the case's method, path parameters and body are what the document allows."""
    operation = DOCUMENT["paths"][case.operation.path].get(case.method.lower())
    if operation is None:
        return False  # a method the path does not take
    for parameter in operation.get("parameters", []):
        value = (case.path_parameters or {}).get(parameter["name"], NOT_SET)
        if value is NOT_SET or not _valid(parameter["schema"], value):
            return False
    body = operation.get("requestBody")
    if body is None:
        return True
    sent_as = {k.lower(): v for k, v in (case.headers or {}).items()}.get(
        "content-type", case.media_type
    )
    if case.body is NOT_SET or sent_as != "application/json":
        return False
    if not _within_json(case.body):  # docs/api.md: 400 for any body that holds one
        return False
    return _valid(body["content"]["application/json"]["schema"], case.body)


def _within_json(value: Any) -> bool:
    """No integer beyond what the JSON reader takes (2**53 - 1), even in a free-form object
    (a game state) whose own schema bounds none."""
    if isinstance(value, dict):
        return all(_within_json(v) for v in value.values())
    if isinstance(value, list):
        return all(_within_json(v) for v in value)
    return not isinstance(value, int) or isinstance(value, bool) or abs(value) <= JSON_SAFE_INTEGER


def _rule_refusal(error: dict[str, Any]) -> bool:
    """A refusal the document allows for a request it allows: every detail names its rule
    (but the last of a long list, which counts the rest: api.errors.bounded)."""
    details = error["details"]
    if len(details) == MAX_DETAILS and details[-1]["rule"] is None:
        details = details[:-1]
    return error["code"] in RULE_CODES and all(d.get("rule") for d in details)


def _batch_verdict(case, body: dict[str, Any]) -> str:
    """A batch answered 200: each engagement answered or refused as its own request would be."""
    shape = json.loads(json.dumps(DOCUMENT["components"]["schemas"]["BatchRequest"]))
    shape["properties"]["engagements"]["items"] = {}
    outer_valid = _valid(shape, case.body)
    problems = []
    for i, (sent, got) in enumerate(zip(case.body["engagements"], body["answers"], strict=True)):
        valid = _valid(_component("OddsRequest"), sent)
        error = got.get("error") if isinstance(got, dict) else None
        if not valid and error is None:
            problems.append(f"engagements[{i}] is not a valid odds request but was answered")
        if valid and error is not None and not _rule_refusal(error):
            problems.append(f"engagements[{i}] is a valid odds request but was refused: {error}")
    if not outer_valid:
        return "invalid accepted: the batch itself is not valid"
    return "; ".join(problems) if problems else "accepted"


def judge(case, response) -> tuple[str, str | None]:
    """(the case's category, what is wrong with its answer or None)."""
    valid = request_is_valid(case)
    status = response.status_code
    try:
        body = response.json()
    except ValueError:
        body = None
    path = case.operation.path
    if status >= 500:
        return "server error", f"{status} for {case.method} {path}"
    if case.method == "OPTIONS":  # HTTP's own, on every path: no content, and what it allows
        if status == 204 and "allow" in {k.lower() for k in response.headers}:
            return "options: answered", None
        return "options", f"OPTIONS answered {status} without Allow"
    if status == 200 and path == BATCH and isinstance(case.body, dict):
        verdict = _batch_verdict(case, body)
        if verdict != "accepted":
            return "batch", verdict
        return ("valid" if valid else "invalid") + ": batch answered in parts", None
    if valid:
        if status == 200:
            return "valid: answered", None
        if status == 422 and _rule_refusal(body["error"]):
            return "valid: refused by a rule", None
        return "valid: refused", f"a request the document allows was refused ({status}): {body}"
    if 400 <= status < 500:
        return "invalid: refused", None
    if status == 200 and isinstance(body, dict) and body.get("valid") is False:
        return "invalid: judged against the rules", None
    return "invalid: accepted", f"a request the document forbids was answered {status}: {body}"


TALLY: dict[str, Counter[str]] = {}
FAILURES: list[str] = []


def the_contract_holds(ctx, response, case) -> bool | None:
    """schemathesis check: the request judged against the answer (``judge``)."""
    try:
        category, problem = judge(case, response)
    except Exception as e:  # a judge that cannot read the answer: the answer is at fault
        category, problem = "unreadable", f"{type(e).__name__}: {e}"
    TALLY.setdefault(f"{case.method} {case.operation.path}", Counter())[category] += 1
    if problem is None:
        return True
    if REPORT:
        FAILURES.append(f"{case.method} {case.operation.path}: {problem}\n  {case.body!r:.800}")
        return True
    raise AssertionError(problem)


def envelope_on_failure(ctx, response, case) -> bool | None:
    """Every 4xx is the one error envelope of the API."""
    if response.status_code < 400:
        return None
    body = response.json()
    error = body["error"]
    assert isinstance(error["code"], str) and isinstance(error["message"], str), body
    for detail in error["details"]:
        # an unknown name adds the closest valid names and the valid list
        assert {"path", "rule", "message"} <= set(detail), body
        assert set(detail) <= {"path", "rule", "message", "suggestions", "valid"}, body
    return True


CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    envelope_on_failure,
    the_contract_holds,
]


class Tracebacks(logging.Handler):
    """What the service logs with a traceback, or as an error, while a case is answered: a
    client's mistake logs neither (they are for the service's own faults)."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.records: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.exc_info or record.levelno >= logging.ERROR:
            self.records.append(record.getMessage())


@pytest.fixture(params=sorted(set(DOCUMENT["paths"]) - {OPENAPI}))
def published_path(request):
    """One test a published path, its cases built when it runs: schemathesis builds an
    operation's thousands of coverage cases with its test, which at collection every test
    worker would do for every path (9 s each)."""
    # schemathesis' lazy runner renames the test by the _nodeid that pytest 9 no longer has
    request.node._nodeid = request.node.nodeid
    # and it reads the whole document the fixture gives, whatever that schema's filters
    one_path = schemathesis.openapi.from_dict(
        {**DOCUMENT, "paths": {request.param: DOCUMENT["paths"][request.param]}}
    )
    one_path.app, one_path.location = APP, OPENAPI
    return one_path


@schemathesis.pytest.from_fixture("published_path").parametrize()
@settings(
    max_examples=EXAMPLES_PER_OPERATION,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
    database=None,
)
def test_every_generated_request_is_answered_as_the_document_says(case):
    tracebacks = Tracebacks()
    logging.getLogger().addHandler(tracebacks)
    try:
        response = case.call()
    finally:
        logging.getLogger().removeHandler(tracebacks)
    case.validate_response(response, checks=CHECKS)
    assert not tracebacks.records, f"{case.method} {case.operation.path}: {tracebacks.records}"


@pytest.fixture(autouse=True)
def report():
    """With FUZZ_REPORT, after each operation's cases: the tally so far in that file, and the
    operation's test failed when any of its cases broke the contract."""
    if not REPORT:
        yield
        return
    before = len(FAILURES)
    yield
    tally = {operation: dict(found) for operation, found in sorted(TALLY.items())}
    Path(REPORT).write_text(json.dumps({"tally": tally, "failures": FAILURES}, indent=1))
    assert len(FAILURES) == before, f"{len(FAILURES) - before} cases broke the contract ({REPORT})"


def test_every_published_operation_is_fuzzed():
    fuzzed = {(r.ok().method, r.ok().path) for r in schema.get_all_operations()}
    published = {(m, p) for p, ops in DOCUMENT["paths"].items() for m in ops}
    # the document itself is where schemathesis reads the others from
    assert fuzzed == published - {("get", OPENAPI)}
