"""The SSRF guard: every outbound HTTP request a user can aim (web-page documents, URLs to extract,
later plugins and workflow HTTP nodes) goes through here.

- Only http and https.
- The host is resolved once per request and every address it resolves to is checked: loopback,
  private, link-local, IPv6 site-local, shared (CGNAT), multicast, unspecified, reserved and cloud
  metadata addresses are refused, also when spelled as IPv4-mapped / IPv4-compatible / 6to4 / NAT64 IPv6.
- The connection goes to the address that was checked (the URL's host is swapped for the IP; the
  Host header and TLS SNI/certificate check keep the name), so DNS cannot answer differently
  between the check and the connect (no rebinding window), and no proxy from the environment is
  used.
- Connections are kept alive, in one pool per (scheme, host name, port, checked address): a
  connection only ever carries requests for the host it was opened for, to the address that was
  checked for it (a pool keyed by address alone could hand one host's connection, its TLS session
  and virtual host, to another name). Every request is still resolved and checked first; when the
  host's answer changes, its requests go to a pool of the new address, on a new connection.
- Redirects are followed by the client (a limited number) and each hop passes the same transport,
  so every target is checked again.
- Two faces, one guard: `GuardTransport` / `guarded_client` for httpx and `Httpx2GuardTransport` /
  `guarded_httpx2_client` for httpx2 (what the mcp SDK takes) are thin shells around `check_target`
  and the pinned send; only the httpx2 face caps bodies in the transport (its callers cannot read
  through `read_capped`).
- A time cap covers the whole fetch (DNS, redirects, body); a size cap stops reading the body.
- GETs of a page or file: `Fetcher` (one per process: a client costs ~20 ms of CPU to make, its
  TLS context above all, a fetch on a kept one ~2 ms; scripts/time_outbound_fetch.py) or `fetch`
  for a one-off.
- Operators open intranet hosts with ATELIER_OUTBOUND_ALLOWLIST (CIDRs, addresses, host names,
  `*.suffix`). A metadata address stays refused unless the list names that exact address.
"""

from __future__ import annotations

import asyncio
import ipaddress
import socket
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from http.cookiejar import Cookie, CookieJar, DefaultCookiePolicy
from types import ModuleType
from typing import Any

import httpx
import httpx2
from cachetools import LRUCache

from atelier_common.settings import Settings

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
IPNetwork = ipaddress.IPv4Network | ipaddress.IPv6Network

ALLOWLIST_SETTING = "ATELIER_OUTBOUND_ALLOWLIST"

# Instance metadata / platform endpoints of the major clouds: refused even inside an allowed CIDR.
METADATA_ADDRESSES: frozenset[IPAddress] = frozenset(ipaddress.ip_address(a) for a in (
    "169.254.169.254",   # AWS, GCP, Azure, OpenStack, DigitalOcean, Oracle...
    "169.254.170.2",     # AWS ECS task metadata
    "169.254.169.253",   # AWS VPC DNS
    "169.254.169.123",   # AWS time sync
    "168.63.129.16",     # Azure wire server
    "100.100.100.200",   # Alibaba Cloud
    "192.0.0.192",       # Oracle Cloud (legacy)
    "fd00:ec2::254",     # AWS IMDS over IPv6
    "fd00:ec2::23",      # AWS Time Sync over IPv6
))

_NAT64 = ipaddress.ip_network("64:ff9b::/96")
_SHARED = ipaddress.ip_network("100.64.0.0/10")


class OutboundRefused(Exception):
    """The guard refused the request; the message says why and how to allow it. From the transport
    the message is the predicate about `url` ("resolves to 127.0.0.1, a loopback address; ...")."""

    def __init__(self, message: str, url: str) -> None:
        super().__init__(message)
        self.url = url


class OutboundFailed(Exception):
    """The request was allowed but did not give a usable answer (network error, HTTP error, too big,
    too slow). `transient`: trying again later may work (timeouts, connection errors, 5xx, 429)."""

    def __init__(self, message: str, *, transient: bool = False) -> None:
        super().__init__(message)
        self.transient = transient


class OutboundTooLarge(OutboundFailed):
    """The answer is over the size cap (or could not be held to it)."""


