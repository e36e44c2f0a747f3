"""The security page quotes every limit of boardrules/limits.py with its value, so the two cannot drift apart."""
from pathlib import Path

from boardrules import limits

PAGE = Path(__file__).resolve().parent.parent / "docs" / "security.md"


def test_the_security_page_quotes_every_limit_with_its_value():
    rows = {}
    for line in PAGE.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if len(cells) == 3 and cells[0].startswith("`MAX_") or cells[0] == "`STEP_BUDGET`":
            rows[cells[0].strip("`")] = cells[1]
    declared = {name: value for name, value in vars(limits).items() if name.isupper()}
    assert set(rows) == set(declared), set(rows) ^ set(declared)
    for name, value in declared.items():
        assert rows[name] == f"{value:,}", (name, rows[name], value)
