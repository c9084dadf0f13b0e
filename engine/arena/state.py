"""A player's view of the Arena's table as JSON, read into ints (the edge of ``cards.py``).

The public table (every player's bets, revealed secret bets, the combat columns, the eliminated
creatures, how many cards each Hand, the Draw pile and the face-down discards hold), the asking
player's own Hand, and his own secret bet. ``read_state`` answers the state and the problems of
its names and shape; ``checks.state_problems`` judges it against the rules; ``deal`` fills the
hidden places (other Hands, the Draw pile, hidden secret bets, face-down discards) at random
with the cards nobody has seen, giving a ``game.Table``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.arena.cards import (
    CREATURE_NAMES,
    HEAD_REFEREE,
    N_CARDS,
    N_CREATURES,
    REFEREES,
    card_name,
    creature_index,
    is_strength,
    parse_card,
)
from engine.arena.game import Table
from engine.errors import UnknownName
from engine.game.problems import Problem

HIDDEN = -2  # a card in a hidden place: dealt at random by ``deal``

# A player's view of a table in the first round, as JSON: the example of the API's
# documentation and of docs/arena-table.json, and the table the kernel warms up on.
EXAMPLE_STATE = {
    "players": [
        {"name": "Ann", "hand_size": 8, "bets": [{"creature": "Cyclops", "round": 1}]},
        {"name": "Bob", "hand_size": 8, "secret_bet": {"revealed": False}},
        {"name": "Cat", "hand_size": 8, "bets": [{"creature": "Ranger", "round": 1}]},
    ],
    "me": "Ann",
    "hand": ["Cyclops 10", "Hydra 2", "Troll 7", "Warlock 0", "Spectator 4", "Ranger 6",
             "Dragon 9", "Unicorn 5"],
    "to_move": "Ann",
    "starter": "Ann",
    "round": 1,
    "columns": [{"Cyclops": ["Cyclops 8"], "Troll": ["Troll 2"]}],
    "draw_pile": 75,
}  # fmt: skip


@dataclass
class Secret:
    creature: int = -1  # -1: unknown to the asker (another player's hidden bet)
    card: int = -1  # -1: unknown, or claimed away after it was revealed
    revealed: bool = False


@dataclass
class ArenaState:
    names: list[str]
    me: int
    hand: list[int]
    hand_sizes: list[int]
    set_aside: list[int]  # how many cards each player has set aside by the Cyclops (15.1)
    my_set_aside: list[int]
    capacities: list[int]
    bets: list[tuple[int, int, int]]  # (player, creature, round)
    secrets: list[Secret | None]
    to_move: int
    round: int
    starter: int
    eliminated: list[int]  # creatures, in the order they died (round 1, 2, ...)
    columns: list[list[list[int]]]  # [round-1][creature] bottom to top
    discard: list[int]  # known cards in the Discard tray, top last
    discard_hidden: int
    discard_top_visible: bool
    draw_pile: int
    head_referee_out: bool
    opening_bid: int | None
    stalemate: bool
    last_player: int
    paths: list[tuple[int, str]] = field(default_factory=list)  # each known card, where given

    @property
    def alive(self) -> list[bool]:
        return [c not in self.eliminated for c in range(N_CREATURES)]

    def known_cards(self) -> list[tuple[int, str]]:
        """Every card the asker can name, with the JSON path it was given at."""
        return list(self.paths)


class _Reader:
    def __init__(self) -> None:
        self.problems: list[Problem] = []
        self.referees: set[int] = set()

    def problem(self, code: str, message: str, path: str, rule: str | None) -> None:
        self.problems.append(Problem(code, message, path, rule))

    def card(self, name: Any, path: str) -> int | None:
        try:
            card = parse_card(name)
        except UnknownName as e:
            self.problem("unknown_card", e.message, path, e.rule)
            return None
        if card == REFEREES[0] and card in self.referees:
            card = REFEREES[1]
        if card in REFEREES:
            self.referees.add(card)
        return card

    def creature(self, name: Any, path: str) -> int | None:
        try:
            return creature_index(name)
        except UnknownName as e:
            self.problem("unknown_creature", e.message, path, e.rule)
            return None


def read_state(
    d: Mapping[str, Any], base: str = "state"
) -> tuple[ArenaState | None, list[Problem]]:
    """The state of a JSON object already shaped by the schema; None with naming problems."""
    r = _Reader()
    players = d["players"]
    names = [p["name"] for p in players]
    index = {name: i for i, name in enumerate(names)}
    paths: list[tuple[int, str]] = []

    def player(name: Any, path: str, optional: bool = False) -> int:
        if name is None and optional:
            return -1
        if name not in index:
            r.problem("unknown_player", f"{name!r} is not a player of this table", path, "1")
            return -1
        return index[name]

    def known(card: int | None, path: str) -> int | None:
        if card is not None:
            paths.append((card, path))
        return card

    def cards(names: Any, path: str) -> list[int]:
        """The cards named; an unknown one is a problem, and left out."""
        found = []
        for i, name in enumerate(names or []):
            card = known(r.card(name, f"{path}[{i}]"), f"{path}[{i}]")
            if card is not None:
                found.append(card)
        return found

    me = player(d["me"], f"{base}.me")
    hand = cards(d.get("hand"), f"{base}.hand")
    my_aside = cards(d.get("set_aside"), f"{base}.set_aside")
    bets: list[tuple[int, int, int]] = []
    secrets: list[Secret | None] = []
    hand_sizes, aside_counts, capacities = [], [], []
    for i, p in enumerate(players):
        pb = f"{base}.players[{i}]"
        for j, bet in enumerate(p.get("bets") or []):
            c = r.creature(bet["creature"], f"{pb}.bets[{j}].creature")
            if c is not None:
                bets.append((i, c, bet["round"]))
        s = p.get("secret_bet")
        if s is None:
            secrets.append(None)
        else:
            secret = Secret(revealed=bool(s.get("revealed")))
            if s.get("creature") is not None:
                creature = r.creature(s["creature"], f"{pb}.secret_bet.creature")
                secret.creature = -1 if creature is None else creature
            if s.get("card") is not None:
                card = known(r.card(s["card"], f"{pb}.secret_bet.card"), f"{pb}.secret_bet.card")
                if card is not None:
                    secret.card = card
                    if is_strength(card):
                        if secret.creature == -1:
                            secret.creature = card // 11
                        elif secret.creature != card // 11:
                            r.problem(
                                "secret_card_mismatch",
                                f"a secret bet on"
                                f" {CREATURE_NAMES[secret.creature]} is made with one of"
                                " its strength cards",
                                f"{pb}.secret_bet.card",
                                "7",
                            )
            secrets.append(secret)
        size = p.get("hand_size")
        hand_sizes.append(len(hand) if i == me and size is None else (size or 0))
        aside_counts.append(len(my_aside) if i == me else (p.get("set_aside") or 0))
        capacities.append(p.get("hand_capacity", 8))
    eliminated = []
    for i, name in enumerate(d.get("eliminated") or []):
        c = r.creature(name, f"{base}.eliminated[{i}]")
        if c is not None:
            eliminated.append(c)
    columns = []
    for k, column in enumerate(d.get("columns") or []):
        rows: list[list[int]] = [[] for _ in range(N_CREATURES)]
        for name, stack in column.items():
            c = r.creature(name, f"{base}.columns[{k}]")
            if c is None:
                continue
            for j, card in enumerate(stack):
                path = f"{base}.columns[{k}].{name}[{j}]"
                found = known(r.card(card, path), path)
                if found is not None:
                    rows[c].append(found)
        columns.append(rows)
    discard_d = d.get("discard") or {}
    discard = []
    for i, card in enumerate(discard_d.get("cards") or []):
        path = f"{base}.discard.cards[{i}]"
        found = known(r.card(card, path), path)
        if found is not None:
            discard.append(found)
    head_out = bool(d.get("head_referee_played"))
    if head_out:
        paths.append((HEAD_REFEREE, f"{base}.head_referee_played"))
    to_move = player(d["to_move"], f"{base}.to_move")
    starter = player(d.get("starter") or d["to_move"], f"{base}.starter")
    last = player(d.get("last_player"), f"{base}.last_player", optional=True)
    if r.problems:
        return None, r.problems
    state = ArenaState(
        names=names, me=me, hand=hand, hand_sizes=hand_sizes, set_aside=aside_counts,
        my_set_aside=my_aside, capacities=capacities, bets=bets, secrets=secrets,
        to_move=to_move, round=d.get("round", 1), starter=starter, eliminated=eliminated,
        columns=columns or [[[] for _ in range(N_CREATURES)]], discard=discard,
        discard_hidden=discard_d.get("hidden", 0),
        discard_top_visible=bool(discard) if discard_d.get("top_visible") is None
        else bool(discard_d["top_visible"]),
        draw_pile=d["draw_pile"], head_referee_out=head_out, opening_bid=d.get("opening_bid"),
        stalemate=bool(d.get("stalemate")), last_player=last, paths=paths,
    )  # fmt: skip
    return state, []


def unseen(state: ArenaState) -> list[int]:
    """The cards the asker has not seen (10: covered cards were seen when played)."""
    seen = {card for card, _ in state.known_cards()}
    return [c for c in range(N_CARDS) if c not in seen]


def template(state: ArenaState) -> Table:
    """The table with ``HIDDEN`` in every place the asker cannot see."""
    n = len(state.names)
    hands = [
        list(state.hand) if p == state.me else [HIDDEN] * state.hand_sizes[p] for p in range(n)
    ]
    aside = [
        list(state.my_set_aside) if p == state.me else [HIDDEN] * state.set_aside[p]
        for p in range(n)
    ]
    secret_creature, secret_card, secret_revealed = [], [], []
    for _p, s in enumerate(state.secrets):
        if s is None:
            secret_creature.append(-1)
            secret_card.append(-1)
            secret_revealed.append(False)
            continue
        hidden = s.creature < 0
        secret_creature.append(s.creature)
        secret_card.append(HIDDEN if hidden else s.card)
        secret_revealed.append(s.revealed)
    chips = [
        5 - sum(1 for b in state.bets if b[0] == p) - (state.secrets[p] is not None)
        for p in range(n)
    ]
    died_in = [0] * N_CREATURES
    for k, c in enumerate(state.eliminated):
        died_in[c] = k + 1
    discard = [HIDDEN] * state.discard_hidden + list(state.discard)
    return Table(
        players=n, hands=hands, draw=[HIDDEN] * state.draw_pile, discard=discard,
        discard_top_visible=state.discard_top_visible and bool(state.discard),
        columns=[[list(s) for s in column] for column in state.columns], alive=state.alive,
        died_in=died_in, bets=list(state.bets), secret_creature=secret_creature,
        secret_card=secret_card, secret_revealed=secret_revealed, chips=chips,
        capacity=list(state.capacities), set_aside=aside, head_referee_out=state.head_referee_out,
        round=state.round, player=state.to_move, starter=state.starter,
        last_player=state.last_player, opening_bid=state.opening_bid, stalemate=state.stalemate,
    )  # fmt: skip


def deal(state: ArenaState, rng: random.Random) -> Table:
    """A table consistent with everything the asker knows (3, 7): the unseen cards shuffled
    into the hidden places, a hidden secret bet always a strength card."""
    t = template(state)
    pool = unseen(state)
    rng.shuffle(pool)
    for p in range(t.players):
        if t.secret_card[p] == HIDDEN:
            strength = [i for i, c in enumerate(pool) if is_strength(c)]
            card = pool.pop(rng.choice(strength))
            t.secret_card[p] = card
            t.secret_creature[p] = card // 11
    for place in (*t.hands, *t.set_aside, t.draw, t.discard):
        for i, card in enumerate(place):
            if card == HIDDEN:
                place[i] = pool.pop()
    assert not pool, "deal after state_problems: the counts add up"
    return t


def describe(card: int) -> str:
    return card_name(card)
