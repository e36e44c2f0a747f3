"""The YAML language, declared once: every node kind's JSON Schema with its description, its fields' defaults and
an example of each of its forms. ``content_schemas()`` makes the four content schemas (``defs``, ``part``,
``game``, ``variant``) that ``schemas/`` holds; the loader validates content against those files, the compiler has
one method per form (``num_<form>``, ``if_<form>``, ``st_<form>``, checked by tests/test_grammar.py), and the YAML
reference is written from these schemas alone. ``boardrules schemas`` writes them; ``boardrules schemas --check``
fails when the checked-in files differ.

Made on first use (the engine never needs it: it reads the written schemas)."""
from __future__ import annotations

import functools

from ..limits import MAX_CARDS, MAX_LOOP, MAX_NUMBER, MAX_PLAYERS
from .grammar_notes import alternatives, annotate  # noqa: F401  (alternatives: read through this module too)

BASE = "https://boardrules.dev/schemas/"


def obj(props, required=(), desc=None, extra=False):
    o = {"type": "object", "properties": props, "additionalProperties": extra}
    if required:
        o["required"] = list(required)
    if desc:
        o["description"] = desc
    return o


ident = {"type": "string", "pattern": "^[a-z][a-z0-9_]*$"}
text = {"type": "string"}


@functools.lru_cache(maxsize=1)
def content_schemas() -> dict[str, dict]:
    """File name -> schema, for defs, part, game and variant (made once)."""
    from ruamel.yaml import YAML
    R = lambda name: {"$ref": f"defs.schema.json#/$defs/{name}"}
    var = {"type": "string", "pattern": "^\\$[a-z_][a-z0-9_]*$", "description": "a variable, e.g. $card"}
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

    zone_key = dict(R("expr"), description="in a family of zones: the member, by one of its keys (without it, a "
                                           "selector reads every member)")
    copies_added = {"type": "integer", "minimum": -MAX_CARDS, "maximum": MAX_CARDS}
    sel_text = {"type": "string", "description": "what the rules pages call these cards (instead of a generated phrase)"}
    defs = {}
    defs["card_ref"] = {"description": "one card: a $variable or the top card of a zone",
                        "oneOf": [var, obj({"top": ident}, ["top"])]}
    defs["selector"] = {"description": "a list of cards: a zone, or the pile on one card, or the piles on many cards",
      "oneOf": [
        obj({"zone": ident, "of": owner, "key": zone_key, "where": R("condition"), "deep": {"type": "boolean"},
             "except": dict(R("card_ref"), description="leave this one card out"),
             "one_per_type": {"type": "boolean", "description": "keep only the first card of each kind (card id)"},
             "text": sel_text,
             "means": {"type": "string", "description": "with 'text': what those cards are, as a rulebook says it "
                                                        "(the rules pages define the name with it instead of the "
                                                        "sentence generated from 'where')"}},
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
    defs["expr"] = {"description": "a number (or a word, such as a key of a map attribute)", "oneOf": [
      {"type": "integer"}, {"type": "string"},
      E("quantity", ident, more={"with": {"type": "object", "additionalProperties": {"oneOf": [var, {"type": "integer"}]}}},
        desc="a quantity the rules ask for, after every modifier"),
      E("counter", ident, more={"of": player, "on": R("card_ref"), "role": role_ref},
        desc="a counter's value: a player's (of), a card's (on, default $self), a role's (role, default the role being "
             "played) or the table's"),
      E("room", obj({"counter": ident, "of": player, "on": R("card_ref"), "role": role_ref, "pile": ident}),
        desc="how much more a holder takes: its capacity minus what it holds (a counter's, or a card's pile's)"),
      E("attr", ident, more={"of": R("card_ref"), "key": R("expr")}, desc="an attribute of a card"),
      E("space_attr", ident, ["space_attr", "track"], more={"track": ident, "of": player},
        desc="an attribute of the space a marker stands on (0 when the space has none)"),
      E("best_reached", ident, ["best_reached", "track"], more={"track": ident, "of": player},
        desc="the highest value of an attribute over the spaces of a track a marker has reached or passed (0 if "
             "none): what the furthest threshold scores"),
      E("reached", ident, more={"of": player}, desc="the furthest space a marker has ever stood on (a track's id)"),
      E("markers_behind", ident, more={"of": player},
        desc="how many markers come after a player's in an order track's order (lower, or under it in its stack): "
             "a tie-break that favours the one ahead"),
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
      E("distance", pair, more={"around": R("expr")},
        desc="how many steps of one apart two numbers are; with 'around' (n), the values 1..n form a circle, so n "
             "and 1 are one step apart"),
      E("seat", player, desc="a player's seat: 0 for the first seat, counting to the left"),
      E("filled", obj({"zone": ident, "of": owner}, ["zone"]), desc="how many members of a family of zones hold a card"),
      E("squares", R("card_ref"), desc="how many squares the piece of a card has (its 'shape' attribute; 0 for a card "
                                      "without one)"),
      E("round", {"const": True}, desc="the round number (1 in the first round)"),
      E("least", ident, ["least", "in"], {"in": R("selector")}, "the lowest value of an attribute among cards (0 if none)"),
      E("most", ident, ["most", "in"], {"in": R("selector")}, "the highest value of an attribute among cards (0 if none)"),
      E("types", R("selector"), desc="how many different cards (by id) a selector holds"),
      E("sets", obj({"in": R("selector"), "size": {"type": "integer", "minimum": 1}}, ["in", "size"]),
        desc="how many disjoint sets of 'size' identical cards (the same card id) a selector holds"),
      E("most_of_a_kind", obj({"in": R("selector"), "by": ident}, ["in"]),
        desc="the largest number of cards of one kind in a selector: of one card id, or with 'by' sharing one value "
             "of that attribute (0 if none)"),
      E("kinds", obj({"in": R("selector"), "by": ident}, ["in"]),
        desc="how many kinds a selector holds: different card ids, or with 'by' different values of that attribute"),
      E("groups", obj({"in": R("selector"), "by": ident, "size": {"type": "integer", "minimum": 1}}, ["in", "by"]),
        desc="how many disjoint groups of 'size' cards sharing the 'by' attribute, with pairwise different ids, can be made"),
      E("option", ident, desc="the value of a game option"),
      E("score", {"const": "so_far"}, desc="the score from every part computed before this one"),
      E("moves", {"const": "round"}, desc="how many cards moved this round"),
      E("region", {"enum": ["size", "empty", "markers", "all_markers", "covered"]}, more={
          "cell": dict(R("expr"), description="a cell of the region (default: `$region`)"),
          "of": player, "board": dict(ident, description="the board (default: the game's only board)")},
        desc="of the region (maximal orthogonally connected land cells) holding a cell: how many cells it has "
             "(size), how many are neither marked nor covered by a laid piece (empty), how many markers of a player "
             "('of') lie in it (markers), how many markers of anyone (all_markers), how many of its cells laid "
             "pieces cover (covered)"),
      E("pieces_on", ident, more={"of": player,
                                  "board": dict(ident, description="the board (default: the game's only board)")},
        desc="how many of a player's pieces stand on a cell of this legend mark (0 if none)"),
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
      E("role_chosen", role_ref, desc="a player chose this role this round (a phase played with play_phase is not "
                                      "a choice)"),
      E("option", ident), E("bound", ident, desc="the variable has a value: a card or an answer was chosen (false after a choice "
                                     "declined with on_decline: continue)"),
      E("empty", R("selector")),
      E("region_class", ident, more={"cell": dict(R("expr"), description="a cell of the region (default: "
                                                                          "`$region`)"),
                                     "board": dict(ident, description="the board (default: the game's only board)")},
        desc="the region of a cell is of this class: the board's classes give each the least size it takes"),
      E("cell_mark", ident, ["cell_mark", "cell"],
        {"cell": dict(R("expr"), description="the cell (a number, as claim and place bind it)"),
         "board": dict(ident, description="the board (default: the game's only board)")},
        "the cell carries this legend mark"),
      E("adjacent", pair, more={"board": dict(ident, description="the board (default: the game's only board)")},
        desc="the two cells are orthogonal neighbours on the board"),
      E("distinct", ident, ["distinct", "in"], {"in": R("selector")}, "no two cards share the attribute's value"),
      E("any_player", R("condition"), more={"as": ident}, desc="the condition holds for some player; with 'as', "
        "that player is the variable and 'you' stays the current player"),
      E("exists", obj({"in": R("selector"), "as": ident, "where": R("condition")}, ["in"])),
      E("can_pay", obj({"amount": R("expr"), "using": ident, "except": R("card_ref")}, ["amount", "using"])),
    ]}
    noun = {"type": "string", "description": "what the rules pages call the chosen card in later steps (default: "
            "from 'text' and the card's tag or zone: 'text: \"<verb> {x}\"' gives \"the <thing> you <verb>\")"}
    dest = {"description": "where cards go", "oneOf": [
      obj({"zone": ident, "of": player, "key": zone_key}, ["zone"]),
      obj({"pile": ident, "on": R("card_ref")}, ["pile", "on"])]}
    steps = {"type": "array", "items": R("step")}
    defs["steps"] = steps
    defs["step"] = {"description": "one instruction", "oneOf": [
      E("if", R("condition"), ["if", "then"], {"then": steps, "else": steps}),
      E("repeat", obj({"times": R("expr"), "do": steps}, ["times", "do"])),
      E("for_each_player", obj({"from": player, "do": steps,
                                "by_track": dict(ident, description="an order track: each player in its order (the "
                                                                    "furthest marker first, the top of a stack "
                                                                    "first), fixed as the loop starts ('from' is then "
                                                                    "not used)")}, ["do"])),
      E("choose", obj({"action": ident, "text": text, "decline_text": text, "noun": noun, "from": R("selector"), "where": R("condition"),
                       "options": {"type": "array", "minItems": 1, "items": {
                           "description": "an answer, or an answer offered only when a condition holds",
                           "anyOf": [{"type": "string"},
                                     obj({"answer": {"type": "string"}, "if": R("condition")}, ["answer", "if"])]}},
                       "as": ident, "player": player,
                       "optional": dict(R("condition"), description="true, or a condition: the player may decline only "
                                                                    "when it holds"),
                       "on_decline": {"enum": ["stop", "continue"]}}, ["action"])),
      E("move", obj({"card": R("card_ref"), "from": R("selector"), "to": dest,
                     "count": {"anyOf": [{"const": "all"}, R("expr")]},
                     "position": {"enum": ["top", "bottom"]}, "as": ident}, ["to"])),
      E("pick", obj({"from": R("selector"), "count": R("expr"), "to": dest, "action": ident, "text": text,
                     "optional": {"type": "boolean"}, "as": ident}, ["from", "to", "action"]),
        desc="choose cards one at a time and move them (all at once when every candidate must go)"),
      E("release", obj({"from": R("selector"),
                        "through": {"description": "the container: a zone whose cards stay inside between uses (its "
                                                   "id, or {zone, of, key} for a player's zone or a family's member)",
                                    "oneOf": [ident, obj({"zone": ident, "of": player, "key": zone_key}, ["zone"])]},
                        "to": dest, "model": {"enum": ["urn", "shelf", "oracle"]},
                        "keep": dict(expr_list, description="urn: how many cards may stay inside, one entry drawn at "
                                                            "random each time (an entry twice is twice as likely)"),
                        "shelves": dict(R("expr"), description="shelf: how many shelves the cards fall through"),
                        "room": dict(R("expr"), description="shelf: how many cards one shelf holds at most"),
                        "lodge": dict(R("expr"), description="shelf: the chance in 100 that a falling card lodges "
                                                             "on a shelf with room"),
                        "knock": dict(R("expr"), description="shelf: the chance in 100 that a falling card knocks "
                                                             "loose a card lying on the shelf"),
                        "ask": dict(player, description="oracle: the player who says how many cards of each kind "
                                                        "came out"),
                        "action": dict(ident, description="oracle: the kind of the answers' actions"),
                        "stream": dict(ident, description="draw from the game's random sub-stream of this name, "
                                                          "which steps elsewhere do not change"),
                        "as": ident}, ["from", "through", "to"]),
        desc="put cards into a container, then let some of its cards out: of the cards inside (those already there "
             "first, then the new ones by card type and copy) the resolver ('model') decides which stay, and the "
             "others come out into 'to'; $moved (or 'as') counts the cards that came out"),
      E("budget", obj({"amount": R("expr"), "as": ident,
                       "extra": obj({"counter": ident, "rate": R("expr"), "action": ident, "text": text,
                                     "most": dict(R("expr"), description="at most this many extra points (a "
                                                  "number of the options and the player count: with it, the "
                                                  "choice has a place in a fixed action space, boardrules.ai)")},
                                    ["counter"], "before spending, the player may take more points, paying 'rate' "
                                                 "(default 1) of a counter of theirs for each"),
                       "do": steps}, ["amount", "do"]),
        desc="points to spend on one action: the variable 'as' (default `points`) starts at 'amount' (a quantity "
             "there changes it per player), the player may pay for more with 'extra', the steps of 'do' spend them; the "
             "points left when 'do' ends are lost"),
      E("spend", obj({"budget": ident, "amount": R("expr")}),
        desc="take points from the budget of an enclosing budget step (more than is left stops the game with a "
             "RulesError: offer only what the budget pays for)"),
      E("lay_board", ident, desc="lay out a board from its tiles (in the set-up): each slot's tile turned as its "
                                 "layout says, a side drawn at random for a slot that says `random` (drawn again "
                                 "until the board keeps its rules); each player's pieces go to the board's start"),
      E("claim", obj({"board": dict(ident, description="the board (default: the game's only board)"),
                      "action": ident, "text": dict(text, description="each answer's sentence; `{cell}` (or the "
                                                                      "'as' variable) is replaced by the cell"),
                      "where": dict(R("condition"), description="offer only the cells for which this holds (the "
                                                                "cell is the 'as' variable)"),
                      "as": ident,
                      "optional": {"type": "boolean", "description": "the player may decline (then nothing is "
                                                                     "marked and the 'as' variable holds nothing)"},
                      "on_decline": {"enum": ["stop", "continue"], "description": "what declining does, as for "
                                                                                  "choose"}}),
        desc="the player puts a marker on an empty land cell of their choice; when that fills the last empty cell "
             "of a region, the board's 'on_full' event fires, once, with the region's first cell in $region"),
      E("move_pieces", obj({"board": dict(ident, description="the board (default: the game's only board)"),
                            "budget": dict(R("expr"), description="the most steps each piece takes"),
                            "action": ident, "text": dict(text, description="each answer's sentence; `{to}` is "
                                                                            "replaced by the destination"),
                            "ends": {"enum": ["border"], "description": "border: a piece may end its move only on "
                                                                        "a border node"}}),
        desc="move each of the player's pieces in turn through the water cells and border nodes, up to 'budget' "
             "steps: one decision per piece (where it ends, or stay); a piece passes through taken nodes but does "
             "not end on a full one; then the board's 'landing' event fires for each piece on a cell of its mark, "
             "the cell in $cell"),
      E("place", obj({"board": dict(ident, description="the board (default: the game's only board)"),
                      "from": dict(R("selector"), description="the cards offered (one answer per card type); each "
                                                              "card's shape gives its squares"),
                      "shape": dict(ident, description="the attribute holding the shape (default: the game's only "
                                                       "shape attribute)"),
                      "mirror": {"type": "boolean", "description": "also offer the shapes' mirror images (each "
                                                                   "answer then says `mirror: true` or `false`)"},
                      "rules": {"type": "array", "description": "the clauses a placement keeps, all of them: on_land (every square "
                                               "on land), one_region (the squares on land, at least one, all in "
                                               "one region), free (no square on a cell with a marker or under a "
                                               "laid piece), {region_has: <player>} (the piece lies in a region "
                                               "holding a marker of that player), {touches: [...]} (some square is "
                                               "next to a cell with a marker of {markers: <player>} or, for "
                                               "pieces, a cell under a laid piece; a list is any of them)",
                                "items": {"description": "a placement clause", "oneOf": [
                                    {"enum": ["on_land", "one_region", "free"],
                                     "description": "on_land: every square on a land cell; one_region: the squares "
                                                    "on land (at least one) all in one region; free: no square on a filled cell (a marker "
                                                    "on it or a laid piece over it)"},
                                    obj({"region_has": player}, ["region_has"],
                                        "the piece lies in a region holding a marker of that player"),
                                    obj({"touches": {"oneOf": [
                                        {"type": "array", "minItems": 1, "items": {"oneOf": [
                                            {"const": "pieces"}, obj({"markers": player}, ["markers"])]}},
                                        {"const": "pieces"}, obj({"markers": player}, ["markers"])]}},
                                        ["touches"], "some square is orthogonally next to one of these (any of "
                                                     "the list): a cell with a marker of that player, or "
                                                     "(pieces) a cell a laid piece covers")]}},
                      "action": ident,
                      "text": dict(text, description="each answer's sentence; `{piece}` (or the 'as' variable), "
                                                     "`{at}`, `{turn}` and `{mirror}` are replaced"),
                      "as": ident,
                      "optional": {"type": "boolean", "description": "the player may decline (then nothing is laid "
                                                                     "and the 'as' variable holds nothing)"},
                      "on_decline": {"enum": ["stop", "continue"], "description": "what declining does, as for "
                                                                                  "choose"}},
                     ["from"]),
        desc="the player lays a piece on the board: one answer per card type, orientation and anchor cell (the "
             "cell under the turned shape's first square in row-major order) where the shape lies on the board and "
             "every clause holds; answers {piece, at, turn} (and mirror); its cells are covered for the player, an "
             "item under it goes to the board's 'items' counter, a region it fills fires 'on_full' once; the card "
             "stays where it is ($piece, $at, $region, $squares bound after); no placement: nothing happens"),
      E("advance", obj({"track": ident, "by": R("expr"), "of": player, "as": ident}, ["track", "by"]),
        desc="move a marker up a track, no further than its end: the steps past the end are lost (or go to the "
             "track's 'convert' counter) and counted in $forfeited (or 'as'); each of the track's spaces reached or "
             "passed for the first time fires the track's event, lowest first, with $space and the space's "
             "attributes bound (a negative distance moves back and fires nothing)"),
      E("retreat", obj({"track": ident, "by": R("expr"), "of": player}, ["track", "by"]),
        desc="move a marker back down a track (not below its start); it fires nothing"),
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
      E("rounds", obj({"do": steps, "limit": {"type": "integer", "minimum": 1, "maximum": MAX_LOOP}}, ["do"]),
        desc="round after round until the game ends (at most 'limit' rounds, default 1000)"),
      E("choose_roles", {"oneOf": [{"type": "null"}, obj({"multiplier": ident, "by_players": by_players})]},
        desc="each player in turn from the start player chooses a role nobody chose this round; it runs at once"),
      E("turns", obj({"order": {"enum": ["each", "until_all_pass"]}, "from": player, "do": steps,
                      "by_track": dict(ident, description="an order track: the players take their turns in its order "
                                                          "(the furthest marker first, the top of a stack first), "
                                                          "fixed as the turns start ('from' is then not used)"),
                      "limit": {"type": "integer", "minimum": 1, "maximum": MAX_LOOP}}, ["do"]),
        desc="players take turns from a player: each once, or round and round until every player in a row passes (a "
             "turn that moves no card and changes no count)"),
      E("while", obj({"if": R("condition"), "do": steps, "limit": {"type": "integer", "minimum": 1, "maximum": MAX_LOOP}},
                     ["if", "do"]), desc="repeat while the condition holds (checked first), at most 'limit' times"),
      E("for_each", {"oneOf": [obj({"in": R("selector"), "as": ident, "do": steps}, ["in", "do"]),
                               obj({"roles": {"enum": ["all", "unchosen"]}, "as": ident, "do": steps}, ["roles", "do"]),
                               obj({"from": R("expr"), "to": R("expr"), "as": ident, "do": steps}, ["from", "to", "do"])]},
        desc="once per card of a selector, or per number from..to, with it in a variable"),
      E("call", ident, desc="run a procedure declared under 'procedures'"),
      E("play_phase", obj({"role": role_ref, "lead": player}, ["role"]),
        desc="play a role's phase now: its start steps, every player's action in seat order from the lead (default "
             "you), its end steps; nobody chose it, so nobody has its privilege; the phase it interrupts goes on "
             "afterwards"),
      E("distribute", obj({"counter": ident, "from": obj({"counter": ident, "of": player, "on": R("card_ref"),
                                                          "role": role_ref}, ["counter"]),
                           "onto": R("selector"), "action": ident, "as": ident, "text": text, "noun": noun},
                          ["counter", "from", "onto", "action"]),
        desc="move a count one at a time from a holder onto cards with room in a card counter, the player choosing "
             "the card each time (all at once when there is enough to fill them all)"),
      E("choose_number", obj({"action": ident, "min": R("expr"), "max": R("expr"), "as": ident, "player": player,
                              "text": text, "optional": {"type": "boolean"},
                              "most": dict(R("expr"), description="never more than this (a number of the options "
                                           "and the player count): with it, 'max' may read the state of play and "
                                           "the choice still has a place in a fixed action space (boardrules.ai)")},
                             ["action", "min", "max"]),
        desc="a numeric decision"),
      E("start_player", {"oneOf": [{"const": "random"}, {"type": "integer", "minimum": 0},
                                   obj({"seat": R("expr")}, ["seat"], "the player in this seat (0 the first, counting "
                                                                     "to the left, around the table)")]}),
      E("pass_start_player", {"type": "integer"}),
    ]}
    rule_text = {"type": "string", "description": "how the rules pages say this step, instead of the generated "
                 "sentence (for a step that holds steps: its opening clause); an empty text leaves out a bookkeeping "
                 "step"}
    step_id = dict(ident, description="a name for this step that a variant's `edit` can name (insert before or "
                                      "after it, remove, replace or change it); it changes nothing in play")
    for form in defs["step"]["oneOf"]:
        form["properties"]["rule_text"] = rule_text
        form["patternProperties"] = {"^id$": step_id}     # beside every form (the reference says so once)
    defs["step"]["description"] = ("one instruction; any step may also carry `id: <name>`, a name a variant's `edit` "
                                   "can use to insert before or after it, remove, replace or change it (it changes "
                                   "nothing in play)")
    entry_id = dict(ident, description="a name for this entry that a variant's `edit` can name; it changes nothing "
                                       "in play")
    scope = {"enum": ["owner", "others", "all"],
             "description": "whose quantities or events: the card's owner (default), the other players, or everyone"}
    mod_props = {"modify": ident, "add": R("expr"), "set": R("expr"), "if": R("condition")}
    defs["modifier"] = {"description": "changes a quantity while the card is active",
                        "oneOf": [obj(dict(mod_props), ["modify", "add"]), obj(dict(mod_props), ["modify", "set"])]}
    defs["effect"] = {"description": "a modifier, a triggered ability or an end-game score", "oneOf": [
      dict(obj({"modify": ident, "add": R("expr"), "set": R("expr"), "if": R("condition"), "scope": scope,
                "id": entry_id}, ["modify"],
               "modifier: changes a quantity while the card works"),
           anyOf=[{"required": ["add"]}, {"required": ["set"]}]),
      obj({"when": ident, "if": R("condition"), "do": steps, "scope": scope, "id": entry_id,
           "idle": {"type": "boolean", "description": "it fires even while its card does not work (before the moment "
                                                     "its card starts working, or while works.while does not hold), "
                                                     "as long as the card lies in a tableau: a card reacting to its "
                                                     "own arrival, say"}},
          ["when", "do"],
          "trigger: when the event happens to you (scope others: to another player, who is then $actor)"),
      obj({"score": R("expr"), "order": {"oneOf": [{"enum": ["first", "normal", "last"]}, {"type": "integer"}]},
           "id": entry_id}, ["score"],
          "end-game points"),
    ]}
    defs["works"] = obj({"from": {"enum": ["at_once", "phase_end", "round_end"],
                                  "description": "when a card that enters a tableau starts working"},
                         "while": dict(R("condition"), description="a working card ($self) works only while this holds")},
                        desc="when cards start and stop working (their modifiers and triggers)")
    defs["card"] = {"type": "object", "required": ["id", "name"], "additionalProperties":
      {"description": "an attribute declared under 'attributes'", "oneOf": [{"type": ["integer", "string", "boolean"]},
       {"type": "object", "additionalProperties": {"type": ["integer", "string"]}},
       {"type": "array", "minItems": 1, "maxItems": 64,
        "description": "a shape: rows of '#' (a square) and '.' (none), checked when the content loads"}]},
      "properties": {"id": ident, "name": name, "copies": {"type": "integer", "minimum": 0, "maximum": 1000,
                                                       "description": "copies in a game (0: only through extra_copies)"},
                     "tags": {"type": "array", "items": ident, "uniqueItems": True}, "start": ident,
                     "effects": {"type": "array", "items": R("effect")}, "works": R("works"),
                     "notes": {"type": "array", "items": text},
                     "text": dict(text, description="what the card does, as its printed text says it, for a card "
                                  "whose effect the game's own steps carry (they test for it): the cards page "
                                  "says it on the card's entry")}}
    priv = {"type": "array", "items": {"oneOf": [
        obj({"quantity": ident, "add": R("expr"), "if": R("condition"), "id": entry_id}, ["quantity", "add"],
            "the chooser's quantity changes during the phase"),
        obj({"do": steps, "at": {"enum": ["first", "end"], "description": "first: before the chooser's action "
                                    "(default); end: when every player has acted, before the role's end steps"}, "id": entry_id}, ["do"],
            "the chooser runs these steps (as often as the privilege multiplier says)")]}}
    defs["role"] = obj({"id": ident, "name": name, "privilege": priv, "start": steps, "action": steps, "end": steps,
                        "available": dict(R("condition"), description="the role is in a game only if this holds "
                                                                       "(player count, options)"),
                        "notes": {"type": "array", "items": text}}, ["id", "name"])
    mapping = lambda v: {"type": "object", "propertyNames": ident, "additionalProperties": v}
    zh = {"type": "string", "minLength": 1, "description": "its name in Chinese (optional: a house rule's own "
                                                           "names may leave it out)"}
    sections = {
      "options": mapping(obj({"default": {"type": ["boolean", "integer", "string"],
                                          "description": "the value a game has unless it asks for another; its kind "
                                                         "(true/false, a whole number or a word) is the option's type"},
                              "text": text,
                              "values": {"type": "array", "minItems": 1, "items": {"type": ["boolean", "integer", "string"]},
                                         "description": "the only values allowed, each of the default's kind"},
                              "players": {"type": "array", "items": {"type": "integer", "minimum": 1}, "minItems": 1,
                                          "description": "the player counts the option may be used with"},
                              "excludes": {"type": "array", "items": ident,
                                           "description": "options that cannot be on (truthy) together with this one"},
                              "zh": zh},
                             ["default"])),
      "presets": mapping(obj({"text": text, "zh": zh, "options": {"type": "object", "minProperties": 1}}, ["options"])),
      "attributes": mapping(obj({"type": {"enum": ["integer", "string", "map", "boolean", "shape"],
                                          "description": "shape: a piece of squares, written as rows of '#' (a "
                                                         "square) and '.' (none), all joined side by side"}, "default": {}, "text": text,
                                 "instead": obj({"option": ident, "attr": ident}, ["option", "attr"],
                                                "an integer attribute an option changes: while the on/off option "
                                                "'option' is on, a card that has the attribute 'attr' (not 0) reads "
                                                "its value instead")}, ["type"])),
      "zones": mapping(obj({"scope": {"enum": ["shared", "player"]},
                            "visibility": {"enum": ["hidden", "owner", "public", "top"],
                                           "description": "who sees the cards: nobody, the owner, everyone, or everyone "
                                                          "the top card only (a face-up stack)"},
                            "family": {"type": "array", "minItems": 1, "maxItems": 64, "uniqueItems": True,
                                       "items": {"oneOf": [ident, {"type": "integer", "minimum": 0, "maximum": 1000}]},
                                       "description": "a family of zones, one per key (numbered rows, stacks by "
                                                      "colour): steps name a member with 'key'"},
                            "member": dict(text, description="how the rules pages call one member of a family; "
                                                             "'{key}' stands for its key"),
                            "text": text, "zh": zh, "tableau": {"type": "boolean"}, "quiet": {"type": "boolean"},
                            "holds": {"type": "string", "description": "what one card in it is called in the rules "
                                      "pages when nothing else says (one word, as its text would use it)"},
                            "only": dict(R("condition"), description="which cards may lie in it: a condition of the "
                                         "card ($self; in a family, with the member's key in $key). A step that puts "
                                         "another card there stops the game with a RulesError; a saved state with "
                                         "one there is refused"),
                            "refill": obj({"from": ident, "shuffle": {"type": "boolean"}}, ["from"])}, ["scope", "visibility"])),
      "piles": mapping(obj({"visibility": {"enum": ["hidden", "public"]}, "text": text, "zh": zh,
                            "capacity": dict(R("expr"), description="how many cards the pile on one card holds: a "
                                         "number or an expression of the card ($self)")}, ["visibility"])),
      "counters": mapping(obj({"scope": {"enum": ["shared", "player", "role", "card"],
                                         "description": "who holds a value: the table, each player, each role or each card"},
                               "reset": {"enum": ["never", "round", "phase", "move"],
                                         "description": "when the values go back to 0: never, at each round's or "
                                                        "phase's start, or (a card's count) when the card moves"},
                               "text": text, "zh": zh,
                               "flag": dict(text, description="an on/off counter (0 or 1): the sentence that holds when "
                                            "it is 1, used in the generated rules text"),
                               "flag_off": dict(text, description="the sentence that holds when it is 0"),
                               "label": dict(text, description="a card's count as an action or the log shows it "
                                             "beside the card's name, '{n}' standing for the count (default: "
                                             "'{n} <text>')"),
                               "capacity": dict(R("expr"), description="the most one holder may hold: a number or an "
                                                "expression of the holder ($self)"),
                               "visibility": {"enum": ["public", "owner"],
                                              "description": "who sees a player's value: everyone (public, the "
                                                             "default) or the player alone (owner: the others' views "
                                                             "show null and their events the change only) until the "
                                                             "game ends"}})),
      "events": mapping({"oneOf": [text, obj({"text": text})]}),
      "legend": {"type": "object", "propertyNames": {"minLength": 1, "maxLength": 1},
                 "additionalProperties": obj({"land": {"type": "boolean"}, "mark": ident, "needs": ident, "item": ident}, ["land"],
                  "what a cell of this character is: land or water, a mark, the mark some orthogonal neighbour "
                  "must carry, an item kind"),
                 "description": "the characters of the tiles' rows: one character -> what a cell is"},
      "tiles": mapping(obj({"rows": {"type": "array", "minItems": 1, "items": text,
                                     "description": "n rows of n characters of the legend, top row first"},
                            "text": text, "zh": zh}, ["rows"], "a square tile of cells")),
      "boards": mapping(obj({
          "text": text, "zh": zh,
          "layouts": {"type": "object", "propertyNames": {"pattern": "^[0-9]+$"}, "additionalProperties": {
              "type": "array", "minItems": 1, "items": {"type": "array", "minItems": 1, "items": {"oneOf": [
                  ident, obj({"tile": ident, "rotation": {"enum": [0, 90, 180, 270, "random"]}}, ["tile"])]}}},
              "description": "player count -> rows of tile slots: a tile id, or {tile, rotation} (clockwise "
                             "degrees, or random)"},
          "border": {"type": "boolean", "description": "a ring of border nodes, one per outer tile edge, each "
                                                       "linked to its edge's outer water cells and its neighbours"},
          "capacity": obj({"cell": {"type": "integer", "minimum": 0}, "border": {"type": "integer", "minimum": 0}},
                          desc="how many pieces may end a move on a water cell (default 1) and on a border node "
                               "(default 0: unlimited)"),
          "classes": {"type": "object", "propertyNames": ident,
                      "additionalProperties": {"type": "integer", "minimum": 1},
                      "description": "region class -> the least size of a region of that class"},
          "on_full": dict(ident, description="the event when a region's last empty cell gets a marker or a laid "
                                             "piece"),
          "items": {"type": "object", "propertyNames": ident, "additionalProperties": ident,
                    "description": "item kind (of the legend) -> a player counter: a marker put on, or a piece laid "
                                   "over, a cell with that item adds 1 to it for that player"},
          "landing": obj({"mark": ident, "event": ident}, ["mark", "event"],
                         "the event for each piece that ends a move on a cell of this mark"),
          "pieces": obj({"each": {"type": "integer", "minimum": 0, "maximum": 16},
                         "start": {"type": "integer", "minimum": 0}}, ["each"],
                        "how many pieces each player has, and the border node where they start (from 0, clockwise "
                        "from the top left)")}, ["layouts"], "a grid board laid from tiles")),
      "tracks": mapping(obj({
          "scope": {"enum": ["player", "shared"], "description": "who has a marker: each player (default) or the "
                                                                  "table"},
          "length": {"type": "integer", "maximum": MAX_NUMBER, "description": "the last space; a marker starts on 0"},
          "text": text, "zh": zh,
          "spaces": {"type": "object", "propertyNames": {"pattern": "^[0-9]+$"},
                     "description": "space number (in quotes) -> its attributes (numbers or words): the "
                                                     "threshold spaces, each firing 'event' once per marker",
                     "additionalProperties": {"type": "object", "additionalProperties": {
                         "type": ["integer", "string"], "minimum": -MAX_NUMBER, "maximum": MAX_NUMBER}}},
          "event": dict(ident, description="the event a threshold space fires when a marker first reaches or passes it"),
          "at_end": {"description": "what happens to the steps past the end: forfeit (lost) or {convert: <counter>} "
                                    "(added to that counter of the same holder, 1:1)",
                     "oneOf": [{"enum": ["forfeit"]}, obj({"convert": ident}, ["convert"])]},
          "order": {"type": "boolean", "description": "an order track: a marker moving onto a space goes on top of "
                                                      "the markers there, and 'turns: {by_track}' follows its order"}},
          ["length"])),
      "quantities": mapping(obj({"base": R("expr"), "text": text, "zh": zh, "min": {"type": "integer"}, "max": {"type": "integer"},
                                 "flag": dict(text, description="an on/off quantity (0 or 1): the sentence that holds "
                                                                "when it is 1, used in the generated rules text")})),
      "payments": mapping(obj({"text": text, "sources": {"type": "array", "minItems": 1, "items": {"oneOf": [
          obj({"from": R("selector"), "to": ident, "limit": R("expr"), "counter": ident}, ["from"],
              "cards, paid one at a time into the zone 'to'"),
          obj({"money": ident, "to": ident}, ["money"],
              "a counter paid from directly (into the counter 'to', if given); paid before any cards"),
      ]}}}, ["sources"])),
      "selectors": mapping(R("selector")),
      "reactions": mapping(obj({"when": ident, "if": R("condition"), "do": steps, "text": text}, ["when", "do"],
                               "the game's own reaction to a moment (an event): it fires for the player whose moment "
                               "it is, whatever cards they hold, before any card's reaction ('text': the sentence "
                               "the rules pages print for it)")),
      "procedures": mapping({"description": "steps that 'call' runs: a list of steps, or {text, do} where the text "
                                            "says what it does (the rules pages print it for every call)",
                             "oneOf": [steps, obj({"text": text, "do": steps}, ["text", "do"])]}),
      "cards": {"type": "array", "items": R("card")},
      "roles": {"type": "array", "items": R("role")},
    }


    def add_examples(defs):
        """Puts each example of schemas/examples.yaml into a copy of its form (forms such as `var` are shared
        between kinds)."""
        from ..content.paths import data_dir
        examples = YAML(typ="safe").load((data_dir("schemas") / "examples.yaml").read_text(encoding="utf-8"))
        for key, data in examples.items():
            kind, _, label = key.partition(" ")
            label = label.partition(" (")[0]       # "step release (shelf)": another example of the same form
            alts = [lab for lab, _ in alternatives(defs, kind)]
            assert label in alts, f"an example for a form the schemas do not have: {kind} {label!r}"
            spec = defs[kind]
            key = "oneOf" if "oneOf" in spec else "anyOf" if "anyOf" in spec else None
            if key is None:
                defs[kind] = {**spec, "examples": [*spec.get("examples", ()), data]}
            else:
                i = alts.index(label)
                spec[key][i] = {**spec[key][i], "examples": [*spec[key][i].get("examples", ()), data]}


    annotate(defs, {})
    add_examples(defs)
    defs_doc = {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": BASE + "defs.schema.json",
                "title": "boardrules node kinds", "$defs": defs}
    idlist = {"type": "array", "items": ident, "uniqueItems": True}
    part = {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": BASE + "part.schema.json",
            "title": "boardrules content file (included by a game)", "type": "object",
            "properties": {k: ({"$ref": "defs.schema.json#/$defs/card"} if False else v) for k, v in sections.items()},
            "additionalProperties": False, "minProperties": 1}
    game = {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": BASE + "game.schema.json",
            "title": "boardrules game", "type": "object", "additionalProperties": False,
            "required": ["id", "title", "players"],
            "properties": {
              "id": ident, "title": text, "edition": text, "description": text,
              "players": obj({"min": {"type": "integer", "minimum": 1, "maximum": MAX_PLAYERS},
                              "max": {"type": "integer", "minimum": 1, "maximum": MAX_PLAYERS}}, ["min", "max"]),
              "start_zone": dict(ident, description="the shared zone where cards without their own 'start' begin"),
              "box_zone": dict(ident, description="the shared zone holding the copies a game leaves out"),
              "extra_copies": {"type": "array", "description": "more (or fewer) copies of cards, by player count or option",
                               "items": {"oneOf": [
                                   obj({"if": R("condition"), "type": ident, "add": copies_added, "id": entry_id},
                                       ["type", "add"]),
                                   obj({"if": R("condition"), "tag": ident, "add": copies_added, "id": entry_id},
                                       ["tag", "add"])]}},
              "checks": {"type": "array", "description": "conditions on players and options that must hold to start a game",
                         "items": obj({"if": R("condition"), "text": text, "id": entry_id}, ["if", "text"])},
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
                  "price": dict(ident, description="the card attribute that says what acquiring a card asks"),
                  "track": dict(ident, description="the tag of the cards the balance report follows one by one "
                                                   "(default: every card a player holds at the end)"),
                  "nouns": obj({"card": text, "cards": text, "held": text, "place": text},
                               desc="the report's words for a tracked card, several of them, having one at the end, "
                                    "and where players keep them (default: card, cards, held, tableau)"),
                  "status": {"type": "array", "maxItems": 16, "items": {"oneOf": [
                      obj({"counter": ident, "text": text, "shows": {"enum": ["number", "seat"]}}, ["counter"],
                          "a counter of each player or of the table (a track's marker too), shown even at 0; a "
                          "table's counter may hold a seat ('shows: seat')"),
                      obj({"variable": ident, "text": text, "shows": {"enum": ["number", "card", "seat"]}},
                          ["variable", "text"], "a variable of the flow while a step binds it (the phase card a "
                                                "for_each names, the points a budget has left); 'shows' what it "
                                                "holds (default: a number)"),
                      obj({"score": {"enum": ["all", "own"]}, "text": text}, ["score"],
                          "the score so far (the scoring parts now): every seat's, or each player's own only "
                          "(when some of it is hidden from the others)"),
                      obj({"start_player": {"const": True}, "text": text}, ["start_player"],
                          "who the start player is (named as 'names' says)"),
                      obj({"order": ident, "text": text}, ["order"], "the turn order an order track gives")]},
                             "description": "what a player's status line shows, in this order, besides the round "
                                            "and whose turn it is: the state a player reads at every decision"},
                  "bookkeeping": dict(idlist, description="counters that only keep the rules' accounts (whether a "
                                                          "step was done this turn): never shown to a player and "
                                                          "never in their log")},
                  desc="hints for bots, the balance report, the command line and the tables a person plays at: which "
                       "action kinds do what, what to count, what a player reads (no rule depends on them)"),
              **sections,
              "setup": steps,
              "flow": dict(steps, description="what happens after setup (usually 'rounds'); or declare the 'round' shape"),
              "round": obj({"start": steps, "end": steps, "limit": {"type": "integer", "minimum": 1, "maximum": MAX_LOOP},
                            "roles": obj({"multiplier": ident, "by_players": by_players})},
                           desc="the role-selection shape: rounds of start steps, every player choosing a role, end steps"),
              "scoring": obj({"parts": {"type": "array", "items": obj({"id": ident, "name": name, "value": R("expr"),
                                                                     "order": {}, "if": R("condition")}, ["id", "value"])},
                              "tie_break": {"type": "array", "items": obj({"text": text, "value": R("expr")}, ["value"])}}),
              "rules_choices": {"type": "array", "items": obj({"id": ident, "text": text, "source": text, "option": ident},
                                                             ["id", "text"])},
            }}

    # ---------------------------------------------------------------- variants (overlays)
    patch = {"type": "object", "description": "fields to change: mappings merge key by key, null deletes a key, "
             "{edit: [...]} edits a list in place (as a step section's edit does), anything else replaces the old "
             "value"}
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
    anchor = dict(ident, description="the id of a step or entry of the list (found at any depth: inside then, else "
                                     "and do too)")
    def edit_ops(item):
        """The operations that edit a list in place (merge.Edits applies them)."""
        items = {"type": "array", "items": item}
        one_or_more = {"oneOf": [item, items]}
        return {"type": "array", "minItems": 1, "description": "edits in place, applied together: each names an "
                "entry by its id (an entry added by the variant cannot be named), and none may touch an entry "
                "another edit removes, replaces or changes", "items": {"oneOf": [
            obj({"before": anchor, "insert": items}, ["before", "insert"], "insert entries before the one named"),
            obj({"after": anchor, "insert": items}, ["after", "insert"], "insert entries after the one named"),
            obj({"remove": anchor}, ["remove"], "remove the entry named (with the steps it holds)"),
            obj({"replace": anchor, "with": one_or_more}, ["replace", "with"],
                "put an entry (or several) in the place of the one named; one that has no id takes the old one's"),
            obj({"change": anchor, "with": patch}, ["change", "with"],
                "change fields of the entry named, as 'change' does (a list in it may take {edit: [...]} too)"),
            obj({"append": items}, ["append"], "add entries at the end"),
            obj({"prepend": items}, ["prepend"], "add entries at the start"),
            obj({"at": {"type": "integer", "minimum": 0}, "with": {}}, ["at", "with"],
                "set the entry at a position, counted from 0 (a table by player count: the entry of that count)"),
        ]}}
    def list_section(items_schema):
        return obj({"replace": items_schema, "edit": edit_ops(items_schema["items"])},
                   desc="replace the whole list, or edit it in place")
    variant = {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": BASE + "variant.schema.json",
               "title": "boardrules variant (a house rule or edition that extends a game)",
               "description": "Operations per section run in the order remove, replace, change, add. The merged result "
                              "is validated as a game.",
               "type": "object", "additionalProperties": False, "required": ["extends", "id"],
               "properties": {
                 "extends": {"type": "string", "description": "a packaged game id or a path relative to this file"},
                 "id": ident, "title": text, "edition": text, "description": text, "start_zone": ident, "box_zone": ident,
                 "extra_copies": list_section(game["properties"]["extra_copies"]),
                 "checks": list_section(game["properties"]["checks"]),
                 "cards": list_ops(R("card")), "roles": list_ops(R("role")),
                 **{s: map_ops(game["properties"][s]["additionalProperties"]) for s in
                    ("options", "presets", "selectors", "attributes", "zones", "piles", "counters", "events", "tracks",
                     "quantities", "payments", "procedures", "reactions", "tiles", "boards")},
                 "round": object_ops, "scoring": object_ops, "works": object_ops, "names": object_ops, "players": object_ops,
                 "play": object_ops, "setup": list_section(steps), "flow": list_section(steps),
                 "rules_choices": obj({"add": game["properties"]["rules_choices"], "remove": idlist}),
               }}
    annotate({}, {"part.schema.json": part, "game.schema.json": game, "variant.schema.json": variant})
    out = {"defs.schema.json": defs_doc, "part.schema.json": part, "game.schema.json": game,
           "variant.schema.json": variant, "glossary.schema.json": glossary_schema()}
    for schema in out.values():
        bound_integers(schema)
    return out


def glossary_schema() -> dict:
    """The glossary of a second language's rulebook words (content/glossary.zh.yaml, read by
    ``content.glossary.load_glossary``): one word per term and game, in the script of the game's rulebook."""
    key = {"pattern": "^[a-z][a-z0-9_]*$"}
    word = {"type": "string", "minLength": 1, "maxLength": 100}
    game = obj({"script": {"enum": ["hans", "hant"], "description": "hans: simplified, hant: traditional characters"},
                "seed": {"type": "string", "pattern": "^[0-9]{3}$", "description": "the seed rulebook's number"}},
               ["script"])
    term = obj({"en": dict(text, minLength=1, maxLength=200, description="the English term the pages use"),
                "hans": dict(word, description="the word in simplified characters"),
                "hant": dict(word, description="the word in traditional characters"),
                "games": {"type": "object", "propertyNames": key, "additionalProperties": word,
                          "description": "game id -> the word that game's rulebook uses instead"},
                "seeded": {"type": "array", "uniqueItems": True, "items": dict(ident),
                           "description": "the games whose seed rulebook prints the word the game uses"},
                "role": dict(ident, description="the term is this role's name: the content's zh name of the role "
                                                "is the same word")},
               ["en", "hans", "hant"])
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": BASE + "glossary.schema.json",
            "title": "boardrules glossary (the words of a second language's rules pages)",
            "description": "The rulebook terms the rules pages use, one word per term and game, in the script each "
                           "game's rulebook uses (content/glossary.zh.yaml).",
            "type": "object", "additionalProperties": False, "required": ["games", "terms"],
            "properties": {
              "games": {"type": "object", "propertyNames": key, "minProperties": 1, "maxProperties": 100,
                        "additionalProperties": game,
                        "description": "game id -> the script its rulebook uses and the seed rulebook it follows"},
              "terms": {"type": "object", "propertyNames": key, "minProperties": 1, "maxProperties": 2000,
                        "additionalProperties": term, "description": "term id -> its words"}}}


def bound_integers(node) -> None:
    """Every integer in content lies within ``limits.MAX_NUMBER`` either way, unless its schema bounds it closer."""
    if isinstance(node, dict):
        kind = node.get("type")
        if kind == "integer" or (isinstance(kind, list) and "integer" in kind):
            node.setdefault("minimum", -MAX_NUMBER)
            node.setdefault("maximum", MAX_NUMBER)
        for value in node.values():
            bound_integers(value)
    elif isinstance(node, list):
        for value in node:
            bound_integers(value)
