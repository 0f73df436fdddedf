"""What an agent's configuration points at must be in the agent's own space: datasets (asked of the
knowledge service, which also checks the caller's access) and memory tables (the agent's own).
Without this check a bot could be given another space's dataset or table ids and read them in chat.

A reference is checked when a configuration gains it; references saved earlier are left alone (a
dataset deleted since is skipped at run time, and must not block unrelated edits)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import grpc

from atelier_agent.databases import store as tables
from atelier_agent.domain.config import FieldNamer
from atelier_agent.domain.entities import BotConfig
from atelier_common.errors import InvalidArgument, NotFound, from_rpc_error
from atelier_common.grpc.client import channel
from atelier_common.service import ServiceDeps
from atelier_proto import knowledge_pb2 as kpb
from atelier_proto import knowledge_pb2_grpc

# (the request field naming it, the id)
Ref = tuple[str, int]


async def dataset_names(deps: ServiceDeps, space_id: int, refs: Sequence[Ref]) -> dict[int, str]:
    """Name by id of each referenced dataset; NotFound naming the first field whose dataset is not in
    the space (one DatasetDetail call for all of them)."""
    if not refs:
        return {}
    stub = knowledge_pb2_grpc.KnowledgeServiceStub(channel(deps.settings.knowledge_addr))
    ids = list(dict.fromkeys(dataset_id for _, dataset_id in refs))
    try:
        reply = await stub.DatasetDetail(kpb.DatasetDetailRequest(space_id=space_id, dataset_ids=ids),
                                         timeout=deps.settings.grpc_deadline_s)
    except grpc.aio.AioRpcError as e:
        raise from_rpc_error(e) from None
    found = {int(k): v.name for k, v in reply.dataset_details.items()}
    for field, dataset_id in refs:
        if dataset_id not in found:
            raise NotFound(f"field '{field}': dataset {dataset_id} not found in the bot's space")
    return found


async def check_tables(conn: Any, space_id: int, refs: Sequence[Ref]) -> None:
    """NotFound naming the first field whose memory table is not in the space."""
    if not refs:
        return
    spaces = {t.id: t.space_id for t in await tables.get_many(conn, [table_id for _, table_id in refs])}
    for field, table_id in refs:
        if spaces.get(table_id) != space_id:
            raise NotFound(f"field '{field}': database {table_id} not found in the bot's space")


def _ids(items: Any, key: str, path: str, field: FieldNamer) -> list[Ref]:
    out = []
    for i, item in enumerate(items or []):
        raw = str((item or {}).get(key, "")).strip()
        where = field(f"{path}[{i}].{key}")
        if not raw.isdigit() or int(raw) <= 0:
            raise InvalidArgument(f"field '{where}': {raw!r} is not an id")
        out.append((where, int(raw)))
    return out


def added_refs(patch: dict[str, Any], current: BotConfig, field: FieldNamer) -> tuple[list[Ref], list[Ref]]:
    """(datasets, memory tables) a configuration patch (top-level BotInfo fields) references that
    `current` does not."""
    datasets: list[Ref] = []
    if "knowledge" in patch:
        known = {str(k.get("id")) for k in current.section("knowledge").get("knowledge_info") or []}
        datasets = [r for r in _ids((patch["knowledge"] or {}).get("knowledge_info"), "id",
                                    "knowledge.knowledge_info", field) if str(r[1]) not in known]
    tables_: list[Ref] = []
    if "database_list" in patch:
        known = {str(d.get("table_id")) for d in current.entries("database_list")}
        tables_ = [r for r in _ids(patch["database_list"], "table_id", "database_list", field)
                   if str(r[1]) not in known]
    return datasets, tables_


async def check_added(deps: ServiceDeps, space_id: int, patch: dict[str, Any], current: BotConfig,
                      field: FieldNamer) -> None:
    """NotFound for the first dataset or memory table the patch adds from outside the bot's space."""
    datasets, tables_ = added_refs(patch, current, field)
    await dataset_names(deps, space_id, datasets)
    await check_tables(deps.pool, space_id, tables_)
