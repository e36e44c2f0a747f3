"""Amerigo's synthetic demo map (content/amerigo/map.yaml): not the printed island tiles, whose cell maps are not
public (COB-AMERIGO.md §4 B2), but a designed scenario that must keep the map's rules (§2.3) at every player count.

Each layout (2 players: 3 x 3 tiles, 3: 3 rows x 4 columns, 4: 4 x 4) is laid with the engine's own geometry
(boardrules.model.boards) and checked as a player would: the engine's validator finds nothing wrong (no water shut
in, no land meeting across a seam only at a corner, every site beside an anchor); 2 to 5 big islands (20 cells or
more: one treasure chest each, and there are 5); every island has a site to build a trading post on; a ship can
sail from the frame to every anchor, and every anchor serves a site; no two islands meet at a corner (they would
look joined); the commodities are spread so each kind is on every map; the frame has one node per outer tile edge.
A last test loads the game through the engine's own loader and lays its map.

The loading part (``load_map``) reads the file on its own; the checks are small functions of a laid board.
"""
import pathlib
from collections import Counter

import pytest

import boardrules
from boardrules.content.yamlio import load_yaml
from boardrules.model import boards as B

MAP = pathlib.Path(__file__).parent.parent / "content" / "amerigo" / "map.yaml"
SHAPES = {2: (3, 3), 3: (3, 4), 4: (4, 4)}          # players -> tile rows x tile columns
FRAME = {2: 12, 3: 14, 4: 16}
COMMODITIES = ["c1", "c2", "c3", "c4", "c5"]        # cotton, tobacco, sugar, coconut, coffee


# ---------------------------------------------------------------- loading (to be replaced by the real game)
def load_map(path=MAP):
    """(legend: char -> Cell, tiles: id -> grid of Cells, the board spec) from the map file."""
    data = load_yaml(str(path)).data
    legend = {ch: B.Cell(bool(spec.get("land")), spec.get("mark", ""), spec.get("needs", ""), spec.get("item", ""))
              for ch, spec in data["legend"].items()}
    tiles = {tid: [[legend[ch] for ch in row] for row in spec["rows"]] for tid, spec in data["tiles"].items()}
    return legend, tiles, data["boards"]["map"]


def slots_of(spec, players):
    rows = spec["layouts"][str(players)]
    slots = [(s, 0) if isinstance(s, str) else (s["tile"], s.get("rotation", 0)) for row in rows for s in row]
    return slots, len(rows[0])


def lay(tiles, spec, players):
    slots, columns = slots_of(spec, players)
    return B.lay(tiles, slots, columns, bool(spec.get("border")))


@pytest.fixture(scope="module")
def demo():
    return load_map()


@pytest.fixture(scope="module", params=[2, 3, 4], ids=lambda p: f"{p}p")
def laid(request, demo):
    _, tiles, spec = demo
    return request.param, lay(tiles, spec, request.param)


# ---------------------------------------------------------------- the checks, each of a laid board
def islands(laid):
    return B.regions(laid)


def big_islands(laid):
    return [part for part in islands(laid) if len(part) >= 20]


def sites(laid, part):
    return [i for i in part if laid.cells[i].mark == "site"]


def islands_without_a_site(laid):
    return [part for part in islands(laid) if not sites(laid, part)]


def unreachable_anchors(laid):
    """Anchors a ship starting on frame node 0 cannot sail to (through water and along the frame)."""
    graph = B.movement_graph(laid)
    start = len(laid.cells)
    seen = set(B.reachable(graph, start, len(graph.links), lambda node: False)) | {start}
    return [i for i, cell in enumerate(laid.cells) if cell.mark == "anchor" and i not in seen]


def idle_anchors(laid):
    """Anchors with no site beside them: a ship there could build nothing."""
    return [i for i, cell in enumerate(laid.cells)
            if cell.mark == "anchor" and not any(laid.cells[j].mark == "site" for j in B.neighbours(laid, i))]


def corner_touches(laid):
    """Land cells that meet land only at a corner (two islands that look joined but are not), inside a tile too."""
    w, cells = laid.width, laid.cells
    out = []
    for i, cell in enumerate(cells[:-w]):
        c = i % w
        for dc in (-1, 1):
            if 0 <= c + dc < w and cell.land and cells[i + w + dc].land \
                    and not cells[i + dc].land and not cells[i + w].land:
                out.append(i)
    return sorted(set(out))


def commodities(laid):
    return Counter(cell.item for cell in laid.cells if cell.item)


def land_share(laid):
    return sum(cell.land for cell in laid.cells) / len(laid.cells)


# ---------------------------------------------------------------- the map's rules at every player count
def test_every_layout_keeps_the_map_rules(laid):
    players, board = laid
    assert B.problems(board) == [], players


