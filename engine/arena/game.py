"""The whole table with every card known, and the referee that plays one turn on it (6).

``Table`` is what the kernel plays and what a differential test replays; a player's view of it
is ``state.ArenaState``. ``turn_problems(table, turn)`` names every rule a turn breaks;
``apply(table, turn, rng)`` plays it (the four steps of 6, the end of a round of 8, the end of
the game of 12) on a copy. Chance inside a turn (the Cyclops' stare, the Titan's snatch) is
either given in the turn, as a replay gives it, or drawn from ``rng``.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field
from typing import Any

from engine.arena import rules
from engine.arena.cards import (
    CREATURES,
    CYCLOPS,
    DRAGON,
    HEAD_REFEREE,
    HYDRA,
    N_CREATURES,
    RANGER,
    REFEREES,
    ROUNDS,
    TITAN,
    TROLL,
    UNICORN,
    WARLOCK,
    card_name,
    creature_of,
    is_referee,
    is_spectator,
    is_strength,
)

# A place of a visible card (10): ("column", round, creature), ("discard",), ("secret", player)
Place = tuple[Any, ...]


@dataclass
class Power:
    """The choices of a power used after a strength card (15.1-15.8); unused fields are None."""

    target: int | None = None  # Cyclops, Titan: the victim; Dragon: the creature burnt
    place: Place | None = None  # Troll: the visible Troll card reclaimed
    swap: tuple[Place, ...] | None = None  # Unicorn: two places (a request may name more)
    cards: tuple[int, ...] = ()  # Warlock: the discards
    set_aside: tuple[int, ...] | None = None  # Cyclops: chance, given by a replay
    snatched: tuple[int, ...] | None = None  # Titan: chance, given by a replay
    keep: int | None = None  # Titan: the card kept of those snatched


@dataclass
class Play:
    """A card in the current combat column, a referee, or a pass (6, 10)."""

    kind: str  # "card", "head_referee", "referee", "pass"
    card: int = -1
    creature: int = -1  # the row played on; the Head Referee's creature
    place: Place | None = None  # the Referee's claim
    power: Power | None = None  # the power used, when the player may and does


@dataclass
class Turn:
    """One player turn (6): a wager, a play, the Hydra's second card, discards."""

    wager: str = "pass"  # "pass", "bet", "secret", "reveal"
    creature: int = -1  # the visible bet's creature
    secret_card: int = -1  # the secret bet's card
    play: Play | None = None  # None only with a secret bet
    second: Play | None = None  # 15.3
    discards: tuple[int, ...] = ()  # 11: strength cards of eliminated creatures
    stalemate_pile: tuple[int, ...] | None = None  # 14: chance, given by a replay


