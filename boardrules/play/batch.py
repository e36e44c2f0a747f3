"""Batches of games: the one runner that ``simulate`` and ``compare`` share.

A :class:`Study` says what to play: sources (packaged game ids or game/variant files), the player count, the first
seed and the number of games, one bot per seat, options and a preset. :func:`play` plays it, in this process or in
worker processes, and yields the records of the games as chunks of them finish (in no particular order); a
:class:`Tally` adds records up incrementally into the numbers of :func:`boardrules.play.compare.compare`, and
:func:`run` does both, writing the records to a file as they arrive (see :mod:`boardrules.play.records`).

>>> import boardrules
>>> from boardrules.play.batch import Study, run
>>> game_id = boardrules.available_games()[0]
>>> study = Study.prepare([game_id], players=2, games=3, seed=1, bots="random")
>>> tally = run(study, workers=1)
>>> sorted(r["seed"] for r in tally.records[0])
[1, 2, 3]

Game ``i`` of every source uses seed ``seed + i``, every bot is seeded from the game seed and its seat, and the
aggregates are kept in exact arithmetic (integers and fractions, turned into floats only when read), so the numbers
are the same whatever the number of workers and whatever order the games finish in. Every record carries its key,
``(source index, seed)``: a key added twice or a game missing at the end is an error, never a silent miscount.

Workers get the content itself, not a path to read again: a packaged game by id, a file by the text of every file it
reads (a variant and the files it extends or includes), written into a folder of their own under the system's
temporary folder, named by the content's checksum (:mod:`boardrules.play.bundle`). Each worker ends itself when the
run that started it is gone, and a worker that is killed ends the run with :class:`WorkerLost` (the records written
so far stay, for resuming).
"""
from __future__ import annotations

import math
import multiprocessing
import os
import threading
import time
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from fractions import Fraction
from typing import Callable, Iterable, Iterator

import attrs

from ..api.rules import Rules, load
from ..content.paths import packaged_games
from ..errors import UsageError
from ..limits import MAX_PLAYERS
from .bots import bot_names
from .bundle import _OPENED, Bundle
from .chunks import play_games
from .records import MAX_SEED

__all__ = ["Bundle", "Study", "Tally", "WorkerLost", "default_workers", "from_records", "mean_interval", "play",
           "play_games", "run", "wilson"]

Z95 = 1.959963984540054
RECORD_FORMAT = 1
HISTOGRAM_SPAN = 10_000     # a histogram lists every score from the lowest to the highest up to this span


# ---------------------------------------------------------------------- statistics
def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default); ``successes`` may be fractional (shared wins).
    ``(0.0, 1.0)`` when ``n`` is 0."""
    if n <= 0:
        return (0.0, 1.0)
    p = min(max(successes / n, 0.0), 1.0)
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z / denom * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    # at p = 0 (p = 1) the lower (upper) bound is exactly 0 (1); rounding would leave it a hair off
    lo = 0.0 if p <= 0.0 else max(0.0, centre - half)
    hi = 1.0 if p >= 1.0 else min(1.0, centre + half)
    return (lo, hi)


def mean_interval(n: int, total, squares, z: float = Z95) -> tuple[float, float] | None:
    """The normal 95% interval of a mean, ``mean ± z·sd/√n``, from ``n`` values, their sum and the sum of their
    squares (the sample standard deviation, n - 1); None for fewer than two values (no spread to go on)."""
    if n < 2:
        return None
    mean, sd = _mean_sd(n, total, squares)
    half = z * sd / math.sqrt(n)
    return (mean - half, mean + half)


def default_workers() -> int:
    """The cores this process may run on (its CPU affinity where the system has one), else the machine's."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


