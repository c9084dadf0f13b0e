"""A Tactical Titan map built as a mosaic of TITAN's Battlelands (3.2), from a small spec.

The spec (TOML or JSON; docs/tactical.md, "Maps", describes it) places Battlelands, Seas,
Rivers and starting towers on the map's grid:

- each Battleland becomes one region of its terrain (3.2), its hazards, elevations and
  hexsides those of ``engine.battlelands``, turned by ``rotation`` sixths of a turn clockwise,
  its middle hex on the map hex ``at`` (``MIDDLE``: D3 unturned);
- a Sea is a region of Water hexes (2.1.1) at the labels given;
- a River lies on each hexside given (12.1.1);
- a starting tower (3.1) is cut out of TITAN's Tower (its seven walled hexes, their
  elevations and Walls) and pasted over seven hexes of one Battleland's region, whose hazards
  and hexsides there it replaces: a region within a region.

Nothing may overlap: a hex placed twice is refused, naming the hex and both regions. The
Battleland's 27 hexes tile the plane: turned by 0, 2 or 4 sixths a Battleland keeps its
outline about its middle hex (by 1, 3 or 5, the mirrored outline), and Battlelands of one
outline fit without a gap when their middles lie six columns apart on one row, or three
columns and nine doubled rows (4.5 hexes) apart.
The result is checked as any map is (``engine.tactical.map_checks``).

``python -m engine.tactical.mosaic SPEC`` prints the map's JSON (``engine.tactical.maps.dumps``).
"""

from __future__ import annotations

import json
import sys
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from engine.battlelands import BATTLELANDS, TERRAINS, Battleland
from engine.errors import RuleError, TitanError, Violations
from engine.hexes import AXIAL, NEIGHBOURS, hex_name
from engine.names import canonical, unknown
from engine.tactical.geometry import (
    SIXTHS,
    Axial,
    add,
    doubled,
    label,
    neighbour,
    parse_label,
    rotate,
    subtract,
)
from engine.tactical.map_checks import require_valid
from engine.tactical.maps import (
    RIVER,
    SEA,
    TOWER,
    WATER,
    Map,
    MapHex,
    MapHexside,
    Region,
    StartingTower,
    dumps,
)

BATTLELAND_POINTS: tuple[Axial, ...] = AXIAL  # engine.hexes' hex i


def _name(point: Axial) -> str:
    """A point's label, or its place when it lies beyond the labelled quarter."""
    try:
        return label(point)
    except ValueError:
        x, y = doubled(point)
        return f"the hex at column {x}, doubled row {y} (beyond the labels)"


def _refuse(message: str, path: str, rule: str = "3.2") -> RuleError:
    return RuleError(message, rule=rule, path=path)


# --- TITAN's Tower's centre seven (3.1) ------------------------------------------------------


@dataclass(frozen=True)
class _Cutout:
    """The seven walled hexes of TITAN's Tower, relative to their centre: (offset, hazard,
    elevation) for each, and the Walls touching them as (offset, offset, top offset)."""

    hexes: tuple[tuple[Axial, str, int], ...]
    walls: tuple[tuple[Axial, Axial, Axial], ...]


def _tower_cutout(tower: Battleland) -> _Cutout:
    seven = set(tower.deploy)
    (centre,) = [h for h in seven if set(NEIGHBOURS[h]) <= seven]
    at = BATTLELAND_POINTS

    def offset(h: int) -> Axial:
        return subtract(at[h], at[centre])

    hexes = tuple((offset(h), tower.hazard(h).name, tower.elevations[h]) for h in sorted(seven))
    walls = tuple(
        (offset(a), offset(b), offset(side.top))
        for (a, b), side in sorted(tower.hexsides.items())
        if a < b and {a, b} & seven
    )
    return _Cutout(hexes, walls)


TOWER_CUTOUT = _tower_cutout(BATTLELANDS[TOWER])


# --- building -------------------------------------------------------------------------------


