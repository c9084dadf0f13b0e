"""The Strike chart (12.7) and how hazards and range bend it."""

from __future__ import annotations

from engine.data import load

_ROWS = load("strike_chart")
_ATTACKER_SKILLS: list[int] = _ROWS["attacker_skills"]
CHART: dict[tuple[int, int], int] = {
    (attacker, int(defender)): number
    for defender, row in _ROWS.items()
    if defender != "attacker_skills"
    for attacker, number in zip(_ATTACKER_SKILLS, row, strict=True)
}


def strike_number(attacker_skill: int, defender_skill: int, bonus: int = 0) -> int:
    """The lowest die that hits (12.2), after hazard changes to the skills.

    Skills changed by hazards or range may leave the printed chart; every
    column of it follows 4 + defender - attacker, so the chart is extended
    by that rule and the result kept within 1..6 (see the rulings).
    ``bonus`` is a change to the Strike-number itself (Bramble, Volcano).
    """
    if (attacker_skill, defender_skill) in CHART:
        base = CHART[(attacker_skill, defender_skill)]
    else:
        base = 4 + defender_skill - attacker_skill
    return min(6, max(1, base + bonus))
