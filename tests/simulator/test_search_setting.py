"""The search tactic's setting (simulator.tactics.SearchSetting): its bounds, held by the
simulator for every caller (simulator.limits), and its plans."""

from __future__ import annotations

import pytest

from engine.errors import TitanError
from simulator.limits import MAX_ROLLOUTS, MIN_ROLLOUTS
from simulator.tactics import STYLES, SearchSetting
from simulator.tactics import play as tactics_play


def test_the_default_setting_tries_every_style():
    setting = SearchSetting.from_dict(None)
    assert setting.candidates == STYLES
    assert setting.plans == ("default", *STYLES)


@pytest.mark.parametrize("rollouts", [MIN_ROLLOUTS - 1, MAX_ROLLOUTS + 1, 2.5, True, "8"])
def test_rollouts_out_of_bounds_are_refused(rollouts):
    with pytest.raises(TitanError) as refused:
        SearchSetting.from_dict({"rollouts": rollouts})
    assert refused.value.path == "search.rollouts"


@pytest.mark.parametrize(
    ("candidates", "path"),
    [
        (["sly"], "search.candidates[0]"),
        ([], "search.candidates"),
        (["lookahead"], "search.candidates[0]"),
    ],
)
def test_candidates_must_be_styles(candidates, path):
    with pytest.raises(TitanError) as refused:
        SearchSetting.from_dict({"candidates": candidates})
    assert refused.value.path == path


def test_the_kernel_bundle_holds_the_setting():
    """A searching side gets the rollouts asked for and a plan per candidate, after its own."""
    setting = SearchSetting.from_dict({"rollouts": 5, "candidates": ["aggressive", "ranged"]})
    bundle = tactics_play("lookahead", "balanced", search=setting)
    assert list(bundle.rollouts) == [5, 0]
    assert bundle.plans.shape[1] == 3
    assert SearchSetting(rollouts=32).cost == 4 * SearchSetting(rollouts=8).cost


def test_plans_that_strike_alike_in_a_battle_round_are_rolled_out_once():
    """In a Strike Phase a plan plays only its row of that Battle-Round (the rollouts after
    it play the rollout rows), so a plan whose row is an earlier plan's is a repeat: in
    Battle-Round 1, ``patient``, ``waiting``, ``biding`` and ``countering`` strike as
    ``defensive``; in Battle-Round 4, ``patient`` and ``biding`` as ``balanced``. Plan 0 (the
    side's own play, a pair's ``balanced`` here) is never a repeat when the rule plays it."""
    import numpy as np

    from simulator.search import strike_plans

    setting = SearchSetting.from_dict(None)
    play = tactics_play("default", "lookahead", search=setting)
    slots = 4
    plans = ("default", *STYLES)

    def repeats(play, r: int) -> tuple[int, set[str]]:
        moved = np.zeros((len(plans), slots + 1), dtype=np.int64)
        distinct = strike_plans(play, moved, 1, r, slots)
        assert distinct == int(moved[:, slots].sum())
        return distinct, {plans[p] for p in range(len(plans)) if moved[p, slots] == 0}

    distinct, repeated = repeats(play, 0)
    assert {"patient", "waiting", "biding", "countering"} <= repeated
    assert "defensive" not in repeated and "default" not in repeated
    assert distinct == len(plans) - len(repeated)
    _, later = repeats(play, 3)
    assert {"patient", "biding", "balanced"} <= later  # balanced: plan 0 plays it already
    ruled = play._replace(rollout_ruled=np.ones(2, dtype=np.int64))
    assert "balanced" not in repeats(ruled, 3)[1]  # plan 0 is the rule's: no stand-in
