// The selected node's form: its title, node-specific settings, inputs (values or references to
// the outputs before it), outputs, connections, and a single-node debug run.
import { useState, type ReactNode } from "react";
import type { CanvasNode, NodeData } from "./canvas";
import { KINDS, kindName, kindOf, sourcePorts, type Port } from "./catalog";
import {
  OPERATORS, UNARY, readBatch, readErrorSetting, writeErrorSetting, readNames, writeNames, readAssignments, writeAssignments, readContent, readGathered, readHttp, readLlm, readLoop, readNamedLiteral, readOutputs, readParams,
  readSelector, readSetting, setTitle, writeBatch, writeContent, writeGathered, writeHttp, writeLlm, writeLoop, writeNamedLiteral,
  writeOutputs, writeParams, writeSelector, writeSetting, VALUE_TYPES, type InputRow, type OutputRow, type ValueForm,
} from "./forms";
import type { Model } from "./api";
import type { RefOption } from "./references";
import { ValueField } from "./ValueField";
import { AggregatorSettings, DatabaseSettings, JsonSettings, DelimiterSettings, KnowledgeSettings, PluginSettings, Section, SubWorkflowSettings } from "./NodeForms";
import { switchTextMethod } from "./forms_nodes";

export interface Connection {
  id: string;
  port: string;
  targetTitle: string;
}

export interface Target {
  id: string;
  title: string;
  handle: string | null;
}

export interface PanelProps {
  node: CanvasNode;
  options: RefOption[];
  bodyOptions: RefOption[];
  models: Model[];
  problems: string[];
  connections: Connection[];
  targets: Target[];
  innerPorts: Port[];
  onChange: (data: NodeData) => void;
  onConnect: (port: string | null, target: Target) => void;
  onRemoveEdge: (id: string) => void;
  onDelete?: () => void;
  onAddToBody?: (type: string) => void;
  debug: ReactNode;
}

const emptyValue = (): ValueForm => ({ mode: "ref", type: "string", text: "", blockID: "", name: "" });


function ParamRows({ label, rows, options, onChange, noun = "input" }: {
  label: string; rows: InputRow[]; options: RefOption[]; onChange: (rows: InputRow[]) => void; noun?: string;
}) {
  return (
    <div className="wf-rows">
      {rows.map((row, i) => (
        <div key={i} className="wf-row">
          <input aria-label={`${label} ${i + 1} name`} value={row.name} placeholder="name"
            onChange={(e) => onChange(rows.map((r, j) => (j === i ? { ...r, name: e.target.value } : r)))} />
          <ValueField label={`${label} ${i + 1}`} value={row.value} options={options}
            onChange={(value) => onChange(rows.map((r, j) => (j === i ? { ...r, value } : r)))} />
          <button type="button" className="btn btn-small btn-ghost" aria-label={`Remove ${label} ${i + 1}`}
            onClick={() => onChange(rows.filter((_, j) => j !== i))}>×</button>
        </div>
      ))}
      <button type="button" className="btn btn-small" onClick={() => onChange([...rows, { name: `${noun}${rows.length + 1}`, value: emptyValue() }])}>
        Add {noun}
      </button>
    </div>
  );
}

function OutputRows({ rows, onChange }: { rows: OutputRow[]; onChange: (rows: OutputRow[]) => void }) {
  const set = (i: number, patch: Partial<OutputRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <div className="wf-rows">
      {rows.map((row, i) => (
        <div key={i} className="wf-row">
          <input aria-label={`Output ${i + 1} name`} value={row.name} onChange={(e) => set(i, { name: e.target.value })} />
          <select aria-label={`Output ${i + 1} type`} value={row.type} onChange={(e) => set(i, { type: e.target.value })}>
            {VALUE_TYPES.map((t) => <option key={t} value={t}>{t}</option>)}
          </select>
          {row.type === "list" && (
            <select aria-label={`Output ${i + 1} element type`} value={row.element} onChange={(e) => set(i, { element: e.target.value })}>
              {VALUE_TYPES.map((t) => <option key={t} value={t}>{t}</option>)}
            </select>
          )}
          <label className="wf-check">
            <input type="checkbox" checked={row.required} onChange={(e) => set(i, { required: e.target.checked })} />
            required
          </label>
          <button type="button" className="btn btn-small btn-ghost" aria-label={`Remove output ${i + 1}`} onClick={() => onChange(rows.filter((_, j) => j !== i))}>×</button>
        </div>
      ))}
      <button type="button" className="btn btn-small"
        onClick={() => onChange([...rows, { name: `output${rows.length + 1}`, type: "string", element: "string", required: false, description: "" }])}>
        Add output
      </button>
    </div>
  );
}

