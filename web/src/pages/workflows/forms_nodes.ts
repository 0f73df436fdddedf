// The forms of the Knowledge, Sub-workflow, Text split and Variable aggregator nodes <-> their canvas
// data, pure. Field names are the ones the workflow service reads (engine/nodes knowledge_settings,
// subworkflow, text, aggregator); every field the form does not show is kept.
import type { BlockInput, Json, NodeData, Param, VariableSchema } from "./canvas";
import { literalText, readValue, sameValue, writeValue, type ValueForm } from "./forms";

const inputsOf = (data: NodeData): Json => (data.inputs ?? {}) as Json;
const withInputs = (data: NodeData, patch: Json): NodeData => ({ ...data, inputs: { ...inputsOf(data), ...patch } });
const paramList = (data: NodeData, key: string): Param[] => {
  const raw = inputsOf(data)[key];
  return Array.isArray(raw) ? (raw as Param[]) : [];
};

/** Sets named literals in a Param list: a value of "" removes the param; unknown params stay. */
function setNamed(list: Param[], values: Record<string, { content: unknown; type: string; schema?: unknown } | null>): Param[] {
  const next = [...list];
  for (const [name, value] of Object.entries(values)) {
    const i = next.findIndex((p) => p.name === name);
    if (value === null) {
      if (i >= 0) next.splice(i, 1);
      continue;
    }
    const previous = next[i]?.input;
    if (previous && JSON.stringify(previous.value?.content) === JSON.stringify(value.content)) continue;
    const input: BlockInput = { ...(previous ?? {}), type: value.type, value: { ...(previous?.value ?? {}), type: "literal", content: value.content } };
    if (value.schema !== undefined) input.schema = value.schema;
    if (i >= 0) next[i] = { ...next[i], input };
    else next.push({ name, input });
  }
  return next;
}

const namedContent = (list: Param[], name: string): unknown => list.find((p) => p.name === name)?.input?.value?.content;

// ------------------------------------------------------------------ Knowledge retrieve, write, delete

export interface KnowledgeForm {
  /** The knowledge bases' ids (datasetList). */
  datasets: string[];
  /** Retriever only: "" leaves the service's default. */
  topK: string;
  minScore: string;
  /** 0 semantic, 1 hybrid, 20 full text; "" the default. */
  strategy: string;
}

export const STRATEGIES: [string, string][] = [["", "Default"], ["0", "Semantic"], ["1", "Hybrid"], ["20", "Full text"]];

export function readKnowledge(data: NodeData): KnowledgeForm {
  const list = paramList(data, "datasetParam");
  const ids = namedContent(list, "datasetList");
  return {
    datasets: Array.isArray(ids) ? ids.map((id) => String(id)) : [],
    topK: literalText(namedContent(list, "topK")),
    minScore: literalText(namedContent(list, "minScore")),
    strategy: literalText(namedContent(list, "strategy")),
  };
}

export function writeKnowledge(data: NodeData, form: KnowledgeForm, retriever: boolean): NodeData {
  const shown = readKnowledge(data);
  if (JSON.stringify(shown) === JSON.stringify(form)) return data;
  const number = (text: string, type: string) => (text.trim() === "" ? null : { content: Number(text), type });
  const values: Parameters<typeof setNamed>[1] = {
    datasetList: { content: form.datasets, type: "list", schema: { type: "string" } },
  };
  if (retriever) {
    values.topK = number(form.topK, "integer");
    values.minScore = number(form.minScore, "float");
    values.strategy = number(form.strategy, "integer");
  }
  return withInputs(data, { datasetParam: setNamed(paramList(data, "datasetParam"), values) });
}

// ------------------------------------------------------------------ Sub-workflow

export interface SubWorkflowForm {
  workflowId: string;
  workflowVersion: string;
}

export function readSubWorkflow(data: NodeData): SubWorkflowForm {
  const inputs = inputsOf(data);
  return { workflowId: literalText(inputs.workflowId), workflowVersion: literalText(inputs.workflowVersion) };
}

