"""Random self-play speed through the public API, on one core.

    python benchmarks/selfplay.py [--games 300] [--game san_juan] [--seed 0] [--players 2 3 4] [--log]

For each player count, plays ``--games`` games with seeds seed..seed+games-1, one RandomBot per seat (seeded from the
game seed and the seat, as ``boardrules play`` does), with ``log=False`` unless ``--log``. It times game creation
(``rules.new_game``: setup up to the first decision) apart from play (``legal_actions`` + bot choice + ``apply`` until
the game is over) with ``time.perf_counter`` and prints a Markdown table. Not a test: numbers depend on the machine.
"""
from __future__ import annotations

import argparse
import os
import platform
import sys
import time

import boardrules
from boardrules.play.bots import random_bots


def pin_one_core() -> str:
    """Keeps the process on one CPU where the OS allows it (Linux), so the numbers are single-core numbers."""
    try:
        cpu = min(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpu})
        return f"pinned to CPU {cpu}"
    except (AttributeError, OSError):
        return "not pinned (single thread)"


def measure(rules, players: int, games: int, seed: int, log: bool) -> dict:
    create = play = 0.0
    decisions = rounds = 0
    clock = time.perf_counter
    for s in range(seed, seed + games):
        bots = random_bots(s, players)
        t0 = clock()
        game = rules.new_game(players=players, seed=s, log=log)
        t1 = clock()
        n = 0
        while not game.is_over:
            game.apply(bots[game.current_player].choose(game))
            n += 1
        t2 = clock()
        create += t1 - t0
        play += t2 - t1
        decisions += n
        rounds += game.round
    total = create + play
    return {
        "players": players, "games": games, "decisions": decisions, "rounds": rounds,
        "create": create, "play": play, "total": total,
    }


def markdown(results) -> list[str]:
    head = ["players", "games", "games/s", "decisions/s", "decisions/game", "rounds/game",
            "create ms/game", "play ms/game", "create share", "total s"]
    lines = ["| " + " | ".join(head) + " |", "|" + "|".join("---:" for _ in head) + "|"]
    for r in results:
        g = r["games"]
        row = [
            str(r["players"]), str(g),
            f"{g / r['total']:,.1f}",
            f"{r['decisions'] / r['total']:,.0f}",
            f"{r['decisions'] / g:,.1f}",
            f"{r['rounds'] / g:.1f}",
            f"{1000 * r['create'] / g:.3f}",
            f"{1000 * r['play'] / g:.3f}",
            f"{r['create'] / r['total']:.1%}",
            f"{r['total']:.2f}",
        ]
        lines.append("| " + " | ".join(row) + " |")
    return lines


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300, help="games per player count (default 300)")
    ap.add_argument("--game", default="san_juan", help="a packaged game id or a path (default san_juan)")
    ap.add_argument("--seed", type=int, default=0, help="first game seed (default 0)")
    ap.add_argument("--players", type=int, nargs="+", default=None,
                    help="player counts (default 2 3 4, limited to what the game allows)")
    ap.add_argument("--log", action="store_true", help="keep the readable log (log=True) to measure its cost")
    args = ap.parse_args(argv)
    if args.games < 1:
        ap.error("--games must be at least 1")

    pinned = pin_one_core()
    t0 = time.perf_counter()
    rules = boardrules.load(args.game)
    load_s = time.perf_counter() - t0
    counts = args.players or [n for n in (2, 3, 4) if n in rules.players]
    bad = [n for n in counts if n not in rules.players]
    if bad:
        ap.error(f"{rules.title} is for {rules.players.start}-{rules.players.stop - 1} players, not {bad}")

    # Warm-up: one short game per count, so first-call costs (imports, caches) stay out of the numbers.
    for n in counts:
        measure(rules, n, 1, args.seed + 10**6, args.log)

    results = [measure(rules, n, args.games, args.seed, args.log) for n in counts]

    print(f"# Random self-play: {rules.title} ({rules.id})")
    print()
    print(f"- {args.games} games per player count, seeds {args.seed}-{args.seed + args.games - 1}, "
          f"RandomBot per seat, log={'True' if args.log else 'False'}, default options")
    print(f"- Python {platform.python_version()} ({platform.python_implementation()}) on {platform.machine()}, "
          f"one process, {pinned}; content loaded in {load_s * 1000:.0f} ms (not counted below)")
    print("- games/s and decisions/s use creation + play time; create = `new_game` (setup to the first decision), "
          "play = bot choices and `apply` until the end "
          "(bots are created outside the timers)")
    print()
    for line in markdown(results):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
