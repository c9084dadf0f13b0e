"""``python -m bench``: battles per second, cold and warm start, and the 7v7 request time,
with their ratios to the goals (0.5 s for a 10,000-battle 7v7 request; a restarted service
answering its first odds request in under 5 s)."""

from __future__ import annotations

import argparse

from bench import request, startup, suite

REQUEST_GOAL = 0.5  # seconds, 10,000 battles 7v7, warm
RESTART_GOAL = 5.0  # seconds, a fresh process's first odds request with numba's cache warm


def _ratio(goal: float, actual: float) -> str:
    """goal / actual: above 1 meets the goal with room to spare."""
    verdict = "meets" if actual <= goal else "MISSES"
    return f"{goal / actual:5.2f}x the goal ({verdict} {goal:g} s)"


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("--trials", type=int, default=4_000, help="battles per suite case")
    parser.add_argument("--skip-startup", action="store_true", help="no cold-start subprocesses")
    args = parser.parse_args()

    threads = suite.all_threads()
    print(f"battles per second ({args.trials} battles a case; default tactic)")
    print(f"{'case':<16}{'1 core':>12}{f'{threads} threads':>14}")
    for case in suite.cases():
        one = suite.battles_per_second(case, args.trials, 1)
        many = suite.battles_per_second(case, args.trials, threads)
        print(f"{case.size + ' ' + case.terrain:<16}{one:>12,.0f}{many:>14,.0f}")
    suite.numba.set_num_threads(threads)

    seconds = request.warm_request_seconds()
    print(f"\n10,000-battle 7v7 request, warm: {seconds:.3f} s  {_ratio(REQUEST_GOAL, seconds)}")

    if not args.skip_startup:
        cold, warm = startup.cold_and_warm()
        print(
            f"cold start (empty numba cache): first request after {cold['wall']:.1f} s "
            f"({cold['first_request']:.1f} s compiling and playing)"
        )
        print(
            f"warm restart (numba cache filled): first request after {warm['wall']:.2f} s  "
            f"{_ratio(RESTART_GOAL, warm['wall'])}"
        )


if __name__ == "__main__":
    main()
