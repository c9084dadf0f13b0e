"""The Arena kernel's vocabulary: a game's table as arrays, its integer codes, the generator.

Cards are ``engine.arena.cards``' ints: strength cards ``creature * STRENGTHS + strength``
(0..87), spectators from ``FIRST_SPECTATOR`` (88..98), the ``HEAD_REFEREE`` (99) and the two
other ``REFEREES`` (100, 101); creatures are ``engine.arena.cards``' indices (``CYCLOPS`` ..
``WARLOCK``). ``engine.arena.state.HIDDEN`` marks a place whose card is dealt from the unseen
pool at the start of a game (``referee.deal``).

A game is played on a ``Table``: ``simulator.arena.tables`` builds one from the engine's table,
and each game copies it (``copy_table``). The codes of wagers, plays and places below are read
on the Python side by ``simulator.arena.advice`` (a forced first turn) and
``simulator.arena.trace`` (the log).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit

from engine.arena.cards import HEAD_REFEREE, N_CREATURES, ROUNDS
from simulator.rng import next_word

# --- room in the arrays -------------------------------------------------------------------
HAND_ROOM = 48  # most cards one Hand (or one player's set-aside cards) may hold
ROW_ROOM = 24  # most cards in one row of one column (11 strength cards + 11 spectators)
PILE_ROOM = 110  # room in the Draw pile and in the Discard tray (every card fits in each)

# --- the game's scalars: Table.game[G_*] ---------------------------------------------------
G_ROUND = 0  # the round, 1..5
G_PLAYER = 1  # the player to move
G_STARTER = 2  # the player who started the round
G_TURN = 3  # turns played in the whole game
G_LAST = 4  # the player who played last (12: ties go to him)
G_BID = 5  # the opening bid to honour this turn (5, 14), -1 none
G_STALE = 6  # 1 after a stalemate (14: one card drawn a turn)
G_OVER = 7  # 1 once the game has ended
G_HEAD = 8  # 1 once the Head Referee was played (it leaves the game)
G_DISCVIS = 9  # 1 when the Discard tray's top card is face up (10)
G_DRAW_N = 10  # cards in the Draw pile
G_DISC_N = 11  # cards in the Discard tray
G_PLAYERS = 12  # players at the table
G_DISCARDED = 13  # cards discarded this turn (11: three at most, the Warlock's included)
G_HYDRA = 14  # 1 when the Hydra's power lets this turn's player play a second card (15.3)
G_COVERED = 15  # rows whose spectator was covered this turn, a bit per creature (9)
G_LOG = 16  # events logged (a traced game's log follows the scalars: ``log_event``)
G_SIZE = 17

# --- columns of Table.seat and Table.secret -------------------------------------------------
SEAT_CHIPS, SEAT_CAPACITY = 0, 1  # chips left to wager (3, 7), Hand Capacity (5, 11)
SECRET_CREATURE, SECRET_CARD, SECRET_REVEALED = 0, 1, 2

# --- wagers (7), plays (6, 8, 10) and places (10) ------------------------------------------
W_PASS, W_BET, W_SECRET, W_REVEAL = 0, 1, 2, 3
P_NONE, P_CARD, P_HEAD, P_REFEREE, P_PASS = 0, 1, 2, 3, 4
PL_COLUMN, PL_DISCARD, PL_SECRET = 0, 1, 2  # a place's kind; with (a, b) as the log gives it
PLACE_KINDS = 3
NO_CARD = -1  # no card seen at a place; a secret bet's card once claimed away

# A play's option, one row of the scratch ``opts`` [OPTIONS, OPTION_WIDTH]: the play's kind
# (P_*), its card, then a creature (P_CARD, P_HEAD) or a place (P_REFEREE: kind, a, b).
O_KIND, O_CARD, O_C, O_A, O_B = 0, 1, 2, 3, 4
OPTION_WIDTH = 5
OPTIONS = 512  # room for every play a Hand may offer

# A forced first turn (int64[FORCED], ``simulator.arena.advice``): the wager's kind and its
# creature or card, then the play as an option row (kind, card, creature or place kind, a, b).
F_WAGER, F_WAGER_ARG, F_PLAY = 0, 1, 2
FORCED = 8  # F_PLAY + OPTION_WIDTH, and one spare
NOT_FORCED = -1  # in F_WAGER: the player's policy chooses

# --- the game's log: (E_*, then up to five values) a row -----------------------------------
E_TURN = 0  # player
E_WAGER = 1  # wager kind, creature or card
E_PLAY = 2  # play kind, card, creature or place kind, place's round and creature / player
E_SECOND = 3  # the Hydra's second card: card, creature
E_POWER = 4  # the power of creature c used: c
E_VICTIM = 5  # the Cyclops' or the Titan's victim: player
E_ASIDE = 6  # a card the Cyclops set aside
E_SNATCH = 7  # a card the Titan snatched
E_KEEP = 8  # the snatched card the Titan kept
E_BURN = 9  # the creature whose top card the Dragon burnt
E_CLAIM = 10  # the place of the card the Troll reclaimed: kind, a, b
E_SWAP = 11  # the Unicorn's exchange: the current round's row, and a place: kind, a, b
E_WARLOCK = 12  # a card the Warlock discarded
E_DISCARD = 13  # a card discarded at the turn's end (11)
E_PILE = 14  # a card of a stalemate's new Draw pile, from the bottom (14)
LOG_WIDTH = 6

MAX_TURNS = 3000  # a guard: a game of the rules never nears it


class Table(NamedTuple):
    """One game's table, P players; every array int64. Changed in place as the game goes on.

    A pile or a row holds its cards bottom first, its top last; only its first ``*_n`` (or
    ``game[G_DRAW_N]``, ``game[G_DISC_N]``) entries are cards.
    """

    hands: np.ndarray  # int64[P, HAND_ROOM]: each player's Hand
    hand_n: np.ndarray  # int64[P]
    draw: np.ndarray  # int64[PILE_ROOM]: the Draw pile
    discard: np.ndarray  # int64[PILE_ROOM]: the Discard tray
    cols: np.ndarray  # int64[ROUNDS, N_CREATURES, ROW_ROOM]: each round's row of a column (8)
    col_n: np.ndarray  # int64[ROUNDS, N_CREATURES]
    ducats: np.ndarray  # int64[P, N_CREATURES]: each player's visible bets' ducats (7)
    chip: np.ndarray  # int64[ROUNDS, N_CREATURES]: 1 where a visible chip went that round (7)
    seat: np.ndarray  # int64[P, 2]: chips left, Hand Capacity (SEAT_* columns)
    secret: np.ndarray  # int64[P, 3]: creature (-1 none), card (-1 claimed), revealed
    alive: np.ndarray  # int64[N_CREATURES]: 1 alive, 0 eliminated
    died: np.ndarray  # int64[N_CREATURES]: the round it was eliminated in, 0 alive
    game: np.ndarray  # int64[G_SIZE + L * LOG_WIDTH]: the scalars (G_*), then a traced game's log
    aside: np.ndarray  # int64[P, HAND_ROOM]: the cards the Cyclops set aside (15.1)
    aside_n: np.ndarray  # int64[P]


# --- compilation ---------------------------------------------------------------------------

# What a game runs once its table exists allocates nothing, so it is compiled without numba's
# reference counting (every read of an array out of the Table would otherwise count) and with
# NumPy's error model (no check per division: no divisor is zero). No fastmath: the same seed
# must play the same games on every machine. Only the tables' copies, the scratch of the
# entry points and ``referee.play_out`` allocate (and keep counting).
in_game = njit(cache=True, nogil=True, _nrt=False, error_model="numpy")
in_game_inline = njit(cache=True, nogil=True, _nrt=False, error_model="numpy", inline="always")


@njit(cache=True, nogil=True)
def copy_table(template, log_rows):
    """A copy of the Table ``template`` to play a game on, with room to log ``log_rows``
    events (0: none)."""
    game = np.zeros(G_SIZE + log_rows * LOG_WIDTH, np.int64)
    game[:G_SIZE] = template.game[:G_SIZE]
    return Table(
        template.hands.copy(), template.hand_n.copy(), template.draw.copy(),
        template.discard.copy(), template.cols.copy(), template.col_n.copy(),
        template.ducats.copy(), template.chip.copy(), template.seat.copy(),
        template.secret.copy(), template.alive.copy(), template.died.copy(),
        game, template.aside.copy(), template.aside_n.copy(),
    )  # fmt: skip


# The log is kept after the game's scalars, not in an array of its own: every function of the
# kernel takes the Table, and one array more in it made every game a fifth slower.
@in_game_inline
def log_event(t, event, a, b, c, d, e):
    """One event in the game's log, when it has room for it (``kernel.play_traced``)."""
    g = t.game
    at = G_SIZE + g[G_LOG] * LOG_WIDTH
    if at < g.shape[0]:
        g[at], g[at + 1], g[at + 2], g[at + 3], g[at + 4], g[at + 5] = event, a, b, c, d, e
        g[G_LOG] += 1


