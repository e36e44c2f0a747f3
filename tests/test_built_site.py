"""The built documentation site, read as a player reads it: the HTML mkdocs makes from the generated rules pages of
every packaged game and every example variant (not the Markdown, which hides what the Markdown renderer does).

It fails on an unfilled ``{placeholder}``, an internal id (a snake_case word outside code), a numbered step
swallowed by the nested list before it, a sentence that reads as logic ("(where ...", "not (...)", "is such
that") and a source cited inside a rules step rather than in a note."""
import os
import posixpath
import pathlib
import re
import subprocess
import sys
from html.parser import HTMLParser

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
SKIP = {"code", "pre", "script", "style", "kbd"}
BLOCKS = {"li", "p", "h1", "h2", "h3", "h4", "td", "th", "summary", "div"}
HEADINGS = {"h1": 1, "h2": 2, "h3": 3, "h4": 4}

PLACEHOLDER = re.compile(r"\{[a-z_][a-z0-9_]*\}")
INTERNAL_ID = re.compile(r"(?<![\w/.#$-])[a-z][a-z0-9]*_[a-z0-9_]+\b(?!\.ya?ml)")
LOGIC = re.compile(r"\(where |\bnot \(|is such that")
CITATION = re.compile(r"\(seed 0\d\d|rules reference \d")
# a variable named after how it was bound ("the card chosen to build"), instead of the thing it holds ("the building
# you build"); and a bookkeeping step that says how the engine keeps count ("note ... as the price")
VARIABLE = re.compile(r"\bthe \w+ chosen to \w|\b[Nn]ote .* as the \w+")


class Page(HTMLParser):
    """The visible text of a page's article, block by block (code left out), each block marked as a note when it
    lies in an admonition; and the items of every list with the kind of list that holds them."""

    def __init__(self):
        super().__init__()
        self.inside = self.skip = self.notes = 0
        self.stack, self.cur, self.blocks, self.lists, self.items = [], [], [], [], []
        self.in_ol = 0
        self.ids, self.hrefs = set(), []
        self.outline = []       # (heading level, its text) and (0, text) for everything else, in page order

    def handle_starttag(self, tag, attrs):
        found = dict(attrs)
        if found.get("id"):
            self.ids.add(found["id"])
        if tag == "a" and self.inside and found.get("href"):
            self.hrefs.append(found["href"])
        if tag == "article":
            self.inside = 1
        if not self.inside:
            return
        note = tag == "div" and "admonition" in (dict(attrs).get("class") or "")
        self.stack.append((tag, note))
        self.notes += note
        self.skip += tag in SKIP
        if tag in BLOCKS:
            self.flush()
        if tag in ("pre", "table", "img"):
            self.outline.append((0, f"<{tag}>"))        # content a section may hold without text of its own
        if tag in ("ul", "ol"):
            self.lists.append(tag)
            self.in_ol += tag == "ol"
        if tag == "li":
            self.items.append([self.lists[-1] if self.lists else None, []])

    def handle_endtag(self, tag):
        if not self.inside:
            return
        if tag == "article":
            self.flush()
            self.inside = 0
            return
        while self.stack:
            top, note = self.stack.pop()
            self.notes -= note
            self.skip -= top in SKIP
            if top in BLOCKS:
                self.flush(HEADINGS.get(top, 0))
            if top in ("ul", "ol"):
                self.lists.pop()
                self.in_ol -= top == "ol"
            if top == "li":
                kind, words = self.items.pop()
                self.done.append((kind, " ".join("".join(words).split())))
            if top == tag:
                break

    def handle_data(self, data):
        if self.inside and not self.skip:
            self.cur.append(data)
            for item in self.items:
                item[1].append(data)

    def flush(self, heading=0):
        text = " ".join("".join(self.cur).split())
        if text:       # (text, whether it is a rules step: in a numbered list and not in a note)
            self.blocks.append((text, self.in_ol > 0 and not self.notes))
            self.outline.append((heading, text))
        self.cur = []

    done: list


