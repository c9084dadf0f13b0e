"""Tactics: the named ways a side may play, as the kernel's weight rows.

A *style* is one parametrised policy (``simulator.policy``) with its own
weights: ``balanced`` has a row per side, tuned by self-play (``bench/tune.py``
wrote ``simulator/data/balanced_tactic.toml``); the presets share one row
between the sides; the other styles are built on them (a blend, balanced with
weights of its own, or an opening: other weights for the first Battle-Round);
``guarded`` has two rows of its own, for Battle-Rounds 1-2 and the rest, tuned to
hold the Tower against the search tactic (``bench/tune_guarded.py`` wrote
``simulator/data/guarded_tactic.toml``). The kernel takes a row per side and
Battle-Round. ``default`` is no row of
its own: at each Maneuver Phase its rule (``simulator.rule``, the data of
``simulator.default_rule``) chooses a style from the Battle's state.
``lookahead`` searches: at each decision it plays the phase with its own
default play and each candidate style in turn and rolls the Battle out with
the default's rule on both sides after each (``simulator.search``).
docs/tactics.md explains them to players.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from enum import IntEnum
from functools import cache, lru_cache
from pathlib import Path

import numpy as np

from engine.errors import TitanError, UnknownName
from simulator import policy
from simulator.battle_state import ROUNDS
from simulator.default_rule import Rule, default_rule
from simulator.limits import DEFAULT_ROLLOUTS, MAX_ROLLOUTS, MIN_ROLLOUTS
from simulator.search import Play

BALANCED_WEIGHTS_FILE = Path(__file__).resolve().parent / "data" / "balanced_tactic.toml"
GUARDED_WEIGHTS_FILE = Path(__file__).resolve().parent / "data" / "guarded_tactic.toml"
SIDES = ("attacker", "defender")  # the kernel's ATTACKER, DEFENDER


class Weight(IntEnum):
    """The policy's parameters; values mirror the kernel's ``W_`` indices."""

    DEALT = policy.W_DEALT
    KILL = policy.W_KILL
    TAKEN = policy.W_TAKEN
    DEATH = policy.W_DEATH
    APPROACH = policy.W_APPROACH
    RANGED = policy.W_RANGED
    KEEP_RANGE = policy.W_KEEP_RANGE
    HEIGHT = policy.W_HEIGHT
    TITAN = policy.W_TITAN
    URGENCY = policy.W_URGENCY
    CARRY = policy.W_CARRY
    RANGE_DISTANCE = policy.W_RANGE_DISTANCE
    STAY = policy.W_STAY
    THREAT = policy.W_THREAT
    BOLD = policy.W_BOLD
    PRESS = policy.W_PRESS
    HOLD = policy.W_HOLD
    EVADE = policy.W_EVADE


# The hand-set player the presets vary: it weighs each hex by itself, with no sense
# of the balance of strength or of the clock beyond a fading caution as attacker.
HAND_SET: dict[Weight, float] = {
    Weight.DEALT: 1.0,
    Weight.KILL: 0.6,
    Weight.TAKEN: 0.9,
    Weight.DEATH: 0.8,
    Weight.APPROACH: 1.5,
    Weight.RANGED: 1.0,
    Weight.KEEP_RANGE: 0.05,
    Weight.HEIGHT: 0.5,
    Weight.TITAN: 4.0,
    Weight.URGENCY: 0.8,
    Weight.CARRY: 1.0,
    Weight.RANGE_DISTANCE: 2.0,
    Weight.STAY: 0.1,
    Weight.THREAT: 0.5,
}

PRESETS: dict[str, dict[Weight, float]] = {
    "aggressive": {
        **HAND_SET,
        Weight.KILL: 0.8,
        Weight.TAKEN: 0.25,
        Weight.DEATH: 0.2,
        Weight.APPROACH: 4.0,
        Weight.KEEP_RANGE: 0.0,
        Weight.HEIGHT: 0.2,
        Weight.TITAN: 1.5,
        Weight.URGENCY: 1.0,
        Weight.RANGE_DISTANCE: 1.0,
    },
    "defensive": {
        **HAND_SET,
        Weight.DEALT: 0.8,
        Weight.KILL: 0.5,
        Weight.TAKEN: 1.6,
        Weight.DEATH: 1.6,
        Weight.APPROACH: -1.0,
        Weight.HEIGHT: 3.0,
        Weight.TITAN: 6.0,
        Weight.URGENCY: 0.0,
        Weight.STAY: 1.0,
    },
    # the defensive player that stands its ground instead of backing away from the enemy
    "steadfast": {
        **HAND_SET,
        Weight.DEALT: 0.8,
        Weight.KILL: 0.5,
        Weight.TAKEN: 1.6,
        Weight.DEATH: 1.6,
        Weight.APPROACH: 0.0,
        Weight.HEIGHT: 3.0,
        Weight.TITAN: 6.0,
        Weight.URGENCY: 0.0,
        Weight.STAY: 1.0,
    },
    "hand-set": HAND_SET,
}

# what only a rangestriker weighs (simulator.policy): styles that differ in these alone play
# alike for a side without rangestrikers
RANGESTRIKER_WEIGHTS = (Weight.RANGED, Weight.KEEP_RANGE, Weight.RANGE_DISTANCE)
BALANCED = "balanced"  # the tuned rows, one per side
# Styles that are the balanced rows with some weights of their own
ON_BALANCED: dict[str, dict[Weight, float]] = {
    "ranged": {Weight.RANGED: 2.0, Weight.KEEP_RANGE: 0.6, Weight.RANGE_DISTANCE: 2.5},
}
# Styles whose weights are a blend of others' (per side): (style, share), ...
BLENDS: dict[str, tuple[tuple[str, float], ...]] = {
    "measured": ((BALANCED, 0.5), ("hand-set", 0.5)),
}
# Styles that open the Battle with another style's weights for its first Battle-Rounds:
# (opening style, rounds, the style played after). Characters that fight as each one
# enters are beaten one by one; a side that keeps away in Battle-Round 1, then fights with
# every character at hand, often does better (make bench-tactics); so does an attacker
# whose rangestrikers shoot first while the others come on, then storm; and one that closes
# in while the enemy stands, then lets its rangestrikers shoot down those that flee
# (`hunting`), answered in turn by a side that keeps away until it has (`biding`); and a
# defender that lets the attacker come on for a Battle-Round, then falls on it
# (`countering`). Two Battle-Rounds of waiting were tried and left out: a searching enemy
# punishes them badly (the Tower).
OPENINGS: dict[str, tuple[str, int, str]] = {
    "patient": ("defensive", 1, BALANCED),
    "barrage": ("ranged", 1, "aggressive"),
    "waiting": ("defensive", 3, "aggressive"),
    "hunting": (BALANCED, 3, "ranged"),
    "biding": ("defensive", 3, BALANCED),
    "countering": ("defensive", 1, "aggressive"),
}
# Styles tuned by an optimiser, with a row of their own for the opening Battle-Rounds and
# one for the rest, the same for both sides: (the file of weights, opening Battle-Rounds).
# `guarded` was tuned to hold the Tower against the search tactic (bench/tune_guarded.py).
TUNED_OPENINGS: dict[str, tuple[Path, int]] = {"guarded": (GUARDED_WEIGHTS_FILE, 2)}
# The tactic that plays the adaptive rule (simulator.rule): measured by make bench-tactics, not
# yet offered (docs/tactics.md, "An adaptive default")
ADAPTIVE = "adaptive"
# Every heuristic tactic, in the order ties between them are broken in the default's mix.
STYLES = (BALANCED, "measured", "aggressive", "defensive", "ranged", "steadfast", "hand-set",
          "patient", "barrage", "guarded", "waiting", "hunting", "biding",
          "countering")  # fmt: skip
assert set(STYLES) == {BALANCED, *BLENDS, *ON_BALANCED, *PRESETS, *OPENINGS, *TUNED_OPENINGS}

# The styles the default mixes as attacker and as defender (simulator.equilibrium): every
# style, for each side. Each is a deviation the default must answer: a style that mostly
# suits one side (`steadfast` plays for the clock, which only the defender wins by, 10.5;
# `barrage` attacks all-out) still beats a default that never plays it in some Engagements
# (docs/tactics-research.md), and the pilot's first, short round finds those at little cost.
MIXED_STYLES: tuple[tuple[str, ...], tuple[str, ...]] = (STYLES, STYLES)


@dataclass(frozen=True)
class SearchSetting:
    """How hard the search tactic looks: the rollouts of the rest of the Battle it plays
    after each plan at each decision, and the styles it tries as plans beside its own
    default play (every style unless told)."""

    rollouts: int = DEFAULT_ROLLOUTS
    candidates: tuple[str, ...] = STYLES

    def __post_init__(self) -> None:
        object.__setattr__(self, "candidates", tuple(self.candidates))

    @property
    def plans(self) -> tuple[str, ...]:
        """The plans in the kernel's order: plan 0 its own default play, then the
        candidates."""
        return ("default", *self.candidates)

    @property
    def cost(self) -> float:
        """Time per Battle relative to the default's, on both sides (a searching side plays
        each plan's rollouts at each decision: about 1.6 Battles' time a rollout a plan)."""
        return max(1.0, 3.2 * self.rollouts * len(self.plans))

    def to_dict(self) -> dict[str, object]:
        return {"rollouts": self.rollouts, "candidates": list(self.candidates)}

    @classmethod
    def from_dict(cls, d: Mapping[str, object] | None) -> SearchSetting:
        """A setting from a request's ``search`` (fields left out take their defaults),
        checked: the rollouts within their bounds, the candidates known styles."""
        d = d or {}
        rollouts = d.get("rollouts", DEFAULT_ROLLOUTS)
        if isinstance(rollouts, bool) or not isinstance(rollouts, int):
            raise TitanError("the search's rollouts are a whole number", path="search.rollouts")
        if not MIN_ROLLOUTS <= rollouts <= MAX_ROLLOUTS:
            raise TitanError(
                f"the search plays {MIN_ROLLOUTS} to {MAX_ROLLOUTS} rollouts a plan, "
                f"not {rollouts}",
                path="search.rollouts",
            )
        given = d.get("candidates")
        candidates = STYLES if given is None else tuple(given)  # type: ignore[arg-type]
        for i, name in enumerate(candidates):
            if name not in STYLES:
                raise UnknownName(
                    f"unknown style {name!r}; one of {', '.join(STYLES)}",
                    path=f"search.candidates[{i}]",
                )
        if not candidates:
            raise TitanError(
                "the search needs at least one candidate style", path="search.candidates"
            )
        return cls(rollouts, tuple(dict.fromkeys(candidates)))


DEFAULT_SEARCH = SearchSetting()
# The search that measures the default (make bench-tactics): every style a plan, 32 rollouts
STRONG_SEARCH = SearchSetting(rollouts=32)

TACTICS: dict[str, str] = {
    "default": (
        "Both sides playing well: for each Engagement the service first plays a short "
        "tournament between the fixed styles, every one of them for each side, on the same "
        "dice, and finds the mix of them from which neither side gains by switching to "
        "another (an approximate equilibrium); each Battle then plays a pair of styles drawn "
        "from that mix. The answer gives the mix (style_mix)."
    ),
    BALANCED: (
        "A strong, practical player, tuned by self-play over many Engagements. It weighs the "
        "balance of strength: the stronger side closes in and trades blows, the weaker one "
        "fights only from good ground. As attacker it presses harder every round, because a "
        "time loss eliminates it (10.5); as defender it keeps its distance when it is the "
        "weaker or the quicker Legion. It strikes the enemy it is likeliest to kill, declares "
        "a higher Strike-number when the extra hits can carry over, and keeps its Titan out "
        "of fights it would likely lose."
    ),
    "measured": (
        "Halfway between balanced and hand-set: it weighs the blows it would take and the "
        "threat of enemies that could close in more than balanced does, and closes in "
        "steadily rather than in a rush at the end."
    ),
    "aggressive": (
        "All-out attack. Characters rush the nearest enemy and engage wherever they can deal "
        "damage, paying little heed to the blows they take or to the Titan's safety."
    ),
    "defensive": (
        "Plays for the time limit. Characters hold the high ground and the Tower's walls, keep "
        "away from the enemy and fight only where the exchange clearly favours them."
    ),
    "ranged": (
        "Balanced, but its rangestrikers hang back two or three hexes from the enemy and "
        "rangestrike instead of closing in."
    ),
    "steadfast": (
        "Holds its ground. Like defensive it keeps to the high ground and the Tower's walls "
        "and fights only where the exchange favours it, but it does not back away: the enemy "
        "must come to it."
    ),
    "hand-set": (
        "A careful player with weights set by hand, weighing each hex by itself: the blows "
        "dealt and taken, height, the Titan's safety, with no sense of the balance of "
        "strength. The default before any tuning."
    ),
    "patient": (
        "Opens the Battle as defensive for one Battle-Round, keeping away while the enemy "
        "comes on or enters, then plays as balanced with every character at hand, instead of "
        "rushing in as each one enters."
    ),
    "barrage": (
        "Opens the Battle as ranged for one Battle-Round, its rangestrikers shooting from "
        "afar while the others come on, then attacks all-out as aggressive. A way of "
        "attacking."
    ),
    "guarded": (
        "Takes ground where it strikes more than it is struck, and holds it: it closes in "
        "onto high ground and the Tower's walls, shuns hexes where it would take many blows "
        "and keeps its Titan safe, and after Battle-Round 2 a defender that outpaces the "
        "attacker keeps out of reach. Tuned by CMA-ES to hold the Tower against the search "
        "tactic."
    ),
    "waiting": (
        "Keeps away for three Battle-Rounds, as defensive, then attacks all-out, as "
        "aggressive: a defender waiting for its reinforcement, which musters in Battle-Round "
        "4 (14.0), then falls on the enemy with it; as attacker, a way to meet a defender that "
        "comes out to fight."
    ),
    "hunting": (
        "Plays as balanced for three Battle-Rounds, closing in while the enemy stands, then "
        "as ranged: its rangestrikers hang back and shoot down the enemies that flee. A way "
        "of attacking."
    ),
    "biding": (
        "Keeps away for three Battle-Rounds, as defensive, then plays as balanced with "
        "every character at hand: it lets an attacker that closes in early come on and "
        "wear itself out, and outlasts one that waits. Unlike waiting it does not then "
        "attack all-out."
    ),
    "countering": (
        "Keeps away for one Battle-Round, as defensive, while the enemy comes on and "
        "enters, then falls on it all-out, as aggressive. A way of defending."
    ),
    "lookahead": (
        "Searches instead of following a rule of thumb: at each of its phases it tries the "
        "moves (or strikes) the default's tactic and every style would make, plays the rest "
        f"of the Battle out {DEFAULT_ROLLOUTS} times after each "
        "with the default's tactics on both sides, and keeps the one that wins most. Much "
        "slower; for few but better-played Battles."
    ),
}

# Time per Battle relative to the default tactic on both sides (7v7, measured by
# `make bench-tactics`); the service sizes its chunks of Battles by it.
COST: dict[str, float] = {
    "default": 1.0,
    BALANCED: 1.0,
    "measured": 1.0,
    "aggressive": 1.0,
    "defensive": 1.0,
    "ranged": 1.0,
    "steadfast": 1.0,
    "hand-set": 1.0,
    "patient": 1.0,
    "barrage": 1.0,
    "guarded": 1.0,
    "waiting": 1.0,
    "hunting": 1.0,
    "biding": 1.0,
    "countering": 1.0,
    "lookahead": DEFAULT_SEARCH.cost,
}

assert set(TACTICS) == set(COST) == {"default", "lookahead", *STYLES}


def cost(name: str, search: SearchSetting = DEFAULT_SEARCH) -> float:
    """A tactic's time per Battle relative to the default's (``COST``), the search's by its
    setting."""
    if name == ADAPTIVE:
        return 1.0
    return search.cost if name == "lookahead" else COST[name]


def unknown(name: str, path: str = "tactics") -> UnknownName:
    return UnknownName(f"unknown tactic {name!r}; one of {', '.join(TACTICS)}", path=path)


def _row(preset: dict[Weight, float]) -> np.ndarray:
    row = np.zeros(policy.WEIGHTS, dtype=np.float64)
    for weight, value in preset.items():
        row[weight] = value
    return row


@cache
def balanced_rows() -> np.ndarray:
    """The balanced style's tuned rows (float64[2, WEIGHTS]: attacker, defender)."""
    data = tomllib.loads(BALANCED_WEIGHTS_FILE.read_text())
    return np.stack(
        [_row({Weight[k.upper()]: float(v) for k, v in data[side].items()}) for side in SIDES]
    )


