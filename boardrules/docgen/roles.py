"""The roles page: how roles are chosen, and each role's privilege, action and the cards acting in its phase (a part
of ``GameDoc``)."""
from __future__ import annotations

from ..model import flow as F
from ..model import nodes as N
from ..model.phrase import ph
from .setup import player_ranges
from .steps import compiled_steps, render_steps, text_of, visible_steps
from .text import cap, md, sentence, words


class _Group:
    """Steps said under one head (a list item over a nested list), as a compiled step that holds steps is."""

    conditions = ()

    def __init__(self, head, steps):
        self.head, self.text = head, head
        self.parts = ((None, type("Steps", (), {"steps": list(steps)})()),)


class RolesPage:
    """The roles page and each role's section (mixed into ``GameDoc``)."""

    def privilege_says(self, r) -> list:
        """The privilege's sentences, each entry's as the compiler said it, except that an action the chooser takes
        before everyone else says who takes it ("The chooser first: ..."), from the entry's compiled steps."""
        raw = r.raw.get("privilege") or []
        if len(raw) != len(r.privilege_texts):
            return list(r.privilege_texts)
        out = []
        for i, (entry, said) in enumerate(zip(raw, r.privilege_texts)):
            block = self.m.nodes.get(f"{self.role_path(r)}/privilege/{i}/do") if isinstance(entry, dict) \
                and "do" in entry and entry.get("at", "first") != "end" else None
            body = text_of(block) if block is not None else ""
            out.append(ph("The chooser first: ", body, ".") if body else said)
        return out

    def role_path(self, r) -> str:
        """Where a role's compiled steps are registered: ``roles/<position in the content>``."""
        for i, item in enumerate(self.content.get("roles") or []):
            if item is r.raw or (isinstance(item, dict) and item.get("id") == r.id):
                return f"roles/{i}"
        return f"roles/{r.id}"

    def role_order(self) -> list[str]:
        m, lines = self.m, []
        start = self.start
        lines.append(f"Starting with {start}, each player in turn chooses one of the roles that nobody has "
                     "chosen yet this round.")
        for n, order in sorted(m.role_order_by_players.items()):
            if list(order) == list(range(n)):
                continue
            names, seen = [], set()
            for k in order:
                who = start if k == 0 else ("the other player" if n == 2 else
                                            f"the player {k} seat{'s' if k > 1 else ''} to the left of {start}")
                names.append(who + (" again" if k in seen else ""))
                seen.add(k)
            seq = ", ".join(names[:-1]) + f" and then {names[-1]}" if len(names) > 1 else names[0]
            lines.append(f"With {n} players the roles are chosen by {seq}: {len(order)} roles each round.")
        return lines

    def availability(self, r) -> str:
        have = {n: r in p["roles"] for n, p in self.default_games().items()}
        if all(have.values()):
            return ""
        yes = [rng for rng, v in player_ranges(have) if v]
        return f"Only in some games: with default options, it is used with {', '.join(yes) or 'no'} players." \
            if yes else "Not used with the default options; an option adds it."

    def roles_page(self) -> str:
        m = self.m
        lines = self.header("roles")
        lines += [" ".join(self.role_order()), "",
                  "The chosen role's phase is then played: the start of the phase happens once, then every player, "
                  "starting with the chooser, carries out the action, then the end of the phase happens once. "
                  "The privilege holds for the chooser only.", ""]
        if m.privilege_multiplier is not None:
            lines += [f"A privilege counts as many times as the chooser's {md(m.quantities[m.privilege_multiplier].text)} "
                      f"(normally {md(m.quantities[m.privilege_multiplier].base_text)}; "
                      "see [what changes it](when.md#every-phase)).", ""]
        for r in m.roles:
            lines += self.role_block(r)
        lines += self.procedure_blocks()
        return "\n".join(lines)

    def turns_page(self) -> str:
        """A game with no roles: what each sentence of the round's steps stands for."""
        lines = self.header("turns and actions")
        lines += ["[How a round goes](index.md#round) says what happens in a round, and when the players take their "
                  "turns. This page says what each of those sentences stands for, step by step.", ""]
        lines += self.procedure_blocks(intro=False)
        return "\n".join(lines)

    def procedure_blocks(self, intro=True) -> list[str]:
        """The procedures that say what they do ({text, do}): the steps behind each such sentence above."""
        described = [(key, spec["text"]) for key, spec in (self.m.raw["content"].get("procedures") or {}).items()
                     if isinstance(spec, dict) and spec.get("text")]
        named = self.m.selector_phrases
        classes = self.region_terms()
        if not described and not named and not classes:
            return []
        lines = ["## In detail", "", "What the shorter sentences above stand for.", ""] if intro else []
        for key, text in described:
            steps = self.steps(f"procedures/{key}/do")
            if not any(line.strip() for line in steps):     # its own sentence says it all (its steps are bookkeeping)
                continue
            lines += [f"### {sentence(self.say(text))[:-1]} {{#procedure-{key}}}", ""]
            lines += steps + [""]
        if named or classes:
            lines += ["### Terms used above {#named-cards}", "",
                      "Each of these names, in the sentences above, stands for what is said after it.", ""]
            lines += [f"- **{md(cap(name))}**: {self.say(phrase)}." for name, phrase in named.items()]
            lines += classes + [""]
        return lines

    def region_terms(self) -> list[str]:
        """What each class of region of a board is ("a big region of the map: 20 cells or more of land joined side
        to side"), for the terms the steps use ("if the region is big")."""
        out = []
        for board in (getattr(self.m, "boards", None) or {}).values():
            classes = sorted(getattr(board, "classes", None) or (), key=lambda c: c[1])
            for i, (name, least) in enumerate(classes):
                upto = classes[i + 1][1] - 1 if i + 1 < len(classes) else None
                size = f"{least} cells or more" if upto is None else \
                    (f"{least} cell{'s' if least != 1 else ''}" if upto == least else f"{least} to {upto} cells")
                out.append(f"- **A {md(words(name))} region of {md(board.text)}**: a region (land cells joined side "
                           f"to side) of {size}.")
        return out

    def phase_parts(self, r) -> list[str]:
        """A role's phase under the headings a player knows, in the order it is played: the start of the phase, the
        action and the end of the phase. When the start of the phase gives the players turns of their own (``turns``:
        round and round until all pass), those turns are the phase's action, said under "Action" with how they go
        round; what every player then does once each (the role's ``action``) and what follows the turns are the end
        of the phase, in that order."""
        path = self.role_path(r)
        start = compiled_steps(self.m, f"{path}/start")
        action = compiled_steps(self.m, f"{path}/action")
        end = compiled_steps(self.m, f"{path}/end")
        turns = next((i for i, node in enumerate(start) if isinstance(node, F.Turns) and node.parts), None)
        lines = []
        if turns is None:
            if start:
                lines += ["**Start of the phase** (once):", ""] + self.render(start) + [""]
            said = self.render(action)
            if not said and r.action_text:
                said = [sentence(self.say(r.action_text))]
            lines += ["**Action** (each player in turn, starting with the chooser):", ""]
            lines += (said or ["Nothing."]) + [""]
            if end:
                lines += ["**End of the phase** (once, after every player):", ""] + self.render(end) + [""]
            return lines
        node = start[turns]
        if start[:turns]:
            lines += ["**Start of the phase** (once):", ""] + self.render(start[:turns]) + [""]
        body = [s for _, block in node.parts for s in visible_steps(block)]
        lines += [f"**Action** ({self.say(node.head).rstrip(':. ')}):", ""]
        lines += (self.render(body) or ["Nothing."]) + [""]
        after = list(start[turns + 1:])
        if action:      # every player once, from the chooser, once the turns are over
            after.append(_Group(ph("each player in turn, starting with the chooser"), action))
        after += end
        if after:
            lines += ["**End of the phase** (once the turns are over):", ""] + self.render(after) + [""]
        return lines

    def render(self, nodes) -> list[str]:
        return render_steps(nodes, say=self.say)

    def role_block(self, r, level=2, here="roles.md") -> list[str]:
        lines = [f"{'#' * level} {md(r.en)}{self.other_names(r.name)} {{#role-{r.id}}}", ""]
        phases = {p["key"]: p for p in self.phases()}
        note = self.availability(r)
        if note:
            lines += [f"*{note}*", ""]
        if r.privilege_texts:
            lines += ["**Privilege** (the chooser only):", ""]
            lines += [f"- {sentence(self.say(x))}" for x in self.privilege_says(r)] + [""]
        lines += self.phase_parts(r)
        cards = self.phase_cards(phases.get("role-" + r.id))
        if cards:
            lines += ["**Cards that act in this phase**: " + ", ".join(self.card_link(t) for t in cards)
                      + (f" ([how](when.md#role-{r.id}))." if self.folder else "."), ""]
        lines += self.note_lines(r.raw.get("notes"))
        lines += self.choice_lines(self.choices_for("role", r.id), here)
        return lines
