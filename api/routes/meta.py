"""Health and the page a person opens in a browser."""

from __future__ import annotations

from flask import Blueprint, current_app, jsonify

bp = Blueprint("meta", __name__)


@bp.get("/api/v1/health")
def health():
    return jsonify({"status": "ok"})


@bp.get("/")
def index():
    return current_app.send_static_file("index.html")
