"""Compiled step nodes: the instruction set the kernel interprets.

A node either runs inline (``exec`` returns False to go on, True when it changed the flow: pushed a frame,
popped frames or left a pending decision) or owns a frame (``framed``) whose ``step`` is called while it
is on top of the stack. Frames hold only plain data, so the whole flow clones and serialises.
"""
from __future__ import annotations

import re

from ..actions import Action, short
from ..errors import RulesError
from ..limits import MAX_ANSWERS
from ..limits import MAX_NUMBER, STEP_BUDGET
from .records import pile_text

DECLINE = -1


def _ints(value, n=None) -> bool:
    return isinstance(value, list) and (n is None or len(value) == n) and \
        all(type(x) is int and 0 <= x <= MAX_NUMBER for x in value)


def _count(data) -> bool:
    return type(data) is int and 0 <= data <= MAX_NUMBER


def _seat_problem(g, seat, what):
    """A saved frame's seat that is not a seat of the game ``g`` (None when it is one, or no game is given)."""
    return None if g is None or seat < g.players else f"{what} {seat} is not a seat of a {g.players}-player game"


class Node:
    framed = False
    shared = False      # a framed node that works in its parent frame's variables
    own_body = False    # a loop that runs its body (shared or not) in variables of its own (``body_env``)
    path = ""
    text = ""       # the step as a sentence (logs, the docs); "" leaves it out of the rules pages
    head = ""       # a step that holds steps: its own clause ("if <condition>") ...
    parts = ()      # ... and its steps, as (label or None, Block) ("Otherwise" labels an if's else)
    conditions = ()     # a step with several conditions: each as a sentence, listed under it in the docs
    answers = ()        # a choice among many answers: (answer, when it may be chosen or None), a table in the docs

    def frame_problem(self, pc, data, g=None, env=None) -> str | None:
        """What is wrong with a saved frame of this node (its program counter and data), or None. With the game
        ``g`` being read (its fields in place), the seats, cards and counts of the data are checked against it;
        with the frame's variables ``env`` too (once the game is rebuilt), what the data says of the game now."""
        return None if pc == 0 and data is None else "a frame of this node has no program counter or data"

    def exec(self, g, f) -> bool:  # inline nodes
        raise NotImplementedError


def decline_action(cache, kind, text=None):
    """The 'pass' answer to a declinable decision of this kind (one Action per node, cached)."""
    a = cache.get(DECLINE)
    if a is None:
        a = cache[DECLINE] = Action("pass", {"decision": kind}, text or f"do not {kind.replace('_', ' ')}")
    return a


def charge(g, n, what):
    """Counts ``n`` units of work (board cells looked at, placements of a piece tried, a container's random draws)
    against the work left before the next decision, the counter ``Kernel.spend`` keeps (STEP_BUDGET a decision):
    past it, a RulesError saying ``what`` was being worked out. Charged before the work is done, and the same on
    every path (a result kept from an earlier decision counts as much), so a game and its copies stop alike."""
    g.work -= n
    if g.work < 0:
        g.work = 0
        raise RulesError(f"{what}: more than {STEP_BUDGET:,} units of work (cells looked at, placements tried, "
                         "random draws) without a decision")


def check_answers(n, what, more=False):
    """A decision of ``n`` answers (``more``: at least ``n``, the count stopped there): a RulesError when that is more
    than a decision may offer (MAX_ANSWERS), raised before any answer is made."""
    if n > MAX_ANSWERS:
        raise RulesError(f"{what} offers {n:,}{' or more' if more else ''} answers, more than the {MAX_ANSWERS:,} a "
                         "decision may have")


class Block(Node):
    """A sequence of steps. ``shared`` blocks (if-branches) see and bind their parent's variables."""

    framed = True

    def __init__(self, steps, shared=False, guard=None):
        self.steps, self.shared, self.guard = steps, shared, guard

    def exec(self, g, f):
        g.push(self, f.env if self.shared else dict(f.env))
        return True

    def frame_problem(self, pc, data, g=None, env=None):
        return None if 0 <= pc <= len(self.steps) and data is None else \
            f"a block of {len(self.steps)} steps cannot be at step {pc}"

    def step(self, g, f):
        steps, n = self.steps, len(self.steps)
        if f.pc == 0 and self.guard is not None and not self.guard(g, f.env):
            g.stack.pop()
            return
        while f.pc < n:
            s = steps[f.pc]
            f.pc += 1
            if s.exec(g, f):
                return
        g.stack.pop()


