// Forms of the nodes that point at something of the space (knowledge bases, workflows) and of the
// Text split and Variable aggregator settings. Lists are fetched from the public API when a form
// opens; the node data is changed through the pure mappings of forms_nodes.ts.
import { memo, useEffect, useState, type ReactNode } from "react";
import { useParams } from "react-router-dom";
import { useSession } from "../../app/session";
import { describeError } from "../../api/client";
import type { NodeData } from "./canvas";
import {
  getCanvas, listDatabases, listDatasets, listPlugins, listWorkflows, type DatabaseTable, type Dataset, type SpacePlugin, type WorkflowSummary,
} from "./api";
import {
  DB_OPERATIONS, DB_UNARY, STRATEGIES, hasConditions, readDatabase, readPlugin, writeDatabase, writePlugin, type DatabaseForm, type DbCondition,
  readDelimiters, readGroups, readJson, writeJson, readKnowledge, readSubWorkflow, workflowSignature, writeDelimiters, writeGroups,
  writeKnowledge, writeSubWorkflow, type GroupForm,
} from "./forms_nodes";
import type { ValueForm } from "./forms";
import type { RefOption } from "./references";
import { ValueField } from "./ValueField";

/** A titled group of fields in a node form. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="wf-section">
      <legend>{title}</legend>
      {children}
    </fieldset>
  );
}

/** A list of the space fetched once per form; its error is shown in place. */
function useSpaceList<T>(load: (spaceId: string, signal: AbortSignal) => Promise<T[]>): { items: T[]; error: string; loading: boolean } {
  const { spaceId } = useSession();
  const [state, setState] = useState<{ items: T[]; error: string; loading: boolean }>({ items: [], error: "", loading: true });
  useEffect(() => {
    const controller = new AbortController();
    load(spaceId, controller.signal).then(
      (items) => !controller.signal.aborted && setState({ items, error: "", loading: false }),
      (err: unknown) => !controller.signal.aborted && setState({ items: [], error: describeError(err), loading: false }),
    );
    return () => controller.abort();
  }, [spaceId, load]);
  return state;
}

const loadDatasets = (spaceId: string, signal: AbortSignal) => listDatasets(spaceId, signal);

export const KnowledgeSettings = memo(function KnowledgeSettings({ data, retriever, onChange }: {
  data: NodeData; retriever: boolean; onChange: (d: NodeData) => void;
}) {
  const { items, error, loading } = useSpaceList<Dataset>(loadDatasets);
  const form = readKnowledge(data);
  const set = (patch: Partial<typeof form>) => onChange(writeKnowledge(data, { ...form, ...patch }, retriever));
  const unknown = form.datasets.filter((id) => !items.some((d) => String(d.dataset_id) === id));
  return (
    <Section title="Knowledge">
      {error && <p className="field-error" role="alert">Knowledge bases not listed: {error}</p>}
      <div className="wf-rows" role="group" aria-label="Knowledge bases">
        {loading && <span className="muted">Loading knowledge bases…</span>}
        {!loading && items.length === 0 && !error && <span className="muted">This space has no knowledge base yet.</span>}
        {items.map((d) => {
          const id = String(d.dataset_id);
          const checked = form.datasets.includes(id);
          return (
            <label key={id} className="wf-check">
              <input type="checkbox" checked={checked}
                onChange={(e) => set({ datasets: e.target.checked ? [...form.datasets, id] : form.datasets.filter((x) => x !== id) })} />
              {d.name}
            </label>
          );
        })}
        {!loading && unknown.map((id) => (
          <label key={id} className="wf-check">
            <input type="checkbox" checked onChange={() => set({ datasets: form.datasets.filter((x) => x !== id) })} />
            {`Knowledge ${id} (not in this space)`}
          </label>
        ))}
      </div>
      {retriever && (
        <>
          <div className="field-row">
            <label className="field">
              <span>Top k</span>
              <input type="number" min="1" max="20" value={form.topK} placeholder="default" onChange={(e) => set({ topK: e.target.value })} />
            </label>
            <label className="field">
              <span>Min score</span>
              <input type="number" min="0" max="1" step="0.05" value={form.minScore} placeholder="default" onChange={(e) => set({ minScore: e.target.value })} />
            </label>
          </div>
          <label className="field">
            <span>Search strategy</span>
            <select aria-label="Search strategy" value={form.strategy} onChange={(e) => set({ strategy: e.target.value })}>
              {STRATEGIES.map(([value, label]) => <option key={value} value={value}>{label}</option>)}
            </select>
          </label>
        </>
      )}
    </Section>
  );
});

