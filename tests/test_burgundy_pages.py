"""The Castles of Burgundy card game's rules pages read as its rulebook: a player who knows the game finds a turn,
the six actions with the value each needs and what workers do, each type's bonus and each building, the bonus
races, buying cards with silver, the round with its start-player card, and the scoring, said in a player's words
(issue 26). The pages are built from ``boardrules.docgen`` as tests/test_docs.py builds them."""
import html
import re

import pytest

from boardrules import docgen

PAGES = {p.path.rsplit("/", 1)[-1]: p.text for p in docgen.make_pages(["burgundy_cards"], variants=[])
         if p.path.startswith("games/burgundy_cards/")}


def reader(text: str) -> str:
    """Markdown as a reader sees it, on one line: links as their words, escapes and emphasis dropped."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = html.unescape(re.sub(r"\\(.)", r"\1", text)).replace("*", "")
    return " ".join(text.split())


def plain(name: str) -> str:
    """A page as one line of plain text, for whole-sentence checks."""
    return reader(PAGES[name])


def section(name: str, anchor: str) -> str:
    """The plain text under the heading with this anchor, up to the next heading."""
    text = PAGES[name]
    start = text.index("{#" + anchor + "}")
    end = re.search(r"^#{1,3} ", text[start:].split("\n", 1)[1], re.M)
    body = text[start:].split("\n", 1)[1]
    return reader(body[: end.start()] if end else body)


def test_the_game_has_its_pages():
    assert {"index.md", "setup.md", "turns.md", "cards.md", "end.md"} <= set(PAGES)


def test_a_turn_plays_a_hand_card_for_its_die_value():
    turn = section("turns.md", "procedure-turn")
    assert "Choose one of the cards in your hand." in turn
    assert "Discard it face up onto the discard pile." in turn
    assert "Its die value is the value you use; nothing else on the card matters." in turn
    assert "Use the value for one of the six actions." in turn


def test_workers_change_the_value_one_step_each_with_6_and_1_next_to_each_other():
    act = section("turns.md", "procedure-act")
    assert "each worker changes it by one step up or down, and 6 and 1 are next to each other" in act
    assert "one step up from 6 is 1, one step down from 1 is 6" in act


@pytest.mark.parametrize("sentence", [
    "Take a card from the display: the value must be the number of the card's row:",
    "Place a project into your estate: the value must be the project's die value:",
    "Sell goods: the value chooses the shade, 1 or 2 light goods, 3 or 4 medium, 5 or 6 dark:",
    "Take workers (any value) from the supply until you have 2",
    "Take 1 silver (any value) from the supply",
    "Turn workers and silver into points (any value",
])
def test_each_of_the_six_actions_is_said_with_the_value_it_needs(sentence):
    assert sentence in section("turns.md", "procedure-act")


def test_an_action_costs_one_worker_per_step_and_a_full_project_area_makes_room():
    act = section("turns.md", "procedure-act")
    assert "Return 1 worker to the supply for each step between the value and the card's row number." in act
    assert "Return 1 worker to the supply for each step between the value and the project's die value." in act
    assert "If you already have three projects, first discard one of them." in act


def test_selling_takes_silver_per_card_and_the_start_player_card():
    sell = section("turns.md", "procedure-sell")
    assert "Take 1 silver from the supply for each card sold" in sell
    assert 'Take the start-player card (even from yourself) and lay it "?" side up' in sell


def test_a_cloister_is_wild_and_every_type_and_building_has_its_bonus():
    place = section("turns.md", "procedure-place")
    assert "If the project is a cloister:" in place
    assert "the stack of any other type that already holds a card" in place
    bonus = section("turns.md", "procedure-bonus")
    for said in ("A castle gives a free action: choose any value from 1 to 6", "A silver mine gives 2 silver",
                 "A knowledge card gives 2 workers from the supply, however many you already have",
                 "A ship gives the top card of either goods pile", "A pasture gives the top card of either animal pile",
                 "A Carpenter's Workshop lets you take any building or knowledge card", "A Church lets you take any "
                 "castle, silver mine or cloister", "A Market lets you take any ship or pasture",
                 "A Watchtower gives 1 victory point card", "A Bank gives 3 silver",
                 "A Boarding House gives the top card of any one of the two goods piles and the two animal piles",
                 "A Warehouse sells one shade of goods", "A City Hall lets you place another of your projects"):
        assert said in bonus, said


def test_each_card_says_its_bonus_where_it_is_listed():
    church = section("cards.md", "card-church_4")
    assert "Placed in your estate, it lets you take any castle, silver mine or cloister from any row" in church
    assert "Any three buildings make a triple." in church
    assert "a cloister may join any stack that already holds a card" in section("cards.md", "card-cloister_2")


def test_the_bonus_races_are_said():
    races = section("turns.md", "procedure-claim_bonuses")
    assert "If your stack of a type now holds 3 cards or more and that type's \"1.\" bonus card is still on the " \
           "table, take it" in races
    assert "take the top card of the \"All 7\" stack (the 4 goes first, then the 3, the 2 and the 1)" in races


def test_buying_cards_with_silver():
    buy = section("turns.md", "procedure-buy")
    assert "you may return 3 silver to the supply to buy cards" in buy.lower()
    assert "Draw 3 cards from the draw deck and look at them." in buy
    assert "Keep one of them." in buy
    assert "Discard the other two cards." in buy
    assert "Otherwise: Otherwise" not in buy and not buy.rstrip().endswith("Otherwise:")


def test_the_round_and_the_start_player_card():
    index = plain("index.md")
    assert "Each round" in index and "Round start" not in index
    assert "as their own pile for the round (nobody may look at it, its owner included)" in index
    assert "Play six turns:" in index
    assert 'If the start-player card shows its "?" side (someone sold goods this round):' in index
    assert "The player holding it becomes the start player of the next round and turns it to its plain side." in index
    assert "The start-player card passes to the left: its new holder is the start player." in index
    assert "After the fifth round (E) the game ends at once" in index


def test_the_display_layout_and_the_setup():
    turns = plain("turns.md")
    assert "7 cards with 2 players, 10 with 3, 13 with 4" in turns
    assert "The first 6 go one to each row, to rows 1, 2, 3, 4, 5 and 6 in turn, whatever their die value" in turns
    setup = plain("setup.md")
    assert "the start player takes none, the last player in turn order takes 2, and every player in between takes 1" \
        in setup
    assert 'lays it plain side up (the side without the "?")' in setup
    assert "the roles are" not in setup          # a game without roles names none


def test_the_components_and_the_scoring_read_as_a_player_says_them():
    index = plain("index.md")
    assert "Action cards: 114 cards" in index
    assert "24 building (3 carpenters workshop, 3 church" in index
    assert "red back" not in index.lower()
    end = plain("end.md")
    assert "every full 3 cards of a stack in your estate score the points for a triple" in end
    assert "1 or 2 cards left over score nothing" in end


def test_no_generated_phrasing_is_left_on_the_rules_pages():
    for name in ("index.md", "setup.md", "turns.md", "end.md"):
        text = plain(name)
        for generated in ("the answer to", "The amount is", "red back", "Set the row the card lies in",
                          "minus 1 divided by 6", "your the "):
            assert generated not in text, (name, generated)


@pytest.mark.parametrize("option, choice, values", [
    ("on_pile_empty", "empty_pile", "split, borrow"),
    ("unlimited_supply", "supply_limits", "yes, no"),
])
def test_the_empty_pile_and_supply_readings_are_options_with_their_rules_choice(option, choice, values):
    """Rules choices A7 and A10 of COB-AMERIGO.md section 4: each is an option a player can switch; its part of the
    options page gives its values and quotes the rules choice, and the list of rules choices links to it."""
    part = reader(PAGES["options.md"].split("{#option-" + option + "}")[1].split("\n## ")[0])
    assert values in part
    assert f"`{choice}`:" in part
    assert f"`{choice}`{{#choice-{choice}}} *(option [`{option}`](options.md#option-{option}))*" in PAGES["index.md"]


def test_the_pages_say_where_each_reading_changes_play():
    assert ("Take the top card of either goods pile (of one that has a card) into your storage. 2. If the on pile "
            "empty option is split: - When a goods pile is empty, split the other one into two piles.") \
        in section("turns.md", "procedure-take_goods")
    assert '"borrow" leaves the empty pile empty' in section("options.md", "option-on_pile_empty")
    turns = plain("turns.md")
    assert "Take 1 silver (any value) from the supply, if one is left (always, with the unlimited supply option)." in turns
    assert ("A Bank gives 3 silver from the supply (as many as are left, unless you play with the unlimited supply "
            "option).") in turns
