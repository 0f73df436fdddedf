import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { CanvasDoc, CanvasNode, NodeData } from "./canvas";
import { KINDS } from "./catalog";
import {
  readBatch, readContent, readGathered, readHttp, readLlm, readLoop, readNamedLiteral, readOutputs, readParams, readSelector,
  readValue, setTitle, writeBatch, writeContent, writeGathered, writeHttp, writeLlm, writeLoop, writeNamedLiteral, writeOutputs,
  writeParams, writeSelector, writeValue, readErrorSetting, writeErrorSetting, readNames, writeNames, readAssignments, writeAssignments,
} from "./forms";

const here = dirname(fileURLToPath(import.meta.url));
const load = (name: string) => JSON.parse(readFileSync(join(here, "fixtures", name), "utf8")) as CanvasDoc;
const serviceData = (name: string) =>
  JSON.parse(readFileSync(join(here, "../../../../services/workflow/tests/data", name), "utf8")) as CanvasDoc;

function find(nodes: CanvasNode[], id: string): CanvasNode {
  for (const node of nodes) {
    if (node.id === id) return node;
    const inner = node.blocks ? find(node.blocks, id) : undefined;
    if (inner) return inner;
  }
  return undefined as unknown as CanvasNode;
}

/** Every read/write pair: reading a node and writing the same form back changes nothing. */
function unchanged(data: NodeData): void {
  const copy = structuredClone(data);
  expect(writeParams(data, readParams(data))).toEqual(copy);
  expect(writeOutputs(data, readOutputs(data))).toEqual(copy);
  expect(writeGathered(data, readGathered(data))).toEqual(copy);
  expect(data).toEqual(copy);
}

