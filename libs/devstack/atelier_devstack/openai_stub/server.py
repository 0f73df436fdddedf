"""Run the OpenAI-compatible stub in a background thread and drive it over HTTP."""

from __future__ import annotations

import socket
import threading
import time
from typing import Any

import httpx
import uvicorn

from atelier_devstack.openai_stub.app import create_app


class OpenAIStub:
    """The stub server on 127.0.0.1 (a free port unless one is given), in a thread with its own loop.

    stub = OpenAIStub().start()
    client = openai.AsyncOpenAI(base_url=stub.base_url, api_key="test")
    stub.script({"content": "hello"})
    ...
    stub.stop()
    """

    def __init__(self, *, host: str = "127.0.0.1", port: int = 0) -> None:
        self.host = host
        self._requested_port = port
        self.port = port
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None
        self._http: httpx.Client | None = None
        self._sock: socket.socket | None = None

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    @property
    def base_url(self) -> str:
        """What an OpenAI client takes as base_url."""
        return f"{self.url}/v1"

    def start(self, timeout_s: float = 10.0) -> OpenAIStub:
        if self._server is not None:
            return self
        # Bind here so the port is ours before uvicorn starts (no free_port race).
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((self.host, self._requested_port))
        self.port = int(sock.getsockname()[1])
        config = uvicorn.Config(
            create_app(), log_level="warning", access_log=False, lifespan="off", timeout_keep_alive=30
        )
        server = uvicorn.Server(config)
        thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, name="openai-stub", daemon=True)
        thread.start()
        deadline = time.monotonic() + timeout_s
        while not server.started:
            if not thread.is_alive() or time.monotonic() > deadline:
                server.should_exit = True
                sock.close()
                raise RuntimeError(f"the OpenAI stub did not start on {self.url}")
            time.sleep(0.01)
        self._server, self._thread, self._sock = server, thread, sock
        self._http = httpx.Client(base_url=self.url, timeout=10.0)
        return self

    def stop(self) -> None:
        if self._http is not None:
            self._http.close()
            self._http = None
        if self._server is not None:
            self._server.should_exit = True
            if self._thread is not None:
                self._thread.join(10)
            if self._sock is not None:
                self._sock.close()
            self._server = self._thread = self._sock = None

    def __enter__(self) -> OpenAIStub:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # ------------------------------------------------------------------ control API

    def _call(self, method: str, path: str, **kwargs: Any) -> Any:
        if self._http is None:
            raise RuntimeError("the OpenAI stub is not running")
        resp = self._http.request(method, path, **kwargs)
        resp.raise_for_status()
        return resp.json()

    def script(self, *replies: dict[str, Any]) -> None:
        """Queue replies for the next chat completions: {"content", "reasoning", "tool_calls": [{"name", "arguments"}],
        "error": {"status", "message"}, "first_token_delay_s", "tokens_per_s", "chunk_size_chars"}."""
        self._call("POST", "/_control/script", json={"replies": list(replies)})

    def fail_embeddings(self, status: int, times: int = 1) -> None:
        self._call("POST", "/_control/embedding_failures", json={"status": status, "times": times})

    def set_embedding_delay(self, seconds: float) -> None:
        self._call("POST", "/_control/embedding_delay", json={"seconds": seconds})

    def precompute(self, mapping: dict[str, list[float]]) -> None:
        self._call("POST", "/_control/precomputed", json={"vectors": mapping})

    def set_embedding_dimensions(self, dimensions: int) -> None:
        self._call("POST", "/_control/settings", json={"embedding_dimensions": dimensions})

    def set_default_reply(self, reply: dict[str, Any] | None) -> None:
        """What unscripted chat completions answer (None: the echo), e.g. with first_token_delay_s."""
        self._call("POST", "/_control/settings", json={"default_reply": reply})

    def record_requests(self, on: bool) -> None:
        self._call("POST", "/_control/settings", json={"record_requests": on})

    def requests(self, path: str | None = None) -> list[dict[str, Any]]:
        """Recorded requests ({"path", "json", "time"}), oldest first, optionally of one path."""
        params = {"path": path} if path else None
        return list(self._call("GET", "/_control/requests", params=params)["requests"])

    def stats(self) -> dict[str, int]:
        return dict(self._call("GET", "/_control/stats"))

    def reset(self) -> None:
        self._call("POST", "/_control/reset")
