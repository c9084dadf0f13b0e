"""``python -m bench.pilot`` (``make bench-pilot``): what the default's pilot costs and how
close its mix comes to the equilibrium it estimates.

For each engagement of ``make bench-tactics``' suite: the pilot's Battles and seconds (the
tournament between the fixed styles that the default's mix is solved from,
simulator.equilibrium), and its own error: the most a side gains by leaving the mix for
another fixed style, read from a reference table of many more Battles a pair on dice of
its own. Then the pilot's Battles and seconds for the never-seen 7v7 setups of ``make
bench``, whose first request pays for it. A minute, where ``make bench-tactics`` takes many:
the way to try another size of pilot (``--rounds``, ``--contenders``) before measuring
it there. It sees only the styles the pilot mixes: a deviation outside them (a defender's
style played by the attacker, the search tactic) only ``make bench-tactics`` measures.
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Sequence

import numpy as np

from bench.request import FRESH
from bench.tactics import SUITE
from simulator.engagement import Engagement, Legion
from simulator.equilibrium import CONTENDERS, PILOT_BATTLES, Mix, mix_of_table, pilot, pilot_battles
from simulator.tactics import MIXED_STYLES

REFERENCE_SEED = 0x5EED  # the reference table's dice, apart from the pilot's
# the never-seen setups' requests (bench.request)
FRESH_SPECS = [
    Engagement(terrain, Legion(500, attacker), Legion(0, defender), summonable="Archangel").spec
    for terrain, attacker, defender in FRESH
]


def gains(mix: Mix, reference: np.ndarray) -> tuple[float, float]:
    """(attacker's, defender's) most gained against ``mix`` by switching to another fixed
    style, in the reference table: the attacker's wins, the defender's wins and time
    losses (10.5)."""
    attackers, defenders = MIXED_STYLES
    x = np.array([dict(mix.attacker).get(s, 0.0) for s in attackers])
    y = np.array([dict(mix.defender).get(s, 0.0) for s in defenders])
    wins = reference[:, :, 0]
    holds = reference[:, :, 1] + reference[:, :, 3]
    return (
        max(float((wins @ y).max() - x @ wins @ y), 0.0),
        max(float((x @ holds).max() - x @ holds @ y), 0.0),
    )


def _timed_pilot(spec, rounds, contenders):
    started = time.perf_counter()
    found = pilot(spec, rounds, contenders)
    return found, time.perf_counter() - started


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.pilot", description=__doc__)
    parser.add_argument(
        "--rounds",
        type=int,
        nargs=2,
        metavar=("EVERY_PAIR", "CONTENDERS_MORE"),
        help="Battles a pair of a 7v7's pilot in its two rounds (the pilot's own when absent)",
    )
    parser.add_argument("--contenders", type=int, default=CONTENDERS, help="at most, a side")
    parser.add_argument(
        "--reference", type=int, default=3000, help="Battles a pair of the reference table"
    )
    args = parser.parse_args(argv)

    def rounds_of(spec) -> tuple[int, int]:
        own = pilot_battles(spec)
        if args.rounds is None:
            return own
        scale = own[0] // PILOT_BATTLES[0]  # smaller Legions play more
        return (args.rounds[0] * scale, args.rounds[1] * scale)

    _timed_pilot(SUITE[0].engagement.spec, (4, 4), args.contenders)  # the kernel loaded
    rows = []
    for case in SUITE:
        spec = case.engagement.spec
        found, seconds = _timed_pilot(spec, rounds_of(spec), args.contenders)
        reference = pilot(spec, (args.reference, 0), seed=REFERENCE_SEED).table
        attack, defend = gains(mix_of_table(found.table), reference)
        rows.append((found.battles, seconds, attack, defend))
        print(
            f"{case.terrain:9} {case.name:28} pilot {found.battles:6,} Battles {seconds:5.2f} s"
            f"   a side gains by switching: A {attack:+.3f} D {defend:+.3f}",
            flush=True,
        )
    table = np.array(rows)
    print(
        f"\nthe pilot's own error over the suite ({len(SUITE)} engagements): attacker mean "
        f"{table[:, 2].mean():.3f} max {table[:, 2].max():.3f}, defender mean "
        f"{table[:, 3].mean():.3f} max {table[:, 3].max():.3f}; {int(table[:, 0].sum()):,} "
        f"Battles in all"
    )
    print(
        f"  the reference's standard error of one rate at p = 0.5: "
        f"{0.5 / math.sqrt(args.reference):.3f} ({args.reference:,} Battles a pair; its noise"
        " adds to each gain, the same for every size of pilot)"
    )
    print("\nnever-seen 7v7 setups of make bench (their first request pays for the pilot)")
    for (terrain, _, _), spec in zip(FRESH, FRESH_SPECS, strict=True):
        found, seconds = _timed_pilot(spec, rounds_of(spec), args.contenders)
        print(f"  {terrain:9} pilot {found.battles:6,} Battles {seconds:5.3f} s")


if __name__ == "__main__":
    main()
