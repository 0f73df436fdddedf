// Debug one tool: a form made from its parameters, run through debug_api, and the request sent
// and the response received, as the tool's server saw and answered them.
import { useMemo, useState, type FormEvent } from "react";
import { useSession } from "../../app/session";
import { ErrorBanner } from "../../ui/ErrorBanner";
import { debugTool, type DebugResult, type PluginTool } from "./api";
import { TYPES, TYPE_NAMES, argsFrom, fieldsOf, initialValues } from "./paramForm";

function pretty(text: string | undefined): string {
  if (!text) return "";
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

export function DebugPanel({ tool, onDebugged }: { tool: PluginTool; onDebugged: () => void }) {
  const { spaceId } = useSession();
  const fields = useMemo(() => fieldsOf(tool.request_params ?? []), [tool]);
  const [values, setValues] = useState<Record<string, string>>(() => initialValues(fields));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<DebugResult | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [running, setRunning] = useState(false);

  async function run(event: FormEvent) {
    event.preventDefault();
    const built = argsFrom(fields, values);
    setErrors(built.errors);
    if (Object.keys(built.errors).length) return;
    setRunning(true);
    setError(null);
    setResult(null);
    try {
      setResult(await debugTool(spaceId, tool.plugin_id, tool.api_id, built.args));
      onDebugged();
    } catch (err) {
      setError(err);
    } finally {
      setRunning(false);
    }
  }

  return (
    <div className="plugins-debug">
      <form onSubmit={run} aria-label={`Parameters of ${tool.name}`} noValidate>
        {fields.length === 0 && <p className="muted">This tool takes no parameters.</p>}
        {fields.map((f) => {
          const id = `debug-${tool.api_id}-${f.key}`;
          const hint = `${TYPE_NAMES[f.type] ?? "value"} in ${f.location}${f.required ? ", required" : ""}`;
          return (
            <div className="field" key={f.key}>
              <label htmlFor={id}>
                {f.label} <span className="muted">({hint})</span>
              </label>
              {f.type === TYPES.boolean ? (
                <select id={id} value={values[f.key] ?? ""} onChange={(e) => setValues({ ...values, [f.key]: e.target.value })}>
                  <option value="">(not set)</option>
                  <option value="true">true</option>
                  <option value="false">false</option>
                </select>
              ) : f.type === TYPES.array || f.type === TYPES.object ? (
                <textarea
                  id={id}
                  rows={3}
                  value={values[f.key] ?? ""}
                  placeholder={f.type === TYPES.array ? '["a", "b"]' : '{"key": "value"}'}
                  onChange={(e) => setValues({ ...values, [f.key]: e.target.value })}
                  aria-invalid={Boolean(errors[f.key])}
                />
              ) : (
                <input
                  id={id}
                  inputMode={f.type === TYPES.integer || f.type === TYPES.number ? "decimal" : undefined}
                  value={values[f.key] ?? ""}
                  onChange={(e) => setValues({ ...values, [f.key]: e.target.value })}
                  aria-invalid={Boolean(errors[f.key])}
                />
              )}
              {f.description && <small className="muted">{f.description}</small>}
              {errors[f.key] && <span className="field-error">{errors[f.key]}</span>}
            </div>
          );
        })}
        <div className="row-actions">
          <button type="submit" className="btn btn-primary" disabled={running}>
            {running ? "Running…" : "Run"}
          </button>
        </div>
      </form>
      <ErrorBanner error={error} />
      {result && (
        <section aria-label="Debug result" className="plugins-debug-result">
          <p role="status" className={result.success ? "plugins-ok" : "field-error"}>
            {result.success ? "The tool answered." : `Failed: ${result.reason || "no reason given"}`}
          </p>
          <div className="split">
            <div>
              <h4>Request</h4>
              <pre className="plugins-code" aria-label="Request sent">{pretty(result.raw_req) || "–"}</pre>
            </div>
            <div>
              <h4>Response</h4>
              <pre className="plugins-code" aria-label="Response received">{pretty(result.raw_resp) || "–"}</pre>
            </div>
          </div>
          {result.resp && result.resp !== result.raw_resp && (
            <>
              <h4>What the model reads</h4>
              <pre className="plugins-code">{pretty(result.resp)}</pre>
            </>
          )}
        </section>
      )}
    </div>
  );
}
