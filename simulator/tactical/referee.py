"""The Tactical Titan kernel's referee: a fight's phases played in order, each choice asked of
the tactic (``simulator.tactical.policy``), each rule read from ``simulator.tactical.moves`` and
the tables, every die rolled here.

A player's turn (4.0): the Healing Phase (5.0-5.3), the Muster Phase (6.0-6.4, 10.0-10.2:
``simulator.tactical.musters``, or passed when the request leaves musters out), the Maneuver
Phase (7.0-7.3), the Strike Phase (8.0, 8.1), opened by Drift, the Salamander's aura and the
Venemous Wyrm's poison and closed by the slain removed, the scores (8.2), a slain Titan's
player eliminated (2.2.2) and the Lords earned (8.3), as ``engine.tactical.turns`` does in the
same order. A fight stops at the end of a Strike Phase in which a Titan fell (or, with
``UNTIL_ONE_PLAYER``, when one player is left), or when its player turns are played.
"""

from __future__ import annotations

from simulator.tactical.moves import locked, rangestrike_terms, reach, strike_terms
from simulator.tactical.musters import muster_phase
from simulator.tactical.policy import (
    angel_hex,
    approach,
    carry_to,
    destination,
    has_line,
    heal_target,
    mark_near,
    mover_order,
    rangestrike_at,
    strike_at,
    strike_order,
)
from simulator.tactical.state import (
    CARRY_ROOM,
    D_MOVED,
    D_RESTED,
    D_STRUCK,
    D_USED_HEAL,
    D_USED_MUSTER_ABILITY,
    DIRECTIONS,
    ENDED_ONE_PLAYER,
    ENDED_TITAN,
    ENDED_TURNS,
    EV_ANGEL,
    EV_END_PHASE,
    EV_HEAL,
    EV_HURT,
    EV_MOVE,
    EV_RANGESTRIKE,
    EV_REST,
    EV_STRIKE,
    G_ACTIVE,
    G_DUE,
    G_ENDED,
    G_LINE,
    G_MUSTERS,
    G_PHASE,
    G_PHASES,
    G_RESPONDING,
    G_ROUND,
    G_SLOTS,
    G_TURNS,
    HEAL_NONE,
    HEAL_RESTORE,
    HEALING,
    L_AFTER,
    L_CARRIES,
    L_CARRY,
    L_FACES,
    MANEUVER,
    MUSTER,
    NONE,
    STRIKE,
    UNTIL_FIRST_TITAN,
    bring_in,
    in_fight,
    in_fight_inline,
    lift,
    log_event,
    place,
    power_of,
    roll,
    slain,
    value_of,
)

ANGEL_EVERY, ARCHANGEL_EVERY = 200, 1000  # 8.3 (engine.tactical.scoring)

# --- characters leaving play -----------------------------------------------------------------


@in_fight_inline
def leave_play(f, kinds, s):
    """``s`` leaves play (8.0): a Creature to the dead pile, a Lord or Demi-Lord to the muster
    pile, whence it may come again (8.3, 6.0); a Titan to neither (docs/rulings.md)."""
    lift(f, s)
    t = f.kind[s]
    if kinds.titan[t]:
        return
    if kinds.creature[t]:
        f.dead[t] += 1
    else:
        f.pile[t] += 1


@in_fight_inline
def hurt(f, kinds, s, amount, by):
    """``amount`` more damage to ``s`` (up to its Power-factor); ``by`` (a player, NONE for a
    hazard) deals the killing point when this damage first reaches it (2.2.2)."""
    if amount <= 0:
        return
    power = power_of(f, kinds, s)
    if f.damage[s] < power <= f.damage[s] + amount:
        f.slayer[s] = by
    f.damage[s] = min(f.damage[s] + amount, power)


@in_fight_inline
def end_phase(f, phase):
    """4.0: the active player ends the phase."""
    log_event(f, EV_END_PHASE, phase, f.game[G_ACTIVE], 0, 0)
    f.game[G_PHASE] = phase + 1
    f.game[G_PHASES] += 1


# --- Healing Phase (5.0-5.3) -----------------------------------------------------------------


