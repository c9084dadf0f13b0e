"""A Tactical Titan game state (4.0): the map, whose turn and phase it is, the players and their
scores, every character on the map with what it did this turn, and the muster and dead piles.

Frozen values with a JSON codec (docs/tactical.md, "Game state", describes it field by field).
Inside, a hex is an int index of the map's grid and a character is known by its ``id``; hex
labels, region and tower names appear only in ``to_dict``/``from_dict``. The codec reads
shapes, not rules: whether a state obeys the rules is ``engine.tactical.state_checks.validate``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from functools import cached_property
from types import MappingProxyType
from typing import Any

from engine.characters import TITAN
from engine.errors import TitanError
from engine.names import canonical
from engine.tactical.characters import CHARACTERS, TacticalCharacter
from engine.tactical.json_fields import JsonFields
from engine.tactical.maps import Map, map_names, stored_map

FORMAT = "tactical-titan-state"
VERSION = 1
FIRST_TURN = 1


class Phase(StrEnum):
    """4.0: the four phases of a player's turn, in their order."""

    HEALING = "healing"  # 5.0
    MUSTER = "muster"  # 6.0
    MANEUVER = "maneuver"  # 7.0
    STRIKE = "strike"  # 8.0


PHASES: tuple[Phase, ...] = tuple(Phase)


class Deed(StrEnum):
    """What a character did this turn, each a limit of its phase's rules."""

    RESTED = "rested"  # 5.1, 5.3: rested (once a turn)
    USED_HEAL = "used_heal"  # 5.2: used its Heal or Restore (one character a turn)
    MUSTERED = "mustered"  # 6.1: took part in a muster or summoning (one a turn)
    USED_MUSTER_ABILITY = "used_muster_ability"  # 12.2: the Druid's +1, a summoning
    ARRIVED = "arrived"  # 6.1: brought into play this Muster Phase
    MOVED = "moved"  # TITAN 11.0: moved (or teleported, 7.2) this Maneuver Phase
    STRUCK = "struck"  # TITAN 12.1: struck or rangestruck this Strike Phase


# the phase each deed belongs to: a state may show it only from that phase on
DEED_PHASE: Mapping[Deed, Phase] = MappingProxyType(
    {
        Deed.RESTED: Phase.HEALING,
        Deed.USED_HEAL: Phase.HEALING,
        Deed.MUSTERED: Phase.MUSTER,
        Deed.USED_MUSTER_ABILITY: Phase.MUSTER,
        Deed.ARRIVED: Phase.MUSTER,
        Deed.MOVED: Phase.MANEUVER,
        Deed.STRUCK: Phase.STRIKE,
    }
)


@dataclass(frozen=True)
class Figure:
    """One character in play: whose it is, its type (``name``), where it stands, the damage it
    has taken, what it did this turn, poison due (9.2 Venemous Wyrm) and, once its damage
    reaches its Power-factor in a Strike Phase, the player who dealt the killing point (2.2.2;
    None for a hazard's)."""

    id: int
    player: str
    name: str
    hex: int
    damage: int = 0
    did: frozenset[Deed] = frozenset()
    poison: int = 0  # 9.2: damage it takes at the start of the next Strike Phase
    poisoned_by: str | None = None  # the player whose Venemous Wyrm poisoned it
    slain_by: str | None = None

    @property
    def kind(self) -> TacticalCharacter:
        return CHARACTERS[self.name]

    def has(self, deed: Deed) -> bool:
        return deed in self.did

    def doing(self, *deeds: Deed) -> Figure:
        return replace(self, did=self.did | frozenset(deeds))


@dataclass(frozen=True)
class Player:
    """A player (3.0): its name, its starting tower (an index of ``Map.starting_towers``; None
    on a map without towers, a lone Battleland), its score (8.2), whether its Titan was slain
    (2.2.2), and whether its characters fight without their Titan, as a TITAN Legion away from
    its Titan does (then it is out when none is left; docs/rulings.md, "variant: tactical")."""

    name: str
    tower: int | None
    score: int = 0
    eliminated: bool = False
    titan_elsewhere: bool = False


@dataclass(frozen=True)
class AngelDue:
    """8.3: an Angel or Archangel a player's score has earned, still to come into play."""

    player: str
    name: str

    def to_dict(self) -> dict[str, str]:
        return {"player": self.player, "name": self.name}


