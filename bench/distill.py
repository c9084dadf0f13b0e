"""``make distill``: the adaptive rule learned from the search's choices (expert iteration).

Each iteration:

1. plays Battles of training Engagements (``bench/engagements.py``, the training stream
   only) with the current rule on both sides, and takes positions at the start of a side's
   Maneuver Phase (on-policy: the states the rule itself leads to);
2. at each, searches: plays the Battle on from there ``--battles`` times with each style
   forced for that side's Battle-Round and the rule after, on both sides (the same dice for
   every style), and records the side's facts (``simulator.rule.features``) and each style's
   good endings (the attacker's wins; the defender's wins and time losses, 10.5);
3. fits, per side, a shallow regression tree (scikit-learn) from the facts to every style's
   value; each leaf plays the style of highest mean value there;
4. reports the search's gain over the rule it played (the mean over positions of the best
   style's value less the rule's choice's: a one-Battle-Round search's gain), on positions
   held out of the fit too, and keeps the new rule.

It stops after ``--iterations`` or when the gain stops shrinking, and writes the rule
of the smallest held-out gain to ``simulator/data/default_rule.json``, with states and its
choices there to replay. The work is spread over dask.distributed: a LocalCluster of the
machine's cores, or the cluster at ``--scheduler ADDRESS``. Its log goes to
``bench/results/distill.log``.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np

from simulator.default_rule import RULE_FILE, SIDES, Rule, Tree

# The styles the rule chooses among: the presets and tuned players, each played a
# Battle-Round at a time (an opening style is a schedule of these, which the rule makes
# itself: patient is defensive in Battle-Round 1, balanced after)
RULE_STYLES = (
    "balanced", "measured", "aggressive", "defensive", "ranged", "steadfast", "hand-set",
    "guarded",
)  # fmt: skip
SURE = 2.0  # standard errors by which a leaf's style must beat the side's best single one
SEED = 0x5EED_D157  # the dice of the positions' Battles and of the styles' trials
LOG = Path(__file__).resolve().parent / "results" / "distill.log"


def _good(outcome: np.ndarray, side: int) -> np.ndarray:
    return (outcome == 0) if side == 0 else ((outcome == 1) | (outcome == 3))


def label(
    indices: list[int], rule_json: str, battles: int, per_engagement: int, horizon: str = "round"
) -> list:
    """For training Engagements ``indices``: the sampled positions' (side, facts, each
    style's value, the rule's own choice) under the rule ``rule_json``; each style tried for
    the side's Battle-Round (``horizon`` "round") or for the rest of the Battle ("rest"), the
    rule on both sides otherwise. Runs on a dask worker."""
    from bench.engagements import TRAINING, draw
    from simulator import threads
    from simulator.battle_state import ROUNDS
    from simulator.battles import play_runs, roster, start_of, trace
    from simulator.engagement import engagement_from_position
    from simulator.kernel import state_features
    from simulator.tables import battle_tables
    from simulator.tactics import ADAPTIVE
    from simulator.tactics import play as tactics_play

    threads.set_threads(1)
    rule = Rule.from_dict(json.loads(rule_json))
    found = []
    for index in indices:
        drawn = draw(TRAINING, index)
        engagement = drawn.engagement
        rng = np.random.default_rng([SEED, index])
        starts = []
        for battle in range(2):
            traced = trace(
                engagement.spec, SEED + index, battle, tactics=tactics_play(
                    "default", "default", rule=rule)
            )  # fmt: skip
            seen = set()
            for event in traced.events:
                p = event.position
                key = (p.turn, p.active)
                if event.kind != 0 or key in seen or p.phase != "maneuver":
                    continue
                seen.add(key)
                starts.append(p)
        if not starts:
            continue
        picked = rng.choice(len(starts), size=min(per_engagement, len(starts)), replace=False)
        for k in picked:
            position = starts[int(k)]
            side = 0 if position.active == "attacker" else 1
            try:
                spec = engagement_from_position(
                    position, summonable=engagement.summonable, reinforce=engagement.reinforce
                ).spec
                tables = battle_tables(roster(spec))
                start = start_of(spec, tables)
            except Exception:  # a position the engine's checks refuse: not a state to learn
                continue
            facts = state_features(tables.board, tables.kinds, tables.strikes, start, side)
            rounds = range(position.turn - 1, ROUNDS if horizon == "rest" else position.turn)
            runs = [
                (0, battles, tactics_play(
                    ADAPTIVE, ADAPTIVE, forced=tuple((side, r, style) for r in rounds), rule=rule))
                for style in rule.styles
            ]  # fmt: skip
            outcome = play_runs(spec, SEED ^ index, runs).outcome.reshape(len(rule.styles), -1)
            values = _good(outcome, side).mean(axis=1)
            own = rule.trees[side].choose(facts)
            found.append((side, facts.tolist(), values.tolist(), own))
    return found


def fit(x: np.ndarray, y: np.ndarray, depth: int, leaf: int) -> tuple[Tree, Any]:
    """A regression tree from facts ``x`` to the styles' values ``y`` (float[n, K]), as a
    Tree whose leaves choose a style: the side's best single style over all ``x``, unless
    another does better at the leaf by ``SURE`` standard errors of the paired difference
    there (the trials are few Battles each: a leaf that follows their noise plays worse
    than one style throughout)."""
    from sklearn.tree import DecisionTreeRegressor

    model = DecisionTreeRegressor(max_depth=depth, min_samples_leaf=leaf, random_state=0)
    model.fit(x.astype(np.float32), y)
    t = model.tree_
    overall = int(y.mean(axis=0).argmax())
    at = model.apply(x.astype(np.float32))
    leaves = np.full(t.node_count, overall)
    for node in np.flatnonzero(t.children_left < 0):
        rows = y[at == node]
        d = rows - rows[:, [overall]]
        se = d.std(axis=0, ddof=1) / np.sqrt(len(rows)) if len(rows) > 1 else np.inf
        sure = np.where(d.mean(axis=0) > SURE * se, d.mean(axis=0), 0.0)
        leaves[node] = int(sure.argmax()) if sure.max() > 0 else overall
    tree = Tree(
        tuple(int(f) for f in t.feature),
        tuple(float(v) for v in t.threshold),
        tuple(int(c) for c in t.children_left),
        tuple(int(c) for c in t.children_right),
        tuple(int(k) for k in leaves),
    )
    return tree, model


def gain(values: np.ndarray, chosen: np.ndarray) -> float:
    """The mean over positions of the best style's value less the chosen one's."""
    if len(values) == 0:
        return 0.0
    return float((values.max(axis=1) - values[np.arange(len(values)), chosen]).mean())


def log(line: str) -> None:
    print(line, flush=True)
    with LOG.open("a") as f:
        f.write(line + "\n")


def refit(data: list, args: argparse.Namespace, iteration: int) -> Rule:
    """A rule fitted to every position gathered so far, a share held out to measure it."""
    rng = np.random.default_rng(iteration)
    trees = []
    replay = []
    notes: dict[str, Any] = {"iteration": iteration + 1, "positions": len(data)}
    for side in (0, 1):
        rows = [r for r in data if r[0] == side]
        x = np.array([r[1] for r in rows])
        y = np.array([r[2] for r in rows])
        held = rng.random(len(rows)) < args.held_out
        tree, model = fit(x[~held], y[~held], args.depth, args.min_leaf)
        # the style at the leaf scikit-learn's own walk reaches: what the replay records
        chosen = np.array(tree.leaf)[model.apply(x.astype(np.float32))]
        fixed = {
            s: gain(y[held], np.full(held.sum(), k, dtype=int)) for k, s in enumerate(RULE_STYLES)
        }
        best_fixed = min(fixed, key=lambda s: fixed[s])
        used = sorted({RULE_STYLES[k] for k, v in zip(tree.leaf, tree.left, strict=True) if v < 0})
        log(
            f"  {SIDES[side]}: {len(rows)} positions; the fitted rule's gap in / out of the "
            f"fit {gain(y[~held], chosen[~held]):.4f} / {gain(y[held], chosen[held]):.4f}; the "
            f"best single style out of the fit: {best_fixed} {fixed[best_fixed]:.4f}; "
            f"{sum(1 for v in tree.pruned().left if v < 0)} leaves playing {', '.join(used)}"
        )
        notes[f"{SIDES[side]}_held_out_gap"] = round(gain(y[held], chosen[held]), 4)
        trees.append(tree.pruned())  # the same choices, fewer nodes
        sample = rng.choice(len(rows), size=min(200, len(rows)), replace=False)
        replay.append(tuple((tuple(float(v) for v in x[i]), int(chosen[i])) for i in sample))
    return Rule(RULE_STYLES, (trees[0], trees[1]), notes, tuple(replay))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.distill", description=__doc__)
    parser.add_argument("--iterations", type=int, default=4)
    parser.add_argument("--engagements", type=int, default=240, help="per iteration")
    parser.add_argument("--per-engagement", type=int, default=6, help="positions sampled")
    parser.add_argument("--battles", type=int, default=48, help="Battles per style tried")
    parser.add_argument("--depth", type=int, default=4)
    parser.add_argument("--min-leaf", type=int, default=30)
    parser.add_argument("--held-out", type=float, default=0.25)
    parser.add_argument("--scheduler", help="a dask scheduler's address (default: a LocalCluster)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--start", choices=("single", "shipped"), default="single")
    parser.add_argument(
        "--horizon",
        choices=("round", "rest"),
        default="round",
        help="how long each style is tried for at a position: its Battle-Round, or the rest",
    )
    args = parser.parse_args(argv)

    from dask.distributed import Client, LocalCluster

    if args.scheduler:
        client = Client(args.scheduler)
    else:
        client = Client(LocalCluster(n_workers=args.workers, threads_per_worker=1))
    if args.start == "shipped":
        rule = Rule.load()
    else:
        rule = Rule(RULE_STYLES, (Tree.single(0), Tree.single(0)))
    log(f"# {time.strftime('%Y-%m-%d %H:%M')} python -m bench.distill {' '.join(argv or [])}")
    log(f"# styles: {', '.join(RULE_STYLES)}; {vars(args)}")
    measured: list[tuple[float, Rule]] = []  # the search's gain over each rule that played
    data: list = []
    for iteration in range(args.iterations):
        started = time.perf_counter()
        first = iteration * args.engagements  # fresh training Engagements each iteration
        chunks = [
            list(range(first + k, first + args.engagements, 2 * args.workers))
            for k in range(2 * args.workers)
        ]
        import bench.distill as by_name  # the workers import it by its name, not as __main__

        futures = client.map(
            by_name.label, chunks, [json.dumps(rule.to_dict())] * len(chunks),
            [args.battles] * len(chunks), [args.per_engagement] * len(chunks),
            [args.horizon] * len(chunks), pure=False,
        )  # fmt: skip
        fresh = [row for part in client.gather(futures) for row in part]
        data += fresh
        # the search's gain over the rule that played, on the positions it led to
        gains = []
        for side in (0, 1):
            rows = [r for r in fresh if r[0] == side]
            values = np.array([r[2] for r in rows])
            own = np.array([r[3] for r in rows], dtype=int)
            gains.append(gain(values, own))
        log(
            f"iteration {iteration}: {len(fresh)} positions, the search's gain over the rule "
            f"that played: attacker {gains[0]:.4f} defender {gains[1]:.4f} "
            f"({time.perf_counter() - started:.0f} s)"
        )
        measured.append((float(np.mean(gains)), rule))
        if len(measured) >= 3 and measured[-1][0] >= measured[-2][0]:
            log("the gain stopped shrinking")
            break
        if iteration == args.iterations - 1:
            break
        rule = refit(data, args, iteration)
    gap, final = min(measured, key=lambda m: m[0])
    final.save(RULE_FILE)
    log(f"wrote {RULE_FILE.name} (the search's gain over it {gap:.4f}): {json.dumps(final.notes)}")
    client.close()


if __name__ == "__main__":
    main()

__all__ = ["RULE_STYLES", "fit", "label", "main", "replace"]
