"""The game end and scoring page (a part of ``GameDoc``)."""
from __future__ import annotations

import re

from .text import md, sentence


class EndPage:
    """When the game ends, how it is scored and how ties break (mixed into ``GameDoc``)."""

    def end_page(self) -> str:
        m = self.m
        lines = self.header("game end and scoring")
        lines += ["## When the game ends", ""]
        lines += self.end_lines()
        lines += self.choice_lines(self.choices_for("end"), "end.md")
        lines += ["## Scoring {#scoring}", "", "Each player adds up these parts, in this order "
                  "(a part may use the points counted before it):", ""]
        for i, s in enumerate(m.scoring, 1):
            name = s.name.get("en", s.id) if isinstance(s.name, dict) else str(s.name)
            rest = self.other_names(s.name) if isinstance(s.name, dict) else ""
            if s.type >= 0:
                who = f"{self.card_link(m.types[s.type])}{rest}, only if you have it in play"
            else:
                who = f"**{md(name)}**{rest}"
            when = " — counted last" if s.order > 0 and s is m.scoring[-1] else (" — counted after the others"
                                                                                 if s.order > 0 else "")
            tables: list = []
            said = sentence(self.say(s.text, tables))
            lines.append(f"{i}. {who}{when}: {said[0].lower()}{said[1:]}")
            for t in tables:        # the table the part reads off, inside its item
                lines += [""] + [f"    {x}" for x in t if x] + [""]
        lines.append("")
        lines += ["## Tie-break {#tie-break}", ""]
        if m.tie_break:
            def ranked(text) -> str:
                """A tie-break said of the tied player: "with the most marbles left in their bag", or the
                content's own comparative ("further along the track")."""
                said = re.sub(r"\byour\b", "their", md(text))
                first = said.split(" ", 1)[0]
                return said if first.endswith("er") or first in ("more", "less", "fewer") else f"with the most {said}"
            tb = [ranked(text) for _, text in m.tie_break]
            lines += ["The player with the most points wins. If players tie, the tied player "
                      + ", then ".join(tb) + " wins; players still tied share the victory.", ""]
        else:
            lines += ["The player with the most points wins; tied players share the victory.", ""]
        return "\n".join(lines)

    def where(self, path: str) -> str:
        parts = path.split("/")
        if parts[0] == "roles" and len(parts) > 2:
            r = next((x for x in self.m.roles if self.role_path(x) == f"roles/{parts[1]}"), None)
            name = md(r.en if r else parts[1])
            return {"start": f"At the start of the {name} phase", "end": f"At the end of the {name} phase"}.get(
                parts[2], f"During the {name} phase")
        moment = self.moment_of(path)
        if moment == "start" and self.flow_shape()["choice"] is None:
            return "In each round"      # no role choice: the round's steps are the whole round, not its start
        if moment is not None:
            return {"before": "Before the first round", "start": "At the start of each round",
                    "end": "At the end of each round", "after": "After the last round"}.get(moment, "Each round")
        if parts[0] == "setup":
            return "During setup"
        if parts[0] == "cards" and len(parts) > 1:
            return "When a card's ability says so"
        return "During the game"
