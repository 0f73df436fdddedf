"""Memory databases: create/update/delete with their physical tables, binding to agents, records."""

from __future__ import annotations

from typing import Any

import asyncpg

from atelier_agent import access
from atelier_agent.databases import schema, store
from atelier_agent.domain.entities import BotConfig, BotDatabase, FieldSpec
from atelier_agent.store import bots
from atelier_common import paging
from atelier_common.auth import current_context, require_space, require_visible
from atelier_common.errors import Conflict, InvalidArgument, NotFound
from atelier_common.service import ServiceDeps
from atelier_proto import agent_pb2 as apb
from atelier_proto import base_pb2
from atelier_proto.enums import BotTableRWMode, FieldItemType

MAX_RECORDS_PAGE = 100


SYSTEM_FIELDS = [
    apb.FieldItem(name="id", type=FieldItemType.Number, is_system_field=True, desc="record id"),
    apb.FieldItem(name="user_id", type=FieldItemType.Text, is_system_field=True, desc="end user who added it"),
    apb.FieldItem(name="created_at", type=FieldItemType.Date, is_system_field=True, desc="when it was added"),
]


def info(db: BotDatabase, *, bot_id: int = 0, sys_fields: bool = False) -> apb.DatabaseInfo:
    return apb.DatabaseInfo(
        id=db.id, space_id=db.space_id, icon_uri=db.icon_uri, table_name=db.table_name,
        table_desc=db.table_desc, creator_id=db.creator_id, create_time=int(db.created_at.timestamp()),
        update_time=int(db.updated_at.timestamp()), actual_table_name=db.physical_table,
        rw_mode=db.rw_mode, prompt_disabled=db.prompt_disabled, is_visible=True,
        field_list=[apb.FieldItem(name=f.name, desc=f.desc, type=f.type, must_required=f.must_required, id=f.id)
                    for f in db.fields] + (SYSTEM_FIELDS if sys_fields else []),
        **({"bot_id": bot_id, "is_added_to_bot": True} if bot_id else {}))


def binding(db: BotDatabase) -> dict[str, Any]:
    """How a bound table appears in the agent's config (a BotInfo.database_list entry)."""
    return {"table_id": str(db.id), "table_name": db.table_name, "table_desc": db.table_desc,
            "rw_mode": db.rw_mode, "prompt_disabled": db.prompt_disabled,
            "field_list": [{"name": f.name, "desc": f.desc, "type": f.type, "must_required": f.must_required,
                            "id": str(f.id)} for f in db.fields]}


async def get(deps: ServiceDeps, req: apb.GetDatabaseByIDRequest) -> apb.DatabaseInfo:
    db = await load(deps.pool, req.id)
    if req.space_id and req.space_id != db.space_id:
        raise NotFound(f"database {req.id} not found in space {req.space_id}")
    return info(db, sys_fields=req.need_sys_fields)


async def load(conn: store.Conn, database_id: int, *, for_update: bool = False) -> BotDatabase:
    db = await store.get(conn, database_id, for_update=for_update)
    if db is None:
        raise NotFound(f"database {database_id} not found")
    require_visible(db.space_id, f"database {database_id} not found")
    return db


def _rw_mode(value: int) -> BotTableRWMode:
    try:
        return BotTableRWMode(value)
    except ValueError:
        modes = ", ".join(f"{m.value} {m.name}" for m in BotTableRWMode)
        raise InvalidArgument(f"field 'rw_mode': one of {modes}") from None


def _name_taken(name: str) -> Conflict:
    return Conflict(f"field 'table_name': a database named {name!r} already exists in this space")


async def add(deps: ServiceDeps, req: apb.AddDatabaseRequest) -> apb.DatabaseInfo:
    require_space(req.space_id)
    name = schema.valid_table_name(req.table_name)
    fields, next_id = schema.plan_fields(list(req.field_list), [], 1)
    database_id = deps.ids.next_id()
    async with deps.pool.acquire() as conn, conn.transaction():
        if await store.name_taken(conn, req.space_id, name):
            raise _name_taken(name)
        try:
            db = await store.insert(conn, id=database_id, space_id=req.space_id,
                                    creator_id=current_context().user_id, table_name=name,
                                    table_desc=req.table_desc, icon_uri=req.icon_uri, fields=fields,
                                    next_field_id=next_id, prompt_disabled=req.prompt_disabled,
                                    rw_mode=_rw_mode(req.rw_mode if req.HasField("rw_mode") else BotTableRWMode.LimitedReadWrite))
        except asyncpg.UniqueViolationError:  # a concurrent add of the same name
            raise _name_taken(name) from None
        await store.create_table(conn, database_id, fields)
        if req.HasField("bot_id") and req.bot_id:
            await _bind(conn, db, req.bot_id)
    return info(db, bot_id=req.bot_id if req.HasField("bot_id") else 0)


