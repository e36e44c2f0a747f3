"""Setting broken entries aside, so the later checks can still look at the rest.

A schema error in one card should not hide a misspelt event in another: we drop the smallest unit that holds
each schema error (one card, one zone, one section), check again, and let the reference and semantic checks run
on what is left. Names written in what was dropped (or in a file that could not be read) are remembered, so a
reference to them is not reported as "unknown" when the real problem is the error already reported.
"""
from __future__ import annotations

import copy
import re

from .merge import LIST_SECTIONS, MAP_SECTIONS, Sourced, _forget, _shift
from .located import Located

_WORD = re.compile(r"[A-Za-z_][\w-]*")
_QUOTED = re.compile(r"'([^']*)'")


def unit_of(path: tuple, variant: bool = False) -> tuple:
    """The entry a schema error at ``path`` belongs to: ``(section, index or key)`` for an entry of a list or
    map section (``(section, op, key)`` in a variant), else ``(section,)``; ``()`` for the whole document."""
    if not path:
        return ()
    depth = 3 if variant else 2
    if path[0] in LIST_SECTIONS + MAP_SECTIONS and len(path) >= depth:
        return tuple(path[:depth])
    return tuple(path[:1])


def names_in(value) -> set[str]:
    """Every string and key in a value: the names it may define."""
    out: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            out.update(k for k in item if isinstance(k, str))
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str):
            out.add(item)
    return out


def words_in(text: str) -> set[str]:
    """Identifier-like words of a file that could not be parsed: the names it may have defined."""
    return set(_WORD.findall(text))


def _get(data, path):
    for step in path:
        data = data[step]
    return data


def _ordered(units):
    """Highest index first, so deleting one list item never moves another still to be deleted."""
    return sorted(set(units), key=lambda u: tuple((0, -s) if isinstance(s, int) else (1, s) for s in u))


def _renumber(table: dict, unit: tuple) -> dict:
    """Positions after the list item ``unit`` was deleted: its own are gone, later siblings move up one."""
    parent, index = unit[:-1], unit[-1]
    n = len(unit)
    out = {}
    for p, where in table.items():
        if p[:n] == unit:
            continue
        if isinstance(index, int) and len(p) >= n and p[:n - 1] == parent and isinstance(p[n - 1], int) \
                and p[n - 1] > index:
            p = parent + (p[n - 1] - 1,) + p[n:]
        out[p] = where
    return out


def prune_located(doc: Located, units) -> tuple[Located, set[str]]:
    """``doc`` without the given units, and the names written in them."""
    data = copy.deepcopy(doc.data)
    positions, keys = dict(doc.positions), dict(doc.keys)
    dropped: set[str] = set()
    for unit in _ordered(units):
        try:
            container = _get(data, unit[:-1])
            value = container[unit[-1]]
        except (KeyError, IndexError, TypeError):
            continue
        dropped |= names_in(value) | ({unit[-1]} if isinstance(unit[-1], str) and len(unit) > 1 else set())
        del container[unit[-1]]
        positions, keys = _renumber(positions, unit), _renumber(keys, unit)
    return Located(doc.file, data, positions, keys), dropped


def prune_sourced(doc: Sourced, units) -> set[str]:
    """Deletes the given units from a merged document in place; returns the names written in them."""
    dropped: set[str] = set()
    for unit in _ordered(units):
        try:
            container = _get(doc.data, unit[:-1])
            value = container[unit[-1]]
        except (KeyError, IndexError, TypeError):
            continue
        dropped |= names_in(value) | ({unit[-1]} if isinstance(unit[-1], str) and len(unit) > 1 else set())
        del container[unit[-1]]
        if len(unit) == 2 and isinstance(unit[1], int):
            _shift(doc, unit[0], unit[1])
        else:
            _forget(doc, unit)
    return dropped


def is_knock_on(message: str, maybe_defined: set[str], blind: bool) -> bool:
    """An "unknown X 'name'" (or "no X 'name' in the base game") whose name may be defined in content set aside
    because of an error already reported; ``blind``: some content could not be read at all."""
    if not (message.startswith(("unknown ", "no ")) or "is not in the base game" in message):
        return False
    quoted = _QUOTED.search(message)
    return quoted is not None and (blind or quoted.group(1) in maybe_defined)
