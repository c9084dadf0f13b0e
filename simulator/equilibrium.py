"""Which styles the default tactic plays in an engagement: both sides playing well.

No fixed style is best everywhere: a defender that holds the Tower's walls
loses on open ground, an attacker that rushes in loses to one waiting on a
Dune. So the default chooses, for each engagement, a pair of the fixed styles
(``simulator.tactics.STYLES``), one per side, from which neither side gains
much by switching alone: an approximate equilibrium of the styles.

A short tournament finds it: every attacker style against every defender style,
``PILOT_BATTLES`` Battles each on the same dice (the same seed and Battle
numbers, so that the styles differ by their play, not by their luck). For each
pair, each side's regret is what it would win by switching to its best other
style against the other's; the pair with the smallest larger regret is the
default (ties: the smaller sum, then the order of ``STYLES``). The choice depends
only on the engagement, never on a request's seed, and is remembered for it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import product

import numpy as np

from simulator.tactics import STYLES, weights

PILOT_BATTLES = 128
PILOT_SEED = 0x7E5_7A1C  # fixed: the choice must not depend on a request's seed
REMEMBERED = 4096  # engagements whose choice a process keeps


@dataclass(frozen=True)
class Choice:
    """The styles the default plays, and what each side would still gain by switching
    alone (as measured by the tournament)."""

    attacker: str
    defender: str
    attacker_regret: float
    defender_regret: float

    def rows(self) -> np.ndarray:
        """The kernel's weight rows of the two styles (float64[2, WEIGHTS])."""
        return np.stack([weights(self.attacker, 0), weights(self.defender, 1)])


def choose(table: dict[tuple[str, str], tuple[float, float]]) -> Choice:
    """The pair of styles with the smallest larger regret. ``table[a, d]``: (the attacker's
    win probability, the defender's wins + time loss) with attacker style ``a`` against
    defender style ``d``."""
    best = None
    for rank, (a, d) in enumerate(product(STYLES, STYLES)):
        attack = max(table[x, d][0] for x in STYLES) - table[a, d][0]
        defend = max(table[a, x][1] for x in STYLES) - table[a, d][1]
        key = (max(attack, defend), attack + defend, rank)
        if best is None or key < best[0]:
            best = (key, Choice(a, d, attack, defend))
    return best[1]


def played(spec) -> dict[str, str]:
    """Each side's style in the spec's Battles: its tactic's own, or the one the default
    chose (a searching side's own play and its rollouts are the default's too)."""
    names = {"attacker": spec.attacker_tactic, "defender": spec.defender_tactic}
    if not {"default", "lookahead"} & set(names.values()):
        return names
    choice = styles(spec)
    chosen = {"attacker": choice.attacker, "defender": choice.defender}
    return {
        side: chosen[side] if name in ("default", "lookahead") else name
        for side, name in names.items()
    }


def styles(spec) -> Choice:
    """The default's styles for the engagement of a ``simulator.battles.BattleSpec``."""
    return _remembered(spec.position, spec.summonable, spec.reinforce, spec.variant)


@lru_cache(maxsize=REMEMBERED)
def _remembered(position, summonable, reinforce, variant) -> Choice:
    from simulator.battles import BattleSpec, play  # the tournament plays Battles

    spec = BattleSpec(position, summonable=summonable, reinforce=reinforce, variant=variant)
    table = {}
    for a, d in product(STYLES, STYLES):
        records = play(replace(spec, attacker_tactic=a, defender_tactic=d), PILOT_BATTLES,
                       PILOT_SEED)  # fmt: skip
        p = np.bincount(records.outcome, minlength=4) / PILOT_BATTLES
        table[a, d] = (float(p[0]), float(p[1] + p[3]))  # wins; wins or time loss (10.5)
    return choose(table)
