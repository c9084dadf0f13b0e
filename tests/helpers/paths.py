"""Where the tests find the checkout's own files, wherever a test module lives."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]  # the checkout: tests/helpers/paths.py
