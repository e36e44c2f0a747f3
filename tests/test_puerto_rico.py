"""Puerto Rico's printed rules, set up from the rulebook's words (shared seed 001, rules reference section 4)."""
import copy
import random

import pytest

import boardrules
from boardrules.play.bots import random_bots

RULES = boardrules.load("puerto_rico")
NAMES = RULES.model.instance_names
INDEX = {name: i for i, name in enumerate(NAMES)}
SHARED = ("building_supply", "plantation_stack", "plantation_row", "quarry_stack", "barrel_supply")


# ---------------------------------------------------------------------- positions from the rulebook's words
def fresh(players=3, seed=1):
    """A new game's state: the Governor is about to choose the first role."""
    return copy.deepcopy(RULES.new_game(players, seed=seed).to_json())


def give(d, seat, zone, card, colonists=0):
    """Moves a free copy of ``card`` from the shared supplies into ``zone`` of ``seat``, with colonists on it."""
    for source in SHARED:
        name = next((c for c in d["zones"][source][0] if c.startswith(card + "#")), None)
        if name:
            d["zones"][source][0].remove(name)
            d["zones"][zone][seat].append(name)
            d["counters"]["colonists"][INDEX[name]] = colonists
            d["counters"]["colonist_supply"][0] -= colonists
            return name
    raise AssertionError(f"no free {card}")


def set_money(d, seat, amount):
    d["counters"]["bank"][0] += d["counters"]["doubloons"][seat] - amount
    d["counters"]["doubloons"][seat] = amount


def game(d):
    return RULES.game_from_json(d)


def act(g, kind, **args):
    g.apply({"kind": kind, "args": args})


def offered(g, kind, arg):
    return sorted(a.args[arg] for a in g.legal_actions() if a.kind == kind)


def governor(d):
    return d["start_player"]


def counters(g, name):
    return g.to_json()["counters"][name]


# ---------------------------------------------------------------------- set-up by player count (section 4.2)
SETUP = {  # players: doubloons each, indigo starts, VP chips, colonists in supply, roles, ships
    2: (3, 1, 65, 40, 7, [4, 6]),
    3: (2, 2, 75, 55, 6, [4, 5, 6]),
    4: (3, 2, 100, 75, 7, [5, 6, 7]),
    5: (4, 3, 122, 95, 8, [6, 7, 8]),
}


@pytest.mark.parametrize("players", sorted(SETUP))
def test_set_up_by_player_count(players):
    money, indigo, chips, supply, roles, ships = SETUP[players]
    d = fresh(players)
    assert d["counters"]["doubloons"] == [money] * players
    seats = [(governor(d) + k) % players for k in range(players)]
    starts = [d["zones"]["island"][s][0].split("#")[0] for s in seats]
    assert starts == ["indigo_plantation"] * indigo + ["corn_plantation"] * (players - indigo)
    assert d["counters"]["vp_chips"] == [chips]
    assert d["counters"]["colonist_supply"] == [supply]
    assert d["counters"]["colonist_ship"] == [players]          # one colonist per player on the ship
    assert len(d["zones"]["plantation_row"][0]) == players + 1  # N + 1 face-up plantations
    assert sorted(RULES.model.instance_types[INDEX[c]].attrs["ship_size"] for c in d["zones"]["cargo_ships"][0]) \
        == ships
    assert len(RULES.new_game(players, seed=1).legal_actions()) == roles


def test_the_two_player_variant_removes_pieces():
    d = fresh(2)
    everywhere = [c.split("#")[0] for z in d["zones"].values() for owner in z for c in owner]
    box = [c.split("#")[0] for c in d["zones"]["box"][0]]
    count = lambda card: everywhere.count(card) - box.count(card)   # noqa: E731
    assert [count(k + "_plantation") for k in ("corn", "indigo", "sugar", "tobacco", "coffee")] == [7, 9, 8, 6, 5]
    assert count("quarry") == 5
    assert [count(g) for g in ("corn", "indigo", "sugar", "tobacco", "coffee")] == [8, 9, 9, 7, 7]
    assert count("small_indigo_plant") == count("coffee_roaster") == 2
    assert count("hacienda") == count("wharf") == count("city_hall") == 1


