"""The public API is typed: mypy --strict passes on the example scripts and catches game.apply(42)."""
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


def mypy(*files):
    return subprocess.run([sys.executable, "-m", "mypy", "--strict", "--follow-imports=silent", "--no-incremental",
                           *map(str, files)], capture_output=True, text=True, cwd=ROOT)


def test_the_example_scripts_type_check_strictly():
    run = mypy(ROOT / "examples" / "random_game.py", ROOT / "examples" / "greedy_bot.py")
    assert run.returncode == 0, run.stdout + run.stderr


def test_applying_a_number_is_a_type_error():
    run = mypy(ROOT / "tests" / "typecheck" / "apply_42.py")
    assert run.returncode == 1 and 'Argument 1 to "apply" of "Game"' in run.stdout, run.stdout
