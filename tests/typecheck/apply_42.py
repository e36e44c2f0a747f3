"""A user's mistake that mypy --strict must catch: an action is an Action or its JSON, not a number."""
import boardrules

game = boardrules.load("san_juan").new_game(players=3, seed=1)
game.apply(42)