def test_the_two_player_role_order_is_governor_other_three_times_and_one_role_is_left():
    g = RULES.new_game(2, seed=4)
    first = g.current_player
    choosers = []
    for _ in range(6):
        while g.current_player is not None and not all(a.kind == "choose_role" for a in g.legal_actions()):
            actions = g.legal_actions()
            g.apply(next((a for a in actions if a.kind == "pass"), actions[0]))
        choosers.append(g.current_player)
        roles = [a for a in g.legal_actions() if a.kind == "choose_role"]
        g.apply(next((a for a in roles if a.args["role"] == "prospector"), roles[0]))
    assert choosers == [first, 1 - first] * 3
    while g.round == 1:                 # finish the last phase: the round ends
        actions = g.legal_actions()
        g.apply(next((a for a in actions if a.kind == "pass"), actions[0]))
    coins = counters(g, "coins")
    assert sorted(coins) == [0] * (len(coins) - 1) + [1]     # the one role left gets a doubloon


# ---------------------------------------------------------------------- the Builder and the quarries
def builder_position(quarries, money=20):
    """The Governor chooses the Builder and builds nothing; the next player, with ``quarries`` occupied quarries
    and ``money`` doubloons, is to build."""
    d = fresh(3)
    buyer = (governor(d) + 1) % 3
    for _ in range(quarries):
        give(d, buyer, "island", "quarry", colonists=1)
    set_money(d, buyer, money)
    g = game(d)
    act(g, "choose_role", role="builder")
    act(g, "pass", decision="build")
    return g, buyer


@pytest.mark.parametrize("building, cost", [("construction_hut", 1), ("office", 3), ("harbor", 5), ("city_hall", 7)])
def test_occupied_quarries_lower_the_cost_up_to_the_column(building, cost):
    # seed 001: a player with 3 occupied quarries pays Construction Hut 1, Office 3, Harbor 5, City Hall 7
    g, buyer = builder_position(quarries=3)
    assert g.current_player == buyer
    act(g, "build", building=building)
    assert counters(g, "doubloons")[buyer] == 20 - cost


def test_the_builder_with_four_quarries_builds_a_large_building_for_five():
    # seed 001: with the Builder's privilege and four quarries, five doubloons buy a 10-doubloon building
    d = fresh(3)
    chooser = governor(d)
    for _ in range(4):
        give(d, chooser, "island", "quarry", colonists=1)
    set_money(d, chooser, 5)
    g = game(d)
    act(g, "choose_role", role="builder")
    assert "guild_hall" in offered(g, "build", "building")
    act(g, "build", building="guild_hall")
    assert counters(g, "doubloons")[chooser] == 0


def test_an_unoccupied_quarry_gives_no_discount_and_a_player_may_not_build_what_he_cannot_pay():
    d = fresh(3)
    buyer = (governor(d) + 1) % 3
    give(d, buyer, "island", "quarry", colonists=0)
    set_money(d, buyer, 4)
    g = game(d)
    act(g, "choose_role", role="builder")
    act(g, "pass", decision="build")
    assert "hospice" in offered(g, "build", "building")          # cost 4
    assert "office" not in offered(g, "build", "building")       # cost 5, the quarry has no colonist


def test_one_building_of_each_kind_per_player():
    d = fresh(3)
    buyer = (governor(d) + 1) % 3
    give(d, buyer, "city", "small_market")
    set_money(d, buyer, 20)
    g = game(d)
    act(g, "choose_role", role="builder")
    act(g, "pass", decision="build")
    assert "small_market" not in offered(g, "build", "building")


# ---------------------------------------------------------------------- the Trader
def trader_position(office=False, house=("tobacco",)):
    d = fresh(3)
    seller = (governor(d) + 1) % 3
    for good in house:
        name = next(c for c in d["zones"]["barrel_supply"][0] if c.startswith(good + "#"))
        d["zones"]["barrel_supply"][0].remove(name)
        d["zones"]["trading_house"][0].append(name)
    give(d, seller, "goods", "tobacco")
    give(d, seller, "goods", "corn")
    if office:
        give(d, seller, "city", "office", colonists=1)
    g = game(d)
    act(g, "choose_role", role="trader")     # the Governor, with no goods, has nothing to sell
    assert g.current_player == seller
    return g, seller


def test_the_trading_house_takes_only_kinds_it_does_not_hold():
    g, _ = trader_position()
    assert offered(g, "sell", "barrel") == ["corn"]


def test_an_occupied_office_sells_a_kind_the_house_holds():
    g, seller = trader_position(office=True)
    assert offered(g, "sell", "barrel") == ["corn", "tobacco"]
    before = counters(g, "doubloons")[seller]
    act(g, "sell", barrel="tobacco")
    assert counters(g, "doubloons")[seller] == before + 3      # tobacco sells for 3


