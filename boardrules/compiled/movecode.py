"""The compiled kernel's card moves, counts and pile rooms, written per model with its tables in place.

The interpreter's ``move`` reads, at every card moved, which zones are tableaus, which are quiet, which counts a
card loses when it moves and which piles have a capacity; here those are constants of the model, written into the
function: a game without piles gets a ``move`` with no pile branch, a game whose cards hold no count a ``move``
that clears none. A card taken off the top of a list (every draw) is popped, not searched for from the bottom. The
paths that raise call the interpreter's own method, so every error reads as the interpreter's.

The source is made from the model's numbers only (zone, pile and counter indexes): no content text enters it.
"""
from __future__ import annotations

from ..engine import kernel as K
from ..engine.state import COUNT, MOVE, PILE, ZONE
from ..limits import MAX_NUMBER


def unsupported(model) -> str | None:
    """What in ``model`` the compiler cannot handle yet (a phrase), or None. Stage 1 handles every model: its
    state is the interpreter's, and what it writes covers every zone, pile and counter."""
    return None


def _ints(values) -> str:
    """A non-empty set of small ints as a set display, for ``x in {...}`` (which Python compiles to a constant
    frozenset: no set is made at each test)."""
    values = sorted({int(v) for v in values})
    assert values, "an empty set is never written"
    return "{" + ", ".join(str(v) for v in values) + "}"


def _move_source(model) -> list[str]:
    tableau = [i for i, t in enumerate(model.tableau_zones) if t]
    quiet = sorted(model.quiet_zones)
    capped = [p.index for p in model.piles if p.capacity is not None]
    cleared = list(model.reset_counters.get("move", ()))
    has_piles = bool(model.piles)
    only = [i for i, o in enumerate(model.zone_only) if o is not None]
    L = ["def move(self, c, dest, bottom=False):",
         "    if dest is None or dest[2] is None:",
         "        return False",
         "    kind, i, owner = dest"]
    if capped:
        L += [f"    if kind == {PILE} and i in {_ints(capped)} and self.pile_room(i, owner) <= 0:",
              "        return _Kernel.move(self, c, dest, bottom)      # (it raises: the pile is full)"]
    if only:        # zones that say which cards may lie in them: the interpreter's check and its error
        L += [f"    if kind == {ZONE} and i in {_ints(only)} and not self.may_lie(c, i):",
              "        return _Kernel.move(self, c, dest, bottom)      # (it raises: the card may not lie there)"]
    L += ["    loc = self.loc",
          "    mine = self.mine",
          "    source = loc[c]",
          "    skind, si, sowner = source",
          "    self.ticks += 1",
          "    events = self.events",
          "    if events is not None:",
          f"        events.append(({MOVE!r}, c, source, dest))",
          f"    if skind == {ZONE}:" if has_piles else "    if True:",
          "        cards = self.zones[si][sowner]",
          "        if id(cards) not in mine:",
          "            cards = self.zone_list(si, sowner)",
          "        if cards and cards[-1] == c:",
          "            cards.pop()",
          "        else:",
          "            cards.remove(c)"]
    if tableau:
        L += [f"        if si in {_ints(tableau)}:",
              "            self._leave_tableau(sowner, c)"]
    if has_piles:
        L += ["    else:",
              "        self.pile_list(si, sowner).remove(c)",
              "        hosts = self.pile_hosts",
              "        hosts[sowner] -= 1",
              "        if not hosts[sowner]:",
              "            del hosts[sowner]"]
    L += [f"    if kind == {ZONE}:" if has_piles else "    if True:",
          "        target = self.zones[i][owner]",
          "        if id(target) not in mine:",
          "            target = self.zone_list(i, owner)"]
    if tableau:
        L += [f"        if i in {_ints(tableau)}:",
              "            self._enter_tableau(owner, c)"]
    if has_piles:
        L += ["    else:",
              "        target = self.pile_list(i, owner)",
              "        self.pile_hosts[owner] = self.pile_hosts.get(owner, 0) + 1"]
    L += ["    if bottom:",
          "        target.insert(0, c)",
          "    else:",
          "        target.append(c)",
          "    loc[c] = dest"]
    for k in cleared:
        L += [f"    row = self.counters[{int(k)}]",
              "    if row[c]:",
              "        row[c] = 0",
              "        self.ticks += 1"]
    if quiet:
        q = _ints(quiet)
        L += [f"    if not ((skind == {ZONE} and si in {q}) or (kind == {ZONE} and i in {q})):",
              "        self.moves_round += 1"]
    else:
        L += ["    self.moves_round += 1"]
    L += ["    return True"]
    return L


def _counter_source(model) -> list[str]:
    """``set_counter`` with each counter's capacity known: none, a table per holder, or an expression (the
    interpreter's path)."""
    tables = [c.index for c in model.counters if c.capacity is not None and c.capacity_table is not None]
    computed = [c.index for c in model.counters if c.capacity is not None and c.capacity_table is None]
    L = ["def set_counter(self, counter, holder, value):",
         f"    if not {-MAX_NUMBER} <= value <= {MAX_NUMBER}:",
         "        return _Kernel.set_counter(self, counter, holder, value)     # (it raises)"]
    if computed:
        L += [f"    if counter in {_ints(computed)}:",
              "        return _Kernel.set_counter(self, counter, holder, value)"]
    if tables:
        L += [f"    if counter in {_ints(tables)} and value > self.rules.counters[counter].capacity_table[holder]:",
              "        return _Kernel.set_counter(self, counter, holder, value)     # (it raises)"]
    L += ["    if value < 0:",
          "        value = 0",
          "    row = self.counters[counter]",
          "    if row[holder] != value:",
          "        events = self.events",
          "        if events is not None:",
          f"            events.append(({COUNT!r}, counter, holder, row[holder], value))",
          "        row[holder] = value",
          "        self.ticks += 1"]
    return L


def _room_source(model) -> list[str]:
    """``pile_room`` with each pile's capacity known."""
    tables = [p.index for p in model.piles if p.capacity_table is not None]
    computed = [p.index for p in model.piles if p.capacity_table is None and p.capacity is not None]
    L = ["def pile_room(self, pile, host):"]
    if tables:
        L += [f"    if pile in {_ints(tables)}:",
              "        return self.rules.piles[pile].capacity_table[host] - len(self.piles[pile].get(host, ()))"]
    if computed:
        L += [f"    if pile in {_ints(computed)}:",
              "        return self.rules.piles[pile].capacity(self, {'self': host}) - len(self.piles[pile].get(host, ()))"]
    L += ["    return 1 << 30"]
    return L


def source(model) -> str:
    """The module of the compiled kernel's per-model methods."""
    return "\n".join(_move_source(model) + _counter_source(model) + _room_source(model)) + "\n"


def methods(model) -> dict:
    """The per-model methods, by name, compiled from ``source(model)``."""
    scope = {"_Kernel": K.Kernel}
    exec(compile(source(model), "<boardrules: compiled kernel>", "exec"), scope)     # noqa: S102
    return {name: scope[name] for name in ("move", "set_counter", "pile_room")}
