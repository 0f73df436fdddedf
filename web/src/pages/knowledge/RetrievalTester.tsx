// Retrieval test: a query against this dataset with a strategy; ranked passages with their fused
// score and per-channel ranks, the rewritten query, table answers, and each channel's hits and time.
import { useState, type FormEvent } from "react";
import { useSession } from "../../app/session";
import { ErrorBanner } from "../../ui/ErrorBanner";
import { formatMs } from "../../ui/format";
import { retrieve, type Dataset, type RetrieveAnswer, type TableQueryResult } from "./api";
import { formatScore, SEARCH_STRATEGIES } from "./labels";
import { channelName, DEFAULT_RETRIEVAL_FORM, orderedStats, ranked, retrievalErrors, toStrategy, type RetrievalForm } from "./retrieval";

export function RetrievalTester({ dataset }: { dataset: Dataset }) {
  const { spaceId } = useSession();
  const [form, setForm] = useState<RetrievalForm>(DEFAULT_RETRIEVAL_FORM);
  const [answer, setAnswer] = useState<RetrieveAnswer | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [tried, setTried] = useState(false);
  const errors = retrievalErrors(form);
  const set = <K extends keyof RetrievalForm>(key: K, value: RetrievalForm[K]) => setForm({ ...form, [key]: value });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (Object.keys(errors).length) return;
    setError(null);
    setBusy(true);
    try {
      setAnswer(await retrieve(spaceId, [dataset.dataset_id], form.query.trim(), toStrategy(form)));
    } catch (err) {
      setError(err);
      setAnswer(null);
    } finally {
      setBusy(false);
    }
  }

  const shown = (key: keyof RetrievalForm) => (tried ? errors[key] : undefined);
  return (
    <div className="kn-retrieval">
      <form className="card kn-form" onSubmit={submit} aria-label="Retrieval test" noValidate>
        <label className="field">
          <span>Query</span>
          <textarea value={form.query} onChange={(e) => set("query", e.target.value)} rows={2} aria-invalid={Boolean(shown("query"))} />
          {shown("query") && <span className="field-error">{shown("query")}</span>}
        </label>
        <div className="field-row">
          <label className="field">
            <span>Strategy</span>
            <select value={form.searchType} onChange={(e) => set("searchType", Number(e.target.value))}>
              {SEARCH_STRATEGIES.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span>Top k</span>
            <input type="number" min={1} max={100} value={form.topK} onChange={(e) => set("topK", e.target.value)} aria-invalid={Boolean(shown("topK"))} />
            {shown("topK") && <span className="field-error">{shown("topK")}</span>}
          </label>
          <label className="field">
            <span>Min score</span>
            <input
              type="number"
              min={0}
              max={1}
              step={0.01}
              placeholder="default"
              value={form.minScore}
              onChange={(e) => set("minScore", e.target.value)}
              aria-invalid={Boolean(shown("minScore"))}
            />
            {shown("minScore") && <span className="field-error">{shown("minScore")}</span>}
          </label>
          <label className="kn-check">
            <input type="checkbox" checked={form.useRewrite} onChange={(e) => set("useRewrite", e.target.checked)} />
            Rewrite query
          </label>
          <label className="kn-check">
            <input type="checkbox" checked={form.useRerank} onChange={(e) => set("useRerank", e.target.checked)} />
            Rerank
          </label>
          <label className="kn-check" title="A second search with the query moved towards the first search's best passages">
            <input type="checkbox" checked={form.useFeedback} onChange={(e) => set("useFeedback", e.target.checked)} />
            Relevance feedback
          </label>
        </div>
        <div className="row-actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? "Searching…" : "Search"}
          </button>
        </div>
      </form>
      <ErrorBanner error={error} />
      {answer && <Results answer={answer} />}
    </div>
  );
}

function Results({ answer }: { answer: RetrieveAnswer }) {
  const slices = ranked(answer.slices);
  const stats = orderedStats(answer.channel_stats);
  return (
    <div className="kn-results">
      {answer.rewritten_query && (
        <p>
          Rewritten query: <q>{answer.rewritten_query}</q>
        </p>
      )}
      {stats.length > 0 && (
        <table className="table kn-stats" aria-label="Channels">
          <thead>
            <tr>
              <th scope="col">Channel</th>
              <th scope="col">Hits</th>
              <th scope="col">Time</th>
              <th scope="col">Problem</th>
            </tr>
          </thead>
          <tbody>
            {stats.map((s) => (
              <tr key={s.channel}>
                <td>{channelName(s.channel)}</td>
                <td>{s.hits}</td>
                <td>{formatMs(Number(s.took_ms))}</td>
                <td className={s.error ? "kn-error-text" : "muted"}>{s.error ?? "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {answer.table_results.map((t, i) => (
        <TableAnswer key={i} result={t} />
      ))}
      <h2>
        {slices.length} passage{slices.length === 1 ? "" : "s"}
      </h2>
      {slices.length === 0 && <p className="muted">Nothing scored above the minimum. Try another strategy or a lower min score.</p>}
      <ol className="kn-passages" aria-label="Passages">
        {slices.map((s, i) => (
          <li key={s.slice_id} className="card kn-passage">
            <div className="kn-slice-head">
              <strong>#{i + 1}</strong>
              <span className="kn-score" aria-label={`Score ${formatScore(s.score)}`}>
                score {formatScore(s.score)}
              </span>
              <span className="muted">
                {s.document_url ? (
                  <a href={s.document_url} target="_blank" rel="noreferrer">
                    {s.document_name}
                  </a>
                ) : (
                  s.document_name
                )}
              </span>
              {s.ranks.map((r) => (
                <span key={r.channel} className="badge" title={`${channelName(r.channel)}: rank ${r.rank}, score ${formatScore(r.score)}`}>
                  {channelName(r.channel)} #{r.rank} ({formatScore(r.score)})
                </span>
              ))}
            </div>
            {s.image_url && <img src={s.image_url} alt="" className="kn-photo-img" />}
            <p className="kn-chunk-text">{s.content}</p>
          </li>
        ))}
      </ol>
    </div>
  );
}

function TableAnswer({ result }: { result: TableQueryResult }) {
  const rows = result.rows.map((r) => (Array.isArray(r) ? r : (r.values ?? [])));
  return (
    <section className="card" aria-label={`Table answer from ${result.dataset_name}`}>
      <h3>Table query on {result.dataset_name}</h3>
      {result.sql && <pre>{result.sql}</pre>}
      {result.error ? (
        <p className="kn-error-text">{result.error}</p>
      ) : (
        <div className="kn-table-wrap">
          <table className="table">
            <thead>
              <tr>
                {result.columns.map((c) => (
                  <th key={c} scope="col">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => (
                <tr key={i}>
                  {row.map((cell, j) => (
                    <td key={j}>{cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
