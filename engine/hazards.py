"""The hazards chart (11.7) as data: one record per hazard.

Rules code reads these records instead of comparing hazard names. A hex
hazard fills a hex; a hexside hazard lies on the side of the hex it is
connected to ("atop" for Slope, Cliff and Wall; the Dune's own hex).
Crossing a hexside toward its connected hex is going *up*; away is *down*.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Who(StrEnum):
    """Whom an effect concerns."""

    NOBODY = "nobody"
    EVERYONE = "everyone"
    NATIVES = "natives"
    NON_NATIVES = "non_natives"
    NON_NATIVE_WALKERS = "non_native_walkers"  # non-flying non-natives
    WALKERS = "walkers"  # non-flying characters


def applies(who: Who, *, native: bool, flies: bool) -> bool:
    """Does an effect for ``who`` concern a character that is/isn't native/flying?"""
    match who:
        case Who.NOBODY:
            return False
        case Who.EVERYONE:
            return True
        case Who.NATIVES:
            return native
        case Who.NON_NATIVES:
            return not native
        case Who.NON_NATIVE_WALKERS:
            return not native and not flies
        case Who.WALKERS:
            return not flies
    raise AssertionError(who)


class Crossing(StrEnum):
    """How many hexsides of one hazard a rangestrike may cross, and when (hazard chart)."""

    FREE = "free"  # any number
    ENDS_ATOP = "ends_atop"  # each one crossed: the striker or the target atop it
    SLOPES = "slopes"  # 1-2: an end atop one of them; 3: the ends atop the first and third
    WALLS = "walls"  # 1: an end atop it; 2: an end in the centre, none beneath an outer one


@dataclass(frozen=True)
class HexHazard:
    name: str
    # movement (11.4, 11.5)
    may_walk_in: Who = Who.EVERYONE  # a non-flier may enter (and pass through)
    may_fly_over: Who = Who.EVERYONE  # a flier may cross it in the air
    may_land: Who = Who.EVERYONE  # a flier may end its move here
    slows: Who = Who.NOBODY  # entering (or landing) costs two
    # striking (12.0)
    defence_bonus_vs_non_natives: bool = False  # native here: +1 Strike-number
    strike_skill_penalty: Who = Who.NOBODY  # striking out of it: skill -1
    strike_dice_bonus: int = 0  # natives striking out of it add dice
    damage_per_strike_phase: Who = Who.NOBODY  # one hit at each Strike Phase
    # rangestriking (13.0)
    blocks_rangestrikes: bool = False
    rangestrike_defence_bonus: Who = Who.NOBODY  # these targets: +1 Strike-number
    rangestrike_defence_vs_non_natives: bool = False  # native here: +1 vs non-native strikers
    rangestrike_dice_bonus: int = 0  # natives rangestriking out of it add dice
    intervening_skill_penalty: Who = Who.NOBODY  # rangestrikers: -1 per such hex


@dataclass(frozen=True)
class HexsideHazard:
    name: str
    # movement
    walkers_may_cross: bool = True
    slows_going_up: Who = Who.NOBODY
    # contact and striking
    breaks_contact: bool = False
    dice_bonus_down: tuple[Who, int] = (Who.NOBODY, 0)
    dice_penalty_up: tuple[Who, int] = (Who.NOBODY, 0)
    skill_bonus_down: Who = Who.NOBODY
    skill_penalty_up: Who = Who.NOBODY
    # carry-over (12.4): only a strike across this hazard may carry over up across it
    blocks_carry_over_up: bool = False
    # rangestriking: skill lost for each one crossed going up
    rangestrike_skill_penalty_up: bool = False
    rangestrike_crossing: Crossing = Crossing.FREE
    # crossing rules lifted when this hazard is crossed (a Cliff lifts the Slopes' limits)
    rangestrike_waives: frozenset[Crossing] = frozenset()
    # a character at its base does not block a rangestrike to or from atop it
    rangestrike_passes_base: bool = False


PLAIN = HexHazard("Plain")
TOWER = HexHazard("Tower")  # the Tower's walled hexes: their walls are hexsides
TREE = HexHazard(
    "Tree",
    may_walk_in=Who.NOBODY,
    may_land=Who.NOBODY,
    blocks_rangestrikes=True,
)
BRAMBLE = HexHazard(
    "Bramble",
    slows=Who.NON_NATIVES,
    defence_bonus_vs_non_natives=True,
    strike_skill_penalty=Who.NON_NATIVES,
    intervening_skill_penalty=Who.NON_NATIVES,
    rangestrike_defence_vs_non_natives=True,
)
DRIFT = HexHazard("Drift", slows=Who.NON_NATIVES, damage_per_strike_phase=Who.NON_NATIVES)
VOLCANO = HexHazard(
    "Volcano",
    may_walk_in=Who.NATIVES,
    may_fly_over=Who.NATIVES,
    may_land=Who.NATIVES,
    strike_dice_bonus=2,
    rangestrike_defence_bonus=Who.NATIVES,
    rangestrike_dice_bonus=2,
)
BOG = HexHazard("Bog", may_walk_in=Who.NATIVES, may_land=Who.NATIVES)
SAND = HexHazard("Sand", slows=Who.NON_NATIVE_WALKERS)

SLOPE = HexsideHazard(
    "Slope",
    slows_going_up=Who.NON_NATIVE_WALKERS,
    dice_bonus_down=(Who.NATIVES, 1),
    skill_penalty_up=Who.NON_NATIVES,
    rangestrike_crossing=Crossing.SLOPES,
)
CLIFF = HexsideHazard(
    "Cliff",
    walkers_may_cross=False,
    breaks_contact=True,
    rangestrike_crossing=Crossing.ENDS_ATOP,
    rangestrike_waives=frozenset({Crossing.SLOPES}),
    rangestrike_passes_base=True,
)
DUNE = HexsideHazard(
    "Dune",
    dice_bonus_down=(Who.NATIVES, 2),
    dice_penalty_up=(Who.NON_NATIVES, 1),
    blocks_carry_over_up=True,
    rangestrike_crossing=Crossing.ENDS_ATOP,
)
WALL = HexsideHazard(
    "Wall",
    slows_going_up=Who.WALKERS,
    skill_bonus_down=Who.EVERYONE,
    skill_penalty_up=Who.EVERYONE,
    rangestrike_skill_penalty_up=True,
    rangestrike_crossing=Crossing.WALLS,
)

HEX_HAZARDS: dict[str, HexHazard] = {
    h.name: h for h in (PLAIN, TOWER, TREE, BRAMBLE, DRIFT, VOLCANO, BOG, SAND)
}
HEXSIDE_HAZARDS: dict[str, HexsideHazard] = {h.name: h for h in (SLOPE, CLIFF, DUNE, WALL)}
