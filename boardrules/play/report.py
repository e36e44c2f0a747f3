"""Renderings of a :func:`boardrules.compare.compare` result: a terminal table, a Markdown report and a
self-contained HTML report. The plots are inline SVG written here by hand (no plotting package, no external assets).
"""
from __future__ import annotations

import html
import math
import os
import textwrap

from ..model.records import PLAY_NOUNS
from .batch import wilson

__all__ = ["terminal_table", "markdown_report", "html_report", "write_report", "report_format", "REPORT_FORMATS"]

COLOURS = ["#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#b07aa1", "#edc948", "#9c755f"]
REPORT_FORMATS = {".md": "markdown", ".markdown": "markdown", ".html": "html", ".htm": "html"}
TOP_CARDS = 15


# ---------------------------------------------------------------------- shared helpers
def _letter(k: int) -> str:
    return chr(ord("A") + k) if k < 26 else f"S{k + 1}"


def _short(source: str, width: int = 22) -> str:
    base = os.path.basename(source.rstrip("/\\")) or source
    if base in ("game.yaml", "game.yml"):
        base = os.path.basename(os.path.dirname(source.rstrip("/\\"))) or base
    for ext in (".yaml", ".yml"):
        if base.endswith(ext):
            base = base[: -len(ext)]
    return base if len(base) <= width else base[: width - 1] + "~"


def labels(result) -> list[str]:
    """Column labels, e.g. ``["A base_game", "B house_rules"]``."""
    return [f"{_letter(k)} {_short(s['source'])}" for k, s in enumerate(result["sources"])]


def _pct(x) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def _rate(x) -> str:
    return "-" if x is None else f"{x:.3f}"


def _ci(ci) -> str:
    return "" if ci is None else f"[{ci[0]:.3f}, {ci[1]:.3f}]"


def _rate_ci(x, ci) -> str:
    return "-" if x is None else f"{x:.3f} {_ci(ci)}"


def _mean_ci(x, ci) -> str:
    """A mean with its normal 95% interval, e.g. ``23.41 [23.05, 23.77]``."""
    return f"{x:.2f}" if ci is None else f"{x:.2f} [{ci[0]:.2f}, {ci[1]:.2f}]"


def _pct_ci(x, ci) -> str:
    return "-" if x is None else _pct(x) + ("" if ci is None else f" [{100 * ci[0]:.1f}, {100 * ci[1]:.1f}]")


def _signed(x) -> str:
    return "-" if x is None else f"{x:+.3f}"


def _settings(result) -> list[tuple[str, str]]:
    opts = result.get("options") or {}
    shown = ", ".join(f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in opts.items()) or "defaults"
    if result.get("preset"):
        shown = f"preset {result['preset']}" + (f", then {shown}" if opts else "")
    lo, hi = result["seeds"]
    return [
        ("games", f"{result['games']} per source (the same seeds {lo}..{hi} for every source)"),
        ("players", str(result["players"])),
        ("bots", ", ".join(f"seat {i}: {b}" for i, b in enumerate(result["bots"]))),
        ("options", shown),
    ]


def nouns(result) -> dict:
    """The words for the tracked cards, from the first source's ``play.nouns`` (sources are a game and its variants)."""
    return {**PLAY_NOUNS, **(result["sources"][0].get("nouns") or {})} if result["sources"] else dict(PLAY_NOUNS)


def _card_ids(result) -> list[str]:
    ids: list[str] = []
    for s in result["sources"]:
        ids += [cid for cid in s["tracked"] if cid not in ids]
    return ids


def _entry(source, cid):
    return source["tracked"].get(cid)


def _card_label(result, entries) -> tuple[str, str]:
    """(name, game) of a card row: the ids of the games that have the card, and its name, or each game's name for
    it where they differ (a card id is a card of each game that has it, and two games may name it differently)."""
    named: dict = {}
    for s, e in zip(result["sources"], entries):
        if e is not None:
            named.setdefault(s["id"], e["name"])
    names = list(dict.fromkeys(named.values()))
    name = names[0] if len(names) == 1 else " / ".join(f"{n} ({gid})" for gid, n in named.items())
    return name, ", ".join(named)


