"""The Arena's components (2, 4, 9, 10) as data: eight creatures, 102 blue-backed cards.

Inside, a card is an int: strength cards 0..87 (creature * 11 + strength), spectators
88..98 (88 + strength), the Head Referee 99 and the two other Referees 100 and 101. Names
appear only at the edges, through ``parse_card`` / ``card_name``: ``"Hydra 3"``,
``"Spectator 0"`` (``"Serpent 0"`` and ``"Gargoyle 2"`` are accepted, the two spectator
names the rule book kept), ``"Head Referee"``, ``"Referee"``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engine.errors import UnknownName
from engine.names import number as numeral
from engine.names import words


@dataclass(frozen=True)
class Creature:
    index: int
    name: str
    colour: str | None  # the colour of its strength cards, where the rule book names it
    power: str  # the power's name on its cards
    rule: str  # where the power is described


CREATURES: tuple[Creature, ...] = (
    Creature(0, "Cyclops", "aqua", "Paralyzing Stare", "15.1"),
    Creature(1, "Dragon", None, "Fiery Breath", "15.2"),
    Creature(2, "Hydra", "yellow", "Multiple Attacks", "15.3"),
    Creature(3, "Ranger", "green", "Advanced Scouting", "15.4"),
    Creature(4, "Titan", None, "Snatch Away", "15.5"),
    Creature(5, "Troll", "brown", "Regenerative Power", "15.6"),
    Creature(6, "Unicorn", None, "Teleportation", "15.7"),
    Creature(7, "Warlock", "purple", "Possesses Foresight", "15.8"),
)
CREATURE_NAMES = tuple(c.name for c in CREATURES)
CYCLOPS, DRAGON, HYDRA, RANGER, TITAN, TROLL, UNICORN, WARLOCK = range(8)
N_CREATURES = 8
STRENGTHS = 11  # strength cards 0..10 per creature (4)
N_STRENGTH = N_CREATURES * STRENGTHS  # 88
FIRST_SPECTATOR = N_STRENGTH  # 88
N_SPECTATORS = 11  # 9: one per strength 0..10 (rulings)
HEAD_REFEREE = FIRST_SPECTATOR + N_SPECTATORS  # 99
REFEREES = (HEAD_REFEREE + 1, HEAD_REFEREE + 2)  # 100, 101
N_CARDS = HEAD_REFEREE + 3  # 102 blue-backed cards (2: 110 cards less the 8 creatures)
SPECTATOR_ALIASES = {"Serpent": 0, "Gargoyle": 2}  # the names the rule book kept (9, back)

PLAYERS_MIN, PLAYERS_MAX = 2, 5  # 1
CHIPS = 5  # 3, 7: five bets a game
DEAL = 8  # 3
HAND_CAPACITY = 8  # 11
PENALISED_CAPACITY = 7  # 5: an opening bid higher than its bidder can play
ROUNDS = 5  # 12: five rounds, three survivors
SURVIVORS = N_CREATURES - ROUNDS
SECRET_DUCATS = 5  # 7
MAX_DISCARDS = 3  # 11, 15.8


def strength_card(creature: int, strength: int) -> int:
    return creature * STRENGTHS + strength


def is_strength(card: int) -> bool:
    return 0 <= card < N_STRENGTH


def is_spectator(card: int) -> bool:
    return FIRST_SPECTATOR <= card < HEAD_REFEREE


def is_referee(card: int) -> bool:
    return card >= HEAD_REFEREE


def creature_of(card: int) -> int:
    """The creature of a strength card; -1 for a spectator or a referee."""
    return card // STRENGTHS if is_strength(card) else -1


def value(card: int) -> int:
    """The combat value a strength card or a spectator shows (4, 9); -1 for a referee."""
    if is_strength(card):
        return card % STRENGTHS
    if is_spectator(card):
        return card - FIRST_SPECTATOR
    return -1


def creature_index(name: str) -> int:
    for creature in CREATURES:
        if creature.name == name:
            return creature.index
    raise UnknownName(f"unknown creature {name!r}; one of {', '.join(CREATURE_NAMES)}", rule="4")


def card_name(card: int) -> str:
    if is_strength(card):
        return f"{CREATURES[card // STRENGTHS].name} {card % STRENGTHS}"
    if is_spectator(card):
        return f"Spectator {card - FIRST_SPECTATOR}"
    if card == HEAD_REFEREE:
        return "Head Referee"
    if card in REFEREES:
        return "Referee"
    raise ValueError(card)


def parse_card(name: str, referee: int = REFEREES[0]) -> int:
    """A card from its name (the grammar of ``engine.names``: its strength in ASCII digits);
    ``referee`` is the id given to ``"Referee"`` (there are two)."""
    text = words(name) or ""
    if text == "Head Referee":
        return HEAD_REFEREE
    if text == "Referee":
        return referee
    word, _, number = text.rpartition(" ")
    strength = numeral(number)
    if strength is not None and strength < STRENGTHS:
        if word == "Spectator":
            return FIRST_SPECTATOR + strength
        if word in SPECTATOR_ALIASES:
            if SPECTATOR_ALIASES[word] != strength:
                raise UnknownName(
                    f"the {word} is spectator {SPECTATOR_ALIASES[word]}, not {strength}", rule="9"
                )
            return FIRST_SPECTATOR + strength
        if word in CREATURE_NAMES:
            return strength_card(CREATURE_NAMES.index(word), strength)
    raise UnknownName(
        f"unknown card {name!r}: a strength card ('Hydra 3', strength 0-10), a spectator"
        " ('Spectator 0'-'Spectator 10'), 'Head Referee' or 'Referee'",
        rule="2",
    )


def parse_cards(names: Iterable[str], taken: set[int] | None = None) -> list[int]:
    """Cards from names, the two Referees told apart in order (a third is refused)."""
    taken = set() if taken is None else taken
    found = []
    for name in names:
        card = parse_card(name)
        if card == REFEREES[0] and card in taken:
            card = REFEREES[1]
        taken.add(card)
        found.append(card)
    return found


ALL_CARDS = tuple(range(N_CARDS))
