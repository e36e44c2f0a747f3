"""Do the rule tests tell every printed number apart? (issue 42)

For each printed number of a game (a cost, a value, a threshold, a limit, a set-up count, a scoring step), this
script changes it to a plausible wrong neighbour in a scratch copy of the checkout, runs the game's rule tests there
(no golden games, no doc snapshots: those regenerate from the content) and counts the changes some test catches.
Nothing in the checkout is changed; the scratch copy is deleted at the end.

    python tests/printed_mutants.py                 # both games
    python tests/printed_mutants.py --game amerigo --only posts_12_to_11

It prints one line per change (caught or MISSED, with the first failing test) and "caught N of M" per game; the exit
status is 1 when a change was missed. A change whose text is not found once in its file is an error of this list.
"""
from __future__ import annotations

import argparse
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
BC = "content/burgundy_cards/"
AM = "content/amerigo/"

TESTS = {
    "burgundy_cards": ["tests/test_burgundy_printed_numbers.py", "tests/test_burgundy_cards.py"],
    "amerigo": ["tests/test_amerigo_printed_numbers.py", "tests/test_amerigo.py", "tests/test_amerigo_islands.py",
                "tests/test_amerigo_map.py"],
}


def m(label, path, old, new, count=1):
    """A change: in ``path``, the text ``old`` (found exactly ``count`` times; 0 = every time, at least once)
    becomes ``new``."""
    return label, path, old, new, count


SETUP_ANIMAL = "        - {move: {from: {zone: animal_supply}, to: {zone: storage}, count: 1}, rule_text: ''}\n"
WORKERS = ("              then: 0\n"
           "              else: {if: {eq: [$index, {sub: [{players: true}, 1]}]}, then: 2, else: 1}")
ALL_SEVEN = [f"  - {{id: all_seven_{n}, name: {{en: \"All 7 ({n})\", zh: 七种奖励 {n}}}, copies: 1, vp: {n}, "
             f"tags: [all_seven], start: all_seven}}\n" for n in (1, 2, 3, 4)]
TIE = "value: {sum: [{count: {zone: storage}}, {counter: worker_cards}, {counter: silver}]}"
ANIMALS = "{lookup: [0, 0, 1, 2, 4], index: {types: {zone: storage, where: {tag: animal}}}}"

