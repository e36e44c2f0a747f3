"""Docs from strangers are escaped (issue 23, part 6): a variant file whose title, description, card and role
names, notes, options, presets and rules choices hold HTML, scripts and Markdown links gets pages in which all of
it is text: no element, attribute, link, image or included file comes from content.

Each page is checked as Markdown (outside code, no raw tag or content link survives; the escaped text is there)
and, where Python-Markdown is installed, rendered with the site's extensions and checked as HTML.
"""
from __future__ import annotations

import html
import importlib.util
import re
import textwrap
from html.parser import HTMLParser

import pytest

import boardrules
from boardrules import docgen
from boardrules.docgen.text import code, md

HOSTILE = textwrap.dedent("""\
    extends: san_juan
    id: hostile
    title: "Evil <script>alert(1)</script> [x](javascript:alert(2))"
    edition: "<img src=x onerror=alert(3)>"
    description: >-
      <img src=x onerror=alert(4)> [click](javascript:alert(5)) ![pic](javascript:alert(6))
      <a href="javascript:alert(7)">a</a> {: onclick="alert(8)" } &lt;script&gt; <!-- hidden -->
      <https://example.com> [ref]: javascript:alert(24)
      --8<-- "secret.txt"
      ```
      <script>alert(25)</script>

    quantities:
      add:
        evil_look: {base: 1, text: "look <script>alert(9)</script>"}

    cards:
      add:
        - id: evil_card
          name: {en: "<script>alert(10)</script>", zh: "<img src=x onerror=alert(11)>"}
          copies: 2
          cost: 2
          vp: 1
          tags: [building, violet]
          notes:
            - "[note](javascript:alert(12)) <iframe src=javascript:alert(13)></iframe>"
            - "~~~"
            - "`<b>code</b>` stays code"
          effects:
            - when: round_start
              do:
                - move: {from: {zone: supply}, to: {zone: hand}, count: 1}

    roles:
      add:
        - id: evil_role
          name: {en: "Role <img src=x onerror=alert(14)>", zh: "[r](javascript:alert(15))"}
          notes: ["<script>alert(16)</script>"]
          privilege:
            - {quantity: evil_look, add: 2}
          action:
            - move: {from: {zone: supply}, to: {zone: hand}, count: {quantity: evil_look}}

    options:
      add:
        evil_option:
          default: plain
          values: [plain, "<img src=x onerror=alert(17)>", "x` <script>alert(18)</script> `"]
          text: "<script>alert(19)</script>"

    presets:
      add:
        evil_preset: {text: "<img src=x onerror=alert(20)>", options: {evil_option: plain}}

    rules_choices:
      add:
        - id: evil_choice
          text: "<script>alert(21)</script> [c](javascript:alert(22))"
          source: "<img src=x onerror=alert(23)>"
    """)

SECRET = "TOP-SECRET-FILE-CONTENT"
#: the hostile strings, as a reader must see them on the page
SHOWN = ["<script>alert(1)</script>", "<img src=x onerror=alert(3)>", "[click](javascript:alert(5))",
         "<script>alert(10)</script>", "<img src=x onerror=alert(11)>", "[note](javascript:alert(12))",
         "Role <img src=x onerror=alert(14)>", "<script>alert(16)</script>", "<script>alert(19)</script>",
         "<script>alert(21)</script>", "<img src=x onerror=alert(23)>"]


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    folder = tmp_path_factory.mktemp("hostile")
    path = folder / "hostile.yaml"
    path.write_text(HOSTILE, encoding="utf-8")     # (its description's lines would include a file, or close the
    (folder / "secret.txt").write_text(SECRET)      # code block that shows the file, were they not escaped)
    made = docgen.make_pages(games=[path], variants=[path])
    out = {p.path: p.text for p in made if p.path.endswith(".md") and ("hostile" in p.path or p.path in (
        "games/index.md", "variants/index.md"))}
    assert len(out) >= 9, sorted(out)
    return folder, out, made


