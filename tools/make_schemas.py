"""Writes schemas/*.schema.json: the JSON Schemas of every content node kind. Run after changing the language:

    python tools/make_schemas.py
"""
import json, pathlib, sys
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))   # this checkout's boardrules
from ruamel.yaml import YAML
from boardrules.docgen.reference import SchemaDoc   # the same forms (labels) the reference shows
import os
OUT = pathlib.Path(os.environ.get("BOARDRULES_SCHEMA_OUT") or pathlib.Path(__file__).resolve().parents[1] / "schemas")
BASE = "https://boardrules.dev/schemas/"
R = lambda name: {"$ref": f"defs.schema.json#/$defs/{name}"}
def obj(props, required=(), desc=None, extra=False):
    o = {"type": "object", "properties": props, "additionalProperties": extra}
    if required: o["required"] = list(required)
    if desc: o["description"] = desc
    return o
var = {"type": "string", "pattern": "^\\$[a-z_][a-z0-9_]*$", "description": "a variable, e.g. $card"}
ident = {"type": "string", "pattern": "^[a-z][a-z0-9_]*$"}
text = {"type": "string"}
name = {"oneOf": [{"type": "string"}, obj({"en": text, "zh": text}, ["en"], extra=True)],
        "description": "display name: a string or {en: ..., zh: ...}"}
player = {"description": "you, chooser, start_player or a $variable",
          "oneOf": [{"enum": ["you", "chooser", "start_player"]}, var]}
owner = {"description": "you, chooser, start_player, a $variable, or all / others (every player's zone, or every "
                        "other player's, read together)",
         "oneOf": [{"enum": ["you", "chooser", "start_player", "all", "others"]}, var]}
expr_list = {"type": "array", "items": R("expr"), "minItems": 1}
pair = {"type": "array", "items": R("expr"), "minItems": 2, "maxItems": 2}
cond_list = {"type": "array", "items": R("condition"), "minItems": 1}
role_ref = {"description": "a role id or a $variable holding a role", "oneOf": [ident, var]}
by_players = {"type": "object", "propertyNames": {"pattern": "^[0-9]+$"},
              "additionalProperties": {"type": "array", "items": {"type": "integer", "minimum": 0}},
              "description": "player count -> the seats (offsets from the start player) that choose, in order"}

sel_text = {"type": "string", "description": "what the rules pages call these cards (instead of a generated phrase)"}
defs = {}
defs["card_ref"] = {"description": "one card: a $variable or the top card of a zone",
                    "oneOf": [var, obj({"top": ident}, ["top"])]}
defs["selector"] = {"description": "a list of cards: a zone, or the pile on one card, or the piles on many cards",
  "oneOf": [
    obj({"zone": ident, "of": owner, "where": R("condition"), "deep": {"type": "boolean"},
         "except": dict(R("card_ref"), description="leave this one card out"),
         "one_per_type": {"type": "boolean", "description": "keep only the first card of each kind (card id)"},
         "text": sel_text},
        ["zone"],
        "the cards in a zone (of a player, for per-player zones)"),
    obj({"selector": ident}, ["selector"], "a selector declared by name under 'selectors'"),
    obj({"union": {"type": "array", "items": R("selector"), "minItems": 2}, "text": sel_text}, ["union"],
        "the cards of several selectors"),
    obj({"pile": ident, "on": R("card_ref"), "where": R("condition"), "text": sel_text}, ["pile", "on"],
        "the cards in the pile on one card"),
    obj({"pile": ident, "in": R("selector"), "where": R("condition"), "text": sel_text}, ["pile", "in"],
        "the cards in the piles on many cards"),
  ]}
