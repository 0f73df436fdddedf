"""The text of files attached to the user's message, read by the indexer (ExtractText: parsing is its
job), as the user whose message it is."""

from __future__ import annotations

import grpc

from atelier_common.errors import from_rpc_error
from atelier_common.grpc.client import stub
from atelier_proto import indexer_pb2 as ipb
from atelier_proto import indexer_pb2_grpc


class ExtractFailed(Exception):
    """The text of an attachment could not be read; the message says why (for the prompt)."""


async def extract_text(addr: str, *, file_id: int = 0, url: str = "", max_chars: int,
                       timeout_s: float) -> ipb.ExtractTextResponse:
    """The text of an uploaded file of the calling user, or of a document on the web, cut at max_chars."""
    rpc = stub(indexer_pb2_grpc.IndexerServiceStub, addr)
    request = ipb.ExtractTextRequest(max_chars=max_chars)
    if file_id:
        request.file_id = file_id
    else:
        request.url = url
    try:
        return await rpc.ExtractText(request, timeout=timeout_s)
    except grpc.aio.AioRpcError as e:
        if e.code() == grpc.StatusCode.DEADLINE_EXCEEDED:
            raise ExtractFailed(f"reading it took longer than {timeout_s:g} s") from None
        raise ExtractFailed(from_rpc_error(e).msg) from None
