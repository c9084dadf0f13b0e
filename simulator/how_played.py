"""How each side played a request's Battles, in words a player reads (the answer's
``play``): its tactic, the styles it played and how it came to play them."""

from __future__ import annotations

from typing import Any

from simulator.battles import BattleRecords, BattleSpec
from simulator.equilibrium import played_mix

SIDES = ("attacker", "defender")


def _share_words(shares: dict[str, float], of: str) -> str:
    ranked = sorted(shares.items(), key=lambda kv: -kv[1])
    if len(ranked) == 1:
        return f"{ranked[0][0]} throughout"
    parts = [f"{name} {100 * p:.0f}%" for name, p in ranked if p >= 0.005]
    parts[0] = parts[0].replace(" ", " in ", 1) + f" of {of}"
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def play_summary(spec: BattleSpec, records: BattleRecords) -> dict[str, dict[str, Any]]:
    """For each side: its tactic, the styles it played with their shares (``style_mix``),
    how its styles were chosen, and a sentence saying so. The default plays one pair of
    styles a Battle, drawn from the Engagement's mix: it changes style between Battles,
    never within one."""
    mix = played_mix(spec)
    found: dict[str, dict[str, Any]] = {}
    for side, name in enumerate(SIDES):
        tactic = spec.attacker_tactic if side == 0 else spec.defender_tactic
        shares = mix[name]
        if tactic == "default":
            how = (
                "a pair of styles a Battle, drawn from this Engagement's mix: the styles from "
                "which neither side gains by switching to another, found by a short tournament "
                "(docs/tactics.md, default)"
            )
            if len(shares) == 1:  # the mix holds one style
                words = (
                    f"The {name} played the default: {next(iter(shares))} in every Battle, "
                    "from its first phase to its last."
                )
            else:
                words = (
                    f"The {name} played the default: one style a Battle, "
                    f"{_share_words(shares, 'Battles')}, each kept from the Battle's first "
                    "phase to its last."
                )
        elif tactic == "lookahead":
            how = (
                f"a search at each of its phases: {spec.search.rollouts} rollouts of each of "
                f"{len(spec.search.plans)} plans (its own default style and each candidate)"
            )
            words = (
                f"The {name} searched at each of its phases, from the default's "
                f"{_share_words(shares, 'Battles')}, changing style whenever a rollout found "
                "another better."
            )
        else:
            how = "one fixed style"
            words = f"The {name} played {tactic} throughout."
        found[name] = {
            "tactic": tactic,
            "chosen_by": how,
            "styles": shares,
            "changes_within_a_battle": tactic == "lookahead",
            "summary": words,
        }
    return found
