"""The worked examples of the printed Chinese rulebook (seed 000, 遊戲舉例) and its rules on game end,
scoring ties and the two-player game, each played out on the engine.
"""
import boardrules

from positions import act, city, decline, goods_count, hand, options_of, position, zone

RULES = boardrules.load("san_juan")


def types(names):
    return sorted(n.split("#")[0] for n in names)


# ---------------------------------------------------------------------- example 1
def test_example_library_prefecture_archive_councillor_draws_eight_discards_any_six():
    """遊戲舉例 1: 一個擁有圖書館、官邸、檔案館的玩家,在議員階段,他可以摸8張到手牌,然後棄掉任意6張手牌.
    With Library, Prefecture and Archive the Councillor draws 8 into his hand, then discards any 6 cards
    of his whole hand (old ones included) and so keeps 2 more than he had."""
    drawn = ["smithy", "crane", "tower", "quarry", "statue", "hero", "palace", "chapel"]
    game = position(RULES, 3, hands={0: ["guild_hall", "city_hall"]},
                    cities={0: ["indigo_plant", "library", "prefecture", "archive"]}, supply_top=drawn)
    act(game, "choose_role", role="councillor")
    assert hand(game, 0) == sorted(drawn + ["guild_hall", "city_hall"])   # all 8 went into the hand
    assert game.prompt == "discard" and game.current_player == 0
    assert options_of(game, "discard", "card") == set(drawn + ["guild_hall", "city_hall"])
    for card in ("guild_hall", "city_hall", "smithy", "crane", "statue", "chapel"):   # any 6, old cards too
        assert game.current_player == 0
        act(game, "discard", card=card)
    assert hand(game, 0) == ["hero", "palace", "quarry", "tower"]        # 2 more cards than before
    assert {"guild_hall", "city_hall", "smithy", "crane", "statue", "chapel"} <= set(types(zone(game, "discard")))
    assert game.current_player != 0                 # the other players' councillor actions follow


# ---------------------------------------------------------------------- example 2
def test_example_quarry_carpenter_library_builder_palace_for_three_then_draws_one():
    """遊戲舉例 2: 擁有採石場、木工坊、圖書館,並且選擇建築工的玩家。可花費3張牌建造一個宮殿,之後再補1張手牌.
    Palace 6 - 2 (Builder doubled by the Library) - 1 (Quarry) = 3 cards; then the Carpenter draws 1."""
    game = position(RULES, 3, hands={0: ["palace", "statue", "hero", "tower", "smithy"]},
                    cities={0: ["indigo_plant", "quarry", "carpenter", "library"]}, supply_top=["guild_hall"])
    act(game, "choose_role", role="builder")
    assert "palace" in options_of(game, "build", "card")
    act(game, "build", card="palace")
    assert game.prompt == "pay"
    for card in ("statue", "hero", "tower"):
        assert game.prompt == "pay" and game.current_player == 0
        act(game, "pay", card=card)
    assert "palace" in city(game, 0)
    assert types(zone(game, "discard")) == ["hero", "statue", "tower"]
    assert hand(game, 0) == ["guild_hall", "smithy"]       # the Carpenter card came after paying


def test_example_quarry_carpenter_library_in_two_players_uses_the_library_once():
    """The same example with 2 players: the Governor uses his Library for this Builder phase."""
    game = position(RULES, 2, hands={0: ["palace", "statue", "hero", "tower"]},
                    cities={0: ["indigo_plant", "quarry", "carpenter", "library"]}, supply_top=["guild_hall"])
    act(game, "choose_role", role="builder")
    act(game, "use_library", use="double")
    act(game, "build", card="palace")              # 3 cards: all the others
    assert "palace" in city(game, 0) and hand(game, 0) == ["guild_hall"]


# ---------------------------------------------------------------------- example 3
FORTY_TWO_CITY = [
    # 3 production buildings: 1 + 2 + 3 = 6 VP
    "indigo_plant", "tobacco_storage", "silver_smelter",
    # 8 violet buildings, Guild Hall and Palace among them: 0 + 0 + 2 + 5 + 4 + 3 + 3 + 2 = 19 VP
    "guild_hall", "palace", "chapel", "hero", "victory_column", "statue", "library", "tower",
]


