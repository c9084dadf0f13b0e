"""A clock for the tests of time budgets: it moves only when the code under test plays."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class Clock:
    """A stand-in for ``time.perf_counter``: its time passes only by ``ticking`` calls."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now

    def ticking(self, play: Callable[..., Any], seconds: float) -> Callable[..., Any]:
        """``play``, taking ``seconds`` of this clock at each call."""

        def played(*args: Any, **kwargs: Any) -> Any:
            self.now += seconds
            return play(*args, **kwargs)

        return played
