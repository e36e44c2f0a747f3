"""Reading the rules' steps: raw content walked node by node, the compiled steps of a block, their sentences as
(nested) Markdown lists, and the events they emit."""
from __future__ import annotations

from ..content.merge import walk  # noqa: F401  (the pages walk raw content too)
from ..model import nodes as N
from ..model.phrase import joined
from .text import cap, clause, md, sentence, table


def visible_steps(block) -> list:
    return [s for s in getattr(block, "steps", []) if getattr(s, "text", "")]


def text_of(block) -> str:
    return joined("; ", [s.text for s in visible_steps(block)])


def split_step(node):
    """(head, [(label, steps)]) for a step that holds other steps (as the compiler recorded them); None for a plain
    step."""
    if not getattr(node, "parts", ()):
        return None
    return node.head, [(label, visible_steps(block)) for label, block in node.parts]


def _saying(say):
    """``say`` as a function of a text and a list for the tables it reads off (a plain ``say`` keeps them inline)."""
    try:
        import inspect
        if "tables" in inspect.signature(say).parameters:
            return say
    except (TypeError, ValueError):
        pass
    return lambda text, tables=None: say(text)


def _tables(tables, pad) -> list[str]:
    """The tables a step's sentence reads off, indented to sit inside its list item."""
    out = []
    for t in tables:
        out += [""] + [f"{pad}    {line}" for line in t if line]
    return out


def render_steps(steps, ordered=True, depth=0, say=str) -> list[str]:
    """Steps as a (nested) Markdown list, one sentence per step; ``say`` renders a compiled text (its tokens), and
    the tables a sentence reads off come right after it, inside its item."""
    lines, pad = [], "    " * depth
    tell = _saying(say)
    for i, node in enumerate(steps, 1):
        bullet = f"{i}. " if ordered else "- "
        split = split_step(node)
        tables: list = []
        if split is None and node.answers:      # a choice among many answers: a table of them and when
            rows = [[md(cap(str(answer))), cap(tell(when, tables)) if when else "Always"]
                    for answer, when in node.answers]
            item = [f"{pad}{bullet}{clause(tell(node.head, tables))}:"]
            item += _tables([table(["Choice", "When it may be chosen"], rows)] + tables, pad)
        elif split is None and node.conditions:       # a step with several conditions, listed under it
            item = [f"{pad}{bullet}{clause(tell(node.head, tables))}, if:"]
            item += [f"{pad}    - {tell(c, tables)}{';' if k < len(node.conditions) else '.'}"
                     for k, c in enumerate(node.conditions, 1)]
            item += _tables(tables, pad)
        elif split is None:
            item = [f"{pad}{bullet}{sentence(tell(node.text, tables))}"] + _tables(tables, pad)
        else:
            item = []
        if split is None:
            lines += item
            if "" in item and i < len(steps):
                lines.append("")
            continue
        head, parts = split
        if not any(sub for _, sub in parts):        # every step inside it left out: its own sentence says it all
            lines += [f"{pad}{bullet}{sentence(tell(head, tables))}"] + _tables(tables, pad)
            continue
        item = [f"{pad}{bullet}{clause(tell(head, tables))}:"]
        item += _tables(tables, pad) + [""] if tables else []
        for label, sub in parts:
            if not sub:         # a part whose every step is left out says nothing ("Otherwise:" over nothing)
                continue
            if label:
                item += ["", f"{pad}    {label}:", ""]
            item += render_steps(sub, ordered=False, depth=depth + 1, say=say)
        lines += item
        if "" in item and i < len(steps):
            # after a paragraph inside an item (at any depth), Markdown reads an unseparated next item as part of
            # the nested list ("Otherwise:" would swallow the next numbered step): a blank line closes it
            lines.append("")
    return lines


def compiled_steps(m, path: str) -> list:
    """The compiled steps of a raw step list at ``path`` (``setup``, ``round/start``, ``roles/<id>/action``)."""
    block = m.nodes.get(path)
    if block is not None and hasattr(block, "steps"):
        return visible_steps(block)
    out, i = [], 0
    while f"{path}/{i}" in m.nodes:
        node = m.nodes[f"{path}/{i}"]
        if getattr(node, "text", ""):
            out.append(node)
        i += 1
    return out


def events_of(node, seen=None) -> list:
    """Events a compiled node emits (directly or in nested steps), in order."""
    seen = [] if seen is None else seen
    if isinstance(node, N.Emit):
        if node.event not in seen:
            seen.append(node.event)
        return seen
    for attr in ("steps", "then", "other", "body"):
        child = getattr(node, attr, None)
        if child is None:
            continue
        for c in (child if isinstance(child, list) else [child]):
            events_of(c, seen)
    return seen
