// The canvas JSON <-> xyflow mapping, pure: `toFlow` turns a Coze canvas into xyflow nodes and
// edges (a Loop's or Batch's body becomes child nodes of the Loop, its inner edges plain edges
// between them); `toCanvas` turns them back. A canvas read and written again is the same JSON:
// every field the editor does not touch rides along in the node's `data.node` / the edge's
// `data.raw`, positions are restored to where they were (a body's nodes are shifted into their
// container for display and back on the way out), and `blocks`/`edges` keep their null/absent.
import type { Edge, Node } from "@xyflow/react";
import { bodyPorts, isComposite, portHandle, sourcePorts } from "./catalog";
import type { CanvasDoc, CanvasEdge, CanvasNode, Position } from "./canvas";

export const NODE_WIDTH = 240;
export const NODE_HEIGHT = 96;
const BODY_PAD = 40;
const BODY_HEADER = 110;
const AUTO_GAP = 80;

type KeyState = "array" | "null" | "absent";

export interface StepData {
  /** The canvas node without `blocks`/`edges` (those are the flow's child nodes and edges). */
  node: CanvasNode;
  keys: { blocks: KeyState; edges: KeyState };
  /** Where the editor placed a node that had no position; it is written back only once moved. */
  autoPosition?: Position;
  /** Composite: what was added to its body's positions to draw them inside it. */
  bodyOffset?: Position;
  /** Run and validation decorations (never written to the canvas). */
  status?: NodeStatus;
  problems?: string[];
  [key: string]: unknown;
}

export type NodeStatus = "waiting" | "running" | "succeeded" | "failed" | "interrupted";

export interface LinkData {
  raw?: CanvasEdge;
  [key: string]: unknown;
}

export type StepNode = Node<StepData>;
export type LinkEdge = Edge<LinkData>;

export interface Flow {
  nodes: StepNode[];
  edges: LinkEdge[];
  /** The canvas's other top-level fields (versions...). */
  rest: Record<string, unknown>;
}

const keyState = (value: unknown, present: boolean): KeyState => (!present ? "absent" : value === null ? "null" : "array");

/** The handle a node's incoming edge arrives at: composites have the main input and their body's end. */
export function targetHandle(type: string, raw: string | undefined): string | null {
  if (!isComposite(type)) return null;
  return raw === bodyPorts(type).end ? bodyPorts(type).end : "in";
}

function stripBody(node: CanvasNode): CanvasNode {
  const { blocks: _blocks, edges: _edges, ...rest } = node;
  return rest as CanvasNode;
}

/** Where each node of a list is drawn: its own position, else in a row after the one before. */
function placed(list: CanvasNode[]): Position[] {
  let x = 0;
  return list.map((node) => {
    const at = node.meta?.position ?? { x, y: 0 };
    x = at.x + (isComposite(node.type) ? bodyBox(node.blocks ?? []).width : NODE_WIDTH) + AUTO_GAP;
    return at;
  });
}

function bodyBox(children: CanvasNode[]): { offset: Position; width: number; height: number } {
  if (children.length === 0) return { offset: { x: BODY_PAD, y: BODY_HEADER }, width: 560, height: 260 };
  const at = placed(children);
  const xs = at.map((p) => p.x);
  const ys = at.map((p) => p.y);
  const minX = Math.min(...xs);
  const minY = Math.min(...ys);
  return {
    offset: { x: BODY_PAD - minX, y: BODY_HEADER - minY },
    width: Math.max(560, Math.max(...xs) - minX + NODE_WIDTH + 2 * BODY_PAD),
    height: Math.max(260, Math.max(...ys) - minY + NODE_HEIGHT + BODY_HEADER + BODY_PAD),
  };
}

