"""The pages' fixtures: the app served on a free loopback port, headless Chromium, a page that
records every request leaving the loopback server and every script error (the pages work
with no internet)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest

from tests.helpers.browser import CHROMIUM, CHROMIUM_ARGS, NARROW, WIDE


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    from werkzeug.serving import make_server

    from api import create_app

    app = create_app({"TESTING": True, "TIME_BUDGET_SECONDS": 120.0})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(timeout=10)


@pytest.fixture(scope="session")
def browser():
    """One Chromium a test process (each page has a fresh context): a launch costs nearly two
    seconds of a core, which every page module started again."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


def watched(browser, base_url: str, viewport: dict):
    """A page in a fresh context of ``viewport``, recording requests off the loopback server
    (``page.outside``) and script errors (``page.script_errors``)."""
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    page.outside, page.script_errors = [], []
    server = urlsplit(base_url).netloc

    def watch(request):
        url = urlsplit(request.url)
        if url.scheme in ("http", "https", "ws", "wss") and url.netloc != server:
            page.outside.append(request.url)

    page.on("request", watch)
    page.on("pageerror", lambda error: page.script_errors.append(str(error)))
    return context, page


@pytest.fixture
def page(browser, base_url):
    context, page = watched(browser, base_url, {"width": 1200, "height": 900})
    yield page
    context.close()


@pytest.fixture(params=[WIDE, NARROW], ids=["1280px", "390px"])
def sized_page(request, browser, base_url):
    """A page at a laptop's width and at a phone's (``page.viewport_size``)."""
    context, page = watched(browser, base_url, request.param)
    yield page
    context.close()
