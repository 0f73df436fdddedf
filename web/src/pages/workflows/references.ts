// Which outputs a node may reference: the fields of the nodes that run before it. A node inside a
// Loop's or Batch's body sees the body nodes before it, the Loop's own values (each element of
// its list inputs, its loop variables, the iteration's index) and everything before the Loop;
// a node outside sees a Loop's gathered outputs, never its body.
import { isComposite } from "./catalog";
import { isParam, type CanvasNode, type RefContent, type VariableSchema } from "./canvas";

export interface RefOption {
  blockID: string;
  nodeTitle: string;
  /** The field, dotted for an object's fields ("user.name"). */
  name: string;
  type: string;
}

interface ScopedNode {
  id: string;
  parentId?: string;
  data: { node: CanvasNode };
}

interface Link {
  source: string;
  target: string;
}

const titleOf = (node: CanvasNode) => node.data?.nodeMeta?.title || node.id;

function flatten(fields: VariableSchema[], prefix: string, depth: number, out: { name: string; type: string }[]): void {
  for (const field of fields) {
    if (!field.name) continue;
    const name = prefix ? `${prefix}.${field.name}` : field.name;
    out.push({ name, type: field.type ?? "string" });
    if (field.type === "object" && Array.isArray(field.schema) && depth < 3) flatten(field.schema, name, depth + 1, out);
  }
}

/** The fields a node gives the nodes after it. */
export function outputFields(node: CanvasNode): { name: string; type: string }[] {
  const found: { name: string; type: string }[] = [];
  const outputs = node.data?.outputs ?? [];
  const plain: VariableSchema[] = [];
  for (const item of outputs) {
    if (isParam(item)) {
      if (item.name) found.push({ name: item.name, type: item.input?.type ?? "string" });
    } else {
      plain.push(item);
    }
  }
  flatten(plain, "", 0, found);
  return found;
}

/** The values a Loop or Batch gives its body: each element of its list inputs, loop variables, index. */
export function bodyFields(node: CanvasNode): { name: string; type: string }[] {
  const inputs = (node.data?.inputs ?? {}) as Record<string, unknown>;
  const found: { name: string; type: string }[] = [];
  for (const param of (inputs.inputParameters as { name?: string; input?: { type?: string; schema?: VariableSchema } }[]) ?? []) {
    if (!param.name) continue;
    const element = param.input?.type === "list" ? param.input?.schema?.type ?? "string" : param.input?.type ?? "string";
    found.push({ name: param.name, type: element });
  }
  for (const param of (inputs.variableParameters as { name?: string; input?: { type?: string } }[]) ?? []) {
    if (param.name) found.push({ name: param.name, type: param.input?.type ?? "string" });
  }
  found.push({ name: "index", type: "integer" });
  return found;
}

/** The nodes before `id` in its own scope (the canvas, or one body), nearest first. */
function before(id: string, scope: string, byId: Map<string, ScopedNode>, incoming: Map<string, string[]>): string[] {
  const seen = new Set<string>([id]);
  const order: string[] = [];
  let frontier = [id];
  while (frontier.length) {
    const next: string[] = [];
    for (const current of frontier) {
      for (const source of incoming.get(current) ?? []) {
        const node = byId.get(source);
        if (!node || seen.has(source) || (node.parentId ?? "") !== scope) continue;
        seen.add(source);
        order.push(source);
        next.push(source);
      }
    }
    frontier = next;
  }
  return order;
}

export function referenceOptions(id: string, nodes: ScopedNode[], edges: Link[]): RefOption[] {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const incoming = new Map<string, string[]>();
  for (const edge of edges) {
    if (!incoming.has(edge.target)) incoming.set(edge.target, []);
    incoming.get(edge.target)!.push(edge.source);
  }
  const options: RefOption[] = [];
  const add = (node: CanvasNode, fields: { name: string; type: string }[]) => {
    for (const field of fields) options.push({ blockID: node.id, nodeTitle: titleOf(node), name: field.name, type: field.type });
  };
  let current = byId.get(id);
  while (current) {
    const scope = current.parentId ?? "";
    for (const source of before(current.id, scope, byId, incoming)) add(byId.get(source)!.data.node, outputFields(byId.get(source)!.data.node));
    const parent = scope ? byId.get(scope) : undefined;
    if (parent && isComposite(parent.data.node.type)) add(parent.data.node, bodyFields(parent.data.node));
    current = parent;
  }
  return options;
}

/** A Loop's gathered outputs reference its body's nodes: the fields of every node in the body. */
export function bodyOutputOptions(loopId: string, nodes: ScopedNode[]): RefOption[] {
  const options: RefOption[] = [];
  for (const node of nodes) {
    if (node.parentId !== loopId) continue;
    for (const field of outputFields(node.data.node)) {
      options.push({ blockID: node.id, nodeTitle: titleOf(node.data.node), name: field.name, type: field.type });
    }
  }
  const loop = nodes.find((n) => n.id === loopId);
  if (loop) for (const field of bodyFields(loop.data.node)) options.push({ blockID: loopId, nodeTitle: titleOf(loop.data.node), name: field.name, type: field.type });
  return options;
}

export function refContent(option: Pick<RefOption, "blockID" | "name">): RefContent {
  return { source: "block-output", blockID: option.blockID, name: option.name };
}

/** The option key a select lists ("<blockID>::<name>"). */
export const optionKey = (option: Pick<RefOption, "blockID" | "name">) => `${option.blockID}::${option.name}`;
