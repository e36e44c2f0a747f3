"""The documentation: every generated page matches its snapshot, a few sentences say what the rules say, the
getting-started page runs, and the YAML reference covers every schema node with valid examples.

After a change to content or to boardrules/docgen/, look at the failing diff and, if it is what you meant,
regenerate the snapshots with:

    BOARDRULES_UPDATE_SNAPSHOTS=1 pytest tests/test_docs.py
"""
import difflib
import json
import os
import pathlib
import re
import shutil

import pytest

import recording

import boardrules
from boardrules import docgen
from boardrules.content.paths import data_dir

ROOT = pathlib.Path(__file__).resolve().parents[1]
SNAPSHOTS = pathlib.Path(__file__).resolve().parent / "snapshots"
UPDATE = os.environ.get("BOARDRULES_UPDATE_SNAPSHOTS") == "1"

try:
    PAGES = {p.path: p for p in docgen.make_pages(variants=docgen.variant_files(ROOT / "examples"))}
    BUILD_ERROR = None
except Exception as exc:  # noqa: BLE001 - reported by test_the_pages_build, not at collection
    PAGES, BUILD_ERROR = {}, exc
MARKDOWN = sorted(path for path, p in PAGES.items() if path.endswith(".md"))


def page(path):
    assert path in PAGES, f"no generated page {path}; pages: {', '.join(sorted(PAGES))}"
    return PAGES[path].text


def section(text, heading):
    """The text under a heading, up to the next heading of the same or a higher level."""
    level = len(heading) - len(heading.lstrip("#"))
    start = text.index(heading)
    rest = text[start + len(heading):]
    end = re.search(rf"^#{{1,{level}}} ", rest, re.M)
    return rest[: end.start()] if end else rest


# ------------------------------------------------------------------------------------------------ snapshots

def test_the_pages_build():
    assert BUILD_ERROR is None, f"docgen.make_pages() failed: {BUILD_ERROR!r}"
    assert len(MARKDOWN) > 10


@pytest.mark.parametrize("path", MARKDOWN)
def test_page_matches_its_snapshot(path):
    recording.check(SNAPSHOTS / path, PAGES[path].text, "BOARDRULES_UPDATE_SNAPSHOTS")


def test_no_stale_snapshots():
    found = sorted(str(p.relative_to(SNAPSHOTS)) for p in SNAPSHOTS.rglob("*.md")) if SNAPSHOTS.is_dir() else []
    stale = [p for p in found if p not in PAGES]
    if UPDATE:
        assert BUILD_ERROR is None, f"the pages did not build, so no snapshot is removed: {BUILD_ERROR!r}"
        for p in stale:
            (SNAPSHOTS / p).unlink()
            recording.REWRITTEN.append(f"{(SNAPSHOTS / p).relative_to(recording.ROOT)} (removed: no page now)")
        for d in sorted(SNAPSHOTS.rglob("*"), reverse=True):
            if d.is_dir() and not any(d.iterdir()):
                shutil.rmtree(d)
        return
    assert not stale, f"snapshots of pages that are no longer generated: {stale}"


def test_every_packaged_game_has_its_pages():
    for game_id in boardrules.available_games():
        turns = "roles" if boardrules.load(game_id).roles else "turns"      # a game with no roles: its turns
        for name in ("index", "setup", turns, "cards", "when", "end"):
            assert f"games/{game_id}/{name}.md" in PAGES
        cards = page(f"games/{game_id}/cards.md")
        for card in boardrules.load(game_id).cards:
            assert f"{{#card-{card.id}}}" in cards, f"{game_id}: {card.id} has no section on the cards page"


# ------------------------------------------------------------------------------------------------ hand-checked sentences

def test_smithy_makes_production_buildings_cheaper_by_one():
    cards = page("games/san_juan/cards.md")
    smithy = section(cards, "### Smithy")
    sentence = next(line for line in smithy.splitlines() if "building cost" in line)
    assert "production building" in sentence and "1" in sentence and "lower" in sentence


def test_palace_is_scored_last():
    scoring = section(page("games/san_juan/end.md"), "## Scoring")
    items = [line for line in scoring.splitlines() if re.match(r"\d+\. ", line)]
    assert "Palace" in items[-1] and "counted last" in items[-1]
    assert "Buildings" in items[0]
    assert "tie" in page("games/san_juan/end.md").lower() and "hand cards plus goods" in page("games/san_juan/end.md")


