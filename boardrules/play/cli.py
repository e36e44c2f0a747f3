"""The ``boardrules`` command: play, simulate, validate and list games.

Exit codes: 0 success, 1 ``validate`` found problems, 2 a bad command line (unknown game, player count or option).
"""
from __future__ import annotations

import json
import os
import sys
import time

import click

from ..api.rules import available_games, load
from ..errors import ContentError, UsageError
from .batch import Study, default_workers, from_records, run
from .bots import bots_help, make_bots, random_bots
from .report import report_format, terminal_table, text_table, write_report
from .smoke import smoke_test

__all__ = ["cli"]


class CommandError(click.ClickException):
    """A problem with what was asked for: printed as one ``Error: ...`` line, exit code 2, no traceback."""

    exit_code = 2


# ---------------------------------------------------------------------- helpers
def parse_value(text: str):
    """A command-line option value: true/false, an integer, or else the string itself."""
    low = text.strip().lower()
    if low == "true":
        return True
    if low == "false":
        return False
    try:
        return int(text)
    except ValueError:
        return text


def show_value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def show_options(options: dict) -> str:
    return ", ".join(f"{k}={show_value(v)}" for k, v in options.items()) or "none"


def parse_options(pairs) -> dict:
    options = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise CommandError(f"--option takes key=value, got {pair!r}")
        options[key.strip()] = parse_value(value)
    return options


def load_rules(game):
    try:
        return load(game)
    except ContentError as exc:
        issues = exc.errors
        if len(issues) == 1:
            raise CommandError(str(issues[0])) from None
        lines = [f"cannot load {game!r}: {len(issues)} problems"] + [f"  {issue}" for issue in issues]
        raise CommandError("\n".join(lines)) from None


def prepare(game, players, option_pairs, preset=None):
    """(rules, player count, full options) for a command line, or a CommandError."""
    rules = load_rules(game)
    if players is None:     # four, the classic table, where the game allows it
        players = 4 if 4 in rules.players else rules.players.stop - 1
    if players not in rules.players:
        raise CommandError(f"{rules.title} is for {rules.players.start}-{rules.players.stop - 1} players, "
                           f"not {players}")
    try:
        options = rules.check_options(parse_options(option_pairs), players, preset=preset)
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    # show only the options this player count can use
    options = {k: v for k, v in options.items()
               if rules.model.options[k].players is None or players in rules.model.options[k].players}
    return rules, players, options


def part_names(rules) -> dict:
    """Scoring part id -> display name, in scoring order."""
    names = {}
    for rule in rules.model.scoring:
        if rule.id not in names:
            name = rule.name
            names[rule.id] = (name.get("en") or next(iter(name.values()), rule.id)) if isinstance(name, dict) \
                else str(name or rule.id)
    return names


def table(headers, rows, left=1) -> list[str]:
    return text_table(headers, rows, left, blank_under_empty=True)


def card_text(entry, names) -> str:
    """One card of a view: its name, plus what lies under it, by pile (e.g. "Name [pile: Other Name]")."""
    if not isinstance(entry, dict):
        return names.get(entry, entry)
    extras = []
    for pile, under in entry.get("piles", {}).items():
        shown = ", ".join(names.get(c, c) for c in under) if isinstance(under, list) else str(under)
        extras.append(f"{pile}: {shown}")
    name = names.get(entry["card"], entry["card"])
    return f"{name} [{'; '.join(extras)}]" if extras else name


def wrap_items(items, head, width) -> list[str]:
    """``head`` then the items joined by ", ", wrapped between items (never inside a card name)."""
    lines, line = [], head
    for i, item in enumerate(items):
        piece = item + ("," if i < len(items) - 1 else "")
        if line.strip() and line != head and len(line) + 1 + len(piece) > width:
            lines.append(line)
            line = " " * len(head) + piece
        else:
            line += ("" if line == head else " ") + piece
    return lines + [line]


def tableau_report(rules, game, width=100) -> list[str]:
    """Every seat's public, scoring zones at the end of the game."""
    names = {c.id: c.en for c in rules.cards}
    zones = game.view()["zones"]
    out = []
    family_of = {zi: f for f in rules.model.families.values() for zi in f.members}
    for z in rules.model.zones:
        if not (z.tableau and z.scope == "player" and z.visibility == "public"):
            continue
        fam = family_of.get(z.index)
        if fam is not None:         # a family once, its members by key
            if z.index == fam.members[0]:
                out += _family_report(rules, fam, zones, names, width)
            continue
        out.append(f"Final {z.id} of each seat:")
        for seat, cards in enumerate(zones[z.id]):
            head = f"  seat {seat} ({len(cards)}): "
            out += wrap_items([card_text(c, names) for c in cards] or ["(empty)"], head, width)
        out.append("")
    return out


