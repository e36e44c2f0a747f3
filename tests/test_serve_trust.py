"""The web table (``boardrules serve``) held to the promises of docs/security.md: a seat goes only to whoever can
prove it, also through a saved and resumed game; a page of another site can neither start, resume nor play tables,
nor push running tables out; and bad input of any shape (a cookie, a code, a start form, an answer, an upload) is
refused with a 4xx and a message, never a 500. A hypothesis fuzz of the routes checks the last two in bulk and
that no page shows a seat's hidden cards to anyone else (bounded by the ``ci`` profile of tests/conftest.py;
``HYPOTHESIS_PROFILE=release FUZZ_EXAMPLES=...`` for a long run)."""
from __future__ import annotations

import json
import re
from urllib.parse import quote

import pytest

pytest.importorskip("starlette")
pytest.importorskip("cryptography")
pytest.importorskip("multipart")
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402
from test_serve import SEED, client, first_answer, offered, said, start, table_of, tables  # noqa: E402,F401
from webtable import assert_shows_only_its_seat, hidden_from  # noqa: E402

from boardrules import limits  # noqa: E402
from boardrules.serve import Tables, create_app  # noqa: E402
from boardrules.serve import tables as tables_module  # noqa: E402


def server(offered, sealer=None):
    """A fresh server (the same key as another one when ``sealer`` is given: the same server restarted)."""
    tables = Tables(seed=SEED, sealer=sealer)
    tables.sources = dict(offered)
    return TestClient(create_app(tables, ("testserver",)), raise_server_exceptions=False)


def browser(client):
    """Another browser talking to the same server (its own cookies)."""
    return TestClient(client.app, raise_server_exceptions=False)


def two_people(client, game="san_juan"):
    """Alice starts a two-person table at seat 0, Bob joins seat 1 by his invitation: (table, alice, bob)."""
    r = start(client, game, 2, seat=0, humans="1")
    table, _ = table_of(client, r)
    link = re.search(r"<code>(/join/[^<]+/1/[^<]+)</code>", r.text).group(1)
    bob = browser(client)
    assert bob.get(link).status_code == 200
    return table, client, bob


def upload(who, saved: bytes, **form):
    return who.post("/resume", data=form, files={"file": ("save.json", saved, "application/json")})


def bobs_hand(table) -> set[str]:
    return hidden_from(table.game, 0)


def never_shown(page: str, table, seat: int) -> None:
    """``page`` names no card ``seat`` may not know (tests/webtable.py)."""
    assert_shows_only_its_seat(page, table.game, seat)


# ---------------------------------------------------------------------- a resumed save hands out no seat
def test_the_starter_who_resumes_a_save_gets_no_way_into_the_other_persons_seat(client):
    table, alice, bob = two_people(client)
    assert bobs_hand(table), "Bob holds hidden cards"
    saved = alice.get(f"/t/{table.id}/0/save").content
    resumed = upload(alice, saved)
    copy, seat = table_of(alice, resumed)
    assert seat == 0 and copy.id != table.id and copy.held.keys() == {1}
    assert "/join/" not in resumed.text                       # no fresh invitation for Bob's seat
    assert f"/t/{table.id}/1/rejoin" in resumed.text          # but the way Bob takes it back (no secret in it)
    never_shown(resumed.text, copy, 0)
    for path in (f"/t/{copy.id}/1", f"/t/{copy.id}/1/save", f"/t/{table.id}/1/rejoin", f"/join/{copy.id}/1/x"):
        got = alice.get(path)
        assert got.status_code in (403, 404), (path, got.status_code)
        never_shown(got.text, copy, 0)
    assert copy.held.keys() == {1}
    # Bob's browser takes his seat back with the token it holds for seat 1 of the table the save was made from
    back = bob.get(f"/t/{table.id}/1/rejoin")
    assert back.status_code == 200 and str(back.url).endswith(f"/t/{copy.id}/1") and "you are seat 1" in said(back)
    assert not copy.held and bob.get(f"/t/{table.id}/1/rejoin").status_code == 404      # once
    never_shown(back.text, copy, 1)


