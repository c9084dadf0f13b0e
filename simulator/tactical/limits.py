"""How much a Tactical Titan odds request may ask for (the service's settings default to these)."""

from __future__ import annotations

DEFAULT_FIGHTS = 2_000  # TITAN_TACTICAL_DEFAULT_FIGHTS
MAX_FIGHTS = 100_000  # TITAN_TACTICAL_MAX_FIGHTS
DEFAULT_TURNS = 20  # player turns (4.0): ten of each of two players'
MAX_TURNS = 200  # TITAN_TACTICAL_MAX_TURNS
