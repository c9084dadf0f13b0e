"""The tactic: how a side chooses its moves, strikes, carries and rangestrikes.

One parametrised policy; a tactic is a row of the weights below
(``simulator.tactics`` names the presets). Every function here only reads the
Battle and chooses; what it works out along the way it keeps in a scratch of its
own (``simulator.mind``, ``st.mind``). The referee (``simulator.referee``)
applies the choice and rolls the dice. The worth of a
hex weighs the expected damage dealt and taken there, the chances to kill and
to be slain, the distance to the nearest enemy, the rangestrikes it allows,
its height and its Drift.
"""

from __future__ import annotations

import math

from simulator.battle_state import (
    ATTACKER,
    F_STEP,
    HEXES,
    MAX_DICE,
    MAX_RUN,
    OFF,
    WITHIN,
    Z_MAX,
    Z_STEPS,
    in_battle,
    in_battle_inline,
    lowest_bit,
    occupancy_mask,
    unsigned,
)
from simulator.mind import K_BLOWS_OF, K_FOE_HEXES, K_FOES, K_THREAT, K_WAITING
from simulator.moves import destinations, rangestrike_line, target_directions

# Tactic weights: index into a side's parameter row (simulator.tactics.Weight mirrors these).
W_DEALT = 0  # expected damage dealt, in points of the target's value
W_KILL = 1  # chance to kill x the target's value
W_TAKEN = 2  # expected damage taken, in points of own value
W_DEATH = 3  # chance to be slain x own value
W_APPROACH = 4  # per hex away from the preferred distance to the nearest enemy (<0: keep away)
W_RANGED = 5  # expected rangestrike damage from the hex
W_KEEP_RANGE = 6  # a rangestriker ending in contact: this x own value
W_HEIGHT = 7  # per level of elevation
W_TITAN = 8  # factor on a Titan's value, own and enemy (19.3: its death ends the Battle)
W_URGENCY = 9  # the attacker's caution fades toward round 7 (10.5)
W_CARRY = 10  # 1: declare higher Strike-numbers for carry-over (12.4)
W_RANGE_DISTANCE = 11  # a rangestriker's preferred distance to the nearest enemy
W_STAY = 12  # bonus for staying put (a character already well placed)
W_THREAT = 13  # share of the blows of enemies that could close in next phase
W_BOLD = 14  # caution lost per unit of the side's lead in strength (and gained when behind)
W_PRESS = 15  # the attacker's approach weight gained by round 7 (10.5: time is its enemy)
W_HOLD = 16  # the defender's approach weight lost per unit of the enemy's lead (outlasting)
W_EVADE = 17  # the defender's approach weight lost when it outpaces the attacker (10.5)
WEIGHTS = 18

TITAN_CAUTION = 1.0  # the least weight on a Titan's chance to be slain, whatever the tactic

# the phase's outlook, worked out by survey() into Mind.mood
M_FEAR, M_APPROACH, M_SHARE = 0, 1, 2

EVERY_HEX = (1 << HEXES) - 1  # the whole Battleland, as a bit mask of hexes
BLOCKING = 1000.0  # an entering character that would stop others from entering


# --- what blows are worth ----------------------------------------------------------


@in_battle_inline
def dice_index(d):
    return min(max(d, 0), MAX_DICE)


@in_battle_inline
def run_index(r):
    return min(max(r, 0), MAX_RUN)


@in_battle_inline
def value_to(kinds, params, t):
    """What a type is worth to the tactic: its value, a Titan's multiplied."""
    v = kinds.value[t]
    if kinds.titan[t]:
        v *= params[W_TITAN]
    return v


@in_battle_inline
def per_hit_worth(kinds, t):
    """What one hit on a type is worth: its value over its Power-factor. A Titan's is not
    multiplied (only its death is, value_to): hits that leave it standing are worth what they
    would be on any character of its value, so a likely kill beats chipping at a Titan."""
    return kinds.value[t] / kinds.power[t]


@in_battle_inline
def strike_worth(odds, params, dice, number, rem, per_hit, worth):
    """Expected worth of one strike: damage in points of value plus the chance to kill."""
    d = unsigned(dice_index(dice))
    r = unsigned(run_index(rem))
    n = unsigned(number)
    return (
        params[W_DEALT] * odds.capped[d, n, r] * per_hit
        + params[W_KILL] * odds.tail[d, n, r] * worth
    )


