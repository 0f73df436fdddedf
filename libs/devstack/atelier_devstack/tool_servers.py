"""Real HTTP servers for plugin tests, on 127.0.0.1 and a free port, each in a thread:

  ToolServer    an API a plugin describes: records every request (method, path, query, headers,
                body) and answers what the test set for (method, path), else echoes the request
                as JSON; answers can be delayed, fail a number of times first, or be large.
  OAuthServer   an OAuth 2 provider: /authorize approves at once (302 back to redirect_uri with a
                code and the state), /token grants authorization_code, refresh_token and
                client_credentials for the one client it knows, checking client authentication
                (HTTP Basic, or client_id/client_secret in the form) and the redirect_uri.

    with ToolServer() as api, OAuthServer() as idp:
        api.respond("GET", "/weather", {"temp": 21})
        ...
        assert api.requests[-1].headers["authorization"] == f"Bearer {idp.access_tokens[-1]}"
"""

from __future__ import annotations

import base64
import itertools
import json
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, parse_qsl, urlencode, urlsplit


@dataclass(frozen=True)
class RecordedRequest:
    method: str
    path: str
    query: dict[str, list[str]]
    headers: dict[str, str]  # lower-case names
    body: bytes
    # The client's end of the TCP connection the request came on: requests with the same one shared it.
    connection: tuple[str, int] = ("", 0)

    def json(self) -> Any:
        return json.loads(self.body or b"null")

    def form(self) -> dict[str, str]:
        return dict(parse_qsl(self.body.decode()))


@dataclass
class _Answer:
    status: int = 200
    body: bytes = b""
    content_type: str = "application/json"
    headers: dict[str, str] = field(default_factory=dict)
    delay_s: float = 0.0
    fail_first: int = 0  # answer fail_status this many times before the real answer
    fail_status: int = 503


class _ThreadedServer:
    """A ThreadingHTTPServer on a free port of 127.0.0.1 (or `host`, `port`) whose requests go to `self.handle`."""

    def __init__(self, host: str = "127.0.0.1", port: int = 0) -> None:
        owner = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            # Headers and body go out in two writes: with Nagle on, the body waits for the client's
            # delayed ACK of the headers (~40 ms on a kept-alive connection).
            disable_nagle_algorithm = True

            def _serve(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else b""
                parts = urlsplit(self.path)
                request = RecordedRequest(method=self.command, path=parts.path,
                                          query=parse_qs(parts.query, keep_blank_values=True),
                                          headers={k.lower(): v for k, v in self.headers.items()}, body=body,
                                          connection=self.client_address[:2])
                status, content_type, payload, headers = owner.handle(request)
                self.send_response(status)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(payload)))
                for key, value in headers.items():
                    self.send_header(key, value)
                self.end_headers()
                try:
                    self.wfile.write(payload)
                except (BrokenPipeError, ConnectionResetError):  # the client gave up (size or time cap)
                    pass

            do_GET = do_POST = do_PUT = do_DELETE = do_PATCH = do_HEAD = _serve  # noqa: N815 - http.server's naming

            def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - quiet
                pass

        self._httpd = ThreadingHTTPServer((host, port), Handler)
        self._httpd.daemon_threads = True
        self.host, self.port = self._httpd.server_address[:2]
        self._thread = threading.Thread(target=self._httpd.serve_forever, name=type(self).__name__, daemon=True)
        self.lock = threading.Lock()

    def handle(self, request: RecordedRequest) -> tuple[int, str, bytes, dict[str, str]]:
        raise NotImplementedError

    def url(self, path: str = "") -> str:
        return f"http://{self.host}:{self.port}{path}"

    def start(self) -> _ThreadedServer:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()

    def __enter__(self):  # noqa: ANN204 - the subclass itself
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


class ToolServer(_ThreadedServer):
    def __init__(self, host: str = "127.0.0.1", port: int = 0) -> None:
        super().__init__(host, port)
        self.requests: list[RecordedRequest] = []
        self.answers: dict[tuple[str, str], _Answer] = {}

    def respond(self, method: str, path: str, body: Any = None, *, status: int = 200, raw: bytes | None = None,
                content_type: str = "application/json", headers: dict[str, str] | None = None,
                delay_s: float = 0.0, fail_first: int = 0, fail_status: int = 503) -> None:
        """Answer (method, path) with `body` as JSON (or `raw` bytes), after failing `fail_first` times."""
        payload = raw if raw is not None else json.dumps(body).encode()
        self.answers[(method.upper(), path)] = _Answer(status, payload, content_type, headers or {}, delay_s,
                                                       fail_first, fail_status)

    def calls(self, method: str, path: str) -> list[RecordedRequest]:
        return [r for r in self.requests if r.method == method.upper() and r.path == path]

    def handle(self, request: RecordedRequest) -> tuple[int, str, bytes, dict[str, str]]:
        with self.lock:
            self.requests.append(request)
            answer = self.answers.get((request.method, request.path))
            failing = answer is not None and answer.fail_first > 0
            if failing:
                answer.fail_first -= 1
        if answer is None:
            echo = {"method": request.method, "path": request.path, "query": request.query,
                    "body": request.body.decode(errors="replace")}
            return 200, "application/json", json.dumps(echo).encode(), {}
        if answer.delay_s:
            time.sleep(answer.delay_s)
        if failing:
            return answer.fail_status, "application/json", b'{"error": "try again"}', {}
        return answer.status, answer.content_type, answer.body, answer.headers


