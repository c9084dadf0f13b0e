"""One game of the Arena's kernel told as the engine's turns.

``traced_game`` plays game ``index`` of a seed with ``kernel.play_traced``, which logs every
choice the scripted players make and every chance the game deals (``state.E_*``), and
turns the log into the table as dealt and one ``engine.arena.game.Turn`` per player turn,
the chances given as a replay gives them (the Cyclops' set-aside cards, the Titan's
snatch, a stalemate's new Draw pile). Replayed through ``engine.arena.game.apply``, the
turns must be legal and end where the kernel ended
(tests/simulator/test_arena_differential.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace

import numpy as np

from engine.arena.cards import CYCLOPS, DRAGON, TITAN, TROLL, UNICORN
from engine.arena.game import Play, Power, Problem, Table, Turn, apply
from engine.arena.state import template
from simulator.arena import kernel, policies
from simulator.arena import state as st
from simulator.arena.odds import Setup

LOG_ROWS = 20_000  # far more than a game of the rules logs
WAGERS = {st.W_PASS: "pass", st.W_BET: "bet", st.W_SECRET: "secret", st.W_REVEAL: "reveal"}
# the powers that may find nothing to do: the kernel then logs no choice, and none was used
MAY_FIND_NOTHING = (DRAGON, TROLL, UNICORN)


@dataclass(frozen=True)
class TracedGame:
    dealt: Table  # every hidden card in the place the kernel dealt it
    logs: tuple[list[np.ndarray], ...]  # the log's rows of each player turn, in order
    end: st.Table  # the kernel's table at the end


def place(kind: int, a: int, b: int) -> tuple:
    """The engine's place of a kernel place (a column's round counts from 1 there)."""
    if kind == st.PL_COLUMN:
        return ("column", int(a) + 1, int(b))
    if kind == st.PL_DISCARD:
        return ("discard",)
    return ("secret", int(a))


def _filled(t: Table, dealt: st.Table) -> Table:
    """The table ``t`` with the kernel's cards in every place that can hold hidden ones."""
    hands, hand_n, aside, aside_n, sec, g = (
        dealt.hands, dealt.hand_n, dealt.aside, dealt.aside_n, dealt.secret, dealt.game
    )  # fmt: skip
    n = t.players
    return replace(
        t,
        hands=[[int(x) for x in hands[p, : hand_n[p]]] for p in range(n)],
        set_aside=[[int(x) for x in aside[p, : aside_n[p]]] for p in range(n)],
        draw=[int(x) for x in dealt.draw[: g[st.G_DRAW_N]]],
        discard=[int(x) for x in dealt.discard[: g[st.G_DISC_N]]],
        secret_creature=[int(sec[p, st.SECRET_CREATURE]) for p in range(n)],
        secret_card=[int(sec[p, st.SECRET_CARD]) for p in range(n)],
    )


def _turn_logs(log: np.ndarray) -> Iterator[list[np.ndarray]]:
    """The log's rows, one list per player turn."""
    rows: list[np.ndarray] = []
    for row in log:
        if row[0] == st.E_TURN and rows:
            yield rows
            rows = []
        rows.append(row)
    if rows:
        yield rows


class _Power:
    """A power's choices as they are logged, into the engine's ``Power``."""

    def __init__(self, creature: int):
        self.creature = creature
        self.target: int | None = None
        self.place: tuple | None = None
        self.swap: tuple | None = None
        self.cards: list[int] = []
        self.set_aside: list[int] = []
        self.snatched: list[int] = []
        self.keep: int | None = None
        self.chose = False

    def power(self) -> Power | None:
        if self.creature in MAY_FIND_NOTHING and not self.chose:
            return None
        return Power(
            target=self.target,
            place=self.place,
            swap=self.swap,
            cards=tuple(self.cards),
            set_aside=tuple(self.set_aside) if self.creature == CYCLOPS else None,
            snatched=tuple(self.snatched) if self.creature == TITAN else None,
            keep=self.keep,
        )


def turn_of(rows: list[np.ndarray], round_: int) -> tuple[int, Turn]:
    """(the player, the turn) of one turn's log rows; ``round_`` is the round it is played
    in (the Unicorn's exchange names a row of its column)."""
    player = -1
    wager, creature, secret = "pass", -1, -1
    plays: list[Play] = []
    powers: list[_Power | None] = []
    discards: list[int] = []
    pile: list[int] = []
    for row in rows:
        event, a, b, c, d, e = (int(x) for x in row)
        power = powers[-1] if powers else None
        if event == st.E_TURN:
            player = a
        elif event == st.E_WAGER:
            wager = WAGERS[a]
            creature, secret = (b, -1) if wager == "bet" else (-1, b if wager == "secret" else -1)
        elif event == st.E_PLAY:
            if a == st.P_PASS:
                plays.append(Play("pass"))
            elif a == st.P_CARD:
                plays.append(Play("card", b, creature=c))
            elif a == st.P_HEAD:
                plays.append(Play("head_referee", b, creature=c))
            else:
                plays.append(Play("referee", b, place=place(c, d, e)))
            powers.append(None)
        elif event == st.E_SECOND:
            plays.append(Play("card", a, creature=b))
            powers.append(None)
        elif event == st.E_POWER:
            powers[-1] = _Power(a)
        elif event == st.E_VICTIM:
            power.target = a
        elif event == st.E_ASIDE:
            power.set_aside.append(a)
        elif event == st.E_SNATCH:
            power.snatched.append(a)
        elif event == st.E_KEEP:
            power.keep = a
        elif event == st.E_BURN:
            power.target, power.chose = a, True
        elif event == st.E_CLAIM:
            power.place, power.chose = place(a, b, c), True
        elif event == st.E_SWAP:
            power.swap, power.chose = (("column", round_, a), place(b, c, d)), True
        elif event == st.E_WARLOCK:
            power.cards.append(a)
        elif event == st.E_DISCARD:
            discards.append(a)
        elif event == st.E_PILE:
            pile.append(a)
        else:
            raise ValueError(f"unknown event {event}")
    plays = [
        replace(play, power=power.power()) if power is not None else play
        for play, power in zip(plays, powers, strict=True)
    ]
    return player, Turn(
        wager=wager,
        creature=creature,
        secret_card=secret,
        play=plays[0] if plays else None,
        second=plays[1] if len(plays) > 1 else None,
        discards=tuple(discards),
        stalemate_pile=tuple(pile) if pile else None,
    )


def traced_game(setup: Setup, seed: int, index: int) -> TracedGame:
    """Game ``index`` of ``seed`` on the setup's table, as the kernel plays it."""
    log = np.zeros((LOG_ROWS, st.LOG_WIDTH), np.int64)
    dealt, end, rows = kernel.play_traced(
        setup.template, setup.pool, setup.policy_of, policies.params(), seed, index, log
    )
    if rows >= LOG_ROWS:
        raise RuntimeError("the game's log ran out of rows")
    return TracedGame(_filled(template(setup.state), dealt), tuple(_turn_logs(log[:rows])), end)


def replay(game: TracedGame) -> Iterator[tuple[int, Turn, Table]]:
    """(the player, the turn, the table after it) for each turn of the game, applied by the
    engine's rules: a turn they refuse raises ``engine.arena.game.Problem``."""
    table = game.dealt
    for rows in game.logs:
        player, turn = turn_of(rows, table.round)
        if player != table.player:
            raise Problem("not_your_turn", f"player {player} took player {table.player}'s turn",
                          "6", "action")  # fmt: skip
        table = apply(table, turn)
        yield player, turn, table
