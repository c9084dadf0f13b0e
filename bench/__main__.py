"""``python -m bench`` (``make bench``): the speed of the battle kernel and of the service,
against its goals, each measured in this run (on a shared machine, compare the ratios):

- battles per second per size of Legions and Battleland, on one core and on every core;
- the warm 10,000-battle 7v7 request (goal: at most 0.25 s);
- a never-seen 7v7 setup's first request against the same request once seen (goal: within
  0.1 s), and once seen by another worker (its mix read from the store on disk);
- how time grows with work: battles per second by size (1v1 to 7v7) and by the number of
  Battles of a request (1,000 to 200,000: it should be flat);
- a restarted gunicorn's first odds answer (goal: under 2 s);
- Titan: The Arena: games per second, and the 10,000-game odds and advice requests on a
  mid-game table (goal: under 1 s each);
- Tactical Titan: 10,000 fights of 14 a side on a 216-hex map (goal: 2 s) and of 7 a side on a
  Battleland (goal: twice the warm 7v7 request's time), on every core (bench.tactical);
- the load table: requests per second and latency at concurrency 1, 4 and 16, for kernel
  threads per worker = cores, = 1 and in between (bench.load).

- a cold start: a fresh process compiling the kernel into an empty numba cache and answering
  its first odds request (goal: within 90 s; ``--skip-cold`` leaves it out).
"""

from __future__ import annotations

import argparse
import statistics

from bench import arena, load, request, startup, suite, tactical

REQUEST_GOAL = 0.25  # seconds, 10,000 battles 7v7, warm
FRESH_GOAL = 0.1  # seconds a never-seen 7v7 setup's first request may take beyond a seen one's
RESTART_GOAL = 2.0  # seconds, a restarted service's first odds answer
ARENA_GOAL = 1.0  # seconds, an Arena odds or advice request of 10,000 games
COLD_GOAL = 90.0  # seconds, a fresh install's first odds answer (the kernel compiled)


def _ratio(goal: float, actual: float) -> str:
    """goal / actual: above 1 meets the goal with room to spare."""
    verdict = "meets" if actual <= goal else "MISSES"
    if actual <= 0:  # no cost to measure beyond the noise
        return f"  no cost beyond the noise ({verdict} {goal:g} s)"
    return f"{goal / actual:5.2f}x the goal ({verdict} {goal:g} s)"


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("--trials", type=int, default=4_000, help="battles per suite case")
    parser.add_argument("--skip-cold", action="store_true", help="no cold start (a compile)")
    parser.add_argument("--skip-startup", action="store_true", help="no restart of gunicorn")
    parser.add_argument("--skip-load", action="store_true", help="no load table")
    parser.add_argument("--load-requests", type=int, default=8, help="requests per load level")
    args = parser.parse_args()

    threads = suite.all_threads()
    print(f"battles per second ({args.trials} battles a case; default tactic)")
    print(f"{'case':<16}{'1 core':>12}{f'{threads} threads':>14}")
    for case in suite.cases():
        one = suite.battles_per_second(case, args.trials, 1)
        many = suite.battles_per_second(case, args.trials, threads)
        print(f"{case.size + ' ' + case.terrain:<16}{one:>12,.0f}{many:>14,.0f}", flush=True)
    suite.threads_module.set_threads(0)

    seconds = request.warm_request_seconds()
    warm_request = seconds
    print(f"\n10,000-battle 7v7 request, warm: {seconds:.3f} s  {_ratio(REQUEST_GOAL, seconds)}")

    fresh = request.fresh_setup_seconds()
    for terrain, met in fresh.items():
        first, again, elsewhere = (statistics.median(times) for times in zip(*met, strict=True))
        print(
            f"never-seen 7v7 on {terrain}: first request {first:.3f} s, once seen {again:.3f} s,"
            f" seen by another worker {elsewhere:.3f} s (medians of {len(met)})"
        )
    extras = sorted(first - again for met in fresh.values() for first, again, _ in met)
    extra = statistics.median(extras)
    print(
        f"a never-seen setup's first request: {extra:+.3f} s  {_ratio(FRESH_GOAL, extra)}\n"
        f"  the median of {len(extras)} meetings, {extras[0]:+.3f} to {extras[-1]:+.3f} s"
    )
    for terrain, seconds in request.table_seconds():
        print(f"  of which its tables (another never-seen 7v7 on {terrain}): {seconds:.3f} s")

    print("\nhow time grows with work (one request, every core)")
    for size, rate in request.by_size():
        print(f"  {size} Plains, 10,000 battles: {rate:>10,.0f} battles per second")
    rates = request.by_trials()
    for n, rate in rates:
        print(f"  3v3 Plains, {n:>7,} battles: {rate:>10,.0f} battles per second")
    flat = min(r for _, r in rates) / max(r for _, r in rates)
    print(f"  flat in trials: the slowest is {flat:.2f} of the fastest")

    found = arena.measure()
    print(f"\nTitan: The Arena, {found['games_per_second']:,.0f} games per second (every core)")
    for question in ("odds", "advice"):
        seconds = found[question]
        print(
            f"  {arena.GAMES:,}-game {question} request: {seconds:.3f} s  "
            f"{_ratio(ARENA_GOAL, seconds)}"
        )

    print()
    for line in tactical.report(battleland_goal=2 * warm_request):
        print(line, flush=True)

    if not args.skip_startup:
        restart = load.restart_seconds()
        print(
            f"\nrestarted gunicorn, first odds answer after {restart:.2f} s  "
            f"{_ratio(RESTART_GOAL, restart)}"
        )
    if not args.skip_cold:
        cold, warm = startup.cold_and_warm()
        print(
            f"\ncold start (empty numba cache): first odds answer after {cold['wall']:.1f} s "
            f"({cold['first_request']:.1f} s compiling and playing)  "
            f"{_ratio(COLD_GOAL, cold['wall'])}\n"
            f"  a fresh process with the cache filled: {warm['wall']:.2f} s"
        )

    if not args.skip_load:
        print(
            f"\nload table: {request.REQUEST['trials']:,}-battle 7v7 requests "
            f"(at most {args.load_requests} a level), TITAN_KERNEL_THREADS per setup"
        )
        load.table(args.load_requests, 30.0, request.REQUEST["trials"])


if __name__ == "__main__":
    main()