BURGUNDY = [
    # set-up per player count (seed 003 配置 2, 3, 4, 5, 7, 10, 15)
    m("storage_goods_1_to_2", BC + "game.yaml",
      "{move: {from: {zone: goods_supply}, to: {zone: storage}, count: 1}",
      "{move: {from: {zone: goods_supply}, to: {zone: storage}, count: 2}"),
    m("storage_animal_1_to_2", BC + "game.yaml", SETUP_ANIMAL, SETUP_ANIMAL.replace("count: 1", "count: 2")),
    m("storage_silver_1_to_2", BC + "game.yaml", SETUP_ANIMAL + "        - {let: {amount: 1}",
      SETUP_ANIMAL + "        - {let: {amount: 2}"),
    m("goods_piles_halves_to_thirds", BC + "game.yaml", "count: {div: [{count: {zone: goods_supply}}, 2]}",
      "count: {div: [{count: {zone: goods_supply}}, 3]}"),
    m("animal_piles_halves_to_thirds", BC + "game.yaml", "count: {div: [{count: {zone: animal_supply}}, 2]}",
      "count: {div: [{count: {zone: animal_supply}}, 3]}"),
    m("worker_supply_22_to_21", BC + "game.yaml", "value: 22}", "value: 21}"),
    m("silver_supply_16_to_15", BC + "game.yaml", "value: 16}", "value: 15}"),
    m("start_player_workers_0_to_1", BC + "game.yaml", WORKERS, WORKERS.replace("then: 0", "then: 1")),
    m("last_player_workers_2_to_1", BC + "game.yaml", WORKERS, WORKERS.replace("then: 2, else: 1", "then: 1, else: 1")),
    m("middle_player_workers_1_to_2", BC + "game.yaml", WORKERS, WORKERS.replace("then: 2, else: 1", "then: 2, else: 2")),
    m("all_seven_order_1_on_top", BC + "other_cards.yaml", "".join(ALL_SEVEN), "".join(reversed(ALL_SEVEN))),
    m("all_seven_4_worth_3", BC + "other_cards.yaml", ALL_SEVEN[3], ALL_SEVEN[3].replace("vp: 4", "vp: 3")),
    m("all_seven_by_players_5_to_4", BC + "game.yaml", "{sub: [5, {players: true}]}", "{sub: [4, {players: true}]}"),
    m("castle_cards_12_to_13", BC + "action_cards.yaml", 'id: castle_1, name: {en: "Castle (1)", zh: "城堡 (1)"}, copies: 2',
      'id: castle_1, name: {en: "Castle (1)", zh: "城堡 (1)"}, copies: 3'),
    m("knowledge_cards_18_to_17", BC + "action_cards.yaml", '"知识 (1)"}, copies: 3', '"知识 (1)"}, copies: 2'),
    m("pasture_cards_18_to_19", BC + "action_cards.yaml", '"牧场 (6)"}, copies: 3', '"牧场 (6)"}, copies: 4'),
    m("goods_6_to_7", BC + "other_cards.yaml", "zh: 浅色货物}, copies: 6", "zh: 浅色货物}, copies: 7"),
    m("animals_5_to_4", BC + "other_cards.yaml", "zh: 鸡}, copies: 5", "zh: 鸡}, copies: 4"),
    m("display_7_to_8", BC + "game.yaml", "{lookup: [0, 0, 7, 10, 13]", "{lookup: [0, 0, 8, 10, 13]"),
    m("display_first_pass_12_to_6", BC + "game.yaml", "{lookup: [0, 0, 6, 6, 12]", "{lookup: [0, 0, 6, 6, 6]"),
    m("round_pile_6_to_7", BC + "game.yaml", "to: {zone: round_pile}, count: 6}", "to: {zone: round_pile}, count: 7}"),
    m("hand_2_to_3", BC + "game.yaml", "to: {zone: hand}, count: 2}", "to: {zone: hand}, count: 3}"),
    m("six_turns_to_five", BC + "game.yaml", "times: 6", "times: 5"),
    m("five_rounds_to_four", BC + "game.yaml", "{ge: [{round: true}, 5]}", "{ge: [{round: true}, 4]}"),
    m("display_discarded_at_round_end", BC + "game.yaml",
      "move: {from: {zone: card_display}, to: {zone: discard}, count: all}",
      "move: {from: {zone: card_display}, to: {zone: discard}, count: 1}"),
    m("next_start_player_1_to_2", BC + "game.yaml", "pass_start_player: 1,", "pass_start_player: 2,"),
    # actions (行动 1-6), workers and silver
    m("projects_3_to_4", BC + "game.yaml", "{ge: [{count: {zone: project_area}}, 3]}",
      "{ge: [{count: {zone: project_area}}, 4]}"),
    m("medium_shade_3_to_2", BC + "other_cards.yaml", "copies: 6, shade_low: 3,", "copies: 6, shade_low: 2,"),
    m("dark_shade_5_to_4", BC + "other_cards.yaml", "copies: 6, shade_low: 5,", "copies: 6, shade_low: 4,"),
    m("sale_silver_per_card_1_to_2", BC + "game.yaml", "{let: {amount: $sold_now}", "{let: {amount: {mul: [$sold_now, 2]}}"),
    m("sale_start_card_to_the_start_player", BC + "game.yaml",
      "set: {counter: start_card_holder, value: {seat: you}}",
      "set: {counter: start_card_holder, value: {seat: start_player}}"),
    m("top_up_workers_2_to_3", BC + "game.yaml", "{sub: [2, {counter: worker_cards}]}", "{sub: [3, {counter: worker_cards}]}"),
    m("take_silver_1_to_2", BC + "game.yaml", "        then:\n          - {let: {amount: 1}",
      "        then:\n          - {let: {amount: 2}"),
    m("convert_3_to_4", BC + "game.yaml", "if: {ge: [{sum: [{counter: worker_cards}, {counter: silver}]}, 3]}\n          as:",
      "if: {ge: [{sum: [{counter: worker_cards}, {counter: silver}]}, 4]}\n          as:"),
    m("three_workers_a_point_3_to_2", BC + "game.yaml", "three_workers, if: {ge: [{counter: worker_cards}, 3]}",
      "three_workers, if: {ge: [{counter: worker_cards}, 2]}"),
    m("purchase_3_silver_to_4", BC + "game.yaml", "- {ge: [{counter: silver}, 3]}", "- {ge: [{counter: silver}, 4]}"),
    m("purchase_price_3_to_2", BC + "game.yaml", "{add: {counter: silver, value: -3}", "{add: {counter: silver, value: -2}"),
    m("purchase_draws_3_to_4", BC + "game.yaml", "to: {zone: looking}, count: 3}", "to: {zone: looking}, count: 4}"),
    # bonuses (奖励)
    m("mine_2_silver_to_3", BC + "game.yaml", "then: [{let: {amount: 2}, rule_text: ''}, {call: gain_silver",
      "then: [{let: {amount: 3}, rule_text: ''}, {call: gain_silver"),
    m("knowledge_2_workers_to_1", BC + "game.yaml", "then: [{let: {amount: 2}, rule_text: ''}, {call: gain_workers",
      "then: [{let: {amount: 1}, rule_text: ''}, {call: gain_workers"),
    m("bank_3_silver_to_2", BC + "game.yaml", "then: [{let: {amount: 3}, rule_text: ''}, {call: gain_silver",
      "then: [{let: {amount: 2}, rule_text: ''}, {call: gain_silver"),
    m("watchtower_1_point_to_2", BC + "game.yaml", "then: [{add: {counter: vp, value: 1}, rule_text: ''}]",
      "then: [{add: {counter: vp, value: 2}, rule_text: ''}]"),
    m("first_bonus_at_3_to_2", BC + "game.yaml", "{attr: colour_group, of: $first}}}, 3]}",
      "{attr: colour_group, of: $first}}}, 2]}"),
    m("all_seven_at_7_to_6", BC + "game.yaml", "{eq: [{filled: {zone: estate}}, 7]}", "{eq: [{filled: {zone: estate}}, 6]}"),
    # scoring (游戏结束)
    m("triple_3_cards_to_2", BC + "game.yaml", "{div: [{count: {zone: estate, key: castle}}, 3]}",
      "{div: [{count: {zone: estate, key: castle}}, 2]}"),
    m("cloister_triple_6_to_5", BC + "action_cards.yaml", "triple: 6,", "triple: 5,", 0),
    m("castle_triple_3_to_4", BC + "action_cards.yaml", "die: 1, triple: 3, colour_group: castle",
      "die: 1, triple: 4, colour_group: castle"),
    m("first_bonus_1_point_to_2", BC + "other_cards.yaml", "colour_group: castle, vp: 1", "colour_group: castle, vp: 2"),
    m("goods_1_point_to_2", BC + "other_cards.yaml", "shade_high: 2, vp: 1", "shade_high: 2, vp: 2"),
    m("animals_one_kind_0_to_1", BC + "game.yaml", ANIMALS, ANIMALS.replace("[0, 0, 1, 2, 4]", "[0, 1, 1, 2, 4]")),
    m("animals_two_kinds_1_to_2", BC + "game.yaml", ANIMALS, ANIMALS.replace("[0, 0, 1, 2, 4]", "[0, 0, 2, 2, 4]")),
    m("animals_three_kinds_2_to_3", BC + "game.yaml", ANIMALS, ANIMALS.replace("[0, 0, 1, 2, 4]", "[0, 0, 1, 3, 4]")),
    m("animals_four_kinds_4_to_3", BC + "game.yaml", ANIMALS, ANIMALS.replace("[0, 0, 1, 2, 4]", "[0, 0, 1, 2, 3]")),
    m("start_card_1_point_to_2", BC + "game.yaml", "{seat: you}]}, then: 1, else: 0}", "{seat: you}]}, then: 2, else: 0}"),
    m("tie_break_without_workers", BC + "game.yaml", TIE,
      "value: {sum: [{count: {zone: storage}}, {counter: silver}]}"),
    m("tie_break_fewest_cards", BC + "game.yaml", TIE,
      "value: {sub: [0, {sum: [{count: {zone: storage}}, {counter: worker_cards}, {counter: silver}]}]}"),
]


