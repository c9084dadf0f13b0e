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


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Tests marked ``first`` (a kernel compiled from nothing, minutes long) run first: on
    pytest-xdist's workers they then run beside the others, not after them."""
    items.sort(key=lambda item: item.get_closest_marker("first") is None)  # stable otherwise
