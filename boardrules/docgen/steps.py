"""Reading the rules' steps: raw content walked node by node, the compiled steps of a block, their sentences as
(nested) Markdown lists, and the events they emit."""
from __future__ import annotations

from ..content.merge import walk  # noqa: F401  (the pages walk raw content too)
from ..model import nodes as N
from ..model.phrase import joined
from .text import clause, sentence


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


def render_steps(steps, ordered=True, depth=0, say=str) -> list[str]:
    """Steps as a (nested) Markdown list, one sentence per step; ``say`` renders a compiled text (its tokens)."""
    lines, pad = [], "    " * depth
    for i, node in enumerate(steps, 1):
        bullet = f"{i}. " if ordered else "- "
        split = split_step(node)
        if split is None and node.conditions:       # a step with several conditions, listed under it
            lines.append(f"{pad}{bullet}{clause(say(node.head))}, if:")
            lines += [f"{pad}    - {say(c)}{';' if k < len(node.conditions) else '.'}"
                      for k, c in enumerate(node.conditions, 1)]
            continue
        if split is None:
            lines.append(f"{pad}{bullet}{sentence(say(node.text))}")
            continue
        head, parts = split
        item = [f"{pad}{bullet}{clause(say(head))}:"]
        for label, sub in parts:
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
