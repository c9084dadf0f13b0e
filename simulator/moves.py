"""Where a character may go and whom it touches, read from the engine's tables.

These are the kernel's rule queries (no choices, no dice): a character's
destinations (engine.movement.legal_moves), contact (11.3) and the enemies a
striker may still strike. The differential tests check them against the engine.
"""

from __future__ import annotations

from simulator.battle_state import HEXES, OFF, in_battle


@in_battle
def destinations(board, kinds, t, here, side, turn, occ, dests, best, queue):
    """Hexes where a character of type ``t`` at ``here`` (27: entering) may end its move.

    Walkers pay the step costs along empty hexes; fliers count hexes flown
    over and pay the landing cost (engine.movement.legal_moves). Returns the
    count written to ``dests``.
    """
    n = 0
    skill = kinds.skill[t]
    if here == OFF and board.deploys[side, turn]:
        for i in range(board.entry_count[side, turn]):
            h = board.entry[side, turn, i]
            if occ[h] < 0:
                dests[n] = h
                n += 1
        return n
    for h in range(HEXES):
        best[h] = 127
    head = 0
    tail = 0
    if kinds.flies[t]:
        if here == OFF:
            for i in range(board.entry_count[side, turn]):
                h = board.entry[side, turn, i]
                if kinds.fly_over[t, h] and best[h] == 127:
                    best[h] = 1
                    queue[tail] = h
                    tail += 1
        else:
            best[here] = 0
            queue[tail] = here
            tail += 1
        while head < tail:
            h = queue[head]
            head += 1
            if best[h] >= skill:
                continue
            for k in range(6):
                b = board.neighbours[h, k]
                if b < 0 or best[b] != 127 or not kinds.fly_over[t, b]:
                    continue
                best[b] = best[h] + 1
                queue[tail] = b
                tail += 1
        for h in range(HEXES):
            if best[h] == 127 or h == here or occ[h] >= 0:
                continue
            cost = kinds.landing[t, h]
            if cost > 0 and best[h] - 1 + cost <= skill:
                dests[n] = h
                n += 1
        return n
    # walkers: costs of 1 or 2, settled level by level
    if here == OFF:
        for i in range(board.entry_count[side, turn]):
            h = board.entry[side, turn, i]
            cost = kinds.step[t, OFF, h]
            if occ[h] < 0 and cost > 0 and cost <= skill and cost < best[h]:
                best[h] = cost
    else:
        best[here] = 0
    for level in range(skill + 1):
        for h in range(HEXES):
            if best[h] != level:
                continue
            for k in range(6):
                b = board.neighbours[h, k]
                if b < 0 or occ[b] >= 0:
                    continue
                cost = kinds.step[t, h, b]
                if cost > 0 and level + cost <= skill and level + cost < best[b]:
                    best[b] = level + cost
    for h in range(HEXES):
        if best[h] <= skill and h != here:
            dests[n] = h
            n += 1
    return n


@in_battle
def engaged(board, st, s):
    """In contact with an enemy on the Battleland (11.3)."""
    h = st.hexes[s]
    if h == OFF:
        return False
    for k in range(6):
        b = board.neighbours[h, k]
        if b < 0 or not board.contact[h, b]:
            continue
        e = st.occ[b]
        if e >= 0 and st.side[e] != st.side[s]:
            return True
    return False


@in_battle
def targets_left(board, st, s):
    h = st.hexes[s]
    count = 0
    for k in range(6):
        b = board.neighbours[h, k]
        if b < 0 or not board.contact[h, b]:
            continue
        e = st.occ[b]
        if e >= 0 and st.side[e] != st.side[s] and not st.slain[e]:
            count += 1
    return count
