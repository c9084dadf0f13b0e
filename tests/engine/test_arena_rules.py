"""Titan: The Arena's rules (rule book 002), each test id naming its section, and the rule
book's worked examples (7, 9, 10) played on a table."""

from __future__ import annotations

import random

import pytest

from engine.arena import moves, rules
from engine.arena.cards import (
    CYCLOPS,
    DRAGON,
    HEAD_REFEREE,
    HYDRA,
    N_CARDS,
    RANGER,
    REFEREES,
    TITAN,
    TROLL,
    UNICORN,
    WARLOCK,
    card_name,
    parse_card,
    parse_cards,
)
from engine.arena.game import Play, Power, Problem, Table, Turn, apply, new_table
from engine.errors import UnknownName


def cards(*names: str) -> list[int]:
    return parse_cards(names)


def table(hands: list[list[str]], draw: int = 20, **kw) -> Table:
    """A table with the given Hands; the Draw pile holds ``draw`` cards nobody holds."""
    held = [cards(*h) for h in hands]
    taken = {c for h in held for c in h}
    for column in kw.get("columns", []):
        taken |= {c for stack in column for c in stack}
    pile = [c for c in range(N_CARDS) if c not in taken][:draw]
    return Table(players=len(hands), hands=held, draw=pile, **kw)


