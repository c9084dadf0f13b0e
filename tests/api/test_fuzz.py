"""Schema-driven fuzzing: requests generated from the OpenAPI document, valid and invalid,
sent to the app in-process; none may answer a 5xx, and every failure is the error envelope."""

from __future__ import annotations

import importlib.util
import logging

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error

from api import create_app

# Small limits keep every generated simulation request quick; the checks are the same.
FUZZ_SETTINGS = {
    "TESTING": True,
    "MAX_TRIALS": 40,
    "DEFAULT_TRIALS": 10,
    "TIME_BUDGET_SECONDS": 0.5,
}
EXAMPLES_PER_OPERATION = 30

APP = create_app(FUZZ_SETTINGS)
schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", APP)
if importlib.util.find_spec("simulator.battles") is None:
    # /odds and /compare answer only once the battle kernel is part of the package.
    schema = schema.exclude(path_regex=r"^/api/v1/(odds|compare)$")


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


@schema.parametrize()
@settings(
    max_examples=EXAMPLES_PER_OPERATION,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
def test_no_server_error_for_any_generated_request(case):
    logging.disable(logging.CRITICAL)  # an unexpected error is reported by the check instead
    try:
        response = case.call()
    finally:
        logging.disable(logging.NOTSET)
    case.validate_response(response, checks=[not_a_server_error, envelope_on_failure])


def test_every_rule_query_and_data_endpoint_is_fuzzed():
    fuzzed = {(r.ok().method, r.ok().path) for r in schema.get_all_operations()}
    for expected in [
        ("get", "/api/v1/characters"),
        ("get", "/api/v1/battlelands/{terrain}"),
        ("post", "/api/v1/rules/battle/moves"),
    ]:
        assert expected in fuzzed