def _family_report(rules, fam, zones, names, width) -> list[str]:
    out = [f"Final {fam.id} of each seat:"]
    for seat in range(len(zones[rules.model.zones[fam.members[0]].id])):
        parts, size = [], 0
        for key, zi in zip(fam.keys, fam.members):
            cards = zones[rules.model.zones[zi].id][seat]
            size += len(cards)
            if cards:
                parts.append(f"{key}: " + ", ".join(card_text(c, names) for c in cards))
        out += wrap_items(parts or ["(empty)"], f"  seat {seat} ({size}): ", width)
    return out + [""]


def score_report(rules, game) -> list[str]:
    scores = game.scores()
    winners = game.winners()
    names = part_names(rules)
    used = [pid for pid in names if any(pid in s["parts"] for s in scores)]
    tie_texts = [text for _, text in rules.model.tie_break]
    ties = [game.tie_breaks(s["seat"]) for s in scores]

    headers = ["seat"] + [names[pid] for pid in used] + ["total"] + (["tie-break"] if tie_texts else []) + [""]
    rows = []
    for s, tb in zip(scores, ties):
        row = [f"seat {s['seat']}"] + [s["parts"].get(pid, "-") for pid in used] + [s["total"]]
        if tie_texts:
            row.append(" / ".join(map(str, tb)))
        row.append("  winner" if s["seat"] in winners else "")
        rows.append(row)

    rounds = "round" if game.round == 1 else "rounds"
    out = [f"Game over after {game.round} {rounds}: {game.end_reason}.", ""]
    out += table(headers, rows)
    out.append("")
    if tie_texts:
        out.append("tie-break: " + "; then ".join(tie_texts))
    if any("-" in row[1:len(used) + 1] for row in rows):
        out.append("'-': the seat has no card that scores this part")
    best = scores[winners[0]]["total"]
    leaders = [s["seat"] for s in scores if s["total"] == best]
    seats = ", ".join(f"seat {w}" for w in winners)
    if len(winners) > 1:
        out.append(f"Shared win: {seats} with {best} points each (tied on the tie-break too).")
    elif len(leaders) > 1:
        out.append(f"Winner: {seats} with {best} points, on the tie-break "
                   f"({' / '.join(map(str, ties[winners[0]]))} against "
                   + ", ".join(f"seat {s}: {' / '.join(map(str, ties[s]))}" for s in leaders if s != winners[0])
                   + ").")
    else:
        out.append(f"Winner: {seats} with {best} points.")
    return out


