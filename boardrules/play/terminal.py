"""The terminal game: a person plays one seat against bots (``boardrules play GAME --human 0``).

Each time it is the person's turn it shows what happened since their last decision (the events their seat may
know, grouped by round, phase and turn), their own places and counts, the others' public state, a board drawn with
numbered rows and columns, the status line (round, phase, whose turn, and what the content marks as a player's
state) and the decision in the rules pages' words with the legal answers numbered, each with the rules text of
what it offers (``t N`` prints it whole; ``l`` the round's log). The words come from ``reading.Reader``, shared
with the web table. ``u`` takes back the person's last decision (the game is replayed
without it and what the bots did after it), as long as no card hidden from them has come into view since.
Drawn with ``rich`` (the ``boardrules[play]`` extra); nothing here names a game.
"""
from __future__ import annotations

from typing import Any

from ..errors import UsageError
from .reading import Reader, board_text

HELP = ("Type the number of a choice; t and a number (t 2): the rules text of what that choice offers; l: the log "
        "of the round so far; u: take back your last decision; q: stop the game.")
MAX_SHOWN = 40      # log lines shown at a time (the earlier ones are counted)
INSTALL = ("pip install '.[play]' in a checkout of boardrules (pip install 'boardrules[play]' where the package "
           "comes from an index)")


def need_rich():
    """The rich module, or a UsageError saying how to install it."""
    try:
        import rich  # noqa: F401
        from rich.console import Console
    except ImportError:
        raise UsageError(f"the terminal game needs rich (a Python package): {INSTALL}") from None
    return Console


