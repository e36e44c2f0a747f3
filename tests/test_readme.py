"""The README's Python example must run as written."""
import pathlib
import re

README = pathlib.Path(__file__).resolve().parents[1] / "README.md"


def test_readme_python_blocks_run():
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    assert blocks, "the README has a Python example"
    for block in blocks:
        exec(compile(block, "README.md", "exec"), {})


def test_readme_has_the_two_commands():
    text = README.read_text(encoding="utf-8")
    assert "boardrules play san_juan --players 4 --seed 7" in text
    assert "pip install '.[test]' && pytest" in text
