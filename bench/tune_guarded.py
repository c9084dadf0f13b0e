"""``make tune-guarded``: the guarded style's weights tuned by CMA-ES, on dask.

The guarded style is a defender that holds strong ground against the best attacker the
service knows. Its objective is the share of Battles it holds out in (wins and time
losses, 10.5) as the defender of the suite's Tower with Titans 7v7 (``bench.tactics``),
the engagement where the earlier default's defender, ``steadfast``, gave the searching
attacker the most: half against the search tactic, a quarter each against ``balanced``
and ``patient``. Each candidate is two rows of weights, one for Battle-Rounds 1 and 2 and
one for the rest, searched as offsets from ``steadfast``'s in units of each weight's scale;
the search tactic believes the defender plays the candidate. Each generation plays its
candidates on the same dice (its own seed), and CMA-ES (the ``cma`` package) is seeded, so
a run is reproducible. The evaluations, one task per candidate and matchup, run on
dask.distributed: a LocalCluster of the machine's cores by default, or the cluster at
``--scheduler ADDRESS``. The favourite of the last generation (the mean of CMA-ES's
distribution) is written to ``simulator/data/guarded_tactic.toml``, every generation to the
log (``bench/results/tune_guarded.log``).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from bench.tactics import SUITE
from bench.tuning import add_cluster_arguments, connect, logged, write_weight_table
from simulator.tactics import GUARDED_WEIGHTS_FILE, TUNED_OPENINGS, Weight, round_rows

CASE = next(i for i, c in enumerate(SUITE) if c.terrain == "Tower" and c.name == "Titans 7v7")
# the attackers it is tuned against, with their share of the objective and Battles a matchup
AGAINST = (("lookahead", 0.5, 150), ("balanced", 0.25, 1000), ("patient", 0.25, 1000))
# fmt: off
SCALES: dict[str, float] = {
    "dealt": 0.5, "kill": 0.5, "taken": 0.5, "death": 0.5, "approach": 1.0, "height": 1.0,
    "titan": 2.0, "stay": 0.5, "threat": 0.3, "bold": 0.5, "hold": 1.0, "evade": 2.0,
    "carry": 0.5,
}
# fmt: on
NON_NEGATIVE = {"dealt", "kill", "taken", "death", "titan", "threat", "evade"}
PARTS = ("opening", "rest")
LOG = Path(__file__).resolve().parent / "results" / "tune_guarded.log"


def decode(x: Sequence[float]) -> np.ndarray:
    """The style's rows (float64[ROUNDS, WEIGHTS]) of a point of the search space."""
    start = round_rows("steadfast", 1)
    opening_rounds = TUNED_OPENINGS["guarded"][1]
    rows = start.copy()
    for part in range(len(PARTS)):
        row = start[0].copy()
        for i, name in enumerate(SCALES):
            value = row[Weight[name.upper()]] + SCALES[name] * x[part * len(SCALES) + i]
            row[Weight[name.upper()]] = max(value, 0.0) if name in NON_NEGATIVE else value
        if part == 0:
            rows[:opening_rounds] = row
        else:
            rows[opening_rounds:] = row
    return rows


def holds(rows: np.ndarray, attacker: str, trials: int, seed: int) -> float:
    """The share of Battles the defender playing ``rows`` holds out in against ``attacker``."""
    from simulator import threads
    from simulator.battles import play
    from simulator.search import Play
    from simulator.tactics import play as tactics_play

    threads.set_threads(1)  # one Battle stream per dask worker process
    bundle = tactics_play(attacker, "steadfast")
    played, believed = bundle.rows.copy(), bundle.rollout_rows.copy()
    played[:, 1, :] = rows
    believed[:, 1, :] = rows  # the search knows the defender's style, as against a pure mix
    tactics = Play(played, bundle.plans, bundle.rollouts, believed)
    records = play(SUITE[CASE].engagement.spec, trials, seed, tactics=tactics)
    found = np.bincount(records.outcome, minlength=4) / trials
    return float(found[1] + found[3])


def write_weights(rows: np.ndarray, note: str) -> None:
    opening_rounds = TUNED_OPENINGS["guarded"][1]
    header = [
        "The guarded style's weights, the same for both sides (simulator.tactics.Weight",
        f"names): [opening] for Battle-Rounds 1 to {opening_rounds}, [rest] after.",
        f"Written by bench/tune_guarded.py ({note}); its log is bench/results/tune_guarded.log.",
    ]
    sections = dict(zip(PARTS, (rows[0], rows[opening_rounds]), strict=True))
    write_weight_table(GUARDED_WEIGHTS_FILE, header, sections)


def main(argv: Sequence[str] | None = None) -> None:
    import cma

    parser = argparse.ArgumentParser(prog="python -m bench.tune_guarded", description=__doc__)
    add_cluster_arguments(parser)
    parser.add_argument("--generations", type=int, default=14)
    parser.add_argument("--population", type=int, default=10)
    parser.add_argument("--sigma", type=float, default=0.7, help="CMA-ES's first step size")
    parser.add_argument("--seed", type=int, default=5, help="CMA-ES's seed")
    parser.add_argument("--dice", type=int, default=200, help="generation g plays seed DICE + g")
    parser.add_argument("--dry-run", action="store_true", help="do not write the weights")
    args = parser.parse_args(argv)

    client = connect(args)
    dimensions = len(SCALES) * len(PARTS)
    es = cma.CMAEvolutionStrategy(
        np.zeros(dimensions),
        args.sigma,
        {"seed": args.seed, "popsize": args.population, "maxiter": args.generations, "verbose": -9},
    )
    with logged(LOG, "bench.tune_guarded", sys.argv[1:] if argv is None else argv) as say:
        say(
            f"# {SUITE[CASE].terrain} {SUITE[CASE].name}, the defender holding out against "
            + ", ".join(f"{a} ({w:g}, {n} battles)" for a, w, n in AGAINST)
            + f"; dask at {client.scheduler.address}"
        )
        for generation in range(args.generations):
            started = time.perf_counter()
            points = es.ask()
            seed = args.dice + generation
            futures = [
                [client.submit(holds, decode(x), a, n, seed, pure=False) for a, _, n in AGAINST]
                for x in points
            ]
            held = [np.array(client.gather(row)) for row in futures]
            weights = np.array([w for _, w, _ in AGAINST])
            values = [-float(h @ weights) for h in held]
            es.tell(points, values)
            i = int(np.argmin(values))
            say(
                f"generation {generation + 1:>2}: best {-values[i]:.3f} ("
                + ", ".join(f"{a} {h:.3f}" for (a, _, _), h in zip(AGAINST, held[i], strict=True))
                + f"), mean {-np.mean(values):.3f}, {time.perf_counter() - started:.0f} s"
            )
        x = es.result.xfavorite
        rows = decode(x)
        say(f"favourite: x = [{', '.join(f'{v:.3f}' for v in x)}]")
        for part, row in zip(PARTS, (rows[0], rows[-1]), strict=True):
            say(f"  {part}: " + ", ".join(f"{w.name.lower()}={row[w]:.4g}" for w in Weight))
        if not args.dry_run:
            write_weights(
                rows,
                f"seed {args.seed}, dice from {args.dice}, {args.generations} generations of "
                f"{args.population}",
            )
    client.close()


if __name__ == "__main__":
    main()
