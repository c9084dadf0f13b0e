"""What the tuning scripts share (``bench/tune.py``, ``bench/tune_guarded.py``): their
dask cluster, their log and the weights file they write."""

from __future__ import annotations

import argparse
import datetime
import os
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path


def add_cluster_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--scheduler", help="address of a dask scheduler (default: a LocalCluster)")
    parser.add_argument("--workers", type=int, default=os.cpu_count(), help="LocalCluster workers")


def connect(args: argparse.Namespace):
    """A dask client: of the scheduler given, or of a LocalCluster of one-thread processes
    (each plays one Battle stream)."""
    from dask.distributed import Client, LocalCluster

    if args.scheduler:
        return Client(args.scheduler)
    return Client(LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True))


@contextmanager
def logged(path: Path, module: str, argv: Sequence[str]) -> Iterator[Callable[[str], None]]:
    """``say``: a line printed and appended to the log at ``path``, which first gets the
    time and the command."""
    with path.open("a") as log:

        def say(line: str) -> None:
            print(line, flush=True)
            log.write(line + "\n")
            log.flush()

        say(f"# {datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC: python -m {module} "
            + " ".join(argv))  # fmt: skip
        yield say


def write_weight_table(
    path: Path, header: Sequence[str], sections: dict[str, Sequence[float]]
) -> None:
    """A style's weights as TOML: comment lines ``header``, then a table per section with
    each weight by its name (simulator.tactics.Weight)."""
    from simulator.tactics import Weight

    lines = [f"# {line}" for line in header]
    for name, row in sections.items():
        lines.append(f"[{name}]")
        lines += [f"{w.name.lower()} = {row[w]:.4g}" for w in Weight]
        lines.append("")
    path.write_text("\n".join(lines[:-1]) + "\n")