@dataclass
class _Draft:
    """The map as it is pasted together: by point, and the hexsides by pair of points."""

    regions: list[Region] = field(default_factory=list)
    hexes: dict[Axial, MapHex] = field(default_factory=dict)
    sides: dict[frozenset[Axial], tuple[str, Axial | None, str]] = field(default_factory=dict)
    whose: dict[Axial, str] = field(default_factory=dict)  # what put each hex there, for errors

    def region(self, name: str, terrain: str, path: str) -> int:
        if any(r.name == name for r in self.regions):
            raise _refuse(f"{path}: a region is already named {name!r}", path, rule="2.1")
        self.regions.append(Region(name, terrain))
        return len(self.regions) - 1

    def place(self, point: Axial, hex_: MapHex, what: str, path: str) -> None:
        try:
            where = label(point)
        except ValueError:
            raise _refuse(
                f"{path}: {what} falls left of column A or above row 1 of the map", path
            ) from None
        if point in self.hexes:
            raise _refuse(f"{path}: {where} is both {self.whose[point]} and {what}", path)
        self.hexes[point] = hex_
        self.whose[point] = what

    def side(self, a: Axial, b: Axial, hazard: str, top: Axial | None, what: str) -> None:
        self.sides[frozenset((a, b))] = (hazard, top, what)


def _middle(rotation: int) -> int:
    """The Battleland's middle hex when turned by ``rotation`` sixths: of the three hexes around
    the corner at its middle, the leftmost (the upper one of two)."""
    turned = [doubled(rotate(p, rotation)) for p in BATTLELAND_POINTS]
    mx = Fraction(sum(x for x, _ in turned), len(turned))
    my = Fraction(sum(y for _, y in turned), len(turned))
    # squared distance of centres, in units where a column is 3 and a doubled row sqrt(3)
    nearness = [9 * (x - mx) ** 2 + 3 * (y - my) ** 2 for x, y in turned]
    closest = sorted(range(len(turned)), key=lambda h: nearness[h])[:3]
    return min(closest, key=lambda h: turned[h])


MIDDLE: tuple[int, ...] = tuple(_middle(k) for k in range(SIXTHS))  # D3 unturned


def placement(rotation: int, at: Axial) -> tuple[Axial, ...]:
    """Where each hex of a Battleland (by engine.hexes' index) lands when it is turned by
    ``rotation`` sixths clockwise and its middle hex (``MIDDLE``) is put at ``at``."""
    turned = [rotate(p, rotation) for p in BATTLELAND_POINTS]
    middle = turned[MIDDLE[rotation % SIXTHS]]
    return tuple(add(subtract(p, middle), at) for p in turned)


def _terrain(value: object, path: str) -> str:
    found = canonical(value, TERRAINS)
    if found is None:
        raise unknown("terrain", value, TERRAINS, rule="3.2").at(path)
    return found


def _point(value: object, path: str) -> Axial:
    try:
        return parse_label(value)
    except TitanError as e:
        raise e.at(path) from None


# the fields a spec and each of its tables may have: any other is a slip of the pen
FIELDS = {
    "spec": ("name", "description", "battlelands", "seas", "towers", "rivers"),
    "battlelands": ("name", "terrain", "at", "rotation"),
    "seas": ("name", "hexes", "at", "rotation"),
    "towers": ("name", "centre"),
    "rivers": ("name", "hexsides"),
}


def _known_fields(table: Mapping[str, Any], kind: str, path: str) -> None:
    for key in table:
        if key not in FIELDS[kind]:
            raise unknown("field", key, FIELDS[kind], rule="3.2").at(f"{path}.{key}".lstrip("."))


def _rows(spec: Mapping[str, Any], key: str) -> list[Mapping[str, Any]]:
    rows = spec.get(key, [])
    if not isinstance(rows, list) or not all(isinstance(r, Mapping) for r in rows):
        raise _refuse(f"{key} must be a list of tables", key)
    for i, row in enumerate(rows):
        _known_fields(row, key, f"{key}[{i}]")
    return rows


def _default_name(draft: _Draft, base: str) -> str:
    taken = {r.name for r in draft.regions}
    if base not in taken:
        return base
    n = 2
    while f"{base} {n}" in taken:
        n += 1
    return f"{base} {n}"


