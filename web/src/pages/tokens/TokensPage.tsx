// Personal access tokens: list, create (the secret is shown once), rename, delete.
import { useState, type FormEvent } from "react";
import { ErrorBanner } from "../../ui/ErrorBanner";
import { formatTime } from "../../ui/format";
import { PageHeader } from "../../ui/PageHeader";
import { useAsync } from "../../ui/useAsync";
import { createToken, deleteToken, listTokens, renameToken } from "./api";

const DURATIONS = [
  ["30", "30 days"],
  ["90", "90 days"],
  ["365", "1 year"],
  ["permanent", "Never expires"],
] as const;

export function TokensPage() {
  const tokens = useAsync(() => listTokens(), []);
  const [name, setName] = useState("");
  const [duration, setDuration] = useState<string>("30");
  const [secret, setSecret] = useState("");
  const [error, setError] = useState<unknown>(null);

  async function create(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      const made = await createToken(name.trim(), duration);
      setSecret(made.token);
      setName("");
      tokens.reload();
    } catch (err) {
      setError(err);
    }
  }

  async function rename(id: string, current: string) {
    const next = window.prompt("New name", current);
    if (!next || next === current) return;
    try {
      await renameToken(id, next);
      tokens.reload();
    } catch (err) {
      setError(err);
    }
  }

  async function remove(id: string, tokenName: string) {
    if (!window.confirm(`Delete the token "${tokenName}"? Clients using it stop working.`)) return;
    try {
      await deleteToken(id);
      tokens.reload();
    } catch (err) {
      setError(err);
    }
  }

  return (
    <section>
      <PageHeader title="Access tokens" subtitle="Personal access tokens sign in the console, the SDKs and MCP clients." />
      <form className="card inline-form" onSubmit={create} aria-label="Create a token">
        <label className="field">
          <span>Name</span>
          <input value={name} onChange={(e) => setName(e.target.value)} required maxLength={100} />
        </label>
        <label className="field">
          <span>Expires</span>
          <select value={duration} onChange={(e) => setDuration(e.target.value)}>
            {DURATIONS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <button className="btn btn-primary" type="submit" disabled={!name.trim()}>
          Create token
        </button>
      </form>
      {secret && (
        <div className="banner banner-ok" role="status">
          <p>Copy the token now: it is not shown again.</p>
          <code className="secret" data-testid="new-token">
            {secret}
          </code>
          <button type="button" className="btn btn-small" onClick={() => navigator.clipboard?.writeText(secret)}>
            Copy
          </button>
          <button type="button" className="btn btn-small btn-ghost" onClick={() => setSecret("")}>
            Done
          </button>
        </div>
      )}
      <ErrorBanner error={error ?? tokens.error} onRetry={tokens.error ? tokens.reload : undefined} />
      <table className="table">
        <caption className="visually-hidden">Your tokens</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Created</th>
            <th scope="col">Last used</th>
            <th scope="col">Expires</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {(tokens.data ?? []).map((t) => (
            <tr key={t.id}>
              <td>{t.name}</td>
              <td>{formatTime(t.created_at)}</td>
              <td>{formatTime(t.last_used_at)}</td>
              <td>{formatTime(t.expire_at)}</td>
              <td className="row-actions">
                <button type="button" className="btn btn-small" onClick={() => rename(t.id, t.name)}>
                  Rename
                </button>
                <button type="button" className="btn btn-small btn-danger" onClick={() => remove(t.id, t.name)}>
                  Delete
                </button>
              </td>
            </tr>
          ))}
          {tokens.data?.length === 0 && (
            <tr>
              <td colSpan={5} className="muted">
                No tokens yet.
              </td>
            </tr>
          )}
        </tbody>
      </table>
      {tokens.loading && <p className="muted">Loading…</p>}
    </section>
  );
}
