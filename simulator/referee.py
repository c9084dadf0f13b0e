"""The referee: it applies the choices of the tactics, rolls the dice and runs the Battle.

The order of a Battle (10.3: each Battle-Round the defender's Maneuver and
Strike Phases, then the attacker's), entering (10.1), summoning (15.0-15.3),
the reinforcement (14.0-14.1), Drift (Hazards Chart), the removal of the slain
at the end of their Strike Phase (10.6), the end of the Battle (19.3) and the
time limit (10.5). Whatever a side decides comes from ``simulator.policy``
with that side's weights: where to move, whom to strike, the Strike-number
declared, the hexside benefits forgone, where to carry. This module alone
works out what those choices roll (the dice, the least Strike-number, the
lines of a rangestrike, ``simulator.moves``) and applies them. Rules come
from the tables (``simulator.tables``); ``engine.battle_flow`` is the same
flow in plain Python, and the tests compare the two event by event.
"""

from __future__ import annotations

import numpy as np

from simulator.battle_state import (
    ATTACKER,
    ATTACKER_MANEUVER,
    ATTACKER_WINS,
    DEFENDER,
    DEFENDER_WINS,
    F_RECRUIT,
    F_REINFORCE_USED,
    F_STEP,
    F_SUMMON_PENDING,
    F_SUMMON_USED,
    F_SUMMONED,
    F_TITAN_ATTACKER,
    F_TITAN_DEFENDER,
    MOVE,
    MUTUAL,
    OFF,
    PHASES_PER_ROUND,
    RANGESTRIKE,
    S_DEFENDERS,
    S_REINFORCE_SLOT,
    S_REINFORCE_TURN,
    S_SUMMON_SLOT,
    S_SUMMON_TYPE,
    STEPS,
    STRIKE,
    TIME_LOSS,
    in_battle,
    in_battle_inline,
    lowest_bit,
    record,
    records,
    side_mask,
    unsigned,
)
from simulator.moves import rangestrike_line, strike_terms
from simulator.policy import (
    choose_carry,
    choose_move,
    choose_rangestrike,
    choose_strike,
    entry_rank,
    first_strikers,
    observe_move,
    survey,
)
from simulator.rng import count_hits

# --- moves ----------------------------------------------------------------------------


@in_battle
def move(board, st, s, to, trace):
    """Character ``s`` moves to (or enters on) hex ``to``."""
    here = st.hexes[s]
    if records(trace):
        record(trace, st, st.hexes, st.hits, st.alive, MOVE, s, here, to, 0, 0, -1, 0, 0)
    if here != OFF:
        st.occ[here] = -1
    st.hexes[s] = to
    st.occ[to] = s
    observe_move(board, st, to)


@in_battle_inline
def bring_in(musters, start, st, side, turn, step):
    """The summoned Lord (15.0-15.2) and the reinforcement (14.0), each to enter in this
    Maneuver Phase."""
    sc = start.scalars
    n = st.kind.shape[0]
    if side == ATTACKER and st.flags[F_SUMMON_PENDING] and not st.flags[F_SUMMON_USED]:
        living = 0
        for s in range(n):
            if st.side[s] == ATTACKER and st.alive[s]:
                living += 1
        if living < 7 and sc[S_SUMMON_TYPE] >= 0:
            lord = sc[S_SUMMON_SLOT]
            st.kind[lord] = sc[S_SUMMON_TYPE]
            st.alive[lord] = True
            st.hexes[lord] = OFF
            st.deadline[lord] = step
            st.flags[F_SUMMONED] = 1
    if (
        side == DEFENDER
        and turn == sc[S_REINFORCE_TURN]
        and not st.flags[F_REINFORCE_USED]
        and sc[S_REINFORCE_SLOT] >= 0
    ):
        mask = 0
        first = sc[S_SUMMON_SLOT] + 1
        for i in range(sc[S_DEFENDERS]):
            if st.alive[first + i]:
                mask |= 1 << i
        recruit = musters.recruit_type[mask]
        if recruit >= 0:
            slot = sc[S_REINFORCE_SLOT]
            st.kind[slot] = recruit
            st.alive[slot] = True
            st.hexes[slot] = OFF
            st.deadline[slot] = step
            st.flags[F_RECRUIT] = musters.recruit_name[mask]


