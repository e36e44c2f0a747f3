"""A container whose cards stay inside between uses (the release step, its `urn` resolver), on the engine's own test
game (tests/games/jar): each turn a player drops every token of one kind into the jar; some of the jar's tokens
stay inside, the others fall into that player's crate."""
import collections
import json
import pathlib
import random
import re

import pytest

import boardrules
from boardrules import ContentError
from boardrules.testing import act, counter, position, zone
from edits import edited
from random_games import kernel_game, plain_and_generated

GAME = pathlib.Path(__file__).parent / "games" / "jar" / "game.yaml"
TURN_KEEP = "keep: [3, 4, 5, 5, 6, 7]\n                  as: fell"      # the release of a turn (not the set-up's)
KINDS = ("sun", "moon", "star")     # the card types in content order
TOKENS = 14


@pytest.fixture(scope="module")
def rules():
    return boardrules.load(str(GAME))


def variant(tmp_path, old, new):
    return edited(GAME, tmp_path, old, new)


def cards(g, zone_id, seat=0):
    """The instances (``sun#2``) in a zone, bottom first."""
    return list(g.to_json()["zones"][zone_id][seat])


def canonical(names):
    """Cards put in a container, in canonical order: by card type (content order), then copy."""
    return sorted(names, key=lambda n: (KINDS.index(n.split("#")[0]), int(n.split("#")[1])))


def every_card(g):
    return [c for z in g.to_json()["zones"].values() for seat in z for c in seat]


def is_subsequence(part, whole):
    it = iter(whole)
    return all(x in it for x in part)


def random_game(rules, players, seed):
    """A whole game of random drops; yields (game before, action, game after) for every drop after which exactly
    that one drop happened before the next player's decision (a kind alone in the reserve is dropped without a
    decision, and a turn with an empty reserve passes: such drops are left out)."""
    g = rules.new_game(players, seed=seed)
    pick = random.Random(seed)
    while not g.is_over:
        before, n = g.clone(), g.event_count
        action = pick.choice(g.legal_actions())
        g.apply(action)
        decisions = [e for e in g.events(since=n, full=True) if e["type"] == "decision"]
        if len(decisions) == 1 and g.current_player == (before.current_player + 1) % players:
            yield before, action, g


# ---------------------------------------------------------------- what goes in comes out or stays
@pytest.mark.parametrize("players", [2, 3])
def test_every_card_of_the_pool_ends_either_inside_or_out_never_lost_or_doubled(rules, players):
    drops = 0
    for seed in range(40):
        for before, action, after in random_game(rules, players, seed):
            seat, kind = before.current_player, action.args["kind"]
            old = cards(before, "jar")
            new = canonical([c for c in cards(before, "reserve") if c.startswith(kind + "#")])
            pool = old + new
            inside, out = cards(after, "jar"), cards(after, "crate", seat)
            # the cards kept stay in pool order; the others came out into the crate, in pool order
            assert sorted(inside + out) == sorted(pool) and not set(inside) & set(out)
            assert is_subsequence(inside, pool) and out == [c for c in pool if c not in inside]
            assert not set(new) & set(cards(after, "reserve"))
            # $fell counts the cards that came out, and "if any came out" reads it
            assert counter(after, "points", seat) - counter(before, "points", seat) == len(out)
            assert counter(after, "bonus", seat) - counter(before, "bonus", seat) == (1 if out else 0)
            assert len(every_card(after)) == TOKENS and len(set(every_card(after))) == TOKENS
            drops += 1
    assert drops >= 100


def drop(g, kind):
    """The player drops a kind, and the next player is asked (no other drop happened on the way)."""
    n = g.event_count
    act(g, "drop", kind=kind)
    assert [e["type"] for e in g.events(since=n, full=True)].count("decision") == 1


def test_the_container_keeps_its_cards_between_uses(rules):
    g = position(rules, 3, zones={"jar": ["sun", "moon"], "reserve": ["sun", "sun", "star", "star", "moon", "moon"],
                                  "crate": {1: ["star"]}}, first=0, seed=3)
    held = cards(g, "jar")
    drop(g, "star")         # a pool of 4, at least 3 stay: the jar is never empty afterwards
    assert 3 <= len(cards(g, "jar")) <= 4
    # the two that were inside before were part of the pool: each either stayed or came out, none vanished
    assert set(held) <= set(cards(g, "jar")) | set(cards(g, "crate", 0))
    # and the next use starts from what stayed inside, first in the pool, then the new cards
    kept = cards(g, "jar")
    suns = canonical([c for c in cards(g, "reserve") if c.startswith("sun#")])
    drop(g, "sun")
    assert set(kept) <= set(cards(g, "jar")) | set(cards(g, "crate", 1))
    assert is_subsequence(cards(g, "jar"), kept + suns)