E = lambda key, schema, required=None, more=None, desc=None: obj({key: schema, **(more or {})}, required or [key], desc)
defs["expr"] = {"description": "a number (or a key such as a good's name)", "oneOf": [
  {"type": "integer"}, {"type": "string"},
  E("quantity", ident, more={"with": {"type": "object", "additionalProperties": {"oneOf": [var, {"type": "integer"}]}}},
    desc="a quantity the rules ask for, after every modifier"),
  E("counter", ident, more={"of": player, "on": R("card_ref"), "role": role_ref},
    desc="a counter's value: a player's (of), a card's (on, default $self), a role's (role, default the role being "
         "played) or the table's"),
  E("room", obj({"counter": ident, "of": player, "on": R("card_ref"), "role": role_ref, "pile": ident}),
    desc="how much more a holder takes: its capacity minus what it holds (a counter's, or a card's pile's)"),
  E("attr", ident, more={"of": R("card_ref"), "key": R("expr")}, desc="an attribute of a card"),
  E("count", R("selector"), desc="how many cards a selector holds"),
  E("total", {"anyOf": [ident, R("expr")]}, ["total", "in"], {"in": R("selector")},
    "the sum over cards of an attribute, or of an expression of each card ($it)"),
  E("sum", expr_list), E("min", expr_list), E("max", expr_list), E("mul", expr_list),
  E("sub", pair, desc="the first minus the second"), E("div", pair, desc="the first divided by the second, rounded down"),
  E("lookup", {"type": "array", "items": {"type": "integer"}, "minItems": 1}, ["lookup", "index"], {"index": R("expr")},
    "the table entry at index (clamped to the table)"),
  E("if", R("condition"), ["if", "then"], {"then": R("expr"), "else": R("expr")}),
  E("players", {"const": True}, desc="the number of players"),
  E("mod", pair, desc="the remainder of the first divided by the second (0 when dividing by 0); a value that wraps "
                      "1-6 is {sum: [{mod: [{sub: [x, 1]}, 6]}, 1]}"),
  E("abs", R("expr"), desc="the size of a number, without its sign"),
  E("round", {"const": True}, desc="the round number (1 in the first round)"),
  E("least", ident, ["least", "in"], {"in": R("selector")}, "the lowest value of an attribute among cards (0 if none)"),
  E("most", ident, ["most", "in"], {"in": R("selector")}, "the highest value of an attribute among cards (0 if none)"),
  E("types", R("selector"), desc="how many different cards (by id) a selector holds"),
  E("sets", obj({"in": R("selector"), "size": {"type": "integer", "minimum": 1}}, ["in", "size"]),
    desc="how many disjoint sets of 'size' identical cards (the same card id) a selector holds"),
  E("groups", obj({"in": R("selector"), "by": ident, "size": {"type": "integer", "minimum": 1}}, ["in", "by"]),
    desc="how many disjoint groups of 'size' cards sharing the 'by' attribute, with pairwise different ids, can be made"),
  E("option", ident, desc="the value of a game option"),
  E("score", {"const": "so_far"}, desc="the score from every part computed before this one"),
  E("moves", {"const": "round"}, desc="how many cards moved this round"),
]}
cmp = {k: E(k, pair) for k in ("eq", "ne", "lt", "le", "gt", "ge")}
defs["condition"] = {"description": "a yes/no question about the game", "oneOf": [
  {"type": "boolean"},
  E("all", cond_list), E("any", cond_list), E("not", R("condition")), *cmp.values(),
  E("tag", ident, more={"card": R("card_ref")}, desc="the card has the tag"),
  E("type", ident, more={"card": R("card_ref")}, desc="the card is of this card id"),
  E("same_type", {"type": "array", "items": R("card_ref"), "minItems": 2, "maxItems": 2}),
  E("same_card", {"type": "array", "items": R("card_ref"), "minItems": 2, "maxItems": 2},
    desc="the two are one and the same card"),
  E("owns", {"oneOf": [R("card_ref"), ident]}, more={"of": player},
    desc="the player has a card of the same type (or of this card id) in a tableau"),
  E("role", ident, desc="the current phase is this role's"),
  E("role_available", ident, desc="the role is in this game (see the role's 'available')"),
  E("chooser", {"type": "boolean"}, desc="you chose the current role"),
  E("option", ident), E("bound", ident, desc="the variable holds a card"),
  E("empty", R("selector")),
  E("distinct", ident, ["distinct", "in"], {"in": R("selector")}, "no two cards share the attribute's value"),
  E("any_player", R("condition"), more={"as": ident}, desc="the condition holds for some player; with 'as', "
    "that player is the variable and 'you' stays the current player"),
  E("exists", obj({"in": R("selector"), "as": ident, "where": R("condition")}, ["in"])),
  E("can_pay", obj({"amount": R("expr"), "using": ident, "except": R("card_ref")}, ["amount", "using"])),
]}
dest = {"description": "where cards go", "oneOf": [
  obj({"zone": ident, "of": player}, ["zone"]), obj({"pile": ident, "on": R("card_ref")}, ["pile", "on"])]}
