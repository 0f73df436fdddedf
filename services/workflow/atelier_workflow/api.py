"""gRPC servicer of the workflow service: request messages in, feature functions called, response
messages out. Errors raised as AtelierError become gRPC statuses in the interceptor.

RPCs not overridden here answer UNIMPLEMENTED (the generated base class does that), which the
gateway renders as HTTP 501 {"code","msg"}.
"""

from __future__ import annotations

from atelier_common.service import ServiceDeps
from atelier_proto import workflow_pb2 as wpb
from atelier_proto import workflow_pb2_grpc
from atelier_proto.enums import DeleteStatus, SchemaType
from atelier_workflow import dsl_transfer, editing, listing, node_types, publishing, referencing, tree_check
from atelier_workflow.runs import as_tool, node_debug, node_history, records
from atelier_workflow.runs import service as runs
from atelier_workflow.runs.executing import Runner


class WorkflowService(workflow_pb2_grpc.WorkflowServiceServicer):
    def __init__(self, deps: ServiceDeps, runner: Runner) -> None:
        self.deps = deps
        self.runner = runner

    # ------------------------------------------------------------------ definitions

    async def CreateWorkflow(self, req: wpb.CreateWorkflowRequest, context) -> wpb.CreateWorkflowResponse:
        return wpb.CreateWorkflowResponse(data=await editing.create(self.deps, req))

    async def GetCanvasInfo(self, req: wpb.GetCanvasInfoRequest, context) -> wpb.GetCanvasInfoResponse:
        return wpb.GetCanvasInfoResponse(data=await editing.canvas(self.deps, req))

    async def SaveWorkflow(self, req: wpb.SaveWorkflowRequest, context) -> wpb.SaveWorkflowResponse:
        return wpb.SaveWorkflowResponse(data=await editing.save(self.deps, req))

    async def UpdateWorkflowMeta(self, req: wpb.UpdateWorkflowMetaRequest, context) -> wpb.UpdateWorkflowMetaResponse:
        await editing.update_meta(self.deps, req)
        return wpb.UpdateWorkflowMetaResponse()

    async def DeleteWorkflow(self, req: wpb.DeleteWorkflowRequest, context) -> wpb.DeleteWorkflowResponse:
        await editing.delete(self.deps, req)
        return wpb.DeleteWorkflowResponse(data=wpb.DeleteWorkflowData(status=DeleteStatus.SUCCESS))

    async def PublishWorkflow(self, req: wpb.PublishWorkflowRequest, context) -> wpb.PublishWorkflowResponse:
        return wpb.PublishWorkflowResponse(data=await publishing.publish(self.deps, req))

    async def CopyWorkflow(self, req: wpb.CopyWorkflowRequest, context) -> wpb.CopyWorkflowResponse:
        copy_id = await editing.copy(self.deps, req)
        return wpb.CopyWorkflowResponse(data=wpb.CopyWorkflowData(workflow_id=copy_id, schema_type=SchemaType.FDL))

    async def GetWorkFlowList(self, req: wpb.GetWorkFlowListRequest, context) -> wpb.GetWorkFlowListResponse:
        return wpb.GetWorkFlowListResponse(data=await listing.workflow_list(self.deps, req))

    async def GetWorkflowDetail(self, req: wpb.GetWorkflowDetailRequest, context) -> wpb.GetWorkflowDetailResponse:
        return wpb.GetWorkflowDetailResponse(data=await listing.workflow_detail(self.deps, req))

    async def ValidateTree(self, req: wpb.ValidateTreeRequest, context) -> wpb.ValidateTreeResponse:
        return wpb.ValidateTreeResponse(data=await tree_check.validate(self.deps, req))

    async def ExportWorkflow(self, req: wpb.ExportWorkflowRequest, context) -> wpb.ExportWorkflowResponse:
        return wpb.ExportWorkflowResponse(data=await dsl_transfer.export(self.deps, req))

    async def ImportWorkflow(self, req: wpb.ImportWorkflowRequest, context) -> wpb.ImportWorkflowResponse:
        return wpb.ImportWorkflowResponse(data=await dsl_transfer.import_(self.deps, req))

    async def QueryWorkflowNodeTypes(self, req: wpb.QueryWorkflowNodeTypeRequest, context
                                     ) -> wpb.QueryWorkflowNodeTypeResponse:
        return wpb.QueryWorkflowNodeTypeResponse(data=await node_types.node_types(self.deps, req))

    async def GetWorkflowReferences(self, req: wpb.GetWorkflowReferencesRequest, context
                                    ) -> wpb.GetWorkflowReferencesResponse:
        return wpb.GetWorkflowReferencesResponse(data=await referencing.referrers(self.deps, req))

    # ------------------------------------------------------------------ runs

    async def WorkFlowTestRun(self, req: wpb.WorkFlowTestRunRequest, context) -> wpb.WorkFlowTestRunResponse:
        return wpb.WorkFlowTestRunResponse(data=await runs.test_run(self.runner, req))

    async def GetWorkFlowProcess(self, req: wpb.GetWorkflowProcessRequest, context) -> wpb.GetWorkflowProcessResponse:
        return wpb.GetWorkflowProcessResponse(data=await runs.process(self.runner, req))

    async def WorkFlowTestResume(self, req: wpb.WorkflowTestResumeRequest, context
                                 ) -> wpb.WorkflowTestResumeResponse:
        await runs.test_resume(self.runner, req)
        return wpb.WorkflowTestResumeResponse()

    async def OpenAPIStreamResumeFlow(self, req: wpb.OpenAPIStreamResumeFlowRequest, context):  # noqa: ANN201
        async for event in runs.stream_resume(self.runner, req):
            yield event

    async def CancelWorkFlow(self, req: wpb.CancelWorkFlowRequest, context) -> wpb.CancelWorkFlowResponse:
        await runs.cancel(self.runner, req)
        return wpb.CancelWorkFlowResponse()

    async def WorkflowNodeDebugV2(self, req: wpb.WorkflowNodeDebugV2Request, context
                                  ) -> wpb.WorkflowNodeDebugV2Response:
        return wpb.WorkflowNodeDebugV2Response(data=await node_debug.debug_node(self.runner, req))

    async def GetNodeExecuteHistory(self, req: wpb.GetNodeExecuteHistoryRequest, context
                                    ) -> wpb.GetNodeExecuteHistoryResponse:
        return wpb.GetNodeExecuteHistoryResponse(data=await node_history.node_history(self.runner, req))

    async def OpenAPIRunFlow(self, req: wpb.OpenAPIRunFlowRequest, context) -> wpb.OpenAPIRunFlowResponse:
        return await runs.run(self.runner, req)

    async def ResolveWorkflowTools(self, req: wpb.ResolveWorkflowToolsRequest, context
                                   ) -> wpb.ResolveWorkflowToolsResponse:
        return await as_tool.resolve(self.runner, req)

    async def RunWorkflowTool(self, req: wpb.RunWorkflowToolRequest, context) -> wpb.RunWorkflowToolResponse:
        return await as_tool.run(self.runner, req)

    async def OpenAPIStreamRunFlow(self, req: wpb.OpenAPIStreamRunFlowRequest, context):  # noqa: ANN201
        async for event in runs.stream_run(self.runner, req):
            yield event

    async def OpenAPIChatFlowRun(self, req: wpb.ChatFlowRunRequest, context):  # noqa: ANN201
        async for event in runs.chat(self.runner, req):
            yield event

    async def ListWorkflowRunRecords(self, req: wpb.ListWorkflowRunRecordsRequest, context
                                     ) -> wpb.ListWorkflowRunRecordsResponse:
        return await records.list_(self.runner.deps.pool, req)

    async def OpenAPIGetWorkflowRunHistory(self, req: wpb.GetWorkflowRunHistoryRequest, context
                                           ) -> wpb.GetWorkflowRunHistoryResponse:
        return await runs.run_history(self.runner, req)

    async def OpenAPIGetWorkflowRunHistoryById(self, req: wpb.GetWorkflowRunHistoryByIdRequest, context
                                               ) -> wpb.GetWorkflowRunHistoryResponse:
        return await runs.run_history_by_id(self.runner, req)
