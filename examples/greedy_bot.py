"""A tiny heuristic bot playing against random bots: a sketch of how a bot reads actions.

It builds the building with the most victory points it may build, keeps and pays with its cheapest cards last,
and otherwise plays at random. Run:  python examples/greedy_bot.py [games]
"""
import random
import sys

import boardrules

RULES = boardrules.load("san_juan")
CARDS = {t.id: t for t in RULES.cards}


def greedy(game: boardrules.Game, rnd: random.Random) -> boardrules.Action:
    actions = game.legal_actions()

    def value(action: boardrules.Action) -> float:
        card = CARDS.get(action.args.get("card", ""))
        points: int = card.attrs.get("vp", 0) if card else 0
        if action.kind in ("build", "keep"):
            return points
        if action.kind in ("pay", "discard"):
            return -points       # give away the least valuable card
        if action.kind == "pass":
            return -1
        return rnd.random()      # roles and everything else: random
    return max(actions, key=value)


def main(games: int = 50, players: int = 4) -> float:
    wins = 0.0
    for seed in range(games):
        game = RULES.new_game(players=players, seed=seed, log=False)
        rnd = random.Random(seed)
        while not game.is_over:
            if game.current_player == 0:
                game.apply(greedy(game, rnd))
            else:
                game.apply(rnd.choice(game.legal_actions()))
        winners = game.winners()
        if 0 in winners:
            wins += 1 / len(winners)
    rate = wins / games
    print(f"greedy bot (seat 0) won {rate:.0%} of {games} games against {players - 1} random bots")
    return rate


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:2]))