def play(card: str, on: str, power: Power | None = None) -> Play:
    return Play("card", parse_card(card), parse_card(f"{on} 0") // 11, power=power)


# Components (2, 4, 9, 10) -----------------------------------------------------------------------

NAMES = [
    ("2-strength-card", "Hydra 3", "Hydra 3"),
    ("9-spectator", "Spectator 0", "Spectator 0"),
    ("9-serpent-is-spectator-0", "Serpent 0", "Spectator 0"),
    ("9-gargoyle-is-spectator-2", "Gargoyle 2", "Spectator 2"),
    ("10-head-referee", "Head Referee", "Head Referee"),
    ("10-referee", "Referee", "Referee"),
]


@pytest.mark.parametrize("given, name", [r[1:] for r in NAMES], ids=[r[0] for r in NAMES])
def test_card_names(given, name):
    assert card_name(parse_card(given)) == name


@pytest.mark.parametrize("name", ["Hydra 11", "Serpent 3", "Orc 2", "Spectator", ""])
def test_unknown_cards_2(name):
    with pytest.raises(UnknownName):
        parse_card(name)


def test_the_deck_2():
    deck = [card_name(c) for c in range(N_CARDS)]
    assert len(deck) == 102  # 110 less the eight creature cards
    assert sum(n.startswith("Spectator") for n in deck) == 11
    assert deck.count("Referee") == 2 and deck.count("Head Referee") == 1
    assert parse_cards(["Referee", "Referee"]) == list(REFEREES)


# Wagers (7) and backers (15) ----------------------------------------------------------------------

VALUES = [("7-round-1-four", 1, 4), ("7-round-2-three", 2, 3), ("7-round-3-two", 3, 2),
          ("7-round-4-one", 4, 1)]  # fmt: skip


@pytest.mark.parametrize("round_, ducats", [r[1:] for r in VALUES], ids=[r[0] for r in VALUES])
def test_wager_value_7(round_, ducats):
    assert rules.wager_value(round_) == ducats


def test_no_bets_in_the_final_round_7():
    with pytest.raises(ValueError):
        rules.wager_value(5)
    assert rules.may_bet_visible(5, True, False, 3) == "bets are not allowed in the final round"


VISIBLE = [
    ("7-allowed", 2, True, False, 1, None),
    ("7-one-chip-per-creature-per-round", 2, True, True, 1, "already has a wager"),
    ("7-five-chips", 2, True, False, 0, "all five chips"),
    ("7-eliminated", 2, False, False, 3, "eliminated"),
]


@pytest.mark.parametrize(
    "round_, alive, chip, chips, why", [r[1:] for r in VISIBLE], ids=[r[0] for r in VISIBLE]
)
def test_may_bet_visible_7(round_, alive, chip, chips, why):
    found = rules.may_bet_visible(round_, alive, chip, chips)
    assert (found is None) if why is None else (why in found)


SECRET = [
    ("7-secret-in-round-1", 1, False, 5, "Hydra 3", None),
    ("7-secret-not-after-a-death", 2, False, 5, "Hydra 3", "first round"),
    ("7-one-secret-a-game", 1, True, 4, "Hydra 3", "only one"),
    ("7-secret-is-a-strength-card", 1, False, 5, "Spectator 3", "strength card"),
]


@pytest.mark.parametrize(
    "round_, already, chips, card, why", [r[1:] for r in SECRET], ids=[r[0] for r in SECRET]
)
def test_may_bet_secret_7(round_, already, chips, card, why):
    found = rules.may_bet_secret(round_, already, chips, parse_card(card))
    assert (found is None) if why is None else (why in found)


BACKERS = [
    ("15-most-revealed-ducats", {0: 4, 1: 3}, 0),
    ("15-tie-no-power", {0: 4, 1: 4}, None),
    ("15-no-revealed-ducats-no-power", {}, None),
]


@pytest.mark.parametrize("ducats, who", [r[1:] for r in BACKERS], ids=[r[0] for r in BACKERS])
def test_backer_15(ducats, who):
    assert rules.backer(ducats) == who


def test_revealed_secret_counts_five_for_backer_15():
    bets = [(0, HYDRA, 1)]  # four ducats
    assert rules.backer(rules.revealed_ducats(bets, {1: HYDRA}, HYDRA)) == 1
    assert rules.backer(rules.revealed_ducats(bets, {}, HYDRA)) == 0


# Combat (8) -------------------------------------------------------------------------------------


def column(**rows: list[str]) -> list[list[int]]:
    col: list[list[int]] = [[] for _ in range(8)]
    for name, stack in rows.items():
        col[parse_card(f"{name} 0") // 11] = cards(*stack)
    return col


FULL = {n: [f"{n} 5"] for n in ("Cyclops", "Dragon", "Hydra", "Ranger", "Titan", "Troll",
                                 "Unicorn", "Warlock")}  # fmt: skip


def test_round_goes_on_while_a_creature_has_no_card_8():
    rows = dict(FULL)
    del rows["Troll"]
    rows["Hydra"] = ["Hydra 1"]
    assert rules.lowest(column(**rows), [True] * 8) is None


def test_round_ends_with_one_lowest_8():
    rows = {**FULL, "Hydra": ["Hydra 1"]}
    assert rules.lowest(column(**rows), [True] * 8) == HYDRA


def test_tie_for_lowest_goes_on_8():
    # 8's example: the Hydra and the Warlock tied for the lowest card
    rows = {**FULL, "Hydra": ["Hydra 1"], "Warlock": ["Warlock 1"]}
    assert rules.lowest(column(**rows), [True] * 8) is None


def test_covering_replaces_the_value_8():
    rows = {**FULL, "Hydra": ["Hydra 1", "Hydra 9"], "Troll": ["Troll 4"]}
    assert rules.lowest(column(**rows), [True] * 8) == TROLL


def test_spectator_is_a_wild_card_9():
    rows = {**FULL, "Titan": ["Spectator 2"]}
    assert rules.lowest(column(**rows), [True] * 8) == TITAN
    assert rules.may_play_on(parse_card("Spectator 2"), TITAN, True) is None
    assert rules.may_play_on(parse_card("Hydra 2"), TITAN, True) is not None


def test_eliminated_creatures_are_not_in_the_round_8():
    rows = {**FULL, "Hydra": []}
    alive = [True] * 8
    alive[HYDRA] = False
    assert rules.lowest(column(**rows), alive) is None  # all 5: a tie among seven


# Discards and draws (11), winning (12) ----------------------------------------------------------


def test_discards_11():
    alive = [True] * 8
    alive[TROLL] = False
    assert rules.may_discard(parse_card("Troll 3"), alive, warlock=False) is None
    assert rules.may_discard(parse_card("Hydra 3"), alive, warlock=False) is not None
    assert rules.may_discard(parse_card("Hydra 3"), alive, warlock=True) is None  # 15.8
    assert rules.may_discard(parse_card("Spectator 3"), alive, warlock=True) is not None


DRAWS = [
    ("11-refill-to-eight", 5, 8, 40, False, 3),
    ("11-no-draw-at-eight-or-more", 9, 8, 40, False, 0),
    ("11-play-short-handed", 5, 8, 2, False, 2),
    ("5-seven-card-capacity", 5, 7, 40, False, 2),
    ("14-one-card-after-a-stalemate", 5, 8, 40, True, 1),
]


@pytest.mark.parametrize(
    "hand, capacity, pile, stalemate, drawn", [r[1:] for r in DRAWS], ids=[r[0] for r in DRAWS]
)
def test_cards_to_draw(hand, capacity, pile, stalemate, drawn):
    assert rules.cards_to_draw(hand, capacity, pile, stalemate) == drawn


def test_final_ducats_and_tie_break_12():
    alive = [False] * 8
    for c in (HYDRA, TROLL, WARLOCK):
        alive[c] = True
    bets = [(0, HYDRA, 1), (1, TROLL, 2), (1, CYCLOPS, 1), (2, WARLOCK, 3)]
    ducats = rules.final_ducats(bets, {2: TROLL}, alive, 3)
    assert ducats == [4, 3, 7]
    assert rules.winner([4, 4, 1], last_player=2) == 1  # the tied player who played last
    assert rules.winner([4, 4, 1], last_player=0) == 0


BIDS = [
    ("5-highest-bid", [(0, 5), (1, 8), (2, 7)], 1),
    ("5-first-of-equal-highest", [(2, 8), (0, 8)], 2),
    ("5-raise", [(0, 5), (1, 6), (0, 9)], 0),
]


@pytest.mark.parametrize("bids, first", [r[1:] for r in BIDS], ids=[r[0] for r in BIDS])
def test_opening_bid_5(bids, first):
    assert rules.opening_bidder(bids) == first


def test_opening_bid_not_decreased_5():
    with pytest.raises(ValueError):
        rules.opening_bidder([(0, 8), (0, 6)])


def test_overbid_penalty_5():
    hand = cards("Hydra 7", "Troll 9")
    assert rules.capacity_after_bid(hand, 9) == 8
    assert rules.capacity_after_bid(hand, 8) == 7


# The worked examples -----------------------------------------------------------------------------

A_HAND = ["Cyclops 8", "Hydra 1", "Troll 5", "Dragon 3", "Titan 2", "Unicorn 4", "Ranger 9",
          "Warlock 6"]  # fmt: skip
B_HAND = ["Troll 2", "Hydra 6", "Ranger 3", "Titan 7", "Dragon 8", "Unicorn 1", "Warlock 2",
          "Cyclops 3"]  # fmt: skip


def test_example_7_opening_bid_and_the_cyclops():
    t = table([A_HAND, B_HAND], opening_bid=8)
    # Player A: a 4-ducat bet on the Cyclops, his aqua 8 on it, the stare at Player B
    t = apply(t, Turn("bet", CYCLOPS, play=play("Cyclops 8", "Cyclops", Power(target=1))))
    assert t.bets == [(0, CYCLOPS, 1)] and t.chips[0] == 4
    assert len(t.hands[1]) == 4 and len(t.set_aside[1]) == 4
    assert t.capacity[0] == 8 and t.opening_bid is None
    # Player B, restricted to four cards, bets on the Ranger and plays a brown 2 on the Troll
    playable = list(t.hands[1])
    troll_2 = parse_card("Troll 2")
    if troll_2 not in playable:  # the stare was random: swap the Troll 2 into the playable half
        t.set_aside[1].remove(troll_2)
        t.set_aside[1].append(playable[0])
        t.hands[1][0] = troll_2
    t = apply(t, Turn("bet", RANGER, play=play("Troll 2", "Troll")))
    # he draws a card and picks up his other four: eight again
    assert len(t.hands[1]) == 8 and not t.set_aside[1]
    assert t.bets[-1] == (1, RANGER, 1)


def test_7_the_bid_must_be_played():
    t = table([A_HAND, B_HAND], opening_bid=8)
    with pytest.raises(Problem, match="opening bid") as e:
        apply(t, Turn(play=play("Troll 5", "Troll")))
    assert e.value.rule == "5"


def test_5_an_overbid_costs_a_card_of_capacity():
    t = table([A_HAND, B_HAND], opening_bid=10)
    t = apply(t, Turn(play=play("Troll 5", "Troll")))
    assert t.capacity[0] == 7 and len(t.hands[0]) == 7


def _example_9_table() -> Table:
    # Player C (index 0) backs the Hydra and bet secretly on the Warlock; the spectator
    # Serpent 0 lies atop the Hydra; the Unicorn and the Warlock show 1; the Dragon has no card
    # yet, so the round goes on.
    col = column(
        Cyclops=["Cyclops 6"], Hydra=["Hydra 4", "Serpent 0"], Ranger=["Ranger 7"],
        Titan=["Titan 8"], Troll=["Troll 6"], Unicorn=["Unicorn 1"], Warlock=["Warlock 1"],
    )  # fmt: skip
    c_hand = ["Hydra 2", "Warlock 3", "Hydra 0", "Titan 1"]
    d_hand = ["Referee", "Cyclops 1", "Dragon 1"]
    t = table([c_hand, d_hand], columns=[col], bets=[(0, HYDRA, 1)])
    t.secret_creature[0] = WARLOCK
    t.secret_card[0] = parse_card("Warlock 9")
    return t


def test_example_9_the_spectator_voids_the_hydra():
    t = _example_9_table()
    hydra_then_warlock = Turn(
        play=play("Hydra 2", "Hydra", Power()), second=play("Warlock 3", "Warlock")
    )
    with pytest.raises(Problem) as e:
        apply(t, hydra_then_warlock)
    assert e.value.code == "no_power" and e.value.rule == "15"
    # the yellow 0 instead: covering the spectator restores the power from the next turn on
    t = apply(t, Turn(play=play("Hydra 0", "Hydra")))
    assert t.round == 1 and all(t.alive)  # the Dragon still has no card (8)


def test_example_10_the_referee_claims_the_yellow_0():
    t = apply(_example_9_table(), Turn(play=play("Hydra 0", "Hydra")))
    claim = Play("referee", REFEREES[0], place=("column", 1, HYDRA))
    t = apply(t, Turn(play=claim))
    assert parse_card("Hydra 0") in t.hands[1]
    assert card_name(t.column[HYDRA][-1]) == "Spectator 0"  # exposed again: the power void
    assert t.discard[-1] == REFEREES[0]
    # the Hydra's backer cannot use its power while the spectator lies atop
    assert not moves.holds_power(t, play("Hydra 2", "Hydra"), Turn())


def test_9_power_restored_the_turn_after_covering():
    t = apply(_example_9_table(), Turn(play=play("Hydra 0", "Hydra")))
    t.player = 0  # Player C's next turn
    t.hands[0] += cards("Hydra 8")
    t = apply(t, Turn(play=play("Hydra 8", "Hydra", Power()), second=play("Warlock 3", "Warlock")))
    assert card_name(t.column[WARLOCK][-1]) == "Warlock 3"  # the Hydra's second card (15.3)


# Referees (10) and powers (15) -------------------------------------------------------------------


def test_head_referee_reveals_secret_bets_10():
    t = table([["Head Referee", "Troll 3"], ["Hydra 3"]])
    t.secret_creature[1], t.secret_card[1] = HYDRA, parse_card("Hydra 9")
    t = apply(t, Turn(play=Play("head_referee", HEAD_REFEREE, HYDRA)))
    assert t.secret_revealed[1] and t.backer(HYDRA) == 1 and t.head_referee_out


def test_referee_cannot_claim_a_spectator_10():
    col = column(Hydra=["Spectator 3"])
    t = table([["Referee", "Troll 3"], ["Hydra 3"]], columns=[col])
    with pytest.raises(Problem) as e:
        apply(t, Turn(play=Play("referee", REFEREES[0], place=("column", 1, HYDRA))))
    assert e.value.rule == "10"


def test_dragon_burns_a_card_on_another_creature_15_2():
    col = column(Hydra=["Hydra 2", "Hydra 9"])
    t = table([["Dragon 4", "Troll 1"], ["Troll 3"]], columns=[col], bets=[(0, DRAGON, 1)])
    t = apply(t, Turn(play=play("Dragon 4", "Dragon", Power(target=HYDRA))))
    assert t.column[HYDRA] == cards("Hydra 2") and t.discard[-1] == parse_card("Hydra 9")


def test_dragon_not_on_itself_15_2():
    t = table([["Dragon 4", "Troll 1"], ["Troll 3"]], bets=[(0, DRAGON, 1)])
    with pytest.raises(Problem):
        apply(t, Turn(play=play("Dragon 4", "Dragon", Power(target=DRAGON))))


def test_ranger_draws_three_and_then_not_above_eight_15_4():
    hand = ["Ranger 4", "Troll 1", "Hydra 1", "Titan 1", "Dragon 1", "Unicorn 1", "Warlock 1",
            "Cyclops 1"]  # fmt: skip
    t = table([hand, ["Troll 3"]], bets=[(0, RANGER, 1)])
    t = apply(t, Turn(play=play("Ranger 4", "Ranger", Power())))
    assert len(t.hands[0]) == 10  # 7 + 3, no draw above eight


def test_titan_snatches_one_of_three_15_5():
    t = table([["Titan 4", "Troll 1"], ["Troll 3", "Hydra 5", "Dragon 6", "Unicorn 2"]],
              bets=[(0, TITAN, 1)])  # fmt: skip
    snatched = tuple(cards("Troll 3", "Hydra 5", "Dragon 6"))
    power = Power(target=1, snatched=snatched, keep=parse_card("Dragon 6"))
    t = apply(t, Turn(play=play("Titan 4", "Titan", power)))
    assert parse_card("Dragon 6") in t.hands[0] and len(t.hands[1]) == 3


def test_troll_reclaims_from_a_former_column_15_6():
    old = column(Troll=["Troll 9"])
    t = table([["Troll 2", "Hydra 1"], ["Troll 3"]], columns=[old, column()],
              bets=[(0, TROLL, 1)], round=2)  # fmt: skip
    t = apply(t, Turn(play=play("Troll 2", "Troll", Power(place=("column", 1, TROLL)))))
    assert parse_card("Troll 9") in t.hands[0]


def test_troll_not_from_the_current_column_15_6():
    t = table([["Troll 2", "Hydra 1"], ["Troll 3"]], bets=[(0, TROLL, 1)])
    with pytest.raises(Problem):
        apply(t, Turn(play=play("Troll 2", "Troll", Power(place=("column", 1, TROLL)))))


def test_unicorn_exchanges_two_cards_of_one_creature_15_7():
    old = column(Hydra=["Hydra 9"])
    now = column(Hydra=["Hydra 1"])
    t = table([["Unicorn 2", "Troll 1"], ["Troll 3"]], columns=[old, now],
              bets=[(0, UNICORN, 2)], round=2)  # fmt: skip
    swap = (("column", 1, HYDRA), ("column", 2, HYDRA))
    t = apply(t, Turn(play=play("Unicorn 2", "Unicorn", Power(swap=swap))))
    assert t.column[HYDRA] == cards("Hydra 9") and t.columns[0][HYDRA] == cards("Hydra 1")


def test_warlock_discards_living_cards_within_three_15_8():
    t = table([["Warlock 2", "Troll 1", "Hydra 1", "Titan 1"], ["Troll 3"]],
              bets=[(0, WARLOCK, 1)])  # fmt: skip
    t = apply(t, Turn(play=play("Warlock 2", "Warlock", Power(cards=tuple(cards("Troll 1"))))))
    assert parse_card("Troll 1") in t.discard
    t2 = table([["Warlock 2", "Troll 1", "Hydra 1", "Titan 1", "Dragon 1"], ["Troll 3"]],
               bets=[(0, WARLOCK, 1)])  # fmt: skip
    four = tuple(cards("Troll 1", "Hydra 1", "Titan 1", "Dragon 1"))
    with pytest.raises(Problem):
        apply(t2, Turn(play=play("Warlock 2", "Warlock", Power(cards=four))))


def test_no_power_without_backing_15():
    t = table([["Dragon 4", "Troll 1"], ["Troll 3"]])
    with pytest.raises(Problem) as e:
        apply(t, Turn(play=play("Dragon 4", "Dragon", Power(target=HYDRA))))
    assert e.value.code == "no_power"


def test_must_play_a_playable_card_5():
    t = table([["Troll 1"], ["Troll 3"]])
    with pytest.raises(Problem) as e:
        apply(t, Turn(play=Play("pass")))
    assert e.value.rule == "5"


# Whole games: properties ----------------------------------------------------------------------


def random_turn(t: Table, rng: random.Random) -> Turn:
    """A random legal turn (powers used or not at random), listed by ``engine.arena.moves``."""
    turn = rng.choice(moves.wagers(t))
    if turn.wager == "secret":
        return turn
    turn.play = rng.choice(moves.plays(t))
    if moves.holds_power(t, turn.play, turn) and rng.random() < 0.8:
        after = moves.after_card(t, turn.play)
        if turn.play.creature == HYDRA:
            turn.play.power = Power()
            seconds = moves.plays(after, second=True)
            if seconds:
                turn.second = rng.choice(seconds)
        else:
            choices = moves.power_choices(after, turn.play.creature)
            if choices:
                turn.play.power = rng.choice(choices)
    hand = t.hands[t.player]
    dead = [c for c in hand if c < 88 and not t.alive[c // 11] and c != turn.play.card]
    turn.discards = tuple(dead[:3]) if turn.play.power is None or turn.play.creature != WARLOCK \
        else ()  # fmt: skip
    return turn


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_keep_every_card_and_end_with_three_survivors_8_12(players):
    for seed in range(8):
        rng = random.Random(1000 * players + seed)
        t = new_table(players, rng)
        while not t.over:
            before = sum(t.alive)
            t = apply(t, random_turn(t, rng), rng)
            assert sorted(t.all_cards()) == list(range(N_CARDS))  # 2: one place per card
            if sum(t.alive) < before:  # 8: a round ends with one creature eliminated
                assert sum(t.alive) == before - 1
        assert sum(t.alive) >= 3  # 12, 14: three survivors unless the cards ran out
        assert 0 <= t.winner() < players
