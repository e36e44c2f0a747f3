"""boardrules: board and card games played from declarative YAML content, by an engine that knows no game.

>>> import boardrules
>>> rules = boardrules.load(boardrules.available_games()[0])
>>> game = rules.new_game(players=rules.players.start, seed=1)
>>> game.current_player in rules.players
True
"""
from .actions import Action
from .errors import ContentError, ContentIssue, IllegalAction, RulesError, StateError, UsageError
from .api.game import Game
from .api.rules import Rules, available_games, load
from .jsontypes import ActionJSON, SeatScore

__all__ = ["Action", "ActionJSON", "SeatScore", "ContentError", "ContentIssue", "Game", "IllegalAction", "Rules",
           "RulesError", "StateError", "UsageError", "load", "available_games"]
__version__ = "0.1.0"

