"""The web table (``boardrules serve``) through Starlette's test client: whole games of every packaged game and a
variant file played through its forms, each page showing only its seat; and bad input refused with a clear message
and the game unchanged: another seat's page, a forged answer, a stale answer, an answer out of turn, a malformed or
tampered saved game, a foreign Host header."""
from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("cryptography")
pytest.importorskip("multipart")
from starlette.testclient import TestClient  # noqa: E402

from boardrules.serve import Sealer, Tables, create_app  # noqa: E402
from webtable import assert_shows_only_its_seat  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
VARIANT = str(ROOT / "examples" / "new_role.yaml")
SEED = 918273645


@pytest.fixture(scope="module")
def offered():
    """The games a server offers, loaded once for the module (every test's server offers the same)."""
    tables = Tables([VARIANT])
    for source in tables.sources:
        tables.rules(source)
    return tables.sources


@pytest.fixture
def tables(offered):
    tables = Tables(seed=SEED)
    tables.sources = dict(offered)
    return tables


@pytest.fixture
def client(tables):
    return TestClient(create_app(tables, ("testserver",)))


def start(client, game="san_juan", players=3, seat=0, **more):
    r = client.post("/new", data={"game": game, "players": str(players), "seat": str(seat), **more})
    assert r.status_code == 200, r.text
    return r


def table_of(client, r):
    table_id, seat = re.search(r"/t/([^/]+)/(\d+)$", str(r.url)).groups()
    return client.app.state.tables.get(table_id), int(seat)


def said(response) -> str:
    """A response's text, HTML entities read."""
    return html.unescape(response.text)


def first_answer(page: str) -> dict:
    move = re.search(r'name="move" value="(\d+)"', page).group(1)
    action = html.unescape(re.search(r'name="action" value="([^"]*)"', page).group(1))
    return {"move": move, "action": action}


@pytest.mark.parametrize("game, players", [("san_juan", 3), ("puerto_rico", 3), ("burgundy_cards", 2),
                                           (VARIANT, 3)])
def test_a_whole_game_is_played_through_the_forms_and_each_page_shows_only_its_seat(client, game, players):
    r = start(client, game, players, seat=1, bots="greedy")
    table, seat = table_of(client, r)
    assert seat == 1 and "you are seat 1" in said(r)
    for _ in range(1000):
        assert_shows_only_its_seat(r.text, table.game, seat)
        if 'id="game-over"' in said(r):
            break
        assert "Your decision" in said(r)
        r = client.post(f"{r.url}/act", data=first_answer(r.text))
        assert r.status_code == 200, r.text
    assert table.game.is_over
    assert "Game over" in said(r) and ("You win!" in said(r) or "You did not win this time." in said(r))
    log = re.search(r'<section id="log">.*?</section>', r.text, re.S).group(0)
    assert log.count("<li") >= 20       # the log shows what happened


def test_the_seat_token_is_a_strict_http_only_cookie_for_that_seat_alone(client):
    r = client.post("/new", data={"game": "san_juan", "players": "2", "seat": "1"}, follow_redirects=False)
    assert r.status_code == 303
    cookie = r.headers["set-cookie"].lower()
    path = r.headers["location"]
    assert f"path={path.lower()}" in cookie and "httponly" in cookie and "samesite=strict" in cookie


def test_another_seats_page_and_answers_are_refused_and_the_game_is_unchanged(client, tables):
    r = start(client, "san_juan", 3, seat=0)
    table, seat = table_of(client, r)
    before = table.game.to_json()
    mine = client.get(f"/t/{table.id}/0")
    assert mine.status_code == 200
    other = client.get(f"/t/{table.id}/1")          # a bot's seat
    assert other.status_code == 403 and "not played from a browser" in said(other)
    stranger = TestClient(client.app)               # another browser: no token
    for url in (f"/t/{table.id}/0", f"/t/{table.id}/0/save"):
        got = stranger.get(url)
        assert got.status_code == 403 and "does not hold seat 0" in said(got)
    stranger.cookies.set("seat_token", "guessed", path=f"/t/{table.id}/0")
    got = stranger.post(f"/t/{table.id}/0/act", data=first_answer(mine.text))
    assert got.status_code == 403 and "does not hold seat 0" in said(got)
    assert client.get(f"/t/nosuchtable/0").status_code == 404
    assert table.game.to_json() == before