@in_fight
def healing_phase(f, board, kinds):
    active = f.game[G_ACTIVE]
    for s in range(f.game[G_SLOTS]):  # 5.1, 5.3: every hurt character that may rest does
        h = f.hexes[s]
        if h == NONE or f.owner[s] != active or f.damage[s] <= 0 or f.did[s] & D_RESTED:
            continue
        amount = kinds.rest[f.kind[s], h, 1 if locked(f, board, s) else 0]
        if amount > 0:
            healed = min(amount, f.damage[s])
            f.damage[s] -= healed
            f.did[s] |= D_RESTED
            f.healed[active] += healed
            log_event(f, EV_REST, s, healed, 0, 0)
    for s in range(f.game[G_SLOTS]):  # 5.2: each healer heals one character a turn
        t = f.kind[s]
        if f.hexes[s] == NONE or f.owner[s] != active or kinds.heal[t] == HEAL_NONE:
            continue
        if f.did[s] & D_USED_HEAL:
            continue
        if kinds.heal_or_muster[t] and f.did[s] & D_USED_MUSTER_ABILITY:  # 12.2
            continue
        if locked(f, board, s):
            continue
        target = heal_target(f, board, kinds, s)
        if target == NONE:
            continue
        healed = f.damage[target]
        if kinds.heal[t] != HEAL_RESTORE:
            healed = min(healed, kinds.heal_points[t])
        f.damage[target] -= healed
        f.did[s] |= D_USED_HEAL
        f.healed[active] += healed
        log_event(f, EV_HEAL, s, target, healed, 0)
    end_phase(f, HEALING)


# --- Maneuver Phase (7.0-7.3) ----------------------------------------------------------------


@in_fight
def maneuver_phase(f, board, kinds):
    active = f.game[G_ACTIVE]
    stamp = f.game[G_PHASES]
    f.game[G_LINE] = 1 if has_line(f, kinds, active) else 0
    mark_near(f, board, active, stamp)
    n = 0
    for s in range(f.game[G_SLOTS]):  # TITAN 11.0, 11.3: once, and not locked in contact
        if f.hexes[s] == NONE or f.owner[s] != active or f.did[s] & D_MOVED:
            continue
        if locked(f, board, s):
            continue
        f.order[n] = s
        n += 1
    for i in range(n):
        approach(f, board, kinds, f.kind[f.order[i]], stamp, n)
    mover_order(f, kinds, n)
    for i in range(n):  # no one is locked by a friend's move: the enemy stands still
        s = f.order[i]
        count = reach(f, board, kinds, s)
        to = destination(f, board, kinds, s, count)
        if to == f.hexes[s]:
            continue
        damage = f.reach_damage[to]
        lift(f, s)
        place(f, s, to)
        f.did[s] |= D_MOVED
        f.damage[s] += damage  # 10.1: the Fire Elemental crossing a River
        log_event(f, EV_MOVE, s, to, damage, 0)
        if slain(f, kinds, s):
            leave_play(f, kinds, s)  # at once, scoring nobody (docs/rulings.md)
    end_phase(f, MANEUVER)


# --- Strike Phase (8.0, 8.1; TITAN 12.0-13.5) ---------------------------------------------------


@in_fight
def begin_strike_phase(f, board, kinds):
    """Drift's hit to non-natives, then each enemy Salamander's aura, then the poison due, to
    every character in the order of the engine (``engine.tactical.turns.begin_strike_phase``)."""
    slots = f.game[G_SLOTS]
    for s in range(slots):
        h = f.hexes[s]
        if h != NONE:
            amount = kinds.drift[f.kind[s], h]
            if amount > 0:
                hurt(f, kinds, s, amount, NONE)
                log_event(f, EV_HURT, s, amount, NONE, 0)
    for s in range(slots if kinds.auras[0] else 0):
        h = f.hexes[s]
        if h == NONE:
            continue
        for i in range(DIRECTIONS):
            there = board.by_index[h, i]
            if there == NONE:
                break
            d = 0
            while board.nbr[h, d] != there:
                d += 1
            if not board.contact[h, d]:
                continue
            first, second = f.occ[there, 0], f.occ[there, 1]
            if second != NONE and second < first:
                first, second = second, first
            for e in (first, second):
                if e == NONE or f.owner[e] == f.owner[s]:
                    continue
                amount = kinds.aura[f.kind[s], f.kind[e]]
                if amount > 0:
                    hurt(f, kinds, s, amount, f.owner[e])
                    log_event(f, EV_HURT, s, amount, f.owner[e], 0)
    for s in range(slots):
        if f.hexes[s] != NONE and f.poison[s] > 0:
            hurt(f, kinds, s, f.poison[s], f.poisoner[s])
            log_event(f, EV_HURT, s, f.poison[s], f.poisoner[s], 0)
            f.poison[s] = 0
            f.poisoner[s] = NONE


