"""The engine's general primitives, on a small test game (tests/games/harbor): holders with capacities taken from
the holder, a count held by a role, turns that go round until every player passes, a while loop, a numeric
choice, a procedure, a privilege that acts, an end "after this round", and effects that reach other players."""
import copy
import pathlib
import random

import pytest

import boardrules
from boardrules import RulesError

GAME = pathlib.Path(__file__).parent / "games" / "harbor" / "game.yaml"
RULES = boardrules.load(GAME)


def act(game, kind, **args):
    game.apply({"kind": kind, "args": args})


def money(game):
    return game.to_json()["counters"]["money"]


def with_cards(game, placed):
    """The same game with cards moved into yards: {seat: [card id, ...]} (taken from the deck or the market)."""
    d = copy.deepcopy(game.to_json())
    for seat, ids in placed.items():
        for cid in ids:
            for zone in ("deck", "market"):
                name = next((c for c in d["zones"][zone][0] if c.startswith(cid + "#")), None)
                if name:
                    d["zones"][zone][0].remove(name)
                    d["zones"]["yard"][seat].append(name)
                    break
            else:
                raise AssertionError(f"no free {cid}")
    return RULES.game_from_json(d, check_history=False)


def harbor_variant(tmp_path, body):
    """A variant of the test game, written beside a copy of it (a variant may only extend files in its folder)."""
    (tmp_path / "game.yaml").write_text(GAME.read_text(encoding="utf-8"), encoding="utf-8")
    variant = tmp_path / "variant.yaml"
    variant.write_text("extends: game.yaml\nid: variant\n" + body, encoding="utf-8")
    return boardrules.load(variant)


def kinds(game):
    return [a.kind for a in game.legal_actions()]


def test_a_while_loop_fills_the_market_to_three():
    game = RULES.new_game(2, seed=3)
    assert len(game.to_json()["zones"]["market"][0]) == 3


def test_a_numeric_choice_and_a_privilege_that_acts():
    game = RULES.new_game(2, seed=1)
    assert money(game) == [2, 2]
    act(game, "choose_role", role="banker")         # the privilege: the chooser first takes 1
    assert [a.args for a in game.legal_actions()] == [{"amount": 0}, {"amount": 1}, {"amount": 2}]
    act(game, "take", amount=2)
    act(game, "take", amount=0)                      # seat 1: no privilege
    assert money(game) == [5, 2]


def test_coins_lie_on_the_roles_nobody_chose_and_go_to_the_next_chooser():
    game = RULES.new_game(2, seed=1)
    act(game, "choose_role", role="banker")
    act(game, "take", amount=0)
    act(game, "take", amount=0)
    act(game, "choose_role", role="buyer")
    act(game, "pass", decision="buy")
    act(game, "pass", decision="buy")
    coins = game.to_json()["counters"]["coins"]      # one value per role, in content order
    assert coins == [0, 0, 1, 1], "the Hirer and the Loader were not chosen in round 1"
    assert game.round == 2 and game.current_player == 1
    before = money(game)[1]
    act(game, "choose_role", role="hirer")           # seat 1 collects the Hirer's coin
    assert money(game)[1] == before + 1
    assert game.to_json()["counters"]["coins"][2] == 0


def loader_game():
    game = RULES.new_game(2, seed=1)
    act(game, "choose_role", role="loader")
    return game


def boats(game):
    return [a.args["boat"] for a in game.legal_actions() if a.kind == "load"]


def test_a_boat_holds_as_many_crates_as_its_size_and_a_full_one_is_not_offered():
    game = loader_game()
    assert sorted(boats(game)) == ["big_boat", "small_boat"]
    act(game, "load", boat="small_boat")             # seat 0
    act(game, "load", boat="small_boat", piles={"cargo": 1})   # seat 1: the small boat holds 2
    assert game.current_player == 0
    assert boats(game) == ["big_boat"], "the full small boat is not offered"


def test_turns_go_round_until_every_player_in_a_row_has_passed():
    game = loader_game()
    act(game, "load", boat="big_boat")               # seat 0 loads
    act(game, "pass", decision="load")               # seat 1 passes
    act(game, "load", boat="big_boat", piles={"cargo": 1})   # seat 0 loads again: the passes start over
    act(game, "pass", decision="load")               # seat 1 passes
    assert game.current_player == 0 and "load" in kinds(game), "one pass in a row is not everyone"
    act(game, "pass", decision="load")               # seat 0 passes: both in a row
    assert kinds(game) == ["choose_role"] * 3, "the Loader phase is over"
    assert game.to_json()["counters"]["loaded"] == [2, 0]


