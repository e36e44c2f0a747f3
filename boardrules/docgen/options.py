"""The options page: what each option of a game changes, the cards it adds or leaves out, the presets that use it
and the rules choices that belong to it (a part of ``GameDoc``)."""
from __future__ import annotations

from .setup import option_values
from .text import code, fmt_value, md, table


class OptionsPage:
    """One section per option (mixed into ``GameDoc``)."""

    def options_page(self) -> str:
        m = self.m
        lines = self.header("options")
        lines += ["Each option is chosen when a game starts, with `rules.new_game(players, options={...})` or "
                  "`boardrules play <game> --option name=value`; a preset sets several at once "
                  "(`--preset name`). The cards an option changes are counted for the largest player count it "
                  "allows.", ""]
        for key, o in m.options.items():
            lines += [f"## `{key}` {{#option-{key}}}", "", md(" ".join(o.text.split())), ""]
            values = ", ".join(md(fmt_value(v)) for v in option_values(o)) or "any value"
            lines += table(["Default", "Values", "Players"],
                           [[md(fmt_value(o.default)), values, ", ".join(map(str, o.players)) if o.players else "any"]])
            if o.excludes:
                lines += ["It cannot be on together with " + ", ".join(f"`{x}`" for x in o.excludes) + ".", ""]
            presets = [f"`{p}`" for p, spec in m.presets.items() if key in spec["options"]]
            if presets:
                lines += ["Presets that set it: " + ", ".join(presets) + ".", ""]
            lines += self.option_card_lines(key, o)
            choices = [c for c in m.rules_choices if c.get("option") == key]
            if choices:
                lines += ["### Rules choices", ""] + self.choice_lines(choices, "options.md")
        return "\n".join(lines)

    def option_card_lines(self, key, o) -> list[str]:
        counts = [n for n in self.counts() if not o.players or n in o.players]
        if not counts:
            return []
        n = counts[-1]
        base = self.probe(n)
        if not isinstance(base, dict):
            return []
        lines = []
        for v in option_values(o):
            if v == o.default:
                continue
            q = self.probe(n, {key: v})
            if not isinstance(q, dict):
                continue
            rows = [[self.card_link(t, "options.md"), base["copies"][t.index], q["copies"][t.index]]
                    for t in self.m.types if base["copies"][t.index] != q["copies"][t.index]]
            if rows:
                label = code(f"{key} = {fmt_value(v)}") if not isinstance(v, bool) else (f"`{key}`" if v else f"no `{key}`")
                lines += [f"### Cards with {label} ({n} players)", ""]
                lines += table(["Card", "Without", "With"], rows)
        return lines
