"""Flow nodes: the round and role machinery and the loops (rounds, role selection, turns, while, for each) and
procedure calls. Like every node they run inline or own a frame whose plain data clones and serialises; the other
step nodes are in ``nodes.py``."""
from __future__ import annotations

from ..actions import Action
from ..errors import RulesError
from .nodes import Node, _ints, _seat_problem


class RoleSelection(Node):
    """Each picker in turn takes one unused role; the role then runs for everyone."""

    framed = True

    def __init__(self):
        self.cache = {}

    def exec(self, g, f):
        g.push(self, f.env, g.role_pickers())
        return True

    def frame_problem(self, pc, data, g=None, env=None):
        if not (pc == 0 and _ints(data)):
            return "a role choice frame holds the seats still to choose"
        if g is None:
            return None
        most = len(g.rules.role_order_by_players.get(g.players, range(g.players)))
        if len(data) > most:
            return f"a role choice frame of a {g.players}-player game holds at most {most} seats, not {len(data)}"
        return next((_seat_problem(g, s, "a seat to choose,") for s in data if s >= g.players), None)

    def step(self, g, f):
        if not f.data:
            g.stack.pop()
            return
        seat = f.data[0]
        free = [r for r in g.role_pool if r not in g.roles_used]
        if not free:
            g.stack.pop()
            return
        actions = [self.role_action(g, r) for r in free]
        if len(actions) == 1:
            g.note_forced(seat, actions[0])
            self.resolve(g, f, free[0])
            return
        g.ask(self, seat, actions, free)

    def role_action(self, g, r):
        a = self.cache.get(r)
        if a is None:
            role = g.rules.roles[r]
            a = self.cache[r] = Action("choose_role", {"role": role.id}, f"choose the {role.en}")
        return a

    def resolve(self, g, f, value):
        seat = f.data[0]
        f.data = f.data[1:]
        g.roles_used.append(value)
        g.push(g.rules.roles[value].block, {"you": seat, "chooser": seat, "role": value})


class PhaseBegin(Node):
    def exec(self, g, f):
        g.begin_phase(f.env["role"], f.env["chooser"], f.env.get("free"))
        return False


class PhaseEnd(Node):
    def exec(self, g, f):
        g.end_phase()
        return g.over


class Activate(Node):
    def exec(self, g, f):
        g.activate_fresh()
        return False


# ------------------------------------------------------------------ declared flow: loops, turn orders, procedures
class Rounds(Node):
    """Rounds until the game ends: each begins a new round (round number, round counters, waiting cards start
    working), then runs the body. A game that reaches ``limit`` rounds ends with that reason."""

    framed = True

    def __init__(self, body, limit):
        self.body, self.limit = body, limit

    def exec(self, g, f):
        g.push(self, f.env)
        return True

    def step(self, g, f):
        if g.ending is not None:
            g.finish(g.ending[1])
            return
        if g.round >= self.limit:
            g.finish(f"the game reached its length limit of {self.limit} rounds")
            return
        g.begin_round()
        g.push(self.body, {})


