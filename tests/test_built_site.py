"""The built documentation site, read as a player reads it: the HTML mkdocs makes from the generated rules pages of
every packaged game and every example variant (not the Markdown, which hides what the Markdown renderer does).

It fails on an unfilled ``{placeholder}``, an internal id (a snake_case word outside code), a numbered step
swallowed by the nested list before it, a sentence that reads as logic ("(where ...", "not (...)", "is such
that") and a source cited inside a rules step rather than in a note."""
import contextlib
import functools
import html
import http.server
import importlib.util
import json
import os
import posixpath
import pathlib
import re
import shutil
import struct
import subprocess
import sys
import threading
import unicodedata
import zlib
from html.parser import HTMLParser

import pytest

import browser

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
            if re.fullmatch(r"[\w-]+\.ya?ml", text.strip()):     # a shown file's title: its name, on purpose
                continue
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


# ------------------------------------------------------------------------------------------------ Chinese names
# (issue 31) the site ships its own CJK font, a subset of Noto Sans CJK TC holding the characters the site shows, so
# that the names never show as boxes where no CJK font is installed; a headless Chromium shows a rules page

FONT = ROOT / "docs" / "stylesheets" / "fonts" / "cjk-subset.woff2"
CSS = ROOT / "docs" / "stylesheets" / "extra.css"
REMAKE = ("make the font again from the built site: apt-get install -y fonts-noto-cjk; pip install '.[docs]'; "
          "python docs/cjk_font.py (its docstring says more)")


def is_cjk(char: str) -> bool:
    """A wide or full-width character past the general punctuation (Han, kana, hangul, CJK punctuation, full-width
    forms), not an emoji: what a Latin font leaves to a CJK one."""
    code = ord(char)
    return (code >= 0x2E80 and not 0x1F000 <= code < 0x20000
            and unicodedata.east_asian_width(char) in ("W", "F", "H"))


def css_ranges(css: str) -> list[tuple[int, int]]:
    """The unicode-range of the site's CJK @font-face in a stylesheet."""
    face = re.search(r'@font-face\s*\{[^}]*font-family:\s*"boardrules CJK"[^}]*\}', css)
    assert face, "extra.css declares no @font-face for \"boardrules CJK\""
    declared = re.search(r"unicode-range:([^;]*);", face.group())
    assert declared, "the CJK @font-face has no unicode-range"
    return [(int(lo, 16), int(hi or lo, 16)) for lo, hi in re.findall(r"U\+([0-9A-Fa-f]+)(?:-([0-9A-Fa-f]+))?",
                                                                     declared.group(1))]


def unrendered(found: dict[str, str], cmap, ranges) -> list[str]:
    """The CJK characters of ``found`` (character -> where it is shown) that the site's font would not draw: not in
    its cmap, or outside the unicode-range the stylesheet gives it."""
    bad = []
    for char, where in sorted(found.items()):
        if ord(char) not in cmap:
            bad.append(f"{char} (U+{ord(char):04X}, on {where}) is not in the font")
        elif not any(lo <= ord(char) <= hi for lo, hi in ranges):
            bad.append(f"{char} (U+{ord(char):04X}, on {where}) is outside the unicode-range of extra.css")
    return bad


