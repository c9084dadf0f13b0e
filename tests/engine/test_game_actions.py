"""Actions in a game state: split, move, mulligan, flee, concede, battle result, muster,
reinforce, summon, acquire (4.3, 5.2, 7.0-7.6, 8.0-8.2, 9.2, 9.4, 14-18, 19.3)."""

from __future__ import annotations

import copy

import pytest

from engine.game.action import Action
from engine.game.actions import check_action
from engine.game.state import GameState
from tests.helpers.game_states import game, legion, midgame, opening


def problems(state: dict, action: dict) -> set[tuple[str, str | None]]:
    found = check_action(GameState.from_dict(state), Action.from_dict(action))
    return {(p.code, p.rule) for p in found}


def engaged(phase: str = "engage", **kw) -> dict:
    """Red's Rd01 (Titan) has moved onto Blue's Bu02 on land 41; Rd02 stands on 22."""
    d = midgame(phase=phase, **kw)
    d["legions"][0].update(land=41, moved=True, entry_side=3)
    return d


def after_battle(**kw) -> dict:
    """Red's Rd01 won on land 41, a Marsh (Bu02 is gone), and may muster there."""
    d = midgame(phase="muster", **kw)
    d["legions"][0].update(land=41, moved=True)
    del d["legions"][3]
    return d


SPLIT = {"type": "split", "legion": "Rd01", "new_marker": "Rd05", "characters": ["Ogre", "Troll"]}


def _split_state() -> dict:
    d = midgame(phase="split", movement_roll=None)
    d["legions"][0]["characters"] = ["Titan", "Ogre", "Troll", "Lion", "Lion"]
    return d


@pytest.mark.parametrize(
    ("state", "action", "expected"),
    [
        pytest.param(_split_state(), SPLIT, set(), id="4.3-legal-split"),
        pytest.param(
            _split_state(),
            {**SPLIT, "characters": ["Ogre"]},
            {("split_too_small", "4.3")},
            id="4.3-new-legion-of-one",
        ),
        pytest.param(
            _split_state(),
            {**SPLIT, "characters": ["Titan", "Ogre", "Troll", "Lion"]},
            {("split_too_small", "4.3")},
            id="4.3-old-legion-of-one",
        ),
        pytest.param(
            _split_state(),
            {**SPLIT, "characters": ["Dragon", "Ogre"]},
            {("not_in_legion", "4.3")},
            id="4.3-only-its-own-characters",
        ),
        pytest.param(
            _split_state(),
            {**SPLIT, "new_marker": "Rd02"},
            {("marker_in_use", "4.7")},
            id="4.7-marker-in-use",
        ),
        pytest.param(
            _split_state(),
            {**SPLIT, "new_marker": "Bu05"},
            {("marker_not_available", "4.2")},
            id="4.2-anothers-marker",
        ),
        pytest.param(
            {**opening(), "phase": "split", "movement_roll": None},
            {**SPLIT, "characters": ["Ogre", "Centaur"]},
            {("split_on_first_turn", "5.2")},
            id="5.2-no-split-on-the-first-turn",
        ),
        pytest.param(
            midgame(),
            {**SPLIT, "characters": ["Ogre", "Troll"]},
            {("wrong_phase", "6.1"), ("split_too_small", "4.3")},
            id="6.1-split-in-commencement-only",
        ),
    ],
)
def test_split(state, action, expected):
    assert problems(state, action) == expected


MOVE = {"type": "move", "legion": "Rd02", "to": 25, "entry_side": None}


def _move_state(**kw) -> dict:
    d = midgame(**kw)
    d["legions"][1]["land"] = 22
    return d


def _legal_normal_destination(state: dict, marker: str):
    from engine.game.move_checks import legion_moves

    s = GameState.from_dict(state)
    return [m for m in legion_moves(s, s.legion(marker)) if m.teleport is None]


