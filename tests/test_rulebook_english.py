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
    # a number compared with another as code: "the city spaces of it is at most ...", "doubloons is at least ...",
    # "the colonists in the supply is less than ...", "where it is the same kind of card as ..."
    "code-style comparison": [r"\bthe [a-z ]+ of it\b",
                              r"(?:^|\b(?:[Ii]f|and|or) )[A-Za-z][a-z]+s is (?:at least|at most|more than|less than)\b",
                              r"\bthe [a-z]+s (?:in|on) the [a-z ]+ is (?:at least|at most|more than|less than)\b",
                              r"where it is the same kind of card as"],
    # a total or a count said as code: "if for some player, the total city spaces of their city is at least 12"
    "total said as code": [r"\b[Ff]or (?:some|no) player, the\b",
                           r"\bthe total [a-z ]+ of (?:your|their|the) [a-z ]+ is (?:at least|at most|more than|less than)\b"],
    # cards filtered as code: "for each of the different kinds of ...", "the goods supply where its good is ..."
    "filter said as code": [r"\b[Ff]or each of the different kinds of\b", r"\bwhere its [a-z ]+ (?:is|are)\b"],
    # an option said as a switch: "if the option `nobles` is on", "X if the option `swap` is on, else Y"
    "option said as code": [r"the option `[^`]+` is \w", r" if you play with the [a-z ]+ option and .*, else "],
    # a count of a shared place said as a number: "the number of cards in the pool is less than 4"
    "count said as code": [r"\bthe number of cards in the [a-z ]+ is (?:at least|at most|more than|less than)\b"],
    # a table whose value row does not say what the value is
    "unnamed table row": [r"^\|\s*Value\s*\|"],
    # (issue 40) a division said as a formula ("1 for every full 3 of the cubes plus 2" misreads a rounding up),
    # a rounding said in other words than a player's
    "formula-like division": [r"\bfor every full \d+ of\b", r"\(rounded (?!up\)|down\)|to the nearest)"],
    # a number said as code: "1 if the seat ... is your seat, else 0", "c1 plus 1", "... else 0."
    "number said as code": [r"\bis your seat, else\b", r", else 0\b", r"\b[a-z]+\d+ (?:plus|minus|times) \d"],
    # the machinery's words: ids, file names, seed numbers, bookkeeping counters, the flow
    "engine words": [r"\b[a-z]+_[a-z_]+\b", r"\b[\w-]+\.(?:yaml|yml|json|py)\b", r"\b[Ss]eeds? \d{3}\b",
                     r"\bIf the [a-z]+ is 0:", r"\bits flow runs out\b", r"\b[Aa]bilities that act\b.*\btake effect\b"],
    # a choice among many answers said as one sentence ("Choose blue or black or red or ...")
    "choice said as one sentence": [r"\bChoose (?:[\w-]+ or ){3,}"],
}
#: the kinds read without code spans, links and tags (the others see the sentence as written)
BARE = {"formula-like division", "number said as code", "engine words", "choice said as one sentence"}
#: what a sentence is read without: code spans (an id said as an id, on purpose), link targets, anchors and tags
UNSAID = re.compile(r"`[^`]*`|\]\([^)]*\)|\{#[^}]*\}|<[^>]*>")
#: a number bound in one step and used by the next as "that many" ("The amount is your cost. Pay that many coins."),
#: found on the page (the two steps are two list items, maybe with the table the first reads off between them)
SAID_TWICE = re.compile(r"^[ \t]*(?:\d+\.|-) The [a-z ]+ (?:is|are) [^\n]+\n(?:[ \t]*\n|[ \t]*\|[^\n]*\n)*"
                        r"[ \t]*(?:\d+\.|-) [A-Z]\w* that many\b", re.M)
