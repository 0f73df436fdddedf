import { describe, expect, it } from "vitest";
import type { NodeData } from "./canvas";
import { KINDS } from "./catalog";
import {
  readJson, writeJson, readDatabase, readDelimiters, readGroups, readKnowledge, readPlugin, readSubWorkflow, switchTextMethod, workflowSignature, writeDatabase,
  writeDelimiters, writeGroups, writeKnowledge, writePlugin, writeSubWorkflow,
} from "./forms_nodes";

const lit = (content: unknown, type = "string") => ({ type, value: { type: "literal", content } });
const ref = (blockID: string, name: string, type = "string") => ({ type, value: { type: "ref", content: { source: "block-output", blockID, name } } });
const defaults = (type: string) => KINDS.find((k) => k.type === type)!.defaults();

// A retriever as tests/e2e/test_workflow_knowledge_nodes.py saves it, with fields no form shows.
const retriever = (): NodeData => ({
  nodeMeta: { title: "Knowledge retrieval" },
  inputs: {
    inputParameters: [{ name: "Query", input: ref("100001", "question") }],
    datasetParam: [
      { name: "datasetList", input: { type: "list", schema: { type: "string" }, value: { type: "literal", content: ["7", "9"] } } },
      { name: "topK", input: lit(2, "integer") },
      { name: "useRerank", input: lit(false, "boolean") },
      { name: "minScore", input: lit(0, "float") },
      { name: "strategy", input: lit(20, "integer") },
    ],
    settingOnError: { processType: 1, custom: "kept" },
  },
  outputs: [{ type: "list", name: "outputList" }],
});

describe("knowledge form", () => {
  it("reads the datasets and the retrieval settings", () => {
    expect(readKnowledge(retriever())).toEqual({ datasets: ["7", "9"], topK: "2", minScore: "0", strategy: "20" });
  });

  it("writes back what it read without a change", () => {
    const data = retriever();
    expect(writeKnowledge(data, readKnowledge(data), true)).toBe(data);
  });

  it("picks a dataset and settings as the service reads them, keeping the rest", () => {
    const data = retriever();
    const next = writeKnowledge(data, { datasets: ["9", "11"], topK: "5", minScore: "0.4", strategy: "1" }, true);
    const params = next.inputs!.datasetParam as { name: string; input: { type: string; value: { content: unknown } } }[];
    const by = Object.fromEntries(params.map((p) => [p.name, p.input]));
    expect(by.datasetList.value.content).toEqual(["9", "11"]);
    expect(by.datasetList.type).toBe("list");
    expect(by.topK).toEqual(lit(5, "integer"));
    expect(by.minScore).toEqual(lit(0.4, "float"));
    expect(by.strategy).toEqual(lit(1, "integer"));
    expect(by.useRerank).toEqual(lit(false, "boolean"));
    expect(next.inputs!.settingOnError).toEqual({ processType: 1, custom: "kept" });
    expect(next.inputs!.inputParameters).toBe(data.inputs!.inputParameters);
    expect(readKnowledge(next)).toEqual({ datasets: ["9", "11"], topK: "5", minScore: "0.4", strategy: "1" });
  });

  it("an emptied setting leaves the service's default", () => {
    const next = writeKnowledge(retriever(), { datasets: ["7"], topK: "", minScore: "0", strategy: "" }, true);
    const names = (next.inputs!.datasetParam as { name: string }[]).map((p) => p.name);
    expect(names).toEqual(["datasetList", "useRerank", "minScore"]);
  });

  it("a writer names only its knowledge base, starting from the palette's node", () => {
    const next = writeKnowledge(defaults("27"), { datasets: ["3"], topK: "9", minScore: "", strategy: "" }, false);
    expect(next.inputs!.datasetParam).toEqual([{ name: "datasetList", input: { type: "list", schema: { type: "string" }, value: { type: "literal", content: ["3"] } } }]);
    expect(next.inputs!.strategyParam).toEqual({});
  });
});

const child = JSON.stringify({
  nodes: [
    { id: "100001", type: "1", data: { outputs: [{ name: "text", type: "string", required: true }, { name: "n", type: "integer" }] } },
    { id: "900001", type: "2", data: { inputs: { terminatePlan: "returnVariables", inputParameters: [
      { name: "wrapped", input: ref("410001", "output") }, { name: "items", input: { ...ref("410001", "x", "list"), schema: { type: "string" } } }] } } },
  ],
});

