"""POST /api/v1/odds and POST /api/v1/compare: Engagement odds and muster comparison."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, current_app

from api import warmup
from api.errors import ApiError
from api.requests import answer, documented, parse
from api.schemas.odds import (
    CompareRequestSchema,
    CompareResponseSchema,
    OddsRequestSchema,
    OddsResponseSchema,
)
from engine.errors import TitanError
from engine.position import BattlePosition
from simulator.compare import compare
from simulator.odds import odds

bp = Blueprint("odds", __name__, url_prefix="/api/v1")


def _kernel_ready() -> None:
    """Wait a little for a kernel that a gunicorn worker is still preparing; then a 503."""
    if warmup.KERNEL.wait(current_app.config["KERNEL_WAIT_SECONDS"]):
        return
    raise ApiError(
        503,
        "kernel_warming",
        "the battle kernel is being prepared (about a minute after an install): try again"
        f" in {warmup.RETRY_AFTER_SECONDS} s; /api/v1/health says when it is ready",
        headers={"Retry-After": str(warmup.RETRY_AFTER_SECONDS)},
    )


def _limits(body: dict[str, Any]) -> dict[str, Any]:
    """The service's settings for one simulation request."""
    config = current_app.config
    if body.get("trials") is None:  # with a precision: as many as it takes, up to the limit
        body["trials"] = config["MAX_TRIALS" if body.get("precision") else "DEFAULT_TRIALS"]
    return {"time_budget": config["TIME_BUDGET_SECONDS"], "max_trials": config["MAX_TRIALS"]}


def _position(raw: Any) -> BattlePosition | None:
    """The optional battle position as a value (its names are checked by the engine: 422)."""
    if raw is None or isinstance(raw, BattlePosition):
        return raw
    try:
        return BattlePosition.from_dict(raw)
    except TitanError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as e:
        raise ApiError(
            400,
            "malformed",
            "the position does not have the expected shape",
            [{"path": "position", "rule": None, "message": str(e)}],
        ) from None


@bp.post("/odds")
@documented(
    summary="Odds of an Engagement: the Battle played out many times",
    request_schema=OddsRequestSchema,
    response_schema=OddsResponseSchema,
    tag="odds",
)
def post_odds():
    body = parse(OddsRequestSchema)
    body["position"] = _position(body.get("position"))
    _kernel_ready()
    return answer(odds(body, **_limits(body)))


@bp.post("/compare")
@documented(
    summary="Candidate Legions (or every legal recruit) against one opponent, ranked",
    request_schema=CompareRequestSchema,
    response_schema=CompareResponseSchema,
    tag="odds",
)
def post_compare():
    body = parse(CompareRequestSchema)
    _kernel_ready()
    return answer(compare(body, **_limits(body)))