#: the same with only cards put somewhere between the two ("The amount is its price. Put the card into the pile.
#: Take that many coins."): said apart, although nothing between changes the amount
PUT_BETWEEN = re.compile(r"^([ \t]*)(?:\d+\.|-) The [a-z ]+ (?:is|are) [^\n]+\n"
                         r"(?:(?:[ \t]*\n|[ \t]*\|[^\n]*\n)*\1(?:\d+\.|-) Put [^\n]+\n)+"
                         r"(?:[ \t]*\n|[ \t]*\|[^\n]*\n)*\1(?:\d+\.|-) [A-Z]\w* that many\b", re.M)
#: a phase whose players go round until all pass, said as its start (its turns are the phase's action)
TURNS_AS_START = re.compile(r"\*\*Start of the phase\*\*(?:(?!\*\*Action\*\*).)*round and round until all pass",
                            re.S)
#: the number of such sentences today; it may only go down (goal: 0)
RATCHET = 0


def pages():
    """The Markdown of every packaged game (options included: the pages say every option's cards and rules) and of
    every example variant."""
    out = docgen.make_pages(variants=docgen.variant_files(ROOT / "examples"))
    return [p for p in out if p.path.endswith(".md") and not p.path.startswith("reference/")]


def sentences(text):
    fenced = False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):     # a block of YAML shown as it is written (a variant's source)
            fenced = not fenced
            continue
        if fenced:
            continue
        yield from (s.strip() for s in re.split(r"(?<=[.:;])\s+(?=[A-Z\[])", line) if s.strip())


def offending(all_pages):
    found = []
    for page in all_pages:
        for m in [*SAID_TWICE.finditer(page.text), *PUT_BETWEEN.finditer(page.text)]:
            found.append((page.path, "amount said apart from its use", " / ".join(m.group(0).split("\n"))))
        for m in TURNS_AS_START.finditer(page.text):
            found.append((page.path, "turns said as the start of the phase", m.group(0)[-120:]))
        for said in sentences(page.text):
            bare = UNSAID.sub(" ", said)
            for kind, patterns in PATTERNS.items():
                if kind == "engine words" and page.path.endswith("/ids.md"):     # the ids page says ids on purpose
                    continue
                if any(re.search(p, bare if kind in BARE else said) for p in patterns):
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
    bad += ["You may choose a card to build, if the city spaces of it is at most the free spaces.",
            "If doubloons is at least your building cost:", "If the colonists in the supply is less than the need:",
            "Move all cards from your goods where it is the same kind of card as the good you keep.",
            "If the option `nobles` is on:", "It costs 8 if the option `swap` is on, else 7.",
            "| Value | 65 | 75 | 100 | 122 |",
            "If for some player, the total city spaces of their city is at least 12, the game ends.",
            "If the total victory points of your city is at least 40:",
            "For each of the different kinds of big cards in your hand with tokens on them:",
            "Move as many cards as your yield from the pool where its colour is the colour of that card.",
            "If the number of cards in the pile is at least 4:",
            "The price is its price with the swap if you play with the swap option and it has one, else its price."]
    # issue 40: roundings and formulas said as code, ids, file names, sources, bookkeeping, a long choice
    bad += ["Move your marker up 1 for every full 3 of the number of cubes in the area plus 2 spaces.",
            "The loss is half of the strength (rounded sideways).",
            "6. **Start-player card**: 1 if the seat of the player holding the card is your seat, else 0.",
            "The points are the cards moved plus your bonus if you have no shipments, else 0.",
            "Commodities: cotton times the number of cards in your tokens whose commodity is c1 plus 1.",
            "The order is the card order in action_cards.yaml.", "The pile is split again (seed 003).",
            "If the skip is 0:", "The game ends when its flow runs out.",
            "Abilities that act after you build take effect.", "Set your ships_out to 1.",
            "Choose blue or black or red or brown or gold to perform."]
    good40 = ["Move your marker up a third of the number of cubes in the area (rounded up) spaces.",
             "The loss is half of the strength (rounded up).", "6. **Start-player card**: 1 if you are the player "
             "holding the start-player card.", "Cotton times 1 more than your cotton production tokens.",
             "The game ends after the fifth round, and the players score.",
             "After you build, the [University](cards.md#card-university) acts (if you have it in play).",
             "- `phase_order`{#choice-phase_order}: The phases run blue, black, red.",
             "Choose what to perform from these:"]
    good = ["Set the chips to a number by player count (2 / 3 players: 65 / 75).",
            "If there are tokens in the pool:", "the number of big cards in your hand with tokens on them.",
            "You may choose a card to build, if its city spaces are at most the free spaces.",
            "If you have at least your building cost in doubloons:", "If there are at least 4 cards in the pile:",
            "If there are fewer colonists in the supply than the need:",
            "Move all cards from your goods of the same kind as the good you keep.",
            "If you play with the nobles option:", "If the new buildings option is draft or random:",
            "| Victory point chips left | 65 | 75 | 100 | 122 |", "| Less than | 1 | 2 | 2 | 3 |",
            "5. Pay coins to the bank equal to your building cost.",
            "- The points are the cards just moved.\n- Add 1 to your shipments.\n- Score that many points.",
            "If a player has at least 12 city spaces in their city, the game ends.", "If a player owns a Tower:",
            "For each kind of big card in your hand with tokens on it:",
            "Move as many tokens as your yield from the tokens in the pool whose colour is the colour of that card.",
            "**Start of the phase** (once):\n\n1. Take the coins.\n\n**Action** (the players in turn, round and "
            "round until all pass, starting with the chooser):"]
    good += good40
    page = type("P", (), {"path": "x.md", "text": "\n".join(bad + good)})
    assert len(offending([page])) == len(bad)
    turns = "**Start of the phase** (once):\n\n1. The players in turn, round and round until all pass:\n\n**Action**"
    assert [k for _, k, _ in offending([type("P", (), {"path": "x.md", "text": turns})])] == \
        ["turns said as the start of the phase"]
    twice = ["5. The amount is your building cost.\n6. Pay that many coins to the bank.",
             "- The amount is a number by player count (see the table).\n\n    | Players | 2 | 3 |\n    |---|---|---|\n"
             "    | Amount | 3 | 2 |\n\n- Take that many coins from the bank."]
    twice.append("    - The amount is its price plus your bonus.\n    - Put the card you sell into the pile.\n"
                 "    - Take that many coins from the bank.")
    for text in twice:
        assert [k for _, k, _ in offending([type("P", (), {"path": "x.md", "text": text})])] == \
            ["amount said apart from its use"], text