@in_battle_inline
def maneuver(board, kinds, strikes, musters, start, odds, params, st, side, turn, step, trace):
    """One Maneuver Phase of ``side`` (11.0), with summoning (15.0-15.3) and the
    reinforcement (14.0-14.1) brought in first."""
    n = st.kind.shape[0]
    sc = start.scalars
    bring_in(musters, start, st, side, turn, step)
    # who moves: on the Battleland and not in contact (11.3); then those entering
    foes = side_mask(st, 1 - side)
    movers = 0
    if not board.deploys[side, turn]:
        for s in range(n):
            on_board = st.side[s] == side and st.alive[s] and st.hexes[s] != OFF
            if on_board and board.contact_mask[unsigned(st.hexes[s])] & foes == 0:
                st.order[movers] = s
                movers += 1
    entering = 0
    for s in range(n):
        if st.side[s] == side and st.alive[s] and st.hexes[s] == OFF and st.deadline[s] == step:
            st.order[movers + entering] = s
            entering += 1
    for i in range(movers + 1, movers + entering):
        j = i
        while j > movers and entry_rank(kinds, st, st.order[j]) < entry_rank(
            kinds, st, st.order[j - 1]
        ):
            tmp = st.order[j]
            st.order[j] = st.order[j - 1]
            st.order[j - 1] = tmp
            j -= 1
    if movers + entering > 0:  # else the survey would go unread
        survey(board, kinds, strikes, params, st, side, turn)
    for i in range(movers + entering):
        s = st.order[i]
        left = 0
        if i >= movers:
            for j in range(i + 1, movers + entering):
                if not kinds.flies[st.kind[st.order[j]]]:
                    left += 1
        to = choose_move(board, kinds, strikes, odds, params, st, s, turn, left)
        if to >= 0:
            move(board, st, s, to, trace)
    # 10.1: not entered in its first Maneuver Phase, it is eliminated; the summoned
    # Lord (15.1) and the reinforcement (14.0) that could not enter are not taken
    for s in range(n):
        if st.side[s] == side and st.alive[s] and st.hexes[s] == OFF and st.deadline[s] == step:
            st.alive[s] = False
            if s == sc[S_SUMMON_SLOT]:
                st.flags[F_SUMMONED] = 0
            if s == sc[S_REINFORCE_SLOT]:
                st.flags[F_RECRUIT] = -1
        if st.deadline[s] == step:
            st.deadline[s] = -1
    if side == ATTACKER and st.flags[F_SUMMON_PENDING]:
        st.flags[F_SUMMON_USED] = 1  # 15.3: the one chance, taken or lost
        st.flags[F_SUMMON_PENDING] = 0
    if side == DEFENDER and turn == sc[S_REINFORCE_TURN]:
        st.flags[F_REINFORCE_USED] = 1


# --- strikes ----------------------------------------------------------------------------


@in_battle
def land_hits(kinds, st, target, hits):
    """Up to ``hits`` hits on ``target``, no more than it has left; the hits landed. The
    slain stay until the end of the Strike Phase (10.6)."""
    power = kinds.power[unsigned(st.kind[target])]
    landed = min(hits, power - st.hits[target])
    st.hits[target] += landed
    if st.hits[target] >= power:
        st.slain[target] = True
    return landed


@in_battle_inline
def strike(board, kinds, strikes, odds, params, st, s, trace, snap_hexes, snap_hits,
           snap_alive):  # fmt: skip
    """Character ``s`` strikes the enemy its tactic picks (12.0-12.5), the excess carried
    where the tactic says (12.4)."""
    target, declared, forgo = choose_strike(board, kinds, strikes, odds, params, st, s)
    if target < 0:
        return
    dice, needed = strike_terms(board, strikes, st, s, target, forgo)
    declared = max(declared, needed)  # 12.4: a higher Strike-number may be declared, not lower
    rolled = count_hits(st.rng, dice, declared)
    landed = land_hits(kinds, st, target, rolled)
    carry_to = -1
    carried = 0
    if rolled > landed:
        carry_to = choose_carry(
            board, kinds, strikes, params, st, s, target, declared, forgo, rolled - landed
        )
        if carry_to >= 0:
            carried = land_hits(kinds, st, carry_to, rolled - landed)
    if records(trace):
        record(
            trace, st, snap_hexes, snap_hits, snap_alive, STRIKE, s, target, declared, dice,
            forgo, carry_to, rolled, carried,
        )  # fmt: skip


