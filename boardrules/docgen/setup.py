"""The setup page, and what it needs to know: the position right after setup for each player count and option, and
which cards each of them uses (a part of ``GameDoc``)."""
from __future__ import annotations

import json

from ..model import flow as F
from ..model import nodes as N
from .boards import board_svg, legend_line
from .text import cap, code, fmt_value, md, table, words


def player_ranges(values: dict) -> list[tuple[str, object]]:
    """{players: value} -> [("2–4", value), ("5", value), ...], consecutive counts with the same value merged."""
    rows = []
    for n in sorted(values):
        if rows and rows[-1][1] == n - 1 and rows[-1][2] == values[n]:
            rows[-1][1] = n
        else:
            rows.append([n, n, values[n]])
    return [(f"{a}" if a == b else f"{a}–{b}", v) for a, b, v in rows]


def option_values(opt) -> list:
    """The values an option can take: its listed values, yes and no for a yes/no option, else none."""
    return opt.values if opt.values is not None else ([True, False] if isinstance(opt.default, bool) else [])


class SetupPage:
    """The setup page and the games it sums up, by player count and options (mixed into ``GameDoc``)."""

    def probe(self, players, options=None):
        """The state right after setup for a player count and options: {"copies", "roles", "position"}; a string
        with the reason when such a game cannot start; position None when setup needs a decision."""
        key = (players, json.dumps(options or {}, sort_keys=True))
        if key in self._probes:
            return self._probes[key]
        from ..engine.kernel import Kernel
        try:
            chosen = self.rules.check_options(options or {}, players)
            g = Kernel(self.m, players, 0, chosen, log=False)
        except ValueError as exc:
            self._probes[key] = str(exc)
            return self._probes[key]
        box = getattr(self.m, "box", None)
        copies = [0] * len(self.m.types)
        for z in self.m.zones:
            if z.index == box:
                continue
            for owner in g.zones[z.index]:
                for c in g.deep(owner):
                    copies[self.m.instance_types[c].index] += 1
        roles = [self.m.roles[r] for r in g.role_pool]
        position = self.set_up(g)
        if position is not None:
            # what a shuffle or a random draw decides (a start player's seat) is no rule: only what every seed
            # shows is said
            for seed in range(1, 6):
                other = self.set_up(Kernel(self.m, players, seed, chosen, log=False)) or {}
                position = {k: v for k, v in position.items() if other.get(k) == v}
        self._probes[key] = {"copies": copies, "roles": roles, "position": position}
        return self._probes[key]

    def set_up(self, g):
        """The position after the set-up steps of the new game ``g`` (``position``), or None when the set-up needs a
        decision or cannot run."""
        try:
            steps = [s for s in self.m.flow.steps if not isinstance(s, F.Rounds) and s.path != "flow"]
            g.push(N.Block(steps), {})
            g.run()
            if g.pending is None:
                return self.position(g)
        except Exception:       # noqa: BLE001 - a setup this summary cannot run is simply not summarised
            pass
        return None

    def position(self, g) -> dict:
        """Where the cards are after setup: place -> text (per-player places from the start player on)."""
        out = {}
        order = [(g.start_player + k) % g.players for k in range(g.players)]
        for z in self.m.zones:
            if z.index == getattr(self.m, "box", None):
                continue
            if z.scope == "player":
                counts = [len(g.zones[z.index][s]) for s in order]
                if any(counts):
                    out[md(cap(z.text))] = f"{counts[0]} each" if len(set(counts)) == 1 else ", ".join(map(str, counts))
            elif g.zones[z.index][0]:
                out[md(cap(z.text))] = str(len(g.zones[z.index][0]))
        for c in self.m.counters:
            row = g.counters[c.index]
            values = [row[s] for s in order] if c.scope == "player" else row
            if any(values):
                out[md(cap(c.text))] = f"{values[0]} each" if c.scope == "player" and len(set(values)) == 1 \
                    else ", ".join(map(str, values))
        return out

    def counts(self):
        return list(self.rules.players)

    def default_games(self) -> dict:
        """Player count -> the state after setup with the default options, for the counts whose game can start."""
        out = {}
        for n in self.counts():
            p = self.probe(n)
            if isinstance(p, dict):
                out[n] = p
        return out

    def option_variants(self, players):
        """(label, options) for each single option change allowed with this player count."""
        out = []
        for key, opt in self.m.options.items():
            for v in option_values(opt):
                if v == opt.default:
                    continue
                said = words(key)
                label = f"the {said} option set to {words(fmt_value(v))}" if not isinstance(v, bool) else \
                    (f"the {said} option" if v else f"without the {said} option")
                out.append((label, {key: v}))
        return out

    def copy_columns(self) -> list[tuple[str, list]]:
        """(column title, copies per card type): by player count with the default options, then one column per
        option value that changes the cards (at the largest player count that allows it, named in the title when
        the counts also depend on the number of players)."""
        if getattr(self, "_columns", None) is None:
            self._columns = self._copy_columns()
        return self._columns

    def _copy_columns(self) -> list[tuple[str, list]]:
        per = {n: tuple(p["copies"]) for n, p in self.default_games().items()}
        cols = [(f"{r} players", list(v)) for r, v in player_ranges(per)]
        by_count = len(set(per.values())) > 1
        for n in reversed(self.counts()):
            if n not in per:
                continue
            for label, opts in self.option_variants(n):
                q = self.probe(n, opts)
                said = label if label.startswith("without ") else f"with {label}"
                if isinstance(q, dict) and tuple(q["copies"]) != per[n] and not any(
                        title.startswith(said) for title, _ in cols):
                    anyone = self.m.options[next(iter(opts))].players is None and not by_count
                    cols.append((said if anyone else f"{said} ({n} players)", q["copies"]))
        return cols

    def copies_table(self) -> list[str]:
        cols = self.copy_columns()
        if len(cols) <= 1:
            return []
        lines = ["## Cards in the game {#cards-in-the-game}", "",
                 "The cards used depend on the player count and the options; the others stay in the box. "
                 "Cards whose number changes:", ""]
        rows = []
        for t in self.m.types:
            values = [v[t.index] for _, v in cols]
            if len(set(values)) > 1:
                rows.append([self.card_link(t)] + values)
        rows.append(["**All cards**"] + [f"**{sum(v)}**" for _, v in cols])
        return lines + table(["Card"] + [title for title, _ in cols], rows)

    def board_lines(self) -> list[str]:
        """Each board of the game drawn for each player count ("## The board"; none for a game without boards)."""
        lines = []
        for bdef in self.m.boards.values():
            lines += [f"## {md(cap(str(bdef.text)))}", ""]
            key = legend_line(bdef, lambda c: self.m.counters[c].text)
            if key:
                lines += ["In the pictures, " + key, ""]
            for players, (slots, columns) in sorted(bdef.layouts.items()):
                turned = [i + 1 for i, (_, rot) in enumerate(slots) if rot is None]
                lines += [f"With {players} players" + (f" (tile slot{'s' if len(turned) > 1 else ''} "
                          f"{', '.join(map(str, turned))} counted row by row, turned at random when the game is set "
                          "up; shown unturned)" if turned else "") + ":", "",
                          # a block of raw HTML (a div), which Markdown copies as it is: its inline rules would
                          # read the picture's label (the board's text) as links and emphasis inside the attribute
                          '<div class="board">' + board_svg(bdef, [(t, rot or 0) for t, rot in slots], columns)
                          + "</div>", ""]
        return lines

    def setup(self) -> str:
        m = self.m
        lines = self.header("setup")
        lines += ["## Setting up", ""]
        lines += (self.steps("setup") or ["There is nothing to set up."]) + [""]
        lines += self.choice_lines(self.choices_for("setup"), "setup.md")
        lines += self.board_lines()
        lines += self.copies_table()
        lines += ["## By player count", ""]
        rows, missing = [], []
        for n in self.counts():
            p = self.probe(n)
            if not isinstance(p, dict):
                missing.append(f"{n} players: {md(p)}")
                continue
            rows.append((n, "", p))
            for label, opts in self.option_variants(n):
                q = self.probe(n, opts)
                if isinstance(q, dict) and q["position"] is not None and p["position"] is not None \
                        and (q["position"] != p["position"] or q["roles"] != p["roles"]):
                    rows.append((n, label, q))
        places = []
        for _, _, p in rows:
            for k in p["position"] or {}:
                if k not in places:
                    places.append(k)
        base_roles = rows[0][2]["roles"] if rows else []
        vary = any(p["roles"] != base_roles for _, _, p in rows)
        head = ["Players"] + (["Roles"] if vary else []) + ["Cards"] + places
        body = []
        for n, label, p in rows:
            extra = [r for r in p["roles"] if r not in base_roles]
            gone = [r for r in base_roles if r not in p["roles"]]
            roles = str(len(p["roles"])) + "".join(
                f" ({sign} {', '.join(self.role_link(r) for r in rs)})" for sign, rs in (("+", extra), ("−", gone)) if rs)
            body.append([f"{n}" + (f" ({label})" if label else "")] + ([roles] if vary else [])
                        + [str(sum(p["copies"]))] + [(p["position"] or {}).get(k, "0") for k in places])
        if rows and base_roles:     # (a game without roles says nothing of them)
            lines += [f"With {rows[0][0]} players the roles are {', '.join(self.role_link(r) for r in base_roles)}."
                      + (" Other player counts add or leave out roles as shown." if vary else
                         " Every player count uses the same roles."), ""]
        if rows:
            lines += ["Right after setup (for places that every player has, from the start player on):", ""]
            lines += table(head, body)
        for x in missing:
            lines += [f"- {x}"]
        if missing:
            lines.append("")
        lines += ["## Options", ""]
        if m.options:
            rows = []
            for key, o in m.options.items():
                rows.append([f"`{key}`", md(fmt_value(o.default)), ", ".join(md(fmt_value(v)) for v in option_values(o)),
                             ", ".join(map(str, o.players)) if o.players else "any",
                             ", ".join(f"`{x}`" for x in o.excludes), md(" ".join(o.text.split()))])
            lines += table(["Option", "Default", "Values", "Players", "Excludes", "Meaning"], rows)
            lines += ["Choose options with `rules.new_game(players, options={...})` or "
                      "`boardrules play <game> --option name=value`.", ""]
        else:
            lines += ["This game has no options.", ""]
        lines += ["## Presets", ""]
        if m.presets:
            rows = [[f"`{k}`", md(" ".join(str(p.get("text", "")).split())),
                     ", ".join(code(f"{o} = {fmt_value(v)}") for o, v in p["options"].items())]
                    for k, p in m.presets.items()]
            lines += table(["Preset", "Meaning", "Options"], rows)
        else:
            lines += ["This game has no presets.", ""]
        return "\n".join(lines)
