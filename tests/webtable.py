"""Helpers of the web table's tests: what a seat may know, and a check that a page shows nothing more."""
from __future__ import annotations

import re


def strings(data) -> set[str]:
    """Every string in a JSON value."""
    if isinstance(data, str):
        return {data}
    if isinstance(data, dict):
        return set().union(*map(strings, data.values()), set(data)) if data else set()
    if isinstance(data, list):
        return set().union(*map(strings, data)) if data else set()
    return set()


def known_to(game, seat) -> set[str]:
    """Every id the seat may know now: its view, its events and (on its turn) its legal answers."""
    known = strings(game.view(seat)) | strings(game.events(seat))
    if game.current_player == seat:
        known |= strings([a.to_json() for a in game.legal_actions()])
    return known


def hidden_from(game, seat) -> set[str]:
    """Card ids other seats hold in places this seat sees only as a count (their hands, for one)."""
    mine = game.view(seat)["zones"]
    hidden = set()
    for other in range(game.players):
        if other == seat:
            continue
        theirs = game.view(other)["zones"]
        for zone, places in theirs.items():
            if not isinstance(places, list) or not isinstance(mine[zone], list) or len(places) != game.players:
                continue
            if isinstance(places[other], list) and isinstance(mine[zone][other], dict):
                hidden |= {c if isinstance(c, str) else c["card"] for c in places[other]}
    return hidden


def assert_shows_only_its_seat(html: str, game, seat) -> None:
    """The page names (by ``data-card``) only cards the seat may know, and no card it may not know appears by
    name: another seat's hidden cards stay off the page."""
    known = known_to(game, seat)
    shown = set(re.findall(r'data-card="([^"]+)"', html))
    assert shown <= known, f"the page of seat {seat} names cards it may not know: {sorted(shown - known)}"
    names = {c.id: c.en for c in game.rules.cards}
    secret = {c for c in hidden_from(game, seat) - known}
    for card in secret:
        assert f">{names[card]}<" not in html, f"seat {seat}'s page shows {names[card]}, hidden from it"
    assert len(str(game.seed)) < 6 or str(game.seed) not in html, "the page shows the game's seed"
