"""The HTTP API: a Flask app factory (``create_app``) served by gunicorn."""

from api.app import create_app

__all__ = ["create_app"]