describe("node form <-> node data", () => {
  const all: [string, CanvasNode][] = [];
  for (const name of ["e2e_greeting.json", "e2e_loops.json", "e2e_batch.json", "e2e_router.json", "e2e_forecast_llm.json", "e2e_interview.json"]) {
    const walk = (nodes: CanvasNode[]) => nodes.forEach((n) => { all.push([`${name} ${n.id}`, n]); walk(n.blocks ?? []); });
    walk(load(name).nodes);
  }

  it.each(all)("%s: reading and writing back its inputs and outputs keeps it as it was", (_n, node) => unchanged(node.data));

  it("reads a literal and a reference, and writes an edit keeping the rest of the value", () => {
    const llm = find(load("e2e_forecast_llm.json").nodes, "156549");
    const [city] = readParams(llm.data);
    expect(city).toEqual({ name: "city", value: { mode: "ref", type: "string", text: "", blockID: "100001", name: "city" } });
    const edited = writeParams(llm.data, [{ name: "town", value: { ...city.value, name: "town" } }]);
    const param = (edited.inputs!.inputParameters as { name: string; input: { value: { rawMeta: unknown; content: unknown } } }[])[0];
    expect(param.name).toBe("town");
    expect(param.input.value.rawMeta).toEqual({ type: 1 }); // kept
    expect(param.input.value.content).toEqual({ source: "block-output", blockID: "100001", name: "town" });
    expect(edited.inputs!.llmParam).toBe(llm.data.inputs!.llmParam); // other settings untouched
  });

  it("turns a literal into typed content: numbers as text, booleans, lists as JSON", () => {
    expect(writeValue({ mode: "literal", type: "integer", text: "7", blockID: "", name: "" })).toEqual({ type: "integer", value: { type: "literal", content: "7" } });
    expect(writeValue({ mode: "literal", type: "boolean", text: "true", blockID: "", name: "" }).value!.content).toBe(true);
    const list = writeValue({ mode: "literal", type: "list", text: '["a","b"]', blockID: "", name: "" });
    expect(list).toEqual({ type: "list", schema: { type: "string" }, value: { type: "literal", content: ["a", "b"] } });
    expect(readValue(list).text).toBe('["a","b"]');
  });

  it("edits an LLM node's model and prompt in Coze's list of named literals", () => {
    const llm = find(load("e2e_forecast_llm.json").nodes, "156549").data;
    const form = readLlm(llm);
    expect(form).toEqual({ modelId: "1001", prompt: "What is the weather in {{city}} tomorrow?", systemPrompt: "You are a weather assistant.", temperature: "0.8" });
    expect(writeLlm(llm, form)).toEqual(llm);
    const edited = writeLlm(llm, { ...form, prompt: "Forecast for {{city}}", modelId: "1002" });
    expect(readLlm(edited)).toEqual({ ...form, prompt: "Forecast for {{city}}", modelId: "1002" });
    const prompt = (edited.inputs!.llmParam as { name: string; input: { value: { rawMeta: unknown } } }[]).find((p) => p.name === "prompt")!;
    expect(prompt.input.value.rawMeta).toEqual({ type: 1 });
    // an IntentDetector keeps llmParam as an object
    const detector = find(load("e2e_router.json").nodes, "610001").data;
    expect(readLlm(detector).prompt).toBe("{{query}}");
    expect(readLlm(writeLlm(detector, { ...readLlm(detector), systemPrompt: "Route it." })).systemPrompt).toBe("Route it.");
  });

  it("edits an HTTP node's method, URL, headers and body", () => {
    const http = find(load("e2e_router.json").nodes, "620001").data;
    const form = readHttp(http);
    expect(form.method).toBe("POST");
    expect(form.url).toContain("/refunds?city={{block_output_100001.city}}");
    expect(form.headers).toEqual([{ name: "X-Shop", value: { mode: "literal", type: "string", text: "e2e", blockID: "", name: "" } }]);
    expect(form.bodyType).toBe("JSON");
    expect(writeHttp(http, form)).toEqual(http);
    const edited = writeHttp(http, { ...form, method: "GET", url: "http://127.0.0.1/x", bodyType: "EMPTY" });
    expect(edited.inputs!.apiInfo).toEqual({ method: "GET", url: "http://127.0.0.1/x" });
    expect((edited.inputs!.body as { bodyType: string }).bodyType).toBe("EMPTY");
    const fromService = serviceData("exception_branch.json").nodes.find((n) => n.type === "45")!.data;
    expect(writeHttp(fromService, readHttp(fromService))).toEqual(fromService);
  });

  it("edits a Selector's branches and conditions", () => {
    const selector = find(load("e2e_loops.json").nodes, "211001").data;
    const branches = readSelector(selector);
    expect(branches).toHaveLength(2);
    expect(branches[0].conditions[0]).toMatchObject({ operator: 1, left: { mode: "ref", blockID: "210001", name: "w" }, right: { mode: "literal", text: "skip" } });
    expect(writeSelector(selector, branches)).toEqual(selector);
    const edited = writeSelector(selector, [{ ...branches[0], logic: 1, conditions: [{ ...branches[0].conditions[0], operator: 9, right: null }] }]);
    const json = edited.inputs!.branches as { condition: { logic: number; conditions: { operator: number; right?: unknown }[] } }[];
    expect(json).toHaveLength(1);
    expect(json[0].condition.logic).toBe(1);
    expect(json[0].condition.conditions[0]).not.toHaveProperty("right"); // "is empty" takes no right side
  });

  it("edits a Loop's type and count, a Batch's sizes and their gathered outputs", () => {
    const counting = find(load("e2e_loops.json").nodes, "220001").data;
    const loop = readLoop(counting);
    expect(loop).toMatchObject({ loopType: "count", count: { mode: "ref", blockID: "100001", name: "times" } });
    expect(writeLoop(counting, loop)).toEqual(counting);
    const edited = writeLoop(counting, { loopType: "count", count: { mode: "literal", type: "integer", text: "3", blockID: "", name: "" } });
    expect(edited.inputs!.loopCount).toEqual({ type: "integer", value: { type: "literal", content: "3" } });
    expect(readGathered(counting)).toEqual([{ name: "marks", value: { mode: "ref", type: "list", text: "", blockID: "221001", name: "output" } }]);

    const batch = find(load("e2e_batch.json").nodes, "320001").data;
    const sizes = readBatch(batch);
    expect([sizes.batchSize.text, sizes.concurrentSize.text]).toEqual(["100", "2"]);
    expect(writeBatch(batch, sizes)).toEqual(batch);
    const gathered = writeGathered(batch, [...readGathered(batch), { name: "more", value: { mode: "ref", type: "string", text: "", blockID: "321001", name: "loud" } }]);
    expect(gathered.outputs!.at(-1)).toEqual({ name: "more", input: { type: "list", schema: { type: "string" },
      value: { type: "ref", content: { source: "block-output", blockID: "321001", name: "loud" } } } });
  });

  it("edits outputs, titles, a Text template and an End's answer", () => {
    const start = find(load("e2e_greeting.json").nodes, "100001").data;
    const rows = readOutputs(start);
    expect(rows.map((r) => [r.name, r.type, r.required])).toEqual([["name", "string", true], ["age", "integer", false]]);
    const edited = writeOutputs(start, [...rows, { name: "tags", type: "list", element: "string", required: false, description: "" }]);
    expect(edited.outputs!.at(-1)).toEqual({ name: "tags", type: "list", schema: { type: "string" } });
    expect((edited.outputs![1] as { defaultValue: unknown }).defaultValue).toBe(30); // kept
    expect(setTitle(start, "Begin").nodeMeta!.title).toBe("Begin");

    const text = find(load("e2e_greeting.json").nodes, "120001").data;
    expect(readNamedLiteral(text, "concatParams", "concatResult")).toBe("Welcome {{n}}");
    expect(readNamedLiteral(writeNamedLiteral(text, "concatParams", "concatResult", "Hey {{n}}"), "concatParams", "concatResult")).toBe("Hey {{n}}");

    const end = find(load("e2e_greeting.json").nodes, "900001").data;
    expect(readContent(end)).toBe("{{label}}, {{age}} years");
    expect(readContent(writeContent(end, "{{label}}!"))).toBe("{{label}}!");
  });

  it("gives every node type's new data a form that reads and writes back unchanged", () => {
    for (const kind of KINDS) unchanged(kind.defaults());
  });
});