def test_every_listed_move_is_a_legal_action_7_0():
    state = _move_state()
    moves = _legal_normal_destination(state, "Rd02")
    assert moves
    for m in moves:
        action = {**MOVE, "to": m.land, "entry_side": m.entry_side}
        assert problems(state, action) == set()


@pytest.mark.parametrize(
    ("change", "action", "expected"),
    [
        pytest.param(
            {}, {**MOVE, "to": 100}, {("not_along_the_signs", "7.2")}, id="7.2-not-along-the-signs"
        ),
        pytest.param(
            {"phase": "engage"}, None, {("wrong_phase", "7.0")}, id="7.0-movement-phase-only"
        ),
        pytest.param({"movement_roll": None}, None, {("no_roll", "6.2")}, id="6.2-roll-first"),
        pytest.param(
            {"moved": True}, None, {("moved_twice", "7.0")}, id="7.0-no-legion-moves-twice"
        ),
        pytest.param(
            {}, {**MOVE, "legion": "Bu01"}, {("not_the_movers", "6.0")}, id="6.0-only-the-mover"
        ),
    ],
)
def test_move_refused(change, action, expected):
    state = _move_state()
    moved = change.pop("moved", None) if change else None
    state.update(change)
    if moved:
        state["legions"][1]["moved"] = True
    target = _legal_normal_destination(_move_state(), "Rd02")[0]
    action = action or {**MOVE, "to": target.land}
    assert expected <= problems(state, action)


def test_wrong_entry_side_10_1():
    state = _move_state()
    target = _legal_normal_destination(state, "Rd02")[0]
    wrong = next(s for s in (1, 3, 5) if s != target.entry_side)
    action = {**MOVE, "to": target.land, "entry_side": wrong}
    assert problems(state, action) == {("wrong_entry_side", "10.1")}


def test_no_ending_on_a_friendly_land_7_1():
    state = _move_state()
    target = _legal_normal_destination(state, "Rd02")[0]
    state["legions"][0]["land"] = target.land
    assert ("ends_on_friendly_land", "7.1") in problems(state, {**MOVE, "to": target.land})


def test_no_entering_an_engagement_7_1():
    state = _move_state()
    target = _legal_normal_destination(state, "Rd02")[0]
    state["legions"][0].update(land=target.land, moved=True)
    state["legions"][2]["land"] = target.land
    assert ("engaged_land", "7.1") in problems(state, {**MOVE, "to": target.land})


def _tower_state(score: int = 0) -> dict:
    d = midgame(movement_roll=6, scores={"Red": score})
    d["legions"][1]["land"] = 100
    return d


@pytest.mark.parametrize(
    ("state", "action", "expected"),
    [
        pytest.param(
            _tower_state(),
            {"type": "move", "legion": "Rd02", "to": 300, "teleport": "tower", "lord": "Angel"},
            set(),
            id="8.1-tower-teleport-to-a-vacant-tower",
        ),
        pytest.param(
            _tower_state(),
            {"type": "move", "legion": "Rd02", "to": 300, "teleport": "tower"},
            {("lord_not_revealed", "8.1")},
            id="8.1-the-lord-is-revealed",
        ),
        pytest.param(
            _tower_state(),
            {"type": "move", "legion": "Rd02", "to": 300, "teleport": "tower", "lord": "Lion"},
            {("wrong_lord", "8.1")},
            id="8.1-a-lion-is-no-lord",
        ),
        pytest.param(
            _tower_state(),
            {"type": "move", "legion": "Rd02", "to": 41, "teleport": "tower", "lord": "Angel"},
            {("teleport_not_vacant", "8.1")},
            id="8.1-only-to-a-vacant-land",
        ),
        pytest.param(
            _tower_state(),
            {"type": "move", "legion": "Rd01", "to": 30, "teleport": "titan", "lord": "Titan"},
            {("titan_too_weak", "19.2")},
            id="19.2-titan-teleport-needs-400",
        ),
        pytest.param(
            _tower_state(400),
            {"type": "move", "legion": "Rd01", "to": 30, "teleport": "titan", "lord": "Titan"},
            set(),
            id="8.2-titan-teleport-at-400",
        ),
        pytest.param(
            _tower_state(400),
            {"type": "move", "legion": "Rd01", "to": 29, "teleport": "titan", "lord": "Titan"},
            {("titan_teleport_must_engage", "8.2")},
            id="8.2-titan-teleport-must-engage",
        ),
        pytest.param(
            {**_tower_state(), "movement_roll": 5},
            {"type": "move", "legion": "Rd02", "to": 300, "teleport": "tower", "lord": "Angel"},
            {("teleport_needs_six", "8.1")},
            id="8.1-teleport-needs-a-6",
        ),
    ],
)
def test_teleport(state, action, expected):
    assert problems(state, action) == expected


