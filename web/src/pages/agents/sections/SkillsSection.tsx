// Skills: plugin tools and published workflows the agent may call.
import { useState } from "react";
import type { PlaygroundPlugin, Workflow } from "../api";
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
    <Section title="Plugins" hint="Tools of this space's plugins (and the built-in ones) the model may call.">
      <ul className="agent-bound-list" aria-label="Bound tools">
        {form.plugins.map((p) => (
          <li key={p.api_id}>
            <span>
              <strong>{p.api_name}</strong> <span className="muted small">{pluginName(p.plugin_id)}</span>
            </span>
            <button type="button" className="btn btn-small" aria-label={`Remove tool ${p.api_name}`} onClick={() => update({ plugins: form.plugins.filter((x) => x.api_id !== p.api_id) })}>
              Remove
            </button>
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
