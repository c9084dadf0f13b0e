"""A small Python client of the HTTP API (standard library only).

    from api.client import TitanClient, ServiceError

    client = TitanClient("http://127.0.0.1:8000", timeout=60)
    answer = client.odds({"terrain": "Plains",
                          "attacker": {"score": 120, "characters": ["Titan", "Ogre"]},
                          "defender": {"score": 40, "characters": ["Troll", "Troll"]},
                          "trials": 10000, "seed": 1})
    print(answer["outcomes"]["attacker_wins"]["p"])

Answers are the JSON documents of docs/api.md, as dicts. A refusal raises
``ServiceError`` carrying the error envelope (status, code, message, details);
a 503 (the battle kernel still being prepared) is asked again after its
``Retry-After`` seconds, a few times, before ``ServiceUnavailable`` is raised;
a service that cannot be reached raises ``ServiceUnreachable``.
"""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Mapping, Sequence
from typing import Any

DEFAULT_URL = "http://127.0.0.1:8000"


class ServiceError(Exception):
    """A request the service refused: the HTTP status and its error envelope."""

    def __init__(self, status: int, envelope: Mapping[str, Any]):
        error = envelope.get("error", {}) if isinstance(envelope, Mapping) else {}
        self.status = status
        self.envelope = dict(envelope) if isinstance(envelope, Mapping) else {}
        self.code: str = error.get("code", "unknown")
        self.message: str = error.get("message", f"HTTP {status}")
        self.details: list[dict[str, Any]] = list(error.get("details", []))
        super().__init__(f"{status} {self.code}: {self.message}")


class ServiceUnavailable(ServiceError):
    """503 after every retry: the battle kernel is still being prepared (or the service is
    overloaded); ``retry_after`` is the last wait the service asked for, in seconds."""

    def __init__(self, status: int, envelope: Mapping[str, Any], retry_after: float):
        super().__init__(status, envelope)
        self.retry_after = retry_after


class ServiceUnreachable(ServiceError):
    """No answer: the address is wrong, the service is down, or the timeout passed."""

    def __init__(self, url: str, reason: object):
        super().__init__(
            0, {"error": {"code": "unreachable", "message": f"{url}: {reason}", "details": []}}
        )


class TitanClient:
    """The service at ``url``; ``timeout`` seconds per HTTP request; up to ``retries`` more
    tries after a 503, each after its Retry-After (at most ``max_wait`` seconds)."""

    def __init__(
        self,
        url: str = DEFAULT_URL,
        *,
        timeout: float = 60.0,
        retries: int = 5,
        max_wait: float = 30.0,
        sleep: Callable[[float], None] = time.sleep,
    ):
        self.url = url.rstrip("/")
        self.timeout = timeout
        self.retries = retries
        self.max_wait = max_wait
        self._sleep = sleep

    # --- the API ---------------------------------------------------------------

    def health(self) -> dict[str, Any]:
        return self._call("GET", "/api/v1/health")

    def document(self) -> dict[str, Any]:
        """The service's OpenAPI document."""
        return self._call("GET", "/api/v1/openapi.json")

    def odds(self, request: Mapping[str, Any]) -> dict[str, Any]:
        """POST /api/v1/odds: the odds of one Engagement."""
        return self._call("POST", "/api/v1/odds", request)

    def trace(self, request: Mapping[str, Any]) -> dict[str, Any]:
        """POST /api/v1/odds/trace: one Battle of an odds request (``battle``: its index),
        told phase by phase."""
        return self._call("POST", "/api/v1/odds/trace", request)

    def odds_batch(
        self, engagements: Sequence[Mapping[str, Any]], *, common_random_numbers: bool = False
    ) -> list[dict[str, Any] | ServiceError]:
        """POST /api/v1/odds/batch: one answer per Engagement, in order; a refused one is a
        ``ServiceError`` (status 422 or 400) in its place, not raised."""
        body = {"engagements": list(engagements), "common_random_numbers": common_random_numbers}
        answers = self._call("POST", "/api/v1/odds/batch", body)["answers"]
        return [
            ServiceError(400 if a["error"]["code"] == "malformed" else 422, a)
            if "error" in a
            else a
            for a in answers
        ]

    def arena(self, question: str, request: Mapping[str, Any]) -> dict[str, Any]:
        """POST /api/v1/arena/odds or /api/v1/arena/advice (``question``: odds, advice)."""
        if question not in ("odds", "advice", "validate"):
            raise ValueError(f"no Arena question {question!r}")
        return self._call("POST", f"/api/v1/arena/{question}", request)

    def compare(self, request: Mapping[str, Any]) -> dict[str, Any]:
        """POST /api/v1/compare: candidate Legions ranked."""
        return self._call("POST", "/api/v1/compare", request)

    def masterboard_moves(self, request: Mapping[str, Any]) -> list[dict[str, Any]]:
        """POST /api/v1/rules/masterboard/moves: each move's land, entry side and teleport."""
        answer = self._call("POST", "/api/v1/rules/masterboard/moves", request)
        moves: list[dict[str, Any]] = answer["moves"]
        return moves

    def recruits(self, request: Mapping[str, Any]) -> list[dict[str, Any]]:
        answer = self._call("POST", "/api/v1/rules/recruits", request)
        recruits: list[dict[str, Any]] = answer["recruits"]
        return recruits

    def validate(
        self, state: Mapping[str, Any], action: Mapping[str, Any] | None = None
    ) -> dict[str, Any]:
        return self._call("POST", "/api/v1/validate", {"state": state, "action": action})

    # --- HTTP ------------------------------------------------------------------

    def _call(self, method: str, path: str, body: Any = None) -> dict[str, Any]:
        """The answer, a JSON object (every answer of the API is one)."""
        data = None if body is None else json.dumps(body).encode()
        tries = 0
        while True:
            status, headers, answer = self._send(method, path, data)
            if status < 400:
                found: dict[str, Any] = answer
                return found
            if status == 503 and tries < self.retries:
                tries += 1
                self._sleep(min(_retry_after(headers), self.max_wait))
                continue
            if status == 503:
                raise ServiceUnavailable(status, answer, _retry_after(headers))
            raise ServiceError(status, answer)

    def _send(self, method: str, path: str, data: bytes | None) -> tuple[int, Any, Any]:
        request = urllib.request.Request(
            self.url + path,
            data=data,
            method=method,
            headers={"Content-Type": "application/json", "Accept": "application/json"},
        )
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                return response.status, response.headers, _json(response.read())
        except urllib.error.HTTPError as e:
            return e.code, e.headers, _json(e.read())
        except (urllib.error.URLError, TimeoutError, ConnectionError) as e:
            raise ServiceUnreachable(self.url, getattr(e, "reason", e)) from None


def _json(raw: bytes) -> Any:
    try:
        return json.loads(raw) if raw else {}
    except ValueError:
        return {"error": {"code": "not_json", "message": raw[:200].decode(errors="replace")}}


def _retry_after(headers: Any) -> float:
    try:
        return max(0.0, float(headers.get("Retry-After", 1)))
    except (TypeError, ValueError):
        return 1.0
