"""Compiles a GameDef from validated content documents, collecting every semantic problem."""
from __future__ import annotations

import re

from ..errors import ContentIssue
from ..model import flow as F
from ..model import nodes as N
from ..model import pieces as P
from ..model import records as M
from ..model.phrase import Tok, capital, joined, name_tables, ph, tokens
from ..content.merge import walk
from .collisions import BlockFlow, StepFlow, collisions, number_reads
from .pieces import shape_attributes
from .steps import StepCompiler
from .codegen import coded
from .expr import _parts_after

LIST_SECTIONS = ("cards", "roles")
from ..limits import MAX_CARDS
KINDS = {bool: "true or false", int: "a whole number", str: "a word"}    # what an option's default makes it
from ..limits import MAX_ROUNDS as ROUND_LIMIT      # rounds a game may last unless its content says otherwise
SCORE_ORDER = {"first": -100, "normal": 0, "last": 100}
# a modifier's or a reaction's reach (its `scope`), in words: whose quantity it changes, for whom a rule holds, and
# whose moment fires it
SCOPE_WHOSE = {"owner": "your ", "others": "the other players' ", "all": "every player's "}
SCOPE_FOR = {"owner": "", "others": "for the other players, ", "all": "for every player, "}
SCOPE_WHEN = {"owner": "", "others": "for each other player, ", "all": "for every player, you included, "}
ATTRIBUTE_TYPES = {
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "string": lambda v: isinstance(v, str),
    "boolean": lambda v: isinstance(v, bool),
    "map": lambda v: isinstance(v, dict),
    "shape": lambda v: isinstance(v, list),        # checked square by square in pieces.shape_problem
}