@dataclass
class Table:
    """Everything on and off the table. Lists of cards run bottom to top."""

    players: int
    hands: list[list[int]]
    draw: list[int]  # the Draw pile, top last
    discard: list[int] = field(default_factory=list)  # the Discard tray, top last
    discard_top_visible: bool = False  # a face-up card atop the Discard pile (11, 15.8)
    columns: list[list[list[int]]] = field(default_factory=list)  # [round-1][creature]
    alive: list[bool] = field(default_factory=lambda: [True] * N_CREATURES)
    died_in: list[int] = field(default_factory=lambda: [0] * N_CREATURES)  # round, 0 alive
    bets: list[tuple[int, int, int]] = field(default_factory=list)  # (player, creature, round)
    secret_creature: list[int] = field(default_factory=list)  # -1: no secret bet
    secret_card: list[int] = field(default_factory=list)  # -1: none, or claimed away
    secret_revealed: list[bool] = field(default_factory=list)
    chips: list[int] = field(default_factory=list)
    capacity: list[int] = field(default_factory=list)
    set_aside: list[list[int]] = field(default_factory=list)  # 15.1
    head_referee_out: bool = False  # 10: played into the revealed secret bet column
    round: int = 1
    player: int = 0  # whose turn it is
    starter: int = 0  # who began the current round (14)
    turn_number: int = 0
    last_player: int = -1  # who took the latest turn (12)
    opening_bid: int | None = None  # the bid the player to move must honour (5)
    stalemate: bool = False  # 14: one card drawn a turn
    passes: int = 0  # consecutive player turns without a legal play (14)
    over: bool = False
    # Only while ``apply`` plays a turn on its copy (set there, deleted after): the chance
    # drawn from, whether the Hydra gave a second card (15.3), the discards made this turn
    # (11, 15.8), the rows whose spectator was covered (9).
    rng: random.Random = field(init=False, repr=False, compare=False)
    hydra: bool = field(init=False, repr=False, compare=False)
    discarded: int = field(init=False, repr=False, compare=False)
    covered: set[int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        n = self.players
        for name, default in (
            ("secret_creature", -1),
            ("secret_card", -1),
            ("secret_revealed", False),
            ("chips", 5),
            ("capacity", 8),
        ):
            if not getattr(self, name):
                setattr(self, name, [default] * n)
        if not self.set_aside:
            self.set_aside = [[] for _ in range(n)]
        if not self.columns:
            self.columns = [[[] for _ in range(N_CREATURES)]]

    def copy(self) -> Table:
        return copy.deepcopy(self)

    @property
    def column(self) -> list[list[int]]:
        """The current combat column."""
        return self.columns[self.round - 1]

    def revealed_secrets(self) -> dict[int, int]:
        return {
            p: c for p, c in enumerate(self.secret_creature) if c >= 0 and self.secret_revealed[p]
        }

    def backer(self, creature: int) -> int | None:
        """The creature's backer now (4, 15)."""
        ducats = rules.revealed_ducats(self.bets, self.revealed_secrets(), creature)
        return rules.backer(ducats)

    def chip_in_round(self, creature: int) -> bool:
        return any(c == creature and r == self.round for _, c, r in self.bets)

    def visible(self, place: Place) -> int:
        """The visible card at ``place`` (10), or -1 when none is."""
        match place:
            case ("column", int(round_), int(creature)) if 1 <= round_ <= len(self.columns):
                stack = self.columns[round_ - 1][creature]
                return stack[-1] if stack else -1
            case ("discard",):
                return self.discard[-1] if self.discard and self.discard_top_visible else -1
            case ("secret", int(player)) if 0 <= player < self.players:
                return self.secret_card[player] if self.secret_revealed[player] else -1
        return -1

    def visible_places(self) -> list[Place]:
        """Every place holding a visible strength card (10)."""
        places: list[Place] = [
            ("column", r + 1, c)
            for r in range(len(self.columns))
            for c in range(N_CREATURES)
            if self.columns[r][c]
        ]
        places.append(("discard",))
        places += [("secret", p) for p in range(self.players)]
        return [p for p in places if is_strength(self.visible(p))]

    def take(self, place: Place) -> int:
        """Remove the visible card at ``place`` (a claim, the Troll, the Dragon)."""
        card = self.visible(place)
        match place:
            case ("column", round_, creature):
                self.columns[round_ - 1][creature].pop()
            case ("discard",):
                self.discard.pop()
                self.discard_top_visible = False  # the card beneath was never seen (rulings)
            case ("secret", player):
                self.secret_card[player] = -1
        return card

    def put(self, place: Place, card: int) -> None:
        match place:
            case ("column", round_, creature):
                self.columns[round_ - 1][creature].append(card)
            case ("discard",):
                self.discard.append(card)
                self.discard_top_visible = True
            case ("secret", player):
                self.secret_card[player] = card

    def playable(self, player: int) -> list[int]:
        """The cards ``player`` may play or discard now: his Hand, less any set aside (15.1)."""
        return self.hands[player]

    def has_legal_play(self, player: int, set_aside: bool = False) -> bool:
        """Whether ``player`` holds a card he may play (6, 10, 14); with ``set_aside``, counting
        the cards the Cyclops set aside (they come back after his next turn)."""
        cards = self.hands[player] + (self.set_aside[player] if set_aside else [])
        for card in cards:
            if is_spectator(card) or card == HEAD_REFEREE:
                return True
            if is_strength(card) and self.alive[creature_of(card)]:
                return True
            if card in REFEREES and self.visible_places():
                return True
        return False

    def ducats(self) -> list[int]:
        return rules.final_ducats(
            self.bets,
            {p: c for p, c in enumerate(self.secret_creature) if c >= 0},
            self.alive,
            self.players,
        )

    def winner(self) -> int:
        return rules.winner(self.ducats(), self.last_player)

    def all_cards(self) -> list[int]:
        """Every blue-backed card wherever it is: a test that cards are conserved reads this."""
        found = [c for hand in self.hands for c in hand]
        found += [c for aside in self.set_aside for c in aside]
        found += self.draw + self.discard
        found += [c for column in self.columns for stack in column for c in stack]
        found += [c for c in self.secret_card if c >= 0]
        if self.head_referee_out:
            found.append(HEAD_REFEREE)
        return found


class Problem(Exception):
    def __init__(self, code: str, message: str, rule: str, path: str = "action"):
        super().__init__(message)
        self.code, self.message, self.rule, self.path = code, message, rule, path


def _require(ok: bool, code: str, message: str, rule: str, path: str = "action") -> None:
    if not ok:
        raise Problem(code, message, rule, path)


# The four steps ---------------------------------------------------------------------------------


def _wager(t: Table, turn: Turn) -> None:
    p = t.player
    if turn.wager == "pass":
        return
    if turn.wager == "bet":
        c = turn.creature
        _require(0 <= c < N_CREATURES, "unknown_creature", "no such creature", "4", "action.wager")
        why = rules.may_bet_visible(t.round, t.alive[c], t.chip_in_round(c), t.chips[p])
        _require(why is None, "bet_refused", why or "", "7", "action.wager")
        t.bets.append((p, c, t.round))
        t.chips[p] -= 1
    elif turn.wager == "secret":
        card = turn.secret_card
        why = rules.may_bet_secret(t.round, t.secret_creature[p] >= 0, t.chips[p], card)
        _require(why is None, "secret_refused", why or "", "7", "action.wager")
        _require(t.opening_bid is None, "bid_unplayed", "the opening bid is played first", "5")
        _require(
            card in t.playable(p),
            "card_not_in_hand",
            f"{card_name(card)} is not in the Hand",
            "7",
            "action.wager.card",
        )
        t.hands[p].remove(card)
        t.secret_creature[p] = creature_of(card)
        t.secret_card[p] = card
        t.chips[p] -= 1
    elif turn.wager == "reveal":
        _require(
            t.secret_creature[p] >= 0 and not t.secret_revealed[p],
            "no_secret_bet",
            "no hidden secret bet to reveal",
            "7",
            "action.wager",
        )
        t.secret_revealed[p] = True
    else:
        raise Problem("unknown_wager", f"unknown wager {turn.wager!r}", "6", "action.wager")


def _play(t: Table, play: Play, turn: Turn, second: bool) -> None:
    p = t.player
    path = "action.second" if second else "action.play"
    if play.kind == "pass":
        _require(not second, "pass_second", "the Hydra's second card is a card", "15.3", path)
        _require(
            not t.has_legal_play(p),
            "must_play",
            "a player holding a playable card must play one",
            "5",
            path,
        )
        t.passes += 1
        return
    t.passes = 0
    _require(
        play.card in t.playable(p),
        "card_not_in_hand",
        f"{card_name(play.card) if 0 <= play.card < 102 else play.card} is not in the"
        " playable Hand",
        "6",
        f"{path}.card",
    )
    if t.opening_bid is not None:
        _require(
            play.kind == "card",
            "bid_unplayed",
            "the opening bid's turn plays a card in the combat column",
            "5",
            f"{path}.card",
        )
        if rules.holds_bid(t.playable(p), t.opening_bid, t.alive):
            _require(
                play.kind == "card" and is_strength(play.card) and play.card % 11 == t.opening_bid,
                "bid_unplayed",
                f"the opening bid was {t.opening_bid}: play a strength card of that number",
                "5",
                f"{path}.card",
            )
        else:
            t.capacity[p] = rules.capacity_after_bid(t.playable(p), t.opening_bid, t.alive)
        t.opening_bid = None
    if play.kind in ("head_referee", "referee"):
        _require(
            not second,
            "referee_second",
            "playing a Referee is the only play of the turn",
            "10",
            path,
        )
        _require(
            is_referee(play.card) and (play.card == HEAD_REFEREE) == (play.kind == "head_referee"),
            "not_a_referee",
            "that card is not this referee",
            "10",
            f"{path}.card",
        )
        t.hands[p].remove(play.card)
        if play.kind == "head_referee":
            _require(
                0 <= play.creature < N_CREATURES,
                "unknown_creature",
                "no such creature",
                "10",
                f"{path}.creature",
            )
            for q in range(t.players):
                if t.secret_creature[q] == play.creature:
                    t.secret_revealed[q] = True
            t.head_referee_out = True
        else:
            place = play.place
            card = t.visible(place) if place is not None else -1
            if place is None or not is_strength(card):
                raise Problem(
                    "nothing_to_claim",
                    "a Referee claims a visible strength"
                    " card: atop the Discard pile, a combat column or the revealed secret bet"
                    " column",
                    "10",
                    f"{path}.place",
                )
            t.take(place)
            t.hands[p].append(card)
            t.discard.append(play.card)
            t.discard_top_visible = True
        return
    _require(play.kind == "card", "unknown_play", f"unknown play {play.kind!r}", "6", path)
    c = play.creature
    _require(0 <= c < N_CREATURES, "unknown_creature", "no such creature", "8", f"{path}.creature")
    why = rules.may_play_on(play.card, c, t.alive[c])
    _require(why is None, "wrong_row", why or "", "8", f"{path}.creature")
    stack = t.column[c]
    is_backer = t.backer(c) == p
    may_power = rules.may_use_power(is_backer, play.card, c, stack, c in t.covered)
    if stack and is_spectator(stack[-1]):
        t.covered.add(c)
    t.hands[p].remove(play.card)
    stack.append(play.card)
    if play.power is None:
        return
    _require(
        may_power,
        "no_power",
        f"no {CREATURES[c].name} power for this play: its backer"
        " plays its strength card with no spectator atop or covered this turn",
        "15",
        f"{path}.power",
    )
    if c == HYDRA:
        _require(
            not second,
            "hydra_again",
            "the Hydra's power gives one more card",
            "15.3",
            f"{path}.power",
        )
        t.hydra = True
    else:
        _power(t, c, play.power, f"{path}.power")


def _power(t: Table, c: int, power: Power, path: str) -> None:
    p = t.player
    if c in (CYCLOPS, TITAN):
        v = power.target
        if v is None or not (0 <= v < t.players and v != p):
            raise Problem(
                "bad_target",
                "the power's victim is another player",
                CREATURES[c].rule,
                f"{path}.target",
            )
        if c == CYCLOPS:
            hand = t.hands[v]
            k = rules.cyclops_set_aside(len(hand))
            chosen = list(power.set_aside) if power.set_aside is not None else t.rng.sample(hand, k)
            _require(
                len(chosen) == k and all(x in hand for x in chosen),
                "bad_chance",
                "the set-aside cards are half the victim's Hand",
                "15.1",
                path,
            )
            for x in chosen:
                hand.remove(x)
            t.set_aside[v] += chosen
        else:
            hand = t.hands[v]
            k = min(rules.TITAN_SNATCH, len(hand))
            drawn = list(power.snatched) if power.snatched is not None else t.rng.sample(hand, k)
            _require(
                len(drawn) == k and all(x in hand for x in drawn),
                "bad_chance",
                "the snatched cards come from the victim's playable Hand",
                "15.5",
                path,
            )
            if not drawn:
                return
            keep = power.keep if power.keep is not None else drawn[0]
            _require(
                keep in drawn,
                "bad_keep",
                "the card kept is one of those snatched",
                "15.5",
                f"{path}.keep",
            )
            hand.remove(keep)
            t.hands[p].append(keep)
    elif c == DRAGON:
        v = power.target
        if v is None or not (0 <= v < N_CREATURES and v != DRAGON and t.alive[v] and t.column[v]):
            raise Problem(
                "bad_target",
                "the Dragon burns a card atop another creature's row of the current column",
                "15.2",
                f"{path}.target",
            )
        card = t.column[v].pop()
        t.discard.append(card)
        t.discard_top_visible = True
    elif c == RANGER:
        for _ in range(min(rules.RANGER_DRAW, len(t.draw))):
            t.hands[p].append(t.draw.pop())
    elif c == TROLL:
        place = power.place
        if place is None or not (
            creature_of(t.visible(place)) == TROLL
            and not (place[0] == "column" and place[1] == t.round)
        ):
            raise Problem(
                "bad_place",
                "the Troll reclaims a visible Troll card of a former column,"
                " the revealed secret bet column or the Discard pile",
                "15.6",
                f"{path}.place",
            )
        t.hands[p].append(t.take(place))
    elif c == UNICORN:
        swap = power.swap
        ok = False
        if swap is not None and len(swap) == 2 and swap[0] != swap[1]:
            a, b = (t.visible(x) for x in swap)
            ok = is_strength(a) and is_strength(b) and creature_of(a) == creature_of(b)
        if swap is None or not ok:
            raise Problem(
                "bad_swap",
                "the Unicorn exchanges two visible strength cards of one creature in two places",
                "15.7",
                f"{path}.swap",
            )
        here, there = swap
        a, b = t.take(here), t.take(there)
        t.put(here, b)
        t.put(there, a)
    elif c == WARLOCK:
        cards = list(power.cards)
        _require(
            len(cards) <= rules.discards_left(t.discarded),
            "too_many_discards",
            "at most three discards a turn",
            "15.8",
            f"{path}.cards",
        )
        for x in cards:
            why = rules.may_discard(x, t.alive, warlock=True)
            _require(
                why is None and x in t.hands[p],
                "bad_discard",
                why or f"{card_name(x)} is not in the Hand",
                "15.8",
                f"{path}.cards",
            )
            t.hands[p].remove(x)
            t.discard.append(x)
        t.discarded += len(cards)
        if cards:
            t.discard_top_visible = True  # the top Warlock discard is face up


def _discards(t: Table, cards: tuple[int, ...]) -> None:
    p = t.player
    _require(
        len(cards) <= rules.discards_left(t.discarded),
        "too_many_discards",
        "at most three discards a turn",
        "11",
        "action.discards",
    )
    for x in cards:
        why = rules.may_discard(x, t.alive, warlock=False)
        _require(
            why is None and x in t.hands[p],
            "bad_discard",
            why or f"{card_name(x)} is not in the Hand",
            "11",
            "action.discards",
        )
        t.hands[p].remove(x)
        t.discard.append(x)
        t.discard_top_visible = True
    t.discarded += len(cards)


def _end_of_round(t: Table) -> None:
    """8: a round ends with a card on every living creature and one lowest."""
    loser = rules.lowest(t.column, t.alive)
    if loser is None:
        return
    t.alive[loser] = False
    t.died_in[loser] = t.round
    for column in t.columns:  # its row of cards to the Discard tray, face down (rulings)
        t.discard += column[loser]
        column[loser] = []
    t.discard_top_visible = False
    if t.round == ROUNDS:
        t.over = True
        return
    t.round += 1
    t.columns.append([[] for _ in range(N_CREATURES)])
    t.starter = (t.player + 1) % t.players


def apply(table: Table, turn: Turn, rng: random.Random | None = None) -> Table:
    """The table after ``turn`` by the player to move; Problem names the first rule broken."""
    t = table.copy()
    _require(not t.over, "game_over", "the game is over", "12")
    t.rng = rng or random.Random(0)
    t.hydra = False
    t.discarded = 0
    t.covered = set()
    p = t.player
    crippled = bool(t.set_aside[p])
    _wager(t, turn)
    if turn.wager == "secret":
        _require(
            turn.play is None,
            "secret_is_the_play",
            "a secret bet is the only card play of its turn",
            "7",
            "action.play",
        )
        t.passes = 0
    else:
        if turn.play is None:
            raise Problem("no_play", "play a card, a referee, or pass", "6", "action.play")
        _play(t, turn.play, turn, second=False)
        if turn.second is not None:
            _require(
                t.hydra,
                "no_second_card",
                "a second card needs the Hydra's power",
                "15.3",
                "action.second",
            )
            _require(
                turn.second.kind == "card",
                "second_is_a_card",
                "the Hydra's second card is played in the current column",
                "15.3",
                "action.second",
            )
            _play(t, turn.second, turn, second=True)
    _discards(t, turn.discards)
    if crippled:  # 15.1: the set-aside cards come back after the discards
        t.hands[p] += t.set_aside[p]
        t.set_aside[p] = []
    n = rules.cards_to_draw(len(t.hands[p]), t.capacity[p], len(t.draw), t.stalemate)
    for _ in range(n):
        t.hands[p].append(t.draw.pop())
    t.last_player = p
    t.turn_number += 1
    _end_of_round(t)
    if not t.over:
        t.player = (p + 1) % t.players
        if (
            turn.play is not None
            and turn.play.kind == "pass"
            and not any(t.has_legal_play(q, set_aside=True) for q in range(t.players))
        ):
            _stalemate(t, turn.stalemate_pile)
    for name in ("rng", "hydra", "discarded", "covered"):
        delattr(t, name)
    return t


def bid_of(hand: list[int], alive: list[bool]) -> int:
    """The opening bid a scripted player makes: its highest strength card of a living creature
    (5); -1 with none."""
    return max(
        (card % 11 for card in hand if is_strength(card) and alive[creature_of(card)]),
        default=-1,
    )


def _stalemate(t: Table, pile: tuple[int, ...] | None) -> None:
    """14: nobody can play. The first round's played cards become a new Draw pile, each
    player draws one card, draws are one a turn from now on, and a bid gives the first turn."""
    cards = [c for stack in t.columns[0] for c in stack]
    if not cards and not t.draw:  # nothing can ever be played again (rulings: 14)
        t.over = True
        return
    for stack in t.columns[0]:
        stack.clear()
    if pile is None:
        t.rng.shuffle(cards)
        pile = tuple(cards)
    _require(
        sorted(pile) == sorted(cards),
        "bad_chance",
        "the new Draw pile is the first round's cards",
        "14",
        "action.stalemate_pile",
    )
    t.draw = list(pile) + t.draw
    t.stalemate = True
    t.passes = 0
    for q in range(t.players):
        if t.draw:
            t.hands[(t.player + q) % t.players].append(t.draw.pop())
    bids = [bid_of(t.hands[(t.player + q) % t.players], t.alive) for q in range(t.players)]
    best = max(bids)
    first = (t.player + bids.index(best)) % t.players
    t.player = t.starter = first
    t.opening_bid = best if best >= 0 else None


def turn_problems(table: Table, turn: Turn) -> list[Problem]:
    """The rule ``turn`` breaks on ``table`` (the first found), or none."""
    try:
        apply(table, turn)
    except Problem as problem:
        return [problem]
    return []


def new_table(players: int, rng: random.Random) -> Table:
    """A shuffled deck dealt eight cards to each player (3)."""
    deck = list(range(102))
    rng.shuffle(deck)
    hands = [deck[i * 8 : (i + 1) * 8] for i in range(players)]
    return Table(players=players, hands=hands, draw=deck[players * 8 :])
