"""The SSRF guard against a real local web server: what it refuses, what the allow-list opens,
redirect re-checks, size and time caps; its httpx and httpx2 faces behave the same."""

from __future__ import annotations

import gzip
import ipaddress
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import httpx
import httpx2
import pytest

from atelier_common.outbound import (
    Fetcher,
    GuardTransport,
    Httpx2GuardTransport,
    OutboundFailed,
    OutboundPolicy,
    OutboundRefused,
    OutboundTooLarge,
    fetch,
    guarded_client,
    guarded_httpx2_client,
    parse_allowlist,
    refusal_reason,
)
from atelier_common.settings import Settings
from atelier_devstack.web_server import LocalWebServer


@pytest.fixture
def web() -> Iterator[LocalWebServer]:
    with LocalWebServer() as server:
        yield server


def policy(allow: str = "", **limits: object) -> OutboundPolicy:
    return OutboundPolicy.from_settings(Settings(outbound_allowlist=allow, **limits))


@pytest.mark.parametrize(("address", "reason"), [
    ("127.0.0.1", "a loopback address"),
    ("127.8.9.10", "a loopback address"),
    ("::1", "a loopback address"),
    ("10.1.2.3", "a private address"),
    ("172.16.0.9", "a private address"),
    ("192.168.1.1", "a private address"),
    ("fd12:3456::1", "a private address"),
    ("169.254.1.1", "a link-local address"),
    ("fe80::1", "a link-local address"),
    ("fec0::1", "a site-local address"),
    ("169.254.169.254", "a cloud metadata address"),
    ("fd00:ec2::254", "a cloud metadata address"),
    ("100.100.100.200", "a cloud metadata address"),
    ("224.0.0.1", "a multicast address"),
    ("ff02::1", "a multicast address"),
    ("0.0.0.0", "an unspecified address"),
    ("::", "an unspecified address"),
    ("240.0.0.1", "a reserved address"),
    ("100.64.0.1", "a shared (carrier-grade NAT) address"),
    ("::ffff:127.0.0.1", "a loopback address (127.0.0.1 inside an IPv6 address)"),
    ("::ffff:169.254.169.254", "a cloud metadata address (169.254.169.254 inside an IPv6 address)"),
    ("::7f00:1", "a loopback address (127.0.0.1 inside an IPv6 address)"),
    ("::a00:1", "a private address (10.0.0.1 inside an IPv6 address)"),
    ("2002:7f00:1::", "a loopback address (127.0.0.1 inside an IPv6 address)"),
    ("64:ff9b::a9fe:a9fe", "a cloud metadata address (169.254.169.254 inside an IPv6 address)"),
])
def test_refused_addresses(address: str, reason: str) -> None:
    assert refusal_reason(ipaddress.ip_address(address)) == reason


@pytest.mark.parametrize("address", ["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111", "::ffff:8.8.8.8"])
def test_public_addresses_pass(address: str) -> None:
    assert refusal_reason(ipaddress.ip_address(address)) is None


def test_allowlist_parsing() -> None:
    networks, hosts = parse_allowlist(" 10.0.0.0/8, 127.0.0.1 ,wiki.corp.example;*.intranet, [::1]")
    assert [str(n) for n in networks] == ["10.0.0.0/8", "127.0.0.1/32", "::1/128"]
    assert hosts == ("wiki.corp.example", "*.intranet")
    with pytest.raises(ValueError, match="ATELIER_OUTBOUND_ALLOWLIST: 'http://x/' is neither"):
        parse_allowlist("http://x/")


async def test_loopback_is_refused_without_the_allowlist(web: LocalWebServer) -> None:
    url = web.page("/page", "<p>hello</p>")
    with pytest.raises(OutboundRefused) as refused:
        await fetch(url, policy(), what="web page")
    assert str(refused.value) == (f"web page {url} resolves to 127.0.0.1, a loopback address; "
                                  "allow it with ATELIER_OUTBOUND_ALLOWLIST=127.0.0.1")
    assert web.hits["/page"] == 0  # refused before connecting


