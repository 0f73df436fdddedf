"""A small real HTTP server for tests that fetch web pages (the SSRF guard, web-page documents,
text extraction): pages, redirects, slow and large answers, on 127.0.0.1 and a free port.

    with LocalWebServer() as web:
        web.page("/guide", "<html>...</html>")
        web.redirect("/away", "http://169.254.169.254/latest/meta-data/")
        fetch(web.url("/guide"))
        assert web.hits["/guide"] == 1
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


@dataclass
class _Route:
    status: int = 200
    body: bytes = b""
    content_type: str = "text/html; charset=utf-8"
    location: str = ""
    delay_s: float = 0.0
    headers: dict[str, str] = field(default_factory=dict)


class LocalWebServer:
    def __init__(self, host: str = "127.0.0.1") -> None:
        self.routes: dict[str, _Route] = {}
        self.hits: Counter[str] = Counter()
        self.host_headers: list[str] = []
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 - http.server's naming
                path = self.path.split("?", 1)[0]
                server.hits[path] += 1
                server.host_headers.append(self.headers.get("Host", ""))
                route = server.routes.get(path) or _Route(status=404, body=b"not found", content_type="text/plain")
                if route.delay_s:
                    time.sleep(route.delay_s)
                self.send_response(route.status)
                if route.location:
                    self.send_header("Location", route.location)
                self.send_header("Content-Type", route.content_type)
                self.send_header("Content-Length", str(len(route.body)))
                for key, value in route.headers.items():
                    self.send_header(key, value)
                self.end_headers()
                try:
                    self.wfile.write(route.body)
                except (BrokenPipeError, ConnectionResetError):  # the client gave up (size or time cap)
                    pass

            def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - quiet
                pass

        self._httpd = ThreadingHTTPServer((host, 0), Handler)
        self._httpd.daemon_threads = True
        self.host, self.port = self._httpd.server_address[:2]
        self._thread = threading.Thread(target=self._httpd.serve_forever, name="local-web-server", daemon=True)

    def url(self, path: str = "/", host: str | None = None) -> str:
        return f"http://{host or self.host}:{self.port}{path}"

    def page(self, path: str, body: str | bytes, *, content_type: str = "text/html; charset=utf-8",
             status: int = 200, delay_s: float = 0.0, headers: dict[str, str] | None = None) -> str:
        """Serve `body` at `path` (replacing what was there); the page's URL."""
        data = body.encode() if isinstance(body, str) else body
        self.routes[path] = _Route(status=status, body=data, content_type=content_type, delay_s=delay_s,
                                   headers=headers or {})
        return self.url(path)

    def redirect(self, path: str, location: str, status: int = 302) -> str:
        self.routes[path] = _Route(status=status, location=location, content_type="text/plain")
        return self.url(path)

    def start(self) -> LocalWebServer:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()

    def __enter__(self) -> LocalWebServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
