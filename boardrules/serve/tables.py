"""The games a web table holds, and who may play them.

The server keeps each game whole (its seed, every hidden card); a browser gets only the view of the seat it holds a
token for. A table is one game: its people's seats (each with a secret token), bots for every other seat, and a
lock, since requests come in on several threads. A saved game leaves the server sealed (encrypted and signed with
the server's key), so the file a player downloads tells them nothing the page did not; once the game is over the
file also holds the plain state. Nothing here knows the web framework: ``app.py`` turns a :class:`Refused` into an
HTTP answer. Nothing here names a game.
"""
from __future__ import annotations

import json
import os
import secrets
import threading
from pathlib import Path
from typing import Any

from ..api.rules import Rules, available_games, load
from ..errors import IllegalAction, RulesError, StateError, UsageError
from ..play.bots import bot_names, make_bots

SAVE_FORMAT = "boardrules-web-save"
SAVE_VERSION = 1
MAX_TABLES = 200                # the oldest table goes when a new one would pass this
MAX_SAVE_BYTES = 4_000_000      # an uploaded saved game
BOT_CHOICES = ("random", "greedy")


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


class Table:
    """One game: the people's seats with their tokens, and bots at the other seats."""

    def __init__(self, source: str, rules: Rules, game: Any, humans: list[int], bots: list[str]) -> None:
        self.id = secrets.token_urlsafe(12)
        self.source, self.rules, self.game = source, rules, game
        self.humans = sorted(humans)
        self.bot_names = bots
        self.tokens = {seat: secrets.token_urlsafe(24) for seat in self.humans}
        self.invites = {seat: secrets.token_urlsafe(24) for seat in self.humans[1:]}   # one use each
        self.bots = make_bots(bots, game.seed, rules, game.players)
        self.lock = threading.RLock()
        self.play_bots()

    @property
    def move(self) -> int:
        """The number of decisions taken so far: a form sends it back, and an answer to an older position is
        refused."""
        return len(self.game.history)

    def check(self, seat: int, token: str | None) -> None:
        """Refuses a request for ``seat`` that does not carry that seat's token."""
        mine = self.tokens.get(seat)
        if mine is None:
            raise Refused(403 if 0 <= seat < self.game.players else 404,
                          f"seat {seat} of this table is not played from a browser")
        if not token or not secrets.compare_digest(token, mine):
            raise Refused(403, f"this browser does not hold seat {seat} of this table: each seat is seen only "
                               f"by the browser that started or joined it")

    def join(self, seat: int, code: str) -> str:
        """The token of ``seat`` for the one who holds its invitation (used once)."""
        with self.lock:
            mine = self.invites.get(seat)
            if mine is None or not secrets.compare_digest(code, mine):
                raise Refused(403, "this invitation is not valid (each one lets one browser join, once)")
            del self.invites[seat]
            return self.tokens[seat]

    def play_bots(self) -> None:
        """Lets the bots decide until a person's decision is pending or the game is over."""
        game = self.game
        while not game.is_over and game.current_player not in self.tokens:
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
            try:
                at = int(move)
            except (TypeError, ValueError):
                raise Refused(400, f"the form's move number is not a number: {str(move)[:40]!r}") from None
            if at != self.move:
                raise Refused(409, f"this answer was for decision {at}, but the game has moved on to decision "
                                   f"{self.move}: reload the page and decide again")
            if isinstance(action, str):
                try:
                    action = json.loads(action)
                except ValueError:
                    raise Refused(400, "the answer is not JSON (an action such as "
                                       "{\"kind\": \"pass\", \"args\": {}})") from None
            try:
                game.apply(action)
            except (IllegalAction, UsageError) as exc:
                raise Refused(422, f"refused: {exc}") from None
            except RulesError as exc:
                raise Refused(500, f"the game's content failed: {exc}") from None
            self.play_bots()

    # ------------------------------------------------------------------ saving
    def save(self, seat: int, token: str | None, sealer: Sealer) -> dict:
        """The saved game for the person at ``seat``: sealed while it runs, the plain state once it is over."""
        with self.lock:
            self.check(seat, token)
            game = self.game
            data = {"format": SAVE_FORMAT, "version": SAVE_VERSION, "title": self.rules.title,
                    "players": game.players, "seat": seat, "move": self.move, "over": game.is_over,
                    "sealed": sealer.seal({"source": self.source, "humans": self.humans, "bots": self.bot_names,
                                           "seat": seat, "state": game.to_json()})}
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
        with self.lock:
            while len(self.tables) >= MAX_TABLES:
                del self.tables[next(iter(self.tables))]
            self.tables[table.id] = table
        return table

    def start(self, source: str, players: Any, seat: Any, bots: str = "random", preset: str | None = None,
              options: dict | None = None, humans: Any = ()) -> Table:
        """A new table: ``seat`` (and the ``humans`` seats, which get invitations) played from browsers."""
        rules = self.rules(source)
        players = number("players", players)
        seats = seat_list(seat, humans, players)
        names = bot_list(bots, players)
        try:
            game = rules.new_game(players=players, seed=self.seed, options=options or None, preset=preset or None)
        except UsageError as exc:
            raise Refused(400, str(exc)) from None
        return self.add(Table(source, rules, game, seats, names))

    def resume(self, raw: bytes, seat: Any = 0, bots: str = "random") -> tuple[Table, int]:
        """A table from a saved game (a file this server saved, or a plain ``game.to_json()`` state) and the seat
        the uploader plays; a malformed one is refused, with boardrules' own message where it has one."""
        if len(raw) > MAX_SAVE_BYTES:
            raise Refused(413, f"a saved game is at most {MAX_SAVE_BYTES:,} bytes")
        try:
            data = json.loads(raw)
        except (ValueError, UnicodeDecodeError) as exc:
            raise Refused(400, f"the file is not JSON: {exc}") from None
        if not isinstance(data, dict):
            raise Refused(400, "the file is not a saved game (a JSON object)")
        if data.get("format") == SAVE_FORMAT:
            if not isinstance(data.get("sealed"), str):
                raise Refused(400, "the saved game has no sealed state")
            inner = self.sealer.open(data["sealed"])
            try:
                source, state, humans, names, me = (inner["source"], inner["state"], inner["humans"], inner["bots"],
                                                    inner["seat"])
            except (KeyError, TypeError):
                raise Refused(400, "the sealed state is not one this version of boardrules writes") from None
            rules = self.rules(source)
            try:
                game = rules.game_from_json(state, check_history=False)   # our own state, sealed by our key
            except StateError as exc:
                raise Refused(422, f"the saved game does not load: {exc}") from None
            # the seat that saved it, from inside the seal: the plain "seat" beside it is only for reading
            return self.add(Table(source, rules, game, [me] + [h for h in humans if h != me], names)), me
        if "game" not in data:
            raise Refused(400, f"the file is neither a game saved by this server (format {SAVE_FORMAT!r}) nor a "
                               f"game state (the output of game.to_json())")
        game_id = data["game"]
        source = next((s for s in self.sources if s == game_id), None) or \
            next((s for s, r in self.sources.items() if r is not None and r.id == game_id), None)
        if source is None:
            raise Refused(400, f"the saved game is of {str(game_id)[:80]!r}, which this server does not offer")
        rules = self.rules(source)
        try:
            game = rules.game_from_json(data)
        except StateError as exc:
            raise Refused(422, f"the saved game does not load: {exc}") from None
        me = number("seat", seat)
        if not 0 <= me < game.players:
            raise Refused(400, f"seat {me} is not a seat of this {game.players}-player game")
        return self.add(Table(source, rules, game, [me], bot_list(bots, game.players))), me


def number(what: str, value: Any) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        raise Refused(400, f"{what} must be a whole number, not {str(value)[:40]!r}") from None


def seat_list(seat: Any, humans: Any, players: int) -> list[int]:
    """The seats played from browsers, the starter's first."""
    first = number("your seat", seat)
    more = [number("a person's seat", s) for s in (humans.replace(",", " ").split() if isinstance(humans, str)
                                                     else humans)]
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
        raise Refused(400, f"the web table's bots are {', '.join(BOT_CHOICES)}, not {unknown[0]}")
    return names


__all__ = ["BOT_CHOICES", "Refused", "Sealer", "Table", "Tables", "default_key_file", "need_web"]
