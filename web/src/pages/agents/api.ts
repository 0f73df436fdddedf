// The agent area's calls and the shapes it reads (idl/agent.thrift, idl/knowledge.thrift,
// idl/plugin.thrift, idl/workflow.thrift). i64 ids travel as strings; enums as numbers.
import { api } from "../../api/client";

export interface ModelInfo {
  model_id?: string;
  temperature?: number;
  max_tokens?: number;
  top_p?: number;
  frequency_penalty?: number;
  presence_penalty?: number;
  short_memory_policy?: { context_mode?: number; history_round?: number };
  top_k?: number;
  response_format?: number;
  parameters?: Record<string, string>;
}

export interface PluginParamDefault {
  name: string;
  value: string;
  hidden?: boolean;
}

export interface PluginInfo {
  plugin_id?: string;
  api_id?: string;
  api_name?: string;
  default_params?: PluginParamDefault[];
}

export interface WorkflowInfo {
  workflow_id?: string;
  plugin_id?: string;
  api_id?: string;
  workflow_name?: string;
  desc?: string;
  plugin_icon?: string;
}

export interface KnowledgeInfo {
  id?: string;
  name?: string;
}

export interface Knowledge {
  knowledge_info?: KnowledgeInfo[];
  top_k?: number | string;
  min_score?: number;
  auto?: boolean;
  search_strategy?: number;
  show_source?: boolean;
  no_recall_reply_mode?: number;
  no_recall_reply_customize_prompt?: string;
  show_source_mode?: number;
  recall_strategy?: { use_rerank?: boolean; use_rewrite?: boolean; use_nl2sql?: boolean };
}

export interface Variable {
  key?: string;
  description?: string;
  default_value?: string;
  is_system?: boolean;
  prompt_disabled?: boolean;
  is_disabled?: boolean;
}

export interface FieldItem {
  name?: string;
  desc?: string;
  type?: number;
  must_required?: boolean;
  id?: string;
  is_system_field?: boolean;
}

export interface Database {
  table_id?: string;
  table_name?: string;
  table_desc?: string;
  field_list?: FieldItem[];
  prompt_disabled?: boolean;
  rw_mode?: number;
}

export interface BotInfo {
  bot_id?: string;
  name?: string;
  description?: string;
  icon_uri?: string;
  icon_url?: string;
  creator_id?: string;
  create_time?: number | string;
  update_time?: number | string;
  version?: string;
  model_info?: ModelInfo;
  prompt_info?: { prompt?: string };
  plugin_info_list?: PluginInfo[];
  workflow_info_list?: WorkflowInfo[];
  onboarding_info?: { prologue?: string; suggested_questions?: string[]; suggested_questions_show_mode?: number };
  knowledge?: Knowledge;
  variable_list?: Variable[];
  database_list?: Database[];
  suggest_reply_info?: { suggest_reply_mode?: number; customized_suggest_prompt?: string };
  shortcut_sort?: string[];
  space_id?: string;
  client_tool_list?: { name?: string; description?: string; parameters?: string }[];
  deep_research?: { enabled?: boolean; max_steps?: number; max_tokens?: number };
}

export interface ShortcutCommand {
  object_id?: string;
  command_id?: string;
  command_name: string;
  shortcut_command: string;
  description: string;
  send_type: number;
  tool_type: number;
  work_flow_id?: string;
  plugin_id?: string;
  plugin_api_name?: string;
  plugin_api_id?: string;
  template_query: string;
  components_list: unknown[];
}

export interface DraftBotData {
  bot_info: BotInfo;
  bot_option_data?: { shortcut_command_list?: ShortcutCommand[] };
  has_unpublished_change?: boolean;
  editable?: boolean;
  deletable?: boolean;
  has_publish: boolean;
  space_id: string;
  publish_time?: string;
}

export interface SimpleBot {
  id: string;
  name: string;
  description: string;
  icon_url: string;
  is_published: boolean;
  updated_at: number;
  owner_user_id: string;
  published_at?: number;
}

export interface HistoryInfo {
  version: string;
  history_type: number;
  info: string;
  create_time: string;
  creator_id: string;
}

export interface ModelParamDefault {
  name: string;
  default_val: string;
  min: string;
  max: string;
}

export interface Model {
  model_type: string;
  name: string;
  description: string;
  model_name: string;
  model_max_context: number;
  model_ability: { function_call: boolean; json_mode: boolean; multimodal: boolean };
  model_params: ModelParamDefault[];
  is_default: boolean;
}

export interface Dataset {
  dataset_id: string;
  name: string;
  description: string;
  format_type: number;
  doc_count: number;
}

/** A tool argument as the playground list describes it (idl/plugin.thrift PluginParameter). */
export interface PluginParameter {
  name: string;
  desc: string;
  required: boolean;
  type: string;
  sub_parameters?: PluginParameter[];
  sub_type?: string;
}

export interface PluginApi {
  name: string;
  desc: string;
  parameters?: PluginParameter[];
  plugin_id: string;
  plugin_name: string;
  api_id: string;
  function_name: string;
}

export interface PlaygroundPlugin {
  id: string;
  name: string;
  desc_for_human: string;
  plugin_apis: PluginApi[];
  is_official: boolean;
  published: boolean;
  kind: string;
}

export interface Workflow {
  workflow_id: string;
  name: string;
  desc: string;
  plugin_id?: string;
  version?: string;
}

