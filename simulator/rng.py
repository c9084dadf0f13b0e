"""Counter-based dice: SplitMix64 keyed by (seed, battle index), in numba.

Battle ``i`` of a request draws the values ``mix(key(seed, i) + k * GOLDEN)``
for k = 1, 2, ...; nothing is shared between Battles, so a request gives the
same answer whether it is played in one call or in chunks, on one core or on
many. A generator state is a one-element uint64 array owned by one Battle.
"""

from __future__ import annotations

import numpy as np
from numba import njit

GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_S30 = np.uint64(30)
_S27 = np.uint64(27)
_S31 = np.uint64(31)
_S32 = np.uint64(32)
_LOW32 = np.uint64(0xFFFFFFFF)
_SIX = np.uint64(6)


@njit(cache=True, inline="always")
def mix(z: np.uint64) -> np.uint64:
    """SplitMix64's finaliser: a bijection of 64-bit words with good avalanche."""
    z = (z ^ (z >> _S30)) * _M1
    z = (z ^ (z >> _S27)) * _M2
    return z ^ (z >> _S31)


@njit(cache=True)
def battle_key(seed: np.uint64, index: np.uint64) -> np.uint64:
    """The starting state of Battle ``index`` of a request with ``seed``."""
    return mix(mix(seed * GOLDEN + np.uint64(0x632BE59BD9B4E019)) ^ mix(index + GOLDEN))


@njit(cache=True, inline="always")
def next_word(state: np.ndarray) -> np.uint64:
    """The next 64 random bits of a generator state (uint64[1])."""
    state[0] += GOLDEN
    return mix(state[0])


@njit(cache=True)
def count_hits(state: np.ndarray, dice: int, strike_number: int) -> int:
    """Roll ``dice`` six-sided dice; how many show ``strike_number`` or more (12.0).

    Each die is the high part of a 32-bit word times six (a bias below 2**-29).
    """
    hits = 0
    left = dice
    while left > 0:
        word = next_word(state)
        lo = ((word & _LOW32) * _SIX) >> _S32
        if np.int64(lo) + 1 >= strike_number:
            hits += 1
        left -= 1
        if left > 0:
            hi = ((word >> _S32) * _SIX) >> _S32
            if np.int64(hi) + 1 >= strike_number:
                hits += 1
            left -= 1
    return hits


@njit(cache=True)
def roll_die(state: np.ndarray) -> int:
    """One die, 1..6."""
    word = next_word(state)
    return np.int64(((word & _LOW32) * _SIX) >> _S32) + 1
