"""Request times as the service answers them: the warm 10,000-battle 7v7 request, the first
request of a never-seen setup against the same request once seen, and how a request's speed
grows with its work."""

from __future__ import annotations

import time
from pathlib import Path

from bench.suite import LEGIONS

REQUEST = {
    "terrain": "Plains",
    "attacker": {"score": 0, "characters": list(LEGIONS["7v7"][0])},
    "defender": {"score": 0, "characters": list(LEGIONS["7v7"][1])},
    "trials": 10_000,
    "seed": 7,
}

# 7v7 setups no other measurement asks for: the first request of each is a never-seen
# setup's (five, for a steadier median on a shared machine).
FRESH = (
    ("Jungle", ("Hydra", "Giant", "Unicorn", "Wyvern", "Griffon", "Behemoth", "Serpent"),
     ("Dragon", "Colossus", "Gorgon", "Warbear", "Wyvern", "Cyclops", "Lion")),
    ("Tundra", ("Titan", "Warbear", "Troll", "Troll", "Giant", "Colossus", "Ranger"),
     ("Behemoth", "Serpent", "Hydra", "Minotaur", "Warlock", "Unicorn", "Gorgon")),
    ("Swamp", ("Guardian", "Wyvern", "Hydra", "Ogre", "Gargoyle", "Lion", "Warlock"),
     ("Serpent", "Troll", "Ranger", "Giant", "Behemoth", "Griffon", "Centaur")),
    ("Woods", ("Titan", "Unicorn", "Unicorn", "Ranger", "Lion", "Ogre", "Centaur"),
     ("Warlock", "Giant", "Minotaur", "Troll", "Cyclops", "Gargoyle", "Wyvern")),
    ("Brush", ("Gorgon", "Gorgon", "Cyclops", "Behemoth", "Griffon", "Troll", "Ogre"),
     ("Titan", "Ranger", "Ranger", "Dragon", "Lion", "Centaur", "Warbear")),
)  # fmt: skip


def _seconds(body: dict) -> float:
    from simulator.odds import odds

    started = time.perf_counter()
    odds(body)
    return time.perf_counter() - started


def warm_request_seconds(repeats: int = 3) -> float:
    """Best of ``repeats`` after one warm-up request."""
    _seconds({**REQUEST, "trials": 100})
    return min(_seconds(REQUEST) for _ in range(repeats))


FRESH_REPEATS = 3  # each setup met anew this many times: its median, steadier on a shared host


def fresh_setup_seconds(repeats: int = FRESH_REPEATS) -> dict[str, list[tuple[float, ...]]]:
    """For each never-seen 7v7 setup (by terrain), ``repeats`` meetings of it: (first
    request, the same request again, and again as another worker meets it). The process is
    warmed up and the table files built and read, as a started worker has them (built here if
    missing); before each meeting it forgets every setup's tables and mix, and the store of
    mixes is empty. Another worker has neither the setup's tables nor its mix in memory: it
    assembles the one and reads the other from the store."""
    import tempfile

    from simulator import equilibrium, mix_store, table_store, tables
    from simulator.odds import WARM_UP_REQUEST, odds, warm_up

    warm_up()
    table_store.build_missing(wait=True)
    table_store.preload()
    met: dict[str, list[tuple[float, ...]]] = {terrain: [] for terrain, _, _ in FRESH}
    for _ in range(repeats):
        with tempfile.TemporaryDirectory() as empty, mix_store.kept_in(Path(empty)):
            odds(WARM_UP_REQUEST)  # the store of mixes open, as a started worker has it
            for terrain, attacker, defender in FRESH:
                body = {
                    "terrain": terrain,
                    "attacker": {"score": 500, "characters": list(attacker)},
                    "defender": {"score": 0, "characters": list(defender)},
                    "summonable": "Archangel",
                    "trials": 10_000,
                    "seed": 11,
                }
                tables.clear_cache(files=False)
                equilibrium._mix.cache_clear()
                first, again = _seconds(body), _seconds(body)
                tables.battle_tables.cache_clear()
                equilibrium._mix.cache_clear()
                met[terrain].append((first, again, _seconds(body)))
    return met


# never-seen 7v7 rosters whose tables alone are timed, on Battlelands not played before
TABLES_ONLY = (
    ("Marsh", ("Titan", "Serpent", "Wyvern", "Ogre", "Ogre", "Troll", "Ranger"),
     ("Hydra", "Giant", "Minotaur", "Lion", "Guardian", "Unicorn", "Cyclops")),
    ("Hills", ("Colossus", "Behemoth", "Gorgon", "Gorgon", "Dragon", "Griffon", "Angel"),
     ("Titan", "Centaur", "Centaur", "Warlock", "Gargoyle", "Minotaur", "Warbear")),
)  # fmt: skip


def table_seconds() -> list[tuple[str, float]]:
    """Seconds to build every table of a never-seen 7v7 setup (the table files in place)."""
    from simulator.tables import Roster, battle_tables

    found = []
    for terrain, attacker, defender in TABLES_ONLY:
        roster = Roster(terrain, 1, attacker, defender, 300, 200, "Angel")
        started = time.perf_counter()
        battle_tables(roster)
        found.append((terrain, time.perf_counter() - started))
    return found


def by_size(trials: int = 10_000) -> list[tuple[str, float]]:
    """Battles per second of a ``trials``-battle request on Plains, per size of Legions."""
    from simulator.odds import odds

    found = []
    for size in ("1v1", "3v3", "5v5", "7v7"):
        attacker, defender = LEGIONS[size]
        body = {
            "terrain": "Plains",
            "attacker": {"characters": list(attacker)},
            "defender": {"characters": list(defender)},
            "seed": 3,
        }
        odds({**body, "trials": 100})
        found.append((size, trials / _seconds({**body, "trials": trials})))
    return found


def by_trials(
    counts=(1_000, 10_000, 100_000, 200_000), size: str = "3v3"
) -> list[tuple[int, float]]:
    """Battles per second of one request by its number of Battles (flat: no cost per request
    or per chunk that matters)."""
    attacker, defender = LEGIONS[size]
    body = {
        "terrain": "Plains",
        "attacker": {"characters": list(attacker)},
        "defender": {"characters": list(defender)},
        "seed": 5,
    }
    _seconds({**body, "trials": 100})
    # the short requests best of three: on a shared machine one pause would swamp them
    return [
        (n, n / min(_seconds({**body, "trials": n}) for _ in range(3 if n <= 20_000 else 1)))
        for n in counts
    ]
