// Coze Studio canvas JSON, as the workflow service stores it (services/workflow domain/canvas.py).
// Only the fields the console reads are named; every other field rides along untouched.

export type Json = Record<string, unknown>;

export interface Position {
  x: number;
  y: number;
}

export interface RefContent {
  source: string;
  blockID: string;
  name: string;
  path?: string[];
  [key: string]: unknown;
}

export interface ValueJson {
  type: "literal" | "ref" | "object_ref";
  content?: unknown;
  rawMeta?: unknown;
  [key: string]: unknown;
}

/** A typed value given to a node (Coze's BlockInput). */
export interface BlockInput {
  type?: string;
  schema?: unknown;
  value?: ValueJson;
  [key: string]: unknown;
}

/** A named value: `input` for most fields, `left`/`right` for assignments. */
export interface Param {
  name?: string;
  input?: BlockInput;
  left?: BlockInput;
  right?: BlockInput;
  [key: string]: unknown;
}

/** A declared output field (or an object's field, or a list's element without a name). */
export interface VariableSchema {
  name?: string;
  type?: string;
  required?: boolean;
  description?: string;
  schema?: VariableSchema[] | VariableSchema;
  [key: string]: unknown;
}

export interface NodeData {
  nodeMeta?: { title?: string; description?: string; icon?: string; subTitle?: string; [key: string]: unknown };
  inputs?: Json;
  outputs?: (VariableSchema | Param)[];
  [key: string]: unknown;
}

export interface CanvasEdge {
  sourceNodeID: string;
  targetNodeID: string;
  sourcePortID?: string;
  targetPortID?: string;
  [key: string]: unknown;
}

export interface CanvasNode {
  id: string;
  type: string;
  meta?: { position?: Position; [key: string]: unknown };
  data: NodeData;
  blocks?: CanvasNode[] | null;
  edges?: CanvasEdge[] | null;
  [key: string]: unknown;
}

export interface CanvasDoc {
  nodes: CanvasNode[];
  edges: CanvasEdge[];
  [key: string]: unknown;
}

export const START_ID = "100001";
export const END_ID = "900001";

export function isParam(item: VariableSchema | Param): item is Param {
  return "input" in item && item.input !== undefined;
}

export function literal(content: unknown, type = "string"): BlockInput {
  return { type, value: { type: "literal", content } };
}

export function reference(blockID: string, name: string, type = "string"): BlockInput {
  return { type, value: { type: "ref", content: { source: "block-output", blockID, name } } };
}

/** Parses canvas JSON text; throws an Error naming what is wrong. */
export function parseCanvas(text: string): CanvasDoc {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw new Error(`the canvas is not JSON: ${(err as Error).message}`);
  }
  if (!doc || typeof doc !== "object" || Array.isArray(doc)) throw new Error("the canvas must be a JSON object with nodes and edges");
  const canvas = doc as CanvasDoc;
  if (canvas.nodes == null) canvas.nodes = [];
  if (canvas.edges == null) canvas.edges = [];
  if (!Array.isArray(canvas.nodes)) throw new Error("the canvas's nodes must be a list");
  if (!Array.isArray(canvas.edges)) throw new Error("the canvas's edges must be a list");
  canvas.nodes.forEach((node, i) => {
    if (!node || typeof node.id !== "string" || typeof node.type !== "string") {
      throw new Error(`canvas node ${i} needs a string id and type`);
    }
  });
  return canvas;
}
