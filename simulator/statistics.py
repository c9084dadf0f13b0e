"""Statistics of many Battles: proportions with Wilson intervals, distributions, means.

Vectorised numpy over the rows of ``BattleRecords`` (one row per Battle) and
the per-Battle scores of ``simulator.engagement``; the answers are plain
dicts in the field names of the odds API.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from engine.position import Side
from simulator.battles import Outcome
from simulator.engagement import Engagement, ScoredBattles, SideResult

Z95 = 1.959963984540054  # the standard normal quantile of 0.975


def wilson_interval(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion (95% by default).

    Unlike the normal approximation it stays within [0, 1] and is not empty
    when ``successes`` is 0 or ``n``. ``(0, 1)`` when nothing was observed.
    """
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    lo = 0.0 if successes == 0 else max(0.0, centre - half)  # exact ends, no rounding dust
    hi = 1.0 if successes == n else min(1.0, centre + half)
    return lo, hi


def proportion(mask: np.ndarray, z: float = Z95) -> dict[str, Any]:
    """``{"p", "ci95"}`` of a boolean array's True share (``z``: a wider interval that stays a
    95% one when play stopped at one of several looks, simulator.precision)."""
    n = int(mask.size)
    k = int(np.count_nonzero(mask))
    lo, hi = wilson_interval(k, n, z)
    return {"p": k / n if n else 0.0, "ci95": [lo, hi]}


def mean(values: np.ndarray) -> float:
    return float(values.mean()) if values.size else 0.0


def distribution(values: np.ndarray) -> dict[str, float]:
    """``{value: probability}`` of an integer array, keys as JSON strings, ascending."""
    if values.size == 0:
        return {}
    found, counts = np.unique(values, return_counts=True)
    return {str(int(v)): c / values.size for v, c in zip(found, counts, strict=True)}


def survival(alive: np.ndarray, names: Sequence[str]) -> list[dict[str, Any]]:
    """Per character (a column of ``alive``), in the order given: ``{"name", "p"}``."""
    share = alive.mean(axis=0) if alive.shape[0] else np.zeros(alive.shape[1])
    return [{"name": name, "p": float(share[i])} for i, name in enumerate(names)]


def named_counts(codes: np.ndarray, names: Sequence[str]) -> dict[str, float]:
    """``{name: probability}`` of an index array into ``names`` (-1 = none, left out)."""
    n = codes.size
    return {
        names[int(code)]: int(count) / n
        for code, count in zip(*np.unique(codes[codes >= 0], return_counts=True), strict=True)
    }


def survivors_by_name(alive: np.ndarray, names: Sequence[str]) -> list[dict[str, Any]]:
    """Per name, in order of first appearance: how many of its characters survive together,
    ``{"name", "count", "distribution": {survivors: probability}}`` (the joint view the
    per-character survival cannot give: "Ogre x2: both 5%, one 20%, none 75%")."""
    groups: dict[str, list[int]] = {}
    for i, name in enumerate(names):
        groups.setdefault(name, []).append(i)
    return [
        {
            "name": name,
            "count": len(columns),
            "distribution": distribution(alive[:, columns].sum(axis=1)),
        }
        for name, columns in groups.items()
    ]


def side_summary(side: SideResult, names: Sequence[str]) -> dict[str, Any]:
    """One side's answer: survival per character given, survivors, points, Angels, its Titan."""
    given = len(names)
    return {
        "survival": survival(side.survives[:, :given], names),
        "survivors_by_name": survivors_by_name(side.survives[:, :given], names),
        "expected_survivors": mean(side.survivors),
        "expected_points": mean(side.points),
        "points_distribution": distribution(side.points),
        "titan_killed": mean(side.titan_slain),
        "titan_lost": mean(side.titan_lost),
        "has_titan": side.has_titan,
        "angels_gained": {
            "Angel": mean(side.angels),
            "Archangel": mean(side.archangels),
            "any": proportion((side.angels + side.archangels) > 0)["p"],
        },
    }


def summarise(engagement: Engagement, scored: ScoredBattles, z: float = Z95) -> dict[str, Any]:
    """The statistics of the odds answer (DESIGN: POST /api/v1/odds); ``z`` of the outcomes'
    intervals."""
    outcome = scored.outcome
    attacker = side_summary(scored.attacker, engagement.columns(Side.ATTACKER))
    defender = side_summary(scored.defender, engagement.columns(Side.DEFENDER))
    lord = engagement.spec.summonable
    attacker["summoned"] = {
        "name": lord,
        "p": mean(scored.summoned),
        "survives": mean(scored.attacker.survives[:, -1]),
    }
    defender["reinforcement"] = {
        "p": mean(scored.reinforcement >= 0),
        "by_name": named_counts(scored.reinforcement, scored.reinforcement_names),
        "survives": mean(scored.defender.survives[:, -1]),
    }
    return {
        "outcomes": {
            "attacker_wins": proportion(outcome == Outcome.ATTACKER_WINS, z),
            "defender_wins": proportion(outcome == Outcome.DEFENDER_WINS, z),
            "mutual_elimination": proportion(outcome == Outcome.MUTUAL, z),
            "time_loss": proportion(outcome == Outcome.TIME_LOSS, z),
        },
        "attacker": attacker,
        "defender": defender,
        "rounds": distribution(scored.rounds),
    }