def test_a_save_by_the_invited_seat_resumes_with_seat_0_held_for_the_starters_own_save(offered):
    first = server(offered)
    table, alice, bob = two_people(first)
    bobs = bob.get(f"/t/{table.id}/1/save").content
    alices = alice.get(f"/t/{table.id}/0/save").content
    again = server(offered, first.app.state.tables.sealer)        # the server restarted: the tables are gone
    bob, alice = browser(again), browser(again)
    resumed = upload(bob, bobs)
    copy, seat = table_of(bob, resumed)
    assert seat == 1 and copy.held.keys() == {0} and "you are seat 1" in said(resumed)
    joined = upload(alice, alices)          # Alice's own save of the same game joins Bob's copy, seat 0
    assert table_of(alice, joined) == (copy, 0) and not copy.held
    assert len(again.app.state.tables.tables) == 1
    browsers = {0: alice, 1: bob}
    for _ in range(30):                     # the copy plays on: nobody waits forever
        if copy.game.is_over:
            break
        seat = copy.game.current_player
        page = browsers[seat].get(f"/t/{copy.id}/{seat}")
        never_shown(page.text, copy, seat)
        got = browsers[seat].post(f"/t/{copy.id}/{seat}/act", data=first_answer(page.text))
        assert got.status_code == 200, got.text
    assert copy.move >= 30 or copy.game.is_over


def test_a_starter_whose_table_is_gone_is_taken_to_the_copy_by_their_old_page(offered):
    first = server(offered)
    table, alice, bob = two_people(first)
    bobs = bob.get(f"/t/{table.id}/1/save").content
    first.app.state.tables.tables.clear()           # gone (a restart that kept the browsers' cookies)
    copy, _ = table_of(bob, upload(bob, bobs))
    assert copy.held == {0: (table.id, tables_module.digest(table.tokens[0]))}
    page = alice.get(f"/t/{table.id}/0")             # the page Alice had open reloads
    assert page.status_code == 200 and str(page.url).endswith(f"/t/{copy.id}/0") and "you are seat 0" in said(page)
    assert not copy.held
    stranger = browser(first)
    stranger.cookies.set("seat_token", "guessed", path=f"/t/{table.id}/0")
    assert stranger.get(f"/t/{table.id}/0").status_code == 404


def test_an_unused_invitation_keeps_its_code_in_the_copy_and_only_the_starters_page_shows_it(client):
    r = start(client, "san_juan", 3, seat=0, humans="1 2")
    table, _ = table_of(client, r)
    links = {seat: link for link, seat in re.findall(r"<code>(/join/[^<]+/(\d)/[^<]+)</code>", r.text)}
    carol = browser(client)
    assert carol.get(links["2"]).status_code == 200              # Carol joined seat 2; seat 1 never joined
    saved = carol.get(f"/t/{table.id}/2/save").content
    resumed = upload(carol, saved)
    copy, seat = table_of(carol, resumed)
    assert seat == 2 and copy.held.keys() == {0} and copy.invites == {1: table.invites[1]}
    assert "/join/" not in resumed.text                          # Carol never saw seat 1's invitation
    assert carol.get(f"/join/{copy.id}/1/{copy.invites[1]}x").status_code == 403
    alice = client.get(f"/t/{table.id}/0/rejoin")                # Alice takes seat 0 back: she sees it again
    assert alice.status_code == 200 and f"/join/{copy.id}/1/{table.invites[1]}" in alice.text


def test_a_save_of_the_first_version_resumes_with_bots_at_the_other_peoples_seats(client, tables):
    table, alice, bob = two_people(client)
    inner = {"source": "san_juan", "humans": [0, 1], "bots": table.bot_names, "seat": 0,
             "state": table.game.to_json()}
    old = {"format": "boardrules-web-save", "version": 1, "seat": 0, "sealed": tables.sealer.seal(inner)}
    copy, seat = table_of(alice, upload(alice, json.dumps(old).encode()))
    assert seat == 0 and copy.humans == [0] and not copy.held and not copy.invites


# ---------------------------------------------------------------------- pages of other sites
FOREIGN = [{"origin": "http://evil.example"}, {"origin": "null"}, {"origin": "http://testserver.evil.example"},
           {"origin": "http://localhost:3000"}, {"sec-fetch-site": "cross-site"},
           {"sec-fetch-site": "same-site"}, {"origin": "http://testserver", "sec-fetch-site": "cross-site"}]