@in_battle
def rangestrike(kinds, strikes, odds, params, st, s, occ_mask, trace, snap_hexes, snap_hits,
                snap_alive):  # fmt: skip
    """Character ``s`` rangestrikes the enemy its tactic picks (13.0-13.5)."""
    target = choose_rangestrike(kinds, strikes, odds, params, st, s, occ_mask)
    if target < 0:
        return
    dice, number = rangestrike_line(strikes, st, s, target, occ_mask)
    if dice <= 0:  # no line to it (13.1-13.5)
        return
    rolled = count_hits(st.rng, dice, number)
    land_hits(kinds, st, target, rolled)
    if records(trace):
        record(
            trace, st, snap_hexes, snap_hits, snap_alive, RANGESTRIKE, s, target, number,
            dice, 0, -1, rolled, 0,
        )  # fmt: skip


@in_battle_inline
def strike_phase(board, kinds, strikes, odds, params_by_side, st, side, trace):
    """A Strike Phase (12.0): Drift first, then the phasing side strikes and
    rangestrikes, then the other side; the slain are removed at the end (10.6)."""
    n = st.kind.shape[0]
    for s in range(n):
        st.slain[s] = False
        if st.alive[s] and st.hexes[s] != OFF:
            t = unsigned(st.kind[s])
            drift = kinds.drift[t, unsigned(st.hexes[s])]
            if drift > 0:
                st.hits[s] += drift
                if st.hits[s] >= kinds.power[t]:
                    st.slain[s] = True  # it may still strike
    # no one moves in a Strike Phase: who is in contact (11.3) is settled once, as a bit
    # mask of slots per side
    attackers = side_mask(st, ATTACKER)
    defenders = side_mask(st, DEFENDER)
    engaged_attackers = 0
    engaged_defenders = 0
    for s in range(n):
        h = st.hexes[s]
        if not st.alive[s] or h == OFF:
            continue
        touches = board.contact_mask[unsigned(h)]
        if st.side[s] == ATTACKER:
            if touches & defenders != 0:  # 11.3
                engaged_attackers |= 1 << s
        elif touches & attackers != 0:
            engaged_defenders |= 1 << s
    in_contact = engaged_attackers | engaged_defenders
    snap_hexes, snap_hits, snap_alive = st.hexes, st.hits, st.alive
    if records(trace):
        for s in range(n):
            st.snap_hexes[s] = st.hexes[s]
            st.snap_hits[s] = st.hits[s]
            st.snap_alive[s] = st.alive[s]
        snap_hexes, snap_hits, snap_alive = st.snap_hexes, st.snap_hits, st.snap_alive
    occ_mask = attackers | defenders
    for turn_of in range(2):
        striking = side if turn_of == 0 else 1 - side
        params = params_by_side[striking]
        strikers = engaged_attackers if striking == ATTACKER else engaged_defenders
        if strikers != 0:  # else no one strikes: only rangestrikes
            # who strikes in which pass is settled before anyone strikes, so that every
            # character in contact strikes (10.6); each pass in the order of the slots
            first = first_strikers(board, st, striking, strikers)
            for second in range(2):
                left = strikers & ~first if second else first
                while left != 0:
                    s = lowest_bit(left)
                    left &= left - 1
                    strike(
                        board, kinds, strikes, odds, params, st, s, trace, snap_hexes,
                        snap_hits, snap_alive,
                    )  # fmt: skip
        if striking == side:
            for s in range(n):
                if (
                    st.side[s] == striking
                    and st.alive[s]
                    and st.hexes[s] != OFF
                    and not (in_contact >> s) & 1
                    and kinds.rangestrikes[st.kind[s]]
                ):
                    rangestrike(
                        kinds, strikes, odds, params, st, s, occ_mask, trace, snap_hexes,
                        snap_hits, snap_alive,
                    )  # fmt: skip
    defender_slain = False
    for s in range(n):
        if st.slain[s]:
            if kinds.titan[st.kind[s]]:
                st.flags[F_TITAN_ATTACKER if st.side[s] == ATTACKER else F_TITAN_DEFENDER] = 1
            if st.side[s] == DEFENDER:
                defender_slain = True
            st.alive[s] = False
            st.occ[st.hexes[s]] = -1
            st.hexes[s] = OFF
            st.slain[s] = False
    if defender_slain and not st.flags[F_SUMMON_USED]:
        st.flags[F_SUMMON_PENDING] = 1  # 15.0: summon in the next own Maneuver Phase