function TextArea({ label, value, onChange, rows = 4 }: { label: string; value: string; onChange: (v: string) => void; rows?: number }) {
  return (
    <label className="field">
      <span>{label}</span>
      <textarea aria-label={label} rows={rows} value={value} onChange={(e) => onChange(e.target.value)} spellCheck={false} />
    </label>
  );
}

function NameList({ label, names, onChange }: { label: string; names: string[]; onChange: (names: string[]) => void }) {
  return (
    <div className="wf-rows">
      {names.map((name, i) => (
        <div key={i} className="wf-row">
          <input aria-label={`${label} ${i + 1}`} value={name} onChange={(e) => onChange(names.map((n, j) => (j === i ? e.target.value : n)))} />
          <button type="button" className="btn btn-small btn-ghost" aria-label={`Remove ${label} ${i + 1}`} onClick={() => onChange(names.filter((_, j) => j !== i))}>×</button>
        </div>
      ))}
      <button type="button" className="btn btn-small" onClick={() => onChange([...names, ""])}>Add {label.toLowerCase()}</button>
      <p className="muted wf-hint">Each has its own port; connect it to the node it leads to.</p>
    </div>
  );
}

function Assignments({ data, options, global, onChange }: { data: NodeData; options: RefOption[]; global: boolean; onChange: (d: NodeData) => void }) {
  const rows = readAssignments(data, global);
  const save = (next: typeof rows) => onChange(writeAssignments(data, next, global));
  const set = (i: number, patch: Partial<(typeof rows)[number]>) => save(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <Section title={global ? "Variables to set" : "Loop variables to set"}>
      {rows.map((row, i) => (
        <div key={i} className="wf-condition">
          {global ? (
            <input aria-label={`Variable ${i + 1} name`} value={row.variable} placeholder="variable name" onChange={(e) => set(i, { variable: e.target.value })} />
          ) : (
            <ValueField label={`Loop variable ${i + 1}`} value={row.target} options={options} refOnly onChange={(target) => set(i, { target })} />
          )}
          <span aria-hidden="true">=</span>
          <ValueField label={`Value ${i + 1}`} value={row.value} options={options} onChange={(value) => set(i, { value })} />
          <button type="button" className="btn btn-small btn-ghost" aria-label={`Remove assignment ${i + 1}`} onClick={() => save(rows.filter((_, j) => j !== i))}>×</button>
        </div>
      ))}
      <button type="button" className="btn btn-small" onClick={() => save([...rows, { target: emptyValue(), variable: "", value: emptyValue() }])}>
        Add assignment
      </button>
    </Section>
  );
}

function LlmSettings({ data, models, onChange }: { data: NodeData; models: Model[]; onChange: (d: NodeData) => void }) {
  const form = readLlm(data);
  const set = (patch: Partial<typeof form>) => onChange(writeLlm(data, { ...form, ...patch }));
  return (
    <Section title="Model">
      <label className="field">
        <span>Model</span>
        <select aria-label="Model" value={form.modelId} onChange={(e) => set({ modelId: e.target.value })}>
          <option value="">Choose a model…</option>
          {form.modelId && !models.some((m) => String(m.model_type) === form.modelId) && <option value={form.modelId}>{`Model ${form.modelId}`}</option>}
          {models.map((m) => <option key={m.model_type} value={String(m.model_type)}>{m.name}</option>)}
        </select>
      </label>
      <label className="field">
        <span>Temperature</span>
        <input type="number" step="0.1" min="0" max="2" value={form.temperature} onChange={(e) => set({ temperature: e.target.value })} />
      </label>
      <TextArea label="System prompt" value={form.systemPrompt} onChange={(systemPrompt) => set({ systemPrompt })} rows={3} />
      <TextArea label="Prompt" value={form.prompt} onChange={(prompt) => set({ prompt })} />
      <p className="muted wf-hint">Use inputs by name: {"{{input}}"}.</p>
    </Section>
  );
}

