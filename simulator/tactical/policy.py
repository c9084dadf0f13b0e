"""The default tactic of a Tactical Titan fight: what each player chooses, never what the rules
allow (``simulator.tactical.moves``) nor what happens (``simulator.tactical.referee``).

In words (docs/tactical.md, "Odds"):

- Healing: every hurt character that may rest, rests; each healer heals the friend beside it
  (or itself) whose healing is worth most, points healed times points per hit (5.0-5.3).
- Maneuver: the characters nearest the enemy move first. Each weighs every hex it may end in:
  steps to the nearest enemy (counted on the hexes it may cross), and where it would strike,
  the best strike it would have against the risk of the blows it would take, weighed by what
  it is worth (a Titan, whose fall loses the game, counts 200 more). While their side has
  other characters, healers and Titans keep a step further from the enemy than the nearest of
  those, a healer two steps at least, beside hurt friends, a Titan five, out of most enemies'
  reach; regenerators seek the front; a hurt character free of contact falls back to a hex
  where it may rest; rangestrikers keep at range.
- Strike: the character with the fewest targets strikes first, at the target whose slaying
  is worth most (its chance of being slain times its worth, a little for damage short of
  that), at the least Strike-number; excess hits carry to the best target they may reach.
  The active player's rangestrikers then, in turn, pick the best target in range. A defender
  declares the character of an overstacked hex that has the more hits to spare (8.1).
- Lords earned (8.3) come into the hex nearest the enemy among those allowed.

It never declares a higher Strike-number nor forgoes hexside benefits to carry (TITAN 12.4,
12.5), never teleports (7.2) and never musters or summons (6.0, 10.0).
"""

from __future__ import annotations

import numpy as np

from simulator.tactical.moves import (
    carry_refused,
    hex_distance,
    locked,
    may_target,
    rangestrike_terms_at,
)
from simulator.tactical.state import (
    D_STRUCK,
    DIRECTIONS,
    FAR,
    G_ACTIVE,
    G_LINE,
    G_PHASES,
    G_SLOTS,
    HEAL_NONE,
    HEAL_RESTORE,
    K_ADVANCE,
    K_BEHIND,
    K_ENGAGE,
    K_HEAL_NEAR,
    K_LINE,
    K_OUT_OF_REACH,
    K_RANGE,
    K_REST,
    MAX_DICE,
    NONE,
    STYLE_KNOBS,
    TERM_DICE,
    TERM_NUMBER,
    fresh_stamp,
    in_fight_inline,
    power_of,
    slain,
    value_of,
)

TITAN_WORTH = 200.0  # a Titan's fall loses the game (2.2.2): worth this much more
WOUND_SHARE = 0.1  # what damage short of slaying is worth, per hit, of the target's worth
REACH_MORE = 8  # steps a move may take a mover from its hex, and one more (7.1: seven at most)

# The default tactic's weights, a row of Start.style per player (simulator.tactical.styles
# varies them to measure the default against other plans):
DEFAULT_STYLE = np.zeros(STYLE_KNOBS)
DEFAULT_STYLE[K_ADVANCE] = 5.0  # per step nearer the nearest enemy
DEFAULT_STYLE[K_ENGAGE] = 5.0  # for being where it strikes at all
DEFAULT_STYLE[K_REST] = 4.0  # per point a rest heals, per point of worth per hit
DEFAULT_STYLE[K_HEAL_NEAR] = 3.0  # per hurt friend beside a healer's hex
DEFAULT_STYLE[K_RANGE] = 6.0  # a rangestriker at range of an enemy, not in contact
DEFAULT_STYLE[K_BEHIND] = 2  # the steps from the enemy a healer keeps, at least
DEFAULT_STYLE[K_OUT_OF_REACH] = 5  # a Titan's: beyond the four steps most enemies move, and one
DEFAULT_STYLE[K_LINE] = 1  # the fighters that make a line for Titans and healers to keep behind


