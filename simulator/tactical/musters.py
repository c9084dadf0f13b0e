"""The Muster Phase in the Tactical Titan kernel (6.0-6.4, 9.1, 9.2, 10.0-10.2): the active
player's region musters, region by region, then its summonings, each declared (its
participants logged, 6.4) before its two dice are rolled.

What may be mustered where and at what number is the tables' (``simulator.tactical.tables``
asks ``engine.tactical.musters``); which muster to attempt, with whom and into which hex is the
tactic's (``simulator.tactical.policy``): the character worth most points times its chance,
with every eligible character of a qualifying type taking part (they give the +1 of two types
and more hexes to come into), a Warlock or Cleric only where nobody else qualifies.
"""

from __future__ import annotations

from simulator.tactical.moves import locked
from simulator.tactical.policy import arrival_hex, summon_worth
from simulator.tactical.state import (
    D_ARRIVED,
    D_MUSTERED,
    D_USED_HEAL,
    D_USED_MUSTER_ABILITY,
    DEMON_DICE,
    DIRECTIONS,
    EV_MUSTER,
    EV_SUMMON,
    EV_TAKES_PART,
    G_ACTIVE,
    G_ENDED,
    G_SLOTS,
    L_C,
    L_D,
    L_FACES,
    L_MASTER,
    MASTER_ROLL,
    MUSTER_DICE,
    NONE,
    SUMMONS_NONE,
    SUMMONS_WARLOCK,
    bring_in,
    in_fight,
    in_fight_inline,
    log_event,
    roll,
)

DEMON_CODE = -2  # the tactic's choice of a Demon, before the die picks which (10.1)


@in_fight_inline
def eligible(f, board, s, player):
    """6.1: in play, the player's, not locked in contact, in no muster yet this turn, not
    brought in this phase."""
    if f.hexes[s] == NONE or f.owner[s] != player:
        return False
    if f.did[s] & (D_MUSTERED | D_ARRIVED):
        return False
    return not locked(f, board, s)


@in_fight_inline
def ability_free(f, kinds, s):
    """12.2: a Druid or Cleric that healed this turn may not use its muster ability."""
    return not (kinds.heal_or_muster[f.kind[s]] and f.did[s] & D_USED_HEAL)


@in_fight_inline
def roll_two(f, rng):
    """6.0: two dice; their total (their faces in ``f.faces``)."""
    roll(f, rng, MUSTER_DICE, 7)
    total = 0
    for face in range(1, 7):
        total += face * f.faces[face]
    return total


@in_fight_inline
def _log_roll(f, row):
    if row != NONE:
        for face in range(6):
            f.log[row, L_FACES + face] = f.faces[face + 1]


@in_fight
def muster_phase(f, board, kinds, rng):
    """6.0: every region muster the player may attempt (6.2), in the order of the regions its
    characters stand in, then its summonings (6.3)."""
    player = f.game[G_ACTIVE]
    regions = f.queue  # the regions with an eligible character, as found
    n = 0
    for s in range(f.game[G_SLOTS]):
        if not eligible(f, board, s, player):
            continue
        r = board.region[f.hexes[s]]
        if r == NONE or f.region_done[r]:
            continue
        seen = False
        for i in range(n):
            seen = seen or regions[i] == r
        if not seen:
            regions[n] = r
            n += 1
    for i in range(n):
        if f.game[G_ENDED] == NONE:
            region_muster(f, board, kinds, rng, regions[i])
    summonings(f, board, kinds, rng)


# --- region musters (6.2, 9.1, 9.2) ------------------------------------------------------------


@in_fight_inline
def _count(f, board, kinds, player, r, summoners):
    """The region's eligible characters by type (``f.count``), Warlocks and Clerics only when
    ``summoners``; the Druids' bonus among them (9.2)."""
    for t in range(f.count.shape[0]):
        f.count[t] = 0
    bonus = 0
    for s in range(f.game[G_SLOTS]):
        if not eligible(f, board, s, player) or board.region[f.hexes[s]] != r:
            continue
        t = f.kind[s]
        if kinds.muster_bonus[t] > 0 and ability_free(f, kinds, s):
            bonus = max(bonus, kinds.muster_bonus[t])
        if summoners or kinds.summons[t] == SUMMONS_NONE:
            f.count[t] += 1
    return bonus


