"""The Tactical Titan kernel's rule queries: contact, who may enter a hex, where a character may
move, and the terms of its strikes, carry-overs and rangestrikes.

Each mirrors an ``engine.tactical`` function on the kernel's arrays (``simulator.tactical.state``)
and reads only tables built from the engine's rules (``simulator.tactical.tables``):

- ``locked``: ``engine.tactical.board.locked`` (TITAN 11.3; not across a Cliff or a River);
- ``may_join``: ``engine.tactical.board.may_join`` (TITAN 11.5, 7.3);
- ``reach``: ``engine.tactical.movement.reachable``, the same search over hexes counted, so
  the least hurtful way to each hex is the engine's (10.1), and 7.1's step slowed twice;
- ``strike_terms``, ``carry_refused``: ``engine.tactical.strikes.strike_terms`` and
  ``carry_refusal`` (TITAN 12.2-12.5, 8.1);
- ``rangestrike_terms``: ``engine.tactical.strikes.rangestrike_terms`` (TITAN 13.0-13.5).

A character is a slot; "living" means not slain (TITAN 12.0: the slain stay on the map, and
strike, until the Strike Phase ends).
"""

from __future__ import annotations

import numpy as np

from simulator.tactical.state import (
    DIRECTIONS,
    G_ACTIVE,
    LAYERS,
    LINE_FIRST,
    LINE_FIRST_BLOCKS,
    LINE_OPEN,
    LINE_UP_LOSS,
    NONE,
    TERM_BENEFIT_DICE,
    TERM_BENEFIT_SKILL,
    TERM_DICE,
    TERM_NUMBER,
    fresh_stamp,
    in_fight,
    in_fight_inline,
    power_of,
    slain,
)

SLOWED_TWICE = 3  # 7.1: a hex slowed twice or more counts as three
SHORTEST_RANGE, LONGEST_RANGE = 3, 4  # TITAN 13.0, 13.2