# ---------------------------------------------------------------------- commands
class _Commands(click.Group):
    """Every command's problems with what was asked for (UsageError, ContentError) become one
    ``Error: ...`` line and exit code 2, even where a command did not check first: a traceback is for bugs."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except (UsageError, ContentError) as exc:
            raise CommandError(str(exc)) from None


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="boardrules", prog_name="boardrules")
def cli():
    """Play board and card games written as YAML content: play, simulate and compare games and house rules,
    validate content, and write its rules pages and schemas."""


option_opt = click.option("--option", "-o", "option_pairs", multiple=True, metavar="KEY=VALUE",
                          help="A game option, e.g. some_option=true (repeatable; values: true/false, integers, text).")
preset_opt = click.option("--preset", default=None, metavar="NAME",
                          help="A bundle of option values the game names (its setup page lists them); --option "
                               "overrides it.")
players_opt = click.option("--players", "-p", type=int, default=None,
                           help="Number of players (default: 4, or the most the game allows if fewer).")


@cli.command(short_help="Play one game with random bots; print the log and scores.")
@click.argument("game")
@players_opt
@click.option("--seed", "-s", type=int, default=None,
              help="Game seed (the bots' seeds derive from it); default: drawn from the operating system and printed, "
                   "so the game can be played again.")
@option_opt
@preset_opt
@click.option("--json", "as_json", is_flag=True, help="Print the final game state as JSON instead of the log and scores.")
@click.option("--human", type=int, default=None, metavar="SEAT",
              help="Play seat SEAT yourself in the terminal against bots (needs the play extra: pip install '.[play]' in a checkout).")
@click.option("--bots", "-b", "bot_list", default=None, metavar="NAME[,NAME...]",
              help=f"With --human: the other seats' bots, one for all or one per seat (default random): {bots_help()}.")
def play(game, players, seed, option_pairs, preset, as_json, human, bot_list):
    """Play one whole game of GAME (a packaged id or a path) with random bots and print the log and the scores.
    With --human SEAT you play that seat yourself: numbered choices, u to take back your last decision."""
    rules, players, options = prepare(game, players, option_pairs, preset)
    if human is not None or bot_list is not None:
        if human is None:
            raise CommandError("--bots goes with --human (simulate plays bots against each other)")
        if as_json:
            raise CommandError("--json and --human do not go together")
        from .terminal import TerminalGame

        if seed is None:
            seed = rules.new_game(players=players, options=options, log=False).seed     # one drawn, shown
        try:
            bots = make_bots(bot_list or "random", seed, rules, players)
        except ValueError as exc:
            raise CommandError(str(exc)) from None
        code = TerminalGame(rules, players, seed, options, human, bots).run()
        sys.exit(code)
    g = rules.new_game(players=players, seed=seed, options=options, log=not as_json)
    seed = g.seed           # the one drawn, when none was given
    bots = random_bots(seed, players)
    decisions = 0
    while not g.is_over:
        g.apply(bots[g.current_player].choose(g))
        decisions += 1
    if as_json:
        click.echo(json.dumps(g.to_json(), indent=2, ensure_ascii=False))
        return
    lines = [
        f"{rules.title} ({rules.id}): {players} players, seed {seed}",
        f"options: {show_options(options)}",
        "players: random bots, one per seat, seeded from the game seed and the seat",
    ]
    log = g.log_lines(full=True)       # the whole game, every card named: no player reads it while it is played
    if log and not log[0].startswith("--"):
        lines += ["", "-- setup --"]
    for line in log:
        if line.startswith("--"):
            lines.append("")
        lines.append(line)
    lines += ["", f"{decisions} decisions.", ""]
    lines += tableau_report(rules, g)
    lines += score_report(rules, g)
    click.echo("\n".join(lines))


bots_opt = click.option("--bots", "-b", default="random", show_default=True, metavar="NAME[,NAME...]",
                        help=f"One bot for every seat, or one per seat, e.g. greedy,random,random,random. Bots: {bots_help()}.")
workers_opt = click.option("--workers", "-w", type=click.IntRange(min=1), default=None,
                           help="Worker processes (default: the cores this process may use; 1 plays in this process).")
out_opt = click.option("--out", "out_path", type=click.Path(), default=None, metavar="FILE",
                       help="Write every game's record as it finishes: FILE.jsonl (JSON Lines) or FILE.parquet (a "
                            "folder of Parquet files; needs boardrules[parquet]).")
resume_opt = click.option("--resume", is_flag=True,
                          help="Go on with the study --out holds: its games are counted, not played again.")


def backend_opts(f):
    f = click.option("--address", default=None, metavar="HOST:PORT",
                     help="With --backend ray: the cluster to use (default: RAY_ADDRESS, else a local Ray "
                          "instance).")(f)
    return click.option("--backend", type=click.Choice(["local", "ray"]), default="local", show_default=True,
                        help="Where the games are played: local processes, or Ray (needs boardrules[ray]).")(f)


def run_study(study, workers, out_path, resume, label, backend="local", address=None):
    """Plays a study with a progress bar on stderr (only when stderr is a terminal); returns its tally."""
    from tqdm import tqdm

    if resume and out_path is None:
        raise CommandError("--resume goes with --out FILE (the records of the study to go on with)")
    total = study.games * len(study.sources)
    bars = []

    def started(n):
        bars.append(tqdm(total=total, initial=n, desc=label, unit=" games", file=sys.stderr, disable=None,
                         dynamic_ncols=True, smoothing=0.1, leave=False))

    try:
        return run(study, workers=workers, out=out_path, resume=resume, started=started,
                   progress=lambda n: bars[0].update(n), keep_records=False, backend=backend, address=address)
    finally:
        for bar in bars:
            bar.close()


def study_of(sources, loaded, players, games, seed, bots, options, preset):
    try:
        return Study.prepare(sources, players, games, seed, bots, options, preset, loaded=loaded)
    except ValueError as exc:
        raise CommandError(str(exc)) from None


def _interval(ci) -> str:
    """A mean's normal 95% interval as `` [lo, hi]`` (nothing for fewer than two games)."""
    return "" if ci is None else f" [{ci[0]:.2f}, {ci[1]:.2f}]"


