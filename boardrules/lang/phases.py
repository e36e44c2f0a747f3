"""The phases family: whether a role was chosen this round, and a role's phase played again by a step.

``{role_chosen: <role>}`` holds once a player has chosen that role this round (a phase played by ``play_phase``
is not a choice). ``{play_phase: {role: <role>, lead: <player>}}`` plays that role's phase now (the role an id, or
a $variable holding a role: the one a player chose, the role being played): its start steps,
every player's action in seat order from the lead (you by default), its end steps; nobody chose it, so nobody
has its privilege. The phase it interrupts goes on afterwards, with its own role and chooser.
"""
from __future__ import annotations

from ..model import phases as P
from ..model.phrase import ph
from .codegen import coded


class PhaseTerms:
    """Mixed into the step compiler: the condition and the step above."""

    def role_ref(self, node, path):
        """A role id or a $variable holding a role's index: fn(game, env) -> the index, and its words."""
        if isinstance(node, str) and node.startswith("$"):
            var = self.var(node, path, None)
            return coded(lambda g, env: env[var], lambda e: f"env[{e.const(var)}]"), "that role"
        rid = self.lookup(self.m.role_index, node, "role", path)
        if rid is None:
            return (lambda g, env: -1), "?"
        return coded(lambda g, env: rid, lambda e: e.const(rid)), self.m.role_tok(rid)

    def if_role_chosen(self, node, path):
        role, name = self.role_ref(node["role_chosen"], path + ("role_chosen",))
        fn = coded(lambda g, env: role(g, env) in g.roles_used, lambda e: f"({e.expr(role)} in g.roles_used)")
        return self.negated(fn, ph('the ', name, ' was chosen this round'),
                            ph('the ', name, ' was not chosen this round'))

    def st_play_phase(self, item, path):
        spec = item["play_phase"]
        role, name = self.role_ref(spec.get("role"), path + ("play_phase", "role"))
        lead, who = self.player(spec.get("lead"), path + ("play_phase", "lead"))
        start = "" if spec.get("lead") in (None, "you") else ph(', starting with ', who)
        return P.PlayPhase(role, lead), ph('play a ', name, ' phase now', start,
                                           ' (nobody has its privilege)')