async def update(deps: ServiceDeps, req: apb.UpdateDatabaseRequest) -> apb.DatabaseInfo:
    async with deps.pool.acquire() as conn, conn.transaction():
        db = await load(conn, req.id, for_update=True)
        changes: dict[str, Any] = {}
        if req.HasField("table_name") and req.table_name != db.table_name:
            changes["table_name"] = schema.valid_table_name(req.table_name)
            if await store.name_taken(conn, db.space_id, req.table_name, other_than=req.id):
                raise _name_taken(req.table_name)
        for name in ("table_desc", "icon_uri", "prompt_disabled"):
            if req.HasField(name):
                changes[name] = getattr(req, name)
        if req.HasField("rw_mode"):
            changes["rw_mode"] = _rw_mode(req.rw_mode)
        if len(req.field_list):
            new, next_id = schema.plan_fields(list(req.field_list), db.fields, db.next_field_id)
            await store.alter_columns(conn, req.id, db.fields, new)
            changes.update(field_list=new, next_field_id=next_id)
        if changes:
            try:
                db = await store.update(conn, req.id, **changes)
            except asyncpg.UniqueViolationError:  # a concurrent add or rename to the same name
                raise _name_taken(req.table_name) from None
        await _refresh_bindings(conn, db)
    return info(db)


async def delete(deps: ServiceDeps, database_id: int) -> None:
    async with deps.pool.acquire() as conn, conn.transaction():
        await load(conn, database_id, for_update=True)
        await store.soft_delete(conn, database_id)
        await store.drop_table(conn, database_id)
        for bot_id in await bots.ids_using_table(conn, database_id):
            await bots.update_draft(conn, bot_id, lambda d: _without_binding(d, database_id))


async def list_(deps: ServiceDeps, req: apb.ListDatabaseRequest) -> apb.ListDatabaseResponse:
    require_space(req.space_id)
    limit = paging.limit(req.limit, default=20, max_value=100)
    found, total = await store.list_page(deps.pool, req.space_id, req.table_name, limit, max(req.offset, 0))
    bound: set[str] = set()
    if req.HasField("bot_id") and req.bot_id:
        draft = (await access.bot(deps.pool, req.bot_id)).draft
        bound = {str(d.get("table_id")) for d in draft.entries("database_list")}
    items = [info(db, bot_id=req.bot_id if str(db.id) in bound else 0) for db in found]
    return apb.ListDatabaseResponse(database_info_list=items, has_more=max(req.offset, 0) + len(found) < total,
                                    total_count=total)


def _without_binding(draft: BotConfig, database_id: int) -> BotConfig:
    return draft.with_fields(database_list=[d for d in draft.entries("database_list")
                                            if str(d.get("table_id")) != str(database_id)])


async def _bind(conn: asyncpg.Connection, db: BotDatabase, bot_id: int) -> None:
    bot = await access.bot(conn, bot_id, for_update=True)
    if bot.space_id != db.space_id:
        raise InvalidArgument(f"database {db.id} and bot {bot_id} are in different spaces")

    def add_binding(draft: BotConfig) -> BotConfig:  # last in the list, once
        return draft.with_fields(database_list=[*_without_binding(draft, db.id).entries("database_list"),
                                                binding(db)])

    await bots.update_draft(conn, bot_id, add_binding)


async def _refresh_bindings(conn: asyncpg.Connection, db: BotDatabase) -> None:
    """Bound agents' drafts show the table's current name and fields."""
    for bot_id in await bots.ids_using_table(conn, db.id):
        await bots.update_draft(conn, bot_id, lambda d: _with_binding_of(d, db))


def _with_binding_of(draft: BotConfig, db: BotDatabase) -> BotConfig:
    return draft.with_fields(database_list=[binding(db) if str(d.get("table_id")) == str(db.id) else d
                                            for d in draft.entries("database_list")])


