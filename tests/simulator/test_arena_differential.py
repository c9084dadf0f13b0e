"""The Arena's kernel against its rules: every game it plays, replayed turn by turn through
engine.arena (simulator.arena.trace), is legal at every step and ends where the kernel ends.

Games from the opening deal (5: the opening bid) and from the middle of a round, with every
scripted policy, many seeds. Each turn the kernel took is handed to
``engine.arena.game.apply`` with the chances it drew (the Cyclops' set-aside cards, the
Titan's snatch, a stalemate's new Draw pile); the engine refuses any turn against the rules.
At the end the engine's table is the kernel's, card for card, and the kernel's fast path
(``play_games``) played the same game.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import numpy as np

from engine.arena.cards import CREATURES, card_name
from engine.arena.game import Table, Turn, bid_of, new_table
from engine.arena.state import EXAMPLE_STATE
from simulator.arena import kernel, odds, policies, tables, trace
from simulator.arena import state as st

PLAYERS = ("Ann", "Bob", "Cat", "Dan")


def opening(players: int, seed: int) -> dict:
    """A table at the opening deal (3, 5), as the first player sees it after winning the
    opening bid with its highest card."""
    t = new_table(players, random.Random(seed))
    return {
        "players": [{"name": n, "hand_size": 8} for n in PLAYERS[:players]],
        "me": "Ann",
        "hand": [card_name(c) for c in t.hands[0]],
        "to_move": "Ann",
        "starter": "Ann",
        "round": 1,
        "columns": [],
        "draw_pile": len(t.draw),
        "opening_bid": bid_of(t.hands[0], t.alive),
    }


TABLES = {
    "opening-3": opening(3, 1),
    "opening-4": opening(4, 2),
    "mid-round-example": EXAMPLE_STATE,
}
POLICY_MIXES = {
    "default": {},
    "random": dict.fromkeys(PLAYERS, "random"),
    "mixed": {"Bob": "aggressive", "Cat": "random"},
}


def _games(name: str, mix: str, count: int) -> Iterator[tuple[odds.Setup, int, int]]:
    chosen = {p: v for p, v in POLICY_MIXES[mix].items() if p in _names(TABLES[name])}
    setup = odds.setup_of(TABLES[name], chosen)
    for index in range(count):
        yield setup, 20261124, index


def _names(state: dict) -> set[str]:
    return {p["name"] for p in state["players"]}


def _same_table(engine: Table, end: tuple[np.ndarray, ...]) -> None:
    """The engine's table is the kernel's: every card in the same place (Hands as sets of
    cards, the piles in order), the creatures' fates, the bets, the chips."""
    mine = tables.arrays(engine)
    hands, hand_n, cols, col_n = end[0], end[1], end[4], end[5]
    for p in range(engine.players):
        assert sorted(engine.hands[p]) == sorted(hands[p, : hand_n[p]].tolist()), p
        assert sorted(engine.set_aside[p]) == sorted(end[13][p, : end[14][p]].tolist()), p
    g = end[12]
    assert engine.draw == end[2][: g[st.G_DRAW_N]].tolist()
    assert engine.discard == end[3][: g[st.G_DISC_N]].tolist()
    assert (mine[5] == col_n).all()
    for r, c in np.ndindex(col_n.shape):  # each row of each column, bottom to top
        assert (mine[4][r, c, : col_n[r, c]] == cols[r, c, : col_n[r, c]]).all(), (r, c)
    for i in (6, 7, 8, 9, 10, 11):  # bets, chips, secrets, fates
        assert (mine[i] == end[i]).all(), i
    for index in (st.G_ROUND, st.G_OVER, st.G_HEAD):
        assert mine[12][index] == g[index], index


def _fast_path(setup: odds.Setup, seed: int, index: int) -> tuple:
    """Game ``index`` as ``play_games`` plays it (the service's path): died, ducats, winner."""
    players = len(setup.state.names)
    died = np.zeros((1, 8), np.int64)
    ducats = np.zeros((1, players), np.int64)
    winner = np.zeros(1, np.int64)
    kernel.play_games(
        setup.template, setup.pool, setup.policy_of, policies.params(), odds.NO_TURN, seed,
        index, died, ducats, winner, np.zeros(1, np.int64), np.zeros((0, 102), np.int64),
    )  # fmt: skip
    return died[0].tolist(), ducats[0].tolist(), int(winner[0])


def _tally(seen: Counter, turn: Turn) -> None:
    seen[f"wager {turn.wager}"] += 1
    for play in (turn.play, turn.second):
        if play is None:
            continue
        seen[f"play {play.kind}"] += 1
        if play.power is not None:
            seen[f"power {CREATURES[play.creature].name}"] += 1
    seen["second card"] += turn.second is not None
    seen["discard"] += len(turn.discards)
    seen["stalemate"] += turn.stalemate_pile is not None


def test_every_turn_of_the_kernel_is_legal_and_ends_where_the_kernel_ends():
    """30 games for each table and policy mix: each replayed through the engine's rules
    (a turn against them, or by the wrong player, raises), over when the kernel's is, the
    same cards in the same places at the end, the same dead creatures, ducats and winner
    (12) as the kernel's fast path; and across the games every wager, every kind of play,
    each creature's power, the Hydra's second card, discards and a stalemate (14) occur."""
    seen: Counter = Counter()
    for name in TABLES:
        for mix in POLICY_MIXES:
            for setup, seed, index in _games(name, mix, 30):
                game = trace.traced_game(setup, seed, index)
                table = game.dealt
                for _player, turn, table in trace.replay(game):  # noqa: B007
                    _tally(seen, turn)
                where = (name, mix, index)
                assert table.over, where
                _same_table(table, game.end)
                died, ducats, winner = _fast_path(setup, seed, index)
                assert (table.died_in, table.ducats(), table.winner()) == (died, ducats, winner)
                assert sorted(table.all_cards()) == list(range(102)), where  # 2: conserved
                seen["games"] += 1
    wanted = [
        "wager bet", "wager secret", "wager reveal", "wager pass",
        "play card", "play referee", "play head_referee", "play pass",
        "second card", "discard", "stalemate",
        *(f"power {c.name}" for c in CREATURES),
    ]  # fmt: skip
    assert [w for w in wanted if seen[w] == 0] == [], dict(seen)
