"""Generated code: the compiled model written out as one Python module, the first time a game is played.

The compilers in ``expr`` return closures ``fn(game, env)``, one per node of an expression; calling through a tree
of them takes a Python call per node, and the kernel steps every block through its nodes. A closure may also carry
``fn.code``: a function that, given an :class:`Emitter`, writes the same computation as a Python expression, its
sub-expressions written in place. :func:`generate` walks the model and writes a function per quantity
(``quantitycode``), per payment check and card choice (``choicecode``), per expression a step or a record holds
(its root), and a ``step`` per block (``blockcode``), then puts them in place of what they replace. What no
``code`` describes stays a call to its closure, so both paths compute the same (``tests/test_generated_code.py``
plays games on both).

The source is made here from the compiled model, never from content text: content values (names, tables, numbers
that are not plain ints) enter only as constants bound by name (``_k3``), so a string in a YAML file can never
become code. Every constant stays referenced by the emitter while it writes, so no two values share an ``id``.
"""
from __future__ import annotations

import threading
import types

import attrs

from ..errors import RulesError
from ..model.nodes import Block, Node
from .codewriter import Writer

SKIPPED = {"raw", "generated", "live_cache", "setups"}     # parts of a model that hold no compiled expression
MAX_COMPILED = 16   # generated modules kept compiled in a process, newest last
_compiled: dict[str, object] = {}   # source -> its code object (the names it reads are bound anew each time)
_lock = threading.Lock()
SMALL = 1 << 62     # ints written as literals are smaller than this
MAX_DEPTH = 40      # expressions nested deeper than this call their closures (Python's parser has limits)


def coded(fn, code):
    """``fn`` with ``code(emitter) -> Python source`` attached; returns ``fn``."""
    fn.code = code
    return fn


_BY_VALUE = (str, int, float)


class Emitter:
    """Writes expressions as Python source in terms of ``g`` (the kernel) and ``env`` (the variables)."""

    def __init__(self):
        self.consts = {}        # name in the generated module -> value
        self._names = {}        # a value's key (its own, or its id) -> name
        self._temps = 0
        self._depth = 0
        self.quantities = False     # whether the module being written has a function per quantity (_q<index>)
        self.payments = False       # ... and per payment (_cp<index>)
        self.helpers = []           # lines of the helper functions written on the way (``helper``)
        self._helper_names = {}     # id(closure) -> its helper's name

    def const(self, value) -> str:
        """A value as the generated code reads it: a plain int, bool or None as itself, anything else by name."""
        if value is None or type(value) is bool:
            return repr(value)
        if type(value) is int and -SMALL < value < SMALL:      # a huge number stays a constant, not a long literal
            return f"({value})" if value < 0 else repr(value)
        # a text or a number by its value (equal ones are interchangeable, and whether two equal texts are one object
        # depends on where the content was read from: a full load or the cache), anything else by its identity
        key = (type(value), value) if type(value) in _BY_VALUE else id(value)
        name = self._names.get(key)
        if name is None:
            name = self._names[key] = f"_k{len(self._names)}"
            self.consts[name] = value
        return name

    def temp(self) -> str:
        """A fresh local name (for ``(name := value)`` where a value is read twice)."""
        self._temps += 1
        return f"_t{self._temps}"

    def quantity(self, q: int) -> str:
        """A quantity's value for the variables in ``env``."""
        return f"_q{q}(g, env)" if self.quantities else f"g.quantity({q}, env)"

    def can_pay(self, payment, amount: str, skip: str | None) -> str:
        """Whether the acting player can pay ``amount`` with ``payment`` (``skip``: a card left out)."""
        if self.payments:
            return f"_cp{payment.index}(g, env, {amount}, {skip or 'None'})"
        return f"g.can_pay({self.const(payment)}, {amount}, env{', ' + skip if skip else ''})"

    def helper(self, fn, body) -> str:
        """A call to a function of its own for ``fn`` (an expression that needs statements: a loop, a variable set
        and put back), its lines from ``body(emitter)`` (indented once, read ``g`` and ``env``); written once."""
        name = self._helper_names.get(id(fn))
        if name is None:
            name = self._helper_names[id(fn)] = f"_h{len(self._helper_names)}"
            self._depth += 1
            try:
                lines = body(self)
            finally:
                self._depth -= 1
            self.helpers += [f"def {name}(g, env):", *("    " + line for line in lines)]
        return f"{name}(g, env)"

    def call(self, fn) -> str:
        return f"{self.const(fn)}(g, env)"

    def expr(self, fn) -> str:
        """``fn`` written in place when it says how, else a call to it."""
        code = getattr(fn, "code", None)
        if code is None or self._depth >= MAX_DEPTH:
            return self.call(fn)
        self._depth += 1
        try:
            return code(self)
        finally:
            self._depth -= 1