steps = {"type": "array", "items": R("step")}
defs["steps"] = steps
defs["step"] = {"description": "one instruction", "oneOf": [
  E("if", R("condition"), ["if", "then"], {"then": steps, "else": steps}),
  E("repeat", obj({"times": R("expr"), "do": steps}, ["times", "do"])),
  E("for_each_player", obj({"from": player, "do": steps}, ["do"])),
  E("choose", obj({"action": ident, "text": text, "decline_text": text, "from": R("selector"), "where": R("condition"),
                   "options": {"type": "array", "items": {"type": "string"}, "minItems": 1},
                   "as": ident, "player": player,
                   "optional": dict(R("condition"), description="true, or a condition: the player may decline only "
                                                                "when it holds"),
                   "on_decline": {"enum": ["stop", "continue"]}}, ["action"])),
  E("move", obj({"card": R("card_ref"), "from": R("selector"), "to": dest,
                 "count": {"anyOf": [{"const": "all"}, R("expr")]},
                 "position": {"enum": ["top", "bottom"]}}, ["to"])),
  E("pick", obj({"from": R("selector"), "count": R("expr"), "to": dest, "action": ident, "text": text,
                 "optional": {"type": "boolean"}}, ["from", "to", "action"]),
    desc="choose cards one at a time and move them (all at once when every candidate must go)"),
  E("shuffle", ident),
  E("discard_down", obj({"zone": ident, "of": player, "to": R("expr"), "by": R("expr"), "into": ident}, ["zone"])),
  E("pay", obj({"amount": R("expr"), "using": ident}, ["amount", "using"])),
  E("emit", ident),
  E("add", obj({"counter": ident, "value": R("expr"), "of": player, "on": R("card_ref"), "role": role_ref},
               ["counter"])),
  E("set", obj({"counter": ident, "value": R("expr"), "of": player, "on": R("card_ref"), "role": role_ref},
               ["counter"])),
  E("let", {"type": "object", "additionalProperties": R("expr"), "minProperties": 1}),
  E("end_game", obj({"if": R("condition"), "text": text,
                     "when": {"enum": ["now", "after_phase", "after_round"],
                              "description": "when the game ends if the condition holds (default: now)"}})),
  E("rounds", obj({"do": steps, "limit": {"type": "integer", "minimum": 1, "maximum": 100000}}, ["do"]),
    desc="round after round until the game ends (at most 'limit' rounds, default 1000)"),
  E("choose_roles", {"oneOf": [{"type": "null"}, obj({"multiplier": ident, "by_players": by_players})]},
    desc="each player in turn from the start player chooses a role nobody chose this round; it runs at once"),
  E("turns", obj({"order": {"enum": ["each", "until_all_pass"]}, "from": player, "do": steps,
                  "limit": {"type": "integer", "minimum": 1, "maximum": 1000000}}, ["do"]),
    desc="players take turns from a player: each once, or round and round until every player in a row passes (a "
         "turn that moves no card and changes no count)"),
  E("while", obj({"if": R("condition"), "do": steps, "limit": {"type": "integer", "minimum": 1, "maximum": 1000000}},
                 ["if", "do"]), desc="repeat while the condition holds (checked first), at most 'limit' times"),
  E("for_each", {"oneOf": [obj({"in": R("selector"), "as": ident, "do": steps}, ["in", "do"]),
                           obj({"roles": {"enum": ["all", "unchosen"]}, "as": ident, "do": steps}, ["roles", "do"]),
                           obj({"from": R("expr"), "to": R("expr"), "as": ident, "do": steps}, ["from", "to", "do"])]},
    desc="once per card of a selector, or per number from..to, with it in a variable"),
  E("call", ident, desc="run a procedure declared under 'procedures'"),
  E("distribute", obj({"counter": ident, "from": obj({"counter": ident, "of": player, "on": R("card_ref"),
                                                      "role": role_ref}, ["counter"]),
                       "onto": R("selector"), "action": ident, "as": ident, "text": text},
                      ["counter", "from", "onto", "action"]),
    desc="move a count one at a time from a holder onto cards with room in a card counter, the player choosing "
         "the card each time (all at once when there is enough to fill them all)"),
  E("choose_number", obj({"action": ident, "min": R("expr"), "max": R("expr"), "as": ident, "player": player,
                          "text": text, "optional": {"type": "boolean"}}, ["action", "min", "max"]),
    desc="a numeric decision"),
  E("start_player", {"oneOf": [{"const": "random"}, {"type": "integer", "minimum": 0}]}),
  E("pass_start_player", {"type": "integer"}),
]}
scope = {"enum": ["owner", "others", "all"],
         "description": "whose quantities or events: the card's owner (default), the other players, or everyone"}
