"""What a Tactical Titan map must be (2.1-2.1.2, 3.1, 12.1), as named problems.

``check_map`` lists every problem of a map: its code, a message naming the hex, the
section of the variant's rules (``rule``), the JSON path of the field at fault and the hex's
label (``hex``). ``require_valid`` refuses a map with any, as ``Violations``; reading a map
(``Map.from_dict``) calls it. The decisions the rules leave open are in docs/rulings.md
("Tactical Titan maps (004)").
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from engine.errors import Violations
from engine.game.problems import Problem
from engine.names import suggestion
from engine.tactical.geometry import SIXTHS
from engine.tactical.maps import (
    ELEVATIONS,
    HEX_HAZARDS,
    HEXSIDE_HAZARDS,
    SEA,
    TERRAINS,
    TOPPED,
    TOWER,
    WALL,
    WATER,
    Map,
)


@dataclass(frozen=True)
class MapProblem(Problem):
    hex: str | None = None  # the label of the hex at fault, if one is

    def to_dict(self) -> dict[str, str | None]:
        return {**super().to_dict(), "hex": self.hex}


Problems = Iterator[MapProblem]


def _problem(code: str, message: str, rule: str, path: str, hex_: str | None = None) -> MapProblem:
    return MapProblem(code=code, message=message, path=path, rule=rule, hex=hex_)


def check_map(m: Map) -> list[MapProblem]:
    """Every problem of the map, the structure's first: a map whose hexes name regions it does
    not have is not checked further."""
    problems = list(_structure(m))
    if problems:
        return problems
    for check in CHECKS:
        problems.extend(check(m))
    return problems


def require_valid(m: Map) -> None:
    """Refuse a map with any problem (``Violations``: each a ``RuleError`` with rule and path)."""
    problems = check_map(m)
    if problems:
        raise Violations([p.as_error() for p in problems])


def _structure(m: Map) -> Problems:
    if not m.hexes:
        yield _problem("no_hexes", "a map has hexes (2.1)", "2.1", "hexes")
    first: dict[tuple[int, int], int] = {}
    for i, h in enumerate(m.hexes):
        if first.setdefault(h.point, i) != i:
            yield _problem(
                "hex_twice", f"hexes {first[h.point]} and {i} are at one point", "2.1", "hexes"
            )
    for i, h in enumerate(m.hexes):
        if not 0 <= h.region < len(m.regions):
            yield _problem(
                "unknown_region",
                f"hex {i} is in region {h.region}, which the map lacks",
                "2.1",
                "hexes",
            )
    for i, t in enumerate(m.starting_towers):
        if not 0 <= t.region < len(m.regions) or not 0 <= t.centre < len(m.hexes):
            yield _problem(
                "unknown_tower",
                f"starting tower {i} names a region or hex the map lacks",
                "3.1",
                f"starting_towers[{i}]",
            )
    for i, side in enumerate(m.hexsides):
        ends = (*side.hexes, *(() if side.top is None else (side.top,)))
        if not all(0 <= h < len(m.hexes) for h in ends):
            yield _problem(
                "unknown_hexside",
                f"hexside {i} names a hex the map lacks",
                "2.1",
                f"hexsides[{i}]",
            )


# --- regions (2.1, 2.1.1) ---------------------------------------------------------------


def _regions(m: Map) -> Problems:
    """2.1: the map is partitioned into regions, each of one terrain (2.1.1: TITAN's eleven
    or Sea); a region is in one piece, as a Land is (ruling), and has a name of its own."""
    seen: set[str] = set()
    for i, region in enumerate(m.regions):
        at = f"regions[{i}]"
        if region.terrain not in TERRAINS:
            yield _problem(
                "unknown_terrain",
                f"region {region.name!r}: unknown terrain {region.terrain!r}"
                f"{suggestion(region.terrain, TERRAINS)} (2.1.1: TITAN's eleven, or Sea)",
                "2.1.1",
                f"{at}.terrain",
            )
        if not region.name.strip():
            yield _problem("unnamed_region", f"region {i} has no name", "2.1", f"{at}.name")
        elif region.name in seen:
            yield _problem(
                "region_named_twice",
                f"two regions are named {region.name!r}",
                "2.1",
                f"{at}.name",
            )
            continue  # hexes name the first of them: this one is empty for that alone
        seen.add(region.name)
        hexes = m.region_hexes[i]
        if not hexes:
            yield _problem("empty_region", f"region {region.name!r} has no hexes", "2.1", at)
            continue
        for piece in m.grid.connected(hexes)[1:]:
            label = m.name_of(piece[0])
            yield _problem(
                "region_in_pieces",
                f"region {region.name!r} is in pieces: {label} does not join the rest (2.1)",
                "2.1",
                f"hexes.{label}.region",
                label,
            )


# --- hexes (2.1.1, 2.1.2, 12.1.2) -----------------------------------------------------------


def _hexes(m: Map) -> Problems:
    for i, h in enumerate(m.hexes):
        label = m.name_of(i)
        at = f"hexes.{label}"
        terrain = m.regions[h.region].terrain
        if h.hazard not in HEX_HAZARDS:
            why = (
                f"{h.hazard} lies on hexsides, not in hexes"
                if h.hazard in HEXSIDE_HAZARDS
                else f"unknown hazard {h.hazard!r}{suggestion(h.hazard, HEX_HAZARDS)}"
            )
            yield _problem(
                "unknown_hazard", f"{label}: {why} (2.1.2, 12.1)", "2.1.2", f"{at}.hazard", label
            )
        elif h.hazard == WATER and terrain != SEA:
            yield _problem(
                "water_outside_sea",
                f"{label}: a Water hex is in the {terrain} region {m.regions[h.region].name!r}; "
                "every Water hex is part of a Sea (2.1.1)",
                "2.1.1",
                f"{at}.hazard",
                label,
            )
        elif terrain == SEA and h.hazard != WATER:
            yield _problem(
                "sea_not_water",
                f"{label}: the Sea {m.regions[h.region].name!r} holds a {h.hazard} hex; a Sea "
                "consists of Water hexes only (2.1.1)",
                "2.1.1",
                f"{at}.hazard",
                label,
            )
        if h.elevation not in ELEVATIONS:
            yield _problem(
                "elevation_out_of_range",
                f"{label}: elevation {h.elevation}; hexes stand at {ELEVATIONS.start} to "
                f"{ELEVATIONS.stop - 1}, as on TITAN's Battlelands (2.1)",
                "2.1",
                f"{at}.elevation",
                label,
            )


def _reach(m: Map) -> Problems:
    """Every hex can be reached (ruling): the map is one piece, and its land is one piece
    without crossing Water, so a walking character can reach every region but the Seas."""
    pieces = m.grid.connected()
    for piece in pieces[1:]:
        label = m.name_of(piece[0])
        yield _problem(
            "map_in_pieces",
            f"{label} and the {len(piece) - 1} hexes joined to it are cut off from the rest "
            "of the map (2.1)",
            "2.1",
            f"hexes.{label}",
            label,
        )
    if len(pieces) > 1:
        return
    land = [i for i, h in enumerate(m.hexes) if h.hazard != WATER]
    for piece in m.grid.connected(land)[1:]:
        label = m.name_of(piece[0])
        yield _problem(
            "land_cut_off",
            f"{label} and the {len(piece) - 1} land hexes joined to it can be reached only "
            "across Water, which walking characters may not enter (2.1, 12.1.2)",
            "12.1.2",
            f"hexes.{label}",
            label,
        )


# --- hexsides (2.1, 12.1.1) ---------------------------------------------------------------


def _hexsides(m: Map) -> Problems:
    seen: dict[tuple[int, int], int] = {}
    for i, side in enumerate(m.hexsides):
        at = f"hexsides[{i}]"
        a, b = side.hexes
        first = m.name_of(a)
        between = f"{first}-{m.name_of(b)}"
        if side.hazard not in HEXSIDE_HAZARDS:
            why = (
                f"{side.hazard} fills hexes, not hexsides"
                if side.hazard in HEX_HAZARDS
                else f"unknown hazard {side.hazard!r}{suggestion(side.hazard, HEXSIDE_HAZARDS)}"
            )
            yield _problem(
                "unknown_hazard",
                f"hexside {between}: {why} (2.1, 12.1)",
                "2.1",
                f"{at}.hazard",
                first,
            )
        if b not in m.neighbours[a]:
            yield _problem(
                "hexside_not_adjacent",
                f"hexside {between}: the two hexes are not adjacent, so share no hexside (2.1)",
                "2.1",
                f"{at}.between",
                first,
            )
            continue
        if (a, b) in seen:
            yield _problem(
                "hexside_twice",
                f"hexside {between} carries two hazards (also hexsides[{seen[a, b]}]); a hexside "
                "holds one (2.1)",
                "2.1",
                at,
                first,
            )
        seen.setdefault((a, b), i)
        if side.hazard in TOPPED:
            if side.top not in side.hexes:
                yield _problem(
                    "hexside_without_top",
                    f"hexside {between}: a {side.hazard} is connected to one of its two hexes; "
                    f"name it as top ({first} or {m.name_of(b)})",
                    "2.1",
                    f"{at}.top",
                    first,
                )
        elif side.top is not None:
            yield _problem(
                "river_with_top",
                f"hexside {between}: a {side.hazard} has no top (12.1.1)",
                "12.1.1",
                f"{at}.top",
                first,
            )


# --- starting towers (3.1) -------------------------------------------------------------------


def _towers(m: Map) -> Problems:
    """3.1: each starting tower is a region of its own of seven hexes with walls, a centre and
    the six around it; the walls are those of TITAN's Tower's centre seven (ruling): Tower
    hexes, a Wall atop the centre toward each of the six, and one atop each of the six toward
    every hex outside the seven."""
    used: dict[int, int] = {}
    for i, tower in enumerate(m.starting_towers):
        at = f"starting_towers[{i}]"
        region = m.regions[tower.region]
        centre = m.name_of(tower.centre)
        if region.terrain != TOWER:
            yield _problem(
                "tower_not_a_tower",
                f"starting tower at {centre}: its region {region.name!r} is {region.terrain}, "
                "not a Tower (3.1)",
                "3.1",
                f"{at}.region",
                centre,
            )
            continue
        if tower.region in used:
            yield _problem(
                "tower_region_twice",
                f"starting tower at {centre}: region {region.name!r} is already "
                f"starting_towers[{used[tower.region]}]'s (3.1)",
                "3.1",
                f"{at}.region",
                centre,
            )
            continue
        used[tower.region] = i
        if len(m.neighbours[tower.centre]) != SIXTHS:
            yield _problem(
                "tower_not_seven",
                f"starting tower at {centre}: {SIXTHS - len(m.neighbours[tower.centre])} of the "
                "six hexes around its centre are off the map; a starting tower is seven hexes "
                "(3.1)",
                "3.1",
                f"{at}.centre",
                centre,
            )
            continue
        seven = set(m.tower_hexes(tower))
        members = set(m.region_hexes[tower.region])
        for h in sorted(seven - members):
            label = m.name_of(h)
            yield _problem(
                "tower_hex_elsewhere",
                f"starting tower at {centre}: {label} is in region {m.region_of(h).name!r}, "
                f"not the tower's {region.name!r} (3.1)",
                "3.1",
                f"hexes.{label}.region",
                label,
            )
        for h in sorted(members - seven):
            label = m.name_of(h)
            yield _problem(
                "tower_region_too_large",
                f"starting tower at {centre}: its region {region.name!r} holds {label}; a "
                "starting tower region consists only of its seven hexes (3.1)",
                "3.1",
                f"hexes.{label}.region",
                label,
            )
        yield from _walls(m, tower.centre, seven)


def _walls(m: Map, centre: int, seven: set[int]) -> Problems:
    for h in sorted(seven):
        label = m.name_of(h)
        if m.hazard(h) != TOWER:
            yield _problem(
                "tower_hex_not_walled",
                f"{label}: a starting tower's hex is a Tower hex, not {m.hazard(h)} (3.1)",
                "3.1",
                f"hexes.{label}.hazard",
                label,
            )
        for there in m.neighbours[h]:
            if h == centre or there not in seven:
                side = m.hexside(h, there)
                if side is None or side.hazard != WALL or side.top != h:
                    found = "nothing" if side is None else f"a {side.hazard}"
                    if side is not None and side.top is not None:
                        found += f" atop {m.name_of(side.top)}"
                    yield _problem(
                        "tower_wall_missing",
                        f"{label}: the side toward {m.name_of(there)} needs a Wall atop "
                        f"{label}, and has {found} (3.1)",
                        "3.1",
                        f"hexes.{label}",
                        label,
                    )


Check = Callable[[Map], Problems]
CHECKS: tuple[Check, ...] = (_regions, _hexes, _reach, _hexsides, _towers)