@in_fight_inline
def worth(f, kinds, s):
    """What losing the character costs its player: its points, a Titan's far more."""
    w = np.float64(value_of(f, kinds, s))
    if kinds.titan[f.kind[s]]:
        w += TITAN_WORTH
    return w


@in_fight_inline
def _tail(kinds, dice, number, need):
    """P(at least ``need`` hits of ``dice`` dice at ``number``), the tables' dice at most."""
    if need <= 0:
        return 1.0
    d = min(max(dice, 0), MAX_DICE)
    if need > d:
        return 0.0
    return kinds.tail[d, number, need]


@in_fight_inline
def strike_worth(f, kinds, dice, number, target):
    """A strike's worth: the chance it slays the target times the target's worth, and a little
    for the hits short of that."""
    need = power_of(f, kinds, target) - f.damage[target]
    kill = _tail(kinds, dice, number, need)
    expected = min(dice * (7 - number) / 6.0, np.float64(need))
    share = expected / power_of(f, kinds, target)
    w = worth(f, kinds, target)
    return kill * w + WOUND_SHARE * share * w


@in_fight_inline
def declared(f, kinds, h, s):
    """8.1: the character of hex ``h`` its player declares as the target of ``s``'s strike:
    of the living ones ``s`` may strike at, the one with more hits to spare (then the first)."""
    best = NONE
    spare = -1
    for k in range(2):
        e = f.occ[h, k]
        if e == NONE or slain(f, kinds, e) or not may_target(f, s, e):
            continue
        left = power_of(f, kinds, e) - f.damage[e]
        if left > spare or (left == spare and e < best):
            best, spare = e, left
    return best


# --- healing (5.0-5.3) ---------------------------------------------------------------------------


@in_fight_inline
def heal_target(f, board, kinds, s):
    """The friend (itself included) the healer in slot ``s`` heals: the most points healed,
    each worth its points per hit; NONE when none is hurt."""
    t = f.kind[s]
    h0 = f.hexes[s]
    best = NONE
    best_gain = 0.0
    for d in range(DIRECTIONS + 1):
        h = h0 if d == DIRECTIONS else board.nbr[h0, d]
        if h == NONE:
            continue
        for k in range(2):
            e = f.occ[h, k]
            if e == NONE or f.owner[e] != f.owner[s] or f.damage[e] <= 0:
                continue
            healed = f.damage[e]
            if kinds.heal[t] != HEAL_RESTORE:
                healed = min(healed, kinds.heal_points[t])
            gain = healed * worth(f, kinds, e) / power_of(f, kinds, e)
            if gain > best_gain:
                best, best_gain = e, gain
    return best


# --- the maneuver (7.0) ---------------------------------------------------------------------------


@in_fight_inline
def approach(f, board, kinds, t, stamp, movers):
    """``f.dist[kinds.move_class[t]]``: for a mover of type ``t``, steps from each hex to the
    nearest enemy of the active player, over the hexes it may cross (a backward search from
    the enemies' hexes, each reached from the hexes beside it a strike crosses from); made once
    per phase (``stamp``) for all types that move alike. The search stops REACH_MORE steps
    beyond the farthest of the class's movers (``f.order[:movers]``): no hex any of them may
    move to lies further; the hexes beyond keep FAR."""
    c = kinds.move_class[t]
    if f.dist_stamp[c] == stamp:
        return
    f.dist_stamp[c] = stamp
    dist = f.dist[c]
    for h in range(dist.shape[0]):
        dist[h] = FAR
    mark = fresh_stamp(f)
    waiting = 0  # the class's movers whose hex is still to be reached
    for i in range(movers):
        h = f.hexes[f.order[i]]
        if kinds.move_class[f.kind[f.order[i]]] == c and f.searched_stamp[h] != mark:
            f.searched_stamp[h] = mark
            waiting += 1
    limit = FAR
    active = f.game[G_ACTIVE]
    head, tail = 0, 0
    for s in range(f.game[G_SLOTS]):
        h = f.hexes[s]
        if h != NONE and f.owner[s] != active and dist[h] != 0:
            dist[h] = 0
            f.queue[tail] = h
            tail += 1
    step = kinds.class_step[c]
    while head < tail:
        y = f.queue[head]
        head += 1
        if f.searched_stamp[y] == mark:
            waiting -= 1
            if waiting == 0:
                limit = dist[y] + REACH_MORE
        if dist[y] >= limit:
            break  # the search is by distance: every hex left is as far or further
        for d in range(DIRECTIONS):
            x = board.nbr[y, d]
            if x == NONE or dist[x] != FAR:
                continue
            back = (d + 3) % DIRECTIONS  # from x toward y
            if dist[y] > 0 and not step[x, back]:
                continue
            if dist[y] == 0 and board.combo[x, back] == NONE:
                continue  # beside the enemy, but no strike crosses there (a Cliff)
            dist[x] = dist[y] + 1
            f.queue[tail] = x
            tail += 1