def test_one_teleport_per_phase_8_0():
    state = _tower_state(400)
    state["legions"][0].update(moved=True, teleported=True)
    action = {"type": "move", "legion": "Rd02", "to": 300, "teleport": "tower", "lord": "Angel"}
    assert problems(state, action) == {("second_teleport", "8.0")}


@pytest.mark.parametrize(
    ("state", "expected"),
    [
        pytest.param({**opening(), "movement_roll": 2}, set(), id="7.6-first-turn-mulligan"),
        pytest.param(
            {**opening(), "movement_roll": 2, "mulligan_taken": True},
            {("mulligan_taken", "7.6")},
            id="7.6-the-second-roll-binds",
        ),
        pytest.param(midgame(), {("mulligan_too_late", "7.6")}, id="7.6-first-game-turn-only"),
    ],
)
def test_mulligan_7_6(state, expected):
    assert problems(state, {"type": "mulligan"}) == expected


@pytest.mark.parametrize(
    ("action", "expected"),
    [
        pytest.param(
            {"type": "flee", "legion": "Bu02"}, {("lord_cannot_flee", "9.2")}, id="9.2-lord"
        ),
        pytest.param(
            {"type": "flee", "legion": "Rd01"},
            {("attacker_flees", "9.2"), ("lord_cannot_flee", "9.2")},
            id="9.2-attacker-cannot-flee",
        ),
        pytest.param({"type": "concede", "legion": "Bu02"}, set(), id="9.4-defender-concedes"),
        pytest.param({"type": "concede", "legion": "Rd01"}, set(), id="9.4-attacker-concedes"),
        pytest.param(
            {"type": "concede", "legion": "Rd02"}, {("not_engaged", "9.0")}, id="9.4-only-engaged"
        ),
    ],
)
def test_flee_and_concede(action, expected):
    assert problems(engaged(), action) == expected


def test_a_lordless_defender_flees_9_2():
    state = engaged()
    state["legions"][3]["characters"] = ["Centaur", "Centaur"]
    assert problems(state, {"type": "flee", "legion": "Bu02"}) == set()