function HttpSettings({ data, options, onChange }: { data: NodeData; options: RefOption[]; onChange: (d: NodeData) => void }) {
  const form = readHttp(data);
  const set = (patch: Partial<typeof form>) => onChange(writeHttp(data, { ...form, ...patch }));
  return (
    <Section title="Request">
      <div className="field-row">
        <label className="field">
          <span>Method</span>
          <select aria-label="Method" value={form.method} onChange={(e) => set({ method: e.target.value })}>
            {["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD"].map((m) => <option key={m}>{m}</option>)}
          </select>
        </label>
        <label className="field">
          <span>Timeout (s)</span>
          <input type="number" min="1" value={form.timeout} onChange={(e) => set({ timeout: e.target.value })} />
        </label>
      </div>
      <label className="field">
        <span>URL</span>
        <input value={form.url} onChange={(e) => set({ url: e.target.value })} placeholder="https://…/{{block_output_100001.input}}" />
      </label>
      <p className="muted wf-hint">Insert an output with {"{{block_output_<node id>.<field>}}"}.</p>
      <span className="wf-label">Headers</span>
      <ParamRows label="Header" noun="header" rows={form.headers} options={options} onChange={(headers) => set({ headers })} />
      <label className="field">
        <span>Body</span>
        <select aria-label="Body" value={form.bodyType} onChange={(e) => set({ bodyType: e.target.value })}>
          <option value="EMPTY">None</option>
          <option value="JSON">JSON</option>
          <option value="RAW_TEXT">Raw text</option>
        </select>
      </label>
      {form.bodyType !== "EMPTY" && <TextArea label="Body content" value={form.json} onChange={(json) => set({ json })} />}
    </Section>
  );
}

function SelectorSettings({ data, options, onChange }: { data: NodeData; options: RefOption[]; onChange: (d: NodeData) => void }) {
  const branches = readSelector(data);
  const save = (next: typeof branches) => onChange(writeSelector(data, next));
  return (
    <Section title="Branches">
      {branches.map((branch, i) => {
        const name = i === 0 ? "If" : `Else if ${i}`;
        return (
          <div key={i} className="wf-branch" role="group" aria-label={`Branch ${name}`}>
            <div className="wf-row">
              <strong>{name}</strong>
              <select aria-label={`${name} match`} value={branch.logic} onChange={(e) => save(branches.map((b, j) => (j === i ? { ...b, logic: Number(e.target.value) } : b)))}>
                <option value={2}>all conditions</option>
                <option value={1}>any condition</option>
              </select>
              {branches.length > 1 && (
                <button type="button" className="btn btn-small btn-ghost" aria-label={`Remove branch ${name}`} onClick={() => save(branches.filter((_, j) => j !== i))}>×</button>
              )}
            </div>
            {branch.conditions.map((c, k) => {
              const label = `${name} condition ${k + 1}`;
              const setCondition = (patch: Partial<typeof c>) =>
                save(branches.map((b, j) => (j === i ? { ...b, conditions: b.conditions.map((x, m) => (m === k ? { ...x, ...patch } : x)) } : b)));
              return (
                <div key={k} className="wf-condition">
                  <ValueField label={`${label} left`} value={c.left} options={options} refOnly onChange={(left) => setCondition({ left })} />
                  <select aria-label={`${label} operator`} value={c.operator} onChange={(e) => setCondition({ operator: Number(e.target.value) })}>
                    {OPERATORS.map(([value, text]) => <option key={value} value={value}>{text}</option>)}
                  </select>
                  {!UNARY.has(c.operator) && (
                    <ValueField label={`${label} right`} value={c.right ?? { ...emptyValue(), mode: "literal" }} options={options}
                      onChange={(right) => setCondition({ right })} />
                  )}
                  <button type="button" className="btn btn-small btn-ghost" aria-label={`Remove ${label}`}
                    onClick={() => save(branches.map((b, j) => (j === i ? { ...b, conditions: b.conditions.filter((_, m) => m !== k) } : b)))}>×</button>
                </div>
              );
            })}
            <button type="button" className="btn btn-small"
              onClick={() => save(branches.map((b, j) => (j === i ? { ...b, conditions: [...b.conditions, { operator: 1, left: emptyValue(), right: { ...emptyValue(), mode: "literal" } }] } : b)))}>
              Add condition
            </button>
          </div>
        );
      })}
      <button type="button" className="btn btn-small" onClick={() => save([...branches, { logic: 2, conditions: [{ operator: 1, left: emptyValue(), right: { ...emptyValue(), mode: "literal" } }] }])}>
        Add branch
      </button>
      <p className="muted wf-hint">Connect each branch's port (and Else) to the node it leads to.</p>
    </Section>
  );
}

