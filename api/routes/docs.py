"""The OpenAPI document of the API and a page to browse and try it (no internet needed)."""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Response, current_app, jsonify

from api.errors import ApiError
from api.openapi import document
from api.requests import documented

bp = Blueprint("docs", __name__, url_prefix="/api/v1")
GUIDE = Path(__file__).resolve().parents[2] / "docs" / "api.md"


@bp.get("/openapi.json")
@documented(summary="This API's OpenAPI 3 document", tag="docs")
def openapi_json() -> Response:
    return jsonify(document(current_app))


@bp.get("/docs/api.md")
def guide() -> Response:
    """The guide for client authors (docs/api.md), as Markdown text."""
    path = GUIDE
    if not path.exists():
        raise ApiError(404, "not_found", "docs/api.md is not beside this service")
    return Response(path.read_text(encoding="utf-8"), mimetype="text/markdown")


@bp.get("/docs")
def page() -> Response:
    """The browsable API (Swagger UI, served from static/vendor)."""
    return current_app.send_static_file("docs.html")
