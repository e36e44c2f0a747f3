"""What the YAML reference says about each field beyond its schema: the engine's defaults, the descriptions the
schema literals of ``grammar.py`` leave out, and ``annotate``, which puts them into the schemas. ``alternatives``
names the forms of a node kind (also read by the reference pages and the grammar tests)."""
from __future__ import annotations

def alternatives(defs: dict, kind: str) -> list[tuple[str, dict]]:
    """(label, schema) for every form of a node kind: the label is the form's first required key (or its keys when
    two forms share one, or its JSON type); a kind with one form is ("", schema)."""
    spec = defs[kind]
    alts = spec.get("oneOf") or spec.get("anyOf")
    if not alts:
        return [("", spec)]
    firsts = [(a.get("required") or [None])[0] for a in alts]
    out = []
    for a, first in zip(alts, firsts):
        if a.get("type") == "object" or "properties" in a:
            req = a.get("required") or list(a.get("properties", {}))[:1]
            label = first if firsts.count(first) == 1 else " + ".join(req)
        else:
            t = a.get("type")
            label = "string" if t == "string" else ("integer" if t == "integer" else
                                                    "boolean" if t == "boolean" else str(t or "value"))
        out.append((label, a))
    return out


# The engine's defaults, and the descriptions the schema literals above leave out, put into the schemas by
# ``annotate`` (a default that is not a value, such as "the action and the choice", goes into the description).
DEFAULTS = {
    ("selector", "zone", "of"): "`you`", ("selector", "zone", "deep"): "`false`",
    ("expr", "counter", "of"): "`you`", ("expr", "attr", "of"): "`$it`", ("expr", "if", "else"): "`0`",
    ("expr", "groups", "size"): "`3`",
    ("condition", "tag", "card"): "`$it`", ("condition", "type", "card"): "`$it`", ("condition", "owns", "of"): "`you`",
    ("condition", "exists", "as"): "`it`", ("condition", "exists", "where"): "`true`",
    ("step", "for_each_player", "from"): "`start_player`",
    ("step", "choose", "as"): "`choice`", ("step", "choose", "player"): "`you`",
    ("step", "choose", "optional"): "`false`", ("step", "choose", "on_decline"): "`stop`",
    ("step", "claim", "on_decline"): "`stop`", ("step", "place", "on_decline"): "`stop`",
    ("step", "choose", "text"): "the action and the choice", ("step", "choose", "decline_text"): "do not <action>",
    ("step", "move", "count"): "`1`", ("step", "move", "position"): "`top`", ("step", "move", "as"): "`moved`",
    ("step", "pick", "count"): "`1`", ("step", "pick", "optional"): "`false`", ("step", "pick", "as"): "`moved`",
    ("step", "pick", "text"): "<action> {card}",
    ("step", "release", "model"): "`urn`", ("step", "release", "as"): "`moved`",
    ("step", "budget", "as"): "`points`", ("step", "spend", "budget"): "`points`", ("step", "spend", "amount"): "`1`",
    ("step", "release", "ask"): "`you`", ("step", "release", "action"): "`came_out`",
    ("step", "release", "stream"): "the game's own stream",
    ("step", "claim", "action"): "`claim`", ("step", "claim", "as"): "`cell`",
    ("step", "claim", "text"): "put a marker on {cell}",
    ("step", "move_pieces", "budget"): "`1`", ("step", "move_pieces", "action"): "`move_piece`",
    ("step", "move_pieces", "text"): "move the piece to {to}",
    ("step", "claim", "optional"): "`false`", ("step", "move_pieces", "ends"): "any node",
    ("step", "place", "action"): "`place`", ("step", "place", "as"): "`piece`", ("step", "place", "mirror"): "`false`",
    ("step", "place", "optional"): "`false`", ("step", "place", "text"): "lay the {piece} at {at} turned {turn}",
    ("step", "advance", "as"): "`forfeited`", ("step", "advance", "of"): "`you`", ("step", "retreat", "of"): "`you`",
    ("step", "discard_down", "of"): "`you`", ("step", "discard_down", "into"): "`discard`",
    ("step", "add", "value"): "`1`", ("step", "add", "of"): "`you`",
    ("step", "set", "value"): "`1`", ("step", "set", "of"): "`you`",
    ("step", "end_game", "if"): "`true`", ("step", "end_game", "text"): "the condition's sentence",
    ("effect", "score", "order"): "`normal`",
    ("card", "", "copies"): "`1`", ("card", "", "start"): "the game's `start_zone`",
}