@in_battle_inline
def hits_worth(params, hits, rem, per_hit, worth):
    """Worth of landing ``hits`` on a character ``rem`` hits from death."""
    if hits <= 0:
        return 0.0
    if hits >= rem:
        return params[W_DEALT] * rem * per_hit + params[W_KILL] * worth
    return params[W_DEALT] * hits * per_hit


@in_battle_inline
def death_chance(odds, mean, variance, rem):
    """P(total hits >= rem) for a sum of binomials, by a normal approximation
    (with continuity correction), read from the tabulated tail."""
    if variance <= 1e-12:
        return 1.0 if mean >= rem else 0.0
    x = ((rem - 0.5 - mean) / math.sqrt(variance) + Z_MAX) * Z_STEPS
    if x <= 0.0:
        return 1.0
    last = odds.normal_tail.shape[0] - 1
    if x >= last:
        return 0.0
    i = int(x)
    f = x - i
    below, above = odds.normal_tail[unsigned(i)], odds.normal_tail[unsigned(i + 1)]
    return below * (1.0 - f) + above * f


# --- the tactic's view of a hex -------------------------------------------------------


@in_battle
def strengths(kinds, strikes, st):
    """Each Legion's fighting strength (Lanchester's square law): its hits left times the
    hits it strikes per Strike Phase, on average over the enemies standing; (attacker's,
    defender's). One pass over the slots gathers both Legions' types, in the order of the
    slots: the attacker's from the front of ``st.mind.standing``, the defender's from its back."""
    n = st.kind.shape[0]
    attackers = 0
    defenders = 0
    attacker_health = 0.0
    defender_health = 0.0
    for s in range(n):
        if not st.alive[s]:
            continue
        t = st.kind[s]
        if st.side[s] == ATTACKER:
            st.mind.standing[attackers] = t
            attackers += 1
            attacker_health += kinds.power[unsigned(t)] - st.hits[s]
        else:
            defenders += 1
            st.mind.standing[unsigned(n - defenders)] = t
            defender_health += kinds.power[unsigned(t)] - st.hits[s]
    return (
        attacker_health * fire(strikes, st, 0, attackers, 1, n - 1, defenders, -1),
        defender_health * fire(strikes, st, n - 1, defenders, -1, 0, attackers, 1),
    )


@in_battle_inline
def fire(strikes, st, own_at, own, own_step, foes_at, foes, foes_step):
    """The hits a Legion strikes per Strike Phase, on average over the enemies standing: its
    ``own`` types and the ``foes`` types read from ``st.mind.standing`` at ``own_at``, ``foes_at``
    on (by ``own_step``, ``foes_step``)."""
    total = 0.0
    last = -1  # characters of one type strike alike: their blows summed once
    blows = 0.0
    for k in range(own):
        t = st.mind.standing[unsigned(own_at + k * own_step)]
        if t != last:
            blows = 0.0
            for i in range(foes):
                foe = st.mind.standing[unsigned(foes_at + i * foes_step)]
                blows += strikes.open_blows[unsigned(t), unsigned(foe)]
            last = t
        if foes > 0:
            total += blows / foes
    return total


@in_battle
def outpaces(kinds, st, side):
    """1 when every character of ``side`` moves farther than any enemy (a flier counting as
    the fastest), so that it may keep out of reach until the time runs out; 0.5 when the
    slowest matches the fastest enemy; else 0."""
    slowest = 99
    fastest = 0
    for s in range(st.kind.shape[0]):
        if not st.alive[s]:
            continue
        t = unsigned(st.kind[s])
        pace = 9 if kinds.flies[t] else kinds.skill[t]
        if st.side[s] == side:
            slowest = min(slowest, pace)
        else:
            fastest = max(fastest, pace)
    if slowest > fastest:
        return 1.0
    return 0.5 if slowest == fastest else 0.0


