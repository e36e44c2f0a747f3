"""The web table in a real browser: Playwright drives Debian's Chromium through a whole game of each of the five
packaged games, reading only the page and clicking (a place on the map when the answers are places, then the first
answer), until the game-over text appears; every page reads as a player's (no id in its text, a status line with
the round, whose turn it is and the points so far), shows only its seat (no other seat's hidden card in its HTML),
the log shows what happened, and no page loads anything from another host (tests/browser.py judges the pages' own
requests).

``BOARDRULES_UPDATE_SCREENSHOTS=1`` also writes the documentation's screenshots (docs/images/web-*.png).
Skips without Playwright, the web extra or /usr/bin/chromium (``.ci/run`` installs all three)."""
from __future__ import annotations

import os
import re
import socket
import threading
import time
from pathlib import Path

import pytest

import browser as chromium  # noqa: E402

if chromium.CHROMIUM is None:
    pytest.skip("no /usr/bin/chromium (.ci/run installs Debian's chromium)", allow_module_level=True)
pytest.importorskip("playwright.sync_api")
uvicorn = pytest.importorskip("uvicorn")
pytest.importorskip("starlette")
pytest.importorskip("cryptography")
pytest.importorskip("multipart")

from boardrules.serve import Tables, create_app  # noqa: E402
from webtable import assert_shows_only_its_seat  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "docs" / "images"


@pytest.fixture(scope="module")
def server():
    """The web table on a free port of this machine, in a thread; yields (base URL, its tables)."""
    tables = Tables(seed=20261126)
    app = create_app(tables)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    for _ in range(200):
        if srv.started:
            break
        time.sleep(0.05)
    assert srv.started, "the server did not start"
    yield f"http://127.0.0.1:{port}", tables
    srv.should_exit = True
    thread.join(10)


@pytest.fixture(scope="module")
def browser():
    with chromium.chromium() as b:
        yield b


#: what no page a player reads may show: an id of the content (snake_case) or of a board's place ("r8c23", "edge9")
ID_LIKE = re.compile(r"\b[a-z][a-z0-9]*_[a-z0-9_]+\b|\br\d+c\d+\b|\bedge\d+\b")


def assert_reads_as_a_player(page):
    """The page a person reads: no id anywhere in its text, and the status line says the round, whose turn it is
    and the points so far."""
    text = page.inner_text("body")
    found = sorted(set(ID_LIKE.findall(text)))
    assert not found, f"the page shows ids: {found}"
    status = page.inner_text("#status")
    assert re.search(r"round: \d+", status) and "turn:" in status and "points so far:" in status, status


@pytest.mark.parametrize("game, players, shot_at", [("san_juan", 3, 14), ("puerto_rico", 3, 30),
                                                    ("san_juan_1897", 2, 10), ("burgundy_cards", 2, 12),
                                                    ("amerigo", 2, 9)])
def test_a_whole_game_in_the_browser_by_reading_the_page_and_clicking(server, browser, tmp_path, game, players,
                                                                       shot_at):
    """A whole game at the web table: on a board decision the first place drawn on the map is clicked, then the
    first answer left; otherwise the first answer. Every page reads as a player's (no ids, the status line) and
    every fourth shows nothing of another seat."""
    base, tables = server
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    seen = chromium.PageRequests(context)
    page = context.new_page()
    page.goto(base + "/")
    page.select_option("select[name=game]", game)
    page.fill("#new-game input[name=players]", str(players))
    page.fill("#new-game input[name=seat]", "0")
    page.select_option("#new-game select[name=bots]", "greedy")
    with page.expect_navigation():
        page.click("#new-game button[type=submit]")
    table_id, seat = re.search(r"/t/([^/]+)/(\d+)$", page.url).groups()
    table, seat = tables.get(table_id), int(seat)
    clicks = on_map = 0
    while page.locator("#game-over").count() == 0:
        assert page.locator("#decision h2").inner_text().startswith("Your decision"), page.url
        assert_reads_as_a_player(page)
        if clicks % 4 == 0:         # every fourth page checked in full (a whole game's worth, in less time)
            assert_shows_only_its_seat(page.content(), table.game, seat)
        if page.locator("#boards .cell.target").count():
            page.locator("#boards .cell.target").first.click()      # the answers there are left, one previewed
            assert page.locator("#boards .cell.preview").count() >= 1
            on_map += 1
        if clicks == shot_at:
            shoot(page, tmp_path, game)
        with page.expect_navigation():
            page.locator("button.choice:visible").first.click()
        clicks += 1
        assert clicks < 600, "the game did not end"
    assert table.game.is_over
    assert_reads_as_a_player(page)
    html = page.content()
    assert_shows_only_its_seat(html, table.game, seat)
    assert "Game over" in page.inner_text("#game-over")
    assert re.search(r"You win!|You did not win this time\.", page.inner_text("#verdict"))
    assert page.locator("#log li").count() >= 20
    assert "round" in page.inner_text("#log")
    assert (on_map > 0) == (game == "amerigo"), on_map      # only the board game answers on the map
    png = tmp_path / "over.png"
    page.screenshot(path=str(png))
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and png.stat().st_size > 10_000
    host = base.split("//", 1)[1]
    assert len(seen.requests) > clicks and not seen.foreign(host), f"from another host: {seen.foreign(host)}"
    context.close()


