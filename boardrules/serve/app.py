"""The web table as a Starlette application (``boardrules serve``).

Requests that play, draw or load a game run on worker threads (each table has a lock), so one busy table does not
hold up the others. Routes: ``/`` the start page; ``POST /new`` and ``POST /resume`` start a table and give this browser its seat's
token (an HttpOnly, SameSite=Strict cookie whose path is the seat's own pages, ``/t/TABLE/SEAT``); ``/t/TABLE/SEAT``
the seat's page, ``POST .../act`` an answer, ``.../save`` the saved game; ``/join/TABLE/SEAT/CODE`` a one-time
invitation for another person's seat. Anything refused is an HTTP 4xx page with the message, the game unchanged.
The Host header must name the address the server was started on (a web page elsewhere that points its own name at
this machine is refused). Nothing here names a game.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .page import SeatPage, error_page, home_page
from .tables import Refused, Tables, need_web

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
        table = tables.get(request.path_params["table"])
        seat = request.path_params["seat"]
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
        seat = table.humans[0]
        return to_seat(table, seat, table.tokens[seat])

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

        try:
            table, seat = seat_of(request)
            html = await run_in_threadpool(draw, table, seat, request.cookies.get(COOKIE))
        except Refused as exc:
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

    routes = [
        Route("/", home),
        Route("/new", new, methods=["POST"]),
        Route("/resume", resume, methods=["POST"]),
        Route("/t/{table}/{seat:int}", page),
        Route("/t/{table}/{seat:int}/act", act, methods=["POST"]),
        Route("/t/{table}/{seat:int}/save", save),
        Route("/join/{table}/{seat:int}/{code}", join),
        Mount("/static", StaticFiles(directory=Path(__file__).parent / "static"), name="static"),
    ]
    middleware = [Middleware(HostCheck, allowed=list(hosts))] if "*" not in hosts else []
    app = Starlette(routes=routes, middleware=middleware)
    app.state.tables = tables
    return app


MAX_READ = 4_000_001        # one byte over the limit, so that a file over it is refused rather than cut


def parse_options(text: str) -> dict:
    """``key=value`` pairs (spaces or commas between them); values: true/false, whole numbers, else text."""
    out: dict[str, Any] = {}
    for pair in text.replace(",", " ").split():
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise Refused(400, f"an option is key=value, not {pair[:40]!r}")
        low = value.lower()
        out[key] = True if low == "true" else False if low == "false" else int(value) if value.lstrip("-").isdigit() \
            else value
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
