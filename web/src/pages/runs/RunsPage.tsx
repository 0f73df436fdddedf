// Chat runs and workflow runs of the space, newest first, filtered by agent or workflow, status,
// time, user and conversation; the filters live in the URL; "Load more" follows the cursor.
import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { useSession } from "../../app/session";
import { ErrorBanner } from "../../ui/ErrorBanner";
import { formatMs, formatTime } from "../../ui/format";
import { PageHeader } from "../../ui/PageHeader";
import { useAsync } from "../../ui/useAsync";
import { listAgents, listChatRuns, listWorkflowRuns, listWorkflows, type ChatRun, type Page, type WorkflowRun } from "./api";
import {
  CHAT_STATUSES,
  WORKFLOW_STATUSES,
  filterProblem,
  filtersFromSearch,
  filtersToSearch,
  listRequest,
  statusTone,
  type RunFilters,
  type RunKind,
} from "./filters";
import "./runs.css";

export function StatusBadge({ status }: { status: string }) {
  return <span className={`badge badge-${statusTone(status)}`}>{status.replace("_", " ")}</span>;
}

export function RunsPage() {
  const { spaceId } = useSession();
  const [search, setSearch] = useSearchParams();
  const applied = filtersFromSearch(search);
  const [draft, setDraft] = useState<RunFilters>(applied);
  const [problem, setProblem] = useState("");
  const searchText = search.toString();
  useEffect(() => setDraft(filtersFromSearch(new URLSearchParams(searchText))), [searchText]);

  const subjects = useAsync(
    (signal) => (applied.kind === "chat" ? listAgents(spaceId, signal) : listWorkflows(spaceId, signal)),
    [spaceId, applied.kind],
  );

  function apply(next: RunFilters) {
    const why = filterProblem(next);
    setProblem(why);
    if (!why) setSearch(filtersToSearch(next));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    apply(draft);
  }

  function switchKind(kind: RunKind) {
    apply({ ...draft, kind, subject: "", status: "", user: "", conversation: "" });
  }

  const set = (key: keyof RunFilters) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const chat = applied.kind === "chat";

  return (
    <section>
      <PageHeader title="Runs" subtitle="Every chat run and workflow run of this space, with its full record." />
      <div className="tabs" role="tablist" aria-label="Kind of run">
        {(["chat", "workflow"] as const).map((kind) => (
          <button
            key={kind}
            type="button"
            role="tab"
            id={`runs-tab-${kind}`}
            aria-controls="runs-panel"
            aria-selected={applied.kind === kind}
            onClick={() => switchKind(kind)}
          >
            {kind === "chat" ? "Chat runs" : "Workflow runs"}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="runs-panel" aria-labelledby={`runs-tab-${applied.kind}`}>
      <form className="card inline-form runs-filters" onSubmit={submit} aria-label="Filter runs">
        <label className="field">
          <span>{chat ? "Agent" : "Workflow"}</span>
          <select value={draft.subject} onChange={(e) => set("subject")(e.target.value)}>
            <option value="">{chat ? "All agents" : "All workflows"}</option>
            {(subjects.data ?? []).map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Status</span>
          <select value={draft.status} onChange={(e) => set("status")(e.target.value)}>
            <option value="">Any status</option>
            {chat
              ? CHAT_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {s.replace("_", " ")}
                  </option>
                ))
              : Object.entries(WORKFLOW_STATUSES).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
          </select>
        </label>
        <label className="field">
          <span>Time</span>
          <select value={draft.range} onChange={(e) => set("range")(e.target.value)}>
            <option value="">Any time</option>
            <option value="1h">Last hour</option>
            <option value="24h">Last 24 hours</option>
            <option value="7d">Last 7 days</option>
            <option value="custom">Between…</option>
          </select>
        </label>
        {draft.range === "custom" && (
          <>
            <label className="field">
              <span>From</span>
              <input type="datetime-local" value={draft.from} onChange={(e) => set("from")(e.target.value)} />
            </label>
            <label className="field">
              <span>To</span>
              <input type="datetime-local" value={draft.to} onChange={(e) => set("to")(e.target.value)} />
            </label>
          </>
        )}
        <label className="field">
          <span>{chat ? "User" : "Started by (user id)"}</span>
          <input value={draft.user} onChange={(e) => set("user")(e.target.value)} placeholder={chat ? "end user id" : "user id"} />
        </label>
        {chat && (
          <label className="field">
            <span>Conversation</span>
            <input value={draft.conversation} onChange={(e) => set("conversation")(e.target.value)} placeholder="conversation id" />
          </label>
        )}
        <button type="submit" className="btn btn-primary">
          Apply
        </button>
      </form>
      {problem && (
        <div className="banner banner-error" role="alert">
          {problem}
        </div>
      )}
      <ErrorBanner error={subjects.error} />
      {chat ? <ChatRunList filters={applied} spaceId={spaceId} /> : <WorkflowRunList filters={applied} spaceId={spaceId} />}
      </div>
    </section>
  );
}

/** Pages of a list route: the first page for the filters, more on demand. */
function usePaged<T>(load: (cursor: string, signal?: AbortSignal) => Promise<Page<T>>, key: string) {
  const first = useAsync((signal) => load("", signal), [key]);
  const [more, setMore] = useState<T[]>([]);
  const [cursor, setCursor] = useState("");
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    setMore([]);
    setCursor(first.data?.has_more ? (first.data.next_cursor ?? "") : "");
  }, [first.data]);
  async function loadMore() {
    try {
      const page = await load(cursor);
      setMore((m) => [...m, ...page.data]);
      setCursor(page.has_more ? (page.next_cursor ?? "") : "");
    } catch (err) {
      setError(err);
    }
  }
  return { rows: [...(first.data?.data ?? []), ...more], loading: first.loading, error: error ?? first.error, cursor, loadMore, reload: first.reload };
}

type RunListRequest = ReturnType<typeof listRequest>;

/** A table of runs for the applied filters: the first page, then "Load more" along the cursor. */
function RunTable<T>({ filters, spaceId, list, caption, columns, empty, rowKey, row }: {
  filters: RunFilters;
  spaceId: string;
  list: (request: RunListRequest, signal?: AbortSignal) => Promise<Page<T>>;
  caption: string;
  columns: string[];
  empty: string;
  rowKey: (run: T) => string;
  row: (run: T) => ReactNode;
}) {
  const key = `${spaceId}?${filtersToSearch(filters).toString()}`;
  // "The last hour" counts from when these filters were applied.
  const now = useMemo(() => Date.now(), [key]);
  const runs = usePaged<T>((cursor, signal) => list(listRequest(filters, spaceId, now, cursor), signal), key);
  return (
    <>
      <ErrorBanner error={runs.error} onRetry={runs.reload} />
      <div className="runs-table-scroll">
        <table className="table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((name) => (
                <th key={name} scope="col">
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {runs.rows.map((run) => (
              <tr key={rowKey(run)}>{row(run)}</tr>
            ))}
            {!runs.loading && runs.rows.length === 0 && (
              <tr>
                <td colSpan={columns.length} className="muted">
                  {empty}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {runs.loading && <p className="muted">Loading…</p>}
      {runs.cursor && (
        <button type="button" className="btn" onClick={runs.loadMore}>
          Load more
        </button>
      )}
    </>
  );
}

function ChatRunList({ filters, spaceId }: { filters: RunFilters; spaceId: string }) {
  return (
    <RunTable<ChatRun>
      filters={filters}
      spaceId={spaceId}
      list={listChatRuns}
      caption="Chat runs"
      columns={["Run", "Question", "Status", "User", "Started", "Latency", "Tokens"]}
      empty="No chat runs match."
      rowKey={(run) => run.id}
      row={(run) => (
        <>
          <td>
            <Link to={`chat/${run.id}`} aria-label={`Chat run ${run.id}`}>
              {run.id}
            </Link>
            {run.draft_mode && <span className="badge">draft</span>}
          </td>
          <td className="runs-query">{run.query}</td>
          <td>
            <StatusBadge status={run.status} />
          </td>
          <td>{run.user_id}</td>
          <td>{formatTime(run.created_at)}</td>
          <td>{run.latency_ms ? formatMs(run.latency_ms) : "–"}</td>
          <td>{run.usage?.token_count ?? 0}</td>
        </>
      )}
    />
  );
}

function WorkflowRunList({ filters, spaceId }: { filters: RunFilters; spaceId: string }) {
  return (
    <RunTable<WorkflowRun>
      filters={filters}
      spaceId={spaceId}
      list={listWorkflowRuns}
      caption="Workflow runs"
      columns={["Run", "Workflow", "Status", "Started", "Latency", "Tokens", "Error"]}
      empty="No workflow runs match."
      rowKey={(run) => run.execute_id}
      row={(run) => (
        <>
          <td>
            <Link to={`workflow/${run.workflow_id}/${run.execute_id}`} aria-label={`Workflow run ${run.execute_id}`}>
              {run.execute_id}
            </Link>
          </td>
          <td>
            {run.workflow_name}
            {!run.version && <span className="badge">draft</span>}
          </td>
          <td>
            <StatusBadge status={WORKFLOW_STATUSES[run.status] ?? String(run.status)} />
          </td>
          <td>{formatTime(run.created_at)}</td>
          <td>{run.latency_ms ? formatMs(run.latency_ms) : "–"}</td>
          <td>{(run.input_tokens ?? 0) + (run.output_tokens ?? 0)}</td>
          <td className="runs-error">{run.error_msg}</td>
        </>
      )}
    />
  );
}