/** The flow node for a canvas node (and its body's, when it has one), appended to `out`. */
function addNode(node: CanvasNode, at: Position, parent: StepNode | null, out: StepNode[]): StepNode {
  const own = node.meta?.position;
  const auto = own ? undefined : at;
  const base = own ?? at;
  const offset = parent?.data.bodyOffset ?? { x: 0, y: 0 };
  const data: StepData = {
    node: stripBody(node),
    keys: { blocks: keyState(node.blocks, "blocks" in node), edges: keyState(node.edges, "edges" in node) },
  };
  if (auto) data.autoPosition = auto;
  const flowNode: StepNode = {
    id: node.id,
    type: isComposite(node.type) ? "body" : node.type === "31" ? "note" : "step",
    position: { x: base.x + offset.x, y: base.y + offset.y },
    data,
  };
  if (parent) {
    flowNode.parentId = parent.id;
    flowNode.expandParent = true;
  }
  const children = node.blocks ?? [];
  if (isComposite(node.type)) {
    const box = bodyBox(children);
    data.bodyOffset = box.offset;
    flowNode.style = { width: box.width, height: box.height };
  }
  out.push(flowNode);
  const where = placed(children);
  children.forEach((child, i) => addNode(child, where[i], flowNode, out));
  return flowNode;
}

function flowEdge(edge: CanvasEdge, id: string, byId: Map<string, CanvasNode>): LinkEdge {
  const source = byId.get(edge.sourceNodeID);
  const target = byId.get(edge.targetNodeID);
  const sourceHandle = source ? portHandle(source.type, sourcePorts(source), edge.sourcePortID) : null;
  const handleIn = target ? targetHandle(target.type, edge.targetPortID) : null;
  return { id, source: edge.sourceNodeID, target: edge.targetNodeID, sourceHandle, targetHandle: handleIn, data: { raw: edge } };
}

function indexNodes(nodes: CanvasNode[], into: Map<string, CanvasNode>): Map<string, CanvasNode> {
  for (const node of nodes) {
    into.set(node.id, node);
    if (node.blocks) indexNodes(node.blocks, into);
  }
  return into;
}

export function toFlow(canvas: CanvasDoc): Flow {
  const { nodes: canvasNodes, edges: canvasEdges, ...rest } = canvas;
  const nodes: StepNode[] = [];
  const where = placed(canvasNodes ?? []);
  (canvasNodes ?? []).forEach((node, i) => addNode(node, where[i], null, nodes));
  const byId = indexNodes(canvasNodes ?? [], new Map());
  const edges: LinkEdge[] = [];
  let n = 0;
  const addEdges = (list: CanvasEdge[] | null | undefined) => {
    for (const edge of list ?? []) edges.push(flowEdge(edge, `e${n++}`, byId));
  };
  addEdges(canvasEdges);
  const visit = (list: CanvasNode[]) => {
    for (const node of list) {
      addEdges(node.edges);
      if (node.blocks) visit(node.blocks);
    }
  };
  visit(canvasNodes ?? []);
  return { nodes, edges, rest };
}

// ------------------------------------------------------------------ back to the canvas

/** The composite an edge belongs to ("" for the canvas itself). */
export function edgeScope(edge: Pick<LinkEdge, "source" | "target" | "sourceHandle" | "targetHandle">, byId: Map<string, StepNode>): string {
  const source = byId.get(edge.source);
  const target = byId.get(edge.target);
  if (source && isComposite(source.data.node.type) && edge.sourceHandle === bodyPorts(source.data.node.type).start) return source.id;
  if (target && isComposite(target.data.node.type) && edge.targetHandle === bodyPorts(target.data.node.type).end) return target.id;
  return source?.parentId ?? target?.parentId ?? "";
}

