// The debug chat's transcript: a pure reducer from the console chat stream's events (and the
// stored history) to turns of question, steps and answer, with the timings observed on the way.
// `at` on every action is the client's clock (ms) when it happened, so tests replay exactly.
import type { SseEvent } from "../../../api/sse";
import type { ChatMessage, MessageSource, RunStreamResponse } from "./api";

export type TurnStatus = "streaming" | "completed" | "failed" | "cancelled";

export interface Passage {
  id: string; // the citation mark's id, when the passage has one
  datasetId: string;
  datasetName: string;
  documentId: string;
  documentName: string;
  score: number | null;
  snippet: string;
}

export interface AnswerStep {
  kind: "answer";
  id: string;
  content: string;
  reasoning: string;
  sources: MessageSource[];
  finished: boolean;
  broken: boolean; // stopped before it was finished (cancelled or failed)
}

export interface ToolStep {
  kind: "tool";
  id: string; // the call id
  name: string;
  arguments: string; // pretty JSON when it parses
  response: string | null;
  plugin: string;
  statusCode: number | null;
  outcome: string;
  calledAt: number | null; // server time (content_time), else observed
  respondedAt: number | null;
}

export interface KnowledgeStep {
  kind: "knowledge";
  id: string;
  passages: Passage[];
}

export interface NoteStep {
  kind: "note";
  id: string;
  title: string;
  detail: string;
}

export type Step = AnswerStep | ToolStep | KnowledgeStep | NoteStep;

export interface Usage {
  input: number;
  output: number;
}

export interface Turn {
  key: string;
  question: string;
  questionId: string;
  status: TurnStatus;
  cancelling: boolean;
  steps: Step[];
  followUps: string[];
  error: string;
  usage: Usage | null;
  chatId: string;
  startedAt: number | null; // when it was asked (null: loaded from history)
  firstTokenAt: number | null;
  endedAt: number | null;
  /** Whether the turn was sent (not loaded): only these have timings. */
  live: boolean;
  /** The run stopped for the outputs of client-side tools (requires_action): the caller's to give. */
  waitingForTools: boolean;
}

export interface Transcript {
  conversationId: string;
  turns: Turn[];
}

export type Action =
  | { type: "loaded"; conversationId: string; messages: ChatMessage[] }
  | { type: "send"; key: string; question: string; at: number }
  | { type: "regenerate"; key: string; at: number }
  | { type: "event"; key: string; event: SseEvent; at: number }
  | { type: "failed"; key: string; message: string; at: number }
  | { type: "cancelling"; key: string }
  | { type: "chat"; key: string; chatId: string; status?: string; usage?: Usage | null; error?: string }
  | { type: "cleared" };

export const EMPTY: Transcript = { conversationId: "", turns: [] };

function newTurn(key: string, question: string, at: number | null, live: boolean): Turn {
  return {
    key,
    question,
    questionId: "",
    status: live ? "streaming" : "completed",
    cancelling: false,
    steps: [],
    followUps: [],
    error: "",
    usage: null,
    chatId: "",
    startedAt: at,
    firstTokenAt: null,
    endedAt: null,
    live,
    waitingForTools: false,
  };
}

export function reduce(state: Transcript, action: Action): Transcript {
  switch (action.type) {
    case "loaded":
      return { conversationId: action.conversationId, turns: fromHistory(action.messages) };
    case "cleared":
      return { ...state, turns: [] };
    case "send":
      return { ...state, turns: [...state.turns, newTurn(action.key, action.question, action.at, true)] };
    case "regenerate":
      return update(state, action.key, (turn) => ({
        ...newTurn(turn.key, turn.question, action.at, true),
        questionId: turn.questionId,
      }));
    case "cancelling":
      return update(state, action.key, (turn) => (turn.status === "streaming" ? { ...turn, cancelling: true } : turn));
    case "failed":
      return update(state, action.key, (turn) => ({
        ...turn,
        status: "failed",
        cancelling: false,
        error: action.message,
        endedAt: turn.endedAt ?? action.at,
      }));
    case "chat":
      return update(state, action.key, (turn) => chatRecord(turn, action));
    case "event": {
      const next = update(state, action.key, (turn) => onEvent(turn, action.event, action.at));
      const data = action.event.data as RunStreamResponse | null;
      if (action.event.event === "message" && data?.conversation_id && !next.conversationId) {
        return { ...next, conversationId: String(data.conversation_id) };
      }
      return next;
    }
  }
}

