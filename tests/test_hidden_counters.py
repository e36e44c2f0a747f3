"""A number a game hides: a player's counter with ``visibility: owner`` (Puerto Rico's victory point chips lie face
down). The other seats' views, observations and events do not tell its value (changing it in a saved state changes
nothing they are told), its owner sees it, the others see it change by how much, and the end shows it to all."""
from __future__ import annotations

import io
import random
import re

import pytest

import boardrules
from boardrules import ContentError
from boardrules.ai import Observer

OWNER, OTHER = 1, 0
_RULES: dict = {}


def pr():
    if "pr" not in _RULES:
        _RULES["pr"] = boardrules.load("puerto_rico")
    return _RULES["pr"]


def play(game, rng, steps):
    for _ in range(steps):
        if game.is_over:
            return
        game.apply(rng.choice(game.legal_actions()))


def shipped(seed=11):
    """A 3-player game played at random until seat OWNER has victory points from shipping; its rng goes on."""
    game = pr().new_game(3, seed=seed)
    rng = random.Random(seed)
    while game.to_json()["counters"]["vp"][OWNER] == 0:
        play(game, rng, 1)
        assert not game.is_over
    return game, rng


def told(game, seat, observer):
    return game.view(seat), observer.string(game, seat), observer.vector(game, seat), game.events(seat)


def test_other_seats_are_told_nothing_of_the_hidden_value_and_the_owner_sees_it():
    game, rng = shipped()
    state = game.to_json()
    real = state["counters"]["vp"][OWNER]
    edited = dict(state, counters=dict(state["counters"], vp=list(state["counters"]["vp"])))
    edited["counters"]["vp"][OWNER] = real + 7            # a different number of chips under the same face-down pile
    a = pr().game_from_json(state, check_history=False)
    b = pr().game_from_json(edited, check_history=False)
    observer = Observer.of(a)
    assert b.view(OWNER)["counters"]["vp"][OWNER] == real + 7 and a.view(OWNER)["counters"]["vp"][OWNER] == real
    for seat in (OTHER, 2, None):
        assert a.view(seat)["counters"]["vp"][OWNER] is None
        assert told(a, seat, observer) == told(b, seat, observer)
    # the same play goes on in both: the other seats still learn nothing of the difference, only the changes
    while not a.is_over:
        action = rng.choice(a.legal_actions())
        a.apply(action)
        b.apply(action)
        if a.is_over:
            break
        for seat in (OTHER, 2, None):
            assert observer.string(a, seat) == observer.string(b, seat)     # the view, as canonical JSON
        assert b.view(OWNER)["counters"]["vp"][OWNER] == a.view(OWNER)["counters"]["vp"][OWNER] + 7
    for seat in (OTHER, 2, None):       # everything they were told on the way, the hidden changes among it
        assert a.events(seat) == b.events(seat)
    assert a.events(OWNER) != b.events(OWNER)
    new = a.events(OTHER, since=len(state["events"]))
    changes = [e for e in new if e["type"] == "count" and e["counter"] == "vp" and e["holder"] == OWNER]
    assert changes, "seat 1 took no more chips: pick another seed"
    for e in changes:
        assert e["before"] is None and e["after"] is None and e["change"] != 0
        assert e["text"].endswith("(the total is hidden)")
    # the owner is told its own numbers; the record of the game (full) tells everything
    mine = [e for e in a.events(OWNER, since=len(state["events"])) if e["type"] == "count" and e["counter"] == "vp"
            and e["holder"] == OWNER]
    assert [e["after"] - e["before"] for e in mine] == [e["change"] for e in changes]
    assert all(e["before"] is not None for e in a.events(full=True) if e["type"] == "count")
    # at the end the chips are counted in front of everyone: the final scores and the values are public
    final = a.view(OTHER)
    assert final["over"] and final["counters"]["vp"] == a.view(None)["counters"]["vp"] == a.view(OWNER)["counters"]["vp"]
    assert all(type(n) is int for n in final["counters"]["vp"])
    assert b.view(OTHER)["counters"]["vp"][OWNER] == final["counters"]["vp"][OWNER] + 7


