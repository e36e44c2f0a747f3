"""Generated code for blocks of steps: each block's ``step`` becomes one Python function.

The kernel steps the frame on top of its stack; a block's frame runs the block's steps from its program counter
until one of them changes the flow (pushes a frame, asks a question, ends the game). :class:`Block.step` does that
by calling each step's ``exec``; the function written here does the same with the simple steps written in place
(their expressions too, by :mod:`codegen`); an ``if``, a loop or a procedure call whose steps are all simple is
written as Python code without frames of its own (a loop's pass in a copy of the variables, as its frame had);
every other step is still called through its ``exec``. The program counter means what it meant, so frames clone,
serialise and resume exactly as before.
"""
from __future__ import annotations

from ..errors import RulesError
from ..model import flow as F
from ..model import nodes as N
from .codewriter import Writer

MAX_NEST = 20       # ifs written inside ifs, at most (Python limits how deep blocks nest)


def _inline(node, depth=0) -> bool:
    """Whether a step can be written in place: it never changes the flow (and every step written in place
    reads its variables as ``env``, so it may sit in a loop written in place, whose variables are its own)."""
    if isinstance(node, (N.Let, N.SetCounter, N.StartPlayer, N.PassStartPlayer, F.PhaseBegin, F.Activate, N.Move,
                         N.Shuffle)):
        return True
    if depth >= MAX_NEST:
        return False
    if isinstance(node, N.If):
        return all(b is None or _flat(b, depth + 1) for b in (node.then, node.other))
    if isinstance(node, (F.ForEach, N.ForEachPlayer)):
        return _body(node.body, depth + 1)
    if isinstance(node, F.While):       # its body runs in the loop's own variables
        return _body(node.body, depth + 1)
    if isinstance(node, F.Call):        # a procedure that calls none, its steps all simple
        return _body(node.block, depth + 1) and not any(isinstance(x, F.Call) for x in node.block.steps)
    return False


def _flat(block, depth=0) -> bool:
    """A branch that runs in its parent's variables, every step written in place."""
    return type(block) is N.Block and block.shared and block.guard is None and \
        all(_inline(s, depth) for s in block.steps)