@dataclass(frozen=True)
class GameState:
    """A game between ``players`` (in turn order, clockwise, 3.3) on ``map``.

    ``active`` is the player whose turn it is (4.0) and ``phase`` its phase; ``turn`` counts
    rounds: turn 1 is every player's first. ``figures`` are the characters in play,
    ``muster_pile`` and ``dead_pile`` the counters out of play (2.2); ``sets``: how many game
    sets the counters come from (2.0). ``mustered_regions``: regions (by index) of this turn's
    region musters (6.2). ``responding``: the active player has finished striking and the
    others strike back (TITAN 12.1). ``angels_due``: Lords earned at the end of the last Strike
    Phase, to be placed in order before anything else (8.3). ``map_name``: the name of the
    stored map (``engine.tactical.maps.stored_map``) when the map is one, so the JSON names it.
    """

    map: Map
    players: tuple[Player, ...]
    figures: tuple[Figure, ...]
    active: str
    phase: Phase = Phase.HEALING
    turn: int = FIRST_TURN
    muster_pile: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    dead_pile: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    mustered_regions: frozenset[int] = frozenset()
    responding: bool = False
    angels_due: tuple[AngelDue, ...] = ()
    next_id: int = 1
    sets: int = 1
    map_name: str | None = None

    def __repr__(self) -> str:
        return (
            f"GameState({self.map.name!r}, turn {self.turn}, {self.active} {self.phase.value}, "
            f"<{len(self.figures)} characters>)"
        )

    # --- lookups -------------------------------------------------------------------------

    @cached_property
    def _by_id(self) -> Mapping[int, Figure]:
        return MappingProxyType({f.id: f for f in self.figures})

    @cached_property
    def _by_hex(self) -> Mapping[int, tuple[Figure, ...]]:
        found: dict[int, list[Figure]] = {}
        for f in self.figures:
            found.setdefault(f.hex, []).append(f)
        return MappingProxyType({h: tuple(fs) for h, fs in found.items()})

    def figure(self, id_: int) -> Figure | None:
        return self._by_id.get(id_)

    def index_of(self, id_: int) -> int:
        """The position of a character in ``figures`` (its JSON path)."""
        return next(i for i, f in enumerate(self.figures) if f.id == id_)

    def at(self, hex_: int) -> tuple[Figure, ...]:
        """The characters in a hex (two when overstacked, 7.3)."""
        return self._by_hex.get(hex_, ())

    @cached_property
    def _players_by_name(self) -> Mapping[str, Player]:
        return MappingProxyType({p.name: p for p in reversed(self.players)})

    def player(self, name: str | None) -> Player | None:
        return None if name is None else self._players_by_name.get(name)

    def figures_of(self, player: str) -> Iterator[Figure]:
        return (f for f in self.figures if f.player == player)

    def titan_of(self, player: str) -> Figure | None:
        return next((f for f in self.figures_of(player) if f.name == TITAN), None)

    @property
    def living_players(self) -> tuple[Player, ...]:
        return tuple(p for p in self.players if not p.eliminated)

    @property
    def over(self) -> bool:
        """2.2.2: the game is over when no more than one player is left."""
        return len(self.living_players) <= 1

    @property
    def winner(self) -> str | None:
        living = self.living_players
        return living[0].name if len(living) == 1 else None

    def score_of(self, player: str) -> int:
        found = self.player(player)
        return 0 if found is None else found.score

    def power(self, figure: Figure) -> int:
        """Its Power-factor: a Titan's grows with its player's score (8.2)."""
        return figure.kind.power_at(self.score_of(figure.player))

    def slain(self, figure: Figure) -> bool:
        """Has it taken as many hits as its Power-factor (TITAN 12.0)? It stays on the map
        until the end of the Strike Phase (TITAN 12.6)."""
        return figure.damage >= self.power(figure)

    def with_figure(self, figure: Figure) -> GameState:
        """The state with this character (by id) replaced, or added."""
        if self.figure(figure.id) is None:
            return replace(self, figures=(*self.figures, figure))
        return replace(
            self, figures=tuple(figure if f.id == figure.id else f for f in self.figures)
        )

    def with_player(self, player: Player) -> GameState:
        return replace(
            self, players=tuple(player if p.name == player.name else p for p in self.players)
        )

    # --- codec ---------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        m = self.map
        towers = m.starting_towers
        return {
            "format": FORMAT,
            "version": VERSION,
            "map": self.map_name if self.map_name is not None else m.to_dict(),
            "sets": self.sets,
            "turn": self.turn,
            "active": self.active,
            "phase": self.phase.value,
            "players": [
                {
                    "name": p.name,
                    "tower": None if p.tower is None else m.regions[towers[p.tower].region].name,
                    "score": p.score,
                    "eliminated": p.eliminated,
                    **({"titan_elsewhere": True} if p.titan_elsewhere else {}),
                }
                for p in self.players
            ],
            "characters": [
                {
                    "id": f.id,
                    "player": f.player,
                    "name": f.name,
                    "hex": m.name_of(f.hex),
                    "damage": f.damage,
                    "did": sorted(d.value for d in f.did),
                    "poison": f.poison,
                    "poisoned_by": f.poisoned_by,
                    "slain_by": f.slain_by,
                }
                for f in self.figures
            ],
            "mustered_regions": [m.regions[r].name for r in sorted(self.mustered_regions)],
            "responding": self.responding,
            "angels_due": [a.to_dict() for a in self.angels_due],
            "muster_pile": dict(sorted(self.muster_pile.items())),
            "dead_pile": dict(sorted(self.dead_pile.items())),
            "next_id": self.next_id,
        }

    @classmethod
    def from_dict(cls, d: object) -> GameState:
        """Read a state; ``RuleError`` names the field whose shape is wrong. A missing
        ``muster_pile`` is every counter of the sets not in play nor in the dead pile."""
        return _parse(d)


