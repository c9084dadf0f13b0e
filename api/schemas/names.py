"""Fields of the game's names: any case accepted, the names published as the field's enum.

A name given in any case is read as the rule book spells it (``ogre`` is
``Ogre``); a name that matches none is left as given, so that the engine
refuses it (422) at its path with the closest valid names. The document marks
each such enum ``x-any-case``. A land, a Battleland hex and an entry side are
published as the enum of those the game has, refused alike by the engine.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from marshmallow import fields

from engine.battlelands import TERRAINS
from engine.characters import ANGEL, ARCHANGEL, NAMES
from engine.hexes import LABELS
from engine.masterboard import LANDS
from engine.names import canonical
from engine.tactical.characters import NAMES as TACTICAL_NAMES
from engine.variants import VARIANTS, engagement_variants
from simulator.odds import every_tactic_name

# The OpenAPI extension of a name field: its enum is read without regard to ASCII case.
ANY_CASE = "x-any-case"


class Name(fields.String):
    """A string from a fixed list of names, read without regard to case."""

    def __init__(self, names: Callable[[], Sequence[str]], **kwargs: Any):
        self.names = names
        metadata = dict(kwargs.pop("metadata", {}))
        metadata.setdefault("enum", [*names(), *([None] if kwargs.get("allow_none") else [])])
        metadata[ANY_CASE] = True
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
    """TITAN's tactics, and under `variant: tactical` Tactical Titan's plans and `search`."""
    return Name(every_tactic_name, **kwargs)


def lord_name(**kwargs: Any) -> Name:
    """The Lords a Legion may summon (15.0)."""
    return Name(lambda: (ANGEL, ARCHANGEL), **kwargs)


def variant_name(**kwargs: Any) -> Name:
    """The variants of the game (21.3)."""
    return Name(lambda: tuple(VARIANTS), **kwargs)


def engagement_variant_name(**kwargs: Any) -> Name:
    """The variants an Engagement's fight may be played under: the game's and Tactical Titan's."""
    return Name(engagement_variants, **kwargs)


def engagement_character_name(**kwargs: Any) -> Name:
    """A character of either rule book: Tactical Titan's are fought with `variant: tactical`."""
    kwargs.setdefault("metadata", {}).setdefault(
        "description",
        "a character by its rule-book name (3.5), any case; Tactical Titan's new characters "
        "with `variant: tactical`",
    )
    return Name(lambda: TACTICAL_NAMES, **kwargs)


def _with_enum(values: list[Any], kwargs: dict[str, Any]) -> dict[str, Any]:
    metadata = dict(kwargs.pop("metadata", {}))
    metadata.setdefault("enum", [*values, *([None] if kwargs.get("allow_none") else [])])
    return {**kwargs, "metadata": metadata}


def land_number(**kwargs: Any) -> fields.Integer:
    """A Masterboard land by its number (2.1); an unknown one is the engine's to refuse."""
    return fields.Integer(strict=True, **_with_enum(sorted(LANDS), kwargs))


def hex_label(**kwargs: Any) -> fields.String:
    """A Battleland hex by its label, A1 to F4; an unknown one is the engine's to refuse."""
    return fields.String(**_with_enum(list(LABELS), kwargs))