function update(state: Transcript, key: string, change: (turn: Turn) => Turn): Transcript {
  const turns = state.turns.map((turn) => (turn.key === key ? change(turn) : turn));
  return { ...state, turns };
}

/** The chat record read after the stream: the authoritative status and the tokens used. */
function chatRecord(turn: Turn, action: Extract<Action, { type: "chat" }>): Turn {
  let status = turn.status;
  let error = turn.error;
  if (action.status === "canceled" || action.status === "cancelled") status = "cancelled";
  else if (action.status === "failed") {
    status = "failed";
    error = error || action.error || "the chat failed";
  } else if (action.status === "completed" && turn.status !== "streaming") status = "completed";
  const waitingForTools = action.status === "requires_action";
  return { ...turn, chatId: action.chatId, usage: action.usage === undefined ? turn.usage : action.usage, status, error, waitingForTools };
}

function onEvent(turn: Turn, event: SseEvent, at: number): Turn {
  if (event.event === "error") {
    const data = event.data as { code?: number; msg?: string } | string;
    const message = typeof data === "object" && data?.msg ? data.msg : typeof data === "string" && data ? data : "the chat failed";
    return { ...turn, status: "failed", error: message };
  }
  if (event.event === "done") {
    if (turn.status !== "streaming") return { ...turn, cancelling: false, endedAt: turn.endedAt ?? at };
    const broken = turn.steps.some((s) => s.kind === "answer" && s.broken);
    const status: TurnStatus = turn.cancelling || broken ? "cancelled" : "completed";
    return { ...turn, status, cancelling: false, endedAt: at };
  }
  if (event.event !== "message") return turn;
  const data = event.data as RunStreamResponse | null;
  if (!data || typeof data !== "object" || !data.message) return turn;
  return onMessage(turn, data.message, Boolean(data.is_finish), at);
}

/** One message of a turn, streamed (`at`: when it arrived) or loaded (`at` null). */
export function onMessage(turn: Turn, message: ChatMessage, finished: boolean, at: number | null): Turn {
  const id = String(message.message_id ?? "");
  switch (message.type) {
    case "ack":
    case "question":
      return { ...turn, questionId: id, question: turn.question || message.content };
    case "answer":
      return finished ? finishAnswer(turn, message) : answerDelta(turn, message, at);
    case "function_call":
      return toolCall(turn, message, at);
    case "tool_response":
      return toolResponse(turn, message, at);
    case "knowledge": {
      const passages = parsePassages(message.content);
      if (!passages.length) return turn;
      return { ...turn, steps: [...turn.steps, { kind: "knowledge", id, passages }] };
    }
    case "follow_up":
      return message.content ? { ...turn, followUps: [...turn.followUps, message.content] } : turn;
    case "verbose":
      return verbose(turn, message);
    default:
      return turn;
  }
}

function answerDelta(turn: Turn, message: ChatMessage, at: number | null): Turn {
  const id = String(message.message_id);
  const content = message.content ?? "";
  const reasoning = message.reasoning_content ?? "";
  const firstTokenAt = turn.firstTokenAt ?? (at !== null && (content || reasoning) ? at : null);
  const existing = turn.steps.find((s): s is AnswerStep => s.kind === "answer" && s.id === id);
  if (!existing) {
    const step: AnswerStep = { kind: "answer", id, content, reasoning, sources: [], finished: false, broken: false };
    return { ...turn, firstTokenAt, steps: [...turn.steps, step] };
  }
  const steps = turn.steps.map((s) =>
    s === existing ? { ...existing, content: existing.content + content, reasoning: existing.reasoning + reasoning } : s,
  );
  return { ...turn, firstTokenAt, steps };
}

/** The stored answer replaces what streamed: its citation marks are placed, its sources known. */
function finishAnswer(turn: Turn, message: ChatMessage): Turn {
  const id = String(message.message_id);
  const existing = turn.steps.find((s): s is AnswerStep => s.kind === "answer" && s.id === id);
  const step: AnswerStep = {
    kind: "answer",
    id,
    content: message.content ?? existing?.content ?? "",
    reasoning: message.reasoning_content || existing?.reasoning || "",
    sources: message.sources ?? [],
    finished: true,
    broken: message.status === "broken",
  };
  const steps = existing ? turn.steps.map((s) => (s === existing ? step : s)) : [...turn.steps, step];
  return { ...turn, steps };
}

