"""The lines of a generated module as they are written: :class:`Writer`, shared by :mod:`codegen`, which writes a
model's module, and :mod:`blockcode`, which writes its blocks of steps."""
from __future__ import annotations

from contextlib import contextmanager


class Writer:
    """Lines of generated source, and the emitter that writes their expressions."""

    def __init__(self, e):      # e: the codegen.Emitter that writes the expressions
        self.e, self.lines = e, []

    def put(self, depth: int, text: str) -> None:
        self.lines.append("    " * depth + text)

    def temp(self) -> str:
        return self.e.temp()

    @contextmanager
    def function(self, header: str):
        """``def <header>:`` with its body (written at depth 2 inside the block) in a ``try`` that turns a variable
        read where it has no value (a KeyError) into the RulesError the closures raise."""
        self.put(0, f"def {header}:")
        self.put(1, "try:")
        yield
        self.put(1, "except KeyError as exc:")
        self.put(2, "raise _missing(exc) from None")
