"""The default tactic: for each Engagement, an approximate equilibrium of the styles.

Before the Battles of a request in which a side plays ``default``, a small
pilot tournament plays every style against every style (``simulator.tactics.
MIXED_STYLES``: every style, for each side), the same Battles each (common random
numbers, a fixed seed of its own), a few at first, then more between the styles
of each side that do best against the other's mix so far, more between the
contenders and the styles of the mixes, and most between the mixes and the styles
that come close to them (``PILOT_ROUNDS``). Each side's result
is its own: the attacker's wins, the defender's wins and time losses (10.5). The
game is solved for a mixed equilibrium (regret matching+): the mix of styles for each
side from which neither gains by switching to another style. The mix is cached
per Engagement (position, Lord to summon, reinforcement, variant), in the process
and on disk for the others (``simulator.mix_store``), so a repeated request pays
nothing, and it does not depend on the request's seed.

The request's Battles then play pairs of styles drawn from the mix, by blocks
of ``BLOCK`` consecutive Battles: block ``b`` of seed ``s`` plays the pair at
the point ``frac(phase(s) + b x golden ratio)`` of the mix's cumulative
distribution (a low-discrepancy sequence, so the blocks follow the mix closely
in any stretch). Battle ``i``'s dice still depend only on ``(seed, i)`` and its
styles only on ``(seed, i // BLOCK)``: the answer for a seed does not depend on
how the Battles were chunked. Where one side searches, the pair it believes the
default plays in a block is drawn from the mix too, at the point
``frac(phase'(s) + b x (sqrt 2 - 1))``: a step rationally independent of the
golden ratio, so that over the blocks the believed pair is independent of the
pair played (with the golden step for both, it would be the played point
shifted by a constant of the seed: a searcher right about its enemy's style
in every block for some seeds, wrong in every block for others).
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Iterator
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache
from itertools import accumulate
from typing import TYPE_CHECKING, Literal

import numpy as np
from numba import njit

from engine.characters import character
from simulator import mix_store
from simulator.tactics import MIXED_STYLES

if TYPE_CHECKING:  # battles imports this module
    from simulator.battles import BattleSpec

# The pilot tournament's rounds: (Battles per pair of styles, the styles of each side that
# play the round). Every pair first (None: every style), a few Battles each; then the ten
# styles of each side that did best against the other side's mix so far (its own mix's
# among them, styles that play alike counted once); then the contenders, at most four a
# side: those in the mix, or within MARGIN of the best against it; then a check (CHECK):
# every style the contenders' round left out, against the other side's mix, so that a
# style the short first rounds misjudged is not left out on their few Battles alone; then a
# fill (FILL): every pair of a style of each side's mix that played fewer Battles (a style
# the check let in) plays up to the contenders' 160, so that no mix is weighed on a few
# dozen Battles, again for a mix that changes (at most FILL_PASSES times); then the check
# again, against the mixes as the fill left them (a style that entered a mix after the first
# check has played the styles left out on the first round's few Battles alone); last a sharpen
# (SHARPEN): each side's close calls (``_close_calls``) against the other side's mix, and the
# pairs of the two mixes, up to its Battles on the same dice, then a fill of the mixes solved
# after, so that a style the contenders' Battles cannot tell from the mix is weighed on more.
# Every style is tried for each side, and the Battles go where the mix is decided
# (docs/tactics-research.md).
CHECK = "check"
FILL = "fill"
SHARPEN = "sharpen"
FILL_PASSES = 3
CLOSE = 0.5  # standard errors below the mix's value within which a style is a close call
CLOSE_STYLES = 2  # the most close calls a side sharpens
MATERIAL = 0.01  # the least a close call must be able to gain (at two errors) to be sharpened
Round = tuple[int, int | Literal["check", "fill", "sharpen"] | None]
PILOT_ROUNDS: tuple[Round, ...] = (
    (8, None),
    (24, 10),
    (128, 4),
    (24, CHECK),
    (160, FILL),
    (24, CHECK),
    (480, SHARPEN),
)
# Smaller Battles are quicker: a pilot of fewer than FULL_SIZE characters plays PILOT_ROUNDS'
# Battles times FULL_SIZE / characters (at most SCALED, in whole Battles) in about the time a
# 7v7's takes, and its mix is the surer for it (small Engagements hang on few dice)
FULL_SIZE = 14
SCALED = 4
MARGIN = 0.08
PILOT_SEED = 0x7174A9  # the pilot's own dice, the same for every request
BLOCK = 32  # consecutive Battles that play the same pair of styles
SMALLEST = 0.03  # a style played less often than this is dropped from the mix
TIE = 0.003  # the most a style listed earlier is preferred by, to break ties
ITERATIONS = 2000  # rounds of regret matching
_GOLDEN = (math.sqrt(5.0) - 1.0) / 2.0
_SILVER = math.sqrt(2.0) - 1.0  # the believed pairs' step (see the module's docstring)
CACHED = 512  # Engagements whose mix is kept


@dataclass(frozen=True)
class Mix:
    """Each side's styles with their probabilities (the default's equilibrium)."""

    attacker: tuple[tuple[str, float], ...]
    defender: tuple[tuple[str, float], ...]
    wins: float  # P(attacker wins) at the mix, in the pilot
    holds: float  # P(defender wins or the time runs out) at the mix, in the pilot
    exploitability: float  # the most a side gains by switching style, in the pilot

    def pairs(self) -> tuple[tuple[tuple[str, str], float], ...]:
        """Every pair of styles (attacker's, defender's) with its probability."""
        return tuple(((a, d), pa * pd) for a, pa in self.attacker for d, pd in self.defender)

    @cached_property
    def drawn(self) -> tuple[tuple[tuple[str, str], ...], tuple[float, ...]]:
        """Every pair of styles and the running total of the probabilities up to it, in the
        order of ``pairs`` (``pair_of_block`` draws from it once per block of every request)."""
        pairs = self.pairs()
        return tuple(pair for pair, _ in pairs), tuple(accumulate(p for _, p in pairs))


@njit(cache=True)
def _normalise(regrets: np.ndarray, out: np.ndarray) -> None:
    total = 0.0
    for k in range(regrets.size):
        total += regrets[k]
    for k in range(regrets.size):
        out[k] = regrets[k] / total if total > 0 else 1.0 / regrets.size


@njit(cache=True)
def _regret_matching(row_payoff, col_payoff, iterations):
    m, n = row_payoff.shape
    row_regret, col_regret = np.zeros(m), np.zeros(n)
    row_sum, col_sum = np.zeros(m), np.zeros(n)
    x, y = np.zeros(m), np.zeros(n)
    row_gains, col_gains = np.zeros(m), np.zeros(n)
    _normalise(col_regret, y)
    for t in range(1, iterations + 1):
        _normalise(row_regret, x)
        expected = 0.0
        for i in range(m):
            row_gains[i] = 0.0
            for j in range(n):
                row_gains[i] += row_payoff[i, j] * y[j]
            expected += x[i] * row_gains[i]
        for i in range(m):
            row_regret[i] = max(row_regret[i] + row_gains[i] - expected, 0.0)
        _normalise(row_regret, x)
        expected = 0.0
        for j in range(n):
            col_gains[j] = 0.0
            for i in range(m):
                col_gains[j] += x[i] * col_payoff[i, j]
            expected += y[j] * col_gains[j]
        for j in range(n):
            col_regret[j] = max(col_regret[j] + col_gains[j] - expected, 0.0)
        _normalise(col_regret, y)
        for i in range(m):
            row_sum[i] += t * x[i]
        for j in range(n):
            col_sum[j] += t * y[j]
    return row_sum / row_sum.sum(), col_sum / col_sum.sum()


def solve(
    row_payoff: np.ndarray, col_payoff: np.ndarray | None = None, iterations: int = ITERATIONS
) -> tuple[np.ndarray, np.ndarray]:
    """An approximate mixed equilibrium of the game in which the row player earns
    ``row_payoff`` (float[m, n]) and the column player ``col_payoff`` (float[m, n]; when
    not given, the game is zero-sum: the column player loses what the row player earns):
    (row mix float[m], column mix float[n]), by regret matching+ (alternating updates,
    later rounds weighted more; compiled, a few milliseconds)."""
    if col_payoff is None:
        col_payoff = -row_payoff
    rows = np.ascontiguousarray(row_payoff, dtype=np.float64)
    cols = np.ascontiguousarray(col_payoff, dtype=np.float64)
    return _regret_matching(rows, cols, int(iterations))


def exploitability(
    row_payoff: np.ndarray, x: np.ndarray, y: np.ndarray, col_payoff: np.ndarray | None = None
) -> float:
    """The most either player gains, in its own payoff, by leaving its mix for a pure
    choice (zero-sum when ``col_payoff`` is not given)."""
    if col_payoff is None:
        col_payoff = -row_payoff
    row_gain = (row_payoff @ y).max() - x @ row_payoff @ y
    col_gain = (x @ col_payoff).max() - x @ col_payoff @ y
    return float(max(row_gain, col_gain, 0.0))


def _pruned(names: tuple[str, ...], p: np.ndarray) -> tuple[tuple[str, float], ...]:
    kept = np.where(p >= SMALLEST, p, 0.0)
    if kept.sum() <= 0:
        kept = (p == p.max()).astype(float)
    kept /= kept.sum()
    return tuple((name, float(q)) for name, q in zip(names, kept, strict=True) if q > 0)


def _stand_ins(spec: BattleSpec) -> tuple[list[int], list[int]]:
    """For each side, the style whose Battles each style plays: itself, or an earlier style
    whose weights differ only in Battle-Rounds the position has left behind (a half-fought
    Battle's), or only in what a rangestriker weighs when no character that may fight for
    the side rangestrikes (a summoned Lord, 15.0, or a reinforcement, 14.0)."""
    from simulator.battles import roster
    from simulator.tables import battle_tables
    from simulator.tactics import RANGESTRIKER_WEIGHTS, round_rows

    tables = battle_tables(roster(spec))
    names = {
        0: [name for name, _ in (tables.types[t] for t in tables.attacker_types)],
        1: [name for name, _ in (tables.types[t] for t in tables.defender_types)],
    }
    if tables.summon_type >= 0:
        names[0].append(tables.types[tables.summon_type][0])
    names[1] += list(tables.reinforcement_names)
    begun = spec.position.turn - 1  # the Battle-Round the position is in, from 0
    found: tuple[list[int], list[int]] = ([], [])
    for side in (0, 1):
        rows = [round_rows(style, side)[begun:] for style in MIXED_STYLES[side]]
        keep = np.ones(rows[0].shape[-1], dtype=bool)
        if not any(character(name).rangestrikes for name in names[side]):
            keep[list(RANGESTRIKER_WEIGHTS)] = False
        for row in rows:
            found[side].append(
                next(k for k in range(len(rows)) if np.array_equal(rows[k][:, keep], row[:, keep]))
            )
    return found


def play_pairs(
    spec: BattleSpec, pairs: list[tuple[str, str]], first: int, battles: int, seed: int
) -> np.ndarray:
    """The Outcome codes, int8[len(pairs), battles], of Battles ``first .. first + battles -
    1`` of ``seed`` for each (attacker's style, defender's style), all in one call of the
    kernel."""
    from simulator.battles import play_alike
    from simulator.tactics import play as styles

    return play_alike(spec, seed, first, battles, [styles(a, d) for a, d in pairs])


def _play_cells(spec, cells, table, counts, first: int, battles: int) -> None:
    """Battles ``first .. first + battles - 1`` of the pilot's dice for each (attacker style,
    defender style) index pair in ``cells``, added to ``table`` (outcome counts) and
    ``counts`` (Battles)."""
    attackers, defenders = MIXED_STYLES
    pairs = [(attackers[i], defenders[j]) for i, j in cells]
    outcome = play_pairs(spec, pairs, first, battles, PILOT_SEED)
    i, j = np.array(cells).T  # each cell once: the additions below do not collide
    table[i, j] += (outcome[:, :, None] == np.arange(4)).sum(axis=1)
    counts[i, j] += battles


def _contenders(
    rates: np.ndarray,
    own: np.ndarray,
    other: np.ndarray,
    axis: int,
    most: int,
    margin: float,
    stand_ins: list[int],
) -> list[int]:
    """The styles of a side worth a closer look: those in its mix ``own``, and those whose
    rate against the other side's mix is within ``margin`` of the best; at most ``most``
    that play apart (one style for all that play alike, its stand-in), the best first."""
    against = rates @ other if axis == 0 else other @ rates
    order = [int(k) for k in np.argsort(-against, kind="stable")]
    best = against[order[0]]
    chosen = [k for k in order if against[k] >= best - margin]
    for k in np.flatnonzero(own >= SMALLEST):
        if int(k) not in chosen:
            chosen.append(int(k))
    chosen.sort(key=lambda k: -against[k])
    apart: dict[int, int] = {}
    for k in chosen:  # the best of the styles that play as each stand-in
        apart.setdefault(stand_ins[k], k)
    return list(apart.values())[:most]


def _close_calls(
    good: np.ndarray, counts: np.ndarray, own: np.ndarray, other: np.ndarray, stand_ins: list[int]
) -> list[int]:
    """The styles of a side outside its mix ``own`` that may beat it against the other side's
    mix ``other`` for all the pilot's Battles can tell: their rate against it within CLOSE
    standard errors below the mix's own (on the fewest Battles of their pairs with the other
    mix's styles), and MATERIAL above it within two (where every style wins, or loses, every
    Battle there is nothing to tell), at most CLOSE_STYLES that play apart, the closest
    first. ``good`` is the side's good endings, float[its styles, the other's], and
    ``counts`` their Battles."""
    against = good @ other
    value = float(own @ against)
    theirs = _mixed(other)
    mixed = {stand_ins[i] for i in _mixed(own)}  # a style that plays as one of them is in it
    found: dict[int, tuple[float, int]] = {}
    for k in np.argsort(-against, kind="stable"):
        k = int(k)
        if stand_ins[k] in mixed or stand_ins[k] in found:
            continue
        n = float(counts[k, theirs].min())
        p = float(against[k])
        spread = max(p * (1 - p) + value * (1 - value), 0.0)  # rates may round past 1
        error = math.sqrt(spread / max(n, 1.0))
        if p >= value - CLOSE * error and p + 2 * error >= value + MATERIAL:
            found[stand_ins[k]] = (p, k)
    return [k for _, k in sorted(found.values(), reverse=True)][:CLOSE_STYLES]


def pilot_scale(spec: BattleSpec) -> float:
    """How many times PILOT_ROUNDS' Battles the Engagement's pilot plays: FULL_SIZE over its
    characters, from 1 to SCALED."""
    p = spec.position
    characters = max(1, len(p.attacker.characters) + len(p.defender.characters))
    return min(SCALED, max(1.0, FULL_SIZE / characters))


def pilot_battles(spec: BattleSpec) -> tuple[Round, ...]:
    """The pilot's rounds for the Engagement (see ``pilot``): PILOT_ROUNDS, more Battles for
    smaller Legions (``pilot_scale``)."""
    scale = pilot_scale(spec)
    return tuple((round(battles * scale), styles) for battles, styles in PILOT_ROUNDS)


@dataclass(frozen=True)
class Pilot:
    """A pilot tournament's result: float[attacker styles, defender styles, 4]
    (``MIXED_STYLES``), the probability of each Outcome code for each pair of styles; the
    Battles each pair's rates are of (its stand-ins', float[attacker styles, defender
    styles]), and the Battles it played."""

    table: np.ndarray
    played: np.ndarray
    battles: int


def pilot(spec: BattleSpec, rounds: tuple[Round, ...] | None = None) -> Pilot:
    """The pilot tournament, round by round (``pilot_battles`` when ``rounds`` is not given):
    each round, the pairs between the styles chosen for it play its Battles, the Battles
    after those they played before. A round's styles, when not every style (None), are
    chosen on the equilibrium of the rounds before: the best against the other side's mix
    (``_contenders``: in the last round but a check, those within MARGIN of the best; before
    it the best whatever their distance); a check (CHECK) plays each style the round before
    left out against the other side's mix; a fill (FILL) plays each pair of the two mixes'
    styles up to the round's Battles (at most the contenders' pairs'), and again for the mix
    solved after; a sharpen (SHARPEN) plays each side's close calls (``_close_calls``)
    against the other side's mix, and the pairs of the two mixes, up to the round's Battles,
    then fills the mixes solved after. Styles that play alike in the Engagement share their
    Battles (``_stand_ins``)."""
    rounds = pilot_battles(spec) if rounds is None else rounds
    m, n = (len(styles) for styles in MIXED_STYLES)
    attacker, defender = _stand_ins(spec)
    table = np.zeros((m, n, 4))
    counts = np.zeros((m, n))

    def filled() -> np.ndarray:  # each pair of styles given its stand-ins' Battles
        cell = np.ix_(attacker, defender)
        return table[cell] / counts[cell][:, :, None]

    closing = max(
        (k for k, (_, most) in enumerate(rounds) if most not in (CHECK, FILL, SHARPEN)), default=-1
    )
    contenders = sum(battles for battles, _ in rounds[: closing + 1])  # each of their pairs'

    def top_up(cells: set[tuple[int, int]], full: int, first: int) -> int:
        """Each pair of ``cells`` played up to ``full`` Battles, on new dice; the next free
        Battle."""
        short: dict[int, list[tuple[int, int]]] = {}
        for cell in cells:
            if counts[cell] < full:
                short.setdefault(full - int(counts[cell]), []).append(cell)
        for more, group in sorted(short.items()):
            _play_cells(spec, sorted(group), table, counts, first, more)
        return first + max(short, default=0)

    def fill(full: int, first: int, x: np.ndarray, y: np.ndarray):
        """Every pair of the two mixes' styles up to ``full`` Battles, and again for a mix the
        Battles change (at most FILL_PASSES times): the next free Battle and the mixes."""
        for _ in range(FILL_PASSES):
            cells = {(attacker[i], defender[j]) for i in _mixed(x) for j in _mixed(y)}
            after = top_up(cells, full, first)
            if after == first:
                break
            first = after
            x, y = _solve_table(filled())
        return first, x, y

    first = 0
    rows, cols = list(range(m)), list(range(n))
    for k, (battles, most) in enumerate(rounds):
        if battles <= 0:
            continue
        if most is None or not first:
            rows, cols = list(range(m)), list(range(n))
            cells = {(attacker[i], defender[j]) for i in rows for j in cols}
        else:
            so_far = filled()
            x, y = _solve_table(so_far)
            if most == CHECK:  # the styles the round before left out, against the mix
                played_rows = {attacker[r] for r in rows}
                played_cols = {defender[c] for c in cols}
                rested = [i for i in range(m) if attacker[i] not in played_rows]
                benched = [j for j in range(n) if defender[j] not in played_cols]
                cells = {(attacker[i], defender[j]) for i in rested for j in _mixed(y)}
                cells |= {(attacker[i], defender[j]) for i in _mixed(x) for j in benched}
            elif most == FILL:  # every pair of the two mixes' styles, up to ``battles``
                first, x, y = fill(min(battles, contenders), first, x, y)
                continue
            elif most == SHARPEN:  # close calls and the mixes on more Battles, then a fill
                played = counts[np.ix_(attacker, defender)]
                close = _close_calls(so_far[:, :, 0], played, x, y, attacker)
                holds = so_far[:, :, 1] + so_far[:, :, 3]
                rivals = _close_calls(holds.T, played.T, y, x, defender)
                if close or rivals:  # each against the other side's mix, on the same dice
                    ours, theirs = _mixed(x), _mixed(y)
                    cells = {(attacker[i], defender[j]) for i in ours + close for j in theirs}
                    cells |= {(attacker[i], defender[j]) for i in ours for j in theirs + rivals}
                    first = top_up(cells, battles, first)
                    x, y = _solve_table(filled())
                    first, x, y = fill(contenders, first, x, y)
                continue
            else:
                margin = MARGIN if k == closing else 1.0
                rows = _contenders(so_far[:, :, 0], x, y, 0, most, margin, attacker)
                cols = _contenders(
                    so_far[:, :, 1] + so_far[:, :, 3], y, x, 1, most, margin, defender
                )
                cells = {(attacker[i], defender[j]) for i in rows for j in cols}
        if cells:
            _play_cells(spec, sorted(cells), table, counts, first, battles)
        first += battles
    return Pilot(filled(), counts[np.ix_(attacker, defender)], int(counts.sum()))


def _mixed(mix: np.ndarray) -> list[int]:
    """The styles a side's mix plays (as ``_pruned`` keeps them)."""
    return [int(k) for k in np.flatnonzero(mix >= SMALLEST)] or [int(np.argmax(mix))]


