"""Slices edited by hand: each change re-indexes only that slice (IndexSlice)."""

from __future__ import annotations

from atelier_common import paging
from atelier_common.errors import InvalidArgument
from atelier_common.service import ServiceDeps
from atelier_common.tokens import count_tokens
from atelier_knowledge import access, convert, events
from atelier_knowledge.store import slices, tables
from atelier_proto import knowledge_pb2 as kpb
from atelier_proto.enums import DocumentStatus

MAX_SLICE_CHARS = 20_000
MAX_PAGE_SIZE = 200


def _check_text(text: str) -> str:
    if not text.strip():
        raise InvalidArgument("raw_text must not be empty")
    if len(text) > MAX_SLICE_CHARS:
        raise InvalidArgument(f"raw_text is longer than {MAX_SLICE_CHARS} characters")
    return text


async def create(deps: ServiceDeps, document_id: int, raw_text: str, sequence: int | None) -> int:
    text = _check_text(raw_text)
    async with deps.pool.acquire() as conn, conn.transaction():
        doc = await access.document(conn, document_id, for_update=True)
        if doc.status not in (DocumentStatus.Enable, DocumentStatus.Disable):
            raise InvalidArgument(f"document {document_id} is still being indexed (status {int(doc.status)})")
        end = await slices.next_sequence(conn, document_id)
        position = end if sequence is None or sequence < 0 or sequence > end else sequence
        if position < end:
            await slices.shift_sequences(conn, document_id, position)
        slice_id = deps.ids.next_id()
        await slices.insert_one(conn, id=slice_id, document_id=document_id, dataset_id=doc.dataset_id,
                                space_id=doc.space_id, sequence=position, content=text, token_count=count_tokens(text))
        await slices.refresh_document_counts(conn, document_id)
        await events.index_slice(conn, dataset_id=doc.dataset_id, document_id=document_id, slice_id=slice_id)
    return slice_id


async def update(deps: ServiceDeps, slice_id: int, raw_text: str) -> None:
    text = _check_text(raw_text)
    async with deps.pool.acquire() as conn, conn.transaction():
        piece = await access.slice_(conn, slice_id, for_update=True)
        await slices.update_content(conn, slice_id, text, count_tokens(text))
        await slices.refresh_document_counts(conn, piece.document_id)
        await events.index_slice(conn, dataset_id=piece.dataset_id, document_id=piece.document_id,
                                 slice_id=slice_id)


async def delete(deps: ServiceDeps, slice_ids: list[int]) -> None:
    if not slice_ids:
        raise InvalidArgument("slice_ids must not be empty")
    async with deps.pool.acquire() as conn, conn.transaction():
        pieces = [await access.slice_(conn, s, for_update=True) for s in slice_ids]
        await slices.delete_many(conn, slice_ids)
        for document_id in {p.document_id for p in pieces}:
            await slices.refresh_document_counts(conn, document_id)
        by_dataset: dict[int, list[int]] = {}
        for p in pieces:
            by_dataset.setdefault(p.dataset_id, []).append(p.id)
        for dataset_id, ids in by_dataset.items():
            await tables.delete_slice_rows(conn, dataset_id, ids)
            await events.delete_data(conn, dataset_id=dataset_id, slice_ids=ids, key=pieces[0].document_id)


async def list_(deps: ServiceDeps, req: kpb.ListSliceRequest) -> kpb.ListSliceResponse:
    if not req.document_id and not req.dataset_id:
        raise InvalidArgument("document_id or dataset_id is required")
    if req.document_id:
        await access.document(deps.pool, req.document_id)
    if req.dataset_id:
        await access.dataset(deps.pool, req.dataset_id)
    size = paging.limit(req.page_size, default=20, max_value=MAX_PAGE_SIZE, field="page_size")
    offset = max(0, req.sequence)
    found, total = await slices.list_page(deps.pool, document_id=req.document_id or None,
                                          dataset_id=req.dataset_id or None, keyword=req.keyword,
                                          offset=offset, limit=size)
    return kpb.ListSliceResponse(slices=[convert.slice_(p) for p in found], total=total,
                                 hasmore=offset + len(found) < total)
