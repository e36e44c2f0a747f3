"""Headless Chromium for the browser tests, driven by Playwright, and the one check that a page loads nothing from
another host.

The check judges what the *page* loads: every request its frames and workers make, as the browser context reports
them. It does not judge what the browser process does: Chromium's own update client and other calls home belong to
no page, change from build to build, and once turned a green run red on the next machine. Every other host is still
refused at a proxy on this machine, so nothing leaves it either way.

Playwright drives Debian's Chromium (``/usr/bin/chromium``, which ``.ci/run`` installs); Playwright's own browser
download is never used."""
from __future__ import annotations

import contextlib
import http.server
import os
import shutil
import threading
from urllib.parse import urlsplit

CHROMIUM = next(filter(os.path.exists, ("/usr/bin/chromium",)), None) or shutil.which("chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync",
        # the browser's own calls home that the flags above leave on; what is left of them is not the page's and is
        # not judged (see the module's docstring), but fewer of them make for a quieter proxy
        "--disable-features=AutofillServerCommunication,NetworkTimeServiceQuerying,OptimizationHints,"
        "PreconnectToSearch", "--gaia-url=http://127.0.0.1:9", "--google-base-url=http://127.0.0.1:9"]
LOCAL = ("data", "blob", "about", "chrome-error")     # URL schemes that fetch nothing from any host


class _Refuse(http.server.BaseHTTPRequestHandler):
    """A proxy that refuses everything: Chromium sends it every request for a host other than loopback (which
    Chromium never proxies), and each one gets a 403 instead of leaving the machine."""

    def _refuse(self):
        self.send_error(403, "another host")

    do_GET = do_HEAD = do_POST = do_PUT = do_CONNECT = do_OPTIONS = _refuse

    def log_message(self, *args):
        pass


@contextlib.contextmanager
def refusing_proxy():
    """A proxy on loopback that refuses every request; yields its ``host:port``."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Refuse)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        server.server_close()


@contextlib.contextmanager
def chromium():
    """A headless Chromium (Playwright's Browser) whose requests for other hosts go to a refusing proxy."""
    from playwright.sync_api import sync_playwright

    with refusing_proxy() as proxy, sync_playwright() as p:
        # the proxy as Chromium's own flag, not Playwright's option: Playwright would proxy loopback too
        browser = p.chromium.launch(executable_path=CHROMIUM, args=[*ARGS, f"--proxy-server=http://{proxy}"])
        try:
            yield browser
        finally:
            browser.close()


class PageRequests:
    """Every request the pages of one browser context make, as (method, URL, resource type), in order; and each
    response's (URL, status)."""

    def __init__(self, context):
        self.requests: list[tuple[str, str, str]] = []
        self.responses: list[tuple[str, int]] = []
        context.on("request", lambda r: self.requests.append((r.method, r.url, r.resource_type)))
        context.on("response", lambda r: self.responses.append((r.url, r.status)))

    def foreign(self, host: str) -> list[tuple[str, str, str]]:
        """The requests for anything but ``host`` (``127.0.0.1:PORT``): what the page loads from another host."""
        return [r for r in self.requests if another_host(r[1], host)]

    def status(self, url: str) -> list[int]:
        return [status for u, status in self.responses if u == url]


def another_host(url: str, host: str) -> bool:
    parts = urlsplit(url)
    return parts.scheme not in LOCAL and parts.netloc != host
