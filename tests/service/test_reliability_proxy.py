"""The production recipe: Debian's nginx with deploy/nginx/titan-odds.conf in front of gunicorn.

Both real servers run on free loopback ports (the recipe's two "test:" lines changed, nothing
else): slow and idle clients stop at nginx, two of the largest simulations leave health quick,
and whatever nginx refuses itself (a body too large, too many requests from one address,
malformed framing, headers too large, the service down) is the service's JSON envelope.
nginx comes from scripts/ensure-nginx.sh (`make test` runs it); without it these tests skip,
and fail in CI.
"""

from __future__ import annotations

import os
import threading
import time

import pytest

from bench.probes import (
    LARGEST_COMPARE,
    NGINX,
    Gunicorn,
    Hold,
    Nginx,
    Poll,
    call,
    free_port,
    json_of,
    raw,
    status_of,
)
from tests.helpers.bodies import ODDS
from tests.helpers.servers import HOLD_SECONDS, QUICK_ENOUGH

pytestmark = pytest.mark.slow

if not NGINX.exists():
    if os.environ.get("CI"):
        pytest.fail(f"{NGINX} is missing in CI (scripts/ensure-nginx.sh installs it)")
    pytest.skip("no nginx here (scripts/ensure-nginx.sh installs it)", allow_module_level=True)


@pytest.fixture(scope="module")
def gunicorn(tmp_path_factory):
    log = tmp_path_factory.mktemp("gunicorn") / "gunicorn.log"
    with Gunicorn(log, WEB_CONCURRENCY="2", TITAN_TIME_BUDGET_SECONDS="4") as running:
        running.wait_warm(2)
        yield running


@pytest.fixture(scope="module")
def proxy(gunicorn, tmp_path_factory):
    with Nginx(tmp_path_factory.mktemp("nginx"), upstream_port=gunicorn.port) as running:
        yield running


def assert_envelope(answer: bytes, status: int, code: str | None = None) -> dict:
    assert status_of(answer) == status, answer[:400]
    assert b"\r\nContent-Type: application/json" in answer, answer[:400]
    error = json_of(answer)["error"]
    assert set(error) == {"code", "message", "details"}
    if code is not None:
        assert error["code"] == code
    return error


def test_the_service_answers_through_the_proxy_with_its_own_errors(proxy):
    answer = call(proxy.port, "/api/v1/health")
    assert answer.status == 200 and answer.json()["status"] == "ok"
    assert answer.headers["server"] == "nginx"  # no version
    missing = call(proxy.port, "/api/v1/nothing")
    assert missing.status == 404 and missing.json()["error"]["code"] == "not_found"  # the app's
    answer = call(proxy.port, "/api/v1/odds", ODDS)
    assert answer.status == 200, answer.body[:300]


def test_idle_and_trickling_clients_stop_at_the_proxy(proxy):
    with (
        Poll(proxy.port, interval=0.1, timeout=10) as poll,
        Hold(proxy.port, 8, "idle", interval=0.5),
        Hold(proxy.port, 8, "headers", interval=0.5),
        Hold(proxy.port, 8, "body", interval=0.5),
    ):
        time.sleep(HOLD_SECONDS)
    for name, series in poll.series.items():
        assert not series.errors, (name, series.errors[:3])
        assert series.worst < QUICK_ENOUGH, (name, series.summary())


def test_two_of_the_largest_simulations_leave_health_quick_through_the_proxy(proxy):
    answers = []

    def simulate():
        answers.append(call(proxy.port, "/api/v1/compare", LARGEST_COMPARE, timeout=60))

    threads = [threading.Thread(target=simulate) for _ in range(2)]
    with Poll(proxy.port, interval=0.1, timeout=10) as poll:
        time.sleep(0.3)
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
    assert [a.status for a in answers] == [200, 200], [a.body[:200] for a in answers]
    for name, series in poll.series.items():
        assert not series.errors, (name, series.errors[:3])
        # one waiting behind a simulation would take its whole budget (QUICK_ENOUGH says more)
        assert series.worst < QUICK_ENOUGH, (name, series.summary())


def test_too_many_simulations_from_one_address_are_429_with_retry_after(proxy):
    """Counted by nginx before gunicorn sees them: requests the app refuses at once (400) count
    as much as simulations, and keep the test quick on a slow machine."""
    statuses, refused = [], None
    for _ in range(40):
        answer = call(proxy.port, "/api/v1/odds", {"trials": "many"})
        statuses.append(answer.status)
        if answer.status == 429:
            refused = answer
            break
    assert refused is not None, statuses
    assert statuses.count(400) >= 10  # the burst the recipe allows
    assert refused.json()["error"]["code"] == "too_many_requests"
    assert int(refused.headers["retry-after"]) >= 1
    assert call(proxy.port, "/api/v1/health").status == 200  # other requests have their own rate
    time.sleep(1.5)  # the rate refills
    assert call(proxy.port, "/api/v1/odds", ODDS).status == 200


def test_a_body_over_the_limit_is_413_from_the_proxy(proxy):
    answer = call(proxy.port, "/api/v1/validate", b'{"x": "' + b"a" * 300_000 + b'"}')
    assert answer.status == 413
    assert answer.json()["error"]["code"] == "too_large"


CHUNKED = (
    b"POST /api/v1/validate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
    b"Transfer-Encoding: chunked\r\n\r\n"
)
REFUSED_BY_THE_PROXY = {
    "chunk-size-zz": (CHUNKED + b"zz\r\n{}\r\n0\r\n\r\n", 400),
    "chunk-size-negative": (CHUNKED + b"-5\r\n{}\r\n0\r\n\r\n", 400),
    "chunk-missing-crlf": (CHUNKED + b"2\r\n{}0\r\n\r\n", 400),
    "chunk-size-huge": (CHUNKED + b"ffffffffffffffffff\r\n{}", 400),
    "not-http": (b"HELLO\r\n\r\n", 400),
    "http-2-on-1": (b"GET /api/v1/health HTTP/2.0\r\nHost: x\r\n\r\n", 505),
    "long-line": (b"GET /" + b"a" * 9000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", 414),
    "long-header": (
        b"GET /api/v1/health HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 9000 + b"\r\n\r\n",
        431,
    ),
    "cl-and-te": (
        b"POST /api/v1/validate HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n"
        b"Transfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n",
        400,
    ),
}


@pytest.mark.parametrize("name", sorted(REFUSED_BY_THE_PROXY))
def test_what_the_proxy_refuses_is_json(proxy, name):
    data, status = REFUSED_BY_THE_PROXY[name]
    answer = raw(proxy.port, data)
    assert_envelope(answer, status)


def test_the_service_down_is_503_with_retry_after(tmp_path):
    with Nginx(tmp_path / "nginx", upstream_port=free_port()) as alone:
        answer = call(alone.port, "/api/v1/health")
    assert answer.status == 503
    assert answer.json()["error"]["code"] == "unavailable"
    assert int(answer.headers["retry-after"]) >= 1
