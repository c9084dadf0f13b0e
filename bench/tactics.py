"""``make bench-tactics``: the default measured against every other way of playing it, on
Engagements drawn as players meet them and never tuned on (``bench.engagements``' test
stream).

For each test Engagement it plays the default on both sides, then each fixed style in turn
on each side against the default (``--trials``, 2,000 Battles a matchup) and the strong
search on each side (``--search-trials``, 200 Battles; ``--rollouts``, 32 a plan; every
style a plan); a line an Engagement. Then, per side, each deviation's gain over the default
(mean, 95th percentile, maximum, each with its sampling error), the most any fixed style
gains, the strong search's gain, and under each of those two what the Battles' noise alone
could show there; the same for an earlier default's ``--json`` output (``--baseline``); the
search's gain by rollouts on the first Engagements (the stick's length); the largest
fixed-style gains confirmed on fresh dice (below); and the sanity cases on the Plains.

Every matchup of an Engagement plays the same dice (seed, Battle index).

The largest of some 3,000 gains, each measured with an error of one to two points, is
mostly that error: an exact equilibrium would show four points there. So every fixed
style's gain that measured within ``CONFIRM_ERRORS`` of its errors of the goal
(``STYLE_GOAL``), or above it, is played again with the next seed (dice independent of the
first round's: the selection does not favour them) and ``--confirm-trials`` Battles; the
largest of those is the estimate of the largest gain (a style whose gain truly reaches the
goal is re-played but for less than a chance in a hundred). ``--gains`` reads the first
round from an earlier ``--json`` output instead of playing it again.

Reported figures come from the test stream alone. An idea is tried on the training stream
first (``--stream training``, from its Engagement ``--first``), often against the search
alone (``--trials 0``: no style matchups, so no confirmation, and ``--sanity-trials 0``),
as docs/tactics-research.md records.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np

from bench.engagements import TEST_ENGAGEMENTS, test_stream, training_stream
from simulator.battles import play
from simulator.engagement import Engagement, Legion
from simulator.tactics import ADAPTIVE, STRONG_SEARCH, STYLES, SearchSetting
from simulator.tactics import play as tactics_play

HEURISTICS = ("default", *STYLES)
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


SIDES = ("attacker", "defender")
SANITY = (  # (case, the least attacker wins, the most time losses): docs/tactics.md
    (SUITE[0], 0.95, 0.02),
    (SUITE[1], 0.0, 0.10),
)
SWEEP = (8, 16, 32, 64)  # the search's rollouts the sweep measures the stick with
CONTESTED = 0.1  # each side's good endings at least this share of the default's Battles
STYLE_GOAL = 0.04  # the most a fixed style should gain a side over the default (docs/tactics.md)
CONFIRM_ERRORS = 2.5  # a gain this many of its errors below the goal, or nearer, is re-played


def _rate(p: np.ndarray, side: int) -> float:
    return attacker_wins(p) if side == 0 else defender_holds(p)


def _good(outcome: np.ndarray, side: int) -> np.ndarray:
    """Each Battle's good ending for ``side`` (1.0 or 0.0): the attacker's win, the
    defender's win or the time running out (10.5)."""
    return (outcome == 0) if side == 0 else ((outcome == 1) | (outcome == 3))


def _matchup(spec, side: int, tactic: str, trials: int, seed: int, search=None):
    """The Battles of ``tactic`` on ``side`` against the default measured (``spec``'s
    tactics): int8[trials] Outcome codes."""
    names = [spec.attacker_tactic, spec.defender_tactic]
    names[side] = tactic
    changes: dict = {"attacker_tactic": names[0], "defender_tactic": names[1]}
    if search is not None:
        changes["search"] = search
    return play(replace(spec, **changes), trials, seed).outcome


