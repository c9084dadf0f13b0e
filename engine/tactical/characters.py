"""Tactical Titan's characters (9.0-12.2): TITAN's chart 3.5 plus the variant's new types,
each with its points (11.0) and its special abilities as one data record (2.2.3).

A ``TacticalCharacter`` is an ``engine.characters.Character`` (so every TITAN rule that reads
a character reads this one), with the variant's natives added (12.1.1, 12.1.2), its points and
its ``Abilities``. The rules that use an ability live beside their own rule numbers (hazards,
healing, musters, abilities); this module only declares who has what.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from engine.characters import CHARACTERS as TITAN_CHARACTERS
from engine.characters import TITAN, Character, CharacterClass
from engine.data import load
from engine.names import canonical, unknown

CLEAR = "clear"  # 2.1.2: a hex with no hazard in it, wherever an ability names hexes


class Heal(StrEnum):
    """5.2: how much a healing ability heals an adjacent character (or the healer itself)."""

    HEAL = "heal"  # 5.2.1: three points
    RESTORE = "restore"  # 5.2.2: all of its damage


class Summons(StrEnum):
    """Who a summoning ability brings into play (6.3)."""

    WARLOCK = "warlock"  # 10.1: Elementals by the hex's hazards, Demons in tower hexes
    CLERIC = "cleric"  # 10.2: a Creature from the dead pile


@dataclass(frozen=True)
class HazardAmount:
    """A number that applies in (or crossing) one hazard: points healed, damage taken."""

    hazard: str
    amount: int


@dataclass(frozen=True)
class HazardDice:
    """Dice added when striking or rangestriking out of a hex of ``hazard`` (9.2, 10.1)."""

    hazard: str
    strike: int
    rangestrike: int


@dataclass(frozen=True)
class Aura:
    """9.2 Salamander: at the start of any Strike Phase, each enemy in contact with it that
    may not enter a hex of ``spares_who_may_enter`` takes ``damage``."""

    damage: int
    spares_who_may_enter: str


@dataclass(frozen=True)
class AttackerSkillLoss:
    """9.2 Sea King: a Creature that can be mustered in ``musterable_in`` loses ``skill``
    Skill-factors when attacking this character."""

    musterable_in: str
    skill: int


def _names(value: Any) -> frozenset[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ValueError(f"expected a list of names, not {value!r}")
    return frozenset(value)


def _amounts(value: Any) -> tuple[HazardAmount, ...]:
    if not isinstance(value, dict):
        raise ValueError(f"expected {{hazard = number}}, not {value!r}")
    return tuple(HazardAmount(h, int(n)) for h, n in sorted(value.items()))


@dataclass(frozen=True)
class Abilities:
    """Every special ability a character may have (2.2.3, 9.2, 10.1, 12.2); the defaults
    mean "none". One record for all characters: rules read fields, never names."""

    heal: Heal | None = None  # 5.2.1, 5.2.2
    regenerates: bool = False  # 5.3: rests for 2 anywhere, even locked in contact
    regenerates_only_in: frozenset[str] = frozenset()  # ... but only in these hazards
    rest_heals: tuple[HazardAmount, ...] = ()  # 9.2 Dragon: a rest heals this much here
    overstacks_in: frozenset[str] = frozenset()  # 7.3 (hazard names or CLEAR)
    ignores: frozenset[str] = frozenset()  # 12.2: no effect of these hazards on it
    moves_as_clear: frozenset[str] = frozenset()  # 9.2 Druid: Trees
    enters: frozenset[str] = frozenset()  # may enter though not native (Volcano)
    only_in: frozenset[str] = frozenset()  # may be in no other hex hazard (Water)
    extra_dice: tuple[HazardDice, ...] = ()
    aura: Aura | None = None
    poison: int = 0  # 9.2 Venemous Wyrm
    crossing_damage: tuple[HazardAmount, ...] = ()  # 10.1 Fire Elemental: River
    attackers_lose_skill: AttackerSkillLoss | None = None  # 9.2 Sea King
    summons: Summons | None = None  # 10.1, 10.2
    muster_bonus: int = 0  # 9.2 Druid: added to its region's muster
    heal_or_muster: bool = False  # 12.2 Druid, Cleric

    @classmethod
    def from_dict(cls, row: Mapping[str, Any]) -> Abilities:
        """Read the data file's ``abilities`` table; an unknown key is refused by name."""
        known = {f.name for f in fields(cls)}
        extra = sorted(set(row) - known)
        if extra:
            raise ValueError(f"unknown abilities {extra}; known: {sorted(known)}")
        aura = row.get("aura")
        loss = row.get("attackers_lose_skill")
        return cls(
            heal=Heal(row["heal"]) if "heal" in row else None,
            regenerates=bool(row.get("regenerates", False)),
            regenerates_only_in=_names(row.get("regenerates_only_in", [])),
            rest_heals=_amounts(row.get("rest_heals", {})),
            overstacks_in=_names(row.get("overstacks_in", [])),
            ignores=_names(row.get("ignores", [])),
            moves_as_clear=_names(row.get("moves_as_clear", [])),
            enters=_names(row.get("enters", [])),
            only_in=_names(row.get("only_in", [])),
            extra_dice=tuple(
                HazardDice(h, int(d.get("strike", 0)), int(d.get("rangestrike", 0)))
                for h, d in sorted(row.get("extra_dice", {}).items())
            ),
            aura=Aura(int(aura["damage"]), str(aura["spares_who_may_enter"])) if aura else None,
            poison=int(row.get("poison", 0)),
            crossing_damage=_amounts(row.get("crossing_damage", {})),
            attackers_lose_skill=(
                AttackerSkillLoss(str(loss["musterable_in"]), int(loss["skill"])) if loss else None
            ),
            summons=Summons(row["summons"]) if "summons" in row else None,
            muster_bonus=int(row.get("muster_bonus", 0)),
            heal_or_muster=bool(row.get("heal_or_muster", False)),
        )

    def to_dict(self) -> dict[str, Any]:
        """The abilities it has, in the data file's shape (defaults left out)."""
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if value == f.default:
                continue
            if isinstance(value, frozenset):
                out[f.name] = sorted(value)
            elif f.name in ("rest_heals", "crossing_damage"):
                out[f.name] = {a.hazard: a.amount for a in value}
            elif f.name == "extra_dice":
                out[f.name] = {
                    d.hazard: {"strike": d.strike, "rangestrike": d.rangestrike} for d in value
                }
            elif isinstance(value, Aura):
                out[f.name] = {
                    "damage": value.damage,
                    "spares_who_may_enter": value.spares_who_may_enter,
                }
            elif isinstance(value, AttackerSkillLoss):
                out[f.name] = {"musterable_in": value.musterable_in, "skill": value.skill}
            elif isinstance(value, StrEnum):
                out[f.name] = value.value
            else:
                out[f.name] = value
        return out

    # Questions the rules ask of the record ------------------------------------------------

    def regenerates_in(self, hazard: str) -> bool:
        """5.3: does it regenerate in a hex of this hazard (Salamander, Fire Elemental: only
        in a Volcano)?"""
        return self.regenerates and (
            not self.regenerates_only_in or hazard in self.regenerates_only_in
        )

    def rest_heal_in(self, hazard: str) -> int | None:
        """9.2 Dragon: what a rest heals in a hex of this hazard, when the ability says."""
        return next((a.amount for a in self.rest_heals if a.hazard == hazard), None)

    def dice_in(self, hazard: str, *, rangestrike: bool) -> int:
        """Dice its ability adds striking (or rangestriking) out of a hex of this hazard."""
        return sum(
            d.rangestrike if rangestrike else d.strike
            for d in self.extra_dice
            if d.hazard == hazard
        )

    def crossing_damage_of(self, hexside: str) -> int:
        """10.1 Fire Elemental: damage taken each time it crosses a hexside of this hazard."""
        return sum(a.amount for a in self.crossing_damage if a.hazard == hexside)


