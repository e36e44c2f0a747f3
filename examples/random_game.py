"""Play one game of San Juan with random bots and print the scores.

    python examples/random_game.py [players] [seed]
"""
import random
import sys

import boardrules


def main(players: int = 4, seed: int = 7) -> boardrules.Game:
    rules = boardrules.load("san_juan")
    game = rules.new_game(players=players, seed=seed)
    bots = [random.Random(seed * 100 + seat) for seat in range(players)]
    while not game.is_over:
        seat = game.current_player
        assert seat is not None         # a game that is not over always has a player to act
        game.apply(bots[seat].choice(game.legal_actions()))
    for s in game.scores():
        parts = ", ".join(f"{k} {v}" for k, v in s["parts"].items())
        print(f"seat {s['seat']}: {s['total']} points ({parts})")
    print(f"after {game.round} rounds ({game.end_reason}); winner(s): {game.winners()}")
    return game


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