# ---------------------------------------------------------------------- what to play
@attrs.frozen
class Study:
    """What a batch plays: every source plays games ``seed .. seed + games - 1`` with ``players`` players and the
    bots ``bots`` (one name per seat), with ``options[k]`` (the full, checked options of source ``k``)."""

    sources: tuple          # of Bundle
    players: int
    seed: int
    games: int
    bots: tuple             # one bot name per seat
    options: tuple          # one dict per source
    preset: str | None = None
    requested: dict = attrs.field(factory=dict)     # the options as asked for (shown in reports)

    @classmethod
    def prepare(cls, sources: Iterable[str], players: int | None, games: int, seed: int, bots="random",
                options=None, preset: str | None = None, loaded: dict | None = None) -> "Study":
        """Loads and checks everything before a game is played: ContentError for a source that does not load,
        UsageError for a bad player count, option, preset, bot name or game count. ``players=None``: the most
        that every source allows. ``loaded``: rules already loaded, by source (not loaded again)."""
        labels = [os.fspath(s) if isinstance(s, os.PathLike) else str(s) for s in sources]
        if not labels:
            raise UsageError("a batch needs at least one source")
        if isinstance(games, bool) or not isinstance(games, int) or games < 1:
            raise UsageError(f"the number of games must be a whole number of at least 1, got {games!r}")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise UsageError(f"the first seed must be a whole number, got {seed!r}")
        bundle, all_rules = [], []
        for label in labels:
            packaged = label in packaged_games()
            rules = (loaded or {}).get(label)
            if rules is None and packaged:
                rules = _OPENED.get(Bundle.of(label).digest)      # a packaged game is loaded once per process
            if rules is None:
                rules = load(label)
            one = Bundle.of(label)
            _OPENED.setdefault(one.digest, rules)
            bundle.append(one)
            all_rules.append(rules)
        if players is None:
            players = min(r.players.stop for r in all_rules) - 1
        all_options = []
        for label, rules in zip(labels, all_rules):
            if players not in rules.players:
                raise UsageError(f"{label}: {rules.title} is for {rules.players.start}-{rules.players.stop - 1} "
                                 f"players, not {players}")
            try:
                all_options.append(rules.check_options(options, players, preset=preset))
            except UsageError as exc:
                raise UsageError(f"{label}: {exc}") if len(labels) > 1 else exc from None
        try:
            lineup = bot_names(bots, players)
        except ValueError as exc:
            raise UsageError(str(exc)) from None
        return cls(tuple(bundle), players, seed, games, tuple(lineup), tuple(all_options), preset,
                   dict(options or {}))

    @property
    def seeds(self) -> range:
        return range(self.seed, self.seed + self.games)

    def rules(self, k: int) -> Rules:
        return self.sources[k].open()

    def header(self) -> dict:
        """What a records file says about the study it holds (everything but the number of games must match to
        resume it)."""
        return {
            "format": RECORD_FORMAT,
            "players": self.players,
            "seed": self.seed,
            "games": self.games,
            "bots": list(self.bots),
            "preset": self.preset,
            "options": [dict(o) for o in self.options],
            "sources": [s.to_json() for s in self.sources],
            "asked": dict(self.requested),
        }

    @classmethod
    def from_header(cls, header, games: int) -> "Study":
        """The study a records file's header describes, with ``games`` games; UsageError if it is not one."""
        if not isinstance(header, dict) or not isinstance(header.get("sources"), list):
            raise UsageError("not the header of a boardrules study")
        sources = tuple(Bundle.from_json(s) for s in header["sources"])     # (UsageError for a bad one)
        try:
            players, seed = header["players"], header["seed"]
            bots, options = tuple(str(b) for b in header["bots"]), tuple(dict(o) for o in header["options"])
            preset, asked = header.get("preset"), dict(header.get("asked") or {})
        except (KeyError, TypeError, ValueError, AttributeError):
            raise UsageError("not the header of a boardrules study") from None
        if not (isinstance(players, int) and not isinstance(players, bool) and 1 <= players <= MAX_PLAYERS
                and isinstance(seed, int) and not isinstance(seed, bool) and abs(seed) <= MAX_SEED
                and len(bots) == players and len(options) == len(sources) and sources
                and (preset is None or isinstance(preset, str))):
            raise UsageError("not the header of a boardrules study")
        return cls(sources, players, seed, games, bots, options, preset, asked)

    def keys(self) -> set:
        return {(k, s) for k in range(len(self.sources)) for s in self.seeds}


class WorkerLost(UsageError):
    """A worker process of a batch stopped before its games were finished (killed, or out of memory): the run
    ends; the records written so far stay, and resuming the study plays the rest."""


# ---------------------------------------------------------------------- playing (in workers or in-process)
_STUDY: list = []       # the study of this worker process
PARENT_POLL_S = 0.5     # how often a worker looks whether the run that started it is still there


def _init_worker(study: Study, parent: int | None = None) -> None:
    """Process-pool initializer: watch the run that started this worker (:func:`_watch_parent`), keep the study
    and load every source once per worker."""
    if parent is not None:
        _watch_parent(parent)
    _STUDY[:] = [study]
    for bundle in study.sources:
        bundle.open()


