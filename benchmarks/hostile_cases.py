"""Every hostile case of issue 23, each in a process of its own: what it gives, how long it takes and the peak memory
of the whole process (Python and boardrules included). The promise is the library's own error (or a game that
works) within a second and under 200 MB.

    python benchmarks/hostile_cases.py [--only NAME]

Each case builds its file, state or call from the control game of ``tests/bad_content/control`` or a packaged game,
then loads or plays it; the figure is the wall time of that step alone (imports and set-up not counted) and the
process's peak resident memory.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

PRELUDE = r'''
import json, os, resource, sys, tempfile, time
from pathlib import Path
sys.path.insert(0, sys.argv[1])
import boardrules
from boardrules import ContentError, IllegalAction, RulesError, StateError, UsageError
CONTROL = (Path(sys.argv[1]) / "tests" / "bad_content" / "control" / "game.yaml").read_text()
ACTION = "    action:\n      - move: {from: {zone: supply}, to: {zone: hand}, count: {quantity: draw_count}}\n      - emit: drawn\n"
TMP = Path(tempfile.mkdtemp())

def game(text, **files):
    (TMP / "game.yaml").write_text(text)
    for name, body in files.items():
        (TMP / name).write_text(body)
    return TMP

def steps(*lines, replace=()):
    text = CONTROL.replace(ACTION, "    action:\n      - choose_number: {min: 0, max: 1, as: n, action: pick}\n"
                           + "".join(f"      - {s}\n" for s in lines))
    for old, new in replace:
        text = text.replace(old, new)
    return boardrules.load(game(text))

def variant(body, base="san_juan"):
    path = TMP / "v.yaml"
    path.write_text(f"extends: {base}\nid: v\ntitle: v\n" + body)
    return path

def nested(depth, inner):
    text = inner
    for _ in range(depth):
        text = "{count: {zone: hand, where: {gt: [" + text + ", 0]}}}"
    return f"quantities:\n  change:\n    hand_limit: {{base: {text}}}\n"

def first_apply(rules):
    g = rules.new_game(2, seed=1)
    return lambda: g.apply(g.legal_actions()[0])

def report(step):
    start = time.perf_counter()
    try:
        step()
        outcome = "works"
    except (ContentError, IllegalAction, RulesError, StateError, UsageError) as exc:
        outcome = type(exc).__name__
    except BaseException as exc:
        outcome = "RAW " + type(exc).__name__
    seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps([outcome, seconds, peak]))
'''

CASES = {
    # ---- loading
    "a count nested 6 deep in conditions": "report(lambda: boardrules.load(variant(nested(6, '1'))))",
    "the same with a typo at the bottom": "report(lambda: boardrules.load(variant(nested(6, '{cuont: 1}'))))",
    "two 2 MB files included 30 times each":
        "big = 'x: \"' + 'a' * 1_900_000 + '\"\\n'\n"
        "t = CONTROL.replace('players: {min: 2, max: 3}\\n', 'players: {min: 2, max: 3}\\ninclude: ['"
        " + ', '.join(['a.yaml', 'b.yaml'] * 30) + ']\\n')\n"
        "report(lambda: boardrules.load(game(t, **{'a.yaml': big, 'b.yaml': big})))",
    "players.max of 10**9": "report(lambda: boardrules.load(game(CONTROL.replace('max: 3', 'max: 1000000000'))))",
    "extra_copies adding 10**9 cards":
        "report(lambda: boardrules.load(game(CONTROL + '\\nbox_zone: supply\\nextra_copies:\\n"
        "  - {type: library, add: 1000000000}\\n')))",
    "a NUL byte in extends": "report(lambda: boardrules.load(variant('', base='\"a\\\\0b\"')))",
    "an integer of 5,000 digits":
        "report(lambda: boardrules.load(game(CONTROL.replace('cost: 1}', 'cost: ' + '9' * 5000 + '}'))))",
    "a word as a modifier's amount (add: two)":
        "report(lambda: boardrules.load(game(CONTROL.replace('        add: 1\\n', '        add: two\\n'))))",
    "an option of words used as a number":
        "report(lambda: steps('add: {counter: built, value: {option: b}}', replace=[('id: mini\\n', "
        "'id: mini\\noptions:\\n  b: {default: two, values: [one, two]}\\n')]))",
    "a preset with a wrong value":
        "report(lambda: boardrules.load(game(CONTROL.replace('id: mini\\n', 'id: mini\\noptions:\\n  b: {default: 1}\\n"
        "presets:\\n  p: {options: {b: two}}\\n'))))",
    # ---- play
    "move 10**9 cards into their own refill":
        "r = steps('move: {from: {zone: supply}, to: {zone: pool}, count: 1000000000}', replace=["
        "('  supply: {scope: shared, visibility: hidden, text: the draw pile}\\n', '  supply: {scope: shared, "
        "visibility: hidden, text: the draw pile, refill: {from: pool}}\\n  pool: {scope: shared, visibility: public, "
        "text: the pool}\\n'), ('id: mini\\n', 'id: mini\\nstart_zone: supply\\n')])\n"
        "report(first_apply(r))",
    "while loops nested three deep":
        "w = 'while: {if: true, limit: 100000, do: [%s]}'\n"
        "r = steps(w % (w % (w % '{add: {counter: built, value: 0}}')).replace('while:', '{while:', 2)"
        ".replace(']}', ']}}', 2))\n"
        "report(first_apply(r))",
    "a counter squared 40 times":
        "r = steps('set: {counter: built, value: 2}', *['set: {counter: built, value: {mul: [{counter: built}, "
        "{counter: built}]}}'] * 40)\nreport(first_apply(r))",
    "for_each from 1 to 10**9":
        "r = steps('for_each: {from: 1, to: 1000000000, do: [{add: {counter: built, value: 1}}]}')\n"
        "report(first_apply(r))",
    "choose_number up to 10**9":
        "r = steps('choose_number: {min: 0, max: 1000000000, as: m, action: big}')\nreport(first_apply(r))",
    "choose_number past 2**63":
        "r = steps('choose_number: {min: 0, max: {sum: [1000000000000000, 1000000000000000, 1000000000000000]}, "
        "as: m, action: big}')\nreport(first_apply(r))",
    # ---- API calls
    "apply with non-text arg keys":
        "g = boardrules.load('san_juan').new_game(3, seed=1)\n"
        "report(lambda: g.apply({'kind': 'choose_role', 'args': {'role': 'x', 1: 'y'}}))",
    "apply with args nested 10**5 deep":
        "g = boardrules.load('san_juan').new_game(3, seed=1)\nn = 'x'\n"
        "for _ in range(100000): n = {'x': n}\n"
        "report(lambda: g.apply({'kind': 'choose_role', 'args': {'role': n}}))",
    "new_game with a 5,000-digit seed": "report(lambda: boardrules.load('san_juan').new_game(3, seed=10 ** 5000))",
    # ---- saved states
    "a state with a discard count of 10**100":
        "g = boardrules.load('san_juan').new_game(3, seed=1)\nd = g.to_json()\n"
        "d['flow'][-1]['data'] = 10 ** 100\n"
        "report(lambda: g.rules.game_from_json(d))",
    "a state whose history does not replay":
        "r = boardrules.load('san_juan')\ng = r.new_game(3, seed=1)\ng.apply(g.legal_actions()[0])\n"
        "d = g.to_json()\nd['seed'] = 2\nreport(lambda: r.game_from_json(d))",
    "a state over in mid-game":
        "r = boardrules.load('san_juan')\nd = r.new_game(3, seed=1).to_json()\n"
        "d['over'] = True\nd['end_reason'] = 'x'\nreport(lambda: r.game_from_json(d))",
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", help="run the cases whose name holds this text")
    options = parser.parse_args()
    print(f"| case | outcome | seconds | peak MB |\n|---|---|---:|---:|")
    worst = 0.0
    for name, code in CASES.items():
        if options.only and options.only not in name:
            continue
        run = subprocess.run([sys.executable, "-c", PRELUDE + code, str(HERE)], capture_output=True, text=True,
                             timeout=600)
        try:
            outcome, seconds, peak = json.loads(run.stdout.strip().splitlines()[-1])
        except (IndexError, ValueError):
            outcome, seconds, peak = "crashed: " + (run.stderr.strip().splitlines() or ["?"])[-1][:60], 0.0, 0.0
        worst = max(worst, seconds)
        print(f"| {name} | {outcome} | {seconds:.3f} | {peak:.0f} |", flush=True)
    print(f"\nslowest: {worst:.2f} s")


if __name__ == "__main__":
    main()
