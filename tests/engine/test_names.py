"""One grammar for the names and labels a request gives (engine.names): ASCII letters and
digits only, so a digit of another script never reaches ``int`` (2: the cards, 3.5: the
characters, 4.2: the Legion markers)."""

from __future__ import annotations

import pytest

from engine.arena.cards import parse_card, strength_card
from engine.characters import NAMES
from engine.errors import UnknownName
from engine.game.markers import marker_colour, marker_number
from engine.names import canonical, number, words


@pytest.mark.parametrize(
    ("given", "read"),
    [
        pytest.param("Ogre", "Ogre", id="3.5-a-name"),
        pytest.param("  Ogre ", "Ogre", id="3.5-spaces-around"),
        pytest.param("hand-set", "hand-set", id="a-hyphen"),
        pytest.param("Hydra 10", "Hydra 10", id="2-a-card-strength"),
        pytest.param("Head Referee", "Head Referee", id="2-two-words"),
    ],
)
def test_names_of_the_grammar_are_read(given, read):
    assert words(given) == read


@pytest.mark.parametrize(
    "given",
    [
        pytest.param("Troll ²", id="superscript-digit"),
        pytest.param("Hydra ３", id="full-width-digit"),
        pytest.param("Hydra ٣", id="arabic-indic-digit"),
        pytest.param("Ｏｇｒｅ", id="full-width-letters"),
        pytest.param("Ogre\n", id="newline"),
        pytest.param("Hydra  3", id="two-spaces"),
        pytest.param("Ogre\x00", id="nul"),
        pytest.param("", id="empty"),
        pytest.param(3, id="not-text"),
    ],
)
def test_anything_else_is_no_name(given):
    assert words(given) is None
    assert canonical(given, NAMES) is None


def test_a_number_in_a_name_is_ascii_digits():
    assert number("10") == 10
    assert [number(t) for t in ("²", "３", "٣", "1.0", "-1", "", " 1")] == [None] * 7


def test_names_are_read_in_any_ascii_case_3_5():
    assert canonical("oGRE", NAMES) == "Ogre"
    # a letter that folds to an ASCII one is still not ASCII: the Kelvin sign is no K
    assert canonical("\u212aing", ["King"]) is None
    assert canonical("king", ["King"]) == "King"


@pytest.mark.parametrize("card", ["Troll ²", "Troll ₂", "Hydra ３", "Hydra ٣", "Hydra 3\n"])
def test_a_card_with_a_digit_of_another_script_is_unknown_2(card):
    with pytest.raises(UnknownName) as caught:
        parse_card(card)
    assert caught.value.rule == "2"


def test_a_card_strength_is_read_from_ascii_digits_2():
    assert parse_card("Troll 2") == strength_card(5, 2)
    assert parse_card(" Troll 10 ") == strength_card(5, 10)


@pytest.mark.parametrize("marker", ["Rd٠١", "Rd０１", "Rd01\n", "Rd1", "rd01"])
def test_a_marker_is_two_letters_and_two_ascii_digits_4_2(marker):
    assert marker_colour(marker) is None and marker_number(marker) is None
    assert (marker_colour("Rd01"), marker_number("Rd01")) == ("Red", 1)