def _body(block, depth) -> bool:
    """A loop's body or a procedure (in a copy of the variables, or a while's own), every step written in place."""
    return type(block) is N.Block and block.guard is None and all(_inline(s, depth) for s in block.steps)


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
    elif isinstance(s, N.Move):         # Move.exec, written out: the destination first, then what moves
        moved = "env['moved']" if s.var == "moved" else f"env[{e.const(s.var)}]"    # (a step's 'as' names another)
        dest = w.temp()
        w.put(depth, f"{dest} = {e.expr(s.dest)}")
        if s.card is not None:
            card = w.temp()
            w.put(depth, f"{card} = {e.expr(s.card)}")
            w.put(depth, f"{moved} = 1 if {card} is not None and g.move({card}, {dest}, {s.bottom!r}) else 0")
        else:
            n = w.temp()
            w.put(depth, f"{n} = {'None' if s.count is None else e.expr(s.count)}")
            if s.take is not None:      # off the top of a zone
                w.put(depth, f"{moved} = g.draw({e.expr(s.take)}, {n}, {dest}, {e.const(s.refill)}, {s.bottom!r})")
            else:                       # the cards of a selector
                w.put(depth, f"{moved} = {e.const(N.move_all)}(g, list({e.expr(s.source)}), {n}, {dest}, "
                             f"{s.bottom!r})")
    elif isinstance(s, F.PhaseBegin):
        w.put(depth, "g.begin_phase(env['role'], env['chooser'], env.get('free'))")
    elif isinstance(s, F.Activate):
        w.put(depth, "g.activate_fresh()")
    elif isinstance(s, N.StartPlayer):
        if s.how == "random":
            w.put(depth, "g.start_player = g.random_below(g.players)")
        else:
            seat = e.const(s.how) if isinstance(s.how, int) else e.expr(s.how)
            w.put(depth, f"g.start_player = {seat} % g.players")
    elif isinstance(s, N.PassStartPlayer):
        w.put(depth, f"g.start_player = (g.start_player + {e.const(s.steps)}) % g.players")
    elif isinstance(s, N.If):
        w.put(depth, f"if {e.expr(s.cond)}:")
        _write_steps(w, s.then.steps, depth + 1)
        if s.other is not None and s.other.steps:
            w.put(depth, "else:")
            _write_steps(w, s.other.steps, depth + 1)
    elif isinstance(s, F.While):        # checked before each run, at most ``limit`` runs (While.step)
        runs = w.temp()
        w.put(depth, f"{runs} = 0")
        w.put(depth, f"while {e.expr(s.cond)}:")
        w.put(depth + 1, f"if {runs} >= {e.const(s.limit)}:")
        w.put(depth + 2, f"raise {e.const(RulesError)}({e.const(f'a while loop ran {s.limit} times, its limit')})")
        w.put(depth + 1, f"{runs} += 1")
        w.put(depth + 1, "g.work -= 1")        # (Kernel.spend: loops in loops count every pass)
        w.put(depth + 1, "if g.work < 0:")
        w.put(depth + 2, "g.spend(0)")
        _write_steps(w, s.body.steps, depth + 1)
    elif isinstance(s, (F.ForEach, N.ForEachPlayer, F.Call)):      # the frames they would push, as a loop
        outer = w.temp()
        w.put(depth, f"{outer} = env")
        if isinstance(s, F.ForEach):        # the items taken when the loop starts, each in a copy of the variables
            item, items = w.temp(), w.temp()
            w.put(depth, f"{items} = {e.expr(s.items)}")
            w.put(depth, f"g.spend(len({items}))")
            w.put(depth, f"for {item} in list({items}):")
            w.put(depth + 1, f"env = dict({outer})")
            w.put(depth + 1, f"env[{e.const(s.var)}] = {item}")
        elif isinstance(s, N.ForEachPlayer):       # each seat in turn from the first, as ``you``
            first, i = w.temp(), w.temp()
            w.put(depth, f"{first} = {e.expr(s.start)}")
            w.put(depth, f"for {i} in range(g.players):")
            w.put(depth + 1, f"env = dict({outer})")
            w.put(depth + 1, f"env['you'] = ({first} + {i}) % g.players")
            w.put(depth + 1, f"env['index'] = {i}")
        else:                               # a procedure, in a copy of the caller's variables
            w.put(depth, f"env = dict({outer})")
        inner = depth if isinstance(s, F.Call) else depth + 1
        _write_steps(w, (s.block if isinstance(s, F.Call) else s.body).steps, inner)
        w.put(depth, f"env = {outer}")
    elif isinstance(s, N.Shuffle):
        w.put(depth, f"g.shuffle_zone({e.expr(s.zone)})")
    else:
        raise AssertionError(f"no code for a {type(s).__name__} step")     # _inline and this list go together


def _write_steps(w, steps, depth):
    if not steps:
        w.put(depth, "pass")
    for s in steps:
        _write_inline(w, s, depth)


def _write_block(w: Writer, name: str, block, answered) -> None:
    e = w.e
    with w.function(f"{name}(g, f)"):
        w.put(2, "env = f.env")
        w.put(2, "pc = f.pc")
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
            elif isinstance(s, F.PhaseEnd):
                w.put(3, "g.end_phase()")
                w.put(3, "if g.over:")
                w.put(4, "return")
            else:
                w.put(3, f"if {e.const(s)}.exec(g, f):")
                w.put(4, "return")
        w.put(2, "g.stack.pop()")


def write(w: Writer, blocks, model) -> list[str]:
    """Writes a ``step`` function for every block in ``blocks``; returns their names, in order."""
    answered = set(model.triggers) | set(model.wide_triggers) | set(model.reactions)    # events something answers
    names = []
    for k, block in enumerate(blocks):
        names.append(f"_b{k}")
        _write_block(w, names[-1], block, answered)
    return names
