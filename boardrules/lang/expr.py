"""Compiles expression and selector nodes into closures ``fn(game, env)`` (conditions: ``conditions.py``).

Every compiler returns ``(fn, text)``: the callable used at run time and an English phrase for the docs.
Variables are written ``$name`` and read from ``env``; ``$it`` is the candidate inside a ``where``.
"""
from __future__ import annotations

import operator
import re
import weakref

from ..content.schemacheck import did_you_mean
from ..errors import RulesError
from ..limits import MAX_NUMBER
from ..model.phrase import Table, Tok, joined, ph, table_tok
from ..model.records import article, pile_text, plural
from .codegen import coded, missing
from .families import FamilyTerms
from .pieces import PieceTerms

COMPARE = {"eq": (operator.eq, "is"), "ne": (operator.ne, "is not"), "lt": (operator.lt, "is less than"),
           "le": (operator.le, "is at most"), "gt": (operator.gt, "is more than"), "ge": (operator.ge, "is at least")}
NOTHING = object()
#: Variables the engine binds: the acting player, the role's chooser, the player whose event fired a scoped
#: trigger, a working card, a candidate in a 'where', the turn index, cards just moved, the role being played.
_UNKNOWN = re.compile(r"unknown ([a-z]+) (['\"])(.*)\2$", re.S)     # "unknown <what> '<name>'" (a hint's subject)
BUILTIN_VARS = ("you", "chooser", "actor", "self", "it", "index", "moved", "role")


FRACTIONS = {2: "half", 3: "a third", 4: "a quarter"}     # "half of the yield (rounded up)"


def _you(g, env):
    try:
        return env["you"]
    except KeyError as exc:     # content the checks could not see through (a procedure, a quantity) read no one
        raise missing(exc) from None


_you.code = lambda e: 'env["you"]'      # a generated root turns the KeyError into the same RulesError


def _items(e, fns) -> str:
    """Expressions as the items of a tuple (a trailing comma: one item is a tuple too)."""
    return "".join(e.expr(f) + ", " for f in fns)


#: every loop over cards counts them against the work allowed between two decisions (``Kernel.spend``): nested
#: counts of cards in conditions on cards would otherwise take time exponential in the nesting
SPEND = ("g.work -= len(each)", "if g.work < 0:", "    g.spend(0)")


def _spend(g, cards):
    g.work -= len(cards)
    if g.work < 0:
        g.spend(0)


def _each_card(e, var, cards, start, body, end) -> list[str]:
    """The lines of a generated helper that runs ``body`` with ``var`` bound to each card of ``cards`` (source) as
    ``c``, after ``start`` and before ``end``; the variable is put back as it was, also when the body returns."""
    name, nothing = e.const(var), e.const(NOTHING)
    return [*start, f"each = {cards}", *SPEND, f"saved = env.get({name}, {nothing})", "try:", "    for c in each:",
            f"        env[{name}] = c",
            *("        " + line for line in body), *("    " + line for line in end), "finally:",
            f"    if saved is {nothing}:", f"        env.pop({name}, None)", "    else:", f"        env[{name}] = saved"]


def _total(cards, values):
    return sum([values[c] for c in cards])


def _pile_text(ptext, htext):
    """A pile on a card; on the candidate, "its <pile>" rather than "the <pile> of it"."""
    if str(htext) == "it" and str(ptext).startswith("the ") and str(ptext).endswith(" of {card}"):
        return "its " + str(ptext)[4:-len(" of {card}")]
    return pile_text(ptext, htext)


def _parts_after(text, prefix):
    """A phrase without its ``prefix`` (as plain text, which may span tokens: "you" is one); the tokens after it
    are kept. The phrase as it is when it does not start so."""
    if not str(text).startswith(prefix):
        return text
    out, left = [], len(prefix)
    for part in getattr(text, "parts", (str(text),)):
        if left >= len(part):
            left -= len(part)
            continue
        out.append(part[left:] if left else part)
        left = 0
    return ph(*out)


def fold_and(fns):
    """One closure for a conjunction: nested closures short-circuit faster than all() over a generator."""
    if not fns:
        return lambda g, env: True
    head, rest = fns[0], fold_and(fns[1:]) if len(fns) > 1 else None
    if rest is None:
        return head
    return coded(lambda g, env: head(g, env) and rest(g, env),
                 lambda e: "(" + " and ".join(e.expr(f) for f in fns) + ")")


def fold_or(fns):
    if not fns:
        return lambda g, env: False
    head, rest = fns[0], fold_or(fns[1:]) if len(fns) > 1 else None
    if rest is None:
        return head
    return coded(lambda g, env: head(g, env) or rest(g, env),
                 lambda e: "(" + " or ".join(e.expr(f) for f in fns) + ")")


class _Seats:
    """What an expression on the player count alone reads of a game (to say its value per player count)."""

    def __init__(self, players):
        self.players = players


def _on_players(value, condition=False) -> bool:
    """Whether a raw value (or a condition) depends on nothing but the player count and numbers: numbers, ``players``,
    comparisons, ``all``/``any``/``not`` and ``if``/``then``/``else``, with at least one ``if``."""
    def plain(v, cond):
        if type(v) is int:
            return not cond
        if not isinstance(v, dict):
            return False
        if v == {"players": True}:
            return not cond
        if cond:
            key = next(iter(v)) if len(v) == 1 else None
            if key in COMPARE:
                return isinstance(v[key], list) and len(v[key]) == 2 and all(plain(x, False) for x in v[key])
            if key in ("all", "any"):
                return isinstance(v[key], list) and all(plain(x, True) for x in v[key])
            return key == "not" and plain(v[key], True)
        return set(v) <= {"if", "then", "else"} and "if" in v and "then" in v and plain(v["if"], True) \
            and plain(v["then"], False) and plain(v.get("else", 0), False)
    return not condition and isinstance(value, dict) and "if" in value and plain(value, False)


