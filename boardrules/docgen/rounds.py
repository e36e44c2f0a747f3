"""How the game goes, read off the compiled flow (a part of ``GameDoc``): the steps before the rounds, each round's
start, its role choice and its end, the steps after the rounds, and the game end (when it is triggered and what is
still played after the trigger). Both flow shapes (``flow`` with ``rounds``, and the compact ``round``) compile to
the same nodes, so both read the same way; a step's ``rule_text`` is already its compiled sentence."""
from __future__ import annotations

from ..model import flow as F
from ..model import nodes as N
from .steps import render_steps
from .text import md, sentence, table

ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "eleventh",
            "twelfth")


def ordinal(n: int) -> str:
    """1 -> "first", ..., 12 -> "twelfth", 13 -> "13th", 22 -> "22nd"."""
    if 1 <= n <= len(ORDINALS):
        return ORDINALS[n - 1]
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"

#: what is still played once the game end is triggered, by the moment the ``end_game`` step names
AFTER_TRIGGER = {
    "now": "nothing more is played: the players score at once",
    "after_phase": "the phase in which it is triggered is still played to its end, and the rest of the round is "
                   "not played; then the players score",
    "after_round": "the round is still played to its end{rest}; then the players score",
}


def flat(steps) -> list:
    """Steps with the plain blocks that only group them (no sentence of their own) opened up, in order."""
    out = []
    for s in steps:
        if type(s) is N.Block and not s.text:
            out += flat(s.steps)
        else:
            out.append(s)
    return out


def _shown(node) -> bool:
    """A step the pages say: one with a sentence, or the role choice and the rounds (said from the model)."""
    return bool(getattr(node, "text", "")) or isinstance(node, (F.RoleSelection, F.Rounds))


