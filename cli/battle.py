"""``titan-odds``: Engagement odds and muster comparisons from the command line.

    titan-odds --terrain Plains --attacker Titan,Ogre,Ogre --defender Troll,Troll --trials 20000
    titan-odds compare --land 14 --legion Ogre,Ogre --opponent Troll,Troll
    titan-odds --terrain Plains --attacker Ogre,Ogre --defender Troll --precision 0.01
    titan-odds --url http://127.0.0.1:8000 --terrain Plains --attacker Ogre --defender Lion
    titan-odds arena odds table.json     (Titan: The Arena; see cli/arena.py)
    python -m cli ...   (the same)

With ``--url`` the question is asked of a running service (``api.client``)
instead of the battle kernel on this machine.

Prints a readable table (or the API's JSON with ``--json``) and shows a
progress bar on a terminal once a run has taken a second.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Sequence
from typing import Any

from engine.errors import TitanError, Violations
from engine.variants import TACTICAL, engagement_variants

PROGRESS_AFTER = 1.0  # seconds a run goes on before its progress bar is shown
CHECK_TRIALS = 400  # Battles the search plays each side with --check-play (about ±5 points)


def _names(text: str) -> list[str]:
    """Character names, any case, separated by commas or spaces: two words that make one name
    are read as it ("ice witch", Tactical Titan's); an unknown word is left for the checks."""
    from engine.names import canonical
    from engine.tactical.characters import NAMES  # TITAN's and Tactical Titan's

    words = text.replace(",", " ").split()
    found = []
    while words:
        pair = canonical(" ".join(words[:2]), NAMES) if len(words) > 1 else None
        found.append(pair or canonical(words[0], NAMES) or words[0])
        del words[: 2 if pair else 1]
    return found


def _terrain(text: str) -> str:
    from engine.battlelands import TERRAINS
    from engine.names import canonical

    return canonical(text, TERRAINS) or text


def _tactic(text: str) -> str:
    """A tactic's name in any case, as the service reads it; an unknown one is left for the
    checks."""
    from engine.names import canonical
    from simulator.odds import every_tactic_name

    return canonical(text, every_tactic_name()) or text


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--url",
        help="ask the service at this address (e.g. http://127.0.0.1:8000) instead of "
        "simulating here",
    )
    parser.add_argument(
        "--terrain", type=_terrain, help="Battleland terrain, e.g. Plains, Tower (any case)"
    )
    parser.add_argument(
        "--land",
        type=int,
        help="the Masterboard land (1-42, 101-142, the Towers 100-600, 1000-6000): gives the "
        "terrain",
    )
    parser.add_argument(
        "--entry-side",
        type=int,
        choices=(1, 3, 5),
        help="the side of the land the attacker entered by (10.1): 1 (default), 3 or 5; the "
        "Tower is always 5",
    )
    parser.add_argument(
        "--summonable",
        type=str.capitalize,
        choices=("Angel", "Archangel"),
        help="a Lord the attacker may summon",
    )
    parser.add_argument(
        "--no-reinforce", action="store_true", help="the defender musters no reinforcement"
    )
    for side in ("attacker", "defender"):
        parser.add_argument(
            f"--{side}-tactic",
            type=_tactic,
            default="default",
            help="default (both sides playing well), lookahead (a slow search) or a style "
            "such as balanced, aggressive, defensive (docs/tactics.md); with --variant "
            "tactical, one of Tactical Titan's plans, such as headlong, or search "
            "(docs/tactical.md); any case",
        )
    parser.add_argument(
        "--trials", type=int, help="battles to play (10000; with --precision: the most)"
    )
    parser.add_argument(
        "--precision",
        type=float,
        help="play until every outcome's 95%% interval is at most this wide on each side "
        "(e.g. 0.01)",
    )
    parser.add_argument("--seed", type=int, help="random when absent (printed)")
    parser.add_argument(
        "--variant",
        type=str.lower,
        default="default",
        choices=engagement_variants(),
        help="the rules: default (TITAN), titanplus (21.3), or tactical (the fight under "
        "Tactical Titan's rules, its new characters allowed; docs/tactical.md)",
    )
    parser.add_argument("--time-budget", type=float, help="seconds before answering early")
    parser.add_argument("--json", action="store_true", help="print the API's JSON answer")
    parser.add_argument(
        "--no-progress",
        action="store_true",
        help="show no progress bar (one is shown on a terminal once a run has taken "
        f"{PROGRESS_AFTER:g} s)",
    )