def read(path):
    page = Page()
    page.done = []
    page.feed(path.read_text(encoding="utf-8"))
    page.flush()
    return page


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    pytest.importorskip("mkdocs", reason="the docs extra (pip install '.[docs]') builds the site")
    out = tmp_path_factory.mktemp("site")
    run = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--quiet", "--site-dir", str(out)], cwd=ROOT,
                         capture_output=True, text=True, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    assert run.returncode == 0, run.stderr[-3000:]
    pages = sorted(out.glob("games/**/index.html")) + sorted(out.glob("variants/**/index.html"))
    assert len(pages) > 20
    BUILT.append(out)
    return {str(p.relative_to(out).parent): read(p) for p in pages}


BUILT = []      # the folder the site fixture built into
EXTERNAL = re.compile(r"""<(?:script|img|iframe)\b[^>]*\bsrc=["']?(?:https?:)?//"""       # a resource loaded
                      r"""|<link\b(?![^>]*rel=["']?canonical)[^>]*\bhref=["']?(?:https?:)?//""", re.I)  # (not a name)


def test_the_site_loads_nothing_from_another_host(site):
    """Fonts, scripts and styles come with the site, so it works offline (the theme fetched fonts from a CDN)."""
    found = [f"{path.relative_to(BUILT[0])}: {m.group()}" for path in BUILT[0].rglob("*.html")
             for m in EXTERNAL.finditer(path.read_text(encoding="utf-8"))]
    assert not found, "\n".join(found[:20])


def test_no_placeholder_and_no_internal_id_a_player_would_see(site):
    bad = [f"{name}: {m.group()!r} in {text[:160]!r}" for name, page in site.items() for text, _ in page.blocks
           for rx in (PLACEHOLDER, INTERNAL_ID) for m in rx.finditer(text)]
    assert not bad, "\n".join(bad[:30])


def test_no_numbered_step_is_swallowed_by_the_list_before_it(site):
    """Every numbered step of a page's Markdown is an item of a numbered list in its HTML. The known trap: after an
    "Otherwise:" paragraph inside a step, the next step became an item of the "Otherwise" bullet list."""
    from boardrules import docgen
    markdown = {}
    for p in docgen.make_pages(variants=docgen.variant_files(ROOT / "examples")):   # as the site has them
        if p.path.endswith(".md"):
            markdown[p.path[:-len("/index.md")] if p.path.endswith("/index.md") else p.path[:-3]] = p.text
    bad = []
    for name, page in site.items():
        numbered = len(re.findall(r"^\d+\. ", markdown[name], re.M))
        items = sum(1 for kind, _ in page.done if kind == "ol")
        if items != numbered:
            bad.append(f"{name}: {numbered} numbered steps in the Markdown, {items} in numbered lists on the page")
    assert not bad, "\n".join(bad)


def test_no_sentence_reads_as_logic_and_no_rules_step_cites_a_source(site):
    """Not "(where ...)", "not (...)" or "is such that"; and sources ("seed 001", "rules reference 4") are cited in
    notes and rules choices, never inside a numbered rules step."""
    bad = [f"{name}: {text[:200]!r}" for name, page in site.items() for text, step in page.blocks
           if LOGIC.search(text) or (step and CITATION.search(text))]
    assert not bad, "\n".join(bad[:30])


def test_a_chosen_card_reads_as_what_it_is(site):
    bad = [f"{name}: {m.group()!r} in {text[:200]!r}" for name, page in site.items() for text, _ in page.blocks
           for m in VARIABLE.finditer(text)]
    assert not bad, "\n".join(bad[:30])


def test_every_link_in_a_rules_sentence_finds_its_target(site):
    """The names in the rules text (cards, roles, the numbers the rules ask for) link to their entries: every
    link from one rules page to another lands on an element with that id."""
    bad, seen = [], 0
    for name, page in site.items():
        for href in page.hrefs:
            target, _, anchor = href.partition("#")
            if not anchor or "://" in target or target.startswith("/"):
                continue
            where = posixpath.normpath(posixpath.join(name, target)) if target else name
            if where not in site:
                continue
            seen += 1
            if anchor not in site[where].ids:
                bad.append(f"{name}: {href} (no #{anchor} on {where})")
    assert seen > 500 and not bad, "\n".join(bad[:30])


