"""Nodes of the budgets family: points to spend on one action, and the step that spends them.

A budget is a variable of the frame its ``budget`` step opens: the step sets it from a number (a quantity, so cards'
modifiers change it for their owner), may let the player pay for more points with a counter first, then runs its steps
in a frame of their own. Spending lowers the variable; when the steps end, the frame goes and the points left with
it (unspent points are lost). Nothing else is kept, so a saved game inside a budget is its frame's variables.
"""
from __future__ import annotations

from ..errors import RulesError
from ..limits import MAX_ANSWERS
from .nodes import ChooseNumber, Node


class Budget(Node):
    """Runs ``body`` (a Block whose first steps set the budget and add the points paid for) in a frame of its own: the budget's
    variable and what the steps bind end with it."""

    def __init__(self, body):
        self.body = body

    def exec(self, g, f):
        return self.body.exec(g, f)


def budget_check(var):
    """The check a budget's frame makes of its variables when a saved game loads: once the budget is set (past the
    frame's first step), its variable holds a number of points, 0 or more. fn(env, pc) -> a problem or None."""
    def check(env, pc):
        if pc < 1:
            return None
        v = env.get(var)
        if type(v) is not int or v < 0:
            return f"{var}: the points left in a budget are a number, 0 or more, not {v!r:.40}"
        return None
    return check


class ExtraChoice(ChooseNumber):
    """How many extra points the player pays for: a number from 0 to what the counter affords (``afford``, fn(game,
    env)), and never more than ``most`` when the content gives it. ``low`` and ``high`` are the bounds a fixed action
    space reads (0 and ``most``; without ``most``, what the counter affords, which no fixed space can hold)."""

    def __init__(self, kind, var, who, most, afford, template):
        super().__init__(kind, var, who, lambda g, env: 0, most if most is not None else afford, False, template)
        self.most, self.afford = most, afford

    def exec(self, g, f):
        env = f.env
        high = self.afford(g, env)
        if self.most is not None:
            high = min(high, self.most(g, env))
        if high + 1 > MAX_ANSWERS:
            raise RulesError(f"{self.path}: paying for up to {high} extra points offers more than {MAX_ANSWERS:,} "
                             f"answers (give the budget's extra a 'most')")
        values = list(range(max(0, high) + 1))
        actions = [self.action(n) for n in values]
        if len(values) == 1:
            env[self.var] = 0
            g.note_forced(self.who(g, env), actions[0])
            return False
        g.ask(self, self.who(g, env), actions, values)
        return True


class Extra(Node):
    """After a number of points was chosen (``choice``, a variable): the player's ``counter`` loses ``rate`` for
    each one and the budget ``var`` gains them."""

    def __init__(self, var, choice, counter, rate):
        self.var, self.choice, self.counter, self.rate = var, choice, counter, rate

    def exec(self, g, f):
        env = f.env
        n = env.get(self.choice, 0)
        if n:
            c, you = self.counter, env["you"]
            g.set_counter(c, you, g.counters[c][you] - n * self.rate(g, env))
            env[self.var] = env.get(self.var, 0) + n
        return False


class Spend(Node):
    """Takes ``amount`` points from the budget ``var``; more than is left is a RulesError (the content should only
    offer what the budget pays for). A loop inside the budget runs its body in a copy of the variables, so the
    points left are written in every frame from the one spending down to the budget's own frame (``home``, its
    block): a later step, in the loop or after it, reads what is left."""

    home = None

    def __init__(self, var, amount):
        self.var, self.amount = var, amount

    def exec(self, g, f):
        env, var = f.env, self.var
        n, left = self.amount(g, env), env.get(var, 0)
        if n < 0 or n > left:
            raise RulesError(f"{self.path or 'a spend step'}: spends {n} points from the budget ${var}, which "
                             f"has {left} left")
        env[var] = left - n
        stack = g.stack
        i = len(stack) - 1
        while i > 0 and stack[i].node is not self.home:
            i -= 1
        g.own_from(i)       # (frames a clone still shares are copied before they are written)
        for frame in stack[i:]:
            if var in frame.env:
                frame.env[var] = left - n
        return False