const loadWorkflows = async (spaceId: string) => (await listWorkflows(spaceId, "", 1, 100)).workflow_list ?? [];

export const SubWorkflowSettings = memo(function SubWorkflowSettings({ data, onChange }: {
  data: NodeData; onChange: (d: NodeData) => void;
}) {
  const { spaceId } = useSession();
  const { workflowId: ownId = "" } = useParams();
  const { items, error, loading } = useSpaceList<WorkflowSummary>(loadWorkflows);
  const [pickError, setPickError] = useState("");
  const form = readSubWorkflow(data);
  const choices = items.filter((w) => String(w.workflow_id) !== ownId);
  const known = choices.some((w) => String(w.workflow_id) === form.workflowId);
  const pick = async (id: string) => {
    setPickError("");
    const chosen = choices.find((w) => String(w.workflow_id) === id);
    if (!chosen) {
      onChange(writeSubWorkflow(data, { workflowId: "", workflowVersion: "" }));
      return;
    }
    try {
      // its inputs and outputs as its canvas declares them (the draft: a test run runs the draft)
      const canvas = await getCanvas(spaceId, id);
      onChange(writeSubWorkflow(data, { workflowId: id, workflowVersion: chosen.version ?? "" },
        workflowSignature(canvas.workflow.schema_json ?? "")));
    } catch (err) {
      setPickError(describeError(err));
    }
  };
  return (
    <Section title="Workflow to run">
      {(error || pickError) && <p className="field-error" role="alert">Workflows not read: {error || pickError}</p>}
      <label className="field">
        <span>Workflow</span>
        <select aria-label="Workflow" value={form.workflowId} onChange={(e) => void pick(e.target.value)} disabled={loading}>
          <option value="">{loading ? "Loading workflows…" : "Choose a workflow…"}</option>
          {form.workflowId && !known && !loading && <option value={form.workflowId}>{`Workflow ${form.workflowId} (not in this space)`}</option>}
          {choices.map((w) => (
            <option key={w.workflow_id} value={String(w.workflow_id)}>{w.version ? `${w.name} (${w.version})` : w.name}</option>
          ))}
        </select>
      </label>
      <p className="muted wf-hint">
        {form.workflowVersion ? `Runs version ${form.workflowVersion}; a test run runs its draft.` : "Runs its latest published version; a test run runs its draft."}
        {" "}Its inputs are listed below.
      </p>
    </Section>
  );
});

export const DelimiterSettings = memo(function DelimiterSettings({ data, onChange }: { data: NodeData; onChange: (d: NodeData) => void }) {
  const delimiters = readDelimiters(data);
  const shown = (d: string) => d.replace(/\n/g, "\\n").replace(/\t/g, "\\t");
  const typed = (d: string) => d.replace(/\\n/g, "\n").replace(/\\t/g, "\t");
  const save = (next: string[]) => onChange(writeDelimiters(data, next));
  return (
    <div className="wf-rows" role="group" aria-label="Delimiters">
      <span className="wf-label">Delimiters (\n a new line, \t a tab)</span>
      {delimiters.map((d, i) => (
        <div key={i} className="wf-row">
          <input aria-label={`Delimiter ${i + 1}`} value={shown(d)} onChange={(e) => save(delimiters.map((x, j) => (j === i ? typed(e.target.value) : x)))} />
          <button type="button" className="btn btn-small btn-ghost" aria-label={`Remove delimiter ${i + 1}`}
            onClick={() => save(delimiters.filter((_, j) => j !== i))}>×</button>
        </div>
      ))}
      <button type="button" className="btn btn-small" onClick={() => save([...delimiters, ","])}>Add delimiter</button>
    </div>
  );
});

const emptyRef = (): ValueForm => ({ mode: "ref", type: "string", text: "", blockID: "", name: "" });