def weights(name: str, side: int, balanced: np.ndarray | None = None) -> np.ndarray:
    """The kernel's parameter row of a style that plays alike every Battle-Round, for a side
    (float64[WEIGHTS]); ``balanced`` (float64[2, WEIGHTS]) stands in for the balanced
    style's tuned rows."""
    if name == BALANCED:
        return (balanced_rows() if balanced is None else balanced)[side].copy()
    if name in BLENDS:
        return sum(share * weights(part, side, balanced) for part, share in BLENDS[name])
    if name in ON_BALANCED:
        row = weights(BALANCED, side, balanced)
        for weight, value in ON_BALANCED[name].items():
            row[weight] = value
        return row
    if name not in PRESETS:
        raise unknown(name)
    return _row(PRESETS[name])


@cache
def tuned_opening_rows(name: str) -> np.ndarray:
    """A tuned style's rows (float64[ROUNDS, WEIGHTS]) from its file: ``[opening]`` for its
    first Battle-Rounds, ``[rest]`` after."""
    path, rounds = TUNED_OPENINGS[name]
    data = tomllib.loads(path.read_text())
    row = {
        part: _row({Weight[k.upper()]: float(v) for k, v in data[part].items()})
        for part in ("opening", "rest")
    }
    found = np.tile(row["rest"], (ROUNDS, 1))
    found[:rounds] = row["opening"]
    return found