@in_fight_inline
def _qualifying(f, kinds, r, u):
    """6.2: the types of the counted characters that qualify a muster of ``u`` in region r."""
    found = 0
    for t in range(f.count.shape[0]):
        if f.count[t] > 0:
            need = kinds.muster_need[r, t, u]
            if need > 0 and f.count[t] >= need:
                found += 1
    return found


@in_fight_inline
def _participants(f, board, kinds, player, r, u, summoners):
    """Every eligible character of the region of a type qualifying ``u``, and each Druid whose
    +1 counts (9.2), into ``f.order``; how many."""
    n = 0
    for s in range(f.game[G_SLOTS]):
        if not eligible(f, board, s, player) or board.region[f.hexes[s]] != r:
            continue
        t = f.kind[s]
        if not summoners and kinds.summons[t] != SUMMONS_NONE:
            continue
        need = kinds.muster_need[r, t, u]
        helps = kinds.muster_bonus[t] > 0 and ability_free(f, kinds, s)
        if (need > 0 and f.count[t] >= need) or helps:
            f.order[n] = s
            n += 1
    return n


@in_fight
def region_muster(f, board, kinds, rng, r):
    player = f.game[G_ACTIVE]
    summoners = False
    best, best_worth, best_target = NONE, 0.0, 0
    for attempt in range(2):  # Warlocks and Clerics kept for their summonings if they may be
        summoners = attempt == 1
        bonus = _count(f, board, kinds, player, r, summoners)
        for u in range(kinds.muster_number.shape[1]):
            number = kinds.muster_number[r, u]
            if number == 0 or f.pile[u] <= 0:
                continue
            ways = _qualifying(f, kinds, r, u)
            if ways == 0:
                continue
            target = number - bonus - (1 if ways > 1 and kinds.two_ways[r] else 0)
            worth = summon_worth(kinds, u, target)
            if worth <= best_worth:
                continue
            n = _participants(f, board, kinds, player, r, u, summoners)
            if arrival_hex(f, board, kinds, u, player, r, n, False) != NONE:
                best, best_worth, best_target = u, worth, target
        if best != NONE:
            break
    if best == NONE:
        return  # 6.2: no muster to attempt, or no hex to come into
    _count(f, board, kinds, player, r, summoners)
    n = _participants(f, board, kinds, player, r, best, summoners)
    best_hex = arrival_hex(f, board, kinds, best, player, r, n, True)
    for i in range(n):
        s = f.order[i]
        f.did[s] |= D_MUSTERED
        if kinds.muster_bonus[f.kind[s]] > 0 and ability_free(f, kinds, s):
            f.did[s] |= D_USED_MUSTER_ABILITY
        log_event(f, EV_TAKES_PART, s, 0, 0, 0)
    f.region_done[r] = 1
    total = roll_two(f, rng)
    row = log_event(f, EV_MUSTER, r, best, best_hex, NONE)
    _log_roll(f, row)
    if total < best_target:
        return
    t = best
    master = kinds.master[r]
    if (
        total == MASTER_ROLL
        and master != NONE
        and master != best
        and f.pile[master] > 0
        and kinds.stand[master, best_hex]
        and kinds.points[master] > kinds.points[best]
    ):
        t = master  # 9.1: the Master Muster character instead
        if row != NONE:
            f.log[row, L_MASTER] = 1
    s = bring_in(f, t, player, best_hex, D_ARRIVED)
    if s == NONE:
        return
    f.pile[t] -= 1
    f.mustered[player] += 1
    if row != NONE:
        f.log[row, L_D] = s


# --- summonings (6.3, 10.0-10.2) ---------------------------------------------------------------


@in_fight_inline
def _summoner(f, board, kinds, s, player):
    return (
        kinds.summons[f.kind[s]] != SUMMONS_NONE
        and eligible(f, board, s, player)
        and ability_free(f, kinds, s)
    )


