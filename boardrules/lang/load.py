"""Content in, compiled model out: the merged document from ``content`` compiled into a ``GameDef``."""
from __future__ import annotations

from ..content.schemacheck import did_you_mean
from ..content.sources import load_sourced, resolve
from ..errors import ContentError
from .compiler import ContentCompiler


def load_model(source):
    path = resolve(source)
    merged = load_sourced(path)
    compiler = ContentCompiler(merged, did_you_mean)
    model = compiler.compile()
    if compiler.issues:
        order = {f: i for i, f in enumerate(merged.files)}
        raise ContentError(sorted(compiler.issues, key=lambda e: (order.get(e.file, 0), e.line or 0, e.column or 0)))
    model.raw["path"] = str(path)
    return model