@in_battle_inline
def outlook(kinds, strikes, params, st, side, turn):
    """The phase's caution and eagerness to close in, from the balance of strength and
    the round: the stronger side is bolder; the attacker presses as round 7 nears (10.5);
    a weaker defender, or one that outpaces the attacker, keeps its distance to outlast
    it."""
    attacker, defender = strengths(kinds, strikes, st)
    own, theirs = (attacker, defender) if side == ATTACKER else (defender, attacker)
    share = 0.5 if own + theirs <= 0.0 else own / (own + theirs)
    lead = 2.0 * share - 1.0  # -1 .. 1
    late = (turn - 1) / 6.0
    fear = 1.0 - params[W_BOLD] * lead
    approach = params[W_APPROACH]
    if side == ATTACKER:
        fear -= params[W_URGENCY] * late
        approach += params[W_PRESS] * late
    else:
        approach += params[W_HOLD] * lead - params[W_EVADE] * outpaces(kinds, st, side)
    st.mind.mood[M_FEAR] = min(max(fear, 0.0), 2.0)
    st.mind.mood[M_APPROACH] = approach
    st.mind.mood[M_SHARE] = share


@in_battle_inline
def survey(board, kinds, strikes, params, st, side, turn):
    """Before a Maneuver Phase: the outlook, the enemies, whether each may move next, the
    distance from every hex to the nearest one, the hexes entered by and how many walkers
    enter."""
    outlook(kinds, strikes, params, st, side, turn)
    # one pass over the slots: the hexes held, the enemies on the Battleland, whether one is
    # still to enter, and the walkers of the side to enter now
    step = st.flags[F_STEP]
    own = 0
    count = 0
    foe_to_enter = False
    waiting = 0
    for s in range(st.kind.shape[0]):
        if not st.alive[s]:
            continue
        h = st.hexes[s]
        if st.side[s] == side:
            if h != OFF:
                own |= 1 << h
            elif st.deadline[s] == step and not kinds.flies[st.kind[s]]:
                waiting += 1
        elif h != OFF:
            st.mind.foes[count] = s
            st.mind.foe_hex[count] = h
            st.mind.foe_reach[count] = kinds.skill[unsigned(st.kind[s])] + 1
            count += 1
        else:
            foe_to_enter = True
    st.mind.facts[K_FOES] = count
    st.mind.facts[K_BLOWS_OF] = -1
    foe_hexes = 0
    for i in range(count):
        he = st.mind.foe_hex[i]
        x = unsigned(he)
        st.mind.foe_free[i] = board.contact_mask[x] & own == 0  # 11.3
        foe_hexes |= 1 << he
        reach = unsigned(min(st.mind.foe_reach[i], WITHIN - 1))
        st.mind.foe_ring[i] = board.within_mask[x, reach] & ~board.within_mask[x, 1]
    st.mind.facts[K_FOE_HEXES] = foe_hexes
    threat_zone(st)
    for h in range(HEXES):
        st.mind.near[h] = 99
        st.mind.entry_mask[h] = False
    # the distance to the nearest enemy, ring by ring (no two hexes are WITHIN apart)
    reached = 0
    for d in range(WITHIN if count > 0 else 0):
        ring = 0
        for i in range(count):
            ring |= board.within_mask[unsigned(st.mind.foe_hex[i]), d]
        ring &= ~reached
        reached |= ring
        while ring != 0:
            st.mind.near[lowest_bit(ring)] = d
            ring &= ring - 1
        if reached == EVERY_HEX:
            break
    if foe_to_enter:
        other = 1 - side
        for i in range(board.entry_count[other, 1]):
            edge = unsigned(board.entry[other, 1, i])
            for h in range(HEXES):
                st.mind.near[h] = min(st.mind.near[h], board.distance[edge, h])
    if not board.deploys[side, turn]:
        for i in range(board.entry_count[side, turn]):
            st.mind.entry_mask[unsigned(board.entry[side, turn, i])] = True
    st.mind.facts[K_WAITING] = waiting


@in_battle
def threat_zone(st):
    """Where an enemy free to move may close in next phase: ``K_THREAT``, from the survey's
    rings of the enemies still free."""
    zone = 0
    for i in range(st.mind.facts[K_FOES]):
        if st.mind.foe_free[i]:
            zone |= st.mind.foe_ring[i]
    st.mind.facts[K_THREAT] = zone


