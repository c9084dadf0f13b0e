"""A kernel call's Battles split into parts played side by side (simulator.threads)."""

from __future__ import annotations

import threading

import pytest

from simulator import threads


@pytest.mark.parametrize(("n", "parts"), [(0, 4), (1, 4), (7, 3), (100, 8), (5, 9)])
def test_the_parts_cover_every_battle_once(n, parts):
    covered: list[int] = []
    lock = threading.Lock()

    def play_part(lo: int, hi: int) -> None:
        with lock:
            covered.extend(range(lo, hi))

    threads.in_parts(play_part, n, parts)
    assert sorted(covered) == list(range(n))


def test_a_part_that_fails_fails_the_call():
    def play_part(lo: int, hi: int) -> None:
        if lo > 0:
            raise ValueError("a bad part")

    with pytest.raises(ValueError, match="a bad part"):
        threads.in_parts(play_part, 10, 2)


def test_parts_follow_the_threads_set():
    try:
        threads.set_threads(3)
        assert threads.threads() == 3
        assert threads.parts_for(10_000, 4, 64) == 12
        assert threads.parts_for(100, 4, 64) == 1  # no part smaller than 64 Battles
        threads.set_threads(1)
        assert threads.parts_for(10_000, 4, 64) == 1
        threads.set_threads(0)
        assert threads.threads() == threads.cores()
    finally:
        threads.set_threads(0)
