"""The Tactical Titan kernel's vocabulary: integer codes, the tables' bundles, a fight's state.

A fight is played on a map of H hexes (``engine.tactical.maps.Map``: a hex is its index) by
the characters of a ``engine.tactical.state.GameState``, each in a *slot*: slot ``i`` is the
state's ``figures[i]`` and the Angels and Archangels that come into play during the fight
(8.3) take the next slots, in the order the engine appends them. Players are indices of the
state's ``players`` (their turn order, 3.3); character types are indices of the fight's own
list of types (``simulator.tactical.tables.Setup.types``).

``simulator.tactical.tables`` builds the bundles from engine code: ``Board`` (the map),
``Kinds`` (what each type may do where), ``Lines`` (rangestrike lines, 13.3); ``Start`` is the
position a request's fights start from, copied into a ``Fight`` for each fight. The codes
below are mirrored on the Python side by ``simulator.tactical.odds`` and
``simulator.tactical.trace``.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np
from numba import njit

from simulator.numba_aliases import ReadingTuplesInPlace
from simulator.rng import next_word

# --- integer codes ---------------------------------------------------------------------------
HEALING, MUSTER, MANEUVER, STRIKE = 0, 1, 2, 3  # engine.tactical.state.Phase, in order (4.0)
NONE = -1
DIRECTIONS = 6  # engine.tactical.geometry.DIRECTIONS, clockwise from straight above

# deeds of the turn (engine.tactical.state.Deed) as bits of Fight.did
D_RESTED, D_USED_HEAL, D_MUSTERED, D_USED_MUSTER_ABILITY = 1, 2, 4, 8
D_ARRIVED, D_MOVED, D_STRUCK = 16, 32, 64

# healing abilities (5.2): Kinds.heal
HEAL_NONE, HEAL_THREE, HEAL_RESTORE = 0, 1, 2

# summoning abilities (10.1, 10.2): Kinds.summons
SUMMONS_NONE, SUMMONS_WARLOCK, SUMMONS_CLERIC = 0, 1, 2
DEMON_DICE = 6  # 10.1: a die picks the Demon
MUSTER_DICE = 2  # 6.0 (engine.tactical.muster_phase.MUSTER_DICE)
MASTER_ROLL = 12  # 9.1: a roll that may take the Master Muster character (engine.tactical.musters)

# when a fight stops (besides its turns running out and a single player left, 2.2.2)
UNTIL_FIRST_TITAN, UNTIL_ONE_PLAYER = 0, 1

# how a fight ended: Outputs.ended
ENDED_TITAN, ENDED_ONE_PLAYER, ENDED_TURNS, ENDED_NO_ROOM = 0, 1, 2, 3

# Strike terms (Kinds.terms[striker type, target type, Board.combo, TERM_*]): dice added to the
# Power-factor and the Strike-number, hexside benefits kept (12.5) and forgone, and the
# benefits themselves (to judge a carry-over, 12.5)
TERM_DICE, TERM_NUMBER, TERM_PLAIN_DICE, TERM_PLAIN_NUMBER = 0, 1, 2, 3
TERM_BENEFIT_DICE, TERM_BENEFIT_SKILL = 4, 5
TERMS = 6

# A rangestrike line (Lines.path[k, p, LINE_*]; TITAN 13.3): whether it may be used at all
# (on the map, no hazard blocking it, its hexsides crossable), the Skill-factors lost going up
# hexsides, the hexes between (NONE past the last) and whether a character in each would block.
LINE_OPEN, LINE_UP_LOSS, LINE_FIRST, LINE_SECOND, LINE_FIRST_BLOCKS, LINE_SECOND_BLOCKS = range(6)
LINE_WIDTH = 6
LINES_PER_TARGET = 2  # one line, or two along hexsides (13.3)

# The strike chart (Kinds.chart[attacker skill + CHART_OFFSET, defender skill, bonus])
CHART_OFFSET = 10
CHART_SKILLS = 21  # attacker skills -10 .. 10
CHART_DEFENCE = 11  # defender skills 0 .. 10
CHART_BONUS = 4  # added Strike-number 0 .. 3

# --- the fight's scalars: Fight.game[G_*] ------------------------------------------------------
G_ACTIVE = 0  # the active player (4.0)
G_PHASE = 1  # its phase
G_RESPONDING = 2  # 1 once the others strike back (TITAN 12.1)
G_SLOTS = 3  # slots in use
G_TURNS = 4  # player turns begun in the fight, the first included
G_MUSTERS = 5  # 1 when the Muster Phase is played (musters and summonings), else passed
G_UNUSED = 6
G_NEXT_ID = 7  # the id the next character brought into play takes
G_LOG = 8  # rows of the log written
G_DUE = 9  # Lords due, still to come into play (Fight.due)
G_STAMP = 10  # a counter that marks the scratch arrays' entries as fresh
G_ENDED = 11  # ENDED_*, NONE while the fight goes on
G_PHASES = 12  # phases begun (each maneuver phase's distances are stamped with it)
G_ROUND = 13  # the state's turn (4.0: every player's turn once)
G_LINE = 14  # the tactic's: 1 when the active player has characters besides Titans and healers
G_SIZE = 15

# --- the log: (EV_*, then values) a row ---------------------------------------------------------
EV_REST = 0  # slot, points healed
EV_HEAL = 1  # healer slot, target slot, points healed
EV_MOVE = 2  # slot, hex, damage taken crossing hexsides (10.1)
EV_STRIKE = 3  # slot, target slot, Strike-number, dice; faces; carries; target's damage after
EV_RANGESTRIKE = 4  # slot, target slot, Strike-number, dice; faces; target's damage after
EV_END_PHASE = 5  # the phase ended, the active player
EV_ANGEL = 6  # player, type, hex, slot
EV_HURT = 7  # slot, damage, by (player or NONE): the start of a Strike Phase (Drift, aura, poison)
EV_TAKES_PART = 8  # slot: a participant of the muster or summoning logged next (6.1, 6.3)
EV_MUSTER = 9  # region, type, hex, new slot (NONE: failed); faces; L_MASTER (6.2, 9.1)
EV_SUMMON = 10  # type (NONE: a Demon), hex, Demon die (0: none), new slot; faces (6.3, 10.0)
L_EVENT, L_A, L_B, L_C, L_D = 0, 1, 2, 3, 4
L_FACES = 5  # six columns: how many dice showed 1 .. 6
L_CARRIES = 11  # how many carries follow
L_CARRY = 12  # the slots hits carried to, in order
CARRY_ROOM = 6
L_AFTER = L_CARRY + CARRY_ROOM  # the target's damage after the strike
L_MASTER = L_CARRIES  # a muster's row: 1 when the Master Muster character was taken (9.1)
LOG_WIDTH = L_AFTER + 1

# --- room -------------------------------------------------------------------------------------
MAX_PLAYERS = 8
ANGEL_ROOM = 64  # slots beyond the state's characters for the Lords earned in a fight (8.3)
MUSTER_ROOM = 448  # and, when the Muster Phase is played, for the characters it brings (6.0)
DUE_ROOM = 64  # Lords due at once
MAX_DICE = 48  # the tactic's odds tables stop here (a Titan of score 4,200 rolls 48)
LAYERS = 8  # hexes counted in one move: a Skill-factor of 4 plus a hex slowed twice (7.1)
FAR = 1 << 20  # a distance beyond any map


class Board(NamedTuple):
    """The map (H hexes) as the kernel reads it; directions as ``engine.tactical.geometry``."""

    nbr: np.ndarray  # int64[H, 6]: the hex in each direction, NONE off the map
    by_index: np.ndarray  # int64[H, 6]: the neighbours in ascending index (Grid.neighbours)
    hazard: np.ndarray  # int64[H]: the hex hazard's code (index of tables.HEX_HAZARD_NAMES)
    coord: np.ndarray  # int64[H, 2]: axial q, r (distances, 13.2)
    contact: np.ndarray  # int8[H, 6]: characters there would be locked in contact (11.3, 12.1.1)
    combo: np.ndarray  # int64[H, 6]: the strike combination (Kinds.terms), NONE: no strike
    side: np.ndarray  # int64[H, 6]: the hexside hazard's code, 0 for none
    carry_up: np.ndarray  # int8[H, 6]: up a hexside that lets only a strike across it carry
    region: np.ndarray  # int64[H]: the hex's region (2.1), NONE for none


class Kinds(NamedTuple):
    """What each character type (T of them) is and may do, on this map."""

    power: np.ndarray  # int64[T]: the Power-factor (a Titan's at score 0)
    skill: np.ndarray  # int64[T]
    flies: np.ndarray  # int8[T]
    rangestrikes: np.ndarray  # int8[T]
    magic: np.ndarray  # int8[T]: rangestrikes like a Warlock (13.5, 12.2)
    lord: np.ndarray  # int8[T]
    titan: np.ndarray  # int8[T]
    points: np.ndarray  # int64[T]: 11.0 (a Titan's per Power-factor)
    heal: np.ndarray  # int64[T]: HEAL_* (5.2)
    heal_points: np.ndarray  # int64[T]: what Heal heals (5.2.1)
    heal_or_muster: np.ndarray  # int8[T]: 12.2
    regenerates: np.ndarray  # int8[T]: regenerates somewhere (5.3), for the tactic
    hurt_crossing: np.ndarray  # int8[T]: some hexside of the map hurts it crossing (10.1)
    move_class: np.ndarray  # int64[T]: the tactic's class of movement (its distances)
    class_step: np.ndarray  # int8[C, H, 6]: the class steps that way (into a hex it may cross)
    walk: np.ndarray  # int8[T, H, 6]: hexes counted walking that way (11.4, 7.1), -1 forbidden
    crossing: np.ndarray  # int8[T, H, 6]: damage crossing that hexside (10.1)
    land: np.ndarray  # int8[T, H]: hexes counted landing there flying, -1 forbidden
    over: np.ndarray  # int8[T, H]: may fly over it
    stand: np.ndarray  # int8[T, H]: may be there at all
    overstacks: np.ndarray  # int8[T, H]: 7.3
    rest: np.ndarray  # int8[T, H, 2]: a rest's healing there, not locked / locked (5.1, 5.3)
    drift: np.ndarray  # int8[T, H]: damage at the start of each Strike Phase (hazard chart)
    terms: np.ndarray  # int8[T, T, C, TERMS]: see TERM_*
    aura: np.ndarray  # int64[T, T]: damage the first takes from the second's aura (9.2)
    auras: np.ndarray  # int64[1]: 1 when any type of the fight has an aura
    poison: np.ndarray  # int64[T, T]: poison the first takes damaged by the second (9.2)
    chart: np.ndarray  # int64[CHART_SKILLS, CHART_DEFENCE, CHART_BONUS]: the strike chart
    range_dice: np.ndarray  # int64[T, HZ]: rangestrike dice added out of a hazard (13.1, 9.2)
    range_loss: np.ndarray  # int64[T, T]: Skill-factors lost rangestriking it (9.2 Sea King)
    between_loss: np.ndarray  # int64[T, HZ]: Skill lost per hex of that hazard crossed (13.3)
    defence: np.ndarray  # int64[T, HZ, T]: Strike-number added to a rangestrike there
    angel: np.ndarray  # int64[2]: the types of the Angel and the Archangel (8.3)
    creature: np.ndarray  # int8[T]: slain, it goes to the dead pile, else the muster pile (8.0)
    # the Muster Phase (6.0-6.3, 9.1, 10.0-10.2), by region (R of them) where it reads one:
    muster_need: np.ndarray  # int8[R, T, T]: how many of the first type muster the second there
    muster_number: np.ndarray  # int64[R, T]: its Muster-number there, 0 for none (6.2)
    two_ways: np.ndarray  # int8[R]: qualifying with two types gives +1 there (not the Tower)
    master: np.ndarray  # int64[R]: the Master Muster type a roll of 12 may take (9.1), NONE
    muster_bonus: np.ndarray  # int64[T]: added to its region's muster (9.2 Druid)
    summons: np.ndarray  # int64[T]: SUMMONS_* (10.1, 10.2)
    warlock_into: np.ndarray  # int64[H, 4]: the Elementals Warlocks summon there, NONE past them
    demon_into: np.ndarray  # int8[H]: Warlocks summon a Demon there (a tower hex)
    demons: np.ndarray  # int64[DEMON_DICE]: the Demon each die face brings
    warlock_number: np.ndarray  # int64[2]: one Warlock summons on it, two or more on it
    cleric_number: np.ndarray  # int64[T, 2]: one Cleric, two or more summon it on (0: never)
    cleric_into: np.ndarray  # int8[T, H]: Clerics may summon it into that hex (a clear one)
    tail: np.ndarray  # float64[MAX_DICE + 1, 7, MAX_DICE + 2]: P(hits >= r), the tactic's


class Lines(NamedTuple):
    """The rangestrike lines of the map (TITAN 13.3), from each hex to those 2 or 3 steps away
    (range 3 or 4, 13.2): rows ``start[h] .. start[h + 1]``."""

    start: np.ndarray  # int64[H + 1]
    to: np.ndarray  # int64[K]: the target hex
    lines: np.ndarray  # int64[K]: 1 or 2
    path: np.ndarray  # int64[K, LINES_PER_TARGET, LINE_WIDTH]: see LINE_*


# The weights of a player's tactic (simulator.tactical.policy, STYLES): columns of Start.style.
K_ADVANCE, K_ENGAGE, K_REST, K_HEAL_NEAR, K_RANGE, K_BEHIND, K_OUT_OF_REACH, K_LINE = range(8)
STYLE_KNOBS = 8


class Start(NamedTuple):
    """The position the fights start from (N slots: the state's characters and ANGEL_ROOM)."""

    kind: np.ndarray  # int64[N]: type, NONE for a free slot
    owner: np.ndarray  # int64[N]: player
    hexes: np.ndarray  # int64[N]
    damage: np.ndarray  # int64[N]
    did: np.ndarray  # int64[N]: D_* bits
    poison: np.ndarray  # int64[N]: damage due at the next Strike Phase (9.2)
    poisoner: np.ndarray  # int64[N]: the player whose Wyrm poisoned it, NONE
    slayer: np.ndarray  # int64[N]: the player who dealt the killing point, NONE (2.2.2)
    ids: np.ndarray  # int64[N]: the engine's ids
    score: np.ndarray  # int64[P]
    out: np.ndarray  # int64[P]: 1 when eliminated (2.2.2)
    due: np.ndarray  # int64[DUE_ROOM, 2]: Lords due (player, type), in order (8.3)
    game: np.ndarray  # int64[G_SIZE]
    tower: np.ndarray  # int64[P, 7]: each player's starting tower's hexes, NONE past them (8.3)
    style: np.ndarray  # float64[P, STYLE_KNOBS]: each player's tactic's weights (policy, K_*)
    pile: np.ndarray  # int64[T]: the muster pile of each type (2.2.1)
    dead: np.ndarray  # int64[T]: the dead pile (8.0)
    region_done: np.ndarray  # int64[R]: 1 when the region had its region muster this turn (6.2)


class Fight(NamedTuple):
    """One fight's changing state and the kernel's scratch, built once per thread and reset
    from the ``Start`` for each fight."""

    kind: np.ndarray  # int64[N]
    owner: np.ndarray  # int64[N]
    hexes: np.ndarray  # int64[N]: NONE once out of play
    damage: np.ndarray  # int64[N]
    did: np.ndarray  # int64[N]
    poison: np.ndarray  # int64[N]
    poisoner: np.ndarray  # int64[N]
    slayer: np.ndarray  # int64[N]
    ids: np.ndarray  # int64[N]
    score: np.ndarray  # int64[P]
    out: np.ndarray  # int64[P]
    due: np.ndarray  # int64[DUE_ROOM, 2]
    game: np.ndarray  # int64[G_SIZE]
    tower: np.ndarray  # int64[P, 7]: the Start's
    style: np.ndarray  # float64[P, STYLE_KNOBS]: the Start's
    pile: np.ndarray  # int64[T]
    dead: np.ndarray  # int64[T]
    region_done: np.ndarray  # int64[R]
    occ: np.ndarray  # int64[H, 2]: the slots in each hex (two when overstacked, 7.3), NONE
    gained: np.ndarray  # int64[P]: points scored in the fight (8.2)
    healed: np.ndarray  # int64[P]: damage healed in the fight (5.0)
    angels: np.ndarray  # int64[P]: Lords come into play in the fight (8.3)
    mustered: np.ndarray  # int64[P]: characters mustered and summoned in the fight (6.0)
    fell: np.ndarray  # int64[P]: 1 once the player's Titan fell (2.2.2)
    points: np.ndarray  # int64[P]: scratch of a Strike Phase's end: points scored
    fallen: np.ndarray  # int64[P]: scratch: the Titan fell in this Strike Phase
    log: np.ndarray  # int64[L, LOG_WIDTH]: the fight's events (EV_*); L = 0 logs nothing
    # scratch
    dist: np.ndarray  # int64[T, H]: steps to the nearest enemy, by mover's class of movement
    dist_stamp: np.ndarray  # int64[T]: the phase each row of dist was made for
    queue: np.ndarray  # int64[H]
    layer_hex: np.ndarray  # int64[LAYERS, H]: a move's search, by hexes counted
    layer_damage: np.ndarray  # int64[LAYERS, H]
    layer_n: np.ndarray  # int64[LAYERS]
    layer_at: np.ndarray  # int64[LAYERS, H]: position + 1 in its layer, when stamped
    layer_stamp: np.ndarray  # int64[LAYERS, H]
    reach: np.ndarray  # int64[H]: the hexes a mover may end in (reach_n of them)
    reach_damage: np.ndarray  # int64[H]: damage on the least hurtful way there, by hex
    reach_stamp: np.ndarray  # int64[H]: stamped when the hex is in reach
    searched: np.ndarray  # int64[H]: least damage a hex was searched from, when stamped
    searched_stamp: np.ndarray  # int64[H]
    near_stamp: np.ndarray  # int64[H]: stamped with the phase where a strike reaches an enemy
    order: np.ndarray  # int64[N]: slots in the order they act
    count: np.ndarray  # int64[T]: a region's participants by type (6.2)
    faces: np.ndarray  # int64[7]: the last roll's faces, by value


# --- compilation -------------------------------------------------------------------------------

# A fight, once its Fight exists, allocates nothing: compiled without numba's reference counting
# and with NumPy's error model (no divisor is zero). No fastmath: the same seed must play the
# same fights on every machine. Only the entry points (kernel.py) and new_fight allocate.
# An inlined helper reads the caller's Fight and tables in place (simulator.numba_aliases),
# not from copies of them: the same fights, compiled in two thirds of the time.
in_fight = njit(
    cache=True, nogil=True, _nrt=False, error_model="numpy", pipeline_class=ReadingTuplesInPlace
)
in_fight_inline = njit(
    cache=True, nogil=True, _nrt=False, error_model="numpy", inline="always",
    pipeline_class=ReadingTuplesInPlace,
)  # fmt: skip


def hit_tail() -> np.ndarray:
    """tail[d, n, r] = P(at least r hits of d dice at Strike-number n), for the tactic."""
    tail = np.zeros((MAX_DICE + 1, 7, MAX_DICE + 2))
    for n in range(1, 7):
        p = (7 - n) / 6
        for d in range(MAX_DICE + 1):
            pmf = [math.comb(d, k) * p**k * (1 - p) ** (d - k) for k in range(d + 1)]
            running = 0.0
            for r in range(d, -1, -1):
                running += pmf[r]
                tail[d, n, r] = running
    return tail


@njit(cache=True, nogil=True)
def new_fight(start, board, kinds, log):
    """A Fight with room for the Start's slots, its scratch for this board and these types."""
    n = start.kind.shape[0]
    h = board.nbr.shape[0]
    t = kinds.power.shape[0]
    p = start.score.shape[0]
    return Fight(
        start.kind.copy(), start.owner.copy(), start.hexes.copy(), start.damage.copy(),
        start.did.copy(), start.poison.copy(), start.poisoner.copy(), start.slayer.copy(),
        start.ids.copy(), start.score.copy(), start.out.copy(), start.due.copy(),
        start.game.copy(), start.tower, start.style, start.pile.copy(), start.dead.copy(),
        start.region_done.copy(), np.full((h, 2), NONE, np.int64),
        np.zeros(p, np.int64), np.zeros(p, np.int64),
        np.zeros(p, np.int64), np.zeros(p, np.int64), np.zeros(p, np.int64),
        np.zeros(p, np.int64), np.zeros(p, np.int64), log,
        np.zeros((t, h), np.int64), np.full(t, NONE, np.int64), np.zeros(h, np.int64),
        np.zeros((LAYERS, h), np.int64), np.zeros((LAYERS, h), np.int64),
        np.zeros(LAYERS, np.int64), np.zeros((LAYERS, h), np.int64),
        np.zeros((LAYERS, h), np.int64), np.zeros(h, np.int64), np.zeros(h, np.int64),
        np.zeros(h, np.int64), np.zeros(h, np.int64), np.zeros(h, np.int64),
        np.zeros(h, np.int64), np.zeros(n, np.int64), np.zeros(t, np.int64),
        np.zeros(7, np.int64),
    )  # fmt: skip


@in_fight
def reset(f, start):
    """The Fight back at the Start (its scratch stamps kept: they only grow). Copied element by
    element: a whole-array copy would allocate against an overlap."""
    n = start.kind.shape[0]
    for s in range(n):
        f.kind[s] = start.kind[s]
        f.owner[s] = start.owner[s]
        f.hexes[s] = start.hexes[s]
        f.damage[s] = start.damage[s]
        f.did[s] = start.did[s]
        f.poison[s] = start.poison[s]
        f.poisoner[s] = start.poisoner[s]
        f.slayer[s] = start.slayer[s]
        f.ids[s] = start.ids[s]
    for q in range(start.score.shape[0]):
        f.score[q] = start.score[q]
        f.out[q] = start.out[q]
        f.gained[q] = 0
        f.healed[q] = 0
        f.angels[q] = 0
        f.mustered[q] = 0
        f.fell[q] = 0
    for t in range(start.pile.shape[0]):
        f.pile[t] = start.pile[t]
        f.dead[t] = start.dead[t]
    for r in range(start.region_done.shape[0]):
        f.region_done[r] = start.region_done[r]
    for i in range(start.due.shape[0]):
        f.due[i, 0] = start.due[i, 0]
        f.due[i, 1] = start.due[i, 1]
    stamp = f.game[G_STAMP]
    phases = f.game[G_PHASES]
    for i in range(start.game.shape[0]):
        f.game[i] = start.game[i]
    f.game[G_STAMP] = stamp
    f.game[G_PHASES] = phases + 1
    for h in range(f.occ.shape[0]):
        f.occ[h, 0] = NONE
        f.occ[h, 1] = NONE
    for s in range(f.game[G_SLOTS]):
        h = f.hexes[s]
        if h >= 0:
            if f.occ[h, 0] == NONE:
                f.occ[h, 0] = s
            else:
                f.occ[h, 1] = s


@in_fight_inline
def fresh_stamp(f):
    f.game[G_STAMP] += 1
    return f.game[G_STAMP]


@in_fight_inline
def log_event(f, event, a, b, c, d):
    """A row of the fight's log, when it has one; its faces and carries are filled after."""
    log = f.log
    i = f.game[G_LOG]
    if i < log.shape[0]:
        for k in range(LOG_WIDTH):
            log[i, k] = 0
        log[i, L_EVENT] = event
        log[i, L_A] = a
        log[i, L_B] = b
        log[i, L_C] = c
        log[i, L_D] = d
        f.game[G_LOG] = i + 1
        return i
    return NONE


@in_fight
def roll(f, rng, dice, number):
    """Roll ``dice`` dice (``simulator.rng``: each die the high part of half a word times six);
    how many show ``number`` or more (TITAN 12.0). Their faces are counted in ``f.faces``."""
    faces = f.faces
    for k in range(7):
        faces[k] = 0
    hits = 0
    left = dice
    low = np.uint64(0xFFFFFFFF)
    six = np.uint64(6)
    shift = np.uint64(32)
    while left > 0:
        word = next_word(rng)
        face = np.int64(((word & low) * six) >> shift) + 1
        faces[face] += 1
        if face >= number:
            hits += 1
        left -= 1
        if left > 0:
            face = np.int64(((word >> shift) * six) >> shift) + 1
            faces[face] += 1
            if face >= number:
                hits += 1
            left -= 1
    return hits


@in_fight_inline
def place(f, s, h):
    """Put ``s`` in hex ``h`` (the second place of a hex holds an overstacking friend, 7.3)."""
    f.hexes[s] = h
    if f.occ[h, 0] == NONE:
        f.occ[h, 0] = s
    else:
        f.occ[h, 1] = s


@in_fight_inline
def lift(f, s):
    """Take ``s`` off its hex; a hex's first place is always filled before its second."""
    h = f.hexes[s]
    if f.occ[h, 0] == s:
        f.occ[h, 0] = f.occ[h, 1]
    f.occ[h, 1] = NONE
    f.hexes[s] = NONE


@in_fight_inline
def bring_in(f, t, player, h, did):
    """A character of type ``t`` of ``player`` comes into play in hex ``h`` in the next slot,
    with the engine's next id; its slot, or NONE (and the fight ended) when no slot is left."""
    s = f.game[G_SLOTS]
    if s >= f.kind.shape[0]:
        f.game[G_ENDED] = ENDED_NO_ROOM
        return NONE
    f.kind[s] = t
    f.owner[s] = player
    f.damage[s] = 0
    f.did[s] = did
    f.poison[s] = 0
    f.poisoner[s] = NONE
    f.slayer[s] = NONE
    f.ids[s] = f.game[G_NEXT_ID]
    f.game[G_NEXT_ID] += 1
    f.game[G_SLOTS] = s + 1
    place(f, s, h)
    return s


@in_fight_inline
def power_of(f, kinds, s):
    """The Power-factor of the character in slot ``s``: a Titan's grows with its player's score,
    one for every 100 points (8.2)."""
    t = f.kind[s]
    if kinds.titan[t]:
        return kinds.power[t] + f.score[f.owner[s]] // 100
    return kinds.power[t]


@in_fight_inline
def slain(f, kinds, s):
    """TITAN 12.0: as many hits as its Power-factor (it stays until the Strike Phase ends)."""
    return f.damage[s] >= power_of(f, kinds, s)


@in_fight_inline
def value_of(f, kinds, s):
    """Points for slaying it (11.0); a Titan's 10 per Power-factor (docs/rulings.md)."""
    t = f.kind[s]
    if kinds.titan[t]:
        return kinds.points[t] * power_of(f, kinds, s)
    return kinds.points[t]
