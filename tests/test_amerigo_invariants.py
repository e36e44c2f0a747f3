"""Amerigo over many random games (COB-AMERIGO.md 3.6): 7 cubes of each colour between the storage spaces, the
tower and the centre at every decision; every card in exactly one place; counters and tracks within their bounds
and points never negative; the map's markers are the trading posts counted, its covered cells the squares of the
built tiles, and the commodities taken the items under them; the game ends after round 5; the scores add up; and
a saved game or a replay of the actions goes on as the game did."""
import json
import random

import pytest

import boardrules
from boardrules.play.bots import random_bots

RULES = boardrules.load("amerigo")
CARDS = len(RULES.model.instance_names)
SHAPES = {t.id: sum(row.count("#") for row in t.attrs["outline"]) for t in RULES.model.types
          if "outline" in t.attrs}
BOUNDS = {"gold": 12, "cannons": 12, "progress_track": 15, "special_track": 15}


CUBE_ZONES = [RULES.model.zone_index[z] for z in ("storage", "tower", "tray", "action_area")]
CENTRE = RULES.model.zone_index["action_area"]
CUBE_KINDS = {t.index for t in RULES.model.types if t.id.endswith("_cube")}


def random_game(players, seed, stop_at=None):
    game = RULES.new_game(players, seed=seed, log=False)
    bots = random_bots(seed, players)
    steps = 0
    while not game.is_over and (stop_at is None or steps < stop_at):
        if game.legal_actions()[0].kind == "perform":
            check_cubes(game)
        game.apply(bots[game.current_player].choose(game))
        steps += 1
    return game


def check_cubes(game):
    """7 cubes of each colour in the storage spaces, the tower, the tray and the centre, and some in the centre
    when a player acts (read from the game's own lists: this runs at every action of 3,000 games; ``check``
    reads the saved game)."""
    zones, kinds = game._k.zones, RULES.model.instance_kinds
    held = [kinds[c] for z in CUBE_ZONES for c in zones[z][0]]
    assert len(held) == 49 and {held.count(k) for k in CUBE_KINDS} == {7}
    assert zones[CENTRE][0], "a phase where no cube fell out is skipped: nobody acts"


def check(game):
    d = game.to_json()
    names = [c for owners in d["zones"].values() for cards in owners for c in cards]
    assert len(names) == len(set(names)) == CARDS, "a card is lost or in two places"
    counters = d["counters"]
    assert all(v >= 0 for row in counters.values() for v in row)
    for track, top in BOUNDS.items():
        assert all(v <= top for v in counters[track])
    board = d["boards"]["map"]
    for seat in range(game.players):
        assert board["markers"].count(seat) == counters["posts"][seat] <= 12
    built = [c.split("#")[0] for c in d["zones"]["built_tiles"][0]]
    covered = [s for s in board["covered"] if s is not None]
    assert len(covered) == sum(SHAPES[t] for t in built)
    assert all(m is None or c is None for m, c in zip(board["markers"], board["covered"]))
    geo = game._k.boards["map"].geo
    for item in ("c1", "c2", "c3", "c4", "c5"):
        taken = sum(1 for i, cell in enumerate(geo.laid.cells) if cell.item == item
                    and (board["markers"][i] is not None or board["covered"][i] is not None))
        assert sum(counters[item]) == taken


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_thousand_random_games_keep_every_cube_card_and_count(players):
    for seed in range(1000):
        game = random_game(players, seed)
        assert game.is_over and game.round == 5 and game.legal_actions() == []
        check(game)
        scores = game.scores()
        assert all(s["total"] == sum(s["parts"].values()) >= 0 for s in scores)
        assert game.winners()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_json_round_trip_and_replay_at_random_points(players):
    rnd = random.Random(players)
    for seed in range(10):
        game = random_game(players, seed, stop_at=rnd.randrange(0, 400))
        check(game)
        data = json.loads(json.dumps(game.to_json()))
        again = RULES.game_from_json(data)
        assert again.to_json() == game.to_json()
        replay = RULES.new_game(players, seed=seed, log=False)
        for action in game.history:
            replay.apply(action)
        assert replay.to_json() == game.to_json()
        # both go on alike
        pick = random.Random(seed)
        while not game.is_over:
            action = pick.choice(game.legal_actions())
            game.apply(action)
            again.apply(action)
        assert again.to_json() == game.to_json()
