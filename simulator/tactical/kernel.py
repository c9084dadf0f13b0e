"""The Tactical Titan kernel's entry point: fights from a Start to their end, in numba.

Fight ``i`` of a request rolls its dice from the generator ``battle_key(seed, i)``
(``simulator.rng``), so fights are independent and the same whatever the threads and the
parts a request is played in. ``play_fights`` plays a run of fights, one after the other on
one Fight reset between them; it releases Python's lock, so threads of
``simulator.tactical.odds`` play parts side by side. Given a log of rows (``state.LOG_WIDTH``)
it writes every event of its first fight there (``simulator.tactical.trace`` reads it).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit

from simulator.rng import battle_key
from simulator.tactical.referee import play
from simulator.tactical.state import (
    G_ENDED,
    G_LOG,
    G_SLOTS,
    G_TURNS,
    in_fight,
    new_fight,
    reset,
)


class Outputs(NamedTuple):
    """What ``play_fights`` writes, a row per fight (see its notes)."""

    ended: np.ndarray
    played: np.ndarray
    fell: np.ndarray
    gained: np.ndarray
    healed: np.ndarray
    angels: np.ndarray
    mustered: np.ndarray
    standing: np.ndarray
    survived: np.ndarray


@njit(cache=True, nogil=True)
def play_fights(board, kinds, lines, start, seed, first, turns, until, log,
                ended, played, fell, gained, healed, angels, mustered, standing,
                survived):  # fmt: skip
    """Fights first..first+n-1 of ``seed`` (n = ended.size) from ``start``; many threads may
    call it at once on their own outputs (nogil).

    turns: the most player turns a fight lasts (4.0); until: UNTIL_*; log: int64[L, LOG_WIDTH]
    for the first fight's events (L = 0: none). Outputs, one row per fight: ended int64[n]
    (ENDED_*), played int64[n] (player turns begun), and per player (P columns) fell (the Titan
    fell), gained (points scored, 8.2), healed (damage healed, 5.0), angels (Lords come into
    play, 8.3), mustered (characters mustered and summoned, 6.0), standing (characters left on
    the map); survived int64[n, N0]: each of the
    state's characters still in play at the end.
    """
    fight = new_fight(start, board, kinds, log)
    rng = np.empty(1, np.uint64)
    outputs = Outputs(ended, played, fell, gained, healed, angels, mustered, standing, survived)
    _play_all(fight, board, kinds, lines, start, rng, seed, first, turns, until, outputs)


@in_fight
def _play_all(fight, board, kinds, lines, start, rng, seed, first, turns, until, out):
    """The fights one after the other on one Fight, without numba's reference counting (an
    entry point counts every array it hands on: some microseconds a fight)."""
    for i in range(out.ended.size):
        reset(fight, start)
        if i > 0:
            fight.game[G_LOG] = fight.log.shape[0]  # the first fight's log is kept
        rng[0] = battle_key(np.uint64(seed), np.uint64(first + i))
        play(fight, board, kinds, lines, rng, turns, until)
        out.ended[i] = fight.game[G_ENDED]
        out.played[i] = fight.game[G_TURNS]
        for q in range(out.fell.shape[1]):
            out.fell[i, q] = fight.fell[q]
            out.gained[i, q] = fight.gained[q]
            out.healed[i, q] = fight.healed[q]
            out.angels[i, q] = fight.angels[q]
            out.mustered[i, q] = fight.mustered[q]
            out.standing[i, q] = 0
        for s in range(fight.game[G_SLOTS]):
            if fight.hexes[s] >= 0:
                out.standing[i, fight.owner[s]] = 1
        for s in range(out.survived.shape[1]):
            out.survived[i, s] = 1 if fight.hexes[s] >= 0 else 0