# ------------------------------------------------------------------------------------------------ nothing unsaid
# (issue 25, item 3) every part of the flow is said, the game end says once what is still played after the trigger,
# and no section is empty; ``docgen.check`` is what the site's build runs too.

from boardrules.docgen import check  # noqa: E402


def test_the_pages_are_consistent():
    found = check.problems(docgen.make_pages(variants=docgen.variant_files(ROOT / "examples")))
    assert not found, "\n".join(found)


def test_every_part_of_the_round_is_said():
    """Each packaged game's overview says every step its flow runs in a round, in order, and the role choice; the
    game end page says what is still played after each trigger."""
    out = docgen.make_pages(variants=[])
    for p in out:
        if not p.path.endswith("/index.md") or p.doc is None:
            continue
        shape = p.doc.flow_shape()
        text = check.plain(p.text)
        assert "nothing happens at the" not in text, p.path
        start = "Round start" if shape["choice"] is not None else "Each round"     # no role choice: the whole round
        for key, title in (("start", start), ("choice", "Choosing the roles"), ("end", "Round end")):
            if shape[key]:
                assert check.section(p.text, title).strip(), f"{p.path}: no {title} section"
        for node in shape["start"] + shape["end"]:
            first = check.plain(re.sub(r"^\s*(\d+\.|-) ", "", docgen.render_steps([node], say=p.doc.say)[0]))
            assert first in text, f"{p.path}: the flow step {node.path} ({first!r}) is not said"
        end = p.doc.end_triggers()
        if end:
            assert check.plain(p.doc.after_trigger(end[0][1].when)) in text, p.path


