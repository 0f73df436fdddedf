"""The SSRF guard keeps connections alive, one pool per (scheme, host name, port, checked address): a
connection never carries another host's request, a host whose DNS answer changes gets a new checked
connection, and every request is checked, also when a kept-alive connection to the host exists.
Real servers on loopback addresses; host names answered by a stand-in resolver (the guard's `resolve`)."""

from __future__ import annotations

import ipaddress
from collections.abc import Iterator

import httpx
import pytest

from atelier_common import outbound
from atelier_common.outbound import (
    GuardTransport,
    OutboundPolicy,
    OutboundRefused,
    guarded_client,
    guarded_httpx2_client,
)
from atelier_common.settings import Settings
from atelier_devstack.tool_servers import RecordedRequest, ToolServer

LOOPBACK = OutboundPolicy.from_settings(Settings(outbound_allowlist="127.0.0.0/8"))


class Names:
    """What each test host name resolves to, changeable mid-test; other hosts resolve as usual."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.answers: dict[str, list[str]] = {}
        real = outbound.resolve

        async def resolve(host: str, port: int) -> list[outbound.IPAddress]:
            if host in self.answers:
                return [ipaddress.ip_address(a) for a in self.answers[host]]
            return await real(host, port)

        monkeypatch.setattr(outbound, "resolve", resolve)


@pytest.fixture
def names(monkeypatch: pytest.MonkeyPatch) -> Names:
    return Names(monkeypatch)


@pytest.fixture
def server() -> Iterator[ToolServer]:
    with ToolServer() as api:
        api.respond("GET", "/ping", {"pong": True})
        yield api


def connections(requests: list[RecordedRequest], host: str) -> set[tuple[str, int]]:
    return {r.connection for r in requests if r.headers["host"].split(":")[0] == host}


@pytest.mark.parametrize("guarded", [guarded_client, guarded_httpx2_client], ids=["httpx", "httpx2"])
async def test_two_host_names_on_one_address_never_share_a_connection(guarded, names: Names, server: ToolServer) -> None:
    names.answers = {"one.test": ["127.0.0.1"], "two.test": ["127.0.0.1"]}
    async with guarded(LOOPBACK) as client:
        for host in ("one.test", "two.test", "one.test", "two.test", "127.0.0.1", "one.test", "127.0.0.1"):
            reply = await client.get(f"http://{host}:{server.port}/ping")
            assert reply.json() == {"pong": True}
    one, two, literal = (connections(server.requests, h) for h in ("one.test", "two.test", "127.0.0.1"))
    # Each name kept its one connection alive, and no connection served two names.
    assert (len(one), len(two), len(literal)) == (1, 1, 1)
    assert len(one | two | literal) == 3
    assert len(server.requests) == 7


async def test_a_host_whose_dns_answer_changes_gets_a_new_checked_connection(names: Names, server: ToolServer) -> None:
    with ToolServer("127.0.0.2", port=server.port) as moved:
        moved.respond("GET", "/ping", {"moved": True})
        url = f"http://moving.test:{server.port}/ping"
        async with guarded_client(LOOPBACK) as client:
            names.answers["moving.test"] = ["127.0.0.1"]
            assert (await client.get(url)).json() == {"pong": True}
            names.answers["moving.test"] = ["127.0.0.2"]  # the kept-alive connection to .1 is not used
            assert (await client.get(url)).json() == {"moved": True}
            names.answers["moving.test"] = ["169.254.169.254"]  # checked although connections to it are kept
            with pytest.raises(OutboundRefused, match="a cloud metadata address"):
                await client.get(url)
            names.answers["moving.test"] = ["10.0.0.1"]
            with pytest.raises(OutboundRefused, match="10.0.0.1, a private address"):
                await client.get(url)
            names.answers["moving.test"] = ["127.0.0.1"]  # back: the connection to .1 kept for this name serves it
            assert (await client.get(url)).json() == {"pong": True}
    # Answered by the server at .2: a new connection (the kernel may give its client end the same
    # local port as the one to .1, a different destination, so ports prove nothing here).
    assert [r.connection[0] for r in moved.requests] == ["127.0.0.1"]
    assert len(server.requests) == 2 and len({r.connection for r in server.requests}) == 1


async def test_a_dropped_pool_is_closed_once_its_response_is(names: Names, server: ToolServer) -> None:
    """Past `max_pools` the least recently used pool goes; one still streaming a response finishes it."""
    names.answers = {"one.test": ["127.0.0.1"], "two.test": ["127.0.0.1"]}
    transport = GuardTransport(LOOPBACK, max_pools=1)
    async with httpx.AsyncClient(transport=transport) as client:
        async with client.stream("GET", f"http://one.test:{server.port}/ping") as streaming:
            assert (await client.get(f"http://two.test:{server.port}/ping")).json() == {"pong": True}
            assert len(transport.pools) == 1  # one.test's pool was dropped while its response is open
            assert await streaming.aread() == b'{"pong": true}'
        assert (await client.get(f"http://one.test:{server.port}/ping")).json() == {"pong": True}
    first, again = (r.connection for r in server.requests if r.headers["host"].startswith("one.test"))
    assert first != again  # its connection went with the dropped pool
