"""What a person reads at a table, shared by the terminal game and the web table: the status line, the decision
and its answers in the rules pages' words, the rules text of what an answer offers, the score parts by name, and
the log grouped by round, phase and turn.

Everything here is made from the compiled model (the content's own texts: the steps' English rendering, the
cards', counters' and scoring parts' names, the ``play`` section's ``status`` and ``bookkeeping`` marks) and from a
seat's view and events: nothing names a game. Places on a board are named as the drawn map labels them (rows and
columns numbered from 1, the border spaces numbered clockwise from the top left).
"""
from __future__ import annotations

import re
from typing import Any

#: a cell or border node as actions write it ("r8c23", "edge9")
_CELL, _EDGE = re.compile(r"\br(\d+)c(\d+)\b"), re.compile(r"\bedge(\d+)\b")


def place_words(text: str) -> str:
    """A sentence with its board places as the drawn map labels them: "r8c23" -> "row 8, column 23", "edge9" ->
    "border space 9"; "turned 90" -> "turned 90°"."""
    if "r" not in text and "edge" not in text:
        return text
    text = _CELL.sub(lambda m: f"row {m.group(1)}, column {m.group(2)}", text)
    text = _EDGE.sub(lambda m: f"border space {m.group(1)}", text)
    return re.sub(r"\bturned (0|90|180|270)\b", r"turned \1°", text)


def seat_name(seat: Any, me: int | None) -> str:
    if seat is None:
        return "nobody"
    return "you" if seat == me else f"seat {seat}"


def humane(kind: str) -> str:
    """An id as words, for a decision the content gave no text ("draw_more" -> "draw more")."""
    return str(kind).replace("_", " ")