class FlowPart:
    """The flow of a game as the pages say it (mixed into ``GameDoc``)."""

    # ------------------------------------------------------------------ reading the model
    def flow_shape(self) -> dict:
        """The compiled flow after the set-up: ``before`` (steps before the rounds), ``rounds`` (the rounds node or
        None), the round's ``start`` steps, its ``choice`` (the role choice or None), its ``end`` steps, and
        ``after`` (steps after the rounds). A game without rounds has its whole flow in ``before``."""
        shape = getattr(self, "_flow_shape", None)
        if shape is not None:
            return shape
        shape = {"before": [], "rounds": None, "start": [], "choice": None, "end": [], "after": []}
        top = list(getattr(self.m.flow, "steps", None) or [])
        at = next((i for i, s in enumerate(top) if isinstance(s, F.Activate)), None)
        for node in flat(top[at + 1:] if at is not None else []):
            if isinstance(node, F.Rounds) and shape["rounds"] is None:
                shape["rounds"] = node
                items = [s for s in flat([node.body]) if _shown(s)]
                k = next((i for i, s in enumerate(items) if isinstance(s, F.RoleSelection)), None)
                if k is None:
                    shape["start"] = items
                else:
                    shape["start"], shape["choice"], shape["end"] = items[:k], items[k], items[k + 1:]
            elif _shown(node):
                shape["after" if shape["rounds"] is not None else "before"].append(node)
        if shape["rounds"] is None:
            k = next((i for i, s in enumerate(shape["before"]) if isinstance(s, F.RoleSelection)), None)
            if k is not None:
                shape["choice"] = shape["before"].pop(k)
                shape["before"], shape["end"] = shape["before"][:k], shape["before"][k:]
        self._flow_shape = shape
        return shape

    def moment_of(self, path: str) -> str | None:
        """Where in the flow a compiled step (by its node path) runs: "before", "start", "choice", "end" or
        "after"; None for a step outside the flow (the set-up, a role, a card, a procedure)."""
        shape = self.flow_shape()
        for key in ("before", "start", "end", "after"):
            for node in shape[key]:
                if node.path and (path == node.path or path.startswith(node.path + "/")):
                    return key
        choice = shape["choice"]
        if choice is not None and choice.path and path == choice.path:
            return "choice"
        return None

    def raw_at(self, path: str):
        """The content's raw step at a node path (``flow/0/rounds/do/1``), or None."""
        cur = self.content
        for part in path.split("/"):
            if isinstance(cur, list) and part.isdigit() and int(part) < len(cur):
                cur = cur[int(part)]
            elif isinstance(cur, dict) and part in cur:
                cur = cur[part]
            else:
                return None
        return cur

    def flow_raw(self, key: str) -> list:
        """The content's raw steps of a part of the flow (``start``, ``end``, ...), whichever shape declared it."""
        steps = self.flow_shape()[key]
        steps = steps if isinstance(steps, list) else [steps]
        return [self.raw_at(s.path) for s in steps if s is not None and s.path]

    def end_triggers(self) -> list:
        """(path, node) of every step that ends the game, in the order of the model."""
        return [(path, node) for path, node in self.m.nodes.items() if isinstance(node, N.EndGame)]

    def after_trigger(self, when: str) -> str:
        """What is still played once the game end is triggered at this moment (``now``, ``after_phase``,
        ``after_round``), as a clause."""
        rest = ""
        if when == "after_round":
            shape = self.flow_shape()
            more = []
            if shape["choice"] is not None:
                more.append("the role choices left in the round are still made and their phases played")
            if shape["end"]:
                more.append("the round end is played")
            rest = ": " + ", and ".join(more) if more else ""
        return AFTER_TRIGGER.get(when, AFTER_TRIGGER["now"]).format(rest=rest)

    # ------------------------------------------------------------------ the pages
    def end_lines(self, brief: bool = False) -> list[str]:
        """When the game ends and what is still played after the trigger, said once: each trigger (where it is
        checked and its sentence), then what follows a trigger, after the list when every trigger has the same
        moment, else in each trigger's item. ``brief``: the overview's form (the reasons in one sentence)."""
        ends = self.end_triggers()
        if not ends:
            limits = sorted({node.limit for node in self.m.nodes.values() if isinstance(node, F.Rounds)})
            if len(limits) == 1:        # a game of a fixed number of rounds: "after the fifth round"
                return [f"The game ends after the {ordinal(limits[0])} round, and the players score.", ""]
            return ["The game ends when every round of the game has been played, and the players score.", ""]
        moments = {getattr(node, "when", "now") for _, node in ends}
        same = len(moments) == 1
        lines = []
        if brief:
            reasons = [self.say(node.reason or "its condition holds") for _, node in ends]
            said = ", ".join(reasons[:-1]) + f" or {reasons[-1]}" if len(reasons) > 1 else reasons[0]
            lines += [f"The game ends when {said}."
                      + (f" Once the end is triggered, {self.after_trigger(moments.pop())}." if same else ""), ""]
            if not same:
                lines += [f"- {self.where(path)}, if {self.say(node.reason)}: {self.after_trigger(node.when)}."
                          for path, node in ends] + [""]
            which = "each" if len(ends) > 1 else "it"
            lines += [f"See [Game end and scoring](end.md#when-the-game-ends) for when {which} is checked.", ""]
            return lines
        for path, node in ends:
            reason = f" *({md(node.reason)})*" if getattr(node, "reason", "") and node.reason not in node.text else ""
            after = "" if same else f" Once it is triggered, {self.after_trigger(node.when)}."
            lines += [f"- **{self.where(path)}**: {sentence(self.say(node.text))}{reason}{after}", ""]
        if same:
            lines += [f"Once the end is triggered, {self.after_trigger(moments.pop())}.", ""]
        return lines

    def round_lines(self) -> list[str]:
        """The overview's "How a round goes": every step the flow runs, in order, as sentences, and the role
        choice said from the model (the order by player count, the phases, the privileges)."""
        shape = self.flow_shape()
        rounds = shape["rounds"] is not None
        lines = ["## How a round goes {#round}" if rounds else "## How the game goes {#round}", ""]
        # without a role choice the whole round is its "start": it is said as the round itself
        parts = [("Round start" if shape["choice"] is not None else "Each round", "round-start", shape["start"]),
                 ("Choosing the roles", "roles", shape["choice"]),
                 ("Round end", "round-end", shape["end"])]
        parts = [p for p in parts if p[2]]
        if shape["before"]:
            lines += ["Before the first round:" if rounds else "The game goes like this:", ""]
            lines += self.flow_steps(shape["before"]) + [""]
        if rounds:
            names = [("the " if key != "roles" else "") + title.lower() for title, key, _ in parts]
            count = {2: "two", 3: "three"}.get(len(parts), str(len(parts)))
            lines += ["The game is played round after round until it ends (see [the end of the game](#game-end))."
                      + (f" Each round has {count} parts: {', then '.join(names)}." if len(parts) > 1 else ""), ""]
        for title, key, steps in parts:
            lines += [f"### {title} {{#{key}}}", ""]
            if isinstance(steps, F.RoleSelection):
                lines += self.choice_lines_of(steps)
                continue
            lines += self.flow_steps(steps) + [""]
            if key == "round-start" and any(p["key"] == "round-start" for p in self.phases()):
                lines += ["See [what fires at round start](when.md#round-start).", ""]
            if key == "round-end" and any(p["key"] == "round-end" for p in self.phases()):
                lines += ["See [what fires at round end](when.md#round-end).", ""]
        if shape["after"]:
            lines += ["### After the last round {#after-rounds}", ""] + self.flow_steps(shape["after"]) + [""]
        lines += ["### The end of the game {#game-end}", ""]
        lines += self.end_lines(brief=True)
        return lines

    def flow_steps(self, steps) -> list[str]:
        """Flow steps as a numbered list of sentences (the role choice, where a list holds it, said as such)."""
        return render_steps([s for s in steps if getattr(s, "text", "")], say=self.say)

    def choice_lines_of(self, node) -> list[str]:
        """The role choice: who chooses in what order (by player count where it differs), then a chosen role's
        phase, the privileges and when a card that comes into play starts working. The content's ``rule_text`` on
        the choice replaces its first sentence."""
        m = self.m
        order = self.role_order()
        said = self.raw_at(node.path) if node.path else None
        said = said.get("rule_text") if isinstance(said, dict) else None
        if isinstance(said, str) and said.strip():
            order[0] = sentence(md(said))
        lines = [" ".join(order), ""]
        lines += ["When a role is chosen, its phase is played: the start of the phase happens once, then every player, "
                  "starting with the chooser, carries out the role's action, then the end of the phase happens once "
                  "(see [Roles](roles.md)). The chooser alone has the role's privilege."
                  + (f" A privilege counts as many times as the chooser's "
                     f"{md(m.quantities[m.privilege_multiplier].text)} (see [what changes it]"
                     f"(when.md#every-phase))." if m.privilege_multiplier is not None else ""), ""]
        tableau = [md(z.text) for z in m.zones if z.tableau]
        froms = {t.works_from for t in m.types}
        if tableau:
            when = "as soon as it comes into play" if froms == {"at_once"} else \
                "from the end of the phase in which it came into play" + ("" if froms == {"phase_end"} else
                                                                           ", unless its card says otherwise")
            lines += [f"A card that comes into play ({' or '.join(tableau)}) works {when}.", ""]
        rows = []
        for r in m.roles:
            said = " ".join(sentence(self.say(x)) for x in self.privilege_says(r)) or "No privilege."
            rows.append([self.role_link(r) + self.other_names(r.name), said])
        lines += table(["Role", "Privilege (the chooser only)"], rows)
        return lines
