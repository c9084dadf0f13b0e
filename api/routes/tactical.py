"""Tactical Titan over HTTP: its characters, Mastercharts and example maps, and the checks of a
map (the variant's book, cited by its sections; docs/tactical.md, "Over HTTP").

Views parse, call ``engine.tactical`` and serialise; the rules are the engine's.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, current_app
from werkzeug.exceptions import MethodNotAllowed

from api.errors import ApiError
from api.requests import answer, documented, parse
from api.schemas.tactical import (
    MapDocumentSchema,
    MapListSchema,
    MapValidateAnswerSchema,
    MapValidateRequestSchema,
    MasterchartsSchema,
    TacticalCharactersSchema,
)
from engine.errors import TitanError, Violations
from engine.names import closest
from engine.tactical.characters import CHARACTERS, DEMONS
from engine.tactical.geometry import doubled
from engine.tactical.map_checks import MapProblem, check_map
from engine.tactical.maps import Map, map_names, parse_map, stored_map
from engine.tactical.mastercharts import CHARTS, CLERIC_TABLE, TOWER_CHART, WARLOCK_TABLE

bp = Blueprint("tactical", __name__, url_prefix="/api/v1/tactical")

# The request example of a map's check (the API browser starts from it): small, and valid.
MAP_EXAMPLE: dict[str, Any] = {
    "name": "Meadow and Pond",
    "description": "a Plains region by a Sea of two hexes",
    "regions": [{"name": "Meadow", "terrain": "Plains"}, {"name": "Pond", "terrain": "Sea"}],
    "hexes": {
        "B2": {"region": "Meadow", "elevation": 1},
        "A3": {"region": "Meadow", "hazard": "Bramble"},
        "B3": {"region": "Meadow"},
        "C3": {"region": "Meadow"},
        "A4": {"region": "Meadow"},
        "B4": {"region": "Meadow"},
        "C4": {"region": "Meadow"},
        "D3": {"region": "Pond", "hazard": "Water"},
        "D4": {"region": "Pond", "hazard": "Water"},
    },
    "hexsides": [
        {"between": ["B2", "B3"], "hazard": "Slope", "top": "B2"},
        {"between": ["C3", "C4"], "hazard": "River"},
    ],
}


# --- the variant's facts --------------------------------------------------------------------


@bp.get("/characters")
@documented(
    summary="Tactical Titan's characters: figures, natives, points (11.0) and abilities (12.2)",
    response_schema=TacticalCharactersSchema,
    tag="tactical",
)
def characters() -> Response:
    return answer(
        {
            "characters": {name: kind.to_dict() for name, kind in CHARACTERS.items()},
            "demons": list(DEMONS),
        }
    )


def mastercharts_document() -> dict[str, Any]:
    """The Mastercharts and the summoning tables (9.2, 10.1, 10.2) as the API shows them."""
    return {
        "terrains": {terrain: chart.to_dict() for terrain, chart in CHARTS.items()},
        "tower": TOWER_CHART.to_dict(),
        "warlock": {
            "alone": WARLOCK_TABLE.alone,
            "together": WARLOCK_TABLE.together,
            "destinations": [
                {
                    "character": d.character,
                    "hex_hazards": sorted(d.hex_hazards),
                    "hexsides": sorted(d.hexsides),
                    "atop": sorted(d.atop),
                    "terrains": sorted(d.terrains),
                }
                for d in WARLOCK_TABLE.destinations
            ],
        },
        "cleric": {
            "together_bonus": CLERIC_TABLE.together_bonus,
            "chances": [
                {"least_points": least, "muster_number": number}
                for least, number in CLERIC_TABLE.chances
            ],
        },
    }


@bp.get("/mastercharts")
@documented(
    summary="Tactical Titan's Mastercharts (9.2) and the Warlock's and Cleric's tables "
    "(10.1, 10.2)",
    response_schema=MasterchartsSchema,
    tag="tactical",
)
def mastercharts() -> Response:
    return answer(mastercharts_document())


# --- maps -----------------------------------------------------------------------------------


def layout(m: Map) -> dict[str, dict[str, int]]:
    """{label: {x: column, y: doubled row}}: where to draw each hex (flat-topped, as TITAN's)."""
    out = {}
    for i, h in enumerate(m.hexes):
        x, y = doubled(h.point)
        out[m.name_of(i)] = {"x": x, "y": y}
    return out


def _key(name: str) -> str:
    return name.strip().lower().replace(" ", "_").replace("-", "_")


def map_named(name: str) -> str:
    """The name an example map is kept under, given in any case (``Two Shores`` and
    ``two-shores`` are ``two_shores``); 404 naming the closest ones otherwise."""
    for kept in map_names():
        if _key(kept) == _key(name):
            return kept
    near = closest(_key(name), map_names())
    hint = f"; did you mean {' or '.join(near)}?" if near else ""
    raise ApiError(
        404,
        "not_found",
        f"no example map {name[:60]!r}{hint}",
        [
            {
                "path": "name",
                "rule": "3.1",
                "message": "one of " + ", ".join(map_names()),
                "suggestions": list(near),
                "valid": list(map_names()),
            }
        ],
    )


@bp.get("/maps")
@documented(
    summary="The example Tactical Titan maps: name, players, size",
    response_schema=MapListSchema,
    tag="tactical",
)
def maps() -> Response:
    listed = []
    for name in map_names():
        m = stored_map(name)
        listed.append(
            {
                "name": name,
                "title": m.name,
                "description": m.description,
                "players": m.players,
                "hexes": len(m.hexes),
                "regions": len(m.regions),
            }
        )
    return answer({"maps": listed})


@bp.get("/maps/<name>")
@documented(
    summary="One example map: its regions, hexes, hexsides and starting towers, and where to "
    "draw each hex",
    response_schema=MapDocumentSchema,
    tag="tactical",
    arguments={"name": map_names},
)
def one_map(name: str) -> Response:
    refuse_get_of_post(name)
    kept = map_named(name)
    m = stored_map(kept)
    return answer({"name": kept, "map": m.to_dict(), "layout": layout(m)})


def refuse_get_of_post(name: str) -> None:
    """A GET of ``.../validate`` asks a POST-only sibling for what it does not do (405), rather
    than an example of that name (404): the example's route would otherwise take the path."""
    if name == "validate":
        raise MethodNotAllowed(valid_methods=["POST"])


def limit_hexes(hexes: int, path: str) -> None:
    """The service's TITAN_TACTICAL_MAX_HEXES: a larger map is refused (422) before any rule."""
    most = current_app.config["TACTICAL_MAX_HEXES"]
    if hexes > most:
        raise ApiError(
            422,
            "invalid",
            f"a map has at most {most} hexes here, not {hexes}",
            [{"path": path, "rule": None, "message": f"at most {most} (TITAN_TACTICAL_MAX_HEXES)"}],
        )


def _problem_of(error: TitanError) -> MapProblem:
    """A map that cannot be read (a hex label or region name that is none) as one problem."""
    parts = (error.path or "").split(".")
    hex_ = parts[1] if len(parts) > 1 and parts[0] == "hexes" else None
    return MapProblem(
        code="unreadable",
        message=error.message,
        path=error.path,
        rule=error.rule or "2.1",
        hex=hex_,
    )


def _under_map(problem: dict[str, Any]) -> dict[str, Any]:
    path = problem.get("path")
    return {**problem, "path": "map" if not path else f"map.{path}"}


def read_map(raw: dict[str, Any], path: str = "map") -> Map:
    """A request's map, read and checked: 422 with every problem (each at its path under
    ``path``, with its section and hex) when it breaks a rule."""
    limit_hexes(len(raw["hexes"]), f"{path}.hexes")
    try:
        m = parse_map(raw)
    except TitanError as e:
        raise e.under(path) from None
    problems = check_map(m)
    if problems:
        raise Violations([p.as_error() for p in problems]).under(path)
    return m


@bp.post("/maps/validate")
@documented(
    summary="Every rule a Tactical Titan map breaks (2.1-2.1.2, 3.1, 12.1), each with its "
    "section, path and hex",
    request_schema=MapValidateRequestSchema,
    response_schema=MapValidateAnswerSchema,
    tag="tactical",
    example={"map": MAP_EXAMPLE},
)
def validate_map() -> Response:
    body = parse(MapValidateRequestSchema)
    raw = body["map"]
    limit_hexes(len(raw["hexes"]), "map.hexes")
    try:
        m = parse_map(raw)
    except TitanError as e:
        problems = [_problem_of(e).to_dict()]
        return answer(
            {"valid": False, "problems": [_under_map(p) for p in problems], "layout": None}
        )
    found = [_under_map(p.to_dict()) for p in check_map(m)]
    drawable = not any(p["code"] in ("hex_twice", "unknown_region") for p in found)
    return answer(
        {"valid": not found, "problems": found, "layout": layout(m) if drawable else None}
    )


page_bp = Blueprint("tactical_page", __name__)


@page_bp.get("/tactical")
def page() -> Response:
    """The Tactical Titan map page."""
    return current_app.send_static_file("tactical.html")