@dataclass
class Measured:
    """One test Engagement's Battles: the default on both sides, and each deviation per side
    (the same dice: Battle i of the seed in every matchup)."""

    name: str
    base: np.ndarray  # int8[trials]
    styles: dict[tuple[int, str], np.ndarray]  # (side, style) -> int8[trials]
    search: dict[int, np.ndarray]  # side -> int8[search trials]
    sweep: dict[tuple[int, int], np.ndarray]  # (side, rollouts) -> int8[sweep trials]

    def gain(self, side: int, outcome: np.ndarray) -> tuple[float, float]:
        """(what ``side`` gains by the deviation whose Battles are ``outcome``, its standard
        error): the difference of the deviation's rate and the default's on the same
        Battles, paired."""
        n = len(outcome)
        d = _good(outcome, side).astype(float) - _good(self.base[:n], side).astype(float)
        return float(d.mean()), float(d.std(ddof=1) / math.sqrt(n)) if n > 1 else 0.0

    def gains(self) -> Gains:
        """Every deviation's (gain, standard error) per side: "side|style", "side|search",
        "side|search r" (the sweep)."""
        found: Gains = {}
        for (side, name), outcome in self.styles.items():
            found[f"{side}|{name}"] = self.gain(side, outcome)
        for side, outcome in self.search.items():
            found[f"{side}|{STRONG}"] = self.gain(side, outcome)
        for (side, r), outcome in self.sweep.items():
            found[f"{side}|{SEARCH} {r}"] = self.gain(side, outcome)
        return found


Gains = dict[str, tuple[float, float]]
STRONG = "strong search"
ANY = "any fixed style"
NOISE = "  noise alone"  # what the row above shows of an exact equilibrium (``noise_alone``)
NOISE_DRAWS = 1000


def style_gap(gains: Gains, side: int) -> tuple[float, float]:
    """The most any fixed style gains ``side`` (0 when none gains), with its error."""
    best = max(v for k, v in gains.items() if k.split("|")[1] in STYLES and k[0] == str(side))
    return max(best[0], 0.0), best[1]


def played_styles(gains: Gains) -> bool:
    """Whether the fixed styles played (not with ``--trials 0``)."""
    return any(k.split("|")[1] in STYLES for k in gains)


def summary(values: np.ndarray, errors: np.ndarray, rng: np.random.Generator) -> dict:
    """Mean, 95th percentile and maximum over the Engagements of per-Engagement gains, each
    with its sampling error: the mean's from the spread over the Engagements (which holds
    the Battles' own noise too), the percentile's by resampling the Engagements, the
    maximum's the standard error of that Engagement's own gain."""
    boot = rng.integers(len(values), size=(2000, len(values)))
    top = int(np.argmax(values))
    return {
        "mean": float(values.mean()),
        "mean_se": float(values.std(ddof=1) / math.sqrt(len(values))),
        "p95": float(np.percentile(values, 95)),
        "p95_se": float(np.percentile(values[boot], 95, axis=1).std()),
        "max": float(values[top]),
        "max_se": float(errors[top]),
    }


def noise_alone(measured: list[Gains], side: int, name: str, rng: np.random.Generator) -> dict:
    """What the row ``name`` ("any fixed style", or the strong search) would show from the
    Battles' noise alone: every deviation tying with the default (a true gain of 0) and
    measured with the standard error it was measured with here, independently; the mean
    over NOISE_DRAWS such draws of the row's mean, 95th percentile and maximum. For the
    fixed styles the most noise could show: a style truly worse than the default, or errors
    shared through the default's own Battles, show less."""
    names = STYLES if name == ANY else (name,)
    keys = [f"{side}|{n}" for n in names]
    se = np.array([[g[k][1] for k in keys] for g in measured if all(k in g for k in keys)])
    shown = (rng.standard_normal((NOISE_DRAWS, *se.shape)) * se).max(axis=2)
    if name == ANY:  # as style_gap reads it
        shown = np.maximum(shown, 0.0)
    return {
        "mean": float(shown.mean(axis=1).mean()),
        "p95": float(np.percentile(shown, 95, axis=1).mean()),
        "max": float(shown.max(axis=1).mean()),
    }


def _cell(s: dict) -> str:
    return (
        f"{s['mean']:+.3f}±{s['mean_se']:.3f} {s['p95']:+.3f}±{s['p95_se']:.3f} "
        f"{s['max']:+.3f}±{s['max_se']:.3f}"
    )