class Reader:
    """The words of one game's table, from its rules."""

    def __init__(self, rules: Any) -> None:
        self.rules = rules
        self.model = m = rules.model
        self.cards = {c.id: c for c in rules.cards}
        self.roles = {r.id: r for r in m.roles}
        hidden = m.play.bookkeeping
        #: the counters a player sees (not the rules' own accounts, not the counts each card holds)
        self.shown_counters = [c for c in m.counters if c.id not in hidden]
        self.bookkeeping = frozenset(hidden)
        self.part_names = {}
        for s in m.scoring:
            self.part_names.setdefault(s.id, s.name.get("en") if isinstance(s.name, dict) and s.name.get("en")
                                       else humane(s.id))

    # ------------------------------------------------------------------ names
    def card_name(self, card_id: Any) -> str:
        c = self.cards.get(card_id)
        return c.en if c is not None else humane(card_id)

    def role_name(self, role_id: Any) -> str:
        r = self.roles.get(role_id)
        return r.name.get("en", humane(r.id)) if r is not None else humane(role_id)

    def card_text(self, card: Any) -> str:
        """A card's numbers (by the attributes' own words) and rules texts, as a person reads them beside its name."""
        attributes = self.model.attributes
        numbers = ", ".join(f"{(attributes.get(k) or {}).get('text') or humane(k)} {v}" for k, v in card.attrs.items()
                            if isinstance(v, int) and not isinstance(v, bool) and v)
        return " ".join(([f"({numbers})"] if numbers else []) + [str(t) for t in card.texts]
                        + [str(n) for n in card.notes])      # the notes the rules pages print under the card

    # ------------------------------------------------------------------ the status line
    def status(self, view: dict, me: int | None) -> list[tuple[str, str]]:
        """(label, value) pairs: the round, the phase, whose turn it is, then what the content marks as a player's
        state (``play.status``): scores so far, the start player, counters, variables, turn order."""
        out = [("round", str(view.get("round", 0)))]
        if view.get("role"):
            out.append(("phase", self.role_name(view["role"])))
        if view.get("over"):
            out.append(("turn", "the game is over"))
        elif view.get("current_player") is not None:
            who = view["current_player"]
            out.append(("turn", "yours" if who == me else f"seat {who}"))
        for item in view.get("status") or ():
            shown = self.status_value(item, me)
            if shown is not None:
                out.append((item["text"], shown))
        return out

    def status_value(self, item: dict, me: int | None) -> str | None:
        shows = item.get("shows", "number")
        if "values" in item:
            values = item["values"]
            order = ([me] if me is not None and me < len(values) else []) + [s for s in range(len(values)) if s != me]
            order = [s for s in order if values[s] is not None]        # a value hidden from this seat is left out
            if not order:
                return None
            return ", ".join(f"{seat_name(s, me)} = {values[s]}" for s in order)
        value = item.get("value")
        if value is None:
            return None
        if shows == "card":
            return self.card_name(value)
        if shows == "seat":
            return seat_name(value, me)
        if shows == "order":
            return " → ".join(seat_name(s, me) for s in value)
        return str(value)

    def status_line(self, view: dict, me: int | None) -> str:
        return " · ".join(f"{label}: {value}" for label, value in self.status(view, me))

    # ------------------------------------------------------------------ a decision
    def heading(self, game: Any) -> str:
        """What the pending decision is, in the rules pages' words (its step's English rendering)."""
        text = str(game.view(game.current_player).get("decision") or "") if game.current_player is not None else ""
        return text or humane(game.prompt or "")

    def answer(self, action: Any) -> str:
        """An answer's sentence, its board places as the map labels them."""
        return place_words(str(action))

    def offered(self, action: Any) -> list:
        """The cards and roles an answer names (by id, in its arguments' order), each with its rules text:
        [(name, text)], only those with a text."""
        out = []
        for value in action.args.values():
            if not isinstance(value, str):
                continue
            card = self.cards.get(value)
            if card is not None:
                text = self.card_text(card)
                if text:
                    out.append((card.en, text))
                continue
            role = self.roles.get(value)
            if role is not None and action.kind != "pass":
                text = " ".join(str(t) for t in role.privilege_texts)
                if text:
                    out.append((self.role_name(value), text))
        return out

    def about(self, action: Any) -> str:
        """The rules text of what an answer offers, in one line (the names first when it offers several)."""
        offered = self.offered(action)
        if len(offered) == 1:
            return offered[0][1]
        return " ".join(f"{name}: {text}" for name, text in offered)

    def parts(self, score: dict) -> str:
        """A seat's score parts by their names ("Cards 12, Bonus 3")."""
        return ", ".join(f"{self.part_names.get(k, humane(k))} {v}" for k, v in score["parts"].items() if v)

    # ------------------------------------------------------------------ the log
    def told(self, e: dict) -> bool:
        """Whether a player reads an event: not a count of the rules' own accounts, not a card's count (it shows on
        the card)."""
        if e["type"] != "count":
            return True
        if e["counter"] in self.bookkeeping:
            return False
        m = self.model
        return m.counters[m.counter_index[e["counter"]]].scope != "card"

    def event_text(self, e: dict, me: int | None) -> str:
        if e.get("type") == "count":
            return self.count_text(e, me)
        text = e["text"]
        if me is not None:
            text = text.replace(f"seat {me}'s ", "your ").replace(f"seat {me}:", "you:")
            text = re.sub(rf" of seat {me}\b", "", text)
        return place_words(text)

    def count_text(self, e: dict, me: int | None) -> str:
        """A count's change, said of its holder ("your tokens: 1 → 3", "seat 2's score track: 5 → 2")."""
        m = self.model
        c = m.counters[m.counter_index[e["counter"]]]
        text = c.text[5:] if c.text.startswith("your ") else c.text
        if c.scope == "player":
            owner = "your" if e.get("holder") == me else f"seat {e.get('holder')}'s"
            text = f"{owner} {text[4:] if text.startswith('the ') else text}"
        elif c.scope == "role":
            text = f"{text} on {self.role_name(e.get('holder'))}"
        if e.get("before") is None:
            return f"{text}: {e.get('change', 0):+d} (the total is hidden)"
        return f"{text}: {e['before']} → {e['after']}"

    def lines(self, events: list[dict], me: int | None) -> list[dict]:
        """The events a player reads, with runs of moves between the same two places said once ("Ace ×3, King:
        from the deck to the discard pile"): [{"type", "text", "seat" (a decision's),
        "index"}]."""
        out: list[dict] = []
        run: dict | None = None
        for e in events:
            if not self.told(e):
                continue
            if e["type"] == "move":
                key = (repr(e.get("from")), repr(e.get("to")))
                what = self.card_name(e["card"]) if e.get("card") else None
                n = e.get("count", 1) if what is None else 1
                if run is not None and run["key"] == key:
                    run["cards"][what] = run["cards"].get(what, 0) + n
                    continue
                where = e["text"].split(": ", 1)[1] if ": " in e["text"] else e["text"]
                chained = run if run is not None and repr(e.get("from")) == run["key"][1] else None
                run = {"type": "move", "key": key, "cards": {what: n}, "where": where, "index": e["index"],
                       "seat": None, "text": ""}
                if chained is None:
                    out.append(run)
                else:       # cards going on from where the last ones went: one line
                    chained["after"] = run
                continue
            run = None
            line = {"type": e["type"], "text": self.event_text(e, me), "index": e["index"], "seat": e.get("seat")}
            if e["type"] == "decision":
                line["forced"] = e.get("forced", False)
            out.append(line)
        for line in out:
            if line["type"] == "move":
                line["text"] = self.event_text({"text": self.moved(line)}, me)
        return out

    @staticmethod
    def moved(run: dict) -> str:
        """A run of moves in one line; a run that went on from where it ended (its ``after``) said with it."""
        said = []
        while run is not None:
            parts = []
            for name, n in run["cards"].items():
                if name is None:
                    parts.append(f"{n} hidden card" + "s" * (n != 1))
                else:
                    parts.append(name + (f" ×{n}" if n > 1 else ""))
            said.append(f"{', '.join(parts)}: {run['where']}")
            run = run.get("after")
        return "; then ".join(said)

    def grouped(self, events: list[dict], me: int | None) -> list[dict]:
        """The lines grouped: [{"round": n or None, "phases": [{"phase": text or None, "turns": [{"seat": a seat
        or None, "lines": [...]}]}]}], oldest first; a turn is a seat's decisions and what followed them."""
        rounds: list[dict] = []
        cur_round = {"round": None, "title": "before the first round", "phases": []}
        rounds.append(cur_round)
        phase = None
        turn = None

        def new_phase(title):
            nonlocal phase, turn
            phase = {"phase": title, "turns": []}
            cur_round["phases"].append(phase)
            turn = None

        new_phase(None)
        for line in self.lines(events, me):
            kind = line["type"]
            if kind == "round":
                cur_round = {"round": line["text"], "title": line["text"], "phases": []}
                rounds.append(cur_round)
                new_phase(None)
                continue
            if kind == "phase":
                new_phase(line["text"])
                continue
            if kind == "decision":      # said under its seat's heading: without "seat 2: " before it
                line["said"] = re.sub(r"^(you|seat \d+): ", "", line["text"])
            if kind == "decision" and (turn is None or turn["seat"] != line["seat"]):
                turn = {"seat": line["seat"], "lines": []}
                phase["turns"].append(turn)
            elif turn is None:
                turn = {"seat": None, "lines": []}
                phase["turns"].append(turn)
            turn["lines"].append(line)
        return [r for r in rounds if any(p["turns"] or p["phase"] for p in r["phases"])]


