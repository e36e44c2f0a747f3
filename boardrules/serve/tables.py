"""The games a web table holds, and who may play them.

The server keeps each game whole (its seed, every hidden card); a browser gets only the view of the seat it holds a
token for. A table is one game: its people's seats (each with a secret token), bots for every other seat, and a
lock, since requests come in on several threads. A saved game leaves the server sealed (encrypted and signed with
the server's key), so the file a player downloads tells them nothing the page did not; once the game is over the
file also holds the plain state. Nothing here knows the web framework: ``app.py`` turns a :class:`Refused` into an
HTTP answer. Nothing here names a game.

Who may hold a seat: a seat goes only to whoever can prove it. The starter holds their seat's token; an invited seat
goes to whoever redeems its one-time invitation code. A saved game is one seat's: the seal records which seat saved
it, the table's lineage (the id of the first table of the game) and, for every other person's seat, the proof its
holder has (a SHA-256 digest of its token, with the table it was issued at, or its unredeemed invitation code).
Resuming gives the uploader the saving seat only; every other person's seat of the copy is *held* for its holder,
who takes it back with their browser's token (their old seat page, or ``/t/OLD/SEAT/rejoin``) or by resuming a save
of their own seat of the same game, which joins the waiting copy instead of making another. An unredeemed
invitation keeps its code (shown, as before, only on the starter's page). Nobody else gets a held seat.
"""
from __future__ import annotations

import hashlib
import json
import os
import secrets
import threading
import time
from pathlib import Path
from typing import Any

from ..api.rules import Rules, available_games, load
from ..errors import IllegalAction, RulesError, StateError, UsageError
from ..limits import MAX_INT_DIGITS, MAX_REQUEST_NESTING, MAX_SAVE_BYTES, MAX_TABLE_IDLE, MAX_TABLES
from ..play.bots import bot_names, make_bots

SAVE_FORMAT = "boardrules-web-save"
SAVE_VERSION = 2                # 2: the seal records the lineage and the proof of every person's seat
BOT_CHOICES = ("random", "greedy")
FULL = (f"this server holds {MAX_TABLES} tables in play, its most, and starts no more until one is over or nobody "
        f"has touched one for {MAX_TABLE_IDLE // 3600} hours (a running table is never dropped for a new one): "
        f"save the games to keep and restart it for room now")


class Refused(Exception):
    """A request turned down, with the HTTP status and the message the person reads; nothing has changed."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def need_web():
    """Starlette and uvicorn, or a UsageError saying how to install them."""
    try:
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
        import multipart  # noqa: F401
        import cryptography  # noqa: F401
    except ImportError:
        raise UsageError("the web table needs starlette, uvicorn, python-multipart and cryptography (Python "
                         "packages): pip install '.[serve]' in a checkout of boardrules (pip install 'boardrules[serve]' where the "
                         "package comes from an index)") from None


class Sealer:
    """Encrypts and signs saved games with the server's key (Fernet: AES in CBC mode and an HMAC-SHA256)."""

    def __init__(self, key: bytes | None = None) -> None:
        from cryptography.fernet import Fernet

        self.key = key or Fernet.generate_key()
        self.fernet = Fernet(self.key)

    @classmethod
    def from_file(cls, path: str | os.PathLike[str]) -> Sealer:
        """The key kept in ``path``, made (readable by its owner only) when the file does not exist yet."""
        from cryptography.fernet import Fernet

        path = Path(path)
        if path.is_file():
            return cls(path.read_bytes().strip())
        path.parent.mkdir(parents=True, exist_ok=True)
        key = Fernet.generate_key()
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as f:
            f.write(key + b"\n")
        return cls(key)

    def seal(self, data: dict) -> str:
        return self.fernet.encrypt(json.dumps(data, separators=(",", ":")).encode()).decode("ascii")

    def open(self, token: str) -> Any:
        from cryptography.fernet import InvalidToken

        try:
            return json.loads(self.fernet.decrypt(token.encode("ascii")))
        except (InvalidToken, UnicodeEncodeError, ValueError):
            raise Refused(400, "this saved game was not sealed by this server's key, or it was changed since "
                               "(a server keeps its key in the file --key-file names)") from None


