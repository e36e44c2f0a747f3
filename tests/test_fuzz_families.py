"""Fuzzing the families of primitives (issue 38, item 7): boards and ``place``, tracks, containers (releases) and
families of zones. Each target builds small games of one family from hostile parts (tiles of odd sizes and unknown
characters, layouts of missing tiles, huge budgets and lengths, negative counts, words where numbers go, keys that
are not there, shelves by the million), then the game either is refused with ContentError located at a line of its
file, or plays: a few random games whose every call ends in a legal state or the library's RulesError (leaving the
game as it was), whose saves read back, and which never hang.

Seeded and bounded by the hypothesis profile of tests/conftest.py; a release run:
``HYPOTHESIS_PROFILE=release FUZZ_EXAMPLES=2000 pytest tests/test_fuzz_families.py``. Every failure a run finds
becomes a named test in tests/test_family_limits.py.
"""
from __future__ import annotations

import json
import random
import tempfile
from pathlib import Path

from conftest import time_limit
from hypothesis import given, settings
from hypothesis import strategies as st

import boardrules
from boardrules import ContentError, RulesError

EXAMPLES = max(10, settings.default.max_examples // 4)     # each example loads and plays a game: about 0.1 s
SECONDS = 10            # one load, or one call of play: each takes well under a second; room for a slow machine
MOVES = 60

INTS = st.sampled_from([0, 1, 2, 3, 5, -1, 100, 1000, 10 ** 6, 10 ** 15, 10 ** 15 + 1, 10 ** 20]) | st.integers(-3, 12)
WORDS = st.sampled_from(["a", "b", "deep", "", "pool", "x y", "$n", "1"])
SMALL = st.integers(0, 6)


def numberish():
    """A value where content wants a number: mostly small numbers, sometimes huge, a word or an expression."""
    return st.one_of(INTS, INTS, WORDS, st.builds(lambda a, b: {"sum": [a, b]}, INTS, INTS),
                     st.just({"counter": "points"}), st.just({"count": {"zone": "pool"}}), st.just("$n"))


def skeleton(steps, *, setup=(), cards=None, **sections):
    """A game of two or three players: a shared pool, a hand each, points; each round every player does ``steps``.
    ``$n`` is bound (0 to 3, chosen by the player) before them."""
    game = {
        "id": "fuzz", "title": "Fuzz", "players": {"min": 2, "max": 3}, "start_zone": "pool",
        "attributes": {"shape": {"type": "shape", "text": "shape"}, "size": {"type": "integer", "default": 0}},
        "zones": {"pool": {"scope": "shared", "visibility": "public", "text": "the pool"},
                  "tray": {"scope": "shared", "visibility": "public", "text": "the tray"},
                  "hand": {"scope": "player", "visibility": "owner", "text": "your hand"}},
        "counters": {"points": {"scope": "player", "text": "points"}, "spare": {"scope": "player", "text": "spare"}},
        "events": {"ev": "when it happens"},
        "cards": cards or [{"id": "blank", "name": "Blank", "copies": 4, "size": 1}],
        "setup": [{"start_player": 0}, *setup],
        "flow": [{"rounds": {"limit": 3, "do": [{"turns": {"order": "each", "do": [
            {"choose_number": {"min": 0, "max": 3, "as": "n", "action": "pick"}}, *steps]}}]}}],
        "scoring": {"parts": [{"id": "points", "name": "Points", "value": {"counter": "points"}}]},
    }
    for key, value in sections.items():
        if isinstance(game.get(key), dict) and isinstance(value, dict):
            game[key] = {**game[key], **value}
        else:
            game[key] = value
    return game


def _spots(value, here=()):
    yield here
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _spots(v, here + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _spots(v, here + (i,))


HOSTILE = st.one_of(INTS, WORDS, st.sampled_from([None, True, [], {}, [1, 2], {"sum": [10 ** 15, 10 ** 15]},
                                                  "$nope", "x" * 300, -10 ** 15, 10 ** 15]))


@st.composite
def hostile(draw, game):
    """``game`` as it is (about half the time), or with one to three of its parts (past the skeleton's) replaced by
    a hostile value or by another part of the game."""
    if draw(st.booleans()):
        return game
    game = json.loads(json.dumps(game))
    for _ in range(draw(st.integers(1, 3))):
        spots = [p for p in _spots(game) if len(p) > 1]
        path = draw(st.sampled_from(spots))
        parent = game
        for key in path[:-1]:
            parent = parent[key]
        if draw(st.integers(0, 3)):
            parent[path[-1]] = draw(HOSTILE)
        else:
            other = game
            for key in draw(st.sampled_from(spots)):
                other = other[key]
            parent[path[-1]] = json.loads(json.dumps(other))
    return game


def check(game):
    """Loads ``game`` (a dict, written as JSON, which is YAML) and plays it, holding the library to its promises."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.yaml"
        path.write_text(json.dumps(game), encoding="utf-8")
        try:
            with time_limit(SECONDS, "loading"):
                rules = boardrules.load(path)
        except ContentError as exc:
            assert exc.errors
            for issue in exc.errors:
                assert issue.file and issue.message, issue
            return
    rng = random.Random(0)
    for players in list(rules.players)[:2]:
        try:
            with time_limit(SECONDS, "starting a game"):
                g = rules.new_game(players, seed=rng.randrange(1000))
        except RulesError:
            continue
        for _ in range(MOVES):
            if g.is_over:
                break
            legal = g.legal_actions()
            assert legal, "a game that is not over has a legal action"
            before = json.dumps(g.to_json(), sort_keys=True)
            try:
                with time_limit(SECONDS, "one action"):
                    g.apply(rng.choice(legal))
            except RulesError:
                assert json.dumps(g.to_json(), sort_keys=True) == before, "a refused action changed the game"
                break
        with time_limit(SECONDS, "a save read back"):
            again = rules.game_from_json(json.loads(json.dumps(g.to_json())))
        assert again.legal_actions() == g.legal_actions()


# ---------------------------------------------------------------------- boards and place
LEGEND = {"~": {"land": False}, ".": {"land": True}, "a": {"land": False, "mark": "anchor"},
          "1": {"land": True, "item": "gem"}}


@st.composite
def tile(draw, n):
    chars = st.sampled_from("~~~~....1a")
    return {"rows": ["".join(draw(st.lists(chars, min_size=n, max_size=n))) for _ in range(n)]}


def shape():
    return st.sampled_from([["#"], ["##"], ["##", "#."], ["###"], ["#.#", "###"], ["##", "##"], ["#", "#", "#", "#"]])


@st.composite
def slot(draw, tiles):
    tid = draw(st.sampled_from(sorted(tiles)))
    if draw(st.booleans()):
        return tid
    return {"tile": tid, "rotation": draw(st.sampled_from([0, 90, 180, 270, "random"]))}


@st.composite
def board_step(draw):
    kind = draw(st.sampled_from(["claim", "move_pieces", "place", "place", "region", "cell"]))
    if kind == "claim":
        spec = {"action": "claim", "optional": draw(st.booleans())}
        if draw(st.booleans()):
            spec["where"] = draw(st.sampled_from([{"region_class": "big", "cell": "$cell"},
                                                  {"adjacent": ["$cell", 0]}, {"not": {"cell_mark": "anchor"}}]))
        return {"claim": spec}
    if kind == "move_pieces":
        return {"move_pieces": {"budget": draw(st.sampled_from([1, 2, 3, "$n", 10 ** 15, 0, -1])), "action": "sail",
                                **({"ends": "border"} if draw(st.booleans()) else {})}}
    if kind == "place":
        rules = draw(st.lists(st.sampled_from(["on_land", "one_region", "free", {"region_has": "you"},
                                               {"touches": [{"markers": "you"}, "pieces"]}, {"touches": ["pieces"]}]),
                              max_size=4, unique_by=str))
        return {"place": {"from": {"zone": "pool"}, "rules": rules, "mirror": draw(st.booleans()), "action": "lay",
                          "optional": draw(st.booleans())}}
    if kind == "region":
        what = draw(st.sampled_from(["size", "empty", "markers", "all_markers", "covered"]))
        return {"add": {"counter": "points", "value": {"region": what, "cell": draw(st.sampled_from([0, 1, "$n"]))}}}
    return {"add": {"counter": "points", "value": {"pieces_on": "anchor"}}}


@st.composite
def board_game(draw):
    n = draw(st.integers(1, 6) | st.sampled_from([12, 20, 40]))        # up to the limits: 20 x 20 tiles 2 x 2 is
    tiles = {f"t{i}": draw(tile(n)) for i in range(draw(st.integers(1, 3)))}      # the most cells a board may have
    layouts = {}
    for players in ("2", "3"):
        rows, cols = draw(st.integers(1, 3)), draw(st.integers(1, 3))
        layouts[players] = [[draw(slot(tiles)) for _ in range(cols)] for _ in range(rows)]
    border = draw(st.booleans())
    board = {"text": "the map", "layouts": layouts, "border": border,
             "capacity": {"cell": draw(st.integers(0, 2)), "border": draw(st.sampled_from([0, 6]))},
             "classes": {"small": 1, "big": draw(st.integers(1, 8))}, "on_full": "ev", "items": {"gem": "points"},
             "landing": {"mark": "anchor", "event": "ev"}}
    if border:
        board["pieces"] = {"each": draw(st.integers(0, 2)), "start": 0}
    cards = [{"id": f"p{i}", "name": f"P{i}", "copies": draw(st.integers(1, 3)), "shape": draw(shape())}
             for i in range(draw(st.integers(1, 5)))]
    steps = draw(st.lists(board_step(), min_size=1, max_size=3))
    if not border:
        steps = [s for s in steps if "move_pieces" not in s] or [{"claim": {"action": "claim"}}]
    return draw(hostile(skeleton(steps, setup=[{"lay_board": "map"}], cards=cards, legend=LEGEND, tiles=tiles,
                                 boards={"map": board}, reactions={"on_ev": {"when": "ev", "do": [
                                     {"add": {"counter": "points", "value": 1}}]}})))


@settings(max_examples=EXAMPLES)
@given(board_game())
def test_fuzzed_boards_and_placements_load_or_are_refused_and_play_within_bounds(game):
    check(game)


# ---------------------------------------------------------------------- tracks
@st.composite
def track(draw, order):
    length = draw(st.integers(1, 12))
    spaces = {}
    for space in draw(st.lists(st.integers(1, length), min_size=1, max_size=4, unique=True)):
        spaces[str(space)] = {"gain": draw(st.integers(-3, 9)), "kind": draw(st.sampled_from(["deep", "high"]))}
    spec = {"length": length, "text": "a track", "spaces": spaces, "event": "ev", "order": order,
            "at_end": draw(st.sampled_from(["forfeit", {"convert": "spare"}]))}
    return spec


@st.composite
def track_step(draw):
    tid = draw(st.sampled_from(["depth", "climb"]))
    kind = draw(st.sampled_from(["advance", "advance", "retreat", "number"]))
    if kind in ("advance", "retreat"):
        return {kind: {"track": tid, "by": draw(st.sampled_from([0, 1, 2, 5, 20, -1, "$n", 10 ** 15]))}}
    number = draw(st.sampled_from([{"space_attr": "gain", "track": tid}, {"best_reached": "gain", "track": tid},
                                   {"reached": tid}, {"markers_behind": "climb"}]))
    if draw(st.booleans()):
        return {"add": {"counter": "points", "value": number}}
    return {"if": {"eq": [{"space_attr": "kind", "track": tid}, "deep"]},
            "then": [{"add": {"counter": "points", "value": number}}]}


@st.composite
def track_game(draw):
    tracks = {"depth": draw(track(False)), "climb": draw(track(True))}
    steps = draw(st.lists(track_step(), min_size=1, max_size=4))
    game = skeleton(steps, tracks=tracks, reactions={"on_ev": {"when": "ev", "do": [
        {"add": {"counter": "points", "value": draw(st.sampled_from(["$gain", "$space", 1]))}}]}})
    if draw(st.booleans()):
        turns = game["flow"][0]["rounds"]["do"][0]["turns"]
        turns.pop("order")
        turns["by_track"] = "climb"
    return draw(hostile(game))


@settings(max_examples=EXAMPLES)
@given(track_game())
def test_fuzzed_tracks_load_or_are_refused_and_play_within_bounds(game):
    check(game)


# ---------------------------------------------------------------------- containers
@st.composite
def release(draw):
    model = draw(st.sampled_from(["urn", "shelf", "oracle"]))
    spec = {"from": draw(st.sampled_from([{"zone": "pool"}, {"zone": "hand"}])),
            "through": draw(st.sampled_from(["jar", "jar", {"zone": "rows", "key": 1}, {"zone": "rows", "key": "$n"}])),
            "to": draw(st.sampled_from([{"zone": "tray"}, {"zone": "pool"}])), "model": model}
    if model == "urn":
        spec["keep"] = draw(st.lists(st.sampled_from([0, 1, 3, 7, 100, "$n", {"count": {"zone": "pool"}}]),
                                     min_size=1, max_size=6))
    if model == "shelf":
        spec.update(shelves=draw(st.sampled_from([0, 1, 3, 100, "$n"])), room=draw(st.sampled_from([0, 1, 3, 10 ** 6])),
                    lodge=draw(st.sampled_from([0, 30, 100])), knock=draw(st.sampled_from([0, 15, 100])))
    if model == "oracle":
        spec["ask"] = draw(st.sampled_from(["you", "start_player"]))
    else:
        if draw(st.booleans()):
            spec["stream"] = "tower"
    return {"release": spec}


@st.composite
def container_game(draw):
    cards = [{"id": f"c{i}", "name": f"C{i}", "copies": draw(st.sampled_from([1, 2, 5, 40]))} for i in range(3)]
    steps = draw(st.lists(release(), min_size=1, max_size=2))
    steps.append({"add": {"counter": "points", "value": "$moved"}})
    setup = [r for r in [draw(release())] if draw(st.booleans()) and r["release"].get("ask") != "you"
             and "$n" not in json.dumps(r)]
    return draw(hostile(skeleton(steps, setup=setup, cards=cards, zones={
        "jar": {"scope": "shared", "visibility": "public", "text": "the jar"},
        "rows": {"scope": "shared", "visibility": "public", "text": "the rows", "family": [0, 1, 2, 3]}})))


@settings(max_examples=EXAMPLES)
@given(container_game())
def test_fuzzed_containers_load_or_are_refused_and_play_within_bounds(game):
    check(game)


# ---------------------------------------------------------------------- families of zones
@st.composite
def family_step(draw):
    zone = draw(st.sampled_from(["rows", "stacks"]))
    key = draw(st.sampled_from([1, 2, "$n", {"sum": ["$n", 1]}] if zone == "rows" else ["red", "blue"]))
    kind = draw(st.sampled_from(["move", "move", "count", "filled", "distance", "seat"]))
    if kind == "move":
        return {"move": {"from": {"zone": "pool"}, "to": {"zone": zone, "key": key},
                         "count": draw(st.sampled_from([1, 2, "$n", "all"]))}}
    if kind == "count":
        return {"add": {"counter": "points", "value": {"count": {"zone": zone,
                                                                 **({"key": key} if draw(st.booleans()) else {})}}}}
    if kind == "filled":
        return {"add": {"counter": "points", "value": {"filled": {"zone": zone}}}}
    if kind == "distance":
        spec = {"distance": [draw(st.sampled_from(["$n", 0, 3])), draw(st.sampled_from([{"seat": "you"}, 5, -2]))]}
        if draw(st.booleans()):
            spec["around"] = draw(st.sampled_from([1, 4, {"sum": ["$n", 1]}]))
        return {"add": {"counter": "points", "value": spec}}
    return {"add": {"counter": "points", "value": {"seat": draw(st.sampled_from(["you", "start_player"]))}}}


@st.composite
def family_game(draw):
    keys = draw(st.lists(st.integers(0, 6), min_size=1, max_size=6, unique=True))
    keys = sorted(set(keys) | {1, 2, 3, 4})
    zones = {"rows": {"scope": draw(st.sampled_from(["shared", "player"])), "visibility": "public",
                      "text": "the rows", "family": keys, "member": draw(st.sampled_from(["row {key}", "the row"]))},
             "stacks": {"scope": "player", "visibility": "owner", "text": "your stacks", "family": ["red", "blue"]}}
    steps = draw(st.lists(family_step(), min_size=1, max_size=4))
    return draw(hostile(skeleton(steps, zones=zones)))


@settings(max_examples=EXAMPLES)
@given(family_game())
def test_fuzzed_families_of_zones_load_or_are_refused_and_play_within_bounds(game):
    check(game)
