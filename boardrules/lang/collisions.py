"""Variables a later file would change under an earlier file's feet.

While a list of steps compiles, each step notes the variables it reads and binds (``StepFlow``), and the lists of
steps it holds (``BlockFlow``). Once the content is compiled, ``collisions`` follows each list in the order its steps
run, knowing at every step which steps' bindings a read can see (a branch of an ``if`` or a ``while`` passes its
bindings on; the body of a loop over players, cards or numbers, of a ``repeat`` or of a procedure works on a copy of
the variables and passes nothing on). A read that sees a binding written by a file that comes later in the content
than the read (a variant's step inserted before a step of the game it extends) is a collision: the reading step was
written for another value.
"""
from __future__ import annotations

#: steps whose own variables hold only inside their body (the loop variable): nothing after the loop sees them
BODY_ONLY = frozenset({"for_each", "for_each_player", "turns"})
#: steps whose body starts with no variables at all
FRESH = frozenset({"rounds"})
#: the candidate of a condition is always its own: a read of it never reaches a step's binding
CANDIDATE = "it"


class StepFlow:
    """One step: the variables it reads and binds (with where each is written), the expression-local variables
    (``exists``/``any_player`` with ``as``: their scope), and the lists of steps it holds, in the order compiled."""

    __slots__ = ("path", "kind", "reads", "binds", "locals", "blocks", "callee", "uses")

    def __init__(self, path, kind):
        self.path, self.kind = tuple(path), kind
        self.callee = None          # a call: the procedure's name; an emit: ("emit", event)
        self.reads: list = []       # (variable, path)
        self.binds: list = []       # (variable, path)
        self.locals: list = []      # (variable, path of the expression that binds it for itself)
        self.blocks: list = []      # BlockFlow
        self.uses: list = []        # the quantities it asks for (what their bases and modifiers read, it reads)

    def own_reads(self):
        bound = {v for v, _ in self.binds}
        for var, path in self.reads:
            if var == CANDIDATE or var in bound:        # a step's reads of what it binds itself are its own
                continue
            if any(v == var and path[:len(scope)] == scope for v, scope in self.locals):
                continue
            yield var, path


class BlockFlow:
    __slots__ = ("path", "steps")

    def __init__(self, path):
        self.path, self.steps = tuple(path), []


class Binder:
    """A step's binding of a variable, and the bindings it hides (what a later read saw before it)."""

    __slots__ = ("step", "var", "path", "hides")

    def __init__(self, step, var, path, hides):
        self.step, self.var, self.path, self.hides = step, var, path, hides


#: what a procedure reads of its caller's variables is bound by this, while its free reads are found
FREE = Binder(None, None, None, frozenset())


class Follow:
    """Runs the lists of steps in order and calls ``seen(binder, var, read path, reading step, through)`` for every
    read that a binding reaches (``through``: a read of what a call or an emit runs); the caller decides which of them
    are collisions. A ``call`` reads what its procedure reads of the caller's variables, an ``emit`` what the
    triggers of its event read (``procs``: name or ("emit", event) -> its BlockFlow)."""

    def __init__(self, seen, procs, free=None, default=frozenset(), numbers=None):
        self.seen, self.procs, self.default = seen, procs, default
        self.numbers = numbers or {}        # quantity -> (variable, path) its base and modifiers read
        self.free = {} if free is None else free    # procedure -> its reads of the caller's variables (memo)

    def merge(self, *scopes) -> dict:
        out: dict = {}
        for var in {v for scope in scopes for v in scope}:
            out[var] = frozenset().union(*(scope.get(var, self.default) for scope in scopes))
        return out

    def block(self, blk, scope) -> dict:
        for step in blk.steps:
            scope = self.step(step, scope)
        return scope

    def reads(self, step, scope):
        for var, path in step.own_reads():
            for binder in scope.get(var, self.default):
                self.seen(binder, var, path, step, False)
        if step.callee is not None:
            for var, path, _ in self.reads_of(step.callee):
                for binder in scope.get(var, self.default):
                    self.seen(binder, var, path, step, "steps")
        for q in step.uses:
            for var, path in self.numbers.get(q, ()):
                for binder in scope.get(var, self.default):
                    self.seen(binder, var, path, step, "number")

    def reads_of(self, name) -> list:
        """(variable, path, step) of every read of a procedure that its caller's variables reach."""
        if name not in self.free:
            self.free[name] = []            # (a procedure that calls itself reads nothing more that way)
            body = self.procs.get(name)
            if body is not None:
                found: list = []
                sub = Follow(lambda b, v, p, r, _: found.append((v, p, r)) if b is FREE else None, self.procs,
                             self.free, frozenset({FREE}), self.numbers)
                sub.block(body, {})
                self.free[name] = list(dict.fromkeys(found))
        return self.free[name]

    def step(self, step, scope) -> dict:
        self.reads(step, scope)
        inner = dict(scope)
        for var, path in step.binds:
            inner[var] = frozenset({Binder(step, var, path, scope.get(var, self.default))})
        if step.kind == "if":
            outs = [self.block(b, inner) for b in step.blocks]
            if len(step.blocks) < 2:        # no 'else': the steps after it may see what came before
                outs.append(inner)
            return self.merge(*outs)
        if step.kind == "while":            # the body runs again after itself, the condition before each run
            once = self.merge(inner, *[self.block(b, inner) for b in step.blocks])
            self.reads(step, once)
            return self.merge(once, *[self.block(b, once) for b in step.blocks])
        start = {} if step.kind in FRESH else inner
        for b in step.blocks:
            self.block(b, start)
        return scope if step.kind in BODY_ONLY else inner