def report(measured: list[Gains], label: str, stream: str = "test") -> dict[str, dict[str, dict]]:
    """The gap table of one default: per deviation and side, the summary of the gains."""
    rng = np.random.default_rng(0)
    rows: dict[str, dict[str, dict]] = {}
    names = [n for n in STYLES if any(f"0|{n}" in g for g in measured)]
    for name in (*names, ANY, STRONG):
        rows[name] = {}
        for side in (0, 1):
            if name == ANY and not all(played_styles(g) for g in measured):
                continue
            if name == ANY:
                pairs = [style_gap(g, side) for g in measured]
            else:
                pairs = [g[f"{side}|{name}"] for g in measured if f"{side}|{name}" in g]
            if not pairs:
                continue
            values, errors = (np.array(x) for x in zip(*pairs, strict=True))
            rows[name][SIDES[side]] = summary(values, errors, rng)
    print(
        f"\n{label}: gain of each deviation over the default, per side, over "
        f"{len(measured)} {stream} Engagements: mean, 95th percentile, maximum (± sampling "
        "error)"
    )
    print(f"{'deviation':<18}{'attacker':<54}defender")
    for name, row in rows.items():
        if not row:  # the fixed styles, with --trials 0
            continue
        cells = [_cell(row[s]) if s in row else "" for s in SIDES]
        print(f"{name:<18}{cells[0]:<54}{cells[1]}")
        if name in (ANY, STRONG) and row:  # what sampling alone could make of an equilibrium
            floor = [noise_alone(measured, side, name, rng) for side in (0, 1)]
            cells = [f"{f['mean']:+.3f}       {f['p95']:+.3f}       {f['max']:+.3f}" for f in floor]
            print(f"{NOISE:<18}{cells[0]:<54}{cells[1]}")
    return rows


def contested_report(measured: list[Gains], base: list[np.ndarray]) -> None:
    """The strong search's mean gain per side on the contested Engagements (each side comes
    out well in at least CONTESTED of the default's Battles: the page's hint says so too) and
    on the others, for the Engagements played in this run (``base``: their default's
    Battles)."""
    if not base:
        return
    close = [min(_good(b, 0).mean(), _good(b, 1).mean()) >= CONTESTED for b in base]
    gains = measured[len(measured) - len(base) :]
    print(
        f"\nthe strong search's mean gain, contested ({sum(close)}) and not ({close.count(False)})"
    )
    for side in (0, 1):
        cells = []
        for label, keep in (("contested", True), ("the rest", False)):
            found = [
                g[f"{side}|{STRONG}"][0] for g, c in zip(gains, close, strict=True) if c == keep
            ]
            cells.append(f"{label} {np.mean(found):+.3f}" if found else f"{label} -")
        print(f"  {SIDES[side]:<9} " + "   ".join(cells))


def sweep_report(measured: list[Gains]) -> None:
    with_sweep = [g for g in measured if f"0|{SEARCH} {SWEEP[0]}" in g]
    if len(with_sweep) < 2:
        return
    print(
        f"\nthe stick's length: the search's mean gain over the default on {len(with_sweep)} "
        "Engagements, by rollouts a plan (every style a plan)"
    )
    for side in (0, 1):
        cells = []
        for r in SWEEP:
            gains = np.array([g[f"{side}|{SEARCH} {r}"][0] for g in with_sweep])
            se = gains.std(ddof=1) / math.sqrt(len(gains))
            cells.append(f"{r:>3}: {gains.mean():+.3f}±{se:.3f}")
        print(f"  {SIDES[side]:<9} " + "   ".join(cells))


def candidates(measured: list[Gains]) -> list[tuple[int, int, str]]:
    """(Engagement's index, side, style) of every fixed style's gain whose first measure lies
    within CONFIRM_ERRORS of its errors of STYLE_GOAL or above: the gains the largest may be."""
    return [
        (k, side, name)
        for k, gains in enumerate(measured)
        for side in (0, 1)
        for name in STYLES
        if f"{side}|{name}" in gains
        and gains[f"{side}|{name}"][0] + CONFIRM_ERRORS * gains[f"{side}|{name}"][1] >= STYLE_GOAL
    ]


@dataclass(frozen=True)
class Confirmed:
    engagement: str
    side: int
    style: str
    first: tuple[float, float]  # (gain, error) of the first round
    again: tuple[float, float]  # on fresh dice