def shoot(page, tmp_path, game):
    """A screenshot of the page in the middle of the game (the documentation's, when asked to update them)."""
    png = tmp_path / f"{game}.png"
    page.screenshot(path=str(png))
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and png.stat().st_size > 10_000
    if os.environ.get("BOARDRULES_UPDATE_SCREENSHOTS"):
        SHOTS.mkdir(parents=True, exist_ok=True)
        (SHOTS / f"web-{game.replace('_', '-')}.png").write_bytes(png.read_bytes())


def test_a_page_of_another_origin_cannot_start_a_table(server, browser):
    """A page of another origin (here the same server under its other name, localhost) posts the start form to
    127.0.0.1 in real Chromium: the browser names its origin and the server refuses; this server's own page may."""
    base, tables = server
    before = set(tables.tables)
    page = browser.new_page()
    page.goto(base.replace("127.0.0.1", "localhost") + "/")
    with page.expect_navigation():
        page.evaluate("""target => { const f = document.createElement('form'); f.method = 'post';
            f.action = target; for (const [k, v] of [['game', 'san_juan'], ['players', '2']]) {
            const i = document.createElement('input'); i.name = k; i.value = v; f.appendChild(i); }
            document.body.appendChild(f); f.submit(); }""", base + "/new")
    assert "only this server's own pages" in page.content() and set(tables.tables) == before
    page.goto(base + "/")
    with page.expect_navigation():
        page.evaluate("""() => { const f = document.getElementById('new-game');
            f.querySelector('[name=players]').value = '2'; f.submit(); }""")
    assert re.search(r"/t/[^/]+/0$", page.url) and len(tables.tables) == len(before) + 1
    page.close()
@pytest.mark.parametrize("game, players, at", [("san_juan", 3, 6), ("puerto_rico", 3, 12), ("san_juan_1897", 2, 5),
                                               ("burgundy_cards", 2, 6), ("amerigo", 2, 5)])
def test_the_terminal_games_screen_reads_as_a_players_and_is_pictured(browser, tmp_path, game, players, at):
    """The terminal game's screen at a decision (rich's own recording of it, as HTML, shown in Chromium): no id on
    it, the status line and the decision; ``BOARDRULES_UPDATE_SCREENSHOTS=1`` writes it as docs/images/play-*.png."""
    import io

    pytest.importorskip("rich")
    from rich.console import Console

    import boardrules
    from boardrules.play.bots import make_bots
    from boardrules.play.terminal import TerminalGame

    rules = boardrules.load(game)
    console = Console(record=True, width=110, file=io.StringIO(), force_terminal=True, color_system="truecolor")
    tg = TerminalGame(rules, players, 4, {}, 0, make_bots("greedy", 4, rules, players), console=console)
    decisions = 0
    while not tg.game.is_over:
        if tg.game.current_player != 0:
            tg.game.apply(tg.bots[tg.game.current_player].choose(tg.game))
            continue
        console.export_text(clear=True)         # the screen of this decision alone
        tg.show()
        decisions += 1
        if decisions == at:
            break
        tg.game.apply(tg.game.legal_actions()[0])
    text = console.export_text(clear=False)
    assert not ID_LIKE.findall(text), sorted(set(ID_LIKE.findall(text)))
    assert re.search(r"^round: \d+ ·", text, re.M) and "points so far: you = " in text and "your decision: " in text
    html = console.export_html(inline_styles=True)
    context = browser.new_context(viewport={"width": 1000, "height": 700})
    seen = chromium.PageRequests(context)
    page = context.new_page()
    page.set_content(html)
    png = tmp_path / f"play-{game}.png"
    page.screenshot(path=str(png), full_page=True)
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and png.stat().st_size > 10_000
    assert not [r for r in seen.requests if chromium.another_host(r[1], "127.0.0.1")], seen.requests
    context.close()
    if os.environ.get("BOARDRULES_UPDATE_SCREENSHOTS"):
        SHOTS.mkdir(parents=True, exist_ok=True)
        (SHOTS / f"play-{game.replace('_', '-')}.png").write_bytes(png.read_bytes())
