"""The 5-8 player double-deck variant (seed 000; rules reference section 2): the second set's cards and tiles by
player count, and one extension role per player above four."""
import collections
import random

import pytest

import boardrules
from playing import assert_every_card_once, every_card, play_random
from positions import act, hand, position

RULES = boardrules.load("san_juan")
TYPES = {t.id: t for t in RULES.cards}
SHIP = {"extension_roles": "custom", "colonist_ship": True}     # five players: this one extension role


def in_play(game):
    d = game.to_json()
    cards = [c for z, owners in d["zones"].items() if z != "box" for o in owners for c in o]
    cards += [c for p in d["piles"].values() for cs in p.values() for c in cs]
    return collections.Counter(c.split("#")[0] for c in cards)


@pytest.mark.parametrize("players,violet,big,production,indigo,tiles", [
    # seed 000: 5p +1 of each violet (24 cards), +2 of each production (10), +1 indigo; 6p +2 ordinary violet (40),
    # +1 of each 6-cost (4), +4 production (20), +2 indigo; 7p +3 / +2 / +6 / +2; 8p the whole second set
    (4, 3, 2, 8, 10, 5), (5, 4, 3, 10, 13, 7), (6, 5, 3, 12, 16, 8), (7, 6, 4, 14, 18, 9), (8, 6, 4, 16, 20, 10),
])
def test_second_set_by_player_count(players, violet, big, production, indigo, tiles):
    counts = in_play(RULES.new_game(players, seed=1))
    assert counts["smithy"] == counts["library"] == violet
    assert counts["palace"] == counts["guild_hall"] == big
    assert counts["silver_smelter"] == counts["sugar_mill"] == production
    assert counts["indigo_plant"] == indigo
    assert sum(n for c, n in counts.items() if c.startswith("tile_")) == tiles
    total = sum(n for c, n in counts.items() if "building" in TYPES[c].tags)
    assert total == {4: 110, 5: 145, 6: 176, 7: 210, 8: 220}[players]


def test_extra_trading_house_tiles():
    # 5p: [11222] + [12223]; 6p: + [11223]; 7p: + [12233]; 8p: all five of the second set
    for players, extra in ((5, {"tile_b", "tile_d"}), (6, {"tile_b", "tile_d", "tile_c"}),
                           (7, {"tile_b", "tile_d", "tile_c", "tile_e"}), (8, {"tile_a", "tile_b", "tile_c", "tile_d", "tile_e"})):
        counts = in_play(RULES.new_game(players, seed=2))
        assert {t for t in counts if t.startswith("tile_") and counts[t] == 2} == extra


@pytest.mark.parametrize("players,extra", [
    (4, []), (5, ["second_prospector"]), (6, ["second_prospector", "colonist_ship"]),
    (7, ["second_prospector", "colonist_ship", "captain"]),
    (8, ["second_prospector", "colonist_ship", "captain", "merchant"])])
def test_extension_roles_by_default(players, extra):
    game = RULES.new_game(players, seed=3)
    base = ["builder", "producer", "trader", "councillor", "prospector"]
    assert {a.args["role"] for a in game.legal_actions()} == set(base + extra)


def test_extension_roles_chosen_by_options():
    game = RULES.new_game(6, seed=1, options={"extension_roles": "custom", "captain": True, "merchant": True})
    roles = {a.args["role"] for a in game.legal_actions()}
    assert {"captain", "merchant"} <= roles and not {"second_prospector", "colonist_ship"} & roles
    with pytest.raises(ValueError, match="exactly one per player above four"):
        RULES.new_game(6, options={"extension_roles": "custom", "captain": True})
    with pytest.raises(ValueError, match="for 5, 6, 7, 8 players"):
        RULES.new_game(4, options={"captain": True})


def test_colonist_ship_each_player_takes_one_card():
    cards = ["hero", "palace", "statue", "smithy", "tower", "well"]
    game = position(RULES, 5, supply_top=cards, options=SHIP)
    act(game, "choose_role", role="colonist_ship")
    assert {a.args["card"] for a in game.legal_actions()} == {"hero", "palace", "statue", "smithy", "tower"}
    act(game, "take", card="palace")
    for seat, card in ((1, "hero"), (2, "tower"), (3, "smithy")):
        assert game.current_player == seat
        act(game, "take", card=card)
    assert hand(game, 4) == ["statue"]          # the last player takes the last card
    assert hand(game, 0) == ["palace"]


def test_colonist_ship_chooser_with_a_library_takes_two():
    cards = ["hero", "palace", "statue", "smithy", "tower", "well", "crane"]
    game = position(RULES, 5, cities={0: ["indigo_plant", "library"]}, supply_top=cards, options=SHIP)
    act(game, "choose_role", role="colonist_ship")  # 5 players + 1 for the doubled privilege
    act(game, "take", card="palace")
    act(game, "take", card="hero")
    assert sorted(hand(game, 0)) == ["hero", "palace"]
    for _ in range(3):
        act(game, "take", card=game.legal_actions()[0].args["card"])
    assert len(hand(game, 4)) == 1 and game.to_json()["zones"]["revealed"] == [[]]


