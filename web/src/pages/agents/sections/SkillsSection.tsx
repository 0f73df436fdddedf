// Skills: plugin tools and published workflows the agent may call.
import { useState } from "react";
import type { PlaygroundPlugin, PluginInfo, PluginParameter, Workflow } from "../api";
import { defaultRows, toolApi, toolName, toolParameters, valueHint, withDefault } from "../toolDefaults";
import { Section } from "./Section";
import type { SectionProps } from "./types";

export function PluginsSection({ form, update, plugins }: SectionProps & { plugins: PlaygroundPlugin[] }) {
  const [pick, setPick] = useState("");
  const bound = new Set(form.plugins.map((p) => p.api_id));
  const pluginName = (id?: string) => plugins.find((p) => p.id === id)?.name ?? `plugin ${id}`;
  function add() {
    for (const plugin of plugins) {
      const tool = plugin.plugin_apis.find((a) => a.api_id === pick);
      if (tool) {
        update({ plugins: [...form.plugins, { plugin_id: plugin.id, api_id: tool.api_id, api_name: tool.name }] });
        setPick("");
        return;
      }
    }
  }
  return (
    <Section title="Plugins" hint="Tools of this space's plugins (and the built-in ones) the model may call; give an argument a default value and a call without it gets that value.">
      <ul className="agent-bound-list" aria-label="Bound tools">
        {form.plugins.map((p) => (
          <li key={p.api_id} className="agent-bound-tool">
            <div className="agent-bound-tool-head">
              <span>
                <strong>{toolName(plugins, p)}</strong> <span className="muted small">{pluginName(p.plugin_id)}</span>
              </span>
              <button type="button" className="btn btn-small" aria-label={`Remove tool ${toolName(plugins, p)}`} onClick={() => update({ plugins: form.plugins.filter((x) => x.api_id !== p.api_id) })}>
                Remove
              </button>
            </div>
            <ToolDefaults
              tool={p}
              name={toolName(plugins, p)}
              params={toolApi(plugins, p) ? toolParameters(plugins, p) : undefined}
              onChange={(next) => update({ plugins: form.plugins.map((x) => (x.api_id === p.api_id ? next : x)) })}
            />
          </li>
        ))}
        {form.plugins.length === 0 && <li className="muted">No tool bound.</li>}
      </ul>
      <div className="inline-form">
        <label className="field grow">
          <span>Add a tool</span>
          <select value={pick} onChange={(e) => setPick(e.target.value)}>
            <option value="">Choose a tool…</option>
            {plugins.map((plugin) => (
              <optgroup key={plugin.id} label={plugin.name}>
                {plugin.plugin_apis
                  .filter((a) => !bound.has(a.api_id))
                  .map((a) => (
                    <option key={a.api_id} value={a.api_id}>
                      {plugin.name} › {a.name}
                    </option>
                  ))}
              </optgroup>
            ))}
          </select>
        </label>
        <button type="button" className="btn" onClick={add} disabled={!pick}>
          Add tool
        </button>
      </div>
    </Section>
  );
}

/** This agent's default values of one bound tool's arguments, saved with the agent (the server
 * checks each against the tool's schema and names the one that does not fit). */
function ToolDefaults({ tool, name, params, onChange }: { tool: PluginInfo; name: string; params: PluginParameter[] | undefined; onChange: (tool: PluginInfo) => void }) {
  // params undefined: the tool is not in the list (not loaded, or gone); saved defaults still show
  const rows = defaultRows(params ?? [], tool);
  const set = (tool.default_params ?? []).length;
  const [openAtFirst] = useState(set > 0); // opened when there are defaults; the user folds it after
  if (rows.length === 0) return params ? <p className="muted small">This tool takes no arguments.</p> : null;
  return (
    <details className="agent-tool-defaults" open={openAtFirst || undefined}>
      <summary>
        Default values of {name}
        {set > 0 && <span className="muted small"> ({set} set)</span>}
      </summary>
      <div className="agent-tool-defaults-rows">
        {rows.map((row) => {
          const hint = valueHint(row.type);
          return (
            <div key={row.name} className="agent-tool-default">
              <label className="field grow">
                <span>
                  {row.name}{" "}
                  <span className="muted small">
                    {row.type || "not in the tool any more"}
                    {row.required ? ", required" : ""}
                    {row.desc ? ` — ${row.desc}` : ""}
                  </span>
                </span>
                <input
                  value={row.value}
                  placeholder={hint || "the model fills it"}
                  spellCheck={false}
                  onChange={(e) => onChange(withDefault(tool, row.name, e.target.value, row.hidden))}
                />
              </label>
              <label className="agent-tool-default-hidden">
                <input
                  type="checkbox"
                  checked={row.hidden}
                  disabled={row.value === ""}
                  onChange={(e) => onChange(withDefault(tool, row.name, row.value, e.target.checked))}
                />
                Hide {row.name} from the model
              </label>
            </div>
          );
        })}
      </div>
    </details>
  );
}

export function WorkflowsSection({ form, update, workflows }: SectionProps & { workflows: Workflow[] }) {
  const [pick, setPick] = useState("");
  const bound = new Set(form.workflows.map((w) => w.workflow_id));
  const free = workflows.filter((w) => !bound.has(w.workflow_id));
  function add() {
    const w = workflows.find((x) => x.workflow_id === pick);
    if (!w) return;
    update({
      workflows: [
        ...form.workflows,
        { workflow_id: w.workflow_id, workflow_name: w.name, desc: w.desc, ...(w.plugin_id && w.plugin_id !== "0" ? { plugin_id: w.plugin_id } : {}) },
      ],
    });
    setPick("");
  }
  return (
    <Section title="Workflows" hint="Published workflows the model may run as tools.">
      <ul className="agent-bound-list" aria-label="Bound workflows">
        {form.workflows.map((w) => (
          <li key={w.workflow_id}>
            <span>
              <strong>{w.workflow_name || w.workflow_id}</strong> <span className="muted small">{w.desc}</span>
            </span>
            <button type="button" className="btn btn-small" aria-label={`Remove workflow ${w.workflow_name}`} onClick={() => update({ workflows: form.workflows.filter((x) => x.workflow_id !== w.workflow_id) })}>
              Remove
            </button>
          </li>
        ))}
        {form.workflows.length === 0 && <li className="muted">No workflow bound.</li>}
      </ul>
      <div className="inline-form">
        <label className="field grow">
          <span>Add a workflow</span>
          <select value={pick} onChange={(e) => setPick(e.target.value)}>
            <option value="">{free.length ? "Choose a workflow…" : "No other published workflow"}</option>
            {free.map((w) => (
              <option key={w.workflow_id} value={w.workflow_id}>
                {w.name}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="btn" onClick={add} disabled={!pick}>
          Add workflow
        </button>
      </div>
    </Section>
  );
}