def test_every_seat_sees_the_containers_contents_by_kind(rules):
    g = position(rules, 3, zones={"jar": ["sun", "moon", "moon"]}, seed=1)
    for seat in range(3):
        assert collections.Counter(g.view(seat)["zones"]["jar"]) == {"moon": 2, "sun": 1}


def test_a_hidden_container_shows_every_seat_only_how_many_cards_it_holds(tmp_path):
    path = variant(tmp_path, "jar: {scope: shared, visibility: public", "jar: {scope: shared, visibility: hidden")
    g = position(boardrules.load(str(path)), 2, zones={"jar": ["sun", "moon", "moon"]}, seed=1)
    assert [g.view(seat)["zones"]["jar"] for seat in (0, 1)] == [{"count": 3}, {"count": 3}]


# ---------------------------------------------------------------- randomness from the seed only
def test_the_same_seed_and_actions_give_the_same_outcome_replay_and_json_round_trip(rules):
    for seed in (1, 2, 3):
        a = rules.new_game(3, seed=seed)
        pick = random.Random(seed)
        halfway = None
        while not a.is_over:
            a.apply(pick.choice(a.legal_actions()))
            if halfway is None and len(a.history) == 2:
                halfway = json.loads(json.dumps(a.to_json()))
        assert halfway is not None and len(a.history) > 2
        b = rules.replay(3, seed, actions=a.history)
        assert b.to_json() == a.to_json()
        c = rules.game_from_json(halfway)       # a saved game mid-way: its container and random stream go on alike
        for action in a.history[2:]:
            c.apply(action)
        assert c.to_json() == a.to_json()
        assert rules.game_from_json(json.loads(json.dumps(a.to_json()))).to_json() == a.to_json()


def test_the_generated_code_plays_the_release_as_the_closures_do():
    plain, generated, made = plain_and_generated(GAME)
    assert made and generated.generated
    for seed in (1, 2, 3):
        assert kernel_game(generated, 3, seed) == kernel_game(plain, 3, seed)


def test_another_seed_lets_other_cards_out(rules):
    outcomes = {tuple(cards(rules.new_game(2, seed=s), "jar")) for s in range(20)}
    assert len(outcomes) > 10


# ---------------------------------------------------------------- how many stay
def test_over_many_seeds_the_number_kept_follows_the_keep_list(rules):
    # the set-up drops all 14 tokens into the empty jar with keep [3, 4, 5, 5, 6, 7]: exactly k stay
    sizes = collections.Counter(len(cards(rules.new_game(2, seed=s), "jar")) for s in range(600))
    assert set(sizes) == {3, 4, 5, 6, 7}
    assert sizes[5] > max(sizes[k] for k in (3, 4, 6, 7))         # listed twice, drawn about twice as often
    assert all(60 <= sizes[k] <= 140 for k in (3, 4, 6, 7))       # about 100 each


def test_never_more_stay_than_the_pool_holds_and_every_card_alike(tmp_path):
    rules = boardrules.load(str(variant(tmp_path, TURN_KEEP, "keep: [2, 40]\n                  as: fell")))
    kept = collections.Counter()
    sizes = collections.Counter()
    for seed in range(400):
        g = position(rules, 2, zones={"jar": ["sun", "moon"],
                                      "reserve": ["star", "star", "star", "star", "moon", "sun"]}, seed=seed)
        drop(g, "star")         # a pool of 6
        inside = cards(g, "jar")
        sizes[len(inside)] += 1
        kept.update(inside)
    assert set(sizes) == {2, 6}         # 40 is more than the pool: all 6 stay
    # when 2 stay, each of the 6 cards is as likely as any other to be one of them (1 in 3 of 2-keeps)
    two = sizes[2]
    for c, n in kept.items():
        assert 0.2 * two <= n - sizes[6] <= 0.47 * two, (c, n)


