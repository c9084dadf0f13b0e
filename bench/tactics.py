"""``make bench-tactics``: the tactics played against each other on a suite of engagements.

Prints, over a suite covering every Battleland, sizes 1v1 to 7v7, Titans,
Lords, rangestrikers, fliers, natives, the Tower, with and without the
reinforcement:

- the cross-play table: the attacker's win probability for each attacker
  tactic against each defender tactic (the mean over the suite), beside the
  defender's (wins + time loss);
- the equilibrium gap of the default: for each engagement, the most any
  other tactic (every preset, the hand-set player the default was tuned from,
  and the search tactic) adds to the attacker's win probability against the
  default defender, and to the defender's (wins + time loss) against the
  default attacker; mean and maximum over the suite;
- what the search tactic gains over the hand-set player, and battles per
  second of each tactic.

Every matchup of an engagement plays the same dice (seed, Battle index).
"""

from __future__ import annotations

import argparse
import json
import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from tempfile import TemporaryDirectory

import numpy as np

from simulator import mix_store
from simulator.battles import default_mix, play
from simulator.engagement import Engagement, Legion
from simulator.equilibrium import CONTENDERS, PILOT_BATTLES, SCALED
from simulator.tactics import BALANCED, LOOKAHEAD_ROLLOUTS, STYLES
from simulator.tactics import play as tactics_play

HAND = "hand-set"  # the untuned player the presets vary
HEURISTICS = ("default", *STYLES)
SEARCH = "lookahead"
# the matchups of the search tactic: against the default and against the earlier defaults
SEARCH_MATCHUPS = tuple(
    pair for other in ("default", BALANCED, HAND) for pair in ((SEARCH, other), (other, SEARCH))
)


@dataclass(frozen=True)
class Case:
    name: str
    terrain: str
    attacker: tuple[int, tuple[str, ...]]  # score, characters
    defender: tuple[int, tuple[str, ...]]
    summonable: str | None = None
    reinforce: bool = True

    @property
    def engagement(self) -> Engagement:
        return Engagement(
            self.terrain,
            Legion(self.attacker[0], self.attacker[1]),
            Legion(self.defender[0], self.defender[1]),
            summonable=self.summonable,
            reinforce=self.reinforce,
        )


def _c(name, terrain, attacker, defender, score=(0, 0), **kw) -> Case:
    return Case(
        name,
        terrain,
        (score[0], tuple(attacker.split())),
        (score[1], tuple(defender.split())),
        **kw,
    )


MIRROR = "Troll Troll Ogre Ogre Lion Lion Centaur"
SUITE: tuple[Case, ...] = (
    _c("3 Trolls v 2 Trolls", "Plains", "Troll Troll Troll", "Troll Troll"),
    _c("7v7 mirror", "Plains", MIRROR, MIRROR),
    _c("1v1 Lion v Centaur", "Plains", "Lion", "Centaur"),
    _c("Titan 1v1", "Plains", "Titan", "Titan", score=(100, 100)),
    _c(
        "Titan, Warlock, Rangers",
        "Woods",
        "Titan Warlock Ranger Ranger",
        "Centaur Centaur Unicorn Lion",
        score=(100, 0),
        summonable="Angel",
    ),
    _c("2 Ogres v 2 Centaurs", "Woods", "Ogre Ogre", "Centaur Centaur"),
    _c(
        "no reinforcement", "Woods", "Lion Lion Centaur", "Centaur Centaur Warlock", reinforce=False
    ),
    _c("3v3 natives", "Brush", "Gargoyle Gargoyle Cyclops", "Ranger Ranger Gorgon"),
    _c("5v5", "Brush", "Troll Troll Lion Lion Ranger", "Cyclops Cyclops Gargoyle Gargoyle Gorgon"),
    _c("2v3 natives", "Jungle", "Behemoth Serpent", "Cyclops Cyclops Gargoyle"),
    _c("4v3", "Jungle", "Lion Lion Ranger Troll", "Behemoth Cyclops Gargoyle"),
    _c("3v2", "Hills", "Minotaur Minotaur Ogre", "Unicorn Dragon"),
    _c(
        "Titan 6v6",
        "Hills",
        "Titan Ogre Ogre Minotaur Lion Lion",
        "Ogre Ogre Minotaur Minotaur Unicorn Ranger",
        score=(200, 0),
        summonable="Angel",
    ),
    _c("2v4", "Mountains", "Dragon Colossus", "Lion Lion Minotaur Minotaur"),
    _c("3v3", "Mountains", "Troll Troll Ranger", "Lion Minotaur Dragon"),
    _c("2v3", "Tundra", "Warbear Giant", "Troll Troll Troll"),
    _c("5v4", "Tundra", "Ogre Ogre Centaur Centaur Lion", "Troll Warbear Warbear Giant"),
    _c("fliers 3v4", "Desert", "Griffon Griffon Hydra", "Lion Lion Lion Ranger"),
    _c("1v1 Hydra v Griffon", "Desert", "Hydra", "Griffon"),
    _c("2 Ogres v 2 Trolls", "Marsh", "Ogre Ogre", "Troll Troll"),
    _c(
        "Titan 6v5",
        "Marsh",
        "Titan Troll Troll Ranger Ranger Wyvern",
        "Ogre Ogre Troll Troll Ranger",
        score=(150, 0),
        summonable="Angel",
    ),
    _c("3v4", "Swamp", "Wyvern Wyvern Hydra", "Troll Troll Troll Ranger"),
    _c("2v3", "Swamp", "Serpent Hydra", "Troll Wyvern Ogre"),
    _c(
        "Titan 6v5",
        "Tower",
        "Titan Troll Troll Ogre Ogre Centaur",
        "Ogre Ogre Centaur Centaur Gargoyle",
        score=(100, 0),
        summonable="Angel",
    ),
    _c(
        "Titans 7v7",
        "Tower",
        "Titan Angel Troll Troll Lion Lion Ranger",
        "Titan Guardian Warlock Warlock Gargoyle Gargoyle Ogre",
        score=(300, 250),
    ),
    _c("1v2 rangestriker", "Tower", "Warlock", "Centaur Gargoyle"),
)