def worker_note(workers, played) -> str:
    n = workers or default_workers()
    return "one process" if n == 1 or played <= 1 else f"{n} worker processes"


@cli.command(short_help="Play many games with bots; print speed and statistics.")
@click.argument("game")
@click.option("--games", "-n", type=click.IntRange(min=1), default=1000, show_default=True, help="Number of games.")
@players_opt
@click.option("--seed", "-s", type=int, default=1, show_default=True,
              help="Seed of the first game; game i uses seed+i.")
@bots_opt
@workers_opt
@option_opt
@preset_opt
@out_opt
@resume_opt
@backend_opts
def simulate(game, games, players, seed, bots, workers, option_pairs, preset, out_path, resume, backend, address):
    """Play many games of GAME with bots (no log) and print speed, scores and win rates."""
    rules, players, options = prepare(game, players, option_pairs, preset)
    study = study_of([game], {game: rules}, players, games, seed, bots, parse_options(option_pairs), preset)
    start = time.perf_counter()
    tally = run_study(study, workers, out_path, resume, f"{rules.title}, {players} players", backend, address)
    elapsed = time.perf_counter() - start
    s = tally.result()["sources"][0]
    played = tally.played
    lineup = study.bots
    shown_bots = f"{lineup[0]} bots" if len(set(lineup)) == 1 else "bots " + ",".join(lineup)
    out = [
        f"{rules.title} ({rules.id}): {games} games, {players} players, seeds {seed}..{seed + games - 1}, "
        f"options: {show_options(options)}, {shown_bots}",
        "",
    ]
    if played:
        decisions = tally.played_decisions
        out.append(f"speed      {played / elapsed:,.1f} games/s, {decisions / elapsed:,.0f} decisions/s "
                   f"({elapsed:.2f} s, {'Ray' if backend == 'ray' else worker_note(workers, played)})")
    if played < games:
        out.append(f"resumed    {games - played} games read back from {out_path}, {played} played")
    sc, rd = s["score"], s["rounds"]
    out += [
        f"decisions  {s['decisions']['mean']:.1f} per game",
        f"rounds     {rd['mean']:.2f}{_interval(rd.get('ci'))} per game (min {rd['min']}, max {rd['max']})",
        f"scores     mean {sc['mean']:.2f}{_interval(sc.get('ci'))}, min {sc['min']}, max {sc['max']} (every seat); "
        f"winners mean {sc['winner_mean']:.2f}",
    ]
    names = part_names(rules)
    parts = sc.get("parts_mean") or {}
    if parts:
        out.append("by part    " + ", ".join(f"{names.get(p, p)} {v:.2f}" for p, v in parts.items())
                   + " (mean per seat)")
    for k, (reason, n) in enumerate(s["end_reasons"].items()):
        out.append(f"{'game end' if k == 0 else '':<10} {n / games:6.1%}  {reason}")
    out.append("win rate by seat (shared wins count as fractions; [95% Wilson interval])")
    for seat, (w, (lo, hi)) in enumerate(zip(s["wins"], s["win_ci"])):
        out.append(f"  seat {seat}  {w / games:.3f} [{lo:.3f}, {hi:.3f}]  ({w:g} of {games} games)")
    if out_path is not None:
        out.append(f"\nrecords in {out_path}")
    click.echo("\n".join(out))


@cli.command(short_help="Compare rule sets: the same seeded games with the same bots; print and report balance.")
@click.argument("sources", nargs=-1, required=False, metavar="SOURCE SOURCE [...]")
@click.option("--games", "-n", type=click.IntRange(min=1), default=2000, show_default=True,
              help="Games per source.")
@players_opt
@click.option("--seed", "-s", type=int, default=1, show_default=True,
              help="Seed of the first game; game i of every source uses seed+i.")
@bots_opt
@workers_opt
@option_opt
@preset_opt
@out_opt
@resume_opt
@backend_opts
@click.option("--from", "from_path", type=click.Path(), default=None, metavar="FILE",
              help="Play nothing: report on the games a records file (written with --out) holds.")
