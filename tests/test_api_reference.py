"""The API reference lists every public member: each has a docstring (mkdocstrings renders it), and each data field
of a record is described in its class's docstring."""
import inspect

import attrs
import pytest

import boardrules

PUBLIC = [boardrules.Rules, boardrules.Game, boardrules.Action, boardrules.ContentError, boardrules.ContentIssue,
          boardrules.IllegalAction, boardrules.StateError, boardrules.UsageError, boardrules.RulesError]


def own_members(cls):
    for klass in cls.__mro__:
        if not klass.__module__.startswith("boardrules"):
            continue
        for name, value in vars(klass).items():
            if not name.startswith("_"):
                yield name, value


@pytest.mark.parametrize("cls", PUBLIC, ids=lambda c: c.__name__)
def test_every_public_member_is_documented(cls):
    fields = {f.name for f in attrs.fields(cls)} if attrs.has(cls) else set()
    undocumented = []
    for name, value in own_members(cls):
        if name in fields:
            if f"``{name}``" not in (cls.__doc__ or ""):
                undocumented.append(name)
            continue
        target = value.fget if isinstance(value, property) else getattr(value, "__func__", value)
        if callable(target) and not inspect.getdoc(target):
            undocumented.append(name)
    assert not undocumented, f"{cls.__name__}: document {undocumented}"


def test_the_api_page_renders_every_public_class():
    from pathlib import Path
    page = (Path(__file__).parent.parent / "docs" / "api.md").read_text(encoding="utf-8")
    for cls in PUBLIC:
        assert f"::: boardrules.{cls.__name__}" in page, cls
