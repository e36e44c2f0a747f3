"""Content in, compiled model out: the merged document from ``content`` compiled into a ``GameDef``.

Every stage runs on whatever the earlier ones could use, and all their problems come out in one ContentError."""
from __future__ import annotations

from ..content import cache
from ..content.schemacheck import did_you_mean
from ..content.sources import Gathering, gather, resolve
from .compiler import ContentCompiler


def load_model(source):
    path = resolve(source)
    found = Gathering()
    merged = cache.lookup(path)     # content that loaded cleanly before, unchanged since
    cached = merged is not None
    if not cached:
        merged = gather(path, found)
    model = None
    if merged is not None:
        compiler = ContentCompiler(merged, did_you_mean, checked=cached)
        model = compiler.compile()
        found.add_later_issues(compiler.issues)
    error = found.error()
    if error is not None:
        raise error
    if not cached:
        cache.save(path, merged)
    model.raw["path"] = str(path)
    return model