/** The inputs (its Start's outputs) and outputs (its End's returned variables) of a workflow's canvas. */
export function workflowSignature(schemaJson: string): { inputs: VariableSchema[]; outputs: VariableSchema[] } {
  let doc: { nodes?: { type?: string; data?: NodeData }[] } = {};
  try {
    doc = JSON.parse(schemaJson || "{}") as typeof doc;
  } catch {
    return { inputs: [], outputs: [] };
  }
  const nodes = doc.nodes ?? [];
  const start = nodes.find((n) => String(n.type) === "1");
  const end = nodes.find((n) => String(n.type) === "2");
  const inputs = ((start?.data?.outputs ?? []) as VariableSchema[]).filter((o) => o.name);
  const endInputs = (end?.data?.inputs ?? {}) as Json;
  const outputs = endInputs.terminatePlan === "useAnswerContent"
    ? [{ name: "output", type: "string" }]
    : ((endInputs.inputParameters ?? []) as Param[]).filter((p) => p.name).map((p) => {
      const out: VariableSchema = { name: p.name, type: p.input?.type ?? "string" };
      if (p.input?.schema !== undefined) out.schema = p.input.schema as VariableSchema;
      return out;
    });
  return { inputs, outputs };
}

/**
 * Points the node at a workflow. Given its signature, the inputs become its Start's inputs (a
 * value already set for a name of the same name is kept) and the outputs its End's.
 */
export function writeSubWorkflow(data: NodeData, form: SubWorkflowForm,
  signature?: { inputs: VariableSchema[]; outputs: VariableSchema[] }): NodeData {
  const shown = readSubWorkflow(data);
  if (shown.workflowId === form.workflowId && shown.workflowVersion === form.workflowVersion && !signature) return data;
  const next = withInputs(data, { workflowId: form.workflowId, workflowVersion: form.workflowVersion });
  if (!signature) return next;
  const before = paramList(data, "inputParameters");
  const inputParameters = signature.inputs.map((def) => {
    const kept = before.find((p) => p.name === def.name);
    if (kept) return kept;
    const input: BlockInput = { type: def.type ?? "string", value: { type: "ref", content: { source: "block-output", blockID: "", name: "" } } };
    if (def.schema !== undefined) input.schema = def.schema;
    return { name: def.name, input };
  });
  return { ...withInputs(next, { inputParameters, inputDefs: signature.inputs }), outputs: signature.outputs };
}

// ------------------------------------------------------------------ Text split

export function readDelimiters(data: NodeData): string[] {
  const found = namedContent(paramList(data, "splitParams"), "delimiters");
  return Array.isArray(found) ? found.map((d) => String(d)) : [];
}

export function writeDelimiters(data: NodeData, delimiters: string[]): NodeData {
  const before = readDelimiters(data);
  if (before.length === delimiters.length && before.every((d, i) => d === delimiters[i]) && paramList(data, "splitParams").length) return data;
  const splitParams = setNamed(paramList(data, "splitParams"), {
    delimiters: { content: delimiters, type: "list", schema: { type: "string" } },
  });
  return withInputs(data, { splitParams });
}

/** A Text node switched to split: its input is `String`, its output a list of strings. */
export function switchTextMethod(data: NodeData, method: string): NodeData {
  const next = withInputs(data, { method });
  if (method !== "split") return next;
  const params = paramList(data, "inputParameters");
  const withString = params.some((p) => p.name === "String") ? params
    : [{ ...(params[0] ?? { input: { type: "string", value: { type: "ref", content: { source: "block-output", blockID: "", name: "" } } } }), name: "String" },
      ...params.slice(1)];
  const split = writeDelimiters(withInputs(next, { inputParameters: withString }), readDelimiters(data).length ? readDelimiters(data) : ["\n"]);
  return { ...split, outputs: [{ type: "list", name: "output", schema: { type: "string" } }] };
}

// ------------------------------------------------------------------ Variable aggregator

export interface GroupForm {
  name: string;
  variables: ValueForm[];
}

