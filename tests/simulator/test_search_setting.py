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