def test_a_phase_that_goes_round_survives_json_and_clone_mid_way():
    game = loader_game()
    act(game, "load", boat="big_boat")
    act(game, "pass", decision="load")
    again = RULES.game_from_json(game.to_json())
    twin = game.clone()
    for g in (game, again, twin):
        act(g, "pass", decision="load")
    assert again.to_json() == game.to_json() == twin.to_json()
    assert kinds(game) == ["choose_role"] * 3


def test_the_game_ends_after_the_round_in_which_the_boats_fill():
    game = loader_game()
    for boat, on in [("big_boat", 0), ("big_boat", 1), ("big_boat", 2), ("small_boat", 0), ("small_boat", 1)]:
        act(game, "load", boat=boat, **({"piles": {"cargo": on}} if on else {}))
    # the boats are full: the end is announced, but seat 1 still chooses a role this round
    assert not game.is_over and game.current_player == 1 and game.round == 1
    act(game, "choose_role", role="banker")
    act(game, "take", amount=0)
    act(game, "take", amount=0)
    assert game.is_over and game.end_reason == "the boats are full" and game.round == 1


def test_a_count_past_its_holders_capacity_is_a_rules_error_naming_the_step():
    game = RULES.new_game(2, seed=1, options={"careless": True})
    act(game, "choose_role", role="hirer")
    with pytest.raises(RulesError, match=r"roles/2/action/2.*workers cannot hold 3 \(capacity 2\)"):
        act(game, "hire", workshop="workshop")


def test_another_players_toll_house_makes_hiring_dearer_but_not_for_its_owner():
    game = with_cards(RULES.new_game(2, seed=1), {1: ["toll_house"]})
    act(game, "choose_role", role="hirer")
    act(game, "hire", workshop="workshop")           # seat 0 pays 1 + 1
    act(game, "hire", workshop="workshop")           # seat 1, the owner, pays 1
    assert money(game) == [0, 1]


def test_a_spy_earns_when_another_player_loads_not_when_its_owner_does():
    game = with_cards(RULES.new_game(2, seed=1), {1: ["spy"]})
    act(game, "choose_role", role="loader")
    act(game, "load", boat="big_boat")               # seat 0 loads: seat 1's Spy earns 1
    assert money(game) == [2, 3]
    act(game, "load", boat="big_boat", piles={"cargo": 1})   # seat 1 loads: its own Spy gives nothing
    assert money(game) == [2, 3]


@pytest.mark.parametrize("players", [2, 3])
def test_random_games_end_within_the_round_limit_and_conserve_crates(players):
    for seed in range(20):
        game = RULES.new_game(players, seed=seed)
        bot = random.Random(seed)
        while not game.is_over:
            game.apply(bot.choice(game.legal_actions()))
        d = game.to_json()
        crates = [c for z in d["zones"].values() for owner in z for c in owner if c.startswith("crate#")]
        crates += [c for p in d["piles"].values() for cs in p.values() for c in cs]
        assert len(crates) == len(set(crates)) == 12
        assert game.round <= 6
        assert game.end_reason in ("the boats are full", "the game reached its length limit of 6 rounds")
        if game.end_reason == "the boats are full":
            assert sum(len(cs) for cs in d["piles"]["cargo"].values()) == 5
        assert all(v >= 0 for row in d["counters"].values() for v in row)


def test_a_division_by_zero_in_play_is_a_rules_error_naming_the_content(tmp_path):
    game = harbor_variant(tmp_path, "quantities:\n  change:\n    hire_cost: {base: {div: [4, {counter: loaded}]}}\n"
                          ).new_game(2, seed=1)
    with pytest.raises(RulesError, match=r"quantities/hire_cost/base.*division by zero"):
        act(game, "choose_role", role="hirer")


def test_an_ability_that_sets_itself_off_is_a_rules_error_not_a_hang(tmp_path):
    game = harbor_variant(tmp_path, "procedures:\n  add:\n    forever: [{call: forever}]\n"
                                    "roles:\n  change:\n    buyer: {start: [{call: forever}]}\n").new_game(2, seed=1)
    with pytest.raises(RulesError, match="nests deeper"):
        act(game, "choose_role", role="buyer")



def test_a_while_loop_that_never_ends_stops_at_its_limit_as_a_rules_error(tmp_path):
    # the loop's body holds only simple steps, so it runs inside the generated code of its block, not in frames
    game = harbor_variant(tmp_path, "roles:\n  change:\n    buyer: {start: [{while: {if: true, limit: 5, do: "
                                    "[{let: {spins: 1}}]}}]}\n").new_game(2, seed=1)
    with pytest.raises(RulesError, match="a while loop ran 5 times, its limit"):
        act(game, "choose_role", role="buyer")

FOREMAN = """counters:
  add:
    idle: {scope: player, text: idle workers}
roles:
  add:
    - id: foreman
      name: Foreman
      action:
        - distribute:
            counter: workers
            from: {counter: idle}
            onto: {zone: yard}
            action: staff
            as: shop
            text: "put a worker in the {shop}"
"""


