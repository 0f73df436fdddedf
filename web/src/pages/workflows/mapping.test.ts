import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { CanvasDoc } from "./canvas";
import { NODE_WIDTH, edgeScope, toCanvas, toFlow, type StepNode } from "./mapping";

const here = dirname(fileURLToPath(import.meta.url));
const serviceData = join(here, "../../../../services/workflow/tests/data");

/** Real canvases: the workflow service's test data and the e2e suite's canvases (fixtures/). */
function canvases(): [string, CanvasDoc][] {
  const read = (dir: string) =>
    readdirSync(dir)
      .filter((f) => f.endsWith(".json"))
      .map((f) => [f, JSON.parse(readFileSync(join(dir, f), "utf8")) as CanvasDoc] as [string, CanvasDoc]);
  return [...read(serviceData), ...read(join(here, "fixtures"))];
}

describe("canvas <-> flow", () => {
  const all = canvases();

  it("reads every fixture", () => {
    expect(all.length).toBeGreaterThanOrEqual(10);
  });

  it.each(all)("%s round-trips unchanged", (_name, canvas) => {
    const copy = structuredClone(canvas);
    const flow = toFlow(canvas);
    expect(toCanvas(flow)).toEqual(copy);
    expect(canvas).toEqual(copy); // the input is not mutated
  });

  it.each(all)("%s survives a second trip through JSON text", (_name, canvas) => {
    const once = toCanvas(toFlow(canvas));
    expect(toCanvas(toFlow(JSON.parse(JSON.stringify(once)) as CanvasDoc))).toEqual(canvas);
  });

  it("draws a Loop's body inside it and its inner edges between them", () => {
    const canvas = all.find(([name]) => name === "loop_with_break.json")![1];
    const flow = toFlow(canvas);
    const loop = flow.nodes.find((n) => n.id === "174265")!;
    const body = flow.nodes.filter((n) => n.parentId === "174265");
    expect(loop.type).toBe("body");
    expect(body.map((n) => n.id)).toEqual(["105811", "196553", "139008", "182977"]);
    expect(flow.nodes.indexOf(loop)).toBeLessThan(flow.nodes.indexOf(body[0])); // parents first
    for (const child of body) {
      expect(child.position.x).toBeGreaterThanOrEqual(0);
      expect(child.position.y).toBeGreaterThanOrEqual(0);
    }
    const byId = new Map(flow.nodes.map((n) => [n.id, n] as [string, StepNode]));
    const start = flow.edges.find((e) => e.source === "174265" && e.target === "105811")!;
    expect(start.sourceHandle).toBe("loop-function-inline-output");
    expect(edgeScope(start, byId)).toBe("174265");
    const back = flow.edges.find((e) => e.source === "182977" && e.target === "174265")!;
    expect(back.targetHandle).toBe("loop-function-inline-input");
    const out = flow.edges.find((e) => e.source === "174265" && e.target === "900001")!;
    expect(edgeScope(out, byId)).toBe("");
    expect(out.sourceHandle).toBe("loop-output");
    const selectorElse = flow.edges.find((e) => e.source === "105811" && e.target === "139008")!;
    expect(selectorElse.sourceHandle).toBe("false");
  });

  it("maps Coze's synonyms of Selector ports to the drawn handles and keeps them on the way out", () => {
    const canvas: CanvasDoc = {
      nodes: [
        { id: "1", type: "8", data: { inputs: { branches: [{ condition: { conditions: [] } }, { condition: { conditions: [] } }] } } },
        { id: "2", type: "15", data: {} },
        { id: "3", type: "15", data: {} },
        { id: "4", type: "15", data: {} },
      ],
      edges: [
        { sourceNodeID: "1", targetNodeID: "2", sourcePortID: "branch_0" },
        { sourceNodeID: "1", targetNodeID: "3", sourcePortID: "branch_1" },
        { sourceNodeID: "1", targetNodeID: "4", sourcePortID: "default" },
      ],
    };
    const flow = toFlow(canvas);
    expect(flow.edges.map((e) => e.sourceHandle)).toEqual(["true", "true_1", "false"]);
    expect(toCanvas(flow)).toEqual(canvas);
  });

  it("writes a moved node's position, a new edge's port and a new body node into blocks", () => {
    const canvas = all.find(([name]) => name === "loop_with_break.json")![1];
    const flow = toFlow(canvas);
    const nodes = flow.nodes.map((n) => (n.id === "900001" ? { ...n, position: { x: 1234, y: 56 } } : n));
    const loop = nodes.find((n) => n.id === "174265")!;
    const offset = loop.data.bodyOffset!;
    nodes.push({
      id: "777", type: "step", parentId: "174265", position: { x: offset.x + 10, y: offset.y + 20 },
      data: { node: { id: "777", type: "15", data: { nodeMeta: { title: "New" } } }, keys: { blocks: "absent", edges: "absent" } },
    });
    const edges = [...flow.edges, { id: "n1", source: "182977", target: "777", sourceHandle: null, targetHandle: null }];
    const out = toCanvas({ nodes, edges, rest: flow.rest });
    expect(out.nodes.find((n) => n.id === "900001")!.meta!.position).toEqual({ x: 1234, y: 56 });
    const loopOut = out.nodes.find((n) => n.id === "174265")!;
    expect(loopOut.blocks!.map((b) => b.id)).toContain("777");
    expect(loopOut.blocks!.find((b) => b.id === "777")!.meta!.position).toEqual({ x: 10, y: 20 });
    expect(loopOut.edges).toContainEqual({ sourceNodeID: "182977", targetNodeID: "777", sourcePortID: "" });
    expect(out.edges).toHaveLength(canvas.edges.length);
  });

  it("draws nodes without positions in a row, a Loop as wide as its body", () => {
    const flow = toFlow(all.find(([name]) => name === "e2e_loops.json")![1]);
    const [start, words, counting, end] = ["100001", "210001", "220001", "900001"].map((id) => flow.nodes.find((n) => n.id === id)!);
    expect(words.position.x).toBeGreaterThanOrEqual(start.position.x + NODE_WIDTH);
    expect(counting.position.x).toBeGreaterThanOrEqual(words.position.x + Number(words.style!.width));
    expect(end.position.x).toBeGreaterThanOrEqual(counting.position.x + Number(counting.style!.width));
    const body = flow.nodes.filter((n) => n.parentId === "210001");
    for (const node of body) expect(node.position.x + NODE_WIDTH).toBeLessThanOrEqual(Number(words.style!.width));
  });

  it("leaves a node without a position unplaced until it is moved", () => {
    const canvas: CanvasDoc = { nodes: [{ id: "a", type: "15", data: {} }], edges: [] };
    const flow = toFlow(canvas);
    expect(toCanvas(flow).nodes[0].meta).toBeUndefined();
    const moved = flow.nodes.map((n) => ({ ...n, position: { x: 5, y: 6 } }));
    expect(toCanvas({ ...flow, nodes: moved }).nodes[0].meta).toEqual({ position: { x: 5, y: 6 } });
  });
});