def test_example_forty_two_points():
    """遊戲舉例 3: 3個生產建築8個紫色建築共25點VP,且紫色建築包括工會大廳和宮殿,禮拜堂埋了3張牌的玩家。
    他最後的VP是[25+6(獎勵)+3(禮拜)]=34加上宮殿分數34+34/4=34+8=42VP."""
    game = position(RULES, 2, cities={0: FORTY_TWO_CITY}, tucked={0: 3})
    score = game.scores()[0]
    assert score["parts"]["buildings"] == 25
    assert score["parts"]["guild_hall"] == 6       # 2 per production building
    assert score["parts"]["chapel"] == 3
    assert score["parts"]["palace"] == 8           # 34 // 4
    assert score["total"] == 42
    assert game.scores()[1]["total"] == 1          # the other player's lone Indigo Plant


def test_example_forty_two_points_at_the_end_of_a_game():
    """The same city with a 12th building (an Indigo Plant: +1 VP, +2 Guild Hall) ends the game:
    25 + 1 + 8 + 3 = 37 -> Palace +9 = 46."""
    game = position(RULES, 3, hands={0: ["indigo_plant"]}, cities={0: FORTY_TWO_CITY}, tucked={0: 3})
    act(game, "choose_role", role="builder")
    act(game, "build", card="indigo_plant")
    assert game.is_over
    score = game.scores()[0]
    assert score["parts"]["buildings"] == 26 and score["parts"]["guild_hall"] == 8
    assert score["parts"]["palace"] == 9 and score["total"] == 46
    assert game.winners() == [0]


# ---------------------------------------------------------------------- game end
ELEVEN = ["indigo_plant"] * 4 + ["sugar_mill"] * 7          # 11 buildings, 11 VP


def test_game_ends_after_the_builder_phase_with_a_twelfth_building():
    """The game ends after the builder phase in which a player builds his 12th building; the other players
    still build in that phase, but the round is not finished (seed 000: 在某一次所有人執行完建設動作後,
    如果任何玩家擁有了12幢建築,則遊戲結束。即使本回合可能尚未結束,玩家也無法繼續餘下的步驟)."""
    game = position(RULES, 4, hands={0: ["indigo_plant", "statue"], 1: ["sugar_mill", "hero", "palace", "tower"],
                                     2: ["indigo_plant", "smithy"]},
                    cities={0: ELEVEN, 1: ["indigo_plant"], 2: ["indigo_plant"], 3: ["indigo_plant"]})
    act(game, "choose_role", role="builder")
    act(game, "build", card="indigo_plant")        # seat 0: 12 buildings
    assert not game.is_over                        # the builder phase goes on
    assert game.current_player == 1 and game.prompt == "build"
    act(game, "build", card="sugar_mill")
    act(game, "pay", card="hero")
    act(game, "pay", card="palace")
    assert game.current_player == 2
    act(game, "build", card="indigo_plant")        # seat 2 pays with the smithy
    # seat 3 has nothing to build: the phase ends, and with it the game, 3 roles before the round's end
    assert game.is_over
    assert game.legal_actions() == [] and game.current_player is None
    assert len(game.to_json()["zones"]["city"][0]) == 12
    assert city(game, 1) == ["indigo_plant", "sugar_mill"]
    assert [s["total"] for s in game.scores()] == [12, 2, 2, 1]
    assert game.winners() == [0]


def test_game_ends_when_a_non_chooser_builds_the_twelfth():
    game = position(RULES, 3, hands={2: ["indigo_plant", "statue"]}, cities={2: ELEVEN})
    act(game, "choose_role", role="builder")
    act(game, "build", card="indigo_plant")        # seat 2 pays 1 (the statue)
    assert game.is_over


def test_game_goes_on_with_eleven_buildings():
    game = position(RULES, 2, hands={0: ["indigo_plant"]}, cities={0: ELEVEN[:10]})
    act(game, "choose_role", role="builder")
    act(game, "build", card="indigo_plant")        # the 11th building
    assert len(game.to_json()["zones"]["city"][0]) == 11
    assert not game.is_over and game.prompt == "choose_role"


