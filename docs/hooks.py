"""mkdocs hooks: regenerate the rules pages, the variant pages and the YAML reference on every build.

``boardrules.docgen.generate`` writes the pages into a temporary folder; they are added to the site as generated
files (nothing is written into ``docs/``), and the navigation placeholders ``games/index.md``, ``variants/index.md``
and ``reference/index.md`` in ``mkdocs.yml`` are expanded into their sections. ``mkdocs serve`` also watches
``content/``, ``schemas/`` and ``examples/``.

A page that shows CJK text (the Chinese names) asks for the site's CJK font in its ``<head>`` (``rel="preload"``), so
the browser has it before it lays the page out: without it, Chromium drew the first such name of the table of
contents, laid out while the font was still loading, as boxes for good. ``cjk_font.py`` makes that font.
"""
from __future__ import annotations

import copy
import importlib
import importlib.util
import re
import shutil
import tempfile
from pathlib import Path

from mkdocs.structure.files import File
from mkdocs.utils import get_relative_url

from boardrules import docgen

ROOT = Path(__file__).resolve().parent.parent
_state: dict = {}

_spec = importlib.util.spec_from_file_location("boardrules_docs_cjk_font", Path(__file__).with_name("cjk_font.py"))
cjk_font = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(cjk_font)
CJK_TEXT = re.compile("[" + "".join(f"{chr(lo)}-{chr(hi)}" for lo, hi in cjk_font.CJK) + "]")


def _expand(items, sections):
    out = []
    for item in items:
        if isinstance(item, str) and item in sections:
            out.append(item)
            out.extend(sections[item][1:])
        elif isinstance(item, dict):
            (title, value), = item.items()
            if isinstance(value, str) and value in sections:
                out.append({title: sections[value]})
            elif isinstance(value, list):
                out.append({title: _expand(value, sections)})
            else:
                out.append(item)
        else:
            out.append(item)
    return out


def on_pre_build(config, **kwargs):
    global docgen
    if _state.get("built"):          # mkdocs serve: pick up edits to the generator and the schemas
        docgen = importlib.reload(docgen)
        from boardrules.content import sources as loader
        getattr(loader.schemas, "cache_clear", lambda: None)()
    _state["built"] = True
    out = Path(tempfile.mkdtemp(prefix="boardrules-docs-"))
    try:
        pages = docgen.generate(out, variants=docgen.variant_files(ROOT / "examples"))
        _state["pages"] = [(p.path, (out / p.path).read_bytes()) for p in pages]
    finally:
        shutil.rmtree(out, ignore_errors=True)
    if config.get("nav"):
        # expand the placeholders of the nav as written (serve may build the same config again)
        original = _state.setdefault(("nav", id(config)), copy.deepcopy(config["nav"]))
        config["nav"] = _expand(original, docgen.nav(pages))


def on_files(files, config, **kwargs):
    for path, content in _state.get("pages", []):
        existing = files.get_file_from_path(path)
        if existing is not None:
            files.remove(existing)
        files.append(File.generated(config, path, content=content))
    return files


def on_page_content(html, page, config, files, **kwargs):
    # docstrings written for Sphinx (:meth:`x`, :class:`x`) read as plain code in the API reference
    return re.sub(r":(?:meth|class|func|attr|mod|exc|data):(<code>[^<]*</code>)", r"\1", html)


def on_post_page(output, page, config, **kwargs):
    if not CJK_TEXT.search(output) or "</head>" not in output:
        return output
    font = get_relative_url(cjk_font.FONT.relative_to(Path(config["docs_dir"]).resolve()).as_posix(), page.url)
    link = f'<link rel="preload" href="{font}" as="font" type="font/woff2" crossorigin>'
    return output.replace("</head>", f"  {link}\n  </head>", 1)


def on_serve(server, config, builder, **kwargs):
    for name in ("content", "schemas", "examples", "boardrules"):
        if (ROOT / name).is_dir():
            server.watch(str(ROOT / name))
    return server