interface GroupJson {
  name?: string;
  variables?: BlockInput[];
  [key: string]: unknown;
}

export function readGroups(data: NodeData): GroupForm[] {
  const groups = (inputsOf(data).mergeGroups as GroupJson[] | undefined) ?? [];
  return groups.map((g) => ({ name: g.name ?? "", variables: (g.variables ?? []).map((v) => readValue(v)) }));
}

/** The groups; each group is also an output of the node (named as it, typed as its first variable). */
export function writeGroups(data: NodeData, groups: GroupForm[]): NodeData {
  const before = (inputsOf(data).mergeGroups as GroupJson[] | undefined) ?? [];
  const shown = readGroups(data);
  const same = groups.length === shown.length && groups.every((g, i) =>
    g.name === shown[i].name && g.variables.length === shown[i].variables.length && g.variables.every((v, j) => sameValue(v, shown[i].variables[j])));
  if (same) return data;
  const mergeGroups = groups.map((g, i) => {
    const previous = before[i] ?? {};
    const variables = g.variables.map((v, j) => {
      const prior = previous.variables?.[j];
      return prior && sameValue(readValue(prior), v) ? prior : writeValue(v, prior);
    });
    return { ...previous, name: g.name, variables };
  });
  const outputsBefore = (data.outputs ?? []) as VariableSchema[];
  const outputs = groups.map((g, i) => {
    const type = g.variables[0]?.type ?? "string";
    const prior = outputsBefore.find((o) => o.name === (before[i]?.name ?? g.name));
    return prior && prior.type === type ? { ...prior, name: g.name } : { name: g.name, type };
  });
  return { ...withInputs(data, { mergeGroups }), outputs };
}

// ------------------------------------------------------------------ Plugin

export interface PluginForm {
  pluginID: string;
  apiID: string;
  apiName: string;
  pluginName: string;
  /** "" or "0": the plugin's draft. */
  pluginVersion: string;
}

/** A tool's parameter as the plugin service lists it (idl/plugin.thrift PluginParameter). */
export interface ToolParameter {
  name: string;
  type: string;
  required?: boolean;
  desc?: string;
  sub_type?: string;
}

const PLUGIN_KEYS = ["pluginID", "apiID", "pluginVersion", "apiName", "pluginName"] as const;

export function readPlugin(data: NodeData): PluginForm {
  const list = paramList(data, "apiParam");
  const get = (name: string) => literalText(namedContent(list, name));
  return { pluginID: get("pluginID"), apiID: get("apiID"), apiName: get("apiName"), pluginName: get("pluginName"), pluginVersion: get("pluginVersion") };
}

/** The canvas type of a tool parameter's JSON-schema type. */
export function toolType(type: string): string {
  return ({ number: "float", array: "list", integer: "integer", boolean: "boolean", object: "object" } as Record<string, string>)[type] ?? "string";
}

/**
 * Names the tool in `apiParam`; given its parameters, the node's inputs become them (a value
 * already set for a parameter of that name is kept; a new one starts as an empty value).
 */
export function writePlugin(data: NodeData, form: PluginForm, parameters?: ToolParameter[]): NodeData {
  const shown = readPlugin(data);
  if (PLUGIN_KEYS.every((k) => shown[k] === form[k]) && !parameters) return data;
  const values = Object.fromEntries(PLUGIN_KEYS.map((k) => [k, { content: form[k], type: "string" }]));
  const next = withInputs(data, { apiParam: setNamed(paramList(data, "apiParam"), values) });
  if (!parameters) return next;
  const before = paramList(data, "inputParameters");
  const inputParameters = parameters.map((p) => {
    const type = toolType(p.type);
    const kept = before.find((b) => b.name === p.name);
    if (kept && kept.input?.type === type) return kept;
    const input: BlockInput = { type, value: { type: "literal", content: type === "string" ? "" : undefined } };
    if (type === "list") input.schema = { type: toolType(p.sub_type ?? "string") };
    return { name: p.name, input };
  });
  return withInputs(next, { inputParameters });
}

