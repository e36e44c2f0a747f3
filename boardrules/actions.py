"""Actions: the answers a player gives to the pending decision."""
from __future__ import annotations

import json
from typing import Any

import attrs

from .jsontypes import ActionJSON
from .limits import MAX_ARGS_DEPTH


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
            raise ValueError(f"an action is a dict with a 'kind' string and 'args', got {short(data)}")
        args = data.get("args", {})
        if not isinstance(args, dict) or set(data) - {"kind", "args"}:
            raise ValueError(f"an action has only 'kind' and 'args' (a dict), got {short(data)}")
        _check_args(args, 1)
        return (data["kind"], freeze(args))


def _check_args(value, depth: int) -> None:
    """JSON arguments a legal action could have: string keys, nested at most ``MAX_ARGS_DEPTH`` deep (``freeze``
    would otherwise recurse past Python's limit, or fail to sort keys of different types)."""
    if depth > MAX_ARGS_DEPTH:
        raise ValueError(f"an action's args nest at most {MAX_ARGS_DEPTH} deep")
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                raise ValueError(f"an action's args have text keys, got the key {short(key)}")
            _check_args(item, depth + 1)
    elif isinstance(value, list):
        for item in value:
            _check_args(item, depth + 1)


def short(value) -> str:
    """A caller's value in a message, cut short: an int of more than 128 bits by its size (past 4,300 digits Python
    refuses to write one out), anything else by its repr cut to 80 characters, or by its type where even the repr
    fails (a mapping nested past Python's recursion limit, a list holding a huge int)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        return f"a {'negative ' * (value < 0)}number of {value.bit_length()} bits"
    try:
        text = repr(value)
    except Exception:       # noqa: BLE001 - a caller's object whose repr fails is still only reported
        return f"a {type(value).__name__}"
    return text if len(text) <= 80 else text[:77] + "..."
