"""Driving the pages in headless Chromium: the browser's arguments and what page tests share.

Debian's headless shell of Chromium (scripts/ensure-browser.sh) is driven by playwright, which
never downloads a browser of its own. A page test module calls ``require_browser()`` first:
without Chromium it is skipped (failed in CI), without playwright skipped. The fixtures (the
app on a loopback port, the browser, a page) are in tests/page/conftest.py.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from urllib.parse import urlencode

import pytest

# Chromium's headless shell (a third of the full browser's CPU for the same pages), else the
# browser itself where a release has no package for the shell (scripts/ensure-browser.sh)
SHELL = Path("/usr/bin/chromium-headless-shell")
CHROMIUM = SHELL if SHELL.exists() else Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
# The first odds request may compile the battle kernel (numba's cache cold): allow for it.
RUN_TIMEOUT_MS = 300_000
ODDS = re.compile(r"/api/v1/odds$")
TRACE = re.compile(r"/api/v1/odds/trace$")
# The widths a player opens the pages at: a laptop and a phone.
WIDE = {"width": 1280, "height": 900}
NARROW = {"width": 390, "height": 844}


def require_browser() -> None:
    """Skip the calling module without a browser to drive (fail in CI without Chromium)."""
    if not CHROMIUM.exists():
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} is missing in CI (scripts/ensure-browser.sh installs it)")
        pytest.skip(
            "headless Chromium is not installed (make test installs it)", allow_module_level=True
        )
    pytest.importorskip("playwright.sync_api")


def open_form(page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("body[data-ready=true]")


def link_to(base_url: str, request: dict, **more: object) -> str:
    """The odds page's shareable link to ``request`` (and a Battle to show: ``battle=i``)."""
    return f"{base_url}/#" + urlencode({"q": json.dumps(request), **more})


def answer_of_link(page, base_url: str, request: dict) -> dict:
    """Open the page's link to ``request`` (it asks at once) and wait for the answer shown."""
    with page.expect_response(ODDS, timeout=RUN_TIMEOUT_MS) as answered:
        open_form(page, link_to(base_url, request))
    page.wait_for_selector("#results[data-state=done]")
    return answered.value.json()


def set_legion(page, side: str, names: list[str]) -> None:
    while page.locator(f"#{side} .characters li").count():
        page.locator(f"#{side} .characters li .remove").first.click()
    for name in names:
        page.select_option(f"#{side}-pick", name)
        page.click(f"#{side} .add")
