import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { KINDS, kindOf, portHandle, sourcePorts } from "./catalog";

const here = dirname(fileURLToPath(import.meta.url));

describe("the node catalogue", () => {
  it("has every node type of the IDL's NodeType enum, once", () => {
    const idl = readFileSync(join(here, "../../../../idl/workflow.thrift"), "utf8");
    const block = /enum NodeType \{([\s\S]*?)\}/.exec(idl)![1];
    const types = [...block.matchAll(/=\s*(\d+)/g)].map((m) => m[1]);
    expect(types.length).toBeGreaterThan(30);
    expect(KINDS.map((k) => k.type).sort()).toEqual([...types].sort());
  });

  it("names Selector, intent, question and error ports as Coze's console does", () => {
    const selector = { type: "8", data: { inputs: { branches: [{}, {}] } } };
    expect(sourcePorts(selector).map((p) => p.id)).toEqual(["true", "true_1", "false"]);
    const intents = { type: "22", data: { inputs: { intents: [{ name: "a" }] } } };
    expect(sourcePorts(intents).map((p) => p.id)).toEqual(["branch_0", "default"]);
    const question = { type: "18", data: { inputs: { answer_type: "option", options: [{ name: "x" }, { name: "y" }] } } };
    expect(sourcePorts(question).map((p) => p.id)).toEqual(["branch_0", "branch_1", "default"]);
    const failing = { type: "45", data: { inputs: { settingOnError: { processType: 3 } } } };
    expect(sourcePorts(failing).map((p) => p.id)).toEqual(["default", "branch_error"]);
    expect(sourcePorts({ type: "15", data: {} })).toEqual([]);
  });

  it("maps Coze's synonyms of a port to the drawn handle", () => {
    const ports = sourcePorts({ type: "8", data: { inputs: { branches: [{}, {}] } } });
    expect(["branch_0", "branch_1", "default", "true", "false"].map((p) => portHandle("8", ports, p))).toEqual(["true", "true_1", "false", "true", "false"]);
    expect(portHandle("21", [], "")).toBe("loop-output");
    expect(portHandle("21", [], "loop-function-inline-output")).toBe("loop-function-inline-output");
    expect(portHandle("28", [], "batch-output")).toBe("batch-output");
    expect(portHandle("15", [], "")).toBeNull();
  });

  it("starts each new node with data of its own type", () => {
    expect(kindOf("3")!.defaults().inputs).toHaveProperty("llmParam");
    expect(kindOf("45")!.defaults().inputs).toHaveProperty("apiInfo");
    expect(kindOf("21")!.defaults().inputs).toMatchObject({ loopType: "array" });
    expect(kindOf("3")!.defaults()).not.toBe(kindOf("3")!.defaults()); // never shared between nodes
  });
});