def _at(issue) -> str:
    return issue.file + (f":{issue.line}" if issue.line is not None else "") + \
        (f":{issue.column}" if issue.line is not None and issue.column is not None else "")


def number_reads(reads: dict, deps: dict) -> dict:
    """quantity -> every (variable, path) its value reads: its base's and modifiers' own reads (``reads``) and those
    of the quantities it asks for in turn (``deps``)."""
    out = {}
    for q in set(reads) | set(deps):
        seen, todo, found = {q}, [q], []
        while todo:
            x = todo.pop()
            found += reads.get(x, [])
            for y in deps.get(x, ()):
                if y not in seen:
                    seen.add(y)
                    todo.append(y)
        out[q] = list(dict.fromkeys(found))
    return out


def collisions(doc, flows, report, fired=None, numbers=None) -> None:
    """Reports every step that binds a variable which a later step written by an earlier layer of the content reads
    (a variant's step inserted before a step of the game it extends, or of the variant it extends: that step would
    read the new value, silently). Reported at the binding step, naming where the value is read and which binding
    the reader was written for."""
    # the game's own files are one layer (its steps read what its other files bind), each variant one more
    own = len(doc.files) - getattr(doc, "variants", 0)
    order = {f: max(0, i - own + 1) for i, f in enumerate(doc.files)}
    if len(set(order.values())) < 2:
        return
    places: dict = {}

    def at(path):
        hit = places.get(path)
        if hit is None:
            hit = places[path] = doc.issue(path, "")
        return hit

    found: dict = {}     # (binding step, variable) -> {where it is read: (the bindings it was read for, detail)}

    def seen(binder, var, read, reader, through):
        # a read is written by the file that wrote it, unless it comes from elsewhere: a named selector the step
        # uses, or the procedure or triggers a call or an emit runs (what they read is the calling step's to give)
        if at(binder.step.path).path.endswith(".with"):     # it replaced a step one for one ('replace: <id>'): it
            return                                          # takes that step's place, and gives what that one gave
        inside = not through and read[:len(reader.path)] == reader.path
        mine, theirs = at(binder.path), at(read if inside else reader.path)
        if order.get(mine.file, 0) > order.get(theirs.file, len(order)):
            detail = "" if not through else f" (in the steps it runs, at {_at(at(read))})" if through == "steps" \
                else f" (in a number it asks for, at {_at(at(read))})"
            found.setdefault((binder.step, var), {}).setdefault(_at(theirs), (theirs.file, binder.hides, detail))
    procs = {flow.path[1]: flow for flow in flows if flow.path[:1] == ("procedures",) and len(flow.path) >= 2}
    for event, triggers in (fired or {}).items():     # an emit runs every trigger of its event, each on a copy
        each = StepFlow(("events", event), "emit")
        each.blocks = list(triggers)
        procs[("emit", event)] = BlockFlow(("events", event))
        procs[("emit", event)].steps.append(each)
    follow = Follow(seen, procs, numbers=numbers)
    for flow in flows:
        follow.block(flow, {})
    for (step, var), reads in found.items():
        kind = step.kind.replace("_", " ")
        said = []
        for place, (file, hides, detail) in reads.items():
            before = sorted({(_at(at(h.step.path)), h.step.kind.replace("_", " ")) for h in hides})
            short = [(p.rsplit("/", 1)[-1] if p.startswith(file + ":") else p, k) for p, k in before]
            if short:
                said.append(f"{place} reads for the " + " or the ".join(f"{k} at {p}" for p, k in short) +
                            f" before it{detail}")
            else:
                said.append(f"{place} reads for the value ${var} has before these steps{detail}")
        if step.kind in ("move", "pick"):
            hint = f"give this {kind} 'as: <a name of your own>': it then counts its cards into that variable and " \
                   f"leaves ${var} alone; or put it after the steps that read ${var}"
        elif step.kind == "let":
            hint = f"let a name of your own (the steps you add read it, the game's steps go on reading ${var}); to " \
                   f"change what they read, change the step that binds it ('change: <its id>')"
        else:
            hint = f"give this {kind} 'as: <a name of your own>' (or put it after the steps that read ${var})"
        report(step.path, f"this {kind} sets ${var}, which " + "; and ".join(said) +
               f"; with this {kind} there, it would read this one's instead", hint)
