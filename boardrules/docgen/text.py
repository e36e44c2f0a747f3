"""Phrasing helpers: sentences, Markdown tables, plurals and articles, values as text. The sentences themselves
come from the compiler (each node kind says itself); nothing here rewrites them."""
from __future__ import annotations

import json
import re

from ..model.records import article, plural, words  # noqa: F401  (the docs pages use them)


_MD_SPECIAL = re.compile(r"[\\`\[\]{}&<>]")
_MD_ESCAPED = {"\\": "\\\\", "`": "\\`", "[": "\\[", "]": "\\]", "{": "\\{", "}": "\\}",
               "&": "&amp;", "<": "&lt;", ">": "&gt;"}
_CODE_SPAN = re.compile(r"(`+)(.+?)(?<!`)\1(?!`)", re.S)     # as Markdown reads a code span


def md(text) -> str:
    """Text from content (a title, a name, a description, a note, a rules choice, a sentence the compiler made of
    them) as Markdown that shows exactly these characters: HTML's ``<``, ``>`` and ``&`` become entities, the
    characters of Markdown's links, images and attribute lists (brackets, braces, the backslash) and a lone backtick
    are escaped, and a line cannot open a code fence. The content's own code spans (text between matching
    backticks) stay code: Markdown shows their text as it is. A stranger's content can then put no element,
    attribute, link, image or included file into a page. Every text of content goes through here (or through
    :func:`code`) where it enters the Markdown; the generator's own markup is added around it."""
    text = str(text)
    if not _MD_SPECIAL.search(text):
        return text
    out, at = [], 0
    for span in _CODE_SPAN.finditer(text):     # content's own code spans stay (Markdown shows their text as it is)
        out += [_escape(text[at:span.start()]), " ".join(span.group().splitlines())]
        at = span.end()
    out.append(_escape(text[at:]))
    return "".join(out)


def _escape(text: str) -> str:
    text = _MD_SPECIAL.sub(lambda m: _MD_ESCAPED[m.group()], text)
    return text.replace("~", "&#126;") if "~~~" in text else text     # no code fence opened at a line's start


_SNIPPET = re.compile(r"^([ \t]*)(?=;*-+8<-+)", re.M)


def shown_file(text: str) -> str:
    """A file's text for a code block: the lines that a snippets extension would replace by another file
    (``--8<--``) get its escape (``;``), which it takes away again, so the block shows the file as it is."""
    return _SNIPPET.sub(r"\1;", text)


def html_text(text) -> str:
    """Text from content where Markdown is not read but HTML is (a navigation title)."""
    return str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def cap(text: str) -> str:
    text = text.strip()
    if text.startswith("["):        # a link first: its words
        return "[" + text[1:2].upper() + text[2:]
    return text[:1].upper() + text[1:]


def sentence(text: str) -> str:
    """A capitalised sentence with a final full stop."""
    text = cap(text)
    if text and text[-1] not in ".:!?)":
        text += "."
    elif text.endswith(")") and not text.endswith(".)"):
        text += "."
    return text


def cell(text) -> str:
    """A value made safe for a Markdown table cell."""
    return str(text).replace("|", "\\|").replace("\n", " ").strip()


def table(head: list, rows: list) -> list[str]:
    if not rows:
        return []
    out = ["| " + " | ".join(head) + " |", "|" + "|".join("---" for _ in head) + "|"]
    out += ["| " + " | ".join(cell(c) for c in row) + " |" for row in rows]
    return out + [""]


def fmt_value(value) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        return ", ".join(f"{k} {fmt_value(v)}" for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return ", ".join(fmt_value(v) for v in value)
    return "" if value is None else str(value)


def code(value) -> str:
    """A value as a code span (a string as it is, anything else as JSON). A string from content may hold backticks:
    the span's fence is longer than any run of them, so the text cannot close it early."""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    text = " ".join(text.splitlines())
    if "`" not in text:
        return f"`{text}`"
    fence = "`" * (max(len(run) for run in re.findall(r"`+", text)) + 1)
    return f"{fence} {text} {fence}"


def fence_for(text: str) -> str:
    """A code fence longer than every run of backticks in ``text``, so no line of it closes the block."""
    runs = re.findall(r"`{3,}", text)
    return "`" * max([3] + [len(r) + 1 for r in runs])


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def flow(value) -> str:
    """A compact one-line YAML (flow style) rendering of plain data."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(flow(v) for v in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, str) and (value == "" or re.search(r"[:{}\[\],#&*!|>'\"%@`]|^\s|\s$|^-", value)
                                   or value.lower() in ("true", "false", "null", "yes", "no")):
        return json.dumps(value, ensure_ascii=False)
    return str(value)


LINE = 92     # an example line longer than this is broken into a block


def _steps(value) -> bool:
    """A list of mappings (steps, effects), which content writes one item a line."""
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)


def _holds_steps(value) -> bool:
    items = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
    return _steps(value) or any(_holds_steps(v) for v in items)


def yaml_block(value, indent: int = 0) -> str:
    """YAML as content files write steps, effects and cards: one key a line, values in flow style unless they hold
    steps or would make the line longer than ``LINE``."""
    if isinstance(value, list):
        return "\n".join(_item(v, indent) for v in value)
    if not isinstance(value, dict):
        return " " * indent + flow(value)
    pad, lines = " " * indent, []
    for key, v in value.items():
        line = f"{pad}{key}: {flow(v)}"
        if _steps(v) or isinstance(v, dict) and (_holds_steps(v) or len(line) > LINE):
            lines += [f"{pad}{key}:", yaml_block(v, indent + 2)]
        else:
            lines.append(line)
    return "\n".join(lines)


def _item(value, indent: int) -> str:
    """One list item: a one-key mapping, or one that holds steps or is long, as a block after the dash; else flow."""
    pad = " " * indent
    if isinstance(value, dict) and (len(value) == 1 or _holds_steps(value)
                                    or len(pad) + 2 + len(flow(value)) > LINE):
        return pad + "- " + yaml_block(value, indent + 2)[indent + 2:]
    return pad + "- " + flow(value)


def clause(text: str) -> str:
    """A capitalised clause that a colon will follow."""
    return cap(text).rstrip(":. ")


def in_language(text: str, locale: str) -> str:
    """A name in another language, marked as such (``lang``), so that browsers pick a font that has its letters
    (Chinese names showed as boxes where the page's font has none) and screen readers read it in that language.
    ``text`` is already escaped; ``locale`` is a content locale key such as ``zh``."""
    if not re.fullmatch(r"[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*", locale):
        return text
    return f'<span lang="{locale}">{text}</span>'