def test_game_does_not_end_in_another_phase():
    """Only the builder phase ends the game: a player with 12 buildings already (here from the start)
    does not end it during the producer phase; the builder phase then does."""
    game = position(RULES, 3, cities={0: ELEVEN + ["indigo_plant"], 1: [], 2: []})
    act(game, "choose_role", role="producer")
    act(game, "produce", building="indigo_plant")
    decline(game, "produce")
    assert not game.is_over and game.prompt == "choose_role"
    act(game, "choose_role", role="builder")       # seat 1 picks the Builder; nobody builds
    assert game.is_over


# ---------------------------------------------------------------------- tie-break
TIE_CITY_1 = ["hero", "victory_column", "statue"]   # 12 VP


def test_tie_break_hand_cards_plus_goods_win():
    """Equal points: the player with more hand cards plus goods wins; a good counts as a hand card
    (seed 000: 如果分數相同,則所剩手牌多的一方獲勝(剩1個產品也算1張手牌))."""
    game = position(RULES, 2, hands={0: ["indigo_plant", "tower", "smithy"], 1: ["palace", "guild_hall"]},
                    cities={0: ELEVEN, 1: TIE_CITY_1}, goods={0: {"indigo_plant": "crane"}})
    act(game, "choose_role", role="builder")
    act(game, "build", card="indigo_plant")        # free for the Builder: 12 buildings, 12 VP
    assert game.is_over
    totals = [s["total"] for s in game.scores()]
    assert totals == [12, 12]
    # seat 0: 2 hand cards + 1 good = 3; seat 1: 2 hand cards
    assert len(hand(game, 0)) == 2 and goods_count(game, 0) == 1 and len(hand(game, 1)) == 2
    assert game.winners() == [0]


def test_tie_break_can_tie_too():
    game = position(RULES, 2, hands={0: ["indigo_plant", "tower", "smithy"],
                                     1: ["palace", "guild_hall", "city_hall"]},
                    cities={0: ELEVEN, 1: TIE_CITY_1}, goods={0: {"indigo_plant": "crane"}})
    act(game, "choose_role", role="builder")
    act(game, "build", card="indigo_plant")
    assert game.is_over
    assert game.winners() == [0, 1]                # 3 against 3


def test_more_points_beat_more_cards():
    game = position(RULES, 2, hands={0: ["indigo_plant"], 1: ["palace", "guild_hall", "city_hall"]},
                    cities={0: ELEVEN, 1: ["hero", "statue"]})
    act(game, "choose_role", role="builder")
    act(game, "build", card="indigo_plant")
    assert game.is_over and game.winners() == [0]


# ---------------------------------------------------------------------- two players
def test_two_players_role_order_governor_other_governor():
    """With 2 players the Governor picks, then the other player, then the Governor again: 3 roles a round
    (seed 000: 一個回合共選擇3個角色,選擇權分別屬於長官-對手-長官). The Governor changes every round."""
    game = position(RULES, 2, cities={0: [], 1: []}, start_player=1)
    pickers = []
    for _ in range(2):                             # two rounds
        for _ in range(3):
            assert game.prompt == "choose_role"
            pickers.append(game.current_player)
            left = len(game.legal_actions())
            game.apply(game.legal_actions()[0])
        assert left == 3                           # the 3rd pick of a round still has 3 roles to choose from
    assert pickers == [1, 0, 1, 0, 1, 0]
    assert game.to_json()["round"] == 3


def test_two_players_two_roles_stay_unused():
    game = position(RULES, 2, cities={0: [], 1: []})
    act(game, "choose_role", role="builder")
    act(game, "choose_role", role="producer")
    assert options_of(game, "choose_role", "role") == {"trader", "councillor", "prospector"}
    act(game, "choose_role", role="trader")
    # round 2: all five roles are available again
    assert options_of(game, "choose_role", "role") == {"builder", "producer", "trader", "councillor", "prospector"}
    assert game.current_player == 1
