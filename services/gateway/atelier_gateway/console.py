"""The web console: the built single-page app (`web/dist`) served at `/`.

Answers what no route matched (the router's default), so every API path keeps its own 404/405.
A file of the build is served as it is: Vite's content-hashed `assets/` forever, anything else for an
hour; any other page path gets `index.html` (the app's own router reads the path), never cached, so a
new build shows at the next load. API prefixes and non-GET methods keep the JSON 404. When the
console is not built, a page says how to build it instead of a bare 404.
"""

from __future__ import annotations

from pathlib import Path

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.types import Receive, Scope, Send

from atelier_gateway import pages

# Paths that belong to the API: an unknown one is the client's mistake, answered as JSON.
API_PREFIXES = ("/api/", "/v1/", "/v3/", "/open_api/", "/docs/", "/storage/")
IMMUTABLE = "public, max-age=31536000, immutable"
SHORT = "public, max-age=3600"
REVALIDATE = "no-cache"


class Console:
    def __init__(self, dist: Path) -> None:
        self.dist = dist.resolve()

    def built(self) -> bool:
        return (self.dist / "index.html").is_file()

    def file_for(self, path: str) -> Path | None:
        """The build's file at this URL path; None when absent or outside the build (../)."""
        relative = path.lstrip("/")
        if not relative:
            return None
        candidate = (self.dist / relative).resolve()
        if not candidate.is_relative_to(self.dist) or not candidate.is_file():
            return None
        return candidate

    def response(self, path: str) -> Response:
        if not self.built():
            return pages.render(
                "The console is not built",
                f"No web console build was found at {self.dist}. Run `make dev` (it builds web/ when its"
                " sources change) or `make web`; the API works without it.",
                status=503,
            )
        found = self.file_for(path)
        if found is not None:
            cache = IMMUTABLE if path.startswith("/assets/") else REVALIDATE if found.name == "index.html" else SHORT
            return FileResponse(found, headers={"Cache-Control": cache})
        if path.startswith("/assets/") or Path(path).suffix:
            # A missing script or image must not come back as the HTML page (a confusing parse error).
            raise HTTPException(404)
        return FileResponse(self.dist / "index.html", headers={"Cache-Control": REVALIDATE})

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        request = Request(scope, receive)
        path = request.url.path
        if scope["type"] != "http" or request.method not in ("GET", "HEAD") or path.startswith(API_PREFIXES):
            raise HTTPException(404)
        await self.response(path)(scope, receive, send)