def test_a_flow_step_says_its_rule_text(tmp_path):
    """A ``rule_text`` on a step of the declared flow (``flow: [rounds: ...]``) replaces its sentence on the overview,
    and the round end of that flow is said in order; a flow with an end "after this round" says the round goes on."""
    text = (ROOT / "tests/games/harbor/game.yaml").read_text(encoding="utf-8")
    text = text.replace("- pass_start_player: 1",
                        "- {pass_start_player: 1, rule_text: \"the harbour master's flag <passes> [left]\"}")
    text = text.replace("        - for_each:\n            roles: unchosen",
                        "        - rule_text: a coin goes on each idle role\n"
                        "          for_each:\n            roles: unchosen")
    assert "rule_text: a coin" in text and "harbour master" in text
    game = tmp_path / "game.yaml"
    game.write_text(text.replace("$schema=../../../schemas/", "$schema=../schemas/"), encoding="utf-8")
    out = docgen.make_pages([game], variants=[])
    assert check.problems(out) == []
    index = next(p for p in out if p.path.endswith("/index.md") and p.doc is not None).text
    end = check.section(index, "Round end")
    assert "1. A coin goes on each idle role:\n    - Add 1 to coins on that role." in end     # a head over its steps
    assert "2. The harbour master's flag &lt;passes&gt; \\[left\\]." in end    # escaped: content text is text
    assert "the round is still played to its end" in check.section(index, "The end of the game")


def test_the_checks_catch_what_they_should():
    empty = "# Game\n\nText.\n\n## Round start\n\n## Roles\n\nA role.\n\n### Privileges\n"
    assert check.empty_sections(empty) == ["## Round start", "### Privileges"]
    assert check.empty_sections("# Game\n\n## Parts\n\n### One\n\nText.\n") == []
    both = ("- **At the end of a phase**: if the pool is empty, the game ends at the end of this round.\n\n"
            "When the game ends, the rest of the round is not played; the players score at once.\n")
    assert check.end_contradictions(both)
    one = "- the game ends at the end of this round and the rest of the round is not played.\n"
    assert check.end_contradictions(one)
    fine = ("- **At the end of a phase**: if the pool is empty, the game ends at the end of this round.\n\n"
            "Once the end is triggered, the round is still played to its end; then the players score.\n\n"
            '!!! info "Rules choice"\n\n    the rest of the round is not played (a content note).\n')
    assert check.end_contradictions(fine) == []
    assert check.placeholders("Nothing happens at the end of a round.", {"end": [object()]})
    assert check.placeholders("Nothing happens at the end of a round.", {"end": []}) == []
    content = {"round": {"end": [{"pass_start_player": 1, "rule_text": "the crown passes to the left"}]}}
    assert check.unsaid(content, "1. The crown passes to the [left](roles.md#left).") == []
    assert check.unsaid(content, "1. The start player passes 1 seat to the left.") == ["the crown passes to the left"]


def test_the_site_is_not_made_with_inconsistent_pages(tmp_path, monkeypatch):
    from boardrules.docgen import site
    bad = docgen.Page("games/x/end.md", "Game end", "# X\n\n## When the game ends\n\n## Scoring\n\nPoints.\n")
    monkeypatch.setattr(site, "make_pages", lambda games=None, variants=None: [bad])
    try:
        docgen.generate(tmp_path, games=[], variants=[])
    except docgen.InconsistentPages as exc:
        assert "'## When the game ends' is empty" in str(exc)
    else:
        raise AssertionError("generate() wrote pages with an empty section")
    assert not (tmp_path / "games").exists()


# ------------------------------------------------------------------------------------------------ said once
# (issue 25, leftovers) an amount is said in the sentence that uses it, a counter compared with an amount as what
# you have, an option as what you play with, and bookkeeping as the rule a player reads

def _harbor(tmp_path, action_tail, procedure="  earn:\n    text: gain that many money\n    do:\n"
                                             "      - add: {counter: money, value: $amount}\n"):
    text = (ROOT / "tests/games/harbor/game.yaml").read_text(encoding="utf-8")
    anchor = "      - move: {card: $card, to: {zone: yard}}\n"
    assert anchor in text and "procedures:\n" in text
    text = text.replace(anchor, anchor + action_tail, 1).replace("procedures:\n", "procedures:\n" + procedure, 1)
    game = tmp_path / "game.yaml"
    game.write_text(text.replace("$schema=../../../schemas/", "$schema=../schemas/"), encoding="utf-8")
    out = docgen.make_pages([game], variants=[])
    return check.plain(next(p.text for p in out if p.path.endswith("/roles.md")))