async def test_allowlisted_address_is_fetched(web: LocalWebServer) -> None:
    url = web.page("/page", "<p>héllo</p>".encode("latin-1"), content_type="text/html; charset=iso-8859-1")
    got = await fetch(url, policy("127.0.0.1"))
    assert (got.status_code, got.content_type, got.text()) == (200, "text/html", "<p>héllo</p>")
    assert web.hits["/page"] == 1


async def test_allowlisted_host_name_keeps_its_host_header(web: LocalWebServer) -> None:
    """The connection goes to the checked address; the server still sees the name asked for."""
    url = web.page("/named", "ok", content_type="text/plain")
    got = await fetch(web.url("/named", host="localhost"), policy("localhost"))
    assert got.content == b"ok" and url
    assert web.host_headers[-1] == f"localhost:{web.port}"
    with pytest.raises(OutboundRefused, match="a loopback address"):
        await fetch(web.url("/named", host="localhost"), policy("other.example"))


async def test_every_redirect_is_checked_again(web: LocalWebServer) -> None:
    start = web.redirect("/hop", "http://127.0.0.2:9/secret")
    with pytest.raises(OutboundRefused) as refused:
        await fetch(start, policy("127.0.0.1"), what="web page")
    assert str(refused.value) == (f"web page {start} redirects to http://127.0.0.2:9/secret, which resolves to "
                                  "127.0.0.2, "
                                  "a loopback address; allow it with ATELIER_OUTBOUND_ALLOWLIST=127.0.0.2")
    # A metadata address stays refused even inside an allowed range.
    meta = web.redirect("/meta", "http://169.254.169.254/latest/meta-data/")
    with pytest.raises(OutboundRefused, match="a cloud metadata address; such addresses are never fetched"):
        await fetch(meta, policy("127.0.0.1, 169.254.0.0/16"))
    # An allowed redirect is followed.
    web.page("/final", "arrived", content_type="text/plain")
    got = await fetch(web.redirect("/ok", "/final"), policy("127.0.0.1"))
    assert (got.content, got.url) == (b"arrived", web.url("/final"))


async def test_schemes_other_than_http_are_refused(web: LocalWebServer) -> None:
    with pytest.raises(OutboundRefused, match="is not an http or https URL"):
        await fetch("file:///etc/passwd", policy("127.0.0.1"))
    with pytest.raises(OutboundRefused, match=r"/file redirects to file://127.0.0.1/etc/passwd, which is not an http"):
        await fetch(web.redirect("/file", "file:///etc/passwd"), policy("127.0.0.1"))


async def test_redirect_loops_stop(web: LocalWebServer) -> None:
    web.redirect("/a", "/b")
    web.redirect("/b", "/a")
    with pytest.raises(OutboundFailed, match="redirects more than 3 times"):
        await fetch(web.url("/a"), policy("127.0.0.1", outbound_max_redirects=3))


async def test_size_and_time_caps(web: LocalWebServer) -> None:
    big = web.page("/big", b"x" * 300_000, content_type="text/plain")
    with pytest.raises(OutboundFailed, match="is 300000 bytes, over the 100000-byte limit"):
        await fetch(big, policy("127.0.0.1", outbound_max_bytes=100_000))
    slow = web.page("/slow", "late", delay_s=2.0)
    with pytest.raises(OutboundFailed, match=r"did not answer within 0.5 s"):
        await fetch(slow, policy("127.0.0.1", outbound_timeout_s=0.5))


async def test_http_errors_and_unknown_hosts_read_clearly(web: LocalWebServer) -> None:
    with pytest.raises(OutboundFailed, match=r"answered HTTP 404"):
        await fetch(web.url("/missing"), policy("127.0.0.1"), what="web page")
    with pytest.raises(OutboundFailed, match="does not resolve"):
        await fetch("http://no-such-host.invalid/", policy())