function BodySettings({ node, options, bodyOptions, onChange, onAddToBody }: {
  node: CanvasNode; options: RefOption[]; bodyOptions: RefOption[]; onChange: (d: NodeData) => void; onAddToBody?: (type: string) => void;
}) {
  const data = node.data;
  const isLoop = node.type === "21";
  const [adding, setAdding] = useState("15");
  const loop = readLoop(data);
  const batch = readBatch(data);
  const addable = KINDS.filter((k) => !k.unique && !k.composite && (isLoop || !k.loopOnly));
  return (
    <>
      <Section title={isLoop ? "Loop" : "Batch"}>
        {isLoop ? (
          <>
            <label className="field">
              <span>Loop type</span>
              <select aria-label="Loop type" value={loop.loopType} onChange={(e) => onChange(writeLoop(data, { ...loop, loopType: e.target.value }))}>
                <option value="array">Over the lists below</option>
                <option value="count">A number of times</option>
                <option value="infinite">Until a Break</option>
              </select>
            </label>
            {loop.loopType === "count" && (
              <ValueField label="Loop count" value={{ ...loop.count, type: "integer" }} options={options} fixedType
                onChange={(count) => onChange(writeLoop(data, { ...loop, count }))} />
            )}
          </>
        ) : (
          <div className="field-row">
            <ValueField label="Batch size" value={{ ...batch.batchSize, type: "integer" }} options={options} fixedType
              onChange={(batchSize) => onChange(writeBatch(data, { ...batch, batchSize }))} />
            <ValueField label="Parallel runs" value={{ ...batch.concurrentSize, type: "integer" }} options={options} fixedType
              onChange={(concurrentSize) => onChange(writeBatch(data, { ...batch, concurrentSize }))} />
          </div>
        )}
        <span className="wf-label">{isLoop ? "Lists to loop over" : "Lists to run over"}</span>
        <ParamRows label="List" noun="item" rows={readParams(data)} options={options} onChange={(rows) => onChange(writeParams(data, rows))} />
        {isLoop && (
          <>
            <span className="wf-label">Loop variables</span>
            <ParamRows label="Loop variable" noun="variable" rows={readParams(data, "variableParameters")} options={options}
              onChange={(rows) => onChange(writeParams(data, rows, "variableParameters"))} />
          </>
        )}
      </Section>
      <Section title="Body">
        <div className="wf-row">
          <select aria-label="Node to add to the body" value={adding} onChange={(e) => setAdding(e.target.value)}>
            {addable.map((k) => <option key={k.type} value={k.type}>{k.name}</option>)}
          </select>
          <button type="button" className="btn btn-small" onClick={() => onAddToBody?.(adding)}>Add to body</button>
        </div>
      </Section>
      <Section title="Outputs (gathered from each iteration)">
        <ParamRows label="Gathered output" noun="output" rows={readGathered(data)} options={bodyOptions}
          onChange={(rows) => onChange(writeGathered(data, rows))} />
      </Section>
    </>
  );
}

