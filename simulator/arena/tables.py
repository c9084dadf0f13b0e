"""An Arena table as the kernel's arrays (``simulator.arena.kernel``: shapes and meanings)."""

from __future__ import annotations

import numpy as np

from engine.arena.game import Table
from engine.arena.state import ArenaState, template, unseen
from simulator.arena import kernel as k


def arrays(t: Table) -> tuple[np.ndarray, ...]:
    """The kernel's bundle for a table (hidden places hold ``HIDDEN``)."""
    n = t.players
    hands = np.full((n, k.H), -1, np.int64)
    hand_n = np.zeros(n, np.int64)
    aside = np.full((n, k.H), -1, np.int64)
    aside_n = np.zeros(n, np.int64)
    for p in range(n):
        hand_n[p] = len(t.hands[p])
        hands[p, : hand_n[p]] = t.hands[p]
        aside_n[p] = len(t.set_aside[p])
        aside[p, : aside_n[p]] = t.set_aside[p]
    draw = np.full(k.D, -1, np.int64)
    draw[: len(t.draw)] = t.draw
    disc = np.full(k.D, -1, np.int64)
    disc[: len(t.discard)] = t.discard
    cols = np.full((5, 8, k.S), -1, np.int64)
    col_n = np.zeros((5, 8), np.int64)
    for r, column in enumerate(t.columns):
        for c, stack in enumerate(column):
            col_n[r, c] = len(stack)
            cols[r, c, : len(stack)] = stack
    vis = np.zeros((n, 8), np.int64)
    chip = np.zeros((5, 8), np.int64)
    for p, c, r in t.bets:
        vis[p, c] += 5 - r
        chip[r - 1, c] = 1
    pl = np.array([[t.chips[p], t.capacity[p]] for p in range(n)], np.int64)
    sec = np.array(
        [[t.secret_creature[p], t.secret_card[p], int(t.secret_revealed[p])] for p in range(n)],
        np.int64,
    )
    alive = np.array([int(a) for a in t.alive], np.int64)
    died = np.array(t.died_in, np.int64)
    g = np.zeros(k.G_SIZE, np.int64)
    g[k.G_ROUND] = t.round
    g[k.G_PLAYER] = t.player
    g[k.G_STARTER] = t.starter
    g[k.G_TURN] = t.turn_number
    g[k.G_LAST] = t.last_player if t.last_player >= 0 else (t.player - 1) % n
    g[k.G_BID] = -1 if t.opening_bid is None else t.opening_bid
    g[k.G_STALE] = int(t.stalemate)
    g[k.G_OVER] = int(t.over)
    g[k.G_HEAD] = int(t.head_referee_out)
    g[k.G_DISCVIS] = int(t.discard_top_visible)
    g[k.G_DRAW_N] = len(t.draw)
    g[k.G_DISC_N] = len(t.discard)
    g[k.G_PLAYERS] = n
    return (hands, hand_n, draw, disc, cols, col_n, vis, chip, pl, sec, alive, died, g, aside,
            aside_n)  # fmt: skip


def state_arrays(state: ArenaState) -> tuple[tuple[np.ndarray, ...], np.ndarray]:
    """The bundle of a player's view, and the unseen cards the kernel deals into it."""
    return arrays(template(state)), np.array(unseen(state), np.int64)
