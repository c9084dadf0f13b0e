"""Only as many Battles as the question needs: a precision target and when to stop.

A request may ask for a ``precision``: the largest half-width of the 95% interval it accepts
on any of the four outcomes. The Battles are then played in a fixed schedule of *looks*; at
each look the intervals are computed and play stops if every half-width is within the target.
Looking repeatedly and stopping when the intervals happen to be narrow would break their
95% coverage if each look used the plain 95% interval, so the looks share the 5% error:

- The schedule is fixed before the first Battle, from the precision, the trials cap and
  nothing else: the last look ``N`` is the trials cap, or sooner the number of Battles at
  which the target is met whatever the dice (a Wilson interval's half-width is never more
  than ``z / (2 sqrt(n))``); the earlier looks halve it, ``N/2, N/4, ...``, down to
  ``MIN_LOOK`` Battles. ``K`` looks in all.
- Every look's intervals are Wilson intervals at the level ``1 - 0.05 / K`` (Bonferroni).
  The chance that an outcome's interval misses its true probability at *some* look is at
  most ``K * 0.05 / K = 0.05``, so the interval at whichever look play stops (for the
  precision, at the trials cap, or when the time budget runs out, which does not look at the
  dice) covers it with probability at least 95%, however the stopping depended on the dice.
  The reported ``ci95`` is that interval: a true 95% interval, wider than a plain one.

With ``precision`` absent there is one look, at ``trials``, and the plain 95% intervals, as
before. A request with both plays at most ``trials`` Battles.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import NormalDist

import numpy as np

from simulator.statistics import Z95, wilson_interval

ALPHA = 0.05  # the intervals are 95% intervals
MIN_LOOK = 1_000  # fewest Battles at a look: below it a rare outcome's interval is not worth it
OUTCOMES = 4


def z_for(looks: int, alpha: float = ALPHA) -> float:
    """The two-sided normal quantile of an interval at level 1 - alpha / looks."""
    if looks <= 1:
        return Z95 if alpha == ALPHA else NormalDist().inv_cdf(1 - alpha / 2)
    return NormalDist().inv_cdf(1 - alpha / (2 * looks))


def sure_after(precision: float, z: float, cap: int | None = None) -> int:
    """Battles after which every Wilson half-width is within ``precision``, whatever the
    dice: the half-width is at most z / (2 sqrt(n)); at most ``cap``. Any precision above 0
    is taken: one too fine for any number of Battles (1e-300) is met only at the cap."""
    root = z / (2 * precision)  # inf, not an error, for the finest precisions
    if not math.isfinite(root) or root > 2.0**500:
        if cap is None:
            raise ValueError(f"precision {precision:g} needs more Battles than can be counted")
        return cap
    needed = max(1, math.ceil(root * root))
    return needed if cap is None else min(cap, needed)


def _halvings(last: int, min_look: int) -> tuple[int, ...]:
    looks = [last]
    while looks[-1] // 2 >= min_look:
        looks.append(looks[-1] // 2)
    return tuple(reversed(looks))


@dataclass(frozen=True)
class Plan:
    """The Battle counts at which to look, and the interval quantile every look uses."""

    looks: tuple[int, ...]
    z: float
    precision: float | None

    @classmethod
    def fixed(cls, trials: int) -> Plan:
        """No precision: one look, at ``trials``, with the plain 95% interval."""
        return cls((trials,), Z95, None)

    @classmethod
    def of(cls, trials: int, precision: float | None, min_look: int = MIN_LOOK) -> Plan:
        """The schedule for a trials cap and a precision (the module's docstring)."""
        if precision is None:
            return cls.fixed(trials)
        looks = _halvings(trials, min_look)
        while True:  # fewer looks, a narrower z, a sooner sure end: until nothing changes
            z = z_for(len(looks))
            shorter = _halvings(sure_after(precision, z, cap=trials), min_look)
            if shorter == looks:
                return cls(looks, z, precision)
            looks = shorter

    def reached(self, counts: np.ndarray) -> bool:
        """Is every outcome's interval half-width within the precision? (``counts``: of each
        outcome code, over the Battles played.)"""
        return self.precision is not None and half_width(counts, self.z) <= self.precision


def half_width(counts: np.ndarray, z: float) -> float:
    """The largest half-width of the outcomes' Wilson intervals, (hi - lo) / 2."""
    n = int(counts.sum())
    return max((hi - lo) / 2 for lo, hi in (wilson_interval(int(k), n, z) for k in counts))


def outcome_counts(outcome: np.ndarray) -> np.ndarray:
    """How many Battles ended in each of the four outcomes (codes 0..3)."""
    return np.bincount(outcome.astype(np.intp), minlength=OUTCOMES)[:OUTCOMES]