function serverTime(message: ChatMessage, at: number | null): number | null {
  const t = Number(message.content_time ?? 0);
  return t > 0 ? t : at;
}

/** JSON text indented for reading; any other text as it is. */
export function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function toolCall(turn: Turn, message: ChatMessage, at: number | null): Turn {
  let name = message.extra_info?.tool_name ?? "";
  let args = "";
  try {
    const parsed = JSON.parse(message.content) as { name?: string; arguments?: unknown };
    name = name || String(parsed.name ?? "");
    args = typeof parsed.arguments === "string" ? pretty(parsed.arguments) : JSON.stringify(parsed.arguments ?? {}, null, 2);
  } catch {
    args = message.content;
  }
  const id = message.extra_info?.call_id || String(message.message_id);
  const step: ToolStep = {
    kind: "tool",
    id,
    name,
    arguments: args,
    response: null,
    plugin: "",
    statusCode: null,
    outcome: "",
    calledAt: serverTime(message, at),
    respondedAt: null,
  };
  return { ...turn, steps: [...turn.steps, step] };
}

function toolResponse(turn: Turn, message: ChatMessage, at: number | null): Turn {
  const id = message.extra_info?.call_id || "";
  const existing = turn.steps.find((s): s is ToolStep => s.kind === "tool" && s.id === id && s.response === null);
  const respondedAt = serverTime(message, at);
  if (!existing) {
    const step: ToolStep = {
      kind: "tool",
      id: id || String(message.message_id),
      name: message.extra_info?.tool_name ?? "",
      arguments: "",
      response: message.content,
      plugin: "",
      statusCode: null,
      outcome: "",
      calledAt: null,
      respondedAt,
    };
    return { ...turn, steps: [...turn.steps, step] };
  }
  const steps = turn.steps.map((s) => (s === existing ? { ...existing, response: message.content, respondedAt } : s));
  return { ...turn, steps };
}

/** Run-record messages: {"msg_type", "data": "<JSON>"} (Coze's verbose messages). */
function verbose(turn: Turn, message: ChatMessage): Turn {
  let msgType = "";
  let data: Record<string, unknown> = {};
  try {
    const outer = JSON.parse(message.content) as { msg_type?: string; data?: string };
    msgType = outer.msg_type ?? "";
    data = typeof outer.data === "string" && outer.data ? (JSON.parse(outer.data) as Record<string, unknown>) : {};
  } catch {
    return turn;
  }
  if (msgType === "tool_call_record") {
    const callId = String(data.call_id ?? "");
    const steps = turn.steps.map((s) =>
      s.kind === "tool" && s.id === callId
        ? {
            ...s,
            plugin: String(data.plugin_name ?? ""),
            statusCode: typeof data.status_code === "number" ? data.status_code : null,
            outcome: String(data.outcome ?? ""),
          }
        : s,
    );
    return { ...turn, steps };
  }
  if (msgType === "knowledge_recall") {
    const passages = parsePassages(message.content);
    return passages.length ? { ...turn, steps: [...turn.steps, { kind: "knowledge", id: String(message.message_id), passages }] } : turn;
  }
  if (msgType === "research_search" || msgType === "research_finished") {
    return { ...turn, steps: [...turn.steps, { kind: "note", id: String(message.message_id), ...researchNote(msgType, data) }] };
  }
  return turn; // generate_answer_finish and other records: nothing to show
}

/** Deep research's run record, in a line: what each search looked for and found, how it ended. */
export function researchNote(msgType: string, data: Record<string, unknown>): { title: string; detail: string } {
  if (msgType === "research_finished") {
    const parts = [`${str(data.steps)} steps`, `${str(data.searches)} searches`, `${str(data.passages)} passages read`];
    if (data.tokens !== undefined) parts.push(`${str(data.tokens)} tokens`);
    if (data.stopped) parts.push(`stopped: ${str(data.stopped)}`);
    return { title: "Research finished", detail: parts.join(", ") };
  }
  const found = Array.isArray(data.passages) ? data.passages.length : 0;
  const query = data.query ? `"${str(data.query)}"` : str(data.tool);
  const outcome = data.ok === false ? `failed${data.error ? `: ${str(data.error)}` : ""}` : `${found} passage${found === 1 ? "" : "s"}`;
  return { title: `Research search, step ${str(data.step)}`, detail: `${query} → ${outcome}` };
}