@pytest.mark.parametrize("headers", FOREIGN)
def test_a_page_of_another_site_can_neither_start_resume_nor_play_a_table(client, tables, headers):
    r = start(client, "san_juan", 2, seat=0)
    table, _ = table_of(client, r)
    saved = client.get(f"/t/{table.id}/0/save").content
    before = table.game.to_json()
    for got in (client.post("/new", data={"game": "san_juan", "players": "2"}, headers=headers),
                client.post("/resume", files={"file": ("x.json", saved, "application/json")}, headers=headers),
                client.post(f"/t/{table.id}/0/act", data=first_answer(r.text), headers=headers)):
        assert got.status_code == 403 and "only this server's own pages" in said(got), got.text
    assert list(tables.tables) == [table.id] and table.game.to_json() == before


def test_this_servers_own_pages_may_post(client, tables):
    own = {"origin": "http://testserver", "sec-fetch-site": "same-origin"}
    got = client.post("/new", data={"game": "san_juan", "players": "2"}, headers=own)
    assert got.status_code == 200 and "you are seat 0" in said(got)


def test_a_full_server_refuses_a_new_table_and_keeps_every_running_one(client, tables, monkeypatch):
    monkeypatch.setattr(tables_module, "MAX_TABLES", 3)
    running = [table_of(client, start(client, "san_juan", 2))[0] for _ in range(3)]
    for _ in range(5):
        got = client.post("/new", data={"game": "san_juan", "players": "2"})
        assert got.status_code == 503 and "tables in play" in said(got) and "never dropped" in said(got)
    assert list(tables.tables) == [t.id for t in running]
    assert all(client.get(f"/t/{t.id}/0").status_code == 200 for t in running)
    # a finished table makes room, then the longest idle one
    over = running[1]
    while not over.game.is_over:
        over.act(0, over.tokens[0], over.game.legal_actions()[0].to_json(), over.move)
    newer = table_of(client, start(client, "san_juan", 2))[0]
    assert set(tables.tables) == {running[0].id, running[2].id, newer.id}
    running[2].touched -= limits.MAX_TABLE_IDLE + 1
    newest = table_of(client, start(client, "san_juan", 2))[0]
    assert set(tables.tables) == {running[0].id, newer.id, newest.id}


# ---------------------------------------------------------------------- a 4xx for every bad input
OPTION = "silver_purchases_per_turn"      # a number the card game's options take (0 or 1)


@pytest.mark.parametrize("value, message", [("²", "takes one of 0, 1, got '²'"), ("--1", "got '--1'"),
                                            ("9" * 5000, "a number has at most 16 digits"),
                                            ("-" + "9" * 17, "a number has at most 16 digits")])
def test_start_form_options_that_are_no_numbers_are_refused(client, tables, value, message):
    got = client.post("/new", data={"game": "burgundy_cards", "players": "2", "options": f"{OPTION}={value}"})
    assert got.status_code == 400 and OPTION in said(got) and message in said(got), said(got)[:300]
    assert not tables.tables
    assert client.post("/new", data={"game": "burgundy_cards", "players": "2",
                                     "options": f"{OPTION}=1"}).status_code == 200


@pytest.mark.parametrize("field, value, message", [
    ("players", "9" * 5000, "players must be a whole number (at most 16 digits)"),
    ("players", "²", "players must be a whole number"), ("players", "999999999", "not 999999999"),
    ("seat", "--1", "your seat must be a whole number"), ("humans", "1 " + "9" * 5000, "a person's seat must be"),
    ("humans", "1 " * 100_000, "100000 people's seats, but a 3-player game has 3 seats")])
def test_start_form_numbers_of_any_length_are_refused(client, tables, field, value, message):
    got = client.post("/new", data={"game": "san_juan", "players": "3", field: value})
    assert got.status_code == 400 and message in said(got), said(got)[:300]
    assert not tables.tables


