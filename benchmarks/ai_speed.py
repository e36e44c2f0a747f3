"""What the AI layer costs per decision, per packaged game, on one core:

    python benchmarks/ai_speed.py [--game san_juan ...] [--players 3] [--games 5] [--mcts-iterations 50]

For each game, ``--games`` seeded games are played to the end by uniform random choices:

- ``raw API``: decisions/s through ``game.legal_actions()`` and ``game.apply`` alone;
- ``mask`` and ``observation``: microseconds per decision of ``ActionSpace.mask(game)`` and of
  ``Observer.vector(game, seat)`` (the seat to act), each timed on every position of those games;
- ``PettingZoo``: steps/s of the AEC environment (``env.last()`` then ``env.step`` with an index drawn from the
  mask), every agent's observation built at its turn; with pettingzoo installed;
- ``Gymnasium``: learner steps/s of the one-seat environment against random seats (their decisions not counted);
  with gymnasium installed;
- ``MCTS``: the search bot's iterations/s (one determinised playout each, rollouts cut at 30 decisions), over its
  first decisions of one game.

Prints a Markdown table. Not a test: the numbers depend on the machine.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import boardrules  # noqa: E402
from boardrules.ai import ActionSpace, Observer  # noqa: E402
from boardrules.play.search import MCTSBot  # noqa: E402


def positions(rules, players, games):
    """Every position of ``games`` random games (clones), and the decisions/s of playing them."""
    out, steps, spent = [], 0, 0.0
    for seed in range(games):
        game = rules.new_game(players, seed=seed, log=False)
        rng = random.Random(seed)
        start = time.perf_counter()
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
            steps += 1
        spent += time.perf_counter() - start
        game = rules.new_game(players, seed=seed, log=False)
        rng = random.Random(seed)
        while not game.is_over:
            out.append(game.clone())
            game.apply(rng.choice(game.legal_actions()))
    return out, steps / spent


def per_call(fn, items) -> float:
    start = time.perf_counter()
    for item in items:
        fn(item)
    return (time.perf_counter() - start) / len(items) * 1e6


def pettingzoo_speed(gid, players, games):
    try:
        import numpy as np
        from boardrules.ai import pettingzoo_env
        env = pettingzoo_env(gid, players)
    except ImportError:
        return None
    rng = np.random.default_rng(0)
    steps, start = 0, time.perf_counter()
    for seed in range(games):
        env.reset(seed=seed)
        for _agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            env.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
    return steps / (time.perf_counter() - start)


def gymnasium_speed(gid, players, games):
    try:
        import numpy as np
        from boardrules.ai import gymnasium_env
        env = gymnasium_env(gid, players)
    except ImportError:
        return None
    rng = np.random.default_rng(0)
    steps, start = 0, time.perf_counter()
    for seed in range(games):
        obs, _ = env.reset(seed=seed)
        done = False
        while not done:
            obs, _, done, _, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
    return steps / (time.perf_counter() - start)


def mcts_speed(rules, players, iterations, decisions=5):
    game = rules.new_game(players, seed=1, log=False)
    bot = MCTSBot(1, rules, iterations=iterations)
    rng = random.Random(1)
    start = time.perf_counter()
    while bot.stats["searches"] < decisions and not game.is_over:
        if game.current_player == 0:
            game.apply(bot.choose(game))
        else:
            game.apply(rng.choice(game.legal_actions()))
    return bot.stats["iterations"] / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", help="a packaged game (default: every one)")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--mcts-iterations", type=int, default=50)
    a = parser.parse_args()
    print("| game | raw API decisions/s | mask µs | observation µs | PettingZoo steps/s | Gymnasium steps/s "
          "| MCTS iterations/s |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for gid in a.game or boardrules.available_games():
        rules = boardrules.load(gid)
        players = max(rules.players.start, min(a.players, rules.players.stop - 1))
        space, observer = ActionSpace(rules, players), Observer(rules, players)
        games, raw = positions(rules, players, a.games)
        mask = per_call(space.mask, games)
        obs = per_call(lambda g: observer.vector(g, g.current_player), games)
        pz = pettingzoo_speed(gid, players, a.games)
        gym = gymnasium_speed(gid, players, a.games)
        mcts = mcts_speed(rules, players, a.mcts_iterations)
        shown = [f"{x:,.0f}" if x is not None else "(not installed)" for x in (pz, gym)]
        print(f"| {gid} ({players}p) | {raw:,.0f} | {mask:,.0f} | {obs:,.0f} | {shown[0]} | {shown[1]} | "
              f"{mcts:,.0f} |")


if __name__ == "__main__":
    main()
