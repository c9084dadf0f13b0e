"""Whether an Arena state, and a turn on it, obey the rules: named problems (code, message,
path, section), as POST /api/v1/arena/validate answers them."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

from engine.arena import rules
from engine.arena.cards import (
    CHIPS,
    CREATURE_NAMES,
    HAND_CAPACITY,
    N_CARDS,
    N_CREATURES,
    PENALISED_CAPACITY,
    PLAYERS_MAX,
    PLAYERS_MIN,
    REFEREES,
    ROUNDS,
    card_name,
    creature_index,
    creature_of,
    is_spectator,
    is_strength,
    parse_card,
)
from engine.arena.game import Place, Play, Power, Table, Turn, apply
from engine.arena.game import Problem as TurnProblem
from engine.arena.state import HIDDEN, ArenaState, deal, read_state, template, unseen
from engine.errors import UnknownName
from engine.game.problems import Problem


def state_problems(s: ArenaState, base: str = "state") -> list[Problem]:
    """Every rule the state breaks (its names already read)."""
    out: list[Problem] = []

    def problem(code: str, message: str, path: str, rule: str) -> None:
        out.append(Problem(code, message, path, rule))

    n = len(s.names)
    if not PLAYERS_MIN <= n <= PLAYERS_MAX:
        problem("player_count", f"two to five players, not {n}", f"{base}.players", "1")
    for name, count in Counter(s.names).items():
        if count > 1:
            problem("duplicate_player", f"two players named {name!r}", f"{base}.players", "1")
    seen: dict[int, str] = {}
    for card, path in s.known_cards():
        if card in seen:
            problem("card_twice", f"{card_name(card)} is both at {seen[card]} and here", path, "2")
        seen.setdefault(card, path)
    if not 1 <= s.round <= ROUNDS:
        problem("bad_round", "the round is 1 to 5", f"{base}.round", "12")
    if len(set(s.eliminated)) != len(s.eliminated):
        problem("eliminated_twice", "a creature dies once", f"{base}.eliminated", "8")
    if len(s.eliminated) != s.round - 1:
        problem(
            "eliminations",
            f"round {s.round} follows {s.round - 1} eliminations, not {len(s.eliminated)}",
            f"{base}.eliminated",
            "8",
        )
    if len(s.columns) != s.round:
        problem(
            "columns",
            f"round {s.round} has {s.round} combat columns, not {len(s.columns)}",
            f"{base}.columns",
            "8",
        )
    alive = s.alive
    for k, column in enumerate(s.columns):
        for c, stack in enumerate(column):
            path = f"{base}.columns[{k}].{CREATURE_NAMES[c]}"
            if stack and not alive[c]:
                problem(
                    "dead_row",
                    f"the {CREATURE_NAMES[c]} is eliminated: its row went to the Discard tray",
                    path,
                    "8",
                )
            for card in stack:
                if not (is_spectator(card) or creature_of(card) == c):
                    problem(
                        "wrong_row",
                        f"{card_name(card)} cannot lie in the {CREATURE_NAMES[c]}'s row",
                        path,
                        "4",
                    )
    if len(s.columns) == s.round <= ROUNDS and rules.lowest(s.columns[-1], alive) is not None:
        problem(
            "round_over",
            "every creature has a card and one is lowest: the round has ended",
            f"{base}.columns[{s.round - 1}]",
            "8",
        )
    chips_used = Counter(p for p, _, _ in s.bets)
    per_round = Counter((c, r) for _, c, r in s.bets)
    for (c, r), count in per_round.items():
        if count > 1:
            problem(
                "two_chips",
                f"{count} visible bets on the {CREATURE_NAMES[c]} in round {r}",
                f"{base}.players",
                "7",
            )
    for i, _p in enumerate(s.names):
        pb = f"{base}.players[{i}]"
        for j, (_q, c, r) in enumerate(b for b in s.bets if b[0] == i):
            if not 1 <= r <= min(s.round, rules.LAST_BETTING_ROUND):
                problem(
                    "bet_round",
                    f"a visible bet in round {r} is not possible now",
                    f"{pb}.bets[{j}].round",
                    "7",
                )
            elif not alive[c] and s.eliminated.index(c) + 1 < r:
                problem(
                    "bet_on_dead",
                    f"a bet in round {r} on the {CREATURE_NAMES[c]}, eliminated before",
                    f"{pb}.bets[{j}]",
                    "7",
                )
        secret = s.secrets[i]
        if chips_used[i] + (secret is not None) > CHIPS:
            problem("too_many_bets", "five chips: five bets a game", pb, "7")
        if secret is not None and secret.card >= 0 and not is_strength(secret.card):
            problem("secret_card", "a secret bet is a strength card", f"{pb}.secret_bet.card", "7")
        if (
            secret is not None
            and not secret.revealed
            and secret.creature >= 0
            and secret.card < 0
            and i != s.me
        ):
            problem(
                "secret_creature_unseen",
                "a hidden secret bet shows no creature: leave it out, or mark the bet revealed",
                f"{pb}.secret_bet.creature",
                "7",
            )
        if secret is not None and secret.revealed and secret.creature < 0:
            problem(
                "secret_creature",
                "a revealed secret bet names its creature",
                f"{pb}.secret_bet",
                "7",
            )
        if s.capacities[i] not in (HAND_CAPACITY, PENALISED_CAPACITY):
            problem(
                "capacity",
                "a Hand Capacity is 8, or 7 after an opening bid not played",
                f"{pb}.hand_capacity",
                "5",
            )
        if s.hand_sizes[i] < 0 or s.set_aside[i] < 0:
            problem("negative", "a count of cards is not negative", pb, "11")
    if s.me >= 0:
        given = s.hand_sizes[s.me]
        if given != len(s.hand):
            problem(
                "hand_size",
                f"hand_size {given} but {len(s.hand)} cards in hand",
                f"{base}.players[{s.me}].hand_size",
                "11",
            )
        mine = s.secrets[s.me]
        if mine is not None and not mine.revealed and mine.card < 0:
            problem(
                "own_secret",
                "the asker knows his own secret bet's card",
                f"{base}.players[{s.me}].secret_bet.card",
                "7",
            )
    if s.opening_bid is not None and not 0 <= s.opening_bid <= 10:
        problem(
            "bad_bid",
            "a bid is the number of a strength card, 0 to 10",
            f"{base}.opening_bid",
            "5",
        )
    if s.draw_pile < 0 or s.discard_hidden < 0:
        problem("negative", "a count of cards is not negative", f"{base}.draw_pile", "11")
    hidden_slots = (
        sum(s.hand_sizes[p] + s.set_aside[p] for p in range(n) if p != s.me)
        + s.draw_pile
        + s.discard_hidden
        + sum(1 for x in s.secrets if x is not None and x.creature < 0 and x.card < 0)
        + sum(
            1
            for x in s.secrets
            if x is not None and x.creature >= 0 and x.card < 0 and not x.revealed
        )
    )
    if not out:
        free = len(unseen(s))
        if free != hidden_slots:
            problem(
                "card_count",
                f"{N_CARDS} cards: {N_CARDS - free} seen and {free} unseen,"
                f" but the hidden places (other Hands, Draw pile, face-down discards, hidden"
                f" secret bets) hold {hidden_slots}",
                f"{base}",
                "2",
            )
        elif any(x is not None and x.card < 0 and not x.revealed for x in s.secrets) and not any(
            is_strength(c) for c in unseen(s)
        ):
            problem("card_count", "a hidden secret bet needs an unseen strength card", base, "7")
    return out


# A turn as JSON -------------------------------------------------------------------------------


def _place(d: Mapping[str, Any] | None, s: ArenaState, path: str) -> Place:
    if d is None:
        raise TurnProblem("malformed", "name the place", "10", path)
    kind = d.get("place")
    if kind == "column":
        try:
            return ("column", int(d["round"]), creature_index(d["creature"]))
        except (KeyError, TypeError, ValueError, UnknownName) as e:
            raise TurnProblem(
                "malformed", f"a column place has round and creature ({e})", "10", path
            ) from None
    if kind == "discard":
        return ("discard",)
    if kind == "secret":
        if d.get("player") not in s.names:
            raise TurnProblem("unknown_player", f"{d.get('player')!r} is not a player", "1", path)
        return ("secret", s.names.index(d["player"]))
    raise TurnProblem("malformed", "a place is column, discard or secret", "10", path)


def _card(name: Any, path: str, referee: int = REFEREES[0]) -> int:
    try:
        return parse_card(name, referee)
    except UnknownName as e:
        raise TurnProblem("unknown_card", e.message, e.rule or "2", path) from None


def _creature(name: Any, path: str) -> int:
    try:
        return creature_index(name)
    except UnknownName as e:
        raise TurnProblem("unknown_creature", e.message, "4", path) from None


def _power(d: Mapping[str, Any] | None, s: ArenaState, path: str) -> Power | None:
    if d is None:
        return None
    power = Power()
    if d.get("target") is not None:
        target = d["target"]
        if target in s.names:
            power.target = s.names.index(target)
        else:
            power.target = _creature(target, f"{path}.target")
    if d.get("place") is not None:
        power.place = _place(d["place"], s, f"{path}.place")
    if d.get("swap") is not None:
        pair = d["swap"]
        power.swap = tuple(_place(x, s, f"{path}.swap[{i}]") for i, x in enumerate(pair))
    power.cards = tuple(_card(c, f"{path}.cards[{i}]") for i, c in enumerate(d.get("cards") or []))
    if d.get("keep") is not None:
        power.keep = _card(d["keep"], f"{path}.keep")
    return power


def _play(d: Mapping[str, Any] | None, s: ArenaState, path: str, hand: list[int]) -> Play | None:
    if d is None:
        return None
    kind = d.get("type", "card")
    if kind == "pass":
        return Play("pass")
    referee = REFEREES[1] if REFEREES[0] not in hand and REFEREES[1] in hand else REFEREES[0]
    card = _card(
        d.get("card", "Referee" if kind == "referee" else "Head Referee"), f"{path}.card", referee
    )
    play = Play(kind, card)
    if d.get("creature") is not None:
        play.creature = _creature(d["creature"], f"{path}.creature")
    if kind == "referee":
        play.place = _place(d.get("claim"), s, f"{path}.claim")
    play.power = _power(d.get("power"), s, f"{path}.power")
    return play


def read_turn(d: Mapping[str, Any], s: ArenaState, hand: list[int]) -> Turn:
    wager = d.get("wager") or {"type": "pass"}
    turn = Turn(wager=wager.get("type", "pass"))
    if turn.wager == "bet":
        turn.creature = _creature(wager.get("creature"), "action.wager.creature")
    elif turn.wager == "secret":
        turn.secret_card = _card(wager.get("card"), "action.wager.card")
    turn.play = _play(d.get("play"), s, "action.play", hand)
    turn.second = _play(d.get("second"), s, "action.second", hand)
    turn.discards = tuple(
        _card(c, f"action.discards[{i}]") for i, c in enumerate(d.get("discards") or [])
    )
    return turn


def _cards_named(turn: Turn) -> list[int]:
    named = []
    if turn.wager == "secret":
        named.append(turn.secret_card)
    for play in (turn.play, turn.second):
        if play is not None and play.kind != "pass":
            named.append(play.card)
            if play.power is not None:
                named += list(play.power.cards)
    return named + list(turn.discards)


def turn_problems(s: ArenaState, d: Mapping[str, Any]) -> list[Problem]:
    """The rule the turn of the player to move breaks, if any (6-11, 15). For another player
    than the asker, his Hand is unknown: the cards the turn names must be unseen cards, and
    what depends on the rest of his Hand (may he pass?) is not judged."""
    t = template(s)
    p = s.to_move
    try:
        turn = read_turn(d, s, t.hands[p])
    except TurnProblem as e:
        return [Problem(e.code, e.message, e.path, e.rule)]
    rng = random.Random(0)
    if p != s.me:
        pool = unseen(s)
        named = _cards_named(turn)
        hand_slots = s.hand_sizes[p]
        for _i, card in enumerate(named):
            if card not in pool:
                return [
                    Problem(
                        "card_not_in_hand",
                        f"{card_name(card)} is seen elsewhere, not in {s.names[p]}'s Hand",
                        "action",
                        "6",
                    )
                ]
        if len(set(named)) > hand_slots:
            return [Problem("card_not_in_hand", "more cards than the Hand holds", "action", "6")]
        # his Hand holds the named cards; the rest of the unseen cards go elsewhere
        t = _deal_with(s, named, rng)
    else:
        t = deal(s, rng)
    try:
        apply(t, turn, rng)
    except TurnProblem as e:
        if p != s.me and e.code == "must_play":
            return []
        return [Problem(e.code, e.message, e.path, e.rule)]
    return []


def _deal_with(s: ArenaState, named: list[int], rng: random.Random) -> Table:
    t = template(s)
    p = s.to_move
    pool = [c for c in unseen(s) if c not in named]
    hand = list(dict.fromkeys(named))
    rng.shuffle(pool)
    for q in range(t.players):
        if t.secret_card[q] == HIDDEN:
            strength = [i for i, c in enumerate(pool) if is_strength(c)]
            card = pool.pop(rng.choice(strength))
            t.secret_card[q] = card
            t.secret_creature[q] = card // 11
    t.hands[p] = hand + [HIDDEN] * (len(t.hands[p]) - len(hand))
    for place in (*t.hands, *t.set_aside, t.draw, t.discard):
        for i, card in enumerate(place):
            if card == HIDDEN:
                place[i] = pool.pop()
    return t


def check(d: Mapping[str, Any], action: Mapping[str, Any] | None) -> list[Problem]:
    """Every problem of a state (and of a turn on it): names first, then the rules."""
    state, problems = read_state(d)
    if problems:
        return problems
    assert state is not None
    problems = state_problems(state)
    if problems or action is None:
        return problems
    return turn_problems(state, action)


assert N_CREATURES == 8
