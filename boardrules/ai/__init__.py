"""For bots and learning agents: a fixed integer action space with a legal mask (``space``), and observations per
seat, a string and a flat numeric vector with a named layout (``observe``). Both are derived from a game's compiled
content, so every packaged game, every variant and every house-rule file has them; nothing here knows a game. On
them, adapters to the learning and search packages, each imported only when asked for (optional extras):
a PettingZoo AEC environment (``pettingzoo_env``), a Gymnasium environment for one seat against bots
(``gymnasium_env``) and an OpenSpiel game (``openspiel_game``).

See the docs page ``docs/ai.md``.
"""
from __future__ import annotations

from .factored import Factored
from .observe import Observer
from .space import ActionSpace, Entry

__all__ = ["ActionSpace", "Entry", "Factored", "Observer", "gymnasium_env", "openspiel_game", "pettingzoo_env",
           "register_gymnasium"]


def pettingzoo_env(game, players=None, options=None, preset=None, render_mode=None, **settings):
    """A PettingZoo AEC environment of ``game`` (a packaged id, a path or Rules), with the action mask in every
    observation; needs ``boardrules[pettingzoo]``. See :mod:`boardrules.ai.pettingzoo_adapter`."""
    from .pettingzoo_adapter import pettingzoo_env as make

    return make(game, players, options, preset, render_mode, **settings)


def gymnasium_env(game, players=None, options=None, preset=None, **settings):
    """A Gymnasium environment of ``game`` for one learning seat, the others played by bots; needs
    ``boardrules[gymnasium]``. See :mod:`boardrules.ai.gymnasium_adapter`."""
    from .gymnasium_adapter import gymnasium_env as make

    return make(game, players, options, preset, **settings)


def register_gymnasium() -> list[str]:
    """Registers ``boardrules/<game>-v0`` with Gymnasium for every packaged game, so that
    ``gymnasium.make("boardrules/<game>-v0", players=3)`` makes :func:`gymnasium_env`'s environment; returns the
    ids. Needs ``boardrules[gymnasium]``."""
    from .gymnasium_adapter import register

    return register()


def openspiel_game(game, players=None, options=None, preset=None, seeds=1000):
    """``game`` (a packaged id or a path) as an OpenSpiel game (``pyspiel.load_game`` of the registered
    ``python_boardrules``); needs ``boardrules[openspiel]``. See :mod:`boardrules.ai.openspiel_adapter`."""
    from .openspiel_adapter import openspiel_game as make

    return make(game, players, options, preset, seeds)
