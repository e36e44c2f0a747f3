"""Nodes of the phases family: a role's phase played again inside another step, with nobody's privilege.

A role's phase is the block its content compiles to (begin, start steps, every player's action from the chooser,
end steps, end); choosing the role pushes it with the chooser. ``PlayPhase`` pushes the same block with no
chooser, so no one has the privilege (the privilege's steps and quantities test "you chose the role"), and puts
back the phase it interrupted when the block is done. Its steps that start "from the chooser" start from the lead
(they read the chooser from the variables, where the lead stands).
"""
from __future__ import annotations

from ..errors import RulesError
from .nodes import Node, _ints, _seat_problem


class PlayPhase(Node):
    """Plays the phase of the role ``role`` (fn(game, env) -> a role's index: a constant, or a variable holding a
    role) now, every player's action from ``lead`` (fn(game, env) -> a seat), with no chooser. Its frame holds [the
    interrupted role + 1, its chooser + 1 (0: none), the lead, started (0 or 1)]; the role is read from the
    variables the frame shares with the step around it."""

    framed = True

    def __init__(self, role, lead):
        self.role_fn, self.lead = role, lead

    def role_in(self, g, env):
        """The index of the role whose phase is played, or a RulesError for a value that names no role."""
        r = self.role_fn(g, env)
        if type(r) is not int or not 0 <= r < len(g.rules.roles):
            raise RulesError(f"{self.path or 'a play_phase step'}: {r!r:.40} is not a role of this game")
        return r

    def exec(self, g, f):
        saved_role = 0 if g.role is None else g.role + 1
        saved_chooser = 0 if g.chooser is None else g.chooser + 1
        g.push(self, f.env, [saved_role, saved_chooser, self.lead(g, f.env) % g.players, 0])
        return True

    def step(self, g, f):
        saved_role, saved_chooser, lead, started = f.data
        if not started:
            f.data = [saved_role, saved_chooser, lead, 1]
            # the lead stands where a chooser would ("from the chooser" in its steps), but the phase begins with no chooser
            role = self.role_in(g, f.env)
            g.push(g.rules.roles[role].block, {"you": lead, "chooser": lead, "role": role, "free": True})
            return
        g.stack.pop()
        # the interrupted phase goes on: its role and chooser (the played phase's end cleared them)
        g.role = saved_role - 1 if saved_role else None
        g.chooser = saved_chooser - 1 if saved_chooser else None

    def frame_problem(self, pc, data, g=None, env=None):
        if not (pc == 0 and _ints(data, 4)) or data[3] > 1:
            return "a played phase's frame holds [interrupted role + 1, its chooser + 1, lead seat, started 0/1]"
        if g is not None:
            if data[0] > len(g.rules.roles):
                return f"the interrupted role {data[0] - 1} is not a role of this game"
            if data[1] > g.players:
                return f"the interrupted chooser {data[1] - 1} is not a seat of a {g.players}-player game"
        return _seat_problem(g, data[2], "its lead")
