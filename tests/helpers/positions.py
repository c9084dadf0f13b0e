"""A Battle position as the API takes it (JSON): the attacker's Maneuver Phase of turn 2 in the
Desert, its Angel not yet on the Battleland; the requests of the rules endpoints change it."""

from __future__ import annotations

POSITION = {
    "terrain": "Desert", "entry_side": 1, "turn": 2, "phase": "maneuver",
    "active": "attacker",
    "attacker": {"score": 0, "characters": [
        {"name": "Ogre", "hex": "E2", "hits": 2},
        {"name": "Angel", "hex": None, "hits": 0},
    ]},
    "defender": {"score": 0, "characters": [
        {"name": "Lion", "hex": "C3", "hits": 0},
        {"name": "Hydra", "hex": "E1", "hits": 0},
    ]},
    "summon_used": False, "reinforcement_used": False,
}  # fmt: skip
