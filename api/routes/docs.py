"""The OpenAPI document of the API and a page to browse and try it (no internet needed)."""

from __future__ import annotations

from flask import Blueprint, current_app, jsonify

from api.openapi import document
from api.requests import documented

bp = Blueprint("docs", __name__, url_prefix="/api/v1")


@bp.get("/openapi.json")
@documented(summary="This API's OpenAPI 3 document", tag="docs")
def openapi_json():
    return jsonify(document(current_app))


@bp.get("/docs")
def page():
    """The browsable API (Swagger UI, served from static/vendor)."""
    return current_app.send_static_file("docs.html")