@in_battle_inline
def hex_worth(board, kinds, strikes, odds, params, st, s, h, turn, occ_mask, entering_left):
    """How much the tactic likes character ``s`` ending its move on hex ``h``.

    Reads the phase's ``near`` (distance to the nearest enemy) and ``foes``
    (enemies on the Battleland, free to move next if ``foe_free``).
    """
    t = unsigned(st.kind[s])
    x = unsigned(h)  # the hex as an index; ``h`` itself for the bit masks
    power = kinds.power[t]
    rem = power - st.hits[unsigned(s)]
    own = value_to(kinds, params, t)
    fear = st.mind.mood[M_FEAR]
    score = 0.0
    contacts = 0
    best_strike = 0.0
    mean = 0.0
    variance = 0.0
    touching = board.contact_mask[x] & st.mind.facts[K_FOE_HEXES]  # the enemies in contact
    for k in range(6 if touching != 0 else 0):
        b = board.neighbours[x, k]
        if b < 0 or not (touching >> b) & 1:
            continue
        bx = unsigned(b)
        e = unsigned(st.mind.occ[bx])
        te = unsigned(st.kind[e])
        contacts += 1
        d = strikes.dice[t, x, k, te]
        if d > 0:
            w = strike_worth(
                odds, params, d, strikes.number[t, x, k, te], kinds.power[te] - st.hits[e],
                per_hit_worth(kinds, te), value_to(kinds, params, te),
            )  # fmt: skip
            best_strike = max(best_strike, w)
        kb = unsigned(board.direction[bx, x])
        d2 = strikes.dice[te, bx, kb, t]
        if d2 > 0:
            p = (7 - strikes.number[te, bx, kb, t]) / 6.0
            mean += d2 * p
            variance += d2 * p * (1 - p)
    # enemies free to move may come into contact in their Maneuver Phase
    threat_mean = 0.0
    threat_variance = 0.0
    for i in range(st.mind.facts[K_FOES] if (st.mind.facts[K_THREAT] >> h) & 1 else 0):
        if st.mind.foe_free[i] and (st.mind.foe_ring[i] >> h) & 1:  # 2 to its reach steps away
            threat_mean += st.mind.foe_blows[i]
            threat_variance += st.mind.foe_spread[i]
    if contacts > 0:
        score += best_strike
        if kinds.rangestrikes[t]:
            score -= params[W_KEEP_RANGE] * own
    elif kinds.rangestrikes[t] and params[W_RANGED] != 0.0:
        best_range = 0.0
        for i in range(st.mind.facts[K_FOES]):
            e = unsigned(st.mind.foes[i])
            te = unsigned(st.kind[e])
            he = unsigned(st.hexes[e])
            for p in range(strikes.ranged_count[t, x, te, he]):
                if strikes.ranged_clear[t, x, te, he, p] & occ_mask == 0:
                    w = strike_worth(
                        odds, params, strikes.ranged_dice[t, x, te, he, p],
                        strikes.ranged_number[t, x, te, he, p], kinds.power[te] - st.hits[e],
                        per_hit_worth(kinds, te), value_to(kinds, params, te),
                    )  # fmt: skip
                    best_range = max(best_range, w)
                    break
        score += params[W_RANGED] * best_range
    taken = mean + threat_mean
    if taken > 0.0:
        score -= fear * params[W_TAKEN] * taken * own / power
        death = death_chance(odds, taken, variance + threat_variance, rem)
        if kinds.titan[t]:  # 19.3: whatever the mood, a Titan's death ends the Battle
            score -= max(fear, 1.0) * max(params[W_DEATH], TITAN_CAUTION) * death * own
        else:
            score -= fear * params[W_DEATH] * death * own
    nearest = st.mind.near[x]
    if nearest < 99:
        approach = st.mind.mood[M_APPROACH]
        if approach >= 0.0:
            prefer = 1.0
            if kinds.rangestrikes[t]:
                prefer = params[W_RANGE_DISTANCE]
            score -= approach * abs(nearest - prefer)
        else:
            score -= approach * nearest
    if board.elevation[x] != 0:  # (a term of nothing is skipped: the same sum, quicker)
        score += params[W_HEIGHT] * board.elevation[x]
    if kinds.drift[t, x] != 0:
        score -= params[W_TAKEN] * kinds.drift[t, x] * own / power
    if entering_left > 0 and st.mind.entry_mask[x]:
        score -= BLOCKING * entering_left
    return score


