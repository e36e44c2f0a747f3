"""The JSON forms of the public API, as JSON Schemas: an action (``Game.apply``), a view (``Game.view``) and a whole
state (``Game.to_json``, ``Rules.game_from_json``; written from the state codec's own field list). Written into
``schemas/`` beside the content schemas by ``boardrules schemas``."""
from __future__ import annotations

import functools
import types as _types
import typing as _typing

import attrs as _attrs

from ..engine import serialize as _serialize
from ..lang.grammar import BASE, ident, obj



def json_schema_of(t):
    """A JSON Schema for a Python type used by the state codec (one list of fields drives both)."""
    origin, args = _typing.get_origin(t), _typing.get_args(t)
    if t is int:
        return {"type": "integer"}
    if t is str:
        return {"type": "string"}
    if t is bool:
        return {"type": "boolean"}
    if t is type(None):
        return {"type": "null"}
    if t is _typing.Any:
        return {}
    if origin in (_types.UnionType, _typing.Union):
        return {"oneOf": [json_schema_of(a) for a in args]}
    if origin is list:
        return {"type": "array", "items": json_schema_of(args[0])}
    if origin is tuple:
        return {"type": "array", "prefixItems": [json_schema_of(a) for a in args], "minItems": len(args),
                "maxItems": len(args)}
    if origin is dict or t is dict:
        return {"type": "object", **({"additionalProperties": json_schema_of(args[1])} if args else {})}
    if _attrs.has(t):
        fields = _attrs.fields(_attrs.resolve_types(t, globalns=vars(_serialize)))
        return obj({f.name: json_schema_of(f.type) for f in fields},
                   [f.name for f in fields if f.default is _attrs.NOTHING])
    raise TypeError(f"no JSON Schema for {t!r}")


@functools.lru_cache(maxsize=1)
def api_schemas() -> dict[str, dict]:
    """File name -> schema, for action, view and state."""
    api_action = {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": BASE + "action.schema.json",
                  "title": "an action, as Game.apply takes it and Action.to_json gives it",
                  **obj({"kind": dict(ident, description="what the action does: choose_role, pass, or a kind the "
                                                         "content's steps name"),
                         "args": {"type": "object", "description": "its arguments: card and role ids, pile sizes, "
                                                                   "numbers, the declined decision"}}, ["kind", "args"]),
                  "examples": [{"kind": "choose_role", "args": {"role": "<role id>"}},
                               {"kind": "pass", "args": {"decision": "<decision kind>"}}]}
    card_entry = {"oneOf": [{"type": "string", "description": "a card id"},
                            obj({"card": ident, "piles": {"type": "object", "additionalProperties": {
                                "oneOf": [{"type": "integer"}, {"type": "array", "items": ident}]}},
                                 "counts": {"type": "object", "additionalProperties": {"type": "integer"},
                                            "description": "the counts the card holds (card counters), when not 0"}},
                                ["card"], "a card with cards or counts on it: public piles list their cards, hidden "
                                          "piles count them")]}
    zone_view = {"anyOf": [{"type": "array", "items": card_entry},
                           obj({"count": {"type": "integer"}}, ["count"], "a hidden zone shows only its size"),
                           obj({"count": {"type": "integer"}, "top": {"oneOf": [ident, {"type": "null"}]}},
                               ["count", "top"], "a face-up stack shows its size and its top card")]}
    api_view = {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": BASE + "view.schema.json",
                "title": "what one player (or a spectator) may see: Game.view(player)",
                **obj({"game": ident, "players": {"type": "integer"}, "you": {"type": ["integer", "null"]},
                       "round": {"type": "integer"}, "start_player": {"type": "integer"},
                       "role": {"type": ["string", "null"]}, "chooser": {"type": ["integer", "null"]},
                       "roles_used": {"type": "array", "items": ident},
                       "current_player": {"type": ["integer", "null"]},
                       "zones": {"type": "object", "additionalProperties": {
                           "anyOf": [zone_view, {"type": "array", "items": zone_view}]},
                           "description": "shared zones: one entry; per-player zones: one per seat"},
                       "counters": {"type": "object", "additionalProperties": {
                           "type": "array", "items": {"type": ["integer", "null"]},
                           "description": "one value per holder: the table, each seat, each role or each card; "
                                          "null where the view hides it (another seat's value of a counter its "
                                          "owner alone sees, until the game ends)"}},
                       "over": {"type": "boolean"},
                       "boards": {"type": "object", "additionalProperties": obj({
                           "slots": {"type": "array", "items": {"type": "array"},
                                     "description": "each tile slot, row by row: [tile id, rotation]"},
                           "markers": {"type": "array", "items": {"type": ["integer", "null"]},
                                       "description": "each cell, row by row: the seat whose marker lies there"},
                           "pieces": {"type": "array", "items": {"type": "array", "items": {"type": "string"}},
                                      "description": "each seat's pieces: r<row>c<column> or edge<k>"},
                           "filled": {"type": "array", "items": {"type": "string"},
                                      "description": "the first cell of every region filled"},
                           "covered": {"type": "array", "items": {"type": ["integer", "null"]},
                                       "description": "each cell, row by row: the seat whose laid piece covers it"}},
                           ["slots", "markers", "pieces", "filled", "covered"]),
                           "description": "every board laid (in a game with boards), seen by everyone"},
                       "tracks": {"type": "object", "additionalProperties": obj({
                           "high": {"type": "array", "items": {"type": "integer"},
                                    "description": "per holder (each seat, or the table): the highest space its "
                                                   "marker reached"},
                           "stack": {"type": "array", "items": {"type": "integer"},
                                     "description": "an order track only: the seats, bottom to top, in the order "
                                                    "their markers arrived (the top of a stack plays first)"}},
                           ["high"]),
                           "description": "each track (in a game with tracks; its marker's space is the counter of "
                                          "the same id), seen by everyone"},
                       "status": {"type": "array", "items": obj({
                           "text": {"type": "string"}, "shows": {"enum": ["number", "card", "seat", "order"]},
                           "value": {"description": "one value: a number, a card id, a seat, the seats in turn order, "
                                                    "or null (a variable no step binds now)"},
                           "values": {"type": "array", "items": {"type": ["integer", "null"]},
                                      "description": "one per seat, null where the view hides it"}},
                           ["text", "shows"]),
                           "description": "the state a player reads at every decision, as the content's play "
                                          "section marks it (in a game that marks some)"},
                       "decision": {"type": "string", "description": "only for the player whose decision is "
                                                                     "pending: what it is, as the rules pages say "
                                                                     "its step"},
                       "legal_actions": {"type": "array", "items": {"$ref": "action.schema.json"},
                                         "description": "only for the player whose decision is pending"},
                       "scores": {"type": "array"}, "winners": {"type": "array", "items": {"type": "integer"}}},
                      ["game", "players", "you", "round", "zones", "counters", "over"])}
    api_state = {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": BASE + "state.schema.json",
                 "title": "a whole game: Game.to_json() and Rules.game_from_json() (written from the state's field list)",
                 **json_schema_of(_serialize.StateDoc)}
    return {"action.schema.json": api_action, "view.schema.json": api_view, "state.schema.json": api_state}
