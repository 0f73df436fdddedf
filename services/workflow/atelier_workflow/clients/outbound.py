"""Outbound HTTP for HTTPRequester nodes: every request (and every file a body downloads) goes
through the SSRF guard (atelier_common.outbound) and is read up to the size cap."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import httpx

from atelier_common.outbound import (
    OutboundFailed,
    OutboundPolicy,
    OutboundRefused,
    OutboundTooLarge,
    guarded_client,
    read_capped,
)


@dataclass(frozen=True)
class HttpCall:
    method: str
    url: str
    headers: dict[str, str]
    params: dict[str, str]
    content: bytes | None = None
    # A multipart body: field -> (file name, bytes) for a file, (None, text) for a plain field.
    multipart: list[tuple[str, tuple[str | None, bytes | str]]] | None = None
    timeout_s: float | None = None


@dataclass(frozen=True)
class HttpAnswer:
    status: int
    headers: dict[str, str]  # the last value of each header, as Coze reports them
    body: bytes


class OutboundHttp(Protocol):
    async def send(self, call: HttpCall) -> HttpAnswer:
        """Raises OutboundRefused (the guard), OutboundTooLarge, OutboundFailed (network, timeout)."""
        ...

    async def download(self, url: str) -> tuple[str, bytes]:
        """A file a body sends: (its name, its bytes); a non-2xx answer is OutboundFailed."""
        ...


def canonical_header(name: str) -> str:
    """A header name as Go spells it (content-type -> Content-Type), as Coze's outputs show them."""
    return "-".join(part[:1].upper() + part[1:].lower() for part in name.split("-"))


class GuardedHttp:
    """One guarded client for the process: its connections are kept alive between calls (per host
    and checked address), and making a client (its TLS context) costs far more than a call."""

    def __init__(self, policy: OutboundPolicy) -> None:
        self.policy = policy
        self._client = guarded_client(policy)

    async def aclose(self) -> None:
        await self._client.aclose()

    async def send(self, call: HttpCall) -> HttpAnswer:
        timeout = min(call.timeout_s, self.policy.timeout_s) if call.timeout_s else self.policy.timeout_s
        client = self._client
        try:
            request = client.build_request(call.method, call.url, headers=call.headers, params=call.params or None,
                                           content=call.content, files=call.multipart, timeout=timeout)
            response = await client.send(request, stream=True)
            try:
                body = await read_capped(response, self.policy.max_bytes, f"the answer of {call.url}")
            finally:
                await response.aclose()
        except (OutboundRefused, OutboundTooLarge):
            raise
        except httpx.TimeoutException:
            raise OutboundFailed(f"{call.url} did not answer within {timeout:g} s", transient=True) from None
        except httpx.HTTPError as exc:
            raise OutboundFailed(f"{call.url} could not be reached: {exc}", transient=True) from None
        headers = {canonical_header(name): value for name, value in response.headers.multi_items()}  # last wins
        return HttpAnswer(response.status_code, headers, body)

    async def download(self, url: str) -> tuple[str, bytes]:
        answer = await self.send(HttpCall("GET", url, {}, {}))
        if not 200 <= answer.status < 300:
            raise OutboundFailed(f"downloading {url} failed with status {answer.status}")
        return url.rsplit("/", 1)[-1].split("?", 1)[0] or "file", answer.body


__all__ = ["GuardedHttp", "HttpAnswer", "HttpCall", "OutboundFailed", "OutboundHttp", "OutboundRefused",
           "OutboundTooLarge"]
