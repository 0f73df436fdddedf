"""Datasets (knowledge bases): create, detail, list, update, delete."""

from __future__ import annotations

import asyncpg

from atelier_common import names, paging
from atelier_common.ai import embedding_config
from atelier_common.auth import require_space
from atelier_common.errors import Conflict, InvalidArgument
from atelier_common.files import FileStore
from atelier_common.service import ServiceDeps
from atelier_knowledge import access, convert, embedder_switch, events, sources
from atelier_knowledge.domain.file_types import require_known_format
from atelier_knowledge.store import datasets, documents, slices, tables
from atelier_proto import knowledge_pb2 as kpb
from atelier_proto.enums import DatasetStatus

MAX_PAGE_SIZE = 100


async def icon_uri_of_file(deps: ServiceDeps, file_id: int) -> str:
    """The storage key of an icon uploaded by the caller through /v1/files/upload (404 for anyone else's)."""
    stored = await FileStore(deps.storage).owned(file_id, access.caller_id())
    if not stored.is_image:
        raise InvalidArgument(f"file {file_id} ({stored.file_name}) is not an image and cannot be an icon")
    return stored.key


async def icon_url(deps: ServiceDeps, icon_uri: str) -> str:
    return await deps.storage.url(icon_uri) if icon_uri else ""


async def create(deps: ServiceDeps, *, space_id: int, name: str, description: str, icon_uri: str, format_type: int,
                 icon_file_id: int | None = None) -> int:
    require_space(space_id)
    require_known_format(format_type)
    name = names.display_name(name)
    if icon_file_id is not None:
        icon_uri = await icon_uri_of_file(deps, icon_file_id)
    # The dataset remembers its embedder so every later document and query uses the same one
    # (its dimension is recorded with the first vector written).
    model_id = embedding_config(deps.settings).model_id
    dataset_id = deps.ids.next_id()
    try:
        await datasets.insert(
            deps.pool, id=dataset_id, space_id=space_id, creator_id=access.caller_id(), name=name,
            description=description, icon_uri=icon_uri, format_type=format_type,
            embedding_model=model_id, embedding_dimension=0,
        )
    except asyncpg.UniqueViolationError:
        raise Conflict(f"a dataset named '{name}' already exists in this space") from None
    return dataset_id


async def detail(deps: ServiceDeps, space_id: int, dataset_ids: list[int]) -> dict[str, kpb.Dataset]:
    require_space(space_id)
    out = {}
    for ds in await datasets.get_with_counts(deps.pool, dataset_ids):
        if ds.space_id != space_id:
            continue
        docs = await documents.names_by_status(deps.pool, ds.id)
        out[str(ds.id)] = convert.dataset(ds, docs, await icon_url(deps, ds.icon_uri))
        await embedder_switch.describe(deps, [ds], [out[str(ds.id)]])
    return out


async def list_(deps: ServiceDeps, req: kpb.ListDatasetRequest) -> tuple[list[kpb.Dataset], int]:
    require_space(req.space_id)
    page = paging.page_or_default(req.page, req.size, default_size=10, max_size=MAX_PAGE_SIZE)
    flt = req.filter
    found, total = await datasets.list_page(
        deps.pool, space_id=req.space_id, name=flt.name, dataset_ids=list(flt.dataset_ids),
        format_type=flt.format_type if flt.HasField("format_type") else None,
        order_by="update" if req.order_field == kpb.ORDER_FIELD_UPDATE_TIME else "create",
        descending=req.order_type != kpb.ORDER_TYPE_ASC, limit=page.size, offset=page.offset,
    )
    items = [convert.dataset(ds, icon_url=await icon_url(deps, ds.icon_uri)) for ds in found]
    await embedder_switch.describe(deps, found, items)
    return items, total


async def update(deps: ServiceDeps, dataset_id: int, *, name: str | None, description: str | None,
                 icon_uri: str | None, status: int | None = None) -> None:
    fields: dict[str, object] = {}
    if name is not None:
        fields["name"] = names.display_name(name)
    if description is not None:
        fields["description"] = description
    if icon_uri is not None:
        fields["icon_uri"] = icon_uri
    if status is not None:
        if status not in (DatasetStatus.DatasetReady, DatasetStatus.DatasetForbid):
            raise InvalidArgument("status may only be set to 1 (ready) or 3 (forbidden)")
        fields["status"] = status
    async with deps.pool.acquire() as conn, conn.transaction():
        await access.dataset(conn, dataset_id, for_update=True)
        try:
            await datasets.update(conn, dataset_id, fields)
        except asyncpg.UniqueViolationError:
            raise Conflict(f"a dataset named '{fields.get('name')}' already exists in this space") from None


async def delete(deps: ServiceDeps, dataset_id: int) -> None:
    """Rows go now, source files right after; vectors and full-text entries go when the indexer
    handles the event, and an index run still in flight notices the deletion and removes what it wrote."""
    async with deps.pool.acquire() as conn, conn.transaction():
        await access.dataset(conn, dataset_id, for_update=True)
        await datasets.soft_delete(conn, dataset_id)
        deleted = await documents.soft_delete_dataset(conn, dataset_id)
        await slices.delete_for_dataset(conn, dataset_id)
        await tables.drop(conn, dataset_id)
        await events.delete_data(conn, dataset_id=dataset_id)
    await sources.remove_deleted_now(deps, deleted)
