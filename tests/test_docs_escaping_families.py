"""Every content text on every generated page is escaped, for every family of the language (issue 38, item 4): a
board's text once went into the set-up page's heading as it was (``## The <svg onload=...> map``).

Copies of two games, between them using every family (Amerigo: boards, tiles, pieces, tracks, containers, phases,
budgets, cards, counters, events, rules choices; Harbor, the engine's test game, with a preset and a rules choice
added: roles, options, presets), get every text of their content (names, texts, notes, titles, descriptions,
sources, events, names of things, nouns, card attributes whose values are words) replaced by the text followed by a
hostile tail: HTML elements with event attributes, ``javascript:`` links, an attribute list and an autolink, each
numbered by the place it came from. A variant of Amerigo changes its board's, tracks', counters' and zones' texts the
same way, for the variant page. The pages are checked as Markdown (outside code, no raw tag, link, attribute list or
autolink of content survives) and as the HTML mkdocs renders with the site's own Markdown extensions (no element or
attribute of content). Each family's texts are checked to be on the pages (else the test would prove nothing of
them).
"""
from __future__ import annotations

import html
import json
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from boardrules import docgen
from boardrules.content.yamlio import load_yaml
from test_docs_escaping import _Elements, outside_code

ROOT = Path(__file__).resolve().parent.parent
TEXT_KEYS = {"text", "title", "edition", "description", "notes", "en", "zh", "name", "source", "rule_text"}

#: family -> a test on the place (file/key/...) a poisoned text came from; each must reach some page
FAMILIES = {
    "boards": lambda p: p.startswith("amerigo/map/boards/"),
    "tiles and pieces": lambda p: p.startswith("amerigo/tiles/cards/"),     # landscape tiles: shapes of squares
    "tracks": lambda p: p.startswith("amerigo/game/tracks/"),
    "containers": lambda p: p.startswith("amerigo/game/zones/tower/"),      # the cube tower releases cubes
    "phases": lambda p: re.match(r"amerigo/game/cards/\d+/name", p) is not None and "phase" in p
                        or p.startswith("amerigo/game/zones/phase_row/"),
    "budgets": lambda p: p.startswith("amerigo/game/quantities/ap/"),       # the points a budget spends
    "cards": lambda p: re.match(r"(amerigo|harbor)/\w+/cards/", p) is not None,
    "roles": lambda p: p.startswith("harbor/game/roles/"),
    "counters": lambda p: re.match(r"(amerigo|harbor)/\w+/counters/", p) is not None,
    "rules choices": lambda p: "/rules_choices/" in p,
    "options": lambda p: re.match(r"harbor/\w+/options/", p) is not None,
    "presets": lambda p: re.match(r"harbor/\w+/presets/", p) is not None,
    "events": lambda p: re.match(r"(amerigo|harbor)/\w+/events/", p) is not None,
    "card attributes of words": lambda p: re.match(r"amerigo/\w+/cards/\d+/(tile_kind|lasts|hue|commodity)$", p)
                                          is not None,
}


def tail(n: int) -> str:
    return (f' <svg onload=alert({n})> <img src=x onerror=alert({n})> [l](javascript:alert({n})) '
            f'[m](onload=alert({n})) {{: onclick="alert({n})" }} <https://evil.example/{n}> *e* _f_')


def poisoned(data, path: tuple, where: dict, key=None, words=frozenset()):
    """``data`` with every text poisoned: the values of ``TEXT_KEYS``, of the events, names and nouns (plain texts),
    and of the card attributes ``words`` (those whose values are words)."""
    if isinstance(data, dict):
        return {k: poisoned(v, path + (str(k),), where, k, words) for k, v in data.items()}
    if isinstance(data, list):
        return [poisoned(v, path + (str(i),), where, key, words) for i, v in enumerate(data)]
    plain = len(path) > 3 and (path[2] in ("events", "names") or path[2:4] == ("play", "nouns"))
    if isinstance(data, str) and (key in TEXT_KEYS or plain or key in words and "cards" in path):
        n = len(where) + 1
        where[n] = "/".join(path)
        return data + tail(n)
    return data


def poisoned_game(src: Path, folder: Path, where: dict, extra: dict | None = None) -> Path:
    """A copy of a game with every text of its content poisoned (written as JSON, which YAML reads); ``extra``:
    sections added to its game file first."""
    game = src.name
    out = folder / game
    out.mkdir()
    attributes = load_yaml(src / "game.yaml").data.get("attributes") or {}
    words = frozenset(k for k, a in attributes.items() if isinstance(a, dict) and a.get("type") == "string")
    for f in sorted(src.glob("*.yaml")):
        data = load_yaml(f).data
        if f.name == "game.yaml":
            data.update(extra or {})
        text = json.dumps(poisoned(data, (game, f.stem), where, words=words), ensure_ascii=False, indent=1)
        (out / f.name).write_text(text, encoding="utf-8")
    return out / "game.yaml"