def _spread(values):
    """B - A for two sources, max - min for more; None if any value is missing (a card that is not in some
    source's game) or there is one source."""
    if len(values) < 2 or any(v is None for v in values):
        return None
    return values[1] - values[0] if len(values) == 2 else max(values) - min(values)


def _disjoint(cis) -> bool:
    """True when two of the intervals do not overlap (a difference unlikely to be noise)."""
    cis = [c for c in cis if c is not None]
    return len(cis) >= 2 and max(c[0] for c in cis) > min(c[1] for c in cis)


def card_rows(result) -> list[dict]:
    """One row per tracked card id, labelled with the games that have it (``game``): per-source entries (None where
    the source's game has no such card), the differences of the share of games with it and of its holders' win
    rate, and whether they are significant (95% intervals that do not overlap). Two cards of the same name with
    different ids are two rows; one id in two games is one row with the figures of both."""
    rows = []
    for order, cid in enumerate(_card_ids(result)):
        entries = [_entry(s, cid) for s in result["sources"]]
        name, game = _card_label(result, entries)
        held = [e["game_rate"] if e else None for e in entries]
        win = [e["win_rate"] if e else None for e in entries]
        d_games, d_win = _spread(held), _spread(win)
        rows.append({
            "id": cid, "name": name, "game": game, "entries": entries, "order": order,
            "d_games": d_games, "d_win": d_win,
            "sig_games": d_games is not None and _disjoint([e["game_ci"] for e in entries]),
            "sig_win": d_win is not None and _disjoint([e["win_ci"] for e in entries]),
            "key": max(abs(d_games or 0.0), abs(d_win or 0.0)),
        })
    return rows


def top_cards(result, n: int = TOP_CARDS) -> list[dict]:
    return sorted(card_rows(result), key=lambda r: (-r["key"], r["order"]))[:n]


def _diff_note(result) -> str:
    return "B - A" if len(result["sources"]) == 2 else "largest - smallest"


def _games_n(result, seats: bool = False) -> str:
    """What a summary figure rests on: the games of each source (the same for every source of a study)."""
    counts = list(dict.fromkeys(s["games"] for s in result["sources"]))
    text = "/".join(str(c) for c in counts) + " games"
    return text + f" x {result['players']} seats" if seats else text


def _summary_rows(result) -> list[list[str]]:
    """(label, value per source, what the value rests on) rows of the headline numbers; rates and shares with
    their 95% Wilson interval, means with their normal 95% interval."""
    srcs = result["sources"]
    n, n_seats = _games_n(result), _games_n(result, seats=True)
    rows = [["title"] + [s["title"] for s in srcs] + [""]]
    for seat in range(result["players"]):
        rows.append([f"win rate seat {seat}"] + [_rate_ci(s["win_rate"][seat], s["win_ci"][seat]) for s in srcs]
                    + [n])
    rows.append(["score (every seat)"] + [_mean_ci(s["score"]["mean"], s["score"].get("ci")) for s in srcs]
                + [n_seats])
    rows.append(["score sd (every seat)"] + [f"{s['score']['sd']:.2f}" for s in srcs] + [n_seats])
    rows.append(["score min-max"] + [f"{s['score']['min']}-{s['score']['max']}" for s in srcs] + [n_seats])
    rows.append(["winner's score"] + [_mean_ci(s["score"]["winner_mean"], s["score"].get("winner_ci"))
                                      for s in srcs] + [n])
    for seat in range(result["players"]):
        rows.append([f"score seat {seat}"] + [_mean_ci(s["score"]["seat_mean"][seat],
                                                       (s["score"].get("seat_ci") or [None] * (seat + 1))[seat])
                                              for s in srcs] + [n])
    rows.append(["rounds"] + [_mean_ci(s["rounds"]["mean"], s["rounds"].get("ci")) for s in srcs] + [n])
    rows.append(["rounds sd"] + [f"{s['rounds']['sd']:.2f}" for s in srcs] + [n])
    rows.append(["rounds min-max"] + [f"{s['rounds']['min']}-{s['rounds']['max']}" for s in srcs] + [n])
    rows.append(["decisions per game"] + [_mean_ci(s["decisions"]["mean"], s["decisions"].get("ci"))
                                          for s in srcs] + [n])
    reasons: list = []
    for s in srcs:
        reasons += [r for r in s["end_reasons"] if r not in reasons]
    for r in reasons:
        rows.append([f"end: {r}"] + [_pct_ci(s["end_reasons"].get(r, 0) / s["games"] if s["games"] else None,
                                             wilson(s["end_reasons"].get(r, 0), s["games"])) for s in srcs] + [n])
    return rows