def test_tower_raises_the_hand_limit_at_round_start():
    start = section(page("games/san_juan/when.md"), "## Round start")
    assert "Tower" in start and "Your [hand limit](when.md#number-hand_limit) is 12." in start
    assert "Chapel" in start


def test_cards_act_in_the_phase_whose_steps_use_them():
    when = page("games/san_juan/when.md")
    builder = section(when, "## Builder phase")
    for name in ("Carpenter", "Poor House", "Smithy", "Quarry", "Crane", "Black Market"):
        assert name in builder, name
    assert "Aqueduct" in section(when, "## Producer phase") and "Aqueduct" not in builder
    assert "Library" in section(when, "## Every phase")
    assert "Gold Mine" in section(when, "## Prospector phase")


def test_two_player_role_order_and_round():
    overview = page("games/san_juan/index.md")
    assert "With 2 players the roles are chosen by the Governor, the other player and then the Governor again" \
        in overview
    assert "Discard from your hand down to your [hand limit](when.md#number-hand_limit)" in overview
    assert "The Governor passes 1 seat to the left." in overview


def test_roles_read_as_numbered_steps_with_their_privilege():
    builder = section(page("games/san_juan/roles.md"), "## Builder")
    assert "- Your [building cost](when.md#number-build_cost) is 1 lower." in builder
    assert "1. You may choose a building from your hand to build, if:" in builder
    assert "    - either it is a production building or you do not already own one like it;" in builder
    assert "Put the building you build into your city." in builder
    assert "chosen to" not in builder
    assert "Otherwise:" in builder
    end = page("games/san_juan/end.md")
    assert "At the end of the Builder phase" in end and "someone has 12 buildings" in end


def test_rules_choices_and_notes_show_where_they_apply():
    cards = page("games/san_juan/cards.md")
    assert "crane_keeps_covered" in section(cards, "### Crane")
    assert "With two players the Library works once per round" in section(cards, "### Library")
    assert "trading_tiles_shuffled" in page("games/san_juan/setup.md")
    assert "frozen" in page("games/san_juan/end.md")
    overview = page("games/san_juan/index.md")
    for choice in boardrules.load("san_juan").model.rules_choices:
        assert f"`{choice['id']}`" in overview


def test_the_options_page_gives_each_option_its_cards_and_its_rules_choices():
    options = page("games/puerto_rico/options.md")
    nobles = section(options, "## `nobles`")
    assert "### Cards with `nobles` (5 players)" in nobles
    assert "[Royal Garden](cards.md#card-royal_garden) | 0 | 1 |" in nobles     # one large building
    assert "[Jeweler](cards.md#card-jeweler) | 0 | 2 |" in nobles
    assert "`nobles_arrive`:" in nobles and "`cloister_sets`:" not in nobles
    assert "`cloister_sets`:" in section(options, "## `new_buildings`")
    assert "Presets that set it: `expansions`." in nobles
    assert "*(option [`nobles`](options.md#option-nobles))*" in page("games/puerto_rico/index.md")
    assert "[Options](options.md)" in page("games/puerto_rico/index.md")


def test_setup_lists_options_and_the_starting_position():
    setup = page("games/san_juan/setup.md")
    assert "`fair_start`" in setup
    assert "4 each" in setup and "1 each" in setup
    assert "1. Shuffle the trading-house stack." in setup


def test_variant_pages_compare_with_the_base():
    tweak = page("variants/tweak.md")
    assert "- Its effect now reads: Your hand limit is 14. Before: Your hand limit is 12." in tweak
    assert "- The hand limit is 8 (was 7)." in tweak
    rebalanced = page("variants/rebalanced.md")
    assert "Palace" in section(rebalanced, "### Cards removed")
    assert "- Its cost is 4 (was 5)." in section(rebalanced, "#### Library")
    assert "(before: 3 with 2–4 players;" in section(rebalanced, "#### Gold Mine")
    assert "Almshouse" in section(page("variants/new_building.md"), "### Cards added")
    scout = section(page("variants/new_role.md"), "### Roles added")
    assert "Scout" in scout and "Your Scout look is 2 higher." in scout
    assert "- The Scout look is a new number: 1 (`scout_look`)." in page("variants/new_role.md")


def test_docgen_is_generic():
    """Another game entirely (money, a market, no start-player title) gets readable pages too."""
    rules = boardrules.load(ROOT / "tests" / "games" / "market" / "game.yaml")
    pages = {p.path: p.text for p in docgen.GameDoc(rules, "games/market").pages()}
    # the variable the Mason binds reads as what it holds, on the card that uses it
    assert "After you buy, if the card you buy is a big card: add 2 to your money." in pages["games/market/cards.md"]
    assert "Mason" in pages["games/market/roles.md"]
    assert "Money" in pages["games/market/setup.md"]          # the counter appears in the starting position


