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
are played in chunks, in parallel, but aggregated in seed order.
"""
from __future__ import annotations

import math
import os
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

from .bots import bot_names, make_bots
from ..api.rules import load

__all__ = ["compare", "load_source", "play_chunk", "wilson"]

Z95 = 1.959963984540054


# ---------------------------------------------------------------------- statistics
def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default); ``successes`` may be fractional (shared wins).
    ``(0.0, 1.0)`` when ``n`` is 0."""
    if n <= 0:
        return (0.0, 1.0)
    p = min(max(successes / n, 0.0), 1.0)
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z / denom * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    # at p = 0 (p = 1) the lower (upper) bound is exactly 0 (1); rounding would leave it a hair off
    lo = 0.0 if p <= 0.0 else max(0.0, centre - half)
    hi = 1.0 if p >= 1.0 else min(1.0, centre + half)
    return (lo, hi)


def _mean_sd(values) -> tuple[float, float]:
    n = len(values)
    if not n:
        return (0.0, 0.0)
    mean = math.fsum(values) / n
    if n < 2:
        return (mean, 0.0)
    var = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    return (mean, math.sqrt(var))


# ---------------------------------------------------------------------- playing (in workers or in-process)
_RULES: dict = {}


def load_source(source):
    """``boardrules.load(source)``, cached per process (a worker loads each source once)."""
    rules = _RULES.get(source)
    if rules is None:
        rules = _RULES[source] = load(source)
    return rules


def _init_worker(sources):
    """Process-pool initializer: load every source once per worker process."""
    for source in sources:
        load_source(source)


def _tableau_zones(rules) -> list[str]:
    return [z.id for z in rules.model.zones if z.tableau and z.scope == "player"]


def play_chunk(source: str, players: int, seeds: range, bots: str, options: dict | None) -> list[dict]:
    """Plays one game per seed of ``source`` and returns a small record per game (in seed order)."""
    rules = load_source(source)
    zones = _tableau_zones(rules)
    records = []
    for seed in seeds:
        game = rules.new_game(players=players, seed=seed, options=options, log=False)
        seats = make_bots(bots, seed, rules, players)
        decisions = 0
        while not game.is_over:
            game.apply(seats[game.current_player].choose(game))
            decisions += 1
        state = game.to_json()["zones"]
        tableaus = []
        for seat in range(players):
            ids = set()
            for z in zones:
                ids.update(str(c).split("#", 1)[0] for c in state[z][seat])
            tableaus.append(sorted(ids))
        records.append({
            "seed": seed,
            "scores": [s["total"] for s in game.scores()],
            "winners": game.winners(),
            "round": game.round,
            "end_reason": game.end_reason,
            "decisions": decisions,
            "tableaus": tableaus,
        })
    return records


def _chunks(games: int, workers: int) -> list[tuple[int, int]]:
    size = max(1, min(50, math.ceil(games / (workers * 8))))
    return [(start, min(games, start + size)) for start in range(0, games, size)]


# ---------------------------------------------------------------------- aggregation
def _summarise(rules, source: str, players: int, records: list[dict]) -> dict:
    games = len(records)
    wins = [0.0] * players
    seat_scores = [[] for _ in range(players)]
    scores, winner_scores, rounds, decisions = [], [], [], []
    reasons: dict = {}
    names = {c.id: c.en for c in rules.cards}
    hints = rules.model.play
    tagged = [c.id for c in rules.cards if hints.track in c.tags]
    games_with: dict = {}       # card id -> games where some player had it
    holders: dict = {}          # card id -> player-games with it
    holder_wins: dict = {}      # card id -> wins of those players (shared wins split)
    for rec in records:
        share = 1 / len(rec["winners"])
        for w in rec["winners"]:
            wins[w] += share
        for seat, score in enumerate(rec["scores"]):
            seat_scores[seat].append(score)
            scores.append(score)
        winner_scores.append(rec["scores"][rec["winners"][0]])
        rounds.append(rec["round"])
        decisions.append(rec["decisions"])
        reasons[rec["end_reason"]] = reasons.get(rec["end_reason"], 0) + 1
        in_game = set()
        for seat, ids in enumerate(rec["tableaus"]):
            won = share if seat in rec["winners"] else 0.0
            for cid in ids:
                in_game.add(cid)
                holders[cid] = holders.get(cid, 0) + 1
                holder_wins[cid] = holder_wins.get(cid, 0.0) + won
        for cid in in_game:
            games_with[cid] = games_with.get(cid, 0) + 1

    card_ids = list(tagged)
    card_ids += sorted(cid for cid in holders if cid not in card_ids)
    tracked = {}
    for cid in card_ids:
        n_games, n_players, w = games_with.get(cid, 0), holders.get(cid, 0), holder_wins.get(cid, 0.0)
        tracked[cid] = {
            "name": names.get(cid, cid),
            "games": n_games,
            "game_rate": n_games / games if games else 0.0,
            "game_ci": list(wilson(n_games, games)),
            "holders": n_players,
            "holder_rate": n_players / (games * players) if games else 0.0,
            "wins": w,
            "win_rate": w / n_players if n_players else None,
            "win_ci": list(wilson(w, n_players)) if n_players else None,
        }

    mean, sd = _mean_sd(scores)
    r_mean, r_sd = _mean_sd(rounds)
    lo, hi = (min(scores), max(scores)) if scores else (0, 0)
    counts = {}
    for s in scores:
        counts[s] = counts.get(s, 0) + 1
    return {
        "source": source,
        "id": rules.id,
        "title": rules.title,
        "games": games,
        "wins": wins,
        "win_rate": [w / games if games else 0.0 for w in wins],
        "win_ci": [list(wilson(w, games)) for w in wins],
        "score": {
            "mean": mean, "sd": sd, "min": lo, "max": hi,
            "seat_mean": [_mean_sd(s)[0] for s in seat_scores],
            "winner_mean": _mean_sd(winner_scores)[0],
            "histogram": [[v, counts.get(v, 0)] for v in range(int(lo), int(hi) + 1)],
        },
        "rounds": {"mean": r_mean, "sd": r_sd, "min": min(rounds, default=0), "max": max(rounds, default=0)},
        "decisions": {"mean": _mean_sd(decisions)[0]},
        "end_reasons": dict(sorted(reasons.items(), key=lambda kv: (-kv[1], str(kv[0])))),
        "tracked": tracked,
        "nouns": dict(hints.nouns),
    }