class If(Node):
    def __init__(self, cond, then, other):
        self.cond, self.then, self.other = cond, then, other

    def exec(self, g, f):
        branch = self.then if self.cond(g, f.env) else self.other
        if branch is None:
            return False
        g.push(branch, f.env)
        return True


class Counted(Node):
    """A framed node that works through a number (iterations, cards to pay or pick); the frame's data is what is
    left, and the frame pops when it reaches zero. It works in its parent's variables (``shared``)."""

    framed = True
    shared = True

    def exec(self, g, f):
        n = self.count(g, f.env)
        if n <= 0:
            return False
        g.push(self, f.env, n)
        return True

    def frame_problem(self, pc, data, g=None, env=None):
        return None if pc == 0 and _count(data) else \
            f"a count frame holds what is left, a number from 0 to {MAX_NUMBER}"

    def step(self, g, f):
        if f.data <= 0:
            g.stack.pop()
            return
        self.advance(g, f)


class Repeat(Counted):
    """Runs its body up to ``times`` times; declining a choice inside the body ends the loop."""

    def __init__(self, times, body):
        self.count, self.body = times, body

    def advance(self, g, f):
        f.data -= 1
        g.push(self.body, dict(f.env))


class ForEachPlayer(Node):
    """Runs its body once per seat, in seat order from ``start`` (start player or chooser)."""

    framed = True
    shared = True

    def __init__(self, start, body):
        self.start, self.body = start, body
        steps = getattr(body, "steps", None)
        # a body that only announces events ("at the end of the phase" for everyone) does nothing in a game
        # where no card answers them: then the loop is skipped
        self.events = tuple(x.event for x in steps) if steps and all(isinstance(x, Emit) for x in steps) and \
            getattr(body, "guard", None) is None else None

    def exec(self, g, f):
        if self.events is not None and not any(e in g.live_triggers or e in g.live_wide for e in self.events):
            return False
        first = self.start(g, f.env)
        g.push(self, f.env, [first, 0])
        return True

    def frame_problem(self, pc, data, g=None, env=None):
        if not (pc == 0 and _ints(data, 2)):
            return "a turn frame holds [first seat, turns taken]"
        if g is not None and data[1] > g.players:
            return f"a turn frame of a {g.players}-player game has taken {data[1]} turns"
        return _seat_problem(g, data[0], "its first seat")

    def step(self, g, f):
        first, i = f.data
        if i >= g.players:
            g.stack.pop()
            return
        f.data = [first, i + 1]
        env = dict(f.env)
        env["you"] = (first + i) % g.players
        env["index"] = i
        g.push(self.body, env)