export const AggregatorSettings = memo(function AggregatorSettings({ data, options, onChange }: {
  data: NodeData; options: RefOption[]; onChange: (d: NodeData) => void;
}) {
  const groups = readGroups(data);
  const save = (next: GroupForm[]) => onChange(writeGroups(data, next));
  const setGroup = (i: number, patch: Partial<GroupForm>) => save(groups.map((g, j) => (j === i ? { ...g, ...patch } : g)));
  return (
    <Section title="Groups">
      <p className="muted wf-hint">Each group outputs the first of its variables that has a value.</p>
      {groups.map((g, i) => (
        <div key={i} className="wf-branch" role="group" aria-label={`Group ${i + 1}`}>
          <div className="wf-row">
            <input aria-label={`Group ${i + 1} name`} value={g.name} onChange={(e) => setGroup(i, { name: e.target.value })} />
            <button type="button" className="btn btn-small btn-ghost" aria-label={`Remove group ${i + 1}`} onClick={() => save(groups.filter((_, j) => j !== i))}>×</button>
          </div>
          {g.variables.map((v, k) => (
            <div key={k} className="wf-row">
              <ValueField label={`Group ${i + 1} variable ${k + 1}`} value={v} options={options} refOnly
                onChange={(value) => setGroup(i, { variables: g.variables.map((x, m) => (m === k ? value : x)) })} />
              <button type="button" className="btn btn-small btn-ghost" aria-label={`Remove group ${i + 1} variable ${k + 1}`}
                onClick={() => setGroup(i, { variables: g.variables.filter((_, m) => m !== k) })}>×</button>
            </div>
          ))}
          <button type="button" className="btn btn-small" onClick={() => setGroup(i, { variables: [...g.variables, emptyRef()] })}>Add variable</button>
        </div>
      ))}
      <button type="button" className="btn btn-small" onClick={() => save([...groups, { name: `Group${groups.length + 1}`, variables: [emptyRef()] }])}>Add group</button>
    </Section>
  );
});

const loadPlugins = (spaceId: string, signal: AbortSignal) => listPlugins(spaceId, signal);
const toolKey = (pluginId: string, apiId: string) => `${pluginId}:${apiId}`;

export const PluginSettings = memo(function PluginSettings({ data, onChange }: { data: NodeData; onChange: (d: NodeData) => void }) {
  const { items, error, loading } = useSpaceList<SpacePlugin>(loadPlugins);
  const form = readPlugin(data);
  const current = form.pluginID ? toolKey(form.pluginID, form.apiID) : "";
  const tools = items.flatMap((p) => (p.plugin_apis ?? []).map((t) => ({ plugin: p, tool: t })));
  const known = tools.some(({ tool }) => toolKey(String(tool.plugin_id), String(tool.api_id)) === current);
  const pick = (key: string) => {
    const found = tools.find(({ tool }) => toolKey(String(tool.plugin_id), String(tool.api_id)) === key);
    if (!found) return;
    const { plugin, tool } = found;
    onChange(writePlugin(data, { pluginID: String(tool.plugin_id), apiID: String(tool.api_id), apiName: tool.name,
      pluginName: plugin.name, pluginVersion: plugin.version_ts ?? "" }, tool.parameters ?? []));
  };
  return (
    <Section title="Tool">
      {error && <p className="field-error" role="alert">Plugins not listed: {error}</p>}
      <label className="field">
        <span>Tool</span>
        <select aria-label="Tool" value={current} onChange={(e) => pick(e.target.value)} disabled={loading}>
          <option value="">{loading ? "Loading plugins…" : "Choose a tool…"}</option>
          {current && !known && !loading && <option value={current}>{`${form.pluginName || form.pluginID} › ${form.apiName || form.apiID}`}</option>}
          {tools.map(({ plugin, tool }) => (
            <option key={toolKey(String(tool.plugin_id), String(tool.api_id))} value={toolKey(String(tool.plugin_id), String(tool.api_id))}>
              {`${plugin.name} › ${tool.name}`}
            </option>
          ))}
        </select>
      </label>
      <p className="muted wf-hint">The tool's parameters are the inputs below: a value or a reference each.</p>
    </Section>
  );
});

const loadTables = (spaceId: string, signal: AbortSignal) => listDatabases(spaceId, signal);