def outcomes(
    case: Case,
    attacker: str,
    defender: str,
    trials: int,
    seed: int,
    balanced: np.ndarray | None = None,
) -> np.ndarray:
    """P(attacker wins, defender wins, mutual, time loss) of a matchup. The default plays its
    equilibrium mix for the engagement (simulator.equilibrium), as a request would; with
    ``balanced`` rows (for tuning) it plays the balanced style with those weights instead."""
    if balanced is None:
        spec = replace(case.engagement.spec, attacker_tactic=attacker, defender_tactic=defender)
        records = play(spec, trials, seed)
    else:
        records = play(
            case.engagement.spec, trials, seed, tactics=tactics_play(attacker, defender, balanced)
        )
    return np.bincount(records.outcome, minlength=4) / trials


def attacker_wins(p: np.ndarray) -> float:
    return float(p[0])


def defender_holds(p: np.ndarray) -> float:
    """The defender's good endings: it wins or the time runs out (10.5)."""
    return float(p[1] + p[3])


def gaps(
    table: dict[tuple[str, str], np.ndarray], deviations: Sequence[str]
) -> tuple[float, float]:
    """(attacker's, defender's) most gained by leaving the default, for one engagement."""
    base = table["default", "default"]
    attack = max(attacker_wins(table[d, "default"]) for d in deviations) - attacker_wins(base)
    defend = max(defender_holds(table["default", d]) for d in deviations) - defender_holds(base)
    return max(attack, 0.0), max(defend, 0.0)


