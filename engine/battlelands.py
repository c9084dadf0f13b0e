"""The eleven Battlelands (2.2): each hex's hazard and elevation, each hexside."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, ClassVar

from engine.data import load
from engine.hazards import HEX_HAZARDS, HEXSIDE_HAZARDS, HexHazard, HexsideHazard
from engine.hexes import DISTANCE, HEX_COUNT, HEXES, NEIGHBOURS, PATHS, Path, parse_hex
from engine.names import unknown

TERRAINS: tuple[str, ...] = (
    "Plains", "Woods", "Brush", "Jungle", "Hills", "Mountains",
    "Tundra", "Desert", "Marsh", "Swamp", "Tower",
)  # fmt: skip
TOWER = "Tower"


@dataclass(frozen=True)
class Hexside:
    """A hexside hazard seen from one of its two hexes."""

    hazard: HexsideHazard
    top: int  # the hex it is connected to (atop a Slope/Cliff/Wall; the Dune's hex)

    @property
    def record(self) -> HexsideHazard:
        """The hazard's record, the name every board's hexside answers it by."""
        return self.hazard

    def going_up(self, toward: int) -> bool:
        """Is a crossing toward ``toward`` a crossing up (onto the connected hex)?"""
        return toward == self.top


@dataclass(frozen=True)
class Battleland:
    terrain: str
    hazards: tuple[HexHazard, ...]  # by hex index
    elevations: tuple[int, ...]  # 0, 1 or 2 by hex index
    hexsides: Mapping[tuple[int, int], Hexside]  # (a, b) and (b, a) both present
    deploy: tuple[int, ...]  # the Tower's walled hexes (10.2); empty elsewhere

    # The board's geometry, read from the board: every Battleland has engine.hexes' 27 hexes,
    # and rules that ask the board they are given can be given another board (a Tactical
    # Titan map answers the same questions about its own hexes: engine.rangestrikes.Board).
    neighbours: ClassVar[tuple[tuple[int, ...], ...]] = NEIGHBOURS

    def distance(self, a: int, b: int) -> int:
        """Steps between two hexes (13.2 counts one more)."""
        return DISTANCE[a][b]

    def paths(self, a: int, b: int) -> tuple[Path, ...]:
        """The possible paths of a rangestrike line from a to b (13.3)."""
        return PATHS[a][b]

    def hazard(self, hex_: int) -> HexHazard:
        return self.hazards[hex_]

    def hazard_record(self, hex_: int) -> HexHazard:
        """The hazard of a hex, by the name every board answers it by (a Tactical Titan map's
        ``hazard`` is the hazard's name)."""
        return self.hazards[hex_]

    def hexside(self, a: int, b: int) -> Hexside | None:
        """The hazard on the hexside between adjacent hexes a and b, if any."""
        return self.hexsides.get((a, b))

    def __repr__(self) -> str:
        return f"battleland({self.terrain!r})"


def _build(terrain: str, row: dict[str, Any]) -> Battleland:
    hazards = [HEX_HAZARDS["Plain"]] * HEX_COUNT
    elevations = [0] * HEX_COUNT
    for label, (hazard, elevation) in row["hexes"].items():
        hazards[parse_hex(label)] = HEX_HAZARDS[hazard]
        elevations[parse_hex(label)] = elevation
    sides: dict[tuple[int, int], Hexside] = {}
    for top_label, toward_label, hazard in row["hexsides"]:
        top, toward = parse_hex(top_label), parse_hex(toward_label)
        assert toward in NEIGHBOURS[top], (terrain, top_label, toward_label)
        side = Hexside(HEXSIDE_HAZARDS[hazard], top)
        sides[(top, toward)] = sides[(toward, top)] = side
    return Battleland(
        terrain=terrain,
        hazards=tuple(hazards),
        elevations=tuple(elevations),
        hexsides=MappingProxyType(sides),
        deploy=tuple(sorted(parse_hex(h) for h in row.get("deploy", ()))),
    )


BATTLELANDS: Mapping[str, Battleland] = MappingProxyType(
    {terrain: _build(terrain, row) for terrain, row in load("battlelands").items()}
)
assert set(BATTLELANDS) == set(TERRAINS)
assert all(len(land.hazards) == len(HEXES) for land in BATTLELANDS.values())


def battleland(terrain: str) -> Battleland:
    try:
        return BATTLELANDS[terrain]
    except (KeyError, TypeError):
        raise unknown("terrain", terrain, TERRAINS, rule="2.2") from None
