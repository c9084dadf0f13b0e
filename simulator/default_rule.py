"""The adaptive rule as data (a default that changes style within a Battle, measured in
docs/tactics.md and not yet the default): a decision tree per side over the Battle's
facts, leading to a style (``simulator.rule`` walks it in the kernel).

``bench/distill.py`` learns it from the search tactic's choices on the training stream of
``bench/engagements.py`` and writes ``simulator/data/default_rule.json``: the styles it
chooses among, each side's tree as arrays, and a sample of the states it was fitted on with
the choices the fitted tree made there (``replay``), which the kernel's walk must repeat
bit for bit (tests/simulator/test_rule.py).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

RULE_FILE = Path(__file__).resolve().parent / "data" / "default_rule.json"
SIDES = ("attacker", "defender")


@dataclass(frozen=True)
class Tree:
    """One side's tree: node ``n`` tests ``feature[n]`` at ``threshold[n]`` (a float32 at
    most the threshold: ``left[n]``, else ``right[n]``); a leaf (``left[n] < 0``) chooses
    style ``leaf[n]``."""

    feature: tuple[int, ...]
    threshold: tuple[float, ...]
    left: tuple[int, ...]
    right: tuple[int, ...]
    leaf: tuple[int, ...]

    def choose(self, x: np.ndarray) -> int:
        """The style index the tree leads to from the facts ``x`` (as the kernel walks it)."""
        node = 0
        while self.left[node] >= 0:
            if float(np.float32(x[self.feature[node]])) <= self.threshold[node]:
                node = self.left[node]
            else:
                node = self.right[node]
        return self.leaf[node]

    def pruned(self) -> Tree:
        """The same choices with fewer nodes: a branch whose leaves all choose one style
        becomes that leaf (nodes renumbered depth first)."""
        feature: list[int] = []
        threshold: list[float] = []
        left: list[int] = []
        right: list[int] = []
        leaf: list[int] = []

        def styles(node: int) -> set[int]:
            if self.left[node] < 0:
                return {self.leaf[node]}
            return styles(self.left[node]) | styles(self.right[node])

        def add(node: int) -> int:
            at = len(leaf)
            one = styles(node)
            feature.append(-2 if len(one) == 1 else self.feature[node])
            threshold.append(0.0 if len(one) == 1 else self.threshold[node])
            left.append(-1)
            right.append(-1)
            leaf.append(min(one))
            if len(one) > 1:
                left[at] = add(self.left[node])
                right[at] = add(self.right[node])
            return at

        add(0)
        return Tree(tuple(feature), tuple(threshold), tuple(left), tuple(right), tuple(leaf))

    @classmethod
    def single(cls, style: int) -> Tree:
        """A tree that always chooses ``style``."""
        return cls((-2,), (0.0,), (-1,), (-1,), (style,))

    def to_dict(self) -> dict[str, list]:
        return {
            "feature": list(self.feature),
            "threshold": list(self.threshold),
            "left": list(self.left),
            "right": list(self.right),
            "leaf": list(self.leaf),
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Tree:
        return cls(
            tuple(int(v) for v in d["feature"]),
            tuple(float(v) for v in d["threshold"]),
            tuple(int(v) for v in d["left"]),
            tuple(int(v) for v in d["right"]),
            tuple(int(v) for v in d["leaf"]),
        )


@dataclass(frozen=True)
class Rule:
    """The styles the default chooses among and each side's tree (attacker, defender)."""

    styles: tuple[str, ...]
    trees: tuple[Tree, Tree]
    notes: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    # recorded states and the fitted tree's choices there, per side: (facts, style index)
    replay: tuple[tuple[tuple[tuple[float, ...], int], ...], ...] = field(
        default=((), ()), compare=False, hash=False
    )

    def arrays(self) -> tuple[np.ndarray, ...]:
        """The trees as the kernel's arrays, each side's padded to one length:
        (feature int64[2, N], threshold float64[2, N], left, right, leaf int64[2, N])."""
        n = max(len(t.leaf) for t in self.trees)

        def stack(name: str, dtype: type, pad: float) -> np.ndarray:
            out = np.full((2, n), pad, dtype=dtype)
            for side, tree in enumerate(self.trees):
                values = getattr(tree, name)
                out[side, : len(values)] = values
            return out

        return (
            stack("feature", np.int64, 0),
            stack("threshold", np.float64, 0.0),
            stack("left", np.int64, -1),
            stack("right", np.int64, -1),
            stack("leaf", np.int64, 0),
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "styles": list(self.styles),
            **{side: tree.to_dict() for side, tree in zip(SIDES, self.trees, strict=True)},
            "notes": self.notes,
            "replay": {
                side: [{"facts": list(x), "style": k} for x, k in cases]
                for side, cases in zip(SIDES, self.replay, strict=True)
            },
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Rule:
        replay = d.get("replay", {})
        return cls(
            tuple(d["styles"]),
            (Tree.from_dict(d["attacker"]), Tree.from_dict(d["defender"])),
            d.get("notes", {}),
            tuple(
                tuple((tuple(c["facts"]), int(c["style"])) for c in replay.get(side, ()))
                for side in SIDES
            ),
        )

    def save(self, path: Path = RULE_FILE) -> None:
        path.write_text(json.dumps(self.to_dict(), indent=1) + "\n")

    @classmethod
    def load(cls, path: Path = RULE_FILE) -> Rule:
        return cls.from_dict(json.loads(path.read_text()))


@cache
def default_rule() -> Rule:
    """The adaptive rule shipped (``RULE_FILE``)."""
    return Rule.load()
