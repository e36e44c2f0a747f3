"""A generated page: what every part of the generator returns and what the site writes."""
from __future__ import annotations

import attrs


@attrs.define
class Page:
    """One generated file: a path relative to the docs root, a navigation title, and its text; ``doc``, the
    ``GameDoc`` that wrote a game's page (what the consistency checks read it against)."""

    path: str
    title: str
    text: str
    nav: bool = True
    doc: object = attrs.field(default=None, eq=False, repr=False)