def round_rows(name: str, side: int, balanced: np.ndarray | None = None) -> np.ndarray:
    """A style's rows for a side, one per Battle-Round (float64[ROUNDS, WEIGHTS])."""
    if name in TUNED_OPENINGS:
        return tuned_opening_rows(name).copy()
    if name in OPENINGS:
        opening, rounds, then = OPENINGS[name]
        found = np.tile(weights(then, side, balanced), (ROUNDS, 1))
        found[:rounds] = weights(opening, side, balanced)
        return found
    return np.tile(weights(name, side, balanced), (ROUNDS, 1))


def play(
    attacker: str,
    defender: str,
    balanced: np.ndarray | None = None,
    default: tuple[str, str] = (BALANCED, BALANCED),
    believed: tuple[str, str] | None = None,
    search: SearchSetting = DEFAULT_SEARCH,
    forced: tuple[tuple[int, int, str], ...] = (),
    rule: Rule | None = None,
) -> Play:
    """The kernel's bundle for a Battle between two tactics, ``default`` standing for the
    pair of styles (attacker's, defender's) the default plays in this Battle. A searching
    side starts from its own default style and rolls the Battle out with it and, for the
    enemy, with the enemy's style in ``believed`` (a pair drawn from the default's mix
    independently of ``default``: a searcher knows the mix the default plays, not which
    pair this Battle drew; ``default`` when not given, or when both sides search).
    ``ADAPTIVE`` plays the adaptive rule (``rule``, the shipped one when not given:
    ``simulator.default_rule``), choosing its style at each Maneuver Phase; ``forced``:
    (side, Battle-Round index, style) the rule plays in that Battle-Round instead of
    choosing. ``balanced`` (float64[2, WEIGHTS]) stands in for the balanced style's rows
    wherever they are played, for tuning. ``search``: how a searching side searches."""
    rule = rule or default_rule()
    if balanced is None:
        return _bundle(attacker, defender, default, believed, search, forced, rule)
    return _assemble(attacker, defender, balanced, default, believed, search, forced, rule)