def tile_mutations():
    """Each landscape tile's cost and its two scores, one step off (seed 004 中立景觀板塊 / 村莊板塊)."""
    out = []
    text = (ROOT / AM / "tiles.yaml").read_text(encoding="utf-8")
    for line in text.splitlines():
        tile = re.match(r"  - \{id: (\w+),", line)
        if not tile:
            continue
        for field in ("cost", "vp_small", "vp_big"):
            value = int(re.search(rf"\b{field}: (\d+)", line).group(1))
            wrong = value - 1 if field == "cost" and value > 1 and len(out) % 2 else value + 1
            out.append(m(f"{tile.group(1)}_{field}_{value}_to_{wrong}", AM + "tiles.yaml", line,
                         line.replace(f"{field}: {value},", f"{field}: {wrong},")))
    return out


COMMODITY_SCORE = "{sum: [{count: {zone: production, where: {eq: [{attr: commodity}, c{n}]}}}, 1]}"
PAYOUT = "{div: [{mul: [$mine, {sum: [$mine, 1]}]}, 2]}"

AMERIGO = tile_mutations() + [
    # production tokens (生產板塊): three of cost 2, four of cost 3, three of cost 4 per commodity
    m("c1_ii_2_cost_2_to_3", AM + "tokens.yaml", "copies: 2, commodity: c1, cost: 2,", "copies: 2, commodity: c1, cost: 3,"),
    m("c2_iii_3_cost_3_to_2", AM + "tokens.yaml", "copies: 1, commodity: c2, cost: 3, start: production_iii",
      "copies: 1, commodity: c2, cost: 2, start: production_iii"),
    m("c3_iv_4_cost_4_to_3", AM + "tokens.yaml", "copies: 1, commodity: c3, cost: 4,", "copies: 1, commodity: c3, cost: 3,"),
    m("c4_ii_3_cost_3_to_4", AM + "tokens.yaml", "copies: 2, commodity: c4, cost: 3,", "copies: 2, commodity: c4, cost: 4,"),
    m("c5_iv_3_cost_3_to_2", AM + "tokens.yaml", "copies: 1, commodity: c5, cost: 3, start: production_iv",
      "copies: 1, commodity: c5, cost: 2, start: production_iv"),
    m("c2_ii_4_copies_2_to_3", AM + "tokens.yaml", "copies: 2, commodity: c2, cost: 4,", "copies: 3, commodity: c2, cost: 4,"),
    m("production_revealed_6_to_5", AM + "game.yaml", "to: {zone: production_area}, count: 6}",
      "to: {zone: production_area}, count: 5}"),
    # the production printed on the player board (每種各1)
    *[m(f"board_production_c{n}_1_to_0", AM + "game.yaml", COMMODITY_SCORE.replace("{n}", str(n)),
        COMMODITY_SCORE.replace("{n}", str(n)).replace("}}}, 1]}", "}}}, 0]}")) for n in (1, 3, 5)],
    # progress tokens (發展板塊)
    *[m(f"ap_{c}_2_to_{w}", AM + "tokens.yaml", f"{{modify: ap, add: 2, if: {{eq: [$action_colour, {c}]}}}}",
        f"{{modify: ap, add: {w}, if: {{eq: [$action_colour, {c}]}}}}")
      for c, w in (("blue", 1), ("black", 3), ("red", 1), ("brown", 3), ("green", 1), ("yellow", 3))],
    *[m(f"ap_{a}_{b}_1_to_2", AM + "tokens.yaml", f"{{modify: ap, add: 1, if: {{any: [{{eq: [$action_colour, {a}]}}",
        f"{{modify: ap, add: 2, if: {{any: [{{eq: [$action_colour, {a}]}}")
      for a, b in (("blue", "red"), ("brown", "green"), ("black", "yellow"))],
    m("blue_eight_8_to_7", AM + "game.yaml", "let: {bonus: 8}", "let: {bonus: 7}"),
    m("pirates_plus_2_to_1", AM + "game.yaml", "{mul: [2, {count: {zone: progress_tokens, of: others",
      "{mul: [1, {count: {zone: progress_tokens, of: others"),
    m("half_loss_rounds_down", AM + "game.yaml", "then: {div: [{sum: [$strength, 1]}, 2]}",
      "then: {div: [{sum: [$strength, 0]}, 2]}"),
    m("repel_gold_2_to_1", AM + "game.yaml", "if: {owns: repel_gold}\n            then:\n              - advance: {track: gold, by: 2}",
      "if: {owns: repel_gold}\n            then:\n              - advance: {track: gold, by: 1}"),
    m("plan_two_2_to_3", AM + "game.yaml", "then: 2, else: 1}", "then: 3, else: 1}"),
    m("gold_3_3_to_2", AM + "game.yaml", "type: gold_3, card: $token}\n            then:\n              - advance: {track: gold, by: 3}",
      "type: gold_3, card: $token}\n            then:\n              - advance: {track: gold, by: 2}"),
    m("gold_5_5_to_4", AM + "game.yaml", "advance: {track: gold, by: 5}", "advance: {track: gold, by: 4}"),
    m("gold_per_post_1_to_2", AM + "game.yaml", "if: {owns: gold_per_post}\n                then:\n                  - advance: {track: gold, by: 1}",
      "if: {owns: gold_per_post}\n                then:\n                  - advance: {track: gold, by: 2}"),
    m("gold_half_rounds_down", AM + "game.yaml", "then: {div: [{sum: [{count: {zone: action_area}}, 1]}, 2]}",
      "then: {div: [{sum: [{count: {zone: action_area}}, 0]}, 2]}"),
    m("end_seven_7_to_6", AM + "tokens.yaml", "score: 7", "score: 6"),
    # trading posts (交易站指示物 12) and islands (島嶼)
    m("posts_12_to_11", AM + "game.yaml", "{lt: [{counter: posts}, 12]}", "{lt: [{counter: posts}, 11]}"),
    m("posts_12_to_13", AM + "game.yaml", "{lt: [{counter: posts}, 12]}", "{lt: [{counter: posts}, 13]}"),
    m("first_post_3_to_4", AM + "game.yaml", "{eq: [{region: all_markers, cell: $site}, 1]}\n                then:\n"
      "                  - add: {counter: vp, value: 3}", "{eq: [{region: all_markers, cell: $site}, 1]}\n"
      "                then:\n                  - add: {counter: vp, value: 4}"),
    m("completing_3_to_2", AM + "game.yaml", "    do:\n      - add: {counter: vp, value: 3}",
      "    do:\n      - add: {counter: vp, value: 2}"),
    m("chest_3_gold_to_2", AM + "game.yaml", "add: {counter: chests, value: 1}\n          - advance: {track: gold, by: 3}",
      "add: {counter: chests, value: 1}\n          - advance: {track: gold, by: 2}"),
    m("payout_per_post_1_3_6_to_1_2_3", AM + "game.yaml", PAYOUT, "{sum: [{mul: [$mine, 0]}, $mine]}"),
    m("payout_per_post_1_3_6_to_1_4_9", AM + "game.yaml", PAYOUT, "{mul: [$mine, $mine]}"),
    m("payout_per_post_1_3_6_to_2_3_6", AM + "game.yaml", PAYOUT, "{div: [{sum: [{mul: [$mine, {sum: [$mine, 1]}]}, 2]}, 2]}"),
    m("last_time_value_1_to_2", AM + "game.yaml", "then: {attr: time_value, of: {top: time_stack}}, else: 1}",
      "then: {attr: time_value, of: {top: time_stack}}, else: 2}"),
    m("big_island_20_to_21", AM + "map.yaml", "classes: {small: 1, big: 20}", "classes: {small: 1, big: 19}"),
    # gold (金幣), tracks, pirates, time
    m("gold_instead_thirds_rounds_down", AM + "game.yaml", "else: {div: [{sum: [{count: {zone: action_area}}, 2]}, 3]}",
      "else: {div: [{sum: [{count: {zone: action_area}}, 0]}, 3]}"),
    m("track_end_2_gold_to_1", AM + "game.yaml", "set: {counter: track_end, value: 1}\n          - advance: {track: gold, by: 2}",
      "set: {counter: track_end, value: 1}\n          - advance: {track: gold, by: 1}"),
    m("gold_track_12_to_13", AM + "game.yaml", "  gold:\n    length: 12", "  gold:\n    length: 13"),
    m("cannon_track_12_to_11", AM + "game.yaml", "  cannons:\n    length: 12", "  cannons:\n    length: 11"),
    m("pirate_4_strength_4_to_5", AM + "game.yaml", "strength: 4, start", "strength: 5, start"),
    m("time_4_value_4_to_3", AM + "game.yaml", "time_value: 4,", "time_value: 3,"),
    m("progress_area_4_to_3", AM + "game.yaml", "to: {zone: progress_left}, count: 4}\n  - shuffle",
      "to: {zone: progress_left}, count: 3}\n  - shuffle"),
    m("village_monominoes_4_to_3", AM + "game.yaml", "village_1, card: $it}}, to: {zone: villages}, count: 4}",
      "village_1, card: $it}}, to: {zone: villages}, count: 3}"),
]