def foreman_game(tmp_path, idle, workers):
    """Seat 0 with two workshops holding ``workers`` workers, ``idle`` idle workers, the Foreman to choose."""
    rules = harbor_variant(tmp_path, FOREMAN)
    d = copy.deepcopy(rules.new_game(2, seed=1).to_json())
    spare = next(c for c in d["zones"]["deck"][0] if c.startswith("workshop#"))
    d["zones"]["deck"][0].remove(spare)
    d["zones"]["yard"][0].append(spare)
    names = [c for c in d["zones"]["yard"][0] if c.startswith("workshop#")]
    index = {name: i for i, name in enumerate(rules.model.instance_names)}
    for name, n in zip(names, workers):
        d["counters"]["workers"][index[name]] = n
    d["counters"]["idle"] = [idle, 0]
    game = rules.game_from_json(d, check_history=False)
    act(game, "choose_role", role="foreman")
    return game, [index[n] for n in names]


def workers_on(game, shops):
    return [game.to_json()["counters"]["workers"][i] for i in shops]


def test_distribute_asks_where_each_one_goes_when_they_cannot_fill_every_card(tmp_path):
    game, shops = foreman_game(tmp_path, idle=1, workers=[0, 1])
    offered = sorted((a.kind, a.args.get("counts", {}).get("workers", 0)) for a in game.legal_actions())
    assert offered == [("staff", 0), ("staff", 1)]      # an empty workshop and a half-full one differ
    act(game, "staff", shop="workshop", counts={"workers": 1})
    assert workers_on(game, shops) == [0, 2]
    assert game.to_json()["counters"]["idle"] == [0, 0]


def test_distribute_fills_every_card_at_once_when_there_are_enough(tmp_path):
    game, shops = foreman_game(tmp_path, idle=5, workers=[0, 1])
    assert workers_on(game, shops) == [2, 2]                     # 3 placed, no question asked
    assert game.to_json()["counters"]["idle"][0] == 2            # the rest wait
    assert all(a.kind != "staff" for a in game.legal_actions())


def test_distribute_takes_the_only_kind_of_card_itself(tmp_path):
    game, shops = foreman_game(tmp_path, idle=1, workers=[0, 0])  # two identical workshops: one option
    assert sorted(workers_on(game, shops)) == [0, 1]
    assert game.to_json()["counters"]["idle"][0] == 0


@pytest.mark.parametrize("via_json", [False, True])
def test_a_rules_error_half_way_through_an_action_leaves_the_game_as_it_was(via_json):
    game = RULES.new_game(2, seed=1, options={"careless": True})
    act(game, "choose_role", role="hirer")
    if via_json:
        game = RULES.game_from_json(game.to_json())
    before = game.to_json()
    with pytest.raises(RulesError):
        act(game, "hire", workshop="workshop")    # takes the money, then overfills the workshop
    assert game.to_json() == before
    act(game, "pass", decision="hire")             # and the game goes on from there
    assert game.to_json() != before


@pytest.mark.parametrize("where, body", [
    ("setup", "setup:\n  replace:\n    - start_player: 0\n    - add: {counter: money, value: 1}\n"),
    ("flow", "flow:\n  replace:\n    - rounds: {do: [{choose_roles: {}}, {add: {counter: loaded, value: 1}}]}\n"),
    ("roles", "roles:\n  change:\n    banker: {available: {ge: [{counter: money}, 0]}}\n"),
])
def test_reading_the_acting_player_where_there_is_none_is_a_content_error(tmp_path, where, body):
    with pytest.raises(boardrules.ContentError, match=r"reads the acting player \('you'\).*no player in scope"):
        harbor_variant(tmp_path, body)


def test_the_same_step_inside_each_players_turn_is_fine(tmp_path):
    rules = harbor_variant(tmp_path, "setup:\n  replace:\n    - start_player: 0\n"
                                     "    - for_each_player: {do: [{add: {counter: money, value: 1}}]}\n")
    assert rules.new_game(2, seed=1).to_json()["counters"]["money"] == [1, 1]


@pytest.mark.parametrize("seed, size", [(0, 0), (1, 1), (7, 2), (12345, 110)])
def test_a_shuffle_draws_the_same_numbers_as_one_draw_at_a_time(seed, size):
    # rng.shuffle writes the draws out in its loop for speed; it must stay the Fisher-Yates of rng.below
    from boardrules.engine import rng

    state = expected_state = rng.seed_state(seed)
    expected = list(range(size))
    for i in range(size - 1, 0, -1):
        expected_state, j = rng.below(expected_state, i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    items = list(range(size))
    assert rng.shuffle(state, items) == expected_state and items == expected
