"""Generated code for blocks of steps: each block's ``step`` becomes one Python function.

The kernel steps the frame on top of its stack; a block's frame runs the block's steps from its program counter
until one of them changes the flow (pushes a frame, asks a question, ends the game). :class:`Block.step` does that
by calling each step's ``exec``; the function written here does the same with the simple steps written in place
(their expressions too, by :mod:`codegen`), an ``if`` whose branches only hold such steps run without a frame of
its own, and every other step still called through its ``exec``. The program counter means what it meant, so
frames clone, serialise and resume exactly as before.
"""
from __future__ import annotations

from ..model import nodes as N
from .codegen import Writer

MAX_NEST = 20       # ifs written inside ifs, at most (Python limits how deep blocks nest)


def _inline(node, depth=0) -> bool:
    """Whether a step can be written in place inside an ``if``: it never changes the flow."""
    if isinstance(node, (N.Let, N.SetCounter, N.Shuffle, N.StartPlayer, N.PassStartPlayer, N.PhaseBegin,
                         N.Activate)):
        return True
    if isinstance(node, N.Move):
        return True
    if isinstance(node, N.If):
        return depth < MAX_NEST and all(b is None or _flat(b, depth + 1) for b in (node.then, node.other))
    return False


def _flat(block, depth=0) -> bool:
    return type(block) is N.Block and block.shared and block.guard is None and \
        all(_inline(s, depth) for s in block.steps)


def _write_inline(w: Writer, s, depth):
    """A step that never changes the flow, as statements."""
    e = w.e
    if isinstance(s, N.Let):
        for name, fn in s.names:
            w.put(depth, f"env[{e.const(name)}] = {e.expr(fn)}")
    elif isinstance(s, N.SetCounter):
        who, c = w.temp(), e.const(s.counter)
        w.put(depth, f"{who} = {e.expr(s.who)}")
        if s.add:
            w.put(depth, f"g.set_counter({c}, {who}, g.counters[{c}][{who}] + {e.expr(s.value)})")
        else:
            w.put(depth, f"g.set_counter({c}, {who}, {e.expr(s.value)})")
    elif isinstance(s, N.Move) and s.card is not None:
        dest, card = w.temp(), w.temp()
        w.put(depth, f"{dest} = {e.expr(s.dest)}")
        w.put(depth, f"{card} = {e.expr(s.card)}")
        w.put(depth, f"env['moved'] = 1 if {card} is not None and g.move({card}, {dest}, {s.bottom!r}) else 0")
    elif isinstance(s, N.Move) and s.take is not None:      # off the top of a zone (Move.exec, written out)
        dest, n = w.temp(), w.temp()
        w.put(depth, f"{dest} = {e.expr(s.dest)}")
        w.put(depth, f"{n} = {'None' if s.count is None else e.expr(s.count)}")
        w.put(depth, f"env['moved'] = g.draw({e.expr(s.take)}, {n}, {dest}, {e.const(s.refill)}, {s.bottom!r})")
    elif isinstance(s, N.PhaseBegin):
        w.put(depth, "g.begin_phase(env['role'], env['chooser'])")
    elif isinstance(s, N.Activate):
        w.put(depth, "g.activate_fresh()")
    elif isinstance(s, N.If):
        w.put(depth, f"if {e.expr(s.cond)}:")
        _write_steps(w, s.then.steps, depth + 1)
        if s.other is not None and s.other.steps:
            w.put(depth, "else:")
            _write_steps(w, s.other.steps, depth + 1)
    else:       # Move of many cards, Shuffle, the start player: their own exec, which never changes the flow
        w.put(depth, f"{e.const(s)}.exec(g, f)")


def _write_steps(w, steps, depth):
    if not steps:
        w.put(depth, "pass")
    for s in steps:
        _write_inline(w, s, depth)


def _write_block(w: Writer, name: str, block, answered) -> None:
    e = w.e
    w.put(0, f"def {name}(g, f):")
    w.put(1, "env = f.env")
    w.put(1, "pc = f.pc")
    w.put(1, "try:")
    w.put(2, "pass")
    if block.guard is not None:
        w.put(2, f"if pc == 0 and not {e.expr(block.guard)}:")
        w.put(3, "g.stack.pop()")
        w.put(3, "return")
    for i, s in enumerate(block.steps):
        w.put(2, f"if pc <= {i}:")
        w.put(3, f"f.pc = {i + 1}")
        if _inline(s):
            _write_inline(w, s, 3)
        elif isinstance(s, N.Emit):
            if s.event in answered:        # an event no card of the game answers is not announced at all
                w.put(3, f"if g.emit({e.const(s.event)}, env):")
                w.put(4, "return")
        elif isinstance(s, N.PhaseEnd):
            w.put(3, "g.end_phase()")
            w.put(3, "if g.over:")
            w.put(4, "return")
        else:
            w.put(3, f"if {e.const(s)}.exec(g, f):")
            w.put(4, "return")
    w.put(1, "except KeyError as exc:")
    w.put(2, "raise _missing(exc) from None")
    w.put(1, "g.stack.pop()")


def write(w: Writer, blocks, model) -> list[str]:
    """Writes a ``step`` function for every block in ``blocks``; returns their names, in order."""
    answered = set(model.triggers) | set(model.wide_triggers)      # events some card reacts to
    names = []
    for k, block in enumerate(blocks):
        names.append(f"_b{k}")
        _write_block(w, names[-1], block, answered)
    return names
