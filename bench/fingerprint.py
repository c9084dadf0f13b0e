"""The play's fingerprint: a digest of the Battles a set of engagements plays for fixed
seeds, so that a change meant to make the kernel faster can be shown to change no Battle.

``python -m bench.fingerprint`` prints each engagement's digest; ``--write`` stores them
in tests/data/play_fingerprint.json, which tests/simulator/test_play_fingerprint.py holds the
kernel to. Regenerate it (and say why in the commit) only when the play changes on purpose: the
rules, a tactic's weights or terms, the default's choice of styles.
"""

from __future__ import annotations

import argparse
import hashlib
import json
from pathlib import Path

import numpy as np

STORE = Path(__file__).resolve().parent.parent / "tests" / "data" / "play_fingerprint.json"
MIRROR = ["Troll", "Troll", "Ogre", "Ogre", "Lion", "Lion", "Centaur"]

# name: (request as /odds takes it, (seed, first Battle, Battles) runs)
CASES = {
    "plains-7v7-balanced": (
        {"terrain": "Plains", "attacker": {"characters": MIRROR},
         "defender": {"characters": MIRROR},
         "tactics": {"attacker": "balanced", "defender": "balanced"}},
        ((3, 0, 600), (11, 977, 300)),
    ),
    "tower-titans-defensive": (
        {"terrain": "Tower",
         "attacker": {"score": 300, "characters": ["Titan", "Angel", "Troll", "Troll", "Lion",
                                                   "Lion", "Ranger"]},
         "defender": {"score": 250, "characters": ["Titan", "Guardian", "Warlock", "Warlock",
                                                   "Gargoyle", "Gargoyle", "Ogre"]},
         "tactics": {"attacker": "aggressive", "defender": "defensive"}},
        ((5, 0, 400),),
    ),
    "swamp-natives-ranged-reinforced": (
        {"terrain": "Swamp", "attacker": {"characters": ["Troll", "Ogre", "Ranger"]},
         "defender": {"characters": ["Serpent", "Ogre", "Troll"]},
         "tactics": {"attacker": "ranged", "defender": "steadfast"}},
        ((7, 0, 600),),
    ),
    "jungle-titan-summons-default": (
        {"terrain": "Jungle", "attacker": {"characters": ["Titan", "Troll", "Troll", "Ogre"]},
         "defender": {"characters": ["Ogre", "Ogre", "Centaur"]}, "summonable": "Angel"},
        ((9, 0, 500),),
    ),
    "hills-titan-patient": (
        {"terrain": "Hills",
         "attacker": {"score": 200, "characters": ["Titan", "Ogre", "Ogre", "Minotaur", "Lion",
                                                   "Lion"]},
         "defender": {"characters": ["Ogre", "Ogre", "Minotaur", "Minotaur", "Unicorn",
                                     "Ranger"]},
         "tactics": {"attacker": "patient", "defender": "steadfast"}},
        ((15, 0, 400),),
    ),
    "desert-1v1-lookahead": (
        {"terrain": "Desert", "attacker": {"characters": ["Hydra"]},
         "defender": {"characters": ["Griffon"]},
         "tactics": {"attacker": "lookahead", "defender": "balanced"}},
        ((13, 0, 20),),
    ),
}  # fmt: skip


def digest(request: dict, runs) -> str:
    """sha256 of every record of every Battle of the runs."""
    from simulator.battles import play
    from simulator.odds import prepare

    spec = prepare({**request, "trials": 1}).engagement.spec
    h = hashlib.sha256()
    for seed, first, n in runs:
        r = play(spec, n, seed, first)
        for part in (r.outcome, r.rounds, r.attacker_alive, r.defender_alive, r.summoned,
                     r.reinforcement, r.titan_slain):  # fmt: skip
            h.update(np.ascontiguousarray(part).tobytes())
    return h.hexdigest()


def fingerprint() -> dict[str, str]:
    return {name: digest(request, runs) for name, (request, runs) in CASES.items()}


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.fingerprint", description=__doc__)
    parser.add_argument("--write", action="store_true", help=f"store them in {STORE.name}")
    args = parser.parse_args(argv)
    found = fingerprint()
    for name, value in found.items():
        print(f"{name:<36}{value}")
    if args.write:
        STORE.parent.mkdir(parents=True, exist_ok=True)
        STORE.write_text(json.dumps(found, indent=1) + "\n")


if __name__ == "__main__":
    main()
