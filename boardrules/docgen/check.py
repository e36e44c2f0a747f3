"""Consistency checks of the generated pages, read as a player reads them: no section left empty, no placeholder
("Nothing happens ...") where the content has steps, no game end that says both that the round is finished and that
it is not, and every ``rule_text`` of a game's content shown on one of its pages. ``generate`` (which makes the site)
fails on any of them; ``problems`` lists them."""
from __future__ import annotations

import html
import re

from ..content.merge import walk

HEADING = re.compile(r"^(#{1,6}) \S")
#: the round is still finished after the end is triggered ...
FINISHES = re.compile(r"round is (still )?played to its end|ends (at the end of|after) (this|that|the) round|"
                      r"game ends after the round", re.I)
#: ... or it is not
STOPS = re.compile(r"rest of the round is not played|nothing more is played", re.I)
#: a placeholder said of a part of the round -> the part of the flow it speaks of
NOTHING = re.compile(r"Nothing happens at the (start|end) of (a|each|every) round", re.I)


def empty_sections(text: str) -> list[str]:
    """Headings with nothing under them (no text and no sub-heading before the next heading of their level)."""
    lines, out = text.splitlines(), []
    fence = False
    marks = []
    for i, line in enumerate(lines):
        if line.lstrip().startswith(("```", "~~~")):
            fence = not fence
        m = None if fence else HEADING.match(line)
        if m:
            marks.append((i, len(m.group(1))))
    for k, (i, level) in enumerate(marks):
        nxt = marks[k + 1] if k + 1 < len(marks) else (len(lines), 0)
        body = [x for x in lines[i + 1:nxt[0]] if x.strip()]
        if not body and nxt[1] <= level:
            out.append(lines[i].strip())
    return out


def blocks(text: str) -> list[tuple[str, str]]:
    """The section's paragraphs and list items as (kind, text): "item" for a list item, "text" for a paragraph;
    admonitions (the content's own notes and rules choices) are left out."""
    out, current, kind, inside = [], [], "", False
    for line in text.splitlines() + [""]:
        if line.startswith("!!!"):
            inside = True
            continue
        if inside and (line.startswith("    ") or not line.strip()):
            continue
        inside = False
        starts = re.match(r"^(- |\d+\. )", line)
        if (not line.strip() or starts) and current:
            out.append((kind, " ".join(current)))
            current = []
        if line.strip():
            kind = ("item" if starts else "text") if not current else kind
            current.append(line.strip())
    return out


def end_contradictions(text: str) -> list[str]:
    """The game end said both ways: one paragraph or item says the round is still finished after the trigger and
    that it is not, or a general paragraph says one while a paragraph or an item says the other."""
    out = []
    said = [(kind, body, bool(FINISHES.search(body)), bool(STOPS.search(body))) for kind, body in blocks(text)]
    for kind, body, fin, stop in said:
        if fin and stop:
            out.append(f"says both that the round is finished and that it is not: {body[:200]}")
    for kind, body, fin, stop in said:
        if kind != "text" or fin == stop:
            continue
        other = next((b for _, b, f, s in said if b is not body and (s if fin else f)), None)
        if other is not None:
            out.append(f"says the round is {'' if fin else 'not '}finished ({body[:120]}) but also "
                       f"{'not' if fin else 'that it is'} ({other[:120]})")
    return out


def section(text: str, title: str) -> str:
    """The text under the heading ``title`` (any level), up to the next heading of its level or higher."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        m = HEADING.match(line)
        if m and line[len(m.group(1)):].strip().split(" {#")[0] == title:
            level, body = len(m.group(1)), []
            for x in lines[i + 1:]:
                n = HEADING.match(x)
                if n and len(n.group(1)) <= level:
                    break
                body.append(x)
            return "\n".join(body)
    return ""


def plain(text: str) -> str:
    """Page text as a reader sees it: links as their words, Markdown's escapes and entities undone, one space
    between words, lower case."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"\\(.)", r"\1", text)
    text = html.unescape(text).replace("*", "")
    return " ".join(text.split()).lower()


def rule_texts(content) -> list[str]:
    """Every non-empty ``rule_text`` of a game's merged content."""
    out = []
    for d in walk(content):
        said = d.get("rule_text")
        if isinstance(said, str) and said.strip() and said not in out:
            out.append(said)
    return out


def unsaid(content, pages_text: str) -> list[str]:
    """The content's ``rule_text`` sentences that no page shows."""
    seen = plain(pages_text)
    return [t for t in rule_texts(content) if plain(t).rstrip(".") not in seen]


def placeholders(text: str, shape: dict) -> list[str]:
    """"Nothing happens at the start/end of a round" where the flow has steps there."""
    out = []
    for m in NOTHING.finditer(text):
        if shape.get(m.group(1).lower()):
            out.append(f"says {m.group(0)!r}, but the round's {m.group(1)} has steps")
    return out


def problems(pages) -> list[str]:
    """Every problem of the pages: ``<page>: <what>``. A game's pages are checked against its compiled flow and
    its content (``Page.doc``, the ``GameDoc`` that wrote them)."""
    out = []
    folders: dict = {}
    for p in pages:
        if not p.path.endswith(".md") or p.path.startswith(("reference/", "schemas/")):
            continue
        out += [f"{p.path}: the section {h!r} is empty" for h in empty_sections(p.text)]
        if p.path.endswith("/end.md") or p.path.endswith("/index.md"):
            for title in ("When the game ends", "The end of the game"):
                out += [f"{p.path}: {x}" for x in end_contradictions(section(p.text, title))]
        doc = getattr(p, "doc", None)
        if doc is not None:
            out += [f"{p.path}: {x}" for x in placeholders(p.text, doc.flow_shape())]
            folders.setdefault(p.path.rsplit("/", 1)[0], (doc, []))[1].append(p.text)
    for folder, (doc, texts) in folders.items():
        out += [f"{folder}: the rule_text {t!r} is shown on no page" for t in unsaid(doc.content, "\n".join(texts))]
    return out
