"""POST /api/v1/odds and POST /api/v1/compare: Engagement odds and muster comparison."""

from __future__ import annotations

import logging
from typing import Any

from flask import Blueprint, current_app, jsonify

from api.errors import ApiError
from api.requests import documented, parse
from api.schemas.odds import (
    CompareRequestSchema,
    CompareResponseSchema,
    OddsRequestSchema,
    OddsResponseSchema,
)
from engine.errors import TitanError
from engine.position import BattlePosition
from simulator.compare import compare
from simulator.odds import odds, warm_up, warm_up_in_subprocess

log = logging.getLogger(__name__)
bp = Blueprint("odds", __name__, url_prefix="/api/v1")


def _limits(body: dict[str, Any]) -> dict[str, Any]:
    """The service's settings for one simulation request."""
    config = current_app.config
    if body.get("trials") is None:
        body["trials"] = config["DEFAULT_TRIALS"]
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
    return jsonify(odds(body, **_limits(body)))


@bp.post("/compare")
@documented(
    summary="Candidate Legions (or every legal recruit) against one opponent, ranked",
    request_schema=CompareRequestSchema,
    response_schema=CompareResponseSchema,
    tag="odds",
)
def post_compare():
    body = parse(CompareRequestSchema)
    return jsonify(compare(body, **_limits(body)))


def warm_up_when_served(app) -> None:
    """Under gunicorn, fill numba's cache before the workers fork (factory, ``preload_app``).

    The master never runs the kernel itself: a parallel kernel's thread pool
    does not survive ``fork`` (GNU OpenMP aborts the child), so a fresh
    subprocess compiles it and writes numba's cache; each worker then loads it
    in ``warm_up_worker`` (gunicorn's ``post_fork``). Tests and the
    development server skip all this.
    """
    import sys

    if app.testing or "gunicorn" not in sys.modules:
        return
    try:
        seconds = warm_up_in_subprocess()
    except Exception:  # the service still starts; workers then compile on first use
        log.exception("warming the battle kernel failed")
        return
    log.info("kernel compiled or found in numba's cache in %.1f s", seconds)


def warm_up_worker() -> None:
    """In a freshly forked worker: load the compiled kernel before the first request."""
    try:
        seconds = warm_up()
    except Exception:  # serve anyway; the first odds request then loads the kernel
        log.exception("loading the battle kernel in the worker failed")
        return
    log.info("worker ready: kernel loaded in %.1f s", seconds)
