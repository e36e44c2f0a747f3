"""schemas/view.schema.json describes what a client draws: every packaged game's (and every example variant's)
views, for each seat and for a spectator, at random positions and at the end, match it, and between them they show
every form the schema names (a hidden zone's size, a face-up stack, a card holding counts, a card with a pile on it,
a hidden counter's null, a board, a track's highest spaces and an order track's stack), so a form a game starts to
give that the schema does not know fails here."""
from __future__ import annotations

import copy
import json
import pathlib
import random

import jsonschema
import pytest
from referencing import Registry, Resource

import boardrules
from boardrules.content.paths import data_dir, packaged_games

ROOT = pathlib.Path(__file__).resolve().parents[1]
SCHEMAS = {n: json.loads((data_dir("schemas") / f"{n}.schema.json").read_text(encoding="utf-8"))
           for n in ("action", "view")}
REGISTRY = Registry().with_resources((s["$id"], Resource.from_contents(s)) for s in SCHEMAS.values())
VIEW = jsonschema.Draft202012Validator(SCHEMAS["view"], registry=REGISTRY)

GAMES = [("san_juan", 4, None), ("san_juan_1897", 2, None), ("puerto_rico", 3, None),
         ("puerto_rico", 4, "expansions"), ("burgundy_cards", 3, None), ("amerigo", 3, None), ("amerigo", 4, None)]
EXAMPLES = sorted(str(p) for p in (ROOT / "examples").glob("*.yaml"))
POSITIONS = 6           # random positions checked per game, besides the start and the end
SEEN: dict[str, int] = {}


def per_seat(zone):
    """Whether a zone's view is one entry per seat (a list of card lists and hidden sizes), not one list of cards."""
    return isinstance(zone, list) and bool(zone) and all(
        isinstance(x, list) or (isinstance(x, dict) and "card" not in x) for x in zone)


def forms(view):
    """The forms a view shows, by the names the schema's descriptions give them."""
    def cards(entry):
        if isinstance(entry, dict):
            yield "face-up stack" if "top" in entry else "hidden zone"
            return
        for c in entry:
            if isinstance(c, dict):
                yield from (("card with counts",) if "counts" in c else ()) + (("card with a pile",) if "piles" in c
                                                                                 else ())
    for z in view["zones"].values():
        yield from (x for part in (z if per_seat(z) else [z]) for x in cards(part))
    if any(None in row for row in view["counters"].values()):
        yield "hidden counter"
    if "boards" in view:
        yield "board"
    for track in view.get("tracks", {}).values():
        yield "track"
        if "stack" in track:
            yield "track stack"
    if "legal_actions" in view:
        yield "legal actions"
    if "scores" in view:
        yield "scores"


def check(game):
    for seat in [None, *range(game.players)]:
        view = game.view(seat)
        VIEW.validate(view)
        for f in forms(view):
            SEEN[f] = SEEN.get(f, 0) + 1


def play_and_check(rules, players, preset, seed):
    game = rules.new_game(players, seed=seed, preset=preset)
    rng = random.Random(seed)
    check(game)
    length = rng.randrange(150, 400)     # a first stretch, then positions spread over the rest of the game
    steps = 0
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
        steps += 1
        if steps % length == 0:
            check(game)
    check(game)
    return game


@pytest.mark.parametrize("game_id,players,preset", GAMES)
def test_every_view_of_a_packaged_game_matches_the_schema(game_id, players, preset):
    play_and_check(boardrules.load(game_id), players, preset, seed=players * 7 + len(game_id))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: pathlib.Path(p).stem)
def test_every_view_of_an_example_variant_matches_the_schema(path):
    rules = boardrules.load(path)
    play_and_check(rules, max(rules.model.min_players, min(3, rules.model.max_players)), None, seed=3)


def test_the_games_show_every_form_the_schema_names():
    assert set(packaged_games()) == {g for g, _, _ in GAMES}, "a new packaged game: add it to GAMES"
    if len(SEEN) < 2:
        pytest.skip("runs after the games above (run the whole file)")
    assert set(SEEN) >= {"hidden zone", "face-up stack", "card with counts", "card with a pile", "hidden counter",
                         "legal actions", "scores", "board", "track", "track stack"}, SEEN


def test_the_schema_refuses_a_view_a_client_could_not_draw():
    view = boardrules.load("puerto_rico").new_game(3, seed=1).view(0)
    VIEW.validate(view)
    spoilt = []
    for spoil in (lambda v: v["counters"]["vp"].__setitem__(1, "12"),          # a number as text
                  lambda v: v.__setitem__("seed", 7),                            # never part of a view
                  lambda v: v.pop("counters"),
                  lambda v: v["zones"]["island"][0].append({"card": "x", "colour": 1})):   # an unknown field
        bad = copy.deepcopy(view)
        spoil(bad)
        spoilt.append(bad)
        with pytest.raises(jsonschema.ValidationError):
            VIEW.validate(bad)
    assert all(bad != view for bad in spoilt)


def test_the_example_view_of_the_serving_page_matches_the_schema():
    page = (ROOT / "docs" / "serving.md").read_text(encoding="utf-8")
    section = page[page.index("## What a view holds"):]
    example = json.loads(section[section.index("```json\n") + 8:section.index("```", section.index("```json\n") + 8)])
    VIEW.validate(example)
    assert set(forms(example)) >= {"hidden zone", "card with counts", "card with a pile", "hidden counter"}
    rules = boardrules.load(example["game"])
    m = rules.model
    cards = {c.id for c in rules.cards}
    for zone, held in example["zones"].items():         # the ids it shows are the game's own
        assert zone in m.zone_index
        for part in (held if per_seat(held) else [held]):
            for c in (part if isinstance(part, list) else []):
                card = c if isinstance(c, str) else c["card"]
                assert card in cards, card
                assert set(c.get("counts", {}) if isinstance(c, dict) else ()) <= set(m.counter_index)
                assert set(c.get("piles", {}) if isinstance(c, dict) else ()) <= set(m.pile_index)
    assert set(example["counters"]) <= set(m.counter_index)