mod_props = {"modify": ident, "add": R("expr"), "set": R("expr"), "if": R("condition")}
defs["modifier"] = {"description": "changes a quantity while the card is active",
                    "oneOf": [obj(dict(mod_props), ["modify", "add"]), obj(dict(mod_props), ["modify", "set"])]}
defs["effect"] = {"description": "a modifier, a triggered ability or an end-game score", "oneOf": [
  dict(obj({"modify": ident, "add": R("expr"), "set": R("expr"), "if": R("condition"), "scope": scope}, ["modify"],
           "modifier: changes a quantity while the card works"),
       anyOf=[{"required": ["add"]}, {"required": ["set"]}]),
  obj({"when": ident, "if": R("condition"), "do": steps, "scope": scope}, ["when", "do"],
      "trigger: when the event happens to you (scope others: to another player, who is then $actor)"),
  obj({"score": R("expr"), "order": {"oneOf": [{"enum": ["first", "normal", "last"]}, {"type": "integer"}]}}, ["score"],
      "end-game points"),
]}
defs["works"] = obj({"from": {"enum": ["at_once", "phase_end", "round_end"],
                              "description": "when a card that enters a tableau starts working"},
                     "while": dict(R("condition"), description="a working card ($self) works only while this holds")},
                    desc="when cards start and stop working (their modifiers and triggers)")
defs["card"] = {"type": "object", "required": ["id", "name"], "additionalProperties":
  {"description": "an attribute declared under 'attributes'", "oneOf": [{"type": ["integer", "string", "boolean"]},
   {"type": "object", "additionalProperties": {"type": ["integer", "string"]}}]},
  "properties": {"id": ident, "name": name, "copies": {"type": "integer", "minimum": 0, "maximum": 1000,
                                                   "description": "copies in a game (0: only through extra_copies)"},
                 "tags": {"type": "array", "items": ident, "uniqueItems": True}, "start": ident,
                 "effects": {"type": "array", "items": R("effect")}, "works": R("works"),
                 "notes": {"type": "array", "items": text}}}
priv = {"type": "array", "items": {"oneOf": [
    obj({"quantity": ident, "add": R("expr"), "if": R("condition")}, ["quantity", "add"],
        "the chooser's quantity changes during the phase"),
    obj({"do": steps, "at": {"enum": ["first", "end"], "description": "first: before the chooser's action "
                                "(default); end: when every player has acted, before the role's end steps"}}, ["do"],
        "the chooser runs these steps (as often as the privilege multiplier says)")]}}
defs["role"] = obj({"id": ident, "name": name, "privilege": priv, "start": steps, "action": steps, "end": steps,
                    "available": dict(R("condition"), description="the role is in a game only if this holds "
                                                                   "(player count, options)"),
                    "notes": {"type": "array", "items": text}}, ["id", "name"])