@in_battle_inline
def crowds_entry(board, kinds, st, s, at, turn, waiting):
    """Would ``s`` standing on ``at`` leave one of the ``waiting`` walkers of its side still
    to enter with nowhere to go (10.1, 14.0)? Checked greedily: the others enter in the order
    they move (the most skilful first), each as deep as it can go, until the free hexes of
    the edge of entry are enough for the rest. Only a hex on that edge or next to it can
    crowd them out."""
    near = st.mind.entry_mask[at]
    for k in range(6):
        b = board.neighbours[at, k]
        if b >= 0 and st.mind.entry_mask[b]:
            near = True
    if not near:
        return False
    side = st.side[s]
    step = st.flags[F_STEP]
    st.mind.occ[at] = s
    placed = 0
    stuck = False
    done = False
    for skill in range(8, -1, -1):
        for w in range(st.kind.shape[0]):
            if (
                w == s
                or st.side[w] != side
                or not st.alive[w]
                or st.hexes[w] != OFF
                or st.deadline[w] != step
            ):
                continue
            tw = st.kind[w]
            if kinds.flies[tw] or kinds.skill[tw] != skill:
                continue
            # every walker may stop on the first hex it enters (a slowed hex costs 2, 11.4)
            free = 0
            for i in range(board.entry_count[side, turn]):
                h = board.entry[side, turn, i]
                if st.mind.occ[h] < 0 and kinds.step[tw, OFF, h] > 0:
                    free += 1
            if free >= waiting:
                done = True
                break
            m = destinations(
                board, kinds, tw, OFF, side, turn, st.mind.occ, st.mind.dests, st.mind.best
            )
            if m == 0:
                stuck = True
                break
            pick = st.mind.dests[0]
            depth = -1
            for i in range(m):
                h = st.mind.dests[i]
                d = 2 * st.mind.best[h] + (0 if st.mind.entry_mask[h] else 1)
                if d > depth:
                    depth = d
                    pick = h
            st.mind.occ[pick] = w
            placed |= 1 << pick
            waiting -= 1
        if stuck or done:
            break
    for h in range(HEXES):
        if (placed >> h) & 1:
            st.mind.occ[h] = -1
    st.mind.occ[at] = -1
    return stuck


@in_battle_inline
def best_hex(board, kinds, strikes, odds, params, st, s, here, turn, occ_mask, left, n, banned):
    """The best of staying (-1) and the ``n`` destinations in ``st.mind.dests``, leaving out the
    hexes in the bit mask ``banned``; -2 when every one is left out."""
    choice = -2
    best_score = -1e300
    for i in range(-1, n):  # staying first; one call of hex_worth, one inlined copy of it
        h = here if i < 0 else st.mind.dests[i]
        if h == OFF or (banned >> h) & 1:
            continue
        w = hex_worth(board, kinds, strikes, odds, params, st, s, h, turn, occ_mask, left)
        if i < 0:
            best_score = w + params[W_STAY]
            choice = -1
        elif w > best_score:
            best_score = w
            choice = h
    return choice


# --- moves ------------------------------------------------------------------------------


@in_battle_inline
def entry_rank(kinds, st, s):
    """The order of entering: walkers before fliers, the most skilful first (they go
    deepest)."""
    t = st.kind[s]
    if kinds.flies[t]:
        return 100
    return -kinds.skill[t]


@in_battle_inline
def choose_move(board, kinds, strikes, odds, params, st, s, turn, entering_left):
    """Where character ``s`` moves: a hex, -1 to stay, -2 when it has nowhere to go.

    ``entering_left``: walkers of its side still to enter after it in this phase."""
    here = st.hexes[s]
    t = st.kind[s]
    side = st.side[s]
    # the best hex; then, while it would keep those still to enter off the Battleland, the
    # best of the others (one call of destinations and of best_hex: one inlined copy each)
    choice = first = -2
    banned = occ_mask = left = 0
    for attempt in range(HEXES + 2):
        if attempt > 0:
            at = here if choice < 0 else choice
            if not crowds_entry(board, kinds, st, s, at, turn, left):
                break
            banned |= 1 << at
        held = st.occ if attempt == 0 else st.mind.occ
        n = destinations(board, kinds, t, here, side, turn, held, st.mind.dests, st.mind.best)
        if attempt == 0:
            if n == 0:
                return -2
            # the tactic tries its moves on a copy of the hexes held, the mover's own left empty
            for h in range(HEXES):
                st.mind.occ[h] = st.occ[h]
            if here != OFF:
                st.mind.occ[here] = -1
            if st.mind.facts[K_BLOWS_OF] != t:  # the enemies stand still in this phase
                for i in range(st.mind.facts[K_FOES]):
                    te = unsigned(st.kind[unsigned(st.mind.foes[i])])
                    p = (7 - strikes.open_number[te, unsigned(t)]) / 6.0
                    st.mind.foe_blows[i] = params[W_THREAT] * kinds.power[te] * p
                    st.mind.foe_spread[i] = params[W_THREAT] * kinds.power[te] * p * (1 - p)
                st.mind.facts[K_BLOWS_OF] = t
            occ_mask = occupancy_mask(st)
            if here != OFF:
                occ_mask &= ~(1 << here)
            # a character already on the Battleland must not keep those entering off it either
            left = entering_left if here == OFF else st.mind.facts[K_WAITING]
        choice = best_hex(board, kinds, strikes, odds, params, st, s, here, turn, occ_mask,
                          left, n, banned)  # fmt: skip
        if attempt == 0:
            first = choice
            if left <= 0 or board.deploys[side, turn]:
                break
        elif choice == -2:
            choice = first  # no hex leaves room for all: the best one after all
            break
    return choice