def outside_code(text: str) -> str:
    """The Markdown outside fenced blocks and code spans (what Markdown reads as markup)."""
    lines, fence = [], None
    for line in text.splitlines():
        m = re.match(r"\s*(`{3,}|~{3,})", line)
        if fence is None and m:
            fence = m.group(1)
            continue
        if fence is not None:
            if line.strip().startswith(fence) and set(line.strip()) <= set(fence[0]):
                fence = None
            continue
        lines.append(line)
    return re.sub(r"(`+)(.+?)(?<!`)\1(?!`)", "", "\n".join(lines))


def test_no_raw_html_or_content_link_in_the_markdown(pages):
    _, out, _ = pages
    for path, text in out.items():
        plain = outside_code(text)
        for bad in ("<script", "<img", "<iframe", "<a href", "<!--", "<https:"):
            assert bad not in plain.lower(), f"{path}: raw {bad!r}"
        assert not re.search(r"(?<!\\)\]\(javascript:", plain, re.I), f"{path}: a content link"
        assert not re.search(r"(?<!\\)\{: onclick", plain), f"{path}: an attribute list"
        assert not re.search(r"^[ \t]*-+8<-+", text, re.M), f"{path}: a snippet line (without its escape)"


def test_the_text_is_still_there_escaped(pages):
    _, out, _ = pages
    everything = "\n".join(out.values())
    for s in SHOWN:
        assert md(s) in everything, f"{s!r} is not on any page (escaped as {md(s)!r})"
    assert "# Evil &lt;script&gt;alert(1)&lt;/script&gt; \\[x\\](javascript:alert(2))" in out["games/hostile/index.md"]
    assert "`<b>code</b>` stays code" in out["games/hostile/cards.md"]      # content's own code span stays code


def test_navigation_titles_are_escaped(pages):
    _, _, made = pages
    nav = repr(docgen.nav(made))
    assert "<script" not in nav and "&lt;script&gt;alert(1)&lt;/script&gt;" in nav


def test_code_spans_of_content_cannot_be_closed_early():
    assert code("a`b") == "`` a`b ``"
    assert code("x` <script>y</script> `") == "`` x` <script>y</script> ` ``"
    assert md("`a` <b> `c`") == "`a` &lt;b&gt; `c`"


# ------------------------------------------------------------------------------------------------ rendered


def _extensions(base):
    """mkdocs.yml's Markdown extensions that are installed (emoji needs the theme: left out)."""
    wanted = [("admonition", {}), ("attr_list", {}), ("def_list", {}), ("md_in_html", {}), ("tables", {}),
              ("toc", {"permalink": True}), ("pymdownx.details", {}), ("pymdownx.highlight", {}),
              ("pymdownx.inlinehilite", {}), ("pymdownx.snippets", {"base_path": [str(base)]}),
              ("pymdownx.superfences", {})]
    names, config = [], {}
    for name, cfg in wanted:
        module = name if "." in name else f"markdown.extensions.{name}"
        if importlib.util.find_spec(module.split(".")[0]) is None:
            continue
        names.append(name)
        if cfg:
            config[name] = cfg
    return names, config


class _Elements(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags, self.text = [], []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data):
        self.text.append(data)


def test_rendered_pages_hold_no_element_from_content(pages):
    markdown = pytest.importorskip("markdown")
    folder, out, _ = pages
    names, config = _extensions(folder)
    for path, text in out.items():
        page = markdown.markdown(text, extensions=names, extension_configs=config)
        assert SECRET not in page, f"{path}: a snippet included a file"
        parsed = _Elements()
        parsed.feed(page)
        for tag, attrs in parsed.tags:
            assert tag not in ("script", "img", "iframe", "object", "embed"), f"{path}: <{tag}> from content"
            for key, value in attrs.items():
                assert not key.startswith("on"), f"{path}: <{tag} {key}=...>"
                assert not (value or "").strip().lower().startswith("javascript:"), f"{path}: <{tag} {key}={value}>"
        if path == "games/hostile/cards.md":
            shown = html.unescape("".join(parsed.text))
            for s in ("<script>alert(10)</script>", "[note](javascript:alert(12))", "<b>code</b> stays code"):
                assert s in shown, f"{path}: {s!r} is not shown as text"