def odds_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="titan-odds",
        usage="titan-odds [compare | arena] [options]",
        description="Odds of a TITAN Engagement, the Battle played out many times. "
        "Use `titan-odds compare --help` to rank muster choices, "
        "`titan-odds arena --help` for Titan: The Arena's odds and advice.",
        epilog="commands: titan-odds OPTIONS (an Engagement's odds); titan-odds compare "
        "OPTIONS (muster choices ranked); titan-odds arena {odds,advice} TABLE (Titan: The "
        "Arena). docs/cli.md has examples.",
    )
    _common(parser)
    parser.add_argument(
        "--attacker", type=_names, required=True, help="e.g. Titan,Ogre,Ogre or 'titan ogre ogre'"
    )
    parser.add_argument("--defender", type=_names, required=True, help="e.g. Troll,Troll")
    for side in ("attacker", "defender"):
        parser.add_argument(
            f"--{side}-score",
            type=int,
            default=0,
            help=f"the {side}'s player's score (0); it sets a Titan's Power, "
            "6 + score // 100 (19.1)",
        )
    parser.add_argument(
        "--check-play",
        action="store_true",
        help=f"then let the search tactic play each side in turn ({CHECK_TRIALS} Battles "
        "each) and say how much more that side would win or hold out",
    )
    return parser


def compare_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="titan-odds compare",
        description="Rank candidate Legions (by default: the Legion with each legal recruit "
        "of the land) against one opponent, with common dice for every candidate.",
    )
    _common(parser)
    parser.add_argument("--legion", type=_names, required=True, help="e.g. Ogre,Ogre")
    parser.add_argument(
        "--score",
        type=int,
        default=0,
        help="the legion's player's score (0); it sets a Titan's Power (19.1)",
    )
    parser.add_argument(
        "--side",
        choices=("attacker", "defender"),
        default="attacker",
        help="the side the legion plays (attacker)",
    )
    parser.add_argument(
        "--opponent", type=_names, required=True, help="the Legion it fights, e.g. Troll,Troll"
    )
    parser.add_argument(
        "--opponent-score", type=int, default=0, help="the opponent's player's score (0)"
    )
    parser.add_argument(
        "--candidate",
        type=_names,
        action="append",
        help="a candidate Legion (repeat); default: every legal recruit",
    )
    return parser


def _battle_fields(args: argparse.Namespace) -> dict[str, Any]:
    return {
        "terrain": args.terrain,
        "land": args.land,
        "entry_side": args.entry_side,
        "summonable": args.summonable,
        "reinforce": not args.no_reinforce,
        "tactics": {"attacker": args.attacker_tactic, "defender": args.defender_tactic},
        "trials": args.trials,
        "precision": args.precision,
        "seed": args.seed,
        "variant": args.variant,
    }


class _Progress:
    """A tqdm bar over Battles, shown once the run has taken PROGRESS_AFTER seconds (a slow
    tactic's few hundred Battles as well as many quick ones); a quicker run shows none."""

    def __init__(self, total: int, enabled: bool, what: str = "battle"):
        self.bar = None
        if enabled:
            from tqdm import tqdm

            self.bar = tqdm(total=total, unit=what, unit_scale=True, file=sys.stderr,
                            delay=PROGRESS_AFTER, leave=False)  # fmt: skip

    def __call__(self, n: int) -> None:
        if self.bar is not None:
            self.bar.update(n)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def _most_battles(args: argparse.Namespace) -> int:
    """The most Battles the run may play (the progress bar's length)."""
    from simulator.limits import DEFAULT_TRIALS, MAX_TRIALS, PRECISION_ABOVE, PRECISION_BELOW
    from simulator.precision import Plan

    if args.precision is None or not PRECISION_ABOVE < args.precision < PRECISION_BELOW:
        return args.trials or DEFAULT_TRIALS
    return Plan.of(args.trials or MAX_TRIALS, args.precision).looks[-1]


def _stopped(answer: dict[str, Any]) -> str:
    """Why play stopped, when it was not after the trials asked for."""
    if answer["truncated"]:
        return " (cut short by the time budget)"
    if answer["stopped"] == "precision":
        return f" (precision {100 * answer['precision']:g}% reached)"
    return ""


def _pct(p: float) -> str:
    return f"{100 * p:5.1f}%"


def _interval(x: dict[str, Any]) -> str:
    lo, hi = x["ci95"]
    return f"{_pct(x['p'])}  [{_pct(lo)} .. {_pct(hi)}]"


