"""What loading a content file costs, against the file's size and its nesting depth: both should grow in a straight
line (issue 23: nested unions once made 330 bytes take 13 s and a typo at the bottom 29 s and 2.4 GB).

    python benchmarks/load_cost.py [--repeat 3]

Each figure is a whole ``boardrules.load`` of a variant of San Juan (its base game included, the content cache
off), the fastest of ``--repeat`` runs; the peak memory is traced in a separate run of the same load.
Two series: variants adding N cards (the file grows, the nesting does not), and a quantity nesting a count of
cards in a condition D times, valid and with a typo at the bottom (the nesting grows, the file barely).
"""
from __future__ import annotations

import argparse
import os
import tempfile
import time
import tracemalloc
from pathlib import Path


def added_cards(n: int) -> str:
    cards = "".join(f"    - {{id: extra_{i}, name: Extra {i}, copies: 1}}\n" for i in range(n))
    return f"cards:\n  add:\n{cards}"


def nested(depth: int, inner: str) -> str:
    text = inner
    for _ in range(depth):
        text = "{count: {zone: hand, where: {gt: [" + text + ", 0]}}}"
    return f"quantities:\n  change:\n    hand_limit: {{base: {text}}}\n"


def measure(folder: Path, base: str, body: str, repeat: int):
    import boardrules

    path = folder / "variant.yaml"
    path.write_text(f"extends: {base}\nid: probe\ntitle: probe\n{body}", encoding="utf-8")
    outcome = "loads"
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        try:
            boardrules.load(path)
        except boardrules.ContentError:
            outcome = "refused"
        best = min(best, time.perf_counter() - start)
    tracemalloc.start()
    try:
        boardrules.load(path)
    except boardrules.ContentError:
        pass
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return path.stat().st_size, best, peak / 1e6, outcome


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    os.environ["BOARDRULES_CACHE_DIR"] = tempfile.mkdtemp(prefix="boardrules-load-cost-")
    os.environ["BOARDRULES_CACHE"] = "0"
    import boardrules

    base = "san_juan"
    boardrules.load(base)           # imports and the schemas, once
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        print(f"{'series':<34} {'bytes':>7} {'seconds':>8} {'peak MB':>8}  result")
        for n in (25, 50, 100, 200, 400):
            size, seconds, peak, outcome = measure(folder, base, added_cards(n), args.repeat)
            print(f"{f'{n} cards added':<34} {size:>7} {seconds:>8.3f} {peak:>8.1f}  {outcome}")
        for inner, label in (("1", "valid"), ("{cuont: 1}", "a typo at the bottom")):
            for depth in (1, 4, 8, 12):
                size, seconds, peak, outcome = measure(folder, base, nested(depth, inner), args.repeat)
                print(f"{f'nested {depth} deep, {label}':<34} {size:>7} {seconds:>8.3f} {peak:>8.1f}  {outcome}")


if __name__ == "__main__":
    main()
