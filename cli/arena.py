"""``titan-odds arena``: Titan: The Arena's odds and advice from the command line.

    titan-odds arena odds table.json --games 10000 --seed 1
    titan-odds arena advice table.json --max-plays 8
    titan-odds arena odds - --policy Bob=aggressive < table.json
    titan-odds arena odds table.json --url http://127.0.0.1:8000

The file holds the table as POST /api/v1/arena/odds takes it: the state alone, or the
whole request (``{"state": ..., "policies": ..., "games": ...}``); the options override
the request's fields. With ``--url`` the question is asked of a running service.
docs/arena.md describes the table.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from engine.errors import TitanError, Violations

PROG = "titan-odds arena"


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog=PROG, description=__doc__.split("\n\n")[0])
    p.add_argument("question", choices=("odds", "advice"), help="what to ask")
    p.add_argument("table", help="a JSON file with the table (or the request); - for stdin")
    p.add_argument("--games", type=int, help="games to play out (4000 by default)")
    p.add_argument("--seed", type=int, help="random when absent (printed)")
    p.add_argument(
        "--policy",
        action="append",
        default=[],
        metavar="PLAYER=POLICY",
        help="a player's scripted policy: default, aggressive or random (repeatable)",
    )
    p.add_argument("--max-plays", type=int, help="advice: the most plays tried (24)")
    p.add_argument("--time-budget", type=float, help="seconds before answering early")
    p.add_argument("--url", help="ask the service at this address instead of playing here")
    p.add_argument("--json", action="store_true", help="print the API's JSON answer")
    return p


def _request(args: argparse.Namespace) -> dict[str, Any]:
    """The request the file and the options make; ValueError saying what is wrong."""
    try:
        text = sys.stdin.read() if args.table == "-" else Path(args.table).read_text()
    except OSError as e:
        raise ValueError(f"cannot read {args.table}: {e.strerror}") from None
    try:
        given = json.loads(text)
    except json.JSONDecodeError as e:
        raise ValueError(f"{args.table} is not JSON: {e.msg} (line {e.lineno})") from None
    if not isinstance(given, dict):
        raise ValueError(f"{args.table} holds no table (a JSON object)")
    body = dict(given) if "state" in given else {"state": given}
    policies = dict(body.get("policies") or {})
    for item in args.policy:
        player, sep, policy = item.partition("=")
        if not sep or not player or not policy:
            raise ValueError(f"--policy {item!r}: give PLAYER=POLICY")
        policies[player] = policy
    body["policies"] = policies
    for key in ("games", "seed", "max_plays"):
        if getattr(args, key) is not None:
            body[key] = getattr(args, key)
    if args.question == "odds":
        body.pop("max_plays", None)
    return body


def _pct(p: float) -> str:
    return f"{100 * p:5.1f}%"


def format_odds(answer: dict[str, Any]) -> str:
    lines = [f"{answer['games']:,} games, seed {answer['seed']}"]
    if answer.get("truncated"):
        lines[0] += " (the time budget cut the games short)"
    lines += ["", f"{'creature':<10}{'survives':>9}  {'95%':<15} dies in round 1-5"]
    for name, c in answer["creatures"].items():
        low, high = c["survives"]["ci95"]
        rounds = " ".join(_pct(p) for p in c["dies_in_round"])
        lines.append(
            f"{name:<10}{_pct(c['survives']['p']):>9}  {_pct(low)}-{_pct(high):<7} {rounds}"
        )
    lines += ["", f"{'player':<12}{'ducats':>8}  {'95%':<13}{'wins':>7}  policy"]
    for name, p in answer["players"].items():
        low, high = p.get("ducats_ci95", (p["expected_ducats"],) * 2)
        lines.append(
            f"{name:<12}{p['expected_ducats']:>8.2f}  {low:5.2f}-{high:<7.2f}"
            f"{_pct(p['wins']['p']):>7}  {p.get('policy', '')}"
        )
    return "\n".join(lines)


def format_advice(answer: dict[str, Any]) -> str:
    lines = [
        f"{answer['considered']} plays tried, {answer['games']:,} games each on the same dice, "
        f"seed {answer['seed']}"
    ]
    if answer.get("truncated"):
        lines[0] += " (the time budget cut the games short)"
    lines += ["", f"{'':>3} {'ducats':>7}  {'95%':<13}{'wins':>7}  play"]
    for i, play in enumerate(answer["plays"], 1):
        low, high = play["ducats_ci95"]
        lines.append(
            f"{i:>3} {play['expected_ducats']:>7.2f}  {low:5.2f}-{high:<7.2f}"
            f"{_pct(play['wins']['p']):>7}  {play['description']}"
        )
    return "\n".join(lines)


def _problems(details: list[dict[str, Any]]) -> str:
    return "\n".join(
        f"{PROG}: {p['message']}"
        + (f" (section {p['rule']})" if p.get("rule") else "")
        + (f" [{p['path']}]" if p.get("path") else "")
        for p in details
    )


def _ask_service(url: str, question: str, body: dict[str, Any]) -> dict[str, Any]:
    from api.client import TitanClient

    return TitanClient(url).arena(question, body)


def _answer_here(args: argparse.Namespace, body: dict[str, Any]) -> dict[str, Any]:
    """The answer the service would give, from the kernel on this machine."""
    from marshmallow import ValidationError

    from api.errors import error_body
    from api.schemas.arena import ArenaAdviceRequestSchema, ArenaOddsRequestSchema
    from simulator import limits
    from simulator.arena import advice, odds

    schema = ArenaOddsRequestSchema() if args.question == "odds" else ArenaAdviceRequestSchema()
    try:
        loaded = schema.load(body)
    except ValidationError as e:
        _, envelope = error_body(e)
        raise _Refused(envelope["error"]["details"]) from None
    ask = odds.odds if args.question == "odds" else advice.advice
    return ask(
        loaded,
        max_games=limits.MAX_TRIALS,
        default_games=limits.ARENA_DEFAULT_GAMES,
        time_budget=args.time_budget,
    )


class _Refused(Exception):
    """A request the API's schema refuses: its details, as the service reports them."""

    def __init__(self, details: list[dict[str, Any]]):
        super().__init__(details)
        self.details = details


def main(argv: Sequence[str]) -> int:
    args = parser().parse_args(argv)
    try:
        body = _request(args)
    except ValueError as e:
        print(f"{PROG}: {e}", file=sys.stderr)
        return 2
    if args.url:
        from api.client import ServiceError

        try:
            answer = _ask_service(args.url, args.question, body)
        except ServiceError as e:
            details = e.details or [{"message": e.message}]
            print(_problems(details), file=sys.stderr)
            return 2
    else:
        try:
            answer = _answer_here(args, body)
        except _Refused as e:
            print(_problems(e.details), file=sys.stderr)
            return 2
        except TitanError as e:
            problems = e.problems if isinstance(e, Violations) else [e]
            details = [{"message": p.message, "rule": p.rule, "path": p.path} for p in problems]
            print(_problems(details), file=sys.stderr)
            return 2
    if args.json:
        print(json.dumps(answer, indent=2))
    else:
        print(format_odds(answer) if args.question == "odds" else format_advice(answer))
    return 0