def refusal_reason(ip: IPAddress) -> str | None:
    """Why `ip` must not be reached ("a loopback address"), or None for a public address."""
    if isinstance(ip, ipaddress.IPv6Address):
        embedded = _embedded_ipv4(ip)
        if embedded is not None:
            inner = refusal_reason(embedded)
            return f"{inner} ({embedded} inside an IPv6 address)" if inner else None
    if ip in METADATA_ADDRESSES:
        return "a cloud metadata address"
    if ip.is_unspecified:
        return "an unspecified address"
    if ip.is_loopback:
        return "a loopback address"
    if ip.is_link_local:
        return "a link-local address"
    if isinstance(ip, ipaddress.IPv6Address) and ip.is_site_local:  # fec0::/10: deprecated, yet an intranet's
        return "a site-local address"
    if ip.is_multicast:
        return "a multicast address"
    if isinstance(ip, ipaddress.IPv4Address) and ip in _SHARED:
        return "a shared (carrier-grade NAT) address"
    if ip.is_reserved:
        return "a reserved address"
    if ip.is_private:
        return "a private address"
    if not ip.is_global:
        return "a non-public address"
    return None


def _embedded_ipv4(ip: ipaddress.IPv6Address) -> ipaddress.IPv4Address | None:
    """The IPv4 address an IPv6 address carries (mapped ::ffff:a.b.c.d, compatible ::a.b.c.d, 6to4,
    NAT64, Teredo client), which is where a connection to it may end up."""
    if ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    if ip.sixtofour is not None:
        return ip.sixtofour
    if ip.teredo is not None:
        return ip.teredo[1]
    value = int(ip)
    if ip in _NAT64 or (value >> 32 == 0 and value > 1):  # NAT64 or IPv4-compatible (not :: or ::1)
        return ipaddress.IPv4Address(value & 0xFFFFFFFF)
    return None


@dataclass(frozen=True)
class OutboundPolicy:
    allow_networks: tuple[IPNetwork, ...] = ()
    allow_hosts: tuple[str, ...] = ()  # lower-case names; "*.example.org" matches subdomains
    max_bytes: int = 10 * 1024 * 1024
    timeout_s: float = 20.0
    max_redirects: int = 5

    @classmethod
    def from_settings(cls, settings: Settings) -> OutboundPolicy:
        networks, hosts = parse_allowlist(settings.outbound_allowlist)
        return cls(allow_networks=networks, allow_hosts=hosts, max_bytes=settings.outbound_max_bytes,
                   timeout_s=settings.outbound_timeout_s, max_redirects=settings.outbound_max_redirects)

    def host_allowed(self, host: str) -> bool:
        host = host.lower().rstrip(".")
        return any(host == h or (h.startswith("*.") and host.endswith(h[1:])) for h in self.allow_hosts)

    def address_allowed(self, ip: IPAddress, reason: str) -> bool:
        if reason == "a cloud metadata address":  # only when the list names the exact address
            return any(n.num_addresses == 1 and n.network_address == ip for n in self.allow_networks)
        return any(ip.version == n.version and ip in n for n in self.allow_networks)


def parse_allowlist(text: str) -> tuple[tuple[IPNetwork, ...], tuple[str, ...]]:
    """"10.0.0.0/8, 127.0.0.1, wiki.corp, *.intranet" -> (networks, host names). ValueError on nonsense."""
    networks: list[IPNetwork] = []
    hosts: list[str] = []
    for raw in (part.strip() for part in text.replace(";", ",").split(",")):
        if not raw:
            continue
        try:
            networks.append(ipaddress.ip_network(raw.strip("[]"), strict=False))
            continue
        except ValueError:
            pass
        name = raw.lower().rstrip(".")
        label = name[2:] if name.startswith("*.") else name
        if not label or any(c in label for c in "/: ") or label.startswith("."):
            raise ValueError(f"{ALLOWLIST_SETTING}: {raw!r} is neither a CIDR, an IP address nor a host name")
        hosts.append(name)
    return tuple(networks), tuple(hosts)


async def resolve(host: str, port: int) -> list[IPAddress]:
    """Every address `host` resolves to (an IP literal resolves to itself), in resolver order."""
    literal = _ip_literal(host)
    if literal is not None:  # no resolver thread for what needs no resolving
        return [literal]
    loop = asyncio.get_running_loop()
    infos = await loop.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    seen: list[IPAddress] = []
    for _family, _type, _proto, _canon, sockaddr in infos:
        ip = ipaddress.ip_address(str(sockaddr[0]).split("%", 1)[0])
        if ip not in seen:
            seen.append(ip)
    return seen


