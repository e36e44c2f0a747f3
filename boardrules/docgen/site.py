"""The site: every page in navigation order (the games index, the games, the variants, the reference and the schema
copies), the navigation of the generated sections, and writing the pages to a folder."""
from __future__ import annotations

import json
import re
from pathlib import Path

from ..content.paths import data_dir, packaged_games
from ..content.summary import manifest_extends
from .check import problems
from .games import GameDoc
from .page import Page
from .reference import SchemaDoc
from .text import code, html_text, md, table
from .variants import VariantDoc

SECTION_PAGES = ("games/index.md", "variants/index.md", "reference/index.md")


def schema_files() -> dict[str, str]:
    """The JSON Schemas packaged with boardrules: file name -> text."""
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(data_dir("schemas").glob("*.schema.json"))}


def examples_dir() -> Path | None:
    """``examples/`` beside the package in a checkout (a wheel has none)."""
    here = Path(__file__).resolve().parents[2] / "examples"
    return here if here.is_dir() else None


def variant_files(folder: Path | None) -> list[Path]:
    """The variant files (YAML with ``extends``) of a folder and its subfolders (``examples/house_rules/``)."""
    if folder is None:
        return []
    out = []
    for p in sorted(folder.rglob("*.yaml")) + sorted(folder.rglob("*.yml")):
        text = p.read_text(encoding="utf-8")
        if re.search(r"^extends\s*:", text, re.M):
            out.append(p)
    return out


def game_folder(game_id: str) -> str:
    return f"games/{game_id}"


def make_pages(games=None, variants=None) -> list[Page]:
    """Every generated page (and the schema copies), in navigation order. ``games``: packaged game ids or paths
    (default: every packaged game); ``variants``: variant files (default: ``examples/*.yaml`` in a checkout)."""
    from ..content.sources import resolve
    from ..api.rules import load
    games = list(packaged_games()) if games is None else list(games)
    variants = variant_files(examples_dir()) if variants is None else [Path(v) for v in variants]
    pages: list[Page] = []
    loaded = [load(g) for g in games]
    cache = {resolve(g).resolve(): r for g, r in zip(games, loaded)}
    folders = {}
    titles = [r.title for r in loaded]

    def base_of(path: Path, extends: str):
        """The loaded game that the variant file ``path`` extends (loaded once for every variant of it)."""
        base_path = resolve(extends, relative_to=path.parent).resolve()
        if base_path not in cache:
            cache[base_path] = load(base_path)
        return cache[base_path]

    index = ["# Games", "", "The rules of every game packaged with boardrules, written from its content files. "
             "Each game has an overview, its setup, its roles, every card, a table of which cards act when, and "
             "the game end and scoring.", ""]
    rows, game_pages = [], []
    for rules in loaded:
        folder = game_folder(rules.id)
        folders[rules.id] = folder
        doc = GameDoc(rules, folder)
        label = rules.title if titles.count(rules.title) == 1 else f"{rules.title} ({rules.model.edition or rules.id})"
        parts = doc.pages()
        manifest = Path(rules.model.raw.get("path", ""))
        extends = manifest_extends(manifest)
        if extends is not None:
            base = base_of(manifest, extends)
            base_folder = game_folder(base.id) if base.id in packaged_games() else None
            vd = VariantDoc(manifest, rules.id, rules, base, base_folder and f"../{base_folder}")
            parts.append(vd.page(folder, "changes", show_file=False))
            last = "| [Game end and scoring](end.md) | when the game ends, how it is scored |"
            parts[0].text = parts[0].text.replace(
                last, last + f"\n| [Changes from {md(base.title)}](changes.md) | every difference from {md(base.title)}, "
                             "the game this one is written as a variant of |", 1)
        game_pages.append((label, parts))
        m = rules.model
        rows.append([f"[{md(label)}]({rules.id}/index.md)", md(m.edition), f"{m.min_players}–{m.max_players}",
                     md(" ".join((m.description or "").split())), f"`{rules.id}`"])
    index += table(["Game", "Edition", "Players", "About", "Id"], rows)
    pages.append(Page("games/index.md", "Games", "\n".join(index)))
    for label, parts in game_pages:
        for p in parts:
            p.title = label if p.path.endswith("/index.md") and p.title == "Overview" else p.title
        pages += parts

    vindex = ["# Example variants", "",
              "House rules and variants from `examples/`, each shown by what it changes against the game it "
              "extends. The comparison is made between the two loaded games, so it lists every effect of the "
              "variant file, including texts that change because a number did. See [House rules](../house-rules.md) "
              "to write your own.", ""]
    rows, vpages = [], []
    for path in variants:
        rules = load(path)
        extends = manifest_extends(path)
        base = base_of(path, extends)
        base_folder = folders.get(base.id) if extends in packaged_games() else None
        parts = path.parts     # where a reader finds it in a checkout: examples/house_rules/x.yaml
        label = "/".join(parts[len(parts) - 1 - parts[::-1].index("examples"):]) if "examples" in parts[:-1] \
            else f"{path.parent.name}/{path.name}"
        page = VariantDoc(path, label, rules, base, base_folder).page("variants")
        vpages.append(page)
        rows.append([f"[{md(rules.title)}]({path.stem}.md)", code(label), md(base.title),
                     md(" ".join((rules.model.description or "").split()))])
    vindex += table(["Variant", "File", "Extends", "What it does"], rows) if rows else \
        ["No example variants were found (they live in `examples/` of a source checkout).", ""]
    pages.append(Page("variants/index.md", "Example variants", "\n".join(vindex)))
    pages += vpages

    schemas = {name: json.loads(text) for name, text in schema_files().items()}
    samples = [r.content for r in loaded]
    pages += SchemaDoc(schemas, samples).pages()
    for name, text in schema_files().items():
        pages.append(Page(f"schemas/{name}", name, text, nav=False))
    return pages