def default_key_file() -> Path:
    """Where ``boardrules serve`` keeps its key: the user's data folder (XDG_DATA_HOME, else ~/.local/share)."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "boardrules" / "web-save.key"


def digest(secret: str) -> str:
    """The SHA-256 of a token (what a save keeps of another seat's token: it proves a browser's token without being
    one)."""
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


def same(given: Any, secret: str) -> bool:
    """``given`` (a cookie, a code from a URL: any text, or nothing) is ``secret``, compared in constant time."""
    return isinstance(given, str) and secrets.compare_digest(given.encode("utf-8", "surrogatepass"),
                                                             secret.encode("utf-8"))


class Table:
    """One game: the people's seats and the bots at the other seats.

    ``mine`` is the seat whose token is made now (the starter's, or the resumer's); ``owner`` the seat whose page
    shows the invitations (the starter's); ``invites`` the one-time invitation codes of seats nobody has joined yet;
    ``held`` the seats of a resumed game that wait for the person who held them, each with the proof that person's
    browser has (the id of the table its token was issued at, and the token's digest)."""

    def __init__(self, source: str, rules: Rules, game: Any, bots: list[str], mine: int, *, owner: int | None = None,
                 invites: dict[int, str] | None = None, held: dict[int, tuple[str, str]] | None = None,
                 lineage: str | None = None) -> None:
        self.id = secrets.token_urlsafe(12)
        self.lineage = lineage or self.id
        self.source, self.rules, self.game = source, rules, game
        self.owner = mine if owner is None else owner
        self.invites = dict(invites or {})                       # one use each
        self.held = dict(held or {})
        self.humans = sorted({mine} | set(self.invites) | set(self.held))
        self.tokens = {seat: secrets.token_urlsafe(24) for seat in [mine, *self.invites]}
        self.bot_names = bots
        self.bots = make_bots(bots, game.seed, rules, game.players)
        self.lock = threading.RLock()
        self.touched = time.monotonic()
        self.play_bots()

    @classmethod
    def new(cls, source: str, rules: Rules, game: Any, bots: list[str], seats: list[int]) -> Table:
        """A new table: the starter at ``seats[0]``, an invitation for each other seat of ``seats``."""
        return cls(source, rules, game, bots, seats[0], invites={s: secrets.token_urlsafe(24) for s in seats[1:]})

    @property
    def move(self) -> int:
        """The number of decisions taken so far: a form sends it back, and an answer to an older position is
        refused."""
        return len(self.game.history)

    def idle(self) -> float:
        """Seconds since a person last did anything at this table."""
        return time.monotonic() - self.touched

    def check(self, seat: int, token: str | None) -> None:
        """Refuses a request for ``seat`` that does not carry that seat's token."""
        mine = self.tokens.get(seat)
        if mine is None:
            if seat in self.held:
                raise Refused(403, f"seat {seat} of this resumed table waits for the person who held it: they take "
                                   f"it back from their own browser or with their own saved game")
            raise Refused(403 if 0 <= seat < self.game.players else 404,
                          f"seat {seat} of this table is not played from a browser")
        if not same(token, mine):
            raise Refused(403, f"this browser does not hold seat {seat} of this table: each seat is seen only "
                               f"by the browser that started or joined it")
        self.touched = time.monotonic()

    def join(self, seat: int, code: str) -> str:
        """The token of ``seat`` for the one who holds its invitation (used once)."""
        with self.lock:
            mine = self.invites.get(seat)
            if mine is None or not same(code, mine):
                raise Refused(403, "this invitation is not valid (each one lets one browser join, once)")
            del self.invites[seat]
            self.touched = time.monotonic()
            return self.tokens[seat]

    def claim(self, seat: int) -> str:
        """A held seat given to the person who proved it (their old token, or a save of that seat): a fresh token."""
        with self.lock:
            if seat not in self.held:
                raise Refused(409, f"seat {seat} of this table is taken already")
            del self.held[seat]
            self.tokens[seat] = token = secrets.token_urlsafe(24)
            self.touched = time.monotonic()
            return token

    def play_bots(self) -> None:
        """Lets the bots decide until a person's decision is pending or the game is over."""
        game = self.game
        while not game.is_over and game.current_player not in self.humans:
            game.apply(self.bots[game.current_player].choose(game))

    def act(self, seat: int, token: str | None, action: Any, move: Any) -> None:
        """Applies a person's answer, then the bots' decisions up to the next person's; anything wrong is
        refused and changes nothing."""
        with self.lock:
            self.check(seat, token)
            game = self.game
            if game.is_over:
                raise Refused(409, "the game is over")
            if game.current_player != seat:
                raise Refused(409, f"it is seat {game.current_player}'s decision, not yours")
            if not (isinstance(move, int) and not isinstance(move, bool) or isinstance(move, str)
                    and whole(move.strip())):
                raise Refused(400, f"the form's move number is not a number: {str(move)[:40]!r}")
            at = int(move)
            if at != self.move:
                raise Refused(409, f"this answer was for decision {at}, but the game has moved on to decision "
                                   f"{self.move}: reload the page and decide again")
            if isinstance(action, str):
                action = read_json(action, "the answer", "an action such as {\"kind\": \"pass\", \"args\": {}}")
            try:
                game.apply(action)
            except (IllegalAction, UsageError) as exc:
                raise Refused(422, f"refused: {exc}") from None
            except RulesError as exc:
                raise Refused(500, f"the game's content failed: {exc}") from None
            self.play_bots()

    # ------------------------------------------------------------------ saving
    def save(self, seat: int, token: str | None, sealer: Sealer) -> dict:
        """The saved game for the person at ``seat``: sealed while it runs, the plain state once it is over. The
        seal gives the file's holder ``seat`` alone; every other person's seat keeps its holder's proof."""
        with self.lock:
            self.check(seat, token)
            game = self.game
            held = {s: list(self.held[s]) for s in self.held if s != seat}
            held.update({s: [self.id, digest(t)] for s, t in self.tokens.items()
                         if s != seat and s not in self.invites})
            inner = {"version": SAVE_VERSION, "source": self.source, "bots": self.bot_names, "seat": seat,
                     "lineage": self.lineage, "owner": self.owner, "state": game.to_json(),
                     "invites": {str(s): c for s, c in self.invites.items() if s != seat},
                     "held": {str(s): v for s, v in held.items()}}
            data = {"format": SAVE_FORMAT, "version": SAVE_VERSION, "title": self.rules.title,
                    "players": game.players, "seat": seat, "move": self.move, "over": game.is_over,
                    "sealed": sealer.seal(inner)}
            if game.is_over:        # published once the game is over: the seed no longer tells anything
                data["state"] = game.to_json()
            return data


class Tables:
    """Every table of a server, the games it offers (the packaged ones and the files it was started with), and
    its key for saved games."""

    def __init__(self, sources: list[str] | tuple[str, ...] = (), sealer: Sealer | None = None,
                 seed: int | None = None) -> None:
        self.sealer = sealer or Sealer()
        self.seed = seed            # for tests and bug reports only: every new game then has this seed
        self.sources: dict[str, Rules | None] = {gid: None for gid in available_games()}
        for source in sources:
            self.sources[str(source)] = load(source)      # a ContentError now rather than at the first game
        self.tables: dict[str, Table] = {}
        self.lock = threading.Lock()
        self.loading = threading.Lock()

    def rules(self, source: str) -> Rules:
        if source not in self.sources:
            raise Refused(404, f"this server does not offer {source[:80]!r}: it offers "
                               + ", ".join(self.sources))
        with self.loading:          # one load per game, however many requests ask for it at once
            if self.sources[source] is None:
                self.sources[source] = load(source)
        rules = self.sources[source]
        assert rules is not None
        return rules

    def get(self, table_id: str) -> Table:
        table = self.tables.get(table_id)
        if table is None:
            raise Refused(404, "there is no such table on this server (it was never started, or the server was "
                               "restarted since: resume it from its saved game)")
        return table

    def add(self, table: Table) -> Table:
        """Keeps ``table``; a full server first lets go of finished tables, then of tables nobody has touched for
        ``MAX_TABLE_IDLE`` seconds (the longest idle first), and refuses a new table rather than drop one in play."""
        with self.lock:
            if len(self.tables) >= MAX_TABLES:
                spare = sorted((t for t in self.tables.values() if t.game.is_over or t.idle() > MAX_TABLE_IDLE),
                               key=lambda t: (not t.game.is_over, t.touched))
                for old in spare[:len(self.tables) - MAX_TABLES + 1]:
                    del self.tables[old.id]
            if len(self.tables) >= MAX_TABLES:
                raise Refused(503, FULL)
            self.tables[table.id] = table
        return table

    def start(self, source: str, players: Any, seat: Any, bots: str = "random", preset: str | None = None,
              options: dict | None = None, humans: Any = ()) -> Table:
        """A new table: ``seat`` (and the ``humans`` seats, which get invitations) played from browsers."""
        rules = self.rules(source)
        players = number("players", players)
        if players not in rules.players:
            raise Refused(400, f"{rules.title} is for {rules.players.start} to {rules.players.stop - 1} players, "
                               f"not {players}")
        seats = seat_list(seat, humans, players)
        names = bot_list(bots, players)
        self.room()
        try:
            game = rules.new_game(players=players, seed=self.seed, options=options or None, preset=preset or None)
        except UsageError as exc:
            raise Refused(400, str(exc)) from None
        return self.add(Table.new(source, rules, game, names, seats))

    def room(self) -> None:
        """Refuses at once (before a game is dealt or read) when a new table would find no room."""
        with self.lock:
            full = len(self.tables) >= MAX_TABLES and not any(t.game.is_over or t.idle() > MAX_TABLE_IDLE
                                                              for t in self.tables.values())
        if full:
            raise Refused(503, FULL)

    def rejoin(self, old: str, seat: int, token: str | None) -> tuple[Table, str]:
        """The held seat of a resumed table for the browser that held ``seat`` at table ``old`` (its token proves
        it): that table and the seat's fresh token."""
        if isinstance(token, str) and token:
            proof = [old, digest(token)]
            with self.lock:
                found = [t for t in self.tables.values() if list(t.held.get(seat, ())) == proof]
            for table in found:
                try:
                    return table, table.claim(seat)
                except Refused:         # taken a moment ago by the same proof: look on
                    continue
        raise Refused(404, f"no table on this server waits for seat {seat} of table {old[:40]} held by this browser "
                           f"(resume your saved game of it, or ask the person who resumed it for its address)")

    def resume(self, raw: bytes, seat: Any = 0, bots: str = "random") -> tuple[Table, int]:
        """A table from a saved game (a file this server saved, or a plain ``game.to_json()`` state) and the seat
        the uploader plays; a malformed one is refused, with boardrules' own message where it has one. A save of a
        seat that a resumed copy of the same game holds for its person joins that copy instead."""
        if len(raw) > MAX_SAVE_BYTES:
            raise Refused(413, f"a saved game is at most {MAX_SAVE_BYTES:,} bytes")
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise Refused(400, f"the file is not JSON (not UTF-8 text: {exc})") from None
        data = read_json(text, "the file", "a saved game")
        if not isinstance(data, dict):
            raise Refused(400, "the file is not a saved game (a JSON object)")
        if data.get("format") == SAVE_FORMAT:
            return self.resume_sealed(data)
        if "game" not in data:
            raise Refused(400, f"the file is neither a game saved by this server (format {SAVE_FORMAT!r}) nor a "
                               f"game state (the output of game.to_json())")
        game_id = data["game"]
        source = next((s for s in self.sources if s == game_id), None) or \
            next((s for s, r in self.sources.items() if r is not None and r.id == game_id), None)
        if source is None:
            raise Refused(400, f"the saved game is of {str(game_id)[:80]!r}, which this server does not offer")
        rules = self.rules(source)
        me = number("seat", seat)
        self.room()
        try:
            game = rules.game_from_json(data)
        except StateError as exc:
            raise Refused(422, f"the saved game does not load: {exc}") from None
        if not 0 <= me < game.players:
            raise Refused(400, f"seat {me} is not a seat of this {game.players}-player game")
        return self.add(Table(source, rules, game, bot_list(bots, game.players), me)), me

    def resume_sealed(self, data: dict) -> tuple[Table, int]:
        if not isinstance(data.get("sealed"), str):
            raise Refused(400, "the saved game has no sealed state")
        inner = self.sealer.open(data["sealed"])
        try:        # our own seal: its shape is ours, checked only against a file of another version
            source, state, names, me = inner["source"], inner["state"], inner["bots"], int(inner["seat"])
            lineage = inner.get("lineage")
            owner = int(inner.get("owner", me))
            invites = {int(s): str(c) for s, c in inner.get("invites", {}).items()}
            held = {int(s): (str(v[0]), str(v[1])) for s, v in inner.get("held", {}).items()}
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            raise Refused(400, "the sealed state is not one this version of boardrules writes") from None
        if lineage is not None:     # a seat a copy of this game holds for its person: the save proves the seat
            with self.lock:
                waiting = [t for t in self.tables.values() if t.lineage == lineage and me in t.held]
            for table in waiting:
                try:
                    table.claim(me)
                    return table, me
                except Refused:
                    continue
        # a save of the first version proved nothing about the other people's seats: bots play them
        rules = self.rules(source)
        self.room()
        try:
            game = rules.game_from_json(state, check_history=False)   # our own state, sealed by our key
        except StateError as exc:
            raise Refused(422, f"the saved game does not load: {exc}") from None
        # the seat that saved it, from inside the seal: the plain "seat" beside it is only for reading
        return self.add(Table(source, rules, game, names, me, owner=owner, invites=invites, held=held,
                              lineage=lineage)), me


def read_json(text: str, what: str, example: str) -> Any:
    """``text`` read as JSON nested at most ``MAX_REQUEST_NESTING`` deep, or refused (400) saying why."""
    try:
        data = json.loads(text)
    except RecursionError:
        data = None
        deep = True
    except ValueError as exc:
        raise Refused(400, f"{what} is not JSON ({example}): {str(exc)[:80]}") from None
    else:
        deep = too_deep(data, MAX_REQUEST_NESTING)
    if deep:
        raise Refused(400, f"{what} nests lists and objects more than {MAX_REQUEST_NESTING} deep: it is not "
                           f"{example}")
    return data


def too_deep(data: Any, limit: int) -> bool:
    """Whether ``data`` nests lists and objects more than ``limit`` deep (without recursion)."""
    todo = [(data, 1)]
    while todo:
        value, depth = todo.pop()
        if isinstance(value, (list, dict)):
            if depth > limit:
                return True
            todo.extend((v, depth + 1) for v in (value.values() if isinstance(value, dict) else value))
    return False


def number(what: str, value: Any) -> int:
    """A whole number written in decimal digits (at most ``MAX_INT_DIGITS`` of them, an optional minus first), or
    refused (400)."""
    text = value.strip() if isinstance(value, str) else value
    if isinstance(text, int) and not isinstance(text, bool) and abs(text) < 10 ** MAX_INT_DIGITS:
        return text
    if isinstance(text, str) and whole(text):
        return int(text)
    raise Refused(400, f"{what} must be a whole number (at most {MAX_INT_DIGITS} digits), not "
                       f"{str(value)[:40]!r}")


def whole(text: str) -> bool:
    """``text`` is a whole number in ASCII digits, an optional minus first, at most ``MAX_INT_DIGITS`` digits."""
    digits = text[1:] if text.startswith("-") else text
    return 0 < len(digits) <= MAX_INT_DIGITS and digits.isascii() and digits.isdigit()


def seat_list(seat: Any, humans: Any, players: int) -> list[int]:
    """The seats played from browsers, the starter's first."""
    first = number("your seat", seat)
    if not isinstance(humans, str):
        humans = "" if humans is None else " ".join(map(str, humans)) if isinstance(humans, (list, tuple)) \
            else str(humans)
    words = humans.replace(",", " ").split()
    if len(words) > players:
        raise Refused(400, f"{len(words)} people's seats, but a {players}-player game has {players} seats in all")
    more = [number("a person's seat", s) for s in words]
    seats = [first] + [s for s in dict.fromkeys(more) if s != first]
    for s in seats:
        if not 0 <= s < players:
            raise Refused(400, f"seat {s} is not a seat of a {players}-player game (seats 0 to {players - 1})")
    return seats


def bot_list(bots: str, players: int) -> list[str]:
    try:
        names = bot_names(bots or "random", players)
    except ValueError as exc:
        raise Refused(400, str(exc)) from None
    unknown = [n for n in names if n not in BOT_CHOICES]
    if unknown:
        raise Refused(400, f"the web table's bots are {', '.join(BOT_CHOICES)}, not {unknown[0][:40]}")
    return names


__all__ = ["BOT_CHOICES", "Refused", "Sealer", "Table", "Tables", "default_key_file", "need_web"]