def test_the_observation_marks_a_hidden_value_and_shows_the_owner_its_own():
    game, _ = shipped()
    observer = Observer.of(game)
    [vp] = [s for s in observer.layout if s["name"] == "counter/vp"]
    real = game.to_json()["counters"]["vp"]
    mine = observer.vector(game, OWNER)[vp["start"]:vp["stop"]]      # seats counted from the observer
    assert mine[0] == real[OWNER] > 0 and mine[1:] == [-1.0, -1.0]
    theirs = observer.vector(game, OTHER)[vp["start"]:vp["stop"]]
    assert theirs[0] == real[OTHER] and theirs[1:] == [-1.0, -1.0]
    assert observer.vector(game, None)[vp["start"]:vp["stop"]] == [-1.0, -1.0, -1.0]


def test_other_counters_stay_public_and_other_games_hide_nothing():
    game, _ = shipped()
    seen = game.view(OTHER)["counters"]
    assert seen["doubloons"] == game.to_json()["counters"]["doubloons"]
    assert seen["vp_chips"] == game.to_json()["counters"]["vp_chips"]    # the supply is public
    for gid in ("san_juan", "burgundy_cards"):
        g = boardrules.load(gid).new_game(3, seed=2)
        play(g, random.Random(2), 60)
        assert all(None not in row for row in g.view(0)["counters"].values())
        assert not any(c.visibility != "public" for c in g.rules.model.counters)


def test_the_terminal_game_shows_the_others_values_as_hidden():
    pytest.importorskip("rich")
    from rich.console import Console

    from boardrules.play.bots import make_bots
    from boardrules.play.terminal import TerminalGame

    game, _ = shipped()
    out = io.StringIO()
    tg = TerminalGame(pr(), 3, 11, {}, OTHER, make_bots("greedy", 11, pr(), 3), console=Console(file=out, width=160))
    tg.game = game
    tg.show()
    shown = out.getvalue()
    [row] = [line for line in shown.splitlines() if "victory points from shipping" in line and "│" in line]
    cells = [c.strip() for c in row.split("│")[2:-1]]
    assert cells[OWNER] == "hidden" and cells[2] == "hidden" and cells[OTHER] == str(game.view(OTHER)["counters"]["vp"][OTHER])
    assert "(the total is hidden)" in shown         # the chips taken by the others, told as changes


def test_the_rules_pages_say_the_chips_are_face_down():
    from boardrules import docgen

    pages = {p.path: p.text for p in docgen.make_pages(["puerto_rico"], variants=[])}
    ids = pages["games/puerto_rico/ids.md"]
    assert "| `vp` | player (seen by its holder alone) |" in ids
    assert "| `doubloons` | player | never |" in ids
    rules = pages["games/puerto_rico/index.md"]
    assert "`vp_chips_face_down`" in rules and "face down" in rules
    assert "vp_chips_face_down" in pages["games/puerto_rico/end.md"]      # where the chips are counted


def test_only_a_players_counter_can_be_seen_by_its_owner_alone(tmp_path):
    variant = tmp_path / "v.yaml"
    variant.write_text("extends: san_juan\nid: hidden_goods\ntitle: t\n"
                       "counters:\n  add:\n    pool: {scope: shared, visibility: owner, text: a pool}\n",
                       encoding="utf-8")
    with pytest.raises(ContentError) as err:
        boardrules.load(str(variant))
    assert "only a player's counter can be seen by its owner alone" in str(err.value)
    assert "v.yaml" in str(err.value)
    variant.write_text(variant.read_text(encoding="utf-8").replace("shared", "player"), encoding="utf-8")
    rules = boardrules.load(str(variant))
    g = rules.new_game(2, seed=1)
    assert g.view(0)["counters"]["pool"] == [0, None] and g.view(1)["counters"]["pool"] == [None, 0]


def test_the_web_tables_page_shows_the_others_values_as_hidden():
    pytest.importorskip("starlette")
    from types import SimpleNamespace

    from boardrules.serve.page import SeatPage

    game, _ = shipped()
    page = SeatPage(SimpleNamespace(id="t", rules=pr(), game=game), OTHER)
    [row] = [r for r in page.others().split("</tr>") if "victory points from shipping" in r]
    cells = re.findall(r"<td[^>]*>([^<]*)</td>", row)        # seats 1 and 2, in order
    assert cells == ["hidden", "hidden"]
    mine = SeatPage(SimpleNamespace(id="t", rules=pr(), game=game), OWNER).my_seat()
    real = game.to_json()["counters"]["vp"][OWNER]
    assert f"victory points from shipping: <b>{real}</b>" in mine
