"""boardrules: role-selection board and card games played from declarative YAML content.

>>> import boardrules
>>> rules = boardrules.load(boardrules.available_games()[0])
>>> game = rules.new_game(players=rules.players.start, seed=1)
>>> game.current_player in rules.players
True
"""
from .actions import Action
from .errors import ContentError, ContentIssue, IllegalAction, StateError, UsageError
from .api.game import Game
from .api.rules import Rules, load
from .content.paths import packaged_games

__all__ = ["Action", "ContentError", "ContentIssue", "Game", "IllegalAction", "Rules", "StateError", "UsageError",
           "load", "available_games"]
__version__ = "0.1.0"


def available_games() -> list[str]:
    """The ids of the games shipped with boardrules."""
    return list(packaged_games())