@in_fight_inline
def mover_order(f, kinds, n):
    """The movers ``f.order[:n]`` in the order they move: nearest the enemy first, healers and
    Titans after the rest (insertion sort; their distances made by ``approach``)."""
    for i in range(n):
        f.queue[i] = _order_key(f, kinds, f.order[i])
    for i in range(1, n):
        s, key = f.order[i], f.queue[i]
        j = i - 1
        while j >= 0 and f.queue[j] > key:
            f.order[j + 1] = f.order[j]
            f.queue[j + 1] = f.queue[j]
            j -= 1
        f.order[j + 1] = s
        f.queue[j + 1] = key


@in_fight_inline
def mark_near(f, board, active, stamp):
    """Stamp ``f.near_stamp`` where a strike would reach one of the active player's enemies:
    only there does the tactic weigh strikes and blows (the enemy stands still all phase)."""
    for e in range(f.game[G_SLOTS]):
        he = f.hexes[e]
        if he == NONE or f.owner[e] == active:
            continue
        for d in range(DIRECTIONS):
            x = board.nbr[he, d]
            if x != NONE and board.combo[x, (d + 3) % DIRECTIONS] != NONE:
                f.near_stamp[x] = stamp


@in_fight_inline
def behind(kinds, t):
    """Does a character of type ``t`` keep behind its side's line: a Titan, a healer that does
    not regenerate?"""
    return kinds.titan[t] != 0 or (kinds.heal[t] != HEAL_NONE and not kinds.regenerates[t])


@in_fight_inline
def has_line(f, kinds, player):
    """Has ``player`` enough characters that do not keep behind (``K_LINE`` of them) to be a
    line for the rest to keep behind?"""
    fighters = 0
    for s in range(f.game[G_SLOTS]):
        if f.hexes[s] != NONE and f.owner[s] == player and not behind(kinds, f.kind[s]):
            fighters += 1
    return fighters >= f.style[player, K_LINE]


@in_fight_inline
def _order_key(f, kinds, s):
    t = f.kind[s]
    rear = 1 if behind(kinds, t) else 0
    d = f.dist[kinds.move_class[t], f.hexes[s]]
    return (rear * FAR + min(d, FAR - 1)) * 4096 + s