def test_a_cookie_or_code_with_a_character_past_ascii_is_refused(client):
    table, alice, bob = two_people(client)
    token = table.tokens[0]
    for cookie in ("seat_token=é", "seat_token=" + token[:-1] + "é", "seat_token=\u2603" * 3):
        got = browser(client).get(f"/t/{table.id}/0", headers={"cookie": cookie.encode("utf-8")})
        assert got.status_code == 403 and "does not hold seat 0" in said(got)
    for code in ("é", "\u2603" * 40, "%FF%FE"):
        got = browser(client).get(f"/join/{table.id}/1/{code}")
        assert got.status_code == 403 and "invitation is not valid" in said(got)
    for seat in ("9" * 5000, "²", "-1"):
        assert client.get(f"/t/{table.id}/{seat}").status_code == 404


def test_an_answer_or_a_save_nested_deep_is_refused(client, tables):
    r = start(client, "san_juan", 2, seat=0)
    table, _ = table_of(client, r)
    before = table.game.to_json()
    deep = "[" * 100_000 + "]" * 100_000
    just_over = "[" * (limits.MAX_REQUEST_NESTING + 1) + "]" * (limits.MAX_REQUEST_NESTING + 1)
    for answer in (deep, just_over, '{"kind": ' + deep + "}"):
        got = client.post(f"{r.url}/act", data={"move": str(table.move), "action": answer})
        assert got.status_code == 400 and "nests lists and objects more than 64 deep" in said(got)
    assert table.game.to_json() == before
    for content in (deep, '{"game": "san_juan", "zones": ' + deep + "}", just_over):
        got = upload(client, content.encode())
        assert got.status_code == 400 and "more than 64 deep" in said(got), got.text
    got = upload(client, b"\xff\xfe{}")
    assert got.status_code == 400 and "not UTF-8" in said(got)
    assert list(tables.tables) == [table.id]


# ---------------------------------------------------------------------- the fuzz
EXAMPLES = max(10, settings.default.max_examples // 2)
odd = st.sampled_from(["", "0", "1", "2", "-1", "²", "--1", "9" * 5000, "-" + "9" * 17, "é", "\x00", "true",
                       "san_juan", "greedy", "random,greedy", "[[[[", " 1 ", "1e3", "0x10", "١"])
texts = st.integers(0, 3).flatmap(lambda i: st.text(max_size=12) if i == 0 else odd)     # mostly the odd ones
numberish = st.sampled_from(["²", "--1", "9" * 5000, "-" + "9" * 17, "١٢", "1_000", "+1", "0x10", "1e3", "-0", "0",
                             "1", "2", "-1", "15", "999999999"])
options = st.lists(st.tuples(st.sampled_from(["k", "silver_purchases_per_turn", "fair_start", "on_pile_empty", ""])
                             | st.text(max_size=4), numberish | texts).map(lambda kv: f"{kv[0]}={kv[1]}"), min_size=1, max_size=3).map(" ".join)
deep_json = st.integers(0, 200).map(lambda n: "[" * n + "]" * n) | st.just("[" * 100_000 + "]" * 100_000)
json_values = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=6),
                           lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner,
                                                                                        max_size=3), max_leaves=12)
actions = st.fixed_dictionaries({"kind": st.sampled_from(["pass", "choose_role", "build", "take"]) | texts,
                                 "args": st.dictionaries(st.sampled_from(["card", "role", "cards"]) | texts,
                                                         json_values, max_size=2)}).map(json.dumps)
FIELDS = {"game": texts, "players": numberish | texts, "seat": numberish | texts, "bots": texts, "preset": texts,
          "humans": numberish | texts, "options": options, "move": numberish | texts, "action": actions | deep_json | json_values.map(json.dumps)}