class Choose(Node):
    """One decision: a card from a selector, or one of fixed options; optionally declinable."""

    def __init__(self, kind, var, who, source, where, fixed, optional, on_decline, text, decline_text,
                 may_decline=None):
        self.kind, self.var, self.who, self.source, self.where = kind, var, who, source, where
        self.fixed, self.optional, self.on_decline = fixed, optional, on_decline
        self.may_decline = may_decline      # fn(game, env): declining is offered only when it holds
        self.template, self.decline_text = text, decline_text
        self.cache = {}
        # other variables the action's text names ("put the {card} on the {place}"): part of what tells actions apart
        self.mentions = tuple(dict.fromkeys(m for m in re.findall(r"\{([a-z_][a-z0-9_]*)\}", text) if m != var))

    def options(self, g, env):
        if self.fixed is not None:      # [(answer, condition or None)]: an answer is offered while its condition holds
            values = [answer for answer, cond in self.fixed if cond is None or cond(g, env)]
            return [self.action(g, v, None, env) for v in values], values
        saved = env.get(self.var)
        where, var = self.where, self.var
        seen, actions, values = set(), [], []
        for c in self.source(g, env):
            sig = g.signature(c)
            if sig in seen:     # equivalent cards (same type, same piles) give one option
                continue
            seen.add(sig)
            if where is not None:
                env[var] = c
                if not where(g, env):
                    continue
            actions.append(self.action(g, c, sig, env))
            values.append(c)
        env[var] = saved
        return actions, values

    def action(self, g, value, sig, env=None):
        key = sig if sig is not None else ("value", value)
        if self.mentions:
            key = (key, tuple(_shown(g, m, env.get(m)) for m in self.mentions))
        a = self.cache.get(key)
        if a is None:
            if sig is None:
                args, shown = {self.var: value}, value.replace("_", " ")
            else:
                ctype = g.rules.instance_types[value]
                args, shown = {self.var: ctype.id}, ctype.en
                if isinstance(sig, tuple):
                    _, piles, counts = sig
                    if any(piles):
                        args["piles"] = {g.rules.piles[i].id: n for i, n in enumerate(piles) if n}
                        shown += " [" + ", ".join(f"{k}: {n}" for k, n in args["piles"].items()) + "]"
                    if counts:
                        held = [(g.rules.counters[k], n) for k, n in zip(g.rules.card_counters, counts)]
                        args["counts"] = {cdef.id: n for cdef, n in held if n}
                        shown += " (" + ", ".join(cdef.shown(n) for cdef, n in held if n) + ")"
            text = self.template.replace("{" + self.var + "}", shown)
            for m, seen in zip(self.mentions, key[1] if self.mentions else ()):
                text = text.replace("{" + m + "}", seen)
            a = self.cache[key] = Action(self.kind, args, text)
        return a

    def decline_action(self):
        return decline_action(self.cache, self.kind, self.decline_text)

    def exec(self, g, f):
        env = f.env
        actions, values = self.options(g, env)
        if not actions:
            return self.declined(g, f)
        optional = self.optional and (self.may_decline is None or self.may_decline(g, env))
        if not optional and len(actions) == 1:
            env[self.var] = values[0]
            g.note_forced(self.who(g, env), actions[0], values[0])
            return False
        if optional:
            actions.append(self.decline_action())
            values.append(DECLINE)
        g.ask(self, self.who(g, env), actions, values)
        return True

    def declined(self, g, f):
        if self.on_decline == "continue":
            f.env[self.var] = None
            return False
        g.decline(f)
        return True

    def resolve(self, g, f, value):
        if value == DECLINE:
            self.declined(g, f)
        else:
            f.env[self.var] = value


class Distribute(Node):
    """Moves a count, one at a time, from a holder (a counter's value) onto cards with room in a card counter: the
    player chooses the card each time, unless what there is fills every card with room (then all at once)."""

    framed = True
    shared = True

    def __init__(self, counter, source, holder, onto, kind, var, template):
        self.counter, self.source, self.holder, self.onto = counter, source, holder, onto
        self.asker = Choose(kind, var, lambda g, env: env["you"], onto, None, None, False, "stop", template, "")
        self.var = var

    def exec(self, g, f):
        g.push(self, f.env, 0)
        return True

    def frame_problem(self, pc, data, g=None, env=None):
        return None if pc == 0 and _count(data) else f"a distribute frame holds its count, from 0 to {MAX_NUMBER}"

    def step(self, g, f):
        env = f.env
        c, src, holder = self.counter, self.source, self.holder(g, env)
        have = g.counters[src][holder]
        open_cards, rooms = (self.with_room(g, env) if have > 0 else ((), ()))
        if not open_cards:
            g.stack.pop()
            return
        if have >= sum(rooms):          # every card with room is filled: nothing to choose
            if g.log is not None:
                names = ", ".join(g.rules.instance_types[x].en for x in open_cards)
                g.note_forced(env["you"], self.asker.template.replace("{" + self.var + "}", names), cards=open_cards)
            for x, room in zip(open_cards, rooms):
                g.set_counter(c, x, g.counters[c][x] + room)
            g.set_counter(src, holder, have - sum(rooms))
            g.stack.pop()
            return
        seen, actions, values = set(), [], []
        signature, action = g.signature, self.asker.action
        cache = {} if self.asker.mentions else self.asker.cache     # (keyed by the signature alone, or not here)
        for x in open_cards:
            sig = signature(x)
            if sig not in seen:
                seen.add(sig)
                a = cache.get(sig)
                actions.append(a if a is not None else action(g, x, sig, env))
                values.append(x)
        if len(values) == 1:
            g.note_forced(env["you"], actions[0], values[0])
            self.resolve(g, f, values[0])
            return
        g.ask(self, env["you"], actions, values)

    def with_room(self, g, env):
        """The cards to distribute onto that have room, and the room on each."""
        cards = self.onto(g, env)
        rooms = g.counter_rooms(self.counter, cards)
        return [x for x, r in zip(cards, rooms) if r > 0], [r for r in rooms if r > 0]

    def resolve(self, g, f, value):
        holder = self.holder(g, f.env)
        g.set_counter(self.counter, value, g.counters[self.counter][value] + 1)
        g.set_counter(self.source, holder, g.counters[self.source][holder] - 1)
        f.data += 1