@pytest.mark.parametrize(
    ("action", "expected"),
    [
        pytest.param(
            {
                "type": "battle_result",
                "winner": "Rd01",
                "survivors": ["Titan", "Ogre"],
                "points": 24 + 12 + 12,
            },
            set(),
            id="16.0-full-value-of-the-loser",
        ),
        pytest.param(
            {"type": "battle_result", "winner": "Rd01", "survivors": ["Titan"], "points": 40},
            {("wrong_points", "16.0")},
            id="16.0-wrong-points",
        ),
        pytest.param(
            {"type": "battle_result", "winner": "Rd01", "survivors": ["Dragon"]},
            {("survivors_not_in_legion", "16.1")},
            id="16.1-survivors-are-the-winners",
        ),
        pytest.param(
            {"type": "battle_result", "winner": None, "land": 41, "points": 0},
            set(),
            id="16.1-mutual-elimination-scores-nothing",
        ),
        pytest.param(
            {
                "type": "battle_result",
                "winner": "Bu02",
                "survivors": ["Angel"],
                "time_loss": True,
                "points": 0,
            },
            set(),
            id="10.5-time-loss-scores-nothing",
        ),
        pytest.param(
            {"type": "battle_result", "winner": "Rd01", "survivors": ["Titan"], "time_loss": True},
            {("time_loss_is_the_defenders", "10.5")},
            id="10.5-only-the-defender-wins-on-time",
        ),
        # Rd01 is Titan (24 at score 0), Ogre (12), Troll (16): 19.3 counts the Titan and those
        # slain before it, so 24, 36, 40 or 52.
        pytest.param(
            {"type": "battle_result", "winner": "Bu02", "survivors": ["Angel"], "points": 36},
            set(),
            id="19.3-titan-slain-counts-only-the-slain",
        ),
        pytest.param(
            {"type": "battle_result", "winner": "Bu02", "survivors": ["Angel"], "points": 24},
            set(),
            id="19.3-the-titan-alone",
        ),
        pytest.param(
            {"type": "battle_result", "winner": "Bu02", "survivors": ["Angel"], "points": 52},
            set(),
            id="19.3-the-whole-legion-slain-before-the-titan",
        ),
        pytest.param(
            {"type": "battle_result", "winner": "Bu02", "survivors": ["Angel"], "points": 20},
            {("wrong_points", "19.3")},
            id="19.3-at-least-the-titan",
        ),
        pytest.param(
            {"type": "battle_result", "winner": "Bu02", "survivors": ["Angel"], "points": 30},
            {("wrong_points", "19.3")},
            id="19.3-no-sum-of-slain-characters-makes-30",
        ),
        pytest.param(
            {"type": "battle_result", "winner": "Bu02", "survivors": ["Angel"], "points": 60},
            {("wrong_points", "19.3")},
            id="19.3-at-most-the-whole-legion",
        ),
        pytest.param(
            {"type": "battle_result", "winner": "Rd01", "survivors": ["Ogre"], "points": 48},
            {("winner_lost_its_titan", "19.3")},
            id="19.3-a-legion-whose-titan-fell-wins-nothing",
        ),
        pytest.param(
            {"type": "battle_result", "winner": None, "land": 41, "points": 24},
            {("wrong_points", "16.1")},
            id="19.3-the-slayer-eliminated-too-scores-nothing",
        ),
    ],
)
def test_battle_result(action, expected):
    assert problems(engaged(), action) == expected


def _muster_state(characters, land=41, **kw) -> dict:
    d = after_battle(**kw)
    d["legions"][0].update(characters=characters, land=land)
    return d


MUSTER = {"type": "muster", "legion": "Rd01"}


@pytest.mark.parametrize(
    ("state", "action", "expected"),
    [
        pytest.param(
            _muster_state(["Titan", "Ogre", "Ogre", "Troll"], land=103),
            {**MUSTER, "character": "Troll", "reveal": ["Ogre", "Ogre"]},
            set(),
            id="18.4-troll-by-two-ogres",
        ),
        pytest.param(
            _muster_state(["Titan", "Ogre", "Ogre", "Troll"], land=103),
            {**MUSTER, "character": "Troll", "reveal": ["Troll"]},
            set(),
            id="18.4-troll-by-a-troll",
        ),
        pytest.param(
            _muster_state(["Titan", "Ogre", "Troll"], land=103),
            {**MUSTER, "character": "Troll", "reveal": ["Ogre"]},
            {("reveal_does_not_qualify", "18.4")},
            id="18.4-one-ogre-does-not-show-a-troll",
        ),
        pytest.param(
            _muster_state(["Titan", "Ogre", "Troll"], land=103),
            {**MUSTER, "character": "Ranger", "reveal": ["Troll"]},
            {("not_qualified", "18.3")},
            id="18.3-no-skipping",
        ),
        pytest.param(
            _muster_state(["Titan", "Ogre", "Troll", "Lion", "Lion", "Lion", "Lion"], land=103),
            {**MUSTER, "character": "Ogre", "reveal": ["Ogre"]},
            {("legion_full", "18.1")},
            id="18.1-seven-high",
        ),
        pytest.param(
            _muster_state(
                ["Titan", "Ogre", "Troll"], land=103, caretaker={"Ogre": 0}, dead={"Ogre": 24}
            ),
            {**MUSTER, "character": "Ogre", "reveal": ["Ogre"]},
            {("caretaker_empty", "18.0")},
            id="18.0-the-caretakers-stack-is-empty",
        ),
        pytest.param(
            _muster_state(["Titan", "Ogre"], land=100),
            {**MUSTER, "character": "Warlock", "reveal": ["Titan"]},
            set(),
            id="18.5-titan-musters-a-warlock",
        ),
        pytest.param(
            _muster_state(["Titan", "Ogre"], land=100),
            {**MUSTER, "character": "Guardian", "reveal": ["Ogre"]},
            {("not_qualified", "18.5")},
            id="18.5-guardian-needs-three-identical",
        ),
    ],
)
def test_muster(state, action, expected):
    assert problems(state, action) == expected