def test_cards_already_inside_stay_in_their_place_in_the_pool(tmp_path):
    # the release also selects the jar's own cards: they do not go in again, the pool is still old then new
    path = variant(tmp_path, "from: {zone: reserve, where: {same_type: [$it, $kind]}}",
                   "from: {union: [{zone: jar}, {zone: reserve, where: {same_type: [$it, $kind]}}]}")
    rules = boardrules.load(str(path))
    for seed in range(30):
        g = position(rules, 3, zones={"jar": ["star", "sun", "moon"], "reserve": ["sun", "sun", "star", "moon"]},
                     first=0, seed=seed)
        pool = cards(g, "jar") + canonical([c for c in cards(g, "reserve") if c.startswith("sun#")])
        drop(g, "sun")
        inside, out = cards(g, "jar"), cards(g, "crate", 0)
        assert sorted(inside + out) == sorted(pool)
        assert is_subsequence(inside, pool) and out == [c for c in pool if c not in inside]


def test_keep_zero_empties_the_container_every_time(tmp_path):
    rules = boardrules.load(str(variant(tmp_path, TURN_KEEP, "keep: [0]\n                  as: fell")))
    drops = 0
    for seed in range(10):
        for before, action, after in random_game(rules, 2, seed):
            seat = before.current_player
            assert cards(after, "jar") == [] and len(cards(after, "crate", seat)) >= 1
            assert counter(after, "bonus", seat) - counter(before, "bonus", seat) == 1
            drops += 1
    assert drops >= 30


def test_keep_larger_than_the_pool_keeps_everything(tmp_path):
    rules = boardrules.load(str(variant(tmp_path, TURN_KEEP, "keep: [99]\n                  as: fell")))
    drops = 0
    for seed in range(10):
        for before, action, after in random_game(rules, 2, seed):
            seat = before.current_player
            assert len(cards(after, "jar")) == len(cards(before, "jar")) + zone(before, "reserve").count(
                action.args["kind"])
            assert cards(after, "crate", seat) == [] and counter(after, "bonus", seat) == counter(before, "bonus", seat)
            drops += 1
    assert drops >= 10


def test_the_rules_pages_say_the_release_as_a_rulebook_would(rules):
    steps = [n.text for n in rules.model.nodes.values() if type(n).__name__ == "Release"]
    assert "Put the cards of the reserve into the jar; then draw one of 3, 4, 5, 5, 6 or 7 at random (each entry " \
           "equally likely): that many cards in the jar, chosen at random, stay inside (all of them if there are " \
           "fewer) and the others come out into the tray" in [str(s)[:1].upper() + str(s)[1:] for s in steps]
    texts = [str(n.text) for n in rules.model.nodes.values()]
    assert "add the number of cards that came out of the jar to your points" in texts
    assert any(t.startswith("if some cards came out of the jar") for t in texts)


# ---------------------------------------------------------------- bad content
def located(err) -> bool:
    return re.search(r"game\.yaml:\d+:\d+", str(err.value)) is not None


def test_a_container_that_is_not_a_zone_is_a_content_error_at_its_line(tmp_path):
    path = variant(tmp_path, "through: jar\n                  to: {zone: crate}",
                   "through: under\n                  to: {zone: crate}")
    with pytest.raises(ContentError) as err:
        boardrules.load(str(path))
    assert located(err) and "'under' is a pile, not a zone" in str(err.value)
    path = variant(tmp_path, "through: jar\n                  to: {zone: crate}",
                   "through: urn\n                  to: {zone: crate}")
    with pytest.raises(ContentError) as err:
        boardrules.load(str(path))
    assert located(err) and "unknown zone 'urn'" in str(err.value)


def test_an_empty_keep_list_is_a_content_error_at_its_line(tmp_path):
    with pytest.raises(ContentError) as err:
        boardrules.load(str(variant(tmp_path, TURN_KEEP, "keep: []\n                  as: fell")))
    assert located(err) and "keep" in str(err.value)


def test_a_negative_keep_and_cards_that_would_come_out_into_the_container_are_content_errors(tmp_path):
    with pytest.raises(ContentError) as err:
        boardrules.load(str(variant(tmp_path, TURN_KEEP, "keep: [2, -1]\n                  as: fell")))
    assert located(err) and "cannot keep -1 cards" in str(err.value)
    with pytest.raises(ContentError) as err:
        boardrules.load(str(variant(tmp_path, "to: {zone: crate}", "to: {zone: jar}")))
    assert located(err) and "must go somewhere else" in str(err.value)


