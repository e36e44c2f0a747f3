"""The house rules of examples/house_rules/, each tested the way a house-rule writer would (boardrules.testing):
set up the position the rule talks about, play it, and check what the rule says happens; then the same position in
the base game, where it does not. Each rule is written without copying a section of its base game."""
from __future__ import annotations

import functools
import pathlib

import pytest

import boardrules
from boardrules.testing import act, counter, decline, offered, position, zone

HERE = pathlib.Path(__file__).resolve().parent.parent / "examples" / "house_rules"


@functools.cache
def rules(name):
    """A house rule by its file name (without .yaml), or a packaged game by its id."""
    path = HERE / f"{name}.yaml"
    return boardrules.load(path if path.exists() else name)


def play_until(game, done, prefer=(), avoid=()):
    """Plays on, choosing the first preferred role still offered (never an avoided one), declining every other
    decision that may be declined and else taking its first answer, until ``done(game)`` holds."""
    for _ in range(2000):
        if done(game) or game.is_over:
            return game
        actions = game.legal_actions()
        roles = [a for a in actions if a.kind == "choose_role"]
        if roles:
            ranked = sorted((a for a in roles if a.args["role"] not in avoid),
                            key=lambda a: prefer.index(a.args["role"]) if a.args["role"] in prefer else len(prefer))
            game.apply(ranked[0])
            continue
        declines = [a for a in actions if a.args.get("decline") or a.kind.startswith("decline")]
        game.apply(declines[0] if declines else actions[0])
    raise AssertionError("the game did not get there")


