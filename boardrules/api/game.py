"""``Game``: one game in progress, the object bots and servers talk to."""
from __future__ import annotations

from ..actions import Action
from ..engine.kernel import Kernel
from ..errors import IllegalAction


class Game(Kernel):
    """A game in progress. Ask :meth:`legal_actions`, :meth:`apply` one, repeat until :attr:`is_over`."""

    def __init__(self, rules, players, seed, options, log=True, _start=True):
        self._init_state(rules, players, seed, options)
        if not log:
            self.log = None
        if _start:
            self.push(self.rules.flow, {})
            self.run()

    # ------------------------------------------------------------------ playing
    @property
    def current_player(self) -> int | None:
        """The seat whose decision is pending; None when the game is over."""
        return None if self.pending is None else self.pending.player

    @property
    def is_over(self) -> bool:
        return self.over

    def legal_actions(self) -> list[Action]:
        """Every legal answer to the pending decision (never empty while the game is not over)."""
        return [] if self.pending is None else list(self.pending.actions)

    @property
    def prompt(self) -> str | None:
        """What the pending decision is about, e.g. ``"build"``."""
        p = self.pending
        if p is None:
            return None
        return getattr(p.node, "kind", None) or p.actions[0].kind

    def apply(self, action) -> None:
        """Applies an Action (or its JSON dict). Anything not legal now raises IllegalAction and changes nothing."""
        p = self.pending
        if p is None:
            raise IllegalAction("the game is over")
        actions = p.actions
        for i, a in enumerate(actions):
            if a is action:
                break
        else:
            try:
                key = Action.key_of(action)
            except ValueError as exc:
                raise IllegalAction(str(exc)) from None
            for i, a in enumerate(actions):
                if a._key == key:
                    break
            else:
                legal = ", ".join(str(a) for a in actions[:12])
                raise IllegalAction(f"{_describe(action)} is not legal now; seat {p.player} may: {legal}")
        a = actions[i]
        self._history.append(a)
        if self.log is not None:
            self.log.append((self.round, p.player, a, False))
        self.answer(i)

    # ------------------------------------------------------------------ results
    def scores(self) -> list[dict]:
        """Per seat: ``{"seat", "total", "parts": {name: points}}``, parts in scoring order."""
        d = self.rules
        out = []
        for seat in range(self.players):
            env = {"you": seat, "score_so_far": 0}
            parts = {}
            for rule in d.scoring:
                if rule.type >= 0 and not self.owned[seat].get(rule.type):
                    continue
                if rule.cond is not None and not rule.cond(self, env):
                    continue
                value = rule.value(self, env)
                parts[rule.id] = parts.get(rule.id, 0) + value
                env["score_so_far"] += value
            out.append({"seat": seat, "total": env["score_so_far"], "parts": parts})
        return out

    def tie_breaks(self, seat) -> list:
        env = {"you": seat}
        return [fn(self, env) for fn, _ in self.rules.tie_break]

    def winners(self) -> list[int]:
        """The winning seats (several only if the tie-break ties too)."""
        ranked = [(s["total"], *self.tie_breaks(s["seat"])) for s in self.scores()]
        best = max(ranked)
        return [seat for seat, key in enumerate(ranked) if key == best]

    # ------------------------------------------------------------------ copies and views
    def clone(self) -> "Game":
        """An exact, independent copy (same random state, same pending decision)."""
        from ..engine.serialize import clone
        return clone(self)

    def to_json(self) -> dict:
        from ..engine.serialize import game_to_json
        return game_to_json(self)

    def view(self, player: int | None = None) -> dict:
        """What ``player`` may see (None: a spectator), as JSON."""
        from ..engine.view import view
        return view(self, player)

    @property
    def history(self) -> list[dict]:
        return [a.to_json() for a in self._history]

    @history.setter
    def history(self, value):
        self._history = value

    def log_lines(self) -> list[str]:
        """The readable log: one line per decision, forced ones marked."""
        from ..engine.view import log_lines
        return log_lines(self)

    def __repr__(self):
        state = "over" if self.over else f"seat {self.current_player} to act"
        return f"<Game {self.ruleset.id} {self.players}p seed={self.seed} round {self.round}, {state}>"


def _describe(action) -> str:
    if isinstance(action, Action):
        return f"'{action}'"
    return f"{action!r:.80}"
