"""The 5-8 player double-deck variant of San Juan (seed 000; REFERENCE §2): set-up per player count, the round with
one role per player, the extension roles, the second set's trading-house tiles at their printed prices, and the
game end. Card counts per player count: test_double_deck.py (literal counts from seed 000)."""
import pytest

import boardrules
from positions import act, hand, position, sell

RULES = boardrules.load("san_juan")
BASE = ["builder", "producer", "trader", "councillor", "prospector"]
# REFERENCE §2 (DD, seed 000): one extension role per player above four, taken in the content's documented order
# (options: extension_roles auto; rules_choices double_deck)
EXTRA = {5: ["second_prospector"], 6: ["second_prospector", "colonist_ship"],
         7: ["second_prospector", "colonist_ship", "captain"],
         8: ["second_prospector", "colonist_ship", "captain", "merchant"]}
# REFERENCE §2: total building cards by player count (110 + the second set's share: 5p +35, 6p +66, 7p +100, 8p +110)
TOTAL = {5: 145, 6: 176, 7: 210, 8: 220}


@pytest.mark.parametrize("players", [5, 6, 7, 8])
def test_setup_indigo_plant_and_four_cards_each(players):
    """REFERENCE §1.1 applies unchanged: an Indigo Plant in play and 4 hand cards each; the rest is the draw pile."""
    game = RULES.new_game(players, seed=9)
    d = game.to_json()
    assert [[c.split("#")[0] for c in owned] for owned in d["zones"]["city"]] == [["indigo_plant"]] * players
    assert [len(h) for h in d["zones"]["hand"]] == [4] * players
    assert len(d["zones"]["supply"][0]) == TOTAL[players] - 5 * players
    assert {a.args["role"] for a in game.legal_actions()} == set(BASE + EXTRA[players])


@pytest.mark.parametrize("players", [5, 6, 8])
def test_each_player_picks_one_role_a_round_from_the_governor(players):
    """REFERENCE §1.2, §2: from the Governor, each player in turn picks one of the remaining roles, each role once a
    round; with one extension role per player above four, 5 + k roles for 4 + k players leave exactly one unused."""
    game = position(RULES, players, start_player=2)
    seats, used = [], []
    while game.round == 1:
        legal = game.legal_actions()
        if legal[0].kind == "choose_role":
            seats.append(game.current_player)
            roles = sorted(a.args["role"] for a in legal)
            assert not set(roles) & set(used)
            role = "prospector" if "prospector" in roles else \
                "second_prospector" if "second_prospector" in roles else roles[0]
            used.append(role)
            act(game, "choose_role", role=role)
        else:
            passes = [a for a in legal if a.kind == "pass"]
            game.apply(passes[0] if passes else legal[0])
    assert seats == [(2 + k) % players for k in range(players)]
    assert len(used) == players and len(BASE + EXTRA[players]) - len(used) == 1
    assert game.current_player == 3                   # the Governor card passed to the left


def test_second_prospector_is_a_prospector():
    """REFERENCE §2 (DD): a second copy of the Prospector: only its chooser draws 1."""
    game = position(RULES, 5, supply_top=["hero", "statue", "palace"])
    act(game, "choose_role", role="second_prospector")
    assert hand(game, 0) == ["hero"] and all(hand(game, s) == [] for s in range(1, 5))
    act(game, "choose_role", role="prospector")       # seat 1 may still take the first Prospector
    assert hand(game, 1) == ["statue"]


@pytest.mark.parametrize("players,tile,silver,tobacco", [
    # REFERENCE §2: the second set's extra tiles are printed like the first set's (§1.2): 5p 1-1-2-2-2 and
    # 1-2-2-2-3; 6p + 1-1-2-2-3; 7p + 1-2-2-3-3; 8p all five
    (5, "tile_b#2", 2, 2), (5, "tile_d#2", 3, 2), (6, "tile_c#2", 3, 2), (7, "tile_e#2", 3, 2), (8, "tile_a#2", 2, 1),
])
def test_second_set_tiles_pay_the_printed_prices(players, tile, silver, tobacco):
    game0 = RULES.new_game(players, seed=1)
    others = [t for t in game0.to_json()["zones"]["price_tiles"][0] if t != tile]
    game = position(RULES, players, cities={0: ["indigo_plant", "silver_smelter", "tobacco_storage"]},
                    goods={0: {"silver_smelter": "hero", "tobacco_storage": "statue"}}, price_tiles=[tile] + others)
    act(game, "choose_role", role="trader")
    sell(game, "silver_smelter")
    assert len(hand(game, 0)) == silver
    sell(game, "tobacco_storage")
    assert len(hand(game, 0)) == silver + tobacco


def test_game_ends_after_the_builder_phase_with_six_players():
    """REFERENCE §1.2: the 12-building end holds with 6 players; everyone still builds in that phase."""
    eleven = ["indigo_plant"] * 4 + ["sugar_mill"] * 7
    game = position(RULES, 6, hands={0: ["indigo_plant"], 5: ["indigo_plant", "statue"]}, cities={0: eleven})
    act(game, "choose_role", role="builder")
    act(game, "build", card="indigo_plant")
    assert not game.is_over and game.current_player == 5
    act(game, "build", card="indigo_plant")
    assert game.is_over and game.winners() == [0]
    assert [s["total"] for s in game.scores()] == [4 + 7 + 1, 1, 1, 1, 1, 2]