@in_fight_inline
def land(f, kinds, s, target, hits):
    """Hits that land on ``target``, as many as slay it at most; the Venemous Wyrm's poison
    (9.2). The hits landed."""
    landed = min(hits, power_of(f, kinds, target) - f.damage[target])
    if landed <= 0:
        return 0
    hurt(f, kinds, target, landed, f.owner[s])
    amount = kinds.poison[f.kind[target], f.kind[s]]
    if amount > f.poison[target]:
        f.poison[target] = amount
        f.poisoner[target] = f.owner[s]
    return landed


@in_fight_inline
def strike(f, board, kinds, rng, s, target, d):
    """TITAN 12.0-12.4, 8.1: ``s`` strikes ``target`` at its least Strike-number, and its
    excess hits carry as the tactic chooses."""
    dice, number = strike_terms(f, kinds, board, s, d, target)
    hits = roll(f, rng, dice, number)
    row = log_event(f, EV_STRIKE, s, target, number, dice)
    excess = hits - land(f, kinds, s, target, hits)
    carries = 0
    while excess > 0:
        second = carry_to(f, board, kinds, s, target, d, number, excess)
        if second == NONE:
            break
        excess -= land(f, kinds, s, second, excess)
        if row != NONE and carries < CARRY_ROOM:
            f.log[row, L_CARRY + carries] = second
        carries += 1
    _struck(f, s, row, target, carries)


@in_fight_inline
def _struck(f, s, row, target, carries):
    f.did[s] |= D_STRUCK
    if f.owner[s] != f.game[G_ACTIVE]:
        f.game[G_RESPONDING] = 1  # the others strike back (TITAN 12.1)
    if row != NONE:
        for face in range(6):
            f.log[row, L_FACES + face] = f.faces[face + 1]
        f.log[row, L_CARRIES] = carries
        f.log[row, L_AFTER] = f.damage[target]


@in_fight_inline
def rangestrike(f, board, kinds, lines, rng, s, target):
    """TITAN 13.0-13.5: ``s`` rangestrikes ``target``."""
    dice, number = rangestrike_terms(f, kinds, board, lines, s, target)
    hits = roll(f, rng, dice, number)
    row = log_event(f, EV_RANGESTRIKE, s, target, number, dice)
    land(f, kinds, s, target, hits)
    _struck(f, s, row, target, 0)


@in_fight
def strike_phase(f, board, kinds, lines, rng):
    """8.0: the active player strikes and rangestrikes first, then the others strike back at
    its characters (TITAN 12.1)."""
    # one call of ``strikes`` for both sides: each call site inlines a whole copy of it, and
    # the second copy was a fifth of the kernel's compile (docs/tactical.md)
    for side in range(1 if f.game[G_RESPONDING] else 0, 2):
        active_side = side == 0
        strikes(f, board, kinds, rng, active_side)
        if not active_side:
            break
        for s in range(f.game[G_SLOTS]):
            if f.hexes[s] == NONE or f.owner[s] != f.game[G_ACTIVE] or f.did[s] & D_STRUCK:
                continue
            target = rangestrike_at(f, board, kinds, lines, s)
            if target != NONE:
                rangestrike(f, board, kinds, lines, rng, s, target)


@in_fight_inline
def strikes(f, board, kinds, rng, active_side):
    """The strikes of one side, in the tactic's order (TITAN 12.1)."""
    n = strike_order(f, board, kinds, active_side)
    for i in range(n):
        s = f.order[i]
        target, d = strike_at(f, board, kinds, s)
        if target != NONE:
            strike(f, board, kinds, rng, s, target, d)