def test_an_amount_is_said_where_it_is_used(tmp_path):
    let = "      - {let: {amount: {count: {zone: market}}}}\n      - {call: earn}\n"
    roles = _harbor(tmp_path, let)
    assert "gain money equal to the number of cards in the market." in roles
    assert "the amount is" not in roles and "that many" not in roles.split("in detail")[0]
    # a later step reads the amount too: the sentence that binds it stays
    roles = _harbor(tmp_path, let + "      - {add: {counter: money, value: $amount}}\n")
    assert "the amount is the number of cards in the market." in roles and "gain that many money." in roles


def test_puerto_rico_builder_and_mayor_read_as_the_rulebook():
    import boardrules
    roles = next(p.text for p in docgen.GameDoc(boardrules.load("puerto_rico"), "games/puerto_rico").pages()
                 if p.path.endswith("roles.md"))
    builder = check.plain(roles.split("## Builder")[1].split("## Craftsman")[0])
    assert "its city spaces are at most the free spaces" in builder
    assert "you have at least your building cost in doubloons" in builder
    assert "pay doubloons to the bank equal to your building cost." in builder
    mayor = roles.split("## Mayor")[1].split("## Builder")[0]
    end = mayor.split("**End of the phase**")[1].split("**Cards that act")[0]
    steps = [line for line in end.splitlines() if re.match(r"\s*(\d+\.|-) ", line)]
    assert len(steps) == 2, end       # the refill, and the game end it may trigger
    assert "Refill the colonist ship" in steps[0] and "the game ends at the end of this round" in steps[1]
    assert not re.search(r"The [a-z ]+ (is|are) the (larger|smaller) of", mayor)
    assert "If you play with the" not in mayor      # taking colonists back: said by the choice, nobles included
    start = mayor.split("**Start of the phase**")[1].split("**Action**")[0]
    assert "handed out one at a time" in start and not start.rstrip().endswith(":")


def test_an_amount_is_said_where_it_is_used_past_a_card_put_aside(tmp_path):
    """A card put into a zone the amount cannot see, between working out the amount and using it, leaves the amount
    to the sentence that uses it ("put the card into your crates; gain money equal to ..."); a zone the amount counts
    keeps it apart, since the card moved first would change it."""
    put = "      - {move: {card: $card, to: {zone: hold}}}\n"
    roles = _harbor(tmp_path, "      - {let: {amount: {count: {zone: docks}}}}\n" + put + "      - {call: earn}\n")
    assert "gain money equal to the number of cards in the docks." in roles
    assert "the amount is" not in roles and "that many" not in roles.split("in detail")[0]
    assert roles.index("into your crates.") < roles.index("gain money equal to")       # still in the order played
    roles = _harbor(tmp_path, "      - {let: {amount: {count: {zone: hold}}}}\n" + put + "      - {call: earn}\n")
    assert "the amount is the number of cards in your crates." in roles and "gain that many money." in roles


def test_turns_in_the_start_of_a_phase_are_its_action(tmp_path):
    """A role whose start of the phase gives the players turns round and round (the harbor's Loader) says those
    turns under "Action", with how they go round, and nothing of them under "Start of the phase"."""
    game = ROOT / "tests/games/harbor/game.yaml"
    out = docgen.make_pages([game], variants=[])
    roles = next(p.text for p in out if p.path.endswith("/roles.md"))
    loader = roles.split("## Loader")[1].split("\n## ")[0]
    start = loader.split("**Start of the phase**")[1].split("**Action**")[0]
    assert "round and round" not in start and start.strip()
    action = loader.split("**Action**")[1].split("**End of the phase**")[0]
    assert action.startswith(" (the players in turn, round and round until all pass, starting with the chooser):")
    assert "load" in action.lower()
    assert "**End of the phase** (once the turns are over):" in loader