# ---------------------------------------------------------------------- the entry point
def compare(sources: list[str], players: int, games: int, seed: int, bots: str, options=None,
            workers: int | None = None, progress=None) -> dict:
    """Plays ``games`` games of each source (game ``i`` with seed ``seed + i``, the same bots for every source) and
    returns the statistics of each, in the order given.

    ``bots``: one bot name for every seat or a comma list per seat (see :data:`boardrules.bots.BOTS`).
    ``workers``: processes to use (default ``os.cpu_count()``; 1 plays in this process).
    ``progress(n_done)``: called with the number of games finished so far (all sources together, out of
    ``games * len(sources)``) whenever a chunk of games finishes.

    Raises ``ContentError`` for a source that does not load and ``ValueError`` for a bad player count, option,
    bot name or game count.
    """
    sources = [str(s) for s in sources]
    if not sources:
        raise ValueError("compare needs at least one source")
    if games < 1:
        raise ValueError(f"the number of games must be at least 1, got {games}")
    lineup = bot_names(bots, players)
    all_rules, all_options = [], []
    for source in sources:
        rules = load_source(source)
        if players not in rules.players:
            raise ValueError(f"{source}: {rules.title} is for {rules.players.start}-{rules.players.stop - 1} "
                             f"players, not {players}")
        all_rules.append(rules)
        all_options.append(rules.check_options(options))
    workers = max(1, int(workers or os.cpu_count() or 1))
    chunks = _chunks(games, workers)
    tasks = [(k, start, end) for k in range(len(sources)) for start, end in chunks]
    results: dict = {}
    done = 0

    def args(task):
        k, start, end = task
        return (sources[k], players, range(seed + start, seed + end), ",".join(lineup), all_options[k])

    if workers == 1 or len(tasks) == 1:
        for task in tasks:
            results[task] = play_chunk(*args(task))
            done += task[2] - task[1]
            if progress is not None:
                progress(done)
    else:
        unique = list(dict.fromkeys(sources))
        with ProcessPoolExecutor(max_workers=min(workers, len(tasks)), initializer=_init_worker,
                                 initargs=(unique,)) as pool:
            pending = {pool.submit(play_chunk, *args(task)): task for task in tasks}
            try:
                while pending:
                    finished, _ = wait(pending, return_when=FIRST_COMPLETED)
                    for fut in finished:
                        task = pending.pop(fut)
                        results[task] = fut.result()
                        done += task[2] - task[1]
                        if progress is not None:
                            progress(done)
            except BaseException:
                for fut in pending:
                    fut.cancel()
                raise

    summaries = []
    for k, source in enumerate(sources):
        records = [rec for start, end in chunks for rec in results[(k, start, end)]]
        summary = _summarise(all_rules[k], source, players, records)
        summary["options"] = all_options[k]
        summaries.append(summary)
    return {
        "players": players,
        "games": games,
        "seed": seed,
        "seeds": [seed, seed + games - 1],
        "bots": lineup,
        "options": dict(options or {}),
        "sources": summaries,
    }