class OAuthServer(_ThreadedServer):
    """One client (client_id, client_secret); tokens are "at-<n>", refresh tokens "rt-<n>"."""

    def __init__(self, client_id: str = "atelier-client", client_secret: str = "s3cret-client",
                 host: str = "127.0.0.1") -> None:
        super().__init__(host)
        self.client_id = client_id
        self.client_secret = client_secret
        self.expires_in: int | None = 3600  # lifetime given with every token; None: none said
        self.requests: list[RecordedRequest] = []
        self.codes: dict[str, dict[str, str]] = {}  # code -> the /authorize parameters
        self.access_tokens: list[str] = []
        self.refresh_tokens: set[str] = set()
        self.basic_auth_refused = False  # True: client authentication only in the form
        self._seq = itertools.count(1)

    @property
    def authorize_url(self) -> str:
        return self.url("/authorize")

    @property
    def token_url(self) -> str:
        return self.url("/token")

    def grants(self, grant_type: str) -> list[dict[str, str]]:
        return [r.form() for r in self.requests if r.path == "/token" and r.form().get("grant_type") == grant_type]

    def handle(self, request: RecordedRequest) -> tuple[int, str, bytes, dict[str, str]]:
        with self.lock:
            self.requests.append(request)
            if request.path == "/authorize":
                return self._authorize(request)
            if request.path == "/token" and request.method == "POST":
                return self._token(request)
        return 404, "text/plain", b"not found", {}

    def _authorize(self, request: RecordedRequest) -> tuple[int, str, bytes, dict[str, str]]:
        params = {k: v[0] for k, v in request.query.items()}
        if params.get("client_id") != self.client_id or params.get("response_type") != "code":
            return 400, "text/plain", b"unknown client or response_type", {}
        code = f"code-{next(self._seq)}"
        self.codes[code] = params
        target = params["redirect_uri"] + ("&" if "?" in params["redirect_uri"] else "?") + urlencode(
            {"code": code, "state": params.get("state", "")})
        return 302, "text/plain", b"", {"Location": target}

    def _client_ok(self, request: RecordedRequest, form: dict[str, str]) -> bool:
        header = request.headers.get("authorization", "")
        if header.startswith("Basic ") and not self.basic_auth_refused:
            given = base64.b64decode(header[6:]).decode()
            return given == f"{self.client_id}:{self.client_secret}"
        return form.get("client_id") == self.client_id and form.get("client_secret") == self.client_secret

    def _token(self, request: RecordedRequest) -> tuple[int, str, bytes, dict[str, str]]:
        form = request.form()
        if not self._client_ok(request, form):
            return _oauth_error(401, "invalid_client")
        grant = form.get("grant_type")
        if grant == "authorization_code":
            asked = self.codes.pop(form.get("code", ""), None)
            if asked is None or asked.get("redirect_uri") != form.get("redirect_uri"):
                return _oauth_error(400, "invalid_grant")
        elif grant == "refresh_token":
            if form.get("refresh_token") not in self.refresh_tokens:
                return _oauth_error(400, "invalid_grant")
            self.refresh_tokens.discard(form["refresh_token"])
        elif grant != "client_credentials":
            return _oauth_error(400, "unsupported_grant_type")
        n = next(self._seq)
        answer: dict[str, Any] = {"access_token": f"at-{n}", "token_type": "Bearer"}
        self.access_tokens.append(answer["access_token"])
        if grant != "client_credentials":
            answer["refresh_token"] = f"rt-{n}"
            self.refresh_tokens.add(answer["refresh_token"])
        if self.expires_in is not None:
            answer["expires_in"] = self.expires_in
        return 200, "application/json", json.dumps(answer).encode(), {"Cache-Control": "no-store"}


def _oauth_error(status: int, error: str) -> tuple[int, str, bytes, dict[str, str]]:
    return status, "application/json", json.dumps({"error": error}).encode(), {}


def forecast_openapi(server: ToolServer, *, title: str = "Weather", days: dict[str, Any] | None = None
                     ) -> dict[str, Any]:
    """The tests' one-tool plugin document: `GET /v1/forecast/{city}` on `server` (operationId
    `forecast`), plus a `days` query parameter when `days` gives its OpenAPI fields (e.g.
    `{"required": True, "schema": {"type": "integer"}}`)."""
    parameters: list[dict[str, Any]] = [{"name": "city", "in": "path", "required": True, "schema": {"type": "string"}}]
    if days is not None:
        parameters.append({"name": "days", "in": "query", **days})
    return {
        "openapi": "3.0.3", "info": {"title": title, "description": "Forecasts", "version": "1"},
        "servers": [{"url": f"http://{server.host}:{server.port}/v1"}],
        "paths": {"/forecast/{city}": {"get": {
            "operationId": "forecast", "summary": "The forecast of a city", "parameters": parameters,
            "responses": {"200": {"description": "OK"}}}}},
    }


async def register_api_key_plugin(client: Any, document: dict[str, Any], *, api_key: str,
                                  header: str = "X-Api-Key") -> tuple[str, str]:
    """Registers an OpenAPI document with one operation as a plugin whose API key travels in a
    header, through the console API of `client` (an AtelierClient): (plugin_id, api_id)."""
    title = document["info"]["title"]
    manifest = {"schema_version": "v1", "name_for_model": title.lower(), "name_for_human": title,
                "description_for_model": document["info"].get("description", title),
                "description_for_human": document["info"].get("description", title),
                "auth": {"type": "service_http", "sub_type": "token/api_key",
                         "payload": json.dumps({"location": "Header", "key": header, "service_token": api_key})},
                "api": {"type": "openapi"}}
    registered = await client.call("/api/plugin_api/register", {
        "space_id": client.space_id, "ai_plugin": json.dumps(manifest), "openapi": json.dumps(document)})
    plugin_id = registered["data"]["plugin_id"]
    [api] = (await client.call("/api/plugin_api/get_plugin_apis",
                               {"plugin_id": plugin_id, "space_id": client.space_id}))["api_info"]
    return plugin_id, api["api_id"]
