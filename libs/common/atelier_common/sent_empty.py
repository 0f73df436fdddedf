"""Which list and map fields the HTTP caller sent empty: the presence proto3 drops.

A JSON body's `"workflow_info_list": []` and a body without that key become the same protobuf
request (repeated and map fields have no presence), yet in a partial update the first clears the
list and the second leaves it alone, as Coze's console expects. The gateway therefore sends, next
to the request, the paths of the repeated/map fields the body held as `[]` or `{}`
(`jsonpb.empty_containers`) in the `x-atelier-sent-empty` metadata entry, a JSON array of dotted
proto field names relative to the request (`["bot_info.workflow_info_list"]`). A handler whose
request is a patch reads them with `sent_empty(context, under="bot_info")`.

The entry describes one request message only: it is never forwarded on outgoing calls, and a call
without it (another service, a worker) simply sent no empty lists.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

SENT_EMPTY_KEY = "x-atelier-sent-empty"


def to_metadata(paths: Iterable[str]) -> list[tuple[str, str]]:
    """The metadata pair carrying paths (none when there are none)."""
    ordered = sorted(set(paths))
    return [(SENT_EMPTY_KEY, json.dumps(ordered))] if ordered else []


def _metadata_of(source: Any) -> Iterable[tuple[str, Any]]:
    if source is None:
        return ()
    if hasattr(source, "invocation_metadata"):  # a grpc ServicerContext
        return source.invocation_metadata() or ()
    if isinstance(source, Mapping):
        return source.items()
    return source  # grpc.aio.Metadata or pairs


def sent_empty(source: Any, under: str = "") -> frozenset[str]:
    """The paths the caller sent empty, from a ServicerContext or its metadata; with `under`
    ("bot_info"), those inside that field, relative to it ("workflow_info_list")."""
    raw = next((v for k, v in _metadata_of(source) if k.lower() == SENT_EMPTY_KEY), None)
    if raw is None:
        return frozenset()
    try:
        paths = json.loads(raw.decode() if isinstance(raw, bytes) else raw)
    except ValueError:
        return frozenset()  # only the gateway writes it; a garbled entry means nothing was sent empty
    if not isinstance(paths, list):
        return frozenset()
    prefix = f"{under}." if under else ""
    return frozenset(p[len(prefix):] for p in paths if isinstance(p, str) and p.startswith(prefix) and p != prefix)