def _summary_headers(result) -> list[str]:
    return [""] + labels(result) + ["n"]


LEGEND = ("[lo, hi]: 95% intervals: Wilson score intervals for win rates and shares, normal intervals "
          "(mean ± 1.96 sd / √n) for means; n: the games each figure rests on (for the means over every seat, a "
          "game's seats count as one value, their mean: they are not independent of each other)")


def text_table(headers, rows, left=1, blank_under_empty=False) -> list[str]:
    """Plain-text table; the first ``left`` columns are left-aligned, the others right-aligned. With
    ``blank_under_empty`` the rule line is left blank under columns without a heading."""
    cells = [list(map(str, headers))] + [[str(c) for c in row] for row in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]

    def fmt(row):
        return "  ".join(c.ljust(w) if i < left else c.rjust(w) for i, (c, w) in enumerate(zip(row, widths))).rstrip()

    if blank_under_empty:
        rule = "  ".join(("-" if h else " ") * w for h, w in zip(cells[0], widths)).rstrip()
    else:
        rule = "  ".join("-" * w for w in widths)
    return [fmt(cells[0]), rule] + [fmt(r) for r in cells[1:]]


# ---------------------------------------------------------------------- terminal
def terminal_table(result) -> str:
    """Side-by-side columns per source: win rate by seat, scores, rounds and game ends, each with its 95% interval
    and the games it rests on, then the tracked cards whose share of games or holders' win rate differs most
    between the sources, each labelled with the games that have it."""
    srcs = result["sources"]
    heads = labels(result)
    n = nouns(result)
    out = ["Balance comparison"]
    out += [f"  {k:<8} {v}" for k, v in _settings(result)]
    out += [f"  {_letter(k)} = {s['source']} ({s['title']}, game {s['id']})" for k, s in enumerate(srcs)]
    out.append("")
    out += text_table(_summary_headers(result), _summary_rows(result), left=1)
    out += textwrap.wrap(LEGEND, 116, initial_indent="  ", subsequent_indent="  ")
    out.append("")

    top = top_cards(result)
    out.append(f"Top {len(top)} {n['cards']} by difference between sources ({_diff_note(result)}):")
    out += textwrap.wrap(f"{n['held']}: share of games in which some player had it in the {n['place']} at the end;"
                         " win: win rate of the players who had it; had: how many players had it (what win rests"
                         f" on); game: the games that have this {n['card']} (by id)", 116, initial_indent="  ",
                         subsequent_indent="  ")
    headers = [n["card"], "game"]
    for h in heads:
        letter = h.split(" ", 1)[0]
        headers += [f"{n['held']} {letter}", f"win {letter}", f"had {letter}"]
    headers += [f"diff {n['held']}", "diff win"]
    rows = []
    for r in top:
        row = [r["name"], r["game"]]
        for e in r["entries"]:
            row += [_pct(e["game_rate"]), _rate(e["win_rate"]), str(e["holders"])] if e else ["-", "-", "-"]
        row += [_signed(r["d_games"]) + ("*" if r["sig_games"] else " "),
                _signed(r["d_win"]) + ("*" if r["sig_win"] else " ")]
        rows.append(row)
    out += text_table(headers, rows, left=2)
    out.append("  * the sources' 95% Wilson intervals do not overlap; -: not in that source's game, or nobody had it")
    return "\n".join(out)


# ---------------------------------------------------------------------- SVG plots
def _nice_step(span: float, ticks: int = 5) -> float:
    raw = span / max(ticks, 1)
    mag = 10 ** math.floor(math.log10(raw)) if raw > 0 else 1
    for m in (1, 2, 2.5, 5, 10):
        if m * mag >= raw:
            return m * mag
    return 10 * mag