function str(value: unknown): string {
  return value === undefined || value === null ? "" : String(value);
}

/**
 * A knowledge message's passages, in any of its shapes: the recalled slices (a JSON list of
 * {content, source, score, document_id, dataset_id[, id]}) or Coze's knowledge_recall record
 * ({"msg_type", "data": "{chunks: [{id, slice, score, meta: {dataset, document}}]}"}).
 */
export function parsePassages(content: string): Passage[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return [];
  }
  if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) {
    const record = parsed as { data?: unknown };
    try {
      const data = typeof record.data === "string" ? (JSON.parse(record.data) as { chunks?: unknown[] }) : null;
      return (data?.chunks ?? []).map((raw) => {
        const c = raw as Record<string, unknown>;
        const meta = (c.meta ?? {}) as { dataset?: Record<string, unknown>; document?: Record<string, unknown> };
        return {
          id: str(c.id),
          datasetId: str(meta.dataset?.id),
          datasetName: str(meta.dataset?.name),
          documentId: str(meta.document?.id),
          documentName: str(meta.document?.name),
          score: typeof c.score === "number" ? c.score : null,
          snippet: str(c.slice),
        };
      });
    } catch {
      return [];
    }
  }
  if (!Array.isArray(parsed)) return [];
  return parsed
    .filter((item): item is Record<string, unknown> => Boolean(item) && typeof item === "object")
    .map((item) => ({
      id: str(item.id),
      datasetId: str(item.dataset_id),
      datasetName: str(item.dataset_name),
      documentId: str(item.document_id),
      documentName: str(item.document_name ?? item.source),
      score: typeof item.score === "number" ? item.score : null,
      snippet: str(item.content ?? item.snippet),
    }));
}

/** Stored messages (newest first, as get_message_list answers) -> turns, oldest first. */
export function fromHistory(messages: ChatMessage[]): Turn[] {
  const ordered = [...messages].reverse();
  const turns: Turn[] = [];
  const byQuestion = new Map<string, number>();
  for (const message of ordered) {
    if (message.type === "question") {
      const turn = { ...newTurn(`h${message.message_id}`, message.content, null, false), questionId: String(message.message_id) };
      byQuestion.set(turn.questionId, turns.length);
      turns.push(turn);
      continue;
    }
    const index = byQuestion.get(String(message.reply_id ?? ""));
    if (index === undefined) continue; // the question was deleted: nothing to hang it on
    const turn = onMessage(turns[index], message, true, null);
    const broken = turn.steps.some((s) => s.kind === "answer" && s.broken);
    turns[index] = broken ? { ...turn, status: "cancelled" } : turn;
  }
  return turns;
}

// ------------------------------------------------------------------ derived views

export interface Timing {
  firstTokenMs: number | null;
  totalMs: number | null;
}

export function timing(turn: Turn): Timing {
  if (turn.startedAt === null) return { firstTokenMs: null, totalMs: null };
  return {
    firstTokenMs: turn.firstTokenAt !== null ? turn.firstTokenAt - turn.startedAt : null,
    totalMs: turn.endedAt !== null ? turn.endedAt - turn.startedAt : null,
  };
}

export function toolMs(step: ToolStep): number | null {
  return step.calledAt !== null && step.respondedAt !== null ? Math.max(0, step.respondedAt - step.calledAt) : null;
}

/** The message a regenerate names: the turn's last answer (any message of its run will do). */
export function regenerateTarget(turn: Turn): string {
  const answers = turn.steps.filter((s): s is AnswerStep => s.kind === "answer");
  return answers.length ? answers[answers.length - 1].id : "";
}

/** Every source the turn's answers cite, by mark id (the marks in the text link to these). */
export function turnSources(turn: Turn): MessageSource[] {
  const seen = new Map<string, MessageSource>();
  for (const step of turn.steps) {
    if (step.kind === "answer") for (const s of step.sources) if (!seen.has(s.id)) seen.set(s.id, s);
  }
  return [...seen.values()];
}
