"""The rules pages read as a rulebook: no table said as a formula ("65 if it is 2, 75 if it is 3, ..., 0 otherwise")
and no condition said as code ("where it is ... and colonists on it is at least 1", "is more than 0", "You first
if", "the amount is 1; take that many"), on the pages of every packaged game and of every example variant.

The count of such sentences may only go down: ``RATCHET`` is today's count (the goal is 0). When a change brings it
down, lower ``RATCHET`` to the new count the failure message prints.
"""
import pathlib
import re

from boardrules import docgen

ROOT = pathlib.Path(__file__).resolve().parents[1]

#: sentences that say a table as a formula, or a condition as code
PATTERNS = {
    "formula-style table": [r"if it is \d+.*otherwise", r"\bif it is \d+, "],
    "code-style condition": [r"where it is .* and .* on it is", r"is more than 0", r"\bYou first if\b",
                             r"the amount is \d+; take that many"],
}
#: the number of such sentences today; it may only go down (goal: 0)
RATCHET = 9


def pages():
    """The Markdown of every packaged game (options included: the pages say every option's cards and rules) and of
    every example variant."""
    out = docgen.make_pages(variants=docgen.variant_files(ROOT / "examples"))
    return [p for p in out if p.path.endswith(".md") and not p.path.startswith("reference/")]


def sentences(text):
    for line in text.splitlines():
        yield from (s.strip() for s in re.split(r"(?<=[.:;])\s+(?=[A-Z\[])", line) if s.strip())


def offending(all_pages):
    found = []
    for page in all_pages:
        for said in sentences(page.text):
            for kind, patterns in PATTERNS.items():
                if any(re.search(p, said) for p in patterns):
                    found.append((page.path, kind, said))
                    break
    return found


def test_every_game_and_variant_is_documented():
    paths = {p.path for p in pages()}
    for game in ("san_juan", "puerto_rico", "san_juan_1897"):
        assert f"games/{game}/roles.md" in paths
    for variant in docgen.variant_files(ROOT / "examples"):
        assert f"variants/{variant.stem}.md" in paths


def test_rules_read_as_a_rulebook():
    found = offending(pages())
    for path, kind, said in found:
        print(f"{path}: {kind}: {said[:240]}")
    assert len(found) <= RATCHET, (
        f"{len(found)} sentences say a table as a formula or a condition as code (at most {RATCHET}); "
        "see the printed list")
    if len(found) < RATCHET:
        print(f"fewer than the ratchet: lower RATCHET to {len(found)}")


def test_the_patterns_catch_what_they_should():
    bad = ["Set the chips to 65 if it is 2, 75 if it is 3, 0 otherwise, counting the number of players.",
           "the number of cards in your hand where it is a big card and tokens on it is at least 1.",
           "If the tokens in the pool is more than 0:", "You first if there are tokens: take 1.",
           "You first the amount is 1; take that many coins from the bank."]
    good = ["Set the chips to a number by player count (2 / 3 players: 65 / 75).",
            "If there are tokens in the pool:", "the number of big cards in your hand with tokens on them."]
    page = type("P", (), {"path": "x.md", "text": "\n".join(bad + good)})
    assert len(offending([page])) == len(bad)
