import { describe, expect, it } from "vitest";
import type { NodeResult } from "./api";
import type { StepNode } from "./mapping";
import { decorate, nodeStatuses, problemsByNode, resultOf, runInputs, startFields } from "./run";

const result = (nodeId: string, nodeStatus: number, index?: number): NodeResult => ({
  nodeId, NodeType: "", NodeName: "", nodeStatus, errorInfo: "", input: "{}", output: `{"i": ${index ?? -1}}`, nodeExeCost: "0.1s", index,
});

const step = (id: string): StepNode => ({ id, position: { x: 0, y: 0 }, data: { node: { id, type: "15", data: {} }, keys: { blocks: "absent", edges: "absent" } } });

describe("test runs on the canvas", () => {
  it("gives each node its status; an iterated node its worst; a waiting node 'interrupted'", () => {
    const statuses = nodeStatuses({
      nodeResults: [result("a", 3), result("b", 2), result("c", 3, 0), result("c", 4, 1), result("d", 3)],
      nodeEvents: [{ id: "e1", type: 2, node_title: "Ask", data: "{}", node_id: "d" }],
    });
    expect(Object.fromEntries(statuses)).toEqual({ a: "succeeded", b: "running", c: "failed", d: "interrupted" });
  });

  it("shows a node's own result before its iterations'", () => {
    const process = { nodeResults: [result("c", 3, 0), result("c", 3, 1), result("c", 3)] };
    expect(resultOf(process, "c")!.index).toBeUndefined();
    expect(resultOf({ nodeResults: [result("c", 3, 0), result("c", 3, 1)] }, "c")!.index).toBe(1);
    expect(resultOf(null, "c")).toBeUndefined();
  });

  it("decorates only the nodes whose status or problems changed", () => {
    const nodes = [step("a"), step("b"), step("c")];
    const once = decorate(nodes, new Map([["a", "running"]]), new Map([["b", ["needs an input"]]]));
    expect(once[0].data.status).toBe("running");
    expect(once[1].data.problems).toEqual(["needs an input"]);
    expect(once[2]).toBe(nodes[2]);
    const again = decorate(once, new Map([["a", "running"]]), new Map([["b", ["needs an input"]]]));
    expect(again).toBe(once); // nothing changed: the same array, nothing re-renders
    const done = decorate(once, new Map([["a", "succeeded"]]), new Map());
    expect(done[0].data.status).toBe("succeeded");
    expect(done[1].data.problems).toBeUndefined();
  });

  it("builds the test_run inputs from the Start node's fields, blanks left to their defaults", () => {
    const fields = startFields({ id: "100001", type: "1", data: { outputs: [
      { name: "city", type: "string", required: true }, { name: "days", type: "integer", defaultValue: 3 }, { name: "tags", type: "list" }] } });
    expect(fields).toEqual([
      { name: "city", type: "string", required: true, defaultValue: "" },
      { name: "days", type: "integer", required: false, defaultValue: "3" },
      { name: "tags", type: "list", required: false, defaultValue: "" },
    ]);
    expect(runInputs(fields, { city: "Paris", days: "", tags: '["a"]' })).toEqual({ city: "Paris", tags: '["a"]' });
  });

  it("files validation errors under their nodes, path errors under every node of the path", () => {
    const found = problemsByNode([
      { node_error: { node_id: "a" }, message: "no input" },
      { node_error: { node_id: "a" }, message: "no way out" },
      { path_error: { path: ["b", "c"] }, message: "a cycle" },
      { message: "no start" },
    ]);
    expect(Object.fromEntries(found)).toEqual({ a: ["no input", "no way out"], b: ["a cycle"], c: ["a cycle"], "": ["no start"] });
  });
});
