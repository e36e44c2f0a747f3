"""The web table as a Starlette application (``boardrules serve``).

Requests that play, draw or load a game run on worker threads (each table has a lock), so one busy table does not
hold up the others. Routes: ``/`` the start page; ``POST /new`` and ``POST /resume`` start a table and give this browser its seat's
token (an HttpOnly, SameSite=Strict cookie whose path is the seat's own pages, ``/t/TABLE/SEAT``); ``/t/TABLE/SEAT``
the seat's page, ``POST .../act`` an answer, ``.../save`` the saved game; ``/join/TABLE/SEAT/CODE`` a one-time
invitation for another person's seat; ``/t/TABLE/SEAT/rejoin`` takes back, with this browser's token of that seat,
the seat a resumed copy of the game holds for it (the seat's page does the same once its table is gone). Anything
refused is an HTTP 4xx page with the message, the game unchanged.
The Host header must name the address the server was started on (a web page elsewhere that points its own name at
this machine is refused), and a request that changes anything (every method but GET and HEAD) must come from this
server's own pages: its Origin header, when it has one, names this server, and its Sec-Fetch-Site header, when it
has one, says ``same-origin``. Nothing here names a game.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..limits import MAX_INT_DIGITS, MAX_SAVE_BYTES
from .page import SeatPage, error_page, home_page
from .tables import Refused, Tables, need_web, whole

COOKIE = "seat_token"


def host_name(header: str) -> str:
    """The host a Host header names, without its port: ``[::1]:8000`` -> ``[::1]``, ``127.0.0.1:8000`` ->
    ``127.0.0.1`` (Starlette's own check splits at the first colon, so it never accepts an IPv6 address)."""
    if header.startswith("["):
        end = header.find("]")
        return header[:end + 1] if end > 0 and header[end + 1:end + 2] in ("", ":") else ""
    return header.split(":", 1)[0]


class HostCheck:
    """Refuses (400) a request whose Host header names none of ``allowed``."""

    def __init__(self, app, allowed) -> None:
        self.app, self.allowed = app, {h.lower() for h in allowed}

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] in ("http", "websocket"):
            headers = dict(scope.get("headers") or [])
            name = host_name(headers.get(b"host", b"").decode("latin-1").strip().lower())
            if name not in self.allowed:
                from starlette.responses import PlainTextResponse
                await PlainTextResponse("Invalid host header", status_code=400)(scope, receive, send)
                return
        await self.app(scope, receive, send)


SAFE_METHODS = ("GET", "HEAD", "OPTIONS")


def cross_site(method: str, headers: dict[bytes, bytes]) -> str | None:
    """Why a request that changes something did not come from this server's own pages, or None when it did: a
    browser names the page's origin in ``Origin`` (``null`` for a sandboxed or privacy-stripped one) and tells in
    ``Sec-Fetch-Site`` whether the page was of this origin; a client that sends neither (a script, curl) is no
    browser another site can steer."""
    if method.upper() in SAFE_METHODS:
        return None
    host = headers.get(b"host", b"").decode("latin-1").strip().lower()
    origin = headers.get(b"origin")
    if origin is not None:
        text = origin.decode("latin-1").strip().lower()
        scheme, sep, rest = text.partition("://")
        if not sep or scheme not in ("http", "https") or rest != host:
            return f"a page of {text[:80] or 'no origin'} may not do this on this server"
    fetch = headers.get(b"sec-fetch-site")
    if fetch is not None and fetch.decode("latin-1").strip().lower() not in ("same-origin", "none"):
        return f"a page of another site ({fetch.decode('latin-1')[:20]}) may not do this on this server"
    return None


