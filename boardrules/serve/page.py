"""The web table's pages, written on the server as plain HTML (forms and buttons, no script).

A seat's page is made from that seat's ``game.view(seat)`` and ``game.events(seat)`` alone, plus the rules (card
and role texts) and the legal answers when the decision is theirs: nothing else of the game reaches it. Every card
named on it carries its id in a ``data-card`` attribute, so a test can check what the page shows. Nothing here
names a game.
"""
from __future__ import annotations

import json
import re
from html import escape
from typing import Any

from ..docgen.boards import legend_line
from ..model.drawing import board_svg
from ..play.reading import Reader

LOG_SHOWN = 80          # the newest events shown on a page (the earlier ones are counted)
#: each seat's colour on the boards (seat k: the k-th, round again past the last)
SEAT_COLOURS = ("#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#b07aa1", "#edc948", "#9c755f")


def layout(title: str, body: str, refresh: int | None = None) -> str:
    meta = f'<meta http-equiv="refresh" content="{refresh}">' if refresh else ""
    return (f'<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">{meta}'
            f'<title>{escape(title)}</title><link rel="stylesheet" href="/static/table.css">'
            f'<script src="/static/table.js" defer></script></head>'
            f'<body>{body}</body></html>\n')


def error_page(status: int, message: str, back: str = "/") -> str:
    return layout("refused", f'<main class="narrow"><h1>Refused ({status})</h1><p class="error" id="error">'
                             f'{escape(message)}</p><p><a href="{escape(back)}">back</a></p></main>')


# ---------------------------------------------------------------------- the start page
def home_page(tables: Any, message: str | None = None) -> str:
    from .tables import BOT_CHOICES

    rows, choices = [], []
    for source in tables.sources:
        rules = tables.rules(source)
        players = f"{rules.players.start}-{rules.players.stop - 1}"
        presets = ", ".join(rules.presets) or "-"
        options = ", ".join(f"{k}={json.dumps(v)}" for k, v in rules.options.items()) or "-"
        rows.append(f"<tr><td><code>{escape(source)}</code></td><td>{escape(rules.title)}</td><td>{players}</td>"
                    f"<td>{escape(presets)}</td><td class=small>{escape(options)}</td></tr>")
        choices.append(f'<option value="{escape(source)}">{escape(rules.title)} ({escape(source)})</option>')
    bots = "".join(f'<option value="{b}">{b}</option>' for b in BOT_CHOICES)
    note = f'<p class="error" id="error">{escape(message)}</p>' if message else ""
    body = f"""<main class="narrow">
<h1>boardrules: a table</h1>{note}
<p>Play a seat against bots. The server holds the game; this browser gets a secret for its seat and sees only what
that seat may see.</p>
<form method="post" action="/new" class="box" id="new-game">
<h2>New game</h2>
<label>game <select name="game">{''.join(choices)}</select></label>
<label>players <input name="players" type="number" value="3" min="1" max="16"></label>
<label>your seat <input name="seat" type="number" value="0" min="0" max="15"></label>
<label>bots <select name="bots">{bots}</select></label>
<label>preset <input name="preset" placeholder="(none)"></label>
<label>options <input name="options" placeholder="key=value key=value"></label>
<label>other people's seats <input name="humans" placeholder="e.g. 2 (they join by a link)"></label>
<button type="submit">Start</button>
</form>
<form method="post" action="/resume" enctype="multipart/form-data" class="box" id="resume">
<h2>Resume a saved game</h2>
<label>saved game <input type="file" name="file" accept=".json,application/json" required></label>
<label>your seat <input name="seat" type="number" value="0" min="0" max="15"></label>
<label>bots <select name="bots">{bots}</select></label>
<p class="small">A game saved from this page keeps its seats and bots; seat and bots are for a plain game state
(<code>game.to_json()</code>).</p>
<button type="submit">Resume</button>
</form>
<h2>Games</h2>
<table class="games"><tr><th>id</th><th>game</th><th>players</th><th>presets</th><th>options</th></tr>
{''.join(rows)}</table>
</main>"""
    return layout("boardrules: a table", body)


def theirs(text: str) -> str:
    """A place's or count's text, written for its owner ("your ..."), as the others read it."""
    return text[5:] if text.startswith("your ") else text


