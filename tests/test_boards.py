"""A grid board laid from rotatable tiles (the boards family), on the engine's own test game (tests/games/grid): two
3 x 3 tiles side by side, west and east, whose land joins across the seam. Each turn a player moves their piece
through the water (up to 2 steps), then puts a marker on an empty land cell; filling a region scores its size.

The 2-player board, rows from the top (r1..r3), columns c1..c6, `~` water, `a` water marked anchor, `t` land marked
site (it needs an anchor beside it), `1` land with an item:

    ~~~ ~~~
    ~.. ..~
    1a. ta~
"""
import json
import pathlib
import re

import pytest

import boardrules
from boardrules import ContentError, RulesError, StateError
from boardrules.model import boards as B
from edits import edited
from random_games import kernel_game, plain_and_generated, played_with_saves

GAME = pathlib.Path(__file__).parent / "games" / "grid" / "game.yaml"
WEST = '      - "~~~"\n      - "~.."\n      - "1a."\n'
EAST = '      - "~~~"\n      - "..~"\n      - "ta~"\n'


@pytest.fixture(scope="module")
def rules():
    return boardrules.load(str(GAME))


def variant(tmp_path, old, new):
    return edited(GAME, tmp_path, old, new)


def board(g):
    return g.to_json()["boards"]["main"]


def cell(name, width=6):
    r, c = map(int, re.fullmatch(r"r(\d+)c(\d+)", name).groups())
    return (r - 1) * width + c - 1


def tile(*rows):
    """A grid of Cells from rows of the test game's legend."""
    legend = {"~": B.Cell(False), ".": B.Cell(True), "a": B.Cell(False, "anchor"),
              "t": B.Cell(True, "site", "anchor"), "1": B.Cell(True, item="one")}
    return [[legend[ch] for ch in row] for row in rows]


# ---------------------------------------------------------------- geometry
def test_turning_a_tile_four_times_gives_it_back_and_a_quarter_turn_moves_cells_clockwise():
    grid = [[(r, c) for c in range(3)] for r in range(3)]
    assert B.rotate(grid, 360 - 0) == grid and B.rotate(grid, 0) == grid
    once = grid
    for _ in range(4):
        once = B.rotate(once, 90)
    assert once == grid
    turned = B.rotate(grid, 90)
    assert turned[0] == [(2, 0), (1, 0), (0, 0)]        # the left column, read upwards, is the top row
    assert turned[0][2] == (0, 0)                        # the top left corner goes to the top right
    assert B.rotate(grid, 180)[2][2] == (0, 0) and B.rotate(grid, 270)[2][0] == (0, 0)
    for degrees in B.ROTATIONS:     # where a cell goes, as the laid board reads it, is where rotate puts it
        turned = B.rotate(grid, degrees)
        for r in range(3):
            for c in range(3):
                rr, cc = B.rotated_position(3, r, c, degrees)
                assert turned[rr][cc] == (r, c)


def test_a_board_laid_with_a_turned_tile_puts_its_cells_where_the_turn_says():
    east = tile("~~~", "..~", "ta~")
    laid = B.lay({"w": tile("~~~", "~..", "1a."), "e": east}, [("w", 0), ("e", 180)], 2, False)
    # east turned half way: its bottom left site is now at its top right: r1c6
    assert laid.cells[cell("r1c6")].mark == "site" and laid.cells[cell("r1c5")].mark == "anchor"
    assert laid.origin[cell("r1c6")] == (1, 2, 0)        # slot 1, row 3, column 1 of the unturned tile


def test_regions_join_across_a_tile_seam_and_water_moves_four_ways(rules):
    laid = B.lay({"w": tile("~~~", "~..", "1a."), "e": tile("~~~", "..~", "ta~")}, [("w", 0), ("e", 0)], 2, True)
    regions = B.regions(laid)
    big = next(r for r in regions if cell("r2c2") in r)
    assert sorted(big) == sorted(cell(n) for n in ("r2c2", "r2c3", "r3c3", "r2c4", "r2c5", "r3c4"))
    assert [cell("r3c1")] in regions and len(regions) == 2
    assert B.problems(laid) == []
    graph = B.movement_graph(laid)
    # border nodes, after the 18 cells, clockwise from the top left: above west (18), above east, right of east,
    # below east, below west, left of west (23); a corner cell lies on two outer edges
    assert len(laid.border) == 2 * (1 + 2)      # one border node per outer tile edge
    assert sorted(graph.links[cell("r1c1")]) == sorted([cell("r1c2"), cell("r2c1"), 18, 23])
    assert sorted(graph.links[22]) == sorted([cell("r3c2"), 21, 23])       # below west: the anchor, the ring
    assert sorted(graph.links[18]) == sorted([cell(n) for n in ("r1c1", "r1c2", "r1c3")] + [19, 23])