def confirm(drawn, measured: list[Gains], args) -> list[Confirmed]:
    """The candidates' gains played again: the next seed, ``args.confirm_trials`` Battles, the
    default on both sides again on those dice for the pairing."""
    chosen = candidates(measured)
    seed = args.seed + 1
    found = []
    for k in sorted({c[0] for c in chosen}):
        spec = replace(
            drawn[k].engagement.spec, attacker_tactic=args.default, defender_tactic=args.default
        )
        again = Measured(drawn[k].name, play(spec, args.confirm_trials, seed).outcome, {}, {}, {})
        for _, side, name in (c for c in chosen if c[0] == k):
            outcome = _matchup(spec, side, name, args.confirm_trials, seed)
            first = tuple(measured[k][f"{side}|{name}"])
            found.append(Confirmed(drawn[k].name, side, name, first, again.gain(side, outcome)))
    return found


def confirmed_report(found: list[Confirmed], trials: int, rng: np.random.Generator) -> None:
    """Per side: the largest gain on fresh dice, with its error, where and by which style;
    what the noise alone would make of the largest of these; the gains at least two errors
    above the goal."""
    print(
        f"\nthe largest fixed-style gains confirmed: the {len(found)} gains within "
        f"{CONFIRM_ERRORS} errors of {STYLE_GOAL} or above, in "
        f"{len({f.engagement for f in found})} Engagements, played again on fresh dice, "
        f"{trials} Battles each"
    )
    for side in (0, 1):
        mine = sorted((f for f in found if f.side == side), key=lambda f: -f.again[0])
        if not mine:
            print(f"  {SIDES[side]:<9} none within reach of {STYLE_GOAL}")
            continue
        top = mine[0]
        errors = np.array([f.again[1] for f in mine])
        noise = (rng.standard_normal((NOISE_DRAWS, len(mine))) * errors).max(axis=1).mean()
        above = [f for f in mine if f.again[0] - 2 * f.again[1] > STYLE_GOAL]
        print(
            f"  {SIDES[side]:<9} largest {top.again[0]:+.3f}±{top.again[1]:.3f} ({top.style} in "
            f"{top.engagement.strip()}; first {top.first[0]:+.3f}±{top.first[1]:.3f}), noise "
            f"alone {noise:+.3f}; above {STYLE_GOAL} by more than two errors: {len(above)}"
        )
        for f in mine[:5]:
            print(
                f"    {f.engagement.strip():<32} {f.style:<12} first {f.first[0]:+.3f}±"
                f"{f.first[1]:.3f}  again {f.again[0]:+.3f}±{f.again[1]:.3f}"
            )


def sanity(trials: int, seed: int, tactic: str = "default") -> None:
    print("\nsanity cases (the default on both sides, Plains):")
    for case, least_wins, most_time in SANITY:
        p = outcomes(case, tactic, tactic, trials, seed)
        ok = p[0] >= least_wins and p[3] <= most_time
        print(
            f"  {case.name:<22} attacker wins {p[0]:.1%} (at least {least_wins:.0%}), time "
            f"loss {p[3]:.1%} (at most {most_time:.0%}), {trials} Battles: "
            f"{'kept' if ok else 'BROKEN'}"
        )


