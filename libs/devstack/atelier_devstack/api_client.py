"""A small async client of Atelier's HTTP API for tests and benchmarks: calls through the
gateway with a token, raises on errors with the server's {"code","msg"}, and knows the few
multi-step flows (upload a file, wait for documents to finish indexing)."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from typing import Any

import httpx

FINAL_DOCUMENT_STATUSES = (1, 2, 9)  # enabled, disabled, failed
RUNNING_CHAT_STATUSES = ("created", "in_progress")


class ApiError(Exception):
    def __init__(self, status: int, body: Any) -> None:
        super().__init__(f"HTTP {status}: {body}")
        self.status = status
        self.body = body
        self.msg = body.get("msg", "") if isinstance(body, dict) else str(body)


async def wait_until(check: Callable[[], bool], timeout_s: float, poll_s: float = 0.05) -> None:
    """Poll a condition that should become true within timeout_s (AssertionError otherwise)."""
    deadline = time.monotonic() + timeout_s
    while not check():
        assert time.monotonic() < deadline, "condition not reached in time"
        await asyncio.sleep(poll_s)


async def eventually(check: Callable[[], Awaitable[bool]], timeout_s: float = 10.0, what: str = "",
                     poll_s: float = 0.1) -> None:
    """Poll an async condition that should become true within timeout_s (AssertionError naming `what`)."""
    deadline = time.monotonic() + timeout_s
    while not await check():
        assert time.monotonic() < deadline, f"not true after {timeout_s:g} s: {what}"
        await asyncio.sleep(poll_s)


async def expect_error(call: Awaitable[Any], status: int, *fragments: str) -> dict[str, Any]:
    """Await a call that must fail with HTTP `status` and a {"code","msg"} body (code != 0) whose msg
    holds every fragment; the body. For tests: raises AssertionError otherwise."""
    try:
        await call
    except ApiError as err:
        assert err.status == status, err.body
        assert isinstance(err.body, dict) and set(err.body) == {"code", "msg"} and err.body["code"] != 0, err.body
        for fragment in fragments:
            assert fragment in err.msg, err.msg
        return err.body
    raise AssertionError(f"the call succeeded; expected HTTP {status}")


class AtelierClient:
    def __init__(self, base_url: str, token: str, space_id: str, *, timeout_s: float = 30.0) -> None:
        self.space_id, self.token = space_id, token
        self.http = httpx.AsyncClient(base_url=base_url, headers={"Authorization": f"Bearer {token}"},
                                      timeout=timeout_s, trust_env=False)

    async def aclose(self) -> None:
        await self.http.aclose()

    async def __aenter__(self) -> AtelierClient:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    async def raw(self, method: str, path: str, **kwargs: Any) -> httpx.Response:
        return await self.http.request(method, path, **kwargs)

    async def call(self, path: str, body: dict[str, Any] | None = None, *, method: str = "POST") -> dict[str, Any]:
        """The JSON answer of a successful call; ApiError otherwise."""
        reply = await self.http.request(method, path, json=body if method != "GET" else None,
                                        params=body if method == "GET" else None)
        try:
            data = reply.json()
        except json.JSONDecodeError:
            data = reply.text
        if reply.status_code != 200 or not isinstance(data, dict) or data.get("code", 0) != 0:
            raise ApiError(reply.status_code, data)
        return data

    async def sse(self, path: str, body: dict[str, Any], *, params: dict[str, str] | None = None
                  ) -> AsyncIterator[tuple[str, str]]:
        """(event, data) of a server-sent event stream as they arrive; ApiError when the call is refused."""
        async with self.http.stream("POST", path, json=body, params=params) as reply:
            if reply.status_code != 200 or not reply.headers.get("content-type", "").startswith("text/event-stream"):
                raw = await reply.aread()
                try:
                    data = json.loads(raw)
                except json.JSONDecodeError:
                    data = raw.decode(errors="replace")
                raise ApiError(reply.status_code, data)
            event, lines = "message", []
            async for line in reply.aiter_lines():
                if line.startswith("event:"):
                    event = line[6:].strip()
                elif line.startswith("data:"):
                    lines.append(line[5:].removeprefix(" "))
                elif not line and lines:
                    yield event, "\n".join(lines)
                    event, lines = "message", []

    async def chat(self, bot_id: str, query: str, *, conversation_id: str | None = None, user_id: str = "user-1",
                   **extra: Any) -> list[tuple[str, Any]]:
        """A whole streamed /v3/chat: [(event, parsed data)]."""
        body = {"bot_id": bot_id, "user_id": user_id, "stream": True,
                "additional_messages": [{"role": "user", "content": query, "content_type": "text"}], **extra}
        params = {"conversation_id": conversation_id} if conversation_id else None
        events = []
        async for event, data in self.sse("/v3/chat", body, params=params):
            events.append((event, data if data == "[DONE]" else json.loads(data)))
        return events

    async def retrieve_chat(self, conversation_id: str, chat_id: str) -> dict[str, Any]:
        reply = await self.call("/v3/chat/retrieve", {"conversation_id": conversation_id, "chat_id": chat_id},
                                method="GET")
        return reply["data"]

    async def wait_chat(self, chat: dict[str, Any], *, timeout_s: float = 15.0, poll_s: float = 0.1) -> dict[str, Any]:
        """Poll a chat (as cozepy's create_and_poll does) until it no longer runs; the chat then."""
        deadline = time.monotonic() + timeout_s
        while True:
            current = await self.retrieve_chat(chat["conversation_id"], chat["id"])
            if current["status"] not in RUNNING_CHAT_STATUSES:
                return current
            if time.monotonic() > deadline:
                raise TimeoutError(f"chat {chat['id']} still {current['status']} after {timeout_s} s")
            await asyncio.sleep(poll_s)

    async def chat_messages(self, chat: dict[str, Any]) -> list[dict[str, Any]]:
        """/v3/chat/message/list: what the chat produced (not its question)."""
        reply = await self.call("/v3/chat/message/list", {"conversation_id": chat["conversation_id"],
                                                          "chat_id": chat["id"]}, method="GET")
        return reply["data"]

    async def wait_answering(self, timeout_s: float = 20.0) -> None:
        """After a restart: until the gateway reaches the conversation service again (a 404 is an answer)."""
        deadline = time.monotonic() + timeout_s
        while True:
            try:
                await self.call("/v1/conversation/retrieve", {"conversation_id": "1"}, method="GET")
            except ApiError as e:
                if e.status == 404 or time.monotonic() > deadline:
                    return
            await asyncio.sleep(0.2)

    async def create_dataset(self, name: str, format_type: int = 0, **extra: Any) -> str:
        data = await self.call("/api/knowledge/create",
                               {"name": name, "space_id": self.space_id, "format_type": format_type, **extra})
        return data["dataset_id"]

    async def upload(self, dataset_id: str, file_name: str, content: bytes, **fields: Any) -> dict[str, Any]:
        """Multipart upload: store the file and create its document in one call."""
        form = {"space_id": self.space_id, "dataset_id": dataset_id, "file_name": file_name}
        for key, value in fields.items():
            form[key] = json.dumps(value) if isinstance(value, dict | list) else str(value)
        reply = await self.http.post("/api/knowledge/document/upload", data=form,
                                     files={"file": (file_name, content, "application/octet-stream")})
        data = reply.json()
        if reply.status_code != 200 or data.get("code", 0) != 0:
            raise ApiError(reply.status_code, data)
        return data["document_info"]

    async def create_text_document(self, dataset_id: str, name: str, text: str, **extra: Any) -> dict[str, Any]:
        body = {"dataset_id": dataset_id, "space_id": self.space_id,
                "document_bases": [{"name": name, "source_info": {"document_source": 2, "custom_content": text}}],
                **extra}
        return (await self.call("/api/knowledge/document/create", body))["document_infos"][0]

    async def progress(self, document_ids: Iterable[str]) -> list[dict[str, Any]]:
        data = await self.call("/api/knowledge/document/progress/get",
                               {"document_ids": list(document_ids), "space_id": self.space_id})
        return data["data"]

    async def wait_documents(self, document_ids: Iterable[str], *, timeout_s: float = 60.0,
                             poll_s: float = 0.2) -> dict[str, dict[str, Any]]:
        """Poll progress until every document is final (enabled/disabled/failed); by id."""
        pending = list(document_ids)
        done: dict[str, dict[str, Any]] = {}
        deadline = time.monotonic() + timeout_s
        while pending:
            for start in range(0, len(pending), 100):
                for item in await self.progress(pending[start:start + 100]):
                    if item["status"] in FINAL_DOCUMENT_STATUSES:
                        done[item["document_id"]] = item
            pending = [d for d in pending if d not in done]
            if not pending:
                break
            if time.monotonic() > deadline:
                raise TimeoutError(f"{len(pending)} documents not final after {timeout_s}s: {pending[:5]}")
            await asyncio.sleep(poll_s)
        return done

    async def slices(self, document_id: str, page_size: int = 200) -> list[dict[str, Any]]:
        data = await self.call("/api/knowledge/slice/list",
                               {"document_id": document_id, "space_id": self.space_id, "page_size": page_size})
        return data["slices"]
