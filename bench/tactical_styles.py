"""Tactical Titan's default tactic against other plans, on engagements nobody tuned it for.

The suite: the first ``ENGAGEMENTS`` Engagements of bench/engagements.py's test stream (TITAN
Legions grown along the recruit trees, every Battleland and entry side), each Legion given one
or two of Tactical Titan's new characters in place of its own (drawn from a generator of its
own per Engagement, so the suite is fixed), fought under ``"variant": "tactical"``
(simulator.tactical.engagement). Half-fought Engagements are played from their start.

For each Engagement and side, each style of ``simulator.tactical.styles`` plays that side
against the default on the other, on the same dice as the default against the default; its
gain is the difference of the side's good endings (the attacker's wins; the defender's wins and
time losses). The default's gap on an Engagement is the largest gain of any style (0 when none
gains): a stick that knows the dice. The plan search (``simulator.tactical.search``) chooses
its plan on pilot fights of its own, as a player would; its gain is measured on the same dice.
``python -m bench.tactical_styles`` (and ``make bench-tactics``) prints, per side, each style's
and the search's mean gain with its standard error, the search's gain's mean, 95th percentile
and maximum, and the gap's.
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Sequence
from functools import partial

import numpy as np

from bench import engagements
from engine.errors import RuleError
from engine.tactical.board import may_stand
from engine.tactical.characters import CHARACTERS, NEW_NAMES
from simulator.odds import OddsRequest
from simulator.tactical import tables
from simulator.tactical.engagement import (
    PLAYERS,
    ROUNDS,
    UNTIL,
    Fight,
    battleland_map,
    good_endings,
    prepare,
)
from simulator.tactical.odds import play
from simulator.tactical.search import SEARCH, choose
from simulator.tactical.styles import STYLES, with_styles

ENGAGEMENTS = 120
FIGHTS = 2_000  # per Engagement, side and style: a gain's standard error about 0.01 or less
SEED = 11
SIDES = ("attacker", "defender")
NEW_CHARACTERS_KEY = 35  # the spawn key of the generator that adds the new characters
DEVIATIONS = tuple(name for name in STYLES if name != "default")


def _with_new_characters(rng: np.random.Generator, legion: tuple[str, ...], terrain: str):
    """The Legion with one or two of its characters (never its Titan or Angel: they are the
    player's) replaced by new characters the Battleland may hold."""
    m = battleland_map(terrain)
    pool = [n for n in NEW_NAMES if any(may_stand(CHARACTERS[n], m, h) for h in m.grid.hexes)]
    names = list(legion)
    swappable = [i for i, n in enumerate(names) if n not in ("Titan", "Angel", "Archangel")]
    count = min(len(swappable), int(rng.integers(1, 3)))
    for i in rng.choice(swappable, size=count, replace=False) if count else ():
        names[int(i)] = str(rng.choice(pool))
    return names


def suite(count: int = ENGAGEMENTS, stream: int = engagements.TEST) -> list[tuple[str, Fight]]:
    """(name, fight) of the suite's Engagements, the same on every call (the test stream's
    unless told: choices are made on the training stream's)."""
    found = []
    for drawn in engagements.stream(stream, count):
        e = drawn.engagement
        rng = np.random.default_rng(
            np.random.SeedSequence(
                engagements.ROOT, spawn_key=(stream, drawn.index, NEW_CHARACTERS_KEY)
            )
        )
        for _ in range(20):  # drawn again while the two Legions overfill the box (2.3)
            request = OddsRequest.from_dict(
                {
                    "terrain": e.terrain,
                    "entry_side": e.entry_side,
                    "variant": "tactical",
                    "attacker": {
                        "score": e.attacker.score,
                        "characters": _with_new_characters(rng, e.attacker.characters, e.terrain),
                    },
                    "defender": {
                        "score": e.defender.score,
                        "characters": _with_new_characters(rng, e.defender.characters, e.terrain),
                    },
                    "trials": FIGHTS,
                    "seed": SEED,
                }
            )
            try:
                found.append((drawn.name, prepare(request)))
                break
            except RuleError as error:
                assert error.rule == "2.3", error
    return found


def gains(fight: Fight, fights: int = FIGHTS, seed: int = SEED) -> dict[str, dict[str, tuple]]:
    """side -> style, or the plan search -> (gain, its standard error) over the default on the
    same dice (the search choosing on pilot fights of its own)."""
    setup = tables.setup(fight.state)
    base = play(setup, fights, seed, 2 * ROUNDS, UNTIL)
    found: dict[str, dict[str, tuple]] = {}
    for side in SIDES:
        q = PLAYERS.index(side.title())
        mine = good_endings(base, side).astype(np.float64)
        searched = choose(setup, q, partial(good_endings, side=side), seed, 2 * ROUNDS, UNTIL)
        found[side] = {}
        for style in (*DEVIATIONS, SEARCH):
            plan = searched.plan if style == SEARCH else style
            other = play(with_styles(setup, {q: plan}), fights, seed, 2 * ROUNDS, UNTIL)
            diff = good_endings(other, side).astype(np.float64) - mine
            found[side][style] = (float(diff.mean()), float(diff.std(ddof=1)) / math.sqrt(fights))
    return found


def report(measured: list[tuple[str, dict]], fights: int, stream: str = "test") -> list[str]:
    n = len(measured)
    lines = [
        f"Tactical Titan: the default against {len(DEVIATIONS)} other plans on {n} engagements "
        f"of the {stream} stream (new characters added), {fights:,} fights each, common dice",
        "",
        f"{'style':<19}{'attacker: mean gain':<26}defender: mean gain",
    ]
    for style in (*DEVIATIONS, SEARCH):
        cells = []
        for side in SIDES:
            values = [g[side][style] for _, g in measured]
            mean = sum(v for v, _ in values) / n
            se = math.sqrt(sum(e * e for _, e in values)) / n
            cells.append(f"{mean:+.3f} ± {se:.3f}")
        lines.append(f"  {style:<17}{cells[0]:<26}{cells[1]}")
    lines += ["", "the plan search's gain over the default, per engagement:"]
    for side in SIDES:
        gain = np.array([g[side][SEARCH][0] for _, g in measured])
        lines.append(
            f"  {side:<9} mean {gain.mean():+.3f} ± {gain.std(ddof=1) / math.sqrt(n):.3f}, "
            f"p95 {np.percentile(gain, 95):+.3f}, max {gain.max():+.3f}"
        )
    lines += ["", "the default's gap (the best style's gain, 0 when none gains), per engagement:"]
    for side in SIDES:
        gap = np.array([max(0.0, *(g[side][s][0] for s in DEVIATIONS)) for _, g in measured])
        errors = np.array([max(g[side][s][1] for s in DEVIATIONS) for _, g in measured])
        worst = int(np.argmax(gap))
        best_style = max(DEVIATIONS, key=lambda s: measured[worst][1][side][s][0])
        lines.append(
            f"  {side:<9} mean {gap.mean():.3f} ± {gap.std(ddof=1) / math.sqrt(n):.3f}, "
            f"p95 {np.percentile(gap, 95):.3f}, max {gap.max():.3f} ± {errors[worst]:.3f} "
            f"({measured[worst][0]}: {best_style})"
        )
    return lines


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engagements", type=int, default=ENGAGEMENTS)
    parser.add_argument("--fights", type=int, default=FIGHTS)
    parser.add_argument(
        "--stream", choices=("test", "training"), default="test",
        help="the test stream reports; choices are made on the training stream",
    )  # fmt: skip
    args = parser.parse_args(argv)
    started = time.perf_counter()
    which = engagements.TEST if args.stream == "test" else engagements.TRAINING
    drawn = suite(args.engagements, which)
    measured = [(name, gains(fight, args.fights)) for name, fight in drawn]
    for line in report(measured, args.fights, args.stream):
        print(line, flush=True)
    print(f"({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
