"""The Engagement around a Battle: what is fought, and what each Battle's end scores.

An ``Engagement`` is the two Legions on a land (9.0) with the engagement
choices the kernel plays (summoning, 15.x; reinforcement, 14.x; tactics).
``score_battles`` turns the kernel's ``BattleRecords`` into what each side
keeps and scores (16.0-16.1, 10.5, 19.3) and the Angels the winner acquires
(17.0-17.4), every rule taken from ``engine.scoring``. ``alternatives`` gives
the engagement's other endings a player weighs against the Battle: fleeing
(9.2) and conceding (9.4).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from engine import scoring
from engine.battle_checks import default_entry_side
from engine.characters import ANGEL, ARCHANGEL, TITAN, character
from engine.position import Army, BattlePosition, Figure, Phase, Side
from simulator.battles import BattleRecords, BattleSpec, Outcome
from simulator.tactics import DEFAULT_SEARCH, SearchSetting

ATTACKER, DEFENDER = 0, 1  # columns of BattleRecords.titan_slain


@dataclass(frozen=True)
class Legion:
    """One engaged Legion: its player's score (Titan power, 19.1) and its characters."""

    score: int
    characters: tuple[str, ...]

    @property
    def value(self) -> int:
        return scoring.legion_value(self.characters, self.score)


@dataclass(frozen=True)
class Engagement:
    """What is fought: the two Legions as they entered the Battle. With a
    ``position`` the Battle continues from it; a Legion's characters missing
    from the position were slain earlier in this Battle and still count
    toward the winner's score (16.0)."""

    terrain: str
    attacker: Legion
    defender: Legion
    entry_side: int | None = None  # None: the usual side (engine.battle_checks)
    position: BattlePosition | None = None
    summonable: str | None = None  # the Lord the attacker has free elsewhere (15.0)
    reinforce: bool = True  # whether the defender musters its reinforcement (14.0)
    attacker_tactic: str = "default"
    defender_tactic: str = "default"
    variant: str = "default"
    search: SearchSetting = DEFAULT_SEARCH  # how a searching side searches

    @property
    def start(self) -> BattlePosition:
        """The position the Battles start from."""
        if self.position is not None:
            return self.position
        entry = self.entry_side
        return BattlePosition(
            terrain=self.terrain,
            entry_side=default_entry_side(self.terrain) if entry is None else entry,
            turn=1,
            phase=Phase.MANEUVER,
            active=Side.DEFENDER,
            attacker=Army(self.attacker.score, tuple(Figure(n) for n in self.attacker.characters)),
            defender=Army(self.defender.score, tuple(Figure(n) for n in self.defender.characters)),
        )

    def columns(self, side: Side) -> tuple[str, ...]:
        """The side's characters in the kernel's columns (before the summoned/reinforcement one)."""
        return tuple(f.name for f in self.start.army(side).characters)

    def slain_before(self, side: Side) -> tuple[str, ...]:
        """The side's characters not in the start position: slain earlier in the Battle."""
        left = list(self.columns(side))
        slain = []
        for name in (self.attacker if side is Side.ATTACKER else self.defender).characters:
            if name in left:
                left.remove(name)
            else:
                slain.append(name)
        return tuple(slain)

    @property
    def spec(self) -> BattleSpec:
        summonable = self.summonable
        if self.position is not None and self.position.summon_used:
            summonable = None  # 15.0: one Lord per Engagement Phase, already taken
        reinforce = self.reinforce
        if self.position is not None and self.position.reinforcement_used:
            reinforce = False  # 14.1: one reinforcement per Battle
        return BattleSpec(
            position=self.start,
            attacker_tactic=self.attacker_tactic,
            defender_tactic=self.defender_tactic,
            summonable=summonable,
            reinforce=reinforce,
            variant=self.variant,
            search=self.search,
        )


def engagement_from_position(position: BattlePosition, **choices: Any) -> Engagement:
    """An Engagement continuing a half-fought Battle; its Legions are the position's characters."""

    def legion(army: Army) -> Legion:
        return Legion(army.score, tuple(f.name for f in army.characters))

    return Engagement(
        terrain=position.terrain,
        attacker=legion(position.attacker),
        defender=legion(position.defender),
        entry_side=position.entry_side,
        position=position,
        **choices,
    )