class Turns(Node):
    """Players take turns from ``start``: ``each`` once, or ``until_all_pass``: round and round until every player
    in a row has passed (a turn that changed nothing: no card moved, no count changed)."""

    framed = True
    shared = True

    def __init__(self, order, start, body, limit):
        self.order, self.start, self.body, self.limit = order, start, body, limit

    def exec(self, g, f):
        g.push(self, f.env, [self.start(g, f.env), 0, 0, g.ticks])     # first seat, turns taken, passes, ticks
        return True

    def frame_problem(self, pc, data, g=None, env=None):
        if not (pc == 0 and _ints(data, 4)):
            return "a turns frame holds [first seat, turns, passes, ticks]"
        if g is None:
            return None
        _, taken, passes, ticks = data
        if taken > self.limit or passes > g.players or ticks > g.ticks:
            return f"a turns frame holds at most {self.limit} turns, {g.players} passes and the game's ticks " \
                   f"({g.ticks}), not {data[1:]}"
        return _seat_problem(g, data[0], "its first seat")

    def seat_at(self, data, index, players):
        """Whose turn number ``index`` (from 0) of this frame is: round the table from the first seat."""
        return (data[0] + index) % players

    def step(self, g, f):
        data = f.data
        first, taken, passes, ticks = data[:4]
        if taken:
            passes = passes + 1 if g.ticks == ticks else 0
        if self.order == "each" and taken >= g.players or passes >= g.players:
            g.stack.pop()
            return
        if taken >= self.limit:
            raise RulesError(f"turns went on for {self.limit} turns without everyone passing")
        f.data = [first, taken + 1, passes, g.ticks, *data[4:]]      # (what follows: a subclass's own data)
        env = dict(f.env)
        env["you"] = self.seat_at(data, taken, g.players)
        env["index"] = taken
        g.push(self.body, env)


class While(Node):
    """Runs its body again and again while a condition holds (checked before each run), at most ``limit`` times."""

    framed = True
    shared = True

    def __init__(self, cond, body, limit):
        self.cond, self.body, self.limit = cond, body, limit

    def exec(self, g, f):
        g.push(self, f.env, 0)
        return True

    def frame_problem(self, pc, data, g=None, env=None):
        return None if pc == 0 and type(data) is int and 0 <= data <= self.limit else \
            f"a while frame holds its run count, from 0 to {self.limit}"

    def step(self, g, f):
        if not self.cond(g, f.env):
            g.stack.pop()
            return
        if f.data >= self.limit:
            raise RulesError(f"a while loop ran {self.limit} times, its limit")
        g.spend(1)
        f.data += 1
        g.push(self.body, f.env)


class ForEach(Node):
    """Runs its body once per item (cards of a selector, or numbers), taken when the loop starts, with the item in
    a variable."""

    framed = True
    shared = True
    own_body = True     # each run of the body works in a copy of the loop's variables, with the item

    def __init__(self, items, var, body):
        self.items, self.var, self.body = items, var, body

    def exec(self, g, f):
        items = self.items(g, f.env)
        g.spend(len(items))     # (before the list is made: a range of a billion numbers is refused at once)
        items = list(items)
        if not items:
            return False
        g.push(self, f.env, [items, 0])
        return True

    def frame_problem(self, pc, data, g=None, env=None):
        ok = pc == 0 and isinstance(data, list) and len(data) == 2 and _ints(data[0]) and type(data[1]) is int \
            and 0 <= data[1] <= len(data[0])
        if not ok:
            return "a for_each frame holds [items, next index]"
        if g is not None and g.rules.var_kinds.get(self.var) == "card":
            cards = len(g.rules.instance_types)
            bad = next((x for x in data[0] if x >= cards), None)
            if bad is not None:
                return f"a for_each frame over cards holds {bad}, and this game has {cards} cards"
        return None

    def step(self, g, f):
        items, i = f.data
        if i >= len(items):
            g.stack.pop()
            return
        f.data = [items, i + 1]
        env = dict(f.env)
        env[self.var] = items[i]
        g.push(self.body, env)

    def body_env(self, env, data):
        """The variables the run of the body now under way started with, from the loop's variables and its frame's
        data ``[items, next index]`` (for a state saved before bodies' variables were written)."""
        env = dict(env)
        if isinstance(data, list) and len(data) == 2 and isinstance(data[0], list) and type(data[1]) is int \
                and 0 < data[1] <= len(data[0]):
            env[self.var] = data[0][data[1] - 1]
        return env


class Call(Node):
    """Runs a named procedure (a block declared once under ``procedures``) with the caller's variables."""

    def __init__(self, name):
        self.name, self.block = name, None      # the block is linked once every procedure is compiled

    def exec(self, g, f):
        g.push(self.block, dict(f.env))      # the kernel bounds how deep calls may nest
        return True
