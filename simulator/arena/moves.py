"""What the rules allow and what the table shows: the Arena kernel's rule queries.

No choices and no dice: the referee (``simulator.arena.referee``) and the policy
(``simulator.arena.policy``) both ask these of a ``Table`` (``simulator.arena.state``). Each
mirrors a rule of ``engine.arena`` (``rules.py``, ``game.py``, ``moves.py``), cited by section.
"""

from __future__ import annotations

from engine.arena.cards import (
    DRAGON,
    FIRST_SPECTATOR,
    HEAD_REFEREE,
    N_CREATURES,
    N_STRENGTH,
    REFEREES,
    SECRET_DUCATS,
    STRENGTHS,
)
from engine.arena.rules import LAST_BETTING_ROUND
from simulator.arena.state import (
    G_BID,
    G_DISC_N,
    G_DISCVIS,
    G_PLAYERS,
    G_ROUND,
    NO_CARD,
    O_A,
    O_B,
    O_C,
    O_CARD,
    O_KIND,
    P_CARD,
    P_HEAD,
    P_REFEREE,
    PL_COLUMN,
    PL_DISCARD,
    PL_SECRET,
    SEAT_CHIPS,
    SECRET_CARD,
    SECRET_CREATURE,
    SECRET_REVEALED,
    find,
    in_game,
    in_game_inline,
)

REFEREE_A, REFEREE_B = REFEREES  # the two Referees other than the Head Referee
ABOVE_ANY_VALUE = STRENGTHS  # more than any card shows (values 0..10)


# --- cards ---------------------------------------------------------------------------------


@in_game_inline
def card_value(card):
    """The combat value a strength card or a spectator shows (4, 9); -1 for a Referee."""
    if card < N_STRENGTH:
        return card % STRENGTHS
    if card < HEAD_REFEREE:
        return card - FIRST_SPECTATOR
    return -1


@in_game
def visible(t, kind, a, b):
    """The visible card at a place (10), or NO_CARD: the top of round a's row of creature b
    (PL_COLUMN; rounds count from 0), the Discard tray's top when face up (PL_DISCARD), player
    a's revealed secret card (PL_SECRET)."""
    g = t.game
    if kind == PL_COLUMN:
        if a < 0 or a > g[G_ROUND] - 1:
            return NO_CARD
        n = t.col_n[a, b]
        return t.cols[a, b, n - 1] if n > 0 else NO_CARD
    if kind == PL_DISCARD:
        n = g[G_DISC_N]
        return t.discard[n - 1] if n > 0 and g[G_DISCVIS] == 1 else NO_CARD
    if t.secret[a, SECRET_REVEALED] == 1:
        return t.secret[a, SECRET_CARD]
    return NO_CARD


@in_game
def top_value(t, c):
    """The value creature c shows in the current round's row (8), -1 without a card."""
    r = t.game[G_ROUND] - 1
    n = t.col_n[r, c]
    return card_value(t.cols[r, c, n - 1]) if n > 0 else -1


@in_game
def lowest(t, r):
    """8: the creature eliminated if round r's row (from 0) ended now; -1 while a living
    creature has no card there, or the lowest value is tied."""
    least = ABOVE_ANY_VALUE
    who = -1
    count = 0
    for c in range(N_CREATURES):
        if t.alive[c] == 0:
            continue
        n = t.col_n[r, c]
        if n == 0:
            return -1
        v = card_value(t.cols[r, c, n - 1])
        if v < least:
            least, who, count = v, c, 1
        elif v == least:
            count += 1
    return who if count == 1 else -1


# --- wagers (7) and who backs a creature (15) -------------------------------------------------


@in_game_inline
def wager_value(r):
    """Ducats of a visible bet placed in round r (7): 4, 3, 2, 1."""
    return LAST_BETTING_ROUND + 1 - r


@in_game_inline
def may_bet(t, p):
    """7: a visible bet needs a chip, and none is placed in the last round."""
    return t.seat[p, SEAT_CHIPS] > 0 and t.game[G_ROUND] <= LAST_BETTING_ROUND


@in_game_inline
def open_to_bets(t, c):
    """7: a visible bet goes on a living creature with no chip placed on it this round."""
    return t.alive[c] == 1 and t.chip[t.game[G_ROUND] - 1, c] == 0


@in_game_inline
def may_bet_secretly(t, p):
    """7: a secret bet, one a player, in the first round, not on a turn that honours an opening
    bid (5)."""
    return (
        t.seat[p, SEAT_CHIPS] > 0
        and t.game[G_ROUND] == 1
        and t.secret[p, SECRET_CREATURE] < 0
        and t.game[G_BID] < 0
    )


@in_game_inline
def may_reveal(t, p):
    return t.secret[p, SECRET_CREATURE] >= 0 and t.secret[p, SECRET_REVEALED] == 0


@in_game
def revealed_ducats(t, p, c):
    """Player p's ducats on c that the table shows (15): his visible bets, his secret bet once
    revealed."""
    d = t.ducats[p, c]
    if t.secret[p, SECRET_CREATURE] == c and t.secret[p, SECRET_REVEALED] == 1:
        d += SECRET_DUCATS
    return d


