"""Answers for routes a browser visits (the IDL's api.page response fields): a redirect, or a small
HTML page; their errors are pages too, naming the problem, since a person reads them, not a client.
Every text is escaped here: services send plain text, never markup."""

from __future__ import annotations

import html
from http import HTTPStatus
from urllib.parse import urlsplit

import grpc
from google.protobuf.message import Message
from starlette.responses import HTMLResponse, RedirectResponse, Response

from atelier_common.errors import AtelierError, Internal, from_rpc_error
from atelier_proto.route_table import Page

_TEMPLATE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>body{{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#1f2328}}
h1{{font-size:1.4rem}} p{{line-height:1.5}}</style></head>
<body><h1>{title}</h1><p>{text}</p></body></html>
"""


def render(title: str, text: str, status: int = 200) -> HTMLResponse:
    return HTMLResponse(_TEMPLATE.format(title=html.escape(title), text=html.escape(text)), status_code=status,
                        headers={"Cache-Control": "no-store"})


def redirect_target(url: str) -> str:
    """The Location of a redirect: an absolute http(s) URL only. Anything else (javascript:, a
    scheme-relative //host) is the service's bug, never sent to a browser."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise Internal("the service answered a redirect that is not an absolute http(s) URL")
    return url


def answer(reply: Message, page: Page) -> Response:
    """The service's reply as the browser gets it: 302 to the redirect field when set, else the page."""
    target = getattr(reply, page.redirect) if page.redirect else ""
    if target:
        return RedirectResponse(redirect_target(target), status_code=302, headers={"Cache-Control": "no-store"})
    title = getattr(reply, page.title) if page.title else ""
    return render(title or "Done", getattr(reply, page.text))


def error(exc: AtelierError | grpc.RpcError) -> HTMLResponse:
    """An error as a page: the status kept, the message shown."""
    err = exc if isinstance(exc, AtelierError) else from_rpc_error(exc)
    return render(f"{err.http_status} {HTTPStatus(err.http_status).phrase}", err.msg, err.http_status)