NO_ABILITIES = Abilities()


@dataclass(frozen=True, repr=False)
class TacticalCharacter(Character):
    """One character type of the variant: TITAN's figures (3.5) and the variant's natives,
    ``points`` (11.0; None for the Titan, worth ``points_per_power`` per Power-factor) and
    ``abilities``."""

    points: int | None
    points_per_power: int
    abilities: Abilities

    def value(self, score: int = 0) -> int:
        """Points a player scores for slaying it (8.2, 11.0); a Titan's by its Power-factor,
        which grows with its player's score (8.2)."""
        if self.points is None:
            return self.points_per_power * self.power_at(score)
        return self.points

    @property
    def is_creature(self) -> bool:
        return self.klass is CharacterClass.CREATURE

    def to_dict(self) -> dict[str, Any]:
        """The character as the API shows it: TITAN's fields (engine.facts) and the variant's."""
        return {
            "name": self.name,
            "class": self.klass.value,
            "power": self.power,
            "skill": self.skill,
            "flies": self.flies,
            "rangestrikes": self.rangestrikes,
            "magic_missile": self.magic_missile,
            "count": self.count,
            "natives": sorted(self.natives),
            "points": self.points,
            "points_per_power": self.points_per_power if self.points is None else None,
            "abilities": self.abilities.to_dict(),
        }

    def __repr__(self) -> str:
        return f"tactical_character({self.name!r})"