# ---------------------------------------------------------------------- a seat's page
#: the arguments of an answer that name a place on a board (the answer is drawn there, clickable)
PLACE_ARGS = ("to", "at", "site", "cell", "node")


class SeatPage:
    """The page of one seat of a table, drawn from that seat's view and events."""

    def __init__(self, table: Any, seat: int) -> None:
        self.table, self.seat = table, seat
        self.rules = table.rules
        self.model = table.rules.model
        self.reader = Reader(self.rules)
        self.cards = self.reader.cards
        self.roles = self.reader.roles
        self.game = table.game
        self.view = self.game.view(seat)

    def base(self) -> str:
        return f"/t/{self.table.id}/{self.seat}"

    # -------------------------------------------------------------- pieces
    def card(self, card_id: Any, with_text: bool = False) -> str:
        c = self.cards.get(card_id)
        name = c.en if c else self.reader.card_name(card_id)
        texts = self.reader.card_text(c) if c else ""
        tip = f' title="{escape(texts)}"' if texts and not with_text else ""
        out = f'<span class="card" data-card="{escape(str(card_id))}"{tip}>{escape(name)}</span>'
        if with_text and texts:
            out += f' <span class="text">{escape(texts)}</span>'
        return out

    def entry(self, entry: Any, with_text: bool = False) -> str:
        """A card of the view, with what lies on it (piles) and the counts it holds."""
        if not isinstance(entry, dict):
            return self.card(entry, with_text)
        extras = []
        for pile, under in entry.get("piles", {}).items():
            p = self.model.piles[self.model.pile_index[pile]] if pile in self.model.pile_index else None
            said = p.text.replace("{card}", "it") if p is not None else pile.replace("_", " ")
            shown = ", ".join(self.entry(c) for c in under) if isinstance(under, list) else escape(str(under))
            extras.append(f"{escape(said)}: {shown}")
        for key, n in entry.get("counts", {}).items():
            counter = self.model.counters[self.model.counter_index[key]]
            if key not in self.reader.bookkeeping:
                extras.append(escape(counter.shown(n)))
        out = self.card(entry["card"], with_text)
        return out + (f' <span class="on">[{"; ".join(extras)}]</span>' if extras else "")

    def cards_text(self, cards: Any, with_text: bool = False) -> str:
        if isinstance(cards, dict):
            n = cards["count"]
            if "top" in cards:      # a face-up stack: its top card and how many lie under it
                return (self.entry(cards["top"]) + (f" (and {n - 1} under it)" if n > 1 else "")) if n else "-"
            return f'<span class="hidden">{n} hidden card{"s" * (n != 1)}</span>' if n else "-"
        if not cards:
            return "-"
        alike: dict[Any, int] = {}      # plain copies of one card counted once ("Name ×3"), in order
        for c in cards:
            key = c if isinstance(c, str) else json.dumps(c, sort_keys=True)
            alike[key] = alike.get(key, 0) + 1
        if with_text:
            return '<ul class="cards">' + "".join(
                f"<li>{self.entry(json.loads(k) if k.startswith('{') else k, True)}{f' ×{n}' if n > 1 else ''}</li>"
                for k, n in alike.items()) + "</ul>"
        return ", ".join(self.entry(json.loads(k) if k.startswith("{") else k) + (f" ×{n}" if n > 1 else "")
                         for k, n in alike.items())

    def role_name(self, role_id: Any) -> str:
        return self.reader.role_name(role_id)

    # -------------------------------------------------------------- sections
    def header(self) -> str:
        items = "".join(f'<span class="st" data-status="{escape(label)}"><b>{escape(label)}:</b> '
                        f'{escape(value)}</span>' for label, value in self.reader.status(self.view, self.seat))
        return (f'<header><h1>{escape(self.rules.title)}</h1><p class="small">you are seat {self.seat}</p>'
                f'<p id="status">{items}</p>'
                f'<nav><a href="{self.base()}/save" id="save" download>Save game (JSON)</a> · '
                f'<a href="/">New game or resume</a></nav></header>')

    def decision(self) -> str:
        game = self.game
        if game.is_over:
            return self.game_over()
        if game.current_player != self.seat:
            return (f'<section id="decision"><h2>Waiting</h2><p id="waiting">Seat {game.current_player} is '
                    f'deciding (another person at this table); this page reloads by itself.</p></section>')
        items = []
        for a in game.legal_actions():
            value = escape(json.dumps(a.to_json(), ensure_ascii=False, separators=(",", ":")))
            marks = "".join(f' data-card="{escape(str(v))}"' for k, v in a.args.items()
                            if k in ("card", "on") and v in self.cards)
            node = next((v for k, v in a.args.items() if k in PLACE_ARGS and isinstance(v, str)), None)
            if node is not None:
                marks += f' data-node="{escape(node)}"'
                cells = self.covers(a)
                if cells:
                    marks += f' data-cells="{escape(" ".join(cells))}"'
            texts = "".join(f'<details class="text"><summary>{escape(name)}: rules text</summary>{escape(text)}'
                            f'</details>' for name, text in self.reader.offered(a))
            items.append(f'<li><button class="choice" name="action" value="{value}"{marks}>'
                         f'{escape(self.reader.answer(a))}</button>{texts}</li>')
        on_board = ('<p class="small" id="on-board">Click a highlighted place on the map to see the answers there; '
                    'pointing at an answer previews it on the map.</p>') if self.targets() else ""
        return (f'<section id="decision"><h2>Your decision</h2><p class="heading">'
                f'{escape(self.reader.heading(game))}</p>{on_board}'
                f'<form method="post" action="{self.base()}/act"><input type="hidden" name="move" '
                f'value="{self.table.move}"><ul class="choices">{"".join(items)}</ul></form></section>')

    def covers(self, action: Any) -> list[str]:
        """The cells a piece an answer lays would cover (its 'at' and 'turn', its card's shape), for the preview."""
        args = action.args
        if "at" not in args or "turn" not in args:
            return []
        card = next((self.cards.get(v) for v in args.values() if isinstance(v, str) and v in self.cards), None)
        shape = None if card is None else next((v for k, v in card.attrs.items()
                                                 if (self.model.attributes.get(k) or {}).get("type") == "shape"), None)
        board = self.place_board()
        if shape is None or board is None:
            return []
        return piece_cells(shape, args["at"], args["turn"], args.get("mirror", False), board)

    def place_board(self):
        shown = self.view.get("boards") or {}
        for bid in shown:
            bdef = self.model.boards.get(bid)
            if bdef is not None and bdef.layout(self.game.players) is not None:
                columns = bdef.layout(self.game.players)[1]
                n = len(next(iter(bdef.tiles.values())))
                return columns * n, len(shown[bid].get("slots") or ()) // columns * n
        return None

    def targets(self) -> set:
        if self.game.is_over or self.game.current_player != self.seat:
            return set()
        return {v for a in self.game.legal_actions() for k, v in a.args.items() if k in PLACE_ARGS
                and isinstance(v, str)}

    def game_over(self) -> str:
        game = self.game
        winners = game.winners()
        rows = "".join(f'<tr><td>{"you" if s["seat"] == self.seat else "seat " + str(s["seat"])}</td>'
                       f'<td class="num">{s["total"]}</td>'
                       f'<td class="small">{escape(self.reader.parts(s))}</td>'
                       f'<td>{"winner" if s["seat"] in winners else ""}</td></tr>' for s in game.scores())
        verdict = "You win!" if self.seat in winners else "You did not win this time."
        return (f'<section id="game-over"><h2>Game over</h2><p>{escape(str(game.end_reason))}.</p>'
                f'<table class="scores"><tr><th>seat</th><th>points</th><th>parts</th><th></th></tr>{rows}</table>'
                f'<p id="verdict"><b>{verdict}</b></p></section>')

    def my_seat(self) -> str:
        v, me = self.view, self.seat
        parts = []
        for z in self.model.zones:
            if z.scope != "player":
                continue
            cards = v["zones"][z.id][me]
            if cards and cards != {"count": 0}:
                parts.append(f'<h3>{escape(z.text)}</h3>{self.cards_text(cards, with_text=True)}')
        counts = [f"<li>{escape(c.text)}: <b>{v['counters'][c.id][me]}</b></li>" for c in self.reader.shown_counters
                  if c.scope == "player" and v["counters"][c.id][me]]
        if counts:
            parts.append(f'<ul class="counts">{"".join(counts)}</ul>')
        return f'<section id="you"><h2>Your seat ({me})</h2>{"".join(parts) or "<p>nothing yet</p>"}</section>'

    def others(self) -> str:
        v, me = self.view, self.seat
        seats = [s for s in range(self.game.players) if s != me]
        rows = []
        for z in self.model.zones:
            if z.scope != "player":
                continue
            cells = [self.cards_text(v["zones"][z.id][s]) for s in seats]
            if any(c != "-" for c in cells):
                rows.append(f"<tr><th>{escape(theirs(z.text))}</th>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
        for c in self.reader.shown_counters:
            if c.scope == "player" and any(v["counters"][c.id][s] != 0 for s in seats):     # None: hidden from me
                rows.append(f"<tr><th>{escape(theirs(c.text))}</th>" + "".join(
                    '<td class="num hidden">hidden</td>' if v["counters"][c.id][s] is None else
                    f'<td class="num">{v["counters"][c.id][s]}</td>' for s in seats) + "</tr>")
        head = "".join(f"<th>seat {s}</th>" for s in seats)
        return (f'<section id="others"><h2>The others</h2><table class="others"><tr><th></th>{head}</tr>'
                f'{"".join(rows)}</table></section>')

    def shared(self) -> str:
        v, m = self.view, self.model
        box = None if m.box is None else m.zones[m.box].id
        lines = []
        for z in m.zones:
            if z.scope == "shared" and z.id != box:
                text = self.cards_text(v["zones"][z.id])
                if text != "-":
                    lines.append(f"<li>{escape(z.text)}: {text}</li>")
        for c in self.reader.shown_counters:
            values = v["counters"][c.id]
            if c.scope == "shared" and values[0]:
                lines.append(f"<li>{escape(c.text)}: <b>{values[0]}</b></li>")
            elif c.scope == "role" and any(values):
                lines.append(f"<li>{escape(c.text)}: " + ", ".join(
                    f"{escape(self.role_name(m.roles[i].id))} {n}" for i, n in enumerate(values) if n) + "</li>")
        if v.get("roles_used"):
            lines.append("<li>roles taken this round: " + ", ".join(escape(self.role_name(r))
                                                                    for r in v["roles_used"]) + "</li>")
        return f'<section id="shared"><h2>The table</h2><ul>{"".join(lines)}</ul></section>'

    def boards(self) -> str:
        """Each board of the view as an inline SVG (cells, marks, items not yet taken, every seat's markers,
        covered cells and pieces in its colour, rows and columns numbered, the places the pending answers name
        clickable) with a legend of the seats' colours and the marks; "" in a game without boards."""
        shown = self.view.get("boards") or {}
        players = self.game.players
        colours = [SEAT_COLOURS[k % len(SEAT_COLOURS)] for k in range(players)]
        targets = self.targets()
        parts, legends = [], []
        for bid, state in shown.items():
            bdef = self.model.boards.get(bid)
            layout = bdef.layout(players) if bdef is not None else None
            slots = [tuple(s) for s in state.get("slots") or ()]
            if layout is None or not slots or any(len(s) != 2 or s[0] not in bdef.tiles for s in slots):
                continue
            columns = layout[1]
            if len(slots) % columns:
                continue
            svg = board_svg(bdef, [(t, r or 0) for t, r in slots], columns, state, colours, targets=targets,
                            coordinates=True)
            parts.append(f'<figure class="board" id="board-{escape(str(bid))}" data-board="{escape(str(bid))}">'
                         f'<figcaption>{escape(str(bdef.text))}</figcaption>{svg}</figure>')
            said = legend_line(bdef, lambda c: self.model.counters[c].text if isinstance(c, int) else str(c))
            if said:
                legends.append(said.replace("**", ""))
        if not parts:
            return ""
        legend = "".join(f'<li data-seat="{k}"><span class="swatch" style="background:{c}"></span>seat {k}'
                         f'{" (you)" if k == self.seat else ""}</li>' for k, c in enumerate(colours))
        marks = "".join(f'<p class="small">{escape(line)}</p>' for line in legends)
        return (f'<section id="boards"><h2>The board{"s" if len(parts) > 1 else ""}</h2>{"".join(parts)}'
                f'<ul class="legend">{legend}<li><span class="swatch target"></span>a place you may choose</li>'
                f'<li><span class="swatch preview"></span>the answer you point at</li></ul>'
                f'<p class="small">A small square: a marker; a round token: a piece; a filled cell: a laid piece. Rows and '
                f'columns are numbered from the top left; the border spaces clockwise from the top left.</p>'
                f'{marks}</section>')

    def log(self) -> str:
        reader, me = self.reader, self.seat
        events = self.game.events(me)
        mine = [e["index"] for e in events if e["type"] == "decision" and e.get("seat") == me and not e.get("forced")]
        since = mine[-1] if mine else 0
        recent = reader.grouped([e for e in events if e["index"] >= since], me)
        earlier = reader.grouped([e for e in events if e["index"] < since], me)
        shown = LOG_SHOWN
        out = ['<section id="log"><h2>What happened</h2>']
        out.append('<div id="since"><h3>Since your last decision</h3>' + self.log_groups(recent, None) + "</div>")
        if earlier:
            out.append("<h3>Earlier, newest round first</h3>")
            for k, r in enumerate(reversed(earlier)):
                out.append(f'<details class="round"{" open" if k == 0 else ""}><summary>'
                           f'{escape(r["title"])}</summary>{self.log_groups([r], shown)}</details>')
                if k >= 12:
                    out.append(f'<p class="small">{len(earlier) - k - 1} earlier rounds</p>')
                    break
        out.append("</section>")
        return "".join(out)

    def log_groups(self, groups: list, limit: int | None) -> str:
        out = []
        for r in groups:
            for p in r["phases"]:
                if p["phase"]:
                    out.append(f'<li class="ev-phase">{escape(p["phase"])}</li>')
                for t in p["turns"]:
                    lines = t["lines"] if limit is None else t["lines"][-limit:]
                    if t["seat"] is not None:
                        who = "you" if t["seat"] == self.seat else f"seat {t['seat']}"
                        out.append(f'<li class="ev-turn">{escape(who)}</li>')
                    for line in lines:
                        mark = ""
                        out.append(f'<li class="ev-{escape(line["type"])}"{mark}>'
                                   f'{escape(line.get("said", line["text"]))}</li>')
        return "<ul>" + "".join(out) + "</ul>" if out else '<p class="small">nothing yet</p>'

    def invites(self) -> str:
        held = "".join(f'<li>seat {s}: waits for the person who held it; their browser takes it back at '
                       f'<code>/t/{escape(old)}/{s}/rejoin</code>, or they resume their own saved game</li>'
                       for s, (old, _) in self.table.held.items())      # the links hold no secret
        if self.seat != self.table.owner or not self.table.invites:
            return f'<section id="invites"><h2>Seats held</h2><ul>{held}</ul></section>' if held else ""
        links = "".join(f'<li>seat {s}: <code>/join/{self.table.id}/{s}/{escape(code)}</code></li>'
                        for s, code in self.table.invites.items())
        return (f'<section id="invites"><h2>Invitations</h2><p class="small">Give each person the link of their '
                f'seat (this server\'s address first); it works once.</p><ul>{links}{held}</ul></section>')

    def html(self) -> str:
        waiting = not self.game.is_over and self.game.current_player != self.seat
        body = (self.header() + '<main class="grid"><div class="col">' + self.decision() + self.boards()
                + self.my_seat() + self.invites() + '</div><div class="col">' + self.log() + self.others()
                + self.shared() + "</div></main>")
        return layout(f"{self.rules.title}: seat {self.seat}", body, refresh=3 if waiting else None)


def piece_cells(shape_rows: Any, at: str, turn: Any, mirror: Any, board: tuple) -> list[str]:
    """The cells ("r<row>c<column>") a piece of ``shape_rows`` laid at ``at`` turned ``turn`` covers on a board of
    ``board`` (width, height) cells, as the laying step places it (its first square, in row-major order, on
    ``at``); [] when it does not fit."""
    from ..model import pieces as P

    m = re.fullmatch(r"r(\d+)c(\d+)", str(at))
    if m is None or not isinstance(shape_rows, list):
        return []
    cells = P.squares(shape_rows)
    base = [(r, -c) for r, c in cells] if mirror is True else list(cells)
    for _ in range(((turn if isinstance(turn, int) else 0) // 90) % 4):
        base = [(c, -r) for r, c in base]
    shape = P.normalised(base)
    width, height = board
    anchor = (int(m.group(1)) - 1) * width + int(m.group(2)) - 1
    lies = P.lies_on(shape, anchor, width, height) if shape else None
    return [f"r{i // width + 1}c{i % width + 1}" for i in lies or ()]
