"""Game states: the codec and the checks (3.1, 4.0-4.7, 5.1-5.2, 6.2, 7.0-7.1, 8.0, 9.5, 19.0)."""

from __future__ import annotations

import copy

import pytest

from engine.game.legions import trim_over_seven
from engine.game.state import GameState
from engine.game.state_checks import check_state
from tests.helpers.game_states import legion, midgame, opening


def codes(d: dict) -> set[tuple[str, str | None]]:
    return {(p.code, p.rule) for p in check_state(GameState.from_dict(d))}


def test_opening_and_midgame_are_valid_5_2():
    assert codes(opening()) == set()
    assert codes(midgame()) == set()


def test_codec_round_trip():
    state = GameState.from_dict(midgame(dead={"Lion": 2}))
    assert GameState.from_dict(state.to_dict()) == state


def edit(base: dict, change) -> dict:
    d = copy.deepcopy(base)
    change(d)
    return d


def _set(path, value):
    def change(d):
        target = d
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


@pytest.mark.parametrize(
    ("state", "code", "rule"),
    [
        pytest.param(
            edit(midgame(), _set(["legions", 0, "characters"], ["Titan"] + ["Ogre"] * 7)),
            "legion_too_large",
            "4.1",
            id="4.1-eight-characters",
        ),
        pytest.param(
            edit(midgame(), _set(["legions", 1, "characters"], [])),
            "legion_empty",
            "4.4",
            id="4.4-empty-legion",
        ),
        pytest.param(
            edit(midgame(), _set(["legions", 1, "characters"], ["Titan", "Ogre"])),
            "second_titan",
            "3.1",
            id="3.1-two-titans",
        ),
        pytest.param(
            edit(midgame(), _set(["legions", 0, "characters"], ["Ogre", "Troll"])),
            "player_without_titan",
            "19.0",
            id="19.0-titan-gone-player-not-eliminated",
        ),
        pytest.param(
            edit(midgame(), _set(["dead"], {"Lion": 27})),
            "more_than_the_box",
            "2.3",
            id="2.3-more-lions-than-the-box",
        ),
        pytest.param(
            edit(midgame(), _set(["dead"], {"Angel": 1})),
            "lord_among_the_dead",
            "9.5",
            id="9.5-slain-lords-return",
        ),
        pytest.param(
            edit(midgame(), _set(["caretaker"], {"Troll": 3})),
            "counters_missing",
            "9.5",
            id="9.5-counters-do-not-vanish",
        ),
        pytest.param(
            edit(midgame(), _set(["legions", 3, "land"], 30)),
            "legions_share_a_land",
            "4.0",
            id="4.0-two-legions-of-a-non-mover",
        ),
        pytest.param(
            edit(midgame(phase="muster"), _set(["legions", 2, "land"], 22)),
            "engagement_out_of_turn",
            "6.3",
            id="6.3-engagement-unresolved-in-muster-phase",
        ),
        pytest.param(
            edit(
                midgame(),
                lambda d: (
                    d["legions"][2].__setitem__("land", 22),
                    d["legions"][3].__setitem__("land", 22),
                ),
            ),
            "crowded_land",
            "9.0",
            id="9.0-three-legions-on-a-land",
        ),
        pytest.param(
            edit(midgame(), _set(["legions", 1, "marker"], "Bu07")),
            "foreign_marker",
            "4.6",
            id="4.6-another-players-marker",
        ),
        pytest.param(
            edit(midgame(), _set(["legions", 1, "marker"], "Rd13")),
            "bad_marker",
            "4.2",
            id="4.2-only-twelve-markers",
        ),
        pytest.param(
            edit(midgame(), lambda d: d["players"][0]["markers_available"].append("Rd01")),
            "marker_in_use",
            "4.7",
            id="4.7-marker-in-use-and-available",
        ),
        pytest.param(
            edit(
                opening(),
                _set(["legions", 0, "characters"], ["Titan", "Centaur", "Centaur", "Ogre"]),
            ),
            "bad_starting_legions",
            "5.2",
            id="5.2-two-of-each-tower-creature",
        ),
        pytest.param(
            edit(midgame(), _set(["players", 1, "tower"], 100)),
            "tower_twice",
            "5.1",
            id="5.1-one-tower-each",
        ),
        pytest.param(
            midgame(phase="split"),
            "roll_before_split",
            "6.2",
            id="6.2-no-split-after-the-roll",
        ),
        pytest.param(
            edit(midgame(), _set(["legions", 2, "moved"], True)),
            "moved_out_of_turn",
            "7.0",
            id="7.0-only-the-mover-moves",
        ),
        pytest.param(
            edit(
                midgame(),
                lambda d: [d["legions"][i].update(moved=True, teleported=True) for i in (0, 1)],
            ),
            "second_teleport",
            "8.0",
            id="8.0-one-teleport-per-phase",
        ),
        pytest.param(
            edit(
                midgame(),
                lambda d: d["legions"][1].update(land=5, moved=True),
            ),
            "ended_on_friendly_land",
            "7.1",
            id="7.1-no-ending-on-a-friendly-land",
        ),
        pytest.param(
            edit(midgame(phase="engage"), _set(["legions", 1, "land"], 5)),
            "split_not_moved",
            "4.3",
            id="4.3-one-of-a-split-must-move",
        ),
        pytest.param(
            midgame(phase="engage"),
            "nothing_moved",
            "6.2",
            id="6.2-at-least-one-legion-moves",
        ),
        pytest.param(
            edit(midgame(), _set(["players", 0, "eliminated"], True)),
            "eliminated_player_has_legions",
            "19.4",
            id="19.4-eliminated-players-legions-are-removed",
        ),
        pytest.param(
            edit(midgame(variant="titanplus"), lambda d: None),
            "character_not_in_variant",
            "21.3",
            id="21.3-no-ogres-in-titanplus",
        ),
        pytest.param(
            edit(midgame(), _set(["legions", 0, "characters"], ["Titan", "Orc"])),
            "unknown_character",
            "3.5",
            id="3.5-unknown-character",
        ),
        pytest.param(
            edit(midgame(), _set(["legions", 0, "land"], 43)),
            "unknown_land",
            "2.1",
            id="2.1-unknown-land",
        ),
    ],
)
def test_broken_states(state, code, rule):
    assert (code, rule) in codes(state)


