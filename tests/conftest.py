"""Shared fixtures: the app and its client."""

from __future__ import annotations

import pytest

from api import create_app


@pytest.fixture
def app():
    return create_app({"TESTING": True})


@pytest.fixture
def client(app):
    return app.test_client()
