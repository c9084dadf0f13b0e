"""POST /api/v1/odds and POST /api/v1/compare: Engagement odds and muster comparison.

Each body is loaded by its schema into the simulator's request value (400 for its shape),
which the simulator checks against the rules (422) and plays, within the service's settings.
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import Any

from flask import Blueprint, Response, current_app
from marshmallow import ValidationError

from api import admission, warmup
from api.errors import ApiError, error_body
from api.requests import answer, documented, load, parse, through
from api.schemas.odds import (
    BatchRequestSchema,
    BatchResponseSchema,
    CompareRequestSchema,
    CompareResponseSchema,
    OddsRequestSchema,
    OddsResponseSchema,
)
from api.schemas.trace import TraceRequestSchema, TraceResponseSchema
from engine.errors import TitanError
from engine.variants import DEFAULT, TACTICAL
from simulator.batch import batch
from simulator.compare import compare
from simulator.odds import odds
from simulator.story import battle_story

bp = Blueprint("odds", __name__, url_prefix="/api/v1")


def _kernel_ready(*variants: str, search: bool = False) -> None:
    """Wait a little for the kernels the requests' variants play on (the battle kernel's, with
    its search code when a side ``search``es, or Tactical Titan's) that a gunicorn worker is
    still preparing; then a 503."""
    wait = current_app.config["KERNEL_WAIT_SECONDS"]
    kernels = {warmup.TACTICAL if v == TACTICAL else warmup.KERNEL for v in variants}
    if search and warmup.KERNEL in kernels:
        kernels.add(warmup.SEARCH)
    for kernel in kernels:
        kernel.require(wait)


def _turn() -> AbstractContextManager[None]:
    """A simulation's turn in this worker (api.admission)."""
    return admission.turn()


def _limits() -> dict[str, Any]:
    """The service's settings for one simulation request."""
    config = current_app.config
    return {
        "time_budget": config["TIME_BUDGET_SECONDS"],
        "max_trials": config["MAX_TRIALS"],
        "default_trials": config["DEFAULT_TRIALS"],
    }


@bp.post("/odds")
@documented(
    summary="Odds of an Engagement: the Battle played out many times",
    request_schema=OddsRequestSchema,
    response_schema=OddsResponseSchema,
    tag="odds",
)
def post_odds() -> Response:
    request = parse(OddsRequestSchema)
    _kernel_ready(request.variant, search=request.searches)
    with _turn():
        found = odds(request, **_limits())
    return answer(found)


@bp.post("/odds/trace")
@documented(
    summary="One Battle of an odds request told phase by phase, on its Battleland",
    request_schema=TraceRequestSchema,
    response_schema=TraceResponseSchema,
    tag="odds",
)
def post_odds_trace() -> Response:
    request = parse(TraceRequestSchema)
    _kernel_ready(DEFAULT, search=True)  # a traced Battle is played by the search's loop
    with _turn():
        found = battle_story(request, max_trials=current_app.config["MAX_TRIALS"])
    return answer(found)


@bp.post("/odds/batch")
@documented(
    summary="Odds of many Engagements at once, sharing one time budget; each answered or refused",
    request_schema=BatchRequestSchema,
    response_schema=BatchResponseSchema,
    tag="odds",
)
def post_odds_batch() -> Response:
    body = parse(BatchRequestSchema)
    limit = current_app.config["MAX_BATCH"]
    if len(body["engagements"]) > limit:
        raise ApiError(
            422,
            "invalid",
            f"a batch holds at most {limit} engagements, not {len(body['engagements'])}",
            [
                {
                    "path": "engagements",
                    "rule": None,
                    "message": f"at most {limit} (TITAN_MAX_BATCH)",
                }
            ],
        )
    requests: list[Any] = []
    for raw in body["engagements"]:
        try:
            requests.append(load(OddsRequestSchema(), raw))
        except (ValidationError, TitanError) as e:
            requests.append(_Refused(e))
    _kernel_ready(
        *(getattr(r, "variant", DEFAULT) for r in requests),
        search=any(getattr(r, "searches", False) for r in requests),
    )
    with _turn():
        answers = batch(
            [r.error if isinstance(r, _Refused) else r for r in requests],
            common_random_numbers=body["common_random_numbers"],
            **_limits(),
        )
    out = []
    for i, (request, found) in enumerate(zip(requests, answers, strict=True)):
        if isinstance(request, _Refused):
            out.append(error_body(request.cause, f"engagements[{i}]")[1])
        elif isinstance(found, TitanError):
            out.append(error_body(found, f"engagements[{i}]")[1])
        else:
            out.append(through(OddsResponseSchema, found))
    seconds = sum(a.get("seconds", 0.0) for a in out)
    return answer(
        {"answers": out, "common_random_numbers": body["common_random_numbers"], "seconds": seconds}
    )


class _Refused:
    """An engagement of a batch refused by its shape; its error answered in its place."""

    def __init__(self, cause: ValidationError | TitanError):
        self.cause = cause
        self.error = TitanError("refused by its shape")


@bp.post("/compare")
@documented(
    summary="Candidate Legions (or every legal recruit) against one opponent, ranked",
    request_schema=CompareRequestSchema,
    response_schema=CompareResponseSchema,
    tag="odds",
)
def post_compare() -> Response:
    request = parse(CompareRequestSchema)
    _kernel_ready(request.variant, search=request.searches)
    with _turn():
        found = compare(request, **_limits())
    return answer(found)