def test_a_full_trading_house_takes_nothing_even_with_an_office():
    g, _ = trader_position(office=True, house=("indigo", "sugar", "coffee", "tobacco"))
    assert offered(g, "sell", "barrel") == []


# ---------------------------------------------------------------------- the Captain
def test_loading_is_mandatory_and_the_ship_that_takes_the_most_must_be_chosen():
    # seed 001: a player must load if he can; with two or more ships for his kind, the one that takes the most
    d = fresh(3)                                   # ships of 4, 5 and 6
    captain = governor(d)
    for _ in range(5):
        give(d, captain, "goods", "corn")
    g = game(d)
    act(g, "choose_role", role="captain")
    kinds = [a.kind for a in g.legal_actions()]
    assert "pass" not in kinds                     # he cannot decline: a ship takes his corn
    if g.legal_actions()[0].kind == "ship":
        act(g, "ship", kind="corn")
    assert offered(g, "load_ship", "ship") == ["ship_5", "ship_6"]     # 5 fit on either; the 4-ship takes less
    act(g, "load_ship", ship="ship_5")
    # 5 corn shipped: 5 points and the Captain's point for his first shipment
    assert counters(g, "vp")[captain] == 6


def test_no_kind_on_two_ships():
    d = fresh(3)
    captain = governor(d)
    give(d, captain, "goods", "corn")
    other = (captain + 1) % 3
    give(d, other, "goods", "corn")
    g = game(d)
    act(g, "choose_role", role="captain")
    if g.legal_actions()[0].kind == "load_ship":
        act(g, "load_ship", ship="ship_4")
    # the other player's corn may go only on the ship that already carries corn
    assert offered(g, "load_ship", "ship") in ([], ["ship_4"])
    assert counters(g, "vp")[other] == 1


# ---------------------------------------------------------------------- random games: conservation and replay
COLONISTS = {2: 42, 3: 58, 4: 79, 5: 100}
CHIPS = {2: 65, 3: 75, 4: 100, 5: 122}


def conserved(g, players):
    d = g.to_json()
    c = {k: sum(v) for k, v in d["counters"].items()}
    assert c["colonist_supply"] + c["colonist_ship"] + c["san_juan"] + c["colonists"] == COLONISTS[players]
    assert c["doubloons"] + c["coins"] + c["bank"] - c["bank_owed"] == 54
    assert c["vp"] == CHIPS[players] - c["vp_chips"] + c["vp_owed"]
    assert all(v >= 0 for row in d["counters"].values() for v in row)
    cards = [x for z in d["zones"].values() for owner in z for x in owner]
    cards += [x for pile in d["piles"].values() for held in pile.values() for x in held]
    assert len(cards) == len(set(cards)) == len(NAMES)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_conserve_everything_round_trip_and_replay(players):
    for seed in range(12):
        g = RULES.new_game(players, seed=seed)
        bots = random_bots(seed, players)
        rng = random.Random(seed)
        while not g.is_over:
            g.apply(bots[g.current_player].choose(g))
            if rng.random() < 0.02:
                conserved(g, players)
                assert RULES.game_from_json(g.to_json()).to_json() == g.to_json()
        conserved(g, players)
        assert g.end_reason in ("the colonist supply could not fill the colonist ship",
                                "the victory point chips ran out", "a player filled the twelfth space of his city")
        again = RULES.replay(players=players, seed=seed, options=None, actions=g.history)
        assert again.to_json() == g.to_json()


@pytest.mark.parametrize("swap, factory, university", [(False, 7, 8), (True, 8, 7)])
def test_the_price_swap_option_swaps_the_factory_and_the_university(swap, factory, university):
    for building, cost in (("factory", factory), ("university", university)):
        g = RULES.new_game(3, seed=1, options={"university_factory_swap": swap})
        d = copy.deepcopy(g.to_json())
        buyer = (governor(d) + 1) % 3
        set_money(d, buyer, 10)
        g = game(d)
        act(g, "choose_role", role="builder")
        act(g, "pass", decision="build")
        act(g, "build", building=building)
        assert counters(g, "doubloons")[buyer] == 10 - cost


def test_a_saved_state_with_more_colonists_on_a_tile_than_its_circles_is_refused():
    d = fresh(3)
    tile = d["zones"]["island"][0][0]
    d["counters"]["colonists"][INDEX[tile]] = 2
    d["counters"]["colonist_supply"][0] -= 2
    with pytest.raises(boardrules.StateError, match=rf"counters\.colonists\[{INDEX[tile]}\]: {tile} holds 2"):
        RULES.game_from_json(d)
