// A test run as the canvas shows it, pure: each node's status from get_process, the inputs form of
// the Start node, and the decorations (status, validation problems) put on the flow's nodes
// without touching the nodes whose decorations did not change (so only those re-render).
import type { NodeResult, Process } from "./api";
import type { CanvasNode, VariableSchema } from "./canvas";
import type { NodeStatus, StepNode } from "./mapping";

export const RUNNING = 1;
export const SUCCESS = 2;
export const FAIL = 3;
export const CANCEL = 4;
export const INTERRUPTED = 5;

export const RUN_STATUS: Record<number, string> = { 1: "running", 2: "succeeded", 3: "failed", 4: "cancelled", 5: "waiting for an answer" };

const NODE_STATUS: Record<number, NodeStatus> = { 1: "waiting", 2: "running", 3: "succeeded", 4: "failed" };

export const isFinished = (status: number) => status === SUCCESS || status === FAIL || status === CANCEL;

/** Each node's status: a node that ran several times (a Loop's body) shows its worst or latest. */
export function nodeStatuses(process: Pick<Process, "nodeResults" | "nodeEvents">): Map<string, NodeStatus> {
  const found = new Map<string, NodeStatus>();
  const rank: Record<NodeStatus, number> = { waiting: 0, succeeded: 1, running: 2, interrupted: 3, failed: 4 };
  for (const result of process.nodeResults ?? []) {
    const status = NODE_STATUS[result.nodeStatus] ?? "waiting";
    const before = found.get(result.nodeId);
    if (!before || rank[status] > rank[before]) found.set(result.nodeId, status);
  }
  for (const event of process.nodeEvents ?? []) found.set(event.node_id, "interrupted");
  return found;
}

/** The node's own result (not an iteration's), else its latest iteration. */
export function resultOf(process: Pick<Process, "nodeResults"> | null, nodeId: string): NodeResult | undefined {
  const results = (process?.nodeResults ?? []).filter((r) => r.nodeId === nodeId);
  return results.find((r) => r.index === undefined || r.index === -1) ?? results.at(-1);
}

export function iterationsOf(process: Pick<Process, "nodeResults"> | null, nodeId: string): NodeResult[] {
  return (process?.nodeResults ?? []).filter((r) => r.nodeId === nodeId && r.index !== undefined && r.index >= 0);
}

/** Sets status and problems on the nodes; unchanged nodes stay the same objects. */
export function decorate(nodes: StepNode[], statuses: Map<string, NodeStatus>, problems: Map<string, string[]>): StepNode[] {
  let changed = false;
  const next = nodes.map((node) => {
    const status = statuses.get(node.id);
    const found = problems.get(node.id);
    const same = node.data.status === status && sameList(node.data.problems, found);
    if (same) return node;
    changed = true;
    return { ...node, data: { ...node.data, status, problems: found } };
  });
  return changed ? next : nodes;
}

function sameList(a: string[] | undefined, b: string[] | undefined): boolean {
  if (!a || !b) return a === b;
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

export interface StartField {
  name: string;
  type: string;
  required: boolean;
  defaultValue: string;
}

export function startFields(start: CanvasNode | undefined): StartField[] {
  return ((start?.data.outputs ?? []) as VariableSchema[])
    .filter((o) => o.name)
    .map((o) => ({
      name: o.name!,
      type: o.type ?? "string",
      required: Boolean(o.required),
      defaultValue: o.defaultValue === undefined || o.defaultValue === null ? "" : String(o.defaultValue),
    }));
}

/** The test_run `input` map: the values typed, blanks left out (the Start's defaults apply). */
export function runInputs(fields: StartField[], values: Record<string, string>): Record<string, string> {
  const input: Record<string, string> = {};
  for (const field of fields) {
    const value = values[field.name] ?? "";
    if (value !== "") input[field.name] = value;
  }
  return input;
}

/** A JSON text pretty-printed for reading (as it came when it is not JSON). */
export function pretty(text: string | undefined): string {
  if (!text) return "";
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** Validation errors by node id; errors without a node under "". */
export function problemsByNode(errors: { node_error?: { node_id: string }; path_error?: { path?: string[] }; message: string }[]): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const add = (id: string, message: string) => {
    if (!found.has(id)) found.set(id, []);
    found.get(id)!.push(message);
  };
  for (const error of errors) {
    const id = error.node_error?.node_id;
    if (id) add(id, error.message);
    else if (error.path_error?.path?.length) for (const node of error.path_error.path) add(node, error.message);
    else add("", error.message);
  }
  return found;
}
