"""What the JSON Schemas do not say (yet), for the YAML reference: defaults and descriptions. The examples are in
the schemas (declared in lang/grammar.py)."""
from __future__ import annotations


# What the schemas do not say (yet): the engine's defaults, and a description where an alternative has none.
# The schemas' own "default", "description" and "examples" win over these.
DEFAULTS = {
    ("selector", "zone", "of"): "`you`", ("selector", "zone", "deep"): "`false`",
    ("expr", "counter", "of"): "`you`", ("expr", "attr", "of"): "`$it`", ("expr", "if", "else"): "`0`",
    ("expr", "groups", "size"): "`3`",
    ("condition", "tag", "card"): "`$it`", ("condition", "type", "card"): "`$it`", ("condition", "owns", "of"): "`you`",
    ("condition", "exists", "as"): "`it`", ("condition", "exists", "where"): "`true`",
    ("step", "for_each_player", "from"): "`start_player`",
    ("step", "choose", "as"): "`choice`", ("step", "choose", "player"): "`you`",
    ("step", "choose", "optional"): "`false`", ("step", "choose", "on_decline"): "`stop`",
    ("step", "choose", "text"): "the action and the choice", ("step", "choose", "decline_text"): "do not <action>",
    ("step", "move", "count"): "`1`", ("step", "move", "position"): "`top`",
    ("step", "pick", "count"): "`1`", ("step", "pick", "optional"): "`false`",
    ("step", "pick", "text"): "<action> {card}",
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
    ("step", "choose", "options"): "fixed answers instead of cards",
    ("step", "move", "card"): "one card (instead of 'from' and 'count')",
    ("step", "move", "count"): "how many cards, or `all`",
    ("step", "move", "position"): "where in the destination: `top` or `bottom`",
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
    "events": "moments that steps `emit` and that cards react to with `when`",
    "quantities": "numbers the rules ask for, which cards and privileges change with modifiers",
    "payments": "how an amount is paid: from which cards or counters", "selectors": "named selectors, reused by name",
    "cards": "the card types", "roles": "the roles players choose each round",
    "setup": "the steps that prepare a game", "round": "the steps of every round, and how roles are chosen",
    "scoring": "the parts of a player's score, and the tie-break",
    "rules_choices": "decisions the content makes where the rules are silent or unclear",
    "start_zone": "the shared zone where cards without their own 'start' begin",
}