def test_a_forged_answer_is_refused_with_the_librarys_message_and_the_game_is_unchanged(client):
    r = start(client, "puerto_rico", 3, seat=0)
    table, seat = table_of(client, r)
    if table.game.current_player != seat:
        pytest.skip("not this seat's turn")
    before = table.game.to_json()
    move = str(table.move)
    for action, status, message in [
            (json.dumps({"kind": "choose_role", "args": {"role": "no_such_role"}}), 422, "refused: "),
            (json.dumps({"kind": "pass", "args": {}, "extra": 1}), 422, "refused: "),
            ("not json", 400, "is not JSON"),
            (json.dumps([1, 2]), 422, "refused: ")]:
        got = client.post(f"{r.url}/act", data={"move": move, "action": action})
        assert got.status_code == status and message in said(got), (action, got.status_code, got.text)
        assert table.game.to_json() == before
    got = client.post(f"{r.url}/act", data={"move": "x", **{"action": first_answer(r.text)["action"]}})
    assert got.status_code == 400 and "not a number" in said(got)
    assert table.game.to_json() == before


def test_a_stale_answer_is_refused_after_the_game_moved_on(client):
    r = start(client, "san_juan", 3, seat=0)
    old = first_answer(r.text)
    r = client.post(f"{r.url}/act", data=old)
    assert r.status_code == 200
    table, _ = table_of(client, r)
    before = table.game.to_json()
    got = client.post(f"{r.url}/act", data=old)       # the same form sent again (a second click, an old tab)
    assert got.status_code == 409 and "moved on" in said(got)
    assert table.game.to_json() == before


def test_an_answer_out_of_turn_is_refused_and_an_invitation_works_once(client):
    r = start(client, "san_juan", 3, seat=0, humans="2")
    table, _ = table_of(client, r)
    assert set(table.tokens) == {0, 2}
    link = re.search(r"<code>(/join/[^<]+/2/[^<]+)</code>", r.text).group(1)
    friend = TestClient(client.app)
    joined = friend.get(link)
    assert joined.status_code == 200 and "you are seat 2" in said(joined)
    assert TestClient(client.app).get(link).status_code == 403       # used once
    assert client.get(f"/t/{table.id}/2").status_code == 403         # the starter does not hold seat 2
    game = table.game
    deciding = game.current_player
    browsers = {0: client, 2: friend}
    waiting = 2 if deciding == 0 else 0
    page = browsers[deciding].get(f"/t/{table.id}/{deciding}").text
    assert 'id="waiting"' in browsers[waiting].get(f"/t/{table.id}/{waiting}").text
    before = game.to_json()
    got = browsers[waiting].post(f"/t/{table.id}/{waiting}/act", data=first_answer(page))
    assert got.status_code == 409 and f"it is seat {deciding}'s decision" in said(got)
    assert game.to_json() == before


def test_a_saved_game_tells_nothing_hidden_and_resumes_where_it_was(client, tables):
    r = start(client, "san_juan", 3, seat=1)
    for _ in range(5):
        r = client.post(f"{r.url}/act", data=first_answer(r.text))
    table, seat = table_of(client, r)
    saved = client.get(f"{r.url}/save")
    assert saved.status_code == 200 and "attachment" in saved.headers["content-disposition"]
    data = saved.json()
    assert data["format"] == "boardrules-web-save" and data["seat"] == 1 and not data["over"]
    assert "state" not in data and str(SEED) not in saved.text
    hidden = [c.split("#")[0] for c in table.game.to_json()["zones"]["supply"][0][:5]]
    assert not any(c in saved.text for c in hidden)           # the draw pile's order stays on the server
    other = TestClient(client.app)
    resumed = other.post("/resume", files={"file": ("save.json", saved.content, "application/json")})
    assert resumed.status_code == 200 and "you are seat 1" in said(resumed)
    again, seat2 = table_of(other, resumed)
    assert again.id != table.id and seat2 == 1
    assert again.game.to_json() == table.game.to_json()


def test_a_saved_game_resumes_at_the_seat_that_saved_it_whatever_its_plain_seat_says(client):
    r = start(client, "san_juan", 3, seat=0, humans="2")
    data = client.get(f"{r.url}/save").json()
    assert data["seat"] == 0
    data["seat"] = 2                                        # edited by hand, to peek at the other person's seat
    got = TestClient(client.app).post("/resume", files={"file": ("x.json", json.dumps(data), "application/json")})
    assert got.status_code == 200 and "you are seat 0" in said(got)


