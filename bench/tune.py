"""``make tune``: the balanced style's weights tuned by CMA-ES over self-play, on dask.

The objective is the balanced style's equilibrium gap on ``bench.tactics``' suite:
for each engagement, the most the attacker gains by switching from the
balanced style to another fixed one (the presets and the hand-set player)
against the balanced defender, and the most the defender gains in (wins +
time loss) by switching against the balanced attacker; the sum of both sides'
means plus half their maxima. The search tactic is left out of the loop (it
is a hundred times slower); ``make bench-tactics`` measures it afterwards.

Each candidate is a row of weights per side, searched as offsets from the
starting file's values in units of each weight's scale. Every candidate plays
the same dice (common random numbers), and CMA-ES (the ``cma`` package) is
seeded, so a run is reproducible. The evaluations, one task per candidate and
engagement, run on dask.distributed: a LocalCluster of the machine's cores by
default, or the cluster at ``--scheduler ADDRESS``. The best weights are
written to ``simulator/data/balanced_tactic.toml`` and every generation to the
log (``bench/results/tune.log``).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from bench.tactics import HEURISTICS, SUITE, attacker_wins, defender_holds, outcomes
from bench.tuning import add_cluster_arguments, connect, logged, write_weight_table
from simulator.tactics import BALANCED_WEIGHTS_FILE, SIDES, Weight, balanced_rows

# the weights tuned per side, and the scale of one unit of the search space
# fmt: off
SCALES: dict[str, float] = {
    "kill": 0.5, "taken": 0.5, "death": 0.5, "approach": 1.5, "height": 0.5, "titan": 2.0,
    "urgency": 0.5, "threat": 0.3, "bold": 0.5, "press": 10.0, "hold": 1.0, "stay": 0.5,
    "evade": 2.0,
}
TUNED: dict[str, tuple[str, ...]] = {
    "attacker": ("kill", "taken", "death", "approach", "height", "titan", "urgency", "threat",
                 "bold", "press", "stay"),
    "defender": ("kill", "taken", "death", "approach", "height", "titan", "threat", "bold",
                 "hold", "stay", "evade"),
}
# fmt: on
NON_NEGATIVE = {"kill", "taken", "death", "titan", "urgency", "threat", "press", "evade"}
DEVIATIONS = tuple(t for t in HEURISTICS if t not in ("default", "balanced"))
LOG = Path(__file__).resolve().parent / "results" / "tune.log"


def decode(x: Sequence[float], start: np.ndarray) -> np.ndarray:
    """The balanced style's rows (float64[2, WEIGHTS]) of a point of the search space."""
    rows = start.copy()
    i = 0
    for side, names in enumerate(TUNED.values()):
        for name in names:
            value = start[side, Weight[name.upper()]] + SCALES[name] * x[i]
            rows[side, Weight[name.upper()]] = max(value, 0.0) if name in NON_NEGATIVE else value
            i += 1
    return rows


def dimensions() -> int:
    return sum(len(names) for names in TUNED.values())


def engagement_gaps(
    case_index: int, rows: np.ndarray, trials: int, seed: int
) -> tuple[float, float]:
    """(attacker's, defender's) gap of the balanced style with ``rows`` on one engagement."""
    from simulator import threads

    threads.set_threads(1)  # one Battle stream per dask worker process
    case = SUITE[case_index]
    base = outcomes(case, "balanced", "balanced", trials, seed, rows)
    attack = max(
        attacker_wins(outcomes(case, d, "balanced", trials, seed, rows)) for d in DEVIATIONS
    )
    defend = max(
        defender_holds(outcomes(case, "balanced", d, trials, seed, rows)) for d in DEVIATIONS
    )
    return max(attack - attacker_wins(base), 0.0), max(defend - defender_holds(base), 0.0)


def objective(gaps: np.ndarray) -> float:
    """gaps: float64[engagements, 2]."""
    return float(
        gaps[:, 0].mean() + gaps[:, 1].mean() + 0.5 * (gaps[:, 0].max() + gaps[:, 1].max())
    )


def write_weights(rows: np.ndarray, note: str) -> None:
    header = [
        "The balanced style's weights, one row per side (simulator.tactics.Weight names).",
        f"Written by bench/tune.py ({note}); its log is bench/results/tune.log.",
    ]
    sections = {name: rows[side] for side, name in enumerate(SIDES)}
    write_weight_table(BALANCED_WEIGHTS_FILE, header, sections)


def main(argv: Sequence[str] | None = None) -> None:
    import cma

    parser = argparse.ArgumentParser(prog="python -m bench.tune", description=__doc__)
    add_cluster_arguments(parser)
    parser.add_argument("--generations", type=int, default=12)
    parser.add_argument("--population", type=int, default=10)
    parser.add_argument("--sigma", type=float, default=0.5, help="CMA-ES's first step size")
    parser.add_argument("--trials", type=int, default=200, help="battles per matchup")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--dry-run", action="store_true", help="do not write the weights")
    args = parser.parse_args(argv)

    start = balanced_rows().copy()
    client = connect(args)
    es = cma.CMAEvolutionStrategy(
        np.zeros(dimensions()),
        args.sigma,
        {"seed": args.seed, "popsize": args.population, "maxiter": args.generations, "verbose": -9},
    )
    cases = range(len(SUITE))
    best = (float("inf"), np.zeros(dimensions()), None)
    with logged(LOG, "bench.tune", sys.argv[1:] if argv is None else argv) as say:
        say(
            f"# {len(SUITE)} engagements, deviations {', '.join(DEVIATIONS)}, "
            f"{args.trials} battles a matchup, dask at {client.scheduler.address}"
        )
        for generation in range(args.generations):
            started = time.perf_counter()
            points = es.ask()
            futures = [
                [
                    client.submit(
                        engagement_gaps, c, decode(x, start), args.trials, args.seed, pure=False
                    )
                    for c in cases
                ]
                for x in points
            ]
            gaps = [np.array(client.gather(row)) for row in futures]
            values = [objective(g) for g in gaps]
            es.tell(points, values)
            i = int(np.argmin(values))
            if values[i] < best[0]:
                best = (values[i], np.array(points[i]), gaps[i])
            g = gaps[i]
            say(
                f"generation {generation + 1:>2}: best {values[i]:.4f} (attacker gap mean "
                f"{g[:, 0].mean():.3f} max {g[:, 0].max():.3f}, defender mean {g[:, 1].mean():.3f}"
                f" max {g[:, 1].max():.3f}), median {np.median(values):.4f}, "
                f"{time.perf_counter() - started:.0f} s"
            )
        value, x, g = best
        rows = decode(x, start)
        say(f"best objective {value:.4f}: x = [{', '.join(f'{v:.3f}' for v in x)}]")
        for side, name in enumerate(SIDES):
            say(f"  {name}: " + ", ".join(f"{w.name.lower()}={rows[side, w]:.4g}" for w in Weight))
        if not args.dry_run:
            write_weights(
                rows,
                f"seed {args.seed}, {args.generations} generations of "
                f"{args.population}, objective {value:.4f}",
            )
    client.close()


if __name__ == "__main__":
    main()
