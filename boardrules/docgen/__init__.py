"""The documentation generator: rules pages for every packaged game, a page per example variant, and the YAML
language reference, all written from the loaded content and the JSON Schemas.

``generate(out_dir)`` writes Markdown pages (and copies of the schemas) under ``out_dir``; the site's mkdocs hook
calls it each time the site is made (``make_pages()`` returns them without writing). Every sentence about a game
comes from the compiled content (``CardType.texts``, ``RoleDef.action_text``, the step nodes' texts, ...): nothing
here knows a particular game, and a variant or a new game is documented the same way.

The parts: ``text`` (phrasing), ``steps`` (steps as sentences), ``games`` (a game's pages, with ``setup``,
``roles``, ``cards``, ``when``, ``end``, ``options`` and ``ids`` (the ids a house rule may name) for the pages of those names, and ``rounds``, how a round
goes), ``variants`` (variant comparison pages), ``reference`` (the YAML reference, from the schemas alone),
``site`` (every page, the navigation, writing them) and ``check`` (the consistency checks the pages pass before
they are written).
"""
from __future__ import annotations

import importlib as _importlib
import sys as _sys

# in dependency order: each module imports only modules before it
_MODULES = ("page", "text", "check", "steps", "setup", "roles", "cards", "when", "end", "rounds", "options", "ids", "games",
            "variants", "reference", "site")

if "generate" in globals():
    # importlib.reload(docgen) (docs/hooks.py under `mkdocs serve`): reload the parts too, so edits show up
    for _name in _MODULES:
        _module = _sys.modules.get(f"{__name__}.{_name}")
        if _module is not None:
            _importlib.reload(_module)

from .games import GameDoc  # noqa: E402
from .page import Page  # noqa: E402
from .reference import NAME_PATTERN, VAR_PATTERN, SchemaDoc  # noqa: E402
from .setup import player_ranges  # noqa: E402
from .site import (SECTION_PAGES, InconsistentPages, examples_dir, game_folder, generate,  # noqa: E402
                   make_pages, manifest_extends, nav, schema_files, variant_files)
from .steps import compiled_steps, events_of, render_steps, split_step, text_of, visible_steps, walk  # noqa: E402
from .text import (article, cap, clause, cell, code, flow, fmt_value, md, plural, sentence, slug,  # noqa: E402
                   table, words, yaml_block)
from .variants import HANDLED_SECTIONS, LOCALES, VariantDoc  # noqa: E402

__all__ = [
    "HANDLED_SECTIONS", "InconsistentPages", "LOCALES", "NAME_PATTERN",
    "SECTION_PAGES", "VAR_PATTERN", "GameDoc", "Page", "SchemaDoc", "VariantDoc", "article", "cap", "clause",
    "cell", "code", "compiled_steps", "events_of", "examples_dir", "flow", "fmt_value", "game_folder", "generate",
    "make_pages", "manifest_extends", "md", "nav", "player_ranges", "plural", "render_steps", "schema_files", "sentence",
    "slug", "split_step", "table", "text_of", "variant_files", "visible_steps", "walk", "words", "yaml_block",
]