export const DatabaseSettings = memo(function DatabaseSettings({ data, type, options, onChange }: {
  data: NodeData; type: string; options: RefOption[]; onChange: (d: NodeData) => void;
}) {
  const { items, error, loading } = useSpaceList<DatabaseTable>(loadTables);
  const form = readDatabase(data, type);
  const set = (patch: Partial<DatabaseForm>, fields?: DatabaseTable["field_list"]) => onChange(writeDatabase(data, type, { ...form, ...patch }, fields));
  const table = items.find((t) => String(t.id) === form.tableId);
  const fieldNames = (table?.field_list ?? []).map((f) => f.name ?? "").filter(Boolean);
  const setCondition = (i: number, patch: Partial<DbCondition>) => set({ conditions: form.conditions.map((c, j) => (j === i ? { ...c, ...patch } : c)) });
  return (
    <Section title="Table">
      {error && <p className="field-error" role="alert">Tables not listed: {error}</p>}
      <label className="field">
        <span>Table</span>
        <select aria-label="Table" value={form.tableId} disabled={loading} onChange={(e) => {
          const picked = items.find((t) => String(t.id) === e.target.value);
          set({ tableId: e.target.value }, type === "12" || type === "43" ? picked?.field_list : undefined);
        }}>
          <option value="">{loading ? "Loading tables…" : "Choose a table…"}</option>
          {form.tableId && !table && !loading && <option value={form.tableId}>{`Table ${form.tableId} (not in this space)`}</option>}
          {items.map((t) => <option key={t.id} value={String(t.id)}>{t.table_name}</option>)}
        </select>
      </label>
      {type === "12" && (
        <label className="field">
          <span>SQL</span>
          <textarea aria-label="SQL" rows={5} value={form.sql} spellCheck={false} onChange={(e) => set({ sql: e.target.value })}
            placeholder="SELECT * FROM table WHERE name = {{name}}" />
        </label>
      )}
      {type === "12" && <p className="muted wf-hint">Use inputs by name: {"{{input}}"} (sent as parameters, never pasted into the SQL).</p>}
      {type === "43" && (
        <label className="field">
          <span>Row limit</span>
          <input type="number" min="1" value={form.limit} onChange={(e) => set({ limit: e.target.value })} />
        </label>
      )}
      {hasConditions(type) && (
        <div className="wf-rows" role="group" aria-label="Conditions">
          <span className="wf-label">Rows where</span>
          {form.conditions.length > 1 && (
            <select aria-label="Conditions match" value={form.logic} onChange={(e) => set({ logic: e.target.value })}>
              <option value="AND">all conditions</option>
              <option value="OR">any condition</option>
            </select>
          )}
          {form.conditions.map((c, i) => (
            <div key={i} className="wf-condition">
              <input aria-label={`Condition ${i + 1} field`} list={`wf-fields-${type}`} value={c.field} placeholder="field"
                onChange={(e) => setCondition(i, { field: e.target.value })} />
              <select aria-label={`Condition ${i + 1} operation`} value={c.operation} onChange={(e) => setCondition(i, { operation: e.target.value })}>
                {DB_OPERATIONS.map(([value, label]) => <option key={value} value={value}>{label}</option>)}
              </select>
              {!DB_UNARY.has(c.operation) && (
                <ValueField label={`Condition ${i + 1} value`} value={c.value} options={options} onChange={(value) => setCondition(i, { value })} />
              )}
              <button type="button" className="btn btn-small btn-ghost" aria-label={`Remove condition ${i + 1}`}
                onClick={() => set({ conditions: form.conditions.filter((_, j) => j !== i) })}>×</button>
            </div>
          ))}
          <datalist id={`wf-fields-${type}`}>
            {["id", ...fieldNames].map((n) => <option key={n} value={n} />)}
          </datalist>
          <button type="button" className="btn btn-small" onClick={() => set({ conditions: [...form.conditions,
            { field: fieldNames[0] ?? "", operation: "EQUAL", value: { mode: "literal", type: "string", text: "", blockID: "", name: "" } }] })}>
            Add condition
          </button>
        </div>
      )}
      {(type === "46" || type === "42") && <p className="muted wf-hint">The fields to set are edited in the settings JSON below (fieldInfo).</p>}
    </Section>
  );
});

export const JsonSettings = memo(function JsonSettings({ data, parse, options, onChange }: {
  data: NodeData; parse: boolean; options: RefOption[]; onChange: (d: NodeData) => void;
}) {
  const form = readJson(data);
  return (
    <Section title={parse ? "JSON text to read" : "Value to write as JSON"}>
      <ValueField label="input" value={form.input} options={options} fixedType={parse}
        onChange={(input) => onChange(writeJson(data, { ...form, input: parse ? { ...input, type: "string" } : input }))} />
      {parse && (
        <label className="field">
          <span>Output type</span>
          <select aria-label="Output type" value={form.outputType} onChange={(e) => onChange(writeJson(data, { ...form, outputType: e.target.value }))}>
            {["object", "list", "string", "integer", "float", "boolean"].map((t) => <option key={t} value={t}>{t}</option>)}
          </select>
        </label>
      )}
    </Section>
  );
});