@in_fight
def end_strike_phase(f, board, kinds, turns, until):
    """8.0, 8.2, 2.2.2, 8.3: the slain removed and scored, the players whose Titans fell out,
    the Lords due; then whether the fight stops, else the next player's turn."""
    log_event(f, EV_END_PHASE, STRIKE, f.game[G_ACTIVE], 0, 0)
    slots = f.game[G_SLOTS]
    players = f.score.shape[0]
    points = f.points
    fallen = f.fallen
    for q in range(players):
        points[q] = 0
        fallen[q] = 0
    for s in range(slots):
        if f.hexes[s] == NONE or not slain(f, kinds, s):
            continue
        by = f.slayer[s]
        if by != NONE:
            points[by] += value_of(f, kinds, s)
        if kinds.titan[f.kind[s]]:
            fallen[f.owner[s]] = 1
    for q in range(players):  # 2.2.2: half the points of the rest of a fallen Titan's player
        if not fallen[q]:
            continue
        titan = NONE
        rest = 0
        for s in range(slots):
            if f.hexes[s] == NONE or f.owner[s] != q:
                continue
            if kinds.titan[f.kind[s]]:
                titan = s
            elif not slain(f, kinds, s):
                rest += kinds.points[f.kind[s]]
        by = f.slayer[titan]
        if by != NONE and by != q:
            points[by] += rest // 2
    for s in range(slots):
        if f.hexes[s] != NONE and (slain(f, kinds, s) or fallen[f.owner[s]]):
            leave_play(f, kinds, s)
    for q in range(players):  # out with no character left: a Legion fighting without its Titan
        if f.out[q] or fallen[q]:
            continue
        left = False
        for s in range(slots):
            left = left or (f.hexes[s] != NONE and f.owner[s] == q)
        if not left:
            f.out[q] = 1
    active = f.game[G_ACTIVE]
    dues = f.game[G_DUE]
    for i in range(players):  # 8.3: clockwise from the active player
        q = (active + i) % players
        old = f.score[q]
        new = old + points[q]
        if not fallen[q] and not f.out[q]:
            for m in range(old // ANGEL_EVERY + 1, new // ANGEL_EVERY + 1):
                if dues < f.due.shape[0]:
                    f.due[dues, 0] = q
                    archangel = (m * ANGEL_EVERY) % ARCHANGEL_EVERY == 0
                    f.due[dues, 1] = kinds.angel[1] if archangel else kinds.angel[0]
                    dues += 1
        f.score[q] = new
        f.gained[q] += points[q]
        if fallen[q]:
            f.out[q] = 1
            f.fell[q] = 1
    f.game[G_DUE] = dues
    living = 0
    any_fell = False
    for q in range(players):
        living += 1 - f.out[q]
        any_fell = any_fell or fallen[q] != 0
    if any_fell and until == UNTIL_FIRST_TITAN:
        f.game[G_ENDED] = ENDED_TITAN
    elif living <= 1:
        f.game[G_ENDED] = ENDED_ONE_PLAYER
    elif f.game[G_TURNS] >= turns:
        f.game[G_ENDED] = ENDED_TURNS
    if f.game[G_ENDED] != NONE:
        return
    # 4.0: the next player still in the game; its turn begins with every deed forgotten
    following = active
    for step in range(1, players + 1):
        following = (active + step) % players
        if not f.out[following]:
            break
    if following <= active:
        f.game[G_ROUND] += 1
    f.game[G_ACTIVE] = following
    f.game[G_PHASE] = HEALING
    f.game[G_PHASES] += 1
    f.game[G_RESPONDING] = 0
    f.game[G_TURNS] += 1
    for s in range(slots):
        f.did[s] = 0
    for r in range(f.region_done.shape[0]):
        f.region_done[r] = 0
    place_dues(f, board, kinds)


@in_fight
def place_dues(f, board, kinds):
    """8.3: each Lord due, in order, comes into play where the tactic chooses, or is lost when
    none is left in the muster pile or it has no hex to come into."""
    for i in range(f.game[G_DUE]):
        q, t = f.due[i, 0], f.due[i, 1]
        if f.pile[t] <= 0:
            continue
        titan = NONE
        for s in range(f.game[G_SLOTS]):
            if f.hexes[s] != NONE and f.owner[s] == q and kinds.titan[f.kind[s]]:
                titan = s
        if titan == NONE:
            continue
        h = angel_hex(f, board, kinds, q, t, titan)
        if h == NONE:
            continue
        s = bring_in(f, t, q, h, 0)
        if s == NONE:
            return
        f.pile[t] -= 1
        f.angels[q] += 1
        log_event(f, EV_ANGEL, q, t, h, s)
    f.game[G_DUE] = 0


@in_fight
def play(f, board, kinds, lines, rng, turns, until):
    """The fight from its Start to its end (``f.game[G_ENDED]``)."""
    place_dues(f, board, kinds)
    while f.game[G_ENDED] == NONE:
        phase = f.game[G_PHASE]
        if phase == HEALING:
            healing_phase(f, board, kinds)
        elif phase == MUSTER:
            if f.game[G_MUSTERS]:
                muster_phase(f, board, kinds, rng)
            end_phase(f, MUSTER)
        elif phase == MANEUVER:
            maneuver_phase(f, board, kinds)
            begin_strike_phase(f, board, kinds)
        else:
            strike_phase(f, board, kinds, lines, rng)
            end_strike_phase(f, board, kinds, turns, until)
