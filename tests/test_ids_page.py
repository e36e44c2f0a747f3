"""The authoring reference (issue 24, item 6): each game's generated page "Ids for house rules" lists every id a
variant may name beside what the rules pages call it, and an error names the id when a variant wrote a display name
or a near miss of one."""
from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

import boardrules
from boardrules import ContentError
from boardrules.content.schemacheck import did_you_mean, id_for, ids_for


# ---------------------------------------------------------------------------------------------- hints
def test_an_id_written_as_words_or_display_text_is_found():
    assert id_for("Two Words", ["two_words", "other"]) == "two_words"
    assert id_for("two-words", ["two_words", "other"]) == "two_words"
    names = {"zorp (the most blips that lower its cost)": "blip_limit", "glorp": "glorp"}
    assert id_for("zorp", ["blip_limit", "glorp"], names) == "blip_limit"          # the text's lead
    assert id_for("Zorp", ["blip_limit", "glorp"], names) == "blip_limit"
    assert id_for("the most blips", ["blip_limit"], {"the most blips ever": "blip_limit"}) == "blip_limit"  # its start
    assert id_for("blips", ["blip_limit"], {"your blips": "blip_limit"}) == "blip_limit"     # without the article
    assert ids_for("frob", ["a", "b"], {"frob one": "a", "frob two": "b"}) == ["a", "b"]    # ambiguous: both
    assert did_you_mean("frob", ["a", "b"], {"frob one": "a", "frob two": "b"}) == "did you mean 'a' or 'b'?"
    assert did_you_mean("mvoe", ["move", "pick"]) == "did you mean 'move'?"     # the near miss of an id still works
    assert did_you_mean("nothing like it", ["move"], {"other": "move"}) is None


def errors_of(tmp_path, body: str):
    path = tmp_path / "house.yaml"
    path.write_text(textwrap.dedent(body).lstrip(), encoding="utf-8")
    with pytest.raises(ContentError) as info:
        boardrules.load(path)
    return path, info.value.errors


def at(errors, line):
    found = [e for e in errors if e.line == line]
    assert found, "\n".join(map(str, errors))
    return found[0]


def test_a_tag_written_with_a_space_suggests_its_id(tmp_path):
    path, errors = errors_of(tmp_path, """
        extends: puerto_rico
        id: house
        title: house
        cards:
          change:
            hacienda:
              effects:
                - when: settled
                  if: {tag: small building, card: $self}
                  do: []
        """)
    e = at(errors, 9)
    assert Path(e.file) == path and e.column == 21
    assert "'small_building'" in e.hint and "Ids for house rules" in e.hint


def test_an_attribute_called_by_its_printed_text_suggests_its_id(tmp_path):
    path, errors = errors_of(tmp_path, """
        extends: puerto_rico
        id: house
        title: house
        cards:
          change:
            hacienda:
              effects:
                - when: settled
                  if: {gt: [{attr: column, of: $self}, 0]}
                  do:
                    - {add: {counter: doubloon, value: 1}}
        """)
    e = at(errors, 9)
    assert (Path(e.file), e.line, e.column) == (path, 9, 28)
    assert "unknown attribute 'column'" in e.message and e.hint == "did you mean 'quarry_limit'?"


def test_events_and_counters_by_their_text(tmp_path):
    path, errors = errors_of(tmp_path, """
        extends: puerto_rico
        id: house
        title: house
        cards:
          change:
            hacienda:
              effects:
                - when: build
                  do: []
                - when: built
                  do:
                    - {add: {counter: doubloon, value: 1}}
                    - {add: {counter: victory_points, value: 1}}
        """)
    assert at(errors, 8).hint == "did you mean 'built'?"
    assert at(errors, 12).hint == "did you mean 'doubloons'?"
    assert at(errors, 13).hint == "did you mean 'vp' or 'vp_owed'?"      # two counters' texts start so


def test_a_misspelt_field_read_as_a_free_form_key_suggests_the_field(tmp_path):
    path, errors = errors_of(tmp_path, """
        extends: puerto_rico
        id: house
        title: house
        cards:
          add:
            - id: zorp
              name: {en: Zorp}
              copies: 1
              tags: [building]
              efects:
                - when: built
                  do: []
        """)
    e = at(errors, 10)                          # the misspelt key, read as an attribute no one declared
    assert (Path(e.file), e.column) == (path, 7) and "efects" in e.path
    assert "unknown attribute 'efects'" in e.message and "did you mean 'effects'?" in (e.hint or "")


def test_a_misspelt_step_kind_suggests_the_kind(tmp_path):
    path, errors = errors_of(tmp_path, """
        extends: puerto_rico
        id: house
        title: house
        cards:
          change:
            hacienda:
              effects:
                - when: built
                  do:
                    - {emitt: built}
        """)
    e = at(errors, 10)
    assert (Path(e.file), e.column) == (path, 15)
    assert e.hint == "did you mean 'emit'?"


# ---------------------------------------------------------------------------------------------- the page
GAMES = ("puerto_rico", "san_juan", "san_juan_1897")