def test_a_piece_passes_through_taken_water_but_does_not_stop_on_a_full_cell():
    laid = B.lay({"w": tile("~~~", "...", "...")}, [("w", 0)], 1, False)      # water only on the top row
    graph = B.movement_graph(laid)
    taken = {1}
    ends = B.reachable(graph, 0, 2, lambda n: n in taken)
    assert ends == [2]          # r1c3, through the taken r1c2; r1c2 itself is not an end
    assert B.reachable(graph, 0, 1, lambda n: n in taken) == []        # the budget: one step reaches only r1c2
    assert B.reachable(graph, 0, 2, lambda n: False) == [1, 2]


# ---------------------------------------------------------------- the validator, at load
def located(err, line=None) -> bool:
    found = re.search(r"game\.yaml:(\d+):\d+", str(err.value))
    return found is not None and (line is None or int(found.group(1)) == line)


def line_of(path, text):
    return next(i for i, ln in enumerate(path.read_text().splitlines(), 1) if text in ln)


def test_water_shut_in_by_land_is_a_content_error_at_the_tile_row(tmp_path):
    path = variant(tmp_path, WEST, '      - "..."\n      - ".~."\n      - "..."\n')
    with pytest.raises(ContentError) as err:
        boardrules.load(str(path))
    assert "enclosed by land" in str(err.value) and located(err, line_of(path, '".~."'))


def test_land_that_meets_across_a_seam_only_at_a_corner_is_a_content_error(tmp_path):
    path = variant(tmp_path, WEST + "  east:\n    rows:\n" + EAST,
                   '      - "~~~"\n      - "~~~"\n      - "~~."\n'
                   '  east:\n    rows:\n      - "~~~"\n      - ".~~"\n      - "~~~"\n')
    with pytest.raises(ContentError) as err:
        boardrules.load(str(path))
    # (the two cells: r3c3 of the west tile and r2c4 of the east one, named at the upper one's row)
    assert "only diagonally across a seam" in str(err.value) and located(err, line_of(path, '".~~"'))


def test_a_site_without_the_anchor_it_needs_is_a_content_error(tmp_path):
    path = variant(tmp_path, EAST, '      - "~~~"\n      - "..~"\n      - "t~~"\n')
    with pytest.raises(ContentError) as err:
        boardrules.load(str(path))
    assert "needs a neighbour marked 'anchor'" in str(err.value) and located(err, line_of(path, '"t~~"'))


def test_tiles_of_unequal_sizes_and_rows_of_the_wrong_length_are_content_errors(tmp_path):
    path = variant(tmp_path, EAST, '      - "~~~~"\n      - "..~~"\n      - "ta~~"\n      - "~~~~"\n')
    with pytest.raises(ContentError) as err:
        boardrules.load(str(path))
    assert "all one size" in str(err.value) and located(err)
    path = variant(tmp_path, EAST, '      - "~~~"\n      - "..~~"\n      - "ta~"\n')
    with pytest.raises(ContentError) as err:
        boardrules.load(str(path))
    assert "this one has 4" in str(err.value) and located(err, line_of(path, '"..~~"'))
    path = variant(tmp_path, EAST, '      - "~~~"\n      - "..~"\n      - "tx~"\n')
    with pytest.raises(ContentError) as err:
        boardrules.load(str(path))
    assert "'x' is not in the legend" in str(err.value) and located(err, line_of(path, '"tx~"'))


