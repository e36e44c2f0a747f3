"""Random self-play of several engines side by side in one run, timed by CPU time (``time.process_time``).

    python benchmarks/cpu_beside.py --side now=.:san_juan --side then=/tmp/base:san_juan \
        --side hand=handcoded:/path/to/sj_handcoded [--players 4] [--games 60] [--rounds 5]

The machine this project is measured on is shared, so wall time is not trustworthy: each measurement is a fresh
process that plays ``--games`` seeded games with uniform random choices and reports the CPU seconds of its own play
(``time.process_time``, the process's user + system time, set-up and imports left out). The sides run in turn,
A B C A B C ..., ``--rounds`` times, and each ratio to the first side is taken round by round, so a drift of the
machine's speed falls on every side alike. Prints the median decisions/s and games/s of each side and the median
(min-max) of the round-by-round ratios of games/s (the engines' games differ in decisions: a ratio of games is the
fair one).

A side is ``name=TREE:GAME[:BACKEND]`` for boardrules (TREE a checkout whose ``boardrules`` package is imported,
GAME a packaged game id or a content path, BACKEND ``interpreted`` or ``compiled`` where the checkout has both),
``name=handcoded:DIR`` for the hand-written San Juan of the shared bench folder (``bench.play_fast``) or
``name=somnambwl:DIR`` for a checkout of somnambWl/puerto-rico. None of the other engines' code is in this
repository: they are read and measured only.
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

OURS = r"""
import json, sys, time
sys.path.insert(0, sys.argv[1])
import boardrules
from boardrules.play.bots import random_bots
players, games, backend = int(sys.argv[2]), int(sys.argv[3]), sys.argv[5]
kw = {} if backend == "-" else {"backend": backend}
rules = boardrules.load(sys.argv[4], **kw)
rules.new_game(players=players, seed=10**6, log=False)     # the one-time generated code is not play
clock = time.process_time
t = clock(); decisions = 0
for seed in range(games):
    g = rules.new_game(players=players, seed=seed, log=False)
    bots = random_bots(seed, players)
    while not g.is_over:
        g.apply(bots[g.current_player].choose(g)); decisions += 1
print(json.dumps({"seconds": clock() - t, "decisions": decisions}))
"""

HANDCODED = r"""
import json, sys, time
sys.path.insert(0, sys.argv[1])
import bench
players, games = int(sys.argv[2]), int(sys.argv[3])
clock = time.process_time
t = clock(); decisions = 0
for seed in range(games):
    decisions += bench.play_fast(players, seed, 100000)[1]
print(json.dumps({"seconds": clock() - t, "decisions": decisions}))
"""

SOMNAMBWL = r"""
import json, random, sys, time
sys.path.insert(0, sys.argv[1])
from puerto_rico.engine.game import Game
from puerto_rico.engine.state import GameConfig
players, games = int(sys.argv[2]), int(sys.argv[3])
clock = time.process_time
t = clock(); decisions = 0
for seed in range(games):
    g = Game(GameConfig(num_players=players, seed=seed))
    rng = random.Random(seed)
    while not g.is_terminal:
        g.apply(rng.choice(g.legal_actions()), validate=False); decisions += 1
print(json.dumps({"seconds": clock() - t, "decisions": decisions}))
"""


def parse_side(text: str):
    name, _, spec = text.partition("=")
    parts = spec.split(":")
    if parts[0] == "handcoded":
        return name, HANDCODED, [parts[1], "", ""]
    if parts[0] == "somnambwl":
        return name, SOMNAMBWL, [parts[1], "", ""]
    tree = str((HERE / parts[0]).resolve()) if not parts[0].startswith("/") else parts[0]
    return name, OURS, [tree, parts[1], parts[2] if len(parts) > 2 else "-"]


def run(probe: str, args: list, players: int, games: int) -> dict:
    tree, game, backend = args
    out = subprocess.run([sys.executable, "-c", probe, tree, str(players), str(games), game, backend],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--side", action="append", required=True, help="name=TREE:GAME[:BACKEND], handcoded:DIR, ...")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    sides = [parse_side(s) for s in args.side]
    rates = {name: [] for name, _, _ in sides}
    per_game = {}
    for _ in range(args.rounds):
        for name, probe, extra in sides:
            r = run(probe, extra, args.players, args.games)
            rates[name].append(r["decisions"] / r["seconds"])
            per_game[name] = r["decisions"] / args.games
    first = sides[0][0]
    print(f"{args.players} players, {args.games} random games per run, {args.rounds} rounds, CPU time\n")
    print(f"| side | decisions/s (median) | min-max | decisions/game | games/s | games/s to {first}, round by round "
          "(median, min-max) |")
    print("|---|---:|---:|---:|---:|---:|")
    for name, _, _ in sides:
        ratios = [(a / per_game[name]) / (b / per_game[first]) for a, b in zip(rates[name], rates[first])]
        print(f"| {name} | {statistics.median(rates[name]):,.0f} | {min(rates[name]):,.0f}-{max(rates[name]):,.0f} "
              f"| {per_game[name]:.0f} | {statistics.median(rates[name]) / per_game[name]:,.1f} "
              f"| {statistics.median(ratios):.3f} ({min(ratios):.3f}-{max(ratios):.3f}) |")
    print("\n" + json.dumps(rates))


if __name__ == "__main__":
    main()