def test_each_map_has_two_to_five_big_islands_each_with_three_to_six_sites(laid):
    players, board = laid
    big = big_islands(board)
    assert 2 <= len(big) <= 5, (players, [len(p) for p in big])
    assert all(3 <= len(sites(board, part)) <= 6 for part in big), players


def test_each_map_has_small_islands_tiny_ones_and_a_lone_site_cell(laid):
    players, board = laid
    small = [part for part in islands(board) if len(part) < 20]
    assert len(small) >= 5 and sum(1 for part in small if len(part) <= 4) >= 3, players
    # a one-cell island that is a site: a trading post there completes the island at once
    assert any(len(part) == 1 and sites(board, part) for part in small), players


def test_every_island_has_a_site_and_every_anchor_can_be_reached_from_the_frame(laid):
    players, board = laid
    assert islands_without_a_site(board) == [], players
    assert unreachable_anchors(board) == [], players
    assert idle_anchors(board) == [], players
    # every site has its anchor beside it (the validator's rule, said here of the map itself)
    for i, cell in enumerate(board.cells):
        if cell.mark == "site":
            assert any(board.cells[j].mark == "anchor" for j in B.neighbours(board, i)), (players, i)


def test_no_two_islands_meet_at_a_corner_even_inside_a_tile(laid):
    players, board = laid
    assert corner_touches(board) == [], players


def test_each_map_is_about_two_fifths_to_half_land(laid):
    players, board = laid
    assert 0.40 <= land_share(board) <= 0.50, (players, land_share(board))


def test_the_frame_has_one_node_per_outer_tile_edge(laid):
    players, board = laid
    assert len(board.border) == FRAME[players]
    assert all(board.border), "every frame node touches some water of its tile edge"


def test_each_commodity_lies_on_every_map_and_eight_times_over_all_sixteen_tiles(demo, laid):
    players, board = laid
    got = commodities(board)
    assert sorted(got) == COMMODITIES and min(got.values()) >= 3, (players, got)
    _, tiles, _ = demo
    assert len(tiles) == 16 and all(len(g) == 6 and all(len(row) == 6 for row in g) for g in tiles.values())
    assert Counter(cell.item for g in tiles.values() for row in g for cell in row if cell.item) == \
        {kind: 8 for kind in COMMODITIES}


def test_the_layouts_use_their_tiles_once_each_in_a_fixed_turn(demo):
    _, tiles, spec = demo
    for players, (rows, columns) in SHAPES.items():
        slots, width = slots_of(spec, players)
        assert (len(slots), width) == (rows * columns, columns)
        assert sorted(t for t, _ in slots) == [f"t{k:02}" for k in range(1, rows * columns + 1)]
        assert all(rot in B.ROTATIONS for _, rot in slots)


def test_the_checks_catch_a_broken_map(demo):
    """The checks above can fail: a site taken off the lone island, an anchor moved away, a big island cut."""
    legend, tiles, spec = demo
    board = lay(tiles, spec, 2)
    lone = next(part[0] for part in islands(board) if len(part) == 1)
    cells = list(board.cells)
    cells[lone] = legend["."]
    assert islands_without_a_site(board._replace(cells=tuple(cells)))
    anchor = next(j for j in B.neighbours(board, lone) if board.cells[j].mark == "anchor")
    cells = list(board.cells)
    cells[anchor] = legend["~"]
    assert B.problems(board._replace(cells=tuple(cells)))
    inland = next(i for i, cell in enumerate(board.cells) if cell.mark == "anchor" and not B.on_edge(board, i))
    shut = list(board.cells)                    # ring an anchor off the edge with land: no ship can reach it
    for j in B.neighbours(board, inland):
        shut[j] = legend["."]
    assert unreachable_anchors(board._replace(cells=tuple(shut)))
    cells = list(board.cells)                   # a lone site turned to water: its anchor serves nothing
    cells[lone] = legend["~"]
    assert idle_anchors(board._replace(cells=tuple(cells)))
    w = board.width                             # land set only at the corner of a land cell
    i = next(i for i, cell in enumerate(board.cells) if cell.land and i % w < w - 1)
    cells = list(board.cells)
    cells[i + 1], cells[i + w], cells[i + w + 1] = legend["~"], legend["~"], legend["."]
    assert i in corner_touches(board._replace(cells=tuple(cells)))


# ---------------------------------------------------------------- through the engine's own loader
def test_the_game_lays_the_map_at_each_player_count():
    rules = boardrules.load("amerigo")
    _, _, spec = load_map()
    for players, (rows, columns) in SHAPES.items():
        saved = rules.new_game(players, seed=1).to_json()["boards"]["map"]
        assert saved["slots"] == [list(slot) for slot in slots_of(spec, players)[0]]
        assert saved["pieces"] == [["edge1", "edge1"]] * players
        assert len(saved["markers"]) == rows * columns * 36
