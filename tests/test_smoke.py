"""Validation plays a few bounded random games: content that loads but cannot be played is reported with the
player count and seed that reproduce it."""
import pathlib

import boardrules
from boardrules.play.smoke import smoke_test

HARBOR = pathlib.Path(__file__).parent / "games" / "harbor" / "game.yaml"


def variant(tmp_path, body):
    (tmp_path / "game.yaml").write_text(HARBOR.read_text(encoding="utf-8"), encoding="utf-8")
    path = tmp_path / "variant.yaml"
    path.write_text("extends: game.yaml\nid: broken\n" + body, encoding="utf-8")
    return boardrules.load(path)


def test_the_packaged_games_and_the_test_game_play_through():
    for source in [*boardrules.available_games(), HARBOR]:
        assert smoke_test(boardrules.load(source), games=2) is None


def test_a_variant_that_overfills_a_holder_is_reported_with_its_seed(tmp_path):
    rules = variant(tmp_path, "options:\n  change:\n    careless: {default: true}\n")
    failure = smoke_test(rules)
    assert failure is not None and "workers cannot hold 3" in failure.message
    game = rules.new_game(failure.players, seed=failure.seed)
    assert game is not None      # the reported seed is a real starting point


def test_a_variant_that_never_ends_is_stopped_by_its_length_limit(tmp_path):
    # no Loader: the boats never fill, so only the round limit (6 in this game) ends it
    rules = variant(tmp_path, "roles:\n  remove: [loader]\n")
    assert smoke_test(rules) is None
    game = rules.new_game(2, seed=0)
    import random
    bot = random.Random(0)
    while not game.is_over:
        game.apply(bot.choice(game.legal_actions()))
    assert game.end_reason == "the game reached its length limit of 6 rounds"


def test_san_juan_in_which_nobody_can_build_ends_instead_of_playing_forever(tmp_path):
    # the Builder offers cards from a zone that is always empty: no city grows, cards keep moving, so neither
    # printed end nor the frozen rule ever comes; the game's length limit ends it
    path = tmp_path / "no_building.yaml"
    path.write_text("extends: san_juan\nid: no_building\nselectors:\n  change:\n    build_from: {zone: looking}\n",
                    encoding="utf-8")
    rules = boardrules.load(path)
    import random
    game = rules.new_game(2, seed=1, log=False)
    bot = random.Random(1)
    while not game.is_over:
        game.apply(bot.choice(game.legal_actions()))
    assert game.round == 1000 and game.end_reason == "the game reached its length limit of 1000 rounds"