// ------------------------------------------------------------------ Database nodes

export interface DbCondition {
  /** A field's name. */
  field: string;
  /** Coze's: EQUAL, NOT_EQUAL, GREATER_THAN, ... (database_statements OPERATIONS). */
  operation: string;
  value: ValueForm;
}

export interface DatabaseForm {
  tableId: string;
  /** Custom SQL (12) only. */
  sql: string;
  /** Query (43) only. */
  limit: string;
  logic: string;
  conditions: DbCondition[];
}

export const DB_OPERATIONS: [string, string][] = [
  ["EQUAL", "="], ["NOT_EQUAL", "≠"], ["GREATER_THAN", ">"], ["GREATER_EQUAL", "≥"], ["LESS_THAN", "<"], ["LESS_EQUAL", "≤"],
  ["IN", "in"], ["NOT_IN", "not in"], ["IS_NULL", "is empty"], ["IS_NOT_NULL", "is not empty"], ["LIKE", "contains"], ["NOT_LIKE", "does not contain"],
];
export const DB_UNARY = new Set(["IS_NULL", "IS_NOT_NULL"]);

/** The setting holding a node's statement (database_settings PARAM_KEYS). */
export const DB_PARAM: Record<string, string> = { "43": "selectParam", "46": "insertParam", "42": "updateParam", "44": "deleteParam" };
export const hasConditions = (type: string) => type === "42" || type === "43" || type === "44";

interface DbConditionJson {
  conditionList?: Param[][];
  logic?: string;
  [key: string]: unknown;
}

function conditionOf(data: NodeData, type: string): DbConditionJson {
  const param = (inputsOf(data)[DB_PARAM[type]] ?? {}) as Json;
  return (param.condition ?? {}) as DbConditionJson;
}

export function readDatabase(data: NodeData, type: string): DatabaseForm {
  const inputs = inputsOf(data);
  const listed = Array.isArray(inputs.databaseInfoList) ? (inputs.databaseInfoList as Json[]) : [];
  const condition = conditionOf(data, type);
  const select = (inputs.selectParam ?? {}) as Json;
  return {
    tableId: literalText(listed[0]?.databaseInfoID),
    sql: literalText(inputs.sql),
    limit: type === "43" ? literalText(select.limit) : "",
    logic: String(condition.logic ?? "AND"),
    conditions: hasConditions(type) ? (condition.conditionList ?? []).map((row) => {
      const by = (name: string) => row.find((p) => p.name === name);
      const right = by("right");
      return {
        field: literalText(by("left")?.input?.value?.content),
        operation: literalText(by("operation")?.input?.value?.content) || "EQUAL",
        value: right ? readValue(right.input) : { mode: "literal", type: "string", text: "", blockID: "", name: "" },
      };
    }) : [],
  };
}

const sameConditions = (a: DbCondition[], b: DbCondition[]) =>
  a.length === b.length && a.every((c, i) => c.field === b[i].field && c.operation === b[i].operation && sameValue(c.value, b[i].value));

/** A database field type (memory databases: 1 text, 2 number, 3 time, 4 float, 5 boolean) as a canvas type. */
export function fieldType(type: number | undefined): string {
  return ({ 2: "integer", 4: "float", 5: "boolean" } as Record<number, string>)[type ?? 1] ?? "string";
}

