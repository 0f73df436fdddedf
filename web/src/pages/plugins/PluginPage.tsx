// One plugin: its tools (create, edit, switch off, delete, debug), authorization, publishing.
// Built-in plugins show their tools and can be debugged, nothing else.
import { useState, type FormEvent } from "react";
import { Link, useNavigate, useParams } from "react-router-dom";
import { useSession } from "../../app/session";
import { ErrorBanner } from "../../ui/ErrorBanner";
import { Modal } from "../../ui/Modal";
import { PageHeader } from "../../ui/PageHeader";
import { useAsync } from "../../ui/useAsync";
import { createTool, deletePlugin, deleteTool, getPluginInfo, getTools, publishPlugin, updateTool, type PluginTool } from "./api";
import { AuthSection } from "./AuthSection";
import { DebugPanel } from "./DebugPanel";
import { METHODS, ToolForm } from "./ToolForm";
import "./plugins.css";

type Tab = "tools" | "auth" | "publish";

export function PluginPage() {
  const { spaceId } = useSession();
  const { pluginId = "" } = useParams();
  const navigate = useNavigate();
  const info = useAsync((signal) => getPluginInfo(spaceId, pluginId, signal), [spaceId, pluginId]);
  const tools = useAsync((signal) => getTools(spaceId, pluginId, signal), [spaceId, pluginId]);
  const [tab, setTab] = useState<Tab>("tools");
  const [error, setError] = useState<unknown>(null);
  const meta = info.data?.meta_info;
  const builtin = meta?.kind === "builtin";
  const editable = meta !== undefined && !builtin;

  async function removePlugin() {
    if (!meta || !window.confirm(`Delete the plugin "${meta.name}"? Agents using its tools lose them.`)) return;
    try {
      await deletePlugin(spaceId, pluginId);
      navigate("/plugins");
    } catch (err) {
      setError(err);
    }
  }

  const tabs: [Tab, string][] = builtin ? [["tools", "Tools"]] : [["tools", "Tools"], ["auth", "Authorization"], ["publish", "Publish"]];
  return (
    <section>
      <p>
        <Link to="/plugins">← Plugins</Link>
      </p>
      <PageHeader
        title={meta?.name ?? "Plugin"}
        subtitle={
          meta && (
            <>
              {meta.desc} {meta.url && <code>{meta.url}</code>} <span className="badge">{meta.kind}</span>{" "}
              {builtin ? (
                <span className="badge">built in, read-only</span>
              ) : info.data?.published ? (
                <span className="badge badge-ok">published{info.data.status ? ", with unpublished changes" : ""}</span>
              ) : (
                <span className="badge">not published</span>
              )}
            </>
          )
        }
        actions={
          editable && (
            <button type="button" className="btn btn-danger" onClick={removePlugin}>
              Delete plugin
            </button>
          )
        }
      />
      <ErrorBanner error={error ?? info.error} onRetry={info.error ? info.reload : undefined} />
      <div className="tabs" role="tablist" aria-label="Plugin sections">
        {tabs.map(([id, label]) => (
          <button key={id} type="button" role="tab" id={`tab-${id}`} aria-selected={tab === id} aria-controls={`panel-${id}`} onClick={() => setTab(id)}>
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === "tools" && (
          <ToolsSection
            pluginId={pluginId}
            tools={tools.data ?? []}
            loading={tools.loading}
            loadError={tools.error}
            editable={editable}
            reload={() => {
              tools.reload();
              info.reload();
            }}
          />
        )}
        {tab === "auth" && meta && <AuthSection pluginId={pluginId} meta={meta} readOnly={!editable} onSaved={info.reload} />}
        {tab === "publish" && meta && <PublishSection pluginId={pluginId} onPublished={info.reload} />}
      </div>
    </section>
  );
}

function ToolsSection({
  pluginId,
  tools,
  loading,
  loadError,
  editable,
  reload,
}: {
  pluginId: string;
  tools: PluginTool[];
  loading: boolean;
  loadError: unknown;
  editable: boolean;
  reload: () => void;
}) {
  const { spaceId } = useSession();
  const [debugging, setDebugging] = useState<PluginTool | null>(null);
  const [editing, setEditing] = useState<PluginTool | "new" | null>(null);
  const [error, setError] = useState<unknown>(null);

  async function act(work: () => Promise<unknown>) {
    setError(null);
    try {
      await work();
      reload();
    } catch (err) {
      setError(err);
    }
  }

  return (
    <>
      {editable && (
        <div className="row-actions plugins-toolbar">
          <button type="button" className="btn" onClick={() => setEditing("new")}>
            New tool
          </button>
        </div>
      )}
      <ErrorBanner error={error ?? loadError} onRetry={loadError ? reload : undefined} />
      <div className="plugins-table-scroll">
        <table className="table">
          <caption className="visually-hidden">Tools</caption>
          <thead>
            <tr>
              <th scope="col">Tool</th>
              <th scope="col">Request</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {tools.map((tool) => (
              <tr key={tool.api_id}>
                <td>
                  <strong>{tool.name}</strong>
                  <div className="muted">{tool.desc}</div>
                </td>
                <td>
                  <code>
                    {METHODS[tool.method] ?? "?"} {tool.path}
                  </code>
                </td>
                <td>
                  {tool.disabled ? <span className="badge">off</span> : <span className="badge badge-ok">on</span>}{" "}
                  {tool.debug_status === 1 ? <span className="badge badge-ok">debugged</span> : <span className="badge">not debugged</span>}
                </td>
                <td className="row-actions">
                  <button type="button" className="btn btn-small" onClick={() => setDebugging(tool)} aria-label={`Debug ${tool.name}`}>
                    Debug
                  </button>
                  {editable && (
                    <>
                      <button type="button" className="btn btn-small" onClick={() => setEditing(tool)} aria-label={`Edit ${tool.name}`}>
                        Edit
                      </button>
                      <button
                        type="button"
                        className="btn btn-small"
                        onClick={() => act(() => updateTool(spaceId, pluginId, tool.api_id, { disabled: !tool.disabled }))}
                        aria-label={`${tool.disabled ? "Switch on" : "Switch off"} ${tool.name}`}
                      >
                        {tool.disabled ? "Switch on" : "Switch off"}
                      </button>
                      <button
                        type="button"
                        className="btn btn-small btn-danger"
                        aria-label={`Delete ${tool.name}`}
                        onClick={() => window.confirm(`Delete the tool "${tool.name}"?`) && act(() => deleteTool(spaceId, pluginId, tool.api_id))}
                      >
                        Delete
                      </button>
                    </>
                  )}
                </td>
              </tr>
            ))}
            {!loading && tools.length === 0 && (
              <tr>
                <td colSpan={4} className="muted">
                  No tools yet.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {debugging && (
        <Modal title={`Debug ${debugging.name}`} open onClose={() => setDebugging(null)} wide>
          <DebugPanel tool={debugging} onDebugged={reload} />
        </Modal>
      )}
      {editing && (
        <Modal title={editing === "new" ? "New tool" : `Edit ${editing.name}`} open onClose={() => setEditing(null)}>
          <ToolForm
            tool={editing === "new" ? undefined : editing}
            onCancel={() => setEditing(null)}
            onSubmit={async (fields) => {
              if (editing === "new") await createTool(spaceId, pluginId, fields);
              else await updateTool(spaceId, pluginId, editing.api_id, { ...fields });
              setEditing(null);
              reload();
            }}
          />
        </Modal>
      )}
    </>
  );
}

function PublishSection({ pluginId, onPublished }: { pluginId: string; onPublished: () => void }) {
  const { spaceId } = useSession();
  const [versionName, setVersionName] = useState("");
  const [versionDesc, setVersionDesc] = useState("");
  const [published, setPublished] = useState("");
  const [error, setError] = useState<unknown>(null);

  async function publish(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setPublished("");
    try {
      const answer = await publishPlugin(spaceId, pluginId, versionName.trim(), versionDesc.trim());
      setPublished(versionName.trim() || answer.version_ts);
      onPublished();
    } catch (err) {
      setError(err);
    }
  }

  return (
    <form className="card" onSubmit={publish} aria-label="Publish">
      <p className="muted">Published agents use the plugin's published version; every enabled tool must have been debugged.</p>
      <div className="field-row">
        <label className="field">
          <span>Version</span>
          <input value={versionName} onChange={(e) => setVersionName(e.target.value)} placeholder="v1.0.0" required />
        </label>
        <label className="field plugins-grow">
          <span>What changed</span>
          <input value={versionDesc} onChange={(e) => setVersionDesc(e.target.value)} />
        </label>
      </div>
      <ErrorBanner error={error} />
      {published && (
        <p role="status" className="plugins-ok">
          Published {published}.
        </p>
      )}
      <button type="submit" className="btn btn-primary">
        Publish
      </button>
    </form>
  );
}