class ContentCompiler(StepCompiler):
    def __init__(self, doc, did_you_mean, checked=False):
        self.doc, self.did_you_mean = doc, did_you_mean     # one merged, sourced document
        # ``checked``: content from the cache, which compiled without a problem before (with this same engine): the
        # checks that need every step's file (which its positions say, read from disk only when asked) pass again
        self.checked = checked
        self.removed = doc.removed                          # ids a variant removed, for clearer errors
        self.issues: list[ContentIssue] = []
        self.role_choice_path = None        # where the game's role choice is declared
        self.procs = {}                     # procedure name -> compiled block
        self.calls = []                     # (Call node, path), linked to their procedures after compiling
        self.fired = {}                     # event -> what its triggers read and bind (collisions.BlockFlow)
        self.number_reads = {}              # quantity -> the variables its base and modifiers read (collisions)
        super().__init__(M.GameDef(), self.report)

    def report(self, path, message, hint=None, choices=None, at_key=False):
        if hint is None and choices is not None and len(path) and isinstance(message, str):
            hint = self.suggest(message, choices)
        self.issues.append(self.doc.issue(tuple(path), message, hint, at_key=at_key))

    def entries(self, section):
        """(doc, path, key_or_None, value) for every entry of a section."""
        data = self.doc.data.get(section)
        if not data:
            return
        if section in LIST_SECTIONS:
            for i, item in enumerate(data):
                yield self.doc, (section, i), item.get("id") if isinstance(item, dict) else None, item
        else:
            for key, item in data.items():
                yield self.doc, (section, key), key, item

    # ------------------------------------------------------------------ the whole game
    def compile(self) -> M.GameDef:
        m, top = self.m, self.doc.data
        m.raw = {"content": top, "files": list(self.doc.files)}
        m.id, m.title, m.edition = top["id"], top.get("title", top["id"]), top.get("edition", "")
        m.description = top.get("description", "")
        m.min_players, m.max_players = top["players"]["min"], top["players"]["max"]
        if m.min_players > m.max_players:
            self.report(("players",), f"players: min ({m.min_players}) is more than max ({m.max_players})")
        names = top.get("names", {})
        sp = names.get("start_player")
        m.start_player_name = (sp.get("en") if isinstance(sp, dict) else sp) or "the start player"
        for name, kind in (("you", "player"), ("chooser", "player"), ("actor", "player"), ("self", "card"), ("it", "card"),
                           ("index", "value"), ("moved", "value"), ("role", "value"), ("free", "value")):
            m.var_kinds[name] = kind
        self.declarations()
        self.boards_content()
        for doc, path, key, spec in self.entries("selectors"):
            m.selectors[key] = (spec, path)
        self.cards()
        self.zone_rules()
        self.copy_rules(top)
        self.role_nouns()
        self.quantities()
        self.payments()
        self.procedures()
        self.roles()
        self.effects()
        self.reactions()
        self.flow(top)
        self.link_calls()
        self.unknown_variables()
        if not self.checked:
            collisions(self.doc, self.flows, self.report, self.fired,
                       number_reads(self.number_reads, self.quantity_deps))
        self.quantity_cycles()
        self.scoring(top)
        self.fold_constants()
        m.rules_choices = list(top.get("rules_choices", []))
        for i, choice in enumerate(m.rules_choices):
            if "option" in choice and choice["option"] not in m.options:
                self.report(("rules_choices", i, "option"), f"unknown option {choice['option']!r}",
                            choices=list(m.options))
        self.play_hints(top.get("play") or {})
        return m

    def fold_constants(self):
        """Content constants read per card become tables, made once: attribute values, and capacities that are
        an attribute of the holding card itself."""
        m = self.m
        m.instance_kinds[:] = [t.index for t in m.instance_types]
        m.instance_tags[:] = [t.tags for t in m.instance_types]
        for name, values in m.attr_tables.items():
            values[:] = [t.attrs.get(name, 0) for t in m.instance_types]
        shaped = shape_attributes(m)
        m.piece_sizes[:] = [len(P.squares(t.attrs.get(shaped[0]) or [])) if shaped else 0 for t in m.instance_types]
        for name, (_, other, values) in m.attr_instead.items():
            values[:] = [t.attrs.get(other) or t.attrs.get(name, 0) for t in m.instance_types]
        for holder in [*m.piles, *(c for c in m.counters if c.scope == "card")]:
            spec = self.doc.data.get("piles" if isinstance(holder, M.PileDef) else "counters", {}).get(holder.id, {})
            cap = spec.get("capacity")
            if isinstance(cap, dict) and set(cap) == {"attr", "of"} and cap["of"] == "$self" \
                    and m.attributes.get(cap["attr"], {}).get("type", "integer") == "integer":
                holder.capacity_table = [t.attrs.get(cap["attr"], 0) for t in m.instance_types]

    def attribute_instead(self, key, spec, path):
        """``instead: {option, attr}``: a printed number an option changes (one table per setting, so reading it
        stays a list lookup)."""
        m, opt, other = self.m, spec["instead"]["option"], spec["instead"]["attr"]
        where = path + ("instead",)
        if spec.get("type") != "integer":
            self.report(where, f"only an integer attribute can read another one instead, not {key!r} "
                               f"({spec.get('type')})")
        if opt not in m.options:
            self.report(where + ("option",), f"unknown option {opt!r}", choices=list(m.options))
        elif not isinstance(m.options[opt].default, bool):
            self.report(where + ("option",), f"option {opt!r} is not an on/off option: 'instead' reads another "
                                             "attribute while the option is on")
        if other not in m.attributes or other == key:
            self.report(where + ("attr",), f"{other!r} is not another attribute", choices=[a for a in m.attributes if a != key])
        elif m.attributes[other].get("type") != "integer":
            self.report(where + ("attr",), f"attribute {other!r} is not an integer attribute")
        m.attr_instead[key] = (opt, other, [])

    def play_hints(self, spec):
        """The ``play`` section (hints for bots and reports), checked against the attributes, tags and action kinds
        (the ``action`` of the content's choose and pick steps) it names."""
        m = self.m

        kinds, todo = set(), [self.doc.data]       # every 'action' in the content (a walk without recursion)
        while todo:
            node = todo.pop()
            if isinstance(node, dict):
                for key, value in node.items():
                    if key == "action" and isinstance(value, str):
                        kinds.add(value)
                    elif isinstance(value, (dict, list)):
                        todo.append(value)
            else:
                todo.extend(v for v in node if isinstance(v, (dict, list)))
        for key in ("acquire", "benefit", "keep", "decline"):
            for i, kind in enumerate(spec.get(key, [])):
                if kind not in kinds:
                    self.report(("play", key, i), f"unknown action kind {kind!r}", choices=sorted(kinds))
        for key, what, known in (("value", "attribute", m.attributes), ("price", "attribute", m.attributes),
                                 ("track", "tag", m.tags)):
            if spec.get(key) is not None and spec[key] not in known:
                self.report(("play", key), f"unknown {what} {spec[key]!r}", choices=sorted(known))
        status = []
        for i, entry in enumerate(spec.get("status", [])):
            if "counter" in entry:
                c = self.lookup(m.counter_index, entry["counter"], "counter", ("play", "status", i, "counter"))
                if c is not None and m.counters[c].scope not in ("player", "shared"):
                    self.report(("play", "status", i, "counter"), "the status line shows a player's or the table's "
                                                                  f"counter; {entry['counter']!r} is held by each "
                                                                  f"{m.counters[c].scope}")
            elif "order" in entry:
                t = self.lookup(m.track_index, entry["order"], "track", ("play", "status", i, "order"))
                if t is not None and not m.tracks[t].order:
                    self.report(("play", "status", i, "order"), f"{entry['order']!r} is no order track")
            status.append(dict(entry))
        for i, key in enumerate(spec.get("bookkeeping", [])):
            self.lookup(m.counter_index, key, "counter", ("play", "bookkeeping", i))
        m.play = M.PlayHints(**{k: tuple(v) if isinstance(v, list) else v for k, v in spec.items()
                                if k not in ("nouns", "status", "bookkeeping")},
                             nouns={**M.PLAY_NOUNS, **spec.get("nouns", {})}, status=tuple(status),
                             bookkeeping=frozenset(spec.get("bookkeeping", ())))

    def declarations(self):
        m = self.m
        for doc, path, key, spec in self.entries("options"):
            m.options[key] = M.OptionDef(key, spec.get("default"), spec.get("text", key), spec.get("values"),
                                         spec.get("players"), list(spec.get("excludes", [])))
            kind = type(spec.get("default"))
            for i, value in enumerate(spec.get("values") or ()):
                if type(value) is not kind:
                    self.report(path + ("values", i), f"{value!r} is not of the default's kind ({KINDS.get(kind, kind.__name__)})")
            if spec.get("values") is not None and spec.get("default") not in spec["values"]:
                self.report(path + ("default",), f"the default {spec.get('default')!r} is not one of the values")
        for doc, path, key, opt in self.entries("options"):
            for i, other in enumerate(opt.get("excludes", [])):
                self.lookup(m.options, other, "option", path + ("excludes", i))
        for doc, path, key, spec in self.entries("presets"):
            for name, value in spec["options"].items():
                if self.lookup(m.options, name, "option", path + ("options", name)) is not None:
                    allowed, kind = m.options[name].values, type(m.options[name].default)
                    if allowed is not None and not any(value == v and type(value) is type(v) for v in allowed):
                        self.report(path + ("options", name), f"option {name!r} takes one of {allowed}, got {value!r}")
                    elif type(value) is not kind:
                        self.report(path + ("options", name), f"option {name!r} takes {KINDS.get(kind, kind.__name__)}, got {value!r}")
            m.presets[key] = {"text": spec.get("text", key), "options": dict(spec["options"])}
        for doc, path, key, spec in self.entries("attributes"):
            m.attributes[key] = spec
        for doc, path, key, spec in self.entries("attributes"):
            if "instead" in spec:
                self.attribute_instead(key, spec, path)
        for doc, path, key, spec in self.entries("zones"):
            if "family" in spec:
                self.family(key, spec, path)
                continue
            m.zone_index[key] = len(m.zones)
            m.zones.append(M.ZoneDef(len(m.zones), key, spec["scope"], spec["visibility"], spec.get("text", key),
                                     bool(spec.get("tableau")), quiet=bool(spec.get("quiet")),
                                     holds=spec.get("holds", "")))
        m.quiet_zones = frozenset(z.index for z in m.zones if z.quiet)
        m.tableau_zones = tuple(z.tableau for z in m.zones)
        for doc, path, key, spec in self.entries("zones"):
            refill = spec.get("refill")
            if refill:
                z = m.zones[m.zone_index[key]]
                z.refill_from = self.lookup(m.zone_index, refill["from"], "zone", path + ("refill", "from"))
                z.refill_shuffle = refill.get("shuffle", True)
        for doc, path, key, spec in self.entries("piles"):
            m.pile_index[key] = len(m.piles)
            m.piles.append(M.PileDef(len(m.piles), key, spec["visibility"], spec.get("text", key),
                                     *self.capacity(spec, path)))
        for doc, path, key, spec in self.entries("counters"):
            m.counter_index[key] = len(m.counters)
            m.counters.append(M.CounterDef(len(m.counters), key, spec.get("scope", "player"),
                                           spec.get("reset", "never"), spec.get("text", key), *self.capacity(spec, path),
                                           flag=spec.get("flag"), flag_off=spec.get("flag_off"),
                                           label=spec.get("label", ""),
                                           visibility=spec.get("visibility", "public")))
        m.card_counters = tuple(c.index for c in m.counters if c.scope == "card")
        for doc, path, key, spec in self.entries("counters"):
            if spec.get("reset") == "move" and spec.get("scope", "player") != "card":
                self.report(path + ("reset",), "only a card's count goes back to 0 when the card moves",
                            hint="use reset: move with scope: card")
            if spec.get("visibility", "public") != "public" and spec.get("scope", "player") != "player":
                self.report(path + ("visibility",), "only a player's counter can be seen by its owner alone",
                            hint="use visibility: owner with scope: player")
        for c in m.counters:
            if c.reset != "never":
                m.reset_counters.setdefault(c.reset, []).append(c.index)
        for doc, path, key, spec in self.entries("events"):
            m.events[key] = spec if isinstance(spec, str) else spec.get("text", key)
        self.declare_tracks()
        m.zh = M.zh_names(self.doc.data)

    def family(self, key, spec, path):
        """A family of zones: one member zone per key, named '<family>_<key>' in states and views."""
        m = self.m
        if "refill" in spec:
            self.report(path + ("refill",), "a family of zones cannot refill itself", hint="refill a single zone")
        declared = {k for _, _, k, _ in self.entries("zones")}     # zones a member name may not take
        members, index = [], {}
        said = spec.get("member") or (spec.get("text", key) + " ({key})")
        for i, k in enumerate(spec["family"]):
            if isinstance(k, bool) or str(k) in (str(x) for x in index):
                self.report(path + ("family", i), f"the key {k!r} is there twice")
                continue
            name = f"{key}_{k}"
            if name in m.zone_index or name in declared:
                self.report(path + ("family", i), f"the member zone {name!r} has the name of another zone")
            m.zone_index[name] = len(m.zones)
            index[k] = len(m.zones)
            members.append(len(m.zones))
            m.zones.append(M.ZoneDef(len(m.zones), name, spec["scope"], spec["visibility"],
                                     said.replace("{key}", str(k).replace("_", " ")), bool(spec.get("tableau")),
                                     quiet=bool(spec.get("quiet")), holds=spec.get("holds", "")))
        m.families[key] = M.FamilyDef(key, tuple(index), tuple(members), index, spec.get("text", key), spec["scope"],
                                      said)

    def capacity(self, spec, path):
        """A holder's capacity, (fn, text): a number, or an expression of the holder ($self); (None, ""): no limit."""
        if "capacity" not in spec:
            return None, ""
        return self.arith(spec["capacity"], path + ("capacity",))

    def cards(self):
        m = self.m
        self.works_specs = {}       # card type -> (its works.while condition, where it is written)
        fields = {"id", "name", "copies", "tags", "start", "effects", "notes", "works", "text"}
        top = self.doc.data
        shared = [z.index for z in m.zones if z.scope == "shared"]
        default_zone = shared[0] if len(shared) == 1 else None      # never "the first one": order means nothing
        if "start_zone" in top:
            default_zone = self.lookup(m.zone_index, top["start_zone"], "zone", ("start_zone",))
            if default_zone is not None and m.zones[default_zone].scope != "shared":
                self.report(("start_zone",), f"cards start in a shared zone, {top['start_zone']!r} is per player")
        for doc, path, key, spec in self.entries("cards"):
            if key in m.type_index:
                self.report(path + ("id",), f"card {key!r} is defined twice")
                continue
            attrs = {}
            for k, v in spec.items():
                if k in fields:
                    continue
                if k not in m.attributes:
                    self.report(path + (k,), f"unknown attribute {k!r}",
                                choices=list(m.attributes) + sorted(fields), at_key=True)
                    continue
                want = m.attributes[k].get("type", "integer")
                if not ATTRIBUTE_TYPES[want](v):
                    self.report(path + (k,), f"attribute {k!r} is declared as {want}, got {v!r:.40}")
                    continue
                if want == "shape" and self.shape_problem(v, path + (k,)):
                    continue
                attrs[k] = v
            for k, a in m.attributes.items():
                if k not in attrs and "default" in a:
                    attrs[k] = a["default"]
            start = default_zone
            if "start" in spec:
                start = self.lookup(m.zone_index, spec["start"], "zone", path + ("start",))
                if start is not None and m.zones[start].scope != "shared":
                    self.report(path + ("start",), f"cards start in a shared zone, {spec['start']!r} is per player")
            elif default_zone is None and "start_zone" not in top:
                self.report(path + ("id",), f"card {key!r} has no zone to start in (the game has several shared zones)",
                            hint="give it 'start: <zone>' or declare 'start_zone: <zone>' for the whole game")
            start = start if start is not None else 0
            t = M.CardType(len(m.types), key, M.names(spec["name"], key), spec.get("copies", 1), frozenset(spec.get("tags", [])),
                           attrs, start, spec.get("effects", []), spec.get("notes", []), (doc.file, path))
            works = {**top.get("works", {}), **spec.get("works", {})}
            t.works_from = works.get("from", "phase_end")
            if "while" in works:
                self.works_specs[t.index] = (works["while"], path + ("works", "while") if "while" in spec.get(
                    "works", {}) else ("works", "while"))
            m.type_index[key] = t.index
            m.types.append(t)
            m.tags.update(t.tags)


    def copy_rules(self, top):
        """Copies that depend on the player count or options; then one instance per copy a game could use."""
        m = self.m
        for i, rule in enumerate(top.get("extra_copies", [])):
            p = ("extra_copies", i)
            self.no_player_here = "a copy rule (applied when a game starts)"
            cond = self.condition(rule["if"], p + ("if",))[0] if "if" in rule else None
            self.no_player_here = None
            if "type" in rule:
                tid = self.lookup(m.type_index, rule["type"], "card", p + ("type",))
                types = set() if tid is None else {tid}
            else:
                if rule["tag"] not in m.tags:
                    self.report(p + ("tag",), f"unknown tag {rule['tag']!r}", choices=m.tags)
                types = {t.index for t in m.types if rule["tag"] in t.tags}
            m.copy_rules.append((cond, types, rule["add"]))
        if "box_zone" in top:
            m.box = self.lookup(m.zone_index, top["box_zone"], "zone", ("box_zone",))
        elif m.copy_rules or any(t.copies == 0 for t in m.types):
            self.report(("extra_copies",) if m.copy_rules else ("cards",),
                        "some copies are left out of some games, so the game needs a 'box_zone' to keep them in")
        most = self.most_copies()
        if sum(most) > MAX_CARDS:
            self.report(("extra_copies",) if m.copy_rules else ("cards",),
                        f"a game could use {sum(most):,} cards, more than the {MAX_CARDS:,} a game may have")
            return
        for t in m.types:
            for n in range(1, most[t.index] + 1):
                m.instance_index[f"{t.id}#{n}"] = len(m.instance_types)
                m.instance_names.append(f"{t.id}#{n}")
                m.instance_types.append(t)
                m.instance_copy.append(n)
        for i, check in enumerate(top.get("checks", [])):
            self.no_player_here = "a game's checks (made when a game starts)"
            cond, _ = self.condition(check["if"], ("checks", i, "if"))
            self.no_player_here = None
            m.checks.append((cond, check["text"]))

    def most_copies(self) -> list:
        """The most copies of each card any game can use: every player count with every combination of option
        values (options without a finite list of values count with their default)."""
        import itertools
        m = self.m
        if not m.copy_rules:
            return [t.copies for t in m.types]
        # only the options the copy rules read can change a count: the others stay at their default
        read = {node["option"] for rule in (self.doc.data.get("extra_copies") or []) for node in walk(rule)
                if isinstance(node.get("option"), str)}
        choices = []
        for key, opt in m.options.items():
            values = opt.values if opt.values is not None else (
                [True, False] if isinstance(opt.default, bool) else [opt.default])
            choices.append([(key, v) for v in values] if key in read else [(key, opt.default)])
        combos = list(itertools.islice(itertools.product(*choices), 4096))
        most = [t.copies for t in m.types]
        probe = _Probe()
        for players in range(m.min_players, m.max_players + 1):
            for combo in combos:
                probe.players, probe.options = players, dict(combo)
                try:
                    counts = m.copies_for(probe)
                except Exception:   # a rule reading more than players and options: fall back to an upper bound
                    counts = [t.copies + sum(a for _, ts, a in m.copy_rules if t.index in ts and a > 0)
                              for t in m.types]
                most = [max(a, b) for a, b in zip(most, counts)]
        return most

    def quantities(self):
        m = self.m
        entries = list(self.entries("quantities"))
        for doc, path, key, spec in entries:
            m.quantity_index[key] = len(m.quantities)
            m.quantities.append(M.QuantityDef(len(m.quantities), key, spec.get("text", key), None, ""))
        self.quantity_sources = {}
        for doc, path, key, spec in entries:
            q = m.quantities[m.quantity_index[key]]
            self.quantity_sources[q.index] = (doc, path)
            self.current_quantity = q.index
            reading = self.flow_step = StepFlow(path + ("base",), "quantity")
            try:
                q.base, q.base_text = self.arith(spec.get("base", 0), path + ("base",))
            finally:
                self.flow_step = None
            self.number_reads.setdefault(q.index, []).extend(reading.own_reads())
            self.current_quantity = None
            q.min, q.max, q.flag = spec.get("min"), spec.get("max"), spec.get("flag")

    def payments(self):
        m = self.m
        for doc, path, key, spec in self.entries("payments"):
            sources = []
            for i, s in enumerate(spec["sources"]):
                p = path + ("sources", i)
                if "money" in s:
                    money = self.lookup(m.counter_index, s["money"], "counter", p + ("money",))
                    to = self.lookup(m.counter_index, s["to"], "counter", p + ("to",)) if "to" in s else None
                    sources.append(M.PaymentSource(None, None, to, money=money))
                    continue
                select, _ = self.selector(s["from"], p + ("from",))
                pile = self.m.pile_index.get(s["from"].get("pile")) if "pile" in s["from"] else None
                to = self.lookup(m.zone_index, s.get("to", "discard"), "zone", p + ("to",))
                limit = self.arith(s["limit"], p + ("limit",))[0] if "limit" in s else None
                counter = self.lookup(m.counter_index, s["counter"], "counter", p + ("counter",)) if "counter" in s else None
                sources.append(M.PaymentSource(pile, select, to, limit, counter))
            m.payment_index[key] = len(m.payments)
            m.payments.append(M.PaymentDef(len(m.payments), key, spec.get("text", key), sources))

    def modifier(self, spec, path, type_index, scope="owner"):
        q = self.lookup(self.m.quantity_index, spec.get("modify"), "quantity",
                        path + ("modify" if path[-2] != "privilege" else "quantity",))
        op = "set" if "set" in spec else "add"
        if op not in spec:      # the schema says so too; this keeps the compiler total on its own
            self.report(path, "a modifier needs 'add' or 'set'")
            return None, M.Modifier(type_index, op, lambda g, env: 0, None, "?")
        self.current_quantity = q
        reading, outer = StepFlow(path, "quantity"), self.flow_step
        self.flow_step = reading
        try:
            value, vtext = self.arith(spec[op], path + (op,))
            cond, ctext = self.condition(spec["if"], path + ("if",)) if "if" in spec else (None, "")
        finally:
            self.flow_step = outer
        if q is not None:       # what the quantity reads while this changes it ($self is the card's own)
            self.number_reads.setdefault(q, []).extend((v, p) for v, p in reading.own_reads() if v != "self")
        self.current_quantity = None
        qtext = self.m.quantity_tok(q)
        flag = self.m.quantities[q].flag if q is not None else None
        whose = SCOPE_WHOSE[scope]
        if flag and scope != "owner":       # an on/off rule switched for other players: said of them
            flag = ph(SCOPE_FOR[scope], flag)
        if flag and op == "set" and spec[op] in (0, 1):
            text = flag if spec[op] == 1 else ph('not (', flag, ')')
        elif flag and op == "add" and spec[op] == 1 and q is not None and self.m.quantities[q].max == 1:
            text = flag         # an on/off quantity switched on by adding to it (as a privilege must)
        elif op == "set":
            text = ph(whose, qtext, ' is ', vtext)
        elif isinstance(spec[op], int):
            text = ph(whose, qtext, ' is ', abs(spec[op]), ' ', 'lower' if spec[op] < 0 else 'higher')
        elif isinstance(spec[op], dict) and list(spec[op]) == ["sub"] and isinstance(spec[op]["sub"], list) \
                and len(spec[op]["sub"]) == 2 and spec[op]["sub"][0] == 0:      # "0 minus X": lower by X
            text = ph(whose, qtext, ' is lower by ', _parts_after(vtext, "0 minus "))
        else:
            text = ph('add ', vtext, ' to ', whose, qtext)
        if ctext and scope != "owner":     # the game asks it of the player whose number it is: "when they ..."
            if not flag:
                text = _each_other(text)
            text = ph(text, ' when ', they_phrase(ctext))
        elif ctext:
            text = ph(text, ' when ', ctext)
        return q, M.Modifier(type_index, op, value, cond, text)

    def roles(self):
        m = self.m
        for doc, path, key, spec in self.entries("roles"):
            if key in m.role_index:
                self.report(path + ("id",), f"role {key!r} is defined twice")
                continue
            m.role_index[key] = len(m.roles)
            m.roles.append(M.RoleDef(len(m.roles), key, M.names(spec["name"], key), {}, None, spec))
        for doc, path, key, spec in self.entries("roles"):
            if m.roles[m.role_index[key]].raw is not spec:
                continue
            self.nouns, self.chosen = {}, {}
            role = m.roles[m.role_index[key]]
            privilege_steps, closing_steps = [], []
            for i, mod in enumerate(spec.get("privilege", [])):
                if "do" in mod:         # a privilege that is an action, once per multiple: the chooser runs it
                    body = self.block(mod["do"], path + ("privilege", i, "do"))    # first, or after everyone
                    if mod.get("at", "first") == "end":
                        closing_steps.append(body)
                        said = self.text_of(body)
                        said = said[4:] if said.startswith("you ") else said        # "you may ...": one "you"
                        role.privilege_texts.append(ph('When everyone has acted, you ', said, '.'))
                    else:
                        privilege_steps.append(body)
                        said = self.text_of(body)
                        said = said[4:] if said.startswith("you ") else said
                        role.privilege_texts.append(ph('You first ', said, '.'))
                    continue
                q, modifier = self.modifier({"modify": mod["quantity"], **mod}, path + ("privilege", i), -1)
                if q is not None:
                    role.privilege.setdefault(q, []).append(modifier)
                role.privilege_texts.append(ph(capital(modifier.text), "."))
            # the phase's variables: its start steps' reach every player's action steps (a copy each) and the end
            opening, closing_flow = BlockFlow(path + ("start",)), BlockFlow(path + ("end",))
            self.flow_block = opening
            start = [self.step(s, path + ("start", i)) for i, s in enumerate(spec.get("start", []))]
            self.flow_block = closing_flow
            end = [self.step(s, path + ("end", i)) for i, s in enumerate(spec.get("end", []))]
            self.flow_block = None
            if "available" in spec:
                self.no_player_here = "a role's 'available' (checked when a game starts)"
                role.available, _ = self.condition(spec["available"], path + ("available",))
                self.no_player_here = None
            prefix = None
            if privilege_steps:
                body = self.register(N.Block(privilege_steps), ("roles", key, "privilege"))
                times = self.register(N.Repeat(privilege_times, body), ("roles", key, "privilege", "repeat"))
                # (registered, as every block a frame may stand on: a choice inside a privilege pauses in it, and a
                # saved state names its frames by path)
                first = self.register(N.Block([times], shared=True), ("roles", key, "privilege", "first"))
                prefix = [N.If(lambda g, env: env.get("you") == g.chooser, first, None)]
            closing = None
            if closing_steps:       # the role's own frame: 'you' is the chooser there
                body = self.register(N.Block(closing_steps), ("roles", key, "privilege", "end"))
                times = self.register(N.Repeat(privilege_times, body), ("roles", key, "privilege", "end", "repeat"))
                # (a phase played by a step has no chooser, and so no privilege)
                chosen = self.register(N.Block([times], shared=True), ("roles", key, "privilege", "end", "chosen"))
                closing = N.If(_chosen, chosen, None)
            each = self.flow_step = StepFlow(path + ("action",), "for_each_player")
            try:
                action = self.block(spec.get("action", []), path + ("action",), prefix=prefix)
            finally:
                self.flow_step = None
            phase = BlockFlow(path)
            phase.steps = opening.steps + [each] + closing_flow.steps
            self.flows.append(phase)
            role.action_text = self.text_of(action)
            role.start_text = joined("; ", [x.text for x in start])
            role.end_text = joined("; ", [x.text for x in end])
            steps = [F.PhaseBegin(), N.Emit("role_chosen") if "role_chosen" in m.events else None,
                     self.each_player_emits("phase_start", ("roles", key, "phase_start")),
                     *start, self.register(N.ForEachPlayer(_phase_lead, action), ("roles", key, "each")),
                     closing, *end, self.each_player_emits("phase_end", ("roles", key, "phase_end")), F.PhaseEnd()]
            role.block = self.register(N.Block([s for s in steps if s is not None]), ("roles", key))

    def role_nouns(self):
        """A variable that every choice of the roles, the set-up, the round and the procedures names alike is what
        cards and numbers mean by it ("$card": the <thing> you <verb>). Read from the raw content before anything
        is compiled, so every text can use it. (The cards' own choices name their own variables.)"""
        said = {}
        data = self.doc.data
        places = [spec for _, _, _, spec in self.entries("roles")]
        places += [data.get(k) for k in ("setup", "round", "flow", "procedures")]
        for spec in places + [t.effects for t in self.m.types]:
            for node in walk(spec):
                for key in ("for_each", "distribute", "pick"):      # bound otherwise too: no one name
                    if isinstance(node.get(key), dict) and isinstance(node[key].get("as"), str):
                        said.setdefault(node[key]["as"], set()).add(None)
                if isinstance(node.get("let"), dict):
                    for var in node["let"]:
                        said.setdefault(var, set()).add(None)
        for spec in places:
            for node in walk(spec):
                choose = node.get("choose") if isinstance(node.get("choose"), dict) else None
                if choose is None or "options" in choose or not isinstance(choose.get("action"), str):
                    continue
                var = choose.get("as", "choice")
                source = choose.get("from")
                zone = self.m.zone_index.get(source.get("zone")) if isinstance(source, dict) else None
                template = choose.get("text", f"{choose['action'].replace('_', ' ')} {{{var}}}")
                if isinstance(var, str) and isinstance(template, str):
                    thing, doing, noun = self.choice_noun(choose, var, choose["action"], template,
                                                          self.m.zones[zone].text if zone is not None else "")
                    said.setdefault(var, set()).add((thing, doing, noun))
        for var, nouns in said.items():
            if len(nouns) == 1 and None not in nouns and var not in M.BUILTIN_NOUNS:
                thing, doing, self.m.var_nouns[var] = nouns.pop()
                self.m.var_chosen[var] = (thing, doing)

    def reaction(self, spec, path):
        """A reaction's moment, condition and steps (a card's ``when`` or the game's own): (event, condition, its
        text, body), or None for an unknown event. What its condition and steps read of the variables of the steps
        that emit the event is noted for the collision check."""
        event = spec.get("when")
        if event not in self.m.events:
            self.report(path + ("when",), f"unknown event {event!r}", choices=self.m.events)
            return None
        fired = self.flow_step = StepFlow(path, "if")
        try:
            cond, ctext = self.condition(spec["if"], path + ("if",)) if "if" in spec else (None, "")
            body = self.block(spec.get("do", []), path + ("do",), guard=cond)
        finally:
            self.flow_step = None
        trigger = BlockFlow(path)
        trigger.steps.append(fired)
        self.flows.append(trigger)
        self.fired.setdefault(event, []).append(trigger)
        return event, cond, ctext, body

    def reactions(self):
        """The game's own reactions to its moments: each fires for the player whose moment it is ($you), whatever
        cards they hold, before any card's."""
        m = self.m
        for doc, path, key, spec in self.entries("reactions"):
            self.nouns, self.chosen = {}, {}
            reaction = self.reaction(spec, path)
            if reaction is None:
                continue
            event, cond, ctext, body = reaction
            lead = ph(capital(m.events[event]), ', if ' if ctext else '', ctext)
            trig = M.Trigger(-1, event, cond, body, ctext, "owner", lead, id=key, rule_text=spec.get("text", ""),
                             reach=M.GAME)
            m.reactions.setdefault(event, []).append(trig)

    def each_player_emits(self, event, path):
        """When the content declares it, the kernel emits this event for every player, from the chooser."""
        if event not in self.m.events:
            return None
        body = self.register(N.Block([N.Emit(event)]), path + ("do",))
        return self.register(N.ForEachPlayer(_phase_lead, body), path)

    def works(self):
        """Compiles each card's ``works.while`` (its own, else the game's), once per distinct source."""
        compiled = {}
        for t in self.m.types:
            spec, path = self.works_specs.get(t.index, (None, None))
            if spec is not None:
                if path not in compiled:
                    compiled[path] = self.condition(spec, path)
                t.works_while, t.works_text = compiled[path]

    def effects(self):
        m = self.m
        self.works()
        for t in m.types:
            for i, eff in enumerate(t.effects):
                p = t.source[1] + ("effects", i)
                self.nouns, self.chosen = {}, {}
                scope = eff.get("scope", "owner")
                if "modify" in eff:
                    q, modifier = self.modifier(eff, p, t.index, scope)
                    modifier.each = t.works_while is not None or "$self" in repr(eff) or scope != "owner"
                    modifier.scope = scope
                    if q is not None:
                        (m.quantities[q].mods if scope == "owner" else m.quantities[q].wide).append(modifier)
                    t.texts.append(ph(capital(modifier.text), "."))
                elif "when" in eff:
                    reaction = self.reaction(eff, p)
                    if reaction is None:
                        continue
                    event, cond, ctext, body = reaction
                    when = m.events[event] if scope == "owner" else ph(SCOPE_WHEN[scope], they(m.events[event]))
                    lead = ph(capital(when), ', if ' if ctext else '', ctext)
                    idle = eff.get("idle", False)
                    if idle and scope != "owner":
                        self.report(p + ("idle",), "only a card's own reactions (scope owner) may fire while it "
                                                   "does not work")
                    if idle:
                        lead = ph(lead, ' (even while this card does not work)')
                    trig = M.Trigger(t.index, event, cond, body, ctext, scope, lead,
                                     reach=M.ANY_COPY if idle else M.WORKING)
                    (m.triggers if scope == "owner" else m.wide_triggers).setdefault(event, []).append(trig)
                    t.texts.append(ph(lead, ': ', self.text_of(body), '.'))
                elif "score" in eff:
                    value, vtext = self.arith(eff["score"], p + ("score",))
                    name_tables(vtext, "points")        # a table it reads off gives points
                    order = eff.get("order", "normal")
                    order = SCORE_ORDER.get(order, order) if isinstance(order, str) else order
                    m.scoring.append(M.ScoreRule(t.id, t.name, value, vtext, order, t.index))
                    t.texts.append(ph('At the end of the game, score ', vtext, ' (counted after every other score)' if order > 0 else '', '.'))

    def flow(self, top):
        """Setup, then the declared flow: either ``flow`` (any steps, usually ``rounds``) or the compact ``round``
        shape (rounds of: start steps, every player choosing a role, end steps)."""
        m = self.m
        self.no_player_here = "the set-up or the game's flow outside a player's turn"
        if "flow" in top and "round" in top:
            self.report(("flow",), "a game declares its flow once: 'flow' or the 'round' shape, not both")
        if "flow" in top:
            after_setup = [self.block(top["flow"], ("flow",))]
        else:
            rnd = top.get("round", {})
            choice = self.register(self.role_choice(rnd.get("roles", {}), ("round", "roles")), ("round", "roles"))
            body = self.block(rnd.get("start", []), ("round", "start"), suffix=[choice])
            end = self.block(rnd.get("end", []), ("round", "end"), shared=True)
            round_block = self.register(N.Block([body, end]), ("round",))
            after_setup = [self.register(F.Rounds(round_block, rnd.get("limit", ROUND_LIMIT)), ("round", "loop"))]
        m.flow = self.block(top.get("setup", []), ("setup",), suffix=[F.Activate(), *after_setup])
        self.no_player_here = None

    def role_choice(self, spec, path):
        """Every picker takes one role that nobody took this round: the node, and the game's picker order and
        privilege multiplier (one role choice per game)."""
        m = self.m
        if self.role_choice_path is not None:
            self.report(path, f"a game has one role choice, and one is declared at {self.role_choice_path}")
        self.role_choice_path = "/".join(map(str, path))
        mult = spec.get("multiplier")
        m.privilege_multiplier = self.lookup(m.quantity_index, mult, "quantity", path + ("multiplier",)) \
            if mult else None
        for n, order in (spec.get("by_players") or {}).items():
            if any(not 0 <= k < int(n) for k in order):
                self.report(path + ("by_players", n), f"seat offsets must be between 0 and {int(n) - 1}")
            m.role_order_by_players[int(n)] = list(order)
        return F.RoleSelection()

    def procedures(self):
        """Named blocks a step can ``call``, compiled once (a procedure may call itself: the engine bounds the
        depth)."""
        for doc, path, key, spec in self.entries("procedures"):
            if isinstance(spec, dict):      # {text, do}: the steps, with a sentence saying what they do
                self.procs[key] = self.block(spec.get("do"), path + ("do",))
            else:
                self.procs[key] = self.block(spec, path)

    def link_calls(self):
        for call, path in self.calls:
            call.block = self.procs.get(call.name)
            if call.block is None:
                self.report(path, f"unknown procedure {call.name!r}", choices=self.procs)

    def quantity_cycles(self):
        """A quantity may not depend on itself (through bases, modifiers or the privilege multiplier)."""
        m, deps = self.m, self.quantity_deps
        if m.privilege_multiplier is not None:
            for role in m.roles:
                for q in role.privilege:
                    deps.setdefault(q, set()).add(m.privilege_multiplier)
        done, reported = set(), set()

        def visit(q, trail):
            if q in trail:
                cycle = trail[trail.index(q):] + [q]
                key = frozenset(cycle)
                if key not in reported:
                    reported.add(key)
                    _, path = self.quantity_sources.get(q, (self.doc, ("quantities",)))
                    self.report(path, "quantity depends on itself: " + " -> ".join(m.quantities[x].id for x in cycle))
                return
            if q in done:
                return
            for nxt in sorted(deps.get(q, ())):
                visit(nxt, trail + [q])
            done.add(q)
        for q in range(len(m.quantities)):
            visit(q, [])

    def scoring(self, top):
        m = self.m
        spec = top.get("scoring", {})
        parts = []
        for i, part in enumerate(spec.get("parts", [])):
            value, vtext = self.arith(part["value"], ("scoring", "parts", i, "value"))
            name_tables(vtext, "points")
            order = part.get("order", "first")
            order = SCORE_ORDER.get(order, order) if isinstance(order, str) else order
            cond = self.condition(part["if"], ("scoring", "parts", i, "if"))[0] if "if" in part else None
            parts.append(M.ScoreRule(part["id"], M.names(part.get("name"), part["id"]), value, vtext, order, cond=cond))
        m.scoring = sorted(parts + m.scoring, key=lambda r: r.order)
        for i, tb in enumerate(spec.get("tie_break", [])):
            fn, text = self.arith(tb["value"], ("scoring", "tie_break", i, "value"))
            m.tie_break.append((fn, tb.get("text", text)))