def missing(exc: KeyError) -> RulesError:
    """A variable read where it has no value (content the checks could not see through)."""
    name = exc.args[0] if exc.args else "?"
    if name == "you":
        return RulesError("a step read the acting player ('you') where no player is in scope")
    return RulesError(f"a step read ${name} where it has no value")


_FUNCTION, _TUPLE, _HOLDER, _OTHER = range(4)
_kinds: dict[type, int] = {types.FunctionType: _FUNCTION, tuple: _TUPLE, list: _HOLDER, dict: _HOLDER}


def _kind(t: type) -> int:
    """What the walk does with a value of type ``t``: check a function, look into a tuple or a holder, or skip it."""
    kind = _kinds.get(t)
    if kind is None:
        kind = _kinds[t] = _HOLDER if issubclass(t, Node) or attrs.has(t) else _OTHER
    return kind


def _roots(model):
    """(holder, key, fn) for every coded function a node or a record holds: an attribute, a list item, or an item
    of a tuple in a list (``(name, fn)`` pairs); and every node."""
    seen, todo, out, nodes = set(), [model], [], []
    while todo:
        obj = todo.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        t = type(obj)
        if t is list:
            items = enumerate(obj)
        elif t is dict:
            items = obj.items()
        elif isinstance(obj, Node):
            items = vars(obj).items()
            nodes.append(obj)
        else:
            items = [(a.name, getattr(obj, a.name)) for a in attrs.fields(t) if a.name not in SKIPPED]
        for key, value in items:
            kind = _kind(type(value))
            if kind == _HOLDER:
                todo.append(value)
            elif kind == _FUNCTION:
                if getattr(value, "code", None) is not None:
                    out.append((obj, key, value))
            elif kind == _TUPLE and t is list and any(hasattr(v, "code") for v in value):
                out.append((obj, key, value))
    return out, nodes


def generate(model) -> int:
    """Writes one module of functions for ``model`` and puts them in place: one per quantity
    (:mod:`quantitycode`), one per coded root expression a node or a record holds, and a ``step`` for each block
    of steps (:mod:`blockcode`). Returns how many functions were made: 0 when the model has its code already, or
    when content too large or too deep for Python's compiler could not be written (the game then plays on the
    closures, which compute the same)."""
    with _lock:         # two threads starting the first games of one model: written once, not interleaved
        if model.generated:
            return 0
        try:
            return _generate(model)
        except (SyntaxError, RecursionError, MemoryError, ValueError, OverflowError):
            return 0


def _generate(model) -> int:
    from . import blockcode, choicecode, quantitycode

    roots, nodes = _roots(model)
    blocks = [n for n in nodes if type(n) is Block]
    e = Emitter()
    e.quantities, e.payments = bool(model.quantities), bool(model.payments)
    w = Writer(e)
    quantitycode.write(w, model)
    choicecode.write_payments(w, model)
    made = {}
    for fn in roots_fns(roots):
        if id(fn) not in made:
            made[id(fn)] = name = f"_r{len(made)}"
            with w.function(f"{name}(g, env)"):
                w.put(2, f"return {e.expr(fn)}")
    block_names = blockcode.write(w, blocks, model)
    choosers = choicecode.choices(nodes)
    option_names = choicecode.write_options(w, model, choosers)
    w.lines += e.helpers
    scope = dict(e.consts, _missing=missing)
    source = "\n".join(w.lines)
    code = _compiled.get(source)
    if code is None:        # the same content loaded again in this process writes the same source: compiled once
        code = _compiled[source] = compile(source, "<boardrules: generated>", "exec")
        while len(_compiled) > MAX_COMPILED:
            del _compiled[next(iter(_compiled))]
    exec(code, scope)     # noqa: S102
    model.generated.append(source)      # nothing is put in place before this point: a failure above changes nothing
    for fn in roots_fns(roots):
        scope[made[id(fn)]].code = fn.code       # still written in place where another expression holds it
    for obj, key, value in roots:
        if type(value) is tuple:
            new = tuple(scope[made[id(v)]] if id(v) in made else v for v in value)
        else:
            new = scope[made[id(value)]]
        if type(obj) in (list, dict):
            obj[key] = new
        else:
            setattr(obj, key, new)
    for block, name in zip(blocks, block_names):
        block.step = scope[name]
    for node, name in zip(choosers, option_names):
        node.options = scope[name]
    return len(made) + len(block_names) + len(option_names) + len(model.quantities) + len(model.payments)


def roots_fns(roots):
    """Every coded function among the roots (a tuple's items one by one)."""
    for _, _, value in roots:
        yield from (v for v in (value if type(value) is tuple else (value,)) if getattr(v, "code", None) is not None)
