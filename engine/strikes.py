"""Normal strikes (12.0-12.5) and how hazards bend them (the hazard chart's striking lines).

Effects are read from the hazard records of ``engine.hazards``: the striker's
hex (``strike_skill_penalty``, ``strike_dice_bonus``), the target's hex
(``defence_bonus_vs_non_natives``) and the hexside between them
(``dice_bonus_down``, ``skill_bonus_down`` — the *benefits* of 12.5 —
``dice_penalty_up``, ``skill_penalty_up``, ``blocks_carry_over_up``).
A strike is *down* across a hexside when it goes from the hex the hazard is
connected to (atop a Slope or Wall, the Dune's own hex) to the other one.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import StrEnum
from typing import Any

from engine.battlelands import Battleland
from engine.characters import Character
from engine.hazards import HexHazard, HexsideHazard, applies
from engine.hexes import hex_name
from engine.movement import in_contact
from engine.position import BattlePosition, Ref
from engine.strike_chart import strike_number as chart_strike_number

HIGHEST_STRIKE_NUMBER = 6  # a die shows at most six


@dataclass(frozen=True)
class StrikeTerms:
    """Dice and Strike-number of one strike: with every hazard effect, and with the
    hexside benefits forgone (12.5) but the penalties kept (``plain_*``)."""

    dice: int
    strike_number: int
    plain_dice: int
    plain_strike_number: int

    @property
    def has_benefits(self) -> bool:
        """Does a hazard give this strike something the striker could forgo (12.5)?"""
        return (self.dice, self.strike_number) != (self.plain_dice, self.plain_strike_number)


@dataclass(frozen=True)
class StrikeChanges:
    """What hazards (or, in Tactical Titan, abilities) do to one strike: dice and skill the
    striker gains (+) or loses (-), the target's added Strike-number, and the hexside
    *benefits* (12.5) apart, which a striker may forgo."""

    dice: int = 0  # Volcano dice (+), Dune penalty (-)
    skill: int = 0  # penalties: out of Bramble, up a Slope or Wall
    strike_number: int = 0  # the target's defence in Bramble
    benefit_dice: int = 0  # natives down a Slope or Dune
    benefit_skill: int = 0  # down a Wall

    def __add__(self, other: StrikeChanges) -> StrikeChanges:
        return StrikeChanges(
            self.dice + other.dice,
            self.skill + other.skill,
            self.strike_number + other.strike_number,
            self.benefit_dice + other.benefit_dice,
            self.benefit_skill + other.benefit_skill,
        )

    def terms(self, dice: int, skill: int, target_skill: int) -> StrikeTerms:
        """Dice and Strike-number of a strike of ``dice`` (the Power-factor) and ``skill``
        against ``target_skill`` with these changes, benefits kept and forgone (12.2, 12.5)."""
        plain_dice = dice + self.dice
        plain_skill = skill + self.skill
        return StrikeTerms(
            dice=plain_dice + self.benefit_dice,
            strike_number=chart_strike_number(
                plain_skill + self.benefit_skill, target_skill, self.strike_number
            ),
            plain_dice=plain_dice,
            plain_strike_number=chart_strike_number(plain_skill, target_skill, self.strike_number),
        )

    def to_dict(self) -> dict[str, int]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


def strike_changes(
    kind: Character,
    here: HexHazard,
    target: Character,
    there: HexHazard,
    side: HexsideHazard | None = None,
    *,
    up: bool = False,
    ignored: frozenset[str] = frozenset(),
) -> StrikeChanges:
    """What the hazards do to a normal strike by ``kind`` in a hex of ``here`` at ``target`` in
    a hex of ``there``, across ``side`` (``up``: toward the hex it is connected to).

    The hazard chart's striking lines: out of Bramble, non-natives lose a Skill-factor;
    Volcano natives add two dice; a Bramble native is harder to hit for a non-native; up a
    Slope or Wall costs skill, up a Dune dice; down them natives (or everyone, a Wall) gain
    the benefits of 12.5. ``ignored``: hazards that do nothing to this striker's strike
    (Tactical Titan 12.2; nobody in TITAN), though still to its enemies' strikes at it.
    """
    dice = skill = number = benefit_dice = benefit_skill = 0
    native_here = kind.is_native(here.name)
    if here.name not in ignored:
        if applies(here.strike_skill_penalty, native=native_here, flies=kind.flies):
            skill -= 1
        if native_here:
            dice += here.strike_dice_bonus
    if (
        there.defence_bonus_vs_non_natives
        and target.is_native(there.name)
        and not kind.is_native(there.name)
        and there.name not in ignored
    ):
        number += 1
    if side is not None and side.name not in ignored:
        native = kind.is_native(side.name)
        if up:
            who, n = side.dice_penalty_up
            if applies(who, native=native, flies=kind.flies):
                dice -= n
            if applies(side.skill_penalty_up, native=native, flies=kind.flies):
                skill -= 1
        else:
            who, n = side.dice_bonus_down
            if applies(who, native=native, flies=kind.flies):
                benefit_dice += n
            if applies(side.skill_bonus_down, native=native, flies=kind.flies):
                benefit_skill += 1
    return StrikeChanges(dice, skill, number, benefit_dice, benefit_skill)


def _changes(
    kind: Character, hex_: int, target: Character, target_hex: int, land: Battleland
) -> StrikeChanges:
    side = land.hexside(hex_, target_hex)
    return strike_changes(
        kind,
        land.hazard(hex_),
        target,
        land.hazard(target_hex),
        None if side is None else side.hazard,
        up=side is not None and side.going_up(target_hex),
    )


def strike_terms(
    kind: Character,
    power: int,
    hex_: int,
    target: Character,
    target_hex: int,
    land: Battleland,
) -> StrikeTerms | None:
    """Dice and Strike-number of a normal strike (12.0, 12.2, hazard chart).

    ``power`` is the striker's Power-factor (a Titan's from the score, 19.1).
    None when the two are not in contact (not adjacent, or a Cliff between).
    """
    if not in_contact(land, hex_, target_hex):
        return None
    return _changes(kind, hex_, target, target_hex, land).terms(power, kind.skill, target.skill)


def may_carry_over(
    kind: Character,
    power: int,
    hex_: int,
    first: Character,
    first_hex: int,
    second: Character,
    second_hex: int,
    land: Battleland,
    strike_number: int,
    forgo_benefits: bool,
) -> bool:
    """May excess hits of a strike at ``first`` declared at ``strike_number`` carry to ``second``?

    12.4: the second must be in contact with the striker too, and need no
    higher Strike-number than the one declared (which may not be lower than
    the first target needs). 12.5: a strike that keeps its hexside benefits
    carries only to a target those benefits also apply to; forgoing them
    (``forgo_benefits``) strikes with the plain terms. Dune: a strike not
    itself across a Dune may not carry over up across one.
    """
    if second_hex == first_hex or not 1 <= strike_number <= HIGHEST_STRIKE_NUMBER:
        return False
    one = strike_terms(kind, power, hex_, first, first_hex, land)
    two = strike_terms(kind, power, hex_, second, second_hex, land)
    if one is None or two is None:
        return False
    if forgo_benefits:
        needed_first, needed_second = one.plain_strike_number, two.plain_strike_number
    else:
        needed_first, needed_second = one.strike_number, two.strike_number
        used = _changes(kind, hex_, first, first_hex, land)
        there = _changes(kind, hex_, second, second_hex, land)
        if there.benefit_dice < used.benefit_dice or there.benefit_skill < used.benefit_skill:
            return False  # 12.5: the benefits would not have applied to the second
    if strike_number < needed_first or needed_second > strike_number:
        return False
    second_side = land.hexside(hex_, second_hex)
    if (
        second_side is not None
        and second_side.hazard.blocks_carry_over_up
        and second_side.going_up(second_hex)
    ):
        first_side = land.hexside(hex_, first_hex)
        if first_side is None or first_side.hazard is not second_side.hazard:
            return False
    return True


def drift_damage(kind: Character, land: Battleland, hex_: int) -> int:
    """Hits taken at the start of each Strike Phase in this hex (Drift, non-natives: 1)."""
    hazard = land.hazard(hex_)
    hurt = applies(
        hazard.damage_per_strike_phase, native=kind.is_native(hazard.name), flies=kind.flies
    )
    return 1 if hurt else 0


# --- every legal strike of a character in a position -----------------------------


class StrikeKind(StrEnum):
    STRIKE = "strike"
    RANGESTRIKE = "rangestrike"


@dataclass(frozen=True)
class CarryOver:
    """Declaring ``strike_number`` (and forgoing the benefits or not) lets excess hits
    carry to any of ``targets`` (12.4, 12.5); ``dice`` are the dice then rolled."""

    strike_number: int
    forgo_benefits: bool
    dice: int
    targets: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "strike_number": self.strike_number,
            "forgo_benefits": self.forgo_benefits,
            "dice": self.dice,
            "targets": [hex_name(h) for h in self.targets],
        }


@dataclass(frozen=True)
class StrikeOption:
    """One legal target: the strike's kind, its Strike-number and dice unpenalised by
    any declared number, and where its excess hits may carry (never for a rangestrike)."""

    target: int
    kind: StrikeKind
    strike_number: int
    dice: int
    carry_over: tuple[CarryOver, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "target": hex_name(self.target),
            "kind": self.kind.value,
            "strike_number": self.strike_number,
            "dice": self.dice,
            "carry_over": [c.to_dict() for c in self.carry_over],
        }


def _carry_overs(
    kind: Character,
    power: int,
    hex_: int,
    first: Character,
    first_hex: int,
    others: list[tuple[Character, int]],
    land: Battleland,
    terms: StrikeTerms,
) -> tuple[CarryOver, ...]:
    """Every declared Strike-number (with benefits, then forgone if there are any) that
    lets excess hits of a strike at ``first`` reach another enemy in contact."""
    found = []
    ways = [(False, terms.strike_number, terms.dice)]
    if terms.has_benefits:
        ways.append((True, terms.plain_strike_number, terms.plain_dice))
    for forgo, lowest, dice in ways:
        for declared in range(lowest, HIGHEST_STRIKE_NUMBER + 1):
            targets = tuple(
                second_hex
                for second, second_hex in others
                if may_carry_over(
                    kind, power, hex_, first, first_hex, second, second_hex, land, declared, forgo
                )
            )
            if targets:
                found.append(CarryOver(declared, forgo, dice, targets))
    return tuple(found)


def legal_strikes(position: BattlePosition, ref: Ref) -> list[StrikeOption]:
    """Every legal target of the character in the Strike Phase of the position.

    In a maneuver position this is the Strike Phase that follows it, the
    characters where they stand. A character in contact strikes one of the
    enemies it is in contact with, each with its carry-over options (12.0,
    12.4, 12.5); one not in contact may rangestrike if its side is the
    phasing one (13.0, ``engine.rangestrikes.legal_rangestrikes``). Ordered
    by the target's hex.
    """
    figure = position.figure(ref)
    if figure.hex is None:
        return []
    land, kind, power = position.land, figure.kind, position.power(ref)
    hex_ = figure.hex
    in_reach: list[tuple[Character, int]] = []
    for enemy in position.on_board(ref[0].enemy):
        there = position.figure(enemy).hex
        if there is not None and in_contact(land, hex_, there):
            in_reach.append((position.figure(enemy).kind, there))
    in_reach.sort(key=lambda pair: pair[1])
    if not in_reach:
        # rangestrikes build on this module's StrikeOption, so they are imported here
        from engine.rangestrikes import legal_rangestrikes

        return legal_rangestrikes(position, ref)
    options = []
    for target, there in in_reach:
        terms = strike_terms(kind, power, hex_, target, there, land)
        assert terms is not None  # in contact
        others = [(other, h) for other, h in in_reach if h != there]
        carry = _carry_overs(kind, power, hex_, target, there, others, land, terms)
        options.append(
            StrikeOption(there, StrikeKind.STRIKE, terms.strike_number, terms.dice, carry)
        )
    return options