@in_battle
def observe_move(board, st, to):
    """Keep the phase's survey true after a move to ``to``: the enemies it touches are
    locked in contact now (11.3)."""
    for i in range(st.mind.facts[K_FOES]):
        if st.mind.foe_free[i] and board.contact[unsigned(to), unsigned(st.mind.foe_hex[i])]:
            st.mind.foe_free[i] = False
            threat_zone(st)


# --- strikes ----------------------------------------------------------------------------


@in_battle
def first_strikers(board, st, striking, strikers):
    """Of the ``strikers`` (a bit mask of slots in contact), those that strike in the first
    pass: each with a single enemy in reach, so that the others can pick among theirs."""
    standing = 0  # the enemies' hexes, less those slain in this Strike Phase
    for e in range(st.kind.shape[0]):
        if st.alive[e] and st.side[e] != striking and st.hexes[e] != OFF and not st.slain[e]:
            standing |= 1 << st.hexes[e]
    first = 0
    left = strikers
    while left != 0:
        s = lowest_bit(left)
        left &= left - 1
        reach = board.contact_mask[unsigned(st.hexes[s])] & standing
        if reach != 0 and reach & (reach - 1) == 0:
            first |= 1 << s
    return first


@in_battle_inline
def carry_candidate(board, strikes, st, s, k, k2, forgo):
    """The enemy in direction ``k2`` (of ``target_directions``, not ``k``) that excess hits of
    a strike in direction ``k`` may carry to (12.4: a carry the hexsides allow), or -1."""
    h = unsigned(st.hexes[s])
    if not strikes.carry[unsigned(st.kind[s]), h, k, k2, forgo]:
        return -1
    return st.occ[unsigned(board.neighbours[h, k2])]


@in_battle_inline
def needed_number(strikes, st, s, k2, e2, forgo):
    """The Strike-number ``s`` needs against ``e2`` in direction ``k2`` (12.5: hexside
    benefits forgone or not)."""
    t = unsigned(st.kind[s])
    h = unsigned(st.hexes[s])
    te2 = unsigned(st.kind[unsigned(e2)])
    if forgo == 0:
        return strikes.number[t, h, k2, te2]
    return strikes.plain_number[t, h, k2, te2]


@in_battle
def choose_strike(board, kinds, strikes, odds, params, st, s):
    """Whom character ``s`` strikes and how (12.0-12.5): (target slot or -1, declared
    Strike-number, 1 if it forgoes hexside benefits). The referee works out the dice."""
    t = unsigned(st.kind[s])
    h = unsigned(st.hexes[s])
    best = -1.0
    target = -1
    declared = 0
    forgo = 0
    foes = target_directions(board, st, s)
    alone = foes & (foes - 1) == 0  # no other enemy to carry hits to (12.4)
    for k in range(6):
        if not (foes >> k) & 1:
            continue
        e = st.occ[unsigned(board.neighbours[h, k])]
        te = unsigned(st.kind[unsigned(e)])
        rem = kinds.power[te] - st.hits[unsigned(e)]
        per_hit = per_hit_worth(kinds, te)
        worth = value_to(kinds, params, te)
        d = strikes.dice[t, h, k, te]
        number = strikes.number[t, h, k, te]
        w = strike_worth(odds, params, d, number, rem, per_hit, worth)
        others = foes & ~(1 << k)  # the directions hits beyond a kill may carry to
        if not alone:
            w += carry_worth(board, kinds, strikes, odds, params, st, s, k, others, d, number,
                             0, rem)  # fmt: skip
        if w > best:
            best, target, declared, forgo = w, e, number, 0
        if alone or params[W_CARRY] == 0.0:
            continue
        # declare a higher Strike-number, or forgo hexside benefits, to carry over (12.4, 12.5)
        for f in range(2):
            fd = strikes.dice[t, h, k, te] if f == 0 else strikes.plain_dice[t, h, k, te]
            fn = strikes.number[t, h, k, te] if f == 0 else strikes.plain_number[t, h, k, te]
            if f == 1 and fd == d and fn == number:
                continue
            weighed = 0  # the Strike-numbers weighed: another carry to one is worth the same
            left = others
            while left != 0:
                k2 = lowest_bit(left)
                left &= left - 1
                e2 = carry_candidate(board, strikes, st, s, k, k2, f)
                if e2 < 0:
                    continue
                n2 = max(fn, needed_number(strikes, st, s, k2, e2, f))
                if n2 > 6 or (n2 == number and f == 0) or (weighed >> n2) & 1:
                    continue
                weighed |= 1 << n2
                w2 = strike_worth(odds, params, fd, n2, rem, per_hit, worth)
                w2 += carry_worth(board, kinds, strikes, odds, params, st, s, k, others, fd, n2,
                                  f, rem)  # fmt: skip
                if w2 > best:
                    best, target, declared, forgo = w2, e, n2, f
    return target, declared, forgo