mapping = lambda v: {"type": "object", "propertyNames": ident, "additionalProperties": v}
sections = {
  "options": mapping(obj({"default": {}, "text": text, "values": {"type": "array", "minItems": 1},
                          "players": {"type": "array", "items": {"type": "integer", "minimum": 1}, "minItems": 1,
                                      "description": "the player counts the option may be used with"},
                          "excludes": {"type": "array", "items": ident,
                                       "description": "options that cannot be on (truthy) together with this one"}},
                         ["default"])),
  "presets": mapping(obj({"text": text, "options": {"type": "object", "minProperties": 1}}, ["options"])),
  "attributes": mapping(obj({"type": {"enum": ["integer", "string", "map", "boolean"]}, "default": {}, "text": text}, ["type"])),
  "zones": mapping(obj({"scope": {"enum": ["shared", "player"]}, "visibility": {"enum": ["hidden", "owner", "public"]},
                        "text": text, "tableau": {"type": "boolean"}, "quiet": {"type": "boolean"},
                        "refill": obj({"from": ident, "shuffle": {"type": "boolean"}}, ["from"])}, ["scope", "visibility"])),
  "piles": mapping(obj({"visibility": {"enum": ["hidden", "public"]}, "text": text,
                        "capacity": dict(R("expr"), description="how many cards the pile on one card holds: a "
                                     "number or an expression of the card ($self)")}, ["visibility"])),
  "counters": mapping(obj({"scope": {"enum": ["shared", "player", "role", "card"],
                                     "description": "who holds a value: the table, each player, each role or each card"},
                           "reset": {"enum": ["never", "round", "phase"]}, "text": text,
                           "capacity": dict(R("expr"), description="the most one holder may hold: a number or an "
                                            "expression of the holder ($self)")})),
  "events": mapping({"oneOf": [text, obj({"text": text})]}),
  "quantities": mapping(obj({"base": R("expr"), "text": text, "min": {"type": "integer"}, "max": {"type": "integer"},
                             "flag": dict(text, description="an on/off quantity (0 or 1): the sentence that holds "
                                                            "when it is 1, used in the generated rules text")})),
  "payments": mapping(obj({"text": text, "sources": {"type": "array", "minItems": 1, "items": {"oneOf": [
      obj({"from": R("selector"), "to": ident, "limit": R("expr"), "counter": ident}, ["from"],
          "cards, paid one at a time into the zone 'to'"),
      obj({"money": ident, "to": ident}, ["money"],
          "a counter paid from directly (into the counter 'to', if given); paid before any cards"),
  ]}}}, ["sources"])),
  "selectors": mapping(R("selector")),
  "procedures": mapping({"description": "steps that 'call' runs: a list of steps, or {text, do} where the text "
                                        "says what it does (the rules pages print it for every call)",
                         "oneOf": [steps, obj({"text": text, "do": steps}, ["text", "do"])]}),
  "cards": {"type": "array", "items": R("card")},
  "roles": {"type": "array", "items": R("role")},
}
# One example per form of a node kind, shown by the YAML reference and by editors ("examples" of each alternative).
# Written in San Juan's words: the language is generic, the examples are not.
EXAMPLES = {
    ("card_ref", "string"): "$card",
    ("card_ref", "top"): "{top: price_shown}",
    ("selector", "zone"): "{zone: city, of: $other, where: {tag: production, card: $it}}",
    ("selector", "selector"): "{selector: build_from}",
    ("selector", "union"): "{union: [{zone: hand}, {zone: looking}]}",
    ("selector", "pile + on"): "{pile: goods, on: $building}",
    ("selector", "pile + in"): "{pile: goods, in: {zone: city}}",
    ("expr", "integer"): "3",
    ("expr", "string"): "$price",
    ("expr", "quantity"): "{quantity: build_cost}",
    ("expr", "counter"): "{counter: sold}",
    ("expr", "attr"): "{attr: cost, of: $card}",
    ("expr", "count"): "{count: {zone: hand}}",
    ("expr", "total"): "{total: vp, in: {zone: city}}",
    ("expr", "sum"): "{sum: [5, $index]}",
    ("expr", "min"): "{min: [{count: {zone: hand}}, 3]}",
    ("expr", "max"): "{max: [{counter: sold}, 1]}",
    ("expr", "mul"): "{mul: [2, {count: {zone: city, where: {tag: production, card: $it}}}]}",
    ("expr", "sub"): "{sub: [{attr: cost, of: $card}, 1]}",
    ("expr", "div"): "{div: [{score: so_far}, 4]}",
    ("expr", "lookup"): "{lookup: [0, 4, 6, 8], index: {count: {zone: city, where: {tag: monument, card: $it}}}}",
    ("expr", "if"): "{if: {bound: covered}, then: {attr: cost, of: $covered}, else: 0}",
    ("expr", "players"): "{players: true}",
    ("expr", "least"): "{least: cost, in: {zone: hand}}",
    ("expr", "most"): "{most: vp, in: {zone: city}}",
    ("expr", "types"): "{types: {zone: city}}",
    ("expr", "sets"): "{sets: {in: {zone: goods}, size: 2}}",
    ("expr", "groups"): "{groups: {in: {zone: city}, by: good, size: 3}}",
    ("expr", "option"): "{option: start_cards}",
    ("expr", "score"): "{score: so_far}",
    ("expr", "moves"): "{moves: round}",
    ("condition", "boolean"): "true",
    ("condition", "all"): "{all: [{empty: {zone: supply}}, {empty: {zone: discard}}]}",
    ("condition", "any"): "{any: [{tag: production, card: $card}, {not: {owns: $card}}]}",
    ("condition", "not"): "{not: {empty: {pile: goods, on: $building}}}",
    ("condition", "eq"): "{eq: [{players: true}, 2]}",
    ("condition", "ne"): "{ne: [{counter: sold}, 0]}",
    ("condition", "lt"): "{lt: [{count: {zone: hand}}, 2]}",
    ("condition", "le"): "{le: [{count: {zone: hand}}, 1]}",
    ("condition", "gt"): "{gt: [{players: true}, 2]}",
    ("condition", "ge"): "{ge: [{counter: produced}, 2]}",
    ("condition", "tag"): "{tag: violet, card: $card}",
    ("condition", "type"): "{type: my_building, card: $it}",
    ("condition", "same_type"): "{same_type: [$covered, $card]}",
    ("condition", "owns"): "{owns: $card}",
    ("condition", "role"): "{role: my_role}",
    ("condition", "role_available"): "{role_available: my_role}",
    ("condition", "chooser"): "{chooser: true}",
    ("condition", "option"): "{option: fair_start}",
    ("condition", "bound"): "{bound: covered}",
    ("condition", "empty"): "{empty: {zone: supply}}",
    ("condition", "distinct"): "{distinct: cost, in: {zone: revealed}}",
    ("condition", "any_player"): "{any_player: {lt: [{count: {zone: city, of: $other}}, {count: {zone: city}}]}, "
                                 "as: other}",
    ("condition", "exists"): "{exists: {in: {zone: city}, as: covered, where: {tag: production, card: $covered}}}",
    ("condition", "can_pay"): "{can_pay: {amount: {quantity: build_cost}, using: cards, except: $card}}",
    ("step", "if"): "if: {option: fair_start}\nthen:\n  - move: {from: {zone: supply}, to: {zone: hand}, count: 5}\n"
                    "else:\n  - move: {from: {zone: supply}, to: {zone: hand}, count: 4}",
    ("step", "repeat"): "repeat:\n  times: {quantity: produce_limit}\n  do:\n"
                        "    - choose: {action: produce, from: {zone: city}, as: building, optional: true}\n"
                        "    - move: {from: {zone: supply}, to: {pile: goods, on: $building}, count: 1}",
    ("step", "for_each_player"): "for_each_player:\n  do:\n"
                                 "    - move: {from: {zone: supply}, to: {zone: hand}, count: 4}",
    ("step", "choose"): "choose:\n  action: build\n  text: \"build {card}\"\n  from: {zone: hand}\n  as: card\n"
                        "  optional: true\n  where: {can_pay: {amount: {quantity: build_cost}, using: cards, "
                        "except: $card}}",
    ("step", "move"): "move: {from: {zone: supply}, to: {zone: hand}, count: {quantity: council_draw}}",
    ("step", "pick"): "pick: {from: {zone: looking}, count: 1, to: {zone: hand}, action: keep, text: \"keep {card}\"}",
    ("step", "shuffle"): "shuffle: supply",
    ("step", "discard_down"): "discard_down: {zone: hand, to: {quantity: hand_limit}, into: discard}",
    ("step", "pay"): "pay: {amount: {quantity: build_cost}, using: cards}",
    ("step", "emit"): "emit: built",
    ("step", "add"): "add: {counter: sold, value: 1}",
    ("step", "set"): "set: {counter: used_this_round, value: 1}",
    ("step", "let"): "let: {price: {quantity: sale_price}}",
    ("step", "end_game"): "end_game:\n  if: {any_player: {ge: [{count: {zone: city}}, 12]}}\n"
                          "  text: someone has 12 buildings",
    ("step", "start_player"): "start_player: random",
    ("step", "pass_start_player"): "pass_start_player: 1",
    ("modifier", "modify + add"): "{modify: build_cost, add: -1, if: {tag: production, card: $card}}",
    ("modifier", "modify + set"): "{modify: hand_limit, set: 12}",
    ("effect", "modify"): "{modify: sale_limit, add: 1}",
    ("effect", "when"): "when: sold\nif: {ge: [{counter: sold}, 2]}\ndo:\n"
                        "  - move: {from: {zone: supply}, to: {zone: hand}, count: 1}",
    ("effect", "score"): "score: {div: [{score: so_far}, 4]}\norder: last",
    ("card", ""): "id: my_building\nname: {en: My Building, zh: 我的建築}\ncopies: 3\ncost: 2\nvp: 1\n"
                  "tags: [building, violet]\neffects:\n  - when: built\n    if: {le: [{count: {zone: hand}}, 1]}\n"
                  "    do:\n      - move: {from: {zone: supply}, to: {zone: hand}, count: 1}\n"
                  "notes: [Why this card is written the way it is.]",
    ("role", ""): "id: scout\nname: {en: Scout, zh: 探子}\nprivilege:\n  - {quantity: scout_look, add: 2}\naction:\n"
                  "  - move: {from: {zone: supply}, to: {zone: looking}, count: {quantity: scout_look}}\n"
                  "  - pick: {from: {zone: looking}, count: 1, to: {zone: hand}, action: keep, optional: true}\n"
                  "  - move: {from: {zone: looking}, to: {zone: supply}, count: all, position: bottom}",
    ("steps", ""): "- shuffle: supply\n- for_each_player:\n    do:\n"
                   "      - move: {from: {zone: supply}, to: {zone: hand}, count: 4}",
}


