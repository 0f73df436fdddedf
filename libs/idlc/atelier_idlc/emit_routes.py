"""model -> routes.json (the gateway's route table, in the format of route_table.py) and the copy of
that format module shipped beside it."""

from __future__ import annotations

from pathlib import Path

from . import route_table as rt
from .model import Model, Rpc

GENERATED = "DO NOT EDIT — generated from idl/*.thrift by atelier_idlc"
FORMAT_SOURCE = Path(rt.__file__)
FORMAT_HEADER = "# DO NOT EDIT — copied from libs/idlc/atelier_idlc/route_table.py by atelier_idlc.\n"


def _stream(r: Rpc) -> rt.Stream | None:
    if not r.stream:
        return None
    sse = rt.Sse(event=r.sse.event, data=r.sse.data, id=r.sse.id) if r.sse is not None else None
    return rt.Stream(sse=sse, switch=r.stream_switch)


def route(r: Rpc) -> rt.Route:
    return rt.Route(
        method=r.method,
        path=r.path,
        service=r.stem,
        grpc_service=f"atelier.{r.stem}.{r.service}",
        rpc=r.name,
        request=f"atelier.{r.request.name}",
        response=f"atelier.{r.response.name}",
        module=f"atelier_proto.{r.stem}_pb2",
        auth=r.auth,
        category=r.category,
        openapi=r.openapi,
        space_fields=list(r.space_fields),
        stream=_stream(r),
        upload=rt.Upload(part=r.upload.part, fields=dict(r.upload.fields)) if r.upload is not None else None,
        page=rt.Page(redirect=r.page.redirect, title=r.page.title, text=r.page.text) if r.page is not None else None,
    )


def table(model: Model) -> rt.RouteTable:
    routes = sorted((route(r) for r in model.http_rpcs), key=lambda x: (x.path, x.method))
    return rt.RouteTable(generated=GENERATED, version=rt.VERSION, routes=routes)


def emit(model: Model) -> str:
    return rt.dumps(table(model))


def emit_format() -> str:
    """atelier_proto/route_table.py: this package's route_table.py, verbatim under a header."""
    return FORMAT_HEADER + FORMAT_SOURCE.read_text(encoding="utf-8")
