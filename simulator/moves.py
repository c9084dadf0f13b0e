"""Where a character may go and whom it touches, read from the engine's tables.

These are the kernel's rule queries (no choices, no dice): a character's
destinations (engine.movement.legal_moves), contact (11.3) and the enemies a
striker may still strike. The differential tests check them against the engine.
"""

from __future__ import annotations

from simulator.battle_state import HEXES, OFF, in_battle, in_battle_inline, lowest_bit, unsigned


@in_battle_inline
def destinations(board, kinds, t, here, side, turn, occ, dests, best):
    """Hexes where a character of type ``t`` at ``here`` (27: entering) may end its move.

    Walkers pay the step costs along empty hexes; fliers count hexes flown
    over and pay the landing cost (engine.movement.legal_moves). Returns the
    count written to ``dests`` (in increasing order); ``best[h]`` is then the
    cost of reaching each of them (a flier's: hexes flown).
    """
    n = 0
    t = unsigned(t)
    side = unsigned(side)
    turn = unsigned(turn)
    skill = kinds.skill[t]
    if here == OFF and board.deploys[side, turn]:
        for i in range(board.entry_count[side, turn]):
            h = board.entry[side, turn, i]
            if occ[unsigned(h)] < 0:
                dests[n] = h
                n += 1
        return n
    free = 0
    for h in range(HEXES):
        best[h] = 127
        if occ[h] < 0:
            free |= 1 << h
    stay = 0 if here == OFF else 1 << here
    here = unsigned(here)
    if kinds.flies[t]:
        over = kinds.fly_mask[t]
        # breadth first, a ring of hexes flown over at a time
        ring = board.entry_mask[side, turn] & over if here == OFF else stay
        flown = 1 if here == OFF else 0
        reached = ring
        while ring != 0:
            beyond = 0
            left = ring
            while left != 0:
                h = lowest_bit(left)
                left &= left - 1
                best[h] = flown
                beyond |= board.adjacent_mask[h]
            if flown >= skill:
                break
            ring = beyond & over & ~reached
            reached |= ring
            flown += 1
        left = reached & free & ~stay
        while left != 0:
            h = lowest_bit(left)
            left &= left - 1
            cost = kinds.landing[t, h]
            if cost > 0 and best[h] - 1 + cost <= skill:
                dests[n] = h
                n += 1
        return n
    # walkers: steps cost 1 or 2, so the hexes at each cost are settled in increasing order,
    # those still pending at the next cost and at the one after
    if here == OFF:
        edge = board.entry_mask[side, turn] & free
        now, next1, next2 = 0, kinds.walk_mask[t, OFF, 0] & edge, kinds.walk_mask[t, OFF, 1] & edge
    else:
        now, next1, next2 = stay, 0, 0
    reached = 0
    for cost in range(skill + 1):
        now &= ~reached
        reached |= now
        once = 0
        twice = 0
        left = now
        while left != 0:
            h = lowest_bit(left)
            left &= left - 1
            best[h] = cost
            once |= kinds.walk_mask[t, h, 0]
            twice |= kinds.walk_mask[t, h, 1]
        now, next1, next2 = next1 | (once & free), next2 | (twice & free), 0
    left = reached & ~stay
    while left != 0:
        dests[n] = lowest_bit(left)
        left &= left - 1
        n += 1
    return n


@in_battle
def engaged(board, st, s):
    """In contact with an enemy on the Battleland (11.3)."""
    h = st.hexes[s]
    if h == OFF:
        return False
    left = board.contact_mask[h]
    while left != 0:
        e = st.occ[lowest_bit(left)]
        left &= left - 1
        if e >= 0 and st.side[e] != st.side[s]:
            return True
    return False


@in_battle_inline
def target_directions(board, st, s):
    """The enemies ``s`` may strike, in contact and not slain in this Strike Phase (12.0),
    as a bit mask of their directions from it (``board.neighbours``)."""
    h = unsigned(st.hexes[s])
    found = 0
    for k in range(6 if h != OFF else 0):
        b = board.neighbours[h, k]
        if b < 0 or not board.contact[h, unsigned(b)]:
            continue
        e = st.occ[unsigned(b)]
        if e >= 0 and st.side[unsigned(e)] != st.side[s] and not st.slain[unsigned(e)]:
            found |= 1 << k
    return found


@in_battle
def strike_terms(board, strikes, st, s, target, forgo):
    """The dice ``s`` rolls striking ``target`` in contact and the Strike-number it needs
    (12.2-12.3, with the hazards; 12.5: hexside benefits forgone or not)."""
    t = unsigned(st.kind[s])
    h = unsigned(st.hexes[s])
    k = unsigned(board.direction[h, unsigned(st.hexes[target])])
    te = unsigned(st.kind[target])
    if forgo:
        return strikes.plain_dice[t, h, k, te], strikes.plain_number[t, h, k, te]
    return strikes.dice[t, h, k, te], strikes.number[t, h, k, te]


@in_battle
def rangestrike_line(strikes, st, s, target, occupied):
    """The dice and Strike-number of ``s`` rangestriking ``target`` along the best of its
    lines that no character blocks (13.1-13.5; ``occupied``: the hexes held, a bit mask), or
    (0, 0) where every line is blocked or none exists."""
    t = st.kind[s]
    h = st.hexes[s]
    te = st.kind[target]
    he = st.hexes[target]
    for p in range(strikes.ranged_count[t, h, te, he]):  # stored best first
        if strikes.ranged_clear[t, h, te, he, p] & occupied == 0:
            return strikes.ranged_dice[t, h, te, he, p], strikes.ranged_number[t, h, te, he, p]
    return 0, 0