def add_examples(defs):
    """Puts each example into a copy of its alternative (alternatives such as `var` are shared between kinds)."""
    doc = SchemaDoc({"defs.schema.json": {"$defs": defs}})
    for (kind, label), example in EXAMPLES.items():
        alts = [lab for lab, _ in doc.alternatives(kind)]
        assert label in alts, f"an example for a form the schemas do not have: {kind} {label!r}"
        spec = defs[kind]
        key = "oneOf" if "oneOf" in spec else "anyOf" if "anyOf" in spec else None
        data = YAML(typ="safe").load(example)
        if key is None:
            defs[kind] = {**spec, "examples": [data]}
        else:
            i = alts.index(label)
            spec[key][i] = {**spec[key][i], "examples": [data]}


add_examples(defs)
defs_doc = {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": BASE + "defs.schema.json",
            "title": "boardrules node kinds", "$defs": defs}
part = {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": BASE + "part.schema.json",
        "title": "boardrules content file (included by a game)", "type": "object",
        "properties": {k: ({"$ref": "defs.schema.json#/$defs/card"} if False else v) for k, v in sections.items()},
        "additionalProperties": False, "minProperties": 1}
idlist = {"type": "array", "items": ident, "uniqueItems": True}
game = {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": BASE + "game.schema.json",
        "title": "boardrules game", "type": "object", "additionalProperties": False,
        "required": ["id", "title", "players"],
        "properties": {
          "id": ident, "title": text, "edition": text, "description": text,
          "players": obj({"min": {"type": "integer", "minimum": 1}, "max": {"type": "integer", "minimum": 1}}, ["min", "max"]),
          "start_zone": dict(ident, description="the shared zone where cards without their own 'start' begin"),
          "box_zone": dict(ident, description="the shared zone holding the copies a game leaves out"),
          "extra_copies": {"type": "array", "description": "more (or fewer) copies of cards, by player count or option",
                           "items": {"oneOf": [
                               obj({"if": R("condition"), "type": ident, "add": {"type": "integer"}}, ["type", "add"]),
                               obj({"if": R("condition"), "tag": ident, "add": {"type": "integer"}}, ["tag", "add"])]}},
          "checks": {"type": "array", "description": "conditions on players and options that must hold to start a game",
                     "items": obj({"if": R("condition"), "text": text}, ["if", "text"])},
          "include": {"type": "array", "items": {"type": "string", "pattern": "^[^/\\\\][^\\\\]*\\.ya?ml$"}},
          "names": obj({"player": name, "start_player": name}),
          "works": R("works"),
          "play": obj({
              "acquire": dict(idlist, description="action kinds that put a card in front of the player; a bot "
                                                   "weighs them by value per card paid"),
              "benefit": dict(idlist, description="action kinds that take a benefit, most wanted first; a bot takes "
                                                   "them whenever it may"),
              "keep": dict(idlist, description="action kinds that keep one card of several; a bot keeps the most "
                                                "valuable"),
              "decline": dict(idlist, description="optional action kinds a simple bot passes on"),
              "value": dict(ident, description="the card attribute that says what a card is worth"),
              "price": dict(ident, description="the card attribute that says what a card costs"),
              "track": dict(ident, description="the tag of the cards the balance report follows one by one "
                                               "(default: every card a player holds at the end)"),
              "nouns": obj({"card": text, "cards": text, "held": text, "place": text},
                           desc="the report's words for a tracked card, several of them, having one at the end, "
                                "and where players keep them (default: card, cards, held, tableau)")},
              desc="hints for bots, the balance report and the command line: which action kinds do what and what "
                   "to count (no rule depends on them)"),
          **sections,
          "setup": steps,
          "flow": dict(steps, description="what happens after setup (usually 'rounds'); or declare the 'round' shape"),
          "round": obj({"start": steps, "end": steps, "limit": {"type": "integer", "minimum": 1, "maximum": 100000},
                        "roles": obj({"multiplier": ident, "by_players": by_players})},
                       desc="the role-selection shape: rounds of start steps, every player choosing a role, end steps"),
          "scoring": obj({"parts": {"type": "array", "items": obj({"id": ident, "name": name, "value": R("expr"),
                                                                 "order": {}, "if": R("condition")}, ["id", "value"])},
                          "tie_break": {"type": "array", "items": obj({"text": text, "value": R("expr")}, ["value"])}}),
          "rules_choices": {"type": "array", "items": obj({"id": ident, "text": text, "source": text, "option": ident},
                                                         ["id", "text"])},
        }}