def _style_mix(mix: dict[str, float]) -> str:
    """'balanced 70%, measured 30%': a side's styles and its share of the Battles in each."""
    if len(mix) == 1:
        return next(iter(mix))
    return ", ".join(f"{name} {100 * share:.0f}%" for name, share in mix.items())


def _tactics(answer: dict[str, Any]) -> str:
    """Each side's tactic, and the styles it played where they are not the tactic's name."""
    if answer.get("variant") == TACTICAL:
        return "Tactical Titan's rules (docs/tactical.md), each side by its default tactic"
    played = []
    for side in ("attacker", "defender"):
        tactic, mix = answer["tactics"][side], answer["style_mix"][side]
        styles = _style_mix(mix)
        if tactic == "lookahead":
            styles = f"searching from {styles}"
        played.append(f"{side} {tactic}" + (f" ({styles})" if styles != tactic else ""))
    return "tactics: " + "; ".join(played)


def _how_played(answer: dict[str, Any]) -> list[str]:
    """A line per side that played the default or searched: how it played (the answer's
    ``play``)."""
    play = answer.get("play") or {}
    return [f"  {p['summary']}" for p in play.values() if p["tactic"] in ("default", "lookahead")]


def _good_ending(side: str, outcomes: dict[str, Any]) -> float:
    """A side's good endings: the attacker's wins; the defender's wins and time losses (10.5)."""
    if side == "attacker":
        return outcomes["attacker_wins"]["p"]
    return outcomes["defender_wins"]["p"] + outcomes["time_loss"]["p"]


def check_line(side: str, searching: dict[str, Any], answer: dict[str, Any]) -> str:
    """How a side played by the search fares beside the same side in ``answer``: the difference
    of their good endings in percentage points, with the 95% interval of a difference of two
    independent shares; better play only when the whole interval is above zero."""
    mine, here = (_good_ending(side, a["outcomes"]) for a in (searching, answer))
    n, m = searching["trials"], answer["trials"]

    def spread(p: float, k: int) -> float:
        return max(p * (1 - p), 1 / k) / k

    half = 100 * 1.96 * math.sqrt(spread(mine, n) + spread(here, m))
    gain = 100 * (mine - here)
    low, high = gain - half, gain + half
    difference = (
        f"{_signed(gain)} percentage points (95% interval {_signed(low)} to {_signed(high)})"
    )
    if low > 0:
        verdict = f"better play gains the {side} {difference}"
    elif high < 0:
        verdict = f"no better play found: the search did worse, {difference}"
    else:
        verdict = f"no better play found: {difference}, within the sampling error"
    does, did = (
        ("wins", "wins") if side == "attacker"
        else ("holds out (wins, or the time runs out) in", "holds out in")
    )  # fmt: skip
    return (
        f"  a searching {side} {does} {_pct(mine).strip()} of {n} Battles; "
        f"here it {did} {_pct(here).strip()} of {m}: {verdict}"
    )


def _signed(x: float) -> str:
    """'+4.2', '-0.6': percentage points with their sign, one decimal."""
    shown = f"{abs(x):.1f}"
    return "0.0" if shown == "0.0" else ("+" if x > 0 else "-") + shown


def check_play(body: dict[str, Any], answer: dict[str, Any], ask) -> str:
    """Each side played by the search tactic in turn against the other's tactic of
    ``answer``, on its seed: ``ask`` answers an odds request body."""
    lines = ["", "would better play change this? (the search tactic plays each side in turn)"]
    tactics = body["tactics"]
    for side in ("attacker", "defender"):
        if tactics[side] == "lookahead":
            continue
        asked = {
            **body,
            "trials": CHECK_TRIALS,
            "precision": None,
            "seed": answer["seed"],
            "tactics": {**tactics, side: "lookahead"},
        }
        lines.append(check_line(side, ask(asked), answer))
    return "\n".join(lines)


