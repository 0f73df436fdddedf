"""The address classes the SSRF guard (`atelier_common.outbound`) refuses, each with the target tried and
how it is reached: one list that the README's SSRF table is generated from
(`python -m atelier_common.outbound_refusals --readme README.md`) and that
libs/common/tests/test_ssrf_classes.py runs through both guarded clients, so the two cannot drift."""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from atelier_common.readme_blocks import readme_cli, with_block

README_BLOCK = "ssrf-table"
REDIRECTOR = "127.0.0.3"  # the allow-listed local server the redirects come from (allowed by this exact address)
PORT = "PORT"  # in a target: the free port of the local server listening on `watched`


class Via(StrEnum):
    URL = "URL"
    HOST_NAME = "host name"
    REDIRECT = f"redirect from {REDIRECTOR}"
    CHAIN = f"3 redirects from {REDIRECTOR}"


@dataclass(frozen=True)
class Attempt:
    address_class: str
    target: str  # the URL (or a redirect's Location) aimed at the class
    via: Via
    refusal: str  # what the refusal says
    watched: str = ""  # a local server on this address and PORT must see no request; "" where none can exist here
    also_allowed: str = ""  # allow-list entries in force besides the redirecting server
    by_url_parser: bool = False  # refused by httpx's URL parser (before the guard and any connection)

    @property
    def key(self) -> str:
        return re.sub(r"[^a-z0-9]+", "-", f"{self.address_class} {self.via.name}".lower()).strip("-")


_LOOPBACK = "127.0.0.1, a loopback address"
_MAPPED_LOOPBACK = "a loopback address (127.0.0.1 inside an IPv6 address)"
_METADATA = "169.254.169.254, a cloud metadata address; such addresses are never fetched"
_SCHEME = "is not an http or https URL"
_OCTAL = "Invalid IPv4 address"