@in_fight_inline
def hex_distance(board, a, b):
    """Steps between two hexes (TITAN's range counts one more, 13.2)."""
    dq = board.coord[a, 0] - board.coord[b, 0]
    dr = board.coord[a, 1] - board.coord[b, 1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


@in_fight_inline
def locked(f, board, s):
    """Is it locked in contact with an enemy (TITAN 11.3, 12.1.1), slain or not?"""
    h = f.hexes[s]
    me = f.owner[s]
    for d in range(DIRECTIONS):
        there = board.nbr[h, d]
        if there == NONE or not board.contact[h, d]:
            continue
        for k in range(2):
            e = f.occ[there, k]
            if e != NONE and f.owner[e] != me:
                return True
    return False


@in_fight_inline
def may_join(f, kinds, t, player, h, leaving):
    """May a character of type ``t`` of ``player`` enter hex ``h`` as far as the characters
    in it go: empty, or one friend with whom it may overstack there (TITAN 11.5, 7.3)?
    ``leaving``: the mover's own slot."""
    friend = NONE
    for k in range(2):
        e = f.occ[h, k]
        if e == NONE:
            continue
        if e == leaving:
            continue
        if f.owner[e] != player or friend != NONE:
            return False
        friend = e
    if friend == NONE:
        return True
    return kinds.overstacks[t, h] != 0 or kinds.overstacks[f.kind[friend], h] != 0


@in_fight_inline
def _within_move(spent, cost, skill):
    """7.1: within the move, or the whole move into a hex slowed twice."""
    return spent + cost <= skill or (spent == 0 and cost == SLOWED_TWICE)


@in_fight_inline
def _put(f, layer, h, damage, stamp):
    """Reach ``h`` with ``damage`` at hexes counted ``layer``, keeping the least damage."""
    if f.layer_stamp[layer, h] == stamp:
        i = f.layer_at[layer, h] - 1
        if damage < f.layer_damage[layer, i]:
            f.layer_damage[layer, i] = damage
        return
    f.layer_stamp[layer, h] = stamp
    i = f.layer_n[layer]
    f.layer_hex[layer, i] = h
    f.layer_damage[layer, i] = damage
    f.layer_at[layer, h] = i + 1
    f.layer_n[layer] = i + 1


@in_fight_inline
def _found(f, h, damage, stamp, count):
    """A hex the mover may end in, with the damage of this way there; the new count."""
    if f.reach_stamp[h] != stamp:
        f.reach_stamp[h] = stamp
        f.reach_damage[h] = damage
        f.reach[count] = h
        return count + 1
    if damage < f.reach_damage[h]:
        f.reach_damage[h] = damage
    return count


@in_fight_inline
def reach(f, board, kinds, s):
    """Every hex the character may end its move in (its own excluded), in
    ``f.reach[:count]``, the least damage on the way there in ``f.reach_damage`` (10.1);
    the count. Whether it may move at all is the caller's question (TITAN 11.0, 11.3)."""
    if kinds.hurt_crossing[f.kind[s]]:
        return reach_hurt(f, board, kinds, s)
    return reach_unhurt(f, board, kinds, s)


@in_fight_inline
def reach_unhurt(f, board, kinds, s):
    """``reach`` for a type no hexside hurts: every way there hurts alike (none), so each hex
    is searched once, from the fewest hexes counted it is reached with (the engine's search
    of hexes counted, without its damage)."""
    t = f.kind[s]
    start = f.hexes[s]
    player = f.owner[s]
    skill = kinds.skill[t]
    stamp = fresh_stamp(f)
    best = f.searched  # the fewest hexes counted reaching each hex, when stamped
    count = 0
    for layer in range(LAYERS):
        f.layer_n[layer] = 0
    f.layer_hex[0, 0] = start
    f.layer_n[0] = 1
    f.searched_stamp[start] = stamp
    best[start] = 0
    flies = kinds.flies[t] != 0
    top = skill + SLOWED_TWICE if not flies else skill
    for counted in range(min(top + 1, LAYERS)):
        for i in range(f.layer_n[counted]):
            here = f.layer_hex[counted, i]
            if best[here] < counted:
                continue  # reached with fewer since
            if not flies and counted > 0:
                f.reach[count] = here
                f.reach_damage[here] = 0
                count += 1
            for d in range(DIRECTIONS):
                there = board.nbr[here, d]
                if there == NONE:
                    continue
                if flies:
                    cost = kinds.land[t, there]
                    if (
                        cost >= 0
                        and f.reach_stamp[there] != stamp
                        and _within_move(counted, cost, skill)
                        and may_join(f, kinds, t, player, there, s)
                    ):
                        f.reach_stamp[there] = stamp
                        f.reach_damage[there] = 0
                        f.reach[count] = there
                        count += 1
                    after = counted + 1
                    if after >= skill or not kinds.over[t, there]:
                        continue
                else:
                    cost = kinds.walk[t, here, d]
                    if cost < 0:
                        continue
                    after = counted + cost
                    if after >= LAYERS or (
                        after > skill and not _within_move(counted, cost, skill)
                    ):
                        continue
                    if f.occ[there, 0] != NONE and not may_join(f, kinds, t, player, there, s):
                        continue
                if f.searched_stamp[there] == stamp and best[there] <= after:
                    continue
                f.searched_stamp[there] = stamp
                best[there] = after
                f.layer_hex[after, f.layer_n[after]] = there
                f.layer_n[after] += 1
    for i in range(count):  # its own hex is no move (engine: found.pop(figure.hex))
        if f.reach[i] == start:
            f.reach[i] = f.reach[count - 1]
            count -= 1
            break
    return count


@in_fight_inline
def reach_hurt(f, board, kinds, s):
    """``reach`` for a type a hexside hurts (10.1 Fire Elemental): the engine's search over
    hexes counted, a hex searched again when reached with less damage."""
    t = f.kind[s]
    start = f.hexes[s]
    player = f.owner[s]
    skill = kinds.skill[t]
    stamp = fresh_stamp(f)
    count = 0
    for layer in range(LAYERS):
        f.layer_n[layer] = 0
    _put(f, 0, start, 0, stamp)
    flies = kinds.flies[t] != 0
    top = skill + SLOWED_TWICE if not flies else skill
    for counted in range(min(top + 1, LAYERS)):
        n = f.layer_n[counted]
        for i in range(n):
            here = f.layer_hex[counted, i]
            damage = f.layer_damage[counted, i]
            if not flies and counted > 0:
                count = _found(f, here, damage, stamp, count)
            if f.searched_stamp[here] == stamp and f.searched[here] <= damage:
                continue
            f.searched_stamp[here] = stamp
            f.searched[here] = damage
            for d in range(DIRECTIONS):
                there = board.nbr[here, d]
                if there == NONE:
                    continue
                if flies:
                    total = damage + kinds.crossing[t, here, d]
                    cost = kinds.land[t, there]
                    if (
                        cost >= 0
                        and _within_move(counted, cost, skill)
                        and may_join(f, kinds, t, player, there, s)
                    ):
                        count = _found(f, there, total, stamp, count)
                    if counted + 1 < skill and kinds.over[t, there]:
                        _put(f, counted + 1, there, total, stamp)
                else:
                    cost = kinds.walk[t, here, d]
                    if cost < 0:
                        continue
                    after = counted + cost
                    if after >= LAYERS or (
                        after > skill and not _within_move(counted, cost, skill)
                    ):
                        continue
                    if f.occ[there, 0] != NONE and not may_join(f, kinds, t, player, there, s):
                        continue
                    _put(f, after, there, damage + kinds.crossing[t, here, d], stamp)
    # its own hex is no move (engine: found.pop(figure.hex))
    for i in range(count):
        if f.reach[i] == start:
            f.reach[i] = f.reach[count - 1]
            count -= 1
            break
    return count


@in_fight_inline
def strike_terms(f, kinds, board, s, d, target):
    """(dice, Strike-number) of a strike by ``s`` at ``target`` in the hex in direction ``d``,
    its hexside benefits kept (TITAN 12.2, 12.5); (0, NONE) when no strike crosses there."""
    h = f.hexes[s]
    c = board.combo[h, d]
    if c == NONE:
        return 0, NONE
    row = kinds.terms[f.kind[s], f.kind[target], c]
    dice = power_of(f, kinds, s) + np.int64(row[TERM_DICE])
    return max(dice, 0), np.int64(row[TERM_NUMBER])


@in_fight_inline
def direction_to(board, a, b):
    """The direction from hex ``a`` to the adjacent hex ``b``, NONE if not adjacent."""
    for d in range(DIRECTIONS):
        if board.nbr[a, d] == b:
            return d
    return NONE


@in_fight_inline
def may_target(f, s, target):
    """Does ``s``'s side strike at ``target`` in this phase: any enemy for the active player's
    characters, the active player's for the others' (8.0)?"""
    me, them = f.owner[s], f.owner[target]
    if me == them:
        return False
    active = f.game[G_ACTIVE]
    return me == active or them == active


@in_fight_inline
def carry_refused(f, kinds, board, s, first, d_first, second, d_second, declared):
    """Whether hits of a strike by ``s`` at ``first`` (direction ``d_first``) declared at
    ``declared`` may not carry to ``second`` (``d_second``), benefits kept (TITAN 12.4, 12.5,
    the Dune; 8.1). ``second`` is a living enemy the strike may reach (the caller's)."""
    h = f.hexes[s]
    c2 = board.combo[h, d_second]
    if c2 == NONE:
        return True
    t = f.kind[s]
    there = kinds.terms[t, f.kind[second], c2]
    if there[TERM_NUMBER] > declared:
        return True
    used = kinds.terms[t, f.kind[first], board.combo[h, d_first]]
    if (
        there[TERM_BENEFIT_DICE] < used[TERM_BENEFIT_DICE]
        or there[TERM_BENEFIT_SKILL] < used[TERM_BENEFIT_SKILL]
    ):
        return True
    if board.carry_up[h, d_second] and board.side[h, d_first] != board.side[h, d_second]:
        return True
    hex_ = f.hexes[second]
    if hex_ != f.hexes[first]:
        for k in range(2):
            other = f.occ[hex_, k]
            if other == NONE:
                continue
            if other == second or slain(f, kinds, other):
                continue
            if kinds.terms[t, f.kind[other], c2][TERM_NUMBER] > declared:
                return True
    return False


@in_fight_inline
def chart_number(kinds, skill, defender, bonus):
    a = min(max(skill + 10, 0), kinds.chart.shape[0] - 1)
    return kinds.chart[a, min(defender, kinds.chart.shape[1] - 1), min(bonus, 3)]


@in_fight
def rangestrike_terms(f, kinds, board, lines, s, target):
    """(dice, Strike-number) of a rangestrike by ``s`` at ``target`` along its best open line
    (TITAN 13.0-13.5, 8.1, 12.2); (0, NONE) when it has none. Whether ``s`` is locked in
    contact is the caller's question."""
    t = f.kind[s]
    if not kinds.rangestrikes[t]:
        return 0, NONE
    a = f.hexes[s]
    b = f.hexes[target]
    for k in range(lines.start[a], lines.start[a + 1]):
        if lines.to[k] == b:
            return rangestrike_terms_at(f, kinds, board, lines, s, target, k)
    return 0, NONE


@in_fight_inline
def rangestrike_terms_at(f, kinds, board, lines, s, target, row):
    """``rangestrike_terms`` along the lines of row ``row`` of ``lines`` (to the target's hex)."""
    t = f.kind[s]
    if not kinds.rangestrikes[t]:
        return 0, NONE
    a = f.hexes[s]
    b = f.hexes[target]
    reach = hex_distance(board, a, b) + 1
    if reach < SHORTEST_RANGE or reach > min(kinds.skill[t], LONGEST_RANGE):
        return 0, NONE
    magic = kinds.magic[t] != 0
    if not magic:
        for k in range(2):
            e = f.occ[b, k]
            if e != NONE and kinds.lord[f.kind[e]] and not slain(f, kinds, e):
                return 0, NONE
    tt = f.kind[target]
    dice = power_of(f, kinds, s) // 2 + kinds.range_dice[t, board.hazard[a]]
    skill = kinds.skill[t] - kinds.range_loss[t, tt]
    if magic:
        return dice, chart_number(kinds, skill, kinds.skill[tt], 0)
    if reach == LONGEST_RANGE:
        skill -= 1
    defence = kinds.defence[t, board.hazard[b], tt]
    best = NONE
    for p in range(min(lines.lines[row], lines.path.shape[1])):
        line = lines.path[row, p]
        if not line[LINE_OPEN]:
            continue
        lost = line[LINE_UP_LOSS]
        blocked = False
        for k in range(2):
            h = line[LINE_FIRST + k]
            if h == NONE:
                continue
            if line[LINE_FIRST_BLOCKS + k] and f.occ[h, 0] != NONE:
                blocked = True
            lost += kinds.between_loss[t, board.hazard[h]]
        if blocked:
            continue
        number = chart_number(kinds, skill - lost, kinds.skill[tt], defence)
        if best == NONE or number < best:
            best = number
    if best == NONE:
        return 0, NONE
    return dice, best
