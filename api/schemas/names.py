"""Fields of the game's names: any case accepted, the names published as the field's enum.

A name given in any case is read as the rule book spells it (``ogre`` is
``Ogre``); a name that matches none is left as given, so that the engine
refuses it (422) at its path with the closest valid names.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from marshmallow import fields

from engine.battlelands import TERRAINS
from engine.characters import ANGEL, ARCHANGEL, NAMES
from engine.names import canonical
from simulator.odds import tactic_names


class Name(fields.String):
    """A string from a fixed list of names, read without regard to case."""

    def __init__(self, names: Callable[[], Sequence[str]], **kwargs: Any):
        self.names = names
        metadata = dict(kwargs.pop("metadata", {}))
        metadata.setdefault("enum", [*names(), *([None] if kwargs.get("allow_none") else [])])
        super().__init__(metadata=metadata, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        text = super()._deserialize(value, attr, data, **kwargs)
        return canonical(text, self.names()) or text


def character_name(**kwargs: Any) -> Name:
    kwargs.setdefault("metadata", {}).setdefault(
        "description", "a character by its rule-book name (3.5), any case"
    )
    return Name(lambda: NAMES, **kwargs)


def terrain_name(**kwargs: Any) -> Name:
    kwargs.setdefault("metadata", {}).setdefault(
        "description", "a Battleland by its terrain (2.2), any case"
    )
    return Name(lambda: TERRAINS, **kwargs)


def tactic_name(**kwargs: Any) -> Name:
    return Name(tactic_names, **kwargs)


def lord_name(**kwargs: Any) -> Name:
    """The Lords a Legion may summon (15.0)."""
    return Name(lambda: (ANGEL, ARCHANGEL), **kwargs)