def _fmt_num(x: float) -> str:
    return f"{x:g}" if abs(x - round(x)) > 1e-9 else str(int(round(x)))


def _svg_open(width, height, title) -> list[str]:
    t = html.escape(title)
    return [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" role="img" aria-label="{t}" '
            f'font-family="Helvetica, Arial, sans-serif" font-size="12">',
            f'<title>{t}</title>',
            f'<rect x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>',
            f'<text x="{width / 2:.1f}" y="18" text-anchor="middle" font-size="14" font-weight="bold">{t}</text>']


def win_rate_svg(result, width: int = 680, height: int = 340) -> str:
    """Grouped bars: win rate by seat, one bar per source, with 95% Wilson interval whiskers and the even share."""
    srcs = result["sources"]
    players = result["players"]
    heads = labels(result)
    left, right, top, bottom = 56, 16, 52, 44
    pw, ph = width - left - right, height - top - bottom
    hi = max([ci[1] for s in srcs for ci in s["win_ci"]] + [1 / players])
    step = _nice_step(hi, 5)
    ymax = min(1.0, math.ceil(hi / step - 1e-9) * step) or 1.0

    def y(v):
        return top + ph - ph * v / ymax

    out = _svg_open(width, height, "Win rate by seat (95% Wilson intervals)")
    # legend
    lx = left
    for k, h in enumerate(heads):
        c = COLOURS[k % len(COLOURS)]
        out.append(f'<rect x="{lx}" y="30" width="12" height="12" fill="{c}"/>'
                   f'<text x="{lx + 16}" y="40">{html.escape(h)}</text>')
        lx += 26 + 7 * len(h)
    # axes and grid
    v = 0.0
    while v <= ymax + 1e-9:
        out.append(f'<line x1="{left}" x2="{left + pw}" y1="{y(v):.1f}" y2="{y(v):.1f}" stroke="#e0e0e0"/>'
                   f'<text x="{left - 6}" y="{y(v) + 4:.1f}" text-anchor="end">{_fmt_num(round(v, 6))}</text>')
        v += step
    out.append(f'<line x1="{left}" x2="{left}" y1="{top}" y2="{top + ph}" stroke="#333"/>'
               f'<line x1="{left}" x2="{left + pw}" y1="{top + ph}" y2="{top + ph}" stroke="#333"/>')
    out.append(f'<text x="14" y="{top + ph / 2:.1f}" text-anchor="middle" '
               f'transform="rotate(-90 14 {top + ph / 2:.1f})">win rate</text>')
    gw = pw / players
    bw = gw * 0.8 / max(len(srcs), 1)
    for seat in range(players):
        gx = left + seat * gw + gw * 0.1
        out.append(f'<text x="{left + seat * gw + gw / 2:.1f}" y="{top + ph + 18}" '
                   f'text-anchor="middle">seat {seat}</text>')
        for k, s in enumerate(srcs):
            rate, (lo, up) = s["win_rate"][seat], s["win_ci"][seat]
            x = gx + k * bw
            c = COLOURS[k % len(COLOURS)]
            tip = html.escape(f"{heads[k]}, seat {seat}: {rate:.3f} [{lo:.3f}, {up:.3f}]")
            out.append(f'<rect x="{x + 1:.1f}" y="{y(rate):.1f}" width="{max(bw - 2, 1):.1f}" '
                       f'height="{max(y(0) - y(rate), 0):.1f}" fill="{c}"><title>{tip}</title></rect>')
            cx = x + bw / 2
            cap = min(bw / 4, 6)
            out.append(f'<path d="M{cx:.1f},{y(lo):.1f}V{y(up):.1f}M{cx - cap:.1f},{y(lo):.1f}H{cx + cap:.1f}'
                       f'M{cx - cap:.1f},{y(up):.1f}H{cx + cap:.1f}" stroke="#222" stroke-width="1.2" fill="none"/>')
    even = 1 / players
    out.append(f'<line x1="{left}" x2="{left + pw}" y1="{y(even):.1f}" y2="{y(even):.1f}" stroke="#555" '
               f'stroke-dasharray="5,4"><title>even share {even:.3f}</title></line>')
    out.append(f'<line x1="{lx}" x2="{lx + 22}" y1="36" y2="36" stroke="#555" stroke-dasharray="5,4"/>'
               f'<text x="{lx + 26}" y="40" fill="#555">even share ({even:.3f})</text>')
    out.append(f'<text x="{left + pw / 2:.1f}" y="{height - 6}" text-anchor="middle" fill="#555">'
               f'{result["games"]} games per source; shared wins split</text>')
    out.append("</svg>")
    return "\n".join(out)


