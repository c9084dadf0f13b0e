"""``python -m bench.pilot`` (``make bench-pilot``): what the default's pilot costs and how
close its mix comes to the equilibrium it estimates.

For each engagement of ``make bench-tactics``' suite: the pilot's Battles and seconds (the
tournament between the fixed styles that the default's mix is solved from,
simulator.equilibrium), and its own error: the most a side gains by leaving the mix for any
other fixed style, read from many more Battles a pair on dice of their own. Then the pilot's
Battles and seconds for the never-seen 7v7 setups of ``make bench``, whose first request
pays for it. A minute, where ``make bench-tactics`` takes many: the way to try another size
of pilot (``--rounds``) before measuring it there against the search
tactic, which only ``make bench-tactics`` plays.
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Sequence

import numpy as np

from bench.engagements import training_stream
from bench.request import FRESH
from bench.tactics import SUITE
from simulator.engagement import Engagement, Legion
from simulator.equilibrium import (
    CHECK,
    FILL,
    SHARPEN,
    Mix,
    Round,
    mix_of_table,
    pilot,
    pilot_battles,
    pilot_scale,
    play_pairs,
)
from simulator.tactics import STYLES

REFERENCE_SEED = 0x5EED  # the dice of the Battles the pilot is checked on, apart from its own
# the never-seen setups' requests (bench.request)
FRESH_SPECS = [
    Engagement(terrain, Legion(500, attacker), Legion(0, defender), summonable="Archangel").spec
    for terrain, attacker, defender in FRESH
]


Rates = dict[tuple[str, str], np.ndarray]  # (attacker's style, defender's): P(each Outcome)


def gains(mix: Mix, rates: Rates) -> tuple[float, float]:
    """(attacker's, defender's) most gained against ``mix`` by switching to any fixed style:
    the attacker's wins, the defender's wins and time losses (10.5). ``rates`` holds every
    style against the other side's mix and the mix against every style."""
    x, y = dict(mix.attacker), dict(mix.defender)

    def wins(a: str) -> float:
        return sum(q * rates[a, d][0] for d, q in y.items())

    def holds(d: str) -> float:
        return sum(p * (rates[a, d][1] + rates[a, d][3]) for a, p in x.items())

    at_mix = sum(p * wins(a) for a, p in x.items()), sum(q * holds(d) for d, q in y.items())
    return (
        max(max(wins(a) for a in STYLES) - at_mix[0], 0.0),
        max(max(holds(d) for d in STYLES) - at_mix[1], 0.0),
    )


def reference_rates(spec, mix: Mix, battles: int) -> Rates:
    """The rates ``gains`` reads, ``battles`` Battles a pair on the reference's dice."""
    cells = sorted(
        {(a, d) for a in STYLES for d, _ in mix.defender}
        | {(a, d) for a, _ in mix.attacker for d in STYLES}
    )
    outcome = play_pairs(spec, cells, 0, battles, REFERENCE_SEED)
    return {
        cell: np.bincount(o, minlength=4) / battles for cell, o in zip(cells, outcome, strict=True)
    }


def _timed_pilot(spec, rounds):
    started = time.perf_counter()
    found = pilot(spec, rounds)
    return found, time.perf_counter() - started


def _round(text: str) -> Round:
    """A round of ``--rounds``: "24:10" (Battles a pair, styles a side), "8" (every style),
    "24:check" (the styles the round before left out, against the other side's mix),
    "160:fill" (the pairs of both mixes' styles, up to 160 Battles) or "480:sharpen" (each
    side's close calls against the other's mix, and the mixes' pairs, up to 480 Battles)."""
    battles, _, styles = text.partition(":")
    try:
        return (
            int(battles),
            styles if styles in (CHECK, FILL, SHARPEN) else int(styles) if styles else None,
        )
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"BATTLES, BATTLES:STYLES, BATTLES:{CHECK}, BATTLES:{FILL} or BATTLES:{SHARPEN}, "
            f"not {text!r}"
        ) from None


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.pilot", description=__doc__)
    parser.add_argument(
        "--rounds",
        type=_round,
        nargs="+",
        metavar="BATTLES[:STYLES]",
        help="a 7v7's pilot rounds: Battles a pair, and the styles a side that play it (every"
        f" style when left out; '{CHECK}': those the round before left out, against the other"
        f" side's mix; '{FILL}': the pairs of both mixes' styles, up to its Battles;"
        f" '{SHARPEN}': each side's close calls against the other's mix, and the mixes' pairs,"
        " up to its Battles), e.g. 8 24:10 128:4 24:check 160:fill 480:sharpen (the pilot's"
        " own when absent)",
    )
    parser.add_argument(
        "--reference", type=int, default=3000, help="Battles a pair to check the pilot on"
    )
    parser.add_argument(
        "--training",
        type=int,
        metavar="N",
        help="check it on the first N Engagements of bench/engagements.py's training stream "
        "(the one a pilot is tried on) instead of the suite",
    )
    args = parser.parse_args(argv)

    def rounds_of(spec) -> tuple[Round, ...]:
        if args.rounds is None:
            return pilot_battles(spec)
        scale = pilot_scale(spec)  # smaller Legions play more
        return tuple((round(battles * scale), styles) for battles, styles in args.rounds)

    if args.training:
        checked = [(d.name, d.engagement.spec) for d in training_stream(args.training)]
        over = f"the training stream's first {args.training}"
    else:
        checked = [(f"{case.terrain:9} {case.name}", case.engagement.spec) for case in SUITE]
        over = f"the suite ({len(SUITE)} engagements)"
    _timed_pilot(SUITE[0].engagement.spec, ((4, None),))  # the kernel loaded
    rows = []
    for name, spec in checked:
        found, seconds = _timed_pilot(spec, rounds_of(spec))
        mix = mix_of_table(found.table)
        attack, defend = gains(mix, reference_rates(spec, mix, args.reference))
        rows.append((found.battles, seconds, attack, defend))
        print(
            f"{name:38} pilot {found.battles:6,} Battles {seconds:5.2f} s"
            f"   a side gains by switching: A {attack:+.3f} D {defend:+.3f}",
            flush=True,
        )
    table = np.array(rows)
    print(
        f"\nthe pilot's own error over {over}: attacker mean "
        f"{table[:, 2].mean():.3f} max {table[:, 2].max():.3f}, defender mean "
        f"{table[:, 3].mean():.3f} max {table[:, 3].max():.3f}; {int(table[:, 0].sum()):,} "
        f"Battles in all"
    )
    print(
        f"  the standard error of one rate it is checked on at p = 0.5: "
        f"{0.5 / math.sqrt(args.reference):.3f} ({args.reference:,} Battles a pair; its noise"
        " adds to each gain, the same for every size of pilot)"
    )
    print("\nnever-seen 7v7 setups of make bench (their first request pays for the pilot)")
    for (terrain, _, _), spec in zip(FRESH, FRESH_SPECS, strict=True):
        found, seconds = _timed_pilot(spec, rounds_of(spec))
        print(f"  {terrain:9} pilot {found.battles:6,} Battles {seconds:5.3f} s")


if __name__ == "__main__":
    main()