@in_fight_inline
def _hex_worth(f, board, kinds, s, h, dist, keep, power, mine, hurt_friends):
    """The worth of hex ``h`` as the end of ``s``'s move (see the module's notes); ``keep``:
    the steps from the enemy a character that keeps behind the line keeps; ``power`` and
    ``mine`` its Power-factor and worth; ``hurt_friends``: whether any friend is hurt."""
    t = f.kind[s]
    me = f.owner[s]
    style = f.style[me]
    advance, engage, rest = style[K_ADVANCE], style[K_ENGAGE], style[K_REST]
    left = power - f.damage[s]
    attack = 0.0
    blows = 0  # the dice of the enemies' blows at it there, and their expected hits
    expected = 0.0
    engaged = False
    for d in range(DIRECTIONS if f.near_stamp[h] == f.game[G_PHASES] else 0):
        b = board.nbr[h, d]
        if b == NONE:
            continue
        c = board.combo[h, d]
        for k in range(2):
            e = f.occ[b, k]
            if e == NONE:
                continue
            if c == NONE or f.owner[e] == me:
                continue
            engaged = True
            te = f.kind[e]
            row = kinds.terms[t, te, c]
            dice = max(power + np.int64(row[TERM_DICE]), 0)
            a = strike_worth(f, kinds, dice, np.int64(row[TERM_NUMBER]), e)
            if a > attack:
                attack = a
            back = board.combo[b, (d + 3) % DIRECTIONS]
            if back != NONE:
                row2 = kinds.terms[te, t, back]
                dice2 = max(power_of(f, kinds, e) + np.int64(row2[TERM_DICE]), 0)
                blows += dice2
                expected += dice2 * (7 - np.int64(row2[TERM_NUMBER])) / 6.0
    steps = dist[h]
    rear = behind(kinds, t) and f.game[G_LINE] != 0
    hurt = 2 * f.damage[s] >= power and not kinds.regenerates[t]
    score = 0.0
    if engaged:
        # the blows it would face, as one roll of their dice at their mean Strike-number: the
        # chance they slay it times its worth, a little for the hits short of that
        risk = 0.0
        if blows > 0:
            number = min(max(np.int64(7.5 - 6.0 * expected / blows), 1), 6)
            risk = _tail(kinds, blows, number, left) * mine
            risk += WOUND_SHARE * min(expected, np.float64(left)) / power * mine
        caution = 0.5 if kinds.regenerates[t] else (2.0 if rear else 1.0)
        score = attack - caution * risk + engage
        if kinds.regenerates[t]:
            score += engage
        score -= advance * (1 if rear else steps)
        if rear or hurt:
            score -= 2 * engage
        return score
    if rear:
        score -= advance * abs(min(steps, 50) - keep)
    elif hurt and kinds.rest[t, h, 0] > 0 and steps >= style[K_BEHIND]:
        score += rest * kinds.rest[t, h, 0] * mine / power - advance * 0.25 * min(steps, 50)
    else:
        score -= advance * min(steps, 50)
    if kinds.heal[t] != HEAL_NONE and hurt_friends:
        for d in range(DIRECTIONS + 1):
            b = h if d == DIRECTIONS else board.nbr[h, d]
            if b == NONE:
                continue
            for k in range(2):
                e = f.occ[b, k]
                if e != NONE and e != s and f.owner[e] == me and f.damage[e] > 0:
                    score += style[K_HEAL_NEAR]
    if kinds.rangestrikes[t] and not kinds.titan[t]:
        longest = min(kinds.skill[t], 4) - 1  # steps of a rangestrike's reach (13.2)
        if 2 <= steps <= longest:
            score += style[K_RANGE] + advance * steps
    return score


@in_fight_inline
def destination(f, board, kinds, s, count):
    """Where ``s`` ends its move: the best of its own hex and the ``count`` hexes in
    ``f.reach`` (of hexes alike, staying, then the nearest, then the first in the map's order);
    a way that would slay it crossing a River (10.1) is never taken."""
    t = f.kind[s]
    dist = f.dist[kinds.move_class[t]]
    here = f.hexes[s]
    style = f.style[f.owner[s]]
    keep = np.int64(style[K_BEHIND])
    if behind(kinds, t):  # a step behind the nearest of its side's fighters
        front = FAR
        for e in range(f.game[G_SLOTS]):
            he = f.hexes[e]
            if he != NONE and f.owner[e] == f.owner[s] and not behind(kinds, f.kind[e]):
                front = min(front, dist[he])
        least = np.int64(style[K_OUT_OF_REACH] if kinds.titan[t] else style[K_BEHIND])
        keep = max(least, min(front, 50) + 1)
    hurt_friends = False
    if kinds.heal[t] != HEAL_NONE:
        for e in range(f.game[G_SLOTS]):
            if e != s and f.hexes[e] != NONE and f.owner[e] == f.owner[s] and f.damage[e] > 0:
                hurt_friends = True
    power = power_of(f, kinds, s)
    mine = worth(f, kinds, s)
    best, best_score, best_far = here, 0.0, 0
    for i in range(-1, count):  # staying put first; one call site, one inlined copy
        h = here if i < 0 else f.reach[i]
        if i >= 0 and f.damage[s] + f.reach_damage[h] >= power:
            continue
        score = _hex_worth(f, board, kinds, s, h, dist, keep, power, mine, hurt_friends)
        if i < 0:
            best_score = score
            continue
        if score < best_score or (score == best_score and best == here):
            continue
        far = hex_distance(board, here, h)
        if score == best_score and (far > best_far or (far == best_far and h > best)):
            continue
        best, best_score, best_far = h, score, far
    return best


