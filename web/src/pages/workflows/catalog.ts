// Every node type the workflow service runs (atelier_proto NodeType, registered in
// services/workflow engine/registry.py full_registry), with what the editor needs to draw and
// add one: its palette group, whether it holds a body (Loop, Batch), whether it lives only inside
// a Loop, the data a new node starts with, and the ports its outgoing edges leave from.
import { literal, reference, type CanvasNode, type Json, type NodeData } from "./canvas";

export type Group = "Basics" | "Logic" | "Loops" | "Calling out" | "Data" | "Knowledge" | "Conversation" | "Input and output";

export interface NodeKind {
  type: string;
  name: string;
  group: Group;
  /** Holds a body of nodes (`blocks`) run per iteration. */
  composite?: boolean;
  /** Allowed only inside a Loop's body. */
  loopOnly?: boolean;
  /** No edge may enter it (Start), or leave it (End, Break...), or it never runs (Comment). */
  noInput?: boolean;
  noOutput?: boolean;
  /** At most one per canvas and never added from the palette. */
  unique?: boolean;
  defaults: () => NodeData;
}

const text = (name: string, extra: Json = {}) => ({ type: "string", name, ...extra });
const emptyRef = (name: string) => ({ name, input: reference("", "") });
const errorSetting = () => ({ processType: 1, retryTimes: 0, switch: false, timeoutMs: 180000 });

function llmParam(prompt: string): Json[] {
  return [
    { name: "modelType", input: literal("", "integer") },
    { name: "temperature", input: literal("0.7", "float") },
    { name: "maxTokens", input: literal("1024", "integer") },
    { name: "responseFormat", input: literal("0", "integer") },
    { name: "prompt", input: literal(prompt) },
    { name: "systemPrompt", input: literal("") },
    { name: "enableChatHistory", input: literal(false, "boolean") },
  ];
}

const CODE = `async def main(args: Args) -> Output:
    params = args.params
    return {"key0": str(params["input"])}
`;