def test_an_unknown_resolver_is_a_content_error_at_its_line(tmp_path):
    with pytest.raises(ContentError) as err:
        boardrules.load(str(variant(tmp_path, TURN_KEEP, "keep: [2]\n                  model: sieve\n"
                                                         "                  as: fell")))
    assert located(err) and "sieve" in str(err.value)


# ================================================================ the shelf resolver
SETUP_RELEASE = "release: {from: {zone: reserve}, through: jar, to: {zone: tray}, keep: [3, 4, 5, 5, 6, 7]}"


def shelf_text(shelves=3, room=3, lodge=30, knock=15, stream=None):
    return f"model: shelf, shelves: {shelves}, room: {room}, lodge: {lodge}, knock: {knock}" + \
        (f", stream: {stream}" if stream else "")


def shelf_game(tmp_path, setup=True, **params):
    """The jar game whose turns' release (and the set-up's, with ``setup``) use the shelf resolver."""
    text = GAME.read_text().replace(TURN_KEEP, "{}\n                  as: fell".format(
        shelf_text(**params).replace(", ", "\n                  ").replace(": ", ": ", 1)))
    if setup:
        text = text.replace(SETUP_RELEASE, "release: {from: {zone: reserve}, through: jar, to: {zone: tray}, "
                                           + shelf_text(**params) + "}")
    path = tmp_path / "game.yaml"
    path.write_text(text)
    return boardrules.load(str(path))


def shelves_of(g):
    """The cards lodged on each shelf of the jar, top shelf first, as the saved game records them."""
    counts = g.to_json().get("shelves", {}).get("jar", [[]])[0]
    inside, out, i = cards(g, "jar"), [], 0
    for n in counts:
        out.append(inside[i:i + n])
        i += n
    assert i == len(inside)
    return out


@pytest.mark.parametrize("players", [2, 3])
def test_a_shelf_container_conserves_cards_honours_room_and_keeps_its_cards_between_uses(tmp_path, players):
    rules = shelf_game(tmp_path, shelves=3, room=2)
    drops = stayed = 0
    for seed in range(25):
        for before, action, after in random_game(rules, players, seed):
            seat, kind = before.current_player, action.args["kind"]
            old = cards(before, "jar")
            new = canonical([c for c in cards(before, "reserve") if c.startswith(kind + "#")])
            inside, out = cards(after, "jar"), cards(after, "crate", seat)
            assert sorted(inside + out) == sorted(old + new) and not set(inside) & set(out)
            assert counter(after, "points", seat) - counter(before, "points", seat) == len(out)
            assert len(every_card(after)) == TOKENS and len(set(every_card(after))) == TOKENS
            shelves = shelves_of(after)
            if inside:          # the record names three shelves, none holding more than its room
                assert len(shelves) == 3 and all(len(s) <= 2 for s in shelves)
            assert len(inside) <= 6
            stayed += len(set(old) & set(inside))
            drops += 1
    assert drops >= 60 and stayed >= drops     # cards lodged before a drop often stay through it


def test_lodge_0_lets_every_card_out(tmp_path):
    rules = shelf_game(tmp_path, lodge=0, knock=50)
    assert all(cards(rules.new_game(2, seed=s), "jar") == [] for s in range(10))
    drops = 0
    for seed in range(5):
        for before, action, after in random_game(rules, 2, seed):
            assert cards(after, "jar") == [] and "shelves" not in after.to_json()
            drops += 1
    assert drops >= 10


def test_lodge_100_and_knock_0_fill_every_shelf_and_keep_those_cards(tmp_path):
    rules = shelf_game(tmp_path, shelves=3, room=3, lodge=100, knock=0)
    for seed in range(5):
        g = rules.new_game(2, seed=seed)
        first = cards(g, "jar")
        # the set-up drops the 14 tokens in canonical order: the first 9 fill the shelves, top first
        assert first == canonical([f"{k}#{i}" for k, n in zip(KINDS, (5, 5, 4)) for i in range(1, n + 1)])[:9]
        assert [len(s) for s in shelves_of(g)] == [3, 3, 3]
        for before, action, after in random_game(rules, 2, seed):
            assert cards(after, "jar") == first        # full shelves: every new card falls through
    rules = shelf_game(tmp_path, shelves=2, room=4, lodge=100, knock=0)
    g = rules.new_game(3, seed=1)
    assert len(cards(g, "jar")) == 8 and [len(s) for s in shelves_of(g)] == [4, 4]


