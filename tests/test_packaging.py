"""What a registry page shows of the package: its metadata is complete, and the changelog has an entry for the
version being released."""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def test_the_changelog_has_an_entry_for_the_version():
    headings = re.findall(r"^## (\S+)", (ROOT / "CHANGELOG.md").read_text(encoding="utf-8"), re.M)
    assert PROJECT["version"] in headings, (PROJECT["version"], headings)


def test_the_version_is_the_one_the_package_reports():
    import boardrules

    assert boardrules.__version__ == PROJECT["version"]


def test_the_metadata_a_registry_page_shows():
    assert {"Homepage", "Documentation", "Changelog"} <= set(PROJECT["urls"])
    classifiers = PROJECT["classifiers"]
    assert any(c.startswith("Development Status") for c in classifiers)
    assert any(c.startswith("License") for c in classifiers) or PROJECT.get("license")
    minimum = re.fullmatch(r">=3\.(\d+)", PROJECT["requires-python"]).group(1)
    listed = sorted(int(c.rsplit(".", 1)[1]) for c in classifiers if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c))
    assert listed and listed[0] == int(minimum), listed


def test_the_test_extra_does_not_pull_in_the_documentation_stack():
    test = PROJECT["optional-dependencies"]["test"]
    assert not any(re.match(r"(mkdocs|boardrules\[docs\])", requirement) for requirement in test), test


def test_the_long_description_has_no_link_that_breaks_off_the_repository():
    """A registry page shows the README without the repository around it: every link must be absolute."""
    from importlib.metadata import metadata

    meta = metadata("boardrules")
    text = meta.get_payload() or meta.get("Description") or ""
    assert "boardrules" in text and "## Two commands" in text
    links = re.findall(r"\]\(([^)]*)\)", text)
    assert links and all(re.match(r"https?://", link) for link in links), [x for x in links if "://" not in x]


def test_the_rl_extra_brings_what_both_learning_adapters_need_and_ci_installs_it():
    extras = PROJECT["optional-dependencies"]
    assert set(extras["rl"]) == set(extras["pettingzoo"]) | set(extras["gymnasium"])
    assert not any(r.startswith("open_spiel") for r in extras["rl"])        # the heavy one stays its own extra
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    installed = re.search(r"pip install --quiet '\.\[([a-z,-]+)\]'", ci).group(1).split(",")
    assert "rl" in installed, installed