for fname, doc in (("defs.schema.json", defs_doc), ("part.schema.json", part), ("game.schema.json", game)):
    (OUT / fname).write_text(json.dumps(doc, indent=2, ensure_ascii=False) + "\n")
print("ok")

# ---------------------------------------------------------------- variants (overlays)
patch = {"type": "object", "description": "fields to change: mappings merge key by key, null deletes a key, "
         "anything else replaces the old value"}
def list_ops(item):
    return obj({"add": {"type": "array", "items": item, "description": "new entries (their ids must be new)"},
                "change": {"type": "object", "propertyNames": ident, "additionalProperties": patch,
                           "description": "id -> fields to change"},
                "replace": {"type": "object", "propertyNames": ident, "additionalProperties": {"type": "object"},
                            "description": "id -> a whole new entry (without its id)"},
                "remove": dict(idlist, description="ids to remove")})
def map_ops(value):
    return obj({"add": mapping(value), "change": mapping(patch), "replace": mapping(value), "remove": idlist})
object_ops = obj({"change": patch, "replace": {"type": "object"}})
variant = {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": BASE + "variant.schema.json",
           "title": "boardrules variant (a house rule or edition that extends a game)",
           "description": "Operations per section run in the order remove, replace, change, add. The merged result "
                          "is validated as a game.",
           "type": "object", "additionalProperties": False, "required": ["extends", "id"],
           "properties": {
             "extends": {"type": "string", "description": "a packaged game id or a path relative to this file"},
             "id": ident, "title": text, "edition": text, "description": text, "start_zone": ident, "box_zone": ident,
             "extra_copies": obj({"replace": game["properties"]["extra_copies"]}),
             "checks": obj({"replace": game["properties"]["checks"]}),
             "cards": list_ops(R("card")), "roles": list_ops(R("role")),
             **{s: map_ops(game["properties"][s]["additionalProperties"]) for s in
                ("options", "presets", "selectors", "attributes", "zones", "piles", "counters", "events", "quantities",
                 "payments", "procedures")},
             "round": object_ops, "scoring": object_ops, "works": object_ops, "names": object_ops, "players": object_ops,
             "play": object_ops, "setup": obj({"replace": steps}), "flow": obj({"replace": steps}),
             "rules_choices": obj({"add": game["properties"]["rules_choices"], "remove": idlist}),
           }}