def format_odds(answer: dict[str, Any]) -> str:
    lines = [
        f"{answer['terrain']}, attacker enters from side {answer['entry_side']}; "
        f"{answer['trials']} battles, seed {answer['seed']}" + _stopped(answer),
        _tactics(answer),
        *_how_played(answer),
        "",
        "outcome               probability  95% interval",
    ]
    labels = {
        "attacker_wins": "attacker wins",
        "defender_wins": "defender wins",
        "mutual_elimination": "mutual elimination",
        "time_loss": "time loss (10.5)",
    }
    if answer.get("variant") == TACTICAL:  # nobody is eliminated by the rounds running out
        labels["time_loss"] = "both stand, 7 rounds"
    for key, label in labels.items():
        lines.append(f"  {label:<20}{_interval(answer['outcomes'][key])}")
    for side in ("attacker", "defender"):
        s = answer[side]
        titan = (
            f", Titan killed {_pct(s['titan_killed']).strip()}, "
            f"lost {_pct(s['titan_lost']).strip()}"
            if s.get("has_titan")
            else ""
        )  # lost: killed, or eliminated with its Legion on a time loss (10.5)
        lines += ["", f"{side}: expected points {s['expected_points']:.1f}, "
                  f"expected survivors {s['expected_survivors']:.2f}{titan}"]  # fmt: skip
        for c in s["survival"]:
            lines.append(f"  {c['name']:<12} survives {_pct(c['p'])}")
        if "healing" in s:  # Tactical Titan's healing (5.0)
            lines.append(f"  healed {s['healing']['mean']:.1f} damage a fight on average")
        gained = s["angels_gained"]
        if gained["any"]:
            lines.append(
                f"  Angels gained: {gained['Angel']:.2f} Angel, "
                f"{gained['Archangel']:.2f} Archangel on average"
            )
        if side == "attacker" and s["summoned"]["name"]:
            lines.append(f"  {s['summoned']['name']} summoned in {_pct(s['summoned']['p'])}")
        if side == "defender" and s["reinforcement"]["p"]:
            names = ", ".join(
                f"{n} {_pct(p).strip()}" for n, p in s["reinforcement"]["by_name"].items()
            )
            lines.append(f"  reinforcement: {names}")
    alt = answer["alternatives"]
    if alt is not None:  # Tactical Titan's fights have none
        flee = alt["flee"]
        lines += [
            "",
            "instead of the Battle:",
            "  defender flees: "
            + (f"attacker scores {flee['attacker_points']}" if flee["allowed"] else flee["reason"]),
            f"  defender concedes: attacker scores {alt['defender_concedes']['attacker_points']}",
            f"  attacker concedes: defender scores {alt['attacker_concedes']['defender_points']}",
        ]
    lines += [
        "",
        "rounds: " + ", ".join(f"{r}: {_pct(p).strip()}" for r, p in answer["rounds"].items()),
        f"{answer['battles_per_second']:,.0f} battles per second",
    ]
    return "\n".join(lines)


def format_compare(answer: dict[str, Any]) -> str:
    """The candidates ranked, each with its time-loss share beside its wins: for an attacker
    a Battle that runs out of time is lost with the whole Legion (10.5), for a defender it
    is held (and counted in its holds)."""
    side = answer["side"]
    held = "wins" if side == "attacker" else "holds"
    lines = [
        f"{answer['terrain']}: {side} candidates against "
        f"{', '.join(answer['opponent']['characters'])}; {answer['trials']} battles each, "
        f"seed {answer['seed']}" + _stopped(answer),
        "",
        f"rank  {held:<27}time loss  vs best     legion",
    ]
    for c in answer["candidates"]:
        diff = c["vs_best"]["difference"]
        what = ", ".join(c["characters"])
        if c["recruit"]:
            what += f"   (musters {c['recruit']})"
        time_loss = _pct(c["outcomes"]["time_loss"]["p"])
        lines.append(
            f"{c['rank']:>4}  {_interval(c['win'])}  {time_loss}   "
            f"{0.0 - 100 * diff:+6.1f} pp   {what}"
        )
    lines += [
        "",
        "pp: percentage points of the Battles behind the best candidate; time loss: the "
        + (
            "Battles that run out of time, lost with the whole Legion (10.5)"
            if side == "attacker"
            else "Battles that run out of time, held (counted in the holds, 10.5)"
        ),
    ]
    return "\n".join(lines)


FEW_CHOICES = 16  # an unknown name with no close match: its valid names listed up to this many
# (every tactic and terrain, not every character)


def _problem_line(problem: dict[str, Any]) -> str:
    """One refusal (the API's error detail) as the command prints it."""
    line = f"titan-odds: {problem['message']}"
    valid = problem.get("valid") or ()
    if valid and not problem.get("suggestions") and len(valid) <= FEW_CHOICES:
        line += f" (one of {', '.join(valid)})"
    if problem.get("rule"):
        line += f" (rule {problem['rule']})"
    if problem.get("path"):
        line += f" [{problem['path']}]"
    return line


