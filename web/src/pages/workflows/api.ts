// The workflow service's console routes (idl/workflow.thrift, WorkflowService) and their types.
import { api } from "../../api/client";

const BASE = "/api/workflow_api";

export interface WorkflowSummary {
  workflow_id: string;
  name: string;
  desc: string;
  status?: number;
  workflow_status?: number;
  create_time?: number;
  update_time?: number;
  flow_mode?: number;
  version?: string;
}

export interface CanvasInfo {
  workflow: WorkflowSummary & { schema_json?: string };
  vcs_data: { submit_commit_id: string; draft_commit_id: string; publish_commit_id?: string };
  workflow_version?: string;
}

export interface ValidateError {
  node_error?: { node_id: string };
  path_error?: { start: string; end: string; path: string[] };
  message: string;
  type?: number;
  kind?: string;
  field_path?: string;
}

export interface ValidateInfo {
  workflow_id: string;
  name: string;
  errors: ValidateError[];
}

export interface NodeResult {
  nodeId: string;
  NodeType: string;
  NodeName: string;
  nodeStatus: number;
  errorInfo: string;
  input: string;
  output: string;
  nodeExeCost: string;
  index?: number;
  raw_output?: string;
}

export interface NodeEvent {
  id: string;
  type: number;
  node_title: string;
  data: string;
  node_id: string;
}

export interface Process {
  workFlowId: string;
  executeId: string;
  executeStatus: number;
  nodeResults: NodeResult[];
  rate: string;
  workflowExeCost: string;
  reason?: string;
  nodeEvents: NodeEvent[];
}

export interface Model {
  model_type: string;
  name: string;
  is_default?: boolean;
}

export async function listWorkflows(spaceId: string, name: string, page: number, size = 50) {
  const answer = await api.post<{ data: { workflow_list: WorkflowSummary[]; total: number; has_more: boolean } }>(
    `${BASE}/workflow_list`,
    { space_id: spaceId, page, size, name: name || undefined },
  );
  return answer.data;
}

export async function createWorkflow(spaceId: string, name: string, desc: string): Promise<string> {
  const answer = await api.post<{ data: { workflow_id: string } }>(`${BASE}/create`, { space_id: spaceId, name, desc });
  return answer.data.workflow_id;
}

export async function copyWorkflow(spaceId: string, workflowId: string): Promise<string> {
  const answer = await api.post<{ data: { workflow_id: string } }>(`${BASE}/copy`, { space_id: spaceId, workflow_id: workflowId });
  return answer.data.workflow_id;
}

export const deleteWorkflow = (spaceId: string, workflowId: string) =>
  api.post(`${BASE}/delete`, { space_id: spaceId, workflow_id: workflowId });

export async function getCanvas(spaceId: string, workflowId: string): Promise<CanvasInfo> {
  return (await api.post<{ data: CanvasInfo }>(`${BASE}/canvas`, { space_id: spaceId, workflow_id: workflowId })).data;
}

/** Saves the draft; returns the new commit id to send with the next save. */
export async function saveCanvas(spaceId: string, workflowId: string, schema: string, commit: string): Promise<string> {
  const answer = await api.post<{ data: { submit_commit_id: string } }>(`${BASE}/save`, {
    space_id: spaceId, workflow_id: workflowId, schema, submit_commit_id: commit,
  });
  return answer.data.submit_commit_id;
}

export async function validateTree(spaceId: string, workflowId: string, schema: string): Promise<ValidateInfo[]> {
  return (await api.post<{ data: ValidateInfo[] }>(`${BASE}/validate_tree`, { space_id: spaceId, workflow_id: workflowId, schema })).data ?? [];
}

export async function testRun(spaceId: string, workflowId: string, input: Record<string, string>): Promise<string> {
  const answer = await api.post<{ data: { execute_id: string } }>(`${BASE}/test_run`, { space_id: spaceId, workflow_id: workflowId, input });
  return answer.data.execute_id;
}

export async function getProcess(spaceId: string, workflowId: string, executeId: string, signal?: AbortSignal): Promise<Process> {
  const answer = await api.get<{ data: Process }>(`${BASE}/get_process`, { space_id: spaceId, workflow_id: workflowId, execute_id: executeId }, signal);
  return answer.data;
}

export const testResume = (spaceId: string, workflowId: string, executeId: string, eventId: string, data: string) =>
  api.post(`${BASE}/test_resume`, { space_id: spaceId, workflow_id: workflowId, execute_id: executeId, event_id: eventId, data });

export const cancelRun = (spaceId: string, workflowId: string, executeId: string) =>
  api.post(`${BASE}/cancel`, { space_id: spaceId, workflow_id: workflowId, execute_id: executeId });

export async function debugNode(spaceId: string, workflowId: string, nodeId: string, input: Record<string, string>): Promise<string> {
  const answer = await api.post<{ data: { execute_id: string } }>(`${BASE}/nodeDebug`, {
    space_id: spaceId, workflow_id: workflowId, node_id: nodeId, input,
  });
  return answer.data.execute_id;
}

export async function publishWorkflow(spaceId: string, workflowId: string, commitId: string, force: boolean) {
  const answer = await api.post<{ data: { success: boolean; publish_commit_id: string } }>(`${BASE}/publish`, {
    space_id: spaceId, workflow_id: workflowId, commit_id: commitId, force,
  });
  return answer.data;
}

export async function nodeTypesInUse(spaceId: string, workflowId: string): Promise<string[]> {
  const answer = await api.post<{ data: { node_types: string[] } }>(`${BASE}/node_type`, { space_id: spaceId, workflow_id: workflowId });
  return answer.data.node_types ?? [];
}

export async function listModels(spaceId: string): Promise<Model[]> {
  const answer = await api.post<{ data: { model_list: Model[] } }>("/api/bot/get_type_list", { space_id: spaceId, model: true });
  return answer.data.model_list ?? [];
}

export interface Dataset {
  dataset_id: string;
  name: string;
  format_type?: number;
  doc_count?: number;
}

/** The knowledge bases of the space (the knowledge service's /api/knowledge/list). */
export async function listDatasets(spaceId: string, signal?: AbortSignal): Promise<Dataset[]> {
  return (await api.post<{ dataset_list: Dataset[] }>("/api/knowledge/list", { space_id: spaceId, page: 1, size: 100 }, signal)).dataset_list ?? [];
}

export interface ToolApi {
  name: string;
  desc?: string;
  plugin_id: string;
  plugin_name: string;
  api_id: string;
  parameters?: { name: string; type: string; required?: boolean; desc?: string; sub_type?: string }[];
}

export interface SpacePlugin {
  id: string;
  name: string;
  plugin_apis: ToolApi[];
  version_ts?: string;
}

/** The plugins the space's agents and workflows can call, with their tools (as the agent editor lists them). */
export async function listPlugins(spaceId: string, signal?: AbortSignal): Promise<SpacePlugin[]> {
  const answer = await api.post<{ data: { plugin_list: SpacePlugin[] } }>(
    "/api/plugin_api/get_playground_plugin_list", { space_id: spaceId, page: 1, size: 100 }, signal);
  return answer.data.plugin_list ?? [];
}

export interface DatabaseTable {
  id: string;
  table_name: string;
  field_list: { name?: string; type?: number; id?: string; is_system_field?: boolean }[];
}

export async function listDatabases(spaceId: string, signal?: AbortSignal): Promise<DatabaseTable[]> {
  const answer = await api.post<{ database_info_list: DatabaseTable[] }>("/api/memory/database/list", { space_id: spaceId, limit: 100 }, signal);
  return answer.database_info_list ?? [];
}