def _watch_parent(parent: int) -> None:
    """Ends this worker process as soon as the process ``parent`` (the run that started it) is gone, killed say,
    instead of playing on for nobody and waiting forever for more work: a thread of its own looks every
    ``PARENT_POLL_S`` seconds. A worker forked by the run sees its parent change; one started by a fork server
    (whose parent is the server) asks whether the run's process is still there."""
    direct = os.getppid() == parent

    def alive() -> bool:
        if direct:
            return os.getppid() == parent
        if os.name == "nt":                 # (os.kill would end the process there; the pool's pipes do it)
            return True
        try:
            os.kill(parent, 0)
        except OSError:                     # no such process, or someone else's: its number used again
            return False
        return True

    def watch() -> None:
        while alive():
            time.sleep(PARENT_POLL_S)
        os._exit(3)

    threading.Thread(target=watch, name="boardrules-watch-parent", daemon=True).start()


def _work(k: int, seeds: tuple) -> list[dict]:
    return play_games(_STUDY[0], k, seeds)


def _chunks(todo: list, workers: int) -> list:
    """(source, seeds) tasks: about eight per worker, at most 50 games each, so that scheduling takes little time and
    the last tasks finish close together."""
    if not todo:
        return []
    size = max(1, min(50, math.ceil(len(todo) / (workers * 8))))
    tasks = []
    for start in range(0, len(todo), size):
        part = todo[start:start + size]
        k = part[0][0]
        seeds = []
        for kk, seed in part:
            if kk != k:                 # one source per task
                tasks.append((k, tuple(seeds)))
                k, seeds = kk, []
            seeds.append(seed)
        tasks.append((k, tuple(seeds)))
    return tasks


def _check_workers(workers) -> None:
    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int) or workers < 1):
        raise UsageError(f"workers must be a whole number of at least 1, got {workers!r}")


def play(study: Study, workers: int | None = None, skip: Iterable = (), start_method: str | None = None,
         backend=None) -> Iterator[list[dict]]:
    """Plays every game of ``study`` whose key ``(source index, seed)`` is not in ``skip`` and yields the records
    chunk by chunk as chunks finish. ``workers``: processes (default: :func:`default_workers`; 1 plays in this
    process). ``start_method``: the multiprocessing start method (default: the platform's); the workers read
    nothing from disk but what they are sent, so every method works. ``backend``: None for local processes, or a
    connected :class:`boardrules.play.rayrun.RayBackend` (its tasks spread over the cluster's CPUs)."""
    skip = set(skip)
    todo = [(k, s) for k in range(len(study.sources)) for s in study.seeds if (k, s) not in skip]
    _check_workers(workers)
    if backend is not None:
        yield from backend.play(study, _chunks(todo, backend.cpus()))
        return
    if workers is None:
        workers = default_workers()
    tasks = _chunks(todo, workers)
    if workers == 1 or len(tasks) <= 1:
        for k, seeds in tasks:
            yield play_games(study, k, seeds)
        return
    context = multiprocessing.get_context(start_method) if start_method else None
    with ProcessPoolExecutor(max_workers=min(workers, len(tasks)), mp_context=context,
                             initializer=_init_worker, initargs=(study, os.getpid())) as pool:
        pending = {pool.submit(_work, k, seeds) for k, seeds in tasks}
        broken = False
        try:
            while pending:
                finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                for fut in finished:
                    try:
                        chunk = fut.result()
                    except BrokenProcessPool:
                        broken = True
                        raise WorkerLost("a worker process stopped before its games were finished (killed, or out "
                                         "of memory)") from None
                    yield chunk
        finally:
            if broken:
                # the pool's own clean-up sets an error on every pending future (one cancelled here would stop it
                # half-way, leaving the other workers running); end the workers that are left, whatever it does
                for proc in list((getattr(pool, "_processes", None) or {}).values()):
                    try:
                        proc.terminate()
                    except (OSError, ValueError):       # (already ended)
                        pass
            else:
                for fut in pending:
                    fut.cancel()


# ---------------------------------------------------------------------- aggregation
def _mean_sd(n: int, total, squares) -> tuple[float, float]:
    if not n:
        return (0.0, 0.0)
    mean = Fraction(total) / n
    if n < 2:
        return (float(mean), 0.0)
    var = (Fraction(squares) - Fraction(total) * mean) / (n - 1)
    return (float(mean), math.sqrt(max(var, 0)))