@dataclass(frozen=True)
class SideResult:
    """One side over n Battles (numpy arrays, one row per Battle)."""

    points: np.ndarray  # int32[n]: points the side scores (16.0-16.1, 19.3)
    survives: np.ndarray  # bool[n, C]: the column's character is in the Legion after the Engagement
    angels: np.ndarray  # int8[n]: Angels acquired (17.0-17.2)
    archangels: np.ndarray  # int8[n]: Archangels acquired (17.3)
    titan_slain: np.ndarray  # bool[n]
    titan_lost: np.ndarray  # bool[n]: slain, or eliminated with its Legion on a time loss (10.5)
    has_titan: bool  # whether the Legion holds its Titan at the start

    @property
    def survivors(self) -> np.ndarray:
        return self.survives.sum(axis=1)


@dataclass(frozen=True)
class ScoredBattles:
    outcome: np.ndarray  # int8[n], Outcome codes
    rounds: np.ndarray  # int8[n]
    attacker: SideResult
    defender: SideResult
    summoned: np.ndarray  # bool[n]
    reinforcement: np.ndarray  # int16[n], index into reinforcement_names, -1 when none
    reinforcement_names: tuple[str, ...]

    def __len__(self) -> int:
        return int(self.outcome.size)


def _lord_value(name: str | None) -> int:
    return 0 if name is None else character(name).value()


def _dead_value(
    alive: np.ndarray, present: np.ndarray, values: np.ndarray, extra_value: np.ndarray
) -> np.ndarray:
    """Value of the present characters not alive; the last column's value varies per Battle."""
    dead = present & ~alive
    return dead[:, :-1] @ values + dead[:, -1] * extra_value


