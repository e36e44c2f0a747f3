"""An action space's indexes as a few heads, for policies that pick an action part by part.

A large flat space ("lay this piece on this cell, turned so" can have tens of thousands of indexes) is hard for
a policy with one output per index. Factored, an index is a short tuple of **heads**: first the entry (the decision
kind and its argument names), then the position of each scalar argument's value among that argument's values in
the entry (piece, then place, then turn), then the slot (which copy, where several copies of one card are offered
together). An entry with fewer arguments than the widest fills the heads it lacks with 0.

A policy samples the heads in order, each from the legal values left by the ones before (:meth:`Factored.mask`),
and :meth:`Factored.join` turns the tuple back into the flat index; :meth:`Factored.split` goes the other way. The
flat space stays the reference: a tuple is legal exactly when its flat index is.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..errors import IllegalAction, UsageError


class Factored:
    """The heads of an :class:`~boardrules.ai.ActionSpace` (``space.factored()``): :attr:`sizes` per head and
    :attr:`names` (``entry``, ``arg1`` …, ``slot``)."""

    def __init__(self, space) -> None:
        self.space = space
        width = max((len(e.args) for e in space.entries), default=0)
        args_sizes = [1] * width
        slot_size = 1
        heads: list[tuple[int, ...]] = []
        for number, e in enumerate(space.entries):
            positions = [{} for _ in e.args]        # per argument: value -> its position in the entry
            for value in e.values:
                for j, v in enumerate(value):
                    positions[j].setdefault(v, len(positions[j]))
            for j, seen in enumerate(positions):
                args_sizes[j] = max(args_sizes[j], len(seen))
            for value, slots in zip(e.values, e.slots):
                places = [positions[j][v] for j, v in enumerate(value)] + [0] * (width - len(value))
                for slot in range(slots):
                    heads.append((number, *places, slot))
            slot_size = max([slot_size, *e.slots])
        #: how many values each head has
        self.sizes: tuple[int, ...] = (max(len(space.entries), 1), *args_sizes, slot_size)
        #: the heads' names: ``entry``, ``arg1`` … ``argN``, ``slot``
        self.names: tuple[str, ...] = ("entry", *(f"arg{j + 1}" for j in range(width)), "slot")
        self._heads = heads
        self._index = {h: i for i, h in enumerate(heads)}

    def __repr__(self) -> str:
        return f"<Factored {self.space.name}: heads {dict(zip(self.names, self.sizes))}>"

    def split(self, index: int) -> tuple[int, ...]:
        """The heads of the flat ``index``."""
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(self._heads):
            raise UsageError(f"an index of {self.space.name} is a whole number from 0 to {len(self._heads) - 1}, "
                             f"got {index!r}")
        return self._heads[index]

    def join(self, heads: Sequence[int]) -> int:
        """The flat index of a tuple of heads; IllegalAction if no index has them."""
        key = tuple(int(h) for h in heads)
        index = self._index.get(key)
        if index is None:
            raise IllegalAction(f"no action of {self.space.name} has the heads {key}")
        return index

    def mask(self, game: Any, prefix: Sequence[int] = ()) -> bytearray:
        """One byte per value of the head after ``prefix`` (the heads already chosen): 1 where some legal action of
        ``game`` has ``prefix`` and that value next. All 0 when the prefix leads to no legal action."""
        depth = len(prefix)
        if depth >= len(self.sizes):
            raise UsageError(f"{self.space.name} has {len(self.sizes)} heads: a prefix of {depth} leaves none")
        prefix = tuple(int(h) for h in prefix)
        out = bytearray(self.sizes[depth])
        for i in self.space.indices(game):
            heads = self._heads[i]
            if heads[:depth] == prefix:
                out[heads[depth]] = 1
        return out

    def legal(self, game: Any) -> list[tuple[int, ...]]:
        """The heads of every legal action of ``game``, in the order of ``game.legal_actions()``."""
        return [self._heads[i] for i in self.space.indices(game)]