(OUT / "variant.schema.json").write_text(json.dumps(variant, indent=2, ensure_ascii=False) + "\n")
print("variant ok")

# ---------------------------------------------------------------- the API's JSON: an action, a view, a state
import types as _types, typing as _typing
import attrs as _attrs
from boardrules.engine import serialize as _serialize


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
                            "oneOf": [{"type": "integer"}, {"type": "array", "items": ident}]}}}, ["card"],
                            "a card with cards on it: public piles list them, hidden piles count them")]}
zone_view = {"anyOf": [{"type": "array", "items": card_entry}, obj({"count": {"type": "integer"}}, ["count"],
                                                                   "a hidden zone shows only its size")]}
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
                   "counters": {"type": "object", "additionalProperties": {"type": "array", "items": {"type": "integer"}}},
                   "over": {"type": "boolean"},
                   "legal_actions": {"type": "array", "items": {"$ref": "action.schema.json"},
                                     "description": "only for the player whose decision is pending"},
                   "scores": {"type": "array"}, "winners": {"type": "array", "items": {"type": "integer"}}},
                  ["game", "players", "you", "round", "zones", "counters", "over"])}
api_state = {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": BASE + "state.schema.json",
             "title": "a whole game: Game.to_json() and Rules.game_from_json() (written from the state's field list)",
             **json_schema_of(_serialize.StateDoc)}
for fname, doc in (("action.schema.json", api_action), ("view.schema.json", api_view),
                   ("state.schema.json", api_state)):
    (OUT / fname).write_text(json.dumps(doc, indent=2, ensure_ascii=False) + "\n")
print("api ok")