def _shown(g, var, value) -> str:
    """A variable as an action's text shows it: a card by its kind's name, anything else as it is."""
    if g.rules.var_kinds.get(var) == "card" and type(value) is int:
        return g.rules.instance_types[value].en
    return "" if value is None else str(value)


class Move(Node):
    var = "moved"       # the variable that holds how many cards moved (a step's ``as`` names another)

    def __init__(self, card, source, take, count, dest, bottom, refill):
        self.card, self.source, self.take, self.count = card, source, take, count
        self.dest, self.bottom, self.refill = dest, bottom, refill

    def exec(self, g, f):
        env = f.env
        dest = self.dest(g, env)
        if self.card is not None:
            c = self.card(g, env)
            moved = 0
            if c is not None and g.move(c, dest, self.bottom):
                moved = 1
            env[self.var] = moved
            return False
        n = None if self.count is None else self.count(g, env)
        if self.take is not None:      # straight off the top of a zone, refilling it when empty
            env[self.var] = g.draw(self.take(g, env), n, dest, self.refill, self.bottom)
            return False
        env[self.var] = move_all(g, list(self.source(g, env)), n, dest, self.bottom)
        return False


def move_all(g, cards, n, dest, bottom) -> int:
    """Moves the last ``n`` of ``cards`` (all of them when ``n`` is None), the topmost first; how many moved."""
    if n is not None:
        cards = cards[max(0, len(cards) - n):] if n > 0 else []
    moved = 0
    for c in reversed(cards):
        if g.move(c, dest, bottom):
            moved += 1
    return moved


class Shuffle(Node):
    def __init__(self, zone):
        self.zone = zone

    def exec(self, g, f):
        g.shuffle_zone(self.zone(g, f.env))
        return False


class Emit(Node):
    def __init__(self, event):
        self.event = event

    def exec(self, g, f):
        return g.emit(self.event, f.env)


class SetCounter(Node):
    def __init__(self, counter, who, value, add):
        self.counter, self.who, self.value, self.add = counter, who, value, add

    def exec(self, g, f):
        i = self.who(g, f.env)
        v = self.value(g, f.env)
        g.set_counter(self.counter, i, g.counters[self.counter][i] + v if self.add else v)
        return False


class Let(Node):
    def __init__(self, names):
        self.names = names

    def exec(self, g, f):
        for name, fn in self.names:
            f.env[name] = fn(g, f.env)
        return False


class EndGame(Node):
    """Ends the game if a condition holds: ``now``, or at the end of this phase or of this round."""

    def __init__(self, cond, reason, when="now"):
        self.cond, self.reason, self.when = cond, reason, when

    def exec(self, g, f):
        if not self.cond(g, f.env):
            return False
        if self.when == "now":
            g.finish(self.reason)
            return True
        g.end_after(self.when, self.reason)
        return False


