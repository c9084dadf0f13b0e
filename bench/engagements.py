"""Engagements as players meet them: a seeded generator with a training and a test stream.

The suite of ``bench/tactics.py`` was once both what the default was tuned on and what
measured it; an equilibrium of that suite need not be one of the game. This module draws
Engagements the way a game makes them, so that what is tuned and what is measured can be
kept apart:

- a Legion starts as a player's does (4.3: a Titan or an Angel with three of the starting
  Creatures, 5.2) and grows along the Mastercharts' recruit trees (18.2-18.5, by
  ``engine.musters.legal_recruits`` in the lands it musters in), acquires Angels (17.0),
  splits when full (4.1) and loses characters in earlier Battles, down to 1 to 7
  characters; a Titan's player has a score (19.1);
- the Battle is fought on any Battleland, from any side the attacker may enter by (10.1,
  10.2), with or without a Lord to summon (15.0) and the defender's reinforcement (14.0);
  the defender often mustered in the land it holds, so natives defend their own terrain;
- a quarter of the Engagements continue a half-fought Battle: Battle-Round 2 or 3, every
  character placed on the Battleland, some wounded, some slain before (a position
  ``engine.battle_checks`` accepts).

Engagement ``i`` of a stream is drawn from its own generator, ``SeedSequence(ROOT,
spawn_key=(stream, i))``: the training stream (``TRAINING``) and the test stream
(``TEST``) never share a generator, and any Engagement is the same whenever and wherever
it is drawn. Tuning, fitting and the choice of styles read only the training stream; the
figures ``make bench-tactics`` reports read only the first ``TEST_ENGAGEMENTS`` of the
test stream.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import numpy as np

from engine.battle_checks import attacker_entry_sides, box_problems, check_position
from engine.battlelands import TERRAINS, TOWER
from engine.characters import ANGEL, ARCHANGEL, TITAN, character
from engine.hexes import HEXES
from engine.musters import legal_recruits
from engine.position import Army, BattlePosition, Figure, Phase, Side
from engine.scoring import LEGION_LIMIT
from engine.variants import variant
from simulator.engagement import Engagement, Legion, engagement_from_position

ROOT = 0x7A11_E5_2026  # the root of both streams
TRAINING, TEST = 0, 1  # the streams' spawn keys
TEST_ENGAGEMENTS = 120  # the test stream's Engagements that reported figures read
HALF_FOUGHT = 0.25  # share of Engagements that continue a half-fought Battle
LORD_TITAN = 0.4  # share of Legions that hold their player's Titan (the rest: an Angel)
GROWTH = (2, 18)  # musters a Legion has made, low (inclusive) to high (exclusive)
BEST_RECRUIT = 0.6  # chance a muster takes the best recruit offered, not any
ACQUIRE = 0.12  # chance a muster comes with an Angel acquired (17.0)
REINFORCE = 0.75  # share of Engagements in which the defender musters its reinforcement
# a Legion's size in the Battle, 1 to 7, larger ones likelier (they are the ones that fight)
SIZES = np.arange(1, LEGION_LIMIT + 1)
SIZE_SHARES = SIZES / SIZES.sum()
WOUNDED = 0.4  # chance a character of a half-fought Battle carries hits


@dataclass(frozen=True)
class Drawn:
    """One generated Engagement, with where it came from."""

    stream: int
    index: int
    engagement: Engagement

    @property
    def name(self) -> str:
        e = self.engagement
        half = f" R{e.position.turn} {e.position.active}" if e.position is not None else ""
        size = f"{len(e.start.attacker.characters)}v{len(e.start.defender.characters)}"
        return f"{'TR'[self.stream]}{self.index} {e.terrain} {size}{half}"


def generator(stream: int, index: int) -> np.random.Generator:
    """Engagement ``index`` of ``stream``'s own generator."""
    return np.random.default_rng(np.random.SeedSequence(ROOT, spawn_key=(stream, index)))


