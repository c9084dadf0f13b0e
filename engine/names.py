"""Names at the edge: any case accepted, an unknown name answered with the closest valid ones.

The game's names (characters, terrains, tactics, variants) are spelt one way
inside (the rule book's). ``canonical`` maps a name given in any case to that
spelling; ``unknown`` builds the ``UnknownName`` of a name that matches none,
naming the closest valid names and carrying the whole valid list.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from engine.errors import UnknownName

SUGGESTED = 3  # closest names offered


def canonical(name: object, valid: Iterable[str]) -> str | None:
    """``name`` as spelt in ``valid``, compared without case; None when it matches none."""
    if not isinstance(name, str):
        return None
    wanted = name.strip().casefold()
    for known in valid:
        if known.casefold() == wanted:
            return known
    return None


def closest(name: object, valid: Iterable[str], n: int = SUGGESTED) -> tuple[str, ...]:
    """The valid names most like ``name`` (without case), best first."""
    valid = list(valid)
    if not isinstance(name, str):
        return ()
    by_fold = {v.casefold(): v for v in valid}
    found = difflib.get_close_matches(name.strip().casefold(), list(by_fold), n=n, cutoff=0.5)
    if not found:  # a prefix is a fair guess too ("gar" for Gargoyle)
        prefix = name.strip().casefold()[:3]
        found = [f for f in by_fold if prefix and f.startswith(prefix)][:n]
    return tuple(by_fold[f] for f in found)


def suggestion(name: object, valid: Iterable[str]) -> str:
    """ "; did you mean X or Y?" for a message, or "" when nothing is close."""
    near = closest(name, valid)
    return f"; did you mean {' or '.join(near)}?" if near else ""


def unknown(kind: str, name: object, valid: Iterable[str], *, rule: str | None) -> UnknownName:
    """The error of an unknown ``kind`` (e.g. "character"): closest names in its message,
    the valid list beside them."""
    valid = tuple(valid)
    near = closest(name, valid)
    return UnknownName(
        f"unknown {kind} {name!r}{suggestion(name, valid)}",
        rule=rule,
        suggestions=near,
        valid=valid,
    )