def _battlelands(draft: _Draft, spec: Mapping[str, Any]) -> None:
    for i, row in enumerate(_rows(spec, "battlelands")):
        at = f"battlelands[{i}]"
        terrain = _terrain(row.get("terrain"), f"{at}.terrain")
        land = BATTLELANDS[terrain]
        name = str(row.get("name") or _default_name(draft, terrain))
        region = draft.region(name, terrain, f"{at}.name")
        rotation = _rotation(row, at)
        target = _point(row.get("at"), f"{at}.at")

        placed = placement(rotation, target)
        for h, point in enumerate(placed):
            draft.place(
                point,
                MapHex(point, region, land.hazard(h).name, land.elevations[h]),
                f"{name} ({terrain} {hex_name(h)})",  # e.g. "North Hills (Hills D4)"
                f"{at}.at",
            )
        for (a, b), side in land.hexsides.items():
            if a < b:
                draft.side(placed[a], placed[b], side.hazard.name, placed[side.top], name)


def _rotation(row: Mapping[str, Any], at: str) -> int:
    rotation = row.get("rotation", 0)
    if isinstance(rotation, bool) or rotation not in range(SIXTHS):
        raise _refuse(f"{at}.rotation: sixths of a turn, 0 to 5", f"{at}.rotation")
    return int(rotation)


def _seas(draft: _Draft, spec: Mapping[str, Any]) -> None:
    """Each Sea: the hexes listed, and those of a Battleland's outline when ``at`` is given."""
    for i, row in enumerate(_rows(spec, "seas")):
        at = f"seas[{i}]"
        name = str(row.get("name") or _default_name(draft, SEA))
        region = draft.region(name, SEA, f"{at}.name")
        hexes = row.get("hexes", [])
        if not isinstance(hexes, list) or not (hexes or "at" in row):
            raise _refuse(
                f"{at}: a Sea's hexes are listed, or it fills a Battleland's outline at a hex",
                f"{at}.hexes",
                "2.1.1",
            )
        points = [
            (_point(text, f"{at}.hexes[{k}]"), f"{at}.hexes[{k}]") for k, text in enumerate(hexes)
        ]
        if "at" in row:
            outline = placement(_rotation(row, at), _point(row["at"], f"{at}.at"))
            points += [(point, f"{at}.at") for point in outline]
        for point, path in points:
            draft.place(point, MapHex(point, region, WATER, 0), f"{name} (Sea)", path)


def _towers(draft: _Draft, spec: Mapping[str, Any]) -> list[tuple[int, Axial]]:
    """Each tower's region and centre, its seven hexes pasted over one region of land."""
    towers: list[tuple[int, Axial]] = []
    for i, row in enumerate(_rows(spec, "towers")):
        at = f"towers[{i}]"
        centre = _point(row.get("centre"), f"{at}.centre")
        where = f"a starting tower at {label(centre)}"
        seven = [add(centre, offset) for offset, _, _ in TOWER_CUTOUT.hexes]
        missing = [p for p in seven if p not in draft.hexes]
        if missing:
            raise _refuse(
                f"{at}.centre: {where} needs {_name(missing[0])} on the map (seven hexes)",
                f"{at}.centre",
                "3.1",
            )
        hosts = sorted({draft.hexes[p].region for p in seven})
        if any(r == region for r in hosts for region, _ in towers):
            raise _refuse(f"{at}.centre: {where} overlaps another", f"{at}.centre", "3.1")
        if len(hosts) > 1 or draft.regions[hosts[0]].terrain == SEA:
            names = ", ".join(draft.regions[r].name for r in hosts)
            raise _refuse(
                f"{at}.centre: {where} is placed within one region of land; its hexes lie in "
                f"{names}",
                f"{at}.centre",
                "3.1",
            )
        name = str(row.get("name") or _default_name(draft, f"Starting tower {i + 1}"))
        region = draft.region(name, TOWER, f"{at}.name")
        touched = set(seven)
        for pair in [pair for pair in draft.sides if pair & touched]:
            del draft.sides[pair]  # the cut-out tower covers the host's hexsides there
        for offset, hazard, elevation in TOWER_CUTOUT.hexes:
            point = add(centre, offset)
            draft.hexes[point] = MapHex(point, region, hazard, elevation)
            draft.whose[point] = f"{name} (starting tower)"
        for a, b, top in TOWER_CUTOUT.walls:
            pa, pb = add(centre, a), add(centre, b)
            if pa in draft.hexes and pb in draft.hexes:
                draft.side(pa, pb, "Wall", add(centre, top), name)
        towers.append((region, centre))
    return towers