export const KINDS: NodeKind[] = [
  { type: "1", name: "Start", group: "Basics", noInput: true, unique: true,
    defaults: () => ({ outputs: [text("input")], trigger_parameters: [] }) },
  { type: "2", name: "End", group: "Basics", noOutput: true, unique: true,
    defaults: () => ({ inputs: { terminatePlan: "returnVariables", inputParameters: [emptyRef("output")] } }) },
  { type: "3", name: "LLM", group: "Basics",
    defaults: () => ({ inputs: { inputParameters: [emptyRef("input")], llmParam: llmParam("{{input}}"), settingOnError: errorSetting() },
      outputs: [text("output")], version: "3" }) },
  { type: "5", name: "Code", group: "Basics",
    defaults: () => ({ inputs: { inputParameters: [emptyRef("input")], code: CODE, language: 3, settingOnError: errorSetting() },
      outputs: [text("key0")] }) },
  { type: "15", name: "Text", group: "Basics",
    defaults: () => ({ inputs: { method: "concat", inputParameters: [emptyRef("String1")],
      concatParams: [{ name: "concatResult", input: literal("{{String1}}") }, { name: "arrayItemConcatChar", input: literal(", ") }] },
      outputs: [text("output")] }) },
  { type: "8", name: "Selector", group: "Logic",
    defaults: () => ({ inputs: { branches: [{ condition: { logic: 2, conditions: [
      { operator: 1, left: { input: reference("", "") }, right: { input: literal("") } }] } }] } }) },
  { type: "22", name: "Intent detector", group: "Logic",
    defaults: () => ({ inputs: { inputParameters: [emptyRef("query")], intents: [{ name: "" }], mode: "all",
      llmParam: { modelType: 0, temperature: 0.1, prompt: literal("{{query}}"), systemPrompt: literal("") } },
      outputs: [{ type: "integer", name: "classificationId" }, text("reason")] }) },
  { type: "32", name: "Variable aggregator", group: "Logic",
    defaults: () => ({ inputs: { mergeGroups: [{ name: "Group1", variables: [] }] }, outputs: [text("Group1")] }) },
  { type: "21", name: "Loop", group: "Loops", composite: true,
    defaults: () => ({ inputs: { loopType: "array", loopCount: literal("10", "integer"), inputParameters: [],
      variableParameters: [] }, outputs: [] }) },
  { type: "28", name: "Batch", group: "Loops", composite: true,
    defaults: () => ({ inputs: { batchSize: literal("100", "integer"), concurrentSize: literal("10", "integer"), inputParameters: [] },
      outputs: [] }) },
  { type: "19", name: "Break", group: "Loops", loopOnly: true, noOutput: true, defaults: () => ({}) },
  { type: "29", name: "Continue", group: "Loops", loopOnly: true, noOutput: true, defaults: () => ({}) },
  { type: "20", name: "Set loop variable", group: "Loops", loopOnly: true,
    defaults: () => ({ inputs: { inputParameters: [{ left: reference("", ""), right: reference("", "") }] } }) },
  { type: "45", name: "HTTP request", group: "Calling out",
    defaults: () => ({ inputs: { apiInfo: { method: "GET", url: "" }, headers: [], params: [], auth: { authOpen: false },
      body: { bodyType: "EMPTY", bodyData: { json: "" } }, setting: { timeout: 120, retryTimes: 3 }, settingOnError: errorSetting() },
      outputs: [text("body"), { type: "integer", name: "statusCode" }, text("headers")] }) },
  { type: "4", name: "Plugin", group: "Calling out",
    defaults: () => ({ inputs: { inputParameters: [], apiParam: [
      { name: "pluginID", input: literal("") }, { name: "apiID", input: literal("") }, { name: "pluginVersion", input: literal("") },
      { name: "apiName", input: literal("") }, { name: "pluginName", input: literal("") }] }, outputs: [] }) },
  { type: "9", name: "Sub-workflow", group: "Calling out",
    defaults: () => ({ inputs: { workflowId: "", workflowVersion: "", inputParameters: [] }, outputs: [] }) },
  { type: "58", name: "JSON serialize", group: "Data",
    defaults: () => ({ inputs: { inputParameters: [emptyRef("input")] }, outputs: [text("output")] }) },
  { type: "59", name: "JSON deserialize", group: "Data",
    defaults: () => ({ inputs: { inputParameters: [emptyRef("input")] }, outputs: [{ type: "object", name: "output", schema: [] }] }) },
  { type: "40", name: "Variable assigner", group: "Data",
    defaults: () => ({ inputs: { inputParameters: [{ name: "", left: { type: "string", value: { type: "ref",
      content: { source: "global_variable_user", blockID: "", name: "", path: [] } } }, input: literal("") }] },
      outputs: [{ type: "boolean", name: "isSuccess" }] }) },
  { type: "12", name: "Database SQL", group: "Data",
    defaults: () => ({ inputs: { databaseInfoList: [], sql: "", inputParameters: [] },
      outputs: [{ type: "list", name: "outputList", schema: { type: "object", schema: [] } }, { type: "integer", name: "rowNum" }] }) },
  { type: "43", name: "Database query", group: "Data",
    defaults: () => ({ inputs: { databaseInfoList: [], selectParam: { fieldList: [], limit: 100 } },
      outputs: [{ type: "list", name: "outputList", schema: { type: "object", schema: [] } }, { type: "integer", name: "rowNum" }] }) },
  { type: "46", name: "Database insert", group: "Data",
    defaults: () => ({ inputs: { databaseInfoList: [], insertParam: { fieldInfo: [] } },
      outputs: [{ type: "list", name: "outputList", schema: { type: "object", schema: [] } }, { type: "integer", name: "rowNum" }] }) },
  { type: "42", name: "Database update", group: "Data",
    defaults: () => ({ inputs: { databaseInfoList: [], updateParam: { condition: { conditionList: [], logic: "AND" }, fieldInfo: [] } },
      outputs: [{ type: "list", name: "outputList", schema: { type: "object", schema: [] } }, { type: "integer", name: "rowNum" }] }) },
  { type: "44", name: "Database delete", group: "Data",
    defaults: () => ({ inputs: { databaseInfoList: [], deleteParam: { condition: { conditionList: [], logic: "AND" } } },
      outputs: [{ type: "list", name: "outputList", schema: { type: "object", schema: [] } }, { type: "integer", name: "rowNum" }] }) },
  { type: "6", name: "Knowledge retrieve", group: "Knowledge",
    defaults: () => ({ inputs: { inputParameters: [emptyRef("Query")], datasetParam: [] },
      outputs: [{ type: "list", name: "outputList", schema: { type: "object", schema: [text("output")] } }] }) },
  { type: "27", name: "Knowledge write", group: "Knowledge",
    defaults: () => ({ inputs: { inputParameters: [emptyRef("knowledge")], datasetParam: [], strategyParam: {} },
      outputs: [text("documentId"), text("fileName"), text("fileUrl")] }) },
  { type: "60", name: "Knowledge delete", group: "Knowledge",
    defaults: () => ({ inputs: { inputParameters: [emptyRef("documentID")], datasetParam: [] }, outputs: [{ type: "boolean", name: "isSuccess" }] }) },
  { type: "37", name: "Message list", group: "Conversation",
    defaults: () => ({ inputs: { inputParameters: [emptyRef("conversationName")] }, outputs: [{ type: "list", name: "messageList", schema: { type: "object", schema: [] } }] }) },
  { type: "38", name: "Clear history", group: "Conversation",
    defaults: () => ({ inputs: { inputParameters: [emptyRef("conversationName")] }, outputs: [{ type: "boolean", name: "isSuccess" }] }) },
  { type: "39", name: "Create conversation", group: "Conversation",
    defaults: () => ({ inputs: { inputParameters: [emptyRef("conversationName")] }, outputs: [{ type: "boolean", name: "isSuccess" }] }) },
  { type: "51", name: "Update conversation", group: "Conversation",
    defaults: () => ({ inputs: { inputParameters: [emptyRef("conversationName"), emptyRef("newConversationName")] }, outputs: [{ type: "boolean", name: "isSuccess" }] }) },
  { type: "52", name: "Delete conversation", group: "Conversation",
    defaults: () => ({ inputs: { inputParameters: [emptyRef("conversationName")] }, outputs: [{ type: "boolean", name: "isSuccess" }] }) },
  { type: "53", name: "List conversations", group: "Conversation",
    defaults: () => ({ inputs: { inputParameters: [] }, outputs: [{ type: "list", name: "conversationList", schema: { type: "object", schema: [] } }] }) },
  { type: "54", name: "Conversation history", group: "Conversation",
    defaults: () => ({ inputs: { inputParameters: [emptyRef("conversationName")] }, outputs: [{ type: "list", name: "messageList", schema: { type: "object", schema: [] } }] }) },
  { type: "55", name: "Create message", group: "Conversation",
    defaults: () => ({ inputs: { inputParameters: [emptyRef("conversationName"), emptyRef("role"), emptyRef("content")] }, outputs: [{ type: "boolean", name: "isSuccess" }] }) },
  { type: "56", name: "Edit message", group: "Conversation",
    defaults: () => ({ inputs: { inputParameters: [emptyRef("conversationName"), emptyRef("messageId"), emptyRef("newContent")] }, outputs: [{ type: "boolean", name: "isSuccess" }] }) },
  { type: "57", name: "Delete message", group: "Conversation",
    defaults: () => ({ inputs: { inputParameters: [emptyRef("conversationName"), emptyRef("messageId")] }, outputs: [{ type: "boolean", name: "isSuccess" }] }) },
  { type: "18", name: "Question", group: "Input and output",
    defaults: () => ({ inputs: { inputParameters: [], answer_type: "text", question: "", options: [], option_type: "static",
      extra_output: false, limit: 3, llmParam: {} }, outputs: [text("USER_RESPONSE", { required: true })] }) },
  { type: "30", name: "Input form", group: "Input and output",
    defaults: () => ({ inputs: { inputParameters: [], outputSchema: JSON.stringify([text("answer", { required: true })]) },
      outputs: [text("answer", { required: true })] }) },
  { type: "13", name: "Output message", group: "Input and output",
    defaults: () => ({ inputs: { inputParameters: [emptyRef("output")], content: literal("{{output}}"), streamingOutput: false } }) },
  { type: "31", name: "Comment", group: "Input and output", noInput: true, noOutput: true,
    defaults: () => ({ inputs: { note: JSON.stringify([{ type: "paragraph", children: [{ text: "", type: "text" }] }]), schemaType: "slate" },
      size: { width: 240, height: 150 } }) },
];