function SpecificSettings(props: PanelProps) {
  const { node, options, models, onChange } = props;
  const data = node.data;
  switch (node.type) {
    case "2":
    case "13": {
      const plan = readSetting(data, "terminatePlan") || "returnVariables";
      return (
        <Section title={node.type === "2" ? "Answer" : "Message"}>
          {node.type === "2" && (
            <label className="field">
              <span>The run returns</span>
              <select aria-label="The run returns" value={plan} onChange={(e) => onChange(writeSetting(data, "terminatePlan", e.target.value))}>
                <option value="returnVariables">Its variables</option>
                <option value="useAnswerContent">A text answer</option>
              </select>
            </label>
          )}
          {(node.type === "13" || plan === "useAnswerContent") && (
            <TextArea label="Answer template" value={readContent(data)} onChange={(t) => onChange(writeContent(data, t))} />
          )}
        </Section>
      );
    }
    case "3":
      return <LlmSettings data={data} models={models} onChange={onChange} />;
    case "22":
      return (
        <>
          <LlmSettings data={data} models={models} onChange={onChange} />
          <Section title="Intents">
            <NameList label="Intent" names={readNames(data, "intents")} onChange={(names) => onChange(writeNames(data, "intents", names))} />
          </Section>
        </>
      );
    case "45":
      return <HttpSettings data={data} options={options} onChange={onChange} />;
    case "8":
      return <SelectorSettings data={data} options={options} onChange={onChange} />;
    case "21":
    case "28":
      return <BodySettings node={node} options={options} bodyOptions={props.bodyOptions} onChange={onChange} onAddToBody={props.onAddToBody} />;
    case "20":
      return <Assignments data={data} options={options} global={false} onChange={onChange} />;
    case "40":
      return <Assignments data={data} options={options} global onChange={onChange} />;
    case "5":
      return (
        <Section title="Code">
          <label className="field">
            <span>Language</span>
            <select aria-label="Language" value={readSetting(data, "language") || "3"} onChange={(e) => onChange(writeSetting(data, "language", Number(e.target.value)))}>
              <option value="3">Python</option>
              {readSetting(data, "language") === "5" && <option value="5">JavaScript (does not run here)</option>}
            </select>
          </label>
          <TextArea label="Source" rows={10} value={readSetting(data, "code")} onChange={(t) => onChange(writeSetting(data, "code", t))} />
        </Section>
      );
    case "15": {
      const method = readSetting(data, "method") || "concat";
      return (
        <Section title="Text">
          <label className="field">
            <span>Operation</span>
            <select aria-label="Operation" value={method} onChange={(e) => onChange(switchTextMethod(data, e.target.value))}>
              <option value="concat">Join into a template</option>
              <option value="split">Split</option>
            </select>
          </label>
          {method === "concat" ? (
            <TextArea label="Template" value={readNamedLiteral(data, "concatParams", "concatResult")}
              onChange={(t) => onChange(writeNamedLiteral(data, "concatParams", "concatResult", t))} />
          ) : (
            <DelimiterSettings data={data} onChange={onChange} />
          )}
        </Section>
      );
    }
    case "18":
      return (
        <Section title="Question">
          <TextArea label="Question" value={readSetting(data, "question")} onChange={(t) => onChange(writeSetting(data, "question", t))} />
          <label className="field">
            <span>Answer</span>
            <select aria-label="Answer" value={readSetting(data, "answer_type") || "text"} onChange={(e) => onChange(writeSetting(data, "answer_type", e.target.value))}>
              <option value="text">Free text</option>
              <option value="option">One of options</option>
            </select>
          </label>
          {readSetting(data, "answer_type") === "option" && (
            <NameList label="Option" names={readNames(data, "options")} onChange={(names) => onChange(writeNames(data, "options", names))} />
          )}
        </Section>
      );
    case "6":
    case "27":
    case "60":
      return <KnowledgeSettings data={data} retriever={node.type === "6"} onChange={onChange} />;
    case "9":
      return <SubWorkflowSettings data={data} onChange={onChange} />;
    case "4":
      return <PluginSettings data={data} onChange={onChange} />;
    case "12":
    case "42":
    case "43":
    case "44":
    case "46":
      return <DatabaseSettings data={data} type={node.type} options={options} onChange={onChange} />;
    case "58":
    case "59":
      return <JsonSettings data={data} parse={node.type === "59"} options={options} onChange={onChange} />;
    case "32":
      return <AggregatorSettings data={data} options={options} onChange={onChange} />;
    default:
      return null;
  }
}

/** Nodes that run something that can fail: they say what happens then (Coze's settingOnError). */
const CAN_FAIL = new Set(["3", "4", "5", "6", "9", "12", "22", "27", "42", "43", "44", "45", "46", "58", "59", "60"]);

function ErrorSettings({ data, onChange }: { data: NodeData; onChange: (d: NodeData) => void }) {
  const form = readErrorSetting(data);
  const set = (patch: Partial<typeof form>) => onChange(writeErrorSetting(data, { ...form, ...patch }));
  return (
    <Section title="On failure">
      <label className="field">
        <span>When it fails</span>
        <select aria-label="When it fails" value={form.processType} onChange={(e) => set({ processType: Number(e.target.value) })}>
          <option value={1}>The run fails</option>
          <option value={2}>Output the default below</option>
          <option value={3}>Take the error port</option>
        </select>
      </label>
      <div className="field-row">
        <label className="field">
          <span>Retries</span>
          <input type="number" min="0" max="10" value={form.retryTimes} onChange={(e) => set({ retryTimes: e.target.value })} />
        </label>
        <label className="field">
          <span>Time limit (ms)</span>
          <input type="number" min="0" value={form.timeoutMs} onChange={(e) => set({ timeoutMs: e.target.value })} />
        </label>
      </div>
      {form.processType === 2 && <TextArea label="Default output (JSON)" value={form.dataOnErr} onChange={(dataOnErr) => set({ dataOnErr })} />}
    </Section>
  );
}