def board_text(model: Any, bid: str, state: dict, players: int, me: int | None) -> str:
    """A board of a view drawn in text, for the terminal: column numbers on top, row numbers on the left (the
    places answers name), a cell three characters wide ("~" water, "." land, a mark's or item's short label as the
    pictures write it, "@k" a piece of seat k, "Mk" a marker of seat k, "#k" a laid piece of seat k), the pieces on
    border spaces listed under it, and a legend. "" for a board the model cannot lay."""
    from ..model import boards as B
    from ..model.drawing import labels

    bdef = model.boards.get(bid)
    layout = bdef.layout(players) if bdef is not None else None
    slots = [tuple(s) for s in state.get("slots") or ()]
    if layout is None or not slots or any(len(s) != 2 or s[0] not in bdef.tiles for s in slots) \
            or len(slots) % layout[1]:
        return ""
    laid = B.lay(bdef.tiles, [(t, r or 0) for t, r in slots], layout[1], bdef.border)
    said = labels(bdef)
    w, size = laid.width, len(laid.cells)
    markers = list(state.get("markers") or [])[:size]
    covered = list(state.get("covered") or [])[:size]
    on_cell: dict = {}
    on_edge: dict = {}
    for seat, mine in enumerate(state.get("pieces") or []):
        for node in mine if isinstance(mine, list) else ():
            cell = _CELL.fullmatch(str(node))
            edge = _EDGE.fullmatch(str(node))
            if cell:
                on_cell.setdefault((int(cell.group(1)) - 1) * w + int(cell.group(2)) - 1, []).append(seat)
            elif edge:
                on_edge.setdefault(int(edge.group(1)), []).append(seat)
    lines = [f"{bdef.text}:", "     " + "".join(f"{c + 1:<3}" for c in range(w))]
    for r in range(laid.height):
        row = []
        for c in range(w):
            i = r * w + c
            cell = laid.cells[i]
            if i in on_cell:
                text = f"@{on_cell[i][0]}"
            elif i < len(markers) and isinstance(markers[i], int) and markers[i] >= 0:
                text = f"M{markers[i]}"
            elif i < len(covered) and isinstance(covered[i], int) and covered[i] >= 0:
                text = f"#{covered[i]}"
            elif cell.mark:
                text = said[cell.mark]
            elif cell.item:
                text = said[cell.item]
            else:
                text = "." if cell.land else "~"
            row.append(f"{text:<3}")
        lines.append(f"{r + 1:>3}  " + "".join(row).rstrip())
    if bdef.border:
        lines.append("the border spaces: one beside each outer tile edge, numbered clockwise from 1 above the top "
                     "left tile")
    if on_edge:
        lines.append("on the border spaces: " + "; ".join(
            f"{k}: " + ", ".join(seat_name(s, me) for s in seats) for k, seats in sorted(on_edge.items())))
    names = {x: (model.counters[bdef.items[x]].text if x in getattr(bdef, "items", {}) else humane(x))
             for x in said}
    lines.append("~ water, . land, " + ", ".join(f"{short} {names[x]}" for x, short in said.items())
                 + "; @k a piece, Mk a marker, #k a laid piece of seat k" + (f" (you are seat {me})" if me is not None
                                                                            else ""))
    return "\n".join(lines)