const BY_TYPE = new Map(KINDS.map((kind) => [kind.type, kind]));

export function kindOf(type: string): NodeKind | undefined {
  return BY_TYPE.get(type);
}

export function kindName(type: string): string {
  return BY_TYPE.get(type)?.name ?? `Type ${type}`;
}

export const isComposite = (type: string) => Boolean(BY_TYPE.get(type)?.composite);

/** The inner ports of a Loop or Batch: where its body starts and where the body ends. */
export function bodyPorts(type: string): { start: string; end: string; out: string } {
  const prefix = type === "28" ? "batch" : "loop";
  return { start: `${prefix}-function-inline-output`, end: `${prefix}-function-inline-input`, out: `${prefix}-output` };
}

export interface Port {
  /** The handle's id on the canvas (and the sourcePortID of a new edge from it). */
  id: string;
  label: string;
}

function inputsOf(node: { data: NodeData }): Json {
  return (node.data.inputs ?? {}) as Json;
}

/** The node's outgoing ports, as Coze's console names them; [] for one plain output. */
export function sourcePorts(node: Pick<CanvasNode, "type" | "data">): Port[] {
  const inputs = inputsOf(node);
  let ports: Port[] = [];
  const count = (key: string) => (Array.isArray(inputs[key]) ? (inputs[key] as unknown[]).length : 0);
  if (node.type === "8") {
    const n = Math.max(1, count("branches"));
    ports = Array.from({ length: n }, (_, i) => ({ id: i === 0 ? "true" : `true_${i}`, label: i === 0 ? "If" : `Else if ${i}` }));
    ports.push({ id: "false", label: "Else" });
  } else if (node.type === "22") {
    ports = Array.from({ length: count("intents") }, (_, i) => ({ id: `branch_${i}`, label: `Intent ${i + 1}` }));
    ports.push({ id: "default", label: "Other" });
  } else if (node.type === "18" && inputs.answer_type === "option") {
    const n = inputs.option_type === "dynamic" ? 1 : count("options");
    ports = Array.from({ length: n }, (_, i) => ({ id: `branch_${i}`, label: `Option ${i + 1}` }));
    ports.push({ id: "default", label: "Other" });
  } else if (isComposite(node.type)) {
    ports = [{ id: bodyPorts(node.type).out, label: "Next" }];
  }
  const onError = inputs.settingOnError as Json | undefined;
  if (onError && Number(onError.processType) === 3) {
    if (ports.length === 0) ports = [{ id: "default", label: "Success" }];
    ports.push({ id: "branch_error", label: "Error" });
  }
  return ports;
}

/** The handle an edge's sourcePortID leaves from, given the node's ports (Coze's synonyms mapped). */
export function portHandle(type: string, ports: Port[], raw: string | undefined): string | null {
  const port = raw ?? "";
  if (isComposite(type)) {
    const { out, start } = bodyPorts(type);
    return port === start ? start : out;
  }
  if (ports.length === 0) return null;
  const ids = ports.map((p) => p.id);
  if (ids.includes(port)) return port;
  if (type === "8") {
    if (port === "default") return "false";
    const m = /^branch_(\d+)$/.exec(port);
    if (m) return m[1] === "0" ? "true" : `true_${m[1]}`;
  }
  if (port === "" && ids.includes("default")) return "default";
  return port || ids[0];
}