def test_unknown_boards_tiles_and_events_are_content_errors(tmp_path):
    for old, new, said in (("lay_board: main", "lay_board: mian", "unknown board 'mian'"),
                           ("[[west, east]]", "[[west, eest]]", "unknown tile 'eest'"),
                           ("on_full: region_filled", "on_full: region_full", "unknown event 'region_full'")):
        with pytest.raises(ContentError) as err:
            boardrules.load(str(variant(tmp_path, old, new)))
        assert said in str(err.value) and located(err)


def test_a_random_layout_that_never_keeps_the_rules_stops_the_set_up_clearly(tmp_path):
    # a tile that shuts water in, whichever way it is turned
    path = variant(tmp_path, EAST + "\n", EAST + '  lake:\n    rows:\n      - "..."\n      - ".~."\n      - "..."\n\n')
    path.write_text(path.read_text().replace("{tile: east, rotation: random}", "{tile: lake, rotation: random}"))
    rules = boardrules.load(str(path))       # the 2-player layout is fine; the 3-player one is drawn in play
    assert rules.new_game(2, seed=1)
    with pytest.raises(RulesError, match="no layout drawn in 100 tries"):
        rules.new_game(3, seed=1)


# ---------------------------------------------------------------- in play
def test_the_set_up_lays_the_board_and_turns_a_random_tile_by_the_seed(rules):
    g = rules.new_game(2, seed=1)
    assert board(g)["slots"] == [["west", 0], ["east", 0]]
    assert board(g)["pieces"] == [["edge1"], ["edge1"]]
    # the east tile turned a quarter (90) puts its site at r1c4, touching the west tile's land at r2c3 only at a
    # corner: that layout is drawn again, and never laid
    laid = [board(rules.new_game(3, seed=s))["slots"] for s in range(40)]
    assert {slots[1][1] for slots in laid} == {0, 180, 270} and all(slots[0] == ["west", 0] for slots in laid)
    model = rules.model.boards["main"]
    assert model.geometry((("west", 0), ("east", 90)), 2).problems
    assert all(board(rules.new_game(3, seed=s)) == board(rules.new_game(3, seed=s)) for s in range(5))
    assert g.view(1)["boards"]["main"] == g.view(0)["boards"]["main"] == g.view(None)["boards"]["main"] == board(g)


def moves(g, kind):
    return sorted(a.args["to"] if kind == "move" else a.args["cell"] for a in g.legal_actions() if a.kind == kind)


def test_a_piece_moves_up_to_its_budget_and_may_not_stop_where_another_piece_is(rules):
    g = rules.new_game(2, seed=1)
    # from border node 1 (above r1c1..r1c3), 2 steps: the west tile's top row and r2c1 below it, the ring's
    # next nodes (edge2 above the east tile, edge6 left of the west tile) and what lies one step beyond them
    assert moves(g, "move") == sorted(["edge1", "edge2", "edge3", "edge5", "edge6", "r1c1", "r1c2", "r1c3", "r2c1",
                                       "r1c4", "r1c5", "r1c6"])
    g.apply({"kind": "move", "args": {"to": "r1c2"}})
    g.apply({"kind": "claim", "args": {"cell": "r3c1"}})
    # seat 1: r1c2 is taken, so it is not a destination, but seat 1 passes through it to r1c3? (edge1 -> r1c2 is
    # one step, r1c3 is reached from edge1 directly); from edge1 r2c1 is reached through r1c1
    ends = moves(g, "move")
    assert "r1c2" not in ends and "r1c1" in ends and "r2c1" in ends
    assert board(g)["pieces"][0] == ["r1c2"]


def test_a_piece_passes_through_a_taken_cell_to_reach_one_beyond(rules):
    g = rules.new_game(2, seed=1)
    g.apply({"kind": "move", "args": {"to": "r1c1"}})
    g.apply({"kind": "claim", "args": {"cell": "r2c2"}})
    g.apply({"kind": "move", "args": {"to": "r2c1"}})      # seat 1 goes below seat 0's piece
    g.apply({"kind": "claim", "args": {"cell": "r2c3"}})
    g.apply({"kind": "move", "args": {"to": "r1c1"}})      # seat 0 stays
    g.apply({"kind": "claim", "args": {"cell": "r2c4"}})
    # seat 1 at r2c1: r1c1 is taken; r1c2 lies two steps away through it
    ends = moves(g, "move")
    assert "r1c1" not in ends and "r1c2" in ends and "r1c3" not in ends