@dataclass(frozen=True)
class GuardedTarget:
    """Where a request may go: every address its host resolved to (all checked), in resolver order, and
    the name TLS must present and verify when the connection goes to an address (None for plain http
    or an IP literal)."""

    addresses: tuple[IPAddress, ...]
    sni_hostname: str | None


async def check_target(policy: OutboundPolicy, url: str, scheme: str, host: str, port: int | None) -> GuardedTarget:
    """The guard itself, whatever the HTTP library: OutboundRefused (the message a predicate about `url`)
    when the scheme or any address is not allowed, OutboundFailed when the host does not resolve."""
    if scheme not in ("http", "https"):
        raise OutboundRefused("is not an http or https URL", url)
    if not host:
        raise OutboundRefused("has no host", url)
    try:
        addresses = await resolve(host, port or (443 if scheme == "https" else 80))
    except (socket.gaierror, UnicodeError) as exc:
        raise OutboundFailed(f"{url}: the host {host} does not resolve ({exc})") from None
    if not addresses:
        raise OutboundFailed(f"{url}: the host {host} does not resolve")
    named = policy.host_allowed(host)
    for ip in addresses:
        reason = refusal_reason(ip)
        if reason is None:
            continue
        if (named and reason != "a cloud metadata address") or policy.address_allowed(ip, reason):
            continue
        raise OutboundRefused(f"resolves to {ip}, {reason}; allow it with {ALLOWLIST_SETTING}={ip}"
                              if reason != "a cloud metadata address" else
                              f"resolves to {ip}, {reason}; such addresses are never fetched unless "
                              f"{ALLOWLIST_SETTING} names {ip} itself", url)
    sni_hostname = host if scheme == "https" and not _is_ip_literal(host) else None
    return GuardedTarget(addresses=tuple(addresses), sni_hostname=sni_hostname)


async def _send_guarded(policy: OutboundPolicy, request: Any, pools: PinnedPools, http: ModuleType) -> Any:
    """Both transports' body. `http` is httpx or httpx2 (the same Request/URL/ConnectError API), `pools`
    that library's connection pools. The request goes to a checked address with the URL's host swapped
    for it, through the pool of that host name at that address; the Host header and the TLS name
    (sni_hostname) keep the name."""
    url = request.url
    target = await check_target(policy, str(url), url.scheme, url.host, url.port)
    extensions = dict(request.extensions)
    if target.sni_hostname:
        extensions["sni_hostname"] = target.sni_hostname  # TLS: SNI and certificate checked against the name
    port = url.port or (443 if url.scheme == "https" else 80)
    for i, address in enumerate(target.addresses):  # the next one when a connect fails
        pinned = http.Request(request.method, url.copy_with(host=str(address)), headers=request.headers,
                              stream=request.stream, extensions=extensions)
        pool = await pools.take(PoolKey(url.scheme, url.host, port, address))
        try:
            response = await pool.transport.handle_async_request(pinned)
        except BaseException as exc:
            await pools.give_back(pool)
            if isinstance(exc, http.ConnectError) and i < len(target.addresses) - 1:
                continue
            raise
        response.stream = _GivenBackWhenClosed(response.stream, pools, pool)
        return response
    raise AssertionError("unreachable")


@dataclass(frozen=True)
class PoolKey:
    """What a kept-alive connection is for: a connection made for one key never serves another."""

    scheme: str
    host: str  # the name asked for (or the IP literal)
    port: int
    address: IPAddress  # the checked address the connection goes to


@dataclass
class _Pool:
    transport: Any  # an AsyncHTTPTransport of httpx or httpx2: the connections of one PoolKey
    in_use: int = 0  # requests sent whose responses are not closed yet
    retired: bool = False  # dropped from the pools: closed when its last response is


MAX_POOLS = 64  # (host, address) pairs whose connections are kept; the least recently used go first
KEEPALIVE_PER_POOL = 8
KEEPALIVE_EXPIRY_S = 4.0  # idle connections go before the 5 s after which many servers drop them