def test_the_shelf_draws_are_the_documented_sequence(tmp_path):
    # lodge 0 and an empty container: each card falling makes one lodge draw per shelf, nothing is ever lodged (so
    # no knock draws): 14 tokens through 3 shelves are 42 calls of random_below(100) after the set-up's seed
    from boardrules.engine import rng
    rules = shelf_game(tmp_path, shelves=3, room=3, lodge=0, knock=15)
    g = rules.new_game(2, seed=9)
    state = rng.seed_state(9)
    for _ in range(42):
        state, _ = rng.below(state, 100)
    assert g.to_json()["rng"] == str(state)
    # lodge 100, knock 0 into 1 shelf of room 1: the first card lodges (1 call); each later card meets it (1 knock
    # call), then finds no room (no lodge call): 1 + 13 calls
    rules = shelf_game(tmp_path, shelves=1, room=1, lodge=100, knock=0)
    g = rules.new_game(2, seed=9)
    state = rng.seed_state(9)
    for _ in range(14):
        state, _ = rng.below(state, 100)
    assert g.to_json()["rng"] == str(state) and cards(g, "jar") == ["sun#1"]


def test_a_card_knocked_loose_falls_on_and_may_lodge_lower(tmp_path):
    # knock 100: every card lying on a shelf a card falls past is knocked loose; with lodge 100 the falling card
    # takes its place and the knocked one lodges on the next shelf: the shelves hold the newest cards, top first
    rules = shelf_game(tmp_path, shelves=2, room=1, lodge=100, knock=100)
    g = rules.new_game(2, seed=4)
    order = canonical([f"{k}#{i}" for k, n in zip(KINDS, (5, 5, 4)) for i in range(1, n + 1)])
    assert shelves_of(g) == [[order[-1]], [order[-2]]]


def test_a_shelf_record_that_no_longer_fits_drops_every_card_again(tmp_path):
    # a position puts cards into the jar by hand: no shelf holds them, so the next release drops them first
    rules = shelf_game(tmp_path, shelves=1, room=9, lodge=100, knock=0)
    g = position(rules, 2, zones={"jar": ["sun", "moon"], "reserve": ["star", "star", "sun", "moon"]}, first=0,
                 seed=2)
    assert "shelves" not in g.to_json()
    act(g, "drop", kind="star")
    assert sorted(cards(g, "jar")) == sorted(["sun#1", "moon#1", "star#1", "star#2"])
    assert g.to_json()["shelves"] == {"jar": [[4]]}


# ================================================================ named random sub-streams
EXTRA_SHUFFLE = ("              - move: {from: {zone: crate}, to: {zone: reserve}, count: all}\n",
                 "              - move: {from: {zone: crate}, to: {zone: reserve}, count: all}\n"
                 "              - shuffle: reserve\n")


def stream_game(tmp_path, name, stream, shuffle):
    text = GAME.read_text()
    if stream:
        text = text.replace(TURN_KEEP, TURN_KEEP + "\n                  stream: jar")
    if shuffle:
        assert EXTRA_SHUFFLE[0] in text
        text = text.replace(*EXTRA_SHUFFLE)
    path = tmp_path / f"{name}.yaml"
    path.write_text(text)
    return boardrules.load(str(path))


def outcomes(rules, seed):
    """The jar and the crates after each drop of a game whose drops follow the seed (a kind by name)."""
    g = rules.new_game(3, seed=seed)
    pick, seen = random.Random(seed), []
    while not g.is_over:
        kinds = sorted(a.args["kind"] for a in g.legal_actions())
        g.apply({"kind": "drop", "args": {"kind": pick.choice(kinds)}})
        seen.append((cards(g, "jar"), [cards(g, "crate", s) for s in range(3)]))
    return seen


def test_a_release_with_a_stream_gives_the_same_outcomes_when_unrelated_steps_draw_elsewhere(tmp_path):
    plain, shuffled = stream_game(tmp_path, "a", True, False), stream_game(tmp_path, "b", True, True)
    for seed in range(8):
        assert outcomes(plain, seed) == outcomes(shuffled, seed)
    # without a stream, the extra shuffle draws from the same stream as the release: other cards come out
    plain, shuffled = stream_game(tmp_path, "c", False, False), stream_game(tmp_path, "d", False, True)
    assert sum(outcomes(plain, seed) != outcomes(shuffled, seed) for seed in range(8)) >= 6


