"""Carrying over excess hits (12.4, 12.5) and the Dune's carry-over sentence (11.7)."""

from __future__ import annotations

import pytest

from engine.battlelands import battleland
from engine.characters import character
from engine.hexes import parse_hex
from engine.strikes import may_carry_over

# (rule, terrain, striker, at, first, at, second, at, declared, forgo, allowed)
CARRY = [
    # 12.4's example: an Ogre at a Lion (5) and a Centaur (6)
    ("12.4-lion-at-5-not-to-centaur", "Plains", "Ogre", "D3", "Lion", "C3", "Centaur", "C2",
     5, False, False),
    ("12.4-lion-at-6-to-centaur", "Plains", "Ogre", "D3", "Lion", "C3", "Centaur", "C2",
     6, False, True),
    ("12.4-centaur-at-6-to-lion", "Plains", "Ogre", "D3", "Centaur", "C2", "Lion", "C3",
     6, False, True),
    ("12.4-lion-to-lion-at-5", "Plains", "Ogre", "D3", "Lion", "C3", "Lion", "D2",
     5, False, True),
    ("12.4-declared-below-the-first", "Plains", "Ogre", "D3", "Lion", "C3", "Lion", "D2",
     4, False, False),
    ("12.4-declared-beyond-a-die", "Plains", "Ogre", "D3", "Lion", "C3", "Lion", "D2",
     7, False, False),
    ("12.4-second-not-adjacent", "Plains", "Ogre", "D3", "Lion", "C3", "Lion", "B2",
     6, False, False),
    ("12.4-second-is-the-first", "Plains", "Ogre", "D3", "Lion", "C3", "Lion", "C3",
     6, False, False),
    ("12.4-second-across-a-cliff-Desert", "Desert", "Ogre", "C3", "Lion", "B3", "Lion", "D4",
     6, False, False),
    # 12.5: Slope dice down (Mountains: A1 atop A2 only)
    ("12.5-slope-benefit-not-to-flat-Mountains", "Mountains", "Ogre", "A1", "Lion", "A2",
     "Lion", "B2", 5, False, False),
    ("12.5-slope-benefit-forgone-Mountains", "Mountains", "Ogre", "A1", "Lion", "A2",
     "Lion", "B2", 5, True, True),
    ("12.5-slope-benefit-not-up-Mountains", "Mountains", "Ogre", "A1", "Lion", "A2",
     "Lion", "B1", 5, False, False),
    ("12.5-no-benefit-to-benefit-Mountains", "Mountains", "Ogre", "A1", "Lion", "B2",
     "Lion", "A2", 5, False, True),
    ("12.5-slope-down-to-down-Hills", "Hills", "Ogre", "B1", "Lion", "B2", "Lion", "C1",
     5, False, True),
    ("12.5-forgone-still-12.4-Mountains", "Mountains", "Ogre", "A1", "Lion", "A2",
     "Centaur", "B2", 5, True, False),
    ("12.5-forgone-declared-6-Mountains", "Mountains", "Ogre", "A1", "Lion", "A2",
     "Centaur", "B2", 6, True, True),
    # 12.5: Wall skill down (Tower: C3 atop B2, level with C4)
    ("12.5-wall-benefit-not-to-level-Tower", "Tower", "Ogre", "C3", "Lion", "B2", "Lion", "C4",
     5, False, False),
    ("12.5-wall-benefit-forgone-Tower", "Tower", "Ogre", "C3", "Lion", "B2", "Lion", "C4",
     5, True, True),
    ("12.5-wall-forgone-needs-plain-number-Tower", "Tower", "Ogre", "C3", "Lion", "B2",
     "Lion", "C4", 4, True, False),
    ("12.5-wall-down-to-down-Tower", "Tower", "Ogre", "C3", "Lion", "B2", "Lion", "B3",
     4, False, True),
    # Dune: a strike not across a Dune cannot carry over up across one
    ("11.7-dune-no-carry-up-from-level-Desert", "Desert", "Ogre", "C4", "Lion", "C3",
     "Lion", "D5", 6, False, False),
    ("11.7-dune-native-no-carry-up-Desert", "Desert", "Lion", "C4", "Ogre", "C3",
     "Ogre", "D5", 6, False, False),
    ("11.7-dune-carry-up-from-up-Desert", "Desert", "Ogre", "C4", "Lion", "D4",
     "Lion", "D5", 5, False, True),
    ("11.7-dune-carry-down-from-level-Desert", "Desert", "Ogre", "D5", "Lion", "D6",
     "Lion", "C4", 5, False, True),
    ("11.7-dune-carry-level-from-up-Desert", "Desert", "Ogre", "C4", "Lion", "D4",
     "Lion", "C3", 5, False, True),
]  # fmt: skip


@pytest.mark.parametrize(
    "terrain, striker, at, first, first_at, second, second_at, declared, forgo, allowed",
    [row[1:] for row in CARRY],
    ids=[row[0] for row in CARRY],
)
def test_may_carry_over(
    terrain, striker, at, first, first_at, second, second_at, declared, forgo, allowed
):
    kind = character(striker)
    assert (
        may_carry_over(
            kind,
            kind.power,
            parse_hex(at),
            character(first),
            parse_hex(first_at),
            character(second),
            parse_hex(second_at),
            battleland(terrain),
            declared,
            forgo,
        )
        is allowed
    )