# --- strikes (8.0) -----------------------------------------------------------------------------


@in_fight_inline
def _best_target(f, board, kinds, s):
    """(target, its direction, worth, how many hexes it may strike into) of ``s``'s best strike
    now; target NONE when it has none."""
    h = f.hexes[s]
    t = f.kind[s]
    power = power_of(f, kinds, s)
    best, best_d, best_w, options = NONE, NONE, -1.0, 0
    for d in range(DIRECTIONS):
        c = board.combo[h, d]
        if c == NONE:
            continue
        b = board.nbr[h, d]
        if f.occ[b, 0] == NONE:
            continue
        e = declared(f, kinds, b, s)
        if e == NONE:
            continue
        options += 1
        row = kinds.terms[t, f.kind[e], c]
        dice = max(power + np.int64(row[TERM_DICE]), 0)
        w = strike_worth(f, kinds, dice, np.int64(row[TERM_NUMBER]), e)
        if w > best_w:
            best, best_d, best_w = e, d, w
    return best, best_d, best_w, options


@in_fight_inline
def _strike_hexes(f, board, kinds, s):
    """How many hexes ``s`` may strike into now (a living enemy it strikes at in each)."""
    h = f.hexes[s]
    options = 0
    for d in range(DIRECTIONS):
        if board.combo[h, d] == NONE:
            continue
        b = board.nbr[h, d]
        if f.occ[b, 0] != NONE and declared(f, kinds, b, s) != NONE:
            options += 1
    return options


@in_fight_inline
def strike_order(f, board, kinds, active_side):
    """The characters of the active player's side (``active_side``) or of the others' that have
    a strike, in the order they strike (into ``f.order``): the one with the fewest hexes to
    strike into first, then the lowest slot; the count."""
    active = f.game[G_ACTIVE]
    n = 0
    for s in range(f.game[G_SLOTS]):
        if f.hexes[s] == NONE or f.did[s] & D_STRUCK:
            continue
        if (f.owner[s] == active) != active_side:
            continue
        options = _strike_hexes(f, board, kinds, s)
        if options == 0:
            continue
        key = options * 4096 + s
        j = n - 1
        while j >= 0 and f.queue[j] > key:
            f.order[j + 1] = f.order[j]
            f.queue[j + 1] = f.queue[j]
            j -= 1
        f.order[j + 1] = s
        f.queue[j + 1] = key
        n += 1
    return n


@in_fight_inline
def strike_at(f, board, kinds, s):
    """``s``'s strike now: (target, its direction); target NONE when it has none left."""
    e, d, _, _ = _best_target(f, board, kinds, s)
    return e, d