def test_no_house_rule_copies_a_section_of_its_base_game():
    """Each file only adds what is new (reactions, cards) or edits in place: no whole setup, flow, role or
    procedure is replaced."""
    for path in sorted(HERE.glob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        assert "replace:" not in text, path.name
        rules(path.stem)        # and it loads


# ---------------------------------------------------------------- Puerto Rico: a point for a full ship
def ship_position(game_rules, cargo):
    return position(game_rules, players=3, first=0, zones={"goods": {0: ["corn", "corn"]}},
                    piles={"cargo": {"ship_4": ["corn"] * cargo}}, counters={"vp": {0: 0}})


def test_filling_a_ship_scores_one_point_more():
    game = ship_position(rules("full_ship_point"), cargo=2)
    act(game, "choose_role", role="captain")         # the corn can only go on the 4-ship: shipped at once
    assert zone(game, "goods", 0) == []
    assert counter(game, "vp", 0) == 2 + 1 + 1       # 2 corn, the Captain's privilege, the full ship


def test_a_shipment_that_leaves_room_scores_no_bonus_and_the_base_game_none():
    game = ship_position(rules("full_ship_point"), cargo=1)
    act(game, "choose_role", role="captain")
    assert zone(game, "goods", 0) == []
    assert counter(game, "vp", 0) == 2 + 1
    base = ship_position(rules("puerto_rico"), cargo=2)
    act(base, "choose_role", role="captain")
    assert counter(base, "vp", 0) == 2 + 1


# ---------------------------------------------------------------- Puerto Rico: a last sale before the goods spoil
def full_ships(game_rules):
    """Every cargo ship is full, so nobody can ship: seat 0 holds a corn and an indigo and no doubloon."""
    return position(game_rules, players=3, first=0, zones={"goods": {0: ["corn", "indigo"]}},
                    piles={"cargo": {"ship_4": ["coffee"] * 4, "ship_5": ["tobacco"] * 5, "ship_6": ["sugar"] * 6}},
                    counters={"doubloons": {0: 0, 1: 0, 2: 0}})


def test_before_the_goods_spoil_a_player_may_sell_one_for_a_doubloon():
    game = full_ships(rules("last_sale"))
    act(game, "choose_role", role="captain")
    assert sorted(offered(game, "sell_leftover", "leftover")) == ["corn", "indigo"]
    act(game, "sell_leftover", leftover="corn")
    assert counter(game, "doubloons", 0) == 1
    assert "corn" not in zone(game, "goods", 0) + zone(game, "kept_goods", 0)


def test_the_sale_may_be_declined_and_the_base_game_offers_none():
    game = full_ships(rules("last_sale"))
    act(game, "choose_role", role="captain")
    decline(game)
    assert counter(game, "doubloons", 0) == 0
    base = full_ships(rules("puerto_rico"))
    act(base, "choose_role", role="captain")
    assert not any(a.kind == "sell_leftover" for a in base.legal_actions())


# ---------------------------------------------------------------- Puerto Rico: poor relief
def round_two(game):
    return play_until(game, lambda g: g.view()["round"] >= 2, prefer=("settler", "builder", "mayor"),
                      avoid=("craftsman", "trader", "captain", "prospector", "prospector_2"))


def test_at_the_round_end_a_player_without_doubloons_takes_one():
    game = round_two(position(rules("poor_relief"), players=3, first=0,
                              counters={"doubloons": {0: 5, 1: 5, 2: 0}}))
    assert counter(game, "doubloons", 2) == 1
    assert counter(game, "doubloons", 0) <= 5       # a player with doubloons takes none (the Builder may cost some)


def test_without_the_rule_the_broke_player_stays_broke():
    game = round_two(position(rules("puerto_rico"), players=3, first=0,
                              counters={"doubloons": {0: 5, 1: 5, 2: 0}}))
    assert counter(game, "doubloons", 2) == 0


# ---------------------------------------------------------------- San Juan: never empty-handed
def builder_position(game_rules):
    return position(game_rules, players=3, first=0, zones={"hand": {0: ["sugar_mill", "indigo_plant"]}})


def test_a_player_left_with_no_cards_draws_one_at_the_end_of_the_phase():
    game = builder_position(rules("empty_hand_draw"))
    act(game, "choose_role", role="builder")
    act(game, "build", card="sugar_mill")          # costs 2, 1 less for the chooser: the indigo plant pays
    assert [len(zone(game, "hand", s)) for s in range(3)] == [1, 1, 1]     # everyone ended the phase empty


def test_in_san_juan_an_empty_hand_stays_empty():
    game = builder_position(rules("san_juan"))
    act(game, "choose_role", role="builder")
    act(game, "build", card="sugar_mill")
    assert [len(zone(game, "hand", s)) for s in range(3)] == [0, 0, 0]


# ---------------------------------------------------------------- Puerto Rico: the Guest House
def guest_position(game_rules, card):
    return position(game_rules, players=3, first=0, counters={"doubloons": {0: 5, 1: 0, 2: 0}},
                    zones={"city": {0: [], 1: [card] if card == "guest_house" else [], 2: []}})


def test_the_guest_house_pays_two_doubloons_when_built_though_nobody_works_in_it():
    game = guest_position(rules("guest_house"), "guest_house")
    act(game, "choose_role", role="builder")
    act(game, "build", building="guest_house")       # 2, 1 less for the Builder
    assert zone(game, "city", 0) == ["guest_house"]
    assert counter(game, "colonists", "guest_house#1") == 0 or counter(game, "colonists", "guest_house#2") == 0
    assert counter(game, "doubloons", 0) == 5 - 1 + 2
    assert counter(game, "doubloons", 1) == 0        # the other copy, in seat 1's city, is not the one built


def test_a_building_without_the_rule_pays_nothing_when_built():
    game = guest_position(rules("puerto_rico"), "construction_hut")     # a small building of the same cost
    act(game, "choose_role", role="builder")
    act(game, "build", building="construction_hut")
    assert counter(game, "doubloons", 0) == 5 - 1


# ---------------------------------------------------------------- San Juan: the Watchtower
def watch_position(game_rules, seat1_city=("indigo_plant",)):
    hand = ["sugar_mill", "coffee_roaster", "silver_smelter", "tobacco_storage", "smithy", "well",
            "market_stand", "crane"]
    return position(game_rules, players=2, first=0,
                    zones={"city": {0: ["indigo_plant", "watchtower"] if "watchtower" in
                                    [c.id for c in game_rules.cards] else ["indigo_plant"],
                                    1: list(seat1_city)},
                           "hand": {0: list(hand), 1: list(hand)}})


def next_round(game):
    """Round 2 once its start is over (the hand limits asked for their discards): its first role choice."""
    return play_until(game, lambda g: g.view()["round"] >= 2 and
                      any(a.kind == "choose_role" for a in g.legal_actions()),
                      prefer=("prospector", "councillor", "trader"), avoid=("builder",))


def test_with_a_watchtower_the_other_players_keep_six_cards():
    game = next_round(watch_position(rules("watchtower")))
    assert len(zone(game, "hand", 1)) == 6
    assert len(zone(game, "hand", 0)) == 7           # the owner's own limit is untouched


def test_the_watchtower_fixes_the_limit_even_against_a_tower():
    game = next_round(watch_position(rules("watchtower"), seat1_city=("indigo_plant", "tower")))
    assert len(zone(game, "hand", 1)) == 6           # "is 6": what the other player's own Tower says gives way


def test_in_san_juan_both_keep_seven():
    game = next_round(watch_position(rules("san_juan")))
    assert len(zone(game, "hand", 1)) == 7 and len(zone(game, "hand", 0)) == 7


def test_the_watchtower_says_whose_limit_it_sets():
    watchtower = next(c for c in rules("watchtower").cards if c.id == "watchtower")
    assert "the other players' hand limit is 6" in " ".join(watchtower.texts).lower()


# ---------------------------------------------------------------- Puerto Rico: a Captain every round
def hoard(game_rules):
    return position(game_rules, players=3, first=0, zones={"goods": {0: ["corn", "corn"]}},
                    counters={"vp": {0: 0, 1: 0, 2: 0}})


def test_a_round_without_a_captain_ends_with_a_captain_phase_nobody_chose():
    game = hoard(rules("captain_every_round"))
    seen = []

    def shipping(g):
        if g.view()["role"] == "captain":
            seen.append((g.view()["chooser"], g.view()["round"]))
        return g.view()["round"] >= 2
    play_until(game, shipping, prefer=("settler", "builder", "mayor"),
               avoid=("craftsman", "trader", "captain", "prospector", "prospector_2"))
    assert seen and all(chooser is None and rnd == 1 for chooser, rnd in seen)
    assert counter(game, "vp", 0) == 2               # the 2 corn, and no privilege point: nobody chose the Captain
    assert zone(game, "goods", 0) == []
    assert counter(game, "coins", "captain") == 1    # the round's doubloon stays on the Captain for its next chooser


def test_a_round_with_a_captain_plays_no_second_one():
    game = hoard(rules("captain_every_round"))
    play_until(game, lambda g: g.view()["round"] >= 2, prefer=("captain", "settler", "builder"),
               avoid=("craftsman", "trader"))
    phases = [e for e in game.events() if e["type"] == "phase" and e["role"] == "captain"]
    assert len(phases) == 1 and phases[0]["chooser"] == 0


def test_without_the_rule_the_goods_stay_until_a_captain_is_chosen():
    game = round_two(hoard(rules("puerto_rico")))
    assert counter(game, "vp", 0) == 0


# ---------------------------------------------------------------- San Juan: the Governor's consolation
def consolation_round(game_rules, prefer, avoid):
    game = position(game_rules, players=3, first=0, zones={"hand": {0: [], 1: [], 2: []}})
    return play_until(game, lambda g: g.view()["round"] >= 2, prefer=prefer, avoid=avoid)


def test_the_governor_draws_a_card_after_a_round_without_a_prospector():
    game = consolation_round(rules("consolation"), ("trader", "producer", "councillor"), ("prospector", "builder"))
    base = consolation_round(rules("san_juan"), ("trader", "producer", "councillor"), ("prospector", "builder"))
    assert len(zone(game, "hand", 0)) == len(zone(base, "hand", 0)) + 1
    assert [len(zone(game, "hand", s)) for s in (1, 2)] == [len(zone(base, "hand", s)) for s in (1, 2)]


def test_no_consolation_when_someone_prospected():
    game = consolation_round(rules("consolation"), ("prospector", "trader", "producer"), ("builder",))
    base = consolation_round(rules("san_juan"), ("prospector", "trader", "producer"), ("builder",))
    assert [len(zone(game, "hand", s)) for s in range(3)] == [len(zone(base, "hand", s)) for s in range(3)]


# ---------------------------------------------------------------- San Juan: the Toll Bridge
def bridge_position(game_rules, owner_city):
    return position(game_rules, players=3, first=1,
                    zones={"city": {0: list(owner_city), 1: ["indigo_plant"], 2: ["indigo_plant"]},
                           "hand": {0: [], 1: ["sugar_mill", "indigo_plant"]}})


def test_when_another_player_builds_the_bridge_owner_draws():
    game = bridge_position(rules("toll_bridge"), ["indigo_plant", "toll_bridge"])
    act(game, "choose_role", role="builder")
    act(game, "build", card="sugar_mill")
    assert len(zone(game, "hand", 0)) == 1
    text = " ".join(next(c for c in rules("toll_bridge").cards if c.id == "toll_bridge").texts)
    assert text.startswith("For each other player, after they build")


def test_the_owner_building_himself_draws_nothing_from_the_bridge():
    game = bridge_position(rules("toll_bridge"), ["indigo_plant", "toll_bridge"])
    game = position(rules("toll_bridge"), players=3, first=0,
                    zones={"city": {0: ["indigo_plant", "toll_bridge"]}, "hand": {0: ["sugar_mill", "indigo_plant"]}})
    act(game, "choose_role", role="builder")
    act(game, "build", card="sugar_mill")
    assert zone(game, "hand", 0) == []


def test_without_the_bridge_nobody_draws():
    game = bridge_position(rules("toll_bridge"), ["indigo_plant"])
    act(game, "choose_role", role="builder")
    act(game, "build", card="sugar_mill")
    assert zone(game, "hand", 0) == []


# ---------------------------------------------------------------- the Castles of Burgundy card game: a worker more
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_player_starts_with_one_worker_more(players):
    for seed in range(3):
        mine = rules("extra_worker").new_game(players, seed=seed, log=False)
        base = rules("burgundy_cards").new_game(players, seed=seed, log=False)
        assert [counter(mine, "worker_cards", s) for s in range(players)] == \
            [counter(base, "worker_cards", s) + 1 for s in range(players)]
        assert counter(mine, "worker_supply") == counter(base, "worker_supply") - players     # from the supply


def test_a_game_saved_inside_a_phase_nobody_chose_resumes_the_same():
    """A saved game whose flow stands inside the Captain phase a step plays (nobody's privilege) loads, passes the
    state check, and plays on exactly as the game it was saved from."""
    import json
    game = position(rules("captain_every_round"), players=3, first=0,
                    zones={"goods": {0: ["corn", "corn", "indigo"], 1: ["corn"]}})
    play_until(game, lambda g: g.view()["role"] == "captain" and g.view()["chooser"] is None,
               prefer=("settler", "builder", "mayor"), avoid=("craftsman", "trader", "captain", "prospector",
                                                              "prospector_2"))
    assert game.view()["role"] == "captain" and game.view()["chooser"] is None and not game.is_over
    back = rules("captain_every_round").game_from_json(json.loads(json.dumps(game.to_json())), check_history=False)
    assert back.to_json() == game.to_json() and back.legal_actions() == game.legal_actions()
    for _ in range(200):
        if game.is_over or game.view()["round"] >= 3:
            break
        action = game.legal_actions()[0]
        game.apply(action)
        back.apply(action)
    assert back.to_json() == game.to_json()
