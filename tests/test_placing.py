"""Pieces laid on a board (the laying family: the place step, covered cells, board items), on the engine's own test
game (tests/games/patch): two 4 x 4 tiles side by side. Each turn a player may lay a piece of the pool (every square
on land, all in one region, on no filled cell, in a region holding one of their markers, next to one of their
markers or a laid piece); one who lays nothing may put a marker on an empty land cell. A star under a marker or a
piece is a point (the board's `items`); filling a region scores its size.

The 2-player board, rows from the top (r1..r4), columns c1..c8, `~` water, `*` land with a star, `s` land marked
site; region A is the six land cells of the west tile, region B the five of the east one:

    ~~~~ ~~~~
    ~... ~..s
    ~.*. ~..~
    ~~~~ ~~~~
"""
import json
import pathlib
import re

import pytest

import boardrules
from boardrules import ContentError, StateError
from boardrules.ai import ActionSpace
from boardrules.model import laying as L
from edits import edited
from random_games import kernel_game, plain_and_generated, played_with_saves

GAME = pathlib.Path(__file__).parent / "games" / "patch" / "game.yaml"
GRID = pathlib.Path(__file__).parent / "games" / "grid" / "game.yaml"
RULES = "rules: [on_land, one_region, free, {region_has: you}, {touches: [{markers: you}, pieces]}]"
SHAPES = {"dot": ["#"], "bar": ["##"], "bend": ["##", "#."], "line": ["###"]}
LAND = {"r2c2", "r2c3", "r2c4", "r3c2", "r3c3", "r3c4", "r2c6", "r2c7", "r2c8", "r3c6", "r3c7"}
REGION = {name: ("A" if int(name[-1]) < 5 else "B") for name in LAND}


@pytest.fixture(scope="module")
def rules():
    return boardrules.load(str(GAME))


def index(name, width=8):
    r, c = map(int, re.fullmatch(r"r(\d+)c(\d+)", name).groups())
    return (r - 1) * width + c - 1


def name_of(i, width=8):
    return f"r{i // width + 1}c{i % width + 1}"


def board(g):
    return g.to_json()["boards"]["map"]


def lays(g):
    return {(a.args["piece"], a.args["at"], a.args["turn"]) for a in g.legal_actions() if a.kind == "lay"}


def claims(g):
    return {a.args["cell"] for a in g.legal_actions() if a.kind == "claim"}