export interface DatabaseInfo {
  id: string;
  table_name: string;
  table_desc: string;
  field_list: FieldItem[];
  rw_mode: number;
  prompt_disabled: boolean;
}

// ---- agents

export async function listAgents(spaceId: string, signal?: AbortSignal): Promise<SimpleBot[]> {
  const items: SimpleBot[] = [];
  for (let page = 1; page <= 50; page++) {
    const answer = await api.get<{ data: { items: SimpleBot[]; total: number } }>(
      "/v1/bots",
      { workspace_id: spaceId, publish_status: "all", page_num: page, page_size: 100 },
      signal,
    );
    items.push(...(answer.data.items ?? []));
    if (items.length >= answer.data.total || (answer.data.items ?? []).length === 0) break;
  }
  return items;
}

export async function createAgent(spaceId: string, name: string, description: string): Promise<string> {
  const answer = await api.post<{ data: { bot_id: string } }>("/api/draftbot/create", { space_id: spaceId, name, description });
  return answer.data.bot_id;
}

export async function duplicateAgent(spaceId: string, botId: string): Promise<{ bot_id: string; name: string }> {
  return (await api.post<{ data: { bot_id: string; name: string } }>("/api/draftbot/duplicate", { space_id: spaceId, bot_id: botId })).data;
}

export async function deleteAgent(spaceId: string, botId: string): Promise<void> {
  await api.post("/api/draftbot/delete", { space_id: spaceId, bot_id: botId });
}

export async function getAgent(spaceId: string, botId: string, version = "", signal?: AbortSignal): Promise<DraftBotData> {
  const body = { space_id: spaceId, bot_id: botId, ...(version ? { version } : {}) };
  return (await api.post<{ data: DraftBotData }>("/api/playground_api/draftbot/get_draft_bot_info", body, signal)).data;
}

export async function updateAgent(spaceId: string, botInfo: BotInfo): Promise<{ has_change?: boolean }> {
  return (await api.post<{ data: { has_change?: boolean } }>("/api/playground_api/draftbot/update_draft_bot_info", {
    space_id: spaceId,
    bot_info: botInfo,
  })).data;
}

export async function publishAgent(spaceId: string, botId: string, note: string): Promise<string> {
  const body = { space_id: spaceId, bot_id: botId, ...(note ? { history_info: note } : {}) };
  return (await api.post<{ data: { version: string } }>("/api/draftbot/publish", body)).data.version;
}

export async function listHistory(spaceId: string, botId: string, signal?: AbortSignal): Promise<HistoryInfo[]> {
  const answer = await api.post<{ data: { history_infos: HistoryInfo[]; total: number } }>(
    "/api/draftbot/list_draft_history",
    { space_id: spaceId, bot_id: botId, page_index: 1, page_size: 50 },
    signal,
  );
  return answer.data.history_infos ?? [];
}

/** Rollback: the draft (configuration and shortcuts) becomes a copy of a published version. */
export async function revertAgent(spaceId: string, botId: string, version: string): Promise<BotInfo> {
  return (await api.post<{ data: { bot_info: BotInfo } }>("/api/draftbot/revert_draft_bot", { space_id: spaceId, bot_id: botId, version })).data.bot_info;
}

export async function saveShortcut(spaceId: string, botId: string, command: ShortcutCommand): Promise<ShortcutCommand> {
  const answer = await api.post<{ shortcuts: ShortcutCommand }>("/api/playground_api/create_update_shortcut_command", {
    space_id: spaceId,
    object_id: botId,
    shortcuts: command,
  });
  return answer.shortcuts;
}

// ---- what an agent can bind

export async function listModels(spaceId: string, signal?: AbortSignal): Promise<Model[]> {
  return (await api.post<{ data: { model_list: Model[] } }>("/api/bot/get_type_list", { model: true, space_id: spaceId }, signal)).data.model_list ?? [];
}

export async function listDatasets(spaceId: string, signal?: AbortSignal): Promise<Dataset[]> {
  return (await api.post<{ dataset_list: Dataset[] }>("/api/knowledge/list", { space_id: spaceId, page: 1, size: 100 }, signal)).dataset_list ?? [];
}

export async function listPlugins(spaceId: string, signal?: AbortSignal): Promise<PlaygroundPlugin[]> {
  const answer = await api.post<{ data: { plugin_list: PlaygroundPlugin[] } }>(
    "/api/plugin_api/get_playground_plugin_list",
    { space_id: spaceId, page: 1, size: 100 },
    signal,
  );
  return answer.data.plugin_list ?? [];
}

/** The space's published workflows (an agent runs a workflow's published version). */
export async function listWorkflows(spaceId: string, signal?: AbortSignal): Promise<Workflow[]> {
  const answer = await api.post<{ data: { workflow_list: Workflow[] } }>(
    "/api/workflow_api/workflow_list",
    { space_id: spaceId, page: 1, size: 100, status: 2 },
    signal,
  );
  return answer.data.workflow_list ?? [];
}

export async function listDatabases(spaceId: string, signal?: AbortSignal): Promise<DatabaseInfo[]> {
  const answer = await api.post<{ database_info_list: DatabaseInfo[] }>("/api/memory/database/list", { space_id: spaceId, limit: 100 }, signal);
  return answer.database_info_list ?? [];
}
