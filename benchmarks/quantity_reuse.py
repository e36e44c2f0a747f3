"""How often a quantity is worked out again for inputs it was already worked out for: the most that a table of
quantities kept between decisions (a seat's costs kept until its tableau, the phase or the role changes) could
serve instead of working them out.

    python benchmarks/quantity_reuse.py [--game san_juan] [--games 20] [--players 4]

Plays ``--games`` random games on the compiled closures (where every quantity goes through ``Kernel.quantity``) and
keys each evaluation by what a kept table would be keyed by: the quantity, the acting seat, the kind of every card
in its variables (other variables as they are), the role and its chooser, the seat's working cards (kind and
copies) and the round. The counters are left out of the key, so the share printed is an upper bound: a real table
would also have to be dropped whenever a counter a quantity reads changes. Not a test.
"""
from __future__ import annotations

import argparse
import collections

import boardrules
from boardrules.engine.kernel import Kernel
from boardrules.play.bots import random_bots


def measure(game: str, games: int, players: int):
    rules = boardrules.load(game)
    rules._generated = True         # play on the closures: every quantity is a call of Kernel.quantity
    calls, repeats, seen = collections.Counter(), collections.Counter(), set()
    plain = Kernel.quantity
    names = {q.index: q.id for q in rules.model.quantities}

    def quantity(g, qi, env):
        kinds = g.rules.instance_kinds
        you = env.get("you")
        inputs = tuple(sorted((k, kinds[v] if type(v) is int and g.rules.var_kinds.get(k) == "card" else v)
                              for k, v in env.items() if type(v) in (int, str, type(None))))
        working = None if you is None else tuple(sorted((t, len(cs)) for t, cs in g.active[you].items()))
        key = (id(g.rules), g.seed, qi, inputs, g.role, g.chooser, working, g.round)
        calls[qi] += 1
        if key in seen:
            repeats[qi] += 1
        seen.add(key)
        return plain(g, qi, env)

    Kernel.quantity = quantity
    try:
        for seed in range(games):
            bots = random_bots(seed, players)
            g = rules.new_game(players=players, seed=seed, log=False)
            while not g.is_over:
                g.apply(bots[g.current_player].choose(g))
    finally:
        Kernel.quantity = plain
    return calls, repeats, names


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="san_juan")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--players", type=int, default=4)
    a = ap.parse_args()
    calls, repeats, names = measure(a.game, a.games, a.players)
    total = sum(calls.values())
    print(f"{a.game}, {a.players} players, {a.games} games: {total} quantity evaluations, "
          f"{sum(repeats.values()) / max(total, 1):.1%} of them with inputs seen before (upper bound)\n")
    print("| quantity | evaluations | with inputs seen before |\n|---|---:|---:|")
    for qi, n in calls.most_common(8):
        print(f"| {names[qi]} | {n} | {repeats[qi] / n:.1%} |")


if __name__ == "__main__":
    main()
