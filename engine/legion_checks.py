"""The rules every Legion obeys wherever it is given: at most seven characters (4.1) and at
most one Titan (3.1).

Odds and compare requests, battle positions and game states all judge a Legion here, so a
client sees the same rule number and the same words whichever way it described the Legion.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.characters import TITAN
from engine.errors import RuleError
from engine.scoring import LEGION_LIMIT


def legion_problems(
    who: str, characters: Sequence[str], path: str, entry: str = ""
) -> list[RuleError]:
    """What is wrong with a Legion of these character names, each a ``RuleError`` with its rule.

    ``who`` names the Legion in the messages ("the attacker", "Rd01"); ``path`` is the JSON
    path of its list of characters, and ``entry`` what follows an index in it to reach the
    name (".name" where each character is an object). A second Titan is placed at its own
    entry: that counter is the one in excess.
    """
    problems = []
    if len(characters) > LEGION_LIMIT:
        problems.append(
            RuleError(
                f"{who} holds {len(characters)} characters; a Legion holds at most {LEGION_LIMIT}",
                rule="4.1",
                path=path,
            )
        )
    titans = [i for i, name in enumerate(characters) if name == TITAN]
    for i in titans[1:]:
        problems.append(
            RuleError(
                f"{who} holds {len(titans)} Titans; a player has only one",
                rule="3.1",
                path=f"{path}[{i}]{entry}",
            )
        )
    return problems
