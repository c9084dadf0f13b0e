"""The legal choices of the player to move (6, 7, 10, 15), listed for policies and advice.

A power's choices are listed separately (``power_choices``): the plays list the cards and
rows, and whether the player would hold the power after it.
"""

from __future__ import annotations

from engine.arena import rules
from engine.arena.cards import (
    CYCLOPS,
    DRAGON,
    HEAD_REFEREE,
    N_CREATURES,
    REFEREES,
    TITAN,
    TROLL,
    UNICORN,
    WARLOCK,
    creature_of,
    is_spectator,
    is_strength,
)
from engine.arena.game import Place, Play, Power, Table, Turn


def wagers(t: Table) -> list[Turn]:
    """The wager step's choices (6, 7), secret bets included (each also the turn's play)."""
    p = t.player
    found = [Turn()]
    for c in range(N_CREATURES):
        if rules.may_bet_visible(t.round, t.alive[c], t.chip_in_round(c), t.chips[p]) is None:
            found.append(Turn(wager="bet", creature=c))
    if t.opening_bid is None:
        for card in sorted(set(t.hands[p])):
            why = rules.may_bet_secret(t.round, t.secret_creature[p] >= 0, t.chips[p], card)
            if why is None:
                found.append(Turn(wager="secret", secret_card=card))
    if t.secret_creature[p] >= 0 and not t.secret_revealed[p]:
        found.append(Turn(wager="reveal"))
    return found


def plays(t: Table, second: bool = False, exclude: int = -1) -> list[Play]:
    """The play step's choices (6, 8, 10) without powers; a pass only when nothing is playable.
    ``exclude`` is a card already played this turn (the Hydra's first)."""
    p = t.player
    hand = [c for c in t.hands[p] if c != exclude]
    found: list[Play] = []
    bid = t.opening_bid
    for card in sorted(set(hand)):
        honour = bid is not None and rules.holds_bid(hand, bid, t.alive)
        if honour and not (is_strength(card) and card % 11 == bid):
            continue
        if is_strength(card) and t.alive[creature_of(card)]:
            found.append(Play("card", card, creature_of(card)))
        elif is_spectator(card):
            found += [Play("card", card, c) for c in range(N_CREATURES) if t.alive[c]]
        elif second or bid is not None:
            continue
        elif card == HEAD_REFEREE:
            found += [Play("head_referee", card, c) for c in range(N_CREATURES)]
        elif card in REFEREES:
            found += [Play("referee", card, place=x) for x in t.visible_places()]
    if not found and not second:
        found.append(Play("pass"))
    return found


def holds_power(t: Table, play: Play, after_wager: Turn) -> bool:
    """Whether ``play`` after ``after_wager`` would let its player use its creature's power."""
    if play.kind != "card" or not is_strength(play.card):
        return False
    c = play.creature
    bets = list(t.bets)
    secrets = t.revealed_secrets()
    if after_wager.wager == "bet":
        bets.append((t.player, after_wager.creature, t.round))
    elif after_wager.wager == "reveal":
        secrets[t.player] = t.secret_creature[t.player]
    is_backer = rules.backer(rules.revealed_ducats(bets, secrets, c)) == t.player
    return rules.may_use_power(is_backer, play.card, c, t.column[c], False)


def power_choices(t: Table, creature: int) -> list[Power]:
    """The choices of ``creature``'s power for the player to move (15.1-15.8), on the table as it
    stands after the card that called it; the Ranger's one choice, the Warlock's single
    discards and none at all first."""
    p = t.player
    others = [q for q in range(t.players) if q != p]
    if creature in (CYCLOPS, TITAN):
        return [Power(target=q) for q in others]
    if creature == DRAGON:
        return [
            Power(target=c)
            for c in range(N_CREATURES)
            if c != DRAGON and t.alive[c] and t.column[c]
        ]
    if creature == TROLL:
        return [
            Power(place=x)
            for x in t.visible_places()
            if creature_of(t.visible(x)) == TROLL and not (x[0] == "column" and x[1] == t.round)
        ]
    if creature == UNICORN:
        places = t.visible_places()
        found = []
        for i, a in enumerate(places):
            for b in places[i + 1 :]:
                if creature_of(t.visible(a)) == creature_of(t.visible(b)):
                    found.append(Power(swap=(a, b)))
        return found
    if creature == WARLOCK:
        return [Power(cards=(c,)) for c in sorted(set(t.hands[p])) if is_strength(c)]
    return [Power()]


def visible_troll_places(t: Table) -> list[Place]:
    return [x.place for x in power_choices(t, TROLL) if x.place is not None]


def after_card(t: Table, play: Play) -> Table:
    """A copy of ``t`` with ``play``'s card moved from the Hand to its row (a power's choices
    are those of the table after its card)."""
    after = t.copy()
    after.hands[t.player].remove(play.card)
    after.column[play.creature].append(play.card)
    return after