class _LeastRecentlyUsed(LRUCache[PoolKey, _Pool]):
    """The pools kept; those it drops past its size wait in `dropped` to be closed."""

    def __init__(self, maxsize: int) -> None:
        super().__init__(maxsize)
        self.dropped: list[_Pool] = []

    def popitem(self) -> tuple[PoolKey, _Pool]:
        key, pool = super().popitem()
        self.dropped.append(pool)
        return key, pool


class PinnedPools:
    """Kept-alive connection pools by PoolKey, at most `max_pools` (least recently used dropped; one
    still serving a response is closed when that response is)."""

    def __init__(self, make: Callable[[], Any], max_pools: int = MAX_POOLS) -> None:
        self._make = make
        self._pools = _LeastRecentlyUsed(max_pools)

    def __len__(self) -> int:
        return len(self._pools)

    async def take(self, key: PoolKey) -> _Pool:
        """The pool of `key` (made when there is none), counted in use until `give_back`."""
        pool = self._pools.get(key)
        if pool is None:
            pool = _Pool(self._make())
            self._pools[key] = pool
        pool.in_use += 1  # before any await: a pool in use is never closed under its request
        dropped, self._pools.dropped = self._pools.dropped, []
        for old in dropped:
            old.retired = True
            if old.in_use == 0:
                await old.transport.aclose()
        return pool

    async def give_back(self, pool: _Pool) -> None:
        pool.in_use -= 1
        if pool.retired and pool.in_use == 0:
            await pool.transport.aclose()

    async def aclose(self) -> None:
        pools = list(self._pools.values())
        self._pools.clear()
        for pool in pools:
            pool.retired = True
            await pool.transport.aclose()


def _pools(http: ModuleType, transport_options: dict[str, Any], max_pools: int) -> PinnedPools:
    # One TLS context for every pool: building one (loading the CA bundle) costs milliseconds.
    options = dict(transport_options)
    ssl_context = http.create_ssl_context(verify=options.pop("verify", True), cert=options.pop("cert", None),
                                          trust_env=False)
    limits = http.Limits(max_keepalive_connections=KEEPALIVE_PER_POOL, keepalive_expiry=KEEPALIVE_EXPIRY_S)
    return PinnedPools(lambda: http.AsyncHTTPTransport(verify=ssl_context, limits=limits, trust_env=False, **options),
                       max_pools)


# Both libraries check that a response's stream is their own AsyncByteStream.
class _GivenBackWhenClosed(httpx.AsyncByteStream, httpx2.AsyncByteStream):
    """A response body that gives its pool back once closed (read to the end, or closed early)."""

    def __init__(self, inner: Any, pools: PinnedPools, pool: _Pool) -> None:
        self._inner, self._pools, self._pool = inner, pools, pool
        self._open = True

    async def __aiter__(self) -> AsyncIterator[bytes]:
        async for chunk in self._inner:
            yield chunk

    async def aclose(self) -> None:
        try:
            await self._inner.aclose()
        finally:
            if self._open:
                self._open = False
                await self._pools.give_back(self._pool)


class GuardTransport(httpx.AsyncBaseTransport):
    """The guard as an httpx transport (see the module docstring)."""

    def __init__(self, policy: OutboundPolicy, *, max_pools: int = MAX_POOLS, **transport_options: Any) -> None:
        self.policy = policy
        self.pools = _pools(httpx, transport_options, max_pools)

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        response: httpx.Response = await _send_guarded(self.policy, request, self.pools, httpx)
        return response

    async def aclose(self) -> None:
        await self.pools.aclose()


