"""The game's facts as JSON documents, in the field names Titan clients share."""

from __future__ import annotations

from typing import Any

from engine.battlelands import BATTLELANDS, TOWER
from engine.characters import CHARACTERS
from engine.game.board import NEIGHBOURS as LAND_NEIGHBOURS
from engine.game.board import entry_side
from engine.hexes import DOUBLED, EDGES, ENTRY_SIDES, HEXES, LABELS, NEIGHBOURS, hex_name
from engine.masterboard import LANDS
from engine.mastercharts import MASTERCHARTS
from engine.strike_chart import CHART
from engine.variants import variant


def characters_document() -> dict[str, Any]:
    chars = {
        c.name: {
            "power": c.power,
            "skill": c.skill,
            "rangestrikes": c.rangestrikes,
            "magic_missile": c.magic_missile,
            "flies": c.flies,
            "class": c.klass.value,
            "count": c.count,
            "natives": sorted(c.natives),
            "value": None if c.power is None else c.value(),
            "range_strength": c.range_strength() if c.rangestrikes else None,
        }
        for c in CHARACTERS.values()
    }
    chart: dict[str, Any] = {
        terrain: [
            {"name": e.creature, "needed_for_next": e.needed_for_next or None} for e in column
        ]
        for terrain, column in MASTERCHARTS.items()
    }
    tower = variant().tower_creatures
    chart[TOWER] = {
        "any_legion_may_muster": list(tower),
        "starting_creatures": {name: 2 for name in tower},
        "Guardian": "legion holds any 3 identical Creatures, or a Guardian",
        "Warlock": "legion holds its player's Titan, or a Warlock",
    }
    table: dict[str, dict[str, int]] = {}
    for (attacker, defender), number in sorted(CHART.items()):
        table.setdefault(str(defender), {})[str(attacker)] = number
    return {
        "characters": chars,
        "recruit_chart": chart,
        "strike_chart": {
            "rows_are": "defender skill",
            "columns_are": "attacker skill",
            "source": "rule 12.7",
            "table": table,
        },
    }


def battleland_document(terrain: str) -> dict[str, Any]:
    land = BATTLELANDS[terrain]
    sides = []
    for (a, b), side in land.hexsides.items():
        if a == side.top:
            sides.append({"hex": hex_name(a), "toward": hex_name(b), "hazard": side.hazard.name})
    doc: dict[str, Any] = {
        "terrain": terrain,
        "labels": list(LABELS),
        "hexes": {
            hex_name(h): {"hazard": land.hazards[h].name, "elevation": land.elevations[h]}
            for h in HEXES
        },
        "hexsides": sides,
        "adjacency": {hex_name(h): [hex_name(n) for n in NEIGHBOURS[h]] for h in HEXES},
        "layout": {hex_name(h): {"x": DOUBLED[h][0], "y": DOUBLED[h][1]} for h in HEXES},
        "edges": {name: [hex_name(h) for h in hexes] for name, hexes in EDGES.items()},
        "entry_sides": {
            str(side): {"attacker": edges[0], "defender": edges[1]}
            for side, edges in ENTRY_SIDES.items()
        },
    }
    if land.deploy:
        doc["defender_deploy_hexes"] = [hex_name(h) for h in land.deploy]
    return doc


def masterboard_document() -> dict[str, Any]:
    return {
        "lands": {
            str(n): {
                "terrain": land.terrain,
                "x": land.x,
                "y": land.y,
                "label_side": land.label_side,
                "entry_sides": {str(m): entry_side(n, m) for m in LAND_NEIGHBOURS[n]},
                "exits": [{"to": e.to, "sign": e.sign.value} for e in land.exits],
            }
            for n, land in sorted(LANDS.items())
        }
    }