VARIANT = textwrap.dedent("""\
    extends: amerigo/game.yaml
    id: hostile_map
    title: "Map {n1}"
    description: "A hostile variant {n2}"
    boards:
      change:
        map: {{text: "the sea {n3}"}}
    tracks:
      change:
        gold: {{text: "the gold {n4}"}}
    counters:
      change:
        vp: {{text: "points {n5}"}}
      add:
        loot: {{scope: player, text: "loot {n6}"}}
    zones:
      change:
        tower: {{text: "the tower {n7}"}}
    """)


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    folder = tmp_path_factory.mktemp("hostile_families")
    where: dict = {}
    games = [poisoned_game(ROOT / "content" / "amerigo", folder, where),
             poisoned_game(ROOT / "tests" / "games" / "harbor", folder, where,
                           {"presets": {"careful": {"text": "no careless hiring", "options": {"careless": False}}},
                            "rules_choices": [{"id": "boats", "text": "two boats", "source": "this test"}]})]
    first = len(where) + 1
    tails = {f"n{k}": json.dumps(tail(first + k - 1))[1:-1] for k in range(1, 8)}
    for k in range(1, 8):
        where[first + k - 1] = f"variant/{k}"
    variant = folder / "hostile_map.yaml"
    variant.write_text(VARIANT.format(**tails), encoding="utf-8")
    pages = docgen.make_pages(games=games, variants=[variant])
    md_pages = {p.path: p.text for p in pages if p.path.endswith(".md")}
    return folder, where, md_pages


def test_every_family_reaches_the_pages(built):
    _, where, pages = built
    shown = {int(n) for n in re.findall(r"alert\((\d+)\)", "\n".join(pages.values()))}
    for family, test in FAMILIES.items():
        places = [p for n, p in where.items() if test(p)]
        assert places, f"{family}: no text of content was poisoned"
        assert any(n in shown for n, p in where.items() if test(p)), f"{family}: none of its texts is on a page"
    assert all(first in shown for first in [n for n, p in where.items() if p.startswith("variant/")])


def test_no_live_markup_of_content_in_the_markdown(built):
    _, _, pages = built
    assert len(pages) > 25
    for path, text in pages.items():
        plain = outside_code(text)
        # the board's picture is the generator's own raw HTML (a div): its label is escaped as HTML, and Markdown
        # copies the block as it is
        plain = re.sub(r'^<div class="board"><svg .*</svg></div>$', "", plain, flags=re.M)
        for bad in ("<svg onload", "<img", "<https:"):
            assert bad not in plain.lower(), f"{path}: raw {bad!r}: " + plain[plain.lower().index(bad) - 80:][:200]
        assert not re.search(r"(?<!\\)\]\((?:javascript|onload)", plain, re.I), f"{path}: a content link"
        assert not re.search(r"(?<!\\)\{: onclick", plain), f"{path}: an attribute list"


def _site(folder: Path, pages: dict) -> Path:
    """The pages built by mkdocs with the site's own Markdown extensions (copied from mkdocs.yml)."""
    docs = folder / "docs"
    for path, text in pages.items():
        target = docs / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    extensions = re.search(r"^markdown_extensions:\n(?:[ -].*\n)+", config, re.M).group()
    (folder / "mkdocs.yml").write_text(
        "site_name: hostile\ndocs_dir: docs\ntheme:\n  name: material\n  font: false\n" + extensions,
        encoding="utf-8")
    site = folder / "site"
    run = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--quiet", "--site-dir", str(site)], cwd=folder,
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-3000:]
    return site


def test_no_element_or_attribute_of_content_in_the_html_mkdocs_renders(built):
    pytest.importorskip("mkdocs", reason="the docs extra (pip install '.[docs]') builds the site")
    pytest.importorskip("material", reason="the docs extra (pip install '.[docs]') builds the site")
    folder, _, pages = built
    site = _site(folder, pages)
    rendered = sorted(site.glob("games/**/*.html")) + sorted(site.glob("variants/**/*.html"))
    assert len(rendered) == len([p for p in pages if p.startswith(("games/", "variants/"))]) > 15
    seen_text = []
    for page in rendered:
        parsed = _Elements()
        text = page.read_text(encoding="utf-8")
        article = text[text.index("<article"):text.index("</article>")]
        parsed.feed(article)
        for tag, attrs in parsed.tags:
            assert tag not in ("script", "img", "iframe", "object", "embed"), f"{page}: <{tag}> from content"
            if tag == "svg":        # the generator's pictures (a board, a piece): their attributes are its own
                assert "onload" not in attrs and set(attrs) <= {"xmlns", "width", "height", "viewbox", "role",
                                                                "aria-label", "class"}, f"{page}: <svg {attrs}>"
            for key, value in attrs.items():
                assert not key.startswith("on"), f"{page}: <{tag} {key}=...>"
                value = (value or "").strip().lower()
                if key in ("href", "src", "xlink:href", "action", "formaction"):
                    assert not value.startswith(("javascript:", "onload")) and "evil.example" not in value, \
                        f"{page}: <{tag} {key}={value}> (a link of content)"
        seen_text.append(html.unescape("".join(parsed.text)))
    shown = "\n".join(seen_text)
    assert "<svg onload=alert(" in shown and "[l](javascript:alert(" in shown     # shown as text
    assert "## The map" not in shown
