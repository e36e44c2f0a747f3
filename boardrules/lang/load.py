"""Content in, compiled model out: the merged document from ``content`` built into a ``GameDef``."""
from __future__ import annotations

from ..content.schemacheck import did_you_mean
from ..content.sources import load_sourced, resolve
from ..errors import ContentError
from .build import Builder


def load_model(source):
    path = resolve(source)
    merged = load_sourced(path)
    builder = Builder(merged, did_you_mean)
    model = builder.build()
    if builder.issues:
        order = {f: i for i, f in enumerate(merged.files)}
        raise ContentError(sorted(builder.issues, key=lambda e: (order.get(e.file, 0), e.line or 0, e.column or 0)))
    model.raw["path"] = str(path)
    return model
