"""Actions: the answers a player gives to the pending decision."""
from __future__ import annotations

import json
from typing import Any

import attrs

from .jsontypes import ActionJSON


_SCALARS = frozenset((str, int, bool, float, type(None)))


def fresh(value):
    """``value`` with new JSON containers all the way down (dicts stay dicts, lists and tuples become lists);
    anything else is returned as it is. What the API hands out is made with it, so that a caller changing what
    it was given changes no game."""
    t = type(value)
    if t is dict or isinstance(value, dict):
        if _SCALARS.issuperset(map(type, value.values())):
            return dict(value)
        return {k: fresh(v) for k, v in value.items()}
    if t is list or t is tuple or isinstance(value, (list, tuple)):
        if _SCALARS.issuperset(map(type, value)):
            return list(value)
        return [fresh(v) for v in value]
    return value


def freeze(value):
    """A hashable form of a JSON value (dicts and lists become sorted tuples)."""
    if isinstance(value, dict):
        return tuple(sorted((k, freeze(v)) for k, v in value.items()))
    if isinstance(value, list):
        return tuple(freeze(v) for v in value)
    return value


@attrs.define(slots=True, frozen=True, eq=False, repr=False)
class Action:
    """One legal answer: a kind (the engine's "pay", "choose_role", "pass", ... or one a content step names)
    and JSON arguments.

    Card arguments are content ids (``{"card": "<card id>"}``). Equality and hashing use kind and args only;
    ``str(action)`` is a readable sentence.

    - ``kind``: what the action does (``choose_role``, ``pass``, or a kind the content's steps name);
    - ``args``: its JSON arguments (card and role ids, pile sizes and counts, numbers, the declined decision);
    - ``text``: the sentence a log or a person reads ("take the top card").
    """

    kind: str
    _args: dict[str, Any] = attrs.field(alias="args", converter=fresh)     # the action's own copy, never handed out
    text: str = ""
    _key: tuple = attrs.field(default=None, alias="key")
    _flat: bool = attrs.field(init=False, default=False)    # no dict or list among the args' values

    def __attrs_post_init__(self):
        if self._key is None:
            object.__setattr__(self, "_key", (self.kind, freeze(self._args)))
        object.__setattr__(self, "_flat", _SCALARS.issuperset(map(type, self._args.values())))

    @property
    def args(self) -> dict[str, Any]:
        """The JSON arguments, as a new dict each time (nested dicts and lists new too): changing it changes no
        action and no game. Actions are cached per :class:`Rules` and shared by its games."""
        return self._args.copy() if self._flat else fresh(self._args)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and self._key == other._key

    def __hash__(self) -> int:
        return hash(self._key)

    def __str__(self) -> str:
        return self.text or f"{self.kind} {json.dumps(self._args, sort_keys=True)}"

    def __repr__(self) -> str:
        return f"Action({self.kind!r}, {self._args!r})"

    def to_json(self) -> ActionJSON:
        """The action as JSON, ``{"kind": ..., "args": {...}}``: what :meth:`Game.apply` takes back. New dicts (and
        lists) all the way down at each call: yours to change or send."""
        return {"kind": self.kind, "args": self._args.copy() if self._flat else fresh(self._args)}

    @staticmethod
    def key_of(data: object) -> tuple[Any, ...]:
        """The equality key of an Action or of its JSON form; raises ValueError when malformed."""
        if isinstance(data, Action):
            return data._key
        if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
            raise ValueError(f"an action is a dict with a 'kind' string and 'args', got {data!r:.80}")
        args = data.get("args", {})
        if not isinstance(args, dict) or set(data) - {"kind", "args"}:
            raise ValueError(f"an action has only 'kind' and 'args' (a dict), got {data!r:.80}")
        return (data["kind"], freeze(args))
