"""Safe YAML loading that keeps line/column positions for error messages.

We let ruamel.yaml parse and *compose* (make the node graph, which never runs
constructors for tags), then convert the nodes to plain Python ourselves.  That
way unknown tags are rejected before anything is constructed, and aliases --
which the composer keeps as shared nodes -- can be measured before they are
expanded, so an alias bomb takes time proportional to the file, not to its
expansion.
"""

from __future__ import annotations

import os

from ruamel.yaml import YAML
from ruamel.yaml.composer import Composer, MaxDepthExceededError
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.nodes import MappingNode, ScalarNode, SequenceNode

from ..errors import ContentError, ContentIssue
from ..limits import (MAX_ALIASES, MAX_EXPANDED_VALUES, MAX_FILE_BYTES, MAX_FILE_VALUES, MAX_INT_DIGITS, MAX_NESTING,
                      MAX_NUMBER)
from .located import Located, _fail, not_regular, path_to_str, read_regular_file  # noqa: F401

__all__ = ["Located", "load_yaml", "path_to_str"]

_CORE = "tag:yaml.org,2002:"
_STR, _MAP, _SEQ, _MERGE, _INT = (_CORE + t for t in ("str", "map", "seq", "merge", "int"))
# YAML 1.2 core schema, plus merge keys; timestamps are kept as their text so
# the data stays JSON-like.
_SCALAR_TAGS = {_CORE + t for t in ("str", "int", "float", "bool", "null", "timestamp")}
_ALLOWED_TAGS = _SCALAR_TAGS | {_MAP, _SEQ, _MERGE}


class _TooManyValues(Exception):
    def __init__(self, mark):
        self.mark = mark


class _CountingComposer(Composer):
    """ruamel's composer, counting values as it goes: a file of a million tiny values stops after ``max_values``
    of them (a fraction of a second) instead of after composing all of them (many seconds)."""

    max_values = 0
    values = 0

    def compose_node(self, parent, index):
        self.values += 1
        if self.values > self.max_values:
            raise _TooManyValues(self.parser.peek_event().start_mark)
        return super().compose_node(parent, index)


def _mark(node) -> tuple[int, int]:
    return node.start_mark.line + 1, node.start_mark.column + 1


def _value_mark(key_node, value_node) -> tuple[int, int]:
    # An empty value (`copies:`) is marked where the *next* token starts, often
    # on a later line; pointing at its key is what a reader expects.
    if isinstance(value_node, ScalarNode) and value_node.value == "" and value_node.tag != _STR:
        return _mark(key_node)
    return _mark(value_node)


def _short_tag(tag: str) -> str:
    return "!!" + tag[len(_CORE):] if tag.startswith(_CORE) else tag


