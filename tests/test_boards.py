

def test_border_nodes_hold_any_number_of_pieces_and_a_cell_what_the_content_says(rules, tmp_path):
    g = rules.new_game(2, seed=1)
    g.apply({"kind": "move", "args": {"to": "edge2"}})
    g.apply({"kind": "claim", "args": {"cell": "r2c2"}})
    assert "edge2" in moves(g, "move")          # a border node takes any number of pieces
    g.apply({"kind": "move", "args": {"to": "edge2"}})
    assert board(g)["pieces"] == [["edge2"], ["edge2"]]
    roomy = boardrules.load(str(variant(tmp_path, "capacity: {cell: 1}", "capacity: {cell: 2, border: 1}")))
    g = roomy.new_game(2, seed=1)
    g.apply({"kind": "move", "args": {"to": "r1c2"}})
    g.apply({"kind": "claim", "args": {"cell": "r2c2"}})
    assert "r1c2" in moves(g, "move")           # a cell that holds two
    g.apply({"kind": "move", "args": {"to": "r1c2"}})
    g.apply({"kind": "claim", "args": {"cell": "r2c3"}})
    ends = moves(g, "move")
    assert "r1c1" in ends and "edge1" in ends   # both left edge1, which holds one now
    g.apply({"kind": "move", "args": {"to": "edge1"}})
    g.apply({"kind": "claim", "args": {"cell": "r2c4"}})
    assert "edge1" not in moves(g, "move")      # full: seat 0 is there
