"""JSON Schema validation of loaded YAML, reported as located, human messages."""

from __future__ import annotations

import difflib
import functools
import json
import re

from ..errors import ContentIssue
from .located import Located

__all__ = ["validate", "did_you_mean", "id_for", "ids_for", "normal"]

_TYPE_NAMES = {
    "integer": "an integer", "number": "a number", "string": "a string",
    "boolean": "a boolean (true/false)", "object": "a mapping", "array": "a list", "null": "null",
}
_MAX_SHOWN = 60


def did_you_mean(word, candidates, names=None) -> str | None:
    """"did you mean 'move'?" for the closest candidate, or None. A word written as the rules pages show an id (in
    other case, with blanks for underscores) suggests that id; ``names`` (display text -> id: a name, a declared
    text) lets a display text, its first words or a near miss of it suggest the id it shows."""
    options = [str(c) for c in candidates if str(c) != str(word)]
    guesses = ids_for(word, options, names)
    if 0 < len(guesses) <= 3:
        return f"did you mean {' or '.join(repr(g) for g in guesses)}?"
    match = difflib.get_close_matches(str(word), options, n=1, cutoff=0.6)
    return f"did you mean {match[0]!r}?" if match else None


def normal(text) -> str:
    """Text as words: lower case, anything but letters and digits a single space ("Sea_Port" -> "sea port")."""
    return re.sub(r"[^0-9a-z]+", " ", str(text).lower()).strip()


def id_for(word, ids, names=None) -> str | None:
    """The one id of ``ids`` that ``word`` means when it is written as the id's words or as a display text (see
    ``did_you_mean``), or None."""
    found = ids_for(word, ids, names)
    return found[0] if len(found) == 1 else None


def ids_for(word, ids, names=None) -> list[str]:
    """The ids of ``ids`` that ``word`` may mean when it is written as an id's words or as a display text, tried in
    this order until one finds some: the id's words; a display text, or its lead before a bracket or a comma (with or
    without a leading article); the start of a display text; a near miss of a display text."""
    key = normal(word)
    if not key:
        return []
    ids = [str(i) for i in ids]
    by_words = {}
    for i in ids:
        by_words.setdefault(normal(i), set()).add(i)
    if by_words.get(key):
        return sorted(by_words[key])
    shown: dict = {}
    for text, ident in (names or {}).items():
        if str(ident) not in ids:
            continue
        for form in (normal(text), normal(re.split(r"\s*[(,;:]", str(text))[0])):
            for each in (form, re.sub(r"^(the|a|an|your|each) ", "", form)):
                if each:
                    shown.setdefault(each, set()).add(str(ident))
    hits = shown.get(key, set())
    if not hits:
        hits = {i for form, found in shown.items() if form.startswith(key + " ") for i in found}
    if not hits:
        close = difflib.get_close_matches(key, list(shown), n=3, cutoff=0.8)
        hits = {i for form in close[:1] for i in shown[form]}
    return sorted(hits)


def validate(doc: Located, schema: dict, registry=None) -> list[ContentIssue]:
    """Every schema violation in `doc`, located and sorted by position."""
    return validate_with_paths(doc, schema, registry)[0]


def validate_with_paths(doc: Located, schema: dict, registry=None) -> tuple[list[ContentIssue], list[tuple]]:
    """Like ``validate``, plus the data path of every violation (to set the broken entries aside)."""
    kwargs = {} if registry is None else {"registry": registry}
    validator = _validator_class()(schema, **kwargs)
    issues: list[ContentIssue] = []
    paths: list[tuple] = []
    for error in validator.iter_errors(doc.data):
        issues.extend(_explain(doc, validator, error))
        paths.append(tuple(error.absolute_path))
    # dict.fromkeys drops duplicates (e.g. one 'required' error per missing key) but keeps order.
    return sorted(dict.fromkeys(issues), key=lambda i: (i.line or 0, i.column or 0, i.path, i.message)), paths


@functools.lru_cache(maxsize=None)
def _validator_class():
    """Draft 2020-12, except that 2.0 is not an integer (a count written 2.0 would reach the engine as a float), and
    unions (``oneOf``, ``anyOf``) that look at an alternative's type and required keys before descending into it."""
    from jsonschema import Draft202012Validator, validators    # imported when content is first checked

    checker = Draft202012Validator.TYPE_CHECKER.redefine(
        "integer", lambda _, value: isinstance(value, int) and not isinstance(value, bool))
    return validators.extend(Draft202012Validator, type_checker=checker,
                             validators={"oneOf": _one_of, "anyOf": _any_of})


def _shallow(alternative):
    """The part of a union's alternative that can be checked without descending into the value: its type and its
    required keys. An alternative that fails it fails in full too, so it need not be tried further."""
    if not isinstance(alternative, dict):
        return None
    shallow = {k: alternative[k] for k in ("type", "required") if k in alternative}
    return shallow or None


