"""An Arena table as the kernel's ``Table`` (``simulator.arena.state``: shapes and meanings)."""

from __future__ import annotations

import numpy as np

from engine.arena.cards import N_CREATURES, ROUNDS
from engine.arena.game import Table
from engine.arena.rules import wager_value
from engine.arena.state import ArenaState, template, unseen
from simulator.arena import state as s


def arrays(t: Table) -> s.Table:
    """The kernel's Table of an engine's table (hidden places hold ``HIDDEN``; no log)."""
    n = t.players
    hands = np.full((n, s.HAND_ROOM), -1, np.int64)
    hand_n = np.zeros(n, np.int64)
    aside = np.full((n, s.HAND_ROOM), -1, np.int64)
    aside_n = np.zeros(n, np.int64)
    for p in range(n):
        hand_n[p] = len(t.hands[p])
        hands[p, : hand_n[p]] = t.hands[p]
        aside_n[p] = len(t.set_aside[p])
        aside[p, : aside_n[p]] = t.set_aside[p]
    draw = np.full(s.PILE_ROOM, -1, np.int64)
    draw[: len(t.draw)] = t.draw
    discard = np.full(s.PILE_ROOM, -1, np.int64)
    discard[: len(t.discard)] = t.discard
    cols = np.full((ROUNDS, N_CREATURES, s.ROW_ROOM), -1, np.int64)
    col_n = np.zeros((ROUNDS, N_CREATURES), np.int64)
    for r, column in enumerate(t.columns):
        for c, stack in enumerate(column):
            col_n[r, c] = len(stack)
            cols[r, c, : len(stack)] = stack
    ducats = np.zeros((n, N_CREATURES), np.int64)
    chip = np.zeros((ROUNDS, N_CREATURES), np.int64)
    for p, c, r in t.bets:
        ducats[p, c] += wager_value(r)
        chip[r - 1, c] = 1
    seat = np.array([[t.chips[p], t.capacity[p]] for p in range(n)], np.int64)
    secret = np.array(
        [[t.secret_creature[p], t.secret_card[p], int(t.secret_revealed[p])] for p in range(n)],
        np.int64,
    )
    alive = np.array([int(a) for a in t.alive], np.int64)
    died = np.array(t.died_in, np.int64)
    g = np.zeros(s.G_SIZE, np.int64)
    g[s.G_ROUND] = t.round
    g[s.G_PLAYER] = t.player
    g[s.G_STARTER] = t.starter
    g[s.G_TURN] = t.turn_number
    g[s.G_LAST] = t.last_player if t.last_player >= 0 else (t.player - 1) % n
    g[s.G_BID] = -1 if t.opening_bid is None else t.opening_bid
    g[s.G_STALE] = int(t.stalemate)
    g[s.G_OVER] = int(t.over)
    g[s.G_HEAD] = int(t.head_referee_out)
    g[s.G_DISCVIS] = int(t.discard_top_visible)
    g[s.G_DRAW_N] = len(t.draw)
    g[s.G_DISC_N] = len(t.discard)
    g[s.G_PLAYERS] = n
    return s.Table(hands, hand_n, draw, discard, cols, col_n, ducats, chip, seat, secret, alive,
                   died, g, aside, aside_n)  # fmt: skip


def state_arrays(state: ArenaState) -> tuple[s.Table, np.ndarray]:
    """The Table of a player's view, and the unseen cards the kernel deals into it."""
    return arrays(template(state)), np.array(unseen(state), np.int64)
