"""The compiled form of a game's content: plain attrs classes, indexes instead of names on hot paths."""
from __future__ import annotations

import attrs

from .phrase import Tok


BUILTIN_NOUNS = {"it": "it", "self": "this card", "moved": "the number of cards just moved",
                 "index": "your place in turn order (0 for the first player)", "you": "you",
                 "chooser": "the player who chose the role"}


def pile_text(ptext: str, htext: str) -> str:
    """A pile on a card: the pile's text may place the card itself ("the cards on {card}")."""
    return ptext.replace("{card}", htext) if "{card}" in ptext else f"the {ptext} on {htext}"


def article(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"


def words(name: str) -> str:
    return name.replace("_", " ")


def plural(noun: str) -> str:
    """The plural of a noun phrase (its last word)."""
    if noun.endswith("s") and not noun.endswith(("ss", "us", "is", "as", "os")):
        return noun         # a plural already, or a word with no plural of its own ("news")
    if noun.endswith(("s", "x", "ch", "sh")):
        return noun + "es"
    if noun.endswith("y") and noun[-2:-1] not in ("a", "e", "i", "o", "u", ""):
        return noun[:-1] + "ies"
    return noun + "s"


@attrs.define(eq=False)
class CardType:
    index: int
    id: str
    name: dict                      # locale -> display name, e.g. {"en": ..., "zh": ...}
    copies: int
    tags: frozenset
    attrs: dict                     # attribute name -> value, as the content declares
    start: int                      # zone index where its copies begin
    effects: list = attrs.field(factory=list)   # raw effect data, kept for rendering
    notes: list = attrs.field(factory=list)
    source: tuple = ("", ())        # (file, path) for messages
    texts: list = attrs.field(factory=list)     # one English sentence per effect, from the compiled data
    works_from: str = "phase_end"   # when a copy entering a tableau starts working: at_once | phase_end | round_end
    works_while: object = None      # fn(game, env) with env["self"] the copy: it works only while this holds
    works_text: str = ""            # the while condition, in English

    @property
    def en(self) -> str:
        return self.name.get("en", self.id)

    @property
    def article(self) -> str:
        return article(self.en)


def names(value, fallback) -> dict:
    """A display name given as a string or as {en: ..., zh: ...}, as a dict."""
    if isinstance(value, str):
        return {"en": value}
    return dict(value) if isinstance(value, dict) else {"en": fallback}


ZH_SECTIONS = ("options", "presets", "zones", "piles", "counters", "tiles", "boards", "tracks", "quantities")


def zh_names(data: dict) -> dict:
    """The optional `zh` names of a game's named things other than cards and roles (their `name` carries its own):
    section -> id -> name, only the sections and entries that give one."""
    out = {}
    for section in ZH_SECTIONS:
        entries = data.get(section)
        found = {key: spec["zh"] for key, spec in (entries or {}).items() if isinstance(spec, dict) and spec.get("zh")}
        if found:
            out[section] = found
    return out


@attrs.define(eq=False)
class ZoneDef:
    index: int
    id: str
    scope: str          # "shared" | "player"
    visibility: str     # "hidden" | "owner" | "public"
    text: str
    tableau: bool = False
    refill_from: int | None = None
    refill_shuffle: bool = True
    quiet: bool = False     # moves into or out of it are bookkeeping, not counted by {moves: round}
    holds: str = ""         # what one card in it is called in the rules pages ("" : a card)
    only: object = None     # fn(game, env): whether the card $self may lie in it ($key: its key in a family), or None
    only_text: str = ""     # that condition in words
    key: object = None      # a family member's key (None: not a member)


@attrs.define(eq=False)
class FamilyDef:
    """Zones declared together, one per key (numbered rows, stacks by colour): steps name a member by its key."""
    id: str
    keys: tuple                 # the keys, in the content's order (numbers or words)
    members: tuple              # the member zones' indexes, in the same order
    index: dict                 # key -> member zone index
    text: str                   # the family as a whole ("the display")
    scope: str = "shared"
    member: str = ""            # one member, '{key}' standing for its key ("row {key} of the display")


@attrs.define(eq=False)
class PileDef:
    index: int
    id: str
    visibility: str
    text: str
    capacity: object = None     # fn(game, env) with env["self"] the card holding the pile, or None: no limit
    capacity_text: str = ""
    capacity_table: list | None = None  # the capacity per card, when it is read off the card's own attributes
    flag: str | None = None         # an on/off counter: what holds when it is 1 ...
    flag_off: str | None = None     # ... and when it is 0 (for the rules text)


@attrs.define(eq=False)
class CounterDef:
    index: int
    id: str
    scope: str          # who holds one: "shared" (the table) | "player" | "role" | "card"
    reset: str          # "never" | "round" | "phase"
    text: str
    capacity: object = None     # fn(game, env) with env["self"] the holder (a card, role or seat), or None
    capacity_text: str = ""
    capacity_table: list | None = None  # the capacity per card, when it is read off the card's own attributes
    flag: str | None = None         # an on/off counter: what holds when it is 1 ...
    flag_off: str | None = None     # ... and when it is 0 (for the rules text)
    label: str = ""                 # a card's count beside its name in actions and the log ('{n}': the count)
    visibility: str = "public"      # who sees a value: "public" (everyone) | "owner" (its seat, until the game ends)

    def shown(self, n) -> str:
        return self.label.replace("{n}", str(n)) if self.label else f"{n} {self.text}"

    def holders(self, players: int, roles: int, cards: int) -> int:
        """How many values the counter keeps: one per holder."""
        return {"shared": 1, "player": players, "role": roles, "card": cards}[self.scope]


@attrs.define(eq=False)
class Modifier:
    type: int           # card type index whose active copies grant it (-1: a role privilege)
    op: str             # "set" | "add"
    value: object       # fn(game, env) -> int
    cond: object        # fn(game, env) -> bool, or None
    text: str
    each: bool = False  # evaluated per working copy, with $self bound (it names its card, the card's
                        # working depends on a condition, or it reaches other players)
    scope: str = "owner"    # whose quantities it changes: the card's owner, the other players, or all


@attrs.define(eq=False)
class QuantityDef:
    index: int
    id: str
    text: str
    base: object        # fn(game, env)
    base_text: str
    min: int | None = None
    max: int | None = None
    mods: list = attrs.field(factory=list)     # the owner's modifiers
    wide: list = attrs.field(factory=list)     # modifiers from other players' cards (scope others or all)
    flag: str | None = None     # an on/off quantity: the sentence that holds when it is 1

    @property
    def wide_sets(self) -> bool:
        """Whether another player's card may fix this quantity ('set' with scope others or all)."""
        return any(m.op == "set" for m in self.wide)


WORKING, ANY_COPY, GAME = 0, 1, 2     # a trigger's reach (Trigger.reach)


@attrs.define(eq=False)
class Trigger:
    type: int
    event: str
    cond: object
    body: object        # a compiled Block
    text: str
    scope: str = "owner"    # whose events fire it: the owner's, the other players' or everyone's
    lead: str = ""          # the moment and its condition, before the steps ("After you <event>, if ...")
    id: str = ""            # the game's own reaction: its id under ``reactions``
    rule_text: str = ""     # ... and its own sentence, if the content gives one
    reach: int = 0          # whose cards fire it: WORKING (the working copies), ANY_COPY (every copy in a tableau,
                            # working or not: `idle: true`) or GAME (no card: the game's own reaction)


@attrs.define(eq=False)
class ScoreRule:
    id: str
    name: dict
    value: object       # fn(game, env)
    text: str
    order: int = 0
    type: int = -1      # card type granting it, -1 for a game-wide part
    cond: object = None     # fn(game, env): the part counts only in games where this holds


@attrs.define(eq=False)
class PaymentSource:
    pile: int | None    # None: cards from a zone
    select: object      # fn(game, env) -> list of cards available (None for money)
    to: int | None      # zone index receiving paid cards (money: the counter receiving it, or None)
    limit: object = None    # fn(game, env) -> int, or None
    counter: int | None = None  # counts cards paid from this source (for limits)
    money: int | None = None    # a counter paid from directly: fungible, so never a decision


@attrs.define(eq=False)
class PaymentDef:
    index: int
    id: str
    text: str
    sources: list


@attrs.define(eq=False)
class RoleDef:
    index: int
    id: str
    name: dict
    privilege: dict     # quantity index -> list[Modifier]
    block: object       # compiled Block run when the role is chosen
    raw: dict = attrs.field(factory=dict)
    available: object = None        # fn(game, env) -> bool, checked when a game starts; None: always
    privilege_texts: list = attrs.field(factory=list)
    action_text: str = ""
    start_text: str = ""
    end_text: str = ""

    @property
    def en(self) -> str:
        return self.name.get("en", self.id)


@attrs.define(eq=False)
class OptionDef:
    id: str
    default: object
    text: str
    values: list | None = None
    players: list | None = None     # the player counts it may be used with (None: any)
    excludes: list = attrs.field(factory=list)


@attrs.define(eq=False, frozen=True)
class PlayHints:
    """How generic players read a game (the manifest's ``play`` section): bots, the balance report and the command
    line. No rule depends on it; a game that declares nothing gets these default hints, and bots play it at
    random wherever a hint is missing."""
    acquire: tuple = ()         # action kinds that put a card in front of the player (weighed by value per price)
    benefit: tuple = ()         # action kinds that take a benefit, most wanted first (taken whenever allowed)
    keep: tuple = ()            # action kinds that keep one card of several (the most valuable is kept)
    decline: tuple = ()         # optional action kinds a simple bot passes on
    value: str | None = None    # the card attribute that says what a card is worth
    price: str | None = None    # the card attribute holding the price a card asks
    track: str | None = None    # the tag of the cards the balance report follows one by one (None: every card held)
    nouns: dict = attrs.field(factory=lambda: dict(PLAY_NOUNS))   # the words the report uses for them
    status: tuple = ()          # what a player's status line shows (dicts of the play section's 'status')
    bookkeeping: frozenset = frozenset()    # counter ids a player never sees (the rules' own accounts)


PLAY_NOUNS = {"card": "card", "cards": "cards", "held": "held", "place": "tableau"}


@attrs.define(eq=False)
class GameDef:
    """Everything the kernel needs to play one game, resolved to indexes."""

    id: str = ""
    title: str = ""
    edition: str = ""
    min_players: int = 2
    max_players: int = 4
    start_player_name: str = "the start player"
    options: dict = attrs.field(factory=dict)          # id -> OptionDef
    presets: dict = attrs.field(factory=dict)          # name -> {"text", "options"}
    description: str = ""
    attributes: dict = attrs.field(factory=dict)       # name -> {type, text, default}
    tags: set = attrs.field(factory=set)
    zones: list = attrs.field(factory=list)
    zone_index: dict = attrs.field(factory=dict)
    families: dict = attrs.field(factory=dict)          # family name -> FamilyDef (its members are zones)
    streams: set = attrs.field(factory=set)             # the named random sub-streams steps draw from
    shelf_zones: set = attrs.field(factory=set)         # zones a release with the shelf resolver goes through
    quiet_zones: frozenset = frozenset()
    tableau_zones: tuple = ()                          # per zone: whether its cards are a player's tableau
    zone_only: tuple = ()                              # per zone: its ``only`` condition, or None
    piles: list = attrs.field(factory=list)
    pile_index: dict = attrs.field(factory=dict)
    counters: list = attrs.field(factory=list)
    counter_index: dict = attrs.field(factory=dict)
    tracks: list = attrs.field(factory=list)           # the tracks family (model/tracks.py): TrackDef each
    track_index: dict = attrs.field(factory=dict)
    reset_counters: dict = attrs.field(factory=dict)    # "round" | "phase" -> the counters set back to 0 then
    attr_tables: dict = attrs.field(factory=dict)       # attribute -> its value per card instance (0: none)
    attr_instead: dict = attrs.field(factory=dict)      # attribute -> (option, its value per card instance then)
    piece_sizes: list = attrs.field(factory=list)       # card instance -> the squares of its piece (0: none)
    instance_kinds: list = attrs.field(factory=list)    # card instance -> its card type index
    instance_tags: list = attrs.field(factory=list)     # card instance -> its tags
    card_counters: tuple = ()                           # counters held by cards: part of what tells two cards apart
    events: dict = attrs.field(factory=dict)           # name -> text
    boards: dict = attrs.field(factory=dict)           # board id -> boards.BoardDef
    quantities: list = attrs.field(factory=list)
    quantity_index: dict = attrs.field(factory=dict)
    payments: list = attrs.field(factory=list)
    payment_index: dict = attrs.field(factory=dict)
    types: list = attrs.field(factory=list)             # CardType by index
    type_index: dict = attrs.field(factory=dict)
    instance_types: list = attrs.field(factory=list)    # card instance -> CardType
    instance_names: list = attrs.field(factory=list)    # card instance -> "<card id>#<copy>"
    instance_index: dict = attrs.field(factory=dict)
    instance_copy: list = attrs.field(factory=list)     # card instance -> its copy number (1-based)
    copy_rules: list = attrs.field(factory=list)        # (cond fn, set of type indexes, add)
    box: int | None = None                              # zone of the copies a game leaves out
    checks: list = attrs.field(factory=list)            # (cond fn, message): must hold when a game starts
    selectors: dict = attrs.field(factory=dict)         # name -> (raw selector, path)
    selector_phrases: dict = attrs.field(factory=dict)  # a selector's own text -> the phrase generated from it
    roles: list = attrs.field(factory=list)
    role_index: dict = attrs.field(factory=dict)
    role_order_by_players: dict = attrs.field(factory=dict)
    privilege_multiplier: int | None = None
    triggers: dict = attrs.field(factory=dict)          # event -> list[Trigger] that fire for their owner's events
    wide_triggers: dict = attrs.field(factory=dict)     # event -> list[Trigger] that fire for others' events
    reactions: dict = attrs.field(factory=dict)     # event -> list[Trigger]: the game's own (``reactions``), no card
    scoring: list = attrs.field(factory=list)           # ScoreRule, in evaluation order
    tie_break: list = attrs.field(factory=list)         # (fn, text)
    rules_choices: list = attrs.field(factory=list)
    play: PlayHints = attrs.field(factory=PlayHints)   # hints for bots and reports, not rules
    var_kinds: dict = attrs.field(factory=dict)         # variable -> "card" | "player" | "value"
    var_nouns: dict = attrs.field(factory=lambda: dict(BUILTIN_NOUNS))   # variable -> noun phrase for the docs
    var_chosen: dict = attrs.field(factory=dict)        # variable every role's choice binds -> (thing, what for)
    nodes: dict = attrs.field(factory=dict)             # node path -> compiled node
    flow: object = None                                 # the top-level node
    raw: dict = attrs.field(factory=dict)               # merged content, for docs
    zh: dict = attrs.field(factory=dict)    # section -> id -> Chinese name, for the named things without a `name`
    live_cache: dict = attrs.field(factory=dict)        # types present in a game -> live_tables()
    setups: dict = attrs.field(factory=dict)            # (players, options) -> a set-up game (Kernel.setup)
    tag_nouns: dict = attrs.field(factory=dict)         # tag -> what a card with it is called (tag_noun)
    generated: list = attrs.field(factory=list)         # the source of the functions written for play (lang/codegen)

    def live_tables(self, present: frozenset) -> tuple:
        """(modifiers per quantity, triggers per event, wide triggers per event) of the card types ``present`` in a
        game (its copies outside the box): a game without a card's copies never looks at what that card does.
        Made once per set of types (the same for every game of a player count and options)."""
        cache = self.live_cache
        tables = cache.get(present)
        if tables is None:
            mods = [tuple(m for m in q.mods if m.type in present) for q in self.quantities]
            triggers = {e: [t for t in ts if t.type in present] for e, ts in self.triggers.items()}
            for e, ts in self.reactions.items():        # the game's own come first, whatever cards are in play
                triggers[e] = ts + triggers.get(e, [])
            wide = {e: [t for t in ts if t.type in present] for e, ts in self.wide_triggers.items()}
            tables = cache[present] = (mods, {e: ts for e, ts in triggers.items() if ts},
                                       {e: ts for e, ts in wide.items() if ts})
        return tables

    def declare_var(self, name, kind, path, report):
        known = self.var_kinds.setdefault(name, kind)
        if known != kind:
            report(path, f"variable ${name} is used as a {kind} here but as a {known} elsewhere")

    def copies_for(self, g) -> list:
        """Copies of each card type in a game with these players and options."""
        counts = [t.copies for t in self.types]
        for cond, types, add in self.copy_rules:
            if cond is None or cond(g, {}):
                for t in types:
                    counts[t] += add
        return counts

    def attr_text(self, name) -> str:
        return self.attributes.get(name, {}).get("text", name)

    def tag_noun(self, tag) -> str:
        """What a card with this tag is called: the tag alone when it names a kind of card, the tag and its kind
        when every card with it shares a commoner tag (``<tag> <kind>``), else ``<tag> card``.
        Made once from the card types (compiled before any step or condition)."""
        nouns = self.tag_nouns
        if not nouns and self.types:
            copies: dict = {}
            for t in self.types:
                for x in t.tags:
                    copies[x] = copies.get(x, 0) + max(t.copies, 1)
            kind = {}
            for x in sorted(copies):
                common = set.intersection(*(set(t.tags) for t in self.types if x in t.tags)) - {x}
                common = {c for c in common if copies.get(c, 0) > copies[x]}
                kind[x] = max(sorted(common), key=lambda c: copies[c]) if common else None
            kinds = {k for k in kind.values() if k}
            for x in copies:
                mine = [t for t in self.types if x in t.tags]
                # a tag that is what its cards are called needs no kind after it: its words start every card's
                # name ("fox" on "Fox (2)"), a text attribute of every card is the tag, or it ends in the
                # kind already ("big glorp", not "big glorp glorp")
                named = all(t.en.replace("'", "").lower().startswith(words(x).lower()) for t in mine) \
                    or all(x in [v for v in t.attrs.values() if isinstance(v, str)] for t in mine) \
                    or bool(kind[x]) and words(x).endswith(" " + words(kind[x]))
                nouns[x] = words(x) if x in kinds or named else f"{words(x)} {words(kind[x])}" if kind[x] \
                    else f"{words(x)} card"
        return nouns.get(tag) or f"{words(tag)} card"

    def tag_text(self, tag) -> str:
        noun = self.tag_noun(tag)
        return f"{article(noun)} {noun}"

    def type_name(self, index) -> str:
        return self.types[index].en if index is not None else "?"

    def card_tok(self, index) -> str:
        """A card type's name as a token of rules text (the docs link it to the card)."""
        return Tok(self.types[index].en, "card", self.types[index].id) if index is not None else "?"

    def role_tok(self, index) -> str:
        return Tok(self.roles[index].en, "role", self.roles[index].id) if index is not None else "?"

    def quantity_tok(self, index) -> str:
        return Tok(self.quantities[index].text, "quantity", self.quantities[index].id) if index is not None else "?"

    @property
    def start_player_text(self) -> str:
        """The start player as a noun in a sentence ("the start player", or the title the content gives)."""
        name = self.start_player_name
        return name if name.lower().startswith("the ") else f"the {name}"

    def noun(self, var: str, scope=None) -> str:
        """A variable as a noun phrase, from where it was bound ("the card chosen to <action>")."""
        return (scope or {}).get(var) or self.var_nouns.get(var) or f"the {var.replace('_', ' ')}"