@in_battle
def carry_worth(board, kinds, strikes, odds, params, st, s, k, others, dice, declared, forgo,
                rem):  # fmt: skip
    """Expected worth of the hits beyond ``rem`` carried to the best enemy they may reach
    (in the directions ``others``, a bit mask)."""
    if dice <= rem:
        return 0.0
    best = 0.0
    d = dice_index(dice)
    left = others
    while left != 0:
        k2 = lowest_bit(left)
        left &= left - 1
        e2 = carry_candidate(board, strikes, st, s, k, k2, forgo)
        if e2 < 0 or needed_number(strikes, st, s, k2, e2, forgo) > declared:
            continue
        te2 = unsigned(st.kind[unsigned(e2)])
        rem2 = kinds.power[te2] - st.hits[unsigned(e2)]
        per_hit2 = per_hit_worth(kinds, te2)
        worth2 = value_to(kinds, params, te2)
        w = 0.0
        for x in range(rem + 1, d + 1):
            pmf = odds.pmf[unsigned(d), unsigned(declared), unsigned(x)]
            w += pmf * hits_worth(params, x - rem, rem2, per_hit2, worth2)
        best = max(best, w)
    return best


@in_battle
def choose_carry(board, kinds, strikes, params, st, s, target, declared, forgo, excess):
    """Which enemy gets the ``excess`` hits of a strike on ``target`` (12.4): a slot, or -1
    when none may take them."""
    k = board.direction[st.hexes[s], st.hexes[target]]
    best_carry = 0.0
    carry_to = -1
    left = target_directions(board, st, s) & ~(1 << k)
    while left != 0:
        k2 = lowest_bit(left)
        left &= left - 1
        e2 = carry_candidate(board, strikes, st, s, k, k2, forgo)
        if e2 < 0 or needed_number(strikes, st, s, k2, e2, forgo) > declared:
            continue
        te2 = unsigned(st.kind[unsigned(e2)])
        rem2 = kinds.power[te2] - st.hits[unsigned(e2)]
        w = hits_worth(
            params, excess, rem2, per_hit_worth(kinds, te2), value_to(kinds, params, te2)
        )
        if w > best_carry:
            best_carry = w
            carry_to = e2
    return carry_to


@in_battle
def choose_rangestrike(kinds, strikes, odds, params, st, s, occ_mask):
    """Whom character ``s`` rangestrikes (13.0-13.5): a target slot, or -1 for none. The
    lines and their dice are the rules' (``moves.rangestrike_line``)."""
    best = 0.0
    target = -1
    for e in range(st.kind.shape[0]):
        if not st.alive[e] or st.slain[e] or st.side[e] == st.side[s] or st.hexes[e] == OFF:
            continue
        d, n = rangestrike_line(strikes, st, s, e, occ_mask)
        if d <= 0:
            continue
        te = st.kind[e]
        w = strike_worth(
            odds, params, d, n, kinds.power[te] - st.hits[e], per_hit_worth(kinds, te),
            value_to(kinds, params, te),
        )  # fmt: skip
        if w > best or target < 0:
            best, target = w, e
    return target
