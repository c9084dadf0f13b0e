"""``titan-odds``: the first argument names the command.

    titan-odds ...               an Engagement's odds (cli.battle)
    titan-odds compare ...       muster choices ranked (cli.battle)
    titan-odds arena ...         Titan: The Arena's odds and advice (cli.arena)

Each prints its options with ``--help``.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from cli import arena, battle


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] == "arena":
        return arena.main(argv[1:])
    return battle.main(argv)
