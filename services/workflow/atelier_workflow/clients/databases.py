"""The memory databases (owned by the agent service) as the database nodes use them, over gRPC and
bound to the run's space and user: a table's definition (GetDatabaseByID) and one statement on it
(ExecuteDatabaseSql: checked and run by the agent as its SQL tool runs a model's statement).

The run was authorized when it started; the workflow then calls as a system caller that names the
run's space (a database of another space is not found) and user (whose rows a limited table holds).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import grpc

from atelier_common.auth import internal_context
from atelier_common.errors import from_rpc_error
from atelier_common.grpc.client import channel
from atelier_proto import agent_pb2 as apb
from atelier_proto import agent_pb2_grpc
from atelier_proto.enums import BotTableRWMode, FieldItemType

_UNREACHABLE = (grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED)


class DatabasesUnavailable(Exception):
    """The agent service did not answer."""


@dataclass(frozen=True)
class TableField:
    id: int
    name: str
    type: FieldItemType


@dataclass(frozen=True)
class Table:
    id: int
    name: str
    fields: tuple[TableField, ...]
    rw_mode: BotTableRWMode


@dataclass(frozen=True)
class SqlResult:
    is_select: bool
    rows: list[dict[str, Any]]  # a SELECT's rows, field name -> JSON value
    row_count: int  # SELECT: rows returned; others: rows affected
    truncated: str = ""


class MemoryDatabases(Protocol):
    async def table(self, database_id: int) -> Table:
        """NotFound (AtelierError) for a database not in the run's space; DatabasesUnavailable."""
        ...

    async def execute(self, database_id: int, sql: str, params: Sequence[Any]) -> SqlResult:
        """`$1`..`$n` of `sql` bound to params. InvalidArgument (AtelierError) naming why a
        statement is refused or failed; DatabasesUnavailable."""
        ...


class GrpcMemoryDatabases:
    def __init__(self, addr: str, *, space_id: int, user_id: str, timeout_s: float = 15.0) -> None:
        self._stub = agent_pb2_grpc.AgentServiceStub(channel(addr))
        self.space_id, self.user_id, self.timeout_s = space_id, user_id, timeout_s
        self._tables: dict[int, Table] = {}  # one run reads a table's definition once

    async def table(self, database_id: int) -> Table:
        if database_id not in self._tables:
            reply = await self._call(self._stub.GetDatabaseByID,
                                     apb.GetDatabaseByIDRequest(id=database_id, space_id=self.space_id))
            info = reply.database_info
            self._tables[database_id] = Table(
                info.id, info.table_name, tuple(TableField(f.id, f.name, FieldItemType(f.type)) for f in info.field_list),
                BotTableRWMode(info.rw_mode))
        return self._tables[database_id]

    async def execute(self, database_id: int, sql: str, params: Sequence[Any]) -> SqlResult:
        request = apb.ExecuteDatabaseSqlRequest(
            database_id=database_id, space_id=self.space_id, user_id=self.user_id, sql=sql,
            params=[json.dumps(p, ensure_ascii=False) for p in params])
        reply = await self._call(self._stub.ExecuteDatabaseSql, request)
        return SqlResult(reply.is_select, json.loads(reply.rows or "[]"), reply.row_count, reply.truncated)

    async def _call(self, method: Any, request: Any) -> Any:
        try:
            with internal_context():
                return await method(request, timeout=self.timeout_s)
        except grpc.aio.AioRpcError as exc:
            error = from_rpc_error(exc)
            if exc.code() in _UNREACHABLE:
                raise DatabasesUnavailable(error.msg) from None
            raise error from None
