"""gRPC methods of the memory-database RPCs, mixed into AgentService (which provides self.deps)."""

from __future__ import annotations

from typing import Any

from atelier_agent.databases import service, statements
from atelier_proto import agent_pb2 as apb


class DatabaseRpcs:
    deps: Any

    async def AddDatabase(self, req: apb.AddDatabaseRequest, context) -> apb.AddDatabaseResponse:
        return apb.AddDatabaseResponse(database_info=await service.add(self.deps, req))

    async def UpdateDatabase(self, req: apb.UpdateDatabaseRequest, context) -> apb.UpdateDatabaseResponse:
        return apb.UpdateDatabaseResponse(database_info=await service.update(self.deps, req))

    async def DeleteDatabase(self, req: apb.DeleteDatabaseRequest, context) -> apb.DeleteDatabaseResponse:
        await service.delete(self.deps, req.id)
        return apb.DeleteDatabaseResponse()

    async def ListDatabase(self, req: apb.ListDatabaseRequest, context) -> apb.ListDatabaseResponse:
        return await service.list_(self.deps, req)

    async def GetDatabaseByID(self, req: apb.GetDatabaseByIDRequest, context) -> apb.GetDatabaseByIDResponse:
        return apb.GetDatabaseByIDResponse(database_info=await service.get(self.deps, req))

    async def BindDatabase(self, req: apb.BindDatabaseToBotRequest, context) -> apb.BindDatabaseToBotResponse:
        await service.bind(self.deps, req.database_id, req.bot_id)
        return apb.BindDatabaseToBotResponse()

    async def UnBindDatabase(self, req: apb.UnBindDatabaseToBotRequest, context) -> apb.UnBindDatabaseToBotResponse:
        await service.unbind(self.deps, req.database_id, req.bot_id)
        return apb.UnBindDatabaseToBotResponse()

    async def ListDatabaseRecords(self, req: apb.ListDatabaseRecordsRequest, context) -> apb.ListDatabaseRecordsResponse:
        return await service.list_records(self.deps, req)

    async def UpdateDatabaseRecords(self, req: apb.UpdateDatabaseRecordsRequest, context
                                    ) -> apb.UpdateDatabaseRecordsResponse:
        return await service.update_records(self.deps, req)

    async def ExecuteDatabaseSql(self, req: apb.ExecuteDatabaseSqlRequest, context) -> apb.ExecuteDatabaseSqlResponse:
        return await statements.execute_sql(self.deps, req)
