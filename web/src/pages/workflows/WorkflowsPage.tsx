// The space's workflows: search, create (then open the editor), copy, delete.
import { useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router-dom";
import { useSession } from "../../app/session";
import { ErrorBanner } from "../../ui/ErrorBanner";
import { formatTime } from "../../ui/format";
import { PageHeader } from "../../ui/PageHeader";
import { useAsync } from "../../ui/useAsync";
import { copyWorkflow, createWorkflow, deleteWorkflow, listWorkflows } from "./api";

const PAGE_SIZE = 50;

export function WorkflowsPage() {
  const { spaceId } = useSession();
  const navigate = useNavigate();
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const list = useAsync(() => listWorkflows(spaceId, search, page, PAGE_SIZE), [spaceId, search, page]);
  const [name, setName] = useState("");
  const [desc, setDesc] = useState("");
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  async function create(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const id = await createWorkflow(spaceId, name.trim(), desc.trim());
      navigate(`/workflows/${id}`);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  }

  async function copy(id: string) {
    setError(null);
    try {
      await copyWorkflow(spaceId, id);
      list.reload();
    } catch (err) {
      setError(err);
    }
  }

  async function remove(id: string, workflowName: string) {
    if (!window.confirm(`Delete the workflow "${workflowName}"? Its draft and versions are removed.`)) return;
    setError(null);
    try {
      await deleteWorkflow(spaceId, id);
      list.reload();
    } catch (err) {
      setError(err);
    }
  }

  const rows = list.data?.workflow_list ?? [];
  return (
    <section>
      <PageHeader title="Workflows" subtitle="Canvases of nodes: build, test run and publish them." />
      <form className="card inline-form" onSubmit={create} aria-label="Create a workflow">
        <label className="field">
          <span>Name</span>
          <input value={name} onChange={(e) => setName(e.target.value)} required maxLength={64}
            aria-describedby="workflow-name-hint" />
          <small id="workflow-name-hint" className="muted">A letter, then letters, digits and underscores</small>
        </label>
        <label className="field">
          <span>Description</span>
          <input value={desc} onChange={(e) => setDesc(e.target.value)} maxLength={600} />
        </label>
        <button className="btn btn-primary" type="submit" disabled={!name.trim() || busy}>
          Create workflow
        </button>
      </form>
      <ErrorBanner error={error ?? list.error} onRetry={list.error ? list.reload : undefined} />
      <div className="inline-form">
        <label className="field">
          <span>Search</span>
          <input type="search" value={search} onChange={(e) => { setSearch(e.target.value); setPage(1); }} aria-label="Search workflows" />
        </label>
      </div>
      <table className="table">
        <caption className="visually-hidden">Workflows of the space</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Description</th>
            <th scope="col">Version</th>
            <th scope="col">Updated</th>
            <th scope="col"><span className="visually-hidden">Actions</span></th>
          </tr>
        </thead>
        <tbody>
          {rows.map((w) => (
            <tr key={w.workflow_id}>
              <td><Link to={`/workflows/${w.workflow_id}`}>{w.name}</Link></td>
              <td className="muted">{w.desc}</td>
              <td>{w.version || <span className="muted">draft</span>}</td>
              <td>{formatTime(w.update_time)}</td>
              <td className="row-actions">
                <button type="button" className="btn btn-small" onClick={() => copy(w.workflow_id)} aria-label={`Copy ${w.name}`}>
                  Copy
                </button>
                <button type="button" className="btn btn-small btn-danger" onClick={() => remove(w.workflow_id, w.name)} aria-label={`Delete ${w.name}`}>
                  Delete
                </button>
              </td>
            </tr>
          ))}
          {!list.loading && rows.length === 0 && (
            <tr><td colSpan={5} className="muted">No workflows yet.</td></tr>
          )}
        </tbody>
      </table>
      <div className="row-actions">
        <button type="button" className="btn btn-small" disabled={page <= 1} onClick={() => setPage(page - 1)}>Previous page</button>
        <button type="button" className="btn btn-small" disabled={!list.data?.has_more} onClick={() => setPage(page + 1)}>Next page</button>
      </div>
      {list.loading && <p className="muted">Loading…</p>}
    </section>
  );
}
