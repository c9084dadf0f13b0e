"""Health and the page a person opens in a browser."""

from __future__ import annotations

from flask import Blueprint, Response, current_app
from marshmallow import Schema, fields

from api import warmup
from api.requests import answer, documented
from api.warmup import Kernel

bp = Blueprint("meta", __name__)


class HealthSchema(Schema):
    status = fields.String(metadata={"description": '"ok" whenever the service answers'})
    kernel = fields.String(
        metadata={
            "description": "the battle kernel in the worker that answered: "
            + ", ".join(k.value for k in Kernel)
            + " (odds and compare wait for it while warming)",
            "enum": [k.value for k in Kernel],
        }
    )
    kernel_warming_seconds = fields.Float(
        metadata={"description": "while warming: seconds since the worker started preparing it"}
    )


@bp.get("/api/v1/health")
@documented(
    summary="Whether the service is up, and whether its battle kernel is ready",
    response_schema=HealthSchema,
    tag="meta",
)
def health() -> Response:
    return answer({"status": "ok", **warmup.KERNEL.describe()})


@bp.get("/")
def index() -> Response:
    return current_app.send_static_file("index.html")