# --- a whole Battle -------------------------------------------------------------------


@in_battle
def outcome(st):
    """The Battle's end, if it has ended: -1 while both Legions stand (19.3: a slain Titan
    takes its Legion out of the Battle)."""
    attackers = 0
    defenders = 0
    for s in range(st.kind.shape[0]):
        if st.alive[s]:
            if st.side[s] == ATTACKER:
                attackers += 1
            else:
                defenders += 1
    attacker_out = attackers == 0 or st.flags[F_TITAN_ATTACKER] != 0
    defender_out = defenders == 0 or st.flags[F_TITAN_DEFENDER] != 0
    if attacker_out and defender_out:
        return MUTUAL
    if defender_out:
        return ATTACKER_WINS
    if attacker_out:
        return DEFENDER_WINS
    return -1


@in_battle
def play_to(board, kinds, strikes, musters, start, odds, rows, st, step, stop, trace):
    """Play from step ``step`` until the Battle ends or step ``stop`` is reached, each
    Battle-Round with its own weights (``rows`` float64[ROUNDS, 2, WEIGHTS]: a side may open
    differently than it goes on); returns (outcome, or -1 while it goes on, the next step).

    The one compiled copy of a phase: every caller, the search's one-phase steps included,
    comes here, and the phases are inlined in this loop, not in a function of their own
    (each level of inlining costs the compiler a pass over everything inlined below it). A
    call per phase, passing every table and every array of the state, took a tenth of a 7v7
    Battle's time."""
    result = outcome(st)
    while result < 0:
        if step >= STEPS:
            return TIME_LOSS, step  # 10.5
        if step >= stop:
            break
        # step ``step`` of the Battle (10.3), with its Battle-Round's weights
        params = rows[step // PHASES_PER_ROUND]
        turn = step // PHASES_PER_ROUND + 1
        code = step % PHASES_PER_ROUND
        st.flags[F_STEP] = step
        side = DEFENDER if code < ATTACKER_MANEUVER else ATTACKER
        if code % 2 == 0:  # DEFENDER_MANEUVER, ATTACKER_MANEUVER
            maneuver(
                board, kinds, strikes, musters, start, odds, params[side], st, side, turn, step,
                trace,
            )  # fmt: skip
        else:
            strike_phase(board, kinds, strikes, odds, params, st, side, trace)
        result = outcome(st)
        step += 1
    return result, step


@in_battle_inline
def rounds_played(first, step):
    """The Battle-Rounds a Battle played from step ``first`` to ``step`` counts: the round
    of its last phase, or the round it was found over in."""
    if step == first:
        return step // PHASES_PER_ROUND + 1
    return (step - 1) // PHASES_PER_ROUND + 1


@in_battle_inline
def play_out(board, kinds, strikes, musters, start, odds, rows, st, step, trace):
    """Play from step ``step`` to the end (``play_to``); returns (outcome, rounds)."""
    # a typed stop, not the literal: a literal would compile play_to a second time
    result, end = play_to(
        board, kinds, strikes, musters, start, odds, rows, st, step, np.int64(STEPS), trace
    )
    return result, rounds_played(step, end)
