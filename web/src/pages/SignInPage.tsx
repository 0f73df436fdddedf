// Sign-in with a personal access token (`make dev` prints the admin's; the token page makes more).
import { useState, type FormEvent } from "react";
import { describeError } from "../api/client";
import { useSessionState } from "../app/session";

export function SignInPage() {
  const { signIn } = useSessionState();
  const [token, setTokenText] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError("");
    try {
      await signIn(token.trim());
    } catch (err) {
      setError(describeError(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="signin">
      <form className="card signin-card" onSubmit={submit} aria-labelledby="signin-title">
        <div className="brand">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <h1 id="signin-title">Sign in to Atelier</h1>
        </div>
        <p className="muted">
          Paste a personal access token. <code>make dev</code> writes the admin's to <code>.run/admin_token</code>.
        </p>
        <label className="field">
          <span>Personal access token</span>
          <input
            type="password"
            autoComplete="off"
            value={token}
            onChange={(e) => setTokenText(e.target.value)}
            placeholder="pat_…"
            required
            autoFocus
          />
        </label>
        {error && (
          <p className="banner banner-error" role="alert">
            {error}
          </p>
        )}
        <button className="btn btn-primary" type="submit" disabled={busy || !token.trim()}>
          {busy ? "Signing in…" : "Sign in"}
        </button>
      </form>
    </main>
  );
}