def test_an_eliminated_players_markers_may_be_used_4_2_19_4():
    d = midgame()
    d["players"][1]["eliminated"] = True
    d["legions"] = d["legions"][:2]
    d["legions"][1]["marker"] = "Bu05"
    d["players"][1]["markers_available"] = []
    assert codes(d) == set()


def test_the_caretakers_stacks_are_completed_from_the_box_2_3():
    state = GameState.from_dict(midgame(dead={"Lion": 3}, caretaker={"Ogre": 24}))
    stacks = state.caretaker_stacks()
    assert stacks["Lion"] == 28 - 2 - 3
    assert stacks["Ogre"] == 24
    assert stacks["Angel"] == 18 - 2
    assert "Titan" not in stacks
    assert GameState.from_dict(midgame(variant="titanplus")).caretaker_stacks()["Ogre"] == 0


@pytest.mark.parametrize(
    ("characters", "removed"),
    [
        pytest.param(
            ["Titan", "Ogre", "Ogre", "Troll", "Lion", "Angel", "Ogre", "Dragon"],
            ("Dragon",),
            id="4.1-largest-creature-by-value-goes",
        ),
        pytest.param(
            [
                "Titan",
                "Angel",
                "Angel",
                "Archangel",
                "Warlock",
                "Guardian",
                "Angel",
                "Ogre",
                "Lion",
            ],
            ("Lion", "Ogre"),
            id="4.1-creatures-first",
        ),
        pytest.param(
            ["Titan", "Angel", "Angel", "Archangel", "Warlock", "Guardian", "Angel", "Angel"],
            ("Guardian",),
            id="4.1-then-demi-lords",
        ),
        pytest.param(
            ["Titan", "Angel", "Angel", "Archangel", "Angel", "Angel", "Angel", "Angel"],
            ("Archangel",),
            id="4.1-then-archangels-then-angels",
        ),
        pytest.param(["Titan", "Ogre"], (), id="4.1-seven-or-fewer-untouched"),
    ],
)
def test_over_seven_4_1(characters, removed):
    kept, gone = trim_over_seven(characters)
    assert gone == removed
    assert len(kept) == min(len(characters), 7)
    assert "Titan" in kept


