"""Compiles step lists (setup, round, role actions, triggered effects) into nodes."""
from __future__ import annotations

from . import nodes as N
from .expr import Compiler, is_var


class StepCompiler(Compiler):
    def block(self, items, path, shared=False, guard=None, prefix=None, suffix=None):
        if items is None:
            items = []
        if not isinstance(items, list):
            self.report(path, "expected a list of steps")
            items = []
        steps = list(prefix or [])
        for i, item in enumerate(items):
            node = self.step(item, path + (i,))
            if node is not None:
                steps.append(node)
        steps.extend(suffix or [])
        return self.register(N.Block(steps, shared=shared, guard=guard), path)

    def register(self, node, path):
        node.path = "/".join(map(str, path))
        self.m.nodes[node.path] = node
        return node

    def step(self, item, path):
        if not isinstance(item, dict) or not item:
            self.report(path, f"expected a step (a mapping such as {{move: ...}}), got {item!r:.60}")
            return None
        key = next(iter(item))
        method = getattr(self, f"st_{key}", None)
        if method is None:
            self.report(path, f"unknown step {key!r}", choices=[k[3:] for k in dir(self) if k.startswith("st_")])
            return None
        node = method(item, path)
        if node is not None:
            node.text = self.describe(item)
            if node.path == "":
                self.register(node, path)
        return node

    def describe(self, item):
        return next(iter(item))

    # ---------------------------------------------------------------- control
    def st_if(self, item, path):
        cond, _ = self.condition(item["if"], path + ("if",))
        then = self.block(item.get("then"), path + ("then",), shared=True)
        other = self.block(item["else"], path + ("else",), shared=True) if "else" in item else None
        return N.If(cond, then, other)

    def st_repeat(self, item, path):
        spec = item["repeat"]
        times, _ = self.number(spec["times"], path + ("repeat", "times"))
        body = self.block(spec.get("do"), path + ("repeat", "do"))
        return N.Repeat(times, body)

    def st_for_each_player(self, item, path):
        spec = item["for_each_player"]
        start, _ = self.player(spec.get("from", "start_player"), path + ("for_each_player", "from"))
        body = self.block(spec.get("do"), path + ("for_each_player", "do"))
        return N.ForEachPlayer(start, body)

    def st_choose(self, item, path):
        spec = item["choose"]
        var = self.var("$" + spec.get("as", "choice"), path + ("choose", "as"),
                       "value" if "options" in spec else "card")
        kind = spec["action"]
        who, _ = self.player(spec.get("player"), path + ("choose", "player"))
        source = where = fixed = None
        if "options" in spec:
            fixed = list(spec["options"])
        else:
            source, _ = self.selector(spec.get("from"), path + ("choose", "from"))
            if "where" in spec:
                where, _ = self.condition(spec["where"], path + ("choose", "where"))
        text = spec.get("text", f"{kind.replace('_', ' ')} {{{var}}}")
        decline = spec.get("decline_text", f"do not {kind.replace('_', ' ')}")
        return N.Choose(kind, var, who, source, where, fixed, bool(spec.get("optional")),
                        spec.get("on_decline", "stop"), text, decline)

    # ---------------------------------------------------------------- cards
    def destination(self, node, path):
        if isinstance(node, dict) and "pile" in node:
            pile = self.lookup(self.m.pile_index, node["pile"], "pile", path + ("pile",))
            host, _ = self.card(node.get("on"), path + ("on",))
            return lambda g, env: (1, pile, host(g, env))
        if isinstance(node, dict) and "zone" in node:
            zone = self.lookup(self.m.zone_index, node["zone"], "zone", path + ("zone",))
            if zone is None:
                return lambda g, env: None
            if self.m.zones[zone].scope == "shared":
                return lambda g, env: (0, zone, 0)
            who, _ = self.player(node.get("of"), path + ("of",))
            return lambda g, env: (0, zone, who(g, env))
        self.report(path, f"expected a destination ({{zone: ...}} or {{pile: ..., on: ...}}), got {node!r:.60}")
        return lambda g, env: None

    def st_move(self, item, path):
        spec = item["move"]
        p = path + ("move",)
        dest = self.destination(spec.get("to"), p + ("to",))
        bottom = spec.get("position", "top") == "bottom"
        count = spec.get("count", 1)
        count_fn = None if count == "all" else self.number(count, p + ("count",))[0]
        if "card" in spec:
            card, _ = self.card(spec["card"], p + ("card",))
            return N.Move(card, None, None, None, dest, bottom, None)
        src = spec.get("from")
        take = refill = None
        if isinstance(src, dict) and set(src) <= {"zone", "of"} and "zone" in src and count_fn is not None:
            take, _ = self.zone_ref(src, p + ("from",))
            zi = self.m.zone_index.get(src["zone"])
            if zi is not None and self.m.zones[zi].refill_from is not None:
                refill = (zi, self.m.zones[zi].refill_from, self.m.zones[zi].refill_shuffle)
            return N.Move(None, None, take, count_fn, dest, bottom, refill)
        source, _ = self.selector(src, p + ("from",))
        return N.Move(None, source, None, count_fn, dest, bottom, None)

    def st_shuffle(self, item, path):
        zone, _ = self.zone_ref({"zone": item["shuffle"]}, path + ("shuffle",))
        return N.Shuffle(zone)

    def st_discard_down(self, item, path):
        spec = item["discard_down"]
        p = path + ("discard_down",)
        zone, _ = self.zone_ref({"zone": spec["zone"], "of": spec.get("of")}, p)
        to = self.number(spec["to"], p + ("to",))[0] if "to" in spec else None
        by = self.number(spec["by"], p + ("by",))[0] if "by" in spec else None
        if (to is None) == (by is None):
            self.report(p, "discard_down needs exactly one of 'to' and 'by'")
        into = self.destination({"zone": spec.get("into", "discard")}, p + ("into",))
        return N.DiscardDown(zone, to, by, into)

    def st_pay(self, item, path):
        spec = item["pay"]
        pay = self.lookup(self.m.payment_index, spec.get("using"), "payment", path + ("pay", "using"))
        amount, _ = self.number(spec["amount"], path + ("pay", "amount"))
        return N.Pay(amount, self.m.payments[pay] if pay is not None else None)

    # ---------------------------------------------------------------- bookkeeping
    def st_emit(self, item, path):
        event = item["emit"]
        if event not in self.m.events:
            self.report(path + ("emit",), f"unknown event {event!r}", choices=self.m.events)
        return N.Emit(event)

    def _counter(self, item, path, key, add):
        spec = item[key]
        c = self.lookup(self.m.counter_index, spec.get("counter"), "counter", path + (key, "counter"))
        value, _ = self.number(spec.get("value", 1), path + (key, "value"))
        if c is not None and self.m.counters[c].scope == "shared":
            return N.SetCounter(c, lambda g, env: 0, value, add)
        who, _ = self.player(spec.get("of"), path + (key, "of"))
        return N.SetCounter(c, who, value, add)

    def st_add(self, item, path):
        return self._counter(item, path, "add", True)

    def st_set(self, item, path):
        return self._counter(item, path, "set", False)

    def st_let(self, item, path):
        names = []
        for name, value in item["let"].items():
            var = self.var("$" + name, path + ("let", name))
            names.append((var, self.number(value, path + ("let", name))[0]))
        return N.Let(names)

    def st_end_game(self, item, path):
        spec = item["end_game"]
        cond, ctext = self.condition(spec.get("if", True), path + ("end_game", "if"))
        return N.EndGame(cond, spec.get("text", ctext))

    def st_start_player(self, item, path):
        how = item["start_player"]
        if how != "random" and not isinstance(how, int):
            self.report(path + ("start_player",), "expected 'random' or a seat number")
        return N.StartPlayer(how)

    def st_pass_start_player(self, item, path):
        return N.PassStartPlayer(int(item["pass_start_player"]))