def _rivers(draft: _Draft, spec: Mapping[str, Any]) -> None:
    for i, row in enumerate(_rows(spec, "rivers")):
        at = f"rivers[{i}]"
        sides = row.get("hexsides")
        if not isinstance(sides, list) or not sides:
            raise _refuse(f"{at}.hexsides: pairs of adjacent hexes", f"{at}.hexsides", "12.1.1")
        for k, pair in enumerate(sides):
            path = f"{at}.hexsides[{k}]"
            if not isinstance(pair, list) or len(pair) != 2:
                raise _refuse(f"{path}: a hexside is a pair of hex labels", path, "12.1.1")
            a, b = (_point(text, f"{path}[{j}]") for j, text in enumerate(pair))
            for p in (a, b):
                if p not in draft.hexes:
                    raise _refuse(f"{path}: {label(p)} is not a hex of the map", path, "12.1.1")
            if b not in [neighbour(a, d) for d in range(6)]:
                raise _refuse(f"{path}: {label(a)} and {label(b)} are not adjacent", path, "12.1.1")
            held = draft.sides.get(frozenset((a, b)))
            if held is not None:
                raise _refuse(
                    f"{path}: the hexside {label(a)}-{label(b)} already holds a {held[0]} "
                    f"({held[2]}); a hexside holds one hazard",
                    path,
                    "12.1.1",
                )
            draft.side(a, b, RIVER, None, str(row.get("name") or "River"))


def build(spec: Mapping[str, Any]) -> Map:
    """The map a mosaic spec describes, checked; ``RuleError`` (or ``Violations``) names the
    spec's field or the map's hex at fault."""
    if not isinstance(spec, Mapping):
        raise _refuse("a mosaic spec is a table", "spec")
    _known_fields(spec, "spec", "")
    draft = _Draft()
    _battlelands(draft, spec)
    _seas(draft, spec)
    towers = _towers(draft, spec)
    _rivers(draft, spec)

    def order(point: Axial) -> tuple[int, int]:
        return doubled(point)  # column, then row: the labels' order

    points = sorted(draft.hexes, key=order)
    index = {p: i for i, p in enumerate(points)}
    hexsides = []
    for pair, (hazard, top, _) in draft.sides.items():
        a, b = sorted(index[p] for p in pair)
        hexsides.append(MapHexside((a, b), hazard, None if top is None else index[top]))
    m = Map(
        name=str(spec.get("name", "")),
        description=str(spec.get("description", "")),
        regions=tuple(draft.regions),
        hexes=tuple(draft.hexes[p] for p in points),
        hexsides=tuple(sorted(hexsides, key=lambda s: s.hexes)),
        starting_towers=tuple(StartingTower(region, index[c]) for region, c in towers),
    )
    require_valid(m)
    return m


def load_spec(path: Path) -> dict[str, Any]:
    """A spec file: TOML, or JSON when its name ends in .json."""
    text = path.read_text()
    if path.suffix == ".json":
        loaded: dict[str, Any] = json.loads(text)
        return loaded
    return tomllib.loads(text)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m engine.tactical.mosaic SPEC.toml > MAP.json", file=sys.stderr)
        return 2
    try:
        m = build(load_spec(Path(args[0])))
    except Violations as e:
        for p in e.problems:
            print(f"{p.path}: {p.message} [rule {p.rule}]", file=sys.stderr)
        return 1
    except TitanError as e:
        print(f"{e.path}: {e.message} [rule {e.rule}]", file=sys.stderr)
        return 1
    except (OSError, ValueError) as e:
        print(f"{args[0]}: {e}", file=sys.stderr)
        return 1
    sys.stdout.write(dumps(m))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
