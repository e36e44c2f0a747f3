"""Text as structured tokens: what compiled nodes say of themselves.

A ``Phrase`` is a ``str`` (its plain text, for logs, bots and errors) that also keeps its parts: plain text and
``Tok`` tokens, each a word the rules name with what it names (a card, a role, a number the rules ask for, a player,
a number, a small table of values, a game option, the
moment the cards answering an event act). The docs render the parts to Markdown, a token to a link where it has a page; nothing reads the English
back. ``ph`` makes a phrase from parts as an f-string would, keeping the tokens of the phrases it is given.
"""
from __future__ import annotations

from typing import Callable, Iterable

KINDS = ("text", "number", "card", "role", "player", "quantity", "condition", "table", "option", "event")


class Tok(str):
    """One named thing in a sentence: its plain text, its kind (one of ``KINDS``) and what it refers to."""

    kind: str
    ref: object

    def __new__(cls, text: str, kind: str, ref: object = None) -> "Tok":
        tok = str.__new__(cls, text)
        tok.kind, tok.ref = kind, ref
        return tok

    def __reduce__(self):
        return Tok, (str(self), self.kind, self.ref)


class Table:
    """A value read off a small table, as data: what it depends on (``by``, a phrase: "the number of players"), the
    heading of that column (``head``: "Players"), its rows (``rows``: (label, value) pairs, the label a range such as
    "2", "2–3", "9 or fewer", the value a phrase), the word a row's labels share (``unit``: "players") and what the
    value is (``value``: "Victory point chips left", the heading of the value row; "" when the compiler does not
    know, see ``name_tables``).

    A ``Tok`` of kind "table" carries one: its plain text (logs, bots) is the short row, "a number by player count
    (2 / 3 / 4 / 5 players: 65 / 75 / 100 / 122)"; the rules pages render a table from the rows."""

    def __init__(self, by, head: str, rows, unit: str = "", lead="", value: str = ""):
        self.by, self.head, self.rows, self.unit, self.value = by, head, tuple(rows), unit, value
        self.lead = lead or ph("a number by ", by)

    def row(self, show: Callable[[str], str] = str) -> str:
        """The rows in one line: "2 / 3 / 4 / 5 players: 65 / 75 / 100 / 122" when the labels share a unit, else
        "9 or fewer: 4, 10: 5, 11: 6, 12 or more: 7". ``show`` renders each value."""
        if self.unit:
            return " / ".join(label for label, _ in self.rows) + f" {self.unit}: " + \
                " / ".join(show(value) for _, value in self.rows)
        return ", ".join(f"{label}: {show(value)}" for label, value in self.rows)

    def text(self) -> str:
        return f"{self.lead} ({self.row()})"

    def __reduce__(self):
        return Table, (self.by, self.head, self.rows, self.unit, self.lead, self.value)


def table_tok(table: Table) -> Tok:
    """A token for a value read off a table (its plain text the short row)."""
    return Tok(table.text(), "table", table)


def name_tables(text, noun) -> None:
    """Names what the values of the tables a sentence reads off are (their value row's heading), unless named
    already: ``noun`` is the thing the sentence sets, binds or compares ("the victory point chips left" heads its row
    "Victory point chips left")."""
    noun = str(noun)
    noun = noun[4:] if noun.startswith("the ") else noun
    if not noun:
        return
    for part in tokens(text):
        if isinstance(part, Tok) and part.kind == "table" and isinstance(part.ref, Table) and not part.ref.value:
            part.ref.value = noun[:1].upper() + noun[1:]


class Phrase(str):
    """Plain text that keeps its tokens (``parts``: plain strings and ``Tok``)."""

    parts: tuple

    def __new__(cls, parts: Iterable) -> "Phrase":
        parts = tuple(parts)
        phrase = str.__new__(cls, "".join(parts))
        phrase.parts = parts
        return phrase

    def __reduce__(self):
        return Phrase, (self.parts,)

    @property
    def tokens(self) -> list:
        return [p for p in self.parts if isinstance(p, Tok)]


def ph(*items: object) -> Phrase:
    """A phrase of the items in order: a phrase's parts and a token are kept, anything else is its plain text."""
    parts: list = []
    for item in items:
        if isinstance(item, Phrase):
            pieces: Iterable = item.parts
        elif isinstance(item, Tok):
            pieces = (item,)
        else:
            pieces = (str(item),)
        for p in pieces:
            if not p:
                continue
            if parts and type(p) is str and type(parts[-1]) is str:
                parts[-1] += p
            else:
                parts.append(p)
    return Phrase(parts)


def joined(sep: str, items: Iterable) -> Phrase:
    """``sep.join(items)``, keeping tokens."""
    out: list = []
    for i, item in enumerate(items):
        if i:
            out.append(sep)
        out.append(item)
    return ph(*out)


def capital(text: str) -> str:
    """The text with its first letter upper-case, keeping tokens."""
    parts = tokens(text)
    if not parts or not parts[0]:
        return text
    first = parts[0]
    head = first[0].upper() + first[1:]
    return ph(Tok(head, first.kind, first.ref) if isinstance(first, Tok) else head, *parts[1:])


def tokens(text: str) -> tuple:
    """The parts of a text: a phrase's parts, a token alone, or the plain text."""
    if isinstance(text, Phrase):
        return text.parts
    return (text,)


def render(text: str, token: Callable[[Tok], str], plain: Callable[[str], str] = lambda s: s) -> str:
    """A text rendered part by part: ``token`` renders each token, ``plain`` each piece of plain text."""
    return "".join(token(p) if isinstance(p, Tok) else plain(p) for p in tokens(text))
