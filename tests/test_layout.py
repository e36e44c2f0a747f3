"""The package's layout: each sub-package one layer, imports only pointing down, no import cycle."""
import ast
import pathlib

import boardrules

ROOT = pathlib.Path(boardrules.__file__).resolve().parent
#: Layer of each top-level part of the package. A module may import from its own part or from a lower layer;
#: two parts on one layer do not know each other (``lang`` compiles the model, ``engine`` runs it).
LAYERS = {"errors": 0, "jsontypes": 0, "limits": 0, "actions": 0.5, "content": 1, "model": 1, "lang": 2, "engine": 2, "compiled": 2.5, "api": 3, "ai": 4, "docgen": 4,
          "play": 4, "serve": 4.5, "cli": 5, "testing": 5, "__init__": 5}


def part_of(module: str) -> str:
    part = module.split(".")[1] if module.count(".") else "__init__"
    return part if part in LAYERS else "__init__"     # a name imported from the package itself


def imports(path: pathlib.Path):
    """(line, imported boardrules module) for every import in a file, relative ones resolved."""
    rel = path.relative_to(ROOT.parent).with_suffix("")
    package = list(rel.parts[:-1]) if rel.name != "__init__" else list(rel.parts[:-1])
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
                names = [target] if node.module else [f"{target}.{a.name}" for a in node.names]
            else:
                names = [node.module or ""]
            for name in names:
                if name.startswith("boardrules"):
                    yield node.lineno, name
        elif isinstance(node, ast.Import):
            for a in node.names:
                if a.name.startswith("boardrules"):
                    yield node.lineno, a.name


def test_every_part_has_a_layer():
    parts = {p.stem if p.is_file() else p.name for p in ROOT.iterdir()
             if (p.suffix == ".py" or (p.is_dir() and (p / "__init__.py").exists()))}
    assert parts == set(LAYERS), parts ^ set(LAYERS)


def test_imports_point_down():
    wrong = []
    for path in sorted(p for p in ROOT.rglob("*.py") if "_data" not in p.relative_to(ROOT).parts):   # (the wheel's
        # packaged examples are users' scripts, not the package)
        here = part_of(".".join(path.relative_to(ROOT.parent).with_suffix("").parts))
        for line, name in imports(path):
            there = part_of(name) if name != "boardrules" else "__init__"
            if there == here:
                continue
            if LAYERS[there] >= LAYERS[here]:
                wrong.append(f"{path.relative_to(ROOT.parent)}:{line}: {here} imports {name}")
    assert not wrong, "imports that do not point down:\n" + "\n".join(wrong)
