"""Microseconds per public API call, per packaged game, on one core: what a search bot or a server pays per call.

    python benchmarks/api_calls.py [--game puerto_rico ...] [--players 4] [--repeat 200]

For each game: a game is played by seeded random choices to round 5 (a position with cards in play); each call is
then timed ``--repeat`` times on that position with ``time.perf_counter`` (median of 5 batches): ``clone``,
``legal_actions``, ``apply`` (on a fresh clone each time, the clone not counted), ``view``, ``to_json``,
``game_from_json``, ``new_game``. ``load`` is timed cold (no content cache, a fresh process) and warm (the
cache filled, a fresh process); ``first game`` is the first ``new_game`` after a warm load in a fresh process (it
writes and compiles the generated code, once per process and content); ``import boardrules`` in a fresh process. Prints a Markdown table. Not a
test: the numbers depend on the machine; compare commits with ``benchmarks/side_by_side.py``.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(HERE))

import boardrules  # noqa: E402


def position(rules, players, seed=3):
    game = rules.new_game(players, seed=seed, log=False)
    rng = random.Random(seed)
    while game.round < 5 and not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return game


def per_call(fn, repeat) -> float:
    """Median µs per call over five batches of ``repeat`` calls."""
    batches = []
    for _ in range(5):
        t = time.perf_counter()
        for _ in range(repeat):
            fn()
        batches.append((time.perf_counter() - t) / repeat * 1e6)
    return statistics.median(batches)


def apply_us(game, repeat) -> float:
    action = game.legal_actions()[0]
    copies = [game.clone() for _ in range(repeat * 5)]
    it = iter(copies)
    return per_call(lambda: next(it).apply(action), repeat)


def fresh_process(code: str, env: dict) -> float:
    out = subprocess.run([sys.executable, "-c", code], env={**os.environ, **env}, check=True,
                         capture_output=True, text=True, cwd=str(HERE)).stdout
    return float(out.strip())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", nargs="*", default=boardrules.available_games())
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--repeat", type=int, default=200)
    args = ap.parse_args()
    timing = ("import time; t = time.perf_counter(); import boardrules; "
              "{extra}print((time.perf_counter() - t) * 1e3)")
    print("| game | clone µs | legal_actions µs | apply µs | view µs | to_json µs | game_from_json µs | new_game µs "
          "| load cold ms | load warm ms | first game ms |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as cache:
        for game_id in args.game:
            rules = boardrules.load(game_id)
            players = min(args.players, max(rules.players))
            g = position(rules, players)
            state = g.to_json()
            row = [per_call(g.clone, args.repeat), per_call(g.legal_actions, args.repeat), apply_us(g, args.repeat),
                   per_call(lambda: g.view(0), args.repeat), per_call(g.to_json, args.repeat),
                   per_call(lambda: rules.game_from_json(state), max(1, args.repeat // 10)),
                   per_call(lambda: rules.new_game(players, seed=1, log=False), max(1, args.repeat // 10))]
            load = f"t = time.perf_counter(); boardrules.load({game_id!r}); "
            code = ("import sys, time; sys.path.insert(0, '.'); import boardrules; "
                    + load + "print((time.perf_counter() - t) * 1e3)")
            cold = fresh_process(code, {"BOARDRULES_CACHE": "0"})
            fresh_process(code, {"BOARDRULES_CACHE_DIR": cache})          # fills the cache
            warm = fresh_process(code, {"BOARDRULES_CACHE_DIR": cache})
            first = fresh_process(f"import sys, time; sys.path.insert(0, '.'); import boardrules; "
                                  f"rules = boardrules.load({game_id!r}); t = time.perf_counter(); "
                                  f"rules.new_game({players}, seed=1, log=False); "
                                  "print((time.perf_counter() - t) * 1e3)", {"BOARDRULES_CACHE_DIR": cache})
            cells = " | ".join(f"{x:,.1f}" for x in row)
            print(f"| {game_id} ({players}p, round 5) | {cells} | {cold:,.0f} | {warm:,.0f} | {first:,.0f} |")
    imports = [fresh_process("import sys; sys.path.insert(0, '.'); " + timing.format(extra=""), {}) for _ in range(5)]
    print(f"\n`import boardrules`: {statistics.median(imports):.0f} ms (median of 5 fresh processes)")


if __name__ == "__main__":
    main()
