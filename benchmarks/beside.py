"""Random self-play beside another pure-Python engine, in one run, alternating A B A B so machine noise falls on
both alike. Read and measured only: none of the other engines' code is in this repository.

    python benchmarks/beside.py --against somnambwl --other /path/to/somnambWl/puerto-rico [--players 4]
    python benchmarks/beside.py --against handcoded --other ../shared/bench/sj_handcoded  [--games 100] [--pairs 3]

``somnambwl``: Puerto Rico against somnambWl/puerto-rico (``Game(GameConfig(...))``, ``legal_actions()``,
``apply(action, validate=False)``, one ``random.Random(seed)``). ``handcoded``: San Juan against the hand-written
San Juan of the shared bench folder (``bench.play_fast``: no API, no state objects). Each measurement is a fresh
process playing ``--games`` seeded games with uniform random choices; ours goes through the public API
(``log=False``, one RandomBot per seat; one untimed game is started first, as the first game of a process writes
the generated code). Prints games/s and decisions/s per side (medians over the pairs).
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
rules = boardrules.load(sys.argv[4])
rules.new_game(players=players, seed=0, log=False)      # the first game's one-time generated code is not play
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


HANDCODED = r"""
import json, sys, time
sys.path.insert(0, sys.argv[1])
import bench
players, games = int(sys.argv[2]), int(sys.argv[3])
t = time.perf_counter(); decisions = 0
for seed in range(games):
    decisions += bench.play_fast(players, seed, 100000)[1]
print(json.dumps({"seconds": time.perf_counter() - t, "decisions": decisions}))
"""

#: --against: (the game we play, the other engine's name, its probe)
AGAINST = {"somnambwl": ("puerto_rico", "somnambWl/puerto-rico", THEIRS),
           "handcoded": ("san_juan", "hand-written San Juan", HANDCODED)}


def run(probe: str, tree: str, players: int, games: int, game: str) -> dict:
    out = subprocess.run([sys.executable, "-c", probe, tree, str(players), str(games), game], check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--against", choices=sorted(AGAINST), default="somnambwl")
    ap.add_argument("--other", required=True, help="the other engine's folder (a checkout, or the bench folder)")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--pairs", type=int, default=3)
    args = ap.parse_args()
    game, other, probe = AGAINST[args.against]
    sides = {"boardrules": (OURS, str(HERE)), other: (probe, args.other)}
    results = {name: [] for name in sides}
    for _ in range(args.pairs):
        for name, (code, tree) in sides.items():
            results[name].append(run(code, tree, args.players, args.games, game))
    print(f"{game}, {args.players} players, {args.games} random games per run, {args.pairs} pairs (medians)\n")
    print("| engine | games/s | decisions/s | decisions/game |")
    print("|---|---|---|---|")
    speed = {}
    for name, runs in results.items():
        gps = statistics.median(args.games / r["seconds"] for r in runs)
        dps = statistics.median(r["decisions"] / r["seconds"] for r in runs)
        speed[name] = gps
        print(f"| {name} | {gps:.1f} | {dps:,.0f} | {runs[0]['decisions'] / args.games:.0f} |")
    print(f"\nboardrules / {other}: {speed['boardrules'] / speed[other]:.2f} in games/s")

if __name__ == "__main__":
    main()