# --- reading -----------------------------------------------------------------------------


_json = JsonFields(rule="4.0")


def _character_name(value: object, path: str) -> str:
    """A character's name in its book spelling; an unknown one as given, for the checks."""
    text = _json.text(value, path)
    return canonical(text, CHARACTERS) or text


def _map(value: object) -> tuple[Map, str | None]:
    if isinstance(value, str):
        if value not in map_names():
            raise _json.refuse(
                f"state.map: no stored map is named {value!r}; stored: {', '.join(map_names())}",
                "state.map",
                "3.1",
            )
        return stored_map(value), value
    try:
        return Map.from_dict(value), None
    except TitanError as error:
        raise error.under("state.map") from None


def _pile(value: object, path: str) -> dict[str, int]:
    pile = {}
    for name, count in _json.mapping(value, path).items():
        pile[_character_name(name, f"{path}")] = _json.integer(count, f"{path}.{name}")
    return pile


def _parse(d: object) -> GameState:
    top = _json.mapping(d, "state")
    if top.get("format", FORMAT) != FORMAT:
        raise _json.refuse(f"state.format must be {FORMAT!r}", "state.format")
    if top.get("version", VERSION) != VERSION:
        raise _json.refuse(f"state.version: this reads version {VERSION}", "state.version")
    m, map_name = _map(top.get("map"))
    tower_of = {m.regions[t.region].name: i for i, t in enumerate(m.starting_towers)}

    players = []
    for i, row in enumerate(_json.array(top.get("players"), "state.players")):
        at = f"state.players[{i}]"
        row = _json.mapping(row, at)
        tower = None
        if tower_of or row.get("tower") is not None:  # a map without towers: none (3.1)
            tower = _json.text(row.get("tower"), f"{at}.tower")
        if tower is not None and tower not in tower_of:
            raise _json.refuse(
                f"{at}.tower: {tower!r} is not a starting tower of the map; its towers: "
                f"{', '.join(tower_of)}",
                f"{at}.tower",
                "3.1",
            )
        players.append(
            Player(
                name=_json.text(row.get("name"), f"{at}.name"),
                tower=None if tower is None else tower_of[tower],
                score=_json.integer(row.get("score", 0), f"{at}.score"),
                eliminated=_json.flag(row.get("eliminated", False), f"{at}.eliminated"),
                titan_elsewhere=_json.flag(
                    row.get("titan_elsewhere", False), f"{at}.titan_elsewhere"
                ),
            )
        )

    figures = []
    for i, row in enumerate(_json.array(top.get("characters", []), "state.characters")):
        at = f"state.characters[{i}]"
        row = _json.mapping(row, at)
        try:
            hex_ = m.parse(_json.text(row.get("hex"), f"{at}.hex"))
        except TitanError as error:
            raise error.at(f"{at}.hex") from None
        deeds = []
        for k, word in enumerate(_json.array(row.get("did", []), f"{at}.did")):
            try:
                deeds.append(Deed(_json.text(word, f"{at}.did[{k}]")))
            except ValueError:
                raise _json.refuse(
                    f"{at}.did[{k}]: {word!r} is not a deed; one of "
                    f"{', '.join(d.value for d in Deed)}",
                    f"{at}.did[{k}]",
                ) from None
        figures.append(
            Figure(
                id=_json.integer(row.get("id"), f"{at}.id"),
                player=_json.text(row.get("player"), f"{at}.player"),
                name=_character_name(row.get("name"), f"{at}.name"),
                hex=hex_,
                damage=_json.integer(row.get("damage", 0), f"{at}.damage"),
                did=frozenset(deeds),
                poison=_json.integer(row.get("poison", 0), f"{at}.poison"),
                poisoned_by=_json.optional_text(row.get("poisoned_by"), f"{at}.poisoned_by"),
                slain_by=_json.optional_text(row.get("slain_by"), f"{at}.slain_by"),
            )
        )

    phase_word = top.get("phase", Phase.HEALING.value)
    try:
        phase = Phase(phase_word)
    except ValueError:
        raise _json.refuse(
            f"state.phase: {phase_word!r} is not a phase; one of "
            f"{', '.join(p.value for p in Phase)}",
            "state.phase",
        ) from None

    regions = {r.name: i for i, r in enumerate(m.regions)}
    mustered = []
    for i, name in enumerate(
        _json.array(top.get("mustered_regions", []), "state.mustered_regions")
    ):
        at = f"state.mustered_regions[{i}]"
        if _json.text(name, at) not in regions:
            raise _json.refuse(f"{at}: no region of the map is named {name!r}", at, "6.2")
        mustered.append(regions[name])

    dues = []
    for i, row in enumerate(_json.array(top.get("angels_due", []), "state.angels_due")):
        at = f"state.angels_due[{i}]"
        row = _json.mapping(row, at)
        dues.append(
            AngelDue(
                _json.text(row.get("player"), f"{at}.player"),
                _character_name(row.get("name"), f"{at}.name"),
            )
        )

    sets = _json.integer(top.get("sets", 1), "state.sets")
    dead = _pile(top.get("dead_pile", {}), "state.dead_pile")
    if "muster_pile" in top:
        muster = _pile(top["muster_pile"], "state.muster_pile")
    else:
        muster = muster_pile_left(sets, figures, dead)
    ids = [f.id for f in figures]
    return GameState(
        map=m,
        players=tuple(players),
        figures=tuple(figures),
        active=_json.text(top.get("active"), "state.active"),
        phase=phase,
        turn=_json.integer(top.get("turn", FIRST_TURN), "state.turn"),
        muster_pile=MappingProxyType(muster),
        dead_pile=MappingProxyType(dead),
        mustered_regions=frozenset(mustered),
        responding=_json.flag(top.get("responding", False), "state.responding"),
        angels_due=tuple(dues),
        next_id=_json.integer(top.get("next_id", max(ids, default=0) + 1), "state.next_id"),
        sets=sets,
        map_name=map_name,
    )


def box_count(name: str, sets: int) -> int:
    """2.0: counters of a type in ``sets`` game sets (Titans are the players', not counted)."""
    kind = CHARACTERS.get(name)
    return 0 if kind is None or name == TITAN else kind.count * sets


def muster_pile_left(
    sets: int, figures: Sequence[Figure], dead: Mapping[str, int]
) -> dict[str, int]:
    """2.2: the muster pile holds every counter of the sets not in play nor in the dead pile."""
    in_play: dict[str, int] = {}
    for f in figures:
        in_play[f.name] = in_play.get(f.name, 0) + 1
    return {
        name: max(box_count(name, sets) - in_play.get(name, 0) - dead.get(name, 0), 0)
        for name in CHARACTERS
        if name != TITAN
    }