def test_muster_needs_a_move_and_one_per_turn_18_1():
    state = _muster_state(["Titan", "Ogre", "Troll"], land=103)
    action = {**MUSTER, "character": "Ogre", "reveal": ["Ogre"]}
    unmoved = copy.deepcopy(state)
    unmoved["legions"][0]["moved"] = False
    assert ("did_not_move", "18.1") in problems(unmoved, action)
    twice = copy.deepcopy(state)
    twice["legions"][0]["mustered"] = True
    assert ("mustered_twice", "18.0") in problems(twice, action)


@pytest.mark.parametrize(
    ("legion_marker", "expected"),
    [
        pytest.param("Bu02", set(), id="14.0-defender-reinforces"),
        pytest.param("Rd01", {("attacker_reinforces", "14.1")}, id="14.1-never-the-attacker"),
    ],
)
def test_reinforce(legion_marker, expected):
    """Land 41 is a Marsh: two Ogres muster a Troll (18.3)."""
    assert problems(_reinforce_state(), {**REINFORCE, "legion": legion_marker}) == expected


REINFORCE = {
    "type": "reinforce",
    "legion": "Bu02",
    "character": "Troll",
    "reveal": ["Ogre", "Ogre"],
}


def _reinforce_state() -> dict:
    state = engaged()
    state["legions"][3]["characters"] = ["Angel", "Ogre", "Ogre"]
    state["legions"][0]["characters"] = ["Titan", "Ogre", "Ogre"]
    return state


@pytest.mark.parametrize(
    ("conceded", "expected"),
    [
        pytest.param(None, set(), id="14.0-after-a-battle-won"),
        pytest.param("after_entering", set(), id="14.2-attacker-conceded-after-entering"),
        pytest.param(
            "before_entering",
            {("conceded_before_entering", "14.2")},
            id="14.2-attacker-conceded-before-entering",
        ),
    ],
)
def test_reinforcement_after_a_concession_14_2(conceded, expected):
    """14.2: a concession by the attacker after committing characters leaves the defender its
    reinforcement; one before any character entered the Battleland denies it (9.4)."""
    action = {**REINFORCE, "attacker_conceded": conceded}
    assert problems(_reinforce_state(), action) == expected


def test_one_reinforcement_per_battle_14_1():
    state = _reinforce_state()
    state["legions"][3]["mustered"] = True
    assert problems(state, REINFORCE) == {("mustered_twice", "14.1")}
    full = _reinforce_state()
    full["legions"][3]["characters"] = ["Angel"] + ["Ogre"] * 6
    assert problems(full, {**REINFORCE, "character": "Ogre", "reveal": ["Ogre"]}) == {
        ("legion_full", "14.1")
    }


SUMMON = {"type": "summon", "legion": "Rd01", "donor": "Rd02", "character": "Angel"}


