"""One chunk of a batch study's games, played where it is sent: in this process, in a worker of the process pool
(:mod:`boardrules.play.batch`) or in a Ray task (:mod:`boardrules.play.rayrun`), which all import it from here."""
from __future__ import annotations

from typing import Any, Iterable

from .bots import make_bots

__all__ = ["play_games"]


def _tableau_zones(rules) -> list[str]:
    return [z.id for z in rules.model.zones if z.tableau and z.scope == "player"]


def play_games(study: Any, k: int, seeds: Iterable[int]) -> list[dict]:
    """Plays source ``k`` of ``study`` (a :class:`boardrules.play.batch.Study`) once per seed and returns one record
    per game, in seed order."""
    bundle = study.sources[k]
    rules = bundle.open()
    players = study.players
    zones = _tableau_zones(rules)
    lineup = ",".join(study.bots)
    records = []
    for seed in seeds:
        game = rules.new_game(players=players, seed=seed, options=study.options[k], log=False)
        seats = make_bots(lineup, seed, rules, players)
        decisions = 0
        while not game.is_over:
            game.apply(seats[game.current_player].choose(game))
            decisions += 1
        state = game.to_json()["zones"]
        acquired = []
        for seat in range(players):
            ids = set()
            for z in zones:
                ids.update(str(c).split("#", 1)[0] for c in state[z][seat])
            acquired.append(sorted(ids))
        scores = game.scores()
        records.append({
            "source": bundle.label,
            "source_index": k,
            "seed": seed,
            "game": rules.id,
            "players": players,
            "bots": list(study.bots),
            "scores": [s["total"] for s in scores],
            "parts": [dict(s["parts"]) for s in scores],
            "winners": list(game.winners()),
            "rounds": game.round,
            "end_reason": game.end_reason,
            "decisions": decisions,
            "acquired": acquired,
        })
    return records
