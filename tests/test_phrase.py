"""Rules text as structured tokens: a compiled text is plain text for logs and bots, and keeps what it names."""
import pickle

import boardrules
from boardrules.model.phrase import Phrase, Tok, capital, joined, ph, render


def test_a_phrase_is_its_plain_text_and_keeps_its_tokens():
    cost = Tok("building cost", "quantity", "build_cost")
    said = ph("your ", cost, " is ", Tok("1", "number", 1), " lower")
    assert said == "your building cost is 1 lower" and isinstance(said, str)
    assert [(t.kind, t.ref) for t in said.tokens] == [("quantity", "build_cost"), ("number", 1)]
    longer = joined(" and ", [said, ph("you own a ", Tok("Crane", "card", "crane"))])
    assert longer == "your building cost is 1 lower and you own a Crane"
    assert [t.ref for t in longer.tokens] == ["build_cost", 1, "crane"]
    assert render(longer, lambda t: f"<{t.kind}>") == "your <quantity> is <number> lower and you own a <card>"


def test_capital_keeps_a_leading_token():
    start = capital(ph(Tok("the start player", "player", "start_player"), " passes"))
    assert start == "The start player passes" and start.tokens[0].ref == "start_player"


def test_phrases_and_tokens_survive_pickling():
    said = ph("pay ", Tok("2", "number", 2))
    back = pickle.loads(pickle.dumps(said))
    assert back == said and isinstance(back, Phrase) and back.tokens[0].ref == 2


def test_compiled_rules_text_names_cards_roles_and_numbers():
    m = boardrules.load("san_juan").model
    smithy = m.types[m.type_index["smithy"]]
    assert smithy.texts[0] == "Your building cost is 1 lower when the building you build is a production building."
    assert ("quantity", "build_cost") in [(t.kind, t.ref) for t in smithy.texts[0].tokens]
    builder = m.roles[m.role_index["builder"]]
    assert ("quantity", "build_cost") in [(t.kind, t.ref) for t in builder.action_text.tokens]
    # a text made with no token is still a plain str: logs and bots see the same words as before
    assert str(builder.action_text).startswith("you may choose a building from your hand to build")


def test_a_variable_is_named_by_its_choice_only_when_nothing_else_binds_it():
    """$card is only ever the Builder's choice: cards that read it say 'the building you build'. Puerto Rico's
    $tile is chosen by the Settler but also drawn by the Hacienda (a for_each): the Forest House, which reacts to
    both, must not call it 'the plantation or quarry you take'."""
    pr = boardrules.load("puerto_rico").model
    forest = pr.types[pr.type_index["forest_house"]]
    placed = [t for t in forest.texts if t.startswith("When a plantation comes onto your island")]
    assert placed and "the tile is a crop plantation" in placed[0] and "you take" not in placed[0]
    sj = boardrules.load("san_juan").model
    assert "the building you build" in sj.types[sj.type_index["quarry"]].texts[0]


def test_an_on_off_counter_reads_as_what_holds():
    sj = boardrules.load("san_juan").model
    library = sj.types[sj.type_index["library"]].texts
    assert "if the number of players is 2 and you have not used the Library this round:" in library[0]
    assert library[1].endswith("or you doubled this privilege with the Library.")


def test_a_table_is_a_token_whose_plain_text_is_its_short_row():
    import pickle

    from boardrules.model.phrase import Table, Tok, ph, table_tok
    rows = [(str(n), Tok(str(v), "number", v)) for n, v in ((2, 65), (3, 75), (4, 100))]
    tok = table_tok(Table("player count", "Players", rows, unit="players"))
    said = ph("Set the chips to ", tok, ".")
    assert str(said) == "Set the chips to a number by player count (2 / 3 / 4 players: 65 / 75 / 100)."
    assert said.tokens[0].kind == "table" and said.tokens[0].ref.rows[1][1] == "75"
    by_count = Table("the number of cards in your hand", "Cards in your hand", [("1 or fewer", "0"), ("2 or more", "3")])
    assert by_count.row() == "1 or fewer: 0, 2 or more: 3"
    again = pickle.loads(pickle.dumps(said))
    assert again == said and again.tokens[0].ref.row() == tok.ref.row()


def test_lookups_and_player_count_ifs_read_as_tables():
    import boardrules
    setup = next(p.text for p in __import__("boardrules.docgen", fromlist=["x"]).GameDoc(
        boardrules.load("puerto_rico"), "games/puerto_rico").pages() if p.path.endswith("setup.md"))
    assert "a number by player count (see the table)" in setup
    assert "| Players | 2 | 3 | 4 | 5 |" in setup and "| Victory point chips left | 65 | 75 | 100 | 122 |" in setup
    assert "otherwise, counting" not in setup