def test_a_plain_game_state_resumes_and_a_finished_games_save_holds_it(client, tables):
    import boardrules

    game = boardrules.load("puerto_rico").new_game(players=3, seed=4)
    for _ in range(12):
        game.apply(game.legal_actions()[0])
    got = client.post("/resume", data={"seat": "2", "bots": "greedy"},
                      files={"file": ("state.json", json.dumps(game.to_json()), "application/json")})
    assert got.status_code == 200 and "you are seat 2" in said(got)
    table, seat = table_of(client, got)
    assert seat == 2 and table.game.history[:12] == game.history
    while not table.game.is_over:
        table.act(2, table.tokens[2], table.game.legal_actions()[0].to_json(), table.move)
    data = client.get(f"/t/{table.id}/2/save").json()
    assert data["over"] and data["state"] == table.game.to_json()


@pytest.mark.parametrize("content, status, message", [
    (b"\x00\x01 not json", 400, "not JSON"),
    (b"[1, 2, 3]", 400, "not a saved game"),
    (b'{"hello": 1}', 400, "neither a game saved by this server"),
    (b'{"format": "boardrules-web-save", "sealed": "gAAAAAforged"}', 400, "not sealed by this server's key"),
    (b'{"game": "no_such_game", "players": 3}', 400, "does not offer"),
])
def test_a_malformed_saved_game_is_refused(client, tables, content, status, message):
    got = client.post("/resume", files={"file": ("x.json", content, "application/json")})
    assert got.status_code == status and message in said(got), got.text
    assert not tables.tables


def test_a_game_state_that_does_not_check_is_refused_with_the_librarys_message(client, tables):
    import boardrules

    state = boardrules.load("san_juan").new_game(players=3, seed=2).to_json()
    state["players"] = 9
    got = client.post("/resume", files={"file": ("x.json", json.dumps(state), "application/json")})
    assert got.status_code == 422 and "the saved game does not load" in said(got)
    state = boardrules.load("san_juan").new_game(players=3, seed=2).to_json()
    state["zones"]["supply"][0] = state["zones"]["supply"][0][1:]       # a card gone
    got = client.post("/resume", files={"file": ("x.json", json.dumps(state), "application/json")})
    assert got.status_code == 422 and "the saved game does not load" in said(got)
    assert not tables.tables


def test_a_save_sealed_by_another_servers_key_or_changed_is_refused(client, tables):
    r = start(client, "san_juan", 2, seat=0)
    data = client.get(f"{r.url}/save").json()
    elsewhere = Tables(seed=SEED, sealer=Sealer())          # another server, another key
    elsewhere.sources = tables.sources
    other = TestClient(create_app(elsewhere, ("testserver",)))
    got = other.post("/resume", files={"file": ("x.json", json.dumps(data), "application/json")})
    assert got.status_code == 400 and "not sealed by this server's key" in said(got)
    data["sealed"] = data["sealed"][:-8] + ("A" * 8 if not data["sealed"].endswith("A" * 8) else "B" * 8)
    got = client.post("/resume", files={"file": ("x.json", json.dumps(data), "application/json")})
    assert got.status_code == 400 and "not sealed by this server's key" in said(got)
    assert len(tables.tables) == 1


def test_bad_start_forms_are_refused_on_the_start_page(client, tables):
    for form, message in [({"game": "../etc/passwd", "players": "3"}, "does not offer"),
                          ({"game": "san_juan", "players": "many"}, "players must be a whole number"),
                          ({"game": "san_juan", "players": "12"}, "12"),
                          ({"game": "san_juan", "players": "3", "seat": "5"}, "seat 5 is not a seat"),
                          ({"game": "san_juan", "players": "3", "bots": "mcts"}, "bots are random, greedy"),
                          ({"game": "san_juan", "players": "3", "options": "nonsense"}, "key=value"),
                          ({"game": "san_juan", "players": "3", "options": "no_such_option=1"}, "no_such_option")]:
        got = client.post("/new", data=form)
        assert 400 <= got.status_code < 500 and message in html.unescape(got.text), (form, got.text[:300])
    assert not tables.tables


def test_a_request_for_another_host_name_is_refused(tables):
    client = TestClient(create_app(tables), base_url="http://127.0.0.1:8000")
    assert client.get("/").status_code == 200
    assert client.get("/", headers={"host": "attacker.example"}).status_code == 400


def test_an_ipv6_address_with_its_port_is_accepted_as_a_host():
    from boardrules.serve.app import host_name
    assert host_name("[::1]:8000") == "[::1]" and host_name("[::1]") == "[::1]"
    assert host_name("127.0.0.1:8000") == "127.0.0.1" and host_name("localhost") == "localhost"
    assert host_name("[::1]x:80") == "" and host_name("[::1") == ""


