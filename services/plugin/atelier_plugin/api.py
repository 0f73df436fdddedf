"""gRPC servicer of the plugin service: request messages in, feature functions called, response
messages out. Errors raised as AtelierError become gRPC statuses in the interceptor."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from atelier_common.sent_empty import sent_empty
from atelier_plugin import apis, debugging, imports, playground, plugins, publishing
from atelier_plugin.oauth import console as oauth
from atelier_plugin.runtime import rpcs as runtime
from atelier_plugin.state import PluginState
from atelier_proto import plugin_pb2 as ppb
from atelier_proto import plugin_pb2_grpc


class PluginService(plugin_pb2_grpc.PluginServiceServicer):
    def __init__(self, state: PluginState) -> None:
        self.state = state

    @contextlib.contextmanager
    def _changing(self, plugin_id: int) -> Iterator[None]:
        """This process drops what it kept of the plugin as soon as the change is made, so its next
        tool call sees it; the others hear of it from the database (a ChangeListener, see view_cache)."""
        try:
            yield
        finally:
            self.state.views.forget(plugin_id)

    # ------------------------------------------------------------------ plugins

    async def RegisterPlugin(self, req: ppb.RegisterPluginRequest, context) -> ppb.RegisterPluginResponse:
        plugin_id, openapi = await imports.register(self.state, req)
        return ppb.RegisterPluginResponse(data=ppb.RegisterPluginData(plugin_id=plugin_id, openapi=openapi))

    async def UpdatePlugin(self, req: ppb.UpdatePluginRequest, context) -> ppb.UpdatePluginResponse:
        with self._changing(req.plugin_id):
            edit_version = await imports.update(self.state, req)
        return ppb.UpdatePluginResponse(data=ppb.UpdatePluginData(res=True, edit_version=edit_version))

    async def Convert2OpenAPI(self, req: ppb.Convert2OpenAPIRequest, context) -> ppb.Convert2OpenAPIResponse:
        return await imports.convert(self.state, req)

    async def RegisterPluginMeta(self, req: ppb.RegisterPluginMetaRequest, context) -> ppb.RegisterPluginMetaResponse:
        return ppb.RegisterPluginMetaResponse(plugin_id=await plugins.register_meta(self.state, req))

    async def UpdatePluginMeta(self, req: ppb.UpdatePluginMetaRequest, context) -> ppb.UpdatePluginMetaResponse:
        with self._changing(req.plugin_id):
            return ppb.UpdatePluginMetaResponse(edit_version=await plugins.update_meta(self.state, req, sent_empty(context)))

    async def GetPluginInfo(self, req: ppb.GetPluginInfoRequest, context) -> ppb.GetPluginInfoResponse:
        return await plugins.info(self.state, req)

    async def DelPlugin(self, req: ppb.DelPluginRequest, context) -> ppb.DelPluginResponse:
        with self._changing(req.plugin_id):
            await plugins.delete(self.state, req)
        return ppb.DelPluginResponse()

    async def PublishPlugin(self, req: ppb.PublishPluginRequest, context) -> ppb.PublishPluginResponse:
        with self._changing(req.plugin_id):
            return ppb.PublishPluginResponse(version_ts=await publishing.publish(self.state, req))

    # ------------------------------------------------------------------ tools

    async def GetPlaygroundPluginList(self, req: ppb.GetPlaygroundPluginListRequest, context
                                      ) -> ppb.GetPlaygroundPluginListResponse:
        return await playground.plugin_list(self.state, req)

    async def GetPluginAPIs(self, req: ppb.GetPluginAPIsRequest, context) -> ppb.GetPluginAPIsResponse:
        return await apis.list_apis(self.state, req)

    async def CreateAPI(self, req: ppb.CreateAPIRequest, context) -> ppb.CreateAPIResponse:
        with self._changing(req.plugin_id):
            api_id, edit_version = await apis.create_api(self.state, req)
        return ppb.CreateAPIResponse(api_id=api_id, edit_version=edit_version)

    async def UpdateAPI(self, req: ppb.UpdateAPIRequest, context) -> ppb.UpdateAPIResponse:
        with self._changing(req.plugin_id):
            return ppb.UpdateAPIResponse(edit_version=await apis.update_api(self.state, req, sent_empty(context)))

    async def DeleteAPI(self, req: ppb.DeleteAPIRequest, context) -> ppb.DeleteAPIResponse:
        with self._changing(req.plugin_id):
            return ppb.DeleteAPIResponse(edit_version=await apis.delete_api(self.state, req))

    async def DebugAPI(self, req: ppb.DebugAPIRequest, context) -> ppb.DebugAPIResponse:
        return await debugging.debug(self.state, req)

    # ------------------------------------------------------------------ OAuth

    async def GetOAuthSchema(self, req: ppb.GetOAuthSchemaRequest, context) -> ppb.GetOAuthSchemaResponse:
        return ppb.GetOAuthSchemaResponse(oauth_schema=oauth.schema())

    async def GetOAuthStatus(self, req: ppb.GetOAuthStatusRequest, context) -> ppb.GetOAuthStatusResponse:
        return await oauth.status(self.state, req)

    async def RevokeAuthToken(self, req: ppb.RevokeAuthTokenRequest, context) -> ppb.RevokeAuthTokenResponse:
        await oauth.revoke(self.state, req)
        return ppb.RevokeAuthTokenResponse()

    async def OauthAuthorizationCode(self, req: ppb.OauthAuthorizationCodeRequest, context
                                     ) -> ppb.OauthAuthorizationCodeResponse:
        return await oauth.callback(self.state, req)

    # ------------------------------------------------------------------ runtime (internal)

    async def ResolveTools(self, req: ppb.ResolveToolsRequest, context) -> ppb.ResolveToolsResponse:
        return await runtime.resolve(self.state, req)

    async def InvokeTool(self, req: ppb.InvokeToolRequest, context) -> ppb.InvokeToolResponse:
        return await runtime.invoke(self.state, req)
