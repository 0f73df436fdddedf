"""gRPC servicer of the agent service: request messages in, feature functions called, response
messages out. Errors raised as AtelierError become gRPC statuses in the interceptor."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Iterator

from atelier_agent import bots, open_bots, variables, workflow_users
from atelier_agent.databases.rpcs import DatabaseRpcs
from atelier_agent.models import ModelRegistry
from atelier_agent.run_configs import RunConfigs
from atelier_agent.runtime.executor import Runtime, execute
from atelier_common.sent_empty import sent_empty
from atelier_common.service import ServiceDeps
from atelier_common.streams import coalesce, text_delta_merger
from atelier_proto import agent_pb2 as apb
from atelier_proto import agent_pb2_grpc
from atelier_proto.enums import ExecuteEventType

MERGE_DELTAS = text_delta_merger(ExecuteEventType.Answer, "content", "reasoning_content")


class AgentService(DatabaseRpcs, agent_pb2_grpc.AgentServiceServicer):
    def __init__(self, deps: ServiceDeps, models: ModelRegistry, configs: RunConfigs | None = None) -> None:
        self.deps = deps
        self.models = models
        self.configs = configs
        self.runtime = Runtime(deps, models, configs)

    @contextlib.contextmanager
    def _changing(self, bot_id: int) -> Iterator[None]:
        """This process drops the bot's kept configuration as soon as its published version changes,
        so its next chat runs the new one; the others hear of it from the database (run_configs)."""
        try:
            yield
        finally:
            if self.configs is not None:
                self.configs.forget(bot_id)

    # ------------------------------------------------------------------ drafts and versions

    async def DraftBotCreate(self, req: apb.DraftBotCreateRequest, context) -> apb.DraftBotCreateResponse:
        return apb.DraftBotCreateResponse(data=apb.DraftBotCreateData(bot_id=await bots.create(self.deps, req)))

    async def DeleteDraftBot(self, req: apb.DeleteDraftBotRequest, context) -> apb.DeleteDraftBotResponse:
        with self._changing(req.bot_id):
            await bots.delete(self.deps, req)
        return apb.DeleteDraftBotResponse()

    async def DuplicateDraftBot(self, req: apb.DuplicateDraftBotRequest, context) -> apb.DuplicateDraftBotResponse:
        bot_id, name = await bots.duplicate(self.deps, req)
        return apb.DuplicateDraftBotResponse(data=apb.DuplicateDraftBotData(bot_id=bot_id, name=name))

    async def GetDraftBotInfoAgw(self, req: apb.GetDraftBotInfoAgwRequest, context) -> apb.GetDraftBotInfoAgwResponse:
        return apb.GetDraftBotInfoAgwResponse(data=await bots.get_info(self.deps, req))

    async def UpdateDraftBotInfoAgw(self, req: apb.UpdateDraftBotInfoAgwRequest, context
                                    ) -> apb.UpdateDraftBotInfoAgwResponse:
        changed = await bots.update_info(self.deps, self.models, req, sent_empty(context, under="bot_info"))
        return apb.UpdateDraftBotInfoAgwResponse(data=apb.UpdateDraftBotInfoAgwData(has_change=changed))

    async def PublishDraftBot(self, req: apb.PublishDraftBotRequest, context) -> apb.PublishDraftBotResponse:
        with self._changing(req.bot_id):
            version = await bots.publish(self.deps, self.models, req)
        connectors = list(req.connectors) or ["API"]
        return apb.PublishDraftBotResponse(data=apb.PublishDraftBotData(
            version=version, publish_result={c: "success" for c in connectors}))

    async def ListDraftBotHistory(self, req: apb.ListDraftBotHistoryRequest, context) -> apb.ListDraftBotHistoryResponse:
        return apb.ListDraftBotHistoryResponse(data=await bots.history(self.deps, req))

    async def ListBotsUsingWorkflow(self, req: apb.ListBotsUsingWorkflowRequest, context
                                    ) -> apb.ListBotsUsingWorkflowResponse:
        return apb.ListBotsUsingWorkflowResponse(data=await workflow_users.bots_using(self.deps, req))

    async def RevertDraftBot(self, req: apb.RevertDraftBotRequest, context) -> apb.RevertDraftBotResponse:
        return apb.RevertDraftBotResponse(data=apb.RevertDraftBotData(bot_info=await bots.revert(self.deps, req)))

    async def GetDraftBotDisplayInfo(self, req: apb.GetDraftBotDisplayInfoRequest, context
                                     ) -> apb.GetDraftBotDisplayInfoResponse:
        info = await bots.get_display_info(self.deps, req.bot_id, req.space_id)
        return apb.GetDraftBotDisplayInfoResponse(data=apb.DraftBotDisplayInfoData(tab_display_info=info))

    async def UpdateDraftBotDisplayInfo(self, req: apb.UpdateDraftBotDisplayInfoRequest, context
                                        ) -> apb.UpdateDraftBotDisplayInfoResponse:
        await bots.update_display_info(self.deps, req.bot_id, req.space_id, dict(req.display_info.tab_display_info))
        return apb.UpdateDraftBotDisplayInfoResponse()

    async def GetOnboarding(self, req: apb.GetOnboardingRequest, context) -> apb.GetOnboardingResponse:
        content = await bots.onboarding(self.deps, req)
        return apb.GetOnboardingResponse(data=apb.GetOnboardingResponseData(onboarding_content=content))

    async def CreateUpdateShortcutCommand(self, req: apb.CreateUpdateShortcutCommandRequest, context
                                          ) -> apb.CreateUpdateShortcutCommandResponse:
        return apb.CreateUpdateShortcutCommandResponse(shortcuts=await bots.save_shortcut(self.deps, req))

    # ------------------------------------------------------------------ OpenAPI: bots

    async def OpenCreateBot(self, req: apb.OpenCreateBotRequest, context) -> apb.OpenCreateBotResponse:
        bot_id = await open_bots.create(self.deps, self.models, req)
        return apb.OpenCreateBotResponse(data=apb.OpenBotIdData(bot_id=bot_id))

    async def OpenUpdateBot(self, req: apb.OpenUpdateBotRequest, context) -> apb.OpenUpdateBotResponse:
        await open_bots.update(self.deps, self.models, req, sent_empty(context))
        return apb.OpenUpdateBotResponse()

    async def OpenPublishBot(self, req: apb.OpenPublishBotRequest, context) -> apb.OpenPublishBotResponse:
        with self._changing(req.bot_id):
            version = await open_bots.publish(self.deps, self.models, req)
        return apb.OpenPublishBotResponse(data=apb.OpenPublishBotData(bot_id=req.bot_id, version=version))

    async def OpenUnpublishBot(self, req: apb.OpenUnpublishBotRequest, context) -> apb.OpenUnpublishBotResponse:
        with self._changing(req.bot_id):
            await open_bots.unpublish(self.deps, req)
        return apb.OpenUnpublishBotResponse()

    async def OpenGetBotOnlineInfo(self, req: apb.OpenGetBotOnlineInfoRequest, context
                                   ) -> apb.OpenGetBotOnlineInfoResponse:
        return apb.OpenGetBotOnlineInfoResponse(data=await open_bots.bot(
            self.deps, self.models, req.bot_id, published=True, space_id=req.space_id))

    async def OpenGetBotInfo(self, req: apb.OpenGetBotInfoRequest, context) -> apb.OpenGetBotInfoResponse:
        published = not req.HasField("is_published") or req.is_published
        return apb.OpenGetBotInfoResponse(data=await open_bots.bot(
            self.deps, self.models, req.bot_id, published=published, space_id=req.space_id))

    async def OpenListBots(self, req: apb.OpenListBotsRequest, context) -> apb.OpenListBotsResponse:
        return apb.OpenListBotsResponse(data=await open_bots.list_bots(self.deps, req))

    async def OpenListPublishedBots(self, req: apb.OpenListPublishedBotsRequest, context
                                    ) -> apb.OpenListPublishedBotsResponse:
        return apb.OpenListPublishedBotsResponse(data=await open_bots.list_published(self.deps, req))

    async def OpenGetVariables(self, req: apb.OpenGetVariablesRequest, context) -> apb.OpenGetVariablesResponse:
        return apb.OpenGetVariablesResponse(data=apb.OpenGetVariablesData(items=await variables.open_values(self.deps,
                                                                                                            req)))

    async def OpenSetVariables(self, req: apb.OpenSetVariablesRequest, context) -> apb.OpenSetVariablesResponse:
        await variables.open_set(self.deps, req)
        return apb.OpenSetVariablesResponse()

    # ------------------------------------------------------------------ models

    async def GetTypeList(self, req: apb.GetTypeListRequest, context) -> apb.GetTypeListResponse:
        default = self.models.default()
        items = []
        for m in self.models.models:
            params = [apb.ModelParamDefault(name=name, default_val=f"{r.get('default', 0):g}", min=f"{r.get('min', 0):g}",
                                            max=f"{r.get('max', 0):g}")
                      for name in ("temperature", "top_p", "max_tokens", "frequency_penalty", "presence_penalty")
                      for r in [m.parameter_range(name)]]
            items.append(apb.Model(model_type=m.id, name=m.name, description=m.description, model_name=m.model,
                                   model_max_context=m.max_context, is_default=default is not None and m.id == default.id,
                                   model_ability=apb.ModelAbility(function_call=m.function_call, json_mode=m.json_mode,
                                                                  multimodal=m.multimodal),
                                   model_params=params))
        return apb.GetTypeListResponse(data=apb.GetTypeListData(model_list=items))

    # ------------------------------------------------------------------ memory variables

    async def GetMemoryVariableMeta(self, req: apb.GetMemoryVariableMetaRequest, context
                                    ) -> apb.GetMemoryVariableMetaResponse:
        return apb.GetMemoryVariableMetaResponse(variable_list=await variables.meta(self.deps, req))

    async def GetPlayGroundMemory(self, req: apb.GetProfileMemoryRequest, context) -> apb.GetProfileMemoryResponse:
        return apb.GetProfileMemoryResponse(memories=await variables.get_values(self.deps, req))

    async def SetKvMemory(self, req: apb.SetKvMemoryRequest, context) -> apb.SetKvMemoryResponse:
        await variables.set_values(self.deps, req)
        return apb.SetKvMemoryResponse()

    async def DelProfileMemory(self, req: apb.DelProfileMemoryRequest, context) -> apb.DelProfileMemoryResponse:
        await variables.delete_values(self.deps, req)
        return apb.DelProfileMemoryResponse()

    # ------------------------------------------------------------------ runtime

    async def StreamExecute(self, req: apb.StreamExecuteRequest, context) -> AsyncIterator[apb.ExecuteEvent]:
        # Answer deltas that pile up while the caller reads slowly, or arrive within the pace of the
        # last one, go out as one message (the first delta of an answer never waits).
        pace_s = self.deps.settings.answer_delta_pace_ms / 1000
        async for event in coalesce(execute(self.runtime, req), MERGE_DELTAS, pace_s=pace_s):
            yield event