describe("sub-workflow form", () => {
  it("reads a workflow's signature from its canvas", () => {
    expect(workflowSignature(child)).toEqual({
      inputs: [{ name: "text", type: "string", required: true }, { name: "n", type: "integer" }],
      outputs: [{ name: "wrapped", type: "string" }, { name: "items", type: "list", schema: { type: "string" } }],
    });
    expect(workflowSignature("not json")).toEqual({ inputs: [], outputs: [] });
    expect(workflowSignature(JSON.stringify({ nodes: [{ type: "2", data: { inputs: { terminatePlan: "useAnswerContent" } } }] })).outputs)
      .toEqual([{ name: "output", type: "string" }]);
  });

  it("points the node at a workflow: its inputs and outputs follow, values already set stay", () => {
    const data: NodeData = { ...defaults("9"), inputs: { ...defaults("9").inputs, spaceId: "", inputParameters: [{ name: "text", input: ref("100001", "q") }] } };
    const next = writeSubWorkflow(data, { workflowId: "42", workflowVersion: "v0.0.1" }, workflowSignature(child));
    expect(readSubWorkflow(next)).toEqual({ workflowId: "42", workflowVersion: "v0.0.1" });
    expect(next.inputs!.spaceId).toBe("");
    expect(next.inputs!.inputParameters).toEqual([
      { name: "text", input: ref("100001", "q") },
      { name: "n", input: ref("", "", "integer") },
    ]);
    expect(next.inputs!.inputDefs).toEqual([{ name: "text", type: "string", required: true }, { name: "n", type: "integer" }]);
    expect(next.outputs).toEqual([{ name: "wrapped", type: "string" }, { name: "items", type: "list", schema: { type: "string" } }]);
  });

  it("writes back what it read without a change", () => {
    const data = defaults("9");
    expect(writeSubWorkflow(data, readSubWorkflow(data))).toBe(data);
  });
});

describe("text split form", () => {
  it("reads and writes the delimiters, keeping the other split params", () => {
    const data: NodeData = { inputs: { method: "split", splitParams: [
      { name: "delimiters", input: { type: "list", schema: { type: "string" }, value: { type: "literal", content: ["\n", ","] } } },
      { name: "allDelimiters", input: lit(["\n", ",", ";"], "list") }] } };
    expect(readDelimiters(data)).toEqual(["\n", ","]);
    expect(writeDelimiters(data, readDelimiters(data))).toBe(data);
    const next = writeDelimiters(data, [";"]);
    expect(readDelimiters(next)).toEqual([";"]);
    expect((next.inputs!.splitParams as unknown[])[1]).toEqual({ name: "allDelimiters", input: lit(["\n", ",", ";"], "list") });
  });

  it("a Text node switched to split gets a String input, a new-line delimiter and a list output", () => {
    const next = switchTextMethod(defaults("15"), "split");
    expect(next.inputs!.method).toBe("split");
    expect((next.inputs!.inputParameters as { name: string }[]).map((p) => p.name)).toEqual(["String"]);
    expect(readDelimiters(next)).toEqual(["\n"]);
    expect(next.outputs).toEqual([{ type: "list", name: "output", schema: { type: "string" } }]);
    expect(next.inputs!.concatParams).toEqual(defaults("15").inputs!.concatParams);
  });
});

describe("variable aggregator form", () => {
  const data = (): NodeData => ({
    inputs: { mergeGroups: [{ name: "label", variables: [ref("120001", "output"), ref("120002", "output")], extra: 1 }] },
    outputs: [{ name: "label", type: "string", description: "kept" }],
  });

  it("reads the groups of references and writes them back unchanged", () => {
    const d = data();
    expect(readGroups(d)).toEqual([{ name: "label", variables: [
      { mode: "ref", type: "string", text: "", blockID: "120001", name: "output" },
      { mode: "ref", type: "string", text: "", blockID: "120002", name: "output" }] }]);
    expect(writeGroups(d, readGroups(d))).toBe(d);
  });

  it("renames a group, adds one: the outputs follow, unknown fields stay", () => {
    const d = data();
    const groups = readGroups(d);
    const next = writeGroups(d, [{ ...groups[0], name: "answer" },
      { name: "count", variables: [{ mode: "ref", type: "integer", text: "", blockID: "130001", name: "n" }] }]);
    const merged = next.inputs!.mergeGroups as { name: string; extra?: number; variables: unknown[] }[];
    expect(merged[0]).toEqual({ name: "answer", variables: (d.inputs!.mergeGroups as { variables: unknown[] }[])[0].variables, extra: 1 });
    expect(merged[1].variables).toEqual([ref("130001", "n", "integer")]);
    expect(next.outputs).toEqual([{ name: "answer", type: "string", description: "kept" }, { name: "count", type: "integer" }]);
  });
});

describe("plugin form", () => {
  it("names the tool in apiParam and makes its parameters the inputs, keeping values set and other params", () => {
    const start = defaults("4");
    const data: NodeData = { ...start, inputs: { ...start.inputs, inputParameters: [{ name: "city", input: ref("100001", "where") }],
      apiParam: [...(start.inputs!.apiParam as unknown[]), { name: "updateTime", input: lit(12) }] } };
    const next = writePlugin(data, { pluginID: "31", apiID: "77", apiName: "forecast", pluginName: "Weather", pluginVersion: "" }, [
      { name: "city", type: "string", required: true }, { name: "days", type: "integer" }, { name: "hours", type: "array", sub_type: "number" }]);
    expect(readPlugin(next)).toEqual({ pluginID: "31", apiID: "77", apiName: "forecast", pluginName: "Weather", pluginVersion: "" });
    const api = next.inputs!.apiParam as { name: string; input: unknown }[];
    expect(api.find((p) => p.name === "pluginID")!.input).toEqual(lit("31"));
    expect(api.find((p) => p.name === "updateTime")!.input).toEqual(lit(12));
    expect(next.inputs!.inputParameters).toEqual([
      { name: "city", input: ref("100001", "where") },
      { name: "days", input: { type: "integer", value: { type: "literal" } } },
      { name: "hours", input: { type: "list", schema: { type: "float" }, value: { type: "literal" } } },
    ]);
    expect(writePlugin(next, readPlugin(next))).toBe(next);
  });
});