GAMES = {"burgundy_cards": BURGUNDY, "amerigo": AMERIGO}


def scratch_copy() -> pathlib.Path:
    where = pathlib.Path(tempfile.mkdtemp(prefix="printed_mutants_"))
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".pytest_cache", "site")
    for part in ("boardrules", "content", "schemas", "examples", "tests"):
        shutil.copytree(ROOT / part, where / part, ignore=ignore)
    for f in ("pyproject.toml",):
        shutil.copy(ROOT / f, where / f)
    return where


def run_tests(where: pathlib.Path, game: str) -> tuple[int, str]:
    env = {**os.environ, "PYTHONPATH": str(where), "BOARDRULES_CACHE": "0", "PYTHONDONTWRITEBYTECODE": "1"}
    cmd = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "--durations=0",
           "-o", "addopts=", *TESTS[game]]
    done = subprocess.run(cmd, cwd=where, env=env, capture_output=True, text=True, timeout=1800)
    failed = re.search(r"^FAILED (\S+)", done.stdout, re.M) or re.search(r"^ERROR (\S+)", done.stdout, re.M)
    return done.returncode, failed.group(1) if failed else done.stdout.strip().splitlines()[-1:][0] if done.stdout else ""


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=sorted(GAMES), action="append")
    parser.add_argument("--only", action="append", help="run only the changes with these labels")
    args = parser.parse_args(argv)
    where = scratch_copy()
    missed_any = False
    try:
        for game in args.game or sorted(GAMES):
            changes = [c for c in GAMES[game] if not args.only or c[0] in args.only]
            rc, note = run_tests(where, game)
            if rc != 0:
                print(f"{game}: the rule tests fail on the unchanged content ({note}); nothing measured")
                return 2
            caught = 0
            for label, path, old, new, count in changes:
                target = where / path
                original = target.read_text(encoding="utf-8")
                found = original.count(old)
                if (count and found != count) or not found:
                    raise SystemExit(f"{label}: {old!r} is found {found} times in {path}, expected {count or '1+'}")
                target.write_text(original.replace(old, new), encoding="utf-8")
                started = time.monotonic()
                try:
                    rc, note = run_tests(where, game)
                finally:
                    target.write_text(original, encoding="utf-8")
                caught += rc != 0
                missed_any |= rc == 0
                print(f"  {game} {label}: {'caught' if rc else 'MISSED'} ({note}, {time.monotonic() - started:.0f} s)",
                      flush=True)
            print(f"{game}: caught {caught} of {len(changes)}", flush=True)
    finally:
        shutil.rmtree(where, ignore_errors=True)
    return 1 if missed_any else 0


if __name__ == "__main__":
    sys.exit(main())
