"""Names at the edge: one grammar, any case accepted, an unknown name answered with the
closest valid ones.

Every name and label read from a request (a character, a terrain, a tactic, a variant, a
card such as ``"Hydra 3"``) follows one grammar, ``NAME``: words of ASCII letters, the later
ones of ASCII letters or digits, joined by one space or a hyphen; spaces around it are
ignored. Another script's letters or digits (``"Troll ²"``, ``"Ogre"`` in full-width
letters) are no name, so nothing past the edge meets a digit ``int`` reads otherwise than
the grammar does. The game's names are spelt one way inside (the rule book's):
``canonical`` maps a name given in any case to that spelling; ``unknown`` builds the
``UnknownName`` of a name that matches none, naming the closest valid names and carrying
the whole valid list.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable

from engine.errors import UnknownName

SUGGESTED = 3  # closest names offered

NAME = re.compile(r"[A-Za-z]+(?:[ -][A-Za-z0-9]+)*")
NUMBER = re.compile(r"[0-9]+")  # a number inside a name: ASCII digits only


def words(text: object) -> str | None:
    """``text`` as a name of the grammar, the spaces around it removed; None if it is not one."""
    if not isinstance(text, str):
        return None
    stripped = text.strip(" ")
    return stripped if NAME.fullmatch(stripped) else None


def number(text: str) -> int | None:
    """The number an ASCII numeral in a name gives (``"10"`` in ``"Hydra 10"``), else None."""
    return int(text) if NUMBER.fullmatch(text) else None


def canonical(name: object, valid: Iterable[str]) -> str | None:
    """``name`` as spelt in ``valid``, compared without (ASCII) case; None when it matches none
    or is not a name of the grammar."""
    text = words(name)
    if text is None:
        return None
    wanted = text.lower()
    for known in valid:
        if known.lower() == wanted:
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