def nav(pages: list[Page]) -> dict[str, list]:
    """Navigation for the generated sections: section index page -> mkdocs nav entries below it. A title (from
    content: a game's or a variant's title) is HTML-escaped, as the theme puts nav titles into the page as they are."""
    out = {}
    for section in SECTION_PAGES:
        folder = section.rsplit("/", 1)[0]
        entries, games = [], {}
        for p in pages:
            if not p.nav or not p.path.startswith(folder + "/") or p.path == section:
                continue
            rest = p.path[len(folder) + 1:]
            if "/" in rest:                      # games/<id>/<page>.md: a section per game
                sub = rest.split("/", 1)[0]
                if sub not in games:
                    games[sub] = []
                    entries.append({"__game__": sub})
                games[sub].append(p.path if p.path.endswith("/index.md") else {html_text(p.title): p.path})
                if p.path.endswith("/index.md"):
                    games[sub + "__title"] = html_text(p.title)
            else:
                entries.append({html_text(p.title): p.path})
        for i, e in enumerate(entries):
            if "__game__" in e:
                sub = e["__game__"]
                entries[i] = {games.get(sub + "__title", sub): games[sub]}
        out[section] = [section] + entries
    return out


def write_game_pages(source, out_dir) -> list[Path]:
    """The rules pages of one game or variant file (a packaged id or a path), as Markdown in ``out_dir``: the same
    pages the site has for a packaged game (with a 'Changes from ...' page for a variant). Returns the files."""
    pages = make_pages([source], variants=[])
    folder = next(p.path.rsplit("/", 1)[0] for p in pages if p.path.startswith("games/") and p.path != "games/index.md")
    written = []
    for p in pages:
        if p.path.startswith(folder + "/"):
            target = Path(out_dir) / p.path[len(folder) + 1:]
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(p.text, encoding="utf-8")
            written.append(target)
    return written


class InconsistentPages(Exception):
    """The generated pages fail a consistency check (``check.problems``): an empty section, a placeholder where the
    content has steps, a game end said both ways, a ``rule_text`` shown nowhere."""


def generate(out_dir, games=None, variants=None) -> list[Page]:
    """Writes every generated page under ``out_dir`` (a file is only rewritten when its text changed, so a live
    preview does not loop) and returns the pages. Pages that fail a consistency check are not written:
    ``InconsistentPages`` lists the problems (so the site is not made with them)."""
    out = Path(out_dir)
    pages = make_pages(games, variants)
    found = problems(pages)
    if found:
        raise InconsistentPages(f"{len(found)} problem(s) in the rules pages:\n  " + "\n  ".join(found))
    for p in pages:
        target = out / p.path
        target.parent.mkdir(parents=True, exist_ok=True)
        if not target.exists() or target.read_text(encoding="utf-8") != p.text:
            target.write_text(p.text, encoding="utf-8")
    return pages