@st.composite
def requests(draw, table, saves: dict[int, bytes]):
    """One request a browser might send: a route of the app with any table, seat and code, a form that starts
    right and is then spoiled, any upload (the starter's real save, spoiled or not, included), any cookie."""
    table_id = draw(st.integers(0, 3).flatmap(lambda i: st.just(table.id) if i else texts))
    seat = draw(st.integers(0, 3).flatmap(lambda i: st.sampled_from(["0", "1", "2"]) if i else numberish | texts))
    route = draw(st.sampled_from(["/", "/new", "/new", "/new", "/resume", "/resume", "/t/{t}/{s}", "/t/{t}/{s}/act",
                                  "/t/{t}/{s}/act", "/t/{t}/{s}/act", "/t/{t}/{s}/save", "/t/{t}/{s}/rejoin",
                                  "/join/{t}/{s}/{c}"]))
    path = route.format(t=quote(table_id, safe=""), s=quote(seat, safe=""), c=quote(draw(texts), safe=""))
    method = "POST" if route in ("/new", "/resume", "/t/{t}/{s}/act") and draw(st.integers(0, 5)) else \
        draw(st.sampled_from(["GET", "POST"]))
    form = {"/new": {"game": "burgundy_cards", "players": "2"}, "/resume": {}}.get(route, {})
    if route.endswith("/act"):
        form = {"move": str(table.move), "action": json.dumps(table.game.legal_actions()[0].to_json())}
    spoil = {"/new": ["options", "options", "players", "seat", "humans", "bots", "preset", "game"],
             "/resume": ["seat", "bots"], "/t/{t}/{s}/act": ["action", "action", "move"]}.get(route, sorted(FIELDS))
    for field in draw(st.lists(st.sampled_from(spoil), min_size=1, max_size=3)):
        form[field] = draw(FIELDS[field])
    upload = None
    if route == "/resume" and method == "POST":
        save = json.loads(saves[0])
        spoiled = draw(st.dictionaries(st.sampled_from(sorted(save)) | st.text(max_size=4), json_values, max_size=2))
        upload = draw(st.just(saves[0]) | st.just(json.dumps({**save, **spoiled}).encode())
                      | deep_json.map(str.encode) | json_values.map(lambda v: json.dumps(v).encode())
                      | st.binary(max_size=30))
    mine = table.tokens[0]          # Alice's own token, sent anywhere, spoiled or not
    cookie = draw(st.none() | st.sampled_from([mine, mine + "é", mine[:-1] + "²", "é" + mine, mine.upper()])
                  | st.sampled_from([mine, mine + "é", mine[:-1] + "²", "é" + mine, mine.upper()]) | texts.map(lambda c: "".join(ch for ch in c if ch >= " " and ch not in ";\x7f")))
    return method, path, form, upload, cookie


@settings(max_examples=EXAMPLES, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                                                         HealthCheck.data_too_large])
@given(data=st.data())
def test_fuzz_no_request_gets_a_500_or_another_seats_hidden_cards(offered, data):
    """Alice (seat 0) and a stranger holding a copy of Alice's save send any requests; Bob holds seat 1. Neither
    gets a 5xx, a page showing cards its seat may not know, or any page of Bob's seat in any copy of the game."""
    client = server(offered)
    table, alice, bob = two_people(client, data.draw(st.sampled_from(["san_juan", "burgundy_cards"])))
    saves = {0: alice.get(f"/t/{table.id}/0/save").content}
    tables = client.app.state.tables
    for _ in range(data.draw(st.integers(1, 6))):
        who = data.draw(st.sampled_from([alice, browser(client)]))
        method, path, form, upload, cookie = data.draw(requests(table, saves))
        headers = {"cookie": f"seat_token={cookie}".encode("utf-8", "surrogatepass")} if cookie is not None else {}
        if upload is not None:
            got = who.post(path, data=form, files={"file": ("x.json", upload, "application/json")}, headers=headers)
        elif method == "POST":
            got = who.post(path, data=form, headers=headers)
        else:
            got = who.get(path, headers=headers)
        assert got.status_code < 500, (method, path, form, got.status_code, got.text[-400:])
        shown = re.search(r"/t/([^/]+)/(\d+)$", str(got.url)) if got.status_code == 200 else None
        if shown and "you are seat" in got.text:
            seen, seat = tables.get(shown.group(1)), int(shown.group(2))
            never_shown(got.text, seen, seat)
            # nobody here holds a seat of Alice and Bob's game but seat 0, through Alice's token or save
            assert seen.lineage != table.lineage or seat == 0, (path, seat)
        for other in tables.tables.values():
            if other.lineage == table.lineage and other is not table:
                assert 1 in other.held or 1 not in other.humans     # Bob's seat waits for Bob in every copy