def site_cjk(root: pathlib.Path) -> dict[str, str]:
    """Every CJK character of a built site (each page, and the search index whose results show them too), with the
    first page showing it."""
    found: dict[str, str] = {}
    for page in sorted(root.rglob("*.html")):
        for char in html.unescape(page.read_text(encoding="utf-8")):
            if is_cjk(char):
                found.setdefault(char, str(page.relative_to(root)))
    for doc in json.loads((root / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]:
        for char in doc["title"] + doc["text"]:
            if is_cjk(char):
                found.setdefault(char, f"the search index ({doc['location']})")
    return found


def cjk_font_script():
    spec = importlib.util.spec_from_file_location("cjk_font_script", ROOT / "docs" / "cjk_font.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_cjk_character_of_the_site_is_in_its_own_font(site):
    """Each Chinese character of every built page (rules pages, variants, changelog, search index) is drawn by the
    font the site ships: it is in the font and inside the unicode-range extra.css declares for it."""
    pytest.importorskip("fontTools", reason="the docs extra (fonttools, brotli) reads the woff2 font")
    pytest.importorskip("brotli", reason="the docs extra (fonttools, brotli) reads the woff2 font")
    from fontTools.ttLib import TTFont
    found = site_cjk(BUILT[0])
    assert len(found) > 100, "the rules pages show the seeds' Chinese names: far more CJK characters were expected"
    bad = unrendered(found, TTFont(str(FONT)).getBestCmap(), css_ranges(CSS.read_text(encoding="utf-8")))
    assert not bad, f"{len(bad)} CJK characters of the site would show as boxes where no CJK font is installed; " \
                    f"{REMAKE}:\n" + "\n".join(bad[:40])


def test_every_page_with_cjk_text_preloads_the_font(site):
    """The font is asked for in the page's head (docs/hooks.py): laid out while it was still loading, the first
    Chinese name of the table of contents stayed boxes in Chromium."""
    root, checked, bad = BUILT[0], 0, []
    for page in sorted(root.rglob("*.html")):
        text = page.read_text(encoding="utf-8")
        if not any(is_cjk(c) for c in html.unescape(text)):
            continue
        checked += 1
        head = text.split("</head>")[0]
        links = re.findall(r'<link rel="preload" href="([^"]+)" as="font" type="font/woff2" crossorigin>', head)
        if not any((page.parent / href).resolve() == (root / FONT_URL.lstrip("/")).resolve() for href in links):
            bad.append(f"{page.relative_to(root)}: {links or 'no preload of the CJK font'}")
    assert checked > 20 and not bad, "\n".join(bad[:20])


def test_the_font_is_small_licensed_and_declared_for_the_same_characters_the_script_subsets():
    assert FONT.stat().st_size < 400_000, f"{FONT.name} is {FONT.stat().st_size:,} bytes; a subset of the site's " \
                                          "characters is far smaller"
    license_text = (FONT.parent / "OFL.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in license_text and "Adobe" in license_text
    assert css_ranges(CSS.read_text(encoding="utf-8")) == list(cjk_font_script().CJK)
    assert re.search(r'\[lang="zh"\]\s*\{\s*font-family:\s*"boardrules CJK"', CSS.read_text(encoding="utf-8"))


def test_the_font_check_catches_a_character_the_font_lacks_or_the_css_leaves_out():
    assert [c for c in "Builder (建築工)、「ｶ」😀é" if is_cjk(c)] == list("建築工、「ｶ」")
    cmap = {ord("建"): "cid1", ord("築"): "cid2", ord("ｶ"): "cid3"}
    ranges = [(0x4E00, 0x9FFF)]
    bad = unrendered({"建": "a", "築": "b", "龍": "c", "ｶ": "d"}, cmap, ranges)
    assert bad == ["龍 (U+9F8D, on c) is not in the font",
                   "ｶ (U+FF76, on d) is outside the unicode-range of extra.css"]
    assert unrendered({"建": "a"}, cmap, ranges) == []


FONT_URL = "/stylesheets/fonts/cjk-subset.woff2"


class _Recorder(http.server.SimpleHTTPRequestHandler):
    """Serves the built site and notes every request it receives: (method, path, Host, status). A request that is not
    for this server (absolute URL, CONNECT, another Host) is noted and refused; the browser sends those to its
    refusing proxy anyway (tests/browser.py)."""

    def log_request(self, code="-", size="-"):
        self.server.seen.append((self.command, self.path, self.headers.get("Host", ""), getattr(code, "value", code)))

    def log_message(self, *args):
        pass

    def do_GET(self):
        if self.command == "CONNECT" or "://" in self.path or self.headers.get("Host") != self.server.host:
            self.send_error(403, "another host")
        elif self.server.refuse and self.path.split("?")[0] == self.server.refuse:
            self.send_error(404)
        else:
            super().do_GET()

    do_HEAD = do_POST = do_CONNECT = do_GET


@contextlib.contextmanager
def serve(root: pathlib.Path, refuse: str | None = None):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Recorder, directory=str(root)))
    server.seen, server.refuse, server.host = [], refuse, f"127.0.0.1:{server.server_port}"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()


def png(path: pathlib.Path) -> tuple[int, int, list[bytes]]:
    """Width, height and (filtered) pixel rows of a PNG file; two images are the same if their rows are."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    pos, chunks, header = 8, [], None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            chunks.append(body)
    width, height, depth, colour, _, _, interlace = header
    assert interlace == 0, "an interlaced screenshot"
    stride = 1 + (width * {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[colour] * depth + 7) // 8
    raw = zlib.decompress(b"".join(chunks))
    return width, height, [raw[i * stride:(i + 1) * stride] for i in range(height)]


def system_has_cjk_font() -> bool:
    """Whether fontconfig knows a Chinese font (unknown, as on a system without fc-list, counts as yes)."""
    if not shutil.which("fc-list"):
        return True
    return bool(subprocess.run(["fc-list", ":lang=zh", "family"], capture_output=True, text=True).stdout.strip())


needs_chromium = pytest.mark.skipif(browser.CHROMIUM is None or importlib.util.find_spec("playwright") is None,
                                    reason="no chromium binary or no Playwright (.ci/run installs both)")


@needs_chromium
def test_a_rules_page_in_headless_chromium_draws_its_chinese_names_with_the_sites_own_font(site, tmp_path):
    """A rules page whose headings carry Chinese names, opened in headless Chromium from a local server: the page
    asks for the site's CJK font and for nothing on another host, it renders (a full-size screenshot with content,
    the Chinese heading in the DOM after the theme's scripts ran), and refusing the font changes what is drawn (where
    the system has no CJK font, the names turn into boxes)."""
    root = BUILT[0]
    heading = re.compile(r'<h2 id="[^"]+">[^<]*\(<span lang="zh">([^<]+)</span>\)')
    page = next((p for p in sorted(root.glob("games/*/roles/index.html"))
                 if heading.search(p.read_text(encoding="utf-8"))), None)
    assert page, "no roles page has a heading with a Chinese name"
    name = heading.search(page.read_text(encoding="utf-8")).group(1)
    url_path = "/" + page.parent.relative_to(root).as_posix() + "/"

    with browser.chromium() as chromium:
        with serve(root) as server:
            seen, dom = open_page(chromium, f"http://{server.host}{url_path}", tmp_path / "page.png")
        assert not seen.foreign(server.host), f"the page loads from another host: {seen.foreign(server.host)}"
        assert ("GET", url_path, server.host, 200) in server.seen, server.seen
        assert ("GET", FONT_URL, server.host, 200) in server.seen, f"the page never loaded the CJK font: {server.seen}"

        width, height, rows = png(tmp_path / "page.png")
        assert (width, height) == (1280, 900)
        assert len(set(rows)) > 100, "the screenshot is (nearly) blank"
        assert re.search(r'<html[^>]*class="[^"]*\bjs\b', dom) and "no-js" not in dom, "the theme's scripts did not run"
        assert re.search(r'<h2 id="[^"]+">[^<]*\(<span lang="zh">' + re.escape(name) + "</span>", dom), \
            f"{name} is not in a heading of the page the browser shows"

        with serve(root, refuse=FONT_URL) as server:
            open_page(chromium, f"http://{server.host}{url_path}", tmp_path / "refused.png")
        assert ("GET", FONT_URL, server.host, 404) in server.seen
    if not system_has_cjk_font():
        same = png(tmp_path / "refused.png")[2] == rows
        assert not same, "the page looks the same without the site's CJK font: the names do not use it"


@needs_chromium
def test_the_check_for_other_hosts_catches_a_page_that_loads_an_image_from_one(tmp_path):
    """The check above judges the page's own requests: a page that asks another host for an image, a style sheet
    and a script is caught (each refused at the proxy, so nothing leaves the machine), and its own host is not."""
    (tmp_path / "local.png").write_bytes(b"")
    (tmp_path / "index.html").write_text(
        '<!doctype html><title>t</title><img src="/local.png">'
        '<img src="http://images.example.com/a.png"><link rel="stylesheet" href="https://cdn.example.net/b.css">'
        '<script src="//scripts.example.org/c.js"></script>', encoding="utf-8")
    with browser.chromium() as chromium, serve(tmp_path) as server:
        seen, _ = open_page(chromium, f"http://{server.host}/", tmp_path / "shot.png")
    foreign = {url for _, url, _ in seen.foreign(server.host)}
    assert foreign == {"http://images.example.com/a.png", "https://cdn.example.net/b.css",
                       "http://scripts.example.org/c.js"}, seen.requests
    assert ("GET", "/local.png", server.host, 200) in server.seen
    assert not any(s[2] != server.host for s in server.seen), "another host's request reached the site's server"


def open_page(chromium, url: str, shot: pathlib.Path):
    """Opens ``url`` in a fresh browser context until the network is idle; returns what its pages requested and the
    DOM, after taking a 1280 x 900 screenshot."""
    context = chromium.new_context(viewport={"width": 1280, "height": 900})
    try:
        seen = browser.PageRequests(context)
        page = context.new_page()
        page.goto(url, wait_until="networkidle", timeout=60_000)
        page.screenshot(path=str(shot))
        return seen, page.content()
    finally:
        context.close()