class _Source:
    """The running totals of one source (exact: integers and fractions)."""

    def __init__(self, players: int):
        self.players = players
        self.seeds: set = set()
        self.wins = [Fraction(0)] * players
        self.seat_totals = [Fraction(0)] * players
        self.seat_sq = [Fraction(0)] * players
        self.score_n, self.score_sum, self.score_sq = 0, Fraction(0), Fraction(0)
        self.game_sq = Fraction(0)      # sum over games of (the game's total over its seats) squared
        self.score_counts: dict = {}
        self.winner_sum, self.winner_sq = Fraction(0), Fraction(0)
        self.rounds_sum, self.rounds_sq, self.rounds_min, self.rounds_max = 0, 0, None, None
        self.decisions, self.decisions_sq = 0, 0
        self.reasons: dict = {}
        self.games_with: dict = {}      # card id -> games where some player had it
        self.holders: dict = {}         # card id -> player-games with it
        self.holder_wins: dict = {}     # card id -> wins of those players (shared wins split)
        self.parts: dict = {}           # scoring part -> sum over every seat of every game

    def add(self, rec: dict) -> None:
        winners = rec["winners"]
        share = Fraction(1, len(winners))
        for w in winners:
            self.wins[w] += share
        game_total = Fraction(0)
        for seat, score in enumerate(rec["scores"]):
            score = Fraction(score)
            game_total += score
            self.seat_totals[seat] += score
            self.seat_sq[seat] += score * score
            self.score_n += 1
            self.score_sum += score
            self.score_sq += score * score
            self.score_counts[score] = self.score_counts.get(score, 0) + 1
        for seat_parts in rec.get("parts") or ():
            for part, value in seat_parts.items():
                self.parts[part] = self.parts.get(part, 0) + Fraction(value)
        self.game_sq += game_total * game_total
        best = Fraction(rec["scores"][winners[0]])
        self.winner_sum += best
        self.winner_sq += best * best
        r = rec["rounds"]
        self.rounds_sum += r
        self.rounds_sq += r * r
        self.rounds_min = r if self.rounds_min is None else min(self.rounds_min, r)
        self.rounds_max = r if self.rounds_max is None else max(self.rounds_max, r)
        self.decisions += rec["decisions"]
        self.decisions_sq += rec["decisions"] * rec["decisions"]
        self.reasons[rec["end_reason"]] = self.reasons.get(rec["end_reason"], 0) + 1
        in_game = set()
        for seat, ids in enumerate(rec["acquired"]):
            won = share if seat in winners else 0
            for cid in ids:
                in_game.add(cid)
                self.holders[cid] = self.holders.get(cid, 0) + 1
                self.holder_wins[cid] = self.holder_wins.get(cid, 0) + won
        for cid in in_game:
            self.games_with[cid] = self.games_with.get(cid, 0) + 1

    def summary(self, rules, label: str, options: dict) -> dict:
        games, players = len(self.seeds), self.players
        names = {c.id: c.en for c in rules.cards}
        hints = rules.model.play
        card_ids = [c.id for c in rules.cards if hints.track in c.tags]
        card_ids += sorted(cid for cid in self.holders if cid not in card_ids)
        tracked = {}
        for cid in card_ids:
            n_games, n_players = self.games_with.get(cid, 0), self.holders.get(cid, 0)
            w = float(self.holder_wins.get(cid, 0))
            tracked[cid] = {
                "name": names.get(cid, cid),
                "games": n_games,
                "game_rate": n_games / games if games else 0.0,
                "game_ci": list(wilson(n_games, games)),
                "holders": n_players,
                "holder_rate": n_players / (games * players) if games else 0.0,
                "holder_ci": list(wilson(n_players, games * players)),
                "wins": w,
                "win_rate": float(Fraction(self.holder_wins.get(cid, 0)) / n_players) if n_players else None,
                "win_ci": list(wilson(w, n_players)) if n_players else None,
            }
        mean, sd = _mean_sd(self.score_n, self.score_sum, self.score_sq)
        r_mean, r_sd = _mean_sd(games, self.rounds_sum, self.rounds_sq)
        scores = sorted(self.score_counts)
        lo, hi = (scores[0], scores[-1]) if scores else (0, 0)
        order = list(dict.fromkeys(rule.id for rule in rules.model.scoring))
        part_order = [p for p in order if p in self.parts] + sorted(p for p in self.parts if p not in order)
        plain = (lambda v: int(v) if v.denominator == 1 else float(v))
        wins = [float(w) for w in self.wins]

        def ci(n, total, squares):
            interval = mean_interval(n, total, squares)
            return None if interval is None else list(interval)

        # a game's seats are not independent of each other: the interval of the mean over every seat takes each
        # game's mean over its seats as one value (the mean itself is the same)
        score_ci = ci(games, self.score_sum / players, self.game_sq / (players * players))
        return {
            "source": label,
            "id": rules.id,
            "title": rules.title,
            "games": games,
            "wins": wins,
            "win_rate": [float(w / games) if games else 0.0 for w in self.wins],
            "win_ci": [list(wilson(w, games)) for w in wins],
            "score": {
                "mean": mean, "sd": sd, "min": plain(lo), "max": plain(hi), "ci": score_ci,
                "seat_mean": [float(t / games) if games else 0.0 for t in self.seat_totals],
                "seat_ci": [ci(games, t, q) for t, q in zip(self.seat_totals, self.seat_sq)],
                "winner_mean": float(self.winner_sum / games) if games else 0.0,
                "winner_ci": ci(games, self.winner_sum, self.winner_sq),
                "histogram": [[v, self.score_counts.get(Fraction(v), 0)]
                              for v in range(math.floor(lo), math.floor(hi) + 1)]
                if hi - lo <= HISTOGRAM_SPAN else     # (scores far apart: only those that occur)
                [[plain(v), n] for v, n in sorted(self.score_counts.items())],
                "parts_mean": {p: float(self.parts[p] / self.score_n) for p in part_order if self.score_n},
            },
            "rounds": {"mean": r_mean, "sd": r_sd, "min": self.rounds_min or 0, "max": self.rounds_max or 0,
                       "ci": ci(games, self.rounds_sum, self.rounds_sq)},
            "decisions": {"mean": self.decisions / games if games else 0.0, "total": self.decisions,
                          "sd": _mean_sd(games, self.decisions, self.decisions_sq)[1],
                          "ci": ci(games, self.decisions, self.decisions_sq)},
            "end_reasons": dict(sorted(self.reasons.items(), key=lambda kv: (-kv[1], str(kv[0])))),
            "tracked": tracked,
            "nouns": dict(hints.nouns),
            "options": dict(options),
        }