describe("on failure", () => {
  it("reads and writes a node's settingOnError, the error port appearing with processType 3", () => {
    const http = serviceData("exception_branch.json").nodes.find((n) => n.type === "45")!.data;
    const form = readErrorSetting(http);
    expect(form).toEqual({ processType: 3, retryTimes: "2", timeoutMs: "30000", dataOnErr: '{\n  "body": "",\n  "statusCode": 0\n}' });
    expect(writeErrorSetting(http, form)).toBe(http);
    const throwing = writeErrorSetting(http, { ...form, processType: 1, retryTimes: "0" });
    expect(throwing.inputs!.settingOnError).toMatchObject({ processType: 1, switch: false, retryTimes: 0, timeoutMs: 30000 });
    const fresh = writeErrorSetting({}, { processType: 3, retryTimes: "0", timeoutMs: "", dataOnErr: "" });
    expect(fresh.inputs!.settingOnError).toEqual({ processType: 3, switch: true });
  });
});

describe("intents and answer options", () => {
  it("edits the names, keeping each item's other fields", () => {
    const detector = find(load("e2e_router.json").nodes, "610001").data;
    expect(readNames(detector, "intents")).toEqual(["refund an order", "the weather"]);
    expect(writeNames(detector, "intents", readNames(detector, "intents"))).toBe(detector);
    const more = writeNames(detector, "intents", ["refund an order", "the weather", "opening hours"]);
    expect(more.inputs!.intents).toEqual([{ name: "refund an order" }, { name: "the weather" }, { name: "opening hours" }]);
    const asked = writeNames({ inputs: { answer_type: "option" } }, "options", ["yes", "no"]);
    expect(asked.inputs!.options).toEqual([{ name: "yes" }, { name: "no" }]);
  });
});

describe("assignments", () => {
  it("edits a Set loop variable node's left and right sides", () => {
    const remember = find(load("e2e_loops.json").nodes, "211004").data;
    const rows = readAssignments(remember, false);
    expect(rows).toHaveLength(1);
    expect(rows[0].target).toMatchObject({ mode: "ref", blockID: "210001", name: "last" });
    expect(rows[0].value).toMatchObject({ mode: "ref", blockID: "211003", name: "output" });
    expect(writeAssignments(remember, rows, false)).toBe(remember);
    const edited = writeAssignments(remember, [{ ...rows[0], value: { ...rows[0].value, mode: "literal", text: "none" } }], false);
    expect((edited.inputs!.inputParameters as { right: unknown }[])[0].right).toEqual({ type: "string", value: { type: "literal", content: "none" } });
  });

  it("edits a Variable assigner's variable by name and its value", () => {
    const made = writeAssignments({}, [{ target: readValue(undefined), variable: "city", value: { mode: "literal", type: "string", text: "Lyon", blockID: "", name: "" } }], true);
    expect(made.inputs!.inputParameters).toEqual([{ name: "", left: { type: "string", value: { type: "ref",
      content: { source: "global_variable_user", blockID: "", name: "", path: ["city"] } } }, input: { type: "string", value: { type: "literal", content: "Lyon" } } }]);
    const back = readAssignments(made, true);
    expect(back[0].variable).toBe("city");
    expect(writeAssignments(made, back, true)).toBe(made);
  });
});
