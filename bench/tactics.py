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
import time
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from simulator import equilibrium
from simulator.battles import play
from simulator.engagement import Engagement, Legion
from simulator.search import Play
from simulator.tactics import HAND_SET, LOOKAHEAD_ROLLOUTS, STYLES, balanced_rows, weights
from simulator.tactics import play as tactics_play

HAND = "hand-set"  # the untuned player the presets vary (an earlier default)
HEURISTICS = ("default", *STYLES, HAND)
SEARCH = "lookahead"


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


def _row(name: str, side: int, default: np.ndarray, balanced: np.ndarray) -> np.ndarray:
    if name in ("default", SEARCH):
        return default[side].copy()
    if name == "balanced":
        return balanced[side].copy()
    if name == HAND:
        row = np.zeros(default.shape[1])
        for weight, value in HAND_SET.items():
            row[weight] = value
        return row
    return weights(name, side)


def bundle(case: Case, attacker: str, defender: str, balanced: np.ndarray | None = None) -> Play:
    """The kernel's tactics for a matchup in an engagement; ``balanced`` (float64[2,
    WEIGHTS]) stands in for the balanced style's weights (for tuning)."""
    balanced = balanced_rows() if balanced is None else balanced
    default = equilibrium.styles(case.engagement.spec).rows()
    rows = np.stack([_row(attacker, 0, default, balanced), _row(defender, 1, default, balanced)])
    base = tactics_play(
        "lookahead" if attacker == SEARCH else "default",
        "lookahead" if defender == SEARCH else "default",
        default=default,
    )
    return base._replace(rows=rows)


def outcomes(
    case: Case,
    attacker: str,
    defender: str,
    trials: int,
    seed: int,
    balanced: np.ndarray | None = None,
) -> np.ndarray:
    """P(attacker wins, defender wins, mutual, time loss) of a matchup."""
    tactics = bundle(case, attacker, defender, balanced)
    records = play(case.engagement.spec, trials, seed, tactics=tactics)
    return np.bincount(records.outcome, minlength=4) / trials


def attacker_wins(p: np.ndarray) -> float:
    return float(p[0])


def defender_holds(p: np.ndarray) -> float:
    """The defender's good endings: it wins or the time runs out (10.5)."""
    return float(p[1] + p[3])


def gaps(
    table: dict[tuple[str, str], np.ndarray], deviations: Sequence[str], base: str = "default"
) -> tuple[float, float]:
    """(attacker's, defender's) most gained by leaving the tactic ``base`` when the other
    side plays it, for one engagement."""
    both = table[base, base]
    attack = max(attacker_wins(table[d, base]) for d in deviations) - attacker_wins(both)
    defend = max(defender_holds(table[base, d]) for d in deviations) - defender_holds(both)
    return max(attack, 0.0), max(defend, 0.0)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.tactics", description=__doc__)
    parser.add_argument("--trials", type=int, default=2000, help="battles per heuristic matchup")
    parser.add_argument(
        "--search-trials", type=int, default=200, help="battles per matchup with the search tactic"
    )
    parser.add_argument("--seed", type=int, default=20261123)
    parser.add_argument("--cases", type=int, default=len(SUITE), help="the first N of the suite")
    parser.add_argument("--json", help="write every matchup's outcomes to this file")
    args = parser.parse_args(argv)

    cases = SUITE[: args.cases]
    tables: list[dict[tuple[str, str], np.ndarray]] = []
    speed: dict[str, list[float]] = {}
    for case in cases:
        table = {}
        for a in HEURISTICS:
            for d in HEURISTICS:
                table[a, d] = outcomes(case, a, d, args.trials, args.seed)
        for a, d in ((SEARCH, "default"), ("default", SEARCH), (SEARCH, HAND), (HAND, SEARCH)):
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
            f"D {base[1]:5.1%} M {base[2]:5.1%} T {base[3]:5.1%}   gap A {att:+.3f} D {dfn:+.3f}",
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
        ("presets only", HEURISTICS[1:]),
        ("with lookahead", (*HEURISTICS[1:], SEARCH)),
    ):
        g = np.array([gaps(t, devs) for t in tables])
        print(
            f"  {label:<16} attacker: mean {g[:, 0].mean():.3f} max {g[:, 0].max():.3f}   "
            f"defender: mean {g[:, 1].mean():.3f} max {g[:, 1].max():.3f}"
        )
    la_att = np.mean(
        [attacker_wins(t[SEARCH, HAND]) - attacker_wins(t[HAND, HAND]) for t in tables]
    )
    la_def = np.mean(
        [defender_holds(t[HAND, SEARCH]) - defender_holds(t[HAND, HAND]) for t in tables]
    )
    print(
        f"\nlookahead ({LOOKAHEAD_ROLLOUTS} rollouts a plan) against the hand-set player, mean "
        f"gain over the hand-set player itself: as attacker {la_att:+.3f}, as defender "
        f"{la_def:+.3f}"
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
                        "table": {f"{a}|{d}": list(map(float, p)) for (a, d), p in t.items()},
                    }
                    for c, t in zip(cases, tables, strict=True)
                ],
                f,
                indent=1,
            )


if __name__ == "__main__":
    main()
