"""Legion Markers (4.2, 4.6, 4.7): six colours, each a numbered set; named like ``Rd01``."""

from __future__ import annotations

import re
from collections.abc import Mapping
from types import MappingProxyType

# The player colours and the two letters of their markers, as other Titan clients name them.
PREFIXES: Mapping[str, str] = MappingProxyType(
    {"Black": "Bk", "Blue": "Bu", "Brown": "Br", "Gold": "Gd", "Green": "Gr", "Red": "Rd"}
)
COLOURS: Mapping[str, str] = MappingProxyType({p: c for c, p in PREFIXES.items()})
# two letters and two ASCII digits, nothing more (a digit of another script is no marker's)
_MARKER = re.compile(r"([A-Z][a-z])([0-9]{2})")


def marker_colour(marker: str) -> str | None:
    """The colour a marker belongs to, or None when it names no marker of the game."""
    match = _MARKER.fullmatch(marker)
    return COLOURS.get(match.group(1)) if match else None


def marker_number(marker: str) -> int | None:
    match = _MARKER.fullmatch(marker)
    return int(match.group(2)) if match else None


def markers_of(colour: str, count: int) -> tuple[str, ...]:
    """The set of ``count`` markers of a colour (12, or 8 in TITANplus: 4.2, 21.3)."""
    return tuple(f"{PREFIXES[colour]}{n:02d}" for n in range(1, count + 1))


def is_marker(marker: str, markers_per_player: int) -> bool:
    number = marker_number(marker)
    return (
        marker_colour(marker) is not None
        and number is not None
        and (1 <= number <= markers_per_player)
    )
