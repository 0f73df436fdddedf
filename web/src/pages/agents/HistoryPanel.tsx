// Versions: the published versions, the difference between one and the saved draft, and revert.
import { useState } from "react";
import { ErrorBanner } from "../../ui/ErrorBanner";
import { formatTime } from "../../ui/format";
import { useAsync } from "../../ui/useAsync";
import { getAgent, listHistory, revertAgent, type BotInfo } from "./api";
import { diffBotInfo } from "./diff";

export function HistoryPanel({
  spaceId,
  botId,
  draft,
  generation,
  canRevert,
  onReverted,
}: {
  spaceId: string;
  botId: string;
  /** The saved draft the versions are compared with. */
  draft: BotInfo;
  /** Changes when a publish adds a version. */
  generation: number;
  /** False while the form has unsaved edits (a revert would throw them away). */
  canRevert: boolean;
  onReverted: (version: string) => void;
}) {
  const history = useAsync((signal) => listHistory(spaceId, botId, signal), [spaceId, botId, generation]);
  const [selected, setSelected] = useState("");
  const version = useAsync(
    (signal) => (selected ? getAgent(spaceId, botId, selected, signal).then((d) => d.bot_info) : Promise.resolve(null)),
    [spaceId, botId, selected],
  );
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const changes = version.data ? diffBotInfo(version.data, draft) : [];

  async function revert() {
    if (!window.confirm(`Replace the draft with version ${selected}? The draft's changes since then are lost.`)) return;
    setBusy(true);
    setError(null);
    try {
      await revertAgent(spaceId, botId, selected);
      onReverted(selected);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="agent-history">
      <ErrorBanner error={history.error} onRetry={history.reload} />
      <table className="table">
        <caption className="visually-hidden">Published versions</caption>
        <thead>
          <tr>
            <th scope="col">Version</th>
            <th scope="col">Published</th>
            <th scope="col">Note</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {(history.data ?? []).map((h) => (
            <tr key={h.version} aria-selected={h.version === selected} className={h.version === selected ? "row-selected" : undefined}>
              <td>
                <code>{h.version}</code>
              </td>
              <td>{formatTime(h.create_time)}</td>
              <td>{h.info}</td>
              <td className="row-actions">
                <button type="button" className="btn btn-small" aria-label={`Compare version ${h.version} with the draft`} onClick={() => setSelected(h.version)}>
                  Compare
                </button>
              </td>
            </tr>
          ))}
          {history.data?.length === 0 && (
            <tr>
              <td colSpan={4} className="muted">
                Not published yet: publish the draft to make its first version.
              </td>
            </tr>
          )}
        </tbody>
      </table>
      {history.loading && <p className="muted">Loading…</p>}
      {selected && (
        <section className="card" aria-label={`Version ${selected} compared with the draft`}>
          <header className="page-header">
            <h3>
              Version <code>{selected}</code> → draft
            </h3>
            <div className="page-actions">
              <button type="button" className="btn btn-danger" onClick={revert} disabled={busy || !canRevert} title={canRevert ? undefined : "Save or discard your edits first"}>
                Revert draft to {selected}
              </button>
            </div>
          </header>
          <ErrorBanner error={version.error ?? error} />
          {version.loading && <p className="muted">Loading the version…</p>}
          {version.data && changes.length === 0 && <p role="status">The draft is the same as this version.</p>}
          {changes.length > 0 && (
            <table className="table agent-diff">
              <caption className="visually-hidden">Changes from version {selected} to the draft</caption>
              <thead>
                <tr>
                  <th scope="col">Field</th>
                  <th scope="col">In version {selected}</th>
                  <th scope="col">In the draft</th>
                </tr>
              </thead>
              <tbody>
                {changes.map((c) => (
                  <tr key={c.path} data-kind={c.kind} data-path={c.path}>
                    <th scope="row">{c.label}</th>
                    <td className="diff-before">
                      <pre>{c.before || "—"}</pre>
                    </td>
                    <td className="diff-after">
                      <pre>{c.after || "—"}</pre>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      )}
    </div>
  );
}
