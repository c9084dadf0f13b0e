"""The default tactic's choice of styles (simulator.equilibrium): the pair of fixed styles
from which neither side gains much by switching alone, chosen once per engagement."""

from __future__ import annotations

from dataclasses import replace
from itertools import product

import numpy as np
import pytest

from simulator import equilibrium
from simulator.battles import play
from simulator.engagement import Engagement, Legion
from simulator.odds import odds
from simulator.tactics import STYLES, weights


def _table(attack, defend):
    """A tournament's table from two functions of (attacker style, defender style)."""
    return {(a, d): (attack(a, d), defend(a, d)) for a, d in product(STYLES, STYLES)}


def test_a_pair_neither_side_leaves_is_chosen():
    """Where one pair is a pure equilibrium (each style the best answer to the other), it is
    the choice, with no regret on either side."""
    attack = {"balanced": 0.5, "aggressive": 0.6, "defensive": 0.1, "ranged": 0.4}
    defend = {"balanced": 0.3, "aggressive": 0.2, "defensive": 0.45, "ranged": 0.35}
    choice = equilibrium.choose(_table(lambda a, d: attack[a], lambda a, d: defend[d]))
    assert (choice.attacker, choice.defender) == ("aggressive", "defensive")
    assert choice.attacker_regret == choice.defender_regret == 0.0


def test_without_an_equilibrium_the_smallest_regret_is_chosen():
    """Matching pennies between two styles a side (the others far worse): no pair is stable;
    the pair chosen is one whose larger regret is the least of all pairs."""
    good = {"balanced", "aggressive"}

    def attack(a, d):
        if a not in good:
            return 0.0
        return 0.6 if (a == "balanced") == (d == "balanced") else 0.4

    def defend(a, d):
        if d not in good:
            return 0.0
        return 0.55 if (a == "balanced") != (d == "balanced") else 0.35

    table = _table(attack, defend)
    choice = equilibrium.choose(table)
    worst = max(choice.attacker_regret, choice.defender_regret)
    for a, d in product(STYLES, STYLES):
        regret_a = max(table[x, d][0] for x in STYLES) - table[a, d][0]
        regret_d = max(table[a, x][1] for x in STYLES) - table[a, d][1]
        assert worst <= max(regret_a, regret_d) + 1e-12
    assert worst == pytest.approx(0.2)


SPEC = Engagement(
    "Marsh", Legion(0, ("Cyclops", "Cyclops", "Troll")), Legion(0, ("Centaur", "Centaur"))
).spec


def test_the_default_plays_the_chosen_styles():
    """The default's Battles are the Battles of the styles it chose, dice for dice, and the
    choice is the tournament's on this engagement's own Battles."""
    choice = equilibrium.styles(SPEC)
    default = play(SPEC, 300, seed=2)
    fixed = play(replace(SPEC, attacker_tactic=choice.attacker, defender_tactic=choice.defender),
                 300, seed=2)  # fmt: skip
    assert (default.outcome == fixed.outcome).all() and (default.rounds == fixed.rounds).all()
    table = {}
    for a, d in product(STYLES, STYLES):
        p = np.bincount(
            play(replace(SPEC, attacker_tactic=a, defender_tactic=d),
                 equilibrium.PILOT_BATTLES, equilibrium.PILOT_SEED).outcome,
            minlength=4,
        ) / equilibrium.PILOT_BATTLES  # fmt: skip
        table[a, d] = (p[0], p[1] + p[3])
    assert equilibrium.choose(table) == choice
    assert (choice.rows() == np.stack([weights(choice.attacker, 0),
                                       weights(choice.defender, 1)])).all()  # fmt: skip


def test_the_answer_names_the_styles_and_they_do_not_depend_on_the_seed():
    """An odds answer says which style each side played; the default's choice is the same
    whatever the request's seed, and a fixed tactic plays its own style."""
    body = {
        "terrain": "Marsh",
        "attacker": {"characters": ["Cyclops", "Cyclops", "Troll"]},
        "defender": {"characters": ["Centaur", "Centaur"]},
        "trials": 200,
    }
    choice = equilibrium.styles(SPEC)
    for seed in (1, 2):
        answer = odds({**body, "seed": seed})
        assert answer["styles"] == {"attacker": choice.attacker, "defender": choice.defender}
    fixed = odds({**body, "seed": 1, "tactics": {"attacker": "aggressive"}})
    assert fixed["styles"] == {"attacker": "aggressive", "defender": choice.defender}