def _tried(validator, alternatives, instance):
    """(index, errors) for each alternative of a union. Without the shallow look first, alternatives that share
    field names (``where``, ``of``, ``in``) would each be descended into in full, at every level of nesting: a few
    hundred bytes nesting a selector in a condition in a selector took minutes. An alternative whose type rules the
    value out gives its errors as a function, called only if they are needed (when no alternative fits)."""
    for index, alternative in enumerate(alternatives):
        shallow = _shallow(alternative)
        if shallow and _ruled_out(validator, alternative, instance):
            yield index, (lambda shallow=shallow, index=index:
                          list(validator.descend(instance, shallow, schema_path=index)))
            continue
        errors = list(validator.descend(instance, shallow, schema_path=index)) if shallow else []
        if not errors:
            errors = list(validator.descend(instance, alternative, schema_path=index))
        yield index, errors


def _failed(tried) -> list:
    """The errors of every alternative tried, in order (made now for those whose type ruled them out)."""
    return [e for _, errors in tried for e in (errors() if callable(errors) else errors)]


def _ruled_out(validator, alternative, instance) -> bool:
    """Whether the alternative's ``type`` alone rules ``instance`` out, told without making an error (a number
    checked against the sixty forms of an expression made sixty errors, a millisecond per number)."""
    kind = alternative.get("type") if isinstance(alternative, dict) else None
    if kind is None:
        return False
    return not any(validator.is_type(instance, k) for k in ([kind] if isinstance(kind, str) else kind))


def _union_error(instance, errors):
    from jsonschema.exceptions import ValidationError

    return ValidationError(f"{_show(instance)} is not valid under any of the given schemas", context=errors)


def _one_of(validator, alternatives, instance, schema):
    tried, valid = [], []
    for index, errors in _tried(validator, alternatives, instance):
        if errors:
            tried.append((index, errors))
        else:
            valid.append(index)
            if len(valid) > 1:
                break
    if not valid:
        yield _union_error(instance, _failed(tried))
    elif len(valid) > 1:
        from jsonschema.exceptions import ValidationError

        yield ValidationError(f"{_show(instance)} is valid under more than one of the given schemas")


def _any_of(validator, alternatives, instance, schema):
    tried = []
    for index, errors in _tried(validator, alternatives, instance):
        if not errors:
            return
        tried.append((index, errors))
    yield _union_error(instance, _failed(tried))


def _show(value) -> str:
    """A short, YAML-flavoured rendering of a value for messages."""
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    text = json.dumps(value) if value is None or isinstance(value, bool) else repr(value)
    return text if len(text) <= _MAX_SHOWN else text[: _MAX_SHOWN - 3] + "..."


def _explain(doc: Located, validator, error) -> list[ContentIssue]:
    path = tuple(error.absolute_path)
    kind, value, instance, schema = error.validator, error.validator_value, error.instance, error.schema
    if kind in ("oneOf", "anyOf"):
        return _explain_union(doc, validator, error)
    if kind in ("additionalProperties", "unevaluatedProperties") and isinstance(instance, dict) and value is False:
        allowed = list(schema.get("properties", {}))
        patterns = list(schema.get("patternProperties", {}))
        detail = error.message.rpartition("(")[2]  # "('a', 'b' were unexpected)"
        extras = [k for k in instance if k not in allowed and not any(re.search(p, k) for p in patterns)
                  and (kind == "additionalProperties" or repr(k) in detail)]
        if extras:
            return [doc.issue(path + (k,), f"unknown field {k!r}", did_you_mean(k, allowed), at_key=True) for k in extras]
    if kind == "required" and isinstance(instance, dict):
        return [doc.issue(path, f"missing field {name!r}") for name in value if name not in instance]
    if kind == "type":
        types = [value] if isinstance(value, str) else list(value)
        expected = " or ".join(_TYPE_NAMES.get(t, t) for t in types)
        return [doc.issue(path, f"expected {expected}, got {_show(instance)}", _field_hint(validator, error))]
    if kind == "pattern" and isinstance(instance, str):
        return [doc.issue(path, error.message.replace(repr(instance), _show(instance)), _id_hint(instance, value))]
    if kind == "enum":
        options = ", ".join(o if isinstance(o, str) else json.dumps(o) for o in value)
        hint = did_you_mean(instance, value) if isinstance(instance, str) else None
        return [doc.issue(path, f"expected one of: {options}, got {_show(instance)}", hint)]
    if kind == "const":
        return [doc.issue(path, f"expected {_show(value)}, got {_show(instance)}")]
    if kind is None and schema is False:  # e.g. "properties": {"legacy": false}
        what = f"field {path[-1]!r}" if path and isinstance(path[-1], str) else "a value"
        return [doc.issue(path, f"{what} is not allowed here")]
    # jsonschema's own wording is fine for the rest, once huge reprs are cut down.
    message = error.message.replace(repr(instance), _show(instance))
    if len(message) > 200:
        message = message[:197] + "..."
    return [doc.issue(path, message)]


