"""numba's inliner, spared a cost that grows with the square of the kernel's size.

To inline a function (``inline="always"``), numba deep-copies the callee's IR
block by block, each block with a fresh memo, so each block copies the whole
scope, every variable of the function, again: blocks times variables. The
kernel's loop of the phases holds thousands of each, and these copies were two
thirds of the kernel's compile. ``install()`` copies the blocks of one function
with one memo, as a single deep copy of the function would: the same IR (the
blocks then share their scope and variables, as the function's own blocks do),
made once. The compiled code is the same; ``tests/simulator/test_play_fingerprint.py``
holds the Battles to it.

Where numba's inliner is not shaped as expected (another numba version), it is
left alone: the kernel then compiles as numba would, only slower.
"""

from __future__ import annotations

import copy
import threading
from typing import Any

from numba.core import inline_closurecall, ir

_local = threading.local()


class _BlocksCopiedWithOneMemo:
    """The ``copy`` module as numba's inliner sees it while it inlines a call."""

    def __getattr__(self, name: str) -> Any:
        return getattr(copy, name)

    @staticmethod
    def deepcopy(x: Any, memo: dict | None = None) -> Any:
        memos = getattr(_local, "memos", None)
        if memo is None and memos is not None and isinstance(x, ir.Block):
            memo = memos.setdefault(id(x.scope), {})  # the blocks of one function
        return copy.deepcopy(x, memo)


def install() -> bool:
    """Make numba's inliner copy a callee's blocks with one memo; whether it could."""
    worker = getattr(inline_closurecall, "InlineWorker", None)
    inline_ir = getattr(worker, "inline_ir", None)
    if inline_ir is None or getattr(inline_closurecall, "copy", None) is not copy:
        return isinstance(getattr(inline_closurecall, "copy", None), _BlocksCopiedWithOneMemo)

    def inline_with_one_memo(self: Any, *args: Any, **kwargs: Any) -> Any:
        outer = getattr(_local, "memos", None)
        _local.memos = {}  # one memo per function copied in this call
        try:
            return inline_ir(self, *args, **kwargs)
        finally:
            _local.memos = outer

    inline_closurecall.copy = _BlocksCopiedWithOneMemo()
    worker.inline_ir = inline_with_one_memo
    return True
