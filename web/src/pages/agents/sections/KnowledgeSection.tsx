// Knowledge: the datasets the agent answers from and how it recalls them.
import { useState } from "react";
import type { Dataset } from "../api";
import { SEARCH_STRATEGIES } from "../form";
import { Section } from "./Section";
import type { SectionProps } from "./types";

export function KnowledgeSection({ form, update, datasets }: SectionProps & { datasets: Dataset[] }) {
  const [pick, setPick] = useState("");
  const bound = new Set(form.datasets.map((d) => d.id));
  const free = datasets.filter((d) => !bound.has(d.dataset_id));

  function add() {
    const found = datasets.find((d) => d.dataset_id === pick);
    if (!found) return;
    update({ datasets: [...form.datasets, { id: found.dataset_id, name: found.name }] });
    setPick("");
  }

  return (
    <Section title="Knowledge" hint="Datasets the agent recalls passages from before it answers.">
      <ul className="agent-bound-list" aria-label="Bound datasets">
        {form.datasets.map((d) => (
          <li key={d.id}>
            <span>{datasets.find((x) => x.dataset_id === d.id)?.name ?? d.name ?? d.id}</span>
            <button type="button" className="btn btn-small" aria-label={`Remove dataset ${d.name || d.id}`} onClick={() => update({ datasets: form.datasets.filter((x) => x.id !== d.id) })}>
              Remove
            </button>
          </li>
        ))}
        {form.datasets.length === 0 && <li className="muted">No dataset bound.</li>}
      </ul>
      <div className="inline-form">
        <label className="field grow">
          <span>Add a dataset</span>
          <select value={pick} onChange={(e) => setPick(e.target.value)}>
            <option value="">{free.length ? "Choose a dataset…" : "No other dataset in this space"}</option>
            {free.map((d) => (
              <option key={d.dataset_id} value={d.dataset_id}>
                {d.name} ({d.doc_count} documents)
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="btn" onClick={add} disabled={!pick}>
          Add dataset
        </button>
      </div>
      <div className="agent-param-grid">
        <label className="field">
          <span>Top K</span>
          <input inputMode="numeric" value={form.topK} onChange={(e) => update({ topK: e.target.value })} />
        </label>
        <label className="field">
          <span>Minimum score</span>
          <input inputMode="decimal" value={form.minScore} onChange={(e) => update({ minScore: e.target.value })} />
        </label>
        <label className="field">
          <span>Search strategy</span>
          <select value={form.searchStrategy} onChange={(e) => update({ searchStrategy: Number(e.target.value) })}>
            {SEARCH_STRATEGIES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Recall mode</span>
          <select value={form.auto ? "auto" : "demand"} onChange={(e) => update({ auto: e.target.value === "auto" })}>
            <option value="auto">Automatic (every turn)</option>
            <option value="demand">On demand (the model asks)</option>
          </select>
        </label>
      </div>
      <div className="field-row">
        <label className="check">
          <input type="checkbox" checked={form.showSource} onChange={(e) => update({ showSource: e.target.checked })} /> Show sources
        </label>
        {form.showSource && (
          <label className="field">
            <span>Sources shown as</span>
            <select value={form.showSourceMode} onChange={(e) => update({ showSourceMode: Number(e.target.value) })}>
              <option value={0}>Below the reply</option>
              <option value={1}>Card list</option>
            </select>
          </label>
        )}
        <label className="check">
          <input type="checkbox" checked={form.useRewrite} onChange={(e) => update({ useRewrite: e.target.checked })} /> Rewrite the query
        </label>
        <label className="check">
          <input type="checkbox" checked={form.useRerank} onChange={(e) => update({ useRerank: e.target.checked })} /> Rerank
        </label>
      </div>
      <div className="field-row">
        <label className="field">
          <span>When nothing is recalled</span>
          <select value={form.noRecallCustom ? "custom" : "default"} onChange={(e) => update({ noRecallCustom: e.target.value === "custom" })}>
            <option value="default">The model answers on its own</option>
            <option value="custom">Reply with a set text</option>
          </select>
        </label>
        {form.noRecallCustom && (
          <label className="field grow">
            <span>No-recall reply</span>
            <input value={form.noRecallPrompt} onChange={(e) => update({ noRecallPrompt: e.target.value })} />
          </label>
        )}
      </div>
    </Section>
  );
}