NOTES = {
    ("expr", "integer"): "a number", ("expr", "string"): "a word (a key of a map attribute, say) or a $variable",
    ("expr", "sum"): "the sum of the values", ("expr", "min"): "the smallest value", ("expr", "max"): "the largest value",
    ("expr", "mul"): "the product of the values", ("expr", "if"): "one value or another, by a condition",
    ("condition", "boolean"): "always yes or always no", ("condition", "all"): "every condition holds",
    ("condition", "any"): "at least one condition holds", ("condition", "not"): "the condition does not hold",
    ("condition", "eq"): "the two values are equal", ("condition", "ne"): "the two values differ",
    ("condition", "lt"): "the first value is less than the second",
    ("condition", "le"): "the first value is at most the second",
    ("condition", "gt"): "the first value is more than the second",
    ("condition", "ge"): "the first value is at least the second",
    ("condition", "same_type"): "two cards have the same card id", ("condition", "option"): "a game option is on",
    ("condition", "empty"): "a selector holds no card",
    ("condition", "exists"): "some card of a selector meets a condition (bound to the variable 'as')",
    ("condition", "can_pay"): "you can pay an amount with a payment (leaving out one card)",
    ("step", "if"): "run 'then' when the condition holds, else 'else'",
    ("step", "repeat"): "run the steps up to 'times' times; declining a choice inside ends the loop",
    ("step", "for_each_player"): "run the steps once for every player in turn ('you' is that player, $index counts "
                                 "from 0)",
    ("step", "choose"): "ask a player to choose a card from a selector (or one of fixed 'options'); the choice is "
                        "bound to the variable 'as'",
    ("step", "move"): "move one card, or 'count' cards from the top of a zone or from a selector",
    ("step", "shuffle"): "shuffle a shared zone", ("step", "discard_down"): "the player discards, one card at a time, "
                                                                            "down to 'to' cards or 'by' cards",
    ("step", "pay"): "the player pays an amount with a payment, one card at a time",
    ("step", "emit"): "the moment happens: cards with a 'when' on this event fire", ("step", "add"): "add to a counter",
    ("step", "set"): "set a counter", ("step", "let"): "note values in variables for the next steps",
    ("step", "end_game"): "the game ends at once if the condition holds",
    ("step", "start_player"): "choose the start player (at random or a seat)",
    ("step", "pass_start_player"): "the start player's title passes this many seats to the left",
    ("modifier", "modify + add"): "add to a quantity", ("modifier", "modify + set"): "set a quantity",
    ("card_ref", "string"): "a card held in a variable", ("card_ref", "top"): "the top card of a zone",
}

FIELD_NOTES = {
    ("selector", "zone", "of"): "whose zone, for a per-player zone",
    ("selector", "zone", "where"): "keep the cards for which this holds (the card is `$it`)",
    ("selector", "zone", "deep"): "also the cards in piles on these cards",
    ("expr", "quantity", "with"): "variables to set while computing it",
    ("expr", "attr", "key"): "for a map attribute: the key to read",
    ("step", "choose", "action"): "the action's kind (what bots, logs and the `play` hints see)",
    ("step", "choose", "text"): "the action's sentence; `{card}` (or the 'as' variable) is replaced",
    ("step", "choose", "optional"): "the player may pass",
    ("step", "choose", "on_decline"): "`stop`: passing ends the enclosing steps; `continue`: go on",
    ("step", "claim", "on_decline"): "`stop`: passing ends the enclosing steps; `continue`: go on",
    ("step", "place", "on_decline"): "`stop`: passing ends the enclosing steps; `continue`: go on",
    ("step", "choose", "options"): "fixed answers instead of cards",
    ("step", "move", "card"): "one card (instead of 'from' and 'count')",
    ("step", "move", "count"): "how many cards, or `all`",
    ("step", "move", "position"): "where in the destination: `top` or `bottom`",
    ("step", "move", "as"): "the variable that holds how many cards moved (`as: loaded` binds `$loaded` and leaves "
                            "`$moved` as it was)",
    ("step", "pick", "as"): "the variable that counts the cards picked (instead of `$moved`)",
    ("step", "release", "from"): "the cards put into the container (a card already inside stays where it is)",
    ("step", "release", "to"): "where the cards that come out go",
    ("step", "release", "model"): "how the cards that stay are chosen: `urn`, a number drawn from 'keep', then that "
                                  "many cards drawn without replacement, every card alike; `shelf`, the cards fall "
                                  "through shelves ('shelves', 'room', 'lodge', 'knock') that hold some and knock "
                                  "others loose; `oracle`, a player ('ask') says how many of each kind came out",
    ("step", "release", "as"): "the variable that counts the cards that came out (instead of `$moved`)",
    ("expr", "most_of_a_kind", "in"): "the cards counted", ("expr", "kinds", "in"): "the cards counted",
    ("expr", "most_of_a_kind", "by"): "the attribute whose values are the kinds (without it: the card id)",
    ("expr", "kinds", "by"): "the attribute whose values are the kinds (without it: the card id)",
    ("step", "budget", "amount"): "the points the player starts with (a quantity: the cards' modifiers change it)",
    ("step", "budget", "as"): "the budget's variable: the points left, which the steps of 'do' read as `$<as>`",
    ("step", "budget", "do"): "the steps that spend the points (a spend anywhere else is a content error)",
    ("step", "spend", "budget"): "the 'as' of an enclosing budget step",
    ("step", "spend", "amount"): "how many points (never more than are left)",
    ("step", "advance", "track"): "the track (an id under 'tracks')",
    ("step", "advance", "by"): "how many spaces up (negative: back, firing nothing)",
    ("step", "advance", "of"): "whose marker (a shared track has one, the table's)",
    ("step", "advance", "as"): "the variable that counts the steps past the end (instead of `$forfeited`)",
    ("step", "retreat", "track"): "the track (an id under 'tracks')",
    ("step", "retreat", "by"): "how many spaces back",
    ("step", "retreat", "of"): "whose marker (a shared track has one, the table's)",
    ("expr", "space_attr", "track"): "the track", ("expr", "best_reached", "track"): "the track",
    ("expr", "space_attr", "of"): "whose marker", ("expr", "best_reached", "of"): "whose marker",
    ("expr", "reached", "of"): "whose marker", ("expr", "markers_behind", "of"): "whose marker",
    ("step", "pick", "text"): "each answer's sentence; `{card}` is replaced",
    ("step", "discard_down", "to"): "keep this many cards", ("step", "discard_down", "by"): "discard this many cards",
    ("step", "discard_down", "into"): "the zone that receives the cards",
    ("step", "end_game", "text"): "why the game ended (shown in the log and `game.end_reason`)",
    ("effect", "score", "order"): "`first`, `normal`, `last` or a number: parts count in this order",
}

