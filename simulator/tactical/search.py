"""The plan search: a player's plan (``simulator.tactical.styles``) chosen for the fight at hand;
and each player's plan, asked or searched, put in a fight's setup.

Each of the plans plays the player's side in ``PILOTS`` pilot fights against the other players'
plans, all plans on the same dice, drawn apart from any fight an answer counts (the pilots'
indices start at ``PILOT_FIRST``); the plan with the most good endings for the player is
played, the default when none does better. It is how a player who suits the plan to the
Legions would play, and the stick the default is measured against (``bench.tactical_styles``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

import numpy as np

from simulator.tactical import tables
from simulator.tactical.odds import Fights, Until, play
from simulator.tactical.styles import STYLES, with_styles

PILOTS = 500  # pilot fights per plan: the plans' paired differences to about 0.02
PILOT_FIRST = 1 << 40  # the pilots' first fight index: no answer plays that many
SEARCH = "search"
PLANS = (*STYLES, SEARCH)  # what a player may be asked to play: a plan, or the plan search


@dataclass(frozen=True)
class Choice:
    """The plan chosen and the share of good endings each plan had in the pilots."""

    plan: str
    shares: dict[str, float]
    pilots: int


def choose(
    setup: tables.Setup,
    player: int,
    good: Callable[[Fights], np.ndarray],
    seed: int,
    turns: int,
    until: Until,
    pilots: int = PILOTS,
) -> Choice:
    """The plan whose pilot fights give ``player`` (its index in the state) the most good
    endings (``good``: a fight's outputs to a boolean per fight), the others playing as
    ``setup`` has them; the default on a tie."""
    shares = {}
    for name in STYLES:
        found = play(with_styles(setup, {player: name}), pilots, seed, turns, until,
                     first=PILOT_FIRST)  # fmt: skip
        shares[name] = float(good(found).mean())
    plan = max(shares, key=lambda name: (shares[name], name == "default"))
    return Choice(plan, shares, pilots)


def with_plans(
    setup: tables.Setup,
    plans: Mapping[int, str],
    good: Callable[[int], Callable[[Fights], np.ndarray]],
    seed: int,
    turns: int,
    until: Until,
) -> tuple[tables.Setup, dict[int, str], dict[int, Choice]]:
    """The setup with each player ``q`` of ``plans`` playing its plan, a searching player the
    plan search's choice (``good(q)`` its good endings) against the others' plans, in turn
    order; (the setup, the plan each of them plays, the search's choices)."""
    played = {q: plan for q, plan in plans.items() if plan != SEARCH}
    setup = with_styles(setup, played)
    choices = {}
    for q in sorted(q for q, plan in plans.items() if plan == SEARCH):
        choices[q] = choose(setup, q, good(q), seed, turns, until)
        played[q] = choices[q].plan
        setup = with_styles(setup, {q: choices[q].plan})
    return setup, played, choices


def wins(found: Fights, player: int) -> np.ndarray:
    """A fight's good ending for ``player`` on a map: its Titan stands, and an enemy's fell or
    it alone holds the field (2.2.2)."""
    others = np.delete(found.fell, player, axis=1).any(axis=1)
    alone = (found.standing.sum(axis=1) == 1) & (found.standing[:, player] == 1)
    return (found.fell[:, player] == 0) & (others | alone)