def test_captain_ships_goods_for_victory_points():
    game = position(RULES, 7, cities={0: ["indigo_plant", "coffee_roaster"], 1: ["indigo_plant"]},
                    goods={0: {"indigo_plant": "hero", "coffee_roaster": "palace"}, 1: {"indigo_plant": "statue"}})
    act(game, "choose_role", role="captain")      # the chooser may ship 2
    act(game, "ship", building="indigo_plant", piles={"goods": 1})
    act(game, "ship", building="coffee_roaster", piles={"goods": 1})
    act(game, "ship", building="indigo_plant", piles={"goods": 1})   # seat 1: one
    d = game.to_json()
    assert len(d["zones"]["shipped"][0]) == 2 and len(d["zones"]["shipped"][1]) == 1
    scores = game.scores()
    assert scores[0]["parts"]["shipped"] == 2 and scores[1]["parts"]["shipped"] == 1
    assert "shipped" not in RULES.new_game(4, seed=1).scores()[0]["parts"]


def test_merchant_flips_the_next_tile():
    """The Merchant (rules_choices double_deck: this project's reconstruction, a second Trader) flips the next
    trading-house tile like the Trader. 8 players hold two of each tile (seed 000); with tile e (1-2-2-3-3,
    REFERENCE §1.2) on top, silver sells for 3; the Trader after it flips the next tile, a (1-1-1-2-2): silver 2."""
    order = ["tile_e#1", "tile_a#1", "tile_b#1", "tile_c#1", "tile_d#1",
             "tile_a#2", "tile_b#2", "tile_c#2", "tile_d#2", "tile_e#2"]
    game = position(RULES, 8, cities={0: ["indigo_plant", "silver_smelter"], 1: ["indigo_plant", "silver_smelter"]},
                    goods={0: {"silver_smelter": "hero"}, 1: {"silver_smelter": "palace"}}, price_tiles=order)
    act(game, "choose_role", role="merchant")
    assert [c.split("#")[0] for c in game.to_json()["zones"]["price_shown"][0]] == ["tile_e"]
    act(game, "sell", building="silver_smelter", piles={"goods": 1})
    assert len(hand(game, 0)) == 3
    while game.current_player != 1 or game.prompt != "choose_role":
        game.apply(game.legal_actions()[0] if game.prompt != "sell" else
                   {"kind": "pass", "args": {"decision": "sell"}})
    assert len(hand(game, 1)) == 0           # seat 1 kept its silver for the Trader
    act(game, "choose_role", role="trader")
    act(game, "sell", building="silver_smelter", piles={"goods": 1})
    assert len(hand(game, 1)) == 2


@pytest.mark.parametrize("players", [5, 6, 7, 8])
def test_random_games_with_many_players(players):
    for seed in range(25):
        game = play_random(RULES, players, seed)
        # the rule, not its label: the game ended in a builder phase in which some city reached 12 buildings
        # (REFERENCE §1.2), and nobody could have ended it earlier in another way
        assert game.end_reason == "someone has 12 buildings"
        assert max(len(c) for c in game.to_json()["zones"]["city"]) >= 12
        roles = [a["args"]["role"] for a in game.history if a["kind"] == "choose_role"]
        assert roles[-1] == "builder"
        assert_every_card_once(game)
        d = game.to_json()
        assert len(every_card(game)) == 230
        assert RULES.game_from_json(d).to_json() == d


def test_no_seat_or_role_is_wildly_stronger():
    """A balance smoke test for the reconstructed roles: over random games, every seat's win rate and the share of
    each role's picks made by the eventual winner stay within a factor of two of the fair share."""
    for players in (6, 8):
        wins, picks, winner_picks = collections.Counter(), collections.Counter(), collections.Counter()
        games = 120
        for seed in range(games):
            game = RULES.new_game(players, seed=seed, log=False)
            rnd = random.Random(seed)
            chosen = []
            while not game.is_over:
                seat, action = game.current_player, rnd.choice(game.legal_actions())
                game.apply(action)
                if action.kind == "choose_role":
                    chosen.append((seat, action.args["role"]))
            winners = game.winners()
            for w in winners:
                wins[w] += 1 / len(winners)
            for seat, role in chosen:
                picks[role] += 1
                winner_picks[role] += (1 / len(winners)) if seat in winners else 0
        fair = 1 / players
        assert all(0.4 * fair <= wins[s] / games <= 1.8 * fair for s in range(players)), wins
        shares = {r: winner_picks[r] / picks[r] for r in picks}
        assert all(0.5 * fair <= v <= 2 * fair for v in shares.values()), shares
