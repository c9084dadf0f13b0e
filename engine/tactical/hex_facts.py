"""What the variant's rules read of one hex of a map (2.1.1, 2.1.2): the terrain of its region,
the hazard in it, and the hazards on its hexsides. Mustering, summoning and resting ask only
this, so they stay pure functions of a hex, whatever the map's own shape.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.errors import RuleError, TitanError
from engine.names import canonical, unknown
from engine.tactical.hazards import HEX_HAZARDS, HEXSIDE_HAZARDS, is_clear
from engine.tactical.maps import SEA, TERRAINS, TOWER

__all__ = ["SEA", "TERRAINS", "TOWER", "HexFacts", "SideFact", "terrain_named"]


def terrain_named(name: object) -> str:
    """The terrain of that name, in any case (2.1.1: TITAN's eleven and the Sea)."""
    if isinstance(name, str) and name in TERRAINS:  # the rules' own spelling
        return name
    found = canonical(name, TERRAINS)
    if found is None:
        raise unknown("terrain", name, TERRAINS, rule="2.1.1")
    return found


@dataclass(frozen=True)
class SideFact:
    """A hexside hazard of the hex; ``top``: this hex is the one it is connected to (atop a
    Slope, Cliff or Wall; the Dune's own hex). A River has no top (12.1.1)."""

    hazard: str
    top: bool = False


@dataclass(frozen=True)
class HexFacts:
    """One hex as the rules read it. Names are the rule book's spelling (``from_dict``
    accepts any case)."""

    terrain: str
    hazard: str = "Plain"
    sides: tuple[SideFact, ...] = ()

    def __post_init__(self) -> None:
        if self.terrain not in TERRAINS:
            raise unknown("terrain", self.terrain, TERRAINS, rule="2.1.1")
        if self.hazard not in HEX_HAZARDS:
            raise unknown("hex hazard", self.hazard, HEX_HAZARDS, rule="12.1")
        for side in self.sides:
            if side.hazard not in HEXSIDE_HAZARDS:
                raise unknown("hexside hazard", side.hazard, HEXSIDE_HAZARDS, rule="12.1")

    @property
    def clear(self) -> bool:
        """2.1.2: no hazard in it."""
        return is_clear(self.hazard)

    @property
    def in_tower(self) -> bool:
        """2.1.1: a tower hex, a hex of a tower region."""
        return self.terrain == TOWER

    def has_side(self, hazard: str) -> bool:
        """Is one of its hexsides of this hazard?"""
        return any(s.hazard == hazard for s in self.sides)

    def atop(self, hazard: str) -> bool:
        """Is it at the top of a hexside of this hazard (10.1: 'top of cliff hex side')?"""
        return any(s.hazard == hazard and s.top for s in self.sides)

    def to_dict(self) -> dict[str, Any]:
        return {
            "terrain": self.terrain,
            "hazard": self.hazard,
            "hexsides": [{"hazard": s.hazard, "top": s.top} for s in self.sides],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> HexFacts:
        """Read ``{"terrain", "hazard"?, "hexsides"?: [{"hazard", "top"?}]}``, names in any case."""
        if not isinstance(data, Mapping) or "terrain" not in data:
            raise RuleError(
                "a hex needs its region's terrain (2.1.1)", rule="2.1.1", path="terrain"
            )
        hazard = data.get("hazard", "Plain")
        found = canonical(hazard, HEX_HAZARDS)
        if found is None:
            raise unknown("hex hazard", hazard, HEX_HAZARDS, rule="12.1").at("hazard")
        sides = []
        for i, side in enumerate(data.get("hexsides", ())):
            name = side.get("hazard") if isinstance(side, Mapping) else None
            side_found = canonical(name, HEXSIDE_HAZARDS)
            if side_found is None:
                raise unknown("hexside hazard", name, HEXSIDE_HAZARDS, rule="12.1").at(
                    f"hexsides[{i}].hazard"
                )
            sides.append(SideFact(side_found, bool(side.get("top", False))))
        try:
            terrain = terrain_named(data["terrain"])
        except TitanError as error:
            raise error.at("terrain") from None
        return cls(terrain, found, tuple(sides))