export function writeDatabase(data: NodeData, type: string, form: DatabaseForm,
  fields?: { name?: string; type?: number }[]): NodeData {
  const shown = readDatabase(data, type);
  const changed = shown.tableId !== form.tableId || shown.sql !== form.sql || shown.limit !== form.limit
    || shown.logic !== form.logic || !sameConditions(shown.conditions, form.conditions);
  if (!changed && !fields) return data;
  const inputs = inputsOf(data);
  const listed = Array.isArray(inputs.databaseInfoList) ? (inputs.databaseInfoList as Json[]) : [];
  const patch: Json = {};
  if (shown.tableId !== form.tableId) patch.databaseInfoList = [{ ...(listed[0] ?? {}), databaseInfoID: form.tableId }, ...listed.slice(1)];
  if (type === "12" && shown.sql !== form.sql) patch.sql = form.sql;
  const key = DB_PARAM[type];
  if (key) {
    const param = { ...((inputs[key] ?? {}) as Json) };
    if (type === "43" && shown.limit !== form.limit) param.limit = Number(form.limit) || 0;
    if (hasConditions(type) && (shown.logic !== form.logic || !sameConditions(shown.conditions, form.conditions))) {
      const before = conditionOf(data, type);
      const rows = before.conditionList ?? [];
      const conditionList = form.conditions.map((c, i) => {
        const prior = rows[i] ?? [];
        const old = shown.conditions[i];
        if (old && old.field === c.field && old.operation === c.operation && sameValue(old.value, c.value)) return prior;
        const priorOf = (name: string) => prior.find((p) => p.name === name);
        const row: Param[] = [
          { ...(priorOf("left") ?? {}), name: "left", input: { type: "string", value: { type: "literal", content: c.field } } },
          { ...(priorOf("operation") ?? {}), name: "operation", input: { type: "string", value: { type: "literal", content: c.operation } } },
        ];
        if (!DB_UNARY.has(c.operation)) row.push({ ...(priorOf("right") ?? {}), name: "right", input: writeValue(c.value, priorOf("right")?.input) });
        return row;
      });
      param.condition = { ...before, conditionList, logic: form.logic };
    }
    patch[key] = param;
  }
  let next = withInputs(data, patch);
  if (fields) {
    // the rows a query or SQL returns: objects of the table's fields
    const schema = fields.filter((f) => f.name).map((f) => ({ name: f.name, type: fieldType(f.type) }));
    next = { ...next, outputs: ((data.outputs ?? []) as VariableSchema[]).map((o) =>
      o.name === "outputList" ? { ...o, schema: { ...((o.schema && !Array.isArray(o.schema)) ? o.schema : {}), type: "object", schema } } : o) };
  }
  return next;
}

// ------------------------------------------------------------------ JSON serialize (58), deserialize (59)

export interface JsonForm {
  /** The node's one input, `input`. */
  input: ValueForm;
  /** The type `output` is converted to (deserialize). */
  outputType: string;
}

export function readJson(data: NodeData): JsonForm {
  const param = paramList(data, "inputParameters").find((p) => p.name === "input");
  const output = ((data.outputs ?? []) as VariableSchema[]).find((o) => o.name === "output");
  return { input: readValue(param?.input), outputType: output?.type ?? "string" };
}

export function writeJson(data: NodeData, form: JsonForm): NodeData {
  const shown = readJson(data);
  if (sameValue(shown.input, form.input) && shown.outputType === form.outputType) return data;
  let next = data;
  if (!sameValue(shown.input, form.input)) {
    const list = paramList(data, "inputParameters");
    const i = list.findIndex((p) => p.name === "input");
    const param = { ...(list[i] ?? {}), name: "input", input: writeValue(form.input, list[i]?.input) };
    next = withInputs(data, { inputParameters: i >= 0 ? list.map((p, j) => (j === i ? param : p)) : [param, ...list] });
  }
  if (shown.outputType !== form.outputType) {
    const outputs = (next.outputs ?? []) as VariableSchema[];
    const schemaOf = (type: string) => (type === "object" ? [] : type === "list" ? { type: "string" } : undefined);
    const out = (o: VariableSchema): VariableSchema => {
      const changed: VariableSchema = { ...o, type: form.outputType };
      const schema = schemaOf(form.outputType);
      if (schema === undefined) delete changed.schema;
      else changed.schema = schema as VariableSchema;
      return changed;
    };
    next = { ...next, outputs: outputs.some((o) => o.name === "output") ? outputs.map((o) => (o.name === "output" ? out(o) : o))
      : [...outputs, out({ name: "output" })] };
  }
  return next;
}
