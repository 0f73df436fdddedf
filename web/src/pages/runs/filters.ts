// The run list's filters: kept in the page's URL (a filtered list can be linked and survives a
// reload) and turned into the list routes' request bodies.

export type RunKind = "chat" | "workflow";

export interface RunFilters {
  kind: RunKind;
  /** chat runs: an agent id; workflow runs: a workflow id ("" : any). */
  subject: string;
  status: string;
  /** "" any time, "1h" | "24h" | "7d" the last hour / day / week, "custom" from/to below. */
  range: string;
  /** datetime-local values ("2026-11-24T10:30"), read in the browser's time zone. */
  from: string;
  to: string;
  /** chat runs: the end user's id; workflow runs: the creator's user id. */
  user: string;
  /** chat runs only. */
  conversation: string;
}

export const EMPTY_FILTERS: RunFilters = {
  kind: "chat",
  subject: "",
  status: "",
  range: "",
  from: "",
  to: "",
  user: "",
  conversation: "",
};

export const CHAT_STATUSES = ["created", "in_progress", "completed", "failed", "requires_action", "cancelled"];

/** WorkflowExeStatus (idl/workflow.thrift). */
export const WORKFLOW_STATUSES: Record<number, string> = {
  1: "running",
  2: "success",
  3: "failed",
  4: "cancelled",
  5: "interrupted",
};

const RANGES: Record<string, number> = { "1h": 3600, "24h": 86400, "7d": 7 * 86400 };

const KEYS = ["subject", "status", "range", "from", "to", "user", "conversation"] as const;

export function filtersFromSearch(search: URLSearchParams): RunFilters {
  const kind = search.get("kind") === "workflow" ? "workflow" : "chat";
  const filters: RunFilters = { ...EMPTY_FILTERS, kind };
  for (const key of KEYS) filters[key] = search.get(key) ?? "";
  return filters;
}

export function filtersToSearch(filters: RunFilters): URLSearchParams {
  const search = new URLSearchParams();
  search.set("kind", filters.kind);
  for (const key of KEYS) if (filters[key]) search.set(key, filters[key]);
  return search;
}

const DIGITS = /^\d+$/;

/** A problem with the filters, in words for people; "" when they can be sent. */
export function filterProblem(filters: RunFilters): string {
  if (filters.kind === "chat" && filters.conversation && !DIGITS.test(filters.conversation.trim()))
    return "Conversation must be a conversation id (digits).";
  if (filters.kind === "workflow" && filters.user && !DIGITS.test(filters.user.trim()))
    return "User must be a user id (digits) for workflow runs.";
  if (filters.range === "custom") {
    const [from, to] = [parseLocal(filters.from), parseLocal(filters.to)];
    if (filters.from && from === undefined) return "From is not a date and time.";
    if (filters.to && to === undefined) return "To is not a date and time.";
    if (from !== undefined && to !== undefined && from >= to) return "From must be before To.";
  }
  return "";
}

function parseLocal(value: string): number | undefined {
  if (!value) return undefined;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? undefined : Math.floor(ms / 1000);
}

/** [start, end) in unix seconds for the chosen range; `now` in milliseconds. */
export function timeWindow(filters: RunFilters, now: number): { start_time?: number; end_time?: number } {
  const seconds = RANGES[filters.range];
  if (seconds) return { start_time: Math.floor(now / 1000) - seconds };
  if (filters.range === "custom") {
    const window: { start_time?: number; end_time?: number } = {};
    const from = parseLocal(filters.from);
    const to = parseLocal(filters.to);
    if (from !== undefined) window.start_time = from;
    if (to !== undefined) window.end_time = to;
    return window;
  }
  return {};
}

/** The list route's request body for one page (`cursor` from the previous page). */
export function listRequest(
  filters: RunFilters,
  spaceId: string,
  now: number,
  cursor = "",
  limit = 20,
): Record<string, unknown> {
  const body: Record<string, unknown> = { space_id: spaceId, limit, ...timeWindow(filters, now) };
  if (cursor) body.cursor = cursor;
  const user = filters.user.trim();
  if (filters.kind === "chat") {
    if (filters.subject) body.bot_id = filters.subject;
    if (filters.status) body.status = filters.status;
    if (user) body.user_id = user;
    if (filters.conversation.trim()) body.conversation_id = filters.conversation.trim();
  } else {
    if (filters.subject) body.workflow_id = filters.subject;
    if (filters.status) body.status = Number(filters.status);
    if (user) body.creator_id = user;
  }
  return body;
}

/** A status badge's class: ok, error or running. */
export function statusTone(status: string): "ok" | "error" | "running" {
  if (["completed", "success"].includes(status)) return "ok";
  if (["failed", "cancelled", "canceled"].includes(status)) return "error";
  return "running";
}
