"""Other plans a Tactical Titan player may follow: the default tactic's weights changed.

Each style is a row of ``Start.style`` (``simulator.tactical.policy.DEFAULT_STYLE`` with some
weights changed); a fight may give each player its own. They exist to measure the default
against (``bench.tactical_styles``, ``make bench-tactics``): a style that wins more for a side
than the default does, on engagements nobody tuned the default for, is a gap in the default.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType

import numpy as np

from simulator.tactical import tables
from simulator.tactical.policy import DEFAULT_STYLE
from simulator.tactical.state import (
    K_ADVANCE,
    K_BEHIND,
    K_ENGAGE,
    K_HEAL_NEAR,
    K_LINE,
    K_OUT_OF_REACH,
    K_RANGE,
    K_REST,
)

STYLES: Mapping[str, Mapping[int, float]] = MappingProxyType(
    {
        "default": {},
        "bold_titan": {K_OUT_OF_REACH: 0.0},  # the Titan fights in the line
        "headlong": {K_ADVANCE: 10.0, K_ENGAGE: 12.0},  # closes at once, wherever it strikes
        "patient": {K_ADVANCE: 1.5, K_ENGAGE: 1.0},  # lets the enemy come
        "no_rest": {K_REST: 0.0},  # the hurt stay in the fight
        "healers_forward": {K_BEHIND: 0.0, K_HEAL_NEAR: 0.0},  # healers fight as the rest
        "rangers_close": {K_RANGE: 0.0},  # rangestrikers close in as the rest
        "all_in": {K_LINE: 8.0},  # no line to keep behind: Titans and healers fight as the rest
    }
)


def style_row(name: str) -> np.ndarray:
    """The weights of a style (a ``KeyError`` names an unknown one)."""
    row = DEFAULT_STYLE.copy()
    for knob, value in STYLES[name].items():
        row[knob] = value
    return row


def with_styles(setup: tables.Setup, styles: Mapping[int, str]) -> tables.Setup:
    """The setup with player ``q`` (its index in the state) playing ``styles[q]``, the others
    as before."""
    rows = setup.start.style.copy()
    for q, name in styles.items():
        rows[q] = style_row(name)
    return replace(setup, start=setup.start._replace(style=rows))