def test_filling_a_region_fires_its_event_once_with_the_region(rules):
    g = rules.new_game(2, seed=1)
    for name in ("r2c2", "r2c3", "r3c3", "r2c4", "r2c5", "r3c4"):
        g.apply({"kind": "move", "args": {"to": board(g)["pieces"][g.current_player][0]}})
        g.apply({"kind": "claim", "args": {"cell": name}})
    counters = g.to_json()["counters"]
    assert counters["filled"] == [0, 1]       # seat 1 put the last marker (the 6th) on the big region
    assert counters["points"] == [0, 6]      # its size
    assert board(g)["filled"] == ["r2c2"]
    # the last land cell (r3c1, a region of one) fills on the next claim, and the big one never fires again
    g.apply({"kind": "move", "args": {"to": board(g)["pieces"][0][0]}})
    assert moves(g, "claim") == []           # one empty cell: the claim takes it without asking
    counters = g.to_json()["counters"]
    assert counters["filled"] == [1, 1] and counters["points"] == [1, 6]
    assert board(g)["filled"] == ["r2c2", "r3c1"]


def test_a_piece_that_ends_its_move_on_an_anchor_fires_the_landing_event(rules):
    g = rules.new_game(2, seed=1)
    # the anchor r3c2 is linked to the border node below the west tile (edge5), two steps round the ring
    assert "edge5" in moves(g, "move") and "r3c2" not in moves(g, "move")
    g.apply({"kind": "move", "args": {"to": "edge5"}})
    g.apply({"kind": "claim", "args": {"cell": "r2c2"}})
    g.apply({"kind": "move", "args": {"to": "edge1"}})
    g.apply({"kind": "claim", "args": {"cell": "r2c3"}})
    assert "r3c2" in moves(g, "move")
    before = g.to_json()["counters"]["points"][0]
    g.apply({"kind": "move", "args": {"to": "r3c2"}})
    assert g.to_json()["counters"]["points"][0] == before + 1
    g.apply({"kind": "claim", "args": {"cell": "r2c4"}})
    g.apply({"kind": "move", "args": {"to": "edge1"}})
    g.apply({"kind": "claim", "args": {"cell": "r2c5"}})
    g.apply({"kind": "move", "args": {"to": "r3c2"}})        # staying on the anchor: it fires again
    assert g.to_json()["counters"]["points"][0] == before + 2


