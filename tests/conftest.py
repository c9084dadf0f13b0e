"""Shared fixtures: the app, its client, and the reference facts when present."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from api import create_app

REFERENCE = Path(__file__).resolve().parents[2] / "shared" / "reference"


@pytest.fixture
def app():
    return create_app({"TESTING": True})


@pytest.fixture
def client(app):
    return app.test_client()


def reference(name: str) -> dict:
    """A file of ../shared/reference; in CI its absence is a failure, not a skip."""
    path = REFERENCE / f"{name}.json"
    if not path.exists():
        if os.environ.get("CI"):
            pytest.fail(f"{path} is missing in CI")
        pytest.skip("../shared/reference is not beside this checkout")
    return json.loads(path.read_text())