@in_game_inline
def below(rng, n):
    """A uniform int in [0, n) from the generator ``rng`` (uint64[1], ``simulator.rng``): the
    high 32 bits of a word scaled to n."""
    return np.int64(((next_word(rng) >> np.uint64(32)) * np.uint64(n)) >> np.uint64(32))


@in_game
def remove_at(arr, n, i):
    """Remove index i of arr[:n] keeping the order; the new length."""
    for k in range(i, n - 1):
        arr[k] = arr[k + 1]
    return n - 1


@in_game
def find(arr, n, card):
    """The first index of ``card`` in arr[:n], -1 if absent."""
    for k in range(n):
        if arr[k] == card:
            return k
    return -1


@in_game
def census(t, count):
    """Add one to ``count`` (int64[N_CARDS]) for every card on the table: where each card is
    at the end (2: the Head Referee, once played, has left the game)."""
    hands, hand_n, aside, aside_n, secret, g = (
        t.hands, t.hand_n, t.aside, t.aside_n, t.secret, t.game
    )  # fmt: skip
    for p in range(g[G_PLAYERS]):
        for k in range(hand_n[p]):
            count[hands[p, k]] += 1
        for k in range(aside_n[p]):
            count[aside[p, k]] += 1
        if secret[p, SECRET_CARD] >= 0:
            count[secret[p, SECRET_CARD]] += 1
    for k in range(g[G_DRAW_N]):
        count[t.draw[k]] += 1
    for k in range(g[G_DISC_N]):
        count[t.discard[k]] += 1
    for r in range(ROUNDS):
        for c in range(N_CREATURES):
            for k in range(t.col_n[r, c]):
                count[t.cols[r, c, k]] += 1
    if g[G_HEAD] == 1:
        count[HEAD_REFEREE] += 1