const HAS_PARAMS = (type: string) => !["1", "8", "19", "29", "31", "20", "21", "28", "32", "40", "58", "59"].includes(type);

function RawSettings({ data, onChange }: { data: NodeData; onChange: (d: NodeData) => void }) {
  const [text, setText] = useState(() => JSON.stringify(data.inputs ?? {}, null, 2));
  const [error, setError] = useState("");
  return (
    <details className="wf-raw">
      <summary>Settings as JSON</summary>
      <textarea aria-label="Settings JSON" rows={10} value={text} onChange={(e) => setText(e.target.value)} spellCheck={false} />
      {error && <p className="field-error" role="alert">{error}</p>}
      <button type="button" className="btn btn-small" onClick={() => {
        try {
          const parsed = JSON.parse(text) as unknown;
          if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error("the settings must be a JSON object");
          setError("");
          onChange({ ...data, inputs: parsed as Record<string, unknown> });
        } catch (err) {
          setError(`Settings not applied: ${(err as Error).message}`);
        }
      }}>Apply settings</button>
    </details>
  );
}

function Connections({ node, connections, targets, innerPorts, onConnect, onRemoveEdge }: PanelProps) {
  const kind = kindOf(node.type);
  const ports = [...sourcePorts(node), ...innerPorts];
  const [port, setPort] = useState("");
  const [target, setTarget] = useState("");
  if (kind?.noOutput) return null;
  const chosenPort = ports.length ? port || ports[0].id : null;
  return (
    <Section title="Connections">
      <ul className="wf-links">
        {connections.map((c) => (
          <li key={c.id}>
            <span>{c.port ? `${c.port} → ` : "→ "}{c.targetTitle}</span>
            <button type="button" className="btn btn-small btn-ghost" aria-label={`Disconnect ${c.targetTitle}`} onClick={() => onRemoveEdge(c.id)}>×</button>
          </li>
        ))}
      </ul>
      <div className="wf-row">
        {ports.length > 0 && (
          <select aria-label="From port" value={chosenPort ?? ""} onChange={(e) => setPort(e.target.value)}>
            {ports.map((p) => <option key={p.id} value={p.id}>{p.label}</option>)}
          </select>
        )}
        <select aria-label="Connect to" value={target} onChange={(e) => setTarget(e.target.value)}>
          <option value="">Choose a node…</option>
          {targets.map((t) => <option key={`${t.id}:${t.handle ?? ""}`} value={`${t.id}:${t.handle ?? ""}`}>{t.title}</option>)}
        </select>
        <button type="button" className="btn btn-small" disabled={!target} onClick={() => {
          const found = targets.find((t) => `${t.id}:${t.handle ?? ""}` === target);
          if (found) onConnect(chosenPort, found);
          setTarget("");
        }}>Connect</button>
      </div>
    </Section>
  );
}

export function NodePanel(props: PanelProps) {
  const { node, options, problems, onChange, onDelete } = props;
  const data = node.data;
  const kind = kindOf(node.type);
  return (
    <div className="wf-panel-body">
      <h2>{kindName(node.type)}</h2>
      {problems.length > 0 && (
        <ul className="wf-problems" role="alert">
          {problems.map((p, i) => <li key={i}>{p}</li>)}
        </ul>
      )}
      <label className="field">
        <span>Title</span>
        <input value={data.nodeMeta?.title ?? ""} onChange={(e) => onChange(setTitle(data, e.target.value))} />
      </label>
      <SpecificSettings {...props} />
      {HAS_PARAMS(node.type) && (
        <Section title={node.type === "2" ? "Returned variables" : "Inputs"}>
          <ParamRows label="Input" rows={readParams(data)} options={options} onChange={(rows) => onChange(writeParams(data, rows))} />
        </Section>
      )}
      {!kind?.noOutput && !kind?.composite && node.type !== "2" && node.type !== "8" && node.type !== "13" && (
        <Section title={node.type === "1" ? "Inputs of the workflow" : "Outputs"}>
          <OutputRows rows={readOutputs(data)} onChange={(rows) => onChange(writeOutputs(data, rows))} />
        </Section>
      )}
      {CAN_FAIL.has(node.type) && <ErrorSettings data={data} onChange={onChange} />}
      <Connections {...props} />
      {props.debug}
      <RawSettings key={JSON.stringify(data.inputs ?? {})} data={data} onChange={onChange} />
      {onDelete && !kind?.unique && (
        <button type="button" className="btn btn-danger" onClick={onDelete}>Delete node</button>
      )}
    </div>
  );
}