def measure(drawn, args, sweep: bool) -> Measured:
    spec = replace(
        drawn.engagement.spec, attacker_tactic=args.default, defender_tactic=args.default
    )
    # the default's Battles pair every deviation's, the search's too when no style plays
    battles = max(args.trials, args.search_trials, args.sweep_trials if sweep else 0)
    base = play(spec, battles, args.seed).outcome
    styles = {
        (side, name): _matchup(spec, side, name, args.trials, args.seed)
        for side in (0, 1)
        for name in STYLES
        if args.trials > 0
    }
    strong = SearchSetting(rollouts=args.rollouts)
    search = {
        side: _matchup(spec, side, SEARCH, args.search_trials, args.seed, strong) for side in (0, 1)
    }
    swept = {}
    if sweep:
        for side in (0, 1):
            for r in SWEEP:
                if r == args.rollouts:
                    swept[side, r] = search[side][: args.sweep_trials]
                    continue
                swept[side, r] = _matchup(
                    spec, side, SEARCH, args.sweep_trials, args.seed, SearchSetting(rollouts=r)
                )
    return Measured(drawn.name, base, styles, search, swept)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.tactics", description=__doc__)
    parser.add_argument("--trials", type=int, default=2000, help="Battles per style matchup")
    parser.add_argument(
        "--search-trials", type=int, default=200, help="Battles per strong-search matchup"
    )
    parser.add_argument("--rollouts", type=int, default=STRONG_SEARCH.rollouts)
    parser.add_argument("--sweep", type=int, default=12, help="test Engagements in the sweep")
    parser.add_argument("--sweep-trials", type=int, default=200)
    parser.add_argument("--seed", type=int, default=20261123)
    parser.add_argument("--engagements", type=int, default=TEST_ENGAGEMENTS)
    parser.add_argument(
        "--stream",
        choices=("test", "training"),
        default="test",
        help="the Engagements measured: the test stream (reported figures) or the training "
        "stream (trying an idea)",
    )
    parser.add_argument("--first", type=int, default=0, help="the stream's first Engagement")
    parser.add_argument("--json", help="write every Battle's outcome of every matchup here")
    parser.add_argument(
        "--baseline", help="an earlier default's --json output, reported beside this one"
    )
    parser.add_argument("--sanity-trials", type=int, default=4000)
    parser.add_argument(
        "--confirm-trials", type=int, default=16000, help="Battles per confirmed gain"
    )
    parser.add_argument(
        "--gains", help="the first round from an earlier --json output, not played again"
    )
    parser.add_argument(
        "--default",
        choices=("default", ADAPTIVE),
        default="default",
        help="the tactic measured: the default (a mix of styles) or the adaptive rule",
    )
    args = parser.parse_args(argv)

    print(
        f"# the default against every style and the search ({args.rollouts} rollouts, every "
        f"style a plan) on the {args.stream} stream: {args.engagements} Engagements from "
        f"{args.first}, {args.trials} Battles a style matchup, {args.search_trials} a search "
        f"matchup, seed {args.seed}",
        flush=True,
    )
    if args.stream == "test":
        drawn_all = test_stream(args.first + args.engagements)[args.first :]
    else:
        drawn_all = training_stream(args.engagements, args.first)
    measured: list[Gains] = []
    bases: list[np.ndarray] = []  # the default's Battles of each Engagement played here
    if args.gains:
        earlier = json.loads(Path(args.gains).read_text())[: args.engagements]
        measured = [{k: tuple(v) for k, v in g.items()} for g in earlier]
        print(f"# the first {len(measured)} Engagements' gains read from {args.gains}")
    for k, drawn in enumerate(drawn_all[len(measured) :], start=len(measured)):
        started = time.perf_counter()
        m = measure(drawn, args, k < args.sweep)
        g = m.gains()
        measured.append(g)
        bases.append(m.base)
        p = np.bincount(m.base, minlength=4) / len(m.base)
        gap = (
            f"styles gap A {style_gap(g, 0)[0]:+.3f} D {style_gap(g, 1)[0]:+.3f}"
            if played_styles(g)
            else "styles not played"
        )
        print(
            f"{drawn.name:<32} default v default A {p[0]:5.1%} D {p[1]:5.1%} M {p[2]:5.1%} "
            f"T {p[3]:5.1%}  {gap}  search A {g[f'0|{STRONG}'][0]:+.3f} D "
            f"{g[f'1|{STRONG}'][0]:+.3f}  ({time.perf_counter() - started:.0f} s)",
            flush=True,
        )
    if args.json:
        Path(args.json).write_text(json.dumps(measured, indent=0))
    report(measured, "this default", args.stream)
    if args.baseline:
        earlier = json.loads(Path(args.baseline).read_text())[: len(measured)]
        report(
            [{k: tuple(v) for k, v in g.items()} for g in earlier],
            "the earlier default, on the same Engagements",
            args.stream,
        )
    contested_report(measured, bases)
    sweep_report(measured)
    if args.trials > 0:
        confirmed_report(
            confirm(drawn_all, measured, args), args.confirm_trials, np.random.default_rng(0)
        )
    if args.sanity_trials > 0:
        sanity(args.sanity_trials, args.seed, args.default)


if __name__ == "__main__":
    main()
