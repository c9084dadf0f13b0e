"""The Arena kernel's entry points: whole games from a table to their end, in numba.

Game ``i`` of a request deals the unseen cards and plays every turn with the generator
``battle_key(seed, i)`` (``simulator.rng``), so games are independent and the same ``i`` deals
the same cards whatever the first turn is: advice compares its plays on common random numbers.
``play_games`` plays a run of games (the service's odds and advice, on threads of
``simulator.arena.odds``: it releases Python's lock); ``play_traced`` plays one game and logs
its every choice and chance (``simulator.arena.trace``). Both hand each game to the referee
(``simulator.arena.referee``), which asks each player's policy (``simulator.arena.policy``)
for his choices. They take arrays, scalars and a ``Table`` (``simulator.arena.state``, built
by ``simulator.arena.tables``) whose hidden places hold ``HIDDEN``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from engine.arena.cards import N_CREATURES
from simulator.arena.referee import deal, play_out, score
from simulator.arena.state import (
    FORCED,
    G_LOG,
    G_SIZE,
    LOG_WIDTH,
    NOT_FORCED,
    OPTION_WIDTH,
    OPTIONS,
    census,
    copy_table,
)
from simulator.rng import battle_key


@njit(cache=True, nogil=True)
def play_games(template, pool, policy_of, params, forced, seed, first, died, ducats, winner,
               turns, census_):  # fmt: skip
    """Games first..first+n-1 of ``seed`` (n = winner.size), one after the other; many threads
    may call it at once on their own outputs (nogil).

    template: the ``Table`` (hidden places ``HIDDEN``); pool int64[m] the
    unseen cards; policy_of int64[P] each player's row of params float64[policies, N_PARAMS];
    forced int64[FORCED]: the first turn, F_WAGER NOT_FORCED for the policy's own. Outputs:
    died int64[n, 8] (the round it died, 0 if it survived), ducats int64[n, P], winner
    int64[n], turns int64[n]; census_ int64[n, N_CARDS] counts where each card is at the end
    (every count 1) when census_.shape[0] == n.
    """
    opts = np.empty((OPTIONS, OPTION_WIDTH), np.int64)
    interest = np.empty(N_CREATURES, np.float64)
    strength = np.empty(N_CREATURES, np.float64)
    rng = np.empty(1, np.uint64)
    own_pool = np.empty_like(pool)
    for i in range(winner.size):
        t = copy_table(template, 0)
        rng[0] = battle_key(np.uint64(seed), np.uint64(first + i))
        own_pool[:] = pool
        deal(t, own_pool, rng)
        turns[i] = play_out(t, rng, policy_of, params, forced, opts, interest, strength)
        winner[i] = score(t, died[i], ducats[i])
        if census_.shape[0] == winner.size:
            census(t, census_[i])


@njit(cache=True, nogil=True)
def play_traced(template, pool, policy_of, params, seed, index, log):
    """Game ``index`` of ``seed`` as ``play_games`` plays it, every choice and chance written
    to ``log`` int64[L, LOG_WIDTH] (E_* events): (the Table as dealt, the Table at the end,
    rows logged)."""
    opts = np.empty((OPTIONS, OPTION_WIDTH), np.int64)
    interest = np.empty(N_CREATURES, np.float64)
    strength = np.empty(N_CREATURES, np.float64)
    rng = np.empty(1, np.uint64)
    rng[0] = battle_key(np.uint64(seed), np.uint64(index))
    dealt = copy_table(template, 0)
    deal(dealt, pool.copy(), rng)
    t = copy_table(dealt, log.shape[0])
    none = np.full(FORCED, NOT_FORCED, np.int64)
    play_out(t, rng, policy_of, params, none, opts, interest, strength)
    rows = t.game[G_LOG]
    log[:rows] = t.game[G_SIZE : G_SIZE + rows * LOG_WIDTH].copy().reshape((rows, LOG_WIDTH))
    return dealt, t, rows