def ids_page(source, tmp_path):
    from boardrules.docgen.site import write_game_pages
    out = tmp_path / "pages"
    write_game_pages(source, out)
    return (out / "ids.md").read_text(encoding="utf-8"), (out / "index.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("game", GAMES)
def test_the_page_lists_every_id_of_the_game(game, tmp_path):
    rules = boardrules.load(game)
    m, content = rules.model, rules.content
    page, overview = ids_page(game, tmp_path)
    assert "[Ids for house rules](ids.md)" in overview
    rows = {line.split("|")[1].strip() for line in page.splitlines() if line.startswith("| `")}
    expected = [t.id for t in m.types] + sorted(m.tags) + list(m.attributes) + [c.id for c in m.counters] \
        + [z.id for z in m.zones] + [p.id for p in m.piles] + [q.id for q in m.quantities] + list(m.options) \
        + list(m.presets) + list(content.get("procedures") or {}) + [p.id for p in m.payments] + list(m.selectors) \
        + [r.id for r in m.roles] + list(m.events) + [c["id"] for c in m.rules_choices]
    missing = [x for x in expected if f"`{x}`" not in rows]
    assert not missing, missing


def content_step_ids(content):
    """(list path, id) of every step with an id in the lists a variant edits in place."""
    lists = [(k,) for k in ("setup", "flow", "checks", "extra_copies") if isinstance(content.get(k), list)]
    lists += [("round", k) for k in ("start", "end") if isinstance((content.get("round") or {}).get(k), list)]
    lists += [("roles", i, k) for i, r in enumerate(content.get("roles") or []) for k in
              ("privilege", "start", "action", "end") if isinstance(r.get(k), list)]
    lists += [("procedures", k, "do") for k, v in (content.get("procedures") or {}).items() if isinstance(v.get("do"), list)]
    found = []

    def visit(value, path):
        items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
        for key, v in items:
            if isinstance(v, dict) and isinstance(key, int) and isinstance(v.get("id"), str):
                found.append((path + (key,), v["id"]))
            if isinstance(v, (dict, list)):
                visit(v, path + (key,))
    for path in lists:
        node = content
        for key in path:
            node = node[key]
        visit(node, path)
    return found


@pytest.mark.parametrize("game", GAMES)
def test_every_step_id_is_listed_with_its_sentence(game, tmp_path):
    rules = boardrules.load(game)
    m = rules.model
    page, _ = ids_page(game, tmp_path)
    found = content_step_ids(rules.content)
    assert len(found) > 20
    for path, ident in found:
        node = m.nodes.get("/".join(map(str, path)))
        row = [line for line in page.splitlines() if line.startswith(f"| `{ident}` |")]
        assert row, f"step {ident} ({path}) is not on the page"
        if node is not None and node.text and not getattr(node, "parts", ()):
            words = str(node.text).split()[:3]          # the sentence the rules pages use (its first words)
            assert any(" ".join(words).lower() in r.lower().replace("[", "").replace("]", "") or
                       words[0].lower() in r.lower() for r in row), (ident, words, row)


def test_the_puerto_rico_page_says_which_step_is_which(tmp_path):
    page, _ = ids_page("puerto_rico", tmp_path)
    assert "| `pass_governor` | The Governor passes 1 seat to the left. |" in page
    assert "Edit with `roles: {change: {builder: {action: {edit: [...]}}}}`." in page
    assert "| `quarry_limit` | integer | column (the most quarries that lower its cost) |" in page
    assert "| `small_building` | small building |" in page
    built = next(line for line in page.splitlines() if line.startswith("| `built` |"))
    assert "After you build" in built and "`$building` (the building you build)" in built and "`built_event`" in built


def test_content_text_is_escaped(tmp_path):
    variant = tmp_path / "odd.yaml"
    variant.write_text(textwrap.dedent("""
        extends: san_juan
        id: odd
        title: odd
        attributes:
          add:
            zorp: {type: integer, default: 0, text: "<b>zorp</b> [link](http://x) `code` {curly}"}
        events:
          add:
            blip: "when <script>x</script> happens & more"
        """).lstrip(), encoding="utf-8")
    page, _ = ids_page(variant, tmp_path)
    import re
    assert "<b>" not in page and "<script>" not in page and not re.search(r"(?<!\\)\]\(http", page)
    assert "&lt;b&gt;zorp&lt;/b&gt; \\[link\\](http://x) `code` \\{curly\\}" in page
    assert "When &lt;script&gt;x&lt;/script&gt; happens &amp; more" in page


def test_a_variant_file_gets_its_ids_page(tmp_path):
    from boardrules.docgen.site import write_game_pages
    examples = Path(__file__).resolve().parents[1] / "examples"
    written = write_game_pages(examples / "new_building.yaml", tmp_path / "out")
    page = (tmp_path / "out" / "ids.md").read_text(encoding="utf-8")
    assert tmp_path / "out" / "ids.md" in written and "| `almshouse` | Almshouse" in page