def _report(error: TitanError) -> str:
    problems = error.problems if isinstance(error, Violations) else [error]
    return "\n".join(
        _problem_line(
            {
                "message": p.message,
                "rule": p.rule,
                "path": p.path,
                "suggestions": getattr(p, "suggestions", ()),
                "valid": getattr(p, "valid", ()),
            }
        )
        for p in problems
    )


def _ask_service(url: str, body: dict[str, Any], comparing: bool, args) -> int:
    """The same question asked of a running service; its refusal printed as the local one."""
    from api.client import ServiceError, TitanClient

    client = TitanClient(url)
    try:
        answer = client.compare(body) if comparing else client.odds(body)
        _print(answer, comparing, args, body, client.odds)
    except ServiceError as e:
        for p in e.details or [{"message": e.message}]:
            print(_problem_line(p), file=sys.stderr)
        return 2
    return 0


def _print(answer: dict[str, Any], comparing: bool, args, body: dict[str, Any], ask) -> None:
    if args.json:
        print(json.dumps(answer, indent=2))
    elif comparing:
        print(format_compare(answer))
    else:
        print(format_odds(answer), flush=True)
        if args.check_play:
            print(check_play(body, answer, ask))


def main(argv: Sequence[str]) -> int:
    """``titan-odds`` and ``titan-odds compare`` (``argv`` after the program's name)."""
    argv = list(argv)
    comparing = bool(argv) and argv[0] == "compare"
    args = (compare_parser() if comparing else odds_parser()).parse_args(
        argv[1:] if comparing else argv
    )
    body = _battle_fields(args)
    if comparing:
        body.update(
            legion={"score": args.score, "characters": args.legion},
            opponent={"score": args.opponent_score, "characters": args.opponent},
            side=args.side,
            candidates=args.candidate,
        )
    else:
        body.update(
            attacker={"score": args.attacker_score, "characters": args.attacker},
            defender={"score": args.defender_score, "characters": args.defender},
        )
    if not comparing and args.check_play and args.json:
        print("titan-odds: --check-play adds lines to the table; with --json, ask for each "
              "side's lookahead yourself", file=sys.stderr)  # fmt: skip
        return 2
    if args.url:
        return _ask_service(args.url, body, comparing, args)
    progress = _Progress(_most_battles(args), enabled=not args.no_progress and sys.stderr.isatty())
    tactics = (body.get("tactics") or {}).values()
    searching = getattr(args, "check_play", False) or "lookahead" in tactics

    def ready() -> None:
        _ready_kernel(searching)

    try:
        if comparing:
            from simulator.compare import compare

            answer = compare(body, time_budget=args.time_budget, progress=progress, ready=ready)
        else:
            from simulator.odds import odds

            answer = odds(body, time_budget=args.time_budget, progress=progress, ready=ready)
    except TitanError as e:
        print(_report(e), file=sys.stderr)
        return 2
    finally:
        progress.close()
    show = not args.no_progress and sys.stderr.isatty()
    _print(answer, comparing, args, body, lambda asked: _odds(asked, args.time_budget, show))
    return 0


def _ready_kernel(search: bool = False) -> None:
    """Load the battle kernel before the Battles, so that the Battles per second printed are
    the Battles' own, with its search code when a side will ``search``; when it may have to
    be compiled (no compile of these sources is marked beside numba's cache), say so first.
    Under the locks a service's workers take (``simulator.kernel_cache.prepare``): never two
    compiles at once."""
    from simulator import kernel_cache
    from simulator.odds import warm_up

    lock = kernel_cache.lock_path()
    compiling = not kernel_cache.is_compiled(lock) or (
        search and not kernel_cache.SEARCH.compiled()
    )
    if compiling:
        print("titan-odds: readying the battle kernel (compiling it takes a few minutes, once "
              "after an install or an upgrade)...", file=sys.stderr, flush=True)  # fmt: skip
    started = time.monotonic()
    kernel_cache.prepare(warm_up, lock)
    if search:
        kernel_cache.SEARCH.prepare()
    if compiling:
        print(f"titan-odds: the kernel is ready ({time.monotonic() - started:.0f} s)",
              file=sys.stderr)  # fmt: skip


def _odds(body: dict[str, Any], time_budget: float | None, show: bool) -> dict[str, Any]:
    """An odds request played here (the search's --check-play), its progress shown."""
    from simulator.odds import odds

    progress = _Progress(body.get("trials") or 0, enabled=show)
    try:
        return odds(body, time_budget=time_budget, progress=progress)
    finally:
        progress.close()