def pilot_table(spec: BattleSpec) -> np.ndarray:
    """The pilot tournament's table (``pilot``) that the default's mix is solved from."""
    return pilot(spec).table


def _solve_table(table: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The equilibrium of a pilot table: the attacker plays for its wins, the defender for
    its wins and time losses (10.5). Ties (styles that play alike here, or a side that
    cannot win whatever it plays) go to the styles listed first: a bonus far below the
    pilot's sampling error."""
    m, n = table.shape[:2]
    wins = table[:, :, 0] + (TIE * np.arange(m, 0, -1) / m)[:, None]
    holds = table[:, :, 1] + table[:, :, 3] + (TIE * np.arange(n, 0, -1) / n)[None, :]
    return solve(wins, holds)


def mix_of_table(table: np.ndarray) -> Mix:
    """The equilibrium of a pilot table (see ``pilot_table``): the attacker plays for its
    wins, the defender for its wins and time losses (10.5)."""
    wins = table[:, :, 0]
    holds = table[:, :, 1] + table[:, :, 3]
    x, y = _solve_table(table)
    attackers, defenders = MIXED_STYLES
    attacker = _pruned(attackers, x)
    defender = _pruned(defenders, y)
    xp = np.array([dict(attacker).get(s, 0.0) for s in attackers])
    yp = np.array([dict(defender).get(s, 0.0) for s in defenders])
    return Mix(
        attacker,
        defender,
        float(xp @ wins @ yp),
        float(xp @ holds @ yp),
        exploitability(wins, xp, yp, holds),
    )


def prepare_bundles() -> None:
    """Build the kernel's bundle of every pair of mixed styles, as the pilot plays it and as
    the default's Battles play it (kept by ``simulator.tactics.play``): about 30 ms that the
    first never-seen Engagement after a start would otherwise pay."""
    from simulator.tactics import play as styles

    for pair in ((a, d) for a in MIXED_STYLES[0] for d in MIXED_STYLES[1]):
        styles(*pair)
        styles("default", "default", default=pair, believed=pair)


@lru_cache(maxsize=CACHED)
def _mix(key: BattleSpec) -> Mix:
    kept = mix_store.get(key)
    if kept is not None:
        return kept
    found = mix_of_table(pilot_table(key))
    mix_store.put(key, found)
    return found


def mix_for(spec: BattleSpec) -> Mix:
    """The default's mix of styles for the Engagement of ``spec`` (cached; whatever the
    spec's own tactics)."""
    from simulator.tactics import DEFAULT_SEARCH

    return _mix(
        replace(spec, attacker_tactic="default", defender_tactic="default", search=DEFAULT_SEARCH)
    )


def played_mix(spec: BattleSpec) -> dict[str, dict[str, float]]:
    """Each side's styles in the spec's Battles and the share of them it plays each in: its
    tactic's own alone, or for the default (and a searching side's own play) the mix."""
    names = {"attacker": spec.attacker_tactic, "defender": spec.defender_tactic}
    drawn = {"default", "lookahead"} & set(names.values())
    mix = mix_for(spec) if drawn else None
    found: dict[str, dict[str, float]] = {}
    for side, name in names.items():
        if mix is not None and name in ("default", "lookahead"):
            found[side] = {style: round(p, 4) for style, p in getattr(mix, side)}
        else:
            found[side] = {name: 1.0}
    return found


def played(spec: BattleSpec) -> dict[str, str]:
    """Each side's style in the spec's Battles: its tactic's own, or the one the default
    plays most (``played_mix``)."""
    return {side: max(m, key=lambda s: m[s]) for side, m in played_mix(spec).items()}


def _phase(seed: int) -> float:
    return ((seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) % 2**64) / 2**64


BELIEF = 0x5851F42D4C957F2D  # the believed pairs' own phase (tactics.play, ``believed``)


def pair_of_block(mix: Mix, seed: int, block: int, believed: bool = False) -> tuple[str, str]:
    """The pair of styles block ``block`` of a request with ``seed`` plays (``believed``:
    the pair a searcher believes the default plays there, drawn independently of it)."""
    pairs, totals = mix.drawn
    if len(pairs) == 1:
        return pairs[0]
    if believed:
        u = (_phase(seed ^ BELIEF) + block * _SILVER) % 1.0
    else:
        u = (_phase(seed) + block * _GOLDEN) % 1.0
    # the first pair whose running total exceeds u (the last, should rounding leave u above)
    return pairs[min(bisect_right(totals, u), len(pairs) - 1)]


Pairs = tuple[tuple[str, str], tuple[str, str]]  # (played, believed)


def pairs_of_block(mix: Mix, seed: int, block: int, believing: bool = True) -> Pairs:
    """(pair played, pair a searcher believes played) in a block; without a searcher
    (``believing`` False) the second is the first."""
    played = pair_of_block(mix, seed, block)
    return played, pair_of_block(mix, seed, block, believed=True) if believing else played


def runs(
    mix: Mix, seed: int, first: int, count: int, believing: bool = True
) -> Iterator[tuple[int, int, Pairs]]:
    """(first Battle, Battles, (pair of styles played, pair believed)) of each stretch of
    Battles ``first .. first + count - 1`` that plays alike, in order."""
    end = first + count
    at = first
    while at < end:
        pairs = pairs_of_block(mix, seed, at // BLOCK, believing)
        stop = min(end, (at // BLOCK + 1) * BLOCK)
        while stop < end and pairs_of_block(mix, seed, stop // BLOCK, believing) == pairs:
            stop = min(end, stop + BLOCK)
        yield at, stop - at, pairs
        at = stop


__all__ = [
    "BLOCK",
    "Mix",
    "Pilot",
    "mix_for",
    "pairs_of_block",
    "pilot",
    "pilot_table",
    "play_pairs",
    "played",
    "played_mix",
    "runs",
    "solve",
]