class StartPlayer(Node):
    def __init__(self, how):
        self.how = how   # "random", a fixed seat number or fn(game, env) -> a seat

    def exec(self, g, f):
        how = self.how
        if how == "random":
            g.start_player = g.random_below(g.players)
        else:
            g.start_player = (how if isinstance(how, int) else how(g, f.env)) % g.players
        return False


class PassStartPlayer(Node):
    def __init__(self, steps):
        self.steps = steps

    def exec(self, g, f):
        g.start_player = (g.start_player + self.steps) % g.players
        return False


class ResolveOne(Counted):
    """Shared by framed nodes that ask for one card at a time (payment, picking, discarding down)."""

    def offer(self, g, f, actions, values):
        """Asks the acting player, unless there is only one answer (then it is taken at once)."""
        if len(actions) == 1:
            self.resolve(g, f, values[0])
        else:
            g.ask(self, f.env["you"], actions, values)

    def card_action(self, g, c, kind, key_prefix, text):
        cache = self.cache
        key = (key_prefix, g.rules.instance_kinds[c])
        a = cache.get(key)
        if a is None:
            ctype = g.rules.instance_types[c]
            args = {"card": ctype.id} if key_prefix is None else {"pile": g.rules.piles[key_prefix].id, "on": ctype.id}
            a = cache[key] = Action(kind, args, text.format(ctype.en))
        return a


class Pay(ResolveOne):
    """Pays an amount one card at a time from a payment's sources (cards in a zone, cards on cards, money)."""

    def __init__(self, amount, payment):
        self.count, self.payment, self.cache = amount, payment, {}

    def advance(self, g, f):
        env = f.env
        groups = g.payment_sources(self.payment, env)   # [(source, cards, limit)]
        for src, cards, limit in groups:
            if cards is None and limit > 0 and f.data > 0:    # money first: it needs no decision
                take = min(limit, f.data)
                g.pay_money(src, take, env["you"])
                f.data -= take
        if f.data <= 0:
            g.stack.pop()
            return
        groups = [grp for grp in groups if grp[1] is not None]
        available = sum(min(len(cards), limit) for _, cards, limit in groups)
        if available <= f.data:            # everything must go: no choice to make
            paid, gone = [], []
            for src, cards, limit in groups:
                for c in list(cards[:limit]):
                    paid.append(g.rules.instance_types[c].en)
                    gone.append(c)
                    g.pay_card(src, c)
            f.data = 0
            if g.log is not None and paid:
                g.note_forced(env["you"], "pay with " + ", ".join(paid), cards=gone)
            return
        actions, values = [], []
        seen = set()
        kinds = g.rules.instance_kinds
        for si, (src, cards, limit) in enumerate(groups):
            if limit <= 0:
                continue
            pile = src.pile
            text = "pay with {}" if pile is None else "pay with " + pile_text(g.rules.piles[pile].text, "{}")
            for c in cards:
                host = g.host_of(c) if pile is not None else c
                kind = kinds[host]
                if (si, kind) in seen:
                    continue
                seen.add((si, kind))
                actions.append(self.card_action(g, host, "pay", pile, text))
                values.append((src, c))
        self.offer(g, f, actions, values)

    def resolve(self, g, f, value):
        src, c = value
        g.pay_card(src, c)
        f.data -= 1


