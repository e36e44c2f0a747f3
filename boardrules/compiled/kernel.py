"""``CompiledKernel``: the kernel the compiled back end plays on (stage 1).

It keeps the interpreter's state record (``engine/state.py`` FIELDS and the derived bookkeeping), so everything the
API reads off a kernel (JSON, clone, events, views, scores, ``resample``) is the interpreter's own. What it changes
is how play gets from one decision to the next: ``choose`` is the whole stretch in one function (the answer
recorded, the pending node resolved, the flow run until the next question), where the interpreter calls
``answer``, ``top_frame`` and ``run`` in turn; and the class ``kernel_class`` writes for a model adds the card moves,
counts and pile rooms with the model's tables written in (``movecode``). Every error is the interpreter's, located
the same way, and the work budgets count the same work.
"""
from __future__ import annotations

from ..engine.kernel import Kernel, located_error
from ..engine.state import DECIDE, FullRecord
from ..errors import RulesError
from ..limits import MAX_STATE_EVENTS, STEP_BUDGET


class CompiledKernel(Kernel):
    """A kernel whose stretches of play between two decisions run as one function each."""

    backend = "compiled"

    @classmethod
    def setup(cls, model, players, seed, options, log=True):
        """A new game's kernel, set up as the interpreter sets it up (its set-ups per model are shared: the state is
        one record), then played by this class."""
        k = Kernel.setup(model, players, seed, options, log)
        k.__class__ = cls
        return k

    def choose(self, index):
        """Takes answer ``index`` of the pending decision and plays on to the next one (``Kernel.choose``,
        ``answer`` and ``run`` in one function)."""
        p = self.pending
        a = p.actions[index]
        self.history.append(a)
        events = self.events
        if events is not None:
            args = a._args
            if "card" in args or "on" in args:
                self.decided(p.player, a, False, p.values[index])
            else:       # names no card: seen by all as it is
                events.append((DECIDE, p.player, a, False, (), ()))
        self.pending = None
        node = p.node
        stack = self.stack
        try:
            node.resolve(self, stack[-1] if len(stack) > self.shared_below else self.own_top(), p.values[index])
        except RulesError:
            raise
        except Exception as exc:    # noqa: BLE001 - as in Kernel.answer
            raise located_error(exc, f"content {node.path}") from exc
        # Kernel.run, written in place
        budget = STEP_BUDGET
        self.work = STEP_BUDGET
        f = None
        try:
            while stack and self.pending is None:
                f = stack[-1] if len(stack) > self.shared_below else self.own_top()
                f.node.step(self, f)
                budget -= 1
                if not budget:
                    raise RulesError(f"{STEP_BUDGET} steps without a decision (a loop that never asks or ends?)")
        except RulesError as exc:
            if not getattr(exc, "located", False):
                exc.args = (f"content {f.node.path}/{f.pc - 1}: {exc}",)
                exc.located = True
            raise
        except Exception as exc:    # noqa: BLE001 - as in Kernel.run
            raise located_error(exc, f"content {f.node.path}/{f.pc - 1}") from exc
        if not stack and not self.over:
            self.finish(self.ending[1] if self.ending else "the flow ran out")
        events = self.events
        if events is not None and len(events) >= MAX_STATE_EVENTS and events.__class__ is list:
            self.events = FullRecord(events[:MAX_STATE_EVENTS])     # the record stops growing here