@in_fight_inline
def rangestrike_at(f, board, kinds, lines, s):
    """The target of ``s``'s rangestrike (TITAN 13.0): the best worth in range; NONE when it
    has none (or is locked in contact, or does not rangestrike)."""
    if not kinds.rangestrikes[f.kind[s]] or locked(f, board, s):
        return NONE
    target, best_w = NONE, -1.0
    a = f.hexes[s]
    for k in range(lines.start[a], lines.start[a + 1]):
        e = declared(f, kinds, lines.to[k], s)
        if e == NONE:
            continue
        dice, number = rangestrike_terms_at(f, kinds, board, lines, s, e, k)
        if number == NONE:
            continue
        w = strike_worth(f, kinds, dice, number, e)
        if w > best_w:
            target, best_w = e, w
    return target


@in_fight_inline
def carry_to(f, board, kinds, s, first, d_first, number, excess):
    """Where ``excess`` hits of ``s``'s strike at ``first`` (declared at ``number``) carry next
    (TITAN 12.4, 8.1): the best worth among the living enemies they may reach, the defender
    choosing within an overstacked hex; NONE when none."""
    h = f.hexes[s]
    best, best_w = NONE, -1.0
    for d in range(DIRECTIONS):
        b = board.nbr[h, d]
        if b == NONE or board.combo[h, d] == NONE:
            continue
        pick, spare = NONE, -1
        for k in range(2):
            e = f.occ[b, k]
            if e == NONE:
                continue
            if e == first or slain(f, kinds, e) or not may_target(f, s, e):
                continue
            if carry_refused(f, kinds, board, s, first, d_first, e, d, number):
                continue
            left = power_of(f, kinds, e) - f.damage[e]
            if left > spare:
                pick, spare = e, left
        if pick == NONE:
            continue
        w = worth(f, kinds, pick)
        if excess < spare:
            w *= WOUND_SHARE * excess / power_of(f, kinds, pick)
        if w > best_w:
            best, best_w = pick, w
    return best


# --- Lords earned (8.3) ---------------------------------------------------------------------------


@in_fight_inline
def angel_hex(f, board, kinds, player, t, titan):
    """Where a Lord due comes into play: of the unoccupied hexes beside its player's Titan and
    in its starting tower where it may stand, the one nearest an enemy; NONE when none."""
    best, best_d = NONE, FAR
    for i in range(DIRECTIONS + 7):
        beside = i < DIRECTIONS
        h = board.by_index[f.hexes[titan], i] if beside else f.tower[player, i - DIRECTIONS]
        if h == NONE or f.occ[h, 0] != NONE or not kinds.stand[t, h]:
            continue
        near = FAR
        for e in range(f.game[G_SLOTS]):
            if f.hexes[e] != NONE and f.owner[e] != player:
                near = min(near, hex_distance(board, h, f.hexes[e]))
        if near < best_d:
            best, best_d = h, near
    return best


# --- the Muster Phase (6.0-6.3) ---------------------------------------------------------------


@in_fight_inline
def summon_worth(kinds, t, target):
    """A muster's or summoning's worth: the points of what it brings times the chance that two
    dice reach ``target`` (6.0)."""
    ways = 0
    for a in range(1, 7):
        for b in range(1, 7):
            if a + b >= target:
                ways += 1
    return kinds.points[t] * ways / 36.0


@in_fight_inline
def arrival_hex(f, board, kinds, t, player, region, n, nearest):
    """Where a character mustered in ``region`` comes into play (6.2): of the unoccupied hexes
    of the region it may stand in beside a participant (the first ``n`` of ``f.order``), the
    one nearest an enemy (with ``nearest``; else the first found); NONE when there is none."""
    best, best_d = NONE, FAR
    for i in range(n):
        here = f.hexes[f.order[i]]
        for k in range(DIRECTIONS):
            h = board.by_index[here, k]
            if h == NONE:
                break
            if board.region[h] != region or f.occ[h, 0] != NONE or not kinds.stand[t, h]:
                continue
            if not nearest:
                return h
            near = FAR
            for e in range(f.game[G_SLOTS]):
                if f.hexes[e] != NONE and f.owner[e] != player:
                    near = min(near, hex_distance(board, h, f.hexes[e]))
            if near < best_d or (near == best_d and h < best):
                best, best_d = h, near
    return best
