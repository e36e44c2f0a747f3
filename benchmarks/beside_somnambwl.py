"""Puerto Rico random self-play beside another pure-Python engine, somnambWl/puerto-rico, in one run, alternating
A B A B so machine noise falls on both alike. Read and measured only: none of its code is in this repository.

    python benchmarks/beside_somnambwl.py --other /path/to/a/checkout/of/somnambWl/puerto-rico [--players 4]
                                          [--games 100] [--pairs 3]

Each measurement is a fresh process playing ``--games`` seeded games with uniform random choices: ours through the
public API (``log=False``, one RandomBot per seat), theirs through ``Game(GameConfig(...))``, ``legal_actions()``
and ``apply(action, validate=False)`` with one ``random.Random(seed)``. Prints games/s and decisions/s per side
(medians over the pairs).
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
players, games = int(sys.argv[2]), int(sys.argv[3])
rules = boardrules.load("puerto_rico")
t = time.perf_counter(); decisions = 0
for seed in range(games):
    g = rules.new_game(players=players, seed=seed, log=False)
    bots = random_bots(seed, players)
    while not g.is_over:
        g.apply(bots[g.current_player].choose(g)); decisions += 1
print(json.dumps({"seconds": time.perf_counter() - t, "decisions": decisions}))
"""

THEIRS = r"""
import json, random, sys, time
sys.path.insert(0, sys.argv[1])
from puerto_rico.engine.game import Game
from puerto_rico.engine.state import GameConfig
players, games = int(sys.argv[2]), int(sys.argv[3])
t = time.perf_counter(); decisions = 0
for seed in range(games):
    g = Game(GameConfig(num_players=players, seed=seed))
    rng = random.Random(seed)
    while not g.is_terminal:
        g.apply(rng.choice(g.legal_actions()), validate=False); decisions += 1
print(json.dumps({"seconds": time.perf_counter() - t, "decisions": decisions}))
"""


def run(probe: str, tree: str, players: int, games: int) -> dict:
    out = subprocess.run([sys.executable, "-c", probe, tree, str(players), str(games)], check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--other", required=True, help="a checkout of somnambWl/puerto-rico")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--pairs", type=int, default=3)
    args = ap.parse_args()
    sides = {"boardrules": (OURS, str(HERE)), "somnambWl/puerto-rico": (THEIRS, args.other)}
    results = {name: [] for name in sides}
    for _ in range(args.pairs):
        for name, (probe, tree) in sides.items():
            results[name].append(run(probe, tree, args.players, args.games))
    print(f"Puerto Rico, {args.players} players, {args.games} random games per run, {args.pairs} pairs (medians)\n")
    print("| engine | games/s | decisions/s | decisions/game |")
    print("|---|---|---|---|")
    speed = {}
    for name, runs in results.items():
        gps = statistics.median(args.games / r["seconds"] for r in runs)
        dps = statistics.median(r["decisions"] / r["seconds"] for r in runs)
        speed[name] = gps
        print(f"| {name} | {gps:.1f} | {dps:,.0f} | {runs[0]['decisions'] / args.games:.0f} |")
    print(f"\nboardrules / other: {speed['boardrules'] / speed['somnambWl/puerto-rico']:.2f} in games/s")


if __name__ == "__main__":
    main()