def _se(p: float, n: int) -> float:
    return math.sqrt(max(p * (1 - p), 1.0 / n) / n)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.tactics", description=__doc__)
    parser.add_argument("--trials", type=int, default=2000, help="battles per heuristic matchup")
    parser.add_argument(
        "--search-trials", type=int, default=2000, help="battles per matchup with the search tactic"
    )
    parser.add_argument("--seed", type=int, default=20261123)
    parser.add_argument("--cases", type=int, default=len(SUITE), help="the first N of the suite")
    parser.add_argument("--json", help="write every matchup's outcomes to this file")
    args = parser.parse_args(argv)

    cases = SUITE[: args.cases]
    tables: list[dict[tuple[str, str], np.ndarray]] = []
    mixes = []
    speed: dict[str, list[float]] = {}
    pilot_seconds = []
    # the kernel loaded before the first pilot is timed; each pilot with no mix kept from before
    play(cases[0].engagement.spec, 16, args.seed, 0, tactics=tactics_play("balanced", "balanced"))
    for case in cases:
        started = time.perf_counter()
        with TemporaryDirectory() as empty, mix_store.kept_in(Path(empty)):
            mix = default_mix(case.engagement.spec)
        pilot_seconds.append(time.perf_counter() - started)
        mixes.append(mix)
        table = {}
        for a in HEURISTICS:
            for d in HEURISTICS:
                table[a, d] = outcomes(case, a, d, args.trials, args.seed)
        for a, d in SEARCH_MATCHUPS:
            started = time.perf_counter()
            table[a, d] = outcomes(case, a, d, args.search_trials, args.seed)
            speed.setdefault(SEARCH, []).append(
                args.search_trials / (time.perf_counter() - started)
            )
        started = time.perf_counter()
        outcomes(case, "default", "default", args.trials, args.seed + 1)
        speed.setdefault("default", []).append(args.trials / (time.perf_counter() - started))
        tables.append(table)
        att, dfn = gaps(table, (*HEURISTICS[1:], SEARCH))
        base = table["default", "default"]
        print(
            f"{case.terrain:<10}{case.name:<28} default v default: A {base[0]:5.1%} "
            f"D {base[1]:5.1%} M {base[2]:5.1%} T {base[3]:5.1%}   gap A {att:+.3f} D {dfn:+.3f}"
            f"   mix A {_mix_text(mix.attacker)} D {_mix_text(mix.defender)}",
            flush=True,
        )

    names = (*HEURISTICS, SEARCH)
    print("\ncross-play, mean over the suite: attacker wins / defender wins + time loss")
    print(f"{'attacker, defender:':<20}" + "".join(f"{d:>16}" for d in names))
    for a in names:
        cells = []
        for d in names:
            if (a, d) not in tables[0]:
                cells.append(f"{'':>16}")
                continue
            aw = np.mean([attacker_wins(t[a, d]) for t in tables])
            dh = np.mean([defender_holds(t[a, d]) for t in tables])
            cells.append(f"{aw:>9.1%}/{dh:<6.1%}")
        print(f"{a:<20}" + "".join(cells))

    print(
        f"\nequilibrium gap of the default ({len(cases)} engagements; deviations: "
        f"{', '.join(names[1:])})"
    )
    for label, devs in (
        ("styles only", HEURISTICS[1:]),
        ("with lookahead", (*HEURISTICS[1:], SEARCH)),
    ):
        g = np.array([gaps(t, devs) for t in tables])
        print(
            f"  {label:<16} attacker: mean {g[:, 0].mean():.3f} max {g[:, 0].max():.3f}   "
            f"defender: mean {g[:, 1].mean():.3f} max {g[:, 1].max():.3f}"
        )
    print(
        f"  sampling: one matchup's rate at p = 0.5 has a standard error of "
        f"{_se(0.5, args.trials):.3f} ({args.trials} Battles), "
        f"{_se(0.5, args.search_trials):.3f} with the search tactic "
        f"({args.search_trials}); a gap is a difference of two on the same dice, so less"
    )
    for other in (HAND, BALANCED, "default"):
        la_att = np.mean(
            [attacker_wins(t[SEARCH, other]) - attacker_wins(t[other, other]) for t in tables]
        )
        la_def = np.mean(
            [defender_holds(t[other, SEARCH]) - defender_holds(t[other, other]) for t in tables]
        )
        print(
            f"lookahead ({LOOKAHEAD_ROLLOUTS} rollouts a plan) against {other}, mean gain over "
            f"{other} itself: as attacker {la_att:+.3f}, as defender {la_def:+.3f}"
        )
    supports = [len(m.attacker) * len(m.defender) for m in mixes]
    print(
        f"the default's pilot: {PILOT_BATTLES[0]} Battles per pair of styles, "
        f"{PILOT_BATTLES[1]} more between at most {CONTENDERS} contenders a side (up to "
        f"{SCALED} times as many for smaller Legions); median "
        f"{np.median(pilot_seconds):.2f} s, most {max(pilot_seconds):.2f} s an engagement "
        f"(once, then cached); pairs in the mix: median {np.median(supports):.0f}, "
        f"most {max(supports)}"
    )
    for name, values in speed.items():
        print(
            f"battles per second, {name} (with the default opposite): "
            f"median {np.median(values):,.0f} over the suite"
        )
    if args.json:
        with open(args.json, "w") as f:
            json.dump(
                [
                    {
                        "case": c.name,
                        "terrain": c.terrain,
                        "mix": {"attacker": dict(m.attacker), "defender": dict(m.defender)},
                        "table": {f"{a}|{d}": list(map(float, p)) for (a, d), p in t.items()},
                    }
                    for c, t, m in zip(cases, tables, mixes, strict=True)
                ],
                f,
                indent=1,
            )


def _mix_text(side: tuple[tuple[str, float], ...]) -> str:
    return "+".join(f"{p:.0%} {name}" for name, p in side)


if __name__ == "__main__":
    main()