class Tally:
    """The aggregates of a study, added up one record at a time; the result does not depend on the order.

    ``add`` raises UsageError for a record of another study or one whose key was added before; ``check_complete``
    raises if any game of the study is missing. ``keep_records``: also keep every record (``records[k]``)."""

    def __init__(self, study: Study, keep_records: bool = False):
        self.study = study
        self.per_source = [_Source(study.players) for _ in study.sources]
        self.records: list[list[dict]] | None = [[] for _ in study.sources] if keep_records else None
        self.played = 0                 # games played by this run (not read back from a file) ...
        self.played_decisions = 0       # ... and their decisions

    @property
    def count(self) -> int:
        return sum(len(s.seeds) for s in self.per_source)

    def add(self, rec: dict) -> None:
        k, seed = rec.get("source_index"), rec.get("seed")
        if not isinstance(k, int) or not 0 <= k < len(self.per_source) or seed not in self.study.seeds:
            raise UsageError(f"a record of another study: source {rec.get('source')!r} (index {k!r}), seed "
                             f"{seed!r}")
        source = self.per_source[k]
        if seed in source.seeds:
            raise UsageError(f"game {seed} of source {k} ({rec.get('source')!r}) was counted twice")
        try:
            source.add(rec)
        except (KeyError, TypeError, IndexError, ValueError, ZeroDivisionError, AttributeError):
            raise UsageError(f"not a whole game record: source {rec.get('source')!r}, seed {seed!r}") from None
        source.seeds.add(seed)
        if self.records is not None:
            self.records[k].append(rec)

    def add_all(self, records: Iterable[dict]) -> None:
        for rec in records:
            self.add(rec)

    def check_complete(self) -> None:
        for k, source in enumerate(self.per_source):
            missing = len(self.study.seeds) - len(source.seeds)
            if missing:
                raise UsageError(f"{missing} games of source {k} ({self.study.sources[k].label!r}) are missing")

    def result(self) -> dict:
        """The numbers of every source, in the form :func:`boardrules.play.compare.compare` returns."""
        study = self.study
        return {
            "players": study.players,
            "games": study.games,
            "seed": study.seed,
            "seeds": [study.seed, study.seed + study.games - 1],
            "bots": list(study.bots),
            "preset": study.preset,
            "options": dict(study.requested),
            "sources": [s.summary(study.rules(k), study.sources[k].label, study.options[k])
                        for k, s in enumerate(self.per_source)],
        }