@pytest.mark.parametrize("players", [2, 3])
def test_the_same_seed_and_actions_replay_exactly_and_every_state_round_trips(rules, players):
    for seed in (1, 2, 3):
        g, saves = played_with_saves(rules, players, seed)
        assert rules.replay(players, seed, actions=g.history).to_json() == g.to_json()
        for save in saves[::3]:
            assert rules.game_from_json(save).to_json() == save
        middle = rules.game_from_json(saves[len(saves) // 2])
        for action in g.history[len(saves) // 2:]:
            middle.apply(action)
        assert middle.to_json() == g.to_json()


def test_a_saved_board_is_checked_on_load_naming_its_json_path(rules):
    g = rules.new_game(2, seed=1)
    g.apply({"kind": "move", "args": {"to": "r1c2"}})
    g.apply({"kind": "claim", "args": {"cell": "r2c2"}})
    good = g.to_json()
    assert good["boards"]["main"]["markers"][cell("r2c2")] == 0
    cases = [
        (("slots", 1), ["east", 45], r"boards\.main\.slots\[1\]"),
        (("slots", 0), ["east", 0], r"boards\.main\.slots\[0\]"),
        (("markers", cell("r1c1")), 1, r"boards\.main\.markers\[0\]: r1c1 is water"),
        (("markers", cell("r2c3")), 5, r"boards\.main\.markers\[8\]: 5 is not a seat"),
        (("pieces", 1), ["r2c2"], r"boards\.main\.pieces\[1\]\[0\]"),
        (("pieces", 1), ["r1c2"], r"boards\.main\.pieces: more pieces on r1c2 than it holds \(1\)"),
        (("filled",), ["r2c2"], r"boards\.main\.filled\[0\]"),
    ]
    for (key, *rest), value, message in cases:
        bad = json.loads(json.dumps(good))
        target = bad["boards"]["main"]
        if rest:
            target[key][rest[0]] = value
        else:
            target[key] = value
        with pytest.raises(StateError, match=message):
            rules.game_from_json(bad)
    bad = json.loads(json.dumps(good))
    bad["boards"]["other"] = bad["boards"]["main"]
    with pytest.raises(StateError, match="boards.other: unknown board 'other'"):
        rules.game_from_json(bad)


def test_a_game_without_boards_saves_no_board_and_reads_a_state_saved_before_boards():
    rules = boardrules.load("san_juan")
    g = rules.new_game(2, seed=3)
    state = g.to_json()
    assert state["boards"] == {} and "boards" not in g.view(0)
    del state["boards"]
    assert rules.game_from_json(state).to_json() == g.to_json()


# ---------------------------------------------------------------- the rules text
def test_the_rules_pages_say_the_board_steps_as_a_rulebook_would(rules):
    texts = {type(n).__name__: str(n.text) for n in rules.model.nodes.values()
             if type(n).__name__ in ("LayBoard", "Claim", "MovePieces")}
    assert texts["LayBoard"] == "lay out the board from its tiles, turning each tile marked \"random\" to a side " \
                                "drawn at random (drawn again until no water is shut in by land and no land meets " \
                                "only at a corner); each player puts 1 piece on border space 1"
    assert texts["MovePieces"] == "move each of your pieces on the board up to 2 spaces through water, one after " \
                                  "the other (a piece may pass spaces that are taken but may not stop on a full " \
                                  "one, and may stay where it is); then, for each of your pieces on a cell marked " \
                                  "anchor: abilities that act when a piece ends its move at an anchor take effect"
    assert texts["Claim"] == "put one of your markers on an empty land cell of the board; if that fills the last " \
                             "empty cell of its region (once per region), abilities that act when a region is " \
                             "filled take effect"
    said = [str(n.text) for n in rules.model.nodes.values()]
    assert "add the number of cells of the region to your points" in said


def test_the_generated_code_plays_the_board_as_the_closures_do():
    plain, generated, made = plain_and_generated(GAME)
    assert made and generated.generated
    for seed in (1, 2, 3):
        assert kernel_game(generated, 3, seed) == kernel_game(plain, 3, seed)


def test_a_region_says_its_empty_cells_markers_and_class(tmp_path):
    # the filler of a region scores, besides its size, 10 for a large region and 100 per marker of theirs in it; and
    # a claim may only go where the region still has more than one empty cell, or fills it
    path = variant(tmp_path, "      - add: {counter: filled, value: 1}\n",
                   "      - add: {counter: filled, value: 1}\n"
                   "      - if: {region_class: large}\n"
                   "        then: [{add: {counter: points, value: 10}}]\n"
                   "      - add: {counter: points, value: {mul: [100, {region: markers, of: you}]}}\n")
    rules = boardrules.load(str(path))
    g = rules.new_game(2, seed=1)
    for name in ("r2c2", "r2c3", "r3c3", "r2c4", "r2c5", "r3c4"):
        g.apply({"kind": "move", "args": {"to": board(g)["pieces"][g.current_player][0]}})
        g.apply({"kind": "claim", "args": {"cell": name}})
    assert g.to_json()["counters"]["points"] == [0, 6 + 10 + 300]     # seat 1 holds 3 of the 6 cells
    g.apply({"kind": "move", "args": {"to": board(g)["pieces"][0][0]}})     # the region of one: small
    assert g.to_json()["counters"]["points"] == [1 + 100, 316]
    texts = [str(n.text) for n in rules.model.nodes.values()]
    assert "if the region is large" in " ".join(texts)
    assert any("the number of your markers in the region" in t for t in texts)

    path = variant(tmp_path, '{action: claim, text: "put a marker on {cell}"}',
                   '{action: claim, text: "put a marker on {cell}", where: {ge: [{region: empty, cell: $cell}, 2]}}')
    rules = boardrules.load(str(path))
    g = rules.new_game(2, seed=1)
    g.apply({"kind": "move", "args": {"to": "edge1"}})
    assert "r3c1" not in moves(g, "claim") and "r2c2" in moves(g, "claim")
    claim = next(str(n.text) for n in rules.model.nodes.values() if type(n).__name__ == "Claim")
    assert claim.startswith("put one of your markers on an empty land cell of the board where the number of empty "
                            "cells of the region of the cell is at least 2; ")


def test_a_variant_changes_a_tile_and_its_errors_name_the_variant_file(tmp_path):
    (tmp_path / "game.yaml").write_text(GAME.read_text())
    ok = tmp_path / "wide.yaml"
    ok.write_text("extends: game.yaml\nid: grid_wide\nboards:\n  change:\n    main:\n      layouts:\n"
                  "        \"2\": [[west, east], [east, west]]\n")
    rules = boardrules.load(str(ok))
    assert len(board(rules.new_game(2, seed=1))["markers"]) == 36
    bad = tmp_path / "lake.yaml"
    bad.write_text("extends: game.yaml\nid: grid_lake\ntiles:\n  replace:\n    east:\n      rows:\n"
                   "        - \"...\"\n        - \".~.\"\n        - \"...\"\n")
    with pytest.raises(ContentError) as err:
        boardrules.load(str(bad))
    assert "enclosed by land" in str(err.value) and re.search(r"lake\.yaml:8:\d+", str(err.value))


def test_pieces_that_start_off_the_ring_are_a_content_error(tmp_path):
    with pytest.raises(ContentError) as err:
        boardrules.load(str(variant(tmp_path, "pieces: {each: 1, start: 0}", "pieces: {each: 1, start: 6}")))
    assert "the 2-player layout has 6" in str(err.value) and located(err)
    with pytest.raises(ContentError) as err:
        boardrules.load(str(variant(tmp_path, "    border: true\n", "")))
    assert "has 0" in str(err.value) and located(err)


def test_the_setup_page_draws_the_board_for_each_player_count(rules):
    import xml.etree.ElementTree as ET

    from boardrules import docgen
    page = next(p.text for p in docgen.GameDoc(rules, "games/grid").pages() if p.path.endswith("setup.md"))
    assert "## The board" in page and "With 3 players (tile slot 2 counted row by row, turned at random" in page
    drawings = re.findall(r"<svg.*?</svg>", page)
    assert len(drawings) == 2
    svg = ET.fromstring(drawings[0])
    ns = "{http://www.w3.org/2000/svg}"
    cells = svg.findall(f"{ns}rect")
    assert len(cells) == 18
    land = [r for r in cells if r.get("fill") == "#e6d5a8"]
    assert len(land) == 7          # the six cells of the big region and the one of the small
    assert [t.text for t in svg.findall(f"{ns}text")].count("a") == 2    # the two anchors
    assert len(svg.findall(f"{ns}circle")) == 2 + 1 + 6     # the anchors', the site's and the six border nodes'


def test_border_nodes_hold_any_number_of_pieces_and_a_cell_what_the_content_says(rules, tmp_path):
    g = rules.new_game(2, seed=1)
    g.apply({"kind": "move", "args": {"to": "edge2"}})
    g.apply({"kind": "claim", "args": {"cell": "r2c2"}})
    assert "edge2" in moves(g, "move")          # a border node takes any number of pieces
    g.apply({"kind": "move", "args": {"to": "edge2"}})
    assert board(g)["pieces"] == [["edge2"], ["edge2"]]
    roomy = boardrules.load(str(variant(tmp_path, "capacity: {cell: 1}", "capacity: {cell: 2}")))
    g = roomy.new_game(2, seed=1)
    g.apply({"kind": "move", "args": {"to": "r1c2"}})
    g.apply({"kind": "claim", "args": {"cell": "r2c2"}})
    assert "r1c2" in moves(g, "move")           # a cell that holds two
    g.apply({"kind": "move", "args": {"to": "r1c2"}})
    assert board(g)["pieces"] == [["r1c2"], ["r1c2"]]
    assert roomy.game_from_json(g.to_json()).to_json() == g.to_json()
    # a start node too small for every player's pieces
    with pytest.raises(ContentError) as err:
        boardrules.load(str(variant(tmp_path, "capacity: {cell: 1}", "capacity: {cell: 1, border: 2}")))
    assert "3 pieces start on border node 0, which holds 2" in str(err.value) and located(err)
