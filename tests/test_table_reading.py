"""What a person reads at a table (boardrules/play/reading.py, shared by the terminal game and the web table): the
content's ``play`` marks (a status line of a player's state, counters that only keep the rules' accounts), the
decision and its answers in the rules pages' words, a laid piece previewed on the cells it will cover, the log
grouped by round and turn with a tower drop in one line."""
from __future__ import annotations

import re
import textwrap

import pytest

import boardrules
from boardrules import ContentError
from boardrules.play.bots import make_bots
from boardrules.play.reading import Reader, board_text, place_words
from boardrules.testing import position


def played(game, players, seed, until, bots="greedy"):
    """A game played by bots until ``until(game)`` holds (or it ends)."""
    rules = boardrules.load(game)
    g = rules.new_game(players=players, seed=seed)
    seats = make_bots(bots, seed, rules, players)
    for _ in range(5000):
        if g.is_over or until(g):
            break
        g.apply(seats[g.current_player].choose(g))
    return g


def variant(tmp_path, text):
    path = tmp_path / "v.yaml"
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def test_the_start_player_card_is_shown_when_you_hold_it_though_its_count_is_0():
    # Burgundy's start-player card: held by seat 0, the shared count is 0, and the status line still says so
    rules = boardrules.load("burgundy_cards")
    g = position(rules, 2, counters={"start_card_holder": 0})
    status = dict(Reader(rules).status(g.view(0), 0))
    assert status["start-player card"] == "you"
    assert dict(Reader(rules).status(g.view(1), 1))["start-player card"] == "seat 0"


def test_the_status_line_says_round_turn_and_points_so_far_for_every_game():
    for game in ("san_juan", "san_juan_1897", "puerto_rico", "burgundy_cards", "amerigo"):
        g = played(game, 3, 2, lambda g: g.round >= 2)
        me = g.current_player
        status = dict(Reader(g.rules).status(g.view(me), me))
        assert status["round"] == "2" and status["turn"] == "yours", (game, status)
        points = next(v for k, v in status.items() if k.endswith("points so far"))
        assert points.startswith("you = "), (game, points)


def test_puerto_ricos_hidden_shipping_points_stay_out_of_the_others_points_so_far():
    g = played("puerto_rico", 3, 5, lambda g: any(s["total"] > 5 for s in g.scores()))
    me = g.current_player
    points = dict(Reader(g.rules).status(g.view(me), me))["your points so far"]
    assert points == f"you = {g.scores()[me]['total']}"       # the others' totals would tell their chips


def test_amerigos_status_names_the_phase_card_and_the_action_points_left_while_an_action_is_on():
    g = played("amerigo", 3, 2, lambda g: g.prompt == "plan_tile")
    me = g.current_player
    status = dict(Reader(g.rules).status(g.view(me), me))
    assert status["phase"].endswith(" phase") and int(status["action points left"]) >= 1
    order = status["turn order"].split(" → ")
    assert sorted(order) == sorted(["you"] + [f"seat {s}" for s in range(3) if s != me])
    # between actions no budget is open: the action points are not shown
    g = played("amerigo", 3, 2, lambda g: g.prompt == "perform")
    assert "action points left" not in dict(Reader(g.rules).status(g.view(g.current_player), g.current_player))


def test_bookkeeping_counters_are_neither_shown_nor_logged():
    g = played("burgundy_cards", 2, 3, lambda g: g.round >= 2)
    reader = Reader(g.rules)
    assert "buying" in reader.bookkeeping and all(c.id not in reader.bookkeeping for c in reader.shown_counters)
    events = g.events(0)
    assert any(e["type"] == "count" and e["counter"] == "buying" for e in events)      # the API still has them
    told = reader.lines(events, 0)
    assert not any("buying cards this turn" in line["text"] for line in told)


def test_bad_status_marks_are_content_errors_naming_the_place(tmp_path):
    bad = variant(tmp_path, """\
        extends: san_juan
        id: marks
        title: marks
        play:
          change:
            status: [{counter: nobody}, {order: nowhere}]
            bookkeeping: [nothing]
        """)
    with pytest.raises(ContentError) as got:
        boardrules.load(str(bad))
    said = str(got.value)
    assert "unknown counter 'nobody'" in said and "unknown track 'nowhere'" in said
    assert "unknown counter 'nothing'" in said and "play" in said


