"""Pieces made of squares (the pieces family): a card's shape, its orientations, the cells it covers on a grid, the
number of its squares in rules, and the shapes the loader refuses, on the engine's test game (tests/games/pieces)."""
import pathlib

import pytest

import boardrules
from boardrules import ContentError, docgen
from boardrules.model import pieces as P
from boardrules.testing import position

GAME = pathlib.Path(__file__).parent / "games" / "pieces" / "game.yaml"


@pytest.fixture(scope="module")
def rules():
    return boardrules.load(str(GAME))


@pytest.mark.parametrize("rows, turns", [
    (["#"], 1), (["##"], 2), (["###"], 2), (["##", "#."], 4), (["####"], 2), (["##", "##"], 1),
    (["#.#", "###"], 4), (["###", "###"], 2), (["###", ".#."], 4),
])
def test_a_piece_has_as_many_orientations_as_its_turns_make_different(rows, turns):
    assert len(P.orientations(P.squares(rows))) == turns


def test_for_pieces_that_look_the_same_in_a_mirror_turning_over_adds_nothing_and_for_others_it_does():
    # the monomino, domino, straight and L trominoes, straight and square tetrominoes, the U pentomino and the 2 x 3
    # rectangle: each mirror image is one of the turns
    for rows in (["#"], ["##"], ["###"], ["##", "#."], ["####"], ["##", "##"], ["#.#", "###"], ["###", "###"]):
        cells = P.squares(rows)
        assert len(P.orientations(cells, mirror=True)) == len(P.orientations(cells))
    # the L tetromino and the S tetromino are not their own mirror images
    assert len(P.orientations(P.squares(["#.", "#.", "##"]), mirror=True)) == 8
    assert len(P.orientations(P.squares([".##", "##."]), mirror=True)) == 4


def test_four_quarter_turns_bring_a_piece_back_and_each_turn_keeps_its_squares():
    cells = P.squares(["#..", "###"])
    turned = cells
    for _ in range(4):
        turned = P.normalised((c, -r) for r, c in turned)
        assert len(turned) == len(cells)
    assert turned == cells


def test_a_placement_covers_the_cells_under_its_squares_and_none_off_the_grid():
    bend = P.squares(["##", "#."])       # (0,0) (0,1) (1,0)
    # a 4 x 3 grid: cell r * 4 + c
    assert P.lies_on(bend, anchor=5, width=4, height=3) == [5, 6, 9]
    assert P.lies_on(bend, anchor=3, width=4, height=3) is None       # would run past the right edge
    assert P.lies_on(bend, anchor=9, width=4, height=3) is None       # would run past the bottom
    # an orientation whose first square is not its top-left corner is laid by that first square
    turned = P.orientations(bend)[1]
    cells = P.lies_on(turned, anchor=1, width=4, height=3)
    assert cells is not None and len(cells) == 3 and 1 in cells


def test_the_score_counts_the_squares_of_the_pieces_in_hand(rules):
    g = position(rules, 2, zones={"hand": {0: ["cup", "block", "dot"], 1: ["bar"]}})
    # cup 5 + block 4 + dot 1 = 10 squares, and one piece of exactly four squares: 2 more
    assert g.scores()[0]["parts"] == {"squares": 10, "fours": 2}
    assert g.scores()[1]["parts"] == {"squares": 3, "fours": 0}


def test_random_games_finish_and_round_trip(rules):
    for seed in range(5):
        g = rules.new_game(3, seed=seed)
        while not g.is_over:
            g.apply(g.legal_actions()[seed % len(g.legal_actions())])
        assert rules.game_from_json(g.to_json()).to_json() == g.to_json()
        assert sum(s["parts"]["squares"] for s in g.scores()) <= 1 * 2 + 3 * 2 + 3 * 2 + 4 + 5


def test_the_cards_page_draws_each_piece_and_says_its_squares(rules):
    pages = {p.path.rsplit("/", 1)[-1]: p.text for p in docgen.GameDoc(rules, "g").pages()}
    cup = pages["cards.md"].split("{#card-cup}")[1].split("###")[0]
    assert '<svg class="piece"' in cup and "(5 squares)" in cup and cup.count("<rect ") == 5


@pytest.mark.parametrize("shape, message", [
    ('["#.", ".#"]', "1 of its 2 squares are cut off"),          # corner to corner only
    ('["##", "x#"]', "only '#' and '.', not 'x'"),
    ('["..", ".."]', "at least one square"),
    ('["' + "#" * 13 + '"]', "at most 12 rows of 12"),
    ("[]", "a list should be non-empty"),
])
def test_a_shape_that_is_not_a_piece_is_a_content_error_at_its_card(tmp_path, shape, message):
    text = GAME.read_text()
    old = '{id: bend, name: Bend, copies: 2, shape: ["##", "#."]}'
    assert old in text
    path = tmp_path / "game.yaml"
    path.write_text(text.replace(old, '{id: bend, name: Bend, copies: 2, shape: ' + shape + '}'))
    with pytest.raises(ContentError) as err:
        boardrules.load(str(path))
    assert message in str(err.value) and "game.yaml:20:" in str(err.value)


def test_squares_needs_a_shape_attribute(tmp_path):
    text = GAME.read_text().replace("  shape: {type: shape, text: shape}", "  shape: {type: string, text: shape}")
    text = text.replace('shape: ["#"]', 'shape: "#"').replace('shape: ["###"]', 'shape: "###"')
    text = text.replace('shape: ["##", "#."]', 'shape: "L"').replace('shape: ["##", "##"]', 'shape: "O"')
    text = text.replace('shape: ["#.#", "###"]', 'shape: "U"')
    path = tmp_path / "game.yaml"
    path.write_text(text)
    with pytest.raises(ContentError) as err:
        boardrules.load(str(path))
    assert "no attribute is declared with 'type: shape'" in str(err.value)