class TerminalGame:
    """One game with a person at seat ``human`` and ``bots`` (one per seat; the person's is not used)."""

    def __init__(self, rules: Any, players: int, seed: int, options: dict, human: int, bots: list,
                 console: Any = None) -> None:
        Console = need_rich()
        if not 0 <= human < players:
            raise UsageError(f"--human must be a seat from 0 to {players - 1}, not {human}")
        self.rules, self.players, self.seed, self.options = rules, players, seed, options
        self.human, self.bots = human, bots
        self.console = console or Console(highlight=False)
        self.game = rules.new_game(players=players, seed=seed, options=options)
        self.seen = 0           # the events the person has been shown
        self.undo: list = []    # per decision of the person: (history length before it, event count before it)
        m = rules.model
        self.cards = {c.id: c for c in rules.cards}
        self.roles = {r.id: r for r in m.roles}
        self.reader = Reader(rules)

    # ------------------------------------------------------------------ the loop
    def run(self) -> int:
        """Plays to the end (0) or until the person stops or the input ends (1)."""
        from rich.markup import escape

        out = self.console
        out.print(f"[bold]{escape(self.rules.title)}[/bold]: {self.players} players, seed {self.seed}; you are seat "
                  f"{self.human}. {HELP}")
        game = self.game
        while not game.is_over:
            seat = game.current_player
            if seat != self.human:
                game.apply(self.bots[seat].choose(game))
                continue
            self.show()
            if not self.ask():
                return 1
            game = self.game
        self.show_events()
        self.show_end()
        return 0

    def ask(self) -> bool:
        """Reads answers until one is taken (True) or the person stops (False)."""
        out = self.console
        actions = self.game.legal_actions()
        while True:
            try:
                line = out.input(f"your choice (1-{len(actions)}; t N: its rules text; l, u, q): ").strip().lower()
            except EOFError:
                out.print("\nThe input ended: the game stops here.")
                return False
            if line in ("q", "quit"):
                out.print("You stopped the game.")
                return False
            if line in ("u", "undo"):
                if self.take_back():
                    return True
                continue
            if line in ("h", "?", "help"):
                out.print(HELP, markup=False)
                continue
            if line in ("l", "log"):
                self.show_round_log()
                continue
            if line[:1] == "t" and line[1:].strip().isdigit() and 1 <= int(line[1:]) <= len(actions):
                self.show_texts(actions[int(line[1:]) - 1])
                continue
            if line.isdigit() and 1 <= int(line) <= len(actions):
                self.undo.append((len(self.game.history), self.game.event_count))
                self.seen = self.game.event_count
                self.game.apply(actions[int(line) - 1])
                return True
            out.print(f"{line!r} is not a choice. {HELP}", style="red", markup=False)

    def take_back(self) -> bool:
        """Replays the game without the person's last decision; refused when a card hidden from them has come into
        view since, or when there is nothing to take back."""
        out = self.console
        if not self.undo:
            out.print("There is no decision of yours to take back.")
            return False
        at, mark = self.undo[-1]
        shown = self.came_into_view_since(mark)
        if shown:
            out.print(f"You cannot take it back: since then you have seen {shown}.", markup=False)
            return False
        self.undo.pop()
        history = self.game.history[:at]
        self.game = self.rules.replay(self.players, self.seed, self.options, history)
        self.seen = min(self.seen, mark)
        out.print(f"[yellow]Taken back: you decide again ({len(self.undo)} earlier decisions of yours).[/yellow]")
        return True

    def came_into_view_since(self, mark: int) -> str | None:
        """A card that came into the person's view from a place hidden from them after event ``mark``, or None."""
        for e in self.game.events(self.human, since=mark):
            if e["type"] == "move" and e["card"] is not None and not self.sees(e["from"]):
                return e["text"]
        return None

    def sees(self, place: dict) -> bool:
        m = self.rules.model
        if "pile" in place:
            return m.piles[m.pile_index[place["pile"]]].visibility == "public"
        z = m.zones[m.zone_index[place["zone"]]]
        return z.visibility in ("public", "top") or (z.visibility == "owner" and place.get("seat") == self.human)

    # ------------------------------------------------------------------ drawing
    def name(self, entry: Any) -> str:
        """A card of the view by its name (with what lies on it)."""
        if isinstance(entry, dict):
            card = self.cards.get(entry["card"])
            extras = [f"{pile}: {', '.join(self.name(c) for c in under) if isinstance(under, list) else under}"
                      for pile, under in entry.get("piles", {}).items()]
            counters = self.rules.model.counters
            index = self.rules.model.counter_index
            extras += [counters[index[k]].shown(n) for k, n in entry.get("counts", {}).items()]
            base = card.en if card else entry["card"]
            return f"{base} [{'; '.join(extras)}]" if extras else base
        card = self.cards.get(entry)
        return card.en if card else str(entry)

    def cards_text(self, cards: Any) -> str:
        if isinstance(cards, dict):
            n = cards["count"]
            if "top" in cards:          # a face-up stack: its top card and how many lie under it
                return f"{self.name(cards['top'])} (and {n - 1} under it)" if n > 1 else \
                    self.name(cards["top"]) if n else "-"
            return f"{n} hidden card{'s' * (n != 1)}" if n else "-"
        alike: dict[str, int] = {}      # copies of one card counted once ("Name ×3"), in order
        for c in cards:
            name = self.name(c)
            alike[name] = alike.get(name, 0) + 1
        return ", ".join(name + (f" ×{n}" if n > 1 else "") for name, n in alike.items()) or "-"

    def show_events(self) -> None:
        """What happened since the person's last decision, grouped by round, phase and turn."""
        events = self.game.events(self.human, since=self.seen)
        self.seen = self.game.event_count
        groups = self.reader.grouped(events, self.human)
        if not groups:
            return
        self.console.rule("since your last decision")
        self.print_groups(groups, MAX_SHOWN)

    def print_groups(self, groups: list, limit: int) -> None:
        out = self.console
        lines = []
        for r in groups:
            if r["round"] is not None:
                lines.append(("bold", f"-- {r['title']} --"))
            for p in r["phases"]:
                if p["phase"]:
                    lines.append(("bold", p["phase"]))
                for t in p["turns"]:
                    if t["seat"] is not None:
                        who = "you" if t["seat"] == self.human else f"seat {t['seat']}"
                        lines.append(("cyan", f" {who}:"))
                    lines += [("", "   " + line.get("said", line["text"])) for line in t["lines"]]
        if len(lines) > limit:
            out.print(f"  ... {len(lines) - limit} earlier lines (l: the log of the round so far)", markup=False)
            lines = lines[-limit:]
        for style, text in lines:
            out.print(text, style=style or None, markup=False)

    def show_round_log(self) -> None:
        """The log of the round so far (from its first event)."""
        events = self.game.events(self.human)
        start = max((i for i, e in enumerate(events) if e["type"] == "round"), default=0)
        self.console.rule("this round so far")
        self.print_groups(self.reader.grouped(events[start:], self.human), 400)

    def worth_telling(self, e: dict) -> bool:
        return self.reader.told(e)

    def show(self) -> None:
        from rich.markup import escape
        from rich.table import Table

        out = self.console
        self.show_events()
        view = self.game.view(self.human)
        m = self.rules.model
        me = self.human
        reader = self.reader
        out.rule(escape(reader.status_line(view, me)))
        table = Table(show_header=True, header_style="bold", expand=False)
        table.add_column("")
        for seat in range(self.players):
            table.add_column("you" if seat == me else f"seat {seat}")
        for z in m.zones:
            if z.scope != "player":
                continue
            row = [self.cards_text(view["zones"][z.id][s]) for s in range(self.players)]
            if all(r == "-" for r in row):
                continue
            table.add_row(escape(z.text), *map(escape, row))
        for c in reader.shown_counters:
            if c.scope == "player":
                values = view["counters"][c.id]
                if any(v != 0 for v in values):     # None: a value the view hides (its owner alone sees it)
                    table.add_row(escape(c.text), *("hidden" if v is None else str(v) for v in values))
        out.print(table)
        shared = []
        for z in m.zones:
            if z.scope == "shared" and z.id != self.box_id():
                text = self.cards_text(view["zones"][z.id])
                if text != "-":
                    shared.append(f"{z.text}: {text}")
        for c in reader.shown_counters:
            values = view["counters"][c.id]
            if c.scope == "shared" and values[0]:
                shared.append(f"{c.text}: {values[0]}")
            elif c.scope == "role" and any(values):
                shared.append(f"{c.text}: " + ", ".join(f"{reader.role_name(m.roles[i].id)} {v}"
                                                       for i, v in enumerate(values) if v))
        for line in shared:
            out.print("  " + line, markup=False)
        for bid, state in (view.get("boards") or {}).items():
            drawn = board_text(m, bid, state, self.players, me)
            if drawn:
                out.print(drawn, markup=False, highlight=False)
        out.print(reader.status_line(view, me), style="bold", markup=False)
        self.show_choices()

    def box_id(self) -> str | None:
        box = self.rules.model.box
        return None if box is None else self.rules.model.zones[box].id

    def show_choices(self) -> None:
        from rich.markup import escape
        from rich.table import Table

        actions = self.game.legal_actions()
        self.console.print("your decision: " + self.reader.heading(self.game), style="bold", markup=False)
        table = Table(show_header=False, expand=False)
        table.add_column("#", justify="right")
        table.add_column("choice")
        table.add_column("rules text")
        for i, a in enumerate(actions, 1):
            about = self.about(a)
            table.add_row(str(i), escape(self.reader.answer(a)), escape(about if len(about) <= 90 else
                                                                        about[:86] + f" ... (t {i})"))
        self.console.print(table)

    def show_texts(self, action: Any) -> None:
        """The full rules texts of what an answer offers (the ``t N`` key)."""
        offered = self.reader.offered(action)
        if not offered:
            self.console.print(f"{self.reader.answer(action)}: no card or role with a rules text.", markup=False)
        for name, text in offered:
            self.console.print(f"{name}: {text}", markup=False)

    def about(self, action: Any) -> str:
        return self.reader.about(action)

    def show_end(self) -> None:
        from rich.table import Table

        game = self.game
        out = self.console
        out.rule("game over")
        out.print(f"{game.end_reason}.", markup=False)
        out.print(self.reader.status_line(game.view(self.human), self.human), style="bold", markup=False)
        winners = game.winners()
        table = Table(show_header=True, header_style="bold")
        table.add_column("seat")
        table.add_column("points", justify="right")
        table.add_column("parts")
        table.add_column("")
        for s in game.scores():
            who = "you" if s["seat"] == self.human else f"seat {s['seat']}"
            table.add_row(who, str(s["total"]), self.reader.parts(s), "winner" if s["seat"] in winners else "")
        out.print(table)
        out.print("You win!" if self.human in winners else "You did not win this time.")