async def bind(deps: ServiceDeps, database_id: int, bot_id: int) -> None:
    async with deps.pool.acquire() as conn, conn.transaction():
        await _bind(conn, await load(conn, database_id), bot_id)


async def unbind(deps: ServiceDeps, database_id: int, bot_id: int) -> None:
    async with deps.pool.acquire() as conn, conn.transaction():
        await load(conn, database_id)
        await access.bot(conn, bot_id, for_update=True)
        await bots.update_draft(conn, bot_id, lambda d: _without_binding(d, database_id))


def _owner(db: BotDatabase, all_users: bool) -> str | None:
    """Whose rows a console call sees: limited tables are per user unless not_filter_by_user_id."""
    return str(current_context().user_id) if db.rw_mode == BotTableRWMode.LimitedReadWrite and not all_users else None


async def list_records(deps: ServiceDeps, req: apb.ListDatabaseRecordsRequest) -> apb.ListDatabaseRecordsResponse:
    db = await load(deps.pool, req.database_id)
    limit = paging.limit(req.limit, default=50, max_value=MAX_RECORDS_PAGE)
    records, total = await store.records(deps.pool, db.id, db.fields, user_id=_owner(db, req.not_filter_by_user_id),
                                         limit=limit, offset=max(req.offset, 0))
    data = [base_pb2.StringMap(values={"id": str(r.id), "user_id": r.user_id,
                                       "created_at": schema.render(r.created_at),
                                       **{f.name: schema.render(r.values[f.id]) for f in db.fields}}) for r in records]
    return apb.ListDatabaseRecordsResponse(data=data, HasMore=max(req.offset, 0) + len(records) < total,
                                           TotalNum=total, field_list=info(db).field_list)


def _values(fields: list[FieldSpec], record: dict[str, str], where: str, *, adding: bool) -> dict[int, Any]:
    """A record's values by field id, converted; InvalidArgument naming a bad one."""
    by_name = {f.name: f for f in fields}
    unknown = [k for k in record if k not in by_name and k != "id"]
    if unknown:
        raise InvalidArgument(f"field '{where}.{unknown[0]}': the table has no such field")
    # Required fields must be given on add and cannot be cleared later.
    missing = [f.name for f in fields if f.must_required and (adding or f.name in record)
               and not record.get(f.name, "").strip()]
    if missing:
        raise InvalidArgument(f"field '{where}.{missing[0]}': required")
    return {by_name[k].id: schema.convert(by_name[k], v, f"{where}.{k}") for k, v in record.items() if k != "id"}


def _record_id(record: dict[str, str], where: str) -> int:
    if not record.get("id", "").isdigit():
        raise InvalidArgument(f"field '{where}.id': the record id is required")
    return int(record["id"])


async def update_records(deps: ServiceDeps, req: apb.UpdateDatabaseRecordsRequest) -> apb.UpdateDatabaseRecordsResponse:
    out: list[base_pb2.StringMap] = []
    async with deps.pool.acquire() as conn, conn.transaction():
        db = await load(conn, req.database_id, for_update=True)
        fields = db.fields
        user = str(current_context().user_id)
        owner = _owner(db, False)
        for i, record in enumerate(req.record_data_add):
            values = _values(fields, dict(record.values), f"record_data_add[{i}]", adding=True)
            new_id = await store.add_record(conn, db.id, user, values)
            out.append(base_pb2.StringMap(values={**record.values, "id": str(new_id)}))
        for i, record in enumerate(req.record_data_alter):
            where = f"record_data_alter[{i}]"
            record_id = _record_id(dict(record.values), where)
            values = _values(fields, dict(record.values), where, adding=False)
            if values and not await store.alter_record(conn, db.id, record_id, owner, values):
                raise NotFound(f"field '{where}.id': record {record_id} not found")
            out.append(base_pb2.StringMap(values=dict(record.values)))
        for i, record in enumerate(req.record_data_delete):
            where = f"record_data_delete[{i}]"
            record_id = _record_id(dict(record.values), where)
            if not await store.delete_record(conn, db.id, record_id, owner):
                raise NotFound(f"field '{where}.id': record {record_id} not found")
    return apb.UpdateDatabaseRecordsResponse(data=out)
