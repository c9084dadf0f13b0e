"""Every rule of the Arena as a small pure function of what it needs, citing its section.

The referee (``game.py``), the state checks (``checks.py``) and the kernel's tables read these;
none of them decides a rule on its own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.arena.cards import (
    CHIPS,
    HAND_CAPACITY,
    MAX_DISCARDS,
    PENALISED_CAPACITY,
    ROUNDS,
    SECRET_DUCATS,
    creature_of,
    is_spectator,
    is_strength,
    value,
)

LAST_BETTING_ROUND = 4  # 7: "Bets are not allowed in the final round"


# 5 Plays: the opening bid ---------------------------------------------------------------------


def opening_bidder(bids: Sequence[tuple[int, int]]) -> int:
    """The player who takes the first turn (5): the highest bid; among equal highest bids, the
    one bid first. ``bids`` are (player, number) in the order they were made, raises included
    (a player's last bid counts, and a raise to an equal number counts from when it was made)."""
    last: dict[int, tuple[int, int]] = {}
    for order, (player, number) in enumerate(bids):
        if player in last and number < last[player][0]:
            raise ValueError("a bid may be increased, not decreased (5)")
        if player not in last or number > last[player][0]:
            last[player] = (number, order)
    return min(last, key=lambda p: (-last[p][0], last[p][1]))


def holds_bid(hand: Sequence[int], bid: int, alive: Sequence[bool] = (True,) * 8) -> bool:
    """Whether a hand can honour an opening bid: a strength card of that number, of a living
    creature (5)."""
    return any(
        is_strength(card) and value(card) == bid and alive[creature_of(card)] for card in hand
    )


def capacity_after_bid(hand: Sequence[int], bid: int, alive: Sequence[bool] = (True,) * 8) -> int:
    """The winning bidder's Hand Capacity: seven for a bid higher than he can play (5)."""
    return HAND_CAPACITY if holds_bid(hand, bid, alive) else PENALISED_CAPACITY


# 7 Wagers ---------------------------------------------------------------------------------------


def wager_value(round_: int) -> int:
    """Ducats of a visible bet placed in ``round_`` (7): 4, 3, 2, 1; no bets in round 5."""
    if not 1 <= round_ <= LAST_BETTING_ROUND:
        raise ValueError(f"no visible bet in round {round_} (7)")
    return 5 - round_


def may_bet_visible(round_: int, alive: bool, chip_there: bool, chips_left: int) -> str | None:
    """Why a visible bet on a creature is refused (7), or None."""
    if round_ > LAST_BETTING_ROUND:
        return "bets are not allowed in the final round"
    if not alive:
        return "that creature is eliminated"
    if chip_there:
        return "that creature already has a wager in this round"
    if chips_left <= 0:
        return "all five chips are wagered"
    return None


def may_bet_secret(round_: int, already: bool, chips_left: int, card: int) -> str | None:
    """Why a secret bet with ``card`` is refused (7), or None."""
    if round_ != 1:
        return "a secret bet must be made in the first round"
    if already:
        return "only one secret bet a game"
    if chips_left <= 0:
        return "all five chips are wagered"
    if not is_strength(card):
        return "a secret bet is a strength card of the creature wagered on"
    return None


def revealed_ducats(
    bets: Sequence[tuple[int, int, int]], secrets: Mapping[int, int], creature: int
) -> dict[int, int]:
    """Revealed ducats on ``creature`` per player (15): its visible bets (player, creature,
    round) and the revealed secret bets ({player: creature})."""
    ducats: dict[int, int] = {}
    for player, on, round_ in bets:
        if on == creature:
            ducats[player] = ducats.get(player, 0) + wager_value(round_)
    for player, on in secrets.items():
        if on == creature:
            ducats[player] = ducats.get(player, 0) + SECRET_DUCATS
    return ducats


def backer(ducats: Mapping[int, int]) -> int | None:
    """The backer: the one player with the most revealed ducats (4, 15); None when tied or
    when nobody has revealed a ducat on it."""
    best = max(ducats.values(), default=0)
    if best <= 0:
        return None
    leaders = [p for p, d in ducats.items() if d == best]
    return leaders[0] if len(leaders) == 1 else None


# 8 Combat ---------------------------------------------------------------------------------------


def top_values(column: Sequence[Sequence[int]], alive: Sequence[bool]) -> list[int | None]:
    """The combat value of each living creature in a column (4, 8): its top card's; None for
    a creature without a card (or eliminated)."""
    return [value(stack[-1]) if alive[c] and stack else None for c, stack in enumerate(column)]


def lowest(column: Sequence[Sequence[int]], alive: Sequence[bool]) -> int | None:
    """The creature eliminated if the round ended now (8): every living creature has a card
    and exactly one has the lowest; None while the round goes on (a gap, or a tie)."""
    tops = top_values(column, alive)
    living = [(v, c) for c, v in enumerate(tops) if alive[c]]
    carded = [(v, c) for v, c in living if v is not None]
    if len(carded) < len(living):
        return None
    least = min(v for v, _ in carded)
    lows = [c for v, c in carded if v == least]
    return lows[0] if len(lows) == 1 else None


def may_play_on(card: int, creature: int, alive: bool) -> str | None:
    """Why ``card`` may not be played in ``creature``'s row (4, 8, 9), or None: a strength
    card of that creature or a spectator, on a living creature."""
    if not alive:
        return "that creature is eliminated"
    if is_spectator(card):
        return None
    if not is_strength(card):
        return "a referee is not played in a creature's row (10)"
    if creature_of(card) != creature:
        return "a strength card is played only in the row of its own creature"
    return None


# 9, 15 Powers -----------------------------------------------------------------------------------


def power_voided(stack_before: Sequence[int], covered_this_turn: bool) -> bool:
    """Whether a spectator voids a creature's power for a card played on it now (9, 15): one
    atop its current combat column, or one covered earlier in this same player turn."""
    return (bool(stack_before) and is_spectator(stack_before[-1])) or covered_this_turn


def may_use_power(
    is_backer: bool, card: int, creature: int, stack_before: Sequence[int], covered: bool
) -> bool:
    """Whether a card just played lets its player use ``creature``'s power (4, 9, 15): he is
    its backer, it is a strength card of that creature, and no spectator voids the power."""
    return (
        is_backer
        and is_strength(card)
        and creature_of(card) == creature
        and not power_voided(stack_before, covered)
    )


def cyclops_set_aside(hand_size: int) -> int:
    """How many of the victim's cards the Cyclops' stare sets aside: half, rounded up (15.1)."""
    return (hand_size + 1) // 2


TITAN_SNATCH = 3  # 15.5: three cards drawn at random from the victim's Hand; one kept
RANGER_DRAW = 3  # 15.4


# 11 Discards and draws --------------------------------------------------------------------------


def may_discard(card: int, alive: Sequence[bool], warlock: bool) -> str | None:
    """Why ``card`` may not be discarded from the Hand (11, 15.8), or None: a strength card of
    an eliminated creature; with the Warlock's power any strength card."""
    if not is_strength(card):
        return "only strength cards are discarded from the Hand"
    if warlock or not alive[creature_of(card)]:
        return None
    return "only strength cards of eliminated creatures are discarded (the Warlock excepted)"


def discards_left(used: int) -> int:
    """Discards still allowed this turn, the Warlock's included (11, 15.8)."""
    return max(0, MAX_DISCARDS - used)


def cards_to_draw(hand_size: int, capacity: int, pile: int, stalemate: bool) -> int:
    """Cards drawn at the end of a turn (11, 14): up to the capacity, from what the pile has;
    after a stalemate only one a turn."""
    want = max(0, capacity - hand_size)
    if stalemate:
        want = min(want, 1)
    return min(want, pile)


# 12 How to win ----------------------------------------------------------------------------------


def final_ducats(
    bets: Sequence[tuple[int, int, int]],
    secrets: Mapping[int, int],
    alive: Sequence[bool],
    players: int,
) -> list[int]:
    """Each player's ducats at the end (12): surviving bets, visible and secret (all revealed)."""
    ducats = [0] * players
    for player, creature, round_ in bets:
        if alive[creature]:
            ducats[player] += wager_value(round_)
    for player, creature in secrets.items():
        if alive[creature]:
            ducats[player] += SECRET_DUCATS
    return ducats


def winner(ducats: Sequence[int], last_player: int) -> int:
    """The winner (12): most ducats; among those tied, the one who played last (the latest
    turn: ``last_player``'s, then the players before him, counter-clockwise)."""
    best = max(ducats)
    n = len(ducats)
    for back in range(n):
        player = (last_player - back) % n
        if ducats[player] == best:
            return player
    raise AssertionError(ducats)


def chips_forfeit(round_: int, chips_left: int) -> int:
    """Chips unwagered after four rounds are forfeit (7)."""
    return chips_left if round_ > LAST_BETTING_ROUND else 0


assert ROUNDS == 5 and CHIPS == 5