def test_a_decision_is_said_in_the_rules_pages_words_and_its_answers_name_places_by_row_and_column():
    g = played("amerigo", 2, 3, lambda g: g.prompt == "sail")
    reader = Reader(g.rules)
    heading = reader.heading(g)
    assert heading.startswith("move each of your pieces") and "_" not in heading
    said = [reader.answer(a) for a in g.legal_actions()]
    assert all(not re.search(r"\br\d+c\d+\b|\bedge\d+\b", s) for s in said)
    assert any(re.search(r"row \d+, column \d+", s) for s in said)
    assert place_words("build X at r3c21 turned 90") == "build X at row 3, column 21 turned 90°"


def test_the_rules_text_of_a_card_an_answer_offers_is_at_hand():
    # the card game's City Hall and Church say what they do at the decision that offers them (their notes)
    rules = boardrules.load("burgundy_cards")
    reader = Reader(rules)
    hall = next(c for c in rules.cards if c.id.startswith("city_hall"))
    text = reader.card_text(hall)
    assert "die value" in text and "another of your projects" in text
    g = played("amerigo", 2, 3, lambda g: g.prompt == "take_token", bots="random")
    assert g.prompt == "take_token", "no progress token was offered in the game"
    offered = [reader2 for a in g.legal_actions() for reader2 in Reader(g.rules).offered(a)]
    assert offered and all(name and text for name, text in offered)


def test_a_laid_piece_is_previewed_on_the_cells_it_will_cover():
    pytest.importorskip("starlette")
    from boardrules.serve.page import piece_cells

    g = played("amerigo", 2, 3, lambda g: g.prompt == "build")
    bid = next(iter(g.view(0)["boards"]))
    bdef = g.rules.model.boards[bid]
    columns = bdef.layout(2)[1]
    n = len(next(iter(bdef.tiles.values())))
    width = columns * n
    height = len(g.view(0)["boards"][bid]["slots"]) // columns * n
    cards = {c.id: c for c in g.rules.cards}
    for action in g.legal_actions()[:12]:
        if action.kind == "pass":
            continue
        card = cards[action.args["piece"]]
        shape = next(v for k, v in card.attrs.items() if g.rules.model.attributes[k].get("type") == "shape")
        preview = piece_cells(shape, action.args["at"], action.args["turn"], action.args.get("mirror", False),
                              (width, height))
        after = g.clone()
        seat = after.current_player
        after.apply(action)
        covered = after.view(0)["boards"][bid]["covered"]
        before = g.view(0)["boards"][bid]["covered"]
        laid = sorted(f"r{i // width + 1}c{i % width + 1}" for i, s in enumerate(covered)
                      if s == seat and before[i] is None)
        assert sorted(preview) == laid, (str(action), preview, laid)


def test_a_tower_drop_is_one_line_and_the_log_is_grouped_by_round_and_turn():
    g = played("amerigo", 2, 3, lambda g: g.round >= 2)
    reader = Reader(g.rules)
    groups = reader.grouped(g.events(0), 0)
    first = next(r for r in groups if r["round"] is not None)
    assert first["title"] == "round 1 begins"
    lines = [line for p in first["phases"] for t in p["turns"] for line in t["lines"]]
    drops = [line["text"] for line in lines if "to the cube tower; then " in line["text"]]
    assert drops and all(" cube" in d for d in drops)
    events = [e for e in g.events(0) if e["type"] == "move"]
    assert len(lines) < len(events) / 3         # a cube at a time would be many more lines
    turns = [t["seat"] for p in first["phases"] for t in p["turns"] if t["seat"] is not None]
    assert set(turns) == {0, 1}


def test_the_terminal_draws_the_map_with_numbered_rows_and_columns():
    g = played("amerigo", 2, 3, lambda g: g.prompt == "sail")
    view = g.view(0)
    bid = next(iter(view["boards"]))
    drawn = board_text(g.rules.model, bid, view["boards"][bid], 2, 0)
    lines = drawn.splitlines()
    assert lines[1].split()[:3] == ["1", "2", "3"] and lines[2].split()[0] == "1"
    assert "border spaces" in drawn and "@k a piece" in drawn


def test_listing_the_games_reads_their_manifests_alone_and_agrees_with_loading_them(monkeypatch):
    from click.testing import CliRunner

    import boardrules.lang.load as loading
    from boardrules.content.summary import summary
    from boardrules.play.cli import cli

    for gid in boardrules.available_games():
        card, rules = summary(gid), boardrules.load(gid)
        assert card == {"id": rules.id, "title": rules.title, "options": rules.options,
                        "players": (rules.players.start, rules.players.stop - 1)}, gid

    def no_compiling(source):
        raise AssertionError(f"list compiled {source}")

    monkeypatch.setattr(loading, "load_model", no_compiling)
    out = CliRunner().invoke(cli, ["list"])
    assert out.exit_code == 0 and "San Juan 1897" in out.output and "2-4 players" in out.output