describe("a 500-node canvas", () => {
  /** Start -> 480 Text nodes in a chain, every tenth a Loop with a body node -> End. */
  function big(): CanvasDoc {
    const nodes: CanvasDoc["nodes"] = [{ id: "100001", type: "1", meta: { position: { x: 0, y: 0 } }, data: { outputs: [{ name: "input", type: "string" }] } }];
    const edges: CanvasDoc["edges"] = [];
    let previous = "100001";
    for (let i = 0; i < 490; i++) {
      const id = String(200000 + i);
      const position = { x: 300 * (i + 1), y: (i % 7) * 120 };
      if (i % 10 === 0) {
        const body = String(600000 + i);
        nodes.push({ id, type: "21", meta: { position }, data: { inputs: { loopType: "count", loopCount: { type: "integer", value: { type: "literal", content: "2" } } },
          outputs: [] }, blocks: [{ id: body, type: "15", meta: { position: { x: 0, y: 0 } }, data: { outputs: [{ name: "output", type: "string" }] } }],
          edges: [{ sourceNodeID: id, targetNodeID: body, sourcePortID: "loop-function-inline-output" },
            { sourceNodeID: body, targetNodeID: id, targetPortID: "loop-function-inline-input" }] });
      } else {
        nodes.push({ id, type: "15", meta: { position }, data: { inputs: { inputParameters: [{ name: "s", input: { type: "string",
          value: { type: "ref", content: { source: "block-output", blockID: previous, name: "output" } } } }] }, outputs: [{ name: "output", type: "string" }] } });
      }
      edges.push({ sourceNodeID: previous, targetNodeID: id, sourcePortID: i % 10 === 1 ? "loop-output" : "" });
      previous = id;
    }
    nodes.push({ id: "900001", type: "2", meta: { position: { x: 300 * 492, y: 0 } }, data: { inputs: { terminatePlan: "returnVariables", inputParameters: [] } } });
    edges.push({ sourceNodeID: previous, targetNodeID: "900001", sourcePortID: "" });
    return { nodes, edges };
  }

  it("maps both ways in a few milliseconds and round-trips", () => {
    const canvas = big();
    const started = performance.now();
    const flow = toFlow(canvas);
    const back = toCanvas(flow);
    const took = performance.now() - started;
    expect(flow.nodes).toHaveLength(541);
    expect(back).toEqual(canvas);
    expect(took).toBeLessThan(250);
  });
});
