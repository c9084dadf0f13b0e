"""A small request several test modules send: one Ogre against one Troll, few Battles, seeded."""

from __future__ import annotations

ODDS = {
    "terrain": "Plains",
    "attacker": {"score": 0, "characters": ["Ogre"]},
    "defender": {"score": 0, "characters": ["Troll"]},
    "trials": 20,
    "seed": 1,
}
