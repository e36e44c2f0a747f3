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

GAME = pathlib.Path(__file__).parent / "games" / "jar" / "game.yaml"
TURN_KEEP = "keep: [3, 4, 5, 5, 6, 7]\n                  as: fell"      # the release of a turn (not the set-up's)
KINDS = ("sun", "moon", "star")     # the card types in content order
TOKENS = 14


@pytest.fixture(scope="module")
def rules():
    return boardrules.load(str(GAME))


def variant(tmp_path, old, new):
    text = GAME.read_text()
    assert old in text
    path = tmp_path / "game.yaml"
    path.write_text(text.replace(old, new))
    return path


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
    from boardrules.engine import serialize
    from boardrules.engine.kernel import Kernel
    from boardrules.lang import codegen
    from boardrules.lang.load import load_model

    def play(model, seed):
        k = Kernel(model, 3, seed, {}, True).start()
        pick = random.Random(seed)
        while k.pending is not None:
            k.choose(pick.randrange(len(k.pending.actions)))
        return [a.text for a in k.history], [str(x) for x in k.log], serialize.to_json(k)

    plain, generated = load_model(str(GAME)), load_model(str(GAME))
    assert codegen.generate(generated) and generated.generated
    for seed in (1, 2, 3):
        assert play(generated, seed) == play(plain, seed)


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
