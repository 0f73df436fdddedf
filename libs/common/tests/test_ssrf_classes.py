"""The README's SSRF table, tried row by row (atelier_common.outbound_refusals.ATTEMPTS): every address class
is aimed at directly, through a host name or through redirects from an allow-listed local server, with both
guarded clients; each is refused, and a local server on the forbidden address, where one can exist here, sees
no request. The control lets the guard allow everything and shows those same requests do reach that server,
so "saw nothing" means the guard stopped them."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import httpx2
import pytest

from atelier_common.outbound import (
    OutboundPolicy,
    OutboundRefused,
    guarded_client,
    guarded_httpx2_client,
    parse_allowlist,
)
from atelier_common.outbound_refusals import ATTEMPTS, PORT, REDIRECTOR, Attempt, Via, with_refusals_table
from atelier_devstack.web_server import LocalWebServer

REPO = Path(__file__).resolve().parents[3]


@dataclass(frozen=True)
class Client:
    """One guarded client and what its URL parser raises for a URL it cannot read (directly, in a Location)."""

    guarded: Callable[..., Any]
    unparsable: tuple[type[Exception], ...]


CLIENTS = {"httpx": Client(guarded_client, (httpx.InvalidURL, httpx.RemoteProtocolError)),
           "httpx2": Client(guarded_httpx2_client, (httpx2.InvalidURL, httpx2.RemoteProtocolError))}


@pytest.fixture(params=list(CLIENTS))
def client(request: pytest.FixtureRequest) -> Client:
    return CLIENTS[request.param]


@pytest.fixture(scope="module")
def servers() -> Iterator[dict[str, LocalWebServer]]:
    """A local server on each watched address and on the redirecting one, by address."""
    hosts = {REDIRECTOR, *(a.watched for a in ATTEMPTS if a.watched)}
    started = {host: LocalWebServer(host).start() for host in sorted(hosts)}
    yield started
    for server in started.values():
        server.stop()


@pytest.fixture(autouse=True)
def no_hits_yet(servers: dict[str, LocalWebServer]) -> None:
    for server in servers.values():
        server.hits.clear()


def aim(attempt: Attempt, servers: dict[str, LocalWebServer]) -> tuple[str, str]:
    """(the URL asked for, the target it leads to), with PORT the watching server's port."""
    target = attempt.target.replace(PORT, str(servers[attempt.watched].port)) if attempt.watched else attempt.target
    redirector = servers[REDIRECTOR]
    if attempt.via is Via.CHAIN:
        redirector.redirect("/hop2", target)
        redirector.redirect("/hop1", "/hop2")
        return redirector.redirect("/start", "/hop1"), target
    if attempt.via is Via.REDIRECT:
        return redirector.redirect("/start", target), target
    return target, target


def policy(allow: str) -> OutboundPolicy:
    networks, hosts = parse_allowlist(allow)
    return OutboundPolicy(allow_networks=networks, allow_hosts=hosts)


def redirects_served(attempt: Attempt) -> dict[str, int]:
    return {Via.REDIRECT: {"/start": 1}, Via.CHAIN: {"/start": 1, "/hop1": 1, "/hop2": 1}}.get(attempt.via, {})


@pytest.mark.parametrize("attempt", ATTEMPTS, ids=[f"{n:02d}-{a.key}" for n, a in enumerate(ATTEMPTS, 1)])
async def test_each_address_class_is_refused(client: Client, attempt: Attempt,
                                             servers: dict[str, LocalWebServer]) -> None:
    start, target = aim(attempt, servers)
    refusal = client.unparsable if attempt.by_url_parser else OutboundRefused
    async with client.guarded(policy(f"{REDIRECTOR}, {attempt.also_allowed}")) as guarded:
        with pytest.raises(refusal) as refused:
            await guarded.get(start)
    assert attempt.refusal in str(refused.value)
    if not attempt.by_url_parser and target.startswith(("http:", "//")):  # the refusal names the hop it refused
        assert refused.value.url == str(httpx.URL(start).join(target))
    assert dict(servers[REDIRECTOR].hits) == redirects_served(attempt)
    if attempt.watched:
        assert dict(servers[attempt.watched].hits) == {}


REACHABLE = [a for a in ATTEMPTS if a.watched and not a.by_url_parser and a.target.startswith(("http:", "//"))]


@pytest.mark.parametrize("attempt", REACHABLE, ids=[a.key for a in REACHABLE])
async def test_control_the_watching_server_sees_the_request_when_the_guard_allows_it(
        client: Client, attempt: Attempt, servers: dict[str, LocalWebServer]) -> None:
    start, _ = aim(attempt, servers)
    async with client.guarded(policy("0.0.0.0/0, ::/0")) as guarded:
        answer = await guarded.get(start)
    assert answer.status_code == 404  # the watching server answered: it has no pages
    assert sum(servers[attempt.watched].hits.values()) == 1


def test_the_readme_table_is_the_list_of_attempts() -> None:
    readme = (REPO / "README.md").read_text()
    assert with_refusals_table(readme) == readme, \
        "README SSRF table is stale: python -m atelier_common.outbound_refusals --readme README.md"


def test_the_table_names_at_least_twelve_classes_with_redirects_and_ipv6() -> None:
    assert len({a.address_class for a in ATTEMPTS}) >= 12
    assert {Via.URL, Via.HOST_NAME, Via.REDIRECT, Via.CHAIN} <= {a.via for a in ATTEMPTS}
    assert sum("IPv6" in a.address_class for a in ATTEMPTS) >= 6