def score_histogram_svg(result, k: int, width: int = 680, height: int = 240) -> str:
    """Histogram of final scores (every seat) of source ``k``, on scales shared by all sources."""
    srcs = result["sources"]
    s = srcs[k]
    lo = min(x["score"]["min"] for x in srcs)
    hi = max(x["score"]["max"] for x in srcs)
    n_scores = max(s["games"] * result["players"], 1)
    ymax_share = max((c / max(x["games"] * result["players"], 1) for x in srcs for _, c in x["score"]["histogram"]),
                     default=0) or 1.0
    step_y = _nice_step(ymax_share * 100, 4) / 100
    ymax = math.ceil(ymax_share / step_y - 1e-9) * step_y
    left, right, top, bottom = 56, 16, 32, 40
    pw, ph = width - left - right, height - top - bottom
    bins = hi - lo + 1
    bw = pw / bins

    def x(v):
        return left + (v - lo) * bw

    def y(v):
        return top + ph - ph * v / ymax

    c = COLOURS[k % len(COLOURS)]
    title = f"Scores, {labels(result)[k]}: mean {s['score']['mean']:.2f} ± {s['score']['sd']:.2f}"
    out = _svg_open(width, height, title)
    v = 0.0
    while v <= ymax + 1e-9:
        out.append(f'<line x1="{left}" x2="{left + pw}" y1="{y(v):.1f}" y2="{y(v):.1f}" stroke="#e0e0e0"/>'
                   f'<text x="{left - 6}" y="{y(v) + 4:.1f}" text-anchor="end">{_fmt_num(round(v * 100, 6))}%</text>')
        v += step_y
    for score, count in s["score"]["histogram"]:
        share = count / n_scores
        if count:
            out.append(f'<rect x="{x(score) + 0.5:.1f}" y="{y(share):.1f}" width="{max(bw - 1, 0.5):.1f}" '
                       f'height="{y(0) - y(share):.1f}" fill="{c}"><title>score {score}: {count} '
                       f'({100 * share:.1f}%)</title></rect>')
    mean_x = x(s["score"]["mean"]) + bw / 2
    out.append(f'<line x1="{mean_x:.1f}" x2="{mean_x:.1f}" y1="{top}" y2="{top + ph}" stroke="#222" '
               f'stroke-dasharray="4,3"><title>mean {s["score"]["mean"]:.2f}</title></line>')
    out.append(f'<line x1="{left}" x2="{left}" y1="{top}" y2="{top + ph}" stroke="#333"/>'
               f'<line x1="{left}" x2="{left + pw}" y1="{top + ph}" y2="{top + ph}" stroke="#333"/>')
    tick = max(1, int(_nice_step(bins, 10)))
    first = math.ceil(lo / tick) * tick
    for t in range(first, hi + 1, tick):
        out.append(f'<line x1="{x(t) + bw / 2:.1f}" x2="{x(t) + bw / 2:.1f}" y1="{top + ph}" y2="{top + ph + 4}" '
                   f'stroke="#333"/><text x="{x(t) + bw / 2:.1f}" y="{top + ph + 16}" '
                   f'text-anchor="middle">{t}</text>')
    out.append(f'<text x="{left + pw / 2:.1f}" y="{height - 6}" text-anchor="middle" fill="#555">'
               f'final score (share of all seats; dashed line: mean)</text>')
    out.append("</svg>")
    return "\n".join(out)


