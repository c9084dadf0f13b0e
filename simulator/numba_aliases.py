"""A compiler pass for numba: a bundle of arrays handed to an inlined function is not copied.

A kernel's state and tables are named tuples of dozens of arrays. When numba inlines a
function (``inline="always"``), it binds each of the callee's parameters with an assignment
from the caller's variable (``f.3 = f``); each such variable gets a stack slot of its own,
which LLVM then takes apart field by field: for a tuple of forty arrays, some three hundred
values for every inlined call. The pass below, run after type inference, removes such an
assignment when neither variable is ever assigned again (the two are then the same value
everywhere) and has the uses read the original: the same program, without the copies. Only
tuples are taken: a scalar's copy costs LLVM nothing.

Tactical Titan's kernel, whose phases inline dozens of helpers each handed the Fight, compiles
with it in 107 s instead of about 166 (a fresh cache, one process), its fights as fast and the
same. The battle kernel gained nothing measurable (compiled side by side with and without it:
95.8 s against 98.3, its search 79.3 against 81.0), nor did taking array copies too, so the
battle kernel and the Arena's compile as numba would.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from numba.core import ir, types
from numba.core.compiler import CompilerBase, DefaultPassBuilder
from numba.core.compiler_machinery import FunctionPass, register_pass
from numba.core.ir_utils import replace_var_names
from numba.core.typed_passes import NopythonTypeInference


@register_pass(mutates_CFG=False, analysis_only=False)
class ReadTuplesInPlace(FunctionPass):
    _name = "read_tuples_in_place"

    def __init__(self) -> None:
        FunctionPass.__init__(self)

    def run_pass(self, state: Any) -> bool:
        blocks = state.func_ir.blocks
        assigned: Counter[str] = Counter(
            stmt.target.name
            for block in blocks.values()
            for stmt in block.body
            if isinstance(stmt, ir.Assign)
        )
        aliases: dict[str, str] = {}
        for block in blocks.values():
            kept = []
            for stmt in block.body:
                if (
                    isinstance(stmt, ir.Assign)
                    and isinstance(stmt.value, ir.Var)
                    and isinstance(state.typemap.get(stmt.target.name), types.BaseTuple)
                    and state.typemap[stmt.target.name] == state.typemap.get(stmt.value.name)
                    and assigned[stmt.target.name] == 1
                    and assigned[stmt.value.name] <= 1  # once, or an argument (bound once)
                ):
                    aliases[stmt.target.name] = stmt.value.name
                    continue
                kept.append(stmt)
            block.body = kept
        if aliases:
            replace_var_names(blocks, aliases)
        return bool(aliases)


class ReadingTuplesInPlace(CompilerBase):
    """numba's own nopython pipeline with ``ReadTuplesInPlace`` after type inference."""

    def define_pipelines(self) -> list[Any]:
        pipeline = DefaultPassBuilder.define_nopython_pipeline(self.state)
        pipeline.add_pass_after(ReadTuplesInPlace, NopythonTypeInference)
        pipeline.finalize()
        return [pipeline]