class DiscardDown(ResolveOne):
    """Discards cards one at a time until a zone holds ``to`` cards (or ``by`` fewer)."""

    def __init__(self, zone, to, by, into):
        self.zone, self.to, self.by, self.into, self.cache = zone, to, by, into, {}

    def frame_problem(self, pc, data, g=None, env=None):
        wrong = super().frame_problem(pc, data)
        if wrong or env is None:
            return wrong
        held = len(self.zone(g, env))      # each discard takes one card of the zone and one off the count
        return None if data <= held else f"a discard frame has {data} cards left to discard and the zone holds {held}"

    def exec(self, g, f):
        cards = self.zone(g, f.env)
        n = self.by(g, f.env) if self.by is not None else len(cards) - self.to(g, f.env)
        n = min(n, len(cards))
        if n <= 0:
            return False
        if n == len(cards):
            if g.log is not None:
                g.note_forced(f.env["you"], "discard " + ", ".join(g.rules.instance_types[c].en for c in cards),
                              cards=cards)
            for c in list(cards):
                g.move(c, self.into(g, f.env), False)
            return False
        g.push(self, f.env, n)
        return True

    def advance(self, g, f):
        cards = self.zone(g, f.env)
        seen, actions, values = set(), [], []
        types = g.rules.instance_types
        for c in cards:
            t = types[c].index
            if t not in seen:
                seen.add(t)
                actions.append(self.card_action(g, c, "discard", None, "discard {}"))
                values.append(c)
        self.offer(g, f, actions, values)

    def resolve(self, g, f, value):
        g.move(value, self.into(g, f.env), False)
        f.data -= 1


class Pick(ResolveOne):
    """Moves ``count`` cards chosen one at a time from a selector to a destination.

    When every candidate has to go anyway (and the pick is not optional), they move without a question.
    """

    var = "moved"       # the variable that counts the cards picked (a step's ``as`` names another)

    def __init__(self, source, count, dest, kind, template, optional):
        self.source, self.count, self.dest, self.kind = source, count, dest, kind
        self.template, self.optional, self.cache = template, optional, {}

    def exec(self, g, f):
        f.env[self.var] = 0
        return super().exec(g, f)

    def advance(self, g, f):
        cards = self.source(g, f.env)
        if not cards:
            g.stack.pop()
            return
        if not self.optional and f.data >= len(cards):
            dest = self.dest(g, f.env)
            if g.log is not None:
                g.note_forced(f.env["you"], self.template.format(", ".join(g.rules.instance_types[c].en for c in cards)),
                              cards=cards)
            for c in list(cards):
                g.move(c, dest)
            f.env[self.var] += len(cards)
            g.stack.pop()
            return
        seen, actions, values = set(), [], []
        for c in cards:
            sig = g.signature(c)
            if sig not in seen:
                seen.add(sig)
                actions.append(self.card_action(g, c, self.kind, None, self.template))
                values.append(c)
        if self.optional:
            actions.append(decline_action(self.cache, self.kind))
            values.append(DECLINE)
        self.offer(g, f, actions, values)

    def resolve(self, g, f, value):
        if value == DECLINE:
            f.data = 0
            return
        g.move(value, self.dest(g, f.env))
        f.env[self.var] += 1
        f.data -= 1


class ChooseNumber(Node):
    """A numeric decision: a number from ``low`` to ``high`` (both included), optionally declinable; never more
    than ``most`` when it is given (a bound of the options and the player count, which a fixed action space reads
    instead of ``high``)."""

    def __init__(self, kind, var, who, low, high, optional, template, most=None):
        self.kind, self.var, self.who, self.low, self.high = kind, var, who, low, high
        self.optional, self.template, self.cache, self.most = optional, template, {}, most

    def action(self, n):
        a = self.cache.get(n)
        if a is None:
            a = self.cache[n] = Action(self.kind, {self.var: n}, self.template.replace("{" + self.var + "}", str(n)))
        return a

    def exec(self, g, f):
        env = f.env
        low, high = self.low(g, env), self.high(g, env)
        if self.most is not None:
            high = min(high, self.most(g, env))
        if high - low + 1 > MAX_ANSWERS:
            raise RulesError(f"a choice of a number from {low} to {short(high)} offers more than {MAX_ANSWERS:,} answers")
        values = list(range(low, high + 1))
        if not values and not self.optional:
            g.decline(f)
            return True
        actions = [self.action(n) for n in values]
        if not self.optional and len(values) == 1:
            env[self.var] = values[0]
            g.note_forced(self.who(g, env), actions[0])
            return False
        if self.optional:
            actions.append(decline_action(self.cache, self.kind))
            values.append(DECLINE)
        g.ask(self, self.who(g, env), actions, values)
        return True

    def resolve(self, g, f, value):
        if value == DECLINE:
            g.decline(f)
        else:
            f.env[self.var] = value
