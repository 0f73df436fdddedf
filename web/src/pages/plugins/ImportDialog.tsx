// Import a plugin: paste or choose an OpenAPI/Swagger document, give a URL to one (the server
// fetches it), a cURL command or a Postman collection; convert_to_openapi turns it into a document
// (shown for a last look), register makes the plugin.
import { useState, type FormEvent } from "react";
import { useSession } from "../../app/session";
import { ErrorBanner } from "../../ui/ErrorBanner";
import { Modal } from "../../ui/Modal";
import { convertToOpenapi, registerPlugin, type Conversion } from "./api";
import { FORMAT_NAMES, SOURCE_LABELS, convertRequest, inputProblem, manifestFor, type ImportSource } from "./importForm";

const SOURCES = Object.keys(SOURCE_LABELS) as ImportSource[];

export function ImportDialog({ open, onClose, onImported }: { open: boolean; onClose: () => void; onImported: (pluginId: string) => void }) {
  const { spaceId } = useSession();
  const [source, setSource] = useState<ImportSource>("document");
  const [text, setText] = useState("");
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [serverUrl, setServerUrl] = useState("");
  const [problem, setProblem] = useState("");
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [converted, setConverted] = useState<Conversion | null>(null);
  const [document, setDocument] = useState("");

  const options = { name, description, serverUrl };

  async function readFile(file: File | undefined) {
    if (file) setText(await file.text());
  }

  async function convert(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setConverted(null);
    const why = inputProblem(source, text);
    setProblem(why);
    if (why) return;
    setBusy(true);
    try {
      // a URL's document is fetched by the server (through its outbound guard), not the browser
      const answer = await convertToOpenapi(convertRequest(spaceId, source, text, options));
      setConverted(answer);
      setDocument(answer.openapi ?? "");
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  }

  async function register() {
    if (!converted) return;
    setError(null);
    setBusy(true);
    try {
      const pluginId = await registerPlugin(spaceId, document, manifestFor(converted.ai_plugin ?? "", options));
      onImported(pluginId);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal title="Import a plugin" open={open} onClose={onClose} wide>
      <form onSubmit={convert} aria-label="Import source" className="plugins-import">
        <fieldset className="plugins-sources">
          <legend>Import from</legend>
          {SOURCES.map((s) => (
            <label key={s} className="plugins-radio">
              <input
                type="radio"
                name="import-source"
                value={s}
                checked={source === s}
                onChange={() => {
                  setSource(s);
                  setConverted(null);
                  setProblem("");
                }}
              />
              {SOURCE_LABELS[s]}
            </label>
          ))}
        </fieldset>
        {source === "url" ? (
          <label className="field">
            <span>Document URL</span>
            <input type="url" value={text} onChange={(e) => setText(e.target.value)} placeholder="https://api.example.com/openapi.json" />
          </label>
        ) : (
          <>
            <label className="field">
              <span>{SOURCE_LABELS[source]}</span>
              <textarea
                className="plugins-code-input"
                value={text}
                onChange={(e) => setText(e.target.value)}
                rows={10}
                spellCheck={false}
                placeholder={source === "curl" ? "curl -X POST https://api.example.com/v1/items -H 'Content-Type: application/json' -d '{\"name\": \"x\"}'" : ""}
              />
            </label>
            {source !== "curl" && (
              <label className="field">
                <span>Or choose a file</span>
                <input type="file" accept=".json,.yaml,.yml,application/json,text/yaml" onChange={(e) => readFile(e.target.files?.[0])} />
              </label>
            )}
          </>
        )}
        <div className="field-row">
          <label className="field">
            <span>Name (optional)</span>
            <input value={name} onChange={(e) => setName(e.target.value)} />
          </label>
          <label className="field">
            <span>Server URL (optional)</span>
            <input value={serverUrl} onChange={(e) => setServerUrl(e.target.value)} placeholder="https://api.example.com" />
          </label>
        </div>
        <label className="field">
          <span>Description (optional)</span>
          <input value={description} onChange={(e) => setDescription(e.target.value)} />
        </label>
        {problem && (
          <p className="field-error" role="alert">
            {problem}
          </p>
        )}
        <ErrorBanner error={error} />
        <div className="row-actions">
          <button type="submit" className="btn" disabled={busy}>
            {busy && !converted ? (source === "url" ? "Fetching and converting…" : "Converting…") : "Convert"}
          </button>
        </div>
      </form>
      {converted && (
        <section aria-label="Converted document" className="plugins-converted">
          <p role="status">
            Read as {FORMAT_NAMES[converted.plugin_data_format ?? 1] ?? "a document"}; check the OpenAPI document below, then create the plugin.
          </p>
          {(converted.duplicate_api_infos ?? []).length > 0 && (
            <p className="muted">
              Repeated operations: {(converted.duplicate_api_infos ?? []).map((d) => `${d.method.toUpperCase()} ${d.path} ×${d.count}`).join(", ")}
            </p>
          )}
          <label className="field">
            <span>OpenAPI document</span>
            <textarea className="plugins-code-input" value={document} onChange={(e) => setDocument(e.target.value)} rows={14} spellCheck={false} />
          </label>
          <div className="row-actions">
            <button type="button" className="btn btn-primary" onClick={register} disabled={busy}>
              Create plugin
            </button>
          </div>
        </section>
      )}
    </Modal>
  );
}
