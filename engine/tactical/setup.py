"""Starting a Tactical Titan game (3.0-3.3): each player's Titan and six Tower Creatures in its
starting tower, every other counter in the muster pile.

The order of ``players`` is the order of play (3.3: the players roll to see who goes first;
play proceeds clockwise): the first takes the first turn, and each takes the starting tower of
its place in the map's list unless ``towers`` says otherwise (3.1: they roll for the order in
which they place their towers).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from types import MappingProxyType

from engine.characters import TITAN
from engine.errors import RuleError, TitanError
from engine.names import canonical
from engine.tactical.maps import Map, map_names, stored_map
from engine.tactical.musters import starting_muster_pile
from engine.tactical.state import Figure, GameState, Player

TOWER_CREATURES = ("Ogre", "Gargoyle", "Centaur")  # 3.1.1
STARTING_CREATURES = 6  # 3.1.1: "plus six Tower Creatures"
DEFAULT_CREATURES = ("Ogre", "Ogre", "Gargoyle", "Gargoyle", "Centaur", "Centaur")


def _refuse(message: str, path: str, rule: str = "3.1.1") -> RuleError:
    return RuleError(message, rule=rule, path=path)


def starting_state(
    board: str | Map,
    players: Sequence[str],
    creatures: Sequence[Sequence[str]] | None = None,
    *,
    towers: Sequence[int] | None = None,
    sets: int = 1,
) -> GameState:
    """The state as the first player's first turn begins (3.1.1, 3.3).

    ``board``: a stored map's name (``engine.tactical.maps.map_names``) or a ``Map``.
    ``creatures``: each player's six Tower Creatures (Ogre, Gargoyle or Centaur, 3.1.1), placed
    in the hexes around its tower's centre in the map's order; the Titan takes the centre.
    By default two of each. ``towers``: each player's starting tower (an index of the map's),
    by default the first ones in order. ``sets``: game sets the counters come from (2.0).
    """
    if isinstance(board, str):
        if board not in map_names():
            raise _refuse(f"no stored map is named {board!r}", "map", "3.1")
        m, name = stored_map(board), board
    else:
        m, name = board, None
    if not players:
        raise _refuse("a game has players", "players", "3.0")
    if len(set(players)) != len(players) or not all(p.strip() for p in players):
        raise _refuse("each player has a name of its own", "players", "3.0")
    places = list(range(len(players))) if towers is None else list(towers)
    if len(places) != len(players):
        raise _refuse("one starting tower for each player", "towers", "3.1")
    if len(set(places)) != len(places) or not all(0 <= t < m.players for t in places):
        raise _refuse(
            f"each player takes one of the map's {m.players} starting towers, none twice",
            "towers",
            "3.1",
        )
    chosen = [DEFAULT_CREATURES] * len(players) if creatures is None else list(creatures)
    if len(chosen) != len(players):
        raise _refuse("six Tower Creatures for each player", "creatures")
    try:
        pile = starting_muster_pile(sets)
    except TitanError as error:
        raise error.at("sets") from None
    figures: list[Figure] = []
    for i, (player, tower, own) in enumerate(zip(players, places, chosen, strict=True)):
        names = [canonical(n, TOWER_CREATURES) for n in own]
        if len(names) != STARTING_CREATURES or None in names:
            raise _refuse(
                f"{player} starts with six Tower Creatures (Ogre, Gargoyle or Centaur), not "
                f"{list(own)}",
                f"creatures[{i}]",
            )
        hexes = m.tower_hexes(m.starting_towers[tower])
        for hex_, kind in zip(hexes, [TITAN, *names], strict=True):
            assert kind is not None
            figures.append(Figure(len(figures) + 1, player, kind, hex_))
    taken = Counter(f.name for f in figures if f.name != TITAN)
    for kind, count in taken.items():
        if count > pile[kind]:
            raise _refuse(
                f"{count} {kind}s chosen; {sets} game set(s) hold {pile[kind]}",
                "creatures",
                "2.2.1",
            )
        pile[kind] -= count
    return GameState(
        map=m,
        players=tuple(Player(p, t) for p, t in zip(players, places, strict=True)),
        figures=tuple(figures),
        active=players[0],
        muster_pile=MappingProxyType(pile),
        next_id=len(figures) + 1,
        sets=sets,
        map_name=name,
    )
