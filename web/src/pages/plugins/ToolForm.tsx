// Create a tool (name, description, method, path) or change one; parameters come from the
// plugin's document.
import { useState, type FormEvent } from "react";
import { ErrorBanner } from "../../ui/ErrorBanner";
import type { PluginTool } from "./api";

export const METHODS: Record<number, string> = { 1: "GET", 2: "POST", 3: "PUT", 4: "DELETE", 5: "PATCH" };

export interface ToolFields {
  name: string;
  desc: string;
  path: string;
  method: number;
}

export function ToolForm({ tool, onSubmit, onCancel }: { tool?: PluginTool; onSubmit: (fields: ToolFields) => Promise<void>; onCancel: () => void }) {
  const [fields, setFields] = useState<ToolFields>({
    name: tool?.name ?? "",
    desc: tool?.desc ?? "",
    path: tool?.path ?? "/",
    method: tool?.method ?? 1,
  });
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onSubmit({ ...fields, name: fields.name.trim(), desc: fields.desc.trim(), path: fields.path.trim() });
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} aria-label={tool ? `Edit ${tool.name}` : "New tool"}>
      <div className="field-row">
        <label className="field">
          <span>Name</span>
          <input value={fields.name} onChange={(e) => setFields({ ...fields, name: e.target.value })} required />
        </label>
        <label className="field">
          <span>Method</span>
          <select value={fields.method} onChange={(e) => setFields({ ...fields, method: Number(e.target.value) })}>
            {Object.entries(METHODS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Path</span>
          <input value={fields.path} onChange={(e) => setFields({ ...fields, path: e.target.value })} required />
        </label>
      </div>
      <label className="field">
        <span>Description</span>
        <input value={fields.desc} onChange={(e) => setFields({ ...fields, desc: e.target.value })} required />
      </label>
      <ErrorBanner error={error} />
      <div className="row-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {tool ? "Save tool" : "Create tool"}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
