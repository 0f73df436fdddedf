// Memory: the agent's variables (the persona reads them as {{key}}) and the databases it may use.
import { useState } from "react";
import type { DatabaseInfo } from "../api";
import type { VariableRow } from "../form";
import { Section } from "./Section";
import type { SectionProps } from "./types";

const EMPTY_VARIABLE: VariableRow = { key: "", description: "", defaultValue: "", promptDisabled: false, disabled: false };

export function VariablesSection({ form, update }: SectionProps) {
  function change(index: number, patch: Partial<VariableRow>) {
    update({ variables: form.variables.map((v, i) => (i === index ? { ...v, ...patch } : v)) });
  }
  return (
    <Section title="Variables" hint="Memory variables: remembered per user, readable in the persona as {{name}}.">
      {form.variables.length > 0 && (
        <table className="table agent-table">
          <caption className="visually-hidden">Memory variables</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Default value</th>
              <th scope="col">Description</th>
              <th scope="col">In prompt</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {form.variables.map((v, i) => (
              <tr key={i}>
                <td>
                  <input aria-label={`Variable ${i + 1} name`} value={v.key} onChange={(e) => change(i, { key: e.target.value })} />
                </td>
                <td>
                  <input aria-label={`Variable ${i + 1} default value`} value={v.defaultValue} onChange={(e) => change(i, { defaultValue: e.target.value })} />
                </td>
                <td>
                  <input aria-label={`Variable ${i + 1} description`} value={v.description} onChange={(e) => change(i, { description: e.target.value })} />
                </td>
                <td>
                  <input type="checkbox" aria-label={`Variable ${i + 1} shown in the prompt`} checked={!v.promptDisabled} onChange={(e) => change(i, { promptDisabled: !e.target.checked })} />
                </td>
                <td>
                  <button type="button" className="btn btn-small" aria-label={`Remove variable ${v.key || i + 1}`} onClick={() => update({ variables: form.variables.filter((_, j) => j !== i) })}>
                    Remove
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <button type="button" className="btn" onClick={() => update({ variables: [...form.variables, { ...EMPTY_VARIABLE }] })}>
        Add variable
      </button>
    </Section>
  );
}

const RW_MODES: Record<number, string> = { 1: "Each user's own rows", 2: "Read only", 3: "Shared by all users" };

export function DatabasesSection({ form, update, tables }: SectionProps & { tables: DatabaseInfo[] }) {
  const [pick, setPick] = useState("");
  const bound = new Set(form.databases.map((d) => d.table_id));
  const free = tables.filter((t) => !bound.has(t.id));
  function add() {
    const t = tables.find((x) => x.id === pick);
    if (!t) return;
    update({
      databases: [
        ...form.databases,
        { table_id: t.id, table_name: t.table_name, table_desc: t.table_desc, field_list: t.field_list, prompt_disabled: t.prompt_disabled, rw_mode: t.rw_mode },
      ],
    });
    setPick("");
  }
  return (
    <Section title="Databases" hint="Tables the agent reads and writes with SQL.">
      <ul className="agent-bound-list" aria-label="Bound databases">
        {form.databases.map((d) => (
          <li key={d.table_id}>
            <span>
              {d.table_name} <span className="muted small">{RW_MODES[d.rw_mode ?? 1] ?? ""}</span>
            </span>
            <button type="button" className="btn btn-small" aria-label={`Remove database ${d.table_name}`} onClick={() => update({ databases: form.databases.filter((x) => x.table_id !== d.table_id) })}>
              Remove
            </button>
          </li>
        ))}
        {form.databases.length === 0 && <li className="muted">No database bound.</li>}
      </ul>
      <div className="inline-form">
        <label className="field grow">
          <span>Add a database</span>
          <select value={pick} onChange={(e) => setPick(e.target.value)}>
            <option value="">{free.length ? "Choose a table…" : "No other table in this space"}</option>
            {free.map((t) => (
              <option key={t.id} value={t.id}>
                {t.table_name}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="btn" onClick={add} disabled={!pick}>
          Add database
        </button>
      </div>
    </Section>
  );
}
