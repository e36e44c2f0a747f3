"""Random play and the invariants every finished game must keep, shared by the tests of each game."""
import random


def every_card(game) -> list:
    """Every card instance named in the full state, wherever it lies (the box included)."""
    d = game.to_json()
    return [c for owners in d["zones"].values() for cards in owners for c in cards] + \
        [c for pile in d["piles"].values() for cards in pile.values() for c in cards]


def assert_every_card_once(game):
    names = every_card(game)
    assert len(names) == len(set(names)), "a card is in two places"
    assert len(names) == len(game.rules.model.instance_names), "a card went missing"


def play_random(rules, players, seed, options=None):
    """A whole game by seeded random choices."""
    game = rules.new_game(players, seed=seed, options=options, log=False)
    rnd = random.Random(seed)
    while not game.is_over:
        game.apply(rnd.choice(game.legal_actions()))
    return game