class OriginCheck:
    """Refuses (403) a request that changes something (a new table, a resumed one, an answer) sent by a page of
    another site: a page the user happens to visit must not start, fill or play tables on their server."""

    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] == "http":
            why = cross_site(scope.get("method", "GET"), dict(scope.get("headers") or []))
            if why is not None:
                from starlette.responses import HTMLResponse
                message = (f"{why}: only this server's own pages start, resume and play its tables (open "
                           f"the server's address yourself and use its forms)")
                await HTMLResponse(error_page(403, message), status_code=403)(scope, receive, send)
                return
        await self.app(scope, receive, send)


def seat_number(text: Any) -> int:
    """The seat a URL names: a few ASCII digits, else 404."""
    if not (isinstance(text, str) and 0 < len(text) <= 3 and text.isascii() and text.isdigit()):
        raise Refused(404, f"there is no seat {str(text)[:20]!r} at a table")
    return int(text)


def create_app(tables: Tables, hosts: list[str] | tuple[str, ...] = ("127.0.0.1", "localhost")) -> Any:
    """The application serving ``tables``; ``hosts``: the names a request's Host header may give."""
    need_web()
    from starlette.applications import Starlette
    from starlette.concurrency import run_in_threadpool
    from starlette.middleware import Middleware
    from starlette.requests import Request
    from starlette.responses import HTMLResponse, RedirectResponse, Response
    from starlette.routing import Mount, Route
    from starlette.staticfiles import StaticFiles

    def refused(exc: Refused, back: str = "/") -> HTMLResponse:
        return HTMLResponse(error_page(exc.status, exc.message, back), status_code=exc.status)

    def seat_of(request: Request) -> tuple[Any, int]:
        seat = seat_number(request.path_params["seat"])
        table = tables.get(request.path_params["table"])
        return table, seat

    def to_seat(table: Any, seat: int, token: str) -> Response:
        path = f"/t/{table.id}/{seat}"
        response = RedirectResponse(path, status_code=303)
        response.set_cookie(COOKIE, token, path=path, httponly=True, samesite="strict")
        return response

    async def home(request: Request) -> Response:
        return HTMLResponse(home_page(tables))

    async def new(request: Request) -> Response:
        form = await request.form()
        try:
            options = parse_options(str(form.get("options") or ""))
            table = await run_in_threadpool(
                tables.start, str(form.get("game") or ""), form.get("players"), form.get("seat", 0),
                str(form.get("bots") or "random"), str(form.get("preset") or "").strip() or None, options,
                str(form.get("humans") or ""))
        except Refused as exc:
            return HTMLResponse(home_page(tables, exc.message), status_code=exc.status)
        return to_seat(table, table.owner, table.tokens[table.owner])

    async def resume(request: Request) -> Response:
        form = await request.form(max_files=1, max_fields=10)
        upload = form.get("file")
        try:
            if upload is None or isinstance(upload, str):
                raise Refused(400, "choose a saved game file to upload")
            raw = await upload.read(MAX_READ)
            table, seat = await run_in_threadpool(tables.resume, raw, form.get("seat", 0),
                                                  str(form.get("bots") or "random"))
        except Refused as exc:
            return HTMLResponse(home_page(tables, exc.message), status_code=exc.status)
        return to_seat(table, seat, table.tokens[seat])

    async def page(request: Request) -> Response:
        def draw(table: Any, seat: int, token: str | None) -> str:
            with table.lock:
                table.check(seat, token)
                return SeatPage(table, seat).html()

        token = request.cookies.get(COOKIE)
        try:
            table, seat = seat_of(request)
            html = await run_in_threadpool(draw, table, seat, token)
        except Refused as exc:
            if exc.status == 404 and token and request.path_params["table"] not in tables.tables:
                return await rejoin(request)     # its table is gone: a resumed copy may hold this seat for it
            return refused(exc)
        return HTMLResponse(html, headers={"Cache-Control": "private, no-cache, max-age=0"})

    async def act(request: Request) -> Response:
        form = await request.form(max_files=0, max_fields=10)
        back = request.url.path.rsplit("/", 1)[0]
        try:
            table, seat = seat_of(request)
            await run_in_threadpool(table.act, seat, request.cookies.get(COOKIE), form.get("action"), form.get("move"))
        except Refused as exc:
            return refused(exc, back)
        return RedirectResponse(back, status_code=303)

    async def save(request: Request) -> Response:
        try:
            table, seat = seat_of(request)
            data = await run_in_threadpool(table.save, seat, request.cookies.get(COOKIE), tables.sealer)
        except Refused as exc:
            return refused(exc)
        name = f"{table.rules.id}-seat{seat}-move{data['move']}.json"
        return Response(json.dumps(data, ensure_ascii=False, indent=1), media_type="application/json",
                        headers={"Content-Disposition": f'attachment; filename="{name}"',
                                 "Cache-Control": "private, no-cache, max-age=0"})

    async def join(request: Request) -> Response:
        try:
            table, seat = seat_of(request)
            token = table.join(seat, request.path_params["code"])
        except Refused as exc:
            return refused(exc)
        return to_seat(table, seat, token)

    async def rejoin(request: Request) -> Response:
        try:
            seat = seat_number(request.path_params["seat"])
            table, token = tables.rejoin(request.path_params["table"], seat, request.cookies.get(COOKIE))
        except Refused as exc:
            return refused(exc)
        return to_seat(table, seat, token)

    routes = [
        Route("/", home),
        Route("/new", new, methods=["POST"]),
        Route("/resume", resume, methods=["POST"]),
        Route("/t/{table}/{seat}", page),
        Route("/t/{table}/{seat}/act", act, methods=["POST"]),
        Route("/t/{table}/{seat}/save", save),
        Route("/t/{table}/{seat}/rejoin", rejoin),
        Route("/join/{table}/{seat}/{code}", join),
        Mount("/static", StaticFiles(directory=Path(__file__).parent / "static"), name="static"),
    ]
    middleware = [Middleware(HostCheck, allowed=list(hosts))] if "*" not in hosts else []
    middleware.append(Middleware(OriginCheck))
    app = Starlette(routes=routes, middleware=middleware)
    app.state.tables = tables
    return app