class Httpx2GuardTransport(httpx2.AsyncBaseTransport):
    """The guard as an httpx2 transport (for the mcp SDK and other httpx2 clients), with an optional cap
    on each response body: reading past `max_body_bytes` raises OutboundTooLarge. Media types in
    `uncapped_media_types` are left to their reader (an event stream carries many messages over a long
    time; httpx2.EventSource caps each event). A capped request asks for an identity body, and an encoded
    answer is refused: its decoded size could not be held to the cap."""

    def __init__(self, policy: OutboundPolicy, *, max_body_bytes: int | None = None,
                 uncapped_media_types: tuple[str, ...] = (), max_pools: int = MAX_POOLS,
                 **transport_options: Any) -> None:
        self.policy = policy
        self.max_body_bytes = max_body_bytes
        self.uncapped_media_types = tuple(t.lower() for t in uncapped_media_types)
        self.pools = _pools(httpx2, transport_options, max_pools)

    async def handle_async_request(self, request: httpx2.Request) -> httpx2.Response:
        if self.max_body_bytes is not None:
            request.headers["Accept-Encoding"] = "identity"
        response: httpx2.Response = await _send_guarded(self.policy, request, self.pools, httpx2)
        if self.max_body_bytes is None or _media_type(response.headers) in self.uncapped_media_types:
            return response
        encoding = response.headers.get("content-encoding", "identity").strip().lower()
        if encoding not in ("", "identity"):
            await response.aclose()
            raise OutboundTooLarge(f"{request.url} answered with a {encoding}-encoded body, which cannot be held "
                                   f"to the {self.max_body_bytes}-byte limit (an identity body was asked for)")
        response.stream = _CappedBody(response.stream, self.max_body_bytes, str(request.url))
        return response

    async def aclose(self) -> None:
        await self.pools.aclose()


class _CappedBody(httpx2.AsyncByteStream):
    def __init__(self, inner: Any, max_bytes: int, url: str) -> None:
        self._inner = inner
        self._max_bytes = max_bytes
        self._url = url

    async def __aiter__(self) -> AsyncIterator[bytes]:
        total = 0
        async for chunk in self._inner:
            total += len(chunk)
            if total > self._max_bytes:
                raise OutboundTooLarge(f"{self._url} answered with a body over the {self._max_bytes}-byte limit")
            yield chunk

    async def aclose(self) -> None:
        await self._inner.aclose()


def _media_type(headers: Any) -> str:
    return str(headers.get("content-type", "")).partition(";")[0].strip().lower()


def _is_ip_literal(host: str) -> bool:
    return _ip_literal(host) is not None


def _ip_literal(host: str) -> IPAddress | None:
    """The address `host` spells in standard notation (not "127.1", "0x7f.1" or a zone: the resolver reads those)."""
    if "%" in host:
        return None
    try:
        return ipaddress.ip_address(host)
    except ValueError:
        return None


def _client_options(policy: OutboundPolicy, client_options: dict[str, Any]) -> dict[str, Any]:
    # Redirects are followed by default (each hop passes the transport again); never a proxy from the environment.
    return {"follow_redirects": True, "max_redirects": policy.max_redirects, "timeout": policy.timeout_s,
            **client_options, "trust_env": False}


class _RefuseCookies(DefaultCookiePolicy):
    def set_ok(self, cookie: Cookie, request: Any) -> bool:
        return False

    def return_ok(self, cookie: Cookie, request: Any) -> bool:
        return False


def guarded_client(policy: OutboundPolicy, **client_options: Any) -> httpx.AsyncClient:
    """An httpx client whose every request (redirects included) passes the guard; for callers that
    need more than `fetch` (other methods, bodies, auth). Read bodies with `read_capped`.
    It keeps no cookies (as Go's default client): one client serves every user of a process, and
    a cookie one user's request was given must not go out with another's."""
    # The jar itself: httpx copies a Cookies' cookies into a jar of its own, without the policy.
    client_options.setdefault("cookies", CookieJar(policy=_RefuseCookies()))
    return httpx.AsyncClient(transport=GuardTransport(policy), **_client_options(policy, client_options))


def guarded_httpx2_client(policy: OutboundPolicy, *, max_body_bytes: int | None = None,
                          uncapped_media_types: tuple[str, ...] = (), **client_options: Any) -> httpx2.AsyncClient:
    """The same for httpx2 (the client the mcp SDK takes); bodies are capped as `Httpx2GuardTransport` says."""
    transport = Httpx2GuardTransport(policy, max_body_bytes=max_body_bytes, uncapped_media_types=uncapped_media_types)
    return httpx2.AsyncClient(transport=transport, **_client_options(policy, client_options))


async def read_capped(response: httpx.Response, max_bytes: int, what: str) -> bytes:
    declared = response.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > max_bytes:
        raise OutboundTooLarge(f"{what} is {declared} bytes, over the {max_bytes}-byte limit")
    chunks: list[bytes] = []
    total = 0
    async for chunk in response.aiter_bytes():
        total += len(chunk)
        if total > max_bytes:
            raise OutboundTooLarge(f"{what} is over the {max_bytes}-byte limit")
        chunks.append(chunk)
    return b"".join(chunks)


