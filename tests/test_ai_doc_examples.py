"""The adapter examples of docs/ai.md run: each is a ```py block whose first line says which package it needs
(``# needs: pettingzoo``); it runs when that package is installed and skips otherwise. (The page's ```python blocks,
which need nothing more, are run by test_doc_snippets.)"""
from __future__ import annotations

import pathlib
import re
import textwrap

import pytest

PAGE = pathlib.Path(__file__).resolve().parents[1] / "docs" / "ai.md"
BLOCKS = [textwrap.dedent(b) for b in re.findall(r"```py\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.S)]


def test_every_adapter_example_says_what_it_needs():
    assert len(BLOCKS) >= 3
    for block in BLOCKS:
        assert re.match(r"# needs: \w+\n", block), block.splitlines()[0]


@pytest.mark.parametrize("block", BLOCKS, ids=lambda b: b.split("\n", 1)[0].removeprefix("# needs: "))
def test_the_adapter_examples_run(block):
    pytest.importorskip(block.split("\n", 1)[0].removeprefix("# needs: "))
    namespace: dict = {}
    exec(compile(block, f"{PAGE.name} (py example)", "exec"), namespace)
    assert "env" in namespace or "game" in namespace