# ---------------------------------------------------------------------- the whole run
def run(study: Study, workers: int | None = None, out=None, resume: bool = False,
        progress: Callable[[int], None] | None = None, keep_records: bool = True,
        start_method: str | None = None, started: Callable[[int], None] | None = None,
        backend: str | None = None, address: str | None = None) -> Tally:
    """Plays ``study`` and returns its :class:`Tally` (complete: every game counted once).

    ``out``: a path to write the records to as they arrive (``.jsonl`` or ``.parquet``; see
    :mod:`boardrules.play.records`); with ``resume``, the games already in it are read back, counted and not
    played again (the file must hold this study: UsageError otherwise, before anything is played or appended).
    ``started(n)``: called once before any game is played, with the number of games read back from ``out``.
    ``progress(n)``: called with the number of games just finished, chunk by chunk.
    ``backend``: ``"local"`` (the default: processes on this machine) or ``"ray"`` (a local Ray instance with
    ``workers`` CPUs, or the cluster at ``address`` or ``RAY_ADDRESS``; see :mod:`boardrules.play.rayrun`), connected
    before the records file is opened."""
    _check_workers(workers)
    if backend not in (None, "local", "ray"):
        raise UsageError(f"unknown backend {backend!r} (backends: local, ray)")
    if address is not None and backend != "ray":
        raise UsageError("an address is for --backend ray")
    tally = Tally(study, keep_records)
    done: set = set()
    writer = cluster = None
    if backend == "ray":
        from .rayrun import RayBackend

        cluster = RayBackend(address, workers)
    try:
        if out is not None:
            from .records import open_writer

            def back(rec):      # a game read back from the file: counted, and not played again
                tally.add(rec)
                done.add((rec["source_index"], rec["seed"]))
            writer = open_writer(out, study, resume, back)
    except BaseException:
        if cluster is not None:
            cluster.close()
        raise
    try:
        if started is not None:
            started(tally.count)
        chunks = play(study, workers, done, start_method, cluster)
        for chunk in _resumable(chunks, out):
            tally.add_all(chunk)
            tally.played += len(chunk)
            tally.played_decisions += sum(r["decisions"] for r in chunk)
            if writer is not None:
                writer.write(chunk)
            if progress is not None:
                progress(len(chunk))
    finally:
        if writer is not None:
            writer.close()
        if cluster is not None:
            cluster.close()
    tally.check_complete()
    return tally


def _resumable(chunks, out):
    """The chunks, and for a worker lost on the way, the error saying how to go on."""
    try:
        yield from chunks
    except WorkerLost as exc:
        then = f": the games finished so far are in {out}; run the same command with --resume to play the rest" \
            if out is not None else ""
        raise WorkerLost(f"{exc}{then}") from None


def from_records(path) -> Tally:
    """The tally of the games a records file holds (``.jsonl`` or ``.parquet``), for a report without playing:
    the study is the one its header describes, with as many games as its highest seed says. UsageError for a
    file that is not a records file, or whose study is not finished (resume it first)."""
    from .records import scan_records

    # two passes, one record at a time: the highest seed says how many games the study has, then each is counted
    high: dict = {}

    def note(rec):
        high["seed"] = max(high.get("seed", rec["seed"]), rec["seed"])
    header, _ = scan_records(path, note, lambda found: _check_format(found, path))
    if not high:
        raise UsageError(f"{path} holds no games yet")
    seed = header.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool) or not seed <= high["seed"] <= seed + MAX_SEED:
        raise UsageError(f"{path}: not the header of a boardrules study (its seed)" if not isinstance(seed, int)
                         or isinstance(seed, bool) else f"{path}: a game's seed {high['seed']} is not one of the "
                         f"study's (from {seed} on)")
    games = high["seed"] - seed + 1
    try:
        study = Study.from_header(header, games)
    except UsageError as exc:
        raise UsageError(f"{path} (its study header): {exc}") from None
    tally = Tally(study)
    scan_records(path, tally.add)
    missing = games * len(study.sources) - tally.count
    if missing:
        raise UsageError(f"{path} holds an unfinished study ({missing} of {games * len(study.sources)} games "
                         "missing): finish it with the same command and --resume")
    return tally


def _check_format(header, path) -> None:
    if not isinstance(header, dict) or header.get("format") != RECORD_FORMAT:
        raise UsageError(f"{path} is not a boardrules records file of format {RECORD_FORMAT}")
