"""The reference facts of ../shared/reference, beside the checkout, when present."""

from __future__ import annotations

import json
import os

import pytest

from tests.helpers.paths import ROOT

REFERENCE = ROOT.parent / "shared" / "reference"


def reference(name: str) -> dict:
    """A file of ../shared/reference; in CI its absence is a failure, not a skip."""
    path = REFERENCE / f"{name}.json"
    if not path.exists():
        if os.environ.get("CI"):
            pytest.fail(f"{path} is missing in CI")
        pytest.skip("../shared/reference is not beside this checkout")
    return json.loads(path.read_text())
