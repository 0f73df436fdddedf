// Run records through the public API: chat runs (/api/conversation/run_record/*), workflow runs
// (/api/workflow_api/run_record/list, a run's nodes from /api/workflow_api/get_process), and the
// agents and workflows the filters offer.
import { api } from "../../api/client";

export interface Usage {
  token_count?: number;
  output_count?: number;
  input_count?: number;
}

export interface ChatRun {
  id: string;
  conversation_id: string;
  bot_id: string;
  user_id: string;
  status: string;
  created_at: number;
  finished_at?: number;
  latency_ms?: number;
  usage?: Usage;
  last_error?: { code?: number; msg?: string };
  trace_id?: string;
  draft_mode?: boolean;
  query?: string;
}

export interface RunMessage {
  role: string;
  type: string;
  content: string;
  content_type: string;
  message_id: string;
  content_time?: number;
  status?: string;
  reasoning_content?: string;
  extra_info?: { call_id?: string; tool_name?: string };
}

export interface WorkflowRun {
  execute_id: string;
  workflow_id: string;
  workflow_name: string;
  status: number;
  run_mode?: number;
  creator_id: string;
  bot_id?: string;
  version?: string;
  created_at: number;
  finished_at?: number;
  latency_ms?: number;
  input_tokens?: number;
  output_tokens?: number;
  error_msg?: string;
  input?: string;
  output?: string;
}

export interface NodeResult {
  nodeId: string;
  NodeType: string;
  NodeName: string;
  nodeStatus: number;
  errorInfo?: string;
  input?: string;
  output?: string;
  nodeExeCost?: string;
  index?: number;
  tokenAndCost?: { inputTokens?: string; outputTokens?: string; totalTokens?: string };
}

export interface WorkflowProcess {
  workFlowId: string;
  executeId: string;
  executeStatus: number;
  nodeResults?: NodeResult[];
  workflowExeCost?: string;
  reason?: string;
  logID?: string;
  tokenAndCost?: { inputTokens?: string; outputTokens?: string; totalTokens?: string };
}

export interface Page<T> {
  data: T[];
  has_more?: boolean;
  next_cursor?: string;
}

export async function listChatRuns(body: Record<string, unknown>, signal?: AbortSignal): Promise<Page<ChatRun>> {
  const answer = await api.post<Page<ChatRun>>("/api/conversation/run_record/list", body, signal);
  return { data: answer.data ?? [], has_more: answer.has_more, next_cursor: answer.next_cursor };
}

export async function getChatRun(spaceId: string, chatId: string, signal?: AbortSignal) {
  const answer = await api.post<{ data: ChatRun; messages?: RunMessage[] }>(
    "/api/conversation/run_record/get",
    { space_id: spaceId, chat_id: chatId },
    signal,
  );
  return { run: answer.data, messages: answer.messages ?? [] };
}

export async function listWorkflowRuns(body: Record<string, unknown>, signal?: AbortSignal): Promise<Page<WorkflowRun>> {
  const answer = await api.post<Page<WorkflowRun>>("/api/workflow_api/run_record/list", body, signal);
  return { data: answer.data ?? [], has_more: answer.has_more, next_cursor: answer.next_cursor };
}

export async function getWorkflowProcess(spaceId: string, workflowId: string, executeId: string, signal?: AbortSignal) {
  const answer = await api.get<{ data: WorkflowProcess }>(
    "/api/workflow_api/get_process",
    { space_id: spaceId, workflow_id: workflowId, execute_id: executeId },
    signal,
  );
  return answer.data;
}

export interface Named {
  id: string;
  name: string;
}

export async function listAgents(spaceId: string, signal?: AbortSignal): Promise<Named[]> {
  const answer = await api.get<{ data: { items?: { id: string; name: string }[] } }>(
    "/v1/bots",
    { workspace_id: spaceId, publish_status: "all", page_size: 100 },
    signal,
  );
  return (answer.data.items ?? []).map((b) => ({ id: b.id, name: b.name }));
}

export async function listWorkflows(spaceId: string, signal?: AbortSignal): Promise<Named[]> {
  const answer = await api.post<{ data: { workflow_list?: { workflow_id: string; name: string }[] } }>(
    "/api/workflow_api/workflow_list",
    { space_id: spaceId, page: 1, size: 100 },
    signal,
  );
  return (answer.data.workflow_list ?? []).map((w) => ({ id: w.workflow_id, name: w.name }));
}