@dataclass(frozen=True)
class Fetched:
    url: str  # after redirects
    status_code: int
    content_type: str  # media type without parameters, lower-case ("text/html")
    charset: str
    content: bytes

    def text(self) -> str:
        return decode_text(self.content, self.charset)


def decode_text(content: bytes, charset: str = "") -> str:
    """A fetched text body as str: by its declared charset, else charset-normalizer's best guess."""
    from charset_normalizer import from_bytes

    if charset:
        try:
            return content.decode(charset)
        except (LookupError, UnicodeDecodeError):
            pass
    best = from_bytes(content).best()
    return str(best) if best is not None else content.decode("utf-8", errors="replace")


class Fetcher:
    """GETs through the guard on one long-lived client: making a client builds a TLS context (tens
    of ms of CPU), and a kept client also reuses connections (per host and checked address). One
    per process, closed with it; `fetch` below makes a client for a single call."""

    def __init__(self, policy: OutboundPolicy, client: httpx.AsyncClient | None = None) -> None:
        """`client`: a process's guarded client (`guarded_client(policy)`) to share; its owner closes it."""
        self.policy = policy
        self._owned = client is None
        # keeps no cookies: one document's fetch gives none to another's
        self._client = client if client is not None else guarded_client(policy)

    async def aclose(self) -> None:
        if self._owned:
            await self._client.aclose()

    async def __aenter__(self) -> Fetcher:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    async def fetch(self, url: str, *, what: str = "URL", headers: dict[str, str] | None = None) -> Fetched:
        """GET `url` through the guard: OutboundRefused when a target is not allowed, OutboundFailed
        when the answer is unusable (HTTP error, over the size cap, slower than the time cap, too
        many redirects). Messages start with `what` and the URL asked for."""
        policy = self.policy
        try:
            parsed = httpx.URL(url)
        except (httpx.InvalidURL, TypeError) as exc:
            raise OutboundRefused(f"{what} {url!r} is not a valid URL ({exc})", url) from None
        if parsed.scheme not in ("http", "https"):
            raise OutboundRefused(f"{what} {url} is not an http or https URL", url)
        try:
            async with asyncio.timeout(policy.timeout_s), \
                    self._client.stream("GET", parsed, headers=headers) as response:
                if response.status_code >= 400:
                    raise OutboundFailed(f"{what} {url} answered HTTP {response.status_code}",
                                         transient=response.status_code >= 500 or response.status_code == 429)
                content = await read_capped(response, policy.max_bytes, f"{what} {url}")
                media, _, params = response.headers.get("content-type", "").partition(";")
                return Fetched(url=str(response.url), status_code=response.status_code,
                               content_type=media.strip().lower(),
                               charset=_charset(params) or (response.charset_encoding or ""), content=content)
        except OutboundRefused as exc:
            said = f"{url} redirects to {exc.url}, which {exc}" if exc.url != str(parsed) else f"{url} {exc}"
            raise OutboundRefused(f"{what} {said}", exc.url) from None
        except OutboundFailed as exc:
            message = str(exc)
            raise type(exc)(message if message.startswith(what) else f"{what} {message}",
                            transient=exc.transient) from None
        except TimeoutError:
            raise OutboundFailed(f"{what} {url} did not answer within {policy.timeout_s:g} s",
                                 transient=True) from None
        except httpx.TooManyRedirects:
            raise OutboundFailed(f"{what} {url} redirects more than {policy.max_redirects} times") from None
        except httpx.HTTPError as exc:
            transient = isinstance(exc, httpx.TransportError)
            raise OutboundFailed(f"{what} {url} could not be fetched: {type(exc).__name__}: {exc}",
                                 transient=transient) from None


async def fetch(url: str, policy: OutboundPolicy, *, what: str = "URL",
                headers: dict[str, str] | None = None) -> Fetched:
    """One GET through the guard on a client made for it (see `Fetcher.fetch`). A process that
    fetches more than once keeps a `Fetcher` instead: making the client is most of a fetch's CPU."""
    async with Fetcher(policy) as fetcher:
        return await fetcher.fetch(url, what=what, headers=headers)


def _charset(params: str) -> str:
    for param in params.split(";"):
        key, _, value = param.strip().partition("=")
        if key.lower() == "charset":
            return value.strip().strip('"')
    return ""