def privilege_times(g, env) -> int:
    """How often a privilege that is an action runs: the privilege multiplier, else once."""
    q = g.rules.privilege_multiplier
    return 1 if q is None else g.quantity(q, env)


class _Probe:
    """Stands in for a game when copy rules are evaluated at load time: only players and options exist."""

    players = 0
    options: dict = {}
    role_pool: list = []


def _each_other(text):
    """ "the other players' X is ..." said of each of them: "each other player's X is ..." (tokens kept)."""
    parts = list(tokens(text))
    if parts and type(parts[0]) is str and parts[0].startswith("the other players'"):
        parts[0] = "each other player's" + parts[0][len("the other players'"):]
    return ph(*parts)


def they_phrase(text):
    """``they`` for a sentence with tokens: its plain words and the "you" token said of another player."""
    out = []
    for part in tokens(text):
        if isinstance(part, Tok):
            out.append(Tok("they", part.kind, part.ref) if part.kind == "player" and str(part) == "you" else
                       Tok(they(part), part.kind, part.ref) if part.kind == "condition" else part)
        else:
            out.append(they(part))
    return ph(*out)


def they(text: str) -> str:
    """An event's words said of another player ("after you load a crate" -> "after they load a crate"): "they"
    takes the verb as "you" does, so only the pronouns change."""
    return re.sub(r"\b(you|your|yourself)\b", lambda x: {"you": "they", "your": "their",
                                                          "yourself": "themselves"}[x.group(1)], str(text))


# every player's action in a role's phase starts with the player the phase was pushed for: its chooser, or the
# lead of a phase played by a step (boardrules.model.phases), who has no privilege
_phase_lead = coded(lambda g, env: env["you"], lambda e: "env['you']")
_chosen = coded(lambda g, env: g.chooser is not None, lambda e: "(g.chooser is not None)")