function canvasEdge(edge: LinkEdge, byId: Map<string, StepNode>): CanvasEdge {
  const raw = edge.data?.raw;
  const source = byId.get(edge.source);
  const target = byId.get(edge.target);
  const out: CanvasEdge = { ...(raw ?? {}), sourceNodeID: edge.source, targetNodeID: edge.target };
  const sameEnds = raw && raw.sourceNodeID === edge.source && raw.targetNodeID === edge.target;
  const sourceUnchanged =
    sameEnds && source && portHandle(source.data.node.type, sourcePorts(source.data.node), raw.sourcePortID) === (edge.sourceHandle ?? null);
  if (!sourceUnchanged) out.sourcePortID = edge.sourceHandle ?? "";
  const targetUnchanged = sameEnds && target && targetHandle(target.data.node.type, raw.targetPortID) === (edge.targetHandle ?? null);
  if (!targetUnchanged) {
    if (target && isComposite(target.data.node.type) && edge.targetHandle === bodyPorts(target.data.node.type).end) {
      out.targetPortID = edge.targetHandle;
    } else {
      delete out.targetPortID;
    }
  }
  return out;
}

function canvasPosition(node: StepNode, parent: StepNode | undefined): Position | undefined {
  const offset = parent?.data.bodyOffset ?? { x: 0, y: 0 };
  const at = { x: node.position.x - offset.x, y: node.position.y - offset.y };
  const auto = node.data.autoPosition;
  if (!node.data.node.meta?.position && auto && auto.x === at.x && auto.y === at.y) return undefined;
  return at;
}

export function toCanvas(flow: Pick<Flow, "nodes" | "edges"> & { rest?: Record<string, unknown> }): CanvasDoc {
  const byId = new Map(flow.nodes.map((n) => [n.id, n]));
  const children = new Map<string, StepNode[]>();
  for (const node of flow.nodes) {
    const key = node.parentId ?? "";
    if (!children.has(key)) children.set(key, []);
    children.get(key)!.push(node);
  }
  const scoped = new Map<string, CanvasEdge[]>();
  for (const edge of flow.edges) {
    const scope = edgeScope(edge, byId);
    if (!scoped.has(scope)) scoped.set(scope, []);
    scoped.get(scope)!.push(canvasEdge(edge, byId));
  }
  const build = (node: StepNode): CanvasNode => {
    const out: CanvasNode = { ...node.data.node };
    const position = canvasPosition(node, node.parentId ? byId.get(node.parentId) : undefined);
    if (position) out.meta = { ...(out.meta ?? {}), position };
    const body = children.get(node.id) ?? [];
    const inner = scoped.get(node.id) ?? [];
    const { blocks, edges } = node.data.keys;
    if (body.length || blocks === "array") out.blocks = body.map(build);
    else if (blocks === "null") out.blocks = null;
    if (inner.length || edges === "array") out.edges = inner;
    else if (edges === "null") out.edges = null;
    return out;
  };
  return { ...(flow.rest ?? {}), nodes: (children.get("") ?? []).map(build), edges: scoped.get("") ?? [] };
}

/** A new flow node for a canvas node made in the editor (inside `parent`'s body when given). */
export function newFlowNode(node: CanvasNode, position: Position, parent?: StepNode): StepNode {
  const out: StepNode[] = [];
  addNode({ ...node, meta: { ...(node.meta ?? {}), position: { x: 0, y: 0 } } }, { x: 0, y: 0 }, null, out);
  const made = out[0];
  made.position = position;
  if (parent) {
    made.parentId = parent.id;
    made.expandParent = true;
  }
  return made;
}

/** Whether an edge may join these handles: both ends in the same canvas or the same body. */
export function canConnect(
  edge: Pick<LinkEdge, "source" | "target" | "sourceHandle" | "targetHandle">,
  byId: Map<string, Pick<StepNode, "id" | "parentId" | "data">>,
): boolean {
  const source = byId.get(edge.source);
  const target = byId.get(edge.target);
  if (!source || !target || source.id === target.id) return false;
  const sourceScope =
    isComposite(source.data.node.type) && edge.sourceHandle === bodyPorts(source.data.node.type).start ? source.id : source.parentId ?? "";
  const targetScope =
    isComposite(target.data.node.type) && edge.targetHandle === bodyPorts(target.data.node.type).end ? target.id : target.parentId ?? "";
  return sourceScope === targetScope;
}