def load_yaml(
    path,
    *,
    text: str | None = None,
    max_bytes: int = MAX_FILE_BYTES,
    max_aliases: int = MAX_ALIASES,
    max_depth: int = MAX_NESTING,
    max_values: int = MAX_FILE_VALUES,
    max_nodes: int = MAX_EXPANDED_VALUES,
) -> Located:
    """Safe-load one YAML document; raise ContentError (one located issue) on any problem.

    Limits, all enforced before or while parsing so a hostile file takes little time: ``max_bytes`` of text,
    ``max_values`` values as written (the largest packaged file has about 1,500), nesting ``max_depth`` deep,
    ``max_aliases`` alias uses, and ``max_nodes`` values once aliases are expanded."""
    file = os.fspath(path)
    if not isinstance(file, str):
        file = os.fsdecode(file)
    if text is None:
        raw = read_regular_file(file, max_bytes)
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            _fail(file, f"the file is not valid UTF-8 (byte {exc.start})")
    # Checked again for `text=` callers and for files that grew while we read them.
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > max_bytes:
        _fail(file, f"the file is too large ({size} bytes, the limit is {max_bytes})")

    yaml = YAML(typ="safe", pure=True)
    # The composer recurses per level; stopping it here keeps deep files away
    # from Python's recursion limit.  +1 because it also counts the leaf scalar.
    yaml.max_depth = max_depth + 1
    yaml.Composer = _CountingComposer
    yaml.composer.max_values = max_values
    try:
        root = yaml.compose(text)
    except _TooManyValues as exc:
        _fail(file, f"the file holds too many values (more than {max_values})", exc.mark.line + 1,
              exc.mark.column + 1, hint="split the content into several included files")
    except MaxDepthExceededError as exc:
        line, column = exc.problem_mark.line + 1, exc.problem_mark.column + 1
        _fail(file, f"nesting is deeper than {max_depth} levels", line, column)
    except MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, column = (mark.line + 1, mark.column + 1) if mark else (None, None)
        hint = None
        if exc.context:
            hint = exc.context
            if exc.context_mark is not None and exc.problem:
                hint += f" at line {exc.context_mark.line + 1}"
        _fail(file, f"invalid YAML: {exc.problem or exc.context}", line, column, hint=hint)
    except RecursionError:
        _fail(file, f"nesting is deeper than {max_depth} levels")
    except YAMLError as exc:  # reader errors (bad characters) carry a character offset
        pos = getattr(exc, "position", None)
        if isinstance(pos, int):
            line = text.count("\n", 0, pos) + 1
            message = str(exc).splitlines()[0]
            _fail(file, f"invalid YAML: {message}", line, pos - text.rfind("\n", 0, pos))
        _fail(file, f"invalid YAML: {exc}")

    if root is None or (root.tag == _CORE + "null" and root.value == ""):
        _fail(file, "the file is empty")
    converter = _Converter(file, yaml.constructor, max_aliases, max_depth, max_nodes)
    try:
        converter.measure(root)
        data = converter.convert(root, ())
    except RecursionError:  # only reachable with a very large max_depth
        _fail(file, f"nesting is deeper than {max_depth} levels")
    return Located(file, data, converter.positions, converter.keys, size)


def _int_digits(text: str) -> int:
    """The digits of an integer as written, in its own base: a hex literal's letters count too (``0x`` and a sign
    do not), so ``0xfff...`` of 20,000 digits is refused like 20,000 nines."""
    text = text.lstrip("+-").lower()
    if text[:2] in ("0x", "0o", "0b"):
        text = text[2:]
    return sum(ch.isalnum() for ch in text)