def test_a_stream_is_kept_in_the_saved_game_and_checked_when_it_is_read(tmp_path):
    rules = stream_game(tmp_path, "a", True, False)
    g = rules.new_game(2, seed=5)
    assert "streams" not in g.to_json()         # nothing drawn from it yet: not written
    act(g, "drop", kind=g.legal_actions()[0].args["kind"])
    saved = g.to_json()
    assert set(saved["streams"]) == {"jar"} and saved["streams"]["jar"].isdigit()
    assert rules.game_from_json(json.loads(json.dumps(saved))).to_json() == saved
    for bad, where in (({"jar": "-1"}, "streams.jar"), ({"jar": "x"}, "streams.jar"), ({"tower": "1"}, "streams.tower"),
                       ({}, "streams")):
        with pytest.raises(boardrules.StateError) as err:
            rules.game_from_json({**saved, "streams": bad})
        assert where in str(err.value)


def test_a_saved_shelf_record_is_checked_when_it_is_read(tmp_path):
    rules = shelf_game(tmp_path, shelves=3, room=3, lodge=100, knock=0)
    saved = rules.new_game(2, seed=1).to_json()
    assert saved["shelves"] == {"jar": [[3, 3, 3]]}
    assert rules.game_from_json(json.loads(json.dumps(saved))).to_json() == saved
    for bad, where in (({"jar": [[3, 3, 2]]}, "shelves.jar[0]"), ({"jar": [[3, -3, 9]]}, "shelves.jar[0]"),
                       ({"crate": [[1], [], []]}, "shelves.crate"), ({"jar": [[3, 3, 3], []]}, "shelves.jar"),
                       ({}, "shelves")):
        with pytest.raises(boardrules.StateError) as err:
            rules.game_from_json({**saved, "shelves": bad})
        assert where in str(err.value)


# ================================================================ the oracle resolver
def oracle_game(tmp_path, ask=None):
    extra = f"\n                  ask: {ask}" if ask else ""
    path = variant(tmp_path, TURN_KEEP, "model: oracle" + extra + "\n                  as: fell")
    return boardrules.load(str(path))


def answer_questions(g, pick):
    """Answers the oracle's questions at random; returns {type: count} answered, or None when the questions of a
    second release followed (the next turn's drop was forced: a kind alone in the reserve)."""
    answered, last = {}, -1
    while g.legal_actions() and g.legal_actions()[0].kind == "came_out":
        a = pick.choice(g.legal_actions())
        if KINDS.index(a.args["type"]) <= last:
            answered = None
        last = KINDS.index(a.args["type"])
        if answered is not None:
            answered[a.args["type"]] = a.args["count"]
        g.apply(a)
    return answered


def test_the_oracle_asks_one_question_per_kind_inside_with_the_answers_0_to_its_count(tmp_path):
    rules = oracle_game(tmp_path)
    g = position(rules, 3, zones={"jar": ["moon", "star"], "reserve": ["sun", "sun", "sun", "star", "moon"]}, first=0,
                 seed=3)
    act(g, "drop", kind="sun")
    pool = cards(g, "jar")
    assert pool == ["moon#1", "star#1", "sun#1", "sun#2", "sun#3"]     # old first, then the new ones
    asked = []
    for kind, n in (("sun", 3), ("moon", 1), ("star", 1)):      # content order: sun, moon, star
        legal = g.legal_actions()
        assert g.current_player == 0
        assert [(a.kind, a.args["type"], a.args["count"]) for a in legal] == [("came_out", kind, i) for i in range(n + 1)]
        asked.append(kind)
        act(g, "came_out", type=kind, count=1 if kind != "moon" else 0)
    # of each kind, the first ones in pool order came out, in pool order
    assert cards(g, "crate", 0) == ["star#1", "sun#1"] and cards(g, "jar") == ["moon#1", "sun#2", "sun#3"]
    assert counter(g, "points", 0) == 2 and counter(g, "bonus", 0) == 1


def test_an_impossible_oracle_answer_is_illegal_names_the_argument_and_changes_nothing(tmp_path):
    rules = oracle_game(tmp_path)
    g = position(rules, 2, zones={"jar": ["moon"], "reserve": ["sun", "sun", "star"]}, first=0, seed=3)
    act(g, "drop", kind="sun")
    before = g.to_json()
    for args, named in (({"type": "sun", "count": 3}, "count: 3"), ({"type": "sun", "count": -1}, "count: -1"),
                        ({"type": "moon", "count": 1}, "type:")):
        with pytest.raises(boardrules.IllegalAction) as err:
            g.apply({"kind": "came_out", "args": args})
        assert named in str(err.value)
        assert g.to_json() == before


