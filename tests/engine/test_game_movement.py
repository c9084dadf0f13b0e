"""Masterboard movement (7.0-7.6), entry sides (10.1) and teleports (8.0-8.3, 19.2)."""

from __future__ import annotations

import pytest

from engine.game.board import NEIGHBOURS, direction, entry_side, points_down
from engine.game.movement import Teleport, all_moves, normal_moves, titan_teleports, tower_teleports
from engine.game.titans import may_titan_teleport, titan_power
from engine.masterboard import LANDS, TOWERS, Sign


def lands(moves) -> set[int]:
    return {m.land for m in moves}


@pytest.mark.parametrize(
    ("start", "roll", "expected"),
    [
        pytest.param(4, 1, {103}, id="7.4-block-forces-the-first-step"),
        pytest.param(1000, 1, {1}, id="7.4-block-beats-arrows"),
        pytest.param(1, 1, {2, 1000}, id="7.4-arch-or-triple-arrow-may-begin"),
        pytest.param(2, 1, {3, 7}, id="7.4-arch-or-triple-arrow-may-begin-2"),
        pytest.param(100, 1, {3, 41, 101}, id="7.4-tower-any-of-its-arrows"),
        pytest.param(4, 2, {102}, id="7.4-after-the-block-the-triple-arrow-must-be-followed"),
        pytest.param(1, 2, {3, 2000, 6000}, id="7.4-single-arrows-either-way-no-backtrack"),
        pytest.param(102, 1, {101}, id="7.4-only-a-triple-arrow"),
    ],
)
def test_movement_chart_7_4(start, roll, expected):
    assert lands(normal_moves(start, roll)) == expected


def test_blocks_and_arches_only_start_a_move_7_5():
    """7.5: a Legion passing through 1000 is not held by its Block to land 1."""
    through = lands(normal_moves(1, 2))
    assert {2000, 6000} <= through and 1 not in through


def test_every_move_follows_the_signs_7_2():
    """Every land reached by one step is an exit of the start (7.2)."""
    for start, land in LANDS.items():
        exits = {e.to for e in land.exits}
        assert lands(normal_moves(start, 1)) <= exits


@pytest.mark.parametrize(
    ("friendly", "enemy", "engaged", "roll", "present", "absent"),
    [
        pytest.param({2}, set(), set(), 1, {1000}, {2}, id="7.1-no-ending-on-a-friendly-land"),
        pytest.param({2}, set(), set(), 2, {3}, set(), id="7.1-friendly-lands-are-passed"),
        pytest.param(set(), {2}, set(), 3, {2}, {4}, id="7.1-an-enemy-stops-the-move"),
        pytest.param(set(), set(), {2}, 1, {1000}, {2}, id="7.1-no-entering-an-engagement"),
        pytest.param(set(), set(), {2}, 2, set(), {3}, id="7.1-no-crossing-an-engagement"),
    ],
)
def test_other_legions_on_the_way_7_1(friendly, enemy, engaged, roll, present, absent):
    found = lands(normal_moves(1, roll, friendly=friendly, enemy=enemy, engaged=engaged))
    assert present <= found
    assert not absent & found


def test_the_full_count_is_moved_6_2():
    """6.2: without an enemy on the way, every move is exactly the roll long."""
    one = lands(normal_moves(100, 1))
    two = lands(normal_moves(100, 2))
    assert one.isdisjoint(two)


def test_no_move_for_a_roll_off_the_die():
    assert normal_moves(100, 0) == frozenset()
    assert normal_moves(100, 7) == frozenset()


# --- entry sides (10.1, docs/rulings.md) -------------------------------------


@pytest.mark.parametrize(
    ("land", "came_from", "side"),
    [
        pytest.param(1, 2, 5, id="10.1-from-2-into-1-is-side-5"),
        pytest.param(1, 42, 1, id="10.1-from-42-into-1-is-side-1"),
        pytest.param(1, 1000, 3, id="10.1-from-1000-into-1-is-side-3"),
        pytest.param(2, 1, 5, id="10.1-and-from-1-into-2-side-5-too"),
        pytest.param(1000, 2000, 1, id="10.1-from-2000-into-1000-is-side-1"),
        pytest.param(2000, 1000, 5, id="10.1-a-border-may-have-two-numbers-back-it-is-5"),
        pytest.param(102, 101, 5, id="10.1-a-land-with-two-borders"),
        pytest.param(100, 101, 5, id="10.2-into-a-Tower-is-always-5"),
        pytest.param(100, 3, 5, id="10.2-into-a-Tower-from-any-side-is-5"),
    ],
)
def test_entry_side_table_10_1(land, came_from, side):
    assert entry_side(land, came_from) == side


def test_each_land_has_sides_1_3_5_once_10_1():
    for number, neighbours in NEIGHBOURS.items():
        sides = [entry_side(number, n) for n in neighbours]
        assert set(sides) <= {1, 3, 5}
        if number not in TOWERS:
            assert len(sides) == len(set(sides)) <= 3


def test_the_label_side_is_a_short_side_10_1():
    """The number is printed on a short side: the long sides (borders) are 1, 3 and 5."""
    for number in LANDS:
        for other in NEIGHBOURS[number]:
            assert (direction(number, other) - LANDS[number].label_side) % 2 == 1
            assert points_down(number) != points_down(other)


def test_normal_moves_report_the_side_crossed_10_1():
    moves = normal_moves(100, 1)
    assert {(m.land, m.entry_side) for m in moves} == {
        (3, entry_side(3, 100)),
        (41, entry_side(41, 100)),
        (101, entry_side(101, 100)),
    }


# --- teleports (8.1-8.3, 19.2) ----------------------------------------------


