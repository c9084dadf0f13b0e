"""A Tactical Titan map (2.1, 3.1): hexes in regions, their hazards and elevations, the
hazards on hexsides, and the players' starting towers.

Inside, a hex is an int index of the map's ``Grid`` (``engine.tactical.geometry``) and a
region an index of ``Map.regions``; labels and region names appear only in the JSON of
``to_dict``/``from_dict`` (docs/tactical.md, "Maps", describes it field by field).
Hazards are kept by name, the records of ``engine.tactical.hazards`` (TITAN's chart, Water
and River, 12.1) giving their effects: ``Map.hazard_record`` and ``MapHexside.record``.

``Map.from_dict`` checks what it reads (``engine.tactical.map_checks``) and refuses a map
that breaks a rule, naming each problem's section and hex; a ``Map`` built in code is
checked by ``map_checks.check_map``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, fields
from functools import cache, cached_property
from importlib import resources
from types import MappingProxyType
from typing import Any

from engine import hazards as titan_hazards
from engine.battlelands import TERRAINS as TITAN_TERRAINS
from engine.errors import RuleError, TitanError
from engine.hazards import HexHazard
from engine.names import canonical, unknown
from engine.tactical import hazards as tactical_hazards
from engine.tactical.geometry import Axial, Grid, Path, parse_label
from engine.tactical.json_fields import JsonFields

FORMAT = "tactical-titan-map"
VERSION = 1

SEA = "Sea"  # 2.1.1: a region of Water hexes only
TOWER = "Tower"
TERRAINS: tuple[str, ...] = (*TITAN_TERRAINS, SEA)

PLAIN = "Plain"
WATER = tactical_hazards.WATER.name  # 12.1.2: occupies a hex
RIVER = tactical_hazards.RIVER.name  # 12.1.1: occupies a hexside, and has no top
WALL = "Wall"
HEX_HAZARDS: tuple[str, ...] = tuple(tactical_hazards.HEX_HAZARDS)
HEXSIDE_HAZARDS: tuple[str, ...] = tuple(tactical_hazards.HEXSIDE_HAZARDS)
# the hexside hazards connected to one of their hexes: TITAN's (its hazard chart), not River
TOPPED: tuple[str, ...] = tuple(titan_hazards.HEXSIDE_HAZARDS)

ELEVATIONS = range(0, 3)  # TITAN's Battlelands: 0, 1 or 2


@dataclass(frozen=True)
class Region:
    """One region (2.1): a Land of the map, all of one terrain."""

    name: str
    terrain: str

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "terrain": self.terrain}


@dataclass(frozen=True)
class MapHex:
    """A hex of the map: where it is, its region (an index of ``Map.regions``), its hazard
    (by name; "Plain" is a clear hex, 2.1.2) and its elevation."""

    point: Axial
    region: int
    hazard: str = PLAIN
    elevation: int = 0


@dataclass(frozen=True)
class MapHexside:
    """A hexside hazard between two hexes (``hexes`` in index order). ``top`` is the hex it is
    connected to (atop a Slope, Cliff or Wall; the Dune's own hex); a River has none."""

    hexes: tuple[int, int]
    hazard: str
    top: int | None = None

    def going_up(self, toward: int) -> bool:
        """Is a crossing toward ``toward`` a crossing up (onto the connected hex)?"""
        return self.top is not None and toward == self.top

    @property
    def record(self) -> tactical_hazards.TacticalHexsideHazard:
        """The hazard's effects (a map that passed its checks names only known hazards)."""
        return tactical_hazards.HEXSIDE_HAZARDS[self.hazard]


@dataclass(frozen=True)
class StartingTower:
    """A starting tower (3.1): a region of its own, seven walled hexes around ``centre``."""

    region: int
    centre: int


@dataclass(frozen=True)
class Map:
    name: str
    regions: tuple[Region, ...]
    hexes: tuple[MapHex, ...]  # hex i of the map's grid is hexes[i]
    hexsides: tuple[MapHexside, ...] = ()
    starting_towers: tuple[StartingTower, ...] = ()
    description: str = ""

    def __repr__(self) -> str:
        return f"Map({self.name!r}, <{len(self.hexes)} hexes, {len(self.regions)} regions>)"

    # A map keys the tables built from it (board.per_map, simulator.tactical.tables), asked
    # for thousands of times a fight: its hash, over every hex and hexside, is worked out once.
    def __hash__(self) -> int:
        return self._hash

    @cached_property
    def _hash(self) -> int:
        return hash(tuple(getattr(self, f.name) for f in fields(self)))

    # -- geometry: the grid's, by hex index
    @cached_property
    def grid(self) -> Grid:
        return Grid(h.point for h in self.hexes)

    @property
    def neighbours(self) -> tuple[tuple[int, ...], ...]:
        return self.grid.neighbours

    def distance(self, a: int, b: int) -> int:
        return self.grid.distance(a, b)

    def paths(self, a: int, b: int) -> tuple[Path, ...]:
        """The possible paths of a rangestrike line from ``a`` to ``b`` (TITAN 13.3)."""
        return self.grid.paths(a, b)

    def parse(self, label: object) -> int:
        return self.grid.parse(label)

    def name_of(self, hex_: int) -> str:
        """The label of a hex."""
        return self.grid.name(hex_)

    # -- hexes and regions
    @cached_property
    def elevations(self) -> tuple[int, ...]:
        return tuple(h.elevation for h in self.hexes)

    def hazard(self, hex_: int) -> str:
        """The name of the hazard in a hex (2.1.2)."""
        return self.hexes[hex_].hazard

    def hazard_record(self, hex_: int) -> HexHazard:
        """The effects of the hazard in a hex (a checked map names only known hazards)."""
        return tactical_hazards.HEX_HAZARDS[self.hexes[hex_].hazard]

    def region_of(self, hex_: int) -> Region:
        return self.regions[self.hexes[hex_].region]

    def terrain(self, hex_: int) -> str:
        """The terrain of a hex: its region's (2.1.1)."""
        return self.region_of(hex_).terrain

    @cached_property
    def region_hexes(self) -> tuple[tuple[int, ...], ...]:
        """The hexes of each region, by region index."""
        members: list[list[int]] = [[] for _ in self.regions]
        for i, h in enumerate(self.hexes):
            if 0 <= h.region < len(members):
                members[h.region].append(i)
        return tuple(tuple(m) for m in members)

    def region_index(self, name: str) -> int:
        for i, region in enumerate(self.regions):
            if region.name == name:
                return i
        raise KeyError(name)

    # -- hexsides
    @cached_property
    def _sides(self) -> Mapping[tuple[int, int], MapHexside]:
        sides: dict[tuple[int, int], MapHexside] = {}
        for side in self.hexsides:
            a, b = side.hexes
            sides.setdefault((a, b), side)
            sides.setdefault((b, a), side)
        return MappingProxyType(sides)

    def hexside(self, a: int, b: int) -> MapHexside | None:
        """The hazard on the hexside between hexes a and b, if any."""
        return self._sides.get((a, b))

    # -- starting towers
    def tower_hexes(self, tower: StartingTower) -> tuple[int, ...]:
        """The centre of a starting tower, then the hexes around it on the map (3.1)."""
        return (tower.centre, *self.neighbours[tower.centre])

    @property
    def players(self) -> int:
        """How many players the map seats: one starting tower each (3.1)."""
        return len(self.starting_towers)

    # -- JSON
    def to_dict(self) -> dict[str, Any]:
        name = self.grid.name
        return {
            "format": FORMAT,
            "version": VERSION,
            "name": self.name,
            "description": self.description,
            "regions": [r.to_dict() for r in self.regions],
            "hexes": {
                name(i): {
                    "region": self.regions[h.region].name,
                    "hazard": h.hazard,
                    "elevation": h.elevation,
                }
                for i, h in enumerate(self.hexes)
            },
            "hexsides": [
                {
                    "between": [name(side.hexes[0]), name(side.hexes[1])],
                    "hazard": side.hazard,
                    **({} if side.top is None else {"top": name(side.top)}),
                }
                for side in self.hexsides
            ],
            "starting_towers": [
                {"region": self.regions[t.region].name, "centre": name(t.centre)}
                for t in self.starting_towers
            ],
        }

    @classmethod
    def from_dict(cls, d: object) -> Map:
        """Read a map and check it; ``Violations`` names every problem it has."""
        # the checks read this module's types, so they are imported where they are used
        from engine.tactical.map_checks import require_valid

        found = parse_map(d)
        require_valid(found)
        return found


# --- reading (shapes and references; the rules are map_checks') ---------------------------


_json = JsonFields(rule="2.1")


def _name(value: str, valid: tuple[str, ...]) -> str:
    """A known name in its book spelling; an unknown one as given, for the checks to name."""
    return canonical(value, valid) or value


def parse_map(d: object) -> Map:
    """A map from its JSON, unchecked: refused here only when a field has the wrong shape or
    names a hex or region the map does not have."""
    top = _json.mapping(d, "map")
    if top.get("format", FORMAT) != FORMAT:
        raise _json.refuse(f"format must be {FORMAT!r}", "format")
    if top.get("version", VERSION) != VERSION:
        raise _json.refuse(
            f"version {top.get('version')!r} is not known; this reads {VERSION}", "version"
        )
    regions = []
    region_at: dict[str, int] = {}
    for i, row in enumerate(_json.array(top.get("regions"), "regions")):
        at = f"regions[{i}]"
        row = _json.mapping(row, at)
        region = Region(
            _json.text(row.get("name"), f"{at}.name"),
            _name(_json.text(row.get("terrain"), f"{at}.terrain"), TERRAINS),
        )
        regions.append(region)
        region_at.setdefault(region.name, i)

    hexes = []
    labels: dict[str, int] = {}
    for key, row in _json.mapping(top.get("hexes"), "hexes").items():
        at = f"hexes.{key}"
        try:
            point = parse_label(key)
        except TitanError as e:
            raise e.at(at) from None
        row = _json.mapping(row, at)
        region_name = _json.text(row.get("region"), f"{at}.region")
        if region_name not in region_at:
            raise _json.refuse(f"{at}.region: no region is named {region_name!r}", f"{at}.region")
        hexes.append(
            MapHex(
                point,
                region_at[region_name],
                _name(_json.text(row.get("hazard", PLAIN), f"{at}.hazard"), HEX_HAZARDS),
                _json.integer(row.get("elevation", 0), f"{at}.elevation"),
            )
        )
        labels[key] = len(labels)
    if not hexes:
        raise _json.refuse("a map has hexes", "hexes")

    def hex_at(label: object, path: str) -> int:
        if not isinstance(label, str) or label not in labels:
            raise _json.refuse(f"{path}: {label!r} is not a hex of this map", path)
        return labels[label]

    sides = []
    for i, row in enumerate(_json.array(top.get("hexsides", []), "hexsides")):
        at = f"hexsides[{i}]"
        row = _json.mapping(row, at)
        pair = _json.array(row.get("between"), f"{at}.between")
        if len(pair) != 2:
            raise _json.refuse(f"{at}.between names the two hexes of the hexside", f"{at}.between")
        a, b = (hex_at(label, f"{at}.between[{k}]") for k, label in enumerate(pair))
        top_hex = None if row.get("top") is None else hex_at(row["top"], f"{at}.top")
        hazard = _name(_json.text(row.get("hazard"), f"{at}.hazard"), HEXSIDE_HAZARDS)
        sides.append(MapHexside((min(a, b), max(a, b)), hazard, top_hex))

    towers = []
    for i, row in enumerate(_json.array(top.get("starting_towers", []), "starting_towers")):
        at = f"starting_towers[{i}]"
        row = _json.mapping(row, at)
        region_name = _json.text(row.get("region"), f"{at}.region")
        if region_name not in region_at:
            raise _json.refuse(f"{at}.region: no region is named {region_name!r}", f"{at}.region")
        towers.append(
            StartingTower(region_at[region_name], hex_at(row.get("centre"), f"{at}.centre"))
        )

    return Map(
        name=_json.text(top.get("name", ""), "name"),
        description=_json.text(top.get("description", ""), "description"),
        regions=tuple(regions),
        hexes=tuple(hexes),
        hexsides=tuple(sides),
        starting_towers=tuple(towers),
    )


# --- JSON text ------------------------------------------------------------------------------


def _no_twice(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    for key, value in pairs:
        if key in seen:
            raise _json.refuse(f"{key!r} is given twice", key)
        seen[key] = value
    return seen


def loads(text: str) -> Map:
    """A map from JSON text, checked; a key given twice (a hex listed twice) is refused."""
    try:
        d = json.loads(text, object_pairs_hook=_no_twice)
    except json.JSONDecodeError as e:
        raise RuleError(f"not JSON: {e}", rule="2.1") from None
    return Map.from_dict(d)


def dumps(m: Map) -> str:
    """The JSON text of a map: one line per region, hex, hexside and tower, for readable diffs."""
    d = m.to_dict()

    def block(key: str, rows: list[str], opening: str, closing: str) -> str:
        inner = ",\n".join(f"    {row}" for row in rows)
        return (
            f'  "{key}": {opening}\n{inner}\n  {closing}'
            if rows
            else f'  "{key}": {opening}{closing}'
        )

    parts = [
        f"  {json.dumps(k)}: {json.dumps(d[k])}"
        for k in ("format", "version", "name", "description")
    ]
    parts.append(block("regions", [json.dumps(r) for r in d["regions"]], "[", "]"))
    parts.append(
        block(
            "hexes", [f"{json.dumps(k)}: {json.dumps(v)}" for k, v in d["hexes"].items()], "{", "}"
        )
    )
    parts.append(block("hexsides", [json.dumps(s) for s in d["hexsides"]], "[", "]"))
    parts.append(block("starting_towers", [json.dumps(t) for t in d["starting_towers"]], "[", "]"))
    return "{\n" + ",\n".join(parts) + "\n}\n"


# --- the maps kept in engine/data/maps -----------------------------------------------------

_STORED = resources.files("engine.data").joinpath("maps")


def map_names() -> tuple[str, ...]:
    """The maps kept with the engine (engine/data/maps/<name>.json), by name."""
    return tuple(
        sorted(f.name[: -len(".json")] for f in _STORED.iterdir() if f.name.endswith(".json"))
    )


@cache
def stored_map(name: str) -> Map:
    """A map kept with the engine, read and checked once."""
    if name not in map_names():
        raise unknown("map", name, map_names(), rule="3.1")
    return loads(_STORED.joinpath(f"{name}.json").read_text())
