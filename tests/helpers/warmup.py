"""A stand-in for the kernel's preparation, for the tests of ``api.warmup.Warmup``."""

from __future__ import annotations

import threading
import time


class Gate:
    """A preparation that lasts until the test opens it, and records when it ran."""

    def __init__(self, fail: bool = False):
        self.open = threading.Event()
        self.fail = fail
        self.spans: list[tuple[float, float]] = []

    def __call__(self) -> None:
        began = time.monotonic()
        self.open.wait(10)
        self.spans.append((began, time.monotonic()))
        if self.fail:
            raise RuntimeError("no kernel today")