def test_tower_teleport_8_1():
    moves = tower_teleports(100, 6, ["Angel", "Ogre"], occupied={300, 5})
    found = lands(moves)
    assert {200, 400, 500, 600} <= found  # vacant Towers anywhere
    assert 300 not in found and 5 not in found  # not vacant
    assert 100 not in found
    assert all(m.teleport is Teleport.TOWER for m in moves)
    assert 22 not in found  # far from Tower 100


@pytest.mark.parametrize(
    ("start", "roll", "characters"),
    [
        pytest.param(100, 5, ["Angel"], id="8.1-needs-a-roll-of-6"),
        pytest.param(100, 6, ["Ogre", "Troll"], id="8.1-needs-a-lord"),
        pytest.param(5, 6, ["Titan"], id="8.1-begins-in-a-tower"),
    ],
)
def test_no_tower_teleport(start, roll, characters):
    assert tower_teleports(start, roll, characters, occupied=set()) == frozenset()


def test_tower_teleport_reaches_six_lands_8_1():
    from engine.game.board import distances

    away = distances(100)
    found = lands(tower_teleports(100, 6, ["Titan"], occupied=set()))
    expected = {n for n, d in away.items() if 1 <= d <= 6} | (set(TOWERS) - {100})
    assert found == expected


@pytest.mark.parametrize(
    ("score", "can"),
    [
        pytest.param(399, False, id="19.2-power-9-no-titan-teleport"),
        pytest.param(400, True, id="19.2-power-10-titan-teleport"),
    ],
)
def test_titan_teleport_threshold_19_2(score, can):
    moves = titan_teleports(6, ["Titan", "Ogre"], score, enemy={22})
    assert bool(moves) is can
    assert may_titan_teleport(score) is can


def test_titan_teleport_must_engage_8_2_10_4():
    moves = titan_teleports(6, ["Titan"], 500, enemy={22, 300}, engaged={40})
    assert lands(moves) == {22, 300}
    assert {m.entry_side for m in moves if m.land == 22} == {1, 3, 5}  # 10.4: side of choice
    assert {m.entry_side for m in moves if m.land == 300} == {5}  # 10.2: the Tower
    assert titan_teleports(6, ["Angel"], 500, enemy={22}) == frozenset()  # 8.2: the Titan
    assert titan_teleports(5, ["Titan"], 500, enemy={22}) == frozenset()  # 8.2: a 6


def test_one_teleport_per_phase_8_0():
    normal = all_moves(100, 6, ["Titan"], 500, enemy={22}, may_teleport=False)
    assert all(m.teleport is None for m in normal)
    both = all_moves(100, 6, ["Titan"], 500, enemy={22})
    assert {m.teleport for m in both} == {None, Teleport.TOWER, Teleport.TITAN}


@pytest.mark.parametrize(
    ("score", "power"),
    [
        pytest.param(0, 6, id="19.1-begins-at-6"),
        pytest.param(99, 6, id="19.1-below-100"),
        pytest.param(327, 9, id="19.1-example-327-is-9"),
        pytest.param(1163, 17, id="19.1-example-1163-is-17"),
    ],
)
def test_titan_power_19_1(score, power):
    assert titan_power(score) == power


def test_signs_data_has_one_triple_arrow_at_most_7_3():
    for land in LANDS.values():
        assert sum(e.sign is Sign.ARROWS for e in land.exits) <= 1


# --- the worked examples of the Movement Chart (7.4, later edition) ---------


def _signs(land: int) -> dict[int, Sign]:
    return {e.to: e.sign for e in LANDS[land].exits}


def test_example_a_roll_of_one_through_the_arch_or_the_triple_arrow_7_4():
    """ "Red has rolled a one. He may either move through the circle or triple arrow side."
    Land 1 has an Arch and a Triple Arrow; a roll of one goes through either."""
    assert sorted(_signs(1).values()) == sorted([Sign.ARCH, Sign.ARROWS])
    assert lands(normal_moves(1, 1)) == set(_signs(1))


@pytest.mark.parametrize("mountains", [1000, 3000, 5000])
def test_example_the_block_then_the_triple_arrow_towards_the_woods_7_4(mountains):
    """ "Grey has rolled a two. ... he must move through the block side. He then must continue
    through the triple arrow towards the woods." From a Mountains land with a Block, a roll of
    two ends in the Woods, and nowhere else."""
    (through,) = [to for to, sign in _signs(mountains).items() if sign is Sign.BLOCK]
    (woods,) = [to for to, sign in _signs(through).items() if sign is Sign.ARROWS]
    assert LANDS[woods].terrain == "Woods"
    assert lands(normal_moves(mountains, 2)) == {woods}


@pytest.mark.parametrize("tower", sorted(TOWERS))
def test_example_from_the_tower_to_any_adjacent_land_7_4(tower):
    """ "Gray may begin its move from the tower to any of the adjacent spaces." """
    assert lands(normal_moves(tower, 1)) == set(NEIGHBOURS[tower])


@pytest.mark.parametrize(
    ("score", "power", "teleports"),
    [
        pytest.param(327, 9, False, id="19.1-example-327-power-9-no-titan-teleport"),
        pytest.param(1163, 17, True, id="19.1-example-1163-power-17-titan-teleport"),
    ],
)
def test_titan_power_examples_in_a_move_19_1_19_2(score, power, teleports):
    """19.1's examples, and 19.2's threshold as a Titan Legion's moves see it."""
    assert titan_power(score) == power
    moves = all_moves(22, 6, ["Titan", "Ogre"], score, enemy={30})
    assert any(m.teleport is Teleport.TITAN for m in moves) is teleports
