"""Properties of movement and contact over random positions on every Battleland (11.1-11.7)."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from engine.battle_turns import entering_hexes
from engine.battlelands import TERRAINS, battleland
from engine.characters import NAMES, character
from engine.hexes import HEXES, NEIGHBOURS, distance
from engine.movement import engaged, in_contact, legal_moves, may_stand
from engine.position import Army, BattlePosition, Figure, Phase, Side

MOVERS = list(NAMES)


@st.composite
def positions(draw, *, mover_off_board: bool = False):
    """A position at turn 2 (turn 1 when the mover enters), the attacker to move; the
    attacker's first character is the mover, the others stand where they may stand."""
    terrain = draw(st.sampled_from(TERRAINS))
    land = battleland(terrain)
    entry_side = 5 if terrain == "Tower" else draw(st.sampled_from([1, 3, 5]))
    names = draw(st.lists(st.sampled_from(MOVERS), min_size=1, max_size=8))
    free = list(HEXES)
    figures: list[tuple[str, int | None]] = []
    for i, name in enumerate(names):
        if i == 0 and mover_off_board:
            figures.append((name, None))
            continue
        allowed = [h for h in free if may_stand(character(name), land, h)]
        if not allowed:
            continue
        h = draw(st.sampled_from(allowed))
        free.remove(h)
        figures.append((name, h))
    split = draw(st.integers(min_value=1, max_value=len(figures)))
    attacker = Army(0, tuple(Figure(n, h) for n, h in figures[:split]))
    defender = Army(0, tuple(Figure(n, h) for n, h in figures[split:]))
    return BattlePosition(
        terrain,
        entry_side=entry_side,
        turn=1 if mover_off_board else 2,
        phase=Phase.MANEUVER,
        active=Side.ATTACKER,
        attacker=attacker,
        defender=defender,
    )


MOVER = (Side.ATTACKER, 0)


@settings(max_examples=300, deadline=None)
@given(positions())
def test_no_move_ends_in_an_occupied_hex_11_5(p):
    occupied = set(p.occupied())
    assert not legal_moves(p, MOVER) & occupied


@settings(max_examples=300, deadline=None)
@given(positions())
def test_a_move_never_exceeds_the_skill_11_2(p):
    start = p.figure(MOVER).hex
    skill = p.figure(MOVER).kind.skill
    assert all(0 < distance(start, h) <= skill for h in legal_moves(p, MOVER))


@settings(max_examples=300, deadline=None)
@given(positions())
def test_moves_end_where_the_character_may_stand_11_7(p):
    kind, land = p.figure(MOVER).kind, p.land
    assert all(may_stand(kind, land, h) for h in legal_moves(p, MOVER))


@settings(max_examples=300, deadline=None)
@given(positions())
def test_hazards_only_take_moves_away_11_4(p):
    """The same position on the Plains (no hazard) allows every move it allows here,
    unless there the mover is in contact: a Cliff keeps enemies apart (hazard chart),
    so on its land the mover may be free where on the Plains it is held (11.3)."""
    plain = replace(p, terrain="Plains", entry_side=p.entry_side)
    assume(not engaged(plain, MOVER))
    assert legal_moves(p, MOVER) <= legal_moves(plain, MOVER)


@settings(max_examples=300, deadline=None)
@given(positions())
def test_removing_a_friend_never_takes_a_move_away_11_5(p):
    chars = p.attacker.characters
    if len(chars) < 2 or engaged(p, MOVER):
        return
    fewer = replace(p, attacker=Army(0, chars[:-1]))
    assert legal_moves(p, MOVER) <= legal_moves(fewer, MOVER)


@settings(max_examples=300, deadline=None)
@given(positions())
def test_a_character_in_contact_does_not_move_11_3(p):
    if engaged(p, MOVER):
        assert legal_moves(p, MOVER) == frozenset()


@settings(max_examples=200, deadline=None)
@given(positions(mover_off_board=True))
def test_entering_counts_the_entry_hex_11_1(p):
    edge = entering_hexes(p, Side.ATTACKER)
    skill = p.figure(MOVER).kind.skill
    for h in legal_moves(p, MOVER):
        assert min(distance(h, e) for e in edge) <= skill - 1


@given(st.sampled_from(TERRAINS), st.sampled_from(list(HEXES)))
def test_contact_is_symmetric_11_3(terrain, a):
    land = battleland(terrain)
    for b in HEXES:
        assert in_contact(land, a, b) == in_contact(land, b, a)
        if in_contact(land, a, b):
            assert b in NEIGHBOURS[a]


@settings(max_examples=200, deadline=None)
@given(positions())
def test_engagement_is_mutual_11_3(p):
    """If a character is engaged, some enemy on the board is engaged with it."""
    if engaged(p, MOVER):
        here = p.figure(MOVER).hex
        assert any(
            engaged(p, enemy) and in_contact(p.land, here, p.figure(enemy).hex)
            for enemy in p.on_board(Side.DEFENDER)
        )
