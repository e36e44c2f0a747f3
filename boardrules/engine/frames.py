"""The flow stack of a kernel: pushing frames, and the frames a clone shares with the game it was made from.

After ``Kernel.clone`` both games hold the same frames (a clone copies the list, not the frames). Before a game
changes a frame, it makes its own copy: the frames on top (``own_top``, before a step or an answer), or every frame
from one index up (``own_from``, for a step that writes the variables of frames below the top). Frames that share one
set of variables (a block and the frames of its ifs and loops) are copied together, with one copy of them.
"""
from __future__ import annotations

from ..errors import RulesError
from ..limits import MAX_FLOW_DEPTH
from .state import Frame

MAX_DEPTH = MAX_FLOW_DEPTH  # frames on the flow stack


class FlowStack:
    """Mixed into the kernel: its ``stack`` of frames."""

    shared_below = 0    # frames of the flow stack below this index may be shared with a clone (``own_top``)

    def push(self, node, env, data=None):
        stack = self.stack
        n = len(stack)
        if n >= MAX_DEPTH:     # an ability that sets itself off, or a procedure that calls itself
            raise RulesError(f"the flow nests deeper than {MAX_DEPTH} steps (an effect that keeps setting itself off?)")
        if n < self.shared_below:
            self.shared_below = n
        stack.append(Frame(node, env, data))

    def top_frame(self):
        """The frame on top of the stack, this game's own (copied first while a clone still shares it)."""
        stack = self.stack
        return stack[-1] if len(stack) > self.shared_below else self.own_top()

    def own_top(self):
        """The top frame, this game's own. After a clone both games share their frames; before one game steps or
        answers at the top of its stack, it copies the top frames that share one set of variables (the frame of a
        block and the frames of its ifs and loops), with those variables. Frames lower down stay shared until
        they are on top."""
        stack = self.stack
        top = len(stack) - 1
        env = stack[top].env
        k = top
        while k > 0 and stack[k - 1].env is env:
            k -= 1
        env = env.copy()
        for i in range(k, top + 1):
            f = stack[i]
            data = f.data
            stack[i] = Frame(f.node, env, data[:] if data.__class__ is list else data, f.pc)
        self.shared_below = k
        return stack[top]

    def own_from(self, i):
        """The frames from index ``i`` to the top, this game's own, for a step that writes the variables of frames
        below the top (a budget's points, written down to its own frame): frames a clone still shares are copied
        first, each run of frames that share one set of variables with one copy of them."""
        stack = self.stack
        if i >= self.shared_below:
            return
        if len(stack) <= self.shared_below:
            self.own_top()
            if i >= self.shared_below:
                return
        below = self.shared_below
        while i > 0 and stack[i - 1].env is stack[i].env:      # (the run that frame i's variables belong to)
            i -= 1
        copies = {}
        for j in range(i, below):       # (frames from ``below`` up are this game's, with variables of their own)
            f = stack[j]
            env = copies.get(id(f.env))
            if env is None:
                env = copies[id(f.env)] = f.env.copy()
            data = f.data
            stack[j] = Frame(f.node, env, data[:] if data.__class__ is list else data, f.pc)
        self.shared_below = i