@click.option("--report", "-r", "report_path", type=click.Path(dir_okay=False), default=None,
              help="Also write a report with plots: .md (Markdown) or .html (self-contained page).")
def compare(sources, games, players, seed, bots, workers, option_pairs, preset, out_path, resume, backend, address,
            from_path, report_path):
    """Play the same seeded games of every SOURCE (a packaged id or a path to a game or variant file) with the same
    bots, print win rates by seat, scores, game length and the cards the game tracks (its play hints) that differ
    most, and optionally write a Markdown or HTML report."""
    if from_path is not None and (sources or out_path is not None):
        raise CommandError("--from reports on a records file: give no SOURCE and no --out with it")
    if from_path is None and len(sources) < 2:
        raise CommandError("compare needs at least two sources (the same one twice is fine)")
    if report_path is not None:
        try:
            report_format(report_path)
        except ValueError as exc:
            raise CommandError(str(exc)) from None
        folder = os.path.dirname(os.path.abspath(report_path))
        if not os.path.isdir(folder):
            raise CommandError(f"cannot write {report_path}: no directory {folder}")
    if from_path is not None:
        try:
            result = from_records(from_path).result()
        except ContentError as exc:
            raise CommandError(f"{from_path}: its content does not load: {exc.errors[0]}") from None
        click.echo(terminal_table(result))
        write_report_file(result, report_path)
        return
    loaded = {}
    for source in sources:
        if source not in loaded:
            loaded[source] = load_rules(source)     # a one-line (or listed) error for content that does not load
    study = study_of(list(sources), loaded, players, games, seed, bots, parse_options(option_pairs), preset)
    label = f"{len(sources)} sources x {games} games, {study.players} players"
    result = run_study(study, workers, out_path, resume, label, backend, address).result()
    click.echo(terminal_table(result))
    if out_path is not None:
        click.echo(f"\nrecords in {out_path}")
    write_report_file(result, report_path)


def write_report_file(result, report_path):
    if report_path is not None:
        try:
            fmt = write_report(result, report_path)
        except OSError as exc:
            raise CommandError(f"cannot write {report_path}: {exc.strerror or exc}") from None
        click.echo(f"\n{'Markdown' if fmt == 'markdown' else 'HTML'} report written to {report_path}")


@cli.command(short_help="Check content files; exit 1 on any problem.")
@click.argument("paths", nargs=-1, required=True, metavar="PATH...")
@click.option("--games", default=3, show_default=True,
              help="Random games played per player count after loading (0: do not play).")
def validate(paths, games):
    """Check game content files (a game.yaml, its directory, or a packaged id); exit 1 on any problem.

    After the files load, a few bounded random games per player count show that the content also plays; the
    first failure is reported with the player count and seed that reproduce it."""
    failed = 0
    for path in paths:
        try:
            rules = load(path)
        except ContentError as exc:
            failed += 1
            for issue in exc.errors:
                click.echo(str(issue))
            click.echo(f"FAILED: {path} ({len(exc.errors)} problem{'s' if len(exc.errors) != 1 else ''})")
            continue
        broken = smoke_test(rules, games) if games > 0 else None
        if broken is not None:
            failed += 1
            click.echo(f"FAILED: {path} loads but does not play: {broken}")
            continue
        cards = rules.cards
        played = f", {games} random games per player count played" if games > 0 else ""
        click.echo(f"ok: {path} ({rules.title}, {len(cards)} card types, {sum(c.copies for c in cards)} cards"
                   f"{played})")
    if failed:
        sys.exit(1)


@cli.command("list")
def list_games():
    """List the packaged games."""
    from ..content.summary import summary

    rows = []
    for gid in available_games():
        card = summary(gid)         # the manifests alone: nothing compiled, so this answers at once
        if card is not None:
            lo, hi = card["players"]
            options = card["options"]
            title = card["title"]
        else:
            try:
                rules = load(gid)
            except ContentError as exc:
                rows.append([gid, f"(cannot be loaded: {len(exc.errors)} problems; see 'boardrules validate {gid}')",
                             "", ""])
                continue
            lo, hi, options, title = rules.players.start, rules.players.stop - 1, rules.options, rules.title
        rows.append([gid, title, f"{lo}-{hi} players" if lo != hi else f"{lo} players",
                     f"options: {show_options(options)}"])
    if not rows:
        click.echo("no packaged games found")
        return
    click.echo("\n".join(table(["game", "title", "players", ""], rows, left=4)[2:]))
