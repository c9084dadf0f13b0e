"""What the tuning scripts share (``bench/tune.py``, ``bench/tune_guarded.py``): their
dask cluster and their log."""

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