def kind_of(node: dict, compiler, prefix: str, extra=()):
    """The node kind: the one key that names a kind (YAML key order means nothing). (kind, None) or (None, why)."""
    kinds = [k for k in node if k in extra or hasattr(compiler, prefix + k)]
    if len(kinds) == 1:
        return kinds[0], None
    if kinds:
        return None, f"a node has one kind, this one has several: {', '.join(kinds)}"
    return None, f"unknown {'node' if not node else repr(next(iter(node)))}"


def is_var(value) -> bool:
    return isinstance(value, str) and value.startswith("$")


class Compiler(FamilyTerms, PieceTerms):
    """Shared by expression and step compilation: resolves names and collects issues."""

    def __init__(self, model, report):
        self.m = model          # the GameDef under construction (names -> indexes)
        self.report = report    # report(path, message, hint=None, choices=None)
        self.quantity_deps = {}  # quantity -> quantities its value reads, to reject cycles
        self.expanding = set()   # named selectors being expanded, to reject cycles
        self.nouns = {}          # variable -> noun, for the effect or role being compiled
        self.chosen = {}         # variable of a choice -> (what is chosen, what for): ("<thing>", "<verb> over")
        self.negations = {}      # id of a compiled condition -> the sentence saying it does not hold
        self.cards_of = {}       # id of a compiled selector -> (one of its cards, its cards) as nouns, when they have
                                 # them ("<tag> <kind> in <zone>", "<tag> <kinds> in <zone>"; one may be None)
        self.kinds_of = {}       # id of a compiled one-card-of-each-kind selector -> one of its cards as a noun
                                 # ("big card in your hand with tokens on it"): "each kind of ..."
        self.counted = {}        # id of a compiled count -> (one, many): "card in your hand", "cards in your hand"
        self.summed = {}         # id of a compiled sum -> (its constant part, the texts of its other parts), so a
                                 # division or a product can say it in words ("half of the yield (rounded up)")
        self.summed_last = {}    # id of a compiled number that is 0 unless a condition holds ("1 if you ...")
        self.divided = {}        # id of a compiled division by a constant -> (the dividend's text, the divisor,
                                 # the constant added first, the dividend's fn)
        self.zero = {}           # id of a compiled amount -> what it reads as when it is not 0 and when it is
                                 # ("there are tokens in the pool", "there are no tokens in the pool")
        self.equals = {}         # id of a compiled "is" comparison -> (its subject, its value)
        self.held = {}           # id of a compiled counter -> ("you" or "there", its plural noun): compared, it
                                 # reads "you have at least 3 tokens", "there are fewer tokens in the pool than ..."
        self.with_it = {}        # id of a compiled amount held by the candidate ($it) -> the same as a phrase about
                                 # the cards that pass ("with tokens on them", "without tokens on them")
        self.relative = {}       # id of a raw condition on the candidate -> (it, that phrase about the cards that pass)
        self.words = weakref.WeakKeyDictionary()    # compiled value that may not be a number -> what it is (for
                                                    # the error when arithmetic or a count uses it)
        self.bound_vars = set(BUILTIN_VARS)     # variables some step or condition binds
        self.word_vars = {}      # variable -> what it may hold that is no number (a track space's attribute of
                                 # words, bound by the track's event): arithmetic on it is a content error
        self.used_vars = {}      # variable -> where it is first used
        self.counts_moved = set()   # variables a move or pick counts its cards into ('as'), besides $moved
        self.moved_said = {}        # such a variable -> what "it is not 0" and "it is 0" read as, when a step says
        self.flow_step = None       # the step being compiled (collisions.StepFlow): what it reads and binds
        self.flow_block = None      # the list of steps being compiled (collisions.BlockFlow)
        self.flows = []             # the outermost lists of steps, followed once everything is compiled

    # ---------------------------------------------------------------- names
    def lookup(self, table: dict, name, what: str, path):
        if name in table:
            return table[name]
        removed = getattr(self, "removed", {}).get(name)
        if removed:
            self.report(path, f"unknown {what} {name!r}", hint=f"it was removed by {removed}")
        else:
            self.report(path, f"unknown {what} {name!r}", choices=table)
        return None

    def suggest(self, message: str, choices) -> str | None:
        """The hint for "unknown <what> '<name>'": the id of ``choices`` meant, matched on the ids and on what the
        rules pages show for them (``shown_names``), so a display text or a name with blanks finds its id."""
        found = _UNKNOWN.search(message)
        if found:
            what, word = found.group(1), found.group(3)
        else:
            what, word = None, message.rsplit(" ", 1)[-1].strip("'\"")
        return getattr(self, "did_you_mean", did_you_mean)(word, list(choices), self.shown_names(what))

    def shown_names(self, what) -> dict:
        """Display text -> id for the records of one kind (a card's names, a role's, a tag's noun, the declared text
        of an attribute, zone, pile, counter, quantity, payment, event, option or procedure); {} for another kind."""
        m, out = self.m, {}
        try:
            if what in ("card", "role"):
                for rec in (m.types if what == "card" else m.roles):
                    for name in (rec.name or {}).values():
                        out.setdefault(str(name), rec.id)
            elif what == "tag":
                for tag in sorted(m.tags):
                    out.setdefault(m.tag_noun(tag), tag)
            elif what in ("attribute", "option"):
                for key, spec in (m.attributes if what == "attribute" else m.options).items():
                    text = spec.get("text") if isinstance(spec, dict) else getattr(spec, "text", "")
                    out.setdefault(str(text or ""), key)
            elif what == "event":
                out = {str(text): key for key, text in m.events.items()}
            elif what in ("zone", "pile", "counter", "quantity", "payment"):
                for rec in getattr(m, {"quantity": "quantities"}.get(what, what + "s")):
                    out.setdefault(str(rec.text).replace("{card}", "").strip(), rec.id)
            elif what == "procedure":
                procs = (getattr(getattr(self, "doc", None), "data", None) or {}).get("procedures") or {}
                out = {spec["text"]: key for key, spec in procs.items()
                       if isinstance(spec, dict) and isinstance(spec.get("text"), str)}
        except Exception:       # noqa: BLE001 - a model half made from broken content: no names, no worse hint
            return {}
        out.pop("", None)
        return out

    def var(self, name: str, path, kind: str = "value", bind: bool = False, scope=None):
        """A variable's name; ``bind`` where a step or condition gives it a value (``as``, ``let``), else a use,
        which must name a variable bound somewhere (checked once everything is compiled). ``scope``: a condition
        binds it for itself only, inside the expression at that path (``exists``, ``any_player`` with ``as``).
        The step being compiled notes each read and binding (``collisions``)."""
        var = name[1:]
        if kind is not None:        # (None: a use that reads the variable whatever it holds)
            self.m.declare_var(var, kind, path, self.report)
        flow = self.flow_step
        if bind:
            self.bound_vars.add(var)
            if flow is not None:
                (flow.binds if scope is None else flow.locals).append((var, tuple(path) if scope is None else
                                                                       tuple(scope)))
        else:
            self.used_vars.setdefault(var, path)
            if flow is not None:
                flow.reads.append((var, tuple(path)))
        return var

    def unknown_variables(self):
        """Reports every variable used but bound nowhere (a typo would otherwise read as 'nothing')."""
        for var, path in self.used_vars.items():
            if var not in self.bound_vars:
                self.report(path, f"unknown variable ${var}", choices=sorted(self.bound_vars))

    # ---------------------------------------------------------------- card references
    def card(self, node, path):
        """A single card: ``$var`` or ``{top: zone}``."""
        if is_var(node):
            var = self.var(node, path, "card")
            return coded(lambda g, env: env.get(var), lambda e: f"env.get({e.const(var)})"), self.m.noun(var, self.nouns)
        if isinstance(node, dict) and "top" in node:
            zone_fn, ztext = self.zone_ref({"zone": node["top"]}, path + ("top",))
            return (lambda g, env: (lambda z: z[-1] if z else None)(zone_fn(g, env))), ph('the top card of ', ztext)
        self.report(path, f"expected a card ($variable or {{top: zone}}), got {node!r:.60}")
        return (lambda g, env: None), "?"

    no_player_here = None      # while compiling steps with no player in scope: what they are (for the error)

    def needs_player(self, path):
        """Reports a step or expression that reads the acting player where none is in scope."""
        if self.no_player_here:
            self.report(path, f"this reads the acting player ('you'), but {self.no_player_here} has no player "
                              "in scope", hint="put it inside for_each_player or turns, or name the player "
                                              "(of: start_player, of: chooser)")

    def player(self, node, path):
        if node in (None, "you"):
            self.needs_player(path)
            return _you, Tok("you", "player", "you")
        if node == "chooser":
            # (the variables' chooser: in a phase played by a step, which nobody chose, its lead stands there)
            return coded(lambda g, env: env.get("chooser", g.chooser), lambda e: "env.get('chooser', g.chooser)"), \
                Tok("the chooser", "player", "chooser")
        if node == "start_player":
            return coded(lambda g, env: g.start_player, lambda e: "g.start_player"), Tok(self.m.start_player_text, "player", "start_player")
        if is_var(node):
            var = self.var(node, path, "player")
            return coded(lambda g, env: env[var], lambda e: f"env[{e.const(var)}]"), Tok("that player", "player", var)
        self.report(path, f"expected a player (you, chooser, start_player or $variable), got {node!r:.60}")
        return (lambda g, env: 0), "?"

    def zone_ref(self, node, path):
        """``{zone: name, of: player}`` -> fn returning the live list."""
        fam = self.m.families.get(node.get("zone"))
        if fam is not None:
            return self.family_ref(fam, node, path)
        zone = self.lookup(self.m.zone_index, node.get("zone"), "zone", path + ("zone",))
        if zone is None:
            return (lambda g, env: []), "?"
        zdef = self.m.zones[zone]
        if zdef.scope == "shared":
            return coded(lambda g, env: g.zones[zone][0], lambda e: f"g.zones[{zone}][0]"), zdef.text
        of = node.get("of")
        if of in ("all", "others"):      # a fresh list: read-only use (counting, choosing)
            everyone = of == "all"
            text = zdef.text.replace("your", "every player's" if everyone else "the other players'")
            return (lambda g, env: [c for seat, cards in enumerate(g.zones[zone])
                                    if everyone or seat != env.get("you") for c in cards]), text
        who, wtext = self.player(of, path + ("of",))
        text = zdef.text if wtext == "you" else zdef.text.replace("your", f"{wtext}'s")
        return coded(lambda g, env: g.zones[zone][who(g, env)], lambda e: f"g.zones[{zone}][{e.expr(who)}]"), text

    # ---------------------------------------------------------------- numbers
    def number(self, node, path):
        if isinstance(node, bool):
            self.report(path, f"expected a number, got {node!r}")
            return (lambda g, env: 0), "?"
        if isinstance(node, (int, str)) and not is_var(node):
            fn = coded(lambda g, env: node, lambda e: e.const(node))
            if isinstance(node, str):
                self.words[fn] = f"the word {node!r:.40}"
            return fn, Tok(str(node), "number", node) if isinstance(node, int) else node.replace("_", " ")
        if is_var(node):
            var = self.var(node, path)
            fn = coded(lambda g, env: env.get(var, 0), lambda e: f"env.get({e.const(var)}, 0)")
            if var in self.word_vars:
                self.words[fn] = self.word_vars[var]
            if (var == "moved" and var not in self.nouns) or var in self.counts_moved:     # a count of cards moved
                self.zero[id(fn)] = self.moved_said.get(var, ("some cards were just moved", "no card was just moved"))
            return fn, self.m.noun(var, self.nouns)
        if not isinstance(node, dict) or not node:
            self.report(path, f"expected a number or an expression, got {node!r:.60}")
            return (lambda g, env: 0), "?"
        key, _ = kind_of(node, self, "num_")
        if key is None:
            first = next(iter(node))
            self.report(path, f"unknown expression {first!r}", choices=[k[4:] for k in dir(self) if k.startswith("num_")])
            return (lambda g, env: 0), "?"
        return getattr(self, f"num_{key}")(node, path)

    def amount(self, node, path):
        """A number that counts something (cards, times, an amount to add): text is a mistake here, not a key."""
        if isinstance(node, str) and not is_var(node):
            self.report(path, f"expected a number, an expression or a $variable, got the text {node!r:.40}")
            return (lambda g, env: 0), "?"
        return self.arith(node, path)

    def arith(self, node, path):
        """A value that arithmetic, a comparison of sizes or a count uses: it must be a number. A word, an option
        whose values are words or true/false, or an attribute holding words is a content error here (in play it
        would stop the game half-way)."""
        fn, text = self.number(node, path)
        what = self.words.get(fn)
        if what is not None:
            self.report(path, f"expected a number, got {what}")
            return (lambda g, env: 0), text
        return fn, text

    def numbers(self, items, path, words=False):
        """Compiled values of a list; ``words``: the values may be words (an equality test)."""
        if not isinstance(items, list):
            self.report(path, "expected a list of expressions")
            return [], []
        one = self.number if words else self.arith
        parts = [one(x, path + (i,)) for i, x in enumerate(items)]
        return [p[0] for p in parts], [p[1] for p in parts]

    current_quantity = None    # the quantity whose base or modifier is being compiled

    def num_quantity(self, node, path):
        q = self.lookup(self.m.quantity_index, node["quantity"], "quantity", path + ("quantity",))
        if q is not None and self.current_quantity is not None:
            self.quantity_deps.setdefault(self.current_quantity, set()).add(q)
        elif q is not None and self.flow_step is not None:       # a step asks for it: it reads what the number reads
            self.flow_step.uses.append(q)
        binds, said = [], []
        for name, value in (node.get("with") or {}).items():
            self.bound_vars.add(name)
            fn, vtext = self.card(value, path + ("with", name)) if is_var(value) else self.number(value, path + ("with", name))
            binds.append((name, fn))
            said.append((name, vtext))
        text = ph('your ', self.m.quantity_tok(q)) if q is not None else "?"
        if q is not None and said:      # for which card: "your yield of that field" read with the card it is for
            tok = self.m.quantity_tok(q)
            words, rest = str(tok), []
            for name, vtext in said:
                mark = "that " + name.replace("_", " ")
                if re.search(rf"\b{re.escape(mark)}\b", words):
                    words = re.sub(rf"\b{re.escape(mark)}\b", lambda _: str(vtext), words, count=1)
                else:
                    rest.append(vtext)
            text = ph('your ', Tok(words, tok.kind, tok.ref), *((' (for ', joined(', ', rest), ')') if rest else ()))
        if not binds:
            return coded(lambda g, env: g.quantity(q, env), lambda e: e.quantity(q)), text

        def fn(g, env):
            local = dict(env)
            for name, f in binds:
                local[name] = f(g, env)
            return g.quantity(q, local)

        def bound(e):
            sets = [f"local[{e.const(name)}] = {e.expr(f)}" for name, f in binds]
            return ["local = dict(env)", *sets, "env = local", f"return {e.quantity(q)}"]
        coded(fn, lambda e: e.helper(fn, bound))
        return fn, text

    def holder(self, cdef, node, path):
        """Which value of a counter a node means: (fn(game, env) -> holder index, text). A player's counter takes
        ``of: <player>``, a card's ``on: <card>`` (default $self), a role's ``role: <role id>`` (default: the role
        being played); the table's has one value."""
        scope = cdef.scope if cdef is not None else "shared"
        if scope == "player":
            return self.player(node.get("of"), path + ("of",))
        if scope == "card":
            return self.card(node.get("on", "$self"), path + ("on",))
        if scope == "role":
            if "role" not in node:
                return (lambda g, env: g.role), "the role being played"
            if is_var(node["role"]):
                var = self.var(node["role"], path + ("role",))
                return (lambda g, env: env[var]), self.m.noun(var, self.nouns)
            r = self.lookup(self.m.role_index, node["role"], "role", path + ("role",))
            return (lambda g, env: r), ph('the ', self.m.role_tok(r))
        return (lambda g, env: 0), "the table"

    def counter_ref(self, node, path):
        """(counter index, holder fn, text) for ``{counter: id, of/on/role: ...}``."""
        c = self.lookup(self.m.counter_index, node["counter"], "counter", path + ("counter",))
        cdef = self.m.counters[c] if c is not None else None
        who, wtext = self.holder(cdef, node, path)
        text = cdef.text if cdef else "?"
        if cdef is not None and cdef.scope in ("card", "role"):
            text = ph(text, ' on ', wtext)
        return c, who, text

    def num_counter(self, node, path):
        c, who, text = self.counter_ref(node, path)
        fn = coded(lambda g, env: g.counters[c][who(g, env)], lambda e: f"g.counters[{e.const(c)}][{e.expr(who)}]")
        cdef = self.m.counters[c] if c is not None else None
        if cdef is not None:
            self.say_zero(fn, cdef, node, text)
        return fn, text

    def say_zero(self, fn, cdef, node, text):
        """What a counter reads as in a comparison with 0: "there are tokens in the pool", "you have
        money", "there are no tokens on this card"; a card's counter on the candidate also as "with tokens
        on them". A counter whose text is a name (a capital first) or a number ("the number of ...") keeps its
        comparison."""
        words_ = str(cdef.text)
        if not words_[:1].islower() or words_.startswith("the number of "):
            return
        if cdef.scope == "player":
            if node.get("of") not in (None, "you"):
                return
            rest = words_[5:] if words_.startswith("your ") else words_
            if rest.startswith(("the ", "your ")):
                return
            self.zero[id(fn)] = (ph("you have ", rest), ph("you have no ", rest))
            self.held[id(fn)] = ("you", rest)
            return
        rest = text[4:] if isinstance(text, str) and str(text).startswith("the ") else text
        self.zero[id(fn)] = (ph("there are ", rest), ph("there are no ", rest))
        self.held[id(fn)] = ("there", rest)
        if cdef.scope == "card" and node.get("on") == "$it":
            self.with_it[id(fn)] = (ph("with ", words_, " on them"), ph("without ", words_, " on them"))

    def num_room(self, node, path):
        """How much more a holder takes: a counter's or a card's pile's capacity minus what it holds."""
        spec = node["room"]
        if "counter" in spec:
            c, who, text = self.counter_ref(spec, path + ("room",))
            fn = coded(lambda g, env: g.counter_room(c, who(g, env)),
                       lambda e: f"g.counter_room({e.const(c)}, {e.expr(who)})")
            if c is not None:       # "there is room for more tokens on it"
                self.zero[id(fn)] = (ph("there is room for more ", text), ph("there is no room for more ", text))
                if spec.get("on") == "$it":
                    words_ = self.m.counters[c].text
                    self.with_it[id(fn)] = (ph("with room for more ", words_), ph("with no room for more ", words_))
            return fn, ph('the room left in ', text)
        pile = self.lookup(self.m.pile_index, spec.get("pile"), "pile", path + ("room", "pile"))
        host, htext = self.card(spec.get("on", "$self"), path + ("room", "on"))
        ptext = self.m.piles[pile].text if pile is not None else "?"
        fn = coded(lambda g, env: g.pile_room(pile, host(g, env)), lambda e: f"g.pile_room({e.const(pile)}, {e.expr(host)})")
        where = _pile_text(ptext, htext)
        self.zero[id(fn)] = (ph("there is room left in ", where), ph("there is no room left in ", where))
        return fn, ph('the room left in ', where)

    def num_attr(self, node, path):
        name = node["attr"]
        if name not in self.m.attributes:
            self.report(path + ("attr",), f"unknown attribute {name!r}", choices=self.m.attributes)
        card, ctext = self.card(node.get("of", "$it"), path + ("of",))
        types = self.m.instance_types
        if "key" in node:
            key, ktext = self.number(node["key"], path + ("key",))

            def fn(g, env):
                c = card(g, env)
                return 0 if c is None else types[c].attrs.get(name, {}).get(key(g, env), 0)
            return fn, ph('the ', self.m.attr_text(name), ' of ', ctext, ' for ', ktext)

        values = self.m.attr_tables.setdefault(name, [])     # filled once every card instance exists
        of = node.get("of", "$it")
        if name in self.m.attr_instead:     # the option picks the table
            opt, _, alt = self.m.attr_instead[name]

            def fn(g, env):
                c = card(g, env)
                return 0 if c is None else (alt if g.options.get(opt) else values)[c]

            def code(e):
                t = e.temp()
                return (f"(0 if ({t} := {e.expr(card)}) is None else ({e.const(alt)} if g.options.get({e.const(opt)}) "
                        f"else {e.const(values)})[{t}])")
            coded(fn, code)
        elif is_var(of):
            var = of[1:]

            def fn(g, env):
                c = env.get(var)
                return 0 if c is None else values[c]

            def code(e):
                t = e.temp()
                return f"(0 if ({t} := env.get({e.const(var)})) is None else {e.const(values)}[{t}])"
            coded(fn, code)
        else:
            def fn(g, env):
                c = card(g, env)
                return 0 if c is None else values[c]
        kind = (self.m.attributes.get(name) or {}).get("type")
        said = self.m.attr_text(name)
        if kind not in ("string", "boolean", "map") and str(said)[:1].islower():    # "it has a <attribute> ..."
            self.zero[id(fn)] = (ph(ctext, ' has ', article(str(said)), ' ', said), ph(ctext, ' has no ', said))
        if kind in ("string", "boolean", "map"):
            self.words[fn] = f"the attribute {name!r}, which holds " + \
                {"string": "words", "boolean": "true or false", "map": "a table (give it a 'key')"}[kind]
        if str(ctext) == "it":      # the candidate's: "its weight"
            return fn, ph('its ', self.m.attr_text(name))
        return fn, ph('the ', self.m.attr_text(name), ' of ', ctext)

    def num_count(self, node, path):
        sel, text = self.selector(node["count"], path + ("count",))
        fn = coded(lambda g, env: len(sel(g, env)), lambda e: f"len({e.expr(sel)})")
        one, many = self.counted[id(fn)] = self.cards_of.get(id(sel), (ph("card in ", text), ph("cards in ", text)))
        if one is not None and many is not None:      # "there is a card in ...", "you have a card in your hand"
            if str(many).startswith("cards in your ") or " in your " in str(many):
                self.zero[id(fn)] = (ph("you have ", article(str(one)), " ", one), ph("you have no ", many))
            else:
                self.zero[id(fn)] = (ph("there is ", article(str(one)), " ", one), ph("there is no ", one))
        return fn, self.how_many(sel, text)

    def num_total(self, node, path):
        name = node["total"]
        if isinstance(name, dict):      # an expression per card, the card being $it
            return self._total_of(node, path)
        if name not in self.m.attributes:
            self.report(path + ("total",), f"unknown attribute {name!r}", choices=self.m.attributes)
        sel, text = self.selector(node.get("in"), path + ("in",))
        values = self.m.attr_tables.setdefault(name, [])     # filled once every card instance exists
        if name in self.m.attr_instead:
            table = self.attr_table(name)
            fn = lambda g, env: _total(sel(g, env), table(g))    # noqa: E731
        else:
            fn = coded(lambda g, env: _total(sel(g, env), values),
                       lambda e: f"{e.const(_total)}({e.expr(sel)}, {e.const(values)})")
        said = self.m.attr_text(name)
        if str(text).startswith("your ") and str(said).endswith("s") and not str(said).endswith("ss"):
            # compared with a number it reads as what you have: "you have at least 12 marks in your hand"
            self.counted[id(fn)] = (None, ph(said, ' in ', text))
        return fn, ph('the total ', said, ' of ', text)

    def _total_of(self, node, path):
        sel, text = self.selector(node.get("in"), path + ("in",))
        value, vtext = self.number(node["total"], path + ("total",))
        spec = node["total"]
        counted = spec.get("counter") if set(spec) <= {"counter", "on"} and spec.get("on") == "$it" else None
        room = spec.get("room") if set(spec) == {"room"} and isinstance(spec["room"], dict) else None
        zero = None
        if counted in self.m.counter_index:         # "the <counter> on <those cards>"
            vtext = None
            held = self.m.counters[self.m.counter_index[counted]].text
            whole = ph('the ', held, ' on ', text)
            if str(held)[:1].islower() and not str(held).startswith("the "):
                zero = (ph('there are ', held, ' on ', text), ph('there are no ', held, ' on ', text))
        elif room and set(room) <= {"counter", "on"} and room.get("on") == "$it" \
                and room.get("counter") in self.m.counter_index:    # "the room for <counter> left on ..."
            vtext = None
            whole = ph('the room for ', self.m.counters[self.m.counter_index[room['counter']]].text, ' left on ', text)

        def fn(g, env):
            saved = env.get("it", NOTHING)
            total = 0
            each = sel(g, env)
            _spend(g, each)
            for c in each:
                env["it"] = c
                total += value(g, env)
            if saved is NOTHING:
                env.pop("it", None)
            else:
                env["it"] = saved
            return total

        def loop(e):
            return _each_card(e, "it", e.expr(sel), ["total = 0"], [f"total += {e.expr(value)}"], ["return total"])
        coded(fn, lambda e: e.helper(fn, loop))
        if zero is not None:
            self.zero[id(fn)] = zero
        return fn, (whole if vtext is None else ph('the sum of ', vtext, ' over ', text))

    def num_least(self, node, path):
        return self._extreme(node, path, "least", min, "lowest")

    def num_most(self, node, path):
        return self._extreme(node, path, "most", max, "highest")

    def _extreme(self, node, path, key, pick, word):
        name = node[key]
        if name not in self.m.attributes:
            self.report(path + (key,), f"unknown attribute {name!r}", choices=self.m.attributes)
        sel, text = self.selector(node.get("in"), path + ("in",))
        table = self.attr_table(name)

        def fn(g, env):
            values = table(g)
            return pick((values[c] for c in sel(g, env)), default=0)
        return fn, \
            ph('the ', word, ' ', self.m.attr_text(name), ' among ', text)

    def attr_table(self, name):
        """fn(game) -> the attribute's value per card instance (the table an option picks, for an attribute
        declared with ``instead``)."""
        values = self.m.attr_tables.setdefault(name, [])     # filled once every card instance exists
        if name not in self.m.attr_instead:
            return lambda g: values
        opt, _, alt = self.m.attr_instead[name]
        return lambda g: alt if g.options.get(opt) else values

    def num_types(self, node, path):
        sel, text = self.selector(node["types"], path + ("types",))
        types = self.m.instance_types
        return (lambda g, env: len({types[c].index for c in sel(g, env)})), self.how_many(sel, text, different=True)

    def num_sets(self, node, path):
        spec = node["sets"]
        sel, text = self.selector(spec["in"], path + ("sets", "in"))
        size = spec["size"]
        types = self.m.instance_types

        def fn(g, env):
            counts = {}
            for c in sel(g, env):
                k = types[c].index
                counts[k] = counts.get(k, 0) + 1
            return sum(n // size for n in counts.values())
        what = "pairs" if size == 2 else ph('sets of ', size)
        return fn, ph('the number of ', what, ' of identical cards among ', text)

    def num_groups(self, node, path):
        """How many disjoint groups of ``size`` cards with the same ``by`` attribute and pairwise different types
        can be formed (greedy by most copies left, which is optimal for this kind of grouping)."""
        spec = node["groups"]
        sel, text = self.selector(spec["in"], path + ("groups", "in"))
        by, size = spec["by"], spec.get("size", 3)
        types, table = self.m.instance_types, self.attr_table(by)

        def fn(g, env):
            buckets = {}
            by_card = table(g)
            for c in sel(g, env):
                t = types[c]
                counts = buckets.setdefault(by_card[c], {})
                counts[t.index] = counts.get(t.index, 0) + 1
            total = 0
            for counts in buckets.values():
                left = sorted(counts.values(), reverse=True)
                while len(left) >= size and left[size - 1] > 0:
                    for i in range(size):
                        left[i] -= 1
                    total += 1
                    left = sorted((x for x in left if x), reverse=True)
            return total
        return fn, (ph('the number of groups of ', size, ' different cards with the same ', self.m.attr_text(by), ' among ', text))

    def _fold(self, node, path, key, fold, word):
        fns, texts = self.numbers(node[key], path + (key,))
        fn = (lambda g, env: fold([f(g, env) for f in fns]))
        if fold is sum:
            coded(fn, lambda e: f"sum(({_items(e, fns)}))")
            last = [self.said_of(self.summed_last, f, (False,))[0] for f in fns]
            if len(fns) > 1 and any(last[1:]):
                # a part that counts only when something holds is said apart: "A plus B, plus C if ..."
                said = [ph(', plus ' if last[i] else ' plus ', t) if i else t for i, t in enumerate(texts)]
                items = node[key] if isinstance(node[key], list) else []
                fixed = [x for x in items if type(x) is int]
                self.summed[id(fn)] = (fn, sum(fixed), [t for x, t in zip(items, texts) if type(x) is not int])
                return fn, ph(*said)
            items = node[key] if isinstance(node[key], list) else []
            fixed = [x for x in items if type(x) is int]
            self.summed[id(fn)] = (fn, sum(fixed), [t for x, t in zip(items, texts) if type(x) is not int])
        return fn, joined(f" {word} ", texts)

    @staticmethod
    def said_of(table, fn, default):
        """What ``table`` records of the compiled ``fn`` (an entry keyed by its id, holding ``fn`` first: an id a
        dead function left behind is not this one's)."""
        entry = table.get(id(fn))
        return entry[1:] if entry is not None and entry[0] is fn else default

    def total_text(self, texts):
        """Several amounts added up, as one noun: "the yield", "the total of A and B", "the total of A, B and C"."""
        if len(texts) == 1:
            return texts[0]
        return ph('the total of ', joined(", ", texts[:-1]), ' and ', texts[-1])

    def div_text(self, a, d: int, ta):
        """A division by the constant ``d``, rounded as the content rounds it (a sum's constant part ``k`` added
        before dividing down): k = 0 is "rounded down", k = d - 1 "rounded up", k = d // 2 "rounded to the
        nearest" (halves up); any other k is added in words first."""
        k, rest = self.said_of(self.summed, a, (0, [ta]))
        if not rest:        # a constant divided by a constant
            return Tok(str(k // d), "number", k // d), (None, d, k)
        if k == 0 or k == d - 1:
            how = "rounded down" if k == 0 else "rounded up"
        elif 0 < k < d and k == d // 2:
            how = "rounded to the nearest whole number" + (", halves up" if d % 2 == 0 else "")
        else:
            how, rest = "rounded down", rest + [Tok(str(k), "number", k)]
        whole = self.total_text(rest)
        part = FRACTIONS.get(d)
        said = ph(part, ' of ', whole) if part else ph(whole, ' divided by ', Tok(str(d), "number", d))
        return ph(said, ' (', how, ')'), (whole, d, k)

    def num_sum(self, node, path):
        return self._fold(node, path, "sum", sum, "plus")

    def num_min(self, node, path):
        fns, texts = self.numbers(node["min"], path + ("min",))
        return coded(lambda g, env: min(f(g, env) for f in fns), lambda e: f"min(({_items(e, fns)}))"), \
            ph("the smaller of ", joined(" and ", texts))

    def num_max(self, node, path):
        fns, texts = self.numbers(node["max"], path + ("max",))
        return coded(lambda g, env: max(f(g, env) for f in fns), lambda e: f"max(({_items(e, fns)}))"), \
            ph("the larger of ", joined(" and ", texts))

    def num_mul(self, node, path):
        fns, texts = self.numbers(node["mul"], path + ("mul",))

        def fn(g, env):
            out = 1
            for f in fns:
                out *= f(g, env)
            if not -MAX_NUMBER <= out <= MAX_NUMBER:     # (a counter squared again and again grows without end)
                raise RulesError(f"{'/'.join(map(str, path))}: a product past the largest number a game holds "
                                 f"({MAX_NUMBER:,})")
            return out
        return fn, self.product_text(fns, texts)

    def product_text(self, fns, texts):
        """A product in words: a factor that adds a constant reads "1 more than ..." ("silk times 1 more than
        the number of ..."), and a count divided down with one other factor reads "<the other> for every 3 cards
        in ..." (as a rulebook says it)."""
        said = []
        for f, t in zip(fns, texts):
            k, rest = self.said_of(self.summed, f, (0, []))
            if rest and k:
                t = ph(Tok(str(abs(k)), "number", abs(k)), ' more than ' if k > 0 else ' less than ',
                       self.total_text(rest))
            said.append(t)
        if len(fns) == 2:
            for i in (0, 1):
                whole, d, k, a = self.said_of(self.divided, fns[i], (None, 0, 1, None))
                counted = self.counted.get(id(a), (None, None))[1]
                if whole is not None and k == 0 and counted:
                    return ph(said[1 - i], ' for every ', Tok(str(d), "number", d), ' ', counted)
        return joined(" times ", said)

    def _pair(self, node, path, key):
        fns, texts = self.numbers(node[key], path + (key,), words=key in ("eq", "ne"))
        if len(fns) != 2:
            self.report(path + (key,), f"'{key}' takes exactly two expressions")
            return (lambda g, env: 0), (lambda g, env: 0), ("?", "?")
        return fns[0], fns[1], texts

    def num_sub(self, node, path):
        a, b, (ta, tb) = self._pair(node, path, "sub")
        return coded(lambda g, env: a(g, env) - b(g, env), lambda e: f"({e.expr(a)} - {e.expr(b)})"), ph(ta, ' minus ', tb)

    def num_div(self, node, path):
        a, b, (ta, tb) = self._pair(node, path, "div")
        where = "/".join(map(str, path))

        def fn(g, env):
            d = b(g, env)
            if not d:
                raise RulesError(f"{where}: division by zero ({tb} is 0)")
            return a(g, env) // d
        pair = node["div"]
        d = pair[1] if isinstance(pair, list) and len(pair) == 2 else None
        if type(d) is int and d > 1:
            text, (whole, _, k) = self.div_text(a, d, ta)
            if whole is not None:
                self.divided[id(fn)] = (fn, whole, d, k, a)
            return fn, text
        return fn, ph(ta, ' divided by ', tb, ' (rounded down)')

    def num_lookup(self, node, path):
        table = node["lookup"]
        index, itext = self.arith(node["index"], path + ("index",))
        last = len(table) - 1
        fn = coded(lambda g, env: table[max(0, min(index(g, env), last))],
                   lambda e: f"{e.const(table)}[max(0, min({e.expr(index)}, {last}))]")
        if node["index"] == {"players": True}:     # a value per player count: "2 / 3 / 4 / 5 players: ..."
            return fn, self.by_players(lambda n: table[max(0, min(n, last))])
        counted = self.counted.get(id(index), (None, None))[1]
        rows, i = [], 0
        while i <= last:        # runs of one value: "9 or fewer: 4, 10: 5, 11: 6, 12 or more: 7"
            j = i
            while j < last and table[j + 1] == table[i]:
                j += 1
            label = f"{j} or {'fewer' if counted else 'less'}" if i == 0 and j > 0 else \
                f"{i} or more" if j == last and i < j or i == last else str(i) if i == j else f"{i}–{j}"
            rows.append((label if i or j < last else "any", Tok(str(table[i]), "number", table[i])))
            i = j + 1
        by, head = itext, (ph(counted) if counted else itext)     # "Big cards in your hand" heads the table
        head = str(head)
        head = head[4:] if head.startswith("the ") else head
        return fn, table_tok(Table(by, head[:1].upper() + head[1:], rows))

    def by_players(self, value) -> Tok:
        """A value per player count (``value(n)`` for each count the game allows) as a table token."""
        low, high = getattr(self.m, "min_players", None), getattr(self.m, "max_players", None)
        if not isinstance(low, int) or not isinstance(high, int) or not 0 < low <= high <= 16:
            low, high = 2, 5
        rows = [(str(n), Tok(str(value(n)), "number", value(n))) for n in range(low, high + 1)]
        return table_tok(Table("player count", "Players", rows, unit="players"))

    def num_if(self, node, path):
        cond, ctext = self.condition(node["if"], path + ("if",))
        a, ta = self.number(node["then"], path + ("then",))
        b, tb = self.number(node.get("else", 0), path + ("else",))
        fn = coded(lambda g, env: a(g, env) if cond(g, env) else b(g, env),
                   lambda e: f"({e.expr(a)} if {e.expr(cond)} else {e.expr(b)})")
        what = self.words.get(a) or self.words.get(b)
        if what is not None:
            self.words[fn] = what
        elif _on_players(node):      # a chain of ifs on the player count: a value per player count
            return fn, self.by_players(lambda n: fn(_Seats(n), {}))
        if node.get("else", 0) == 0 and type(node.get("else", 0)) is int:     # "1 if you hold it", no "else 0"
            self.summed_last[id(fn)] = (fn, True)
            return fn, ph(ta, ' if ', ctext)
        return fn, ph(ta, ' if ', ctext, ', else ', tb)

    def num_option(self, node, path):
        name = node["option"]
        if name not in self.m.options:
            self.report(path + ("option",), f"unknown option {name!r}", choices=self.m.options)
        fn = lambda g, env: g.options.get(name)     # noqa: E731
        default = self.m.options[name].default if name in self.m.options else 0
        if type(default) is not int:
            self.words[fn] = f"the option {name!r}, whose values are " + \
                ("true or false" if isinstance(default, bool) else "words")
        return fn, ph('the ', self.option_tok(name), ' option')

    def option_tok(self, name) -> Tok:
        """A game option named in a sentence: its id in words ("the big board option")."""
        return Tok(str(name).replace("_", " "), "option", name)

    def num_mod(self, node, path):
        a, b, (ta, tb) = self._pair(node, path, "mod")

        def fn(g, env):
            d = b(g, env)
            return a(g, env) % d if d else 0
        return fn, ph('the remainder of ', ta, ' divided by ', tb)

    def num_abs(self, node, path):
        a, ta = self.arith(node["abs"], path + ("abs",))
        return (lambda g, env: abs(a(g, env))), ph('the size of ', ta)

    def num_round(self, node, path):
        return coded(lambda g, env: g.round, lambda e: "g.round"), "the round number"

    def num_players(self, node, path):
        return coded(lambda g, env: g.players, lambda e: "g.players"), "the number of players"

    def num_score(self, node, path):
        return (lambda g, env: env.get("score_so_far", 0)), "your score from everything else"

    def num_moves(self, node, path):
        return (lambda g, env: g.moves_round), "the number of cards moved this round"