@lru_cache(maxsize=1024)
def _bundle(
    attacker: str,
    defender: str,
    default: tuple[str, str],
    believed: tuple[str, str] | None,
    search: SearchSetting,
    forced: tuple[tuple[int, int, str], ...],
    rule: Rule,
) -> Play:
    """The bundle of a pair of tactics, built once (the kernel does not write to it)."""
    return _assemble(attacker, defender, None, default, believed, search, forced, rule)


def _assemble(
    attacker: str,
    defender: str,
    balanced: np.ndarray | None,
    default: tuple[str, str],
    believed: tuple[str, str] | None,
    search: SearchSetting,
    forced: tuple[tuple[int, int, str], ...],
    rule: Rule,
) -> Play:
    names = (attacker, defender)
    styles = np.stack(
        [
            np.stack([round_rows(name, side, balanced) for name in rule.styles])
            for side in range(len(SIDES))
        ]
    )

    def style(name: str, side: int) -> str:
        return default[side] if name in ("default", "lookahead") else name

    def own(name: str, side: int) -> np.ndarray:
        """A side's rows: a style's, or (the rule choosing them as it plays) its first's."""
        if name == ADAPTIVE:
            return styles[side, 0]
        return round_rows(style(name, side), side, balanced)

    rows = np.stack([own(name, side) for side, name in enumerate(names)], 1)
    plans = np.stack([np.stack([own(p, side) for p in search.plans]) for side in range(len(SIDES))])
    rollouts = np.array([search.rollouts if n == "lookahead" else 0 for n in names])
    model = list(default)
    if believed is not None and names.count("lookahead") == 1:
        enemy = 1 - names.index("lookahead")
        model[enemy] = believed[enemy]
    rollout_rows = np.stack(
        [round_rows(model[side], side, balanced) for side in range(len(SIDES))], 1
    )
    forced_rows = np.full((len(SIDES), ROUNDS), -1, dtype=np.int64)
    for side, r, name in forced:
        forced_rows[side, r] = rule.styles.index(name)
    return Play(
        rows,
        plans,
        rollouts.astype(np.int64),
        rollout_rows,
        np.array([n == ADAPTIVE for n in names], dtype=np.int64),
        np.zeros(len(SIDES), dtype=np.int64),  # a searcher rolls out with the default's styles
        styles,
        forced_rows,
        *rule.arrays(),
    )