class _Converter:
    """Turns a composed node graph into plain Python, enforcing the limits."""

    def __init__(self, file, constructor, max_aliases, max_depth, max_nodes):
        self.file = file
        self.constructor = constructor
        self.max_aliases, self.max_depth, self.max_nodes = max_aliases, max_depth, max_nodes
        self.positions: dict[tuple, tuple[int, int]] = {}
        self.keys: dict[tuple, tuple[int, int]] = {}

    def fail(self, node, message, hint=None):
        _fail(self.file, message, *_mark(node), hint=hint)

    # -- pass 1: look at each distinct node once ------------------------------
    def measure(self, root) -> None:
        """Check tags and limits on the node graph before expanding anything.

        Each distinct node is visited once and its expanded size is memoised,
        so a billion-laughs file is rejected after a few dozen steps.
        """
        seen: dict[int, tuple[int, int]] = {}  # id -> (expanded size, collection height)
        active: set[int] = set()
        aliases = 0

        def visit(node, depth: int) -> tuple[int, int]:
            nonlocal aliases
            key = id(node)
            if key in seen or key in active:
                aliases += 1  # a node reached twice is reached through an alias
                if aliases > self.max_aliases:
                    self.fail(node, f"too many alias uses (more than {self.max_aliases})")
                if key in active:
                    self.fail(node, "an alias refers to a node that contains it (recursive alias)")
                size, height = seen[key]
                if depth + height - 1 > self.max_depth:
                    self.fail(node, f"nesting is deeper than {self.max_depth} levels (through aliases)")
                return size, height
            if node.tag not in _ALLOWED_TAGS:
                self.fail(node, f"tag {_short_tag(node.tag)} is not allowed",
                          hint="only plain YAML values (strings, numbers, booleans, null, lists, mappings) are supported")
            if isinstance(node, ScalarNode):
                seen[key] = (1, 0)
                return seen[key]
            if depth > self.max_depth:
                self.fail(node, f"nesting is deeper than {self.max_depth} levels")
            active.add(key)
            children = node.value if isinstance(node, SequenceNode) else [n for kv in node.value for n in kv]
            size, height = 1, 1
            for child in children:
                child_size, child_height = visit(child, depth + 1)
                size, height = size + child_size, max(height, child_height + 1)
            active.discard(key)
            if size > self.max_nodes:
                self.fail(node, f"the document expands to too many values (more than {self.max_nodes}); "
                                "check for aliases (*name) that repeat large parts")
            seen[key] = (size, height)
            return size, height

        visit(root, 1)

    # -- pass 2: convert to plain data, recording positions -------------------
    def convert(self, node, path: tuple, position: tuple[int, int] | None = None):
        self.positions[path] = position or _mark(node)
        if isinstance(node, SequenceNode):
            if node.tag != _SEQ:
                self.fail(node, f"tag {_short_tag(node.tag)} cannot be used on a list")
            return [self.convert(item, path + (i,)) for i, item in enumerate(node.value)]
        if isinstance(node, MappingNode):
            if node.tag != _MAP:
                self.fail(node, f"tag {_short_tag(node.tag)} cannot be used on a mapping")
            out = {}
            for key, (key_node, value) in self._pairs(node, path).items():
                self.keys[path + (key,)] = _mark(key_node)
                out[key] = self.convert(value, path + (key,), _value_mark(key_node, value))
            return out
        if node.tag not in _SCALAR_TAGS | {_MERGE}:
            self.fail(node, f"tag {_short_tag(node.tag)} cannot be used on a scalar")
        if node.tag in (_STR, _MERGE, _CORE + "timestamp"):
            return node.value
        if node.tag == _INT and _int_digits(node.value) > MAX_INT_DIGITS:
            # (Python refuses to read an int of over 4,300 digits with an error of its own; far fewer are useful)
            self.fail(node, f"an integer of more than {MAX_INT_DIGITS} digits",
                      hint=f"numbers in content stay within {MAX_NUMBER:,}")
        try:
            return self.constructor.construct_object(node, deep=True)
        except (ValueError, OverflowError, YAMLError) as exc:
            self.fail(node, f"cannot read the value {node.value[:40]!r}: {exc}")

    def _pairs(self, node, path: tuple) -> dict:
        """key -> (key node, value node), with `<<` merge keys applied (explicit keys win)."""
        pairs: dict[str, tuple] = {}
        first_seen: dict[str, int] = {}
        merges = []
        for key_node, value_node in node.value:
            if key_node.tag == _MERGE:
                merges.append(value_node)
                continue
            if not isinstance(key_node, ScalarNode) or key_node.tag != _STR:
                shown = key_node.value if isinstance(key_node, ScalarNode) else (
                    "a list" if isinstance(key_node, SequenceNode) else "a mapping")
                self.fail(key_node, f"mapping keys must be strings, got {shown}",
                          hint="put the key in quotes" if isinstance(key_node, ScalarNode) else None)
            key = key_node.value
            if key in pairs:
                _fail(self.file, f"duplicate key {key!r} (first defined on line {first_seen[key]})",
                      *_mark(key_node), path=path + (key,))
            pairs[key] = (key_node, value_node)
            first_seen[key] = key_node.start_mark.line + 1
        for merge in merges:
            sources = merge.value if isinstance(merge, SequenceNode) else [merge]
            for source in sources:
                if not isinstance(source, MappingNode):
                    self.fail(source, "'<<' can only merge mappings")
                for key, pair in self._pairs(source, path).items():
                    pairs.setdefault(key, pair)
        return pairs