def test_a_server_started_on_ipv6_serves_its_own_address_and_refuses_others(tables):
    client = TestClient(create_app(tables, ["127.0.0.1", "localhost", "[::1]"]), base_url="http://127.0.0.1:8000")
    assert client.get("/", headers={"host": "[::1]:8000"}).status_code == 200
    assert client.get("/", headers={"host": "[::2]:8000"}).status_code == 400
    assert client.get("/", headers={"host": "[::1]evil.example"}).status_code == 400


def test_the_start_page_offers_every_packaged_game_and_the_variant_file(client):
    import boardrules

    page = client.get("/").text
    for gid in boardrules.available_games() + [VARIANT]:
        assert f'<option value="{html.escape(gid)}"' in page
    assert 'href="/static/table.css"' in page and "http" not in page.split("<body>")[1].split("Games")[0]
    assert client.get("/static/table.css").status_code == 200


def test_the_command_binds_to_this_machine_by_default(monkeypatch, tmp_path):
    import uvicorn
    from click.testing import CliRunner

    from boardrules.cli import cli

    seen = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: seen.update(kw))
    key = tmp_path / "key"
    result = CliRunner().invoke(cli, ["serve", VARIANT, "--key-file", str(key)])
    assert result.exit_code == 0, result.output
    assert seen["host"] == "127.0.0.1" and seen["port"] == 8000
    assert "http://127.0.0.1:8000/" in result.output
    assert key.stat().st_mode & 0o077 == 0           # the sealing key is readable by its owner only
    bad = CliRunner().invoke(cli, ["serve", str(tmp_path / "missing.yaml")])
    assert bad.exit_code == 2 and "Error" in bad.output


def board_shown(page: str, board: str) -> dict:
    """What the page's drawing of ``board`` shows: the seat and node of each piece, marker and covered cell."""
    svg = re.search(rf'<figure class="board" id="board-{board}".*?</svg>', page, re.S).group(0)
    return {kind: sorted(re.findall(rf'<(?:circle|rect) class="{kind}" data-seat="(\d+)" data-node="([^"]+)"', svg))
            for kind in ("piece", "marker", "covered")}


def test_a_board_game_table_draws_each_piece_and_marker_in_its_seats_colour_and_redraws_after_a_move(client):
    r = start(client, "amerigo", 3, seat=0, bots="greedy")
    table, seat = table_of(client, r)
    bdef = table.rules.model.boards["map"]
    width = bdef.layout(3)[1] * len(next(iter(bdef.tiles.values())))
    first = table.game.view(seat)["boards"]["map"]
    assert 'id="boards"' in r.text and '<ul class="legend">' in r.text
    assert all(f'<li data-seat="{k}">' in r.text for k in range(3))
    before = board_shown(r.text, "map")
    changed = False
    for _ in range(300):
        assert_shows_only_its_seat(r.text, table.game, seat)
        state = table.game.view(seat)["boards"]["map"]
        shown = board_shown(r.text, "map")
        pieces = sorted((str(s), node) for s, mine in enumerate(state["pieces"]) for node in mine)
        assert shown["piece"] == pieces and len(pieces) == sum(map(len, state["pieces"])) > 0
        for kind, values in (("marker", state["markers"]), ("covered", state["covered"])):
            assert shown[kind] == sorted((str(s), f"r{i // width + 1}c{i % width + 1}")
                                         for i, s in enumerate(values) if s is not None)
        if state != first:
            changed = board_shown(r.text, "map") != before
            break
        if 'id="game-over"' in r.text:
            break
        r = client.post(f"{r.url}/act", data=first_answer(r.text))
        assert r.status_code == 200, r.text
    assert changed, "the board never changed"


def test_a_boards_drawing_escapes_the_views_text_and_leaves_out_what_is_no_node(tables):
    import xml.etree.ElementTree as ET

    from boardrules.model.drawing import board_svg

    bdef = tables.rules("amerigo").model.boards["map"]
    slots, columns = bdef.layout(3)
    slots = [(t, r or 0) for t, r in slots]
    hostile = '"><script>alert(1)</script>'
    state = {"markers": [0, hostile, 7, True] + [None] * 2000, "covered": [None, 1],
             "pieces": [["r1c1", hostile, "edge1", "r999c1"], "edge2", [["x"]]]}
    svg = board_svg(bdef, slots, columns, state, ["#111111", '"/><script>'], label=hostile)
    ET.fromstring(svg)                  # well-formed: nothing of the view broke out of an attribute or element
    assert "<script" not in svg
    assert svg.count('class="piece"') == 2 and svg.count('class="marker"') == 1
    assert svg.count('class="covered"') == 1