# ---------------------------------------------------------------------- Markdown
def _md_cell(text) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def _md_table(headers, rows, right_from=1) -> list[str]:
    align = ["---" if i < right_from else "---:" for i in range(len(headers))]
    return (["| " + " | ".join(_md_cell(h) for h in headers) + " |", "|" + "|".join(align) + "|"]
            + ["| " + " | ".join(_md_cell(c) for c in row) + " |" for row in rows])


def _card_table(result):
    """Headers and rows of the full per-card table."""
    heads = labels(result)
    n = nouns(result)
    headers = [n["card"], "id", "game"]
    for h in heads:
        letter = h.split(" ", 1)[0]
        headers += [f"{n['held']} {letter}", f"players {letter}", f"win rate {letter}", f"had {letter}"]
    if len(heads) >= 2:
        headers += [f"Δ {n['held']}", "Δ win rate"]
    rows = []
    for r in sorted(card_rows(result), key=lambda r: (-r["key"], r["order"])):
        row = [r["name"], r["id"], r["game"]]
        for e in r["entries"]:
            if e is None:
                row += ["-", "-", "-", "-"]
            else:
                row += [_pct_ci(e["game_rate"], e["game_ci"]), _pct_ci(e["holder_rate"], e.get("holder_ci")),
                        _rate_ci(e["win_rate"], e["win_ci"]), str(e["holders"])]
        if len(heads) >= 2:
            row += [_signed(r["d_games"]) + (" *" if r["sig_games"] else ""),
                    _signed(r["d_win"]) + (" *" if r["sig_win"] else "")]
        rows.append(row)
    return headers, rows


def notes(result) -> list[str]:
    """The report's notes on how to read it (its legend), in the game's words."""
    n = nouns(result)
    games = _games_n(result)
    return [
        "**Intervals** are 95% intervals: Wilson score intervals for win rates and shares (they stay inside 0-1 "
        "and hold up near 0 and 1); normal intervals, mean ± 1.96 sd / √n, for means (scores, rounds, "
        "decisions).",
        f"**n**: what each figure rests on, {games} per source. For the means over every seat a game's seats count "
        "as one value (their mean), since the seats of one game are not independent of each other.",
        "Win rates count a shared win (a tie that the tie-break does not resolve) as a fraction for each winner.",
        f"**{n['held']}**: the share of the {games} in which at least one player had the {n['card']} face up in "
        f"the {n['place']} at the end (cards lying under other cards do not count); **players**: the share of all "
        f"player-games ({games} x {result['players']} players) with it; **had**: how many players had it, the n of "
        "its win rate. These two count each player as one value; the players of one game are not quite "
        "independent, so their intervals are, if anything, a little narrow.",
        f"**win rate**: the win rate of the players who had the {n['card']} at the end. It is an association, not a "
        f"cause: players who are winning get more {n['cards']}, and some {n['cards']} only come late, to players "
        "who can afford them.",
        f"Rows are {n['cards']} by id: **game** lists the games (by id) that have the {n['card']}; two "
        f"{n['cards']} of the same name in two games with different ids are two rows, and one id in two games is "
        "one row with the figures of both (with each game's name for it where they differ); - marks a source whose "
        f"game has no such {n['card']}.",
        "Δ columns: B − A for two sources, largest − smallest for more (- when a source's game lacks the "
        f"{n['card']}); * marks non-overlapping 95% intervals.",
    ]


