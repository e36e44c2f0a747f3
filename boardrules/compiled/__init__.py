"""The compiled back end: a game played by code written for its model, behind the same ``Game`` API as the
interpreter (``engine/kernel.py``), which stays the reference and the fallback.

``kernel_class(model)`` returns the kernel class the games of ``model`` run on, and a sentence saying which back end
that is and why: the compiled kernel when every part of the model is one the compiler handles, else the
interpreter's ``Kernel`` with the reason (content the compiler cannot handle yet runs interpreted). The class is
written once per model, from the compiled model only (never from content text, never naming a game): the content's
constants are written in as literals or bound by name, as in ``lang/codegen.py``.

Stage 1 (see docs/architecture.md, "Two back ends") keeps the interpreter's state record, so a game's JSON, clone,
events, views and scores are the interpreter's by construction, and a kernel of either class reads the other's
saves; what is compiled is the stretch of play between two decisions (``kernel.CompiledKernel.choose``: the answer
taken, the flow run to the next question, in one function) and the card moves, counts and pile rooms written per
model with their tables in place (``movecode``). ``tests/test_backend_differential.py`` plays both back ends side by
side and compares them at every decision.
"""
from __future__ import annotations

BACKENDS = ("compiled", "interpreted")


def kernel_class(model, backend: str = "compiled"):
    """``(kernel class, note)`` for games of ``model``: ``backend`` "interpreted" gives the interpreter; "compiled"
    gives the compiled kernel, or the interpreter when the model has a part the compiler cannot handle yet (the
    note says which)."""
    from ..engine.kernel import Kernel

    if backend == "interpreted":
        return Kernel, "interpreted (asked for)"
    from . import movecode
    from .kernel import CompiledKernel

    why = movecode.unsupported(model)
    if why:
        return Kernel, f"interpreted: the compiler cannot handle {why} yet"
    try:
        methods = movecode.methods(model)
    except (SyntaxError, RecursionError, MemoryError, ValueError, OverflowError) as exc:
        return Kernel, f"interpreted: the compiled code could not be written ({type(exc).__name__})"
    return type("CompiledKernel", (CompiledKernel,), methods), "compiled"
