// A plugin's auth settings (none, API key in a header or the query, OAuth 2 authorization code or
// client credentials) and, for authorization code, the signed-in user's authorization.
import { useEffect, useState, type FormEvent } from "react";
import { useSession } from "../../app/session";
import { ErrorBanner } from "../../ui/ErrorBanner";
import { useAsync } from "../../ui/useAsync";
import { getOAuthStatus, revokeAuth, updatePluginMeta, type PluginMeta } from "./api";
import { authFormFrom, authProblems, authUpdate, type AuthForm, type AuthMode } from "./authForm";

const MODES: [AuthMode, string][] = [
  ["none", "No authorization"],
  ["api_key", "Service token / API key"],
  ["oauth_code", "OAuth 2: authorization code (each user authorizes)"],
  ["client_credentials", "OAuth 2: client credentials"],
];

export function AuthSection({ pluginId, meta, readOnly, onSaved }: { pluginId: string; meta: PluginMeta; readOnly: boolean; onSaved: () => void }) {
  const { spaceId } = useSession();
  const [form, setForm] = useState<AuthForm>(() => authFormFrom(meta));
  const [problems, setProblems] = useState<Partial<Record<keyof AuthForm, string>>>({});
  const [error, setError] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);

  const set = (key: keyof AuthForm) => (value: string) => {
    setSaved(false);
    setForm((f) => ({ ...f, [key]: value }));
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    const found = authProblems(form);
    setProblems(found);
    if (Object.keys(found).length) return;
    setError(null);
    try {
      await updatePluginMeta(spaceId, pluginId, authUpdate(form));
      setSaved(true);
      onSaved();
    } catch (err) {
      setError(err);
    }
  }

  const input = (key: keyof AuthForm, label: string, type = "text", placeholder = "") => (
    <label className="field">
      <span>{label}</span>
      <input type={type} value={form[key]} placeholder={placeholder} onChange={(e) => set(key)(e.target.value)} disabled={readOnly} autoComplete="off" />
      {problems[key] && <span className="field-error">{problems[key]}</span>}
    </label>
  );

  const storedCode = meta.auth_type?.[0] === 3 && meta.sub_auth_type !== 10;

  return (
    <>
      <form className="card" onSubmit={save} aria-label="Authorization settings" noValidate>
        <fieldset disabled={readOnly} className="plugins-sources">
          <legend>How the plugin's server is called</legend>
          {MODES.map(([mode, label]) => (
            <label key={mode} className="plugins-radio">
              <input type="radio" name="auth-mode" value={mode} checked={form.mode === mode} onChange={() => set("mode")(mode)} />
              {label}
            </label>
          ))}
        </fieldset>
        {form.mode === "api_key" && (
          <div className="field-row">
            <label className="field">
              <span>Sent in</span>
              <select value={form.location} onChange={(e) => set("location")(e.target.value)} disabled={readOnly}>
                <option value="header">Header</option>
                <option value="query">Query parameter</option>
              </select>
            </label>
            {input("key", "Parameter name", "text", "X-Api-Key")}
            {input("serviceToken", "API key / token", "password")}
          </div>
        )}
        {(form.mode === "oauth_code" || form.mode === "client_credentials") && (
          <div className="field-row">
            {input("clientId", "Client ID")}
            {input("clientSecret", "Client secret", "password")}
            {form.mode === "oauth_code" && input("clientUrl", "Authorization URL", "url", "https://idp.example.com/authorize")}
            {input("tokenUrl", "Token URL", "url", "https://idp.example.com/token")}
            {input("scope", "Scope")}
            {form.mode === "oauth_code" && (
              <label className="field">
                <span>Token request body</span>
                <select value={form.contentType} onChange={(e) => set("contentType")(e.target.value)} disabled={readOnly}>
                  <option value="application/json">JSON</option>
                  <option value="application/x-www-form-urlencoded">Form (x-www-form-urlencoded)</option>
                </select>
              </label>
            )}
          </div>
        )}
        {form.mode !== "none" && <p className="muted">Stored secrets show as ******; leave them so to keep them.</p>}
        <ErrorBanner error={error} />
        {saved && (
          <p role="status" className="plugins-ok">
            Authorization settings saved.
          </p>
        )}
        {!readOnly && (
          <button type="submit" className="btn btn-primary">
            Save authorization
          </button>
        )}
      </form>
      {storedCode && <OAuthStatusCard pluginId={pluginId} />}
    </>
  );
}

function OAuthStatusCard({ pluginId }: { pluginId: string }) {
  const { spaceId } = useSession();
  const status = useAsync((signal) => getOAuthStatus(spaceId, pluginId, signal), [spaceId, pluginId]);
  const [error, setError] = useState<unknown>(null);
  const authorized = status.data?.status === 1;
  const reload = status.reload;
  // Authorizing happens in another tab: coming back to this one shows the new status.
  useEffect(() => {
    window.addEventListener("focus", reload);
    return () => window.removeEventListener("focus", reload);
  }, [reload]);

  async function revoke() {
    setError(null);
    try {
      await revokeAuth(spaceId, pluginId);
      status.reload();
    } catch (err) {
      setError(err);
    }
  }

  return (
    <section className="card" aria-label="Your authorization">
      <h3>Your authorization</h3>
      <ErrorBanner error={error ?? status.error} onRetry={status.error ? status.reload : undefined} />
      {status.data && (
        <p role="status">
          {authorized ? (
            <span className="badge badge-ok">authorized</span>
          ) : (
            <span className="badge badge-error">not authorized</span>
          )}
        </p>
      )}
      <div className="row-actions">
        {!authorized && status.data?.content && (
          <a className="btn btn-primary" href={status.data.content} target="_blank" rel="noopener noreferrer">
            Authorize
          </a>
        )}
        {authorized && (
          <button type="button" className="btn btn-danger" onClick={revoke}>
            Revoke
          </button>
        )}
        <button type="button" className="btn" onClick={status.reload}>
          Refresh status
        </button>
      </div>
    </section>
  );
}
