"""The generated code (boardrules/lang/codegen.py, blockcode.py) plays exactly as the compiled closures it replaces,
and is written from the engine's own words only: no text from a content file becomes code."""
import ast

import pytest

import boardrules
from boardrules.errors import RulesError
from boardrules.lang import codegen
from boardrules.lang.load import load_model
from boardrules.model import nodes as N
from boardrules.model.records import GameDef
from random_games import kernel_game, plain_and_generated

# the variables the engine itself binds and reads ("free": the phase a play_phase step plays, which nobody chose)
ENGINE_NAMES = {"you", "moved", "role", "chooser", "it", "self", "index", "free"}


def _play(model, options, players, seed, choices=400):
    """A game played on a kernel of ``model`` with seeded random choices: its history, log and final state."""
    return kernel_game(model, players, seed, boardrules.Rules(model).check_options(options, players, None), choices)


@pytest.mark.parametrize("game, options, players", [
    ("san_juan", {}, 4),
    ("san_juan_1897", {}, 3),
    ("san_juan", {}, 6),
    ("puerto_rico", {}, 4),
    ("puerto_rico", {"new_buildings": "draft", "nobles": True}, 5),
])
def test_generated_code_plays_the_same_game_as_the_closures(game, options, players):
    plain, generated, made = plain_and_generated(game)
    assert made > 50 and generated.generated
    for seed in (1, 2):
        assert _play(generated, options, players, seed) == _play(plain, options, players, seed)


def test_a_game_through_the_api_plays_on_generated_code():
    rules = boardrules.load("san_juan")
    assert not rules.model.generated       # loading alone writes nothing (the docs and checks need none of it)
    rules.new_game(players=3, seed=5, log=False)
    assert rules.model.generated
    block = rules.model.nodes["roles/0/action"]
    assert block.step.__code__.co_filename == "<boardrules: generated>"


def _literals(source):
    return {n.value for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Constant) and isinstance(n.value, str)}


@pytest.mark.parametrize("game", ["san_juan", "puerto_rico"])
def test_generated_source_holds_no_text_from_the_content(game):
    model = load_model(game)
    codegen.generate(model)
    words = set().union(*(_literals(src) for src in model.generated))
    assert words <= ENGINE_NAMES, words - ENGINE_NAMES
    ids = {t.id for t in model.types} | {r.id for r in model.roles} | set(model.zone_index) | set(model.counter_index)
    names = {n.id for src in model.generated for n in ast.walk(ast.parse(src)) if isinstance(n, ast.Name)}
    assert not names & ids, names & ids     # content reaches the code only as bound constants (_k3)
    local = {"g", "env", "f", "pc", "exc", "value", "you", "active", "add", "working", "role", "mult", "amount", "skip",
             "total", "saved", "seen", "actions", "values", "cache", "hosts", "c", "sig", "a", "out", "t", "local",
             "outer", "seat", "each"}
    made = ("_k", "_t", "_r", "_q", "_b", "_cp", "_o", "_h")      # constants, temporaries and the functions written
    assert all(n in local | {"max", "min", "sum", "len", "bool", "set", "dict", "list", "range", "KeyError", "_missing"} or n.startswith(made)
               for n in names), sorted(names)


def test_reading_the_acting_player_where_there_is_none_is_a_rules_error():
    model = GameDef()
    reads_you = codegen.coded(lambda g, env: env["you"] == 0, lambda e: '(env["you"] == 0)')
    model.flow = N.If(reads_you, None, None)
    assert codegen.generate(model) == 1     # one expression, no block, no quantity
    assert model.flow.cond is not reads_you
    assert model.flow.cond(None, {"you": 0}) is True
    with pytest.raises(RulesError, match="no player is in scope"):
        model.flow.cond(None, {})


def test_a_second_load_of_the_same_content_binds_its_own_model():
    a, b = load_model("san_juan"), load_model("san_juan")
    codegen.generate(a)
    codegen.generate(b)
    assert a.generated == b.generated       # the same source (compiled once in a process) ...
    path = "roles/0/action"
    bound = {id(v) for v in b.nodes[path].step.__globals__.values()}
    assert id(b.nodes[path].steps[0]) in bound      # ... run with the second model's own nodes and tables
    assert id(a.nodes[path].steps[0]) not in bound


def test_only_small_numbers_are_written_as_literals():
    e = codegen.Emitter()
    assert e.const(3) == "3" and e.const(-2) == "(-2)" and e.const(True) == "True"
    big = 10 ** 40
    name = e.const(big)
    assert name.startswith("_k") and e.consts[name] == big


def test_content_the_compiler_cannot_write_plays_on_the_closures(monkeypatch):
    model = load_model("san_juan")
    step = model.nodes["roles/0/action"].step

    def too_deep(*args):
        raise RecursionError("maximum recursion depth exceeded during compilation")
    monkeypatch.setattr(codegen, "compile", too_deep, raising=False)
    monkeypatch.setattr(codegen, "_compiled", {})       # not compiled before in this process
    assert codegen.generate(model) == 0
    assert not model.generated and model.nodes["roles/0/action"].step == step      # nothing half put in place
    rules = boardrules.Rules(model)
    rules._generated = True
    game = rules.new_game(players=4, seed=1, log=False)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    assert game.scores()


def test_a_model_gets_its_code_once_even_from_two_threads():
    import threading

    model = load_model("san_juan")
    counts = []
    threads = [threading.Thread(target=lambda: counts.append(codegen.generate(model))) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(counts)[0] == 0 and sorted(counts)[1] > 50 and len(model.generated) == 1
