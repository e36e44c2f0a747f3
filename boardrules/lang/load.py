"""Content in, compiled model out: the merged document from ``content`` built into a ``GameDef``.

Every stage runs on whatever the earlier ones could use, and all their problems come out in one ContentError."""
from __future__ import annotations

from ..content.schemacheck import did_you_mean
from ..content.sources import Gathering, gather, resolve
from .build import Builder


def load_model(source):
    path = resolve(source)
    found = Gathering()
    merged = gather(path, found)
    model = None
    if merged is not None:
        builder = Builder(merged, did_you_mean)
        model = builder.build()
        found.add_later_issues(builder.issues)
    error = found.error()
    if error is not None:
        raise error
    model.raw["path"] = str(path)
    return model