@in_fight_inline
def _group(f, board, kinds, player, how, h):
    """The eligible summoners of one kind beside hex ``h``, into ``f.order``; how many."""
    n = 0
    for s in range(f.game[G_SLOTS]):
        if not _summoner(f, board, kinds, s, player) or kinds.summons[f.kind[s]] != how:
            continue
        for d in range(DIRECTIONS):
            if board.nbr[f.hexes[s], d] == h:
                f.order[n] = s
                n += 1
                break
    return n


@in_fight_inline
def _demon_worth(f, kinds, target):
    """A Demon's worth: the points of the one each die face brings, if left, on average."""
    worth = 0.0
    for face in range(DEMON_DICE):
        t = kinds.demons[face]
        if f.pile[t] > 0:
            worth += summon_worth(kinds, t, target) / DEMON_DICE
    return worth


@in_fight
def summonings(f, board, kinds, rng):
    """Each eligible summoner in turn summons, with every summoner of its kind beside the hex,
    what is worth most into the free hex beside it where that is (6.3, 10.1, 10.2)."""
    player = f.game[G_ACTIVE]
    for s in range(f.game[G_SLOTS]):
        if f.game[G_ENDED] != NONE or not _summoner(f, board, kinds, s, player):
            continue
        how = kinds.summons[f.kind[s]]
        best, best_worth, best_hex = NONE, 0.0, NONE
        for i in range(DIRECTIONS):
            h = board.by_index[f.hexes[s], i]
            if h == NONE:
                break
            if f.occ[h, 0] != NONE:
                continue
            together = 1 if _group(f, board, kinds, player, how, h) > 1 else 0
            if how == SUMMONS_WARLOCK:
                target = kinds.warlock_number[together]
                for k in range(kinds.warlock_into.shape[1]):
                    u = kinds.warlock_into[h, k]
                    if u == NONE:
                        break
                    if f.pile[u] > 0 and kinds.stand[u, h]:
                        worth = summon_worth(kinds, u, target)
                        if worth > best_worth:
                            best, best_worth, best_hex = u, worth, h
                if kinds.demon_into[h]:
                    worth = _demon_worth(f, kinds, target)
                    if worth > best_worth:
                        best, best_worth, best_hex = DEMON_CODE, worth, h
            else:
                for u in range(kinds.cleric_number.shape[0]):
                    number = kinds.cleric_number[u, together]
                    if number == 0 or f.dead[u] <= 0 or not kinds.cleric_into[u, h]:
                        continue
                    worth = summon_worth(kinds, u, number)
                    if worth > best_worth:
                        best, best_worth, best_hex = u, worth, h
        if best == NONE:
            continue
        n = _group(f, board, kinds, player, how, best_hex)
        for i in range(n):
            f.did[f.order[i]] |= D_MUSTERED | D_USED_MUSTER_ABILITY
            log_event(f, EV_TAKES_PART, f.order[i], 0, 0, 0)
        together = 1 if n > 1 else 0
        if how == SUMMONS_WARLOCK:
            target = kinds.warlock_number[together]
        else:
            target = kinds.cleric_number[best, together]
        total = roll_two(f, rng)
        row = log_event(f, EV_SUMMON, best if best != DEMON_CODE else NONE, best_hex, 0, NONE)
        _log_roll(f, row)
        if total < target:
            continue
        t = best
        if best == DEMON_CODE:  # 10.1: a die picks the Demon; none comes if it is all in play
            roll(f, rng, 1, 7)
            die = 1
            while f.faces[die] == 0:
                die += 1
            if row != NONE:
                f.log[row, L_C] = die
            t = kinds.demons[die - 1]
            if f.pile[t] <= 0:
                continue
        arrived = bring_in(f, t, player, best_hex, D_ARRIVED)
        if arrived == NONE:
            return
        if how == SUMMONS_WARLOCK:
            f.pile[t] -= 1
        else:
            f.dead[t] -= 1
        f.mustered[player] += 1
        if row != NONE:
            f.log[row, L_D] = arrived
