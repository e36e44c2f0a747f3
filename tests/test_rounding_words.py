"""A division on the rules pages says how it rounds, as a player says it ("half the strength (rounded up)"), and the
number a reader works out from the words is the number the game computes (issue 40: "1 for every full 3 of the
cubes plus 2" read as a third rounded down plus 2 where the game takes a third rounded up).

Each expression is compiled as content compiles it; its sentence is read back by a small reader of these words only
(the test's own, not the library's), and both are evaluated for sample inputs."""
import math
import pathlib
import re
from fractions import Fraction

import pytest

import boardrules
from boardrules.lang.steps import StepCompiler

ROOT = pathlib.Path(__file__).resolve().parents[1]
PARTS = {"half": 2, "a third": 3, "a quarter": 4}
ROUNDING = r"rounded up|rounded down|rounded to the nearest whole number(?:, halves up)?"


class _Table:
    """A stand-in game: the centre holds ``size`` cards (a count reads only the zone's length)."""

    def __init__(self, zone, size):
        self.zones = {zone: [list(range(size))]}


def _round(value: Fraction, how: str) -> int:
    if how == "rounded up":
        return math.ceil(value)
    if how == "rounded down":
        return math.floor(value)
    return math.floor(value + Fraction(1, 2))      # to the nearest, halves up (no halves with an odd divisor)


def read(text: str, env: dict) -> int:
    """The number a reader works out from the words: the variables are "the n" and "the m", and "the number of
    cards in the centre" is env["centre"]."""
    text = text.strip()
    if re.fullmatch(r"\d+", text):
        return int(text)
    if text in ("the n", "the m"):
        return env[text[4:]]
    if text == "the number of cards in the centre":
        return env["centre"]
    m = re.fullmatch(r"the total of (.+) and ([^,]+)", text)
    if m:
        return sum(read(t, env) for t in m.group(1).split(", ")) + read(m.group(2), env)
    m = re.fullmatch(rf"(half|a third|a quarter) of (.+) \(({ROUNDING})\)", text)
    if m:
        return _round(Fraction(read(m.group(2), env), PARTS[m.group(1)]), m.group(3))
    m = re.fullmatch(rf"(.+) divided by (\d+) \(({ROUNDING})\)", text)
    if m:
        return _round(Fraction(read(m.group(1), env), int(m.group(2))), m.group(3))
    m = re.fullmatch(r"(.+) for every (\d+) tokens in the centre", text)
    if m:
        return read(m.group(1), env) * (env["centre"] // int(m.group(2)))
    m = re.fullmatch(r"(.+) times (\d+) (more|less) than (.+)", text)
    if m:
        sign = 1 if m.group(3) == "more" else -1
        return read(m.group(1), env) * (read(m.group(4), env) + sign * int(m.group(2)))
    raise AssertionError(f"a sentence this reader cannot read: {text!r}")


@pytest.fixture(scope="module")
def compiler():
    model = boardrules.load(ROOT / "tests" / "games" / "tally").model
    problems = []
    c = StepCompiler(model, lambda *a, **k: problems.append(a))
    yield c, model
    assert not problems


CASES = [
    ({"div": [{"sum": ["$n", 2]}, 3]}, "a third of the n (rounded up)"),         # Amerigo's gold
    ({"div": [{"sum": ["$n", 1]}, 2]}, "half of the n (rounded up)"),            # Amerigo's halved loss
    ({"div": ["$n", 2]}, "half of the n (rounded down)"),
    ({"div": ["$n", 4]}, "a quarter of the n (rounded down)"),
    ({"div": ["$n", 5]}, "the n divided by 5 (rounded down)"),
    ({"div": [{"sum": ["$n", 4]}, 5]}, "the n divided by 5 (rounded up)"),
    ({"div": [{"sum": ["$n", 2]}, 4]}, "a quarter of the n (rounded to the nearest whole number, halves up)"),
    ({"div": [{"sum": ["$n", 1]}, 3]}, "a third of the n (rounded to the nearest whole number)"),
    ({"div": [{"sum": ["$n", 5]}, 4]}, "a quarter of the total of the n and 5 (rounded down)"),
    ({"div": [{"sum": ["$n", "$m", 1]}, 2]}, "half of the total of the n and the m (rounded up)"),
    ({"div": [{"sum": ["$n", "$m"]}, 3]}, "a third of the total of the n and the m (rounded down)"),
    ({"mul": [{"div": [{"count": {"zone": "centre"}}, 3]}, "$m"]}, "the m for every 3 tokens in the centre"),
    ({"mul": ["$m", {"sum": ["$n", 1]}]}, "the m times 1 more than the n"),           # Amerigo's commodities
]


@pytest.mark.parametrize("node,said", CASES, ids=[c[1] for c in CASES])
def test_the_words_give_the_numbers_the_game_computes(compiler, node, said):
    c, model = compiler
    fn, text = c.number(node, ("x",))
    assert str(text) == said
    centre = model.zone_index["centre"]
    for n in range(0, 14):
        for size in (0, 2, 3, 7, 9):
            env = {"n": n, "m": 2, "centre": size}
            assert read(said, env) == fn(_Table(centre, size), env), (said, n, size)


def test_the_reader_is_strict():
    """The reader is the test's judge: a sentence it misreads must fail (the old words read a third rounded down
    plus 2, which is not the game's number)."""
    env = {"n": 4, "m": 2, "centre": 0}
    assert read("a third of the n (rounded down)", env) + 2 != (4 + 2) // 3
    with pytest.raises(AssertionError):
        read("1 for every full 3 of the n plus 2", env)