def covers(piece, at, turn):
    """The cells a laid piece covers, worked out here apart from the engine: the shape turned clockwise ``turn``
    degrees, its first square (row-major) on ``at``; None when part of it is off the 4 x 8 board."""
    cells = [(r, c) for r, row in enumerate(SHAPES[piece]) for c, ch in enumerate(row) if ch == "#"]
    for _ in range(turn // 90):
        cells = [(c, -r) for r, c in cells]
    top, left = min(r for r, _ in cells), min(c for _, c in cells)
    cells = sorted((r - top, c - left) for r, c in cells)
    ar, ac = divmod(index(at), 8)
    out = []
    for r, c in cells:
        rr, cc = ar + r - cells[0][0], ac + c - cells[0][1]
        if not (0 <= rr < 4 and 0 <= cc < 8):
            return None
        out.append(name_of(rr * 8 + cc))
    return out


def every_placement():
    """Every (piece, anchor, turn) that lies on the board, one per distinct orientation (the first turn kept)."""
    out = set()
    for piece in SHAPES:
        seen = set()
        for turn in (0, 90, 180, 270):
            shape = frozenset(tuple(map(index, covers(piece, "r1c1", turn) or ())))
            key = frozenset((i // 8 - min(j // 8 for j in shape), i % 8 - min(j % 8 for j in shape)) for i in shape)
            if key in seen:
                continue
            seen.add(key)
            for i in range(32):
                if covers(piece, name_of(i), turn) is not None:
                    out.add((piece, name_of(i), turn))
    return out


def ready(rules, *cells):
    """A game where the seats claim ``cells`` in turn (declining to lay first when a lay is offered), stopped at the
    next player's lay (or claim)."""
    g = rules.new_game(2, seed=1)
    for name in cells:
        if any(a.kind == "lay" for a in g.legal_actions()):
            g.apply({"kind": "pass", "args": {"decision": "lay"}})
        g.apply({"kind": "claim", "args": {"cell": name}})
    return g


def with_board(rules, g, markers=None, covered=None):
    """``g`` saved, with markers and covered cells put on its board ({cell: seat}), read back."""
    state = json.loads(json.dumps(g.to_json()))
    b = state["boards"]["map"]
    for name, seat in (markers or {}).items():
        b["markers"][index(name)] = seat
    for name, seat in (covered or {}).items():
        b["covered"][index(name)] = seat
    return rules.game_from_json(state, check_history=False)       # (a position its history does not give)


# ---------------------------------------------------------------- what may be laid where
def test_a_piece_fits_only_in_the_turns_the_board_leaves_room_for(rules):
    g = ready(rules, "r2c2", "r2c6")        # seat 0 has a marker in region A, seat 1 in region B
    offered = lays(g)
    # the straight line of three lies on land only along row 3 of A (row 2 holds the marker): never stood upright,
    # the land being two rows high
    assert {(p, at, t) for p, at, t in offered if p == "line"} == {("line", "r3c2", 0)}
    # the bend fits next to the marker in all four turns, each with its own first square
    assert {t for p, _, t in offered if p == "bend"} == {0, 90, 180, 270}
    for piece, at, turn in offered:
        cells = covers(piece, at, turn)
        assert set(cells) <= LAND and {REGION[c] for c in cells} == {"A"} and "r2c2" not in cells
    # the upright bar under the marker's neighbour: r2c3 and the star below it
    assert ("bar", "r2c3", 90) in offered and ("bar", "r3c2", 90) not in offered     # r4c2 is water
    assert any(a.kind == "pass" for a in g.legal_actions())


@pytest.mark.parametrize("clause", ["on_land", "one_region", "free", "region_has", "touches"])
def test_each_clause_refuses_exactly_the_placements_it_should(tmp_path, clause):
    spec = {"on_land": "on_land", "one_region": "one_region", "free": "free", "region_has": "{region_has: you}",
            "touches": "{touches: [{markers: you}, pieces]}"}[clause]
    rules = boardrules.load(str(edited(GAME, tmp_path, RULES, f"rules: [{spec}]")))
    # seat 0: a marker on r2c2 (region A); seat 1: one on r2c7 (B); a piece of seat 1's covers r3c6
    g = ready(rules, "r2c2", "r2c7")
    g = with_board(rules, g, covered={"r3c6": 1})
    filled = {"r2c2", "r2c7", "r3c6"}
    mine = {"r2c2"}
    near = {n for c in mine | {"r3c6"} for n in (name_of(index(c) + d) for d in (-8, 8, -1, 1))}

    def keeps(cells):
        land = [c for c in cells if c in LAND]
        return {"on_land": len(land) == len(cells),
                "one_region": bool(land) and len({REGION[c] for c in land}) == 1,
                "free": not filled & set(cells),
                "region_has": any(REGION[c] == "A" for c in land),
                "touches": bool(near & set(cells))}[clause]
    want = {(p, at, t) for p, at, t in every_placement() if keeps(covers(p, at, t))}
    assert lays(g) == want
    refused = every_placement() - want
    assert refused
    said = {"on_land": ("bar", "r2c4", 0),          # r2c5 is water
            "one_region": ("line", "r2c4", 0),      # A, water, B
            "free": ("dot", "r2c2", 0),             # a marker
            "region_has": ("dot", "r2c8", 0),       # region B holds no marker of seat 0
            "touches": ("dot", "r2c4", 0)}[clause]  # next to nothing of seat 0's, nor a piece
    assert said in refused
    # and the same placements are fine for the other clauses' sake: each refuses what it should, no more
    assert {"on_land": ("bar", "r2c3", 0), "one_region": ("bar", "r2c4", 0), "free": ("dot", "r2c3", 0),
            "region_has": ("dot", "r2c4", 0), "touches": ("dot", "r2c3", 0)}[clause] in lays(g)


def test_with_mirror_images_the_answers_say_whether_the_piece_is_turned_over(tmp_path):
    path = edited(GAME, tmp_path, "  - {id: line, name: Line, copies: 1, shape: [\"###\"]}\n",
                  "  - {id: line, name: Line, copies: 1, shape: [\"###\"]}\n"
                  "  - {id: hook, name: Hook, copies: 1, shape: [\"##.\", \".##\"]}\n")
    path.write_text(path.read_text().replace("on_decline: continue\n              - if", "on_decline: continue\n"
                                             "                  mirror: true\n              - if"))
    rules = boardrules.load(str(path))
    g = ready(rules, "r2c2", "r2c6")
    hooks = {(a.args["at"], a.args["turn"], a.args["mirror"]) for a in g.legal_actions()
             if a.kind == "lay" and a.args["piece"] == "hook"}
    # ##. over .## from r2c3 would end on the water at r3c5 (and from r2c2 on the marker); its mirror image .## over
    # ##. fits there, its first square on r2c3: only turned over, and flat (land is two rows high)
    assert hooks == {("r2c3", 0, True)}
    assert all("mirror" in a.args for a in g.legal_actions() if a.kind == "lay")
    space = ActionSpace.of(g)
    indices = space.indices(g)
    assert len(set(indices)) == len(indices)
    assert space.action(g, indices[0]) == g.legal_actions()[0]
    g.apply({"kind": "lay", "args": {"piece": "hook", "at": "r2c3", "turn": 0, "mirror": True}})
    assert [name_of(i) for i, s in enumerate(board(g)["covered"]) if s == 0] == ["r2c3", "r2c4", "r3c2", "r3c3"]


def test_the_orientations_of_a_piece_are_each_offered_once():
    square = L.turned_orientations(((0, 0), (0, 1), (1, 0), (1, 1)))
    assert [t for t, _, _ in square] == [0]
    assert [t for t, _, _ in L.turned_orientations(((0, 0), (0, 1)))] == [0, 90]
    assert len(L.turned_orientations(((0, 0), (0, 1), (1, 0)), mirror=True)) == 4     # an L of 3 is its own mirror
    assert len(L.turned_orientations(((0, 0), (0, 1), (0, 2), (1, 0)), mirror=True)) == 8


# ---------------------------------------------------------------- laying, and what it gives
def test_a_laid_piece_covers_its_cells_gives_the_star_under_it_and_claims_avoid_it(rules):
    g = ready(rules, "r2c2", "r2c6")
    g.apply({"kind": "lay", "args": {"piece": "bar", "at": "r2c3", "turn": 90}})        # r2c3 and the star r3c3
    b = board(g)
    assert [name_of(i) for i, s in enumerate(b["covered"]) if s is not None] == ["r2c3", "r3c3"]
    assert b["covered"][index("r2c3")] == 0
    counters = g.to_json()["counters"]
    assert counters["stars"] == [1, 0]
    assert g.to_json()["zones"]["laid"][0] and not g.to_json()["zones"]["laid"][1]       # the content moved it
    # seat 1 lays nothing and claims: the covered cells are not offered, the other empty land cells are
    g.apply({"kind": "pass", "args": {"decision": "lay"}})
    assert claims(g) == LAND - {"r2c2", "r2c6", "r2c3", "r3c3"}


def test_a_marker_on_the_star_gives_it_to_the_claimer(rules):
    g = ready(rules, "r3c3")
    assert g.to_json()["counters"]["stars"] == [1, 0]


def test_laying_the_last_cells_of_a_region_fires_its_event_once(rules):
    g = ready(rules, "r2c2", "r2c6")
    g.apply({"kind": "pass", "args": {"decision": "lay"}})
    g.apply({"kind": "claim", "args": {"cell": "r3c2"}})
    g.apply({"kind": "lay", "args": {"piece": "bar", "at": "r2c7", "turn": 0}})        # r2c7, r2c8
    g.apply({"kind": "pass", "args": {"decision": "lay"}})
    g.apply({"kind": "claim", "args": {"cell": "r2c3"}})
    assert g.to_json()["counters"]["points"] == [0, 0]
    g.apply({"kind": "lay", "args": {"piece": "bar", "at": "r3c6", "turn": 0}})        # r3c6, r3c7: B is full
    assert g.to_json()["counters"]["points"] == [0, 5]
    assert board(g)["filled"] == ["r2c6"]
    # a later lay or claim elsewhere does not fire it again
    g.apply({"kind": "lay", "args": {"piece": "dot", "at": "r2c4", "turn": 0}})
    assert g.to_json()["counters"]["points"] == [0, 5]


def test_the_filler_of_a_region_reads_its_markers_and_covered_cells(tmp_path):
    rules = boardrules.load(str(edited(GAME, tmp_path, "value: {region: size}",
                                       "value: {sum: [{mul: [100, {region: covered}]}, {region: all_markers}]}")))
    g = ready(rules, "r2c2", "r2c6")
    g.apply({"kind": "pass", "args": {"decision": "lay"}})
    g.apply({"kind": "claim", "args": {"cell": "r3c2"}})
    g.apply({"kind": "lay", "args": {"piece": "bar", "at": "r3c6", "turn": 0}})        # r3c6, r3c7
    g.apply({"kind": "pass", "args": {"decision": "lay"}})
    g.apply({"kind": "claim", "args": {"cell": "r2c8"}})         # seat 0's marker in B
    assert g.to_json()["counters"]["points"] == [0, 0]
    g.apply({"kind": "lay", "args": {"piece": "dot", "at": "r2c7", "turn": 0}})        # the last empty cell of B
    # B: r2c6 and r2c8 marked (one marker of each seat), r2c7, r3c6 and r3c7 covered
    assert g.to_json()["counters"]["points"] == [0, 300 + 2]


def test_a_player_may_decline_to_lay_and_to_claim(rules):
    g = ready(rules, "r2c2", "r2c6")
    before = board(g)
    g.apply({"kind": "pass", "args": {"decision": "lay"}})
    assert board(g) == before and claims(g)          # nothing laid; the claim of the else branch is asked
    g.apply({"kind": "pass", "args": {"decision": "claim"}})
    assert board(g) == before and g.current_player == 1


def test_by_default_declining_to_lay_ends_the_steps_it_is_in_as_a_declined_choice_does(tmp_path):
    path = edited(GAME, tmp_path, "                  optional: true\n                  on_decline: continue\n",
                  "                  optional: true\n")
    g = ready(boardrules.load(str(path)), "r2c2", "r2c6")
    before = board(g)
    g.apply({"kind": "pass", "args": {"decision": "lay"}})
    # the turn's steps end there: no claim of the else branch; the next player's turn
    assert board(g) == before and not claims(g) and g.current_player == 1


def test_with_no_legal_placement_nothing_is_laid_and_nothing_asked(rules):
    g = rules.new_game(2, seed=1)
    # seat 0 has no marker yet: no region holds one, so no lay is offered; the claim is asked at once
    assert g.current_player == 0 and not lays(g) and claims(g) == LAND


# ---------------------------------------------------------------- saved states
def test_every_state_round_trips_and_the_same_seed_and_actions_replay_exactly(rules):
    for players in (2, 3):
        for seed in (1, 2, 3):
            g, saves = played_with_saves(rules, players, seed)
            assert any(s is not None for s in board(g)["covered"]) or seed != 1
            assert rules.replay(players, seed, actions=g.history).to_json() == g.to_json()
            for save in saves:
                assert rules.game_from_json(save).to_json() == save
            middle = rules.game_from_json(saves[len(saves) // 2])
            for action in g.history[len(saves) // 2:]:
                middle.apply(action)
            assert middle.to_json() == g.to_json()


def test_the_generated_code_lays_pieces_as_the_closures_do():
    plain, generated, made = plain_and_generated(GAME)
    assert made
    for seed in (1, 2, 3):
        assert kernel_game(generated, 3, seed) == kernel_game(plain, 3, seed)


def test_a_state_saved_before_covered_cells_reads_as_none_covered(rules):
    g = ready(rules, "r2c2", "r2c6")
    state = g.to_json()
    assert state["boards"]["map"]["covered"] == [None] * 32
    del state["boards"]["map"]["covered"]
    assert rules.game_from_json(state).to_json() == g.to_json()


def test_a_bad_covered_entry_is_a_state_error_naming_its_path(rules):
    g = ready(rules, "r2c2", "r2c6")
    g.apply({"kind": "lay", "args": {"piece": "dot", "at": "r2c3", "turn": 0}})
    good = g.to_json()
    assert good["boards"]["map"]["covered"][index("r2c3")] == 0
    for value, message in ((5, r"boards\.map\.covered\[3\]: 5 is not a seat of a 2-player game"),
                           ("x", r"boards\.map\.covered\[3\]: 'x' is not a seat"),
                           (True, r"boards\.map\.covered\[3\]: True is not a seat")):
        bad = json.loads(json.dumps(good))
        bad["boards"]["map"]["covered"][3] = value
        with pytest.raises(StateError, match=message):
            rules.game_from_json(bad)
    bad = json.loads(json.dumps(good))
    bad["boards"]["map"]["covered"] = [None] * 5
    with pytest.raises(StateError, match=r"boards\.map\.covered: needs 32 entries"):
        rules.game_from_json(bad)


def test_a_piece_set_up_by_hand_where_no_place_step_could_lay_it_is_a_state_error(rules, tmp_path):
    """A position set up by hand (read without its history) is held to what the content's place steps can lay:
    here every piece lies on land and on free cells, so a piece over water or over a marker was never laid."""
    g = ready(rules, "r2c2", "r2c6")
    with pytest.raises(StateError, match=r"boards\.map\.covered\[0\]: r1c1 is water"):
        with_board(rules, g, covered={"r1c1": 0})
    with pytest.raises(StateError, match=r"boards\.map\.covered\[9\]: r2c2 holds a marker"):
        with_board(rules, g, covered={"r2c2": 1})
    assert board(with_board(rules, g, covered={"r2c3": 1}))["covered"][index("r2c3")] == 1
    # where the content lays pieces anywhere in one region (on water and over markers too), both may be set up
    loose = boardrules.load(str(edited(GAME, tmp_path, RULES, "rules: [one_region]")))
    g = with_board(loose, ready(loose, "r2c2", "r2c6"), covered={"r1c1": 0, "r2c2": 1})
    assert [board(g)["covered"][index(c)] for c in ("r1c1", "r2c2")] == [0, 1]


def test_a_covered_cell_on_a_board_no_step_lays_pieces_on_is_a_state_error():
    rules = boardrules.load(str(GRID))
    state = rules.new_game(2, seed=1).to_json()
    b = state["boards"]["main"]
    land = b["markers"].index(None)
    b["covered"] = [None] * len(b["markers"])
    b["covered"][land] = 0
    with pytest.raises(StateError, match=rf"boards\.main\.covered\[{land}\]: .* no step of this game lays pieces"):
        rules.game_from_json(state, check_history=False)


def test_the_view_shows_the_covered_cells_to_everyone(rules):
    g = ready(rules, "r2c2", "r2c6")
    g.apply({"kind": "lay", "args": {"piece": "dot", "at": "r2c3", "turn": 0}})
    for seat in (0, 1, None):
        assert g.view(seat)["boards"]["map"]["covered"][index("r2c3")] == 0


# ---------------------------------------------------------------- the content's errors
def located(err, path, text):
    line = next(i for i, ln in enumerate(path.read_text().splitlines(), 1) if text in ln)
    return re.search(rf"game\.yaml:{line}:\d+", str(err.value)) is not None


def test_an_unknown_clause_is_a_content_error_at_its_place(tmp_path):
    path = edited(GAME, tmp_path, RULES, "rules: [on_land, near_water]")
    with pytest.raises(ContentError) as err:
        boardrules.load(str(path))
    # (the schema refuses a word it does not know, at the word)
    assert "got 'near_water'" in str(err.value) and "on_land, one_region, free" in str(err.value) \
        and located(err, path, "near_water")
    path = edited(GAME, tmp_path, RULES, "rules: [on_land, {touches: [roads]}]")
    with pytest.raises(ContentError) as err:
        boardrules.load(str(path))
    assert "got 'roads'" in str(err.value) and located(err, path, "roads")


def test_a_place_whose_cards_have_no_shape_is_a_content_error(tmp_path):
    path = edited(GAME, tmp_path, "  shape: {type: shape, text: shape}\n",
                  "  shape: {type: shape, text: shape}\n  outline: {type: shape, text: outline}\n")
    with pytest.raises(ContentError) as err:      # two shape attributes: which one is ambiguous
        boardrules.load(str(path))
    assert "name one with 'shape'" in str(err.value) and located(err, path, "from: {zone: pool}")
    path.write_text(path.read_text().replace("rules: [", "shape: outline\n                  rules: ["))
    with pytest.raises(ContentError) as err:
        boardrules.load(str(path))
    assert "no card has a 'outline'" in str(err.value) and located(err, path, "from: {zone: pool}")
    path = edited(GAME, tmp_path, RULES, "shape: points\n                  " + RULES)
    with pytest.raises(ContentError) as err:
        boardrules.load(str(path))
    assert "the attribute 'points' is not declared" in str(err.value) and located(err, path, "shape: points")


def test_cell_conditions_and_board_items_are_checked_at_load(tmp_path):
    path = edited(GAME, tmp_path, "items: {star: stars}", "items: {moon: stars}")
    with pytest.raises(ContentError) as err:
        boardrules.load(str(path))
    assert "no legend entry carries the item 'moon'" in str(err.value) and located(err, path, "moon")
    path = edited(GAME, tmp_path, '{action: claim, text: "put a marker on {cell}", optional: true, on_decline: continue}',
                  '{action: claim, text: "put a marker on {cell}", optional: true, '
                  'where: {cell_mark: harbour, cell: $cell}}')
    with pytest.raises(ContentError) as err:
        boardrules.load(str(path))
    assert "no legend entry carries the mark 'harbour'" in str(err.value) and located(err, path, "harbour")


# ---------------------------------------------------------------- the small additions
def test_a_claim_may_ask_for_a_cell_of_a_mark_or_next_to_a_cell(tmp_path):
    claim = '{action: claim, text: "put a marker on {cell}", optional: true, on_decline: continue}'
    rules = boardrules.load(str(edited(GAME, tmp_path, claim, claim[:-1] + ", where: {not: {cell_mark: site, "
                                                                           "cell: $cell}}}")))
    assert claims(rules.new_game(2, seed=1)) == LAND - {"r2c8"}
    texts = [str(n.text) for n in rules.model.nodes.values() if type(n).__name__ == "Claim"]
    assert "where the cell is not marked site" in texts[0]
    rules = boardrules.load(str(edited(GAME, tmp_path, claim, claim[:-1] + f", where: {{adjacent: [$cell, "
                                                                           f"{index('r2c3')}]}}}}")))
    assert claims(rules.new_game(2, seed=1)) == {"r2c2", "r2c4", "r3c3"}


def test_pieces_may_be_told_to_end_on_the_border_and_counted_on_a_mark(tmp_path):
    path = edited(GRID, tmp_path, '{budget: 2, action: move, text: "move your piece to {to}"}',
                  '{budget: 2, action: move, text: "move your piece to {to}", ends: border}')
    g = boardrules.load(str(path)).new_game(2, seed=1)
    ends = {a.args["to"] for a in g.legal_actions() if a.kind == "move"}
    assert ends and all(e.startswith("edge") for e in ends) and {"edge2", "edge6"} <= ends
    rules = boardrules.load(str(edited(GRID, tmp_path, "      - add: {counter: points, value: 1}\n",
                                       "      - add: {counter: points, value: {mul: [10, {pieces_on: anchor}]}}\n")))
    g = rules.new_game(2, seed=1)
    for to, cell in (("edge5", "r2c2"), ("edge1", "r2c3")):
        g.apply({"kind": "move", "args": {"to": to}})
        g.apply({"kind": "claim", "args": {"cell": cell}})
    g.apply({"kind": "move", "args": {"to": "r3c2"}})              # seat 0's piece on the anchor
    assert g.to_json()["counters"]["points"][0] == 10
    texts = " ".join(str(n.text) for n in rules.model.nodes.values())
    assert "the number of your pieces on cells marked anchor" in texts


# ---------------------------------------------------------------- the rules text
def test_the_rules_pages_say_the_place_step_as_a_rulebook_would(rules):
    text = next(str(n.text) for n in rules.model.nodes.values() if type(n).__name__ == "Place")
    assert text == ("you may lay one of the pieces in the pool on the map, turned as you like: every square on land, "
                    "all in one region, on no filled cell, in a region that holds one of your markers and next to "
                    "one of your markers or a laid piece (each square covers a cell; the cell under its first "
                    "square, the leftmost of its top row once turned, is where it lies); for each cell with a "
                    "star it covers, add 1 to your stars; if that fills the last empty cell of a region (once per "
                    "region), abilities that act when a region is filled take effect")
    claim = next(str(n.text) for n in rules.model.nodes.values() if type(n).__name__ == "Claim")
    assert claim.startswith("you may put one of your markers on an empty land cell of the map; if the cell has a "
                            "star, add 1 to your stars")
    said = " ".join(str(n.text) for n in rules.model.nodes.values())
    assert "if you chose a piece to lay" in said