async def test_one_fetcher_checks_every_fetch_like_fetch_does(web: LocalWebServer) -> None:
    """A long-lived Fetcher (one client for the process) keeps the caps and the guard per fetch,
    and stays usable after a fetch failed."""
    web.page("/final", "arrived", content_type="text/plain")
    big = web.page("/big", b"x" * 300_000, content_type="text/plain")
    slow = web.page("/slow", "late", delay_s=2.0)
    hop = web.redirect("/hop", "http://127.0.0.2:9/secret")
    async with Fetcher(policy("127.0.0.1", outbound_max_bytes=100_000, outbound_timeout_s=0.5)) as fetcher:
        got = await fetcher.fetch(web.redirect("/ok", "/final"), what="web page")
        assert (got.content, got.url, got.content_type) == (b"arrived", web.url("/final"), "text/plain")
        with pytest.raises(OutboundRefused, match=f"web page {hop} redirects to http://127.0.0.2:9/secret, which "
                                                  "resolves to 127.0.0.2, a loopback address"):
            await fetcher.fetch(hop, what="web page")
        with pytest.raises(OutboundFailed, match="is 300000 bytes, over the 100000-byte limit"):
            await fetcher.fetch(big)
        with pytest.raises(OutboundFailed, match=r"did not answer within 0.5 s"):
            await fetcher.fetch(slow)
        with pytest.raises(OutboundRefused, match="is not an http or https URL"):
            await fetcher.fetch("file:///etc/passwd")
        assert (await fetcher.fetch(web.url("/final"))).content == b"arrived"


async def test_guarded_clients_keep_no_cookies_between_requests(web: LocalWebServer) -> None:
    """One client serves every user of a process: a cookie one request was given never goes out
    with the next (a Cookie header the caller sets still does)."""
    first = web.page("/login", "hi", content_type="text/plain", headers={"Set-Cookie": "sid=secret; Path=/"})
    second = web.page("/other", "there", content_type="text/plain")
    async with Fetcher(policy("127.0.0.1")) as fetcher:
        await fetcher.fetch(first)
        await fetcher.fetch(second, headers={"User-Agent": "test"})
    async with guarded_client(policy("127.0.0.1")) as client:
        await client.get(first)
        await client.get(second)
        await client.get(second, headers={"Cookie": "mine=1"})
    assert web.cookie_headers == ["", "", "", "", "mine=1"]


# ---------------------------------------------------------------- the guarded clients, httpx and httpx2


@dataclass(frozen=True)
class Face:
    """One HTTP library's face of the guard: its client factory, its transport and its client class."""

    guarded: Callable[..., Any]
    transport: type
    client: type


FACES = {"httpx": Face(guarded_client, GuardTransport, httpx.AsyncClient),
         "httpx2": Face(guarded_httpx2_client, Httpx2GuardTransport, httpx2.AsyncClient)}


@pytest.fixture(params=list(FACES))
def face(request: pytest.FixtureRequest) -> Face:
    return FACES[request.param]


async def test_clients_refuse_loopback_before_connecting(face: Face, web: LocalWebServer) -> None:
    url = web.page("/page", "<p>hello</p>")
    async with face.guarded(policy()) as client:
        with pytest.raises(OutboundRefused) as refused:
            await client.get(url)
    assert str(refused.value) == "resolves to 127.0.0.1, a loopback address; allow it with " \
                                 "ATELIER_OUTBOUND_ALLOWLIST=127.0.0.1"
    assert refused.value.url == url
    assert web.hits["/page"] == 0
    async with face.guarded(policy("127.0.0.1")) as client:
        assert (await client.get(url)).text == "<p>hello</p>"


async def test_clients_check_every_redirect_hop(face: Face, web: LocalWebServer) -> None:
    start = web.redirect("/hop", "/hop2")
    web.redirect("/hop2", "http://127.0.0.2:9/secret")
    async with face.guarded(policy("127.0.0.1")) as client:
        with pytest.raises(OutboundRefused) as refused:
            await client.get(start)
        with pytest.raises(OutboundRefused, match="a cloud metadata address; such addresses are never fetched"):
            await client.get(web.redirect("/meta", "http://169.254.169.254/latest/meta-data/"))
        with pytest.raises(OutboundRefused, match="is not an http or https URL"):
            await client.get(web.redirect("/file", "file:///etc/passwd"))
        web.page("/final", "arrived", content_type="text/plain")
        arrived = await client.get(web.redirect("/ok", "/final"))
    assert (refused.value.url, str(refused.value)) == (
        "http://127.0.0.2:9/secret",
        "resolves to 127.0.0.2, a loopback address; allow it with ATELIER_OUTBOUND_ALLOWLIST=127.0.0.2")
    assert web.hits["/hop2"] == 1  # the first hop was allowed and followed
    assert (arrived.text, str(arrived.url)) == ("arrived", web.url("/final"))