def starting_legion(rng: np.random.Generator, lord: str) -> list[str]:
    """A Legion of the game's first split (4.3): a Lord with three of the starting
    Creatures (5.2: two of each Tower Creature)."""
    creatures = [name for name in variant().tower_creatures for _ in range(2)]
    picked = rng.choice(len(creatures), size=3, replace=False)
    return [lord, *(creatures[int(k)] for k in sorted(picked))]


def grown(rng: np.random.Generator, lord: str, home: str | None) -> list[str]:
    """A Legion grown from ``starting_legion`` by musters in random lands along the recruit
    trees (18.0-18.5), Angels acquired (17.0), splits when full (4.1), and losses; its last
    muster in ``home`` when given (a defender that recruited where it stands)."""
    legion = starting_legion(rng, lord)
    musters = int(rng.integers(*GROWTH))
    for m in range(musters):
        if len(legion) >= LEGION_LIMIT:
            legion = _split(rng, legion)
        if home is not None and m == musters - 1:
            recruits = legal_recruits(legion, home)
        else:  # a player moves where its Legion may muster: a land chosen among those
            offers = [r for land in TERRAINS if (r := legal_recruits(legion, land))]
            recruits = offers[int(rng.integers(len(offers)))] if offers else []
        if recruits:
            best = rng.random() < BEST_RECRUIT  # the greatest is listed last (18.3)
            legion.append(recruits[-1 if best else int(rng.integers(len(recruits)))].character)
        if len(legion) < LEGION_LIMIT and rng.random() < ACQUIRE:
            legion.append(ANGEL if rng.random() < 0.8 else ARCHANGEL)
    size = int(rng.choice(SIZES, p=SIZE_SHARES))
    while len(legion) > size:  # losses in earlier Battles, or characters split off
        legion.pop(_expendable(rng, legion))
    return legion


def _expendable(rng: np.random.Generator, legion: list[str]) -> int:
    """A character that may leave the Legion: any but its Titan."""
    others = [i for i, name in enumerate(legion) if name != TITAN]
    return others[int(rng.integers(len(others)))]


def _split(rng: np.random.Generator, legion: list[str]) -> list[str]:
    """The Legion after a split (4.1): two to four characters leave, never the Titan, the
    lesser ones more often (a player keeps its best together)."""
    legion = list(legion)
    for _ in range(int(rng.integers(2, 5))):
        others = [i for i, name in enumerate(legion) if name != TITAN]
        worth = np.array([_worth(legion[i]) for i in others], dtype=float)
        weights = 1.0 / worth
        legion.pop(others[int(rng.choice(len(others), p=weights / weights.sum()))])
    return legion


def _worth(name: str) -> float:
    c = character(name)
    return float(c.power * c.skill)


def _score(rng: np.random.Generator) -> int:
    return int(rng.integers(0, 40)) * 10


def _fits_the_box(terrain: str, attacker: Legion, defender: Legion) -> bool:
    """2.3: the two Legions together hold no more of a character than the box has."""
    return not box_problems(Engagement(terrain, attacker, defender).start)


def draw(stream: int, index: int) -> Drawn:
    """Engagement ``index`` of ``stream``: the same on every call."""
    rng = generator(stream, index)
    terrain = str(rng.choice(TERRAINS))
    sides = attacker_entry_sides(terrain)
    entry = int(sides[int(rng.integers(len(sides)))])
    while True:  # two Legions of one box (2.3): drawn again until they fit
        attacker = _legion(rng, None)
        defender = _legion(rng, terrain if rng.random() < 0.5 else None)
        if _fits_the_box(terrain, attacker, defender):
            break
    summonable = (None, None, ANGEL, ARCHANGEL)[int(rng.integers(4))]
    reinforce = bool(rng.random() < REINFORCE)
    engagement = Engagement(
        terrain, attacker, defender, entry_side=entry, summonable=summonable, reinforce=reinforce
    )
    if rng.random() < HALF_FOUGHT:
        position = half_fought(rng, engagement.start)
        if position is not None:
            engagement = engagement_from_position(
                position, summonable=summonable, reinforce=reinforce
            )
    return Drawn(stream, index, engagement)