FIGURES = ("class", "power", "skill", "flies", "rangestrikes", "count", "natives")
TITAN_KEYS = {"points", "points_per_power", "extra_natives", "abilities"}
NEW_KEYS = {*FIGURES, "magic_missile", "points", "abilities"}


def _build_one(name: str, row: Mapping[str, Any]) -> TacticalCharacter:
    base = TITAN_CHARACTERS.get(name)
    allowed = TITAN_KEYS if base is not None else NEW_KEYS
    extra = sorted(set(row) - allowed)
    if extra:
        raise ValueError(f"{name}: unknown fields {extra}")
    abilities = Abilities.from_dict(row.get("abilities", {}))
    points = row.get("points")
    per_power = int(row.get("points_per_power", 0))
    if (points is None) == (per_power == 0):
        raise ValueError(f"{name}: give exactly one of points and points_per_power")
    if base is None:
        missing = [k for k in FIGURES if k not in row]
        if missing:
            raise ValueError(f"{name}: missing {missing}")
        return TacticalCharacter(
            name=name,
            klass=CharacterClass(row["class"]),
            power=int(row["power"]),
            skill=int(row["skill"]),
            flies=bool(row["flies"]),
            rangestrikes=bool(row["rangestrikes"]),
            magic_missile=bool(row.get("magic_missile", False)),
            count=int(row["count"]),
            natives=_names(row["natives"]),
            points=points,
            points_per_power=per_power,
            abilities=abilities,
        )
    return TacticalCharacter(
        name=base.name,
        klass=base.klass,
        power=base.power,
        skill=base.skill,
        flies=base.flies,
        rangestrikes=base.rangestrikes,
        magic_missile=base.magic_missile,
        count=base.count,
        natives=base.natives | _names(row.get("extra_natives", [])),
        points=points,
        points_per_power=per_power,
        abilities=abilities,
    )


def _build() -> Mapping[str, TacticalCharacter]:
    rows = load("tactical_characters")
    missing = sorted(set(TITAN_CHARACTERS) - set(rows))
    if missing:  # 9.0: every TITAN character is in the variant
        raise ValueError(f"tactical_characters.toml lacks {missing}")
    return MappingProxyType({name: _build_one(name, row) for name, row in sorted(rows.items())})


CHARACTERS: Mapping[str, TacticalCharacter] = _build()
NAMES: tuple[str, ...] = tuple(CHARACTERS)
NEW_NAMES: tuple[str, ...] = tuple(n for n in NAMES if n not in TITAN_CHARACTERS)
DEMONS: tuple[str, ...] = tuple(f"Demon {face}" for face in range(1, 7))  # 10.1, by the die
assert all(d in CHARACTERS for d in DEMONS)
assert CHARACTERS[TITAN].points is None


def character(name: str) -> TacticalCharacter:
    """The variant's character of that name, given in any case; ``UnknownName`` with the
    closest names otherwise."""
    if isinstance(name, str) and name in CHARACTERS:  # the rules' own spelling
        return CHARACTERS[name]
    found = canonical(name, NAMES)
    if found is None:
        raise unknown("character", name, NAMES, rule="11.0")
    return CHARACTERS[found]
