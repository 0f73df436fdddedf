// The space's agents: create (name, description), open, duplicate, delete.
import { useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router-dom";
import { useSession } from "../../app/session";
import { ErrorBanner } from "../../ui/ErrorBanner";
import { formatTime } from "../../ui/format";
import { PageHeader } from "../../ui/PageHeader";
import { useAsync } from "../../ui/useAsync";
import { createAgent, deleteAgent, duplicateAgent, listAgents } from "./api";
import "./agents.css";

export function AgentsListPage() {
  const { spaceId, space } = useSession();
  const navigate = useNavigate();
  const agents = useAsync((signal) => listAgents(spaceId, signal), [spaceId]);
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  async function create(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const id = await createAgent(spaceId, name.trim(), description.trim());
      navigate(`/agents/${id}`);
    } catch (err) {
      setError(err);
      setBusy(false);
    }
  }

  async function duplicate(id: string) {
    setError(null);
    try {
      await duplicateAgent(spaceId, id);
      agents.reload();
    } catch (err) {
      setError(err);
    }
  }

  async function remove(id: string, agentName: string) {
    if (!window.confirm(`Delete the agent "${agentName}"? Its versions go too, and chats with it stop working.`)) return;
    setError(null);
    try {
      await deleteAgent(spaceId, id);
      agents.reload();
    } catch (err) {
      setError(err);
    }
  }

  return (
    <section>
      <PageHeader title="Agents" subtitle={`The agents of ${space.name}: a persona, a model, knowledge and tools.`} />
      <form className="card inline-form" onSubmit={create} aria-label="Create an agent">
        <label className="field">
          <span>Name</span>
          <input value={name} onChange={(e) => setName(e.target.value)} required maxLength={100} />
        </label>
        <label className="field grow">
          <span>Description</span>
          <input value={description} onChange={(e) => setDescription(e.target.value)} maxLength={2000} />
        </label>
        <button className="btn btn-primary" type="submit" disabled={!name.trim() || busy}>
          Create agent
        </button>
      </form>
      <ErrorBanner error={error ?? agents.error} onRetry={agents.error ? agents.reload : undefined} />
      <table className="table">
        <caption className="visually-hidden">Agents</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Description</th>
            <th scope="col">Status</th>
            <th scope="col">Updated</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {(agents.data ?? []).map((a) => (
            <tr key={a.id}>
              <td>
                <Link to={`/agents/${a.id}`}>{a.name}</Link>
              </td>
              <td className="muted">{a.description}</td>
              <td>{a.is_published ? <span className="badge badge-ok">Published</span> : <span className="badge">Draft</span>}</td>
              <td>{formatTime(a.updated_at)}</td>
              <td className="row-actions">
                <button type="button" className="btn btn-small" aria-label={`Duplicate ${a.name}`} onClick={() => duplicate(a.id)}>
                  Duplicate
                </button>
                <button type="button" className="btn btn-small btn-danger" aria-label={`Delete ${a.name}`} onClick={() => remove(a.id, a.name)}>
                  Delete
                </button>
              </td>
            </tr>
          ))}
          {agents.data?.length === 0 && (
            <tr>
              <td colSpan={5} className="muted">
                No agents yet: create one above.
              </td>
            </tr>
          )}
        </tbody>
      </table>
      {agents.loading && <p className="muted">Loading…</p>}
    </section>
  );
}
