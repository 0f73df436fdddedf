"""Sending one tool request: through the SSRF guard, with a time cap per attempt, a cap on the
body read, and retries with exponential backoff for idempotent methods only (a POST that failed
half-way may have happened: it is never sent twice) after a connection error, 429, 502, 503 or 504."""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

import httpx

from atelier_common.outbound import OutboundFailed, OutboundRefused, read_capped
from atelier_plugin.domain.request_building import PreparedRequest

RETRY_STATUSES = frozenset({429, 502, 503, 504})


@dataclass(frozen=True)
class Answer:
    url: str  # after redirects
    status_code: int
    headers: list[tuple[str, str]]
    body: bytes
    attempts: int


class CallFailed(Exception):
    """No usable answer: refused by the guard (`refused`), timed out, unreachable, too big.
    `transient`: another attempt may work."""

    def __init__(self, message: str, *, refused: bool = False, transient: bool = False) -> None:
        super().__init__(message)
        self.refused = refused
        self.transient = transient


@dataclass(frozen=True)
class CallLimits:
    timeout_s: float
    max_bytes: int
    retries: int
    backoff_s: float


async def send(request: PreparedRequest, client: httpx.AsyncClient, limits: CallLimits, *,
               idempotent: bool) -> Answer:
    """`client` must be a `guarded_client` (every connection and redirect checked)."""
    attempts = 1 + (limits.retries if idempotent else 0)
    for attempt in range(1, attempts + 1):
        last = attempt == attempts
        try:
            answer = await _once(request, client, limits, attempt)
        except CallFailed as exc:
            if last or not exc.transient:
                raise
        else:
            if last or answer.status_code not in RETRY_STATUSES:
                return answer
        await asyncio.sleep(limits.backoff_s * 2 ** (attempt - 1))
    raise AssertionError("unreachable")


def _httpx_arguments(request: PreparedRequest) -> dict[str, Any]:
    headers = dict(request.headers)
    if request.cookie_header:
        headers["Cookie"] = request.cookie_header
    arguments: dict[str, Any] = {"params": list(request.query), "headers": headers}
    if request.body_kind == "json":
        arguments["content"] = json.dumps(request.json_body, ensure_ascii=False).encode()
    elif request.body_kind == "form":
        arguments["content"] = urlencode(list(request.form)).encode()
    elif request.body_kind == "text":
        arguments["content"] = request.text_body.encode()
    elif request.body_kind == "multipart":
        arguments["files"] = [(name, (None, value)) for name, value in request.form]  # fields, no files
    return arguments


async def _once(request: PreparedRequest, client: httpx.AsyncClient, limits: CallLimits, attempt: int) -> Answer:
    what = f"{request.method} {request.url}"
    try:
        async with asyncio.timeout(limits.timeout_s), \
                client.stream(request.method, request.url, timeout=limits.timeout_s,
                              **_httpx_arguments(request)) as response:
            body = await read_capped(response, limits.max_bytes, f"the answer of {what}")
            return Answer(str(response.url), response.status_code, list(response.headers.items()), body, attempt)
    except OutboundRefused as exc:
        target = exc.url.split("?", 1)[0]
        said = f"{request.url} redirects to {target}, which {exc}" if target != request.url else f"{request.url} {exc}"
        raise CallFailed(said, refused=True) from None
    except OutboundFailed as exc:
        raise CallFailed(str(exc), transient=exc.transient) from None
    except TimeoutError:
        # Not retried: a server that slow stays slow, and the caller's own deadline would run out first.
        raise CallFailed(f"{what} did not answer within {limits.timeout_s:g} s") from None
    except httpx.TooManyRedirects:
        raise CallFailed(f"{what} redirects more than {client.max_redirects} times") from None
    except httpx.HTTPError as exc:
        raise CallFailed(f"{what} failed: {type(exc).__name__}: {exc}",
                         transient=isinstance(exc, httpx.TransportError) and not isinstance(exc, httpx.TimeoutException)
                         ) from None