def test_summon_15_0():
    assert problems(engaged(), SUMMON) == set()
    assert problems(engaged(summon_used=True), SUMMON) == {("second_summon", "15.0")}
    full = engaged()
    full["legions"][0]["characters"] = ["Titan"] + ["Troll"] * 6
    assert problems(full, SUMMON) == {("legion_full", "15.0")}
    donor_engaged = engaged()
    donor_engaged["legions"][1]["land"] = 30
    donor_engaged["legions"][1]["moved"] = True
    assert ("donor_engaged", "15.0") in problems(donor_engaged, SUMMON)
    assert problems(engaged(), {**SUMMON, "character": "Lion"}) >= {("not_an_angel", "15.0")}


ACQUIRE = {"type": "acquire", "legion": "Rd01", "character": "Angel"}


@pytest.mark.parametrize(
    ("score_before", "score", "character", "expected"),
    [
        pytest.param(90, 130, "Angel", set(), id="17.0-an-angel-at-100"),
        pytest.param(110, 190, "Angel", {("no_angel_due", "17.0")}, id="17.0-no-multiple-attained"),
        pytest.param(
            390, 420, "Archangel", {("no_archangel_due", "17.3")}, id="17.3-archangel-at-500-only"
        ),
        pytest.param(490, 510, "Archangel", set(), id="17.3-archangel-at-500"),
        pytest.param(490, 510, "Angel", set(), id="17.3-an-angel-instead"),
    ],
)
def test_acquire(score_before, score, character, expected):
    state = engaged(scores={"Red": score})
    action = {**ACQUIRE, "character": character, "score_before": score_before}
    assert problems(state, action) == expected


def test_acquire_needs_room_17_1():
    state = engaged(scores={"Red": 130})
    state["legions"][0]["characters"] = ["Titan"] + ["Troll"] * 6
    assert ("legion_full", "17.1") in problems(state, {**ACQUIRE, "score_before": 90})


def test_unknown_names_in_an_action_3_5():
    assert problems(engaged(), {**SUMMON, "character": "Orc"}) == {("unknown_character", "3.5")}


def test_legion_helper_builds_a_valid_state():
    d = game([legion("Rd01", 5, ["Titan"]), legion("Bu01", 6, ["Titan"])])
    assert GameState.from_dict(d).legion("Rd01") is not None


def test_no_mulligan_after_a_legion_moved_7_6():
    state = {**opening(), "movement_roll": 2}
    state["legions"][0].update(land=35, moved=True)
    assert problems(state, {"type": "mulligan"}) == {("mulligan_after_moving", "7.6")}


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        pytest.param(
            {"donor": "Rd01"},
            {("same_legion", "15.0"), ("donor_lacks_angel", "15.0")},
            id="15.0-from-another-legion",
        ),
        pytest.param(
            {"character": "Archangel"},
            {("donor_lacks_angel", "15.0")},
            id="15.0-the-donor-holds-the-lord",
        ),
        pytest.param(
            {"donor": "Bu01"},
            {("not_the_movers", "6.0"), ("donor_lacks_angel", "15.0")},
            id="15.0-the-attackers-own",
        ),
    ],
)
def test_summon_refused_15_0(change, expected):
    assert problems(engaged(), {**SUMMON, **change}) == expected


@pytest.mark.parametrize(
    ("score_before", "score", "character", "expected"),
    [
        pytest.param(180, 320, "Angel", set(), id="17.2-two-multiples-attained"),
        pytest.param(
            980, 1010, "Archangel", set(), id="17.3-an-archangel-at-1000-a-multiple-of-500"
        ),
        pytest.param(590, 610, "Archangel", {("no_archangel_due", "17.3")}, id="17.3-not-at-600"),
    ],
)
def test_acquire_multiples_17_2_17_3(score_before, score, character, expected):
    state = engaged(scores={"Red": score})
    action = {**ACQUIRE, "character": character, "score_before": score_before}
    assert problems(state, action) == expected