def _angels(score: int, points: np.ndarray, size: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Angels and Archangels per Battle, each distinct (points, size) asked of engine.scoring."""
    angels = np.zeros(points.size, dtype=np.int8)
    archangels = np.zeros(points.size, dtype=np.int8)
    # one integer key per (points, size): unique over rows of a 2-D array sorts far slower
    span = int(size.max()) + 1 if size.size else 1
    keys, inverse = np.unique(points.astype(np.int64) * span + size, return_inverse=True)
    inverse = inverse.reshape(-1)
    for k, key in enumerate(keys):
        p, s = divmod(int(key), span)
        gained = scoring.angels_gained(score, p, s)
        if gained:
            rows = inverse == k
            angels[rows] = gained.count(ANGEL)
            archangels[rows] = gained.count(ARCHANGEL)
    return angels, archangels


def score_battles(engagement: Engagement, records: BattleRecords) -> ScoredBattles:
    """What each Battle's end means for the two players (vectorised over the Battles)."""
    att, dfd = engagement.attacker, engagement.defender
    n = records.outcome.size
    time_loss = records.outcome == Outcome.TIME_LOSS
    titan = records.titan_slain.astype(bool)

    att_present = np.ones(records.attacker_alive.shape, dtype=bool)
    att_present[:, -1] = records.summoned
    def_present = np.ones(records.defender_alive.shape, dtype=bool)
    def_present[:, -1] = records.reinforcement >= 0
    att_alive = records.attacker_alive & att_present
    def_alive = records.defender_alive & def_present

    att_values = np.array(
        [character(c).value(att.score) for c in engagement.columns(Side.ATTACKER)], dtype=np.int32
    )
    def_values = np.array(
        [character(c).value(dfd.score) for c in engagement.columns(Side.DEFENDER)], dtype=np.int32
    )
    att_before = scoring.legion_value(engagement.slain_before(Side.ATTACKER), att.score)
    def_before = scoring.legion_value(engagement.slain_before(Side.DEFENDER), dfd.score)
    lord = np.full(n, _lord_value(engagement.spec.summonable), dtype=np.int32)
    reinforcement_values = np.array(
        [character(c).value(dfd.score) for c in records.reinforcement_names] + [0], dtype=np.int32
    )
    recruit = reinforcement_values[records.reinforcement]  # index -1 picks the trailing 0

    # 16.1, 19.3: a side scores the enemy's slain when it still stands and the enemy
    # Legion is gone or its Titan fell; never on a time loss (10.5) nor when its own Titan fell.
    att_standing = att_alive.any(axis=1)
    def_standing = def_alive.any(axis=1)
    att_scores = (
        att_standing & ~titan[:, ATTACKER] & (~def_standing | titan[:, DEFENDER]) & ~time_loss
    )
    def_scores = (
        def_standing & ~titan[:, DEFENDER] & (~att_standing | titan[:, ATTACKER]) & ~time_loss
    )
    def_lost = _dead_value(def_alive, def_present, def_values, recruit) + def_before
    att_lost = _dead_value(att_alive, att_present, att_values, lord) + att_before
    att_points = np.where(att_scores, def_lost, 0)
    def_points = np.where(def_scores, att_lost, 0)

    # Who is still in the Legion after the Engagement: 10.5 eliminates the attacker on a
    # time loss; 19.3-19.4 eliminate the remnants of a slain Titan's Legion.
    att_survives = att_alive & ~(time_loss | titan[:, ATTACKER])[:, None]
    def_survives = def_alive & ~titan[:, DEFENDER][:, None]

    # 10.5: a Titan still on the Battleland when the attacker loses on time is eliminated
    # with its Legion: a lost Titan as surely as a slain one.
    att_columns = engagement.columns(Side.ATTACKER)
    att_has_titan = TITAN in att_columns
    att_titan_lost = titan[:, ATTACKER].copy()
    if att_has_titan:
        att_titan_lost |= time_loss & att_alive[:, att_columns.index(TITAN)]
    def_has_titan = TITAN in engagement.columns(Side.DEFENDER)

    def side(points, survives, legion, slain, lost, has_titan) -> SideResult:
        points = points.astype(np.int32)
        angels, archangels = _angels(legion.score, points, survives.sum(axis=1))
        return SideResult(points, survives, angels, archangels, slain, lost, has_titan)

    return ScoredBattles(
        outcome=records.outcome,
        rounds=records.rounds,
        attacker=side(
            att_points, att_survives, att, titan[:, ATTACKER], att_titan_lost, att_has_titan
        ),
        defender=side(
            def_points, def_survives, dfd, titan[:, DEFENDER], titan[:, DEFENDER], def_has_titan
        ),
        summoned=records.summoned.astype(bool),
        reinforcement=records.reinforcement,
        reinforcement_names=tuple(records.reinforcement_names),
    )


def alternatives(engagement: Engagement) -> dict[str, Any]:
    """The engagement's endings other than Battle, to compare with the odds (9.2, 9.4)."""
    att, dfd = engagement.attacker, engagement.defender
    att_size = len(engagement.columns(Side.ATTACKER))
    def_size = len(engagement.columns(Side.DEFENDER))
    fresh = engagement.position is None
    flee_allowed = fresh and scoring.may_flee(dfd.characters)
    if not fresh:
        why = "9.2: the defender may flee only before the Battle"
    elif not flee_allowed:
        why = "9.2: a defending Legion holding a Lord cannot flee"
    else:
        why = None
    flee = scoring.flee_points(dfd.characters, dfd.score)
    attacker_gets = scoring.concession_points(dfd.characters, dfd.score)
    defender_gets = scoring.concession_points(att.characters, att.score)
    return {
        "flee": {
            "allowed": flee_allowed,
            "reason": why,
            "attacker_points": flee if flee_allowed else 0,
            "attacker_angels": scoring.angels_gained(att.score, flee, att_size)
            if flee_allowed
            else [],
        },
        "defender_concedes": {
            "attacker_points": attacker_gets,
            "attacker_angels": scoring.angels_gained(att.score, attacker_gets, att_size),
        },
        "attacker_concedes": {
            "defender_points": defender_gets,
            "defender_angels": scoring.angels_gained(dfd.score, defender_gets, def_size),
        },
    }
