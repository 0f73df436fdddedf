// A node's form <-> its canvas data, pure. Each `read*` gives the values a form shows; each
// `write*` returns new node data with those values, keeping every field the form does not show
// (rawMeta, schemas of lists, settings of other node types...).
import type { BlockInput, Json, NodeData, Param, RefContent, ValueJson, VariableSchema } from "./canvas";

export type ValueMode = "literal" | "ref";

export interface ValueForm {
  mode: ValueMode;
  type: string;
  /** The literal as the user types it (JSON for lists and objects). */
  text: string;
  blockID: string;
  name: string;
}

export const VALUE_TYPES = ["string", "integer", "float", "boolean", "object", "list"] as const;

export function literalText(content: unknown): string {
  if (content === undefined || content === null) return "";
  return typeof content === "string" ? content : JSON.stringify(content);
}

function literalContent(text: string, type: string, previous: unknown): unknown {
  if (type === "boolean") return text === "true";
  if (type === "list" || type === "object" || (previous !== undefined && previous !== null && typeof previous !== "string")) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

export function readValue(input: BlockInput | undefined): ValueForm {
  const value = input?.value;
  const type = input?.type ?? "string";
  if (value?.type === "ref") {
    const content = (value.content ?? {}) as Partial<RefContent>;
    return { mode: "ref", type, text: "", blockID: content.blockID ?? "", name: content.name ?? "" };
  }
  return { mode: "literal", type, text: literalText(value?.content), blockID: "", name: "" };
}

export function writeValue(form: ValueForm, previous?: BlockInput): BlockInput {
  const keep: BlockInput = { ...(previous ?? {}) };
  if (keep.type !== form.type) delete keep.schema;
  const before = previous?.value;
  let value: ValueJson;
  if (form.mode === "ref") {
    const prior = before?.type === "ref" ? ((before.content ?? {}) as RefContent) : undefined;
    value = { ...(before?.type === "ref" ? before : {}), type: "ref",
      content: { ...(prior ?? {}), source: "block-output", blockID: form.blockID, name: form.name } };
  } else {
    const priorContent = before?.type === "literal" ? before.content : undefined;
    value = { ...(before?.type === "literal" ? before : {}), type: "literal", content: literalContent(form.text, form.type, priorContent) };
  }
  if (form.type === "list" && !keep.schema) keep.schema = { type: "string" };
  return { ...keep, type: form.type, value };
}

/** Equal values (a form edit that changes nothing writes nothing). */
export function sameValue(a: ValueForm, b: ValueForm): boolean {
  return a.mode === b.mode && a.type === b.type && a.text === b.text && a.blockID === b.blockID && a.name === b.name;
}

// ------------------------------------------------------------------ named inputs

export interface InputRow {
  name: string;
  value: ValueForm;
}

const inputsOf = (data: NodeData): Json => (data.inputs ?? {}) as Json;

function withInputs(data: NodeData, patch: Json): NodeData {
  return { ...data, inputs: { ...inputsOf(data), ...patch } };
}

/** A list of named values (`inputParameters`, an HTTP node's `headers`, a Loop's `variableParameters`). */
export function readParams(data: NodeData, key = "inputParameters"): InputRow[] {
  const list = (inputsOf(data)[key] as Param[] | undefined) ?? [];
  return list.filter((p) => !("left" in p)).map((p) => ({ name: p.name ?? "", value: readValue(p.input) }));
}

export function writeParams(data: NodeData, rows: InputRow[], key = "inputParameters"): NodeData {
  const before = ((inputsOf(data)[key] as Param[] | undefined) ?? []).filter((p) => !("left" in p));
  const list = rows.map((row, i) => {
    const previous = before[i];
    if (previous && previous.name === row.name && sameValue(readValue(previous.input), row.value)) return previous;
    return { ...(previous ?? {}), name: row.name, input: writeValue(row.value, previous?.input) };
  });
  const all = (inputsOf(data)[key] as Param[] | undefined) ?? [];
  if (list.length === before.length && list.every((p, i) => p === before[i])) return data;
  // assignments (left/right) are not rows of this form: they stay first, as they were
  return withInputs(data, { [key]: [...all.filter((p) => "left" in p), ...list] });
}

// ------------------------------------------------------------------ outputs

export interface OutputRow {
  name: string;
  type: string;
  /** The element's type of a list. */
  element: string;
  required: boolean;
  description: string;
}

export function readOutputs(data: NodeData): OutputRow[] {
  return ((data.outputs ?? []) as VariableSchema[])
    .filter((o) => !("input" in o))
    .map((o) => ({
      name: o.name ?? "",
      type: o.type ?? "string",
      element: o.type === "list" && o.schema && !Array.isArray(o.schema) ? o.schema.type ?? "string" : "string",
      required: Boolean(o.required),
      description: o.description ?? "",
    }));
}

const sameRow = (a: OutputRow, b: OutputRow) =>
  a.name === b.name && a.type === b.type && a.element === b.element && a.required === b.required && a.description === b.description;

export function writeOutputs(data: NodeData, rows: OutputRow[]): NodeData {
  const before = ((data.outputs ?? []) as VariableSchema[]).filter((o) => !("input" in o));
  const shown = readOutputs(data);
  if (rows.length === before.length && rows.every((row, i) => sameRow(row, shown[i]))) return data;
  const gathered = ((data.outputs ?? []) as Param[]).filter((o) => "input" in o);
  const outputs = rows.map((row, i) => {
    if (before[i] && shown[i] && sameRow(row, shown[i])) return before[i];
    const previous: VariableSchema = { ...(before[i] ?? {}) };
    const out: VariableSchema = { ...previous, name: row.name, type: row.type };
    if (row.type === "list") {
      const schema = previous.schema && !Array.isArray(previous.schema) ? previous.schema : {};
      out.schema = { ...schema, type: row.element };
    } else if (row.type === "object") {
      out.schema = Array.isArray(previous.schema) ? previous.schema : [];
    } else {
      delete out.schema;
    }
    if (row.required) out.required = true;
    else if ("required" in previous) out.required = false;
    if (row.description) out.description = row.description;
    else delete out.description;
    return out;
  });
  return { ...data, outputs: [...gathered, ...outputs] };
}

/** A Loop's or Batch's outputs: named values gathered from its body. */
export function readGathered(data: NodeData): InputRow[] {
  return ((data.outputs ?? []) as Param[]).filter((o) => "input" in o).map((o) => ({ name: o.name ?? "", value: readValue(o.input) }));
}

export function writeGathered(data: NodeData, rows: InputRow[]): NodeData {
  const before = ((data.outputs ?? []) as Param[]).filter((o) => "input" in o);
  const plain = ((data.outputs ?? []) as VariableSchema[]).filter((o) => !("input" in o));
  const outputs = rows.map((row, i) => {
    const previous = before[i];
    if (previous && previous.name === row.name && sameValue(readValue(previous.input), row.value)) return previous;
    return { ...(previous ?? {}), name: row.name, input: writeValue({ ...row.value, type: "list" }, previous?.input) };
  });
  if (outputs.length === before.length && outputs.every((o, i) => o === before[i])) return data;
  return { ...data, outputs: [...outputs, ...plain] };
}

export function setTitle(data: NodeData, title: string): NodeData {
  return { ...data, nodeMeta: { ...(data.nodeMeta ?? {}), title } };
}

// ------------------------------------------------------------------ LLM

export interface LlmForm {
  modelId: string;
  prompt: string;
  systemPrompt: string;
  temperature: string;
}

function llmList(data: NodeData): Param[] {
  const raw = inputsOf(data).llmParam;
  return Array.isArray(raw) ? (raw as Param[]) : [];
}

export function readLlm(data: NodeData): LlmForm {
  const raw = inputsOf(data).llmParam;
  const get = (name: string): string => {
    if (raw && !Array.isArray(raw)) {
      const v = (raw as Json)[name];
      return v && typeof v === "object" ? literalText((v as BlockInput).value?.content) : literalText(v);
    }
    return literalText(llmList(data).find((p) => p.name === name)?.input?.value?.content);
  };
  return { modelId: get("modelType"), prompt: get("prompt"), systemPrompt: get("systemPrompt"), temperature: get("temperature") };
}

export function writeLlm(data: NodeData, form: LlmForm): NodeData {
  const raw = inputsOf(data).llmParam;
  const values: Record<string, [string, string]> = {
    modelType: [form.modelId, "integer"],
    prompt: [form.prompt, "string"],
    systemPrompt: [form.systemPrompt, "string"],
    temperature: [form.temperature, "float"],
  };
  if (raw && !Array.isArray(raw)) {
    const dict = { ...(raw as Json) };
    for (const [name, [text, type]] of Object.entries(values)) {
      const current = dict[name];
      if (current && typeof current === "object") dict[name] = { ...(current as Json), value: { type: "literal", content: text } };
      else dict[name] = type === "string" ? text : Number(text);
    }
    return withInputs(data, { llmParam: dict });
  }
  const list = [...llmList(data)];
  for (const [name, [text, type]] of Object.entries(values)) {
    const i = list.findIndex((p) => p.name === name);
    const previous = list[i]?.input;
    if (previous && literalText(previous.value?.content) === text) continue;
    const input: BlockInput = { ...(previous ?? { type }), value: { ...(previous?.value ?? {}), type: "literal", content: text } };
    if (i >= 0) list[i] = { ...list[i], input };
    else list.push({ name, input });
  }
  return withInputs(data, { llmParam: list });
}

// ------------------------------------------------------------------ HTTP request

export interface HttpForm {
  method: string;
  url: string;
  headers: InputRow[];
  bodyType: string;
  json: string;
  timeout: string;
}

export function readHttp(data: NodeData): HttpForm {
  const inputs = inputsOf(data);
  const api = (inputs.apiInfo ?? {}) as Json;
  const body = (inputs.body ?? {}) as Json;
  const bodyData = (body.bodyData ?? {}) as Json;
  const setting = (inputs.setting ?? {}) as Json;
  return {
    method: String(api.method ?? "GET"),
    url: String(api.url ?? ""),
    headers: readParams(data, "headers"),
    bodyType: String(body.bodyType ?? "EMPTY"),
    json: String((body.bodyType === "RAW_TEXT" ? bodyData.rawText : bodyData.json) ?? ""),
    timeout: literalText(setting.timeout ?? ""),
  };
}

export function writeHttp(data: NodeData, form: HttpForm): NodeData {
  const inputs = inputsOf(data);
  const body = (inputs.body ?? {}) as Json;
  const bodyData = { ...((body.bodyData ?? {}) as Json) };
  if (form.bodyType === "RAW_TEXT") bodyData.rawText = form.json;
  else bodyData.json = form.json;
  const setting = { ...((inputs.setting ?? {}) as Json) };
  if (form.timeout !== literalText(setting.timeout ?? "")) setting.timeout = Number(form.timeout) || 0;
  const next = withInputs(data, {
    apiInfo: { ...((inputs.apiInfo ?? {}) as Json), method: form.method, url: form.url },
    body: { ...body, bodyType: form.bodyType, bodyData },
    setting,
  });
  return writeParams(next, form.headers, "headers");
}

// ------------------------------------------------------------------ Selector

export interface ConditionForm {
  operator: number;
  left: ValueForm;
  right: ValueForm | null;
}

export interface BranchForm {
  /** 1 any (or), 2 all (and). */
  logic: number;
  conditions: ConditionForm[];
}

/** Coze's Selector operators (vo.OperatorType) and the ones that take no right operand. */
export const OPERATORS: [number, string][] = [
  [1, "equals"], [2, "does not equal"], [3, "length >"], [4, "length ≥"], [5, "length <"], [6, "length ≤"],
  [7, "contains"], [8, "does not contain"], [9, "is empty"], [10, "is not empty"], [11, "is true"], [12, "is false"],
  [13, ">"], [14, "≥"], [15, "<"], [16, "≤"],
];
export const UNARY = new Set([9, 10, 11, 12]);

interface ConditionJson {
  operator?: number;
  left?: { input?: BlockInput; [k: string]: unknown };
  right?: { input?: BlockInput; [k: string]: unknown };
  [k: string]: unknown;
}
interface BranchJson {
  condition?: { logic?: number; conditions?: ConditionJson[]; [k: string]: unknown };
  [k: string]: unknown;
}

export function readSelector(data: NodeData): BranchForm[] {
  const branches = (inputsOf(data).branches as BranchJson[] | undefined) ?? [];
  return branches.map((b) => ({
    logic: b.condition?.logic ?? 2,
    conditions: (b.condition?.conditions ?? []).map((c) => ({
      operator: c.operator ?? 1,
      left: readValue(c.left?.input),
      right: c.right ? readValue(c.right.input) : null,
    })),
  }));
}

export function writeSelector(data: NodeData, forms: BranchForm[]): NodeData {
  const before = (inputsOf(data).branches as BranchJson[] | undefined) ?? [];
  const branches = forms.map((form, i) => {
    const previous = before[i] ?? {};
    const conditions = form.conditions.map((c, j) => {
      const prior = previous.condition?.conditions?.[j] ?? {};
      const out: ConditionJson = { ...prior, operator: c.operator, left: { ...(prior.left ?? {}), input: writeValue(c.left, prior.left?.input) } };
      if (c.right && !UNARY.has(c.operator)) out.right = { ...(prior.right ?? {}), input: writeValue(c.right, prior.right?.input) };
      else delete out.right;
      return out;
    });
    return { ...previous, condition: { ...(previous.condition ?? {}), logic: form.logic, conditions } };
  });
  return withInputs(data, { branches });
}

// ------------------------------------------------------------------ Loop, Batch

export interface LoopForm {
  loopType: string;
  count: ValueForm;
}

export function readLoop(data: NodeData): LoopForm {
  const inputs = inputsOf(data);
  return { loopType: String(inputs.loopType ?? "array"), count: readValue(inputs.loopCount as BlockInput | undefined) };
}

export function writeLoop(data: NodeData, form: LoopForm): NodeData {
  const inputs = inputsOf(data);
  const previous = inputs.loopCount as BlockInput | undefined;
  const loopCount = previous && sameValue(readValue(previous), form.count) ? previous : writeValue({ ...form.count, type: "integer" }, previous);
  return withInputs(data, { loopType: form.loopType, loopCount });
}

export interface BatchForm {
  batchSize: ValueForm;
  concurrentSize: ValueForm;
}

export function readBatch(data: NodeData): BatchForm {
  const inputs = inputsOf(data);
  return { batchSize: readValue(inputs.batchSize as BlockInput), concurrentSize: readValue(inputs.concurrentSize as BlockInput) };
}

export function writeBatch(data: NodeData, form: BatchForm): NodeData {
  const inputs = inputsOf(data);
  const keep = (key: "batchSize" | "concurrentSize") => {
    const previous = inputs[key] as BlockInput | undefined;
    return previous && sameValue(readValue(previous), form[key]) ? previous : writeValue({ ...form[key], type: "integer" }, previous);
  };
  return withInputs(data, { batchSize: keep("batchSize"), concurrentSize: keep("concurrentSize") });
}

// ------------------------------------------------------------------ simple settings

/** A setting kept as a named literal in a Param list (a Text node's concatParams...). */
export function readNamedLiteral(data: NodeData, key: string, name: string): string {
  const list = (inputsOf(data)[key] as Param[] | undefined) ?? [];
  return literalText(list.find((p) => p.name === name)?.input?.value?.content);
}

export function writeNamedLiteral(data: NodeData, key: string, name: string, text: string): NodeData {
  const list = [...((inputsOf(data)[key] as Param[] | undefined) ?? [])];
  const i = list.findIndex((p) => p.name === name);
  const previous = list[i]?.input;
  const input: BlockInput = { ...(previous ?? { type: "string" }), value: { ...(previous?.value ?? {}), type: "literal", content: text } };
  if (i >= 0) list[i] = { ...list[i], input };
  else list.push({ name, input });
  return withInputs(data, { [key]: list });
}

/** A plain setting of `data.inputs` (code, language, terminatePlan, question...). */
export function readSetting(data: NodeData, key: string): string {
  return literalText(inputsOf(data)[key]);
}

export function writeSetting(data: NodeData, key: string, value: unknown): NodeData {
  return withInputs(data, { [key]: value });
}

/** The End's or an Output message's answer template (`content`, a literal). */
export function readContent(data: NodeData): string {
  return literalText(((inputsOf(data).content as BlockInput | undefined)?.value)?.content);
}

export function writeContent(data: NodeData, text: string): NodeData {
  const previous = inputsOf(data).content as BlockInput | undefined;
  return withInputs(data, { content: { ...(previous ?? { type: "string" }), value: { ...(previous?.value ?? {}), type: "literal", content: text } } });
}

// ------------------------------------------------------------------ on failure (settingOnError)

export interface ErrorForm {
  /** 1 the run fails, 2 the node outputs `dataOnErr`, 3 the node's error port is taken. */
  processType: number;
  retryTimes: string;
  timeoutMs: string;
  dataOnErr: string;
}

export function readErrorSetting(data: NodeData): ErrorForm {
  const setting = (inputsOf(data).settingOnError ?? {}) as Json;
  return {
    processType: Number(setting.processType ?? 1) || 1,
    retryTimes: literalText(setting.retryTimes ?? 0),
    timeoutMs: literalText(setting.timeoutMs ?? ""),
    dataOnErr: literalText(setting.dataOnErr ?? ""),
  };
}

export function writeErrorSetting(data: NodeData, form: ErrorForm): NodeData {
  const before = (inputsOf(data).settingOnError ?? {}) as Json;
  const shown = readErrorSetting(data);
  if (JSON.stringify(shown) === JSON.stringify(form)) return data;
  const setting: Json = { ...before, processType: form.processType, switch: form.processType !== 1 };
  if (form.retryTimes !== shown.retryTimes) setting.retryTimes = Number(form.retryTimes) || 0;
  if (form.timeoutMs !== shown.timeoutMs) setting.timeoutMs = Number(form.timeoutMs) || 0;
  if (form.dataOnErr !== shown.dataOnErr) setting.dataOnErr = form.dataOnErr;
  return withInputs(data, { settingOnError: setting });
}

// ------------------------------------------------------------------ named choices (intents, answer options)

/** The names of an IntentDetector's `intents` or a Question's `options`: one port each. */
export function readNames(data: NodeData, key: "intents" | "options"): string[] {
  return ((inputsOf(data)[key] as { name?: string }[] | undefined) ?? []).map((item) => item.name ?? "");
}

export function writeNames(data: NodeData, key: "intents" | "options", names: string[]): NodeData {
  const before = (inputsOf(data)[key] as Json[] | undefined) ?? [];
  if (names.length === before.length && names.every((name, i) => before[i].name === name)) return data;
  return withInputs(data, { [key]: names.map((name, i) => ({ ...(before[i] ?? {}), name })) });
}

// ------------------------------------------------------------------ assignments

export interface AssignmentRow {
  /** Set loop variable: the loop variable (a reference); Variable assigner: the variable's name. */
  target: ValueForm;
  variable: string;
  value: ValueForm;
}

/** Set loop variable (`left` ref, `right` value) or Variable assigner (`left` a global variable, `input`). */
export function readAssignments(data: NodeData, global: boolean): AssignmentRow[] {
  const list = ((inputsOf(data).inputParameters as Param[] | undefined) ?? []).filter((p) => "left" in p);
  return list.map((p) => {
    const content = (p.left?.value?.content ?? {}) as Partial<RefContent>;
    return {
      target: readValue(p.left),
      variable: (content.path ?? [])[0] ?? "",
      value: readValue(global ? p.input : p.right),
    };
  });
}

export function writeAssignments(data: NodeData, rows: AssignmentRow[], global: boolean, scope = "global_variable_user"): NodeData {
  const all = (inputsOf(data).inputParameters as Param[] | undefined) ?? [];
  const before = all.filter((p) => "left" in p);
  const shown = readAssignments(data, global);
  const same = rows.length === shown.length && rows.every((r, i) =>
    sameValue(r.target, shown[i].target) && r.variable === shown[i].variable && sameValue(r.value, shown[i].value));
  if (same) return data;
  const list = rows.map((row, i) => {
    const previous: Param = before[i] ?? {};
    if (global) {
      const priorRef = (previous.left?.value?.content ?? {}) as Partial<RefContent>;
      const left: BlockInput = { ...(previous.left ?? { type: row.value.type }), value: { type: "ref",
        content: { ...priorRef, source: priorRef.source || scope, blockID: "", name: "", path: [row.variable] } } };
      return { ...previous, name: previous.name ?? "", left, input: writeValue(row.value, previous.input) };
    }
    return { ...previous, left: writeValue(row.target, previous.left), right: writeValue(row.value, previous.right) };
  });
  return withInputs(data, { inputParameters: [...list, ...all.filter((p) => !("left" in p))] });
}