def test_puerto_rico_trader_craftsman_captain_and_builder_end_read_as_the_rulebook():
    import boardrules
    pages = {p.path.rsplit("/", 1)[-1]: p.text
             for p in docgen.GameDoc(boardrules.load("puerto_rico"), "games/puerto_rico").pages()}
    roles = pages["roles.md"]
    builder = check.plain(roles.split("## Builder")[1].split("## Craftsman")[0])
    assert "if a player has at least 12 city spaces in their city, the game ends at the end of this round." in builder
    assert "for some player" not in builder and "total city spaces" not in builder
    assert "if a player has at least 12 city spaces in their city" in check.plain(pages["end.md"])
    trader = check.plain(roles.split("## Trader")[1].split("## Captain")[0])
    assert "take doubloons from the bank equal to the price at the trading house of the good you sell plus" in trader
    assert "the amount is" not in trader and "that many" not in trader
    craftsman = check.plain(roles.split("## Craftsman")[1].split("## Trader")[0])
    assert "for each kind of crop plantation in your island with colonists on it:" in craftsman
    assert "move as many goods as your production of that crop from the goods in the goods supply whose good is " \
        "the good of that crop" in craftsman
    assert "where its" not in craftsman and "different kinds of" not in craftsman
    captain = roles.split("## Captain")[1].split("\n## ")[0]
    start = captain.split("**Start of the phase**")[1].split("**Action**")[0]
    action = captain.split("**Action**")[1].split("**End of the phase**")[0]
    end = captain.split("**End of the phase**")[1].split("**Cards that act")[0]
    assert "Ship one kind of goods" not in start and "Ship one kind of goods" in action      # shipping: the action
    assert "to keep" in end and "to keep" not in action                                      # storing: the end
    assert end.index("to keep") < end.index("For each of the cargo ships")        # in the order they are played
    terms = check.plain(roles.split("### Terms used above")[1])
    assert "small wharf" not in terms       # a noun bound elsewhere to the same variable name does not leak in
    assert "your own ship (a wharf you have not used this phase): the own ship buildings in your city, if " in terms
    assert "where it is one of the cargo ships that take that kind of good" in terms
    assert "your goods you load on that ship are more than your goods you load on it" in terms


def test_puerto_rico_price_swap_ships_trading_house_and_storing_read_as_the_rulebook():
    """The last four sentences issue 25 named: the University/Factory price swap is the cards' printed cost, not
    an if/else in every rule that reads a cost; the ships that take a good are defined as a player says it; the
    trading house's count reads "there are fewer than 4"; the Captain's storing does not open with a bare moment."""
    import boardrules
    pages = {p.path.rsplit("/", 1)[-1]: p.text
             for p in docgen.GameDoc(boardrules.load("puerto_rico"), "games/puerto_rico").pages()}
    roles, cards = pages["roles.md"], check.plain(pages["cards.md"])
    assert "price swap" not in check.plain(roles.split("### Terms used above")[1])
    assert "the empty violet spaces of that building's price: the empty violet spaces of the building board whose " \
        "cost is the cost of the building you put on the building board." in check.plain(roles)
    assert "cost: cost (with the university factory swap option, the cost with the university-factory price swap " \
        "instead, where a card has one)" in cards
    assert "the cargo ships that take that kind of good: the cargo ships with room left that already carry that " \
        "kind of good; while no cargo ship carries it, the empty ones." in check.plain(roles)
    trader = check.plain(roles.split("## Trader")[1].split("## Captain")[0])
    assert "there are fewer than 4 cards in the trading house" in trader
    assert "if there are at least 4 cards in the trading house:" in trader
    assert "the number of cards" not in trader
    end = check.plain(roles.split("## Captain")[1].split("**End of the phase**")[1].split("**Cards that act")[0])
    assert "before you store your goods, the cards that act at the start of each of your turns (the guesthouse) " \
        "act once more." in end