ATTEMPTS: tuple[Attempt, ...] = (
    Attempt("IPv4 loopback", "http://127.0.0.1:PORT/", Via.URL, _LOOPBACK, "127.0.0.1"),
    Attempt("IPv4 loopback elsewhere in 127.0.0.0/8", "http://127.1.2.3:PORT/", Via.URL,
            "127.1.2.3, a loopback address", "127.1.2.3"),
    Attempt("`localhost`", "http://localhost:PORT/", Via.HOST_NAME, "a loopback address", "127.0.0.1"),
    Attempt("unspecified 0.0.0.0 (connects to this host)", "http://0.0.0.0:PORT/", Via.URL,
            "0.0.0.0, an unspecified address", "127.0.0.1"),
    Attempt("0.0.0.0 spelled `0`", "http://0:PORT/", Via.URL, "0.0.0.0, an unspecified address", "127.0.0.1"),
    Attempt("private 10.0.0.0/8", "http://10.0.0.1/", Via.URL, "10.0.0.1, a private address"),
    Attempt("private 172.16.0.0/12", "http://172.31.255.254/", Via.URL, "172.31.255.254, a private address"),
    Attempt("private 192.168.0.0/16", "http://192.168.1.1/", Via.URL, "192.168.1.1, a private address"),
    Attempt("link-local 169.254.0.0/16", "http://169.254.1.1/", Via.URL, "169.254.1.1, a link-local address"),
    Attempt("cloud metadata (AWS, GCP, Azure, OpenStack...)", "http://169.254.169.254/latest/meta-data/", Via.URL,
            _METADATA, also_allowed="169.254.0.0/16"),
    Attempt("cloud metadata (Alibaba)", "http://100.100.100.200/latest/meta-data/", Via.URL,
            "100.100.100.200, a cloud metadata address; such addresses are never fetched",
            also_allowed="100.64.0.0/10"),
    Attempt("shared / carrier-grade NAT 100.64.0.0/10", "http://100.64.0.1/", Via.URL,
            "100.64.0.1, a shared (carrier-grade NAT) address"),
    Attempt("IPv6 loopback", "http://[::1]:PORT/", Via.URL, "::1, a loopback address", "::1"),
    Attempt("IPv6 unspecified (connects to this host)", "http://[::]:PORT/", Via.URL, "::, an unspecified address",
            "::1"),
    Attempt("IPv6 unique-local fc00::/7", "http://[fd12:3456::1]/", Via.URL, "fd12:3456::1, a private address"),
    Attempt("IPv6 link-local fe80::/10", "http://[fe80::1]/", Via.URL, "fe80::1, a link-local address"),
    Attempt("IPv6 site-local fec0::/10 (deprecated)", "http://[fec0::1]/", Via.URL, "fec0::1, a site-local address"),
    Attempt("cloud metadata over IPv6 (AWS)", "http://[fd00:ec2::254]/latest/meta-data/", Via.URL,
            "fd00:ec2::254, a cloud metadata address; such addresses are never fetched", also_allowed="fc00::/7"),
    Attempt("IPv4-mapped IPv6 of loopback", "http://[::ffff:127.0.0.1]:PORT/", Via.URL, _MAPPED_LOOPBACK,
            "127.0.0.1"),
    Attempt("IPv4-mapped IPv6 of loopback, in hex", "http://[::ffff:7f00:1]:PORT/", Via.URL, _MAPPED_LOOPBACK,
            "127.0.0.1"),
    Attempt("IPv4-mapped IPv6 of cloud metadata", "http://[::ffff:169.254.169.254]/latest/meta-data/", Via.URL,
            "a cloud metadata address (169.254.169.254 inside an IPv6 address)"),
    Attempt("IPv4-compatible IPv6 of a private address", "http://[::10.0.0.1]/", Via.URL,
            "a private address (10.0.0.1 inside an IPv6 address)"),
    Attempt("NAT64 64:ff9b::/96 of a private address", "http://[64:ff9b::192.168.1.1]/", Via.URL,
            "a private address (192.168.1.1 inside an IPv6 address)"),
    Attempt("6to4 2002::/16 of a private address", "http://[2002:a00:1::]/", Via.URL,
            "a private address (10.0.0.1 inside an IPv6 address)"),
    Attempt("Teredo 2001::/32 of loopback", "http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/", Via.URL,
            _MAPPED_LOOPBACK),
    Attempt("IPv4 as one decimal number", "http://2130706433:PORT/", Via.URL, _LOOPBACK, "127.0.0.1"),
    Attempt("IPv4 as one octal number", "http://017700000001:PORT/", Via.URL, _LOOPBACK, "127.0.0.1"),
    Attempt("IPv4 as one hex number", "http://0x7f000001:PORT/", Via.URL, _LOOPBACK, "127.0.0.1"),
    Attempt("IPv4 with a hex part", "http://0x7f.0.0.1:PORT/", Via.URL, _LOOPBACK, "127.0.0.1"),
    Attempt("IPv4 shortened", "http://127.1:PORT/", Via.URL, _LOOPBACK, "127.0.0.1"),
    Attempt("IPv4 in dotted octal", "http://0177.0.0.1:PORT/", Via.URL, _OCTAL, "127.0.0.1", by_url_parser=True),
    Attempt("`file:` scheme", "file:///etc/passwd", Via.URL, _SCHEME),
    Attempt("`gopher:` scheme, address allow-listed", "gopher://127.0.0.1:PORT/_GET%20/", Via.URL, _SCHEME,
            "127.0.0.1", also_allowed="127.0.0.1"),
    Attempt("IPv4 loopback", "http://127.0.0.1:PORT/", Via.REDIRECT, _LOOPBACK, "127.0.0.1"),
    Attempt("`localhost`, a host name that resolves internally", "http://localhost:PORT/",
            Via.REDIRECT, "a loopback address", "127.0.0.1"),
    Attempt("IPv6 loopback", "http://[::1]:PORT/", Via.REDIRECT, "::1, a loopback address", "::1"),
    Attempt("IPv4-mapped IPv6 of loopback", "http://[::ffff:127.0.0.1]:PORT/", Via.REDIRECT, _MAPPED_LOOPBACK,
            "127.0.0.1"),
    Attempt("IPv4 as one decimal number", "http://2130706433:PORT/", Via.REDIRECT, _LOOPBACK, "127.0.0.1"),
    Attempt("unspecified 0.0.0.0", "http://0.0.0.0:PORT/", Via.REDIRECT, "0.0.0.0, an unspecified address",
            "127.0.0.1"),
    Attempt("cloud metadata", "http://169.254.169.254/latest/meta-data/", Via.REDIRECT, _METADATA,
            also_allowed="169.254.0.0/16"),
    Attempt("private 10.0.0.0/8", "http://10.0.0.1/", Via.REDIRECT, "10.0.0.1, a private address"),
    Attempt("IPv6 unique-local fc00::/7", "http://[fd00::1]/", Via.REDIRECT, "fd00::1, a private address"),
    Attempt("the allowed address as user name", f"http://{REDIRECTOR}@127.0.0.1:PORT/", Via.REDIRECT, _LOOPBACK,
            "127.0.0.1"),
    Attempt("scheme-relative Location", "//127.0.0.1:PORT/", Via.REDIRECT, _LOOPBACK, "127.0.0.1"),
    Attempt("IPv4 in dotted octal", "http://0177.0.0.1:PORT/", Via.REDIRECT, _OCTAL, "127.0.0.1",
            by_url_parser=True),
    Attempt("`file:` scheme", "file:///etc/passwd", Via.REDIRECT, _SCHEME),
    Attempt("`gopher:` scheme, address allow-listed", "gopher://127.0.0.1:PORT/_GET%20/", Via.REDIRECT, _SCHEME,
            "127.0.0.1", also_allowed="127.0.0.1"),
    Attempt("IPv4 loopback at the end of a chain", "http://127.0.0.1:PORT/", Via.CHAIN, _LOOPBACK, "127.0.0.1"),
)


def refusals_table() -> str:
    """The README's SSRF table, one row per attempt, and a note on how it is tried."""
    rows = ["| # | Address class | Target | Reached by | Also allow-listed | Refusal says | Server that sees nothing |",
            "| --- | --- | --- | --- | --- | --- | --- |"]
    for n, a in enumerate(ATTEMPTS, 1):
        refusal = (f"URL parser (no request): `{a.refusal}`" if a.by_url_parser else f"`{a.refusal}`")
        rows.append(f"| {n} | {a.address_class} | `{a.target}` | {a.via} | {_code(a.also_allowed)} | {refusal} "
                    f"| {_code(a.watched)} |")
    note = (f"Tried with both guarded clients (httpx and httpx2) by `libs/common/tests/test_ssrf_classes.py`. The "
            f"allow-list holds `{REDIRECTOR}`, the local server the redirects come from, and what the row adds. "
            f"{PORT} is the free port of a local server on the address in the last column: it must see no request, "
            "and the test's control shows the same request does reach it when the guard allows everything.")
    return "\n".join(rows) + "\n\n" + note


def with_refusals_table(readme: str) -> str:
    return with_block(readme, README_BLOCK, refusals_table())


def _code(text: str) -> str:
    return f"`{text}`" if text else "-"


if __name__ == "__main__":
    readme_cli(README_BLOCK, refusals_table())