def _explain_union(doc: Located, validator, error) -> list[ContentIssue]:
    path, instance = tuple(error.absolute_path), error.instance
    if not error.context:  # oneOf that matched several alternatives
        return [doc.issue(path, "ambiguous: matches more than one of the allowed forms")]
    alternatives = _alternatives(validator, error)
    # "anyOf": [{"required": ["add"]}, {"required": ["set"]}]: one of several fields is missing.
    if isinstance(instance, dict) and alternatives and all(isinstance(a, dict) and set(a) == {"required"}
                                                           for a in alternatives):
        needed = [name for a in alternatives for name in a["required"]]
        return [doc.issue(path, f"needs one of the fields: {', '.join(needed)}")]

    # Tagged unions ({"move": ...} | {"choose": ...}): pick the branch by key.
    tags: dict[str, list[int]] = {}
    for i, alt in enumerate(alternatives):
        required = alt.get("required") if isinstance(alt, dict) else None
        if required:
            tags.setdefault(required[0], []).append(i)
    if isinstance(instance, dict) and len(tags) >= 2:
        chosen = next((tags[k][0] for k in instance if len(tags.get(k, ())) == 1), None)
        if chosen is not None:
            branch = [e for e in error.context if e.relative_schema_path[0] == chosen]
            return [issue for e in branch for issue in _explain(doc, validator, e)]
        expected = sorted(tags)
        if not instance:
            return [doc.issue(path, f"empty node (expected one of: {', '.join(expected)})")]
        name = next((k for k in instance if did_you_mean(k, expected)), next(iter(instance)))
        return [doc.issue(path, f"unknown node {name!r} (expected one of: {', '.join(expected)})",
                          did_you_mean(name, expected))]

    # Wrong kind of value for every alternative: list what would have been accepted.
    type_errors = [e for e in error.context if not e.relative_path and e.validator == "type"]
    if len({e.relative_schema_path[0] for e in type_errors}) == len(error.validator_value):
        types = []
        for e in type_errors:
            for t in [e.validator_value] if isinstance(e.validator_value, str) else e.validator_value:
                if _TYPE_NAMES.get(t, t) not in types:
                    types.append(_TYPE_NAMES.get(t, t))
        return [doc.issue(path, f"expected {' or '.join(types)}, got {_show(instance)}", _field_hint(validator, error))]

    from jsonschema.exceptions import best_match, relevance

    best = best_match([error])
    if best is error:  # jsonschema could not rank them; take its first choice anyway
        best = min(error.context, key=relevance)
    while best.parent is not error:  # explain the branch, so nested unions get the same treatment
        best = best.parent
    return _explain(doc, validator, best)


def _id_hint(text: str, pattern: str) -> str | None:
    """An id written as words ("Two Words", "two-words"): the id they would be, when that fits the pattern."""
    fixed = normal(text).replace(" ", "_")
    if fixed and fixed != text and re.search(pattern, fixed):
        return f"ids are written in lower case with underscores: {fixed!r} (each game's ids are listed on its " \
               "page 'Ids for house rules')"
    return None


def _field_hint(validator, error) -> str | None:
    """A value of the wrong kind under a key that the mapping takes as free-form (an extra key, read as something
    else) while the key is a near miss of one of its fields: that field."""
    path = tuple(error.absolute_path)
    if not path or not isinstance(path[-1], str):
        return None
    try:
        resolver, node, fields = validator._resolver, validator.schema, None
        for step in error.absolute_schema_path:
            while isinstance(node, dict) and step not in node and "$ref" in node:
                resolved = resolver.lookup(node["$ref"])
                node, resolver = resolved.contents, resolved.resolver
            if step in ("additionalProperties", "patternProperties") and isinstance(node, dict):
                fields = list(node.get("properties", {}))
            node = node[step]
    except Exception:       # noqa: BLE001 - an unusual schema layout just loses the hint
        return None
    if not fields or path[-1] in fields:
        return None
    match = difflib.get_close_matches(path[-1], fields, n=1, cutoff=0.75)
    return f"{path[-1]!r} is not one of the fields here (so it was taken as a free-form key): did you mean {match[0]!r}?" \
        if match else None


def _alternatives(validator, error) -> list:
    """The oneOf/anyOf subschemas of `error`, with `$ref`s resolved.

    jsonschema does not record `$ref` steps in schema paths, so we replay the
    path from the root, following refs (and `$id` scopes) where the next step
    is not found, to get a resolver with the right base URI for the refs.
    """
    from referencing.jsonschema import DRAFT202012

    try:
        resolver, node = validator._resolver, validator.schema
        for step in error.absolute_schema_path:
            while isinstance(node, dict) and step not in node and "$ref" in node:
                resolved = resolver.lookup(node["$ref"])
                node, resolver = resolved.contents, resolved.resolver
            node = node[step]
            if isinstance(node, dict) and "$id" in node:
                resolver = resolver.in_subresource(DRAFT202012.create_resource(node))
        alternatives = []
        for alt in node:
            alt_resolver = resolver
            while isinstance(alt, dict) and "$ref" in alt and "required" not in alt:
                resolved = alt_resolver.lookup(alt["$ref"])
                alt, alt_resolver = resolved.contents, resolved.resolver
            alternatives.append(alt)
        return alternatives
    except Exception:  # an unusual schema layout just loses the tagged-union nicety
        return list(error.validator_value)