# ------------------------------------------------------------------------------------------------ like a rulebook
# (issue 25, item 5) the patterns of the Markdown check (tests/test_rulebook_english.py), read here in the HTML of
# every game and variant page, changes pages and ids pages included

from test_rulebook_english import PATTERNS, sentences  # noqa: E402

from boardrules.docgen import check  # noqa: E402

#: text left where something should have been said
UNFILLED = re.compile(r"\bTODO\b|\bTBD\b|\bFIXME\b|\?\?\?|<[a-z_]+>|\bNone\b(?! otherwise)|\bnan\b")


def rulebook_problems(pages, shapes=None) -> list[str]:
    """Formula-style tables, code-style conditions, placeholders and empty sections of parsed pages (name -> Page);
    ``shapes``: a page's flow shape, to tell "Nothing happens at the end of a round" where the round has steps."""
    found = []
    for name, page in pages.items():
        for text, _ in page.blocks:
            for said in sentences(text):
                kind = next((k for k, pats in PATTERNS.items() if any(re.search(p, said) for p in pats)), None)
                if kind:
                    found.append(f"{name}: {kind}: {said[:200]!r}")
            found += [f"{name}: placeholder {m.group()!r} in {text[:160]!r}"
                      for rx in (PLACEHOLDER, UNFILLED) for m in rx.finditer(text)]
            if shapes and name in shapes:
                found += [f"{name}: {x}" for x in check.placeholders(text, shapes[name])]
        outline = page.outline
        for i, (level, text) in enumerate(outline):
            if level and (i + 1 == len(outline) or 0 < outline[i + 1][0] <= level):
                found.append(f"{name}: the section {text.rstrip('¶')!r} is empty")
    return found


def test_every_game_and_variant_page_reads_like_a_rulebook(site):
    """No table said as a formula ("65 if it is 2, ..., 0 otherwise"), no condition said as code ("where it is ...
    and ... on it is", "is more than 0", "You first if", "the amount is N; take that many"), nothing left unfilled
    and no empty section, on any game or variant page as the browser shows it."""
    from boardrules import docgen
    shapes = {}
    for p in docgen.make_pages(variants=docgen.variant_files(ROOT / "examples")):
        if p.path.endswith(".md") and getattr(p, "doc", None) is not None:
            name = p.path[:-len("/index.md")] if p.path.endswith("/index.md") else p.path[:-3]
            shapes[name] = p.doc.flow_shape()
    assert any(name.startswith("variants/") for name in site) and any("/changes" in name for name in site)
    found = rulebook_problems(site, shapes)
    assert not found, "\n".join(found[:40])


def test_the_rulebook_check_catches_what_it_should():
    html = ("<article><h1>Game</h1><p>Set the chips to 65 if it is 2, 75 if it is 3, 0 otherwise.</p>"
            "<h2>Mayor</h2><ol><li>You first if the pool is more than 0: take 1.</li>"
            "<li>Take {count} cards.</li></ol><h2>Round end</h2><h2>Cards</h2>"
            "<p>The quarries are the cards in your island where it is a quarry and colonists on it is at least 1.</p>"
            "<h3>Notes</h3></article>")
    page = Page()
    page.done = []
    page.feed(html)
    page.flush()
    found = rulebook_problems({"x": page})
    for what in ("formula-style table", "code-style condition: 'You first", "placeholder '{count}'",
                 "'Round end' is empty", "'Notes' is empty", "code-style condition: 'The quarries"):
        assert any(what in f for f in found), (what, found)
    fine = Page()
    fine.done = []
    fine.feed("<article><h1>Game</h1><h2>Setup</h2><pre>x</pre><h2>Mayor</h2><h3>Privilege</h3>"
              "<p>If there is a colonist in the supply, you take it.</p></article>")
    fine.flush()
    assert rulebook_problems({"y": fine}) == []