MAX_READ = MAX_SAVE_BYTES + 1   # one byte over the limit, so that a file over it is refused rather than cut


def parse_options(text: str) -> dict:
    """``key=value`` pairs (spaces or commas between them); values: true/false, whole numbers (ASCII digits, an
    optional minus first), else text (which the game's options then check)."""
    out: dict[str, Any] = {}
    for pair in text.replace(",", " ").split():
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise Refused(400, f"an option is key=value, not {pair[:40]!r}")
        low = value.lower()
        digits = value[1:] if value.startswith("-") else value
        if digits.isascii() and digits.isdigit() and len(digits) > MAX_INT_DIGITS:
            raise Refused(400, f"option {key[:40]!r}: a number has at most {MAX_INT_DIGITS} digits")
        out[key] = True if low == "true" else False if low == "false" else int(value) if whole(value) else value
    return out


def serve(sources: list[str], host: str = "127.0.0.1", port: int = 8000, key_file: str | None = None,
          seed: int | None = None) -> None:
    """Runs the web table until interrupted."""
    need_web()
    import uvicorn

    from .tables import Sealer, default_key_file

    tables = Tables(sources, Sealer.from_file(key_file or default_key_file()), seed=seed)
    named = f"[{host}]" if ":" in host and not host.startswith("[") else host     # as a Host header writes it
    hosts = ["127.0.0.1", "localhost", "[::1]", named] if host not in ("0.0.0.0", "::") else ["*"]
    app = create_app(tables, hosts)
    shown = f"[{host}]" if ":" in host else host
    print(f"boardrules web table: http://{shown}:{port}/  (Ctrl-C stops it; games live in memory, save them to "
          f"keep them)", flush=True)
    uvicorn.run(app, host=host, port=port, log_level="warning")
