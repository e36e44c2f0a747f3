"""Random self-play speed of this checkout beside an earlier commit, in one run, alternating A B A B so that
machine noise falls on both alike.

    python benchmarks/side_by_side.py [--ref 6e03d71] [--game san_juan] [--players 4] [--games 150] [--pairs 5]

The earlier commit is exported with ``git archive`` into a temporary folder (nothing is installed); each
measurement is a fresh ``python -c`` process that imports boardrules from one tree and plays ``--games`` seeded
games with uniform random choices through the public API (``log=False``), after one untimed ``new_game`` (the
first game of a process writes the generated code: that one-time cost is timed by ``api_calls.py``). Then, at a
round-5 position of its first game, it times ``clone()``, ``view(0)``, ``to_json()``, ``game_from_json`` and
``new_game`` (µs per call, the fastest of three batches). It prints each figure for each side (medians over the
pairs) and the pair-by-pair ratio of games/s.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

PROBE = r"""
import json, random, sys, time
sys.path.insert(0, sys.argv[1])
import boardrules
game_id, players, games = sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
rules = boardrules.load(game_id)
rules.new_game(players=players, seed=0, log=False)      # the one-time work of the first game is not play
clock = time.perf_counter
decisions, t0 = 0, clock()
mid = None
for seed in range(games):
    game = rules.new_game(players=players, seed=seed, log=False)
    bot = random.Random(seed)
    while not game.is_over:
        game.apply(bot.choice(game.legal_actions()))
        decisions += 1
        if mid is None and game.round == 5:
            mid = game.clone()      # a position in round 5 (the game itself plays on)
elapsed = clock() - t0


def per_call(fn, n):     # µs per call: the fastest of three batches of n (a batch the machine slowed is not it)
    best = None
    for _ in range(3):
        t = clock()
        for _ in range(n):
            fn()
        us = (clock() - t) / n * 1e6
        best = us if best is None else min(best, us)
    return best


state = mid.to_json()
print(json.dumps({"games_s": games / elapsed, "decisions_s": decisions / elapsed,
                  "clone_us": per_call(mid.clone, 2000), "view_us": per_call(lambda: mid.view(0), 300),
                  "to_json_us": per_call(mid.to_json, 100),
                  "from_json_us": per_call(lambda: rules.game_from_json(state), 30),
                  "new_game_us": per_call(lambda: rules.new_game(players=players, seed=1, log=False), 30)}))
"""


def export(ref: str, into: Path) -> Path:
    data = subprocess.run(["git", "-C", str(HERE), "archive", ref, "boardrules", "content", "schemas"],
                          check=True, capture_output=True).stdout
    archive = into / "tree.tar"
    archive.write_bytes(data)
    with tarfile.open(archive) as tar:
        tar.extractall(into / "tree", filter="data")
    return into / "tree"


def measure(tree: Path, args) -> dict:
    env = dict(os.environ, PYTHONPATH=str(tree))
    out = subprocess.run([sys.executable, "-c", PROBE, str(tree), args.game, str(args.players), str(args.games)],
                         check=True, capture_output=True, text=True, env=env, cwd=tempfile.gettempdir()).stdout
    return json.loads(out)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--ref", default="6e03d71", help="the earlier commit (default: San Juan before the restructure)")
    p.add_argument("--game", default="san_juan")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--games", type=int, default=150)
    p.add_argument("--pairs", type=int, default=5)
    args = p.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        old = export(args.ref, Path(tmp))
        runs = {"this checkout": [], args.ref: []}
        for _ in range(args.pairs):
            runs["this checkout"].append(measure(HERE, args))
            runs[args.ref].append(measure(old, args))
    print(f"{args.game}, {args.players} players, {args.games} random games per run, {args.pairs} pairs (A B A B)\n")
    print("| tree | games/s | decisions/s | clone() µs | view µs | to_json µs | game_from_json µs | new_game µs |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    med = {}
    for name, rs in runs.items():
        med[name] = {k: statistics.median(r[k] for r in rs) for k in rs[0]}
        m = med[name]
        print(f"| {name} | {m['games_s']:.1f} | {m['decisions_s']:,.0f} | {m['clone_us']:.1f} | {m['view_us']:.1f} "
              f"| {m['to_json_us']:,.0f} | {m['from_json_us']:,.0f} | {m['new_game_us']:,.0f} |")
    ratios = [a["games_s"] / b["games_s"] for a, b in zip(runs["this checkout"], runs[args.ref])]
    print(f"\nthis checkout / {args.ref}, games/s pair by pair: median {statistics.median(ratios):.2f} "
          f"(min {min(ratios):.2f}, max {max(ratios):.2f})")


if __name__ == "__main__":
    main()
