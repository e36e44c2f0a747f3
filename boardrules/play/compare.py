"""Balance comparison: play the same seeded games of several rule sets (a game and its variants) with the same bots,
and collect win rates, scores, game length and per-card statistics for each (the cards the game's ``play.track`` tag
marks, or every card a player holds at the end).

>>> import boardrules
>>> from boardrules.compare import compare
>>> game_id = boardrules.available_games()[0]
>>> result = compare([game_id, game_id], players=2, games=4, seed=1, bots="greedy,random", workers=1)
>>> [round(sum(s["win_rate"]), 9) for s in result["sources"]]
[1.0, 1.0]

Game ``i`` of every source uses seed ``seed + i`` and the same bot lineup (each bot seeded from the game seed and
its seat), so two identical sources give identical numbers, and the result does not depend on ``workers``: games
are played in chunks, in parallel, by the batch runner (:mod:`boardrules.play.batch`), which adds them up in exact
arithmetic whatever order they finish in.
"""
from __future__ import annotations

from .batch import Study, run, wilson
from ..api.rules import load

__all__ = ["compare", "load_source", "wilson"]

_RULES: dict = {}


def load_source(source):
    """``boardrules.load(source)``, cached per process."""
    rules = _RULES.get(source)
    if rules is None:
        rules = _RULES[source] = load(source)
    return rules


def compare(sources: list[str], players: int | None, games: int, seed: int, bots: str, options=None,
            workers: int | None = None, progress=None, preset: str | None = None, out=None,
            resume: bool = False, backend: str | None = None, address: str | None = None) -> dict:
    """Plays ``games`` games of each source (game ``i`` with seed ``seed + i``, the same bots for every source) and
    returns the statistics of each, in the order given.

    ``bots``: one bot for every seat or a comma list per seat, each a name with its settings if any
    (``mcts:iterations=50``; see :data:`boardrules.play.bots.BOTS` and :func:`boardrules.play.bots.parse_bot`).
    ``players``: None for the most every source allows. ``preset``: a preset of the sources' options
    (``options`` override it).
    ``workers``: processes to use (default: the cores this process may run on; 1 plays in this process).
    ``progress(n_done)``: called with the number of games finished so far (all sources together, out of
    ``games * len(sources)``) whenever a chunk of games finishes.
    ``out``, ``resume``: write the games' records to a ``.jsonl`` or ``.parquet`` file as they finish, and go on
    with the study a file holds; ``backend="ray"`` and ``address`` play on Ray (see
    :func:`boardrules.play.batch.run`).

    Raises ``ContentError`` for a source that does not load and ``UsageError`` (a ``ValueError``) for a bad player
    count, option, preset, bot name, game count or records file.
    """
    study = Study.prepare(sources, players, games, seed, bots, options, preset)
    done = [0]

    def begin(n):
        done[0] = n
        if n and progress is not None:
            progress(n)

    def step(n):
        done[0] += n
        if progress is not None:
            progress(done[0])

    tally = run(study, workers=workers, out=out, resume=resume, progress=step, keep_records=False,
                started=begin, backend=backend, address=address)
    return tally.result()