def markdown_report(result) -> str:
    """A Markdown report with inline SVG plots (renderers that allow inline HTML show them) and the full tables."""
    srcs = result["sources"]
    out = ["# Balance report", ""]
    out += [f"- **{k}**: {v}" for k, v in _settings(result)]
    out += ["", "## Sources", ""]
    out += [f"- **{_letter(k)}**: `{s['source']}` ({s['title']}, game `{s['id']}`)" for k, s in enumerate(srcs)]
    out += ["", "## Summary", ""]
    out += _md_table(_summary_headers(result), _summary_rows(result))
    out += ["", "## Win rate by seat", "", win_rate_svg(result), ""]
    out += ["## Scores", ""]
    for k in range(len(srcs)):
        out += [score_histogram_svg(result, k), ""]
    out += [f"## {nouns(result)['cards'].capitalize()}", ""]
    headers, rows = _card_table(result)
    out += _md_table(headers, rows, right_from=3)
    out += ["", "## Notes", ""]
    out += [f"- {note}" for note in notes(result)]
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------- HTML
CSS = """
body { font-family: Helvetica, Arial, sans-serif; margin: 2em auto; max-width: 1100px; color: #222; padding: 0 1em; }
h1 { font-size: 1.6em; } h2 { font-size: 1.25em; margin-top: 1.6em; border-bottom: 1px solid #ddd; }
table { border-collapse: collapse; font-size: 0.9em; margin: 0.5em 0; }
th, td { border: 1px solid #ddd; padding: 3px 8px; text-align: right; white-space: nowrap; }
th { background: #f4f4f4; } td.l, th.l { text-align: left; }
tr:nth-child(even) td { background: #fafafa; }
code { background: #f4f4f4; padding: 0 3px; }
.plots svg { display: block; margin: 0.6em 0; max-width: 100%; height: auto; }
.notes li { margin: 0.3em 0; }
"""


def _html_table(headers, rows, left=1) -> str:
    e = html.escape
    head = "".join(f'<th class="l">{e(str(h))}</th>' if i < left else f"<th>{e(str(h))}</th>"
                   for i, h in enumerate(headers))
    body = []
    for row in rows:
        body.append("<tr>" + "".join(f'<td class="l">{e(str(c))}</td>' if i < left else f"<td>{e(str(c))}</td>"
                                     for i, c in enumerate(row)) + "</tr>")
    return f"<table><thead><tr>{head}</tr></thead><tbody>\n" + "\n".join(body) + "\n</tbody></table>"


def _md_inline(text: str) -> str:
    """The little Markdown the notes use (**bold**), as HTML."""
    parts = html.escape(text).split("**")
    return "".join(f"<strong>{p}</strong>" if i % 2 else p for i, p in enumerate(parts))


def html_report(result) -> str:
    """A self-contained HTML page: settings, summary table, SVG plots and the full per-card table."""
    e = html.escape
    srcs = result["sources"]
    out = ["<!DOCTYPE html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
           "<title>Balance report: " + e(" vs ".join(s["source"] for s in srcs)) + "</title>",
           f"<style>{CSS}</style>", "</head>", "<body>", "<h1>Balance report</h1>", "<ul>"]
    out += [f"<li><strong>{e(k)}</strong>: {e(v)}</li>" for k, v in _settings(result)]
    out += ["</ul>", "<h2>Sources</h2>", "<ul>"]
    out += [f"<li><strong>{_letter(k)}</strong>: <code>{e(s['source'])}</code> ({e(s['title'])}, game "
            f"<code>{e(s['id'])}</code>)</li>" for k, s in enumerate(srcs)]
    out += ["</ul>", "<h2>Summary</h2>", _html_table(_summary_headers(result), _summary_rows(result))]
    out += ["<h2>Win rate by seat</h2>", '<div class="plots">', win_rate_svg(result), "</div>"]
    out += ["<h2>Scores</h2>", '<div class="plots">']
    out += [score_histogram_svg(result, k) for k in range(len(srcs))]
    out += ["</div>", f"<h2>{e(nouns(result)['cards'].capitalize())}</h2>"]
    headers, rows = _card_table(result)
    out.append(_html_table(headers, rows, left=3))
    out += ["<h2>Notes</h2>", '<ul class="notes">'] + [f"<li>{_md_inline(n)}</li>" for n in notes(result)] + ["</ul>"]
    out += ["</body>", "</html>"]
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------- files
def report_format(path) -> str:
    """``"markdown"`` or ``"html"`` from a file name's extension; ValueError for anything else."""
    ext = os.path.splitext(str(path))[1].lower()
    if ext not in REPORT_FORMATS:
        raise ValueError(f"cannot tell the report format of {str(path)!r}: use a .md or .html file name")
    return REPORT_FORMATS[ext]


def write_report(result, path) -> str:
    """Writes the Markdown or HTML report (by extension) to ``path``; returns the format written."""
    fmt = report_format(path)
    text = markdown_report(result) if fmt == "markdown" else html_report(result)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return fmt