def test_generate_writes_pages_and_schemas(tmp_path):
    pages = docgen.generate(tmp_path, variants=[])
    assert (tmp_path / "games" / "san_juan" / "cards.md").read_text(encoding="utf-8") == \
        PAGES["games/san_juan/cards.md"].text
    for schema in data_dir("schemas").glob("*.schema.json"):
        assert (tmp_path / "schemas" / schema.name).read_text(encoding="utf-8") == schema.read_text(encoding="utf-8")
    assert "No example variants" in (tmp_path / "variants" / "index.md").read_text(encoding="utf-8")
    nav = docgen.nav(pages)
    assert set(nav) == set(docgen.SECTION_PAGES)


# ------------------------------------------------------------------------------------------------ the YAML reference

def test_reference_covers_every_node_kind_and_form():
    schemas = {p.name: json.loads(p.read_text(encoding="utf-8")) for p in data_dir("schemas").glob("*.schema.json")}
    doc = docgen.SchemaDoc(schemas)
    for kind in schemas["defs.schema.json"]["$defs"]:
        text = page(f"reference/{kind}.md")
        for label, _ in doc.alternatives(kind):
            if label:
                assert f"## `{label}`" in text, f"{kind}: no section for {label}"
    assert "| `count` |" in section(page("reference/step.md"), "## `move`")


def test_reference_examples_are_valid():
    schemas = {p.name: json.loads(p.read_text(encoding="utf-8")) for p in data_dir("schemas").glob("*.schema.json")}
    doc = docgen.SchemaDoc(schemas)
    for kind, label, example, alt in doc.examples():
        errors = [e.message for e in doc.validator(alt).iter_errors(example)]
        assert not errors, f"the example of {kind} {label or ''} does not validate: {errors[:2]}"
    with_examples = [(kind, label) for kind in doc.defs for label, alt in doc.alternatives(kind) if alt.get("examples")]
    assert len(with_examples) > 50, "the schemas carry the reference's examples (boardrules/lang/grammar.py)"


# ------------------------------------------------------------------------------------------------ hand-written pages

def test_getting_started_runs(monkeypatch, capsys):
    monkeypatch.chdir(ROOT)
    text = (ROOT / "docs" / "getting-started.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert len(blocks) >= 5
    namespace = {}
    for i, block in enumerate(blocks):
        exec(compile(block, f"getting-started.md block {i + 1}", "exec"), namespace)
    out = capsys.readouterr().out
    assert "winners:" in out and "San Juan: bigger hands" in out


def test_site_configuration():
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert "docs/hooks.py" in config
    for placeholder in docgen.SECTION_PAGES:
        assert placeholder in config, f"mkdocs.yml has no nav entry {placeholder} for the generated pages"
    for name in re.findall(r":\s+([\w/-]+\.md)\s*$", config, re.M):
        assert name in docgen.SECTION_PAGES or (ROOT / "docs" / name).exists(), f"mkdocs.yml names a missing {name}"
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "mkdocs serve" in readme and "'.[docs]'" in readme
    assert "mkdocs build --strict" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_the_games_index_says_what_each_game_is_about():
    """Every row of the games index has its About cell filled (San Juan's was empty: its content had no description)."""
    rows = [line.split("|") for line in PAGES["games/index.md"].text.splitlines() if line.startswith("| [")]
    assert rows and all(cells[4].strip() for cells in rows), [cells[1] for cells in rows if not cells[4].strip()]


def test_names_in_another_language_are_marked_with_it():
    """A card's or role's Chinese name in a heading or a table is marked lang="zh", so that a browser picks a font
    that has its letters (issue 31: they showed as boxes) and a screen reader says them in Chinese."""
    cjk = re.compile(r"[\u4e00-\u9fff]+")
    unmarked = []
    for path, page in PAGES.items():
        if not path.startswith("games/") or not path.endswith((
                "cards.md", "roles.md")):
            continue
        for line in page.text.splitlines():
            if line.startswith("#") and "{#" in line or line.startswith("| ["):
                bare = re.sub(r'<span lang="zh">[^<]*</span>', "", line)
                unmarked += [f"{path}: {line[:80]}" for _ in cjk.findall(bare.split("|")[1] if line.startswith("|") else bare)]
    assert not unmarked, "\n".join(unmarked[:10])