async def test_clients_keep_the_host_header_of_an_allowed_name(face: Face, web: LocalWebServer) -> None:
    web.page("/named", "ok", content_type="text/plain")
    async with face.guarded(policy("localhost")) as client:
        assert (await client.get(web.url("/named", host="localhost"))).text == "ok"
    assert web.host_headers[-1] == f"localhost:{web.port}"


async def test_tls_keeps_the_name_for_sni_and_the_certificate_check(face: Face) -> None:
    """The connection goes to the checked address, yet TLS presents and verifies the name: the server
    sees SNI "localhost" and the client accepts its certificate for localhost (not for 127.0.0.1)."""
    with LocalWebServer(tls_name="localhost") as web:
        web.page("/tls", "secure", content_type="text/plain")
        transport = face.transport(policy("localhost, 127.0.0.1"), verify=web.client_ssl_context())
        async with face.client(transport=transport) as client:
            got = await client.get(web.url("/tls", host="localhost"))
            with pytest.raises((httpx.ConnectError, httpx2.ConnectError), match="CERTIFICATE_VERIFY_FAILED"):
                await client.get(web.url("/tls", host="127.0.0.1"))  # no name: the certificate does not match
    assert got.text == "secure"
    assert web.sni_names[0] == "localhost"
    assert web.host_headers[0] == f"localhost:{web.port}"


# ---------------------------------------------------------------- httpx2: bodies capped in the transport


async def test_httpx2_bodies_over_the_cap_fail_when_read(web: LocalWebServer) -> None:
    small = web.page("/small", b"x" * 1000, content_type="application/json")
    big = web.page("/big", b"x" * 5000, content_type="application/json")
    events = web.page("/events", b"data: " + b"x" * 5000 + b"\n\n", content_type="text/event-stream")
    async with guarded_httpx2_client(policy("127.0.0.1"), max_body_bytes=4096,
                                     uncapped_media_types=("text/event-stream",)) as client:
        assert len((await client.get(small)).content) == 1000
        with pytest.raises(OutboundTooLarge, match=r"/big answered with a body over the 4096-byte limit"):
            await client.get(big)
        assert len((await client.get(events)).content) == 5008  # left to the event reader's own cap
    async with guarded_httpx2_client(policy("127.0.0.1")) as uncapped:
        assert len((await uncapped.get(big)).content) == 5000


async def test_httpx2_capped_bodies_must_not_be_encoded(web: LocalWebServer) -> None:
    """A compressed body's decoded size is unknown until it is decoded, so a capped client asks for
    identity and refuses a server that compresses anyway."""
    url = web.page("/zipped", gzip.compress(b"x" * 100_000), content_type="application/json",
                   headers={"Content-Encoding": "gzip"})
    async with guarded_httpx2_client(policy("127.0.0.1"), max_body_bytes=4096) as client:
        with pytest.raises(OutboundTooLarge, match="a gzip-encoded body, which cannot be held to the 4096-byte"):
            await client.get(url)
    async with guarded_httpx2_client(policy("127.0.0.1")) as uncapped:
        assert len((await uncapped.get(url)).content) == 100_000


async def test_fetch_reports_a_body_over_the_cap_as_too_large(web: LocalWebServer) -> None:
    big = web.page("/big", b"x" * 300_000, content_type="text/plain")
    with pytest.raises(OutboundTooLarge, match="web page .* is 300000 bytes"):
        await fetch(big, policy("127.0.0.1", outbound_max_bytes=100_000), what="web page")