describe("database forms", () => {
  const query = (): NodeData => ({
    inputs: {
      databaseInfoList: [{ databaseInfoID: "5", extra: true }],
      selectParam: { fieldList: [{ fieldID: "1" }], limit: 10, orderByList: [{ fieldID: "2", isAsc: true }],
        condition: { logic: "AND", conditionList: [[
          { name: "left", input: lit("pages") }, { name: "operation", input: lit("GREATER_EQUAL") },
          { name: "right", input: { ...ref("100001", "pages", "integer"), rawMeta: { type: 1 } } }]] } },
    },
    outputs: [{ type: "list", name: "outputList", schema: { type: "object", schema: [] } }, { type: "integer", name: "rowNum" }],
  });

  it("reads the table, limit and conditions of a query and writes them back unchanged", () => {
    const d = query();
    expect(readDatabase(d, "43")).toEqual({ tableId: "5", sql: "", limit: "10", logic: "AND", conditions: [
      { field: "pages", operation: "GREATER_EQUAL", value: { mode: "ref", type: "integer", text: "", blockID: "100001", name: "pages" } }] });
    expect(writeDatabase(d, "43", readDatabase(d, "43"))).toBe(d);
  });

  it("changes a condition and adds one, keeping the fields the form does not show", () => {
    const d = query();
    const form = readDatabase(d, "43");
    const next = writeDatabase(d, "43", { ...form, tableId: "6", limit: "3", logic: "OR", conditions: [form.conditions[0],
      { field: "title", operation: "IS_NULL", value: { mode: "literal", type: "string", text: "", blockID: "", name: "" } },
      { field: "title", operation: "LIKE", value: { mode: "literal", type: "string", text: "tea", blockID: "", name: "" } }] });
    expect(next.inputs!.databaseInfoList).toEqual([{ databaseInfoID: "6", extra: true }]);
    const select = next.inputs!.selectParam as { limit: number; orderByList: unknown; fieldList: unknown; condition: { logic: string; conditionList: unknown[][] } };
    expect(select.limit).toBe(3);
    expect(select.orderByList).toEqual([{ fieldID: "2", isAsc: true }]);
    expect(select.condition.logic).toBe("OR");
    expect(select.condition.conditionList[0]).toBe((d.inputs!.selectParam as typeof select).condition.conditionList[0]);
    expect(select.condition.conditionList[1]).toEqual([{ name: "left", input: lit("title") }, { name: "operation", input: lit("IS_NULL") }]);
    expect(select.condition.conditionList[2]).toEqual([{ name: "left", input: lit("title") }, { name: "operation", input: lit("LIKE") },
      { name: "right", input: lit("tea") }]);
  });

  it("custom SQL: the table's fields become the rows' schema", () => {
    const d: NodeData = { ...defaults("12") };
    const next = writeDatabase(d, "12", { ...readDatabase(d, "12"), tableId: "5", sql: "SELECT * FROM books" },
      [{ name: "title", type: 1 }, { name: "pages", type: 2 }, { name: "price", type: 4 }, { name: "read", type: 5 }]);
    expect(next.inputs!.sql).toBe("SELECT * FROM books");
    expect(next.inputs!.databaseInfoList).toEqual([{ databaseInfoID: "5" }]);
    expect(next.outputs![0]).toEqual({ type: "list", name: "outputList", schema: { type: "object", schema: [
      { name: "title", type: "string" }, { name: "pages", type: "integer" }, { name: "price", type: "float" }, { name: "read", type: "boolean" }] } });
    expect(next.outputs![1]).toEqual({ type: "integer", name: "rowNum" });
  });
});

describe("JSON forms", () => {
  it("sets the input and the parsed output's type, keeping the rest", () => {
    const start = defaults("59");
    const data: NodeData = { ...start, inputs: { ...start.inputs, settingOnError: { processType: 2 } } };
    const form = readJson(data);
    expect(form).toEqual({ input: { mode: "ref", type: "string", text: "", blockID: "", name: "" }, outputType: "object" });
    expect(writeJson(data, form)).toBe(data);
    const next = writeJson(data, { input: { ...form.input, blockID: "100001", name: "raw" }, outputType: "list" });
    expect(next.inputs!.inputParameters).toEqual([{ name: "input", input: ref("100001", "raw") }]);
    expect(next.inputs!.settingOnError).toEqual({ processType: 2 });
    expect(next.outputs).toEqual([{ type: "list", name: "output", schema: { type: "string" } }]);
  });
});
