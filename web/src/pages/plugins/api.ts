// Plugins through the public API (idl/plugin.thrift, Coze Studio's plugin_develop routes).
import { api } from "../../api/client";

export interface APIParameter {
  id?: string;
  name: string;
  desc?: string;
  type: number;
  sub_type?: number;
  location?: number;
  is_required?: boolean;
  sub_parameters?: APIParameter[];
  global_default?: string;
  global_disable?: boolean;
}

export interface PluginTool {
  plugin_id: string;
  api_id: string;
  name: string;
  desc: string;
  path: string;
  method: number;
  request_params?: APIParameter[];
  response_params?: APIParameter[];
  debug_status?: number;
  disabled?: boolean;
  online_status?: number;
}

export interface PluginListEntry {
  id: string;
  name: string;
  desc_for_human: string;
  plugin_icon?: string;
  plugin_apis?: { api_id: string; name: string }[];
  update_time?: string;
  is_official?: boolean;
  version_ts?: string;
  version_name?: string;
  kind: string;
  published?: boolean;
}

export interface PluginMeta {
  name: string;
  desc: string;
  url: string;
  auth_type?: number[];
  location?: number;
  key?: string;
  sub_auth_type?: number;
  auth_payload?: string;
  kind: string;
}

export interface PluginInfo {
  meta_info: PluginMeta;
  code_info?: { openapi_desc?: string; plugin_desc?: string };
  status?: boolean;
  published?: boolean;
  edit_version?: number;
}

export interface DebugResult {
  success?: boolean;
  resp?: string;
  reason?: string;
  raw_resp?: string;
  raw_req?: string;
}

export interface Conversion {
  openapi?: string;
  ai_plugin?: string;
  plugin_data_format?: number;
  duplicate_api_infos?: { method: string; path: string; count: number }[];
}

export async function listPlugins(spaceId: string, signal?: AbortSignal): Promise<PluginListEntry[]> {
  const answer = await api.post<{ data: { plugin_list?: PluginListEntry[] } }>(
    "/api/plugin_api/get_playground_plugin_list",
    { space_id: spaceId, page: 1, size: 100 },
    signal,
  );
  return answer.data.plugin_list ?? [];
}

export const getPluginInfo = (spaceId: string, pluginId: string, signal?: AbortSignal) =>
  api.post<PluginInfo>("/api/plugin_api/get_plugin_info", { space_id: spaceId, plugin_id: pluginId }, signal);

export async function getTools(spaceId: string, pluginId: string, signal?: AbortSignal): Promise<PluginTool[]> {
  const answer = await api.post<{ api_info?: PluginTool[] }>(
    "/api/plugin_api/get_plugin_apis",
    { space_id: spaceId, plugin_id: pluginId, page: 1, size: 100 },
    signal,
  );
  return answer.api_info ?? [];
}

export const convertToOpenapi = (body: Record<string, unknown>) => api.post<Conversion>("/api/plugin_api/convert_to_openapi", body);

export async function registerPlugin(spaceId: string, openapi: string, aiPlugin: string): Promise<string> {
  const answer = await api.post<{ data: { plugin_id: string } }>("/api/plugin_api/register", {
    space_id: spaceId,
    openapi,
    ai_plugin: aiPlugin,
  });
  return answer.data.plugin_id;
}

export const deletePlugin = (spaceId: string, pluginId: string) =>
  api.post("/api/plugin_api/del_plugin", { space_id: spaceId, plugin_id: pluginId });

export const createTool = (spaceId: string, pluginId: string, tool: { name: string; desc: string; path: string; method: number }) =>
  api.post<{ api_id: string }>("/api/plugin_api/create_api", { space_id: spaceId, plugin_id: pluginId, ...tool });

export const updateTool = (spaceId: string, pluginId: string, apiId: string, changes: Record<string, unknown>) =>
  api.post("/api/plugin_api/update_api", { space_id: spaceId, plugin_id: pluginId, api_id: apiId, ...changes });

export const deleteTool = (spaceId: string, pluginId: string, apiId: string) =>
  api.post("/api/plugin_api/delete_api", { space_id: spaceId, plugin_id: pluginId, api_id: apiId });

export const debugTool = (spaceId: string, pluginId: string, apiId: string, args: Record<string, unknown>) =>
  api.post<DebugResult>("/api/plugin_api/debug_api", {
    space_id: spaceId,
    plugin_id: pluginId,
    api_id: apiId,
    parameters: JSON.stringify(args),
    operation: 1,
  });

export const publishPlugin = (spaceId: string, pluginId: string, versionName: string, versionDesc: string) =>
  api.post<{ version_ts: string }>("/api/plugin_api/publish_plugin", {
    space_id: spaceId,
    plugin_id: pluginId,
    version_name: versionName,
    version_desc: versionDesc,
  });

export const updatePluginMeta = (spaceId: string, pluginId: string, fields: Record<string, unknown>) =>
  api.post("/api/plugin_api/update_plugin_meta", { space_id: spaceId, plugin_id: pluginId, ...fields });

export interface OAuthStatus {
  is_oauth?: boolean;
  status?: number;
  content?: string;
}

export const getOAuthStatus = (spaceId: string, pluginId: string, signal?: AbortSignal) =>
  api.post<OAuthStatus>("/api/plugin_api/get_oauth_status", { space_id: spaceId, plugin_id: pluginId }, signal);

export const revokeAuth = (spaceId: string, pluginId: string) =>
  api.post("/api/plugin_api/revoke_auth_token", { space_id: spaceId, plugin_id: pluginId });
