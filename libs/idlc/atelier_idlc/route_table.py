"""The route table format (routes.json): what the IDL compiler writes and the gateway reads.

Defined once, here. atelier_idlc builds the table with these models and ships this very module as
`atelier_proto/route_table.py` next to the routes.json it describes, so the gateway reads the file
with the definition that wrote it. Reading is strict: every key below is required, no other key is
accepted, and types are not coerced; an error names the offending key (`routes.3.method`).
Self-contained (pydantic only): it is copied into the generated package.
"""

from __future__ import annotations

import json

from pydantic import BaseModel, ConfigDict, ValidationError

VERSION = 2  # bumped on any change of the format below


class RouteTableError(ValueError):
    """routes.json does not follow this format."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class Upload(_Strict):
    """api.upload: the route takes multipart/form-data with the file in form part `part`."""

    part: str
    # upload role (api.file: key, size, name, type, content) -> the request field the gateway fills
    fields: dict[str, str]


class Sse(_Strict):
    """The response fields (api.sse) that make one server-sent event of a stream message."""

    event: str | None  # the event name (`event:` line); None: every event is "message"
    data: str  # the `data:` text, written verbatim
    id: str | None  # the `id:` line, when the field is set


class Stream(_Strict):
    """api.stream: a server-streaming RPC, answered as text/event-stream."""

    # None: each message is an event "message" whose data is the message as JSON
    sse: Sse | None
    # api.stream_switch: the request's bool field that, false or absent, asks for one JSON answer
    # (`{"code": 0, "msg": "", "data": <first event's data>}`) instead of the stream
    switch: str | None


class Page(_Strict):
    """The response fields (api.page) of a route a browser visits: a 302 to `redirect` when that
    field is set, else an HTML page showing `title` and `text`; errors are an HTML page too."""

    redirect: str | None
    title: str | None
    text: str


class Route(_Strict):
    method: str  # upper case: GET, POST, PUT, DELETE, PATCH
    path: str  # IDL form, "/v1/datasets/:dataset_id"
    service: str  # owner service (the IDL file's stem)
    grpc_service: str  # "atelier.<stem>.<Service>"
    rpc: str  # method name in that gRPC service
    request: str  # full protobuf name of the request message
    response: str  # full protobuf name of the response message
    module: str  # generated module holding both, "atelier_proto.<stem>_pb2"
    auth: bool  # api.auth: a token is required
    category: str  # api.category (OpenAPI tag)
    openapi: bool  # api.tag="openapi": part of the public OpenAPI
    space_fields: list[str]  # api.space: request fields whose space ids the caller must belong to
    stream: Stream | None  # api.stream
    upload: Upload | None  # api.upload
    page: Page | None  # api.page


class RouteTable(_Strict):
    generated: str  # the DO NOT EDIT notice
    version: int
    routes: list[Route]  # sorted by (path, method)


def dumps(table: RouteTable) -> str:
    return table.model_dump_json(indent=2) + "\n"


def loads(text: str | bytes) -> RouteTable:
    """Parse routes.json; RouteTableError naming the first offending keys when it is malformed or
    written in another version of the format."""
    try:
        version = json.loads(text).get("version")
    except (ValueError, AttributeError):
        raise RouteTableError("routes.json is not a JSON object") from None
    if isinstance(version, int) and version != VERSION:
        raise RouteTableError(f"routes.json is format version {version}, this reader knows {VERSION}: regenerate it")
    try:
        return RouteTable.model_validate_json(text)
    except ValidationError as e:
        problems = "; ".join(f"{'.'.join(str(p) for p in err['loc'])}: {err['msg']}" for err in e.errors()[:5])
        raise RouteTableError(f"routes.json is malformed: {problems}") from None
