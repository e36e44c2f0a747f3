"""Two games' random self-play side by side, in one run, alternating A B A B so that machine noise falls on both
alike: decisions per second, the legal actions per decision (median and largest) and a saved game's size.

    python benchmarks/games_beside.py [--a amerigo] [--b san_juan] [--players 4] [--games 40] [--pairs 3]

Each measurement is a fresh ``python -c`` process that imports boardrules from this checkout and plays ``--games``
seeded games with uniform random choices through the public API (``log=False``), after one untimed ``new_game``
(the first game of a process writes the generated code). Decisions per second count ``legal_actions`` + the
choice + ``apply``; the action counts and the saved game's size (``to_json()``, compact JSON, in bytes: the
largest over the game's decisions, sampled every 10th) are read in a second, untimed pass over the same games.
Prints a Markdown table (medians over the pairs) and the ratio A/B of decisions per second.
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

PROBE = r"""
import json, random, statistics, sys, time
sys.path.insert(0, sys.argv[1])
import boardrules
game_id, players, games = sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
rules = boardrules.load(game_id)
rules.new_game(players=players, seed=0, log=False)
clock = time.perf_counter
decisions, t0 = 0, clock()
for seed in range(games):
    game = rules.new_game(players=players, seed=seed, log=False)
    bot = random.Random(seed)
    while not game.is_over:
        game.apply(bot.choice(game.legal_actions()))
        decisions += 1
elapsed = clock() - t0
counts, size = [], 0
for seed in range(games):
    game = rules.new_game(players=players, seed=seed, log=False)
    bot = random.Random(seed)
    n = 0
    while not game.is_over:
        legal = game.legal_actions()
        counts.append(len(legal))
        if n % 10 == 0:
            size = max(size, len(json.dumps(game.to_json(), separators=(",", ":"))))
        game.apply(bot.choice(legal))
        n += 1
print(json.dumps({"decisions_per_s": decisions / elapsed, "games_per_s": games / elapsed,
                  "decisions_per_game": decisions / games, "median_legal": statistics.median(counts),
                  "max_legal": max(counts), "state_bytes": size}))
"""


def measure(game: str, players: int, games: int) -> dict:
    out = subprocess.run([sys.executable, "-c", PROBE, str(HERE), game, str(players), str(games)],
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--a", default="amerigo")
    ap.add_argument("--b", default="san_juan")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--pairs", type=int, default=3)
    args = ap.parse_args()
    runs = {args.a: [], args.b: []}
    ratios = []
    for _ in range(args.pairs):
        a = measure(args.a, args.players, args.games)
        b = measure(args.b, args.players, args.games)
        runs[args.a].append(a)
        runs[args.b].append(b)
        ratios.append(a["decisions_per_s"] / b["decisions_per_s"])
    keys = ["decisions_per_s", "games_per_s", "decisions_per_game", "median_legal", "max_legal", "state_bytes"]
    print(f"{args.players} players, {args.games} games a run, {args.pairs} pairs (medians)\n")
    print("| game | " + " | ".join(k.replace("_", " ") for k in keys) + " |")
    print("|---|" + "---:|" * len(keys))
    for game, rs in runs.items():
        cells = [statistics.median(r[k] for r in rs) for k in keys]
        print(f"| {game} | " + " | ".join(f"{c:,.1f}" if isinstance(c, float) else f"{c:,}" for c in cells) + " |")
    print(f"\ndecisions/s ratio {args.a}/{args.b}: median {statistics.median(ratios):.2f} "
          f"(min {min(ratios):.2f}, max {max(ratios):.2f})")


if __name__ == "__main__":
    main()