def _blues_first_turn() -> dict:
    """Turn 1, Blue's Game-Turn: Red, in the highest Tower, has played (Rd01 left Tower 600)."""
    d = opening()
    d["mover"] = "Blue"
    d["legions"][0]["land"] = 35
    return d


def _blue_moved_first() -> dict:
    d = opening()
    d["legions"][2]["land"] = 21
    return d


@pytest.mark.parametrize(
    ("state", "expected"),
    [
        pytest.param(opening(), set(), id="5.1-the-highest-tower-plays-first"),
        pytest.param(_blues_first_turn(), set(), id="5.1-the-next-player-after-the-first"),
        pytest.param(
            {**opening(), "mover": "Blue"},
            {("first_player_has_not_played", "5.1")},
            id="5.1-not-before-the-highest-tower",
        ),
        pytest.param(
            _blue_moved_first(),
            {("played_before_the_first_player", "5.1")},
            id="5.1-nobody-plays-before-the-first-player",
        ),
        pytest.param(
            {**_blue_moved_first(), "turn": 2},
            set(),
            id="5.1-later-turns-follow-the-seating",
        ),
    ],
)
def test_the_first_player_5_1(state, expected):
    assert codes(state) == expected


def _blue_eliminated(**extra) -> dict:
    """Blue's Titan fell (19.4): its Legions are gone; Red took its markers and uses Bu05."""
    d = midgame(**extra)
    d["players"][1]["eliminated"] = True
    d["players"][1]["markers_available"] = []
    d["legions"] = d["legions"][:2]
    d["legions"][1]["marker"] = "Bu05"
    return d


def _green_shares_blues_markers() -> dict:
    d = _blue_eliminated()
    d["players"].append(
        {"color": "Green", "tower": 200, "markers_available": ["Bu06", "Gr02", "Gr03"]}
    )
    d["legions"].append(legion("Gr01", 200, ["Titan", "Ogre"], player="Green"))
    return d


def _blue_keeps_its_markers() -> dict:
    d = _blue_eliminated()
    d["players"][1]["markers_available"] = ["Bu01", "Bu02"]
    return d


@pytest.mark.parametrize(
    ("state", "expected"),
    [
        pytest.param(_blue_eliminated(), set(), id="19.4-the-slayer-uses-the-losers-markers"),
        pytest.param(
            _green_shares_blues_markers(),
            {("markers_passed_to_two", "19.4")},
            id="19.4-the-markers-pass-to-one-player",
        ),
        pytest.param(
            _blue_keeps_its_markers(),
            {("eliminated_player_keeps_markers", "19.4")},
            id="19.4-the-eliminated-player-keeps-none",
        ),
        pytest.param(
            edit(_blue_eliminated(), lambda d: d["legions"].append(legion("Bu02", 41, ["Ogre"]))),
            {("eliminated_player_has_legions", "19.4")},
            id="19.4-the-eliminated-players-legions-are-removed",
        ),
    ],
)
def test_a_titans_death_and_its_consequences_19_4(state, expected):
    assert codes(state) == expected


def test_a_legions_own_rules_read_as_in_an_odds_request_4_1_3_1():
    """engine.legion_checks judges a state's Legion: the same rules and words as an odds
    request's, the second Titan of one Legion told once, at its own entry."""
    d = midgame()
    d["legions"][0]["characters"] = ["Titan", "Titan"] + ["Ogre"] * 6
    found = [
        p.to_dict()
        for p in check_state(GameState.from_dict(d))
        if p.code in ("legion_too_large", "second_titan")
    ]
    base = "state.legions[0].characters"
    assert found == [
        {
            "code": "legion_too_large",
            "message": "Rd01 holds 8 characters; a Legion holds at most 7",
            "path": base,
            "rule": "4.1",
        },
        {
            "code": "second_titan",
            "message": "Rd01 holds 2 Titans; a player has only one",
            "path": f"{base}[1]",
            "rule": "3.1",
        },
    ]