def _legion(rng: np.random.Generator, home: str | None) -> Legion:
    lord = TITAN if rng.random() < LORD_TITAN else ANGEL
    return Legion(_score(rng), tuple(grown(rng, lord, home)))


def half_fought(rng: np.random.Generator, start: BattlePosition) -> BattlePosition | None:
    """A position of the Battle in Battle-Round 2 or 3, at the start of a side's Maneuver
    Phase (10.3): each character on a hex of the Battleland, some wounded, some slain
    before (at least one left a side); None when 50 placements break the rules."""
    turn = int(rng.integers(2, 4))
    active = Side.DEFENDER if rng.random() < 0.5 else Side.ATTACKER
    for _ in range(50):
        armies = {}
        hexes = [int(h) for h in rng.permutation(len(HEXES))]
        for side in (Side.ATTACKER, Side.DEFENDER):
            army = start.army(side)
            kept = [f for f in army.characters if rng.random() < 0.8] or [army.characters[0]]
            figures = []
            for f in kept:
                power = character(f.name).power_at(army.score)
                hits = int(rng.integers(power)) if rng.random() < WOUNDED else 0
                figures.append(Figure(f.name, hexes.pop(), hits))
            armies[side] = Army(army.score, tuple(figures))
        position = BattlePosition(
            terrain=start.terrain,
            entry_side=start.entry_side,
            turn=turn,
            phase=Phase.MANEUVER,
            active=active,
            attacker=armies[Side.ATTACKER],
            defender=armies[Side.DEFENDER],
        )
        if not check_position(position):
            return position
    return None


def stream(which: int, count: int, first: int = 0) -> Iterator[Drawn]:
    """Engagements ``first .. first + count - 1`` of a stream."""
    for i in range(first, first + count):
        yield draw(which, i)


def test_stream(count: int = TEST_ENGAGEMENTS) -> list[Drawn]:
    """The Engagements reported figures are measured on."""
    return list(stream(TEST, count))


def training_stream(count: int, first: int = 0) -> list[Drawn]:
    """Engagements for tuning and fitting: never any of the test stream's."""
    return list(stream(TRAINING, count, first))


def as_request(e: Engagement) -> dict:
    """The Engagement as the body of an odds request (for the engine's checks, and to ask
    the service about it)."""
    body: dict = {
        "terrain": e.terrain,
        "summonable": e.summonable,
        "reinforce": e.reinforce,
    }
    if e.position is not None:
        body["position"] = e.position.to_dict()
    else:
        body["entry_side"] = e.entry_side
        for side, legion in (("attacker", e.attacker), ("defender", e.defender)):
            body[side] = {"score": legion.score, "characters": list(legion.characters)}
    return body


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.engagements", description=__doc__)
    parser.add_argument("--stream", choices=("test", "training"), default="test")
    parser.add_argument("--count", type=int, default=TEST_ENGAGEMENTS)
    args = parser.parse_args(argv)
    which = TEST if args.stream == "test" else TRAINING
    for drawn in stream(which, args.count):
        e = drawn.engagement
        print(
            f"{drawn.index:>4} {e.terrain:<10} side {e.start.entry_side} "
            f"{'+' + e.summonable if e.summonable else '':<10} "
            f"{'reinforce' if e.reinforce else '':<10} "
            f"{'R' + str(e.position.turn) + ' ' + e.position.active if e.position else '':<14}"
            f"A {e.attacker.score:>3} {' '.join(e.attacker.characters):<52} "
            f"D {e.defender.score:>3} {' '.join(e.defender.characters)}"
        )


if __name__ == "__main__":
    main()

__all__ = ["TEST", "TOWER", "TRAINING", "Drawn", "draw", "test_stream", "training_stream"]