def test_the_answered_counts_come_out_and_random_answers_finish_games(tmp_path):
    rules = oracle_game(tmp_path, ask="start_player")
    games = checked = 0
    for seed in range(30):
        g = rules.new_game(3, seed=seed)
        pick = random.Random(seed)
        while not g.is_over:
            seat = g.current_player
            before = g.clone()
            g.apply(pick.choice(g.legal_actions()))
            if g.legal_actions() and g.legal_actions()[0].kind == "came_out":
                assert g.current_player == g.to_json()["start_player"]        # ask: start_player
                pool = cards(g, "jar")
                answered = answer_questions(g, pick)
                if answered is None:
                    continue
                checked += 1
                out = cards(g, "crate", seat)
                assert collections.Counter(c.split("#")[0] for c in out) == \
                    {k: n for k, n in answered.items() if n}
                assert out == [c for c in pool if c in out]
                assert sorted(out + cards(g, "jar")) == sorted(pool)
                assert counter(g, "points", seat) - counter(before, "points", seat) == len(out)
        games += 1
    assert games == 30 and checked >= 100


def test_a_game_saved_between_two_oracle_answers_loads_and_goes_on(tmp_path):
    rules = oracle_game(tmp_path)
    g = rules.new_game(2, seed=3)
    act(g, "drop", kind="sun")
    kinds = [k for k in KINDS if any(c.startswith(k + "#") for c in cards(g, "jar"))]
    assert len(kinds) >= 2 and g.legal_actions()[0].args["type"] == kinds[0]
    pool = cards(g, "jar")
    act(g, "came_out", type=kinds[0], count=1)
    saved = json.loads(json.dumps(g.to_json()))
    h = rules.game_from_json(saved)
    assert h.legal_actions() == g.legal_actions() and h.to_json() == saved
    assert h.legal_actions()[0].args["type"] == kinds[1]
    for game in (g, h):
        for kind in kinds[1:]:
            act(game, "came_out", type=kind, count=1)
    assert h.to_json() == g.to_json()
    assert cards(h, "crate", 0) == [next(c for c in pool if c.startswith(k + "#")) for k in KINDS if k in kinds]
    # a saved answer the container could not have given is a bad state
    top = next(i for i, f in enumerate(saved["flow"]) if f["data"] == [1])
    bad = json.loads(json.dumps(saved))
    bad["flow"][top]["data"] = [9]
    with pytest.raises(boardrules.StateError) as err:
        rules.game_from_json(bad, check_history=False)
    assert f"flow[{top}].data" in str(err.value)


# ================================================================ every resolver: replay and JSON
RESOLVER_VARIANTS = {
    "urn": None,
    "urn with a stream": TURN_KEEP + "\n                  stream: jar",
    "shelf": "model: shelf\n                  shelves: 3\n                  room: 3\n                  lodge: 30\n"
             "                  knock: 15\n                  as: fell",
    "shelf with a stream": "model: shelf\n                  shelves: 2\n                  room: 2\n                  lodge: 50\n"
                           "                  knock: 40\n                  stream: jar\n                  as: fell",
    "oracle": "model: oracle\n                  as: fell",
}


@pytest.mark.parametrize("name", list(RESOLVER_VARIANTS))
def test_every_resolver_replays_exactly_and_goes_on_alike_from_json_mid_game(tmp_path, name):
    new = RESOLVER_VARIANTS[name]
    rules = boardrules.load(str(GAME if new is None else variant(tmp_path, TURN_KEEP, new)))
    for seed in (1, 2, 3):
        a = rules.new_game(3, seed=seed)
        pick = random.Random(seed)
        saves = []
        while not a.is_over:
            a.apply(pick.choice(a.legal_actions()))
            if len(a.history) in (2, 5):
                saves.append((len(a.history), json.loads(json.dumps(a.to_json()))))
        assert len(saves) == 2
        assert rules.replay(3, seed, actions=a.history).to_json() == a.to_json()
        for n, saved in saves:
            c = rules.game_from_json(saved)
            for action in a.history[n:]:
                c.apply(action)
            assert c.to_json() == a.to_json()
        assert rules.game_from_json(json.loads(json.dumps(a.to_json()))).to_json() == a.to_json()