@in_game
def backer(t, c, revealing):
    """15: the one player with the most revealed ducats on c; -1 if tied or none. Player
    ``revealing``'s secret bet counts as revealed (-1: nobody's), for one weighing whether to
    reveal it."""
    best = 0
    who = -1
    tied = False
    for p in range(t.game[G_PLAYERS]):
        d = revealed_ducats(t, p, c)
        if (
            p == revealing
            and t.secret[p, SECRET_CREATURE] == c
            and t.secret[p, SECRET_REVEALED] == 0
        ):
            d += SECRET_DUCATS
        if d > best:
            best, who, tied = d, p, False
        elif d == best and d > 0:
            tied = True
    return -1 if tied else who


# --- plays (6, 8, 10) ---------------------------------------------------------------------------


@in_game
def holds_bid(t, p, bid):
    """5: whether p's Hand can honour an opening bid: a strength card of that number, of a
    living creature."""
    for k in range(t.hand_n[p]):
        card = t.hands[p, k]
        if card < N_STRENGTH and card % STRENGTHS == bid and t.alive[card // STRENGTHS] == 1:
            return True
    return False


@in_game
def anything_to_claim(t):
    """10: whether a Referee could claim a card: a visible strength card anywhere."""
    for r in range(t.game[G_ROUND]):
        for c in range(N_CREATURES):
            card = visible(t, PL_COLUMN, r, c)
            if card >= 0 and card < N_STRENGTH:
                return True
    card = visible(t, PL_DISCARD, 0, 0)
    if card >= 0 and card < N_STRENGTH:
        return True
    for p in range(t.game[G_PLAYERS]):
        card = visible(t, PL_SECRET, p, 0)
        if card >= 0 and card < N_STRENGTH:
            return True
    return False


@in_game
def has_play(t, p, with_aside):
    """6, 10, 14: whether p holds a card he may play (``with_aside``: his set-aside cards
    counted, as they will be back in his Hand)."""
    claims = anything_to_claim(t)
    for pass_ in range(2 if with_aside else 1):
        arr = t.hands if pass_ == 0 else t.aside
        n = t.hand_n[p] if pass_ == 0 else t.aside_n[p]
        for k in range(n):
            card = arr[p, k]
            if card >= FIRST_SPECTATOR and card < REFEREE_A:  # a spectator, the Head Referee
                return True
            if card < N_STRENGTH and t.alive[card // STRENGTHS] == 1:
                return True
            if card >= REFEREE_A and claims:
                return True
    return False


@in_game_inline
def _option(opts, m, kind, card, c, a, b):
    opts[m, O_KIND], opts[m, O_CARD], opts[m, O_C], opts[m, O_A], opts[m, O_B] = (
        kind, card, c, a, b
    )  # fmt: skip


@in_game
def legal_plays(t, p, opts, second, bid):
    """The plays open to p (6, 8, 10) as rows of ``opts`` (int64[OPTIONS, OPTION_WIDTH]: the
    O_* columns); how many. ``second``: the Hydra's second card (15.3), a card on a row; ``bid``
    the opening bid he must honour if he can (5), -1 none. The two Referees are one play."""
    hands, alive, g = t.hands, t.alive, t.game
    m = 0
    honour = False
    if bid >= 0:
        honour = holds_bid(t, p, bid)
    for k in range(t.hand_n[p]):
        card = hands[p, k]
        if honour and not (card < N_STRENGTH and card % STRENGTHS == bid):
            continue
        if card < N_STRENGTH:
            if alive[card // STRENGTHS] == 1:
                _option(opts, m, P_CARD, card, card // STRENGTHS, 0, 0)
                m += 1
        elif card < HEAD_REFEREE:  # a spectator, on any living creature's row (9)
            for c in range(N_CREATURES):
                if alive[c] == 1:
                    _option(opts, m, P_CARD, card, c, 0, 0)
                    m += 1
        elif second or bid >= 0:
            continue
        elif card == HEAD_REFEREE:
            for c in range(N_CREATURES):
                _option(opts, m, P_HEAD, card, c, 0, 0)
                m += 1
        else:
            other = REFEREE_A if card == REFEREE_B else REFEREE_B
            if k > 0 and find(hands[p], k, other) >= 0:
                continue  # the other Referee's plays are listed already
            for r in range(g[G_ROUND]):
                for c in range(N_CREATURES):
                    v = visible(t, PL_COLUMN, r, c)
                    if v >= 0 and v < N_STRENGTH:
                        _option(opts, m, P_REFEREE, card, PL_COLUMN, r, c)
                        m += 1
            v = visible(t, PL_DISCARD, 0, 0)
            if v >= 0 and v < N_STRENGTH:
                _option(opts, m, P_REFEREE, card, PL_DISCARD, 0, 0)
                m += 1
            for q in range(g[G_PLAYERS]):
                v = visible(t, PL_SECRET, q, 0)
                if v >= 0 and v < N_STRENGTH:
                    _option(opts, m, P_REFEREE, card, PL_SECRET, q, 0)
                    m += 1
    return m


@in_game_inline
def may_burn(t, x):
    """15.2: the Dragon burns the top card of another living creature's row this round."""
    return x != DRAGON and t.alive[x] == 1 and t.col_n[t.game[G_ROUND] - 1, x] > 0
