// The space's plugins and the built-in ones (read-only), and importing a new plugin.
import { useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { useSession } from "../../app/session";
import { ErrorBanner } from "../../ui/ErrorBanner";
import { formatTime } from "../../ui/format";
import { PageHeader } from "../../ui/PageHeader";
import { useAsync } from "../../ui/useAsync";
import { listPlugins, type PluginListEntry } from "./api";
import { ImportDialog } from "./ImportDialog";
import "./plugins.css";

export function PluginsPage() {
  const { spaceId } = useSession();
  const navigate = useNavigate();
  const plugins = useAsync((signal) => listPlugins(spaceId, signal), [spaceId]);
  const [importing, setImporting] = useState(false);
  const own = (plugins.data ?? []).filter((p) => !p.is_official);
  const builtin = (plugins.data ?? []).filter((p) => p.is_official);
  return (
    <section>
      <PageHeader
        title="Plugins"
        subtitle="Tools your agents and workflows call: HTTP APIs described by OpenAPI, MCP servers and Atelier's built-in tools."
        actions={
          <button type="button" className="btn btn-primary" onClick={() => setImporting(true)}>
            Import plugin
          </button>
        }
      />
      <ErrorBanner error={plugins.error} onRetry={plugins.reload} />
      {plugins.loading && <p className="muted">Loading…</p>}
      <h2>Your plugins</h2>
      <PluginTable plugins={own} caption="Plugins of this space" empty="No plugins yet: import one from an OpenAPI document, a URL, a cURL command or a Postman collection." />
      <h2>Built-in plugins</h2>
      <PluginTable plugins={builtin} caption="Built-in plugins" empty="No built-in plugins." />
      {importing && (
        <ImportDialog
          open={importing}
          onClose={() => setImporting(false)}
          onImported={(id) => {
            setImporting(false);
            navigate(`/plugins/${id}`);
          }}
        />
      )}
    </section>
  );
}

function PluginTable({ plugins, caption, empty }: { plugins: PluginListEntry[]; caption: string; empty: string }) {
  return (
    <div className="plugins-table-scroll">
      <table className="table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Description</th>
            <th scope="col">Kind</th>
            <th scope="col">Tools</th>
            <th scope="col">Version</th>
            <th scope="col">Updated</th>
          </tr>
        </thead>
        <tbody>
          {plugins.map((p) => (
            <tr key={p.id}>
              <td>
                <Link to={`/plugins/${p.id}`}>{p.name}</Link>
              </td>
              <td>{p.desc_for_human}</td>
              <td>
                <span className="badge">{p.kind}</span>
              </td>
              <td>{p.plugin_apis?.length ?? 0}</td>
              <td>{p.is_official ? "built in" : p.version_name || (p.published ? p.version_ts : "not published")}</td>
              <td>{formatTime(p.update_time, "–")}</td>
            </tr>
          ))}
          {plugins.length === 0 && (
            <tr>
              <td colSpan={6} className="muted">
                {empty}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