@pytest.mark.parametrize("name", ["shelf with a stream", "oracle"])
def test_the_generated_code_plays_every_resolver_as_the_closures_do(tmp_path, name):
    plain, generated, made = plain_and_generated(variant(tmp_path, TURN_KEEP, RESOLVER_VARIANTS[name]))
    assert made and generated.generated
    for seed in (1, 2):
        assert kernel_game(generated, 3, seed) == kernel_game(plain, 3, seed)


def test_the_rules_pages_say_the_shelf_and_the_oracle_as_a_rulebook_would(tmp_path):
    shelf = shelf_game(tmp_path, setup=False, stream="jar")
    texts = [str(n.text) for n in shelf.model.nodes.values() if type(n).__name__ == "Release"]
    assert any("fall one at a time through the 3 shelves of the jar, top first, each holding at most 3 cards" in t
               and "knocked loose (15 chances in 100)" in t and "lodges there (30 chances in 100) if there is room" in t
               and t.endswith("come out into your crate (its own random draws: jar)") for t in texts), texts
    oracle = oracle_game(tmp_path, ask="start_player")
    texts = [str(n.text) for n in oracle.model.nodes.values() if type(n).__name__ == "OracleRelease"]
    assert texts and "then the start player says how many cards of each kind came out" in texts[0]


# ---------------------------------------------------------------- bad content for the new resolvers
@pytest.mark.parametrize("params, message", [
    ("model: shelf\n                  shelves: 3\n                  room: -1\n                  lodge: 30\n"
     "                  knock: 15", "room is -1"),
    ("model: shelf\n                  shelves: 3\n                  room: 3\n                  lodge: 130\n"
     "                  knock: 15", "lodge is 130: it must be a percentage from 0 to 100"),
    ("model: shelf\n                  shelves: 3\n                  room: 3\n                  lodge: 30", "needs 'knock'"),
    ("model: shelf\n                  shelfs: 3\n                  room: 3\n                  lodge: 30\n"
     "                  knock: 15", "shelfs"),
    ("model: shelf\n                  keep: [3]\n                  shelves: 3\n                  room: 3\n"
     "                  lodge: 30\n                  knock: 15", "'keep' is a parameter of the urn resolver, not of shelf"),
    ("keep: [3]\n                  lodge: 30", "'lodge' is a parameter of the shelf resolver, not of urn"),
    ("model: oracle\n                  stream: jar", "an oracle release draws nothing at random"),
    ("model: shelf\n                  shelves: 3\n                  room: 3\n                  lodge: 30.5\n"
     "                  knock: 15", "lodge"),
])
def test_bad_resolver_parameters_are_content_errors_at_their_line(tmp_path, params, message):
    with pytest.raises(ContentError) as err:
        boardrules.load(str(variant(tmp_path, TURN_KEEP, params + "\n                  as: fell")))
    assert located(err) and message in str(err.value), str(err.value)


def test_a_fixed_action_space_holds_every_oracle_answer_and_plays_a_game(tmp_path):
    from boardrules.ai.space import ActionSpace
    rules = oracle_game(tmp_path)
    space = ActionSpace(rules, 3)
    answers = [e for e in space.entries if e.kind == "came_out"]
    assert len(answers) == 1 and answers[0].args == ("count", "type")
    assert answers[0].size == (5 + 1) + (5 + 1) + (4 + 1)         # 0 to each kind's copies
    g = rules.new_game(3, seed=2)
    pick = random.Random(2)
    while not g.is_over:
        legal = space.indices(g)
        assert len(legal) == len(g.legal_actions())
        space.apply(g, pick.choice(legal))


def test_a_streams_first_state_comes_from_the_seed_and_the_name_alone_the_same_in_every_process():
    from boardrules.engine import rng
    assert rng.name_hash("a") == 0xAF63DC4C8601EC8C         # FNV-1a 64 of "a" (its published test vector)
    assert rng.stream_state(7, "jar") == 6877648450853156944    # not Python's hash(), salted per process
    assert len({rng.stream_state(7, n) for n in ("jar", "bag", "jar2")} | {rng.stream_state(8, "jar")}) == 4
    # and a game's own stream is not where the release draws from
    assert rng.stream_state(7, "jar") != rng.seed_state(7)