SECTION_NOTES = {
    "id": "the game's (or variant's) id, used by `boardrules.load` and on the command line",
    "title": "the name shown to players", "edition": "which edition or printing the content follows",
    "description": "a paragraph about the game or the variant",
    "players": "the smallest and largest number of players",
    "include": "more files (relative paths) whose sections are added to this one",
    "extends": "the game this variant changes: a packaged game id or a path relative to this file",
    "names": "display names: what a player and the start player are called",
    "play": "hints for bots, the balance report and the command line (no rule depends on them)",
    "options": "choices made when a game starts, each with a default",
    "presets": "named bundles of option values", "attributes": "the numbers, words and maps a card may carry",
    "zones": "places where cards lie: shared (a draw pile) or one per player (a hand)",
    "piles": "cards lying on or under a card in play", "counters": "numbers kept during the game",
    "tracks": "bounded tracks of spaces that markers climb: threshold spaces, the end, an order track",
    "events": "moments that steps `emit` and that cards react to with `when`",
    "legend": "the characters of the tiles: what a cell of each is", "tiles": "square tiles of cells",
    "boards": "grid boards laid from tiles",
    "reactions": "the game's own reactions to its moments, for every player whatever cards they hold (house rules: "
                 "'whoever ends a phase with an empty hand draws a card')",
    "quantities": "numbers the rules ask for, which cards and privileges change with modifiers",
    "payments": "how an amount is paid: from which cards or counters", "selectors": "named selectors, reused by name",
    "cards": "the card types", "roles": "the roles players choose each round",
    "setup": "the steps that prepare a game", "round": "the steps of every round, and how roles are chosen",
    "scoring": "the parts of a player's score, and the tie-break",
    "rules_choices": "decisions the content makes where the rules are silent or unclear",
    "start_zone": "the shared zone where cards without their own 'start' begin",
}


def _field(defs, kind, label, name):
    """(the properties holding field ``name`` of a form, its schema) or (None, None)."""
    if kind not in defs:
        return None, None
    for lab, alt in alternatives(defs, kind):
        if lab != label:
            continue
        props = alt.get("properties") or {}
        own = [k for k in props if k != "rule_text"]      # (every step form also takes 'rule_text')
        if len(own) == 1:
            inner = props[own[0]]
            if isinstance(inner, dict) and inner.get("properties"):
                props = inner["properties"]
        if name in props:
            return props, props[name]
    return None, None


def annotate(defs: dict, files: dict) -> None:
    """Puts NOTES, FIELD_NOTES, DEFAULTS and SECTION_NOTES into the schemas (copying what other kinds share)."""
    from ruamel.yaml import YAML
    for (kind, label), note in NOTES.items():
        if kind not in defs:
            continue
        spec = defs[kind]
        key = "oneOf" if "oneOf" in spec else "anyOf" if "anyOf" in spec else None
        labels = [lab for lab, _ in alternatives(defs, kind)]
        if key is None:
            defs[kind] = {**spec, "description": spec.get("description") or note}
        else:
            i = labels.index(label)
            alt = spec[key][i]
            spec[key][i] = {**alt, "description": alt.get("description") or note}
    for (kind, label, name), note in FIELD_NOTES.items():
        props, prop = _field(defs, kind, label, name)
        if props is not None and not prop.get("description"):
            props[name] = {**prop, "description": note}
    for (kind, label, name), default in DEFAULTS.items():
        props, prop = _field(defs, kind, label, name)
        if props is None:
            continue
        if default.startswith("`") and default.endswith("`"):
            props[name] = {**prop, "default": YAML(typ="safe").load(default.strip("`"))}
        else:
            desc = prop.get("description", "")
            props[name] = {**prop, "description": (desc + "; " if desc else "") + f"default: {default}"}
    for schema in files.values():
        props = schema.get("properties", {})
        for key, note in SECTION_NOTES.items():
            if key in props and isinstance(props[key], dict) and not props[key].get("description"):
                props[key] = {**props[key], "description": note}
